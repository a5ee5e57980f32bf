"""typeops.py — operands for the type families (fam_int, fam_logic, fam_cmp, fam_mov): registers of
common.kernel()'s declarations by type, immediates in every notation, and the mutations that make
an operand wrong for its slot. Which of them ptxas accepts is ptxas's to say; this only draws them.

A slot is (role, type): role "d" a destination register, "s" a source (register or immediate),
"r" a source that should be a register, "i" an immediate (lop3's LUT, prmt's selector...)."""
import common

# Register prefixes of common.REG_DECLS / HALF_DECLS and how many each declares.
REGS = {"pred": ("%p", 8), "b16": ("%h", 8), "b32": ("%r", 16), "b64": ("%rd", 16), "f32": ("%f", 16),
        "f64": ("%fd", 8), "u16": ("%us", 8), "s16": ("%ss", 8), "u32": ("%u", 8), "s32": ("%s", 8),
        "u64": ("%ul", 8), "s64": ("%sl", 8), "b8": ("%c", 4), "f16": ("%hf", 8), "f16x2": ("%hh", 8)}
SIZE = {"b8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "b32": 4, "u32": 4, "s32": 4, "f32": 4,
        "f16x2": 4, "b64": 8, "u64": 8, "s64": 8, "f64": 8, "pred": 0, "b128": 16}


def reg_types(target):
    half = common.sm_number(target) >= 53
    return [t for t in REGS if half or t not in ("f16", "f16x2")]


def reg(rng, t):
    prefix, n = REGS.get(t, REGS["b64"])
    return f"{prefix}{rng.randrange(n)}"


def same_size(t, target):
    """Register types of t's size (the relaxed-typing candidates)."""
    same = [r for r in reg_types(target) if SIZE[r] == SIZE.get(t, 4) and r != "pred"]
    return same or ["b64"] if t != "pred" else ["pred"]


def ok_reg(rng, t, target):
    """A register for a slot of type t: mostly of type t, sometimes another type of its size."""
    if t == "pred" or rng.random() < 0.6:
        return reg(rng, t if t in REGS else "b32")
    return reg(rng, common.pick(rng, same_size(t, target)))


def wrong_reg(rng, t, target):
    """A register of another size or kind than t (ptxas may still take some: it judges)."""
    cands = [r for r in reg_types(target) if r != t]
    return reg(rng, common.pick(rng, cands))


INT_FORMS = ["dec", "hex", "HEX", "oct", "bin", "U", "neg", "big", "zero"]


def int_imm(rng, t="b32", form=None):
    form = form or common.pick(rng, INT_FORMS)
    bits = 8 * max(SIZE.get(t, 4), 1)
    v = rng.randrange(1 << min(bits, 16)) if rng.random() < 0.7 else rng.randrange(1 << bits)
    if form == "dec":
        return str(v)
    if form == "hex":
        return hex(v)
    if form == "HEX":
        return "0X" + format(v, "X")
    if form == "oct":
        return "0" + format(v, "o") if v else "0"
    if form == "bin":
        return ("0b" if rng.random() < 0.7 else "0B") + format(v, "b")
    if form == "U":
        return f"{v}U" if rng.random() < 0.7 else f"{hex(v)}U"
    if form == "neg":
        return f"-{rng.randrange(1, 1 << min(bits - 1, 20))}"
    if form == "big":  # wider than the type: ptxas truncates or refuses
        return common.pick(rng, [hex(1 << bits), str((1 << bits) + 5), "0xffffffffffffffff",
                                 "18446744073709551615", "-9223372036854775808", "0x7fffffffffffffff"])
    return "0"


def float_imm(rng, kind=None):
    kind = kind or common.pick(rng, ["0f", "0d", "dec"])
    if kind == "0f":
        return "0f" + common.pick(rng, ["3F800000", "00000000", "7F800000", "BF000000", "7FC00000", "40490fdb"])
    if kind == "0d":
        return "0d" + common.pick(rng, ["3FF0000000000000", "0000000000000000", "BFE0000000000000",
                                        "7FF0000000000000", "400921FB54442D18"])
    return common.pick(rng, ["1.5", "0.0", "-2.25", "1e3", "3.", ".5", "1.0e-2"])


