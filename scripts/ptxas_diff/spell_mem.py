"""spell_mem.py — one-line spellings of ld, ldu, st (PTX ISA 9.7.9.8-10), atom, red
(9.7.13.5-6), red.async and st.async (9.7.9.11, 9.7.13.7) for scripts/isa_audit.py.
Combinations of the modifiers the manual lists, in its order, with mutants (spell.py)."""
from spell import pick, text, value, vec, with_mutants

SPACES = ["", "global", "shared", "shared::cta", "shared::cluster", "local", "const", "param", "param::entry"]
LD_SEM = ["", "weak", "volatile", "relaxed.cta", "relaxed.gpu", "relaxed.sys", "relaxed.cluster",
          "acquire.cta", "acquire.gpu", "acquire.sys", "mmio.relaxed.sys", "relaxed", "acquire", "release.gpu"]
ST_SEM = ["", "weak", "volatile", "relaxed.cta", "relaxed.gpu", "relaxed.sys", "relaxed.cluster",
          "release.cta", "release.gpu", "release.sys", "mmio.relaxed.sys", "relaxed", "release", "acquire.gpu"]
LD_COP = ["", "ca", "cg", "cs", "lu", "cv", "nc", "cg.nc", "cs.nc"]
ST_COP = ["", "wb", "cg", "cs", "wt"]
EVICT = ["", "L1::evict_normal", "L1::evict_unchanged", "L1::evict_first", "L1::evict_last", "L1::no_allocate",
         "L2::evict_first"]
HINT = ["", "L2::cache_hint"]
PREF = ["", "L2::64B", "L2::128B", "L2::256B"]
VEC = ["", "v2", "v4", "v8"]
TYPES = ["b8", "u8", "s8", "b16", "u16", "s16", "f16", "b32", "u32", "s32", "f32", "b64", "u64", "s64", "f64",
         "b128", "pred", "f16x2"]
NVEC = {"": 1, "v2": 2, "v4": 4, "v8": 8}


def address(space, k):
    """the address operand: mostly a 64-bit register, now and then an offset, a variable, a
    32-bit register or the kernel parameter"""
    if space.startswith("param") and k % 3 == 0:
        return "[p0]"
    return ["[%rd1]", "[%rd1]", "[%rd1+16]", "[smem]", "[%r1]", "[%rd1]", "[smem+8]"][k % 7]


def gen_ld():
    out = []
    for k, (sem, ss, cop, ev, hint, pf, v, t) in enumerate(
            pick([LD_SEM, SPACES, LD_COP, EVICT, HINT, PREF, VEC, TYPES], 1400, 101)):
        ops = [value(t, NVEC[v]), address(ss, k)] + (["%rd9"] if hint else [])
        out.append((["ld", sem, ss, cop, ev, hint, pf, v, t], ops))
    # the shapes that are valid on recent targets, each modifier alone
    for t in TYPES:
        for m in ["", "global", "global.nc", "shared", "relaxed.gpu.global", "acquire.sys.global",
                  "global.L1::evict_last", "global.L2::128B", "global.nc.L1::no_allocate", "volatile.shared",
                  "global.v2", "global.v4", "global.v8", "shared::cluster", "weak.global.ca"]:
            n = 2 if m.endswith("v2") else 4 if m.endswith("v4") else 8 if m.endswith("v8") else 1
            out.append((["ld", m, t], [value(t, n), "[%rd1]"]))
    return with_mutants(out, 9, 1)


def gen_st():
    out = []
    for k, (sem, ss, cop, ev, hint, v, t) in enumerate(
            pick([ST_SEM, SPACES, ST_COP, EVICT, HINT, VEC, TYPES], 1000, 102)):
        ops = [address(ss, k), value(t, NVEC[v], 5)] + (["%rd9"] if hint else [])
        out.append((["st", sem, ss, cop, ev, hint, v, t], ops))
    for t in TYPES:
        for m in ["", "global", "shared", "release.gpu.global", "relaxed.sys", "global.wt", "global.v4",
                  "global.v8", "shared::cluster", "local", "param", "global.L1::no_allocate", "mmio.relaxed.sys.global"]:
            n = 4 if m.endswith("v4") else 8 if m.endswith("v8") else 1
            out.append((["st", m, t], ["[%rd1]", value(t, n, 5)]))
    return with_mutants(out, 9, 2)


