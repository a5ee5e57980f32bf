"""fam_cvt.py — cvt and its modifiers (PTX ISA 9.7.9.21): every pair of integer and floating-point
types (u8..s64, f16 bf16 tf32 f32 f64) with the rounding each direction takes (.rni/.rzi/.rmi/.rpi
for float to integer and same-size float, .rn/.rz/.rm/.rp for int to float and narrowing, .rna
for tf32), .ftz, .sat, .relu, .satfinite; and the packed forms: f16x2/bf16x2 from two f32,
e4m3x2/e5m2x2 from f32 pairs or f16x2 and back, the sm_100 e2m1x2/e2m3x2/e3m2x2/ue8m0x2 forms,
and cvt.rs with its random-bits operand (to f16x2, bf16x2 and the four-element e4m3x4, e2m1x4,
e3m2x4). One cvt per module, about half of them mutated: a modifier added, dropped, doubled or
moved, rounding of the other kind, an operand too many or too few, an older .version."""
import common
from fam_float import mutate_mods, spell, version_for

FAMILY = "cvt"

INTS = ["u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64"]
FLOATS = ["f16", "bf16", "tf32", "f32", "f64"]
BITS = {"u8": 8, "u16": 16, "u32": 32, "u64": 64, "s8": 8, "s16": 16, "s32": 32, "s64": 64,
        "f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "f64": 64}
IR = ["rni", "rzi", "rmi", "rpi"]
FR = ["rn", "rz", "rm", "rp"]

# packed forms: (dst type, src type, register kinds of d and of each source, spellings)
PACKED = [
    ("f16x2", "f32", "b32", ["f32", "f32"], [["rn"], ["rn", "relu"], ["rz"], ["rn", "satfinite"], ["rz", "relu", "satfinite"]]),
    ("bf16x2", "f32", "b32", ["f32", "f32"], [["rn"], ["rz", "relu"], ["rn", "relu", "satfinite"]]),
    ("e4m3x2", "f32", "b16", ["f32", "f32"], [["rn", "satfinite"], ["rn", "satfinite", "relu"], ["rn", "relu", "satfinite"]]),
    ("e5m2x2", "f32", "b16", ["f32", "f32"], [["rn", "satfinite"], ["rn", "satfinite", "relu"]]),
    ("e4m3x2", "f16x2", "b16", ["b32"], [["rn", "satfinite"], ["rn", "satfinite", "relu"]]),
    ("e5m2x2", "f16x2", "b16", ["b32"], [["rn", "satfinite"], ["rn", "satfinite", "relu"]]),
    ("f16x2", "e4m3x2", "b32", ["b16"], [["rn"], ["rn", "relu"]]),
    ("f16x2", "e5m2x2", "b32", ["b16"], [["rn"], ["rn", "relu"]]),
    ("e2m1x2", "f32", "b8", ["f32", "f32"], [["rn", "satfinite"], ["rn", "satfinite", "relu"]]),
    ("e2m3x2", "f32", "b16", ["f32", "f32"], [["rn", "satfinite"], ["rn", "satfinite", "relu"]]),
    ("e3m2x2", "f32", "b16", ["f32", "f32"], [["rn", "satfinite"], ["rn", "satfinite", "relu"]]),
    ("f16x2", "e2m1x2", "b32", ["b8"], [["rn"], ["rn", "relu"]]),
    ("f16x2", "e2m3x2", "b32", ["b16"], [["rn"], ["rn", "relu"]]),
    ("ue8m0x2", "f32", "b16", ["f32", "f32"], [["rz"], ["rp"], ["rz", "satfinite"], ["rp", "satfinite"]]),
    ("ue8m0x2", "bf16x2", "b16", ["b32"], [["rz"], ["rp", "satfinite"]]),
    ("bf16x2", "ue8m0x2", "b32", ["b16"], [["rn"]]),
    ("tf32", "f32", "b32", ["f32"], [["rna"], ["rna", "satfinite"], ["rn"], ["rz", "relu"], ["rn", "satfinite"]]),
    # cvt.rs: stochastic rounding with a random-bits operand (PTX ISA 8.7, sm_100a)
    ("f16x2", "f32", "b32", ["f32", "f32", "b32"], [["rs"], ["rs", "relu"], ["rs", "satfinite"], ["rs", "relu", "satfinite"]]),
    ("bf16x2", "f32", "b32", ["f32", "f32", "b32"], [["rs"], ["rs", "relu", "satfinite"]]),
    ("e4m3x4", "f32", "b32", ["v4f32", "b32"], [["rs", "satfinite"], ["rs", "relu", "satfinite"]]),
    ("e2m1x4", "f32", "b16", ["v4f32", "b32"], [["rs", "satfinite"], ["rs", "relu", "satfinite"]]),
    ("e3m2x4", "f32", "b32", ["v4f32", "b32"], [["rs", "satfinite"]]),
]


def reg(rng, kind, sm):
    if kind == "v4f32":  # the four sources of a four-element destination, one brace list
        return "{" + ", ".join(f"%f{rng.randrange(1, 16)}" for _ in range(4)) + "}"
    i = rng.randrange(1, 8)
    r = {"u8": ["%us", "%c"], "s8": ["%ss", "%c"], "u16": ["%us", "%h"], "s16": ["%ss"], "u32": ["%u", "%r"],
         "s32": ["%s", "%r"], "u64": ["%ul", "%rd"], "s64": ["%sl", "%rd"], "bf16": ["%h"], "tf32": ["%r"],
         "f32": ["%f"], "f64": ["%fd"], "b8": ["%c"], "b16": ["%h"], "b32": ["%r"],
         "f16": ["%hf", "%h"] if sm >= 53 else ["%h"]}[kind]
    name = common.pick(rng, r)
    return f"{name}{i % 4 if name == '%c' else i}"  # %c<4>


def scalar_mods(rng, d, a):
    """A spelling the ISA's rules suggest for cvt.d.a (ptxas decides whether it is one)."""
    di, ai = d in INTS, a in INTS
    mods = []
    if di and ai:
        if rng.random() < 0.4:
            mods.append("sat")
        return mods
    if di:  # float to integer: integer rounding
        mods.append(common.pick(rng, IR))
        if a == "f32" and rng.random() < 0.4:
            mods.append("ftz")
        if rng.random() < 0.3:
            mods.append("sat")
        return mods
    if ai:  # integer to float
        if rng.random() < 0.85:
            mods.append(common.pick(rng, FR))
        if d == "f32" and rng.random() < 0.2:
            mods.append("ftz")
        if rng.random() < 0.3:
            mods.append("sat")
        return mods
    if BITS[d] < BITS[a] or d in ("bf16", "tf32") or a in ("bf16",):
        mods.append(common.pick(rng, FR + (["rna"] if d == "tf32" else [])))
    elif BITS[d] == BITS[a] and rng.random() < 0.7:
        mods.append(common.pick(rng, IR))
    if "f32" in (d, a) and rng.random() < 0.35:
        mods.append("ftz")
    x = rng.random()
    if x < 0.2:
        mods.append("sat")
    elif x < 0.3 and d in ("f16", "bf16", "tf32"):
        mods.append("relu")
    elif x < 0.4 and d in ("f16", "bf16", "tf32"):
        mods.append("satfinite")
    return mods


def one(rng, target, version):
    sm = common.sm_number(target)
    what = []
    if rng.random() < 0.3:
        d, a, dk, srcs, shapes = common.pick(rng, PACKED)
        mods = list(common.pick(rng, shapes))
        ops_kinds = [dk] + srcs
        label = f"{d}-{a}"
    else:
        d, a = common.pick(rng, INTS + FLOATS), common.pick(rng, INTS + FLOATS)
        if rng.random() < 0.35:  # favour the float pairs, where the rules are
            d, a = common.pick(rng, FLOATS), common.pick(rng, FLOATS)
        mods = scalar_mods(rng, d, a)
        ops_kinds = [d, a]
        label = f"{d}-{a}"
    required = [m for m in mods if m in IR or m in FR or m in ("rna", "rs", "satfinite")]
    mutated = rng.random() < 0.5
    if mutated:
        k = rng.randrange(8)
        if k < 5:
            mods = mutate_mods(rng, mods, required)
            what.append("mods")
        elif k == 5 and any(m in IR or m in FR for m in mods):
            # rounding of the other kind: .rn for .rni and back
            mods = [(m[:-1] if m in IR else m + "i" if m in FR else m) for m in mods]
            what.append("rkind")
        elif k == 6:
            ops_kinds = ops_kinds + [ops_kinds[-1]] if len(ops_kinds) < 4 and rng.random() < 0.5 else ops_kinds[:-1]
            what.append("nops")
        else:
            version = version_for(rng, target, version, p_old=0.9, p_new=0)
            what.append("old")
    if "old" not in what:
        version = version_for(rng, target, version, p_old=0.15, p_new=0.25)
    ops = [reg(rng, k, sm) for k in ops_kinds]
    body = f"{spell('cvt', mods, [d, a])} {', '.join(ops)};"
    return label, what, common.kernel(target, version, body)


def generate(rng, tv, count):
    target, version = tv
    out = []
    for i in range(count):
        label, what, text = one(rng, target, version)
        out.append(common.Case(f"{FAMILY}/{target}/{i:04d}-{label}{'-' + '-'.join(what) if what else ''}", text))
    return out