def ok_imm(rng, t):
    if t in ("f32", "f64"):
        return float_imm(rng)
    if t == "pred":
        return common.pick(rng, ["0", "1"])
    return int_imm(rng, t)


# Malformed or doubtful literals: ptxas's lexer decides.
ODD_LITERALS = ["5u", "5L", "5UL", "5ul", "019", "0x", "0b", "0b102", "0xG1", "1_000", "0x1p3", "08",
                "0f3F80000", "0f3F8000000", "0d3FF000000000000", "0F3F800000", "0D3FF0000000000000",
                "99999999999999999999", "0x10000000000000000", "0b" + "1" * 65, "0" + "7" * 23, "1e", "-0x8000000000000000",
                "-0f3F800000", "+5", "--5", "~5", "!5", "(5)", "5+3", "2*3-1", "1<<4", "0x10U", "7U"]


def wrong_imm(rng, t):
    """An immediate of the wrong kind for a slot of type t (or a doubtful notation)."""
    if rng.random() < 0.3:
        return common.pick(rng, ODD_LITERALS)
    if t in ("f32", "f64"):
        return int_imm(rng, "b32")
    return float_imm(rng)


def source(rng, t, target, imm_rate=0.3):
    return ok_imm(rng, t) if rng.random() < imm_rate else ok_reg(rng, t, target)


def operands(rng, slots, target, imm_rate=0.3):
    out = []
    for role, t in slots:
        if role == "d":
            out.append(ok_reg(rng, t, target))
        elif role == "i":
            out.append(ok_imm(rng, t))
        elif role == "r":
            out.append(ok_reg(rng, t, target))
        else:
            out.append(source(rng, t, target, imm_rate))
    return out


def mutate(rng, slots, ops, target, sreg_src=True):
    """Makes one operand (or the operand list) wrong; returns (ops, what). sreg_src=False keeps
    special registers out of source operands (mov of a special register is fam_ctrl's)."""
    ops = list(ops)
    k = rng.randrange(len(ops)) if ops else 0
    role, t = slots[k] if slots else ("s", "b32")
    m = common.pick(rng, ["wreg", "wreg", "wreg", "wimm", "dimm", "count", "pred", "neg", "brace", "sreg",
                          "param", "sink", "negreg"])
    if m == "sreg" and not sreg_src:
        k = 0
    if m == "wreg":
        ops[k] = wrong_reg(rng, t, target)
        if t == "pred" and ops[k].startswith("%hh"):  # ptxas takes it, ptxsim refuses (explained)
            m = "wreg_f16x2pred"
    elif m == "wimm":
        ops[k] = wrong_imm(rng, t)
    elif m == "dimm":
        k = 0
        ops[0] = ok_imm(rng, slots[0][1]) if slots else "1"
    elif m == "count":
        if rng.random() < 0.5 and len(ops) > 1:
            del ops[rng.randrange(len(ops))]
        else:
            ops.insert(rng.randrange(len(ops) + 1), ok_reg(rng, t, target))
    elif m == "pred":
        ops[k] = reg(rng, "pred") if t != "pred" else reg(rng, "b32")
    elif m == "neg":  # !x on a data operand or an immediate
        ops[k] = "!" + (reg(rng, t if t in REGS else "b32") if rng.random() < 0.7 else "1")
    elif m == "brace":
        ops[k] = "{" + reg(rng, "b16") + ", " + reg(rng, "b16") + "}"
    elif m == "sreg":
        ops[k] = common.pick(rng, ["%tid.x", "%laneid", "%clock64", "%ntid.y"])
    elif m == "param":
        ops[k] = common.pick(rng, ["k_p0", "k_p1"])
    elif m == "sink":
        ops[k] = "_"
    elif m == "negreg":
        ops[k] = "-" + reg(rng, t if t in REGS else "b32")
    return ops, f"{m}{k}"
