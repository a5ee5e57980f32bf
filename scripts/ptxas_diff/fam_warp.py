"""fam_warp.py — barriers and warp-level instructions: bar / barrier (.sync .arrive .red with
barrier ids and thread counts, .aligned), bar.warp.sync, shfl.sync in its four modes, vote.sync,
match.sync, redux.sync, activemask, elect.sync, and the legacy shfl / vote without .sync by
target, with mutations ptxas must reject (barrier id > 15, a zero or unaligned count, lane or
clamp immediates out of range, wrong register types and operand counts)."""
from common import Case, kernel, pick, sm_number

FAMILY = "warp"


def rare(rng, good, bad, p=.06):
    """one of good, or now and then one of bad (a case makes several such choices)"""
    return pick(rng, bad) if rng.random() < p else pick(rng, good)


def b_id(rng):
    return rare(rng, ["0", "1", "15", "%r1", "%r1", "7", "%u1", "%s1"], ["16", "-1", "%rd1", "%h1", "%f1", "%p1"])


def b_cnt(rng):
    return rare(rng, ["32", "64", "128", "1024", "%r2", "%r2", "%u2", "96"], ["0", "33", "%rd2", "2048", "-32", "%f2"])


def t_bar(rng, t, v):
    m = rng.randrange(10)
    mn = pick(rng, ["bar", "barrier", "bar", "barrier"])
    op = rare(rng, ["popc", "and", "or"], ["xor", "add"])
    al = pick(rng, ["", ".aligned"]) if mn == "barrier" else pick(rng, ["", "", ".aligned"])
    if m in (0, 1):
        ops = [b_id(rng)] + ([b_cnt(rng)] if rng.random() < .5 else [])
        sync = rare(rng, [".sync", ".sync", ""], [".cta.sync"]) if mn == "bar" else rare(rng, [".sync"], [""])
        return "sync", kernel(t, v, [f"{mn}{sync}{al} {', '.join(ops)};"])
    if m in (2, 3):
        ops = [b_id(rng)] + ([b_cnt(rng)] if rng.random() < .8 else [])
        return "arrive", kernel(t, v, [f"{mn}.arrive{al} {', '.join(ops)};"])
    if m in (4, 5):
        ty = rare(rng, [".u32"], [".pred", ".b32", ".u64", ""]) if op == "popc" else rare(rng, [".pred"], [".u32"])
        d = rare(rng, ["%r3"], ["%rd3", "%p3"]) if op == "popc" else rare(rng, ["%p3"], ["%r3"])
        src = rare(rng, ["%p1", "%p1", "!%p1"], ["%r1", "1"])
        ops = [d, b_id(rng)] + ([b_cnt(rng)] if rng.random() < .4 else []) + [src]
        return "red", kernel(t, v, [f"{mn}.red.{op}{al}{ty} {', '.join(ops)};"])
    if m == 6:
        return "warp_sync", kernel(t, v, [f"bar.warp.sync {pick(rng, ['%r1', '-1', '0xffffffff', '0', '%rd1', '1', '%p1'])};"])
    if m == 7:
        return "no_ops", kernel(t, v, [f"{mn}.sync{al};"])
    if m == 8:
        return "guarded", kernel(t, v, [f"@%p1 {mn}.sync{al} {b_id(rng)};"])
    return "too_many", kernel(t, v, [f"{mn}.sync{al} 0, 32, 1;"])


def lane(rng):
    return rare(rng, ["%r2", "%r2", "0", "1", "31", "%u2", "0x1f", "%s2"], ["32", "-1", "%rd2", "63", "%f2"])


def clamp(rng):
    return rare(rng, ["%r3", "%r3", "0x1f", "31", "0", "0x1c1f", "0x1f1f", "0x1f00"], ["0xffff", "65536", "-1", "%rd3", "0x2000"])


def mask(rng):
    return rare(rng, ["%r4", "%r4", "-1", "0xffffffff", "0", "0x1", "%u4"], ["%rd4", "0x100000000", "%p4", "%f4"])


def t_shfl(rng, t, v):
    mode = rare(rng, ["up", "down", "bfly", "idx"], ["xor", ""])
    ty = rare(rng, [".b32"], [".u32", ".f32", ".b64", ""])
    d = rare(rng, ["%r1", "%r1", "%r1|%p1", "%f1", "%u1"], ["%rd1", "%h1", "%r1|%r5", "%p1"])
    a = rare(rng, ["%r5", "%r5", "%f5", "1", "%s5"], ["%rd5", "%p5"])
    sync = rng.random() < .7
    mo = "." + mode if mode else ""
    if sync:
        ops = [d, a, lane(rng), clamp(rng), mask(rng)]
        if rng.random() < .04:
            ops.pop()
        return "sync", kernel(t, v, [f"shfl.sync{mo}{ty} {', '.join(ops)};"])
    ops = [d, a, lane(rng), clamp(rng)]
    if rng.random() < .04:
        ops.append(mask(rng))
    return "legacy", kernel(t, v, [f"shfl{mo}{ty} {', '.join(ops)};"])


