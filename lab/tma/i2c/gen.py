#!/usr/bin/env python3
"""gen.py — inputs and launch list of the H200 probe lab/tma/i2c/tma_probe.cu: im2col loads
(3D, 4D, 5D), cp.reduce.async.bulk and cp.reduce.async.bulk.tensor. Writes DIR (default
corpus/tma_i2c) and DIR/launches.txt, one launch per line:
  NAME KERNEL GRID BLOCK ARG...   (run.c's argument syntax; FILE names relative to DIR, the
                                   output files NAME.*.gpu.bin)
Deterministic (seed 20261129). Run from the repository root."""
import os, random, struct, sys

random.seed(20261129)
DIR = sys.argv[1] if len(sys.argv) > 1 else "corpus/tma_i2c"
os.makedirs(DIR, exist_ok=True)
launches = []

def wfile(name, data):
    open(os.path.join(DIR, name), "wb").write(data)

def tensor_f32(n):
    # element i holds i + 1 (exact in f32): the shared bytes say which element landed where
    return b"".join(struct.pack("<f", float(i + 1)) for i in range(n))

# ---- im2col: (name, kernel, dims, lower, upper, cpp, ppc, estrides, swizzle, fill, tests)
# tests: (c, w, h, d, n, offsets (w, h, d))
I2C = [
    ("i2c3a", "i2c3", [16, 10, 3], [-2], [-1], 8, 32, [1, 1, 1], "none", "none",
     [(0, -2, 0, 0, 0, (0, 0, 0)), (8, 5, 0, 0, 1, (2, 0, 0)), (0, -2, 0, 0, 2, (3, 0, 0)),
      (0, 8, 0, 0, 0, (0, 0, 0)), (4, 0, 0, 0, 1, (1, 0, 0))]),
    ("i2c3s", "i2c3", [16, 10, 3], [-2], [-1], 8, 16, [1, 2, 1], "none", "none",
     [(0, -2, 0, 0, 0, (0, 0, 0)), (0, -1, 0, 0, 0, (1, 0, 0)), (4, 3, 0, 0, 1, (2, 0, 0))]),
    ("i2c4a", "i2c4", [8, 5, 4, 2], [-1, 0], [0, -1], 8, 32, [1, 1, 1, 1], "none", "none",
     [(0, -1, 0, 0, 0, (0, 0, 0)), (0, 2, 1, 0, 0, (1, 2, 0)), (4, 0, 2, 0, 1, (2, 1, 0)),
      (0, -1, 0, 0, 1, (3, 3, 0))]),
    ("i2c4w", "i2c4", [32, 4, 3, 2], [-1, -1], [-1, -1], 32, 16, [1, 1, 1, 1], "128B", "nan",
     [(0, -1, -1, 0, 0, (0, 0, 0)), (0, 1, 0, 0, 1, (1, 1, 0))]),
    ("i2c4s", "i2c4", [8, 6, 5, 2], [-1, -1], [0, 0], 8, 24, [1, 2, 2, 1], "none", "none",
     [(0, -1, -1, 0, 0, (0, 0, 0)), (0, 1, 1, 0, 0, (1, 2, 0))]),
    ("i2c5a", "i2c5", [4, 3, 3, 2, 2], [-1, 0, -1], [0, -1, 0], 4, 64, [1, 1, 1, 1, 1], "none", "none",
     [(0, -1, 0, -1, 0, (0, 0, 0)), (0, 1, 1, 0, 0, (1, 0, 1)), (0, -1, 0, -1, 1, (2, 1, 1))]),
]
for (name, kern, dims, lo, hi, cpp, ppc, es, swz, fill, tests) in I2C:
    n = 1
    for d in dims: n *= d
    wfile(f"{name}.tensor.in.bin", tensor_f32(n))
    strides, s = [], 4
    for d in dims[:-1]:
        s *= d
        strides.append(s)
    tab = b""
    for (c, w, h, d, nn, (ow, oh, od)) in tests:
        tab += struct.pack("<8i", c, w, h, d, nn, (ow & 0xffff) | (oh & 0xffff) << 16, od & 0xffff, cpp * ppc * 4)
    wfile(f"{name}.tests.in.bin", tab)
    L = lambda v: ",".join(str(x) for x in v)
    launches.append(f"{name} {kern} {len(tests)} 128 ~in:{name}.tensor.in.bin "
                    f"i2c:0:f32:{L(dims)}:{L(strides)}:{L(lo)}:{L(hi)}:{cpp}:{ppc}:{L(es)}:{swz}:{fill} "
                    f"in:{name}.tests.in.bin out:{len(tests) * 16384}:{name}.out.gpu.bin")

