#!/usr/bin/env python3
"""fit_linear.py DIR [PROBES3_DIR] — tests candidate rules for the H200's linear texture filter against a
recording of lab/textures/record.cu (DIR: tests/data/tex/h200_recording.tar.gz extracted, the
folder holding cases.txt), lane by lane, and prints how many recorded lanes each rule misses.
A rule counts only if it misses none of its class (lab/textures/README.md, "Fourth step").

1. Float sums, 1D and 2D f32 and f16 textures: with the weights settled (1/256 steps, the 2D rule
   w11 = round(a*b/256)), how are the weighted texels added and rounded?
2. 3D weights, from the one-hot 2x2x2 probes (cases 431-434): which rule makes the eight 1/256
   weights from the three rounded fractions?
3. Normalized s8: is the result a linear function of the weight in 16-bit fixed point, as for
   u8, u16 and s16 (probe cases 438-440)?
4. With PROBES3_DIR (lab/textures/h200_probes3.tar.gz extracted): the 3D weights of its one-hot
   probes."""
import itertools
import math
import sys
from fractions import Fraction

from texrec import (bits, border_step, corner_value, footprint, from_bits, linear_tex_cases, load, round_to,
                    texel_float, weights2d)

HALF = Fraction(1, 2)


def exponent(q):
    """floor(log2 |q|) of a nonzero rational."""
    q = abs(Fraction(q))
    e = q.numerator.bit_length() - q.denominator.bit_length()
    while Fraction(2) ** e > q:
        e -= 1
    while Fraction(2) ** (e + 1) <= q:
        e += 1
    return e


def quantize(q, quantum, mode):
    m = Fraction(q) / quantum
    n = {"trunc": math.trunc, "floor": math.floor, "nearest-even": round}[mode](m)
    return n * quantum


# ---- 1. float sums ----------------------------------------------------------------------------

def float_lanes(cases):
    """(case, lane, channel, weights /256, values, GPU result, format) of every 1D/2D f32 and f16
    linear lane channel."""
    out = []
    for c in linear_tex_cases(cases):
        if c.fmt not in ("f32", "f16") or c.dim == 3:
            continue
        for lane in range(32):
            dims, i0, a, layer, _ = footprint(c, lane)
            W = weights2d(a[0], a[1]) if dims == 2 else [256 - a[0], a[0]]
            for ch in range(4):
                vals = [texel_float(c, *corner_value(c, dims, i0, k, layer, ch), ch) for k in range(len(W))]
                out.append((c.name, lane, ch, W, vals, from_bits(c.out[lane * 4 + ch]), c.fmt))
    return out


def final(q, fmt, ties="away"):
    return round_to(q, 11, ties, -14) if fmt == "f16" else round_to(q, 24, ties, -126)


def rule_exact(ties):
    return lambda d: final(sum(Fraction(w, 256) * Fraction(v) for w, v in zip(d[3], d[4])), d[6], ties)


def rule_align_values(guard, mode, ties="away", all_corners=False):
    """Texels (of nonzero weight, or all four) aligned to the largest one's exponent with 24 + guard
    bits, cut by mode; then the exact weighted sum, rounded once."""
    def f(d):
        counted = [v for w, v in zip(d[3], d[4]) if v and (w or all_corners)]
        if not counted:
            return 0.0
        quantum = Fraction(2) ** (max(exponent(v) for v in counted) - 23 - guard)
        return final(sum(Fraction(w, 256) * quantize(v, quantum, mode) for w, v in zip(d[3], d[4])), d[6], ties)
    return f


def rule_align_products(guard, mode):
    """Products w*v aligned to the largest product's exponent with 24 + guard bits."""
    def f(d):
        P = [Fraction(w, 256) * Fraction(v) for w, v in zip(d[3], d[4])]
        nz = [p for p in P if p]
        if not nz:
            return 0.0
        quantum = Fraction(2) ** (max(exponent(p) for p in nz) - 23 - guard)
        return final(sum(quantize(p, quantum, mode) for p in P), d[6])
    return f


def rule_round_products(p, ties):
    """Each product rounded to p bits first, then the exact sum rounded."""
    return lambda d: final(sum(Fraction(round_to(Fraction(w, 256) * Fraction(v), p, ties, -1000))
                               for w, v in zip(d[3], d[4])), d[6])


