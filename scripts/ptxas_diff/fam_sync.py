"""fam_sync.py — memory ordering and asynchronous copies: membar, fence (.sc/.acq_rel with a scope,
.proxy.* variants, .mbarrier_init), the basic mbarrier operations (init, inval, arrive{_drop} with
and without a count, expect_tx, complete_tx, test_wait/try_wait{.parity}, pending_count), cp.async
(.ca/.cg, sizes, src-size, commit/wait), cp.async.mbarrier.arrive and the basic cp.async.bulk forms
(global<->shared, commit_group, wait_group{.read}, prefetch). Mutations: scopes and proxies that do
not exist, a semantic without a scope (and the reverse), operations in the wrong state space or
size, missing operands, targets too old."""
import common
from common import Case, pick

FAMILY = "sync"

PRELUDE = """\
.global .align 16 .b8 g_arr[64];
.shared .align 16 .b8 s_arr[64];
.shared .align 8 .b64 s_bar;
"""


def membar_fence(rng, sm, mutate):
    k = rng.random()
    if k < 0.25:
        lvl = pick(rng, [".cta", ".gl", ".sys"] if not mutate else [".cta", ".gpu", ".cluster", "", ".proxy.alias",
                                                                     ".gl.sys"])
        return f"membar{lvl};", "membar"
    if k < 0.55:
        sem = pick(rng, [".sc", ".acq_rel", ""] + ([".acquire", ".release", ".relaxed"] if mutate else []))
        scope = pick(rng, [".cta", ".gpu", ".sys", ".cluster"] + ([".gl", ""] if mutate else []))
        return f"fence{sem}{scope};", "fence"
    if k < 0.85:
        v = pick(rng, [".proxy.alias", ".proxy.async", ".proxy.async.global", ".proxy.async.shared::cta",
                       ".proxy.async.shared::cluster",
                       ".proxy.tensormap::generic.release.gpu", ".proxy.tensormap::generic.release.cta",
                       ".proxy.tensormap::generic.release.sys", ".proxy.tensormap::generic.release.cluster"]
                 + ([".proxy.async.local", ".proxy.generic", ".proxy", ".proxy.async.shared", ".proxy.alias.cta",
                     ".proxy.tensormap::generic.release"] if mutate else []))
        return f"fence{v};", "fence_proxy"
    if rng.random() < 0.5:
        v = pick(rng, [".proxy.tensormap::generic.acquire.gpu", ".proxy.tensormap::generic.acquire.cta",
                       ".proxy.tensormap::generic.acquire.sys"])
        if mutate:
            v = pick(rng, [".proxy.tensormap::generic.acquire", ".proxy.tensormap::generic.acquire.gl"])
        return f"fence{v} [%rd1], 128;", "fence_tmap_acq"
    v = ".mbarrier_init.release.cluster" if not mutate else pick(rng, [".mbarrier_init.release.cta",
                                                                       ".mbarrier_init", ".mbarrier_init.acquire.cluster"])
    return f"fence{v};", "fence_mbinit"


def mbarrier(rng, sm, mutate):
    sp = pick(rng, [".shared", ".shared::cta", ""] + ([".global", ".shared::cluster", ".local"] if mutate else []))
    addr = pick(rng, ["[s_bar]", "[%rd1]", "[%r1]"] + (["[g_arr]"] if mutate else []))
    semscope = ""
    if rng.random() < 0.4:
        sem = pick(rng, [".release", ".relaxed"] + ([".acquire", ".acq_rel"] if mutate else []))
        scope = pick(rng, [".cta", ".cluster"] + ([".gpu", ""] if mutate else []))
        semscope = sem + scope
    op = pick(rng, ["init", "inval", "arrive", "arrive_drop", "arrive.expect_tx", "expect_tx", "complete_tx",
                    "test_wait", "try_wait", "pending_count", "arrive.noComplete"])
    if op == "init":
        return f"mbarrier.init{sp}.b64 {addr}, {pick(rng, ['%r2', '32', '1'])};", "mb_init"
    if op == "inval":
        return f"mbarrier.inval{sp}.b64 {addr};", "mb_inval"
    if op in ("arrive", "arrive_drop"):
        cnt = ", %r2" if rng.random() < 0.3 else ""
        d = pick(rng, ["%rd4", "_"] if sm >= 90 else ["%rd4"])
        return f"mbarrier.{op}{semscope}{sp}.b64 {d}, {addr}{cnt};", f"mb_{op}"
    if op == "arrive.noComplete":
        return f"mbarrier.arrive.noComplete{sp}.b64 %rd4, {addr}, %r2;", "mb_nocomplete"
    if op == "arrive.expect_tx":
        return f"mbarrier.arrive.expect_tx{semscope}{sp}.b64 %rd4, {addr}, %r2;", "mb_arrive_tx"
    if op in ("expect_tx", "complete_tx"):
        if semscope.startswith(".release"):
            semscope = ".relaxed" + semscope[len(".release"):] if not mutate else semscope
        return f"mbarrier.{op}{semscope}{sp}.b64 {addr}, %r2;", f"mb_{op}"
    if op == "pending_count":
        return "mbarrier.pending_count.b64 %r4, %rd4;", "mb_pending"
    par = ".parity" if rng.random() < 0.4 else ""
    if semscope.startswith(".release") and not mutate:
        semscope = ".acquire" + semscope[len(".release"):]
    tok = "%r2" if par else "%rd4"
    extra = ", %r3" if op == "try_wait" and rng.random() < 0.3 else ""
    return f"mbarrier.{op}{par}{semscope}{sp}.b64 %p1, {addr}, {tok}{extra};", f"mb_{op}"


