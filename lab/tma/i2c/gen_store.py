#!/usr/bin/env python3
"""gen_store.py — inputs and launch list of the H200 probe lab/tma/i2c/tma_store.cu: im2col
stores (.im2col_no_offs) and im2col tensor reductions (3D, 4D, 5D), plus f64 .min/.max tiled
tensor reductions (tma_probe.cu's tred). Writes DIR (default lab/tma/i2c/store; tma_probe.sm_90a.ptx
is copied there from corpus/tma_i2c on the GPU machine) and DIR/launches_store.txt (run.c's
arguments; a line's first word is the PTX file, the second the launch's name).
Round 1 (ST1 and the f64 reductions) ran on the H200 on 2026-11-29 (driver 580.159.04, CUDA 13.0,
.stage/i2cstore/dev.sh, one process per line): every launch raised an illegal-instruction error.
Each ST1 launch's first operation starts at a negative W (in the padding of the pixel bounding
box), which faults for tiled stores too, so round 1 does not say whether im2col stores work
at all; the f64 .min/.max launches use the coordinates at which tred_f64_add works, so f64
.min/.max tensor reductions are refused by the H200 (like f32). Round 2 (ST2: starts inside
the tensor) faulted too (round2.txt). Round 3 (ST3: lower corners 0, walks inside
the tensor; round3.sh). Deterministic (seed 20261130). Run from the repository root."""
import os, random, struct, sys

random.seed(20261130)
DIR = sys.argv[1] if len(sys.argv) > 1 else "lab/tma/i2c/store"
os.makedirs(DIR, exist_ok=True)
launches = []

def wfile(name, data):
    open(os.path.join(DIR, name), "wb").write(data)

def tensor(ty, n, base):
    # element i holds base + i (exact): the bytes say which element went where
    return b"".join(struct.pack("<f" if ty == "f32" else "<i", (float if ty == "f32" else int)(base + i)) for i in range(n))

def mixed_s32(n):
    return b"".join(struct.pack("<i", random.randint(-1000, 1000)) for _ in range(n))

# (name, kernel, type, dims, lower, upper, cpp, ppc, estrides, tests (c, w, h, d, n, smem offset, op))
ST1 = [
    ("st3a", "i2cst3", "f32", [16, 10, 3], [-2], [-1], 8, 32, [1, 1, 1],
     [(0, -2, 0, 0, 0, 0, 0), (8, 5, 0, 0, 1, 1024, 0), (4, 0, 0, 0, 2, 2048, 0)]),
    ("ad3a", "i2cst3", "f32", [16, 10, 3], [-2], [-1], 8, 32, [1, 1, 1],
     [(0, -2, 0, 0, 0, 0, 1), (8, 5, 0, 0, 1, 1024, 1)]),
    ("mn3s", "i2cst3", "s32", [16, 10, 3], [-2], [-1], 8, 32, [1, 1, 1],
     [(0, -2, 0, 0, 0, 0, 2), (8, 5, 0, 0, 1, 1024, 3)]),
    ("mn3f", "i2cst3", "f32", [16, 10, 3], [-2], [-1], 8, 32, [1, 1, 1],
     [(0, -2, 0, 0, 0, 0, 2)]),
    ("st4a", "i2cst4", "f32", [8, 5, 4, 2], [-1, 0], [0, -1], 8, 32, [1, 1, 1, 1],
     [(0, -1, 0, 0, 0, 0, 0), (0, 2, 1, 0, 1, 1024, 0)]),
    ("st4s", "i2cst4", "f32", [8, 6, 5, 2], [-1, -1], [0, 0], 8, 24, [1, 2, 2, 1],
     [(0, -1, -1, 0, 0, 0, 0), (0, 1, 1, 0, 1, 1024, 1)]),
    ("st5a", "i2cst5", "f32", [4, 3, 3, 2, 2], [-1, 0, -1], [0, -1, 0], 4, 64, [1, 1, 1, 1, 1],
     [(0, -1, 0, -1, 0, 0, 0), (0, 1, 1, 0, 1, 1024, 1)]),
]
# round 2: every operation starts inside the tensor (W, H, D >= 0)
ST2 = [
    ("st3b", "i2cst3", "f32", [16, 10, 3], [-2], [-1], 8, 32, [1, 1, 1],
     [(0, 0, 0, 0, 0, 0, 0), (8, 5, 0, 0, 1, 1024, 0), (4, 8, 0, 0, 2, 2048, 0)]),
    ("ad3b", "i2cst3", "f32", [16, 10, 3], [-2], [-1], 8, 32, [1, 1, 1],
     [(0, 0, 0, 0, 0, 0, 1), (8, 5, 0, 0, 1, 1024, 1)]),
    ("mn3t", "i2cst3", "s32", [16, 10, 3], [-2], [-1], 8, 32, [1, 1, 1],
     [(0, 1, 0, 0, 0, 0, 2), (8, 5, 0, 0, 1, 1024, 3)]),
    ("st4b", "i2cst4", "f32", [8, 5, 4, 2], [-1, 0], [0, -1], 8, 32, [1, 1, 1, 1],
     [(0, 0, 0, 0, 0, 0, 0), (0, 2, 1, 0, 1, 1024, 0)]),
    ("st4t", "i2cst4", "f32", [8, 6, 5, 2], [-1, -1], [0, 0], 8, 24, [1, 2, 2, 1],
     [(0, 0, 0, 0, 0, 0, 0), (0, 1, 1, 0, 1, 1024, 1)]),
    ("st5b", "i2cst5", "f32", [4, 3, 3, 2, 2], [-1, 0, -1], [0, -1, 0], 4, 64, [1, 1, 1, 1, 1],
     [(0, 0, 0, 0, 0, 0, 0), (0, 1, 1, 0, 1, 1024, 1)]),
]
L = lambda v: ",".join(str(x) for x in v)
def st_launches(ST):
    for (name, kern, ty, dims, lo, hi, cpp, ppc, es, tests) in ST:
      n = 1
      for d in dims: n *= d
      wfile(f"{name}.T.in.bin", tensor(ty, n, 1) if ty == "f32" else mixed_s32(n))
      wfile(f"{name}.src.in.bin", tensor(ty, 4096, 100001) if ty == "f32" else mixed_s32(4096))
      strides, s = [], 4
      for d in dims[:-1]:
          s *= d
          strides.append(s)
      tab = b"".join(struct.pack("<8i", c, w, h, d, nn, off, op, 0) for (c, w, h, d, nn, off, op) in tests)
      wfile(f"{name}.tests.in.bin", tab)
      launches.append(f"tma_store.sm_90a.ptx {name} {kern} 1 128 ~io:{name}.T.in.bin:{name}.T.gpu.bin "
                      f"i2c:0:{ty}:{L(dims)}:{L(strides)}:{L(lo)}:{L(hi)}:{cpp}:{ppc}:{L(es)}:none:none "
                      f"in:{name}.src.in.bin in:{name}.tests.in.bin i32:{len(tests)}")

