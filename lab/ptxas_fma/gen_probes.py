#!/usr/bin/env python3
"""gen_probes.py — writes probes.ptx and probes.txt for the ptxas contraction study (README.md).

Every probe kernel NAME(.param .u64 in, .param .u64 out) reads four values a, b, c, d of one type
per thread (a 16-byte row for f32, 32 bytes for f64, four f16x2 words for f16/f16x2) and writes
two values o1, o2 (8 bytes for f32, 16 for f64, two words for f16x2). The body between the loads
and the stores is the pattern under study; probes.txt lists "NAME TYPE" per kernel, TYPE being
f32, f64 or h (packed halves). Registers: a b c d = %f1..%f4 (or %fd1..4, %h1..4 as b32),
outputs %f10 %f11."""
import os
import sys

F32 = {
    # name: body (a=%f1 b=%f2 c=%f3 d=%f4 -> o1=%f10 o2=%f11); o2 defaults to a copy of d
    "mul_add": "mul.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;",
    "add_mul": "mul.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f3, %f5;",
    "mul_sub": "mul.f32 %f5, %f1, %f2;\nsub.f32 %f10, %f5, %f3;",
    "sub_mul": "mul.f32 %f5, %f1, %f2;\nsub.f32 %f10, %f3, %f5;",
    "mul_add_stored": "mul.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;\nmov.f32 %f11, %f5;",
    "mul_two_adds": "mul.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f5, %f4;",
    "mul_add_setp": "mul.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;\nsetp.gt.f32 %p1, %f5, %f4;\n"
                    "selp.f32 %f11, %f1, %f2, %p1;",
    "mulrn_add": "mul.rn.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;",
    "mul_addrn": "mul.f32 %f5, %f1, %f2;\nadd.rn.f32 %f10, %f5, %f3;",
    "mulrz_add": "mul.rz.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;",
    "mul_addrz": "mul.f32 %f5, %f1, %f2;\nadd.rz.f32 %f10, %f5, %f3;",
    "mul_addrm": "mul.f32 %f5, %f1, %f2;\nadd.rm.f32 %f10, %f5, %f3;",
    "mul_subrp": "mul.f32 %f5, %f1, %f2;\nsub.rp.f32 %f10, %f3, %f5;",
    "mulrn_addrn": "mul.rn.f32 %f5, %f1, %f2;\nadd.rn.f32 %f10, %f5, %f3;",
    "ftz_ftz": "mul.ftz.f32 %f5, %f1, %f2;\nadd.ftz.f32 %f10, %f5, %f3;",
    "ftz_mul_only": "mul.ftz.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;",
    "ftz_add_only": "mul.f32 %f5, %f1, %f2;\nadd.ftz.f32 %f10, %f5, %f3;",
    "two_muls": "mul.f32 %f5, %f1, %f2;\nmul.f32 %f6, %f3, %f4;\nadd.f32 %f10, %f5, %f6;",
    "two_muls_rev": "mul.f32 %f5, %f1, %f2;\nmul.f32 %f6, %f3, %f4;\nadd.f32 %f10, %f6, %f5;",
    "two_muls_late": "mul.f32 %f6, %f3, %f4;\nmul.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f6;",
    "two_muls_sub": "mul.f32 %f5, %f1, %f2;\nmul.f32 %f6, %f3, %f4;\nsub.f32 %f10, %f5, %f6;",
    "square_add": "mul.f32 %f5, %f1, %f1;\nadd.f32 %f10, %f5, %f5;",
    "branch": "mul.f32 %f5, %f1, %f2;\nsetp.ne.u32 %p1, %r3, 999;\n@%p1 bra L1;\n"
              "mov.f32 %f5, %f4;\nL1:\nadd.f32 %f10, %f5, %f3;",
    "branch_join": "mul.f32 %f5, %f1, %f2;\nsetp.gt.f32 %p1, %f4, 0f00000000;\n@%p1 bra L1;\n"
                   "add.f32 %f11, %f4, %f4;\nbra L2;\nL1:\nadd.f32 %f11, %f4, %f3;\nL2:\n"
                   "add.f32 %f10, %f5, %f3;",
    "intervening": "mul.f32 %f5, %f1, %f2;\nmul.lo.s32 %r10, %r4, 7;\nxor.b32 %r11, %r10, %r3;\n"
                   "cvt.rn.f32.s32 %f7, %r11;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f7, %f4;",
    "pred_add": "mul.f32 %f5, %f1, %f2;\nsetp.gt.f32 %p1, %f4, 0f00000000;\nmov.f32 %f10, %f4;\n"
                "@%p1 add.f32 %f10, %f5, %f3;",
    "mul_imm": "mul.f32 %f5, %f1, 0f3FC00001;\nadd.f32 %f10, %f5, %f3;",
    "add_imm": "mul.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, 0f3F800001;",
    "neg_mul": "mul.f32 %f5, %f1, %f2;\nneg.f32 %f6, %f5;\nadd.f32 %f10, %f6, %f3;",
    "mov_copy": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f5;\nadd.f32 %f10, %f6, %f3;",
    "add_sat": "mul.f32 %f5, %f1, %f2;\nadd.sat.f32 %f10, %f5, %f3;",
    "mul_sat": "mul.sat.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;",
    "chain": "mul.f32 %f5, %f1, %f2;\nadd.f32 %f6, %f5, %f3;\nmul.f32 %f7, %f6, %f4;\n"
             "add.f32 %f10, %f7, %f1;",
    "div_add": "div.full.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;",
    "div_add_stored": "div.full.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;\nmov.f32 %f11, %f5;",
    "div_sub": "div.full.f32 %f5, %f1, %f2;\nsub.f32 %f10, %f3, %f5;",
    "divapprox_add": "div.approx.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;",
    "divapproxftz_add": "div.approx.ftz.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f3;",
    "div_plain": "div.full.f32 %f10, %f1, %f2;",
    "mul_loop": "mov.f32 %f10, %f3;\nmov.u32 %r10, 0;\nLOOP:\nmul.f32 %f5, %f1, %f2;\n"
                "add.f32 %f10, %f10, %f5;\nadd.f32 %f1, %f1, %f4;\nadd.s32 %r10, %r10, 1;\n"
                "setp.lt.u32 %p1, %r10, 4;\n@%p1 bra LOOP;",
    "rcp_mul_add": "rcp.approx.f32 %f5, %f2;\nmul.f32 %f6, %f1, %f5;\nadd.f32 %f10, %f6, %f3;",
    "gap_4": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "gap_8": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "gap_12": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "gap_16": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "gap_20": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "gap_24": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "gap_28": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "gap_32": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "gap_48": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "gap_64": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nmov.f32 %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f9, %f9, %f4;\nadd.f32 %f10, %f5, %f3;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;\nadd.f32 %f11, %f11, %f9;",
    "far_two_muls_8": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nmul.f32 %f9, %f3, %f4;\nsub.f32 %f10, %f5, %f9;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;",
    "far_two_muls_16": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nmul.f32 %f9, %f3, %f4;\nsub.f32 %f10, %f5, %f9;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;",
    "far_two_muls_32": "mul.f32 %f5, %f1, %f2;\nmov.f32 %f6, %f4;\nmov.f32 %f7, %f4;\nmov.f32 %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nadd.f32 %f8, %f8, %f4;\nadd.f32 %f6, %f6, %f4;\nadd.f32 %f7, %f7, %f4;\nmul.f32 %f9, %f3, %f4;\nsub.f32 %f10, %f5, %f9;\nadd.f32 %f11, %f6, %f7;\nadd.f32 %f11, %f11, %f8;",
    # the software sequences ptxas expands: results and NaN payloads (issue: "NaN payloads")
    "div_rn": "div.rn.f32 %f10, %f1, %f2;",
    "sqrt_rn": "sqrt.rn.f32 %f10, %f1;",
    "rcp_rn": "rcp.rn.f32 %f10, %f1;",
    "div_rn_ftz": "div.rn.ftz.f32 %f10, %f1, %f2;",
    "sqrt_cvt_f64": "cvt.f64.f32 %fd1, %f1;\nadd.rn.f64 %fd2, %fd1, 0d3FF0000000000000;\n"
                    "sqrt.rn.f64 %fd3, %fd2;\ncvt.rn.f32.f64 %f10, %fd3;",
}