def fit_float_sums(cases):
    lanes = float_lanes(cases)
    print(f"1. float sums: {len(lanes)} lane channels of 1D/2D f32 and f16 linear cases")
    rules = [("exact sum, ties away (the previous model)", rule_exact("away")),
             ("exact sum, ties to even", rule_exact("even"))]
    for p in (24, 26, 28, 30):
        rules.append((f"products rounded to {p} bits (even) first", rule_round_products(p, "even")))
    for g in (2, 4, 6, 8):
        rules.append((f"products aligned to the largest, 24+{g} bits, truncated", rule_align_products(g, "trunc")))
    for g in range(2, 8):
        for mode in ("trunc", "floor", "nearest-even"):
            rules.append((f"texels aligned to the largest, 24+{g} bits, {mode}", rule_align_values(g, mode)))
    rules += [("texels aligned, 24+4 bits, truncated; all four corners count", rule_align_values(4, "trunc", "away", True)),
              ("texels aligned, 24+4 bits, truncated; ties to even", rule_align_values(4, "trunc", "even"))]
    for name, f in rules:
        missed = [d for d in lanes if f(d) != d[5]]
        where = sorted({d[0] for d in missed})
        print(f"   {len(missed):5d} missed  {name}" + (f"  ({', '.join(where[:6])}{' ...' if len(where) > 6 else ''})" if missed else ""))


# ---- 2. 3D weights ----------------------------------------------------------------------------

def weights3d(cases):
    """(rounded fractions a, GPU weights /256 of corners x + 2y + 4z) of the one-hot 3D probes."""
    by = {c.name: c for c in cases}
    rows = []
    for lo, hi in (("case431", "case432"), ("case433", "case434")):
        for lane in range(32):
            W = [round(from_bits(by[n].out[lane * 4 + ch]) * 256) for n in (lo, hi) for ch in range(4)]
            rows.append((footprint(by[lo], lane)[2], W))
    return rows


def R(num, den, mode):
    q = Fraction(num, den)
    f = math.floor(q)
    r = q - f
    return {"halves up": f + (r >= HALF), "halves down": f + (r > HALF),
            "halves even": f + (r > HALF or (r == HALF and f % 2 == 1)), "floor": f, "ceil": math.ceil(q)}[mode]


MODES = ("halves up", "halves down", "halves even", "floor", "ceil")


def w2(a, b, mode):
    w11 = R(a * b, 256, mode)
    return [256 - a - b + w11, a - w11, b - w11, w11]


def split_rule(p, q, r, m1, m2):
    """The 2D rule in dimensions p, q; then each of the four cells split by dimension r."""
    def f(a):
        cells, out = w2(a[p], a[q], m1), [0] * 8
        for cell in range(4):
            hi = R(cells[cell] * a[r], 256, m2)
            for br, v in ((0, cells[cell] - hi), (1, hi)):
                out[(cell & 1) << p | (cell >> 1) << q | br << r] = v
        return out
    return f


def inclusion_rule(m2, m3, nested):
    """Subset products rounded (pairs, then the triple directly or from a rounded pair), corners by
    inclusion and exclusion (the 2D rule generalised)."""
    def f(a):
        P = {(): 256, (0,): a[0], (1,): a[1], (2,): a[2]}
        for s in ((0, 1), (0, 2), (1, 2)):
            P[s] = R(a[s[0]] * a[s[1]], 256, m2)
        if nested is None:
            P[(0, 1, 2)] = R(a[0] * a[1] * a[2], 65536, m3)
        else:
            other = ({0, 1, 2} - set(nested)).pop()
            P[(0, 1, 2)] = R(P[nested] * a[other], 256, m3)
        return [sum((-1) ** (len(S) - len(T)) * v for S, v in P.items() if set(T) <= set(S))
                for T in ([d for d in range(3) if k >> d & 1] for k in range(8))]
    return f


def products_rule(mode, rest):
    def f(a):
        out = []
        for k in range(8):
            n = 1
            for d in range(3):
                n *= a[d] if k >> d & 1 else 256 - a[d]
            out.append(R(n, 65536, mode))
        out[rest] += 256 - sum(out)
        return out
    return f


