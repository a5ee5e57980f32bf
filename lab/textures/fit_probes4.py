#!/usr/bin/env python3
"""fit_probes4.py DIR — fits the open linear-filtering rules against record.cu's probes4 recording
(DIR holds its cases.txt; lab/textures/README.md, "Probes4"): the 3D weights (read directly on
parity one-hot textures, the random 3D cases' own coordinates replayed), the 3D sums (two-valued
and held-out random 3D textures), normalized s8 (q = result x 32767 for every exact byte sum T)
and subnormal texels and results (f32, f16). A rule counts only if it misses no recorded lane."""
import itertools
import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from texrec import (address_index, bits, border_step, corner_value, footprint, from_bits, load,  # noqa: E402
                    round_to, texel_float)
from fit_linear import R, rule_align_values, sequential_rule  # noqa: E402

# case ranges of the probes4 set, in record.cu's order (after the 445 cases of the first recording)
SETS = [("replay", 72), ("onehot", 96), ("twovalued", 64), ("random3d", 72), ("s8table", 512), ("s8random", 48),
        ("sub1d", 96), ("sub2d", 24)]


def ranges():
    out, k = {}, 445
    for name, n in SETS:
        out[name] = range(k, k + n)
        k += n
    return out


Z_SLICES = ([0, 1, 2, 3], [4, 5, 6, 7])
ONE_GROUP = (list(range(8)),)

# the 3D rule of probes3: split by z, then x, then y; y rounds y0 in cells x0, y1 in cells x1
RULE3D = sequential_rule((0, 1, 0, 1))


def footprint3(c, lane, fixed=21, clamp="centres"):
    """(i0, a, layer) of a 3D lane: a normalized coordinate in `fixed`-bit fixed point times N (None:
    f32(u N)); under the clamp mode the coordinate clamped to the edge texels' centres ("centres"),
    to [0, N] ("edges") or not at all (None)."""
    from texrec import lane_coords, f32
    xs, layer = lane_coords(c, lane)
    sizes = [c.w, c.h, c.d]
    i0, a = [], []
    for d in range(3):
        if not c.coords_norm:
            X = Fraction(xs[d])
        elif fixed is None:
            X = Fraction(f32(xs[d] * sizes[d]))
        else:
            X = Fraction(math.floor(Fraction(xs[d]) * 2 ** fixed), 2 ** fixed) * sizes[d]
        if c.address[d] == 1 and clamp:
            lo, hi = (Fraction(1, 2), sizes[d] - Fraction(1, 2)) if clamp == "centres" else (0, sizes[d])
            X = min(max(X, lo), hi)
        xb = X - Fraction(1, 2)
        fl = math.floor(xb)
        i0.append(fl)
        a.append(math.floor((xb - fl) * 256 + Fraction(1, 2)))
    return i0, a, layer


def predicted_classes(c, lane, wf, fixed=21, clamp="centres"):
    """The weight (in 1/256) the model puts on each parity class (x&1) + 2(y&1) + 4(z&1) of a lane
    of a parity one-hot case, merged where an address mode maps two corners to one texel."""
    i0, a, layer = footprint3(c, lane, fixed, clamp)
    W = wf(a)
    cls = [0] * 8
    sizes = [c.w, c.h, c.d]
    for k in range(8):
        ix = [address_index(c.address[d], i0[d] + (k >> d & 1), sizes[d]) for d in range(3)]
        if None in ix:
            continue
        cls[(ix[0] & 1) + 2 * (ix[1] & 1) + 4 * (ix[2] & 1)] += W[k]
    return cls


def gpu_classes(lo, hi, lane):
    return [from_bits(c.out[lane * 4 + ch]) * 256 for c in (lo, hi) for ch in range(4)]


