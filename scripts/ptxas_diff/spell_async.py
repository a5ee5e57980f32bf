"""spell_async.py — one-line spellings of the bulk asynchronous copies (PTX ISA 9.7.9.25:
cp.async.bulk, .tensor, .prefetch, .wait_group, cp.reduce.async.bulk) and of wgmma (9.7.15:
mma_async with and without .sp, fence, commit_group, wait_group) for scripts/isa_audit.py."""
from spell import pick, vec, with_mutants

HINT = ["", "L2::cache_hint"]
MBAR = "mbarrier::complete_tx::bytes"


def gen_bulk():
    out = []
    for dst, src, cm, mc, hint, mask in pick(
            [["shared::cluster", "shared::cta", "global"], ["global", "shared::cta", "shared::cluster"],
             [MBAR, "bulk_group", ""], ["", "multicast::cluster"], HINT, ["", "cp_mask"]], 400, 201):
        ops = ["[%rd1]", "[%rd2]", "%r3"] + (["[%rd4]"] if cm == MBAR else []) + (["%h5"] if mc else []) \
            + (["%rd9"] if hint else []) + (["%h6"] if mask else [])
        out.append((["cp.async.bulk", dst, src, cm, mc, hint, mask], ops))
    for hint, pf in pick([HINT, ["L2", "", "L1"]], 10, 202):
        out.append((["cp.async.bulk.prefetch", pf, "global", hint], ["[%rd1]", "%r3"] + (["%rd9"] if hint else [])))
    for read in ["", "read"]:
        for n in ["0", "3", "%r1"]:
            out.append((["cp.async.bulk.wait_group", read], [n]))
    out.append((["cp.async.bulk.commit_group"], []))
    return with_mutants(out, 6, 203)


DIMS = ["1d", "2d", "3d", "4d", "5d"]
MODES = ["", "tile", "im2col", "im2col::w", "im2col::w::128", "tile::gather4", "tile::scatter4", "im2col_no_offs"]


def coords(dim, mode=""):
    """the tensor coordinates; tile::gather4/scatter4 (2d) name a column and four rows"""
    return vec("%r", 5 if "4" in mode and dim == "2d" else int(dim[0]), 10)


def im2col_offsets(dim, mode):
    n = int(dim[0]) - 2
    if mode == "im2col" and n > 0:
        return [vec("%h", n, 1)]
    if mode.startswith("im2col::w"):
        return [vec("%h", 2, 1)]
    return []


def gen_tensor():
    out = []
    for dim, dst, src, mode, cm, cg, mc, hint in pick(
            [DIMS, ["shared::cluster", "shared::cta", "global"], ["global", "shared::cta"], MODES,
             [MBAR, "bulk_group"], ["", "cta_group::1", "cta_group::2"], ["", "multicast::cluster"], HINT], 700, 204):
        tmap = "[%rd1, " + coords(dim, mode) + "]"
        if dst == "global":
            ops = [tmap, "[%rd2]"] + (["%rd9"] if hint else [])
        else:
            ops = ["[%rd2]", tmap, "[%rd3]"] + im2col_offsets(dim, mode) + (["%h5"] if mc else []) \
                + (["%rd9"] if hint else [])
        out.append((["cp.async.bulk.tensor", dim, dst, src, mode, cm, cg, mc, hint], ops))
    for dim, mode, hint in pick([DIMS, MODES, HINT], 80, 205):
        ops = ["[%rd1, " + coords(dim, mode) + "]"] + im2col_offsets(dim, mode) + (["%rd9"] if hint else [])
        out.append((["cp.async.bulk.prefetch.tensor", dim, "L2.global", mode, hint], ops))
    return with_mutants(out, 7, 206)


RED_OPS = ["add", "min", "max", "inc", "dec", "and", "or", "xor"]
RED_TYPES = ["b32", "u32", "s32", "b64", "u64", "s64", "f32", "f64", "f16", "bf16", "noftz.f16", "noftz.bf16"]


def gen_reduce():
    out = []
    for dst, src, cm, hint, op, t in pick(
            [["global", "shared::cluster", "shared::cta"], ["shared::cta", "global"], [MBAR, "bulk_group"], HINT,
             RED_OPS, RED_TYPES], 500, 207):
        ops = ["[%rd1]", "[%rd2]", "%r3"] + (["[%rd4]"] if cm == MBAR else []) + (["%rd9"] if hint else [])
        out.append((["cp.reduce.async.bulk", dst, src, cm, hint, op, t], ops))
    for dim, op, mode, hint in pick([DIMS, RED_OPS, ["", "tile", "im2col_no_offs"], HINT], 150, 208):
        ops = ["[%rd1, " + coords(dim) + "]", "[%rd2]"] + (["%rd9"] if hint else [])
        out.append((["cp.reduce.async.bulk.tensor", dim, "global.shared::cta", op, mode, "bulk_group", hint], ops))
    return with_mutants(out, 7, 209)