def sequential_rule(dy):
    """256 split by z, each slice by x, each (x, z) cell by y (halves up); dy[cell] (cells x0z0,
    x1z0, x0z1, x1z1) says whether a cell's y split rounds its y1 part (1) or its y0 part (0)."""
    def split(W, a, round_hi):
        if round_hi:
            hi = R(W * a, 256, "halves up")
            return W - hi, hi
        lo = R(W * (256 - a), 256, "halves up")
        return lo, W - lo

    def f(a):
        out = [0] * 8
        for bz, S in enumerate(split(256, a[2], 1)):
            for bx, X in enumerate(split(S, a[0], 1)):
                y0, y1 = split(X, a[1], dy[bz * 2 + bx])
                out[bx | bz << 2], out[bx | 2 | bz << 2] = y0, y1
        return out
    return f


def random_3d_misses(cases, wf):
    """Lanes of the random 3D f32, f16, u8, u16 and s16 cases (not the probes) that weights wf
    (with the settled float sum and 16-bit fixed point) miss, of all."""
    fl = rule_align_values(4, "trunc")
    lanes, missed = 0, 0
    for c in linear_tex_cases(cases):
        fixed = c.read_norm and c.fmt in ("u8", "u16", "s16")
        if c.dim != 3 or c.name in ("case431", "case432", "case433", "case434") or not (fixed or c.fmt in ("f32", "f16")):
            continue
        for lane in range(32):
            _, i0, a, layer, _ = footprint(c, lane)
            W, ok = wf(a), True
            for ch in range(c.ch):
                vals = [corner_value(c, 3, i0, k, layer, ch) for k in range(8)]
                if fixed:
                    iv = [(border_step(c, ch) if kind == "border" else v) * (257 if c.fmt == "u8" else 1)
                          for kind, v in vals]
                    q = Fraction((sum(w * v for w, v in zip(W, iv)) + 128) >> 8, 32767 if c.fmt == "s16" else 65535)
                    want = max(round_to(q, 24, "even"), -1.0)
                else:
                    want = fl((c.name, lane, ch, W, [texel_float(c, kind, v, ch) for kind, v in vals], None, c.fmt))
                ok = ok and bits(want) == c.out[lane * 4 + ch]
            lanes, missed = lanes + 1, missed + (not ok)
    return missed, lanes


def fit_3d(cases):
    rows = weights3d(cases)
    print(f"2. 3D weights: {len(rows)} probe lanes (8 weights each, whole 1/256 steps summing to 1: "
          f"{sum(1 for _, W in rows if sum(W) == 256)} of {len(rows)})")
    rules = []
    for p, q, r in itertools.permutations(range(3)):
        if p < q:
            for m1, m2 in itertools.product(MODES, MODES):
                rules.append((f"2D rule in {'xyz'[p]}{'xyz'[q]} ({m1}), cells split by {'xyz'[r]} ({m2})",
                              split_rule(p, q, r, m1, m2)))
    for m2, m3 in itertools.product(MODES, MODES):
        for nested in (None, (0, 1), (0, 2), (1, 2)):
            rules.append((f"inclusion-exclusion, pairs {m2}, triple {m3} from {nested or 'abc'}",
                          inclusion_rule(m2, m3, nested)))
    for mode in MODES:
        for rest in range(8):
            rules.append((f"eight products {mode}, corner {rest} takes the rest", products_rule(mode, rest)))
    for dy in itertools.product((0, 1), repeat=4):
        rules.append((f"split by z, then x, then y; y rounds y1 in cells {dy}", sequential_rule(dy)))
    scored = sorted(((sum(1 for a, W in rows if f(a) != W), name, f) for name, f in rules), key=lambda t: t[0])
    for missed, name, _ in scored[:4]:
        print(f"   {missed:3d} missed  {name}")
    missed, name, f = scored[0]
    for i, (a, W) in enumerate(rows):
        if f(a) != W:
            print(f"      lane {i}: a = {a}, GPU {W}, rule {f(a)}")
    print(f"   (of {len(rules)} rules)")
    for missed, name, f in scored[:2] + [t for t in scored if "2D rule in xz (halves up), cells split by y (halves up)" in t[1]]:
        m, n = random_3d_misses(cases, f)
        print(f"   {name}: misses {m} of {n} lanes of the random 3D cases")