F64 = {
    "f64_mul_add": "mul.f64 %fd5, %fd1, %fd2;\nadd.f64 %fd10, %fd5, %fd3;",
    "f64_add_mul": "mul.f64 %fd5, %fd1, %fd2;\nadd.f64 %fd10, %fd3, %fd5;",
    "f64_mul_sub": "mul.f64 %fd5, %fd1, %fd2;\nsub.f64 %fd10, %fd5, %fd3;",
    "f64_sub_mul": "mul.f64 %fd5, %fd1, %fd2;\nsub.f64 %fd10, %fd3, %fd5;",
    "f64_stored": "mul.f64 %fd5, %fd1, %fd2;\nadd.f64 %fd10, %fd5, %fd3;\nmov.f64 %fd11, %fd5;",
    "f64_mulrn_add": "mul.rn.f64 %fd5, %fd1, %fd2;\nadd.f64 %fd10, %fd5, %fd3;",
    "f64_mul_addrz": "mul.f64 %fd5, %fd1, %fd2;\nadd.rz.f64 %fd10, %fd5, %fd3;",
    "f64_mul_addrn": "mul.f64 %fd5, %fd1, %fd2;\nadd.rn.f64 %fd10, %fd5, %fd3;",
    "f64_mul_subrm": "mul.f64 %fd5, %fd1, %fd2;\nsub.rm.f64 %fd10, %fd3, %fd5;",
    "f64_two_muls": "mul.f64 %fd5, %fd1, %fd2;\nmul.f64 %fd6, %fd3, %fd4;\nadd.f64 %fd10, %fd5, %fd6;",
    "f64_div_add": "div.rn.f64 %fd5, %fd1, %fd2;\nadd.f64 %fd10, %fd5, %fd3;",
    "f64_div_rn": "div.rn.f64 %fd10, %fd1, %fd2;",
    "f64_sqrt_rn": "sqrt.rn.f64 %fd10, %fd1;",
    "f64_rcp_rn": "rcp.rn.f64 %fd10, %fd1;",
}

