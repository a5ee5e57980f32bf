"""fam_int.py — integer arithmetic (PTX ISA 9.7.1): add sub (.sat .cc) addc subc mul mad (.hi .lo
.wide) mul24 mad24 sad div rem abs neg min max popc clz bfind fns brev bfe bfi bmsk szext dp4a
dp2a, with their operands' register and immediate types. About half the modules carry one
mutation (typeops.mutate: a register of another size or kind, an immediate as destination or of
the wrong kind, an operand too many or too few, a predicate where data goes...) or a modifier
the type does not take."""
import common
import typeops as to
from common import pick

FAMILY = "int"

INT = ["u16", "u32", "u64", "s16", "s32", "s64"]
WIDE = {"u16": "u32", "s16": "s32", "u32": "u64", "s32": "s64", "u64": "u128", "s64": "s128"}


def spec(rng, target):
    """(mnemonic, slots, what) of one random instruction, legal on paper."""
    op = pick(rng, ["add", "sub", "addc", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "abs",
                    "neg", "min", "max", "popc", "clz", "bfind", "fns", "brev", "bfe", "bfi", "bmsk",
                    "szext", "dp4a", "dp2a", "add16x2"])
    t = pick(rng, INT)
    if op in ("add", "sub"):
        mod = pick(rng, ["", "", ".sat", ".cc"])
        if mod == ".sat":
            t = "s32" if rng.random() < 0.8 else t
        if mod == ".cc":
            t = pick(rng, ["u32", "s32", "u64", "s64"])
        return f"{op}{mod}.{t}", [("d", t), ("s", t), ("s", t)]
    if op == "add16x2":
        o = pick(rng, ["add", "sub", "min", "max"])
        t = pick(rng, ["u16x2", "s16x2"])
        return f"{o}.{t}", [("d", "b32"), ("s", "b32"), ("s", "b32")]
    if op == "addc":
        o = pick(rng, ["addc", "subc"])
        t = pick(rng, ["u32", "s32", "u64", "s64"])
        return f"{o}{pick(rng, ['', '.cc'])}.{t}", [("d", t), ("s", t), ("s", t)]
    if op in ("mul", "mad"):
        mod = pick(rng, [".lo", ".hi", ".wide", ""])
        if mod == ".wide" and rng.random() < 0.8:
            t = pick(rng, ["u16", "s16", "u32", "s32"])
        dt = WIDE[t] if mod == ".wide" else t
        dt = dt if dt in to.REGS else "b64"
        sat = ".sat" if op == "mad" and mod == ".hi" and rng.random() < 0.3 else ""
        if sat and rng.random() < 0.8:
            t = dt = "s32"
        slots = [("d", dt), ("s", t), ("s", t)] + ([("s", dt)] if op == "mad" else [])
        return f"{op}{mod}{sat}.{t}", slots
    if op in ("mul24", "mad24"):
        t = pick(rng, ["u32", "s32"])
        mod = pick(rng, [".lo", ".hi"])
        sat = ".sat" if op == "mad24" and mod == ".hi" and t == "s32" and rng.random() < 0.3 else ""
        return f"{op}{mod}{sat}.{t}", [("d", t), ("s", t), ("s", t)] + ([("s", t)] if op == "mad24" else [])
    if op == "sad":
        return f"sad.{t}", [("d", t), ("s", t), ("s", t), ("s", t)]
    if op in ("div", "rem"):
        return f"{op}.{t}", [("d", t), ("s", t), ("s", t)]
    if op in ("abs", "neg"):
        t = pick(rng, ["s16", "s32", "s64"])
        return f"{op}.{t}", [("d", t), ("s", t)]
    if op in ("min", "max"):
        relu = ".relu" if t == "s32" and rng.random() < 0.3 else ""
        return f"{op}{relu}.{t}", [("d", t), ("s", t), ("s", t)]
    if op in ("popc", "clz"):
        t = pick(rng, ["b32", "b64"])
        return f"{op}.{t}", [("d", "u32"), ("s", t)]
    if op == "bfind":
        t = pick(rng, ["u32", "u64", "s32", "s64"])
        return f"bfind{pick(rng, ['', '.shiftamt'])}.{t}", [("d", "u32"), ("s", t)]
    if op == "fns":
        return "fns.b32", [("d", "b32"), ("s", "b32"), ("s", "u32"), ("s", "s32")]
    if op == "brev":
        t = pick(rng, ["b32", "b64"])
        return f"brev.{t}", [("d", t), ("s", t)]
    if op == "bfe":
        t = pick(rng, ["u32", "u64", "s32", "s64"])
        return f"bfe.{t}", [("d", t), ("s", t), ("s", "u32"), ("s", "u32")]
    if op == "bfi":
        t = pick(rng, ["b32", "b64"])
        return f"bfi.{t}", [("d", t), ("s", t), ("s", t), ("s", "u32"), ("s", "u32")]
    if op == "bmsk":
        return f"bmsk{pick(rng, ['.clamp', '.wrap'])}.b32", [("d", "b32"), ("s", "u32"), ("s", "u32")]
    if op == "szext":
        t = pick(rng, ["u32", "s32"])
        return f"szext{pick(rng, ['.clamp', '.wrap'])}.{t}", [("d", t), ("s", t), ("s", "u32")]
    # dp4a / dp2a: d and c are .s32 when either input is signed
    a, b = pick(rng, ["u32", "s32"]), pick(rng, ["u32", "s32"])
    dt = "u32" if a == b == "u32" else "s32"
    mn = "dp4a" if op == "dp4a" else f"dp2a{pick(rng, ['.lo', '.hi'])}"
    return f"{mn}.{a}.{b}", [("d", dt), ("s", "b32"), ("s", "b32"), ("s", dt)]


BAD_MODS = [".sat", ".cc", ".wide", ".hi", ".lo", ".relu", ".clamp", ".ftz", ".rn", ".shiftamt"]


def generate(rng, tv, count):
    target, version = tv
    out = []
    for i in range(count):
        mn, slots = spec(rng, target)
        ops = to.operands(rng, slots, target)
        what = mn.replace(".", "_")
        r = rng.random()
        if r < 0.45:
            ops, m = to.mutate(rng, slots, ops, target)
            what += "-" + m
        elif r < 0.52:  # a modifier this instruction or type may not take
            parts = mn.split(".")
            bad = pick(rng, BAD_MODS)
            mn = ".".join(parts[:1] + [bad[1:]] + parts[1:])
            what += "-mod" + bad.replace(".", "_")
        elif r < 0.57:  # an older .version than some of these need
            version = pick(rng, ["2.0", "3.0", "4.3", "5.0", "6.0", "7.0", "7.5"])
            if common.version_number(version) > common.version_number(tv[1]):
                version = tv[1]
            what += "-v" + version.replace(".", "")
        body = f"{mn} {', '.join(ops)};"
        out.append(common.Case(f"{FAMILY}/{target}/{i:03d}-{what}",
                               common.kernel(target, version, [body])))
        version = tv[1]
    return out