def fit_weights(by, rg, wf, label, fixed=21, clamp="centres"):
    missed, total, shown = 0, 0, 0
    for part in ("replay", "onehot"):
        r = list(rg[part])
        for lo_i, hi_i in zip(r[0::2], r[1::2]):
            lo, hi = by[f"case{lo_i:03d}"], by[f"case{hi_i:03d}"]
            if not (lo.ok and hi.ok):
                continue
            for lane in range(32):
                g, p = gpu_classes(lo, hi, lane), predicted_classes(lo, lane, wf, fixed, clamp)
                total += 1
                if g != p:
                    missed += 1
                    if shown < 3:
                        shown += 1
                        i0, a, _ = footprint3(lo, lane, fixed, clamp)
                        print(f"      {lo.name} lane {lane}: i0 {i0} a {a} GPU {g} model {p}")
    print(f"   {label}: {missed} of {total} one-hot lanes missed")
    return missed


def sum3d_lane(c, lane, wf, groups=Z_SLICES):
    """The model's four output words of a lane of a 3D case (f32/f16 aligned sum, or 16-bit fixed
    point for normalized u8/u16/s16); None for formats it does not model (s8)."""
    i0, a, layer = footprint3(c, lane)
    W = wf(a)
    out = []
    for ch in range(4):
        vals = [corner_value(c, 3, i0, k, layer, ch) for k in range(8)]
        if c.read_norm:
            if c.fmt == "s8":
                return None  # through the table: ptxsim's own comparison covers it
            iv = [(border_step(c, ch) if kind == "border" else v) * (257 if c.fmt == "u8" else 1) for kind, v in vals]
            if ch >= c.ch:
                iv = [0] * 8
            q = Fraction((sum(w * v for w, v in zip(W, iv)) + 128) >> 8, 32767 if c.fmt == "s16" else 65535)
            out.append(bits(max(round_to(q, 24, "even"), -1.0)))
        else:
            out.append(bits(slice_sum(W, [texel_float(c, kind, v, ch) for kind, v in vals], c.fmt, groups)))
    return out


def slice_sum(W, vals, fmt, groups):
    """Texels aligned per group of corners to the group's largest exponent (f32: 28 bits, f16: 15),
    truncated; the exact sum rounded once, ties away (f32 subnormal texels flushed, the result
    flushed after rounding; f16 on its own grid)."""
    from fit_linear import exponent, quantize
    f16 = fmt == "f16"
    v = list(vals) if f16 else [flush(x, "f32") for x in vals]
    s, counted = 0, False
    for grp in groups:
        xs = [v[k] for k in grp if v[k] and W[k]]
        if not xs:
            continue
        counted = True
        q = Fraction(2) ** (max(exponent(x) for x in xs) - (14 if f16 else 27))
        s += sum(Fraction(W[k], 256) * quantize(v[k], q, "trunc") for k in grp)
    if not counted:
        return -0.0 if all(math.copysign(1, x) < 0 for w, x in zip(W, v) if w) else 0.0
    if s == 0:
        return 0.0
    r = round_to(s, 11, "away", -14) if f16 else round_to(s, 24, "away", -100000)
    if not f16 and abs(r) < 2.0 ** -126:
        r = 0.0
    return r if r else (-0.0 if s < 0 else 0.0)



def fit_sums3d(by, rg, wf, label, groups=Z_SLICES):
    for part in ("twovalued", "random3d"):
        missed, total, fmts = 0, 0, {}
        for i in rg[part]:
            c = by[f"case{i:03d}"]
            if not c.ok:
                continue
            for lane in range(32):
                p = sum3d_lane(c, lane, wf, groups)
                if p is None:
                    continue
                total += 1
                if p != list(c.out[lane * 4:lane * 4 + 4]):
                    missed += 1
                    fmts[c.fmt] = fmts.get(c.fmt, 0) + 1
        print(f"   {label}, {part}: {missed} of {total} lanes missed {fmts or ''}")


# ---- normalized s8 ---------------------------------------------------------------------------

