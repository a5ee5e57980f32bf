"""fam_float.py — f32/f64 arithmetic and its modifiers (PTX ISA 9.7.3): add sub mul fma mad div rcp
sqrt rsqrt sin cos lg2 ex2 tanh min max abs neg copysign testp, with rounding, .ftz, .sat,
.approx/.full, .nan, .xorsign.abs and three-source min/max. Each module holds one instruction,
written as the ISA spells it, then in about half the modules mutated: a second rounding, a
modifier the instruction or type does not take, a required one left out, the other type, the
modifiers out of order, an operand too many or too few, or an older .version than the target's.

The helpers at the top are shared with fam_half.py and fam_cvt.py."""
import common

FAMILY = "float"

# the .versions each target takes (ptxas 13), oldest first; mutations pick an older one
VERSIONS = ["4.0", "5.0", "6.0", "6.3", "6.4", "6.5", "7.0", "7.1", "7.2", "7.4", "7.6", "7.8", "8.0",
            "8.1", "8.3", "8.6", "8.7", "8.8", "9.0"]
MIN_VERSION = {30: "4.0", 35: "4.0", 50: "4.0", 52: "4.0", 60: "5.0", 61: "5.0", 70: "6.0", 75: "6.3",
               80: "7.0", 86: "7.1", 89: "7.8", 90: "7.8", 100: "8.6", 120: "8.7"}
ROUNDINGS = ["rn", "rz", "rm", "rp"]
# every modifier a mutation may add
EXTRA = ["rn", "rz", "rm", "rp", "rna", "rni", "rzi", "ftz", "sat", "approx", "full", "nan", "NaN", "xorsign",
         "abs", "relu", "oob", "satfinite", "rs"]


def version_for(rng, target, version, p_old=0.15, p_new=0.15):
    """The target's usual version, sometimes an older one it still takes, sometimes a newer one."""
    sm = common.sm_number(target)
    lo = MIN_VERSION.get(sm, version)
    if target == "sm_90a":
        lo = "8.0"
    i_lo, i_def = VERSIONS.index(lo), VERSIONS.index(version)
    x = rng.random()
    if x < p_old and i_def > i_lo:
        return VERSIONS[rng.randrange(i_lo, i_def)]
    if x < p_old + p_new:
        return VERSIONS[rng.randrange(i_def, len(VERSIONS))]
    return version


def spell(mn, mods, types):
    return ".".join([mn] + list(mods) + list(types))


def mutate_mods(rng, mods, required=()):
    """One modifier mutation of the list mods (a new list): add one, drop one, double the rounding,
    swap two, drop a required one, or write one twice."""
    mods = list(mods)
    k = rng.randrange(6)
    if k == 5 and mods:
        m = common.pick(rng, mods)
        mods.insert(rng.randrange(len(mods) + 1), m)
        return mods
    if k == 0 or not mods:
        m = common.pick(rng, EXTRA)
        mods.insert(rng.randrange(len(mods) + 1), m)
    elif k == 1:
        mods.pop(rng.randrange(len(mods)))
    elif k == 2:
        r = [m for m in ROUNDINGS if m not in mods]
        mods.insert(rng.randrange(len(mods) + 1), common.pick(rng, r))
    elif k == 3 and len(mods) >= 2:
        i = rng.randrange(len(mods) - 1)
        mods[i], mods[i + 1] = mods[i + 1], mods[i]
    else:
        req = [m for m in mods if m in required] or mods
        mods.remove(common.pick(rng, req))
    return mods


F32_IMM = ["0f3F800000", "0fBF000000", "0f7F800000", "0f00000001", "1.5"]
F64_IMM = ["0d3FF0000000000000", "0dC000000000000000", "0d7FF8000000000000"]


def freg(rng, ty, allow_imm=True):
    if ty == "f64":
        return common.pick(rng, F64_IMM) if allow_imm and rng.random() < 0.15 else f"%fd{rng.randrange(1, 8)}"
    return common.pick(rng, F32_IMM) if allow_imm and rng.random() < 0.15 else f"%f{rng.randrange(1, 16)}"


