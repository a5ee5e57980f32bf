#!/usr/bin/env python3
"""isa_audit.py [--ptxas PTXAS] [--ptxsim PTXSIM] [--target sm_90] [--family NAME] [--list]

Audit of the instruction families of issue 5 (tensor cores, ldmatrix/stmatrix/movmatrix,
cp.async, mbarrier, half-precision arithmetic, cvt, dp4a/dp2a, video) against ptxas: every
spelling generated below goes through ptxas for the target (the oracle for "the ISA defines it
there") and through ptxsim (parse, decode, and a one-warp launch that branches around the
instruction). Prints the spellings ptxas accepts and ptxsim refuses (gaps) and the ones ptxas
rejects and ptxsim accepts (over-acceptance), with counts per family.

Needs ptxas (CUDA 12.8+ for PTX ISA 8.7) and a built ptxsim; no GPU. The generated spellings
cover each form's modifiers and types combinatorially, with representative operands."""
import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

HEADER = """.version {ver}
.target {target}
.address_size 64
.visible .entry k(.param .u64 p0) {{
.reg .b16 %h<60>;
.reg .b32 %r<80>;
.reg .b64 %rd<60>;
.reg .f64 %fd<40>;
.reg .pred %p<8>;
.reg .b128 %q<4>;
.shared .align 16 .b8 smem[4096];
mov.u32 %r79, %tid.x;
setp.ne.u32 %p7, %r79, 12345;
@%p7 bra END;
"""
FOOTER = "END:\nret;\n}\n"


def regs(prefix, n, start=0):
    """a brace list of n registers, wrapping inside the declared ones (an undeclared register
    in a list makes ptxsim lose the rest of the kernel)"""
    top = {"%fd": 40, "%r": 79, "%rd": 60, "%h": 60}.get(prefix, 1 << 30)
    return "{" + ", ".join("%s%d" % (prefix, (start + i) % top) for i in range(n)) + "}"


def opt(*xs):
    """the product of optional modifier choices, each a list of alternatives ('' = absent)"""
    return ["".join(c) for c in itertools.product(*xs)]


# ---- tensor cores ---------------------------------------------------------------------------

