#!/usr/bin/env python3
"""pack_mma2.py RECORDING DEST [TESTS] — copies the first TESTS (default 13: one per input mode)
tests of every form of a probe_mma2.c recording into DEST (tests/data/mma), in probe.cu's mma
format, and puts the forms' lines into DEST/index.txt (replacing lines of the same forms)."""
import os
import sys


def main():
    src, dst = sys.argv[1], sys.argv[2]
    keep = int(sys.argv[3]) if len(sys.argv) > 3 else 13
    new, names = [], set()
    for line in open(os.path.join(src, "index.txt")):
        p = line.split()
        if p[0] != "mma":
            continue
        name = p[1]
        na, nb, nc, nd, total = int(p[9]), int(p[10]), int(p[11]), int(p[12]), int(p[15])
        data = open(os.path.join(src, "mma_%s.bin" % name), "rb").read()
        nin = (na + nb + nc) * 128
        assert len(data) == total * (nin + nd * 128), name
        n = min(keep, total)
        ins, outs = data[:total * nin], data[total * nin:]
        open(os.path.join(dst, "mma_%s.bin" % name), "wb").write(ins[:n * nin] + outs[:n * nd * 128])
        p[15] = str(n)
        new.append(" ".join(p))
        names.add(name)
    path = os.path.join(dst, "index.txt")
    old = [l.rstrip("\n") for l in open(path)]
    old = [l for l in old if not (l.startswith("mma ") and l.split()[1] in names)]
    open(path, "w").write("\n".join(old + new) + "\n")


if __name__ == "__main__":
    main()