# Round 6 (the Black-Scholes call price): two products into one add/sub where one product lies at
# the end of a longer chain of dependent instructions (non-contractible adds, max) than the other,
# and the products' muls in either textual order. Written with PROBES=depth (record.sh).
CHAIN2 = "add.f32 %f6, %f3, %f4;\nmax.f32 %f7, %f6, %f1;\n"          # depth 2 on c
CHAIN4 = CHAIN2 + "add.f32 %f8, %f7, %f2;\nmax.f32 %f9, %f8, %f4;\n"  # depth 4 on c
DEPTH = {
    # the deeper product second and textually last
    "deep2_late": "mul.f32 %f5, %f1, %f2;\n" + CHAIN4 + "mul.f32 %f12, %f9, %f4;\nsub.f32 %f10, %f5, %f12;",
    "deep2_late_add": "mul.f32 %f5, %f1, %f2;\n" + CHAIN4 + "mul.f32 %f12, %f9, %f4;\nadd.f32 %f10, %f5, %f12;",
    "deep2_late_short": "mul.f32 %f5, %f1, %f2;\nadd.f32 %f6, %f3, %f4;\nmul.f32 %f12, %f6, %f4;\n"
                        "sub.f32 %f10, %f5, %f12;",
    # the deeper product second, the shallow one's mul textually after it
    "deep2_early": CHAIN4 + "mul.f32 %f12, %f9, %f4;\nmul.f32 %f5, %f1, %f2;\nsub.f32 %f10, %f5, %f12;",
    # the deeper product first
    "deep1_late": CHAIN4 + "mul.f32 %f5, %f9, %f2;\nmul.f32 %f12, %f1, %f4;\nsub.f32 %f10, %f5, %f12;",
    "deep1_early": "mul.f32 %f12, %f1, %f4;\n" + CHAIN4 + "mul.f32 %f5, %f9, %f2;\nsub.f32 %f10, %f5, %f12;",
    # equally deep chains, the second product last
    "deep_equal": CHAIN2 + "add.f32 %f8, %f1, %f2;\nmax.f32 %f9, %f8, %f4;\nmul.f32 %f5, %f9, %f2;\n"
                  "mul.f32 %f12, %f7, %f4;\nsub.f32 %f10, %f5, %f12;",
    # deeper by one instruction only (the Black-Scholes difference: d2 = d1 - v*sqrt(T))
    "deep_by_one": CHAIN2 + "mul.f32 %f5, %f7, %f2;\nadd.f32 %f8, %f7, %f1;\nmul.f32 %f12, %f8, %f4;\n"
                   "sub.f32 %f10, %f5, %f12;",
}