def wmma_regs(shape, frag, t):
    m, n, k = map(int, re.match(r"m(\d+)n(\d+)k(\d+)", shape).groups())
    if t == "f64":
        return {"a": 1, "b": 1, "c": 2}[frag]
    if t == "f16" and frag in "ab":
        return 8
    bits = {"f16": 16, "bf16": 16, "tf32": 32, "s8": 8, "u8": 8, "s4": 4, "u4": 4, "b1": 1,
            "f32": 32, "s32": 32}[t]
    elems = {"a": m * k, "b": k * n, "c": m * n}[frag] // 32
    return max(1, elems * bits // 32)


WMMA_AB = {"m16n16k16": ["f16", "s8", "u8", "bf16"], "m32n8k16": ["f16", "s8", "u8", "bf16"],
           "m8n32k16": ["f16", "s8", "u8", "bf16"], "m16n16k8": ["tf32"], "m8n8k4": ["f64"],
           "m8n8k32": ["s4", "u4"], "m8n8k128": ["b1"]}
WMMA_C = {"m16n16k16": ["f16", "f32", "s32"], "m32n8k16": ["f16", "f32", "s32"],
          "m8n32k16": ["f16", "f32", "s32"], "m16n16k8": ["f32"], "m8n8k4": ["f64"],
          "m8n8k32": ["s32"], "m8n8k128": ["s32"]}


def reg_of(t):
    return "%fd" if t == "f64" else "%r"


def gen_wmma():
    out = []
    for shape in WMMA_AB:
        for frag in "abc":
            for t in (WMMA_AB[shape] if frag != "c" else WMMA_C[shape]):
                nr = wmma_regs(shape, frag, t)
                for lay, ss, stride in itertools.product(["row", "col"], ["", ".global", ".shared", ".shared::cta"],
                                                         ["", ", %r60"]):
                    out.append("wmma.load.%s.sync.aligned.%s.%s%s.%s %s, [%%rd1]%s;" %
                               (frag, lay, shape, ss, t, regs(reg_of(t), nr), stride))
        for t in WMMA_C[shape]:
            nr = wmma_regs(shape, "c", t)
            for lay, ss, stride in itertools.product(["row", "col"], ["", ".global", ".shared"], ["", ", %r60"]):
                out.append("wmma.store.d.sync.aligned.%s.%s%s.%s [%%rd1], %s%s;" %
                           (lay, shape, ss, t, regs(reg_of(t), nr), stride))
        for al, bl in itertools.product(["row", "col"], repeat=2):
            lays = "%s.%s" % (al, bl)
            for a in WMMA_AB[shape]:
                cands = []
                if a == "f16":
                    for d, c in itertools.product(["f16", "f32"], repeat=2):
                        for sat in ["", ".satfinite"]:
                            cands.append(("wmma.mma.sync.aligned.%s.%s.%s.%s%s" % (lays, shape, d, c, sat), d, a, a, c))
                elif a in ("s8", "u8", "s4", "u4"):
                    others = ["s8", "u8"] if a in ("s8", "u8") else ["s4", "u4"]
                    for b in others:
                        for sat in ["", ".satfinite"]:
                            cands.append(("wmma.mma.sync.aligned.%s.%s.s32.%s.%s.s32%s" % (lays, shape, a, b, sat), "s32", a, b, "s32"))
                elif a == "b1":
                    for op in ["", ".xor.popc", ".and.popc"]:
                        cands.append(("wmma.mma%s.sync.aligned.%s.%s.s32.b1.b1.s32" % (op, lays, shape), "s32", a, a, "s32"))
                elif a == "f64":
                    for rnd in ["", ".rn", ".rz", ".rm", ".rp"]:
                        cands.append(("wmma.mma.sync.aligned.%s.%s%s.f64.f64.f64.f64" % (lays, shape, rnd), "f64", a, a, "f64"))
                else:
                    cands.append(("wmma.mma.sync.aligned.%s.%s.f32.%s.%s.f32" % (lays, shape, a, a), "f32", a, a, "f32"))
                for ins, d, aa, bb, c in cands:
                    r = reg_of(aa)
                    out.append("%s %s, %s, %s, %s;" % (ins, regs(r, wmma_regs(shape, "c", d)), regs(r, wmma_regs(shape, "a", aa), 10),
                                                       regs(r, wmma_regs(shape, "b", bb), 20), regs(r, wmma_regs(shape, "c", c), 30)))
    return out


MMA_SHAPES = ["m8n8k4", "m16n8k4", "m16n8k8", "m16n8k16", "m16n8k32", "m8n8k16", "m8n8k32", "m16n8k64",
              "m8n8k128", "m16n8k128", "m16n8k256"]
BITS = {"f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "f64": 64, "e4m3": 8, "e5m2": 8, "s8": 8, "u8": 8,
        "s4": 4, "u4": 4, "b1": 1, "s32": 32}


def mma_nregs(shape, op, t, f16_884=False):
    m, n, k = map(int, re.match(r"m(\d+)n(\d+)k(\d+)", shape).groups())
    if f16_884:
        return {"a": 2, "b": 2}.get(op, 4 if t == "f16" else 8)
    elems = {"a": m * k, "b": k * n, "c": m * n}[op] // 32
    if t == "f64":
        return elems
    return max(1, elems * BITS[t] // 32)


def gen_mma():
    out = []
    floats = [("f16", "f16"), ("bf16", "bf16"), ("tf32", "tf32"), ("f64", "f64"), ("e4m3", "e4m3"), ("e4m3", "e5m2"),
              ("e5m2", "e4m3"), ("e5m2", "e5m2")]
    ints = [(a, b) for a in ("s8", "u8") for b in ("s8", "u8")] + [(a, b) for a in ("s4", "u4") for b in ("s4", "u4")]
    for shape in MMA_SHAPES:
        layouts = ["row.col"] + (["row.row", "col.col", "col.row"] if shape == "m8n8k4" else [])
        for lay in layouts:
            for a, b in floats:
                accs = [("f16", "f16"), ("f32", "f32"), ("f16", "f32"), ("f32", "f16")] if a == "f16" else \
                    [("f64", "f64")] if a == "f64" else [("f32", "f32"), ("f16", "f16")]
                for d, c in accs:
                    f884 = shape == "m8n8k4" and a == "f16"
                    ins = "mma.sync.aligned.%s.%s.%s.%s.%s.%s" % (shape, lay, d, a, b, c)
                    r = "%fd" if a == "f64" else "%r"
                    out.append("%s %s, %s, %s, %s;" % (ins, regs(r, mma_nregs(shape, "c", d, f884)), regs(r, mma_nregs(shape, "a", a, f884), 10),
                                                       regs(r, mma_nregs(shape, "b", b, f884), 20), regs(r, mma_nregs(shape, "c", c, f884), 30)))
            for a, b in ints:
                for sat in ["", ".satfinite"]:
                    ins = "mma.sync.aligned.%s.%s%s.s32.%s.%s.s32" % (shape, lay, sat, a, b)
                    out.append("%s %s, %s, %s, %s;" % (ins, regs("%r", mma_nregs(shape, "c", "s32")), regs("%r", mma_nregs(shape, "a", a), 10),
                                                       regs("%r", mma_nregs(shape, "b", b), 20), regs("%r", mma_nregs(shape, "c", "s32"), 30)))
            for op in [".xor.popc", ".and.popc"]:
                ins = "mma.sync.aligned.%s.%s.s32.b1.b1.s32%s" % (shape, lay, op)
                out.append("%s %s, %s, %s, %s;" % (ins, regs("%r", mma_nregs(shape, "c", "s32")), regs("%r", mma_nregs(shape, "a", "b1"), 10),
                                                   regs("%r", mma_nregs(shape, "b", "b1"), 20), regs("%r", mma_nregs(shape, "c", "s32"), 30)))
    return out


def gen_matrix():
    out = []
    for num, n in (("x1", 1), ("x2", 2), ("x4", 4)):
        for trans, ss in itertools.product(["", ".trans"], ["", ".shared", ".shared::cta"]):
            out.append("ldmatrix.sync.aligned.m8n8.%s%s%s.b16 %s, [%%rd1];" % (num, trans, ss, regs("%r", n)))
            out.append("stmatrix.sync.aligned.m8n8.%s%s%s.b16 [%%rd1], %s;" % (num, trans, ss, regs("%r", n)))
    out.append("movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2;")
    out.append("movmatrix.sync.aligned.m8n8.b16 %r1, %r2;")
    return out


# ---- cp.async and mbarrier ----------------------------------------------------------------

def gen_cp_async():
    out = []
    for lvl, ss, hint, pf in itertools.product([".ca", ".cg"], [".shared", ".shared::cta"], ["", ".L2::cache_hint"],
                                               ["", ".L2::64B", ".L2::128B", ".L2::256B"]):
        for size in (4, 8, 16):
            tail_opts = ["", ", %r5", ", %p1"]
            for tail in tail_opts:
                pol = ", %rd9" if hint else ""
                out.append("cp.async%s%s.global%s%s [%%rd1], [%%rd2], %d%s%s;" % (lvl, ss, hint, pf, size, tail, pol))
    out += ["cp.async.commit_group;", "cp.async.wait_group 0;", "cp.async.wait_group 3;", "cp.async.wait_all;"]
    for noinc, ss in itertools.product(["", ".noinc"], ["", ".shared", ".shared::cta"]):
        out.append("cp.async.mbarrier.arrive%s%s.b64 [%%rd1];" % (noinc, ss))
    return out


def gen_mbarrier():
    out = []
    for ss in ["", ".shared", ".shared::cta"]:
        out.append("mbarrier.init%s.b64 [%%rd1], %%r1;" % ss)
        out.append("mbarrier.inval%s.b64 [%%rd1];" % ss)
    sems = ["", ".release", ".relaxed"]
    scopes = ["", ".cta", ".cluster"]
    for op in ["arrive", "arrive_drop"]:
        for sem, sc, ss in itertools.product(sems, scopes, ["", ".shared", ".shared::cta"]):
            base = "mbarrier.%s%s%s%s.b64" % (op, sem, sc, ss)
            out.append("%s %%rd3, [%%rd1];" % base)
            out.append("%s %%rd3, [%%rd1], %%r2;" % base)
            out.append("mbarrier.%s.expect_tx%s%s%s.b64 %%rd3, [%%rd1], %%r2;" % (op, sem, sc, ss))
        for sem, sc in itertools.product(sems, scopes):
            out.append("mbarrier.%s%s%s.shared::cluster.b64 _, [%%rd1];" % (op, sem, sc))
            out.append("mbarrier.%s%s%s.shared::cluster.b64 _, [%%rd1], %%r2;" % (op, sem, sc))
            out.append("mbarrier.%s.expect_tx%s%s.shared::cluster.b64 _, [%%rd1], %%r2;" % (op, sem, sc))
        out.append("mbarrier.%s.noComplete.shared.b64 %%rd3, [%%rd1], %%r2;" % op)
        out.append("mbarrier.%s.noComplete.release.cta.shared.b64 %%rd3, [%%rd1], %%r2;" % op)
    for op in ["expect_tx", "complete_tx"]:
        for sem, sc, ss in itertools.product(["", ".relaxed"], scopes, ["", ".shared", ".shared::cta", ".shared::cluster"]):
            out.append("mbarrier.%s%s%s%s.b64 [%%rd1], %%r2;" % (op, sem, sc, ss))
    for op in ["test_wait", "try_wait"]:
        for par, sem, sc, ss in itertools.product(["", ".parity"], ["", ".acquire", ".relaxed"], scopes, ["", ".shared", ".shared::cta"]):
            st = "%r3" if par else "%rd3"
            out.append("mbarrier.%s%s%s%s%s.b64 %%p1, [%%rd1], %s;" % (op, par, sem, sc, ss, st))
            if op == "try_wait":
                out.append("mbarrier.%s%s%s%s%s.b64 %%p1, [%%rd1], %s, %%r4;" % (op, par, sem, sc, ss, st))
    out.append("mbarrier.pending_count.b64 %r1, %rd3;")
    return out


# ---- low precision ---------------------------------------------------------------------------

def half_reg(t):
    return "%r" if t.endswith("x2") else "%h"


def gen_half():
    out = []
    types = ["f16", "f16x2", "bf16", "bf16x2"]
    for t in types:
        r = half_reg(t)
        for op in ["add", "sub", "mul"]:
            for m in opt(["", ".rn"], ["", ".ftz"], ["", ".sat"]):
                out.append("%s%s.%s %s1, %s2, %s3;" % (op, m, t, r, r, r))
        for m in opt([".rn"], ["", ".ftz"], ["", ".sat"], ["", ".relu"], ["", ".oob"]):
            out.append("fma%s.%s %s1, %s2, %s3, %s4;" % (m, t, r, r, r, r))
        out.append("fma.%s %s1, %s2, %s3, %s4;" % (t, r, r, r, r))
        for op in ["min", "max"]:
            for m in opt(["", ".ftz"], ["", ".NaN"], ["", ".xorsign.abs"]):
                out.append("%s%s.%s %s1, %s2, %s3;" % (op, m, t, r, r, r))
        for op in ["neg", "abs"]:
            for m in ["", ".ftz"]:
                out.append("%s%s.%s %s1, %s2;" % (op, m, t, r, r))
        for m in ["", ".ftz"]:
            out.append("ex2.approx%s.%s %s1, %s2;" % (m, t, r, r))
    return out


CVT_REG = {"f16": "%h", "bf16": "%h", "e4m3x2": "%h", "e5m2x2": "%h", "tf32": "%r", "f32": "%r", "f16x2": "%r",
           "bf16x2": "%r", "f64": "%rd"}


def gen_cvt():
    out = []
    dsts = ["f16", "bf16", "tf32", "f32", "f64", "f16x2", "bf16x2", "e4m3x2", "e5m2x2"]
    srcs = ["f16", "bf16", "tf32", "f32", "f64", "f16x2", "e4m3x2", "e5m2x2"]
    mods = opt(["", ".rn", ".rz", ".rm", ".rp", ".rna"], ["", ".ftz"], ["", ".sat"], ["", ".relu"], ["", ".satfinite"])
    for d, s in itertools.product(dsts, srcs):
        if d == s:
            continue
        pack = d in ("f16x2", "bf16x2", "e4m3x2", "e5m2x2") and s == "f32"
        for m in mods:
            ops = "%s1, %s2" % (CVT_REG[d], CVT_REG[s])
            if pack:
                ops += ", %s3" % CVT_REG[s]
            out.append("cvt%s.%s.%s %s;" % (m, d, s, ops))
    for ct in ["u16", "s16"]:
        out.append("cvt.pack.sat.%s.s32 %%r1, %%r2, %%r3;" % ct)
    for ct in ["u8", "s8", "u4", "s4", "u2", "s2"]:
        out.append("cvt.pack.sat.%s.s32.b32 %%r1, %%r2, %%r3, %%r4;" % ct)
    return out


# ---- integer SIMD --------------------------------------------------------------------------

def gen_dot():
    out = []
    for a, b in itertools.product(["u32", "s32"], repeat=2):
        out.append("dp4a.%s.%s %%r1, %%r2, %%r3, %%r4;" % (a, b))
        for mode in ["lo", "hi"]:
            out.append("dp2a.%s.%s.%s %%r1, %%r2, %%r3, %%r4;" % (mode, a, b))
    return out


def gen_video():
    out = []
    ts = ["u32", "s32"]
    for op in ["vadd", "vsub", "vabsdiff", "vmin", "vmax"]:
        for d, a, b in itertools.product(ts, repeat=3):
            for sat in ["", ".sat"]:
                out.append("%s.%s.%s.%s%s %%r1, %%r2.b1, %%r3.h1;" % (op, d, a, b, sat))
                out.append("%s.%s.%s.%s%s %%r1, %%r2, %%r3;" % (op, d, a, b, sat))
                for op2 in ["add", "min", "max"]:
                    out.append("%s.%s.%s.%s%s.%s %%r1, %%r2.b0, %%r3.b3, %%r4;" % (op, d, a, b, sat, op2))
                out.append("%s.%s.%s.%s%s %%r1.b2, %%r2.h0, %%r3, %%r4;" % (op, d, a, b, sat))
    for op in ["vshl", "vshr"]:
        for d, a in itertools.product(ts, repeat=2):
            for sat, mode in itertools.product(["", ".sat"], [".clamp", ".wrap"]):
                out.append("%s.%s.%s.u32%s%s %%r1, %%r2.b1, %%r3;" % (op, d, a, sat, mode))
                out.append("%s.%s.%s.u32%s%s.add %%r1, %%r2, %%r3, %%r4;" % (op, d, a, sat, mode))
                out.append("%s.%s.%s.u32%s%s %%r1.h1, %%r2, %%r3.b0, %%r4;" % (op, d, a, sat, mode))
    for d, a, b in itertools.product(ts, repeat=3):
        for sat, scale in itertools.product(["", ".sat"], ["", ".shr7", ".shr15"]):
            out.append("vmad.%s.%s.%s%s%s %%r1, %%r2.h0, %%r3.b2, %%r4;" % (d, a, b, sat, scale))
            out.append("vmad.%s.%s.%s%s%s %%r1, -%%r2, %%r3, -%%r4;" % (d, a, b, sat, scale))
    for a, b in itertools.product(ts, repeat=2):
        for cmp in ["eq", "ne", "lt", "le", "gt", "ge"]:
            out.append("vset.%s.%s.%s %%r1, %%r2.b1, %%r3;" % (a, b, cmp))
            out.append("vset.%s.%s.%s.max %%r1, %%r2, %%r3.h1, %%r4;" % (a, b, cmp))
            out.append("vset.%s.%s.%s %%r1.b3, %%r2, %%r3, %%r4;" % (a, b, cmp))
    for w, sel, mask in (("2", ".h10", ".h1"), ("4", ".b3210", ".b20")):
        for op in ["vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax"]:
            for d, a, b in itertools.product(ts, repeat=3):
                for sat in ["", ".sat"]:
                    out.append("%s%s.%s.%s.%s%s %%r1, %%r2, %%r3, %%r4;" % (op, w, d, a, b, sat))
                    out.append("%s%s.%s.%s.%s%s %%r1%s, %%r2%s, %%r3%s, %%r4;" % (op, w, d, a, b, sat, mask, sel, sel))
                out.append("%s%s.%s.%s.%s.add %%r1, %%r2, %%r3, %%r4;" % (op, w, d, a, b))
        for a, b in itertools.product(ts, repeat=2):
            for cmp in ["eq", "ne", "lt", "le", "gt", "ge"]:
                out.append("vset%s.%s.%s.%s %%r1, %%r2, %%r3, %%r4;" % (w, a, b, cmp))
                out.append("vset%s.%s.%s.%s.add %%r1%s, %%r2, %%r3, %%r4;" % (w, a, b, cmp, mask))
    return out


FAMILIES = {"wmma": gen_wmma, "mma": gen_mma, "matrix": gen_matrix, "cp.async": gen_cp_async,
            "mbarrier": gen_mbarrier, "half": gen_half, "cvt": gen_cvt, "dot": gen_dot, "video": gen_video}

# the forms.def rows spelled "*" and the P_NOEXEC rows: generators in scripts/ptxas_diff/spell_*.py
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ptxas_diff"))
import spell_async  # noqa: E402
import spell_mem  # noqa: E402
import spell_noexec  # noqa: E402
import spell_sync  # noqa: E402
import spell_tex  # noqa: E402

FAMILIES.update({
    "ld": spell_mem.gen_ld, "st": spell_mem.gen_st, "ldu": spell_mem.gen_ldu, "atom": spell_mem.gen_atom,
    "red": spell_mem.gen_red, "async.store": spell_mem.gen_async_store,
    "bulk": spell_async.gen_bulk, "bulk.tensor": spell_async.gen_tensor, "bulk.reduce": spell_async.gen_reduce,
    "wgmma": spell_async.gen_wgmma,
    "fence": spell_sync.gen_fence, "bar": spell_sync.gen_bar, "ctl": spell_sync.gen_misc,
    "tex": spell_tex.gen_tex, "surf": spell_tex.gen_surf,
    "policy": spell_noexec.gen_policy, "tcgen05": spell_noexec.gen_tcgen05, "tensormap": spell_noexec.gen_tensormap,
    "multimem": spell_noexec.gen_multimem, "clc": spell_noexec.gen_clc,
})


def ptxas_verdicts(ptxas, lines, target, ver, tmp):
    """accepted[i] for each line (ptxas reports every failing line of a file)"""
    ok = [True] * len(lines)
    reason = [""] * len(lines)
    first = HEADER.format(ver=ver, target=target).count("\n") + 1
    for start in range(0, len(lines), 400):
        chunk = lines[start:start + 400]
        path = os.path.join(tmp, "chunk.ptx")
        with open(path, "w") as f:
            f.write(HEADER.format(ver=ver, target=target) + "\n".join(chunk) + "\n" + FOOTER)
        r = subprocess.run([ptxas, "-arch=" + target, path, "-o", os.path.join(tmp, "chunk.cubin")],
                           capture_output=True, text=True)
        for m in re.finditer(r"line (\d+); error\s*: (.*)", r.stderr):
            i = int(m.group(1)) - first
            if 0 <= i < len(chunk):
                ok[start + i] = False
                reason[start + i] = reason[start + i] or m.group(2)
        if r.returncode and not re.search(r"line \d+; error", r.stderr):
            sys.exit("ptxas failed without a line: " + r.stderr[:500])
    return ok, reason


def ptxsim_verdict(ptxsim, line, target, ver, tmp):
    ptx = os.path.join(tmp, "one.ptx")
    with open(ptx, "w") as f:
        f.write(HEADER.format(ver=ver, target=target) + line + "\n" + FOOTER)
    man = os.path.join(tmp, "one.json")
    with open(man, "w") as f:
        f.write('{"ptx": "one.ptx", "kernel": "k", "grid": [1,1,1], "block": [32,1,1], '
                '"buffers": [{"name": "b", "type": "u32", "count": 4, "init": {"fill": 0}}], '
                '"params": [{"buffer": "b"}]}')
    r = subprocess.run([ptxsim, "run", man], capture_output=True, text=True, cwd=tmp)
    if r.returncode == 0:
        return True, ""
    msg = (r.stderr + r.stdout).strip().splitlines()
    err = [x for x in msg if "error" in x]
    return False, (err[0] if err else (msg[0] if msg else "?")).split("error: ", 1)[-1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptxas", default="ptxas")
    ap.add_argument("--ptxsim", default="build/cli/ptxsim")
    ap.add_argument("--target", default="sm_90")
    ap.add_argument("--version", default="8.7")
    ap.add_argument("--family", action="append")
    ap.add_argument("--list", action="store_true", help="print every verdict")
    a = ap.parse_args()
    ptxsim = os.path.abspath(a.ptxsim)
    fams = a.family or list(FAMILIES)
    total = defaultdict(lambda: [0, 0, 0, 0])  # generated, ptxas ok, ptxsim ok among those, over-accepted
    with tempfile.TemporaryDirectory() as tmp:
        for fam in fams:
            lines = list(dict.fromkeys(FAMILIES[fam]()))
            ok, why = ptxas_verdicts(a.ptxas, lines, a.target, a.version, tmp)
            for line, good, pw in zip(lines, ok, why):
                sim_ok, sw = ptxsim_verdict(ptxsim, line, a.target, a.version, tmp)
                t = total[fam]
                t[0] += 1
                t[1] += good
                t[2] += good and sim_ok
                t[3] += (not good) and sim_ok
                if good and not sim_ok:
                    print("GAP  %-9s %s   -- ptxsim: %s" % (fam, line, sw))
                elif sim_ok and not good:
                    print("OVER %-9s %s   -- ptxas: %s" % (fam, line, pw))
                elif a.list:
                    print("%s %-9s %s" % ("both" if good else "none", fam, line))
    print("\nfamily     generated  ptxas-ok  ptxsim-ok-of-those  over-accepted   (target %s, PTX %s)" % (a.target, a.version))
    for fam in fams:
        t = total[fam]
        print("%-10s %9d %9d %19d %14d" % (fam, t[0], t[1], t[2], t[3]))


if __name__ == "__main__":
    main()
