"""fam_cmp.py — comparison and selection (PTX ISA 9.7.5): setp and set with every comparison
operator (integer, unsigned lo/ls/hi/hs, float and its unordered forms), the .and/.or/.xor
combination with a predicate (negated or not), setp's "p|q" pair, selp and slct, with their
operands' register and immediate types. About half the modules carry one mutation (typeops.mutate,
a comparison the type does not take, a boolean operation without its predicate or the reverse)."""
import common
import typeops as to
from common import pick

FAMILY = "cmp"

CMP_INT = ["eq", "ne", "lt", "le", "gt", "ge"]
CMP_UNS = ["lo", "ls", "hi", "hs"]
CMP_FLT = ["equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"]
STYPES = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64"]


def cmp_for(rng, t):
    if t.startswith("b"):
        return pick(rng, ["eq", "ne"])
    if t.startswith("u"):
        return pick(rng, CMP_INT + CMP_UNS)
    if t.startswith("s"):
        return pick(rng, CMP_INT)
    return pick(rng, CMP_INT + CMP_FLT)


def spec(rng, target):
    op = pick(rng, ["setp", "setp", "setp", "set", "set", "selp", "slct"])
    t = pick(rng, STYPES)
    if op in ("setp", "set"):
        c = cmp_for(rng, t) if rng.random() < 0.9 else pick(rng, CMP_INT + CMP_UNS + CMP_FLT)
        ftz = ".ftz" if t == "f32" and rng.random() < 0.3 else ""
        boolop = pick(rng, [".and", ".or", ".xor"]) if rng.random() < 0.4 else ""
        tail = [("s", "pred")] if boolop else []
        if op == "setp":
            return f"setp.{c}{boolop}{ftz}.{t}", [("d", "pred"), ("s", t), ("s", t)] + tail
        dt = pick(rng, ["u32", "s32", "f32"])
        return f"set.{c}{boolop}{ftz}.{dt}.{t}", [("d", dt), ("s", t), ("s", t)] + tail
    if op == "selp":
        return f"selp.{t}", [("d", t), ("s", t), ("s", t), ("s", "pred")]
    ct = pick(rng, ["s32", "f32"])
    ftz = ".ftz" if ct == "f32" and rng.random() < 0.3 else ""
    return f"slct{ftz}.{t}.{ct}", [("d", t), ("s", t), ("s", t), ("s", ct)]


def generate(rng, tv, count):
    target, version = tv
    out = []
    for i in range(count):
        mn, slots = spec(rng, target)
        ops = to.operands(rng, slots, target)
        # the predicate source of a boolean operation, negated now and then
        if slots[-1] == ("s", "pred") and not ops[-1][0].isdigit() and rng.random() < 0.4:
            ops[-1] = "!" + ops[-1]
        if mn.startswith("setp") and rng.random() < 0.25:
            ops[0] += "|" + to.reg(rng, "pred")
        what = mn.replace(".", "_")
        r = rng.random()
        if r < 0.42:
            ops, m = to.mutate(rng, slots, ops, target)
            what += "-" + m
        elif r < 0.50 and mn.startswith("set"):  # drop the boolean operation or its predicate
            parts = mn.split(".")
            if any(p in ("and", "or", "xor") for p in parts):
                if rng.random() < 0.5:
                    mn = ".".join(p for p in parts if p not in ("and", "or", "xor"))
                    what += "-nobool"
                else:
                    ops = ops[:3]
                    what += "-nopred"
            else:
                ops.append(pick(rng, ["%p3", "!%p4", "1"]))
                what += "-extrapred"
        body = f"{mn} {', '.join(ops)};"
        out.append(common.Case(f"{FAMILY}/{target}/{i:03d}-{what}", common.kernel(target, version, [body])))
    return out
