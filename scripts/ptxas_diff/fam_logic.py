"""fam_logic.py — logic and shift instructions (PTX ISA 9.7.7-8): and or xor not cnot (.pred .b16
.b32 .b64), lop3 (with its LUT immediate, and the .and/.or predicate form of PTX ISA 8.2), shf
(.l/.r, .wrap/.clamp), shl shr (the shift amount is .u32 whatever the type) and prmt (with its
modes), with their operands' register and immediate types. About half the modules carry one
mutation (typeops.mutate) or a type the instruction does not take."""
import common
import typeops as to
from common import pick

FAMILY = "logic"


def spec(rng, target):
    op = pick(rng, ["and", "or", "xor", "not", "cnot", "lop3", "shf", "shl", "shr", "prmt", "and", "shr"])
    if op in ("and", "or", "xor"):
        t = pick(rng, ["pred", "b16", "b32", "b64"])
        return f"{op}.{t}", [("d", t), ("s", t), ("s", t)]
    if op in ("not", "cnot"):
        t = pick(rng, ["pred", "b16", "b32", "b64"] if op == "not" else ["b16", "b32", "b64"])
        return f"{op}.{t}", [("d", t), ("s", t)]
    if op == "lop3":
        if rng.random() < 0.2:  # lop3.BoolOp d|p, a, b, c, immLut, q
            return f"lop3.{pick(rng, ['and', 'or'])}.b32", [("d", "b32"), ("s", "b32"), ("s", "b32"),
                                                            ("s", "b32"), ("i", "b32"), ("s", "pred")]
        return "lop3.b32", [("d", "b32"), ("s", "b32"), ("s", "b32"), ("s", "b32"), ("i", "b32")]
    if op == "shf":
        return (f"shf.{pick(rng, ['l', 'r'])}.{pick(rng, ['wrap', 'clamp'])}.b32",
                [("d", "b32"), ("s", "b32"), ("s", "b32"), ("s", "u32")])
    if op == "shl":
        t = pick(rng, ["b16", "b32", "b64"])
        return f"shl.{t}", [("d", t), ("s", t), ("s", "u32")]
    if op == "shr":
        t = pick(rng, ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64"])
        return f"shr.{t}", [("d", t), ("s", t), ("s", "u32")]
    mode = pick(rng, ["", "", ".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"])
    return f"prmt.b32{mode}", [("d", "b32"), ("s", "b32"), ("s", "b32"), ("s", "b32")]


BAD_TYPES = ["u32", "s32", "f32", "b8", "u64", "pred", "b128", "f16x2"]


def generate(rng, tv, count):
    target, version = tv
    out = []
    for i in range(count):
        mn, slots = spec(rng, target)
        ops = to.operands(rng, slots, target)
        if mn.startswith("lop3.and") or mn.startswith("lop3.or"):
            ops[0] += "|" + to.reg(rng, "pred")
        what = mn.replace(".", "_")
        r = rng.random()
        if r < 0.45:
            ops, m = to.mutate(rng, slots, ops, target)
            what += "-" + m
        elif r < 0.52:  # another type in place of the instruction's
            parts = mn.split(".")
            bad = pick(rng, BAD_TYPES)
            mn = ".".join([p if not (p.startswith(("b", "u", "s")) and p[1:].isdigit() or p == "pred") else bad
                           for p in parts])
            what += "-type_" + bad
        elif r < 0.56:
            version = pick(rng, ["3.0", "4.2", "4.3", "7.0", "8.1"])
            if common.version_number(version) > common.version_number(tv[1]):
                version = tv[1]
            what += "-v" + version.replace(".", "")
        body = f"{mn} {', '.join(ops)};"
        out.append(common.Case(f"{FAMILY}/{target}/{i:03d}-{what}", common.kernel(target, version, [body])))
        version = tv[1]
    return out