def cp_async(rng, sm, mutate):
    k = rng.random()
    if k < 0.45:
        cache = pick(rng, [".ca", ".cg"])
        size = pick(rng, [4, 8, 16] + ([2, 32] if mutate else []))
        if cache == ".cg" and not mutate:
            size = 16
        dst = pick(rng, [".shared", ".shared::cta", ".shared"] + ([".global", ".shared::cluster"] if mutate else []))
        src = ".global" if not mutate or rng.random() < 0.5 else pick(rng, [".shared", ".local", ""])
        hint = pick(rng, ["", "", ".L2::64B", ".L2::128B", ".L2::256B"])
        d = pick(rng, ["[s_arr]", "[%rd1]", "[%r1]"] + (["[g_arr]"] if mutate else []))
        s = pick(rng, ["[%rd2]", "[g_arr]", "[g_arr+16]"] + (["[s_arr]"] if mutate else []))
        extra = ""
        if rng.random() < 0.3:
            extra = f", {pick(rng, ['%r3', '4', '0'])}"
        return f"cp.async{cache}{dst}{src}{hint} {d}, {s}, {size}{extra};", "cp_async"
    if k < 0.6:
        return pick(rng, ["cp.async.commit_group;", "cp.async.wait_group 0;", "cp.async.wait_group 3;",
                          "cp.async.wait_all;"] + (["cp.async.wait_group %r1;", "cp.async.wait_all 1;"]
                                                   if mutate else [])), "cp_async_group"
    if k < 0.7:
        sp = pick(rng, [".shared", ".shared::cta", ""] + ([".global"] if mutate else []))
        return f"cp.async.mbarrier.arrive{pick(rng, ['', '.noinc'])}{sp}.b64 [s_bar];", "cp_async_mbar"
    # cp.async.bulk basics (sm_90)
    form = pick(rng, ["g2s", "s2g", "commit", "wait", "prefetch", "s2s"])
    if form == "g2s":
        dst = ".shared::cluster" if not mutate else pick(rng, [".shared::cluster", ".shared::cta", ".global"])
        return (f"cp.async.bulk{dst}.global.mbarrier::complete_tx::bytes [s_arr], [%rd2], "
                f"{pick(rng, ['%r2', '16', '64'])}, [s_bar];"), "bulk_g2s"
    if form == "s2g":
        src = ".shared::cta" if not mutate else pick(rng, [".shared::cluster", ".shared::cta", ".global"])
        return f"cp.async.bulk.global{src}.bulk_group [%rd2], [s_arr], {pick(rng, ['%r2', '16', '64'])};", "bulk_s2g"
    if form == "s2s":
        return ("cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r1], [s_arr], 16, "
                "[%r2];"), "bulk_s2s"
    if form == "commit":
        return "cp.async.bulk.commit_group;", "bulk_commit"
    if form == "wait":
        return pick(rng, ["cp.async.bulk.wait_group 0;", "cp.async.bulk.wait_group.read 1;"]
                    + (["cp.async.bulk.wait_group %r1;", "cp.async.bulk.wait_group.write 0;"] if mutate else [])), \
            "bulk_wait"
    return f"cp.async.bulk.prefetch.L2.global [%rd2], {pick(rng, ['%r2', '64'])};", "bulk_prefetch"


def generate(rng, target_version, count):
    target, version = target_version
    sm = common.sm_number(target)
    out = []
    for i in range(count):
        mutate = rng.random() < 0.25
        kind = pick(rng, ["fence", "fence", "mbarrier", "mbarrier", "cp_async", "cp_async"])
        line, what = {"fence": membar_fence, "mbarrier": mbarrier, "cp_async": cp_async}[kind](rng, sm, mutate)
        if mutate and rng.random() < 0.3 and " " in line:  # operand shapes: a bracket lost, a register resized
            form = pick(rng, ["nobracket", "narrow_state", "wide_count", "pred_dest"])
            mn, _, rest = line.partition(" ")
            if form == "nobracket" and "[" in rest:
                lo = rest.index("[")
                hi = rest.index("]", lo)
                rest = rest[:lo] + rest[lo + 1:hi] + rest[hi + 1:]
            elif form == "narrow_state" and "%rd4" in rest:
                rest = rest.replace("%rd4", "%r9", 1)
            elif form == "wide_count" and "%r2" in rest:
                rest = rest.replace("%r2", "%rd9", 1)
            elif form == "pred_dest" and "%p1" in rest:
                rest = rest.replace("%p1", "%r9", 1)
            else:
                form = ""
            line = mn + " " + rest
            what += f"_{form}" if form else ""
        text = common.kernel(target, version, [line], prelude=PRELUDE)
        out.append(Case(f"{FAMILY}/{target}/{i}_{what}", text))
    return out
