"""fam_sreg.py — special registers (PTX ISA chapter 10): every %sreg read by mov (and used as an
ALU operand) with register types of every width, on every target and .version, plus mutations
ptxas must reject (a special register on a target or .version that lacks it, a 64-bit one into a
32-bit register, a missing or extra .x/.y/.z component, %envreg/%pm numbers out of range, writes
to a special register, a register declared with a special register's name)."""
from common import Case, kernel, pick

FAMILY = "sreg"

VEC = ["%tid", "%ntid", "%ctaid", "%nctaid", "%clusterid", "%nclusterid", "%cluster_ctaid", "%cluster_nctaid"]
SCALAR32 = ["%laneid", "%warpid", "%nwarpid", "%smid", "%nsmid", "%lanemask_eq", "%lanemask_le",
            "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%clock", "%clock_hi", "%globaltimer_lo",
            "%globaltimer_hi", "%dynamic_smem_size", "%total_smem_size", "%aggr_smem_size",
            "%cluster_ctarank", "%cluster_nctarank", "%reserved_smem_offset_begin",
            "%reserved_smem_offset_end", "%reserved_smem_offset_cap", "%reserved_smem_offset_0",
            "%reserved_smem_offset_1"]
SCALAR64 = ["%gridid", "%clock64", "%globaltimer", "%current_graph_exec"]
NUMBERED = ["%envreg0", "%envreg31", "%envreg32", "%envreg9", "%pm0", "%pm3", "%pm4", "%pm7", "%pm8",
            "%pm0_64", "%pm7_64", "%pm8_64", "%envreg01", "%reserved_smem_offset_2"]
PRED = ["%is_explicit_cluster"]

# (mov type, destination register) by width
DESTS = [(".u32", "%r1"), (".b32", "%r1"), (".s32", "%s1"), (".u64", "%rd1"), (".b64", "%rd1"),
         (".u16", "%us1"), (".f32", "%f1"), (".pred", "%p1"), (".u32", "%rd1"), (".u64", "%r1"),
         (".b16", "%h1")]


def name(rng):
    k = rng.randrange(10)
    if k < 3:
        base = pick(rng, VEC)
        comp = pick(rng, [".x", ".y", ".z", ".x", "", ".w", ".q"])
        return base + comp
    if k < 6:
        return pick(rng, SCALAR32) + pick(rng, ["", "", "", "", "", ".x"])
    if k < 8:
        return pick(rng, SCALAR64)
    if k < 9:
        return pick(rng, NUMBERED)
    return pick(rng, PRED)


def t_mov(rng, t, v):
    n = name(rng)
    ty, d = pick(rng, DESTS)
    if n in SCALAR64 and rng.random() < .6:
        ty, d = pick(rng, [(".u64", "%rd1"), (".b64", "%rd1"), (".u32", "%r1"), (".s64", "%sl1")])
    elif n in PRED and rng.random() < .6:
        ty, d = ".pred", "%p1"
    elif n not in SCALAR64 and rng.random() < .6:
        ty, d = pick(rng, [(".u32", "%r1"), (".b32", "%r1"), (".s32", "%s1")])
    return "mov", kernel(t, v, [f"mov{ty} {d}, {n};"])


def t_alu(rng, t, v):
    n = name(rng)
    ins = pick(rng, ["add.u32 %r1, {n}, 1;", "add.u64 %rd1, {n}, 1;", "setp.eq.u32 %p1, {n}, 0;",
                     "cvt.u64.u32 %rd1, {n};", "st.global.u32 [%rd2], {n};", "shl.b32 %r1, {n}, 2;",
                     "mul.wide.u32 %rd1, {n}, 4;", "selp.u32 %r1, {n}, 0, %p1;", "mad.lo.u32 %r1, {n}, %r2, %r3;",
                     "cvt.u32.u64 %r1, {n};", "and.b64 %rd1, {n}, 3;"])
    return "alu", kernel(t, v, [ins.format(n=n)])