def s8_table(by, rg):
    """q(T) from the s8 table cases: T = 256 s0 + a (s1 = s0 + 1), q = result x 32767."""
    table, bad = {}, 0
    for i in rg["s8table"]:
        c = by[f"case{i:03d}"]
        if not c.ok:
            continue
        part = (i - rg["s8table"][0]) % 8
        for lane in range(32):
            a = part * 32 + lane
            for ch in range(4):
                s0 = c.texels[ch] - 256 * (c.texels[ch] > 127)
                s1 = c.texels[4 + ch] - 256 * (c.texels[4 + ch] > 127)
                T = (256 - a) * s0 + a * s1
                g = from_bits(c.out[lane * 4 + ch])
                q = round(g * 32767)
                if bits(g) != bits(round_to(Fraction(q, 32767), 24, "even")):
                    bad += 1
                if T in table and table[T] != q:
                    print(f"   s8: T = {T} gives q = {table[T]} and {q}")
                table[T] = q
    print(f"   s8 table: {len(table)} values of T ({min(table)} .. {max(table)}), {bad} results not q/32767")
    return table


def s8_check_random(by, rg, table, conv):
    """The random s8 cases (1D pairs, 2D) against q = table[T] (or conv(T)), T = sum W_k s_k."""
    missed, total = 0, 0
    for i in rg["s8random"]:
        c = by[f"case{i:03d}"]
        if not c.ok:
            continue
        for lane in range(32):
            dims, i0, a, layer, _ = footprint(c, lane)
            W = [256 - a[0], a[0]] if dims == 1 else None
            if dims == 2:
                w11 = (a[0] * a[1] + 128) >> 8
                W = [256 - a[0] - a[1] + w11, a[0] - w11, a[1] - w11, w11]
            for ch in range(4):
                vals = [corner_value(c, dims, i0, k, layer, ch) for k in range(len(W))]
                s = [(border_step(c, ch) if kind == "border" else v) for kind, v in vals]
                T = sum(w * v for w, v in zip(W, s))
                q = conv(T) if conv else table.get(T)
                want = None if q is None else bits(max(round_to(Fraction(q, 32767), 24, "even"), -1.0))
                total += 1
                missed += want != c.out[lane * 4 + ch]
    return missed, total


def s8_candidates(table):
    """Closed forms for q(T): print how many T each misses."""
    def rnd(x, mode):
        f = math.floor(x)
        return f + (1 if (x - f > Fraction(1, 2) or (x - f == Fraction(1, 2) and mode == "up")) else 0)
    cands = []
    for den in (127, 127.5, 128):
        for mode in ("up", "trunc"):
            cands.append((f"q = round_{mode}(T * 32767 / ({den} * 256))",
                          lambda T, den=den, mode=mode: rnd(Fraction(T) * 32767 / (Fraction(den) * 256), mode)
                          if mode == "up" else math.trunc(Fraction(T) * 32767 / (Fraction(den) * 256))))
    cands.append(("q = T + round(T / 128) (halves up)", lambda T: T + rnd(Fraction(T, 128), "up")))
    # via f32: the filtered value T/256 as s8 scaled to [-1, 1] in f32, then to 16 bits
    cands.append(("q = rn(f32(f32(T / 256) / 127) * 32767)",
                  lambda T: rnd(Fraction(round_to(Fraction(round_to(Fraction(T, 256), 24, "even")) / 127, 24, "even")) * 32767, "up")))
    for name, f in cands:
        miss = [T for T, q in table.items() if f(T) != q]
        print(f"   {len(miss):6d} missed  {name}" + (f"  (first T {sorted(miss, key=abs)[:4]})" if miss else ""))


# ---- subnormals ------------------------------------------------------------------------------

def flush(v, fmt):
    tiny = 2.0 ** (-14 if fmt == "f16" else -126)
    return math.copysign(0.0, v) if abs(v) < tiny else v