# Round 7 (the Black-Scholes call price): does an instruction ptxas expands into a sequence with a
# slow-path branch (div.rn, rcp.rn, sqrt.rn; u64 division) between a mul and its add keep them
# apart, as a basic-block boundary would? o2 keeps that instruction's result alive. PROBES=blocks.
def _between(op, ty="f32"):
    if ty == "f64":
        return {"mul_x_add": f"mul.f64 %fd5, %fd1, %fd2;\n{op}\nadd.f64 %fd10, %fd5, %fd4;\nmov.f64 %fd11, %fd6;",
                "two_x_sub": f"mul.f64 %fd5, %fd1, %fd2;\n{op}\nmul.f64 %fd7, %fd6, %fd4;\n"
                             "sub.f64 %fd10, %fd5, %fd7;\nmov.f64 %fd11, %fd6;"}
    return {"mul_x_add": f"mul.f32 %f5, %f1, %f2;\n{op}\nadd.f32 %f10, %f5, %f4;\nmov.f32 %f11, %f6;",
            "two_x_sub": f"mul.f32 %f5, %f1, %f2;\n{op}\nmul.f32 %f7, %f6, %f4;\nsub.f32 %f10, %f5, %f7;\n"
                         "mov.f32 %f11, %f6;",
            "x_mul_add": f"{op}\nmul.f32 %f5, %f1, %f2;\nadd.f32 %f10, %f5, %f4;\nmov.f32 %f11, %f6;"}


