#!/usr/bin/env python3
"""gen_src.py — writes corpus/src/hopper_gemm.cu and corpus/src/hopper_attention.cu: the
warpgroup-MMA operand lists (64 and 32 accumulator registers) are spelled out here so that the
CUDA sources stay readable (templates lab/hopper/*.cu.in). Run from the repository root."""
import sys

def regs(n, first=0):
    return ", ".join("%%%d" % (first + i) for i in range(n))

def plus_f(name, n):
    return ", ".join('"+f"(%s[%d])' % (name, i) for i in range(n))

# m64n128k16 bf16, both operands from shared-memory descriptors; operands: 64 accumulators,
# descA (%64), descB (%65), scale-d (%66)
WGMMA_GEMM = ('asm volatile("{\\n.reg .pred p;\\nsetp.ne.b32 p, %%66, 0;\\n"\n'
              '             "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%s}, %%64, %%65, p, 1, 1, 0, 0;\\n}\\n"\n'
              '             : %s\n'
              '             : "l"(da), "l"(db), "r"(scale_d) : "memory");') % (regs(64), plus_f("acc", 64))
# m64n64k16: S = Q K^T from descriptors (K-major both); operands 32 acc, %32 descA, %33 descB, %34 scale-d
WGMMA_QK = ('asm volatile("{\\n.reg .pred p;\\nsetp.ne.b32 p, %%34, 0;\\n"\n'
            '             "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%s}, %%32, %%33, p, 1, 1, 0, 0;\\n}\\n"\n'
            '             : %s\n'
            '             : "l"(da), "l"(db), "r"(scale_d) : "memory");') % (regs(32), plus_f("sc", 32))
# O += P V: A (P) from 4 registers %32..%35, B (V, MN-major: transposed) descriptor %36
WGMMA_PV = ('asm volatile("wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%s}, {%%32, %%33, %%34, %%35}, %%36, 1, 1, 1, 1;\\n"\n'
            '             : %s\n'
            '             : "r"(pa[0]), "r"(pa[1]), "r"(pa[2]), "r"(pa[3]), "l"(db) : "memory");') % (regs(32), plus_f("o", 32))

for name in ("hopper_gemm", "hopper_attention", "hopper_attention_replay"):
    text = open("lab/hopper/%s.cu.in" % name).read()
    text = text.replace("@WGMMA_GEMM@", WGMMA_GEMM).replace("@WGMMA_QK@", WGMMA_QK).replace("@WGMMA_PV@", WGMMA_PV)
    open("corpus/src/%s.cu" % name, "w").write(text)