def t_vote(rng, t, v):
    mode = rare(rng, ["all", "any", "uni", "ballot"], ["eq", ""])
    ty = ".b32" if mode == "ballot" else ".pred"
    ty = rare(rng, [ty], [".pred", ".b32", ".u32", ""], .1)
    d = "%r1" if ty == ".b32" else "%p2"
    d = rare(rng, [d], ["%r1", "%p2", "%rd1"], .1)
    src = rare(rng, ["%p1", "%p1", "!%p1"], ["%r2", "1"])
    mo = "." + mode if mode else ""
    if rng.random() < .7:
        ops = [d, src, mask(rng)]
        if rng.random() < .04:
            ops.pop()
        return "sync", kernel(t, v, [f"vote.sync{mo}{ty} {', '.join(ops)};"])
    ops = [d, src] + ([mask(rng)] if rng.random() < .04 else [])
    return "legacy", kernel(t, v, [f"vote{mo}{ty} {', '.join(ops)};"])


def t_match(rng, t, v):
    mode = rare(rng, ["any", "all", "all"], ["", "uni"])
    ty = rare(rng, [".b32", ".b64"], [".u32", ".b16", ""])
    d = rare(rng, ["%r1", "%r1", "%r1|%p1"], ["%rd1", "%p1"])
    if mode == "all" and rng.random() < .5:
        d = "%r1|%p1"
    a = {".b64": "%rd2", ".b16": "%h2"}.get(ty, "%r2")
    a = rare(rng, [a], ["%r2", "%rd2", "5"], .1)
    ops = [d, a, mask(rng)]
    mo = "." + mode if mode else ""
    sync = rare(rng, [".sync"], [""])
    return "match", kernel(t, v, [f"match{mo}{sync}{ty} {', '.join(ops)};"])


def t_redux(rng, t, v):
    op = rare(rng, ["add", "min", "max", "and", "or", "xor"], ["mul"])
    ty = rare(rng, [".u32", ".s32", ".b32", ".f32"], [".u64", ".s64", ".b64", ""], .1)
    extra = pick(rng, ["", "", "", ".abs", ".NaN", ".abs.NaN"]) if ty == ".f32" else rare(rng, [""], [".abs"])
    d = {".u64": "%rd1", ".s64": "%rd1", ".b64": "%rd1", ".f32": "%f1"}.get(ty, "%r1")
    d = rare(rng, [d], ["%r1", "%f1", "%rd1"])
    a = d.replace("1", "2")
    ops = [d, a, mask(rng)]
    if rng.random() < .04:
        ops.pop()
    return "redux", kernel(t, v, [f"redux.sync.{op}{extra}{ty} {', '.join(ops)};"])


def t_misc(rng, t, v):
    m = rng.randrange(6)
    if m == 0:
        return "activemask", kernel(t, v, [pick(rng, ["activemask.b32 %r1;", "activemask.b32 %r1;",
                                                     "activemask.u32 %r1;", "activemask.b64 %rd1;",
                                                     "activemask %r1;", "activemask.b32 %rd1;",
                                                     "activemask.b32 %f1;", "activemask.b32 %r1, %r2;"])])
    if m in (1, 2):
        d = pick(rng, ["%r1|%p1", "%r1|%p1", "_|%p1", "%r1|_", "%r1", "%p1", "%rd1|%p1", "%r1|%r2"])
        return "elect", kernel(t, v, [f"elect.sync {d}, {mask(rng)};"])
    if m == 3:
        return "elect_type", kernel(t, v, [f"elect.sync.b32 %r1|%p1, -1;"])
    if m == 4:  # shfl and vote in divergent code (legal)
        return "diverge", kernel(t, v, ["@%p1 bra L1;", "shfl.sync.idx.b32 %r1, %r2, 0, 31, -1;", "L1:",
                                        "vote.sync.any.pred %p2, %p1, -1;"])
    return "warpsync_imm", kernel(t, v, [f"bar.warp.sync {pick(rng, ['-1', '0x0000ffff', '4294967296'])};"])


TEMPLATES = [t_bar, t_bar, t_bar, t_shfl, t_shfl, t_vote, t_vote, t_match, t_redux, t_redux, t_misc]


def generate(rng, target, count):
    t, v = target
    out = []
    for i in range(count):
        what, text = pick(rng, TEMPLATES)(rng, t, v)
        out.append(Case(f"{FAMILY}/{t}/{i:03d}-{what}", text))
    return out