def gen_ldu():
    out = []
    for ss, v, t in pick([["", "global", "shared", "local"], VEC, TYPES], 400, 103):
        out.append((["ldu", ss, v, t], [value(t, NVEC[v]), "[%rd1]"]))
    return with_mutants(out, 6, 3)


ATOM_SEM = ["", "relaxed", "acquire", "release", "acq_rel", "sc", "volatile"]
ATOM_SCOPE = ["", "cta", "cluster", "gpu", "sys"]
ATOM_SPACE = ["", "global", "shared", "shared::cta", "shared::cluster", "local", "param"]
ATOM_OPS = ["and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max"]
ATOM_TYPES = ["b16", "b32", "b64", "b128", "u32", "u64", "s32", "s64", "f32", "f64", "f16", "f16x2", "bf16",
              "bf16x2", "u16", "s16"]


def atom_ops(op, t, v, dest, hint):
    n = NVEC[v]
    d = [value(t, n, 1)] if dest else []
    src = [value(t, n, 11)]
    if op == "cas":
        src.append(value(t, n, 21))
    return d + ["[%rd1]"] + src + (["%rd9"] if hint else [])


def gen_atom_red(mn, seed):
    out = []
    dest = mn == "atom"
    for sem, sc, ss, op, noftz, hint, v, t in pick(
            [ATOM_SEM, ATOM_SCOPE, ATOM_SPACE, ATOM_OPS, ["", "noftz"], HINT, ["", "", "v2", "v4", "v8"], ATOM_TYPES],
            1300, seed):
        out.append(([mn, sem, sc, ss, op, noftz, hint, v, t], atom_ops(op, t, v, dest, hint)))
    for op in ATOM_OPS:
        for t in ATOM_TYPES:
            for m in ["global", "relaxed.gpu.global", "shared"]:
                out.append(([mn, m, op, t], atom_ops(op, t, "", dest, "")))
    for t in ["f32", "f16", "f16x2", "bf16", "bf16x2", "f64"]:
        for v in ["v2", "v4", "v8"]:
            out.append(([mn, "global", "add", "noftz" if "16" in t else "", v, t], atom_ops("add", t, v, dest, "")))
            out.append(([mn, "global", v, "add", t], atom_ops("add", t, v, dest, "")))
    return with_mutants(out, 9, seed)


def gen_atom():
    return gen_atom_red("atom", 104)


def gen_red():
    return gen_atom_red("red", 105)


ASYNC_OPS = ["inc", "dec", "min", "max", "add", "and", "or", "xor", "exch", "cas"]


def gen_async_store():
    """(ptxas 13 takes seconds to crash on sm_100+ on st.async/red.async .global with an mbarrier
    operand: the .global forms are written with two operands, without mutants)"""
    out = []
    for sem, ss, cm, v, t in pick([["", "weak", "release.cluster", "relaxed.cluster", "release.gpu"],
                                   ["", "shared::cluster", "shared::cta"],
                                   ["", "mbarrier::complete_tx::bytes"], ["", "v2", "v4", "v8"],
                                   ["b32", "b64", "u32", "u64", "s32", "s64", "f32", "f64", "b16", "f16", "b128"]],
                                  600, 106):
        out.append((["st.async", sem, ss, cm, v, t], ["[%rd1]", value(t, NVEC[v], 5), "[%rd2]"]))
    for sem, ss, cm, op, t in pick([["", "relaxed.cluster", "relaxed.gpu", "release.cluster", "release.gpu"],
                                    ["", "shared::cluster", "shared::cta"],
                                    ["", "mbarrier::complete_tx::bytes", "bulk_group"], ASYNC_OPS,
                                    ["u32", "s32", "u64", "s64", "b32", "b64", "f32", "f16", "bf16"]], 700, 107):
        out.append((["red.async", sem, ss, cm, op, t], ["[%rd1]", value(t, 1, 5), "[%rd2]"]))
    texts = with_mutants(out, 8, 108)
    for sem, v, t in pick([["", "weak", "release.gpu", "relaxed.gpu"], ["", "v2", "v4"], ["b32", "b64", "f32", "s32"]],
                          30, 109):
        texts.append(text(["st.async", sem, "global", v, t], ["[%rd1]", value(t, NVEC[v], 5)]))
    for sem, op, t in pick([["", "relaxed.gpu", "release.gpu", "release.sys"], ["add", "min", "or"],
                            ["u32", "s32", "b32", "u64", "f32"]], 30, 110):
        texts.append(text(["red.async", sem, "global", op, t], ["[%rd1]", value(t, 1, 5)]))
    return list(dict.fromkeys(texts))