# ---- adversarial element values
F32S = [0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x7f800000,
        0xff800000, 0x7fc00000, 0x7fa00001, 0xffc12345, 0x3f800000, 0x33800000, 0x34000000, 0xbf800000]
F16S = [0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7d01, 0xfe37,
        0x3c00, 0x1400, 0x1000, 0xbc00]
BF16S = [0x0000, 0x8000, 0x0001, 0x807f, 0x0080, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0x7f81, 0xffc3,
         0x3f80, 0x3380, 0x3400, 0xbf80]
F64S = [0, 1 << 63, 1, (1 << 63) | 0xfffffffffffff, 0x0010000000000000, 0x7fefffffffffffff, 0x7ff0000000000000,
        0xfff0000000000000, 0x7ff8000000000000, 0x7ff0000000000001, 0x3ff0000000000000, 0x3ca0000000000000,
        0xbff0000000000000]

def fvals(kind, n):
    out = []
    for _ in range(n):
        r = random.random()
        if kind == "f32":
            if r < 0.35: v = random.choice(F32S)
            elif r < 0.55: v = random.getrandbits(32)
            elif r < 0.7: v = random.getrandbits(23) | random.getrandbits(1) << 31  # subnormal
            else: v = struct.unpack("<I", struct.pack("<f", random.choice([-1, 1]) * random.uniform(1, 2) * 2.0 ** random.randint(-3, 3)))[0]
            out.append(struct.pack("<I", v))
        elif kind == "f64":
            if r < 0.35: v = random.choice(F64S)
            elif r < 0.55: v = random.getrandbits(64)
            elif r < 0.7: v = random.getrandbits(52) | random.getrandbits(1) << 63
            else: v = struct.unpack("<Q", struct.pack("<d", random.choice([-1, 1]) * random.uniform(1, 2) * 2.0 ** random.randint(-3, 3)))[0]
            out.append(struct.pack("<Q", v))
        elif kind in ("f16", "bf16"):
            sp = F16S if kind == "f16" else BF16S
            if r < 0.35: v = random.choice(sp)
            elif r < 0.55: v = random.getrandbits(16)
            elif r < 0.7: v = random.getrandbits(10 if kind == "f16" else 7) | random.getrandbits(1) << 15
            else:
                x = random.choice([-1, 1]) * random.uniform(1, 2) * 2.0 ** random.randint(-3, 3)
                v = struct.unpack("<H", struct.pack("<e", x))[0] if kind == "f16" else struct.unpack("<I", struct.pack("<f", x))[0] >> 16
            out.append(struct.pack("<H", v))
        elif kind in ("u32", "s32"):
            v = random.choice([0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe, random.randint(0, 20)]) if r < 0.5 else random.getrandbits(32)
            out.append(struct.pack("<I", v))
        else:
            v = random.choice([0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1, random.randint(0, 20)]) if r < 0.5 else random.getrandbits(64)
            out.append(struct.pack("<Q", v))
    return b"".join(out)

# ---- cp.reduce.async.bulk: CTA b runs variant b on 256 bytes
RED = ["f32", "f64", "f16", "bf16", "f16", "f16", "bf16", "bf16", "u32", "u32", "s32", "u32", "u64", "s64",
       "u64", "u64", "s32", "u32", "u32", "s64"]