# op: (number of sources, spellings for f32, spellings for f64); a spelling is a list of modifiers,
# "R" standing for a rounding picked at random, "R?" for an optional one, "x?" optional x
SHAPES = {
    "add": (2, [["R?", "ftz?", "sat?"]], [["R?"]]),
    "sub": (2, [["R?", "ftz?", "sat?"]], [["R?"]]),
    "mul": (2, [["R?", "ftz?", "sat?"]], [["R?"]]),
    "fma": (3, [["R", "ftz?", "sat?"]], [["R"]]),
    "mad": (3, [["R", "ftz?", "sat?"], ["ftz?", "sat?"]], [["R"]]),
    "div": (2, [["approx", "ftz?"], ["full", "ftz?"], ["R", "ftz?"]], [["R"]]),
    "rcp": (1, [["approx", "ftz?"], ["R", "ftz?"]], [["R"], ["approx", "ftz"]]),
    "sqrt": (1, [["approx", "ftz?"], ["R", "ftz?"]], [["R"]]),
    "rsqrt": (1, [["approx", "ftz?"]], [["approx"], ["approx", "ftz"]]),
    "sin": (1, [["approx", "ftz?"]], []),
    "cos": (1, [["approx", "ftz?"]], []),
    "lg2": (1, [["approx", "ftz?"]], []),
    "ex2": (1, [["approx", "ftz?"]], []),
    "tanh": (1, [["approx"]], []),
    "min": (2, [["ftz?", "NaN?"], ["ftz?", "NaN?", "xorsign", "abs"]], [[]]),
    "max": (2, [["ftz?", "NaN?"], ["ftz?", "NaN?", "xorsign", "abs"]], [[]]),
    "abs": (1, [["ftz?"]], [[]]),
    "neg": (1, [["ftz?"]], [[]]),
    "copysign": (2, [[]], [[]]),
    "testp": (1, [[]], [[]]),
}
REQUIRED = {"R", "approx", "full", "xorsign", "abs"}
TESTP = ["finite", "infinite", "number", "notanumber", "normal", "subnormal"]


def realise(rng, shape):
    out = []
    for w in shape:
        opt = w.endswith("?")
        w = w.rstrip("?")
        if opt and rng.random() < 0.5:
            continue
        out.append(common.pick(rng, ROUNDINGS) if w == "R" else w)
    return out


def one(rng, target, version):
    sm = common.sm_number(target)
    op = common.pick(rng, list(SHAPES))
    nsrc, s32, s64 = SHAPES[op]
    ty = "f64" if s64 and rng.random() < 0.35 else "f32"
    mods = realise(rng, common.pick(rng, s64 if ty == "f64" else s32))
    required = [m for m in mods if m in ROUNDINGS or m in REQUIRED]
    if op == "testp":
        mods = [common.pick(rng, TESTP)]
    what = []
    mutated = rng.random() < 0.5
    if mutated:
        k = rng.randrange(10)
        if k < 6:
            mods = mutate_mods(rng, mods, required)
            what.append("mods")
        elif k == 6 and s64 and s32:
            ty = "f32" if ty == "f64" else "f64"  # the other type with the same modifiers
            what.append("type")
        elif k == 7 and op in ("min", "max"):
            nsrc = 3  # three-source min/max (PTX ISA 8.8, sm_100)
            what.append("3src")
        elif k == 8:
            nsrc += common.pick(rng, [-1, 1])
            what.append("nops")
        else:
            version = version_for(rng, target, version, p_old=0.9, p_new=0)
            what.append("old")
    elif op in ("min", "max") and ty == "f32" and rng.random() < 0.3:
        nsrc = 3
        what.append("3src")
    if not mutated or "old" not in what:
        version = version_for(rng, target, version, p_old=0.1, p_new=0.2)
    if op == "testp":
        ops = [f"%p{rng.randrange(1, 8)}", freg(rng, ty, False)]
        ops += [freg(rng, ty)] * max(0, nsrc - 1)
    else:
        ops = [freg(rng, ty, False)] + [freg(rng, ty) for _ in range(max(nsrc, 0))]
    body = f"{spell(op, mods, [ty])} {', '.join(ops)};"
    return op, what, common.kernel(target, version, body)


def generate(rng, tv, count):
    target, version = tv
    out = []
    for i in range(count):
        op, what, text = one(rng, target, version)
        out.append(common.Case(f"{FAMILY}/{target}/{i:04d}-{op}{'-' + '-'.join(what) if what else ''}", text))
    return out