# ---- 3. normalized s8 -------------------------------------------------------------------------

def fit_s8(cases):
    """q = result * 32767 is an integer in every lane. If q were floor(s * a + c) for the weight a
    of texel 1 (any slope s, offset c: a linear filter in fixed point, whatever the widening and
    the rounding), q - s*a would fit in a window narrower than 1 for some s."""
    by = {c.name: c for c in cases}
    print("3. normalized s8 (two-texel probes; q = GPU result x 32767, an integer in every lane)")
    for name in ("case438", "case439", "case440"):
        c = by[name]
        pts = []
        for lane in range(32):
            a = footprint(c, lane)[2][0]
            g = from_bits(c.out[lane * 4])
            q = round(g * 32767)
            assert bits(g) == bits(round_to(Fraction(q, 32767))), (name, lane)
            pts.append((a, q))
        v = (c.texels[0] - 256 * (c.texels[0] > 127), c.texels[1] - 256 * (c.texels[1] > 127))
        lo, hi = 0.0, 400.0
        for _ in range(60):  # the narrowest window over slopes: ternary search (the width is convex)
            m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            width = lambda s: max(q - s * a for a, q in pts) - min(q - s * a for a, q in pts)
            lo, hi = (lo, m2) if width(m1) < width(m2) else (m1, hi)
        print(f"   {name} texels {v}: narrowest window of q - s*a is {width(lo):.4f} (s = {lo:.5f}): "
              + ("a linear fixed-point filter fits" if width(lo) < 1 else "no linear fixed-point filter fits"))


def fit_probes3(cases, probes):
    """With the probes3 recording (record.cu's opt-in set): the 3D weights of 768 more one-hot
    lanes (512 with every fraction on the 1/256 grid, 256 with x a hair off half steps)."""
    by = {c.name: c for c in probes}
    rows = []
    for t in range(24):
        lo, hi = f"case{445 + 2 * t:03d}", f"case{446 + 2 * t:03d}"
        for lane in range(32):
            W = [from_bits(by[n].out[lane * 4 + ch]) * 256 for n in (lo, hi) for ch in range(4)]
            rows.append((footprint(by[lo], lane)[2], [int(w) for w in W]))
    old = weights3d(cases)
    print(f"4. probes3: 3D weights of {len(rows)} more lanes ({sum(sum(W) == 256 for _, W in rows)} sum to 1), "
          f"with the {len(old)} earlier ones")
    for dy in itertools.product((0, 1), repeat=4):
        f = sequential_rule(dy)
        missed = sum(f(a) != W for a, W in rows + old)
        if missed <= 8:
            m, n = random_3d_misses(cases, f)
            print(f"   {missed:3d} missed  split by z, then x, then y; y rounds y1 in cells {dy} "
                  f"(random 3D cases: {m} of {n} lanes missed)")

    # normalized s8: every weight 0..255 between two texels, 10 pairs (cases 493-572)
    pairs = [(0, 127), (0, -128), (0, 1), (0, -1), (-5, 90), (90, -5), (127, -128), (64, -64), (0, 64), (-1, 1)]
    f_of_T, conflicts = {}, 0
    for p, (v0, v1) in enumerate(pairs):
        for part in range(8):
            c = by[f"case{493 + p * 8 + part:03d}"]
            for lane in range(32):
                a = part * 32 + lane
                q = round(from_bits(c.out[lane * 4]) * 32767)
                T = (256 - a) * v0 + a * v1  # the exact sum of the raw bytes times the weights
                conflicts += T in f_of_T and f_of_T[T] != q
                f_of_T[T] = q
    print(f"   s8: q (result x 32767) as a function of T = (256 - a) * s0 + a * s1: {len(f_of_T)} values of T, "
          f"{conflicts} with two different q (0: the filter adds the raw bytes exactly, then converts T)")


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    cases = load(sys.argv[1])
    fit_float_sums(cases)
    fit_3d(cases)
    fit_s8(cases)
    if len(sys.argv) == 3:
        fit_probes3(cases, load(sys.argv[2]))
