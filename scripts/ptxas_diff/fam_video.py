"""fam_video.py — the video instructions (PTX ISA 9.7.18): scalar vadd vsub vabsdiff vmin vmax vshl
vshr vmad vset with their three types, byte/half selectors on operands, .sat, a secondary
operation or a merge into c; the SIMD vadd2..vset2, vadd4..vset4 with element selectors, plus
mutations ptxas must reject (selectors of the wrong kind or out of range, a missing operand, a
64-bit or non-integer type or register, .sat with a secondary operation, vset with a missing
comparison, a negated operand outside vmad)."""
import re

from common import Case, kernel, pick

FAMILY = "video"

SCALAR = ["vadd", "vsub", "vabsdiff", "vmin", "vmax"]
SHIFT = ["vshl", "vshr"]
SIMD = ["vadd2", "vsub2", "vavrg2", "vabsdiff2", "vmin2", "vmax2", "vadd4", "vsub4", "vavrg4",
        "vabsdiff4", "vmin4", "vmax4"]
CMP = ["eq", "ne", "lt", "le", "gt", "ge"]


def rare(rng, good, bad, p=.04):
    """one of good, or now and then one of bad (each case has several such choices, so the rates
    stay low to keep about half of the modules legal)"""
    return pick(rng, bad) if rng.random() < p else pick(rng, good)


def ty(rng):
    return rare(rng, [".u32", ".s32"], [".b32", ".u16", ".u64", ".f32", ".s16", ""])


def types3(rng):
    if rng.random() < .04:
        return ty(rng) + ty(rng)  # two types
    return ty(rng) + ty(rng) + ty(rng)


def ssel(rng):
    """a scalar-video operand selector"""
    return rare(rng, ["", "", "", ".b0", ".b1", ".b2", ".b3", ".h0", ".h1"], [".b4", ".h2", ".b01", ".h10", ".x"], .08)


def dsel(rng):
    return rare(rng, ["", "", "", "", ".b0", ".b3", ".h0", ".h1"], [".b01", ".h10", ".b4"], .08)


def reg(rng, i):
    return rare(rng, [f"%r{i}", f"%u{i}", f"%s{i}"], [f"%rd{i}", f"%f{i}", "7", f"%us{i}"])


def t_scalar(rng, t, v):
    op = pick(rng, SCALAR + SHIFT)
    sat = pick(rng, ["", "", ".sat"])
    sec = rare(rng, ["", "", "", ".add", ".min", ".max"], [".xor", ".popc"])
    clamp = pick(rng, ["", ".clamp", ".wrap", ".wrap"]) if op in SHIFT else pick(rng, ["", "", "", ".wrap"])
    mods = clamp + sat + sec
    d = reg(rng, 1) + dsel(rng) if not sec else reg(rng, 1)
    ops = [d, reg(rng, 2) + ssel(rng), reg(rng, 3) + ssel(rng)]
    if sec or rng.random() < .05:
        ops.append(reg(rng, 4))
    if sec and rng.random() < .05:
        ops.pop()
    return op, kernel(t, v, [f"{op}{types3(rng)}{mods} {', '.join(ops)};"])


def t_vmad(rng, t, v):
    mods = rare(rng, ["", "", ".sat", ".shr7", ".shr15", ".sat.shr15", ".po", ".po.sat"], [".add", ".shr8"])
    a = pick(rng, ["", "", "", "-"]) + reg(rng, 2) + ssel(rng)
    b = pick(rng, ["", "", "", "-"]) + reg(rng, 3) + ssel(rng)
    c = pick(rng, ["", "", "", "-"]) + reg(rng, 4)
    ops = [reg(rng, 1) + rare(rng, ["", "", "", ".b0", ".h1"], [".b01"]), a, b, c]
    if rng.random() < .04:
        ops.pop()
    return "vmad", kernel(t, v, [f"vmad{types3(rng)}{mods} {', '.join(ops)};"])


def t_vset(rng, t, v):
    cmp = rare(rng, CMP, ["", "lo", "hs"])
    sec = rare(rng, ["", "", ".add", ".min", ".max"], [".sat"])
    tys = rare(rng, [ty(rng) + ty(rng)], [types3(rng)])
    d = reg(rng, 1) + (dsel(rng) if not sec else "")
    ops = [d, reg(rng, 2) + ssel(rng), reg(rng, 3) + ssel(rng)]
    if sec:
        ops.append(reg(rng, 4))
    cm = "." + cmp if cmp else ""
    return "vset", kernel(t, v, [f"vset{tys}{cm}{sec} {', '.join(ops)};"])


def simd_sel(rng, n, kind):
    if kind == "d":
        opts = ["", "", "", ".h0", ".h1", ".h10", ".h01", ".h23"] if n == 2 else ["", "", "", ".b0", ".b3210", ".b10", ".b3", ".b7654", ".b20"]
    else:
        opts = ["", "", "", ".h10", ".h32", ".h01", ".h0", ".h33", ".h4"] if n == 2 else ["", "", "", ".b3210", ".b7654", ".b0123", ".b0", ".b10", ".b4444"]
    if rng.random() < .04:  # the other width's selector
        opts = [".b10", ".h10", ".b3210"]
    return pick(rng, opts)


def t_simd(rng, t, v):
    op = pick(rng, SIMD + ["vset2", "vset4"])
    n = 2 if op.endswith("2") else 4
    if op.startswith("vset"):
        mods = "." + rare(rng, CMP, [""]) + rare(rng, ["", "", ".add"], [".sat"])
        tys = rare(rng, [ty(rng) + ty(rng)], [types3(rng)])
    else:
        mods = rare(rng, ["", "", ".sat", ".add", ".sat.add"], [".min", ".max"])
        tys = types3(rng)
    ops = [reg(rng, 1) + simd_sel(rng, n, "d"), reg(rng, 2) + simd_sel(rng, n, "a"),
           reg(rng, 3) + simd_sel(rng, n, "b"), reg(rng, 4)]
    if rng.random() < .04:
        ops.pop()
    return op, kernel(t, v, [f"{op}{tys}{mods} {', '.join(ops)};"])


TEMPLATES = [t_scalar, t_scalar, t_scalar, t_vmad, t_vset, t_simd, t_simd, t_simd]


MULTI = re.compile(r"%\w+\.b[0-7]{2,}[,;]")


def generate(rng, target, count):
    t, v = target
    out = []
    for i in range(count):
        what, text = pick(rng, TEMPLATES)(rng, t, v)
        if what in SCALAR + SHIFT + ["vmad", "vset"] and MULTI.search(text):
            what += "_msel"  # a multi-byte selector on a scalar video instruction (explained/ctrl.txt)
        out.append(Case(f"{FAMILY}/{t}/{i:03d}-{what}", text))
    return out