# (atype, btype, k, dtypes): the wgmma type combinations of the manual, dense k
WG_TYPES = [("f16", "f16", 16, ["f16", "f32"]), ("bf16", "bf16", 16, ["f32"]), ("tf32", "tf32", 8, ["f32"]),
            ("e4m3", "e4m3", 32, ["f16", "f32"]), ("e4m3", "e5m2", 32, ["f16", "f32"]),
            ("e5m2", "e4m3", 32, ["f16", "f32"]), ("e5m2", "e5m2", 32, ["f16", "f32"]),
            ("s8", "s8", 32, ["s32"]), ("u8", "s8", 32, ["s32"]), ("s8", "u8", 32, ["s32"]),
            ("u8", "u8", 32, ["s32"]), ("b1", "b1", 256, ["s32"]),
            ("f16", "bf16", 16, ["f32"]), ("bf16", "bf16", 16, ["f16"]), ("tf32", "tf32", 16, ["f32"])]


def wg_spelling(n, a, b, k, d, sp, areg, satf=""):
    shape = "m64n%dk%d" % (n, k * (2 if sp else 1))
    nd = n // 4 if d == "f16" else n // 2
    dregs = vec("%r", nd, 1)
    aop = vec("%r", 4, 40) if areg else "%rd1"
    ops = [dregs, aop, "%rd2"] + (["%r50", "0"] if sp else []) + ["%p1"]
    if a not in ("s8", "u8", "b1"):
        ops += ["1", "-1"]
        if a in ("f16", "bf16"):
            ops += ([] if areg else ["0"]) + ["1"]
    parts = ["wgmma.mma_async", "sp" if sp else "", "sync.aligned", shape, d, a, b, satf]
    if a == "b1":
        parts = ["wgmma.mma_async", "sp" if sp else "", "sync.aligned", shape, d, a, b, "and.popc"]
    return parts, ops


def gen_wgmma():
    out = []
    for a, b, k, ds in WG_TYPES:
        for d in ds + (["f16"] if a == "tf32" else []):
            for n in (8, 16, 24, 64, 128, 136, 256, 12, 264):
                for sp in (False, True):
                    for areg in (False, True):
                        if n % 8 and (n, areg) != (12, False):
                            continue
                        if n > 256 and d != "f16":  # more than 128 registers: ptxsim's list limit
                            continue
                        out.append(wg_spelling(n, a, b, k, d, sp, areg))
            if d == "s32":
                out.append(wg_spelling(64, a, b, k, d, False, False, "satfinite"))
                out.append(wg_spelling(64, a, b, k, d, True, True, "satfinite"))
    # operand-count and shape slips: a wrong k, the m dimension, missing scale/trans operands
    out.append((["wgmma.mma_async.sync.aligned.m64n64k8.f32.f16.f16"], [vec("%r", 32), "%rd1", "%rd2", "%p1", "1", "1", "0", "0"]))
    out.append((["wgmma.mma_async.sync.aligned.m32n64k16.f32.f16.f16"], [vec("%r", 32), "%rd1", "%rd2", "%p1", "1", "1", "0", "0"]))
    out.append((["wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"], [vec("%r", 32), "%rd1", "%rd2", "%p1"]))
    out.append((["wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"], [vec("%r", 32), "%rd1", "%rd2", "1", "1", "1", "0", "0"]))
    out.append((["wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"], [vec("%r", 32), "%rd1", "%rd2", "%p1", "2", "1", "0", "0"]))
    out.append((["wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"], [vec("%r", 32), "%rd1", "%rd2", "%p1", "1", "1", "2", "0"]))
    out.append((["wgmma.mma_async.aligned.m64n64k16.f32.f16.f16"], [vec("%r", 32), "%rd1", "%rd2", "%p1", "1", "1", "0", "0"]))
    out.append((["wgmma.mma_async.sync.m64n64k16.f32.f16.f16"], [vec("%r", 32), "%rd1", "%rd2", "%p1", "1", "1", "0", "0"]))
    out.append((["wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"], [vec("%r", 16), "%rd1", "%rd2", "%p1", "1", "1", "0", "0"]))
    for f in ["wgmma.fence.sync.aligned", "wgmma.fence", "wgmma.fence.sync", "wgmma.fence.aligned",
              "wgmma.commit_group.sync.aligned", "wgmma.commit_group", "wgmma.commit_group.aligned.sync"]:
        out.append(([f], []))
    for w in ["wgmma.wait_group.sync.aligned", "wgmma.wait_group", "wgmma.wait_group.sync"]:
        for n in ["0", "1", "7", "%r1"]:
            out.append(([w], [n]))
    return with_mutants(out, 11, 210)
