"""spell_noexec.py — one-line spellings of the forms ptxsim parses but does not run (forms.def
rows with P_NOEXEC): createpolicy, discard, applypriority (PTX ISA 9.7.9.15-17), tcgen05
(9.7.16), tensormap.* (9.7.9.26), multimem (9.7.9.16), clusterlaunchcontrol (9.7.13.16),
istypep (9.7.10.6). Parse must agree with ptxas; run may refuse what parse accepts."""
from spell import pick, vec, with_mutants

EVICT = ["L2::evict_last", "L2::evict_normal", "L2::evict_first", "L2::evict_unchanged", "L2::evict_nosuch"]


def gen_policy():
    out = []
    for p, s in pick([EVICT, ["", "L2::evict_unchanged", "L2::evict_first"]], 40, 501):
        out.append((["createpolicy.fractional", p, s, "b64"], ["%rd1", "0.5"]))
        out.append((["createpolicy.fractional", p, s, "b64"], ["%rd1", "[%rd2]", "%r3", "%r4"]))
        out.append((["createpolicy.range", p, s, "b64"], ["%rd1", "[%rd2]", "%r3", "%r4"]))
        out.append((["createpolicy.range.global", p, s, "b64"], ["%rd1", "[%rd2]", "%r3", "%r4"]))
    for ops in (["%rd1", "1.0"], ["%rd1"], ["%rd1", "2.0"], ["%rd1", "%r1"]):
        out.append((["createpolicy.fractional.L2::evict_last.b64"], ops))
        out.append((["createpolicy.fractional.L2::evict_last.b32"], ops))
    out.append((["createpolicy.cvt.L2.b64"], ["%rd1", "%rd2"]))
    out.append((["createpolicy.cvt.b64"], ["%rd1", "%rd2"]))
    for ss, lvl, n in pick([["global", "", "shared"], ["L2", "L1"], ["128", "64", "%r1"]], 18, 502):
        out.append((["discard", ss, lvl], ["[%rd1]", n]))
    for ss, p, n in pick([["global", "", "shared"], EVICT, ["128", "64"]], 30, 503):
        out.append((["applypriority", ss, p], ["[%rd1]", n]))
    return with_mutants(out, 6, 504)


TC_SHAPES = ["32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2"]


def gen_tcgen05():
    out = []
    for cg in ["cta_group::1", "cta_group::2", ""]:
        out.append((["tcgen05.alloc", cg, "sync.aligned.shared::cta.b32"], ["[%rd1]", "%r2"]))
        out.append((["tcgen05.dealloc", cg, "sync.aligned.b32"], ["%r1", "%r2"]))
        out.append((["tcgen05.relinquish_alloc_permit", cg, "sync.aligned"], []))
        out.append((["tcgen05.commit", cg, "mbarrier::arrive::one.b64"], ["[%rd1]"]))
        out.append((["tcgen05.commit", cg, "mbarrier::arrive::one.shared::cluster.multicast::cluster.b64"], ["[%rd1]", "%h1"]))
        for kind in ["f16", "tf32", "f8f6f4", "i8", "mxf8f6f4", "nosuch"]:
            out.append((["tcgen05.mma", cg, "kind::" + kind], ["[%r1]", "%rd2", "%rd3", "%r4", "%p1"]))
        out.append((["tcgen05.cp", cg, "128x256b"], ["[%r1]", "%rd2"]))
        out.append((["tcgen05.shift", cg, "down"], ["[%r1]"]))
    for f in ["fence::before_thread_sync", "fence::after_thread_sync", "fence::nosuch"]:
        out.append((["tcgen05", f], []))
    for w in ["ld", "st", "nosuch"]:
        out.append((["tcgen05.wait::" + w, "sync.aligned"], []))
    for shape, num in pick([TC_SHAPES, ["x1", "x2", "x4", "x128", "x3"]], 25, 505):
        n = int(num[1:])
        out.append((["tcgen05.ld.sync.aligned", shape, num, "b32"], [vec("%r", min(n, 64)), "[%r70]"] +
                   (["2"] if shape == "16x32bx2" else [])))
        out.append((["tcgen05.st.sync.aligned", shape, num, "b32"], ["[%r70]"] + (["2"] if shape == "16x32bx2" else [])
                   + [vec("%r", min(n, 64))]))
    return with_mutants(out, 7, 506)


def gen_tensormap():
    out = []
    for field, ss, t, val in pick([["global_address", "rank", "box_dim", "global_dim", "global_stride",
                                    "element_stride", "elemtype", "interleave_layout", "swizzle_mode", "fill_mode",
                                    "nosuch"], ["", "global", "shared::cta"], ["b32", "b64", "b16"], ["%r2", "%rd2"]],
                                  100, 507):
        ord_ = field in ("box_dim", "global_dim", "global_stride", "element_stride")
        ops = ["[%rd1]"] + (["1"] if ord_ else []) + [val]
        out.append((["tensormap.replace.tile", field, ss, "b1024", t], ops))
    for sem in ["release.gpu", "release.cta", "acquire.gpu", "release.sys", ""]:
        out.append((["tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic", sem, "sync.aligned"],
                    ["[%rd1]", "[%rd2]", "128"]))
    return with_mutants(out, 7, 508)


def gen_multimem():
    out = []
    for sem, sc, op, t in pick([["", "weak", "relaxed", "acquire"], ["", "cta", "cluster", "gpu", "sys"],
                                ["add", "min", "max", "and", "or", "xor"],
                                ["u32", "s32", "u64", "f32", "f16", "f16x2", "bf16", "bf16x2", "b32", "f64",
                                 "acc::f32.v4.f16x2"]], 300, 509):
        d = "%rd1" if t.endswith("64") else "%r1"
        out.append((["multimem.ld_reduce", sem, sc, "global", op, t], [d, "[%rd2]"]))
        out.append((["multimem.red", sem.replace("acquire", "release"), sc, "global", op, t], ["[%rd2]", d]))
    for sem, t in pick([["", "weak", "relaxed.sys", "release.gpu"], ["b32", "f32", "v4.f32", "b64"]], 16, 510):
        out.append((["multimem.st", sem, "global", t], ["[%rd2]", "%r1" if "v4" not in t else vec("%r", 4)]))
    out.append((["multimem.cp.async.bulk.global.shared::cta.bulk_group"], ["[%rd1]", "[%rd2]", "%r3"]))
    return with_mutants(out, 8, 511)


def gen_clc():
    out = []
    for mc in ["", "multicast::cluster::all"]:
        for t in ["b128", "b64"]:
            out.append((["clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes", mc, t],
                        ["[%rd1]", "[%rd2]"]))
    for q in ["is_canceled.pred", "get_first_ctaid.v4.b32", "get_first_ctaid::x.b32", "get_first_ctaid::y.b32",
              "nosuch.b32"]:
        d = "%p1" if "pred" in q else vec("%r", 4) if "v4" in q else "%r1"
        out.append((["clusterlaunchcontrol.query_cancel", q, "b128"], [d, "%q1"]))
    for k in ["texref", "samplerref", "surfref", "nosuch"]:
        out.append((["istypep", k], ["%p1", "%rd1"]))
        out.append((["istypep", k], ["%r1", "%rd1"]))
    return with_mutants(out, 4, 512)
