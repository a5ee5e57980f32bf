#!/usr/bin/env python3
"""gen_cube.py — the cubemap manifest case (case.json, cube.ptx) from the H200's recording
lab/textures/cube_probe.h200.txt: the texels as cube_probe.cu made them (face*1000 + y*8 + x, an
8 x 8 f32 cubemap), 3072 of the directions it sampled on that cubemap (every tie and texel-edge
one of the first recording and every 8 x 8 one of the second, cube_probe2.h200.txt, then random
ones), and the values the H200 read there as the expected output. Run from this
folder (or give lab/textures' path as the argument); writes *.bin in the current folder."""
import os, struct, sys

lab = sys.argv[1] if len(sys.argv) > 1 else '../../../../lab/textures'
rec = os.path.join(lab, 'cube_probe.h200.txt')
rec2 = os.path.join(lab, 'cube_probe2.h200.txt')  # its 8 x 8 cubemap: the same texels
N = 3072
rows = [w for w in (l.split() for l in open(rec)) if w[0] == 'cube' and w[1] == 'W=8']
rows2 = [w for w in (l.split() for l in open(rec2)) if w[0] == 'cube2' and w[1] == 'W=8']
picked = rows[2048:] + rows2  # the 2048 random ones come first in the first recording
picked += rows[:N - len(picked)]
dirs = [tuple(int(b, 16) for b in w[2:5]) for w in picked]
vals = [float(w[7]) for w in picked]
with open('texels.in.bin', 'wb') as f:
    for face in range(6):
        for y in range(8):
            for x in range(8):
                f.write(struct.pack('<f', face * 1000 + y * 8 + x))
with open('dirs.in.bin', 'wb') as f:
    for d in dirs:
        f.write(struct.pack('<4I', d[0], d[1], d[2], 0))
with open('out.expected.bin', 'wb') as f:
    for v in vals:
        f.write(struct.pack('<f', v))