def sub_rule(result_mode, ties="away"):
    """(The candidates tried first; "final" in fit_subnormal is the rule ptxsim takes: f32 as
    "round-flush", f16 texels kept, aligned to 15 bits, rounded on f16's grid.) Texels flushed (subnormal -> 0 of its sign); the aligned sum (28 bits, truncated); then a
    result below the normal range flushed to 0 ("flush", of the sum's sign), rounded on the
    subnormal grid ("grid"), or truncated on it ("grid-trunc")."""
    def f(fmt, W, vals):
        v = [flush(x, fmt) for x in vals]
        counted = [x for w, x in zip(W, v) if x and w]
        if not counted:
            neg = all(math.copysign(1, x) < 0 for w, x in zip(W, v) if w)
            return -0.0 if neg else 0.0
        from fit_linear import exponent, quantize
        quantum = Fraction(2) ** (max(exponent(x) for x in counted) - 27)
        s = sum(Fraction(w, 256) * quantize(x, quantum, "trunc") for w, x in zip(W, v))
        bits_, emin = (11, -14) if fmt == "f16" else (24, -126)
        if s == 0:
            return 0.0
        if result_mode == "round-flush":  # rounded as if the exponent had no floor, then flushed
            r = round_to(s, bits_, ties, -100000)
            return r if abs(r) >= 2.0 ** emin else (-0.0 if s < 0 else 0.0)
        if abs(s) < Fraction(2) ** emin:
            if result_mode == "flush":
                return -0.0 if s < 0 else 0.0
            r = round_to(s, bits_, "zero" if result_mode == "grid-trunc" else ties, emin)
            return r if r else (-0.0 if s < 0 else 0.0)
        return round_to(s, bits_, ties, emin)
    return f


def fit_subnormal(by, rg, recs=()):
    lanes = []
    for part in ("sub1d", "sub2d"):
        for i in rg[part]:
            c = by[f"case{i:03d}"]
            if c.ok and c.linear:
                lanes.append(c)
    lanes += [c for c in recs if c.ok and c.linear]
    final = lambda fmt, W, vals: slice_sum(W, vals, fmt, (list(range(len(W))),))  # noqa: E731
    for mode, fmt in itertools.product(("flush", "round-flush", "grid", "grid-trunc", "final"), ("f32", "f16")):
        f = final if mode == "final" else sub_rule(mode)
        missed, total, sub_res, where = 0, 0, 0, set()
        for c in lanes:
            if c.fmt != fmt:
                continue
            for lane in range(32):
                dims, i0, a, layer, _ = footprint(c, lane)
                W = [256 - a[0], a[0]] if dims == 1 else None
                if dims == 2:
                    w11 = (a[0] * a[1] + 128) >> 8
                    W = [256 - a[0] - a[1] + w11, a[0] - w11, a[1] - w11, w11]
                for ch in range(c.ch):
                    vals = [texel_float(c, *corner_value(c, dims, i0, k, layer, ch), ch) for k in range(len(W))]
                    want = f(c.fmt, W, vals)
                    g = c.out[lane * 4 + ch]
                    gv = from_bits(g)
                    sub_res += gv != 0 and abs(gv) < 2.0 ** (-14 if c.fmt == "f16" else -126)
                    total += 1
                    if bits(want) != g:
                        missed += 1
                        where.add(c.name)
        print(f"   {fmt} subnormal results {mode}: {missed} of {total} lane channels missed"
              f" ({sub_res} GPU results subnormal) {sorted(where)[:6]}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cases = load(sys.argv[1])
    by = {c.name: c for c in cases}
    rg = ranges()
    print(f"{len(cases)} cases, {sum(c.ok for c in cases)} ran")
    print("1. 3D weights (z, then x, then y: probes3's rule) under coordinate rules")
    for fixed, clamp in ((None, None), (None, "centres"), (None, "edges"), (18, "centres"), (19, "centres"),
                         (21, "centres"), (22, "centres")):
        fit_weights(by, rg, RULE3D, f"normalized {'f32(u N)' if fixed is None else f'{fixed}-bit fixed'}, "
                    f"clamp {clamp or 'none'}", fixed, clamp)
    fit_sums3d(by, rg, RULE3D, "sums aligned per z slice", Z_SLICES)
    fit_sums3d(by, rg, RULE3D, "sums aligned over all corners", ONE_GROUP)
    print("2. normalized s8")
    table = s8_table(by, rg)
    s8_candidates(table)
    m, n = s8_check_random(by, rg, table, None)
    print(f"   random s8 cases (1D pairs, 2D) through the table: {m} of {n} lane channels missed")
    print("3. subnormal texels and results")
    fit_subnormal(by, rg)