size = {"f32": 4, "f64": 8, "f16": 2, "bf16": 2, "u32": 4, "s32": 4, "u64": 8, "s64": 8}
src, dst = b"", b""
for k in RED:
    src += fvals(k, 256 // size[k])
    dst += fvals(k, 256 // size[k])
wfile("red.src.in.bin", src)
wfile("red.dst.in.bin", dst)
launches.append(f"red red {len(RED)} 32 in:red.src.in.bin io:red.dst.in.bin:red.dst.gpu.bin")

# ---- cp.reduce.async.bulk.tensor (tile, 2D): (type, op) per launch; the map's box reaches past
# the tensor's right and bottom edges
OPS = ["add", "min", "max", "inc", "dec", "and", "or", "xor"]
TRED = [("f32", "add"), ("f32", "min"), ("f32", "max"), ("f16", "add"), ("f16", "min"), ("f16", "max"),
        ("bf16", "add"), ("bf16", "min"), ("bf16", "max"), ("u32", "inc"), ("u32", "dec"), ("u32", "xor"),
        ("s32", "min"), ("s32", "max"), ("u64", "add"), ("s64", "max"), ("f64", "add"), ("s32", "add")]
for (ty, op) in TRED:
    es = size[ty]
    W = 48 // es * 1       # 48-byte rows
    H = 8
    boxw = 32 // es
    x = W - boxw // 2 // (16 // es) * (16 // es) if False else (W - boxw // 2)
    x -= x % (16 // es)
    y = 5
    name = f"tred_{ty}_{op}"
    wfile(f"{name}.dst.in.bin", fvals(ty, W * H))
    wfile(f"{name}.src.in.bin", fvals(ty, 1024 // es))
    launches.append(f"{name} tred 1 32 ~io:{name}.dst.in.bin:{name}.dst.gpu.bin "
                    f"tmap:0:{ty}:{W},{H}:48:{boxw},4:none:none in:{name}.src.in.bin i32:{OPS.index(op)} i32:{x} i32:{y}")

# ---- second recording (same day): red2 = red's inputs with crafted f64 and f32 pairs (NaN
# destinations, two NaNs, inf - inf, signed zeros, overflow, ties); i2cN: an im2col map with an
# element stride of 2 along N. (Also measured then, without a manifest: im2col starts outside
# the pixel bounding box, w = 9 and w = -3 of a [-2, 8] box, raise an illegal-instruction error;
# cuTensorMapEncodeIm2col refuses 2 channels per pixel of f32, 8 bytes.)
src2, dst2 = bytearray(src), bytearray(dst)
P64 = [(0x7ff8000000000001, 0x3ff0000000000000), (0x7ff0000000000002, 0x3ff0000000000000),
       (0xfff8000000000003, 0x7ff8000000000004), (0x7ff0000000000005, 0x7ff8000000000006),
       (0x7ff8000000000007, 0x7ff0000000000008), (0x7ff0000000000000, 0xfff0000000000000),
       (0xfff0000000000000, 0x7ff0000000000000), (0x7ff0000000000000, 0x7ff0000000000000),
       (0x0000000000000001, 0x8000000000000001), (0x8000000000000000, 0x8000000000000000),
       (0x0000000000000000, 0x8000000000000000), (0x7fefffffffffffff, 0x7fefffffffffffff),
       (0x000fffffffffffff, 0x0000000000000001), (0x3ff0000000000000, 0x3ca0000000000000),
       (0x3ff0000000000001, 0x3ca0000000000000), (0xfff8000000000009, 0x0000000000000000)]
for i in range(32):
    a, b = P64[i % len(P64)]
    struct.pack_into("<Q", dst2, 256 + 8 * i, a)
    struct.pack_into("<Q", src2, 256 + 8 * i, b)
P32 = [(0x7fc00001, 0x3f800000), (0x7f800002, 0x3f800000), (0x3f800000, 0x7fa00003), (0x7f800000, 0xff800000),
       (0x00000001, 0x80000001), (0x80000000, 0x80000000), (0x7f7fffff, 0x7f7fffff), (0x3f800000, 0x33800000)]
for i in range(64):
    a, b = P32[i % len(P32)]
    struct.pack_into("<I", dst2, 4 * i, a)
    struct.pack_into("<I", src2, 4 * i, b)
wfile("red2.src.in.bin", bytes(src2))
wfile("red2.dst.in.bin", bytes(dst2))
launches.append(f"red2 red {len(RED)} 32 in:red2.src.in.bin io:red2.dst.in.bin:red2.dst.gpu.bin")
wfile("i2cx.tensor.in.bin", tensor_f32(16 * 10 * 4))
wfile("i2cN.tests.in.bin", b"".join(struct.pack("<8i", c, w, 0, 0, nn, ow, 0, 8 * 32 * 4) for (c, w, nn, ow) in [(0, -2, 0, 0), (0, 3, 1, 1)]))
launches.append("i2cN i2c3 2 128 ~in:i2cx.tensor.in.bin i2c:0:f32:16,10,4:64,640:-2:-1:8:32:1,1,2:none:none "
                "in:i2cN.tests.in.bin out:32768:i2cN.out.gpu.bin")

open(os.path.join(DIR, "launches.txt"), "w").write("\n".join(launches) + "\n")
print(f"{len(launches)} launches")
