#!/usr/bin/env python3
"""pack.py PROBE_DIR OUT_DIR [VALIDATION_DIR] — copies a compact subset of a probe recording (lab/mma/probe.cu)
into the test data folder: the first tests of every mma.sync form (all twelve input modes are
represented), the first wmma tests, every wmma.load/store layout recording, matrix.bin."""
import os, shutil, sys

src, dst = sys.argv[1], sys.argv[2]
src2 = sys.argv[3] if len(sys.argv) > 3 else None  # the second recording, which has the wx_* files
os.makedirs(dst, exist_ok=True)
FLOAT_T, INT_T, WMMA_T = 12, 8, 8
idx_out = []
for line in open(os.path.join(src, "index.txt")):
    p = line.split()
    if p[0] == "device":
        idx_out.append(line.rstrip("\n"))
    elif p[0] == "mma":
        name = p[1]
        na, nb, nc, nd, T = int(p[9]), int(p[10]), int(p[11]), int(p[12]), int(p[15])
        keep = INT_T if p[5] in ("s8", "u8", "s4", "u4", "b1") else FLOAT_T
        data = open(os.path.join(src, "mma_%s.bin" % name), "rb").read()
        nin = (na + nb + nc) * 128
        ins, outs = data[:T * nin], data[T * nin:]
        open(os.path.join(dst, "mma_%s.bin" % name), "wb").write(ins[:keep * nin] + outs[:keep * nd * 128])
        p[15] = str(keep)
        idx_out.append(" ".join(p))
    elif p[0] == "wmma":
        name, T = p[1], int(p[7])
        inb, outb = int(p[8].split("=")[1]), int(p[9].split("=")[1])
        data = open(os.path.join(src, "wm_%s.bin" % name), "rb").read()
        per_in, per_out = inb // T, outb // T
        open(os.path.join(dst, "wm_%s.bin" % name), "wb").write(data[:WMMA_T * per_in] + data[inb:inb + WMMA_T * per_out])
        p[7], p[8], p[9] = str(WMMA_T), "in_bytes=%d" % (WMMA_T * per_in), "out_bytes=%d" % (WMMA_T * per_out)
        idx_out.append(" ".join(p))
    elif p[0] in ("wload", "wstore"):
        idx_out.append(line.rstrip("\n"))
for f in os.listdir(src2) if src2 else []:
    if f.startswith("wx_"):  # 8 tests of 3072 bytes (logical A, B, C; then D)
        data = open(os.path.join(src2, f), "rb").read()
        T = len(data) // 3072
        open(os.path.join(dst, f), "wb").write(data[:8 * 2048] + data[T * 2048:T * 2048 + 8 * 1024])
for f in os.listdir(src):
    if f.startswith(("wl_", "ws_")) or f == "matrix.bin":
        shutil.copy(os.path.join(src, f), os.path.join(dst, f))
open(os.path.join(dst, "index.txt"), "w").write("\n".join(idx_out) + "\n")
