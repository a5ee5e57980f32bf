"""fam_half.py — half-precision arithmetic and its modifiers (PTX ISA 9.7.4): add sub mul fma neg
abs min max ex2 tanh on .f16 .f16x2 .bf16 .bf16x2 with .rn, .ftz, .sat, .relu, .oob, .nan,
.xorsign.abs, .approx, and the mixed-precision add/sub/mul/fma .f32.f16/.f32.bf16 (PTX ISA 8.6).
One instruction per module as the ISA spells it, about half of them mutated (fam_float's
mutations: a modifier added, dropped, doubled or moved, the other half type, an operand count,
an older .version)."""
import common
from fam_float import mutate_mods, spell, version_for

FAMILY = "half"

HALF_TYPES = ["f16", "f16x2", "bf16", "bf16x2"]
# op: (number of sources, spellings for f16/f16x2, spellings for bf16/bf16x2)
SHAPES = {
    "add": (2, [["rn?", "ftz?", "sat?"]], [["rn?"]]),
    "sub": (2, [["rn?", "ftz?", "sat?"]], [["rn?"]]),
    "mul": (2, [["rn?", "ftz?", "sat?"]], [["rn?"]]),
    "fma": (3, [["rn", "ftz?", "sat?"], ["rn", "ftz?", "relu"], ["rn", "oob", "relu?"]],
            [["rn"], ["rn", "relu"], ["rn", "oob", "relu?"]]),
    "neg": (1, [["ftz?"]], [[]]),
    "abs": (1, [["ftz?"]], [[]]),
    "min": (2, [["ftz?", "NaN?"], ["ftz?", "NaN?", "xorsign", "abs"]], [["NaN?"], ["NaN?", "xorsign", "abs"]]),
    "max": (2, [["ftz?", "NaN?"], ["ftz?", "NaN?", "xorsign", "abs"]], [["NaN?"], ["NaN?", "xorsign", "abs"]]),
    "ex2": (1, [["approx"], ["approx", "ftz?"]], [["approx", "ftz"]]),
    "tanh": (1, [["approx"]], [["approx"]]),
}
MIXED = ["add", "sub", "mul", "fma"]


def reg(rng, ty, sm):
    i = rng.randrange(1, 8)
    if ty == "f16":
        return f"%hf{i}" if sm >= 53 and rng.random() < 0.7 else f"%h{i}"
    if ty == "f16x2":
        return f"%hh{i}" if sm >= 53 and rng.random() < 0.7 else f"%r{i}"
    if ty == "bf16":
        return f"%h{i}"
    if ty == "f32":
        return f"%f{i}"
    return f"%r{i}"


def realise(rng, shape):
    out = []
    for w in shape:
        opt = w.endswith("?")
        w = w.rstrip("?")
        if not opt or rng.random() < 0.5:
            out.append(w)
    return out


def one(rng, target, version):
    sm = common.sm_number(target)
    what = []
    if rng.random() < 0.12:
        # mixed precision: d and c are .f32, a and b the half type
        op = common.pick(rng, MIXED)
        at = common.pick(rng, ["f16", "bf16"])
        mods = [m for m in [common.pick(rng, ["rn", "rz", "rm", "rp"]) if op == "fma" or rng.random() < 0.5 else "",
                            "sat" if rng.random() < 0.3 else ""] if m]
        if rng.random() < 0.4:
            mods = mutate_mods(rng, mods, [m for m in mods if m != "sat"])
            what.append("mods")
        version = version_for(rng, target, version, p_old=0.1, p_new=0.5)
        if op == "fma":
            ops = [reg(rng, "f32", sm), reg(rng, at, sm), reg(rng, at, sm), reg(rng, "f32", sm)]
        elif op == "mul":
            ops = [reg(rng, "f32", sm), reg(rng, at, sm), reg(rng, at, sm)]
        else:
            ops = [reg(rng, "f32", sm), reg(rng, at, sm), reg(rng, "f32", sm)]
        body = f"{spell(op, mods, ['f32', at])} {', '.join(ops)};"
        return op + "-mixed", what, common.kernel(target, version, body)
    op = common.pick(rng, list(SHAPES))
    nsrc, sf16, sbf16 = SHAPES[op]
    ty = common.pick(rng, HALF_TYPES)
    mods = realise(rng, common.pick(rng, sbf16 if ty.startswith("bf") else sf16))
    required = [m for m in mods if m in ("rn", "approx", "xorsign", "abs", "oob")]
    mutated = rng.random() < 0.5
    if mutated:
        k = rng.randrange(9)
        if k < 6:
            mods = mutate_mods(rng, mods, required)
            what.append("mods")
        elif k == 6:
            ty = common.pick(rng, [t for t in HALF_TYPES if t != ty])  # same modifiers, other type
            what.append("type")
        elif k == 7:
            nsrc += common.pick(rng, [-1, 1])
            what.append("nops")
        else:
            version = version_for(rng, target, version, p_old=0.9, p_new=0)
            what.append("old")
    if "old" not in what:
        version = version_for(rng, target, version, p_old=0.15, p_new=0.2)
    ops = [reg(rng, ty, sm)] + [reg(rng, ty, sm) for _ in range(max(nsrc, 0))]
    body = f"{spell(op, mods, [ty])} {', '.join(ops)};"
    return op, what, common.kernel(target, version, body)


def generate(rng, tv, count):
    target, version = tv
    out = []
    for i in range(count):
        op, what, text = one(rng, target, version)
        out.append(common.Case(f"{FAMILY}/{target}/{i:04d}-{op}{'-' + '-'.join(what) if what else ''}", text))
    return out