st_launches(ST1)

# f64 .min/.max tiled tensor reductions (tma_probe.cu's tred, op 1 and 2)
F64S = [0, 1 << 63, 1, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0x7ff0000000000001,
        0x3ff0000000000000, 0xbff0000000000000, 0x000fffffffffffff]
def f64vals(n):
    return b"".join(struct.pack("<Q", random.choice(F64S) if random.random() < 0.4 else
                                struct.unpack("<Q", struct.pack("<d", random.uniform(-4, 4)))[0]) for _ in range(n))
for op, opn in ((1, "min"), (2, "max")):
    name = f"tred_f64_{opn}"
    wfile(f"{name}.dst.in.bin", f64vals(6 * 8))
    wfile(f"{name}.src.in.bin", f64vals(128))
    launches.append(f"tma_probe.sm_90a.ptx {name} tred 1 32 ~io:{name}.dst.in.bin:{name}.dst.gpu.bin "
                    f"tmap:0:f64:6,8:48:4,4:none:none in:{name}.src.in.bin i32:{op} i32:4 i32:5")

st_launches(ST2)
# round 3: lower corners all 0 and every pixel walk inside the tensor and the bounding box (no
# padding pixel touched), plus a tiled f32 .add reduction (tred op 0) as the positive control
ST3 = [
    ("s3i", "i2cst3", "f32", [16, 10, 3], [0], [0], 8, 8, [1, 1, 1],
     [(0, 0, 0, 0, 0, 0, 0), (8, 2, 0, 0, 1, 1024, 0)]),
    ("s3x", "i2cst3", "f32", [16, 10, 3], [0], [0], 8, 16, [1, 1, 1],
     [(0, 0, 0, 0, 0, 0, 0), (8, 2, 0, 0, 1, 1024, 0)]),
    ("a3i", "i2cst3", "f32", [16, 10, 3], [0], [0], 8, 8, [1, 1, 1],
     [(0, 0, 0, 0, 0, 0, 1), (8, 2, 0, 0, 1, 1024, 1)]),
    ("s3u", "i2cst3", "f32", [16, 10, 3], [0], [-2], 8, 8, [1, 1, 1],
     [(0, 0, 0, 0, 2, 0, 0)]),
    ("s4i", "i2cst4", "f32", [8, 5, 4, 2], [0, 0], [0, 0], 8, 8, [1, 1, 1, 1],
     [(0, 0, 0, 0, 0, 0, 0), (0, 1, 2, 0, 1, 1024, 0)]),
]
st_launches(ST3)
wfile("tred_f32_add3.dst.in.bin", tensor("f32", 64, 1))
wfile("tred_f32_add3.src.in.bin", tensor("f32", 256, 1001))
launches.append("tma_probe.sm_90a.ptx tred_f32_add3 tred 1 32 ~io:tred_f32_add3.dst.in.bin:tred_f32_add3.dst.gpu.bin "
                "tmap:0:f32:8,8:32:4,4:none:none in:tred_f32_add3.src.in.bin i32:0 i32:4 i32:4")
open(os.path.join(DIR, "launches_store.txt"), "w").write("\n".join(launches) + "\n")
print(f"{len(launches)} launches")
