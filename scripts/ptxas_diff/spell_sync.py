"""spell_sync.py — one-line spellings of fence (PTX ISA 9.7.13.4: sc/acq_rel with scopes,
acquire/release with sync_restrict, op_restrict, mbarrier_init, proxy.*), bar/barrier (9.7.13.1:
sync, arrive, red), barrier.cluster, griddepcontrol and setmaxnreg for scripts/isa_audit.py."""
from spell import pick, with_mutants

SCOPES = ["", "cta", "cluster", "gpu", "sys"]


def gen_fence():
    out = []
    for sem, sc in pick([["", "sc", "acq_rel", "acquire", "release", "relaxed"], SCOPES], 60, 301):
        out.append((["fence", sem, sc], []))
    for sem, rs, sc in pick([["acquire", "release", ""], ["sync_restrict::shared::cluster", "sync_restrict::shared::cta"],
                             SCOPES], 60, 302):
        out.append((["fence", sem, rs, sc], []))
    for sem, sc in pick([["release", "acquire", ""], SCOPES], 20, 303):
        out.append((["fence.op_restrict", sem, sc], []))
        out.append((["fence.mbarrier_init", sem, sc], []))
    for kind in ["alias", "async", "async.global", "async.shared::cta", "async.shared::cluster", "async.local",
                 "global", ""]:
        out.append((["fence.proxy", kind], []))
    for sem, sc in pick([["release", "acquire", ""], SCOPES], 20, 304):
        ops = ["[%rd1]", "128"] if sem == "acquire" else []
        out.append((["fence.proxy.tensormap::generic", sem, sc], ops))
        out.append((["fence.proxy.tensormap::generic", sem, sc], ["[%rd1]", "64"]))
        out.append((["fence.proxy.tensormap::generic", sem, sc, "global"], ["[%rd1]", "128"]))
    for sem, rs, sc in pick([["acquire", "release", ""],
                             ["", "sync_restrict::shared::cluster", "sync_restrict::shared::cta"], SCOPES], 40, 305):
        out.append((["fence.proxy.async::generic", sem, rs, sc], []))
    out.append((["fence.sc.cta"], ["%r1"]))
    return with_mutants(out, 5, 306)


def gen_bar():
    out = []
    for mn, cta, op, al in pick([["bar", "barrier"], ["", "cta"], ["sync", "arrive", "red"], ["", "aligned"]], 40, 307):
        base = [mn, cta, op, al]
        if op == "red":
            for rop, t, ops in [("popc", "u32", ["%r1", "0", "%p1"]), ("popc", "u32", ["%r1", "0", "32", "!%p1"]),
                                ("and", "pred", ["%p2", "1", "%p1"]), ("or", "pred", ["%p2", "%r3", "64", "!%p1"]),
                                ("popc", "", ["%r1", "0", "%p1"]), ("and", "u32", ["%p2", "0", "%p1"]),
                                ("or", "pred", ["%p2", "0"]), ("xor", "pred", ["%p2", "0", "%p1"])]:
                out.append((base + [rop, t], ops))
        else:
            for ops in (["0"], ["1", "64"], ["%r1"], ["%r1", "%r2"], ["16"], ["0", "33"], [], ["0", "32", "%r1"]):
                out.append((base, ops))
    for mn in ["bar", "barrier"]:
        out.append(([mn], ["0"]))
        out.append(([mn, "sync", "aligned", "cta"], ["0"]))
    for op, sem, al in pick([["arrive", "wait", ""], ["", "relaxed", "release", "acquire"], ["", "aligned"]], 30, 308):
        out.append((["barrier.cluster", op, sem, al], []))
    return with_mutants(out, 6, 309)


def gen_misc():
    out = []
    for w in ["launch_dependents", "wait", "", "launch", "sync"]:
        out.append((["griddepcontrol", w], []))
        out.append((["griddepcontrol", w], ["%r1"]))
    for op, sy, al, t in pick([["inc", "dec", ""], ["sync", ""], ["aligned", ""], ["u32", "b32", "s32", ""]], 60, 310):
        for n in ["32", "240", "256", "24", "100", "%r1"]:
            out.append((["setmaxnreg", op, sy, al, t], [n]))
    return with_mutants(out, 9, 311)