BETWEEN32 = {
    "rcp_rn": "rcp.rn.f32 %f6, %f3;", "rcp_rn_ftz": "rcp.rn.ftz.f32 %f6, %f3;",
    "rcp_approx": "rcp.approx.f32 %f6, %f3;", "div_rn": "div.rn.f32 %f6, %f3, %f2;",
    "div_rn_ftz": "div.rn.ftz.f32 %f6, %f3, %f2;", "div_full": "div.full.f32 %f6, %f3, %f2;",
    "div_approx": "div.approx.f32 %f6, %f3, %f2;", "sqrt_rn": "sqrt.rn.f32 %f6, %f3;",
    "sqrt_rn_ftz": "sqrt.rn.ftz.f32 %f6, %f3;", "sqrt_approx": "sqrt.approx.f32 %f6, %f3;",
    "ex2": "ex2.approx.ftz.f32 %f6, %f3;", "lg2": "lg2.approx.f32 %f6, %f3;",
    "div_u64": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\ncvt.u64.u32 %rd10, %r10;\ncvt.u64.u32 %rd11, %r11;\n"
               "or.b64 %rd11, %rd11, 1;\ndiv.u64 %rd12, %rd10, %rd11;\ncvt.rn.f32.u64 %f6, %rd12;",
    "div_u32": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\nor.b32 %r11, %r11, 1;\ndiv.u32 %r12, %r10, %r11;\n"
               "cvt.rn.f32.u32 %f6, %r12;",
    "rem_s64": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\ncvt.s64.s32 %rd10, %r10;\ncvt.s64.s32 %rd11, %r11;\n"
               "or.b64 %rd11, %rd11, 1;\nrem.s64 %rd12, %rd10, %rd11;\ncvt.rn.f32.s64 %f6, %rd12;",
    # second recording: the directed roundings, 16-bit and other 64-bit integer divisions
    "div_rz": "div.rz.f32 %f6, %f3, %f2;", "div_rm": "div.rm.f32 %f6, %f3, %f2;",
    "rcp_rp": "rcp.rp.f32 %f6, %f3;", "rcp_rz_ftz": "rcp.rz.ftz.f32 %f6, %f3;",
    "sqrt_rm": "sqrt.rm.f32 %f6, %f3;", "sqrt_rp_ftz": "sqrt.rp.ftz.f32 %f6, %f3;",
    "div_s64": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\ncvt.s64.s32 %rd10, %r10;\ncvt.s64.s32 %rd11, %r11;\n"
               "or.b64 %rd11, %rd11, 1;\ndiv.s64 %rd12, %rd10, %rd11;\ncvt.rn.f32.s64 %f6, %rd12;",
    "rem_u64": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\ncvt.u64.u32 %rd10, %r10;\ncvt.u64.u32 %rd11, %r11;\n"
               "or.b64 %rd11, %rd11, 1;\nrem.u64 %rd12, %rd10, %rd11;\ncvt.rn.f32.u64 %f6, %rd12;",
    "div_u16": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\ncvt.u16.u32 %h10, %r10;\ncvt.u16.u32 %h11, %r11;\n"
               "or.b16 %h11, %h11, 1;\ndiv.u16 %h12, %h10, %h11;\ncvt.rn.f32.u16 %f6, %h12;",
    "rem_s32": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\nor.b32 %r11, %r11, 1;\nrem.s32 %r12, %r10, %r11;\n"
               "cvt.rn.f32.s32 %f6, %r12;",
    # third recording: the remaining 16- and 32-bit integer divisions
    "div_s32": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\nor.b32 %r11, %r11, 1;\ndiv.s32 %r12, %r10, %r11;\n"
               "cvt.rn.f32.s32 %f6, %r12;",
    "rem_u32": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\nor.b32 %r11, %r11, 1;\nrem.u32 %r12, %r10, %r11;\n"
               "cvt.rn.f32.u32 %f6, %r12;",
    "div_s16": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\ncvt.u16.u32 %h10, %r10;\ncvt.u16.u32 %h11, %r11;\n"
               "or.b16 %h11, %h11, 1;\ndiv.s16 %h12, %h10, %h11;\ncvt.rn.f32.s16 %f6, %h12;",
    "rem_u16": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\ncvt.u16.u32 %h10, %r10;\ncvt.u16.u32 %h11, %r11;\n"
               "or.b16 %h11, %h11, 1;\nrem.u16 %h12, %h10, %h11;\ncvt.rn.f32.u16 %f6, %h12;",
    "rem_s16": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\ncvt.u16.u32 %h10, %r10;\ncvt.u16.u32 %h11, %r11;\n"
               "or.b16 %h11, %h11, 1;\nrem.s16 %h12, %h10, %h11;\ncvt.rn.f32.s16 %f6, %h12;",
    # fourth recording: divisors ptxas knows (an immediate, or a register holding a constant)
    "div_s32_imm7": "mov.b32 %r10, %f3;\ndiv.s32 %r12, %r10, 7;\ncvt.rn.f32.s32 %f6, %r12;",
    "div_s32_imm8": "mov.b32 %r10, %f3;\ndiv.s32 %r12, %r10, 8;\ncvt.rn.f32.s32 %f6, %r12;",
    "rem_s32_imm3": "mov.b32 %r10, %f3;\nrem.s32 %r12, %r10, 3;\ncvt.rn.f32.s32 %f6, %r12;",
    "div_s32_movc": "mov.b32 %r10, %f3;\nmov.u32 %r11, 7;\ndiv.s32 %r12, %r10, %r11;\ncvt.rn.f32.s32 %f6, %r12;",
    "div_u16_imm5": "mov.b32 %r10, %f3;\ncvt.u16.u32 %h10, %r10;\ndiv.u16 %h12, %h10, 5;\ncvt.rn.f32.u16 %f6, %h12;",
    "div_u64_imm10": "mov.b32 %r10, %f3;\ncvt.u64.u32 %rd10, %r10;\ndiv.u64 %rd12, %rd10, 10;\n"
                     "cvt.rn.f32.u64 %f6, %rd12;",
    "rem_s64_imm9": "mov.b32 %r10, %f3;\ncvt.s64.s32 %rd10, %r10;\nrem.s64 %rd12, %rd10, 9;\n"
                    "cvt.rn.f32.s64 %f6, %rd12;",
    "div_rn_imm3": "div.rn.f32 %f6, %f3, 0f40400000;", "div_rn_imm2": "div.rn.f32 %f6, %f3, 0f40000000;",
    "div_rn_movc3": "mov.f32 %f8, 0f40400000;\ndiv.rn.f32 %f6, %f3, %f8;",
    "rcp_rn_imm3": "rcp.rn.f32 %f6, 0f40400000;", "sqrt_rn_imm2": "sqrt.rn.f32 %f6, 0f40000000;",
    # fifth recording: rcp and sqrt of a register a mov made a constant
    "rcp_rn_movc3": "mov.f32 %f8, 0f40400000;\nrcp.rn.f32 %f6, %f8;",
    "sqrt_rn_movc2": "mov.f32 %f8, 0f40000000;\nsqrt.rn.f32 %f6, %f8;",
    "sqrt_rn_movc3": "mov.f32 %f8, 0f40400000;\nsqrt.rn.f32 %f6, %f8;",
    # sixth recording: bfind of 64 bits and fns, which ptxsim's model assumes branch in the SASS
    # (so end a window) without a measurement; bfind.u32 and popc.b64 as controls (no branch)
    "bfind_u64": "mov.b32 %r10, %f3;\ncvt.u64.u32 %rd10, %r10;\nshl.b64 %rd10, %rd10, 17;\n"
                 "bfind.u64 %r12, %rd10;\ncvt.rn.f32.u32 %f6, %r12;",
    "bfind_s64": "mov.b32 %r10, %f3;\ncvt.s64.s32 %rd10, %r10;\nshl.b64 %rd10, %rd10, 9;\n"
                 "bfind.s64 %r12, %rd10;\ncvt.rn.f32.u32 %f6, %r12;",
    "bfind_shiftamt_u64": "mov.b32 %r10, %f3;\ncvt.u64.u32 %rd10, %r10;\nbfind.shiftamt.u64 %r12, %rd10;\n"
                          "cvt.rn.f32.u32 %f6, %r12;",
    "bfind_u32": "mov.b32 %r10, %f3;\nbfind.u32 %r12, %r10;\ncvt.rn.f32.u32 %f6, %r12;",
    "popc_b64": "mov.b32 %r10, %f3;\ncvt.u64.u32 %rd10, %r10;\npopc.b64 %r12, %rd10;\ncvt.rn.f32.u32 %f6, %r12;",
    "fns_imm": "mov.b32 %r10, %f3;\nfns.b32 %r12, %r10, 0, 3;\ncvt.rn.f32.u32 %f6, %r12;",
    "fns_reg": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\nand.b32 %r11, %r11, 31;\nfns.b32 %r12, %r10, %r11, -2;\n"
               "cvt.rn.f32.u32 %f6, %r12;",
    # seventh recording: bfind.64 of a value whose high word ptxas knows (a zero or sign
    # extension: bfind_shiftamt_u64 above did not split) or does not (two unknown words, a shift)
    "bfind_u64_zext": "mov.b32 %r10, %f3;\ncvt.u64.u32 %rd10, %r10;\nbfind.u64 %r12, %rd10;\ncvt.rn.f32.u32 %f6, %r12;",
    "bfind_s64_sext": "mov.b32 %r10, %f3;\ncvt.s64.s32 %rd10, %r10;\nbfind.s64 %r12, %rd10;\ncvt.rn.f32.u32 %f6, %r12;",
    "bfind_shiftamt_u64_shl": "mov.b32 %r10, %f3;\ncvt.u64.u32 %rd10, %r10;\nshl.b64 %rd10, %rd10, 17;\n"
                              "bfind.shiftamt.u64 %r12, %rd10;\ncvt.rn.f32.u32 %f6, %r12;",
    "bfind_shiftamt_s64_shl": "mov.b32 %r10, %f3;\ncvt.s64.s32 %rd10, %r10;\nshl.b64 %rd10, %rd10, 9;\n"
                              "bfind.shiftamt.s64 %r12, %rd10;\ncvt.rn.f32.u32 %f6, %r12;",
    "bfind_u64_pair": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\nmov.b64 %rd10, {%r10, %r11};\nbfind.u64 %r12, %rd10;\n"
                      "cvt.rn.f32.u32 %f6, %r12;",
    "bfind_u64_and": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\nmov.b64 %rd10, {%r10, %r11};\n"
                     "and.b64 %rd10, %rd10, 4294967295;\nbfind.u64 %r12, %rd10;\ncvt.rn.f32.u32 %f6, %r12;",
    "fns_regoff": "mov.b32 %r10, %f3;\nmov.b32 %r11, %f2;\nand.b32 %r13, %r11, 31;\nbfe.u32 %r14, %r11, 5, 6;\n"
                  "sub.s32 %r14, %r14, 31;\nfns.b32 %r12, %r10, %r13, %r14;\ncvt.rn.f32.u32 %f6, %r12;",
    "bfind_u64_u16": "mov.b32 %r10, %f3;\ncvt.u16.u32 %h10, %r10;\ncvt.u64.u16 %rd10, %h10;\nbfind.u64 %r12, %rd10;\n"
                     "cvt.rn.f32.u32 %f6, %r12;",
}
BETWEEN64 = {
    "f64_div_rn": "div.rn.f64 %fd6, %fd3, %fd2;", "f64_rcp_rn": "rcp.rn.f64 %fd6, %fd3;",
    "f64_sqrt_rn": "sqrt.rn.f64 %fd6, %fd3;", "f64_rcp_approx": "rcp.approx.ftz.f64 %fd6, %fd3;",
    "f64_div_rz": "div.rz.f64 %fd6, %fd3, %fd2;", "f64_rcp_rm": "rcp.rm.f64 %fd6, %fd3;",
    "f64_sqrt_rp": "sqrt.rp.f64 %fd6, %fd3;",
    "f64_div_rn_imm3": "div.rn.f64 %fd6, %fd3, 0d4008000000000000;",
    "f64_div_rn_imm4": "div.rn.f64 %fd6, %fd3, 0d4010000000000000;",
    "f64_rcp_rn_movc3": "mov.f64 %fd8, 0d4008000000000000;\nrcp.rn.f64 %fd6, %fd8;",
    "f64_sqrt_rn_movc3": "mov.f64 %fd8, 0d4008000000000000;\nsqrt.rn.f64 %fd6, %fd8;",
}
# Approximate sequences ptxas may rewrite (the "div.approx of 1 by an rsqrt.approx result"):
# recorded with PROBES=blocks; a difference from ptxsim's instruction-by-instruction result shows a
# rewrite. "_kept" variants also store the intermediate.
REWRITE32 = {
    "rsqrt_divapprox_one": "rsqrt.approx.f32 %f5, %f1;\ndiv.approx.f32 %f10, 0f3F800000, %f5;",
    "rsqrt_divapprox_one_kept": "rsqrt.approx.f32 %f5, %f1;\ndiv.approx.f32 %f10, 0f3F800000, %f5;\nmov.f32 %f11, %f5;",
    "rsqrt_ftz_divapprox_ftz_one": "rsqrt.approx.ftz.f32 %f5, %f1;\ndiv.approx.ftz.f32 %f10, 0f3F800000, %f5;",
    "rsqrt_divfull_one": "rsqrt.approx.f32 %f5, %f1;\ndiv.full.f32 %f10, 0f3F800000, %f5;",
    "rsqrt_rcpapprox": "rsqrt.approx.f32 %f5, %f1;\nrcp.approx.f32 %f10, %f5;",
    "rsqrt_rcpapprox_ftz": "rsqrt.approx.ftz.f32 %f5, %f1;\nrcp.approx.ftz.f32 %f10, %f5;",
    "rsqrt_divapprox_b": "rsqrt.approx.f32 %f5, %f1;\ndiv.approx.f32 %f10, %f2, %f5;",
    "sqrtapprox_divapprox_one": "sqrt.approx.f32 %f5, %f1;\ndiv.approx.f32 %f10, 0f3F800000, %f5;",
    "sqrtapprox_rcpapprox": "sqrt.approx.f32 %f5, %f1;\nrcp.approx.f32 %f10, %f5;",
    "rcpapprox_rcpapprox": "rcp.approx.f32 %f5, %f1;\nrcp.approx.f32 %f10, %f5;",
    "divapprox_one": "div.approx.f32 %f10, 0f3F800000, %f1;",
    "divfull_one": "div.full.f32 %f10, 0f3F800000, %f1;",
    "rsqrt_mul_self": "rsqrt.approx.f32 %f5, %f1;\nmul.f32 %f10, %f5, %f5;",
    "rsqrt_mul_x": "rsqrt.approx.f32 %f5, %f1;\nmul.f32 %f10, %f1, %f5;",
    "ex2_lg2": "lg2.approx.f32 %f5, %f1;\nex2.approx.f32 %f10, %f5;",
}
BLOCKS32 = {f"{k}_{shape}": body for k, op in BETWEEN32.items() for shape, body in _between(op).items()}
BLOCKS64 = {f"{k}_{shape}": body for k, op in BETWEEN64.items() for shape, body in _between(op, "f64").items()}

