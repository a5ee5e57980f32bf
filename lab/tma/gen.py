#!/usr/bin/env python3
"""gen.py — writes the inputs of corpus/tma_tile (seeded, so they can be regenerated) and prints
the run.c command that records it. Usage: gen.py CORPUS_DIR"""
import random, struct, sys

d = sys.argv[1] if len(sys.argv) > 1 else "corpus/tma_tile"
rng = random.Random(2026_11_29)

def words(n, fmt, hi):
    return struct.pack("<%d%s" % (n, fmt), *[rng.randrange(hi) for _ in range(n)])

# A: u32 40x24 in rows of 48 (pitch 192 bytes), below 2^30 so that read as f32 no value is a NaN
open(f"{d}/A.in.bin", "wb").write(words(1152, "I", 1 << 30))
open(f"{d}/B.in.bin", "wb").write(words(960, "H", 1 << 16))   # u16 16x10x6, dense
open(f"{d}/C.in.bin", "wb").write(words(1152, "I", 1 << 32))
open(f"{d}/D.in.bin", "wb").write(words(1152, "I", 1 << 32))
open(f"{d}/F.in.bin", "wb").write(words(960, "H", 1 << 16))

A2 = "40,24:192:32,8"
B3 = "16,10,6:32,320"
print("run tma_tile.sm_90a.ptx tma_tile 1 128 out:4096:raw.gpu.bin ~in:A.in.bin ~in:B.in.bin "
      "~io:C.in.bin:C.gpu.bin ~io:D.in.bin:D.gpu.bin ~io:F.in.bin:F.gpu.bin "
      f"tmap:1:u32:{A2}:none:none tmap:1:u32:{A2}:128B:none tmap:2:u16:{B3}:16,4,2:32B:none "
      f"tmap:1:f32:{A2}:none:nan tmap:3:u32:{A2}:none:none tmap:3:u32:{A2}:128B:none "
      f"tmap:4:u32:{A2}:none:none tmap:5:u16:{B3}:16,4,2:32B:none")
