#!/usr/bin/env python3
"""gen.py — inputs (fixed seed) and manifests of corpus/hopper_gemm and corpus/hopper_attention,
and run.c's command lines for recording them (lab/hopper/README.md). Run from the repository root
after compiling the PTX. Inputs are bf16 values of uniform(-1, 1) samples (rounded to nearest
even), so products and sums carry full mantissas and the accumulation order matters."""
import json, random, struct

rng = random.Random(20261129)

def bf16_bits(x):
    b = struct.unpack("<I", struct.pack("<f", x))[0]
    return (b + 0x7fff + ((b >> 16) & 1)) >> 16

def bf16_file(path, n):
    vals = [bf16_bits(rng.uniform(-1.0, 1.0)) for _ in range(n)]
    open(path, "wb").write(struct.pack("<%dH" % n, *vals))

def tmap(buf, dims, box):
    return {"tensormap": {"buffer": buf, "type": "bf16", "dims": dims, "strides": [dims[0] * 2],
                          "box": box, "swizzle": "128B"}}

def write(case_dir, manifest, name="case.json"):
    json.dump(manifest, open(case_dir + "/" + name, "w"), indent=2)
    open(case_dir + "/" + name, "a").write("\n")

# GEMM: A [256][512], B [256][512] bf16 (K-major), C [256][256] f32
d = "corpus/hopper_gemm"
bf16_file(d + "/A.in.bin", 256 * 512)
bf16_file(d + "/B.in.bin", 256 * 512)
write(d, {"ptx": "hopper_gemm.sm_90a.ptx", "kernel": "hopper_gemm", "grid": [2, 2, 1], "block": [384, 1, 1],
          "cluster": [2, 1, 1], "shared_bytes": 4 * 32768 + 1024,
          "buffers": [{"name": "A", "type": "bf16", "count": 256 * 512, "init": {"file": "A.in.bin"}},
                      {"name": "B", "type": "bf16", "count": 256 * 512, "init": {"file": "B.in.bin"}},
                      {"name": "C", "type": "f32", "count": 256 * 256, "init": {"fill": 0}}],
          "params": [tmap("A", [512, 256], [64, 64]), tmap("B", [512, 256], [64, 128]), {"buffer": "C"}],
          "expect": {"C": {"file": "C.gpu.bin"}}})

# attention: Q, K, V [256][64] bf16, O [256][64] f32
d = "corpus/hopper_attention"
for t in "QKV":
    bf16_file("%s/%s.in.bin" % (d, t), 256 * 64)
# ex2.approx is modelled at ~98 % bit-exact (docs/numerics.md 7.1); the dump kernel's recording
# shows every ex2 input equal to the H200's and 1 233 of 66 560 results 1 ulp apart, which moves
# 662 of the 16 384 outputs by 1 to 76 ulps (docs/hopper.md): the comparison of O carries that
# declared tolerance, and tests/data/hopper/replay.json checks the rest bit for bit.
WHY = ("ex2.approx.ftz.f32 results differ from the H200's by 1 ulp in 1233 of 66560 calls (all inputs equal); "
       "662 of 16384 outputs differ by 1..76 ulps; docs/hopper.md")
bufs = [{"name": t, "type": "bf16", "count": 256 * 64, "init": {"file": t + ".in.bin"}} for t in "QKV"] + \
       [{"name": "O", "type": "f32", "count": 256 * 64, "init": {"fill": 0}}]
maps = [tmap("Q", [64, 256], [64, 64]), tmap("K", [64, 256], [64, 64]), tmap("V", [64, 256], [64, 64]), {"buffer": "O"}]
write(d, {"ptx": "hopper_attention.sm_90a.ptx", "kernel": "hopper_attention", "grid": [4, 1, 1], "block": [256, 1, 1],
          "buffers": bufs, "params": maps,
          "expect": {"O": {"file": "O.gpu.bin", "tolerance": {"ulp": 80}, "reason": WHY}}})
write(d, {"ptx": "hopper_attention_dump.sm_90a.ptx", "kernel": "hopper_attention_dump", "grid": [4, 1, 1],
          "block": [256, 1, 1],
          "buffers": bufs + [{"name": "ex2", "type": "f32", "count": 2 * (65536 + 1024), "init": {"fill": 0}}],
          "params": maps + [{"buffer": "ex2"}],
          "expect": {"O": {"file": "O.dump.gpu.bin", "tolerance": {"ulp": 80}, "reason": WHY},
                     "ex2": {"file": "ex2.dump.gpu.bin", "tolerance": {"ulp": 1}, "reason": WHY}}},
      "case.dump.json")