H = {
    # a b c d = %r21..%r24 (f16x2 words); o1 o2 = %r30 %r31
    "h2_mul_add": "mul.f16x2 %r25, %r21, %r22;\nadd.f16x2 %r30, %r25, %r23;",
    "h2_mul_sub": "mul.f16x2 %r25, %r21, %r22;\nsub.f16x2 %r30, %r25, %r23;",
    "h2_stored": "mul.f16x2 %r25, %r21, %r22;\nadd.f16x2 %r30, %r25, %r23;\nmov.b32 %r31, %r25;",
    "h_mul_add": "mov.b32 {%h1, %h2}, %r21;\nmov.b32 {%h3, %h4}, %r22;\nmov.b32 {%h5, %h6}, %r23;\n"
                 "mul.f16 %h7, %h1, %h3;\nadd.f16 %h8, %h7, %h5;\nmul.f16 %h9, %h2, %h4;\n"
                 "sub.f16 %h10, %h9, %h6;\nmov.b32 %r30, {%h8, %h10};",
    "bf2_mul_add": "mul.rn.bf16x2 %r25, %r21, %r22;\nadd.rn.bf16x2 %r30, %r25, %r23;",
}

HEAD = """//
// probes.ptx: generated by gen_probes.py (lab/ptxas_fma): a mul feeding an add/sub, in the
// shapes ptxas may contract into an fma
//
.version 8.0
.target sm_90
.address_size 64
"""

