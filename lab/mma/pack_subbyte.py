#!/usr/bin/env python3
"""pack_subbyte.py RECORDING DEST [TESTS] — keeps the first TESTS (default 16) tests of every form
of a probe_subbyte.c recording (wsub_index.txt + wsub_<form>.bin) and writes them to DEST in the
same format (tests/data/mma/ holds the result; the full recording validates with MMA_DATA_DIR)."""
import os
import re
import sys

IN_BYTES, OUT_BYTES = 1024, 1280


def main():
    src, dst = sys.argv[1], sys.argv[2]
    keep = int(sys.argv[3]) if len(sys.argv) > 3 else 16
    lines = []
    for line in open(os.path.join(src, "wsub_index.txt")):
        m = re.match(r'wsub (\S+) (\d+) (.*)$', line)
        if not m:
            lines.append(re.sub(r" tests \d+", " tests %d" % keep, line))
            continue
        name, total = m.group(1), int(m.group(2))
        data = open(os.path.join(src, "wsub_%s.bin" % name), "rb").read()
        assert len(data) == total * (IN_BYTES + OUT_BYTES), name
        n = min(keep, total)
        out = data[: n * IN_BYTES] + data[total * IN_BYTES: total * IN_BYTES + n * OUT_BYTES]
        open(os.path.join(dst, "wsub_%s.bin" % name), "wb").write(out)
        lines.append("wsub %s %d %s\n" % (name, n, m.group(3)))
    open(os.path.join(dst, "wsub_index.txt"), "w").writelines(lines)


if __name__ == "__main__":
    main()
