"""mmadata.py — reads the probe's recordings (lab/mma/probe.cu) into logical matrices."""
import struct, os, math
from fractions import Fraction

BITS = {"f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "f64": 64, "e4m3": 8, "e5m2": 8,
        "s8": 8, "u8": 8, "s4": 4, "u4": 4, "b1": 1, "s32": 32}
FMT = {"f16": (5, 10, 15), "bf16": (8, 7, 127), "tf32": (8, 10, 127), "f32": (8, 23, 127),
       "f64": (11, 52, 1023), "e4m3": (4, 3, 7), "e5m2": (5, 2, 15)}

def coord(m, n, k, bits, op, lane, e, row_a=1, col_b=1):
    g, t = lane >> 2, lane & 3
    if (m, n, k) == (8, 8, 4):
        if bits == 64:
            return ((g, t) if op == 0 else (t, g) if op == 1 else (g, 2 * t + e)) + (0,)
        hi = 4 if lane >= 16 else 0
        grp = g & 3
        if op == 0:
            return ((t + hi, e) if row_a else (e + hi, t)) + (grp,)
        if op == 1:
            return ((e, t + hi) if col_b else (t, e + hi)) + (grp,)
        if bits == 16:
            return (t + hi, e, grp)
        return ((lane & 1) + (e & 2) + hi, (e & 4) + (lane & 2) + (e & 1), grp)
    if op == 2:
        return (g + 8 * (e >> 1), 2 * t + (e & 1), 0)
    per = 1 if bits == 64 else 32 // bits
    reg, j = e // per, e % per
    mrows = m // 8 if op == 0 else 1
    line = g + 8 * (reg % mrows)
    kk = (reg // mrows) * (4 * per) + t * per + j
    return (line, kk, 0) if op == 0 else (kk, line, 0)

def value(t, b):
    """exact value (Fraction, or float inf/nan) of bit pattern b of type t"""
    if t in ("s8", "s4", "s32"):
        nb = BITS[t]
        return b - (1 << nb) if b >> (nb - 1) else b
    if t in ("u8", "u4", "b1"):
        return b
    if t == "tf32":
        b >>= 13
    e, mb, bias = FMT[t]
    mant = b & ((1 << mb) - 1)
    ef = (b >> mb) & ((1 << e) - 1)
    s = (b >> (e + mb)) & 1
    if t == "e4m3":
        if ef == 15 and mant == 7:
            return math.nan
    elif ef == (1 << e) - 1:
        return math.nan if mant else (-math.inf if s else math.inf)
    if ef == 0:
        v = Fraction(mant) * Fraction(2) ** (1 - bias - mb)
    else:
        v = Fraction(mant | (1 << mb)) * Fraction(2) ** (ef - bias - mb)
    return -v if s else v

class Test:
    pass

def load_index(d):
    cfgs = []
    for line in open(os.path.join(d, "index.txt")):
        p = line.split()
        if p[0] == "mma":
            c = dict(name=p[1], m=int(p[2]), n=int(p[3]), k=int(p[4]), at=p[5], bt=p[6], ct=p[7], dt=p[8],
                     na=int(p[9]), nb=int(p[10]), nc=int(p[11]), nd=int(p[12]), row_a=int(p[13]), col_b=int(p[14]),
                     ntests=int(p[15]))
            cfgs.append(c)
    return cfgs

def get_elem(words, lane, bits, e):
    if bits == 64:
        return words[2 * e][lane] | (words[2 * e + 1][lane] << 32)
    per = 32 // bits
    reg, sh = e // per, (e % per) * bits
    return (words[reg][lane] >> sh) & ((1 << bits) - 1)

def load_tests(d, c):
    """yields per test: list over groups of (A, B, C, D) bit-pattern matrices (lists of rows)"""
    data = open(os.path.join(d, "mma_%s.bin" % c["name"]), "rb").read()
    T, nin, nd = c["ntests"], c["na"] + c["nb"] + c["nc"], c["nd"]
    ins = struct.unpack("<%dI" % (T * nin * 32), data[:T * nin * 128])
    outs = struct.unpack("<%dI" % (T * nd * 32), data[T * nin * 128:])
    m, n, k = c["m"], c["n"], c["k"]
    ab, bb, cb, db = BITS[c["at"]], BITS[c["bt"]], BITS[c["ct"]], BITS[c["dt"]]
    groups = 4 if (m, n, k) == (8, 8, 4) and c["at"] != "f64" else 1
    def cnt(words, bits):
        return words // 2 if bits == 64 else words * 32 // bits
    for t in range(T):
        w = [ins[(t * nin + r) * 32:(t * nin + r + 1) * 32] for r in range(nin)]
        o = [outs[(t * nd + r) * 32:(t * nd + r + 1) * 32] for r in range(nd)]
        A = [[[None] * k for _ in range(m)] for _ in range(groups)]
        B = [[[None] * n for _ in range(k)] for _ in range(groups)]
        C = [[[None] * n for _ in range(m)] for _ in range(groups)]
        D = [[[None] * n for _ in range(m)] for _ in range(groups)]
        wa, wb, wc = w[:c["na"]], w[c["na"]:c["na"] + c["nb"]], w[c["na"] + c["nb"]:]
        for l in range(32):
            for e in range(cnt(c["na"], ab)):
                r, cc, g = coord(m, n, k, ab, 0, l, e, c["row_a"], c["col_b"])
                A[g][r][cc] = get_elem(wa, l, ab, e)
            for e in range(cnt(c["nb"], bb)):
                r, cc, g = coord(m, n, k, bb, 1, l, e, c["row_a"], c["col_b"])
                B[g][r][cc] = get_elem(wb, l, bb, e)
            for e in range(cnt(c["nc"], cb)):
                r, cc, g = coord(m, n, k, cb, 2, l, e)
                C[g][r][cc] = get_elem(wc, l, cb, e)
            for e in range(cnt(nd, db)):
                r, cc, g = coord(m, n, k, db, 2, l, e)
                D[g][r][cc] = get_elem(o, l, db, e)
        yield t, [(A[g], B[g], C[g], D[g]) for g in range(groups)]