def t_write(rng, t, v):
    n = pick(rng, ["%tid.x", "%laneid", "%clock", "%clock64", "%envreg1", "%pm0", "%ctaid.y", "%smid"])
    ins = pick(rng, ["mov.u32 {n}, %r1;", "add.u32 {n}, %r1, 1;", "ld.global.u32 {n}, [%rd1];",
                     "mov.u64 {n}, %rd1;"])
    return "write", kernel(t, v, [ins.format(n=n)])


def t_shadow(rng, t, v):
    n = pick(rng, ["%tid", "%laneid", "%clock", "%ntid", "%envreg3", "%pm1", "%smid", "%clock64", "%ctaid"])
    ty = pick(rng, [".b32", ".u32"])  # the uses below fit a 32-bit register
    use = pick(rng, [f"mov.u32 %r1, {n};", f"mov.u32 %r1, {n}.x;", f"mov.u32 {n}, 7;", f"add.u32 %r1, {n}, 1;"])
    if rng.random() < .3:  # declared in an inner block: the special register outside it again
        return "shadow_inner", kernel(t, v, ["{", f".reg {ty} {n};", f"mov.u32 {n}, 1;", "}", use])
    return "shadow", kernel(t, v, [use], decls=f"  .reg {ty} {n};\n")


def t_misc(rng, t, v):
    m = rng.randrange(6)
    if m == 0:
        return "vec_whole", kernel(t, v, [pick(rng, ["mov.v4.u32 {%r1, %r2, %r3, %r4}, %tid;",
                                                    "mov.u32 %r1, %tid;", "mov.u32 %r1, %tid.w;"])])
    if m == 1:
        return "as_addr", kernel(t, v, [pick(rng, ["ld.global.u32 %r1, [%clock];", "ld.u32 %r1, [%tid.x];"])])
    if m == 2:
        return "as_guard", kernel(t, v, [pick(rng, ["@%is_explicit_cluster mov.u32 %r1, 1;",
                                                   "selp.u32 %r1, 1, 0, %is_explicit_cluster;",
                                                   "not.pred %p1, %is_explicit_cluster;"])])
    if m == 3:
        return "cvt16", kernel(t, v, [pick(rng, ["mov.u16 %us1, %tid.x;", "cvt.u16.u32 %us1, %tid.x;",
                                                "mov.b16 %h1, %laneid;"])])
    if m == 4:
        return "vid_sel", kernel(t, v, [pick(rng, ["vadd.u32.u32.u32 %r1, %tid.x, %r2;",
                                                  "vadd.u32.u32.u32 %r1, %laneid.b0, %r2.b1;"])])
    return "unknown", kernel(t, v, [f"mov.u32 %r1, {pick(rng, ['%tidx', '%lane', '%clock32', '%gridid.x', '%warpsize', 'WARP_SZ', '%nctaid.w'])};"])


TEMPLATES = [t_mov, t_mov, t_mov, t_mov, t_alu, t_alu, t_write, t_shadow, t_misc]


# the lowest .version each target takes (ptxas 13), so that the gates by version are probed too
MIN_VERSION = {"sm_30": "3.0", "sm_35": "3.1", "sm_50": "4.0", "sm_52": "4.1", "sm_60": "5.0", "sm_61": "5.0",
               "sm_70": "6.0", "sm_75": "6.3", "sm_80": "7.0", "sm_86": "7.1", "sm_89": "7.8", "sm_90": "7.8",
               "sm_90a": "8.0", "sm_100a": "8.6", "sm_120": "8.7", "sm_120a": "8.7"}


def generate(rng, target, count):
    t, v = target
    out = []
    for i in range(count):
        vv = v if rng.random() < .6 else MIN_VERSION.get(t, v)
        what, text = pick(rng, TEMPLATES)(rng, t, vv)
        out.append(Case(f"{FAMILY}/{t}/{i:03d}-{what}", text))
    return out