PRO = """
.visible .entry {name}(.param .u64 pin, .param .u64 pout)
{{
\t.reg .pred %p<4>;
\t.reg .b16 %h<16>;
\t.reg .b32 %r<40>;
\t.reg .b64 %rd<16>;
\t.reg .f32 %f<16>;
\t.reg .f64 %fd<16>;
\tld.param.u64 %rd1, [pin];
\tld.param.u64 %rd2, [pout];
\tcvta.to.global.u64 %rd1, %rd1;
\tcvta.to.global.u64 %rd2, %rd2;
\tmov.u32 %r1, %ctaid.x;
\tmov.u32 %r2, %ntid.x;
\tmov.u32 %r3, %tid.x;
\tmad.lo.s32 %r4, %r1, %r2, %r3;
"""


def kernel(name, ty, body):
    s = PRO.format(name=name)
    if ty == "f32":
        s += ("\tmul.wide.u32 %rd3, %r4, 16;\n\tadd.s64 %rd4, %rd1, %rd3;\n"
              "\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd4];\n\tmov.f32 %f11, %f4;\n")
        out = "\tmul.wide.u32 %rd5, %r4, 8;\n\tadd.s64 %rd6, %rd2, %rd5;\n\tst.global.v2.f32 [%rd6], {%f10, %f11};\n"
    elif ty == "f64":
        s += ("\tmul.wide.u32 %rd3, %r4, 32;\n\tadd.s64 %rd4, %rd1, %rd3;\n"
              "\tld.global.v2.f64 {%fd1, %fd2}, [%rd4];\n\tld.global.v2.f64 {%fd3, %fd4}, [%rd4+16];\n"
              "\tmov.f64 %fd11, %fd4;\n")
        out = "\tmul.wide.u32 %rd5, %r4, 16;\n\tadd.s64 %rd6, %rd2, %rd5;\n\tst.global.v2.f64 [%rd6], {%fd10, %fd11};\n"
    else:
        s += ("\tmul.wide.u32 %rd3, %r4, 16;\n\tadd.s64 %rd4, %rd1, %rd3;\n"
              "\tld.global.v4.b32 {%r21, %r22, %r23, %r24}, [%rd4];\n\tmov.b32 %r31, %r24;\n")
        out = "\tmul.wide.u32 %rd5, %r4, 8;\n\tadd.s64 %rd6, %rd2, %rd5;\n\tst.global.v2.b32 [%rd6], {%r30, %r31};\n"
    for line in body.split("\n"):
        s += ("\t" if not line.endswith(":") else "") + line + "\n"
    return s + out + "\tret;\n}\n"


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    ptx, lst = [HEAD], []
    which = os.environ.get("PROBES")
    tables = (((DEPTH, "f32"),) if which == "depth" else ((BLOCKS32, "f32"), (BLOCKS64, "f64"), (REWRITE32, "f32")) if which == "blocks"
              else ((F32, "f32"), (F64, "f64"), (H, "h")))
    for table, ty in tables:
        for name, body in table.items():
            ptx.append(kernel(name, ty, body))
            lst.append(f"{name} {ty}")
    open(f"{out}/probes.ptx", "w").write("".join(ptx))
    open(f"{out}/probes.txt", "w").write("\n".join(lst) + "\n")


main()
