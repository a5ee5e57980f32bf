#!/usr/bin/env python3
"""fit_cube4.py LIBMUFU FILE — fits cubemap linear filtering, the mirror mode and mixed address
modes against `cube_probe lin`'s output on the H200 (FILE; lab/textures/README.md, "Probes4").
LIBMUFU: a shared library with ptxsim's MUFU.RCP model (sim/mufu.c), built with
  gcc -O2 -shared -fPIC -DPS_MUFU_DATA_DIR="\\"$PWD/sim/mufu\\"" -Icommon -Isim -o /tmp/libmufu.so \\
      sim/mufu.c sim/mufu_data.c sim/mufu_tanh.c lab/textures/xmalloc_stub.c
Each line is predicted from the face rule of sim/texture_cube.c and a candidate linear rule;
prints how many lines of each tag and address mode every candidate misses."""
import ctypes
import math
import os
import struct
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from texrec import address_index, bits, from_bits, f32  # noqa: E402
from fit_linear import rule_align_values  # noqa: E402

mufu = ctypes.CDLL(sys.argv[1]) if len(sys.argv) > 2 else None
if mufu:
    mufu.ps_mufu_rcp.restype = ctypes.c_uint32
    mufu.ps_mufu_rcp.argtypes = [ctypes.c_uint32]


def rcp(m):
    return from_bits(mufu.ps_mufu_rcp(bits(m)))


def ftz(v):
    return 0.0 if abs(v) < 2.0 ** -126 else v


def face_of(d):
    """(face, s, t, r) as sim/texture_cube.c finds them."""
    v = [ftz(x) for x in d]
    a = [abs(x) for x in v]
    ax = 2 if a[2] >= a[1] and a[2] >= a[0] else 1 if a[1] >= a[0] else 0
    r = rcp(a[ax])
    for c in (2, 1):
        if c > ax and f32(a[c] * r) >= 1.0:
            ax = c
            break
    r = rcp(a[ax])
    x, y, z = v
    if ax == 2:
        return (4 if z >= 0 else 5), (x if z >= 0 else -x), -y, r
    if ax == 1:
        return (2 if y >= 0 else 3), x, (z if y >= 0 else -z), r
    return (0 if x >= 0 else 1), (-z if x >= 0 else z), -y, r


def texels(kind, W, nl):
    """The texture cube_probe.cu's run_lin fills: tex[(f * W + y) * W + x] = 4 floats."""
    seed = 0x243f6a8885a308d3 ^ (W * 131 + kind)
    M = (1 << 64) - 1
    t = {}
    for f in range(nl):
        for y in range(W):
            for x in range(W):
                face = f % 6
                c = [0.0] * 4
                if kind == 0:
                    c[(x & 1) + 2 * (y & 1)] = 1.0
                if kind == 1 and face < 4:
                    c[face] = 1.0
                if kind == 2:
                    c = [float(face == 4), float(face == 5), float(x), float(y)]
                if kind == 3:
                    c = [float(f), float(x), float(y), 1.0]
                if kind == 4:
                    for k in range(4):
                        seed ^= (seed << 13) & M
                        seed ^= seed >> 7
                        seed ^= (seed << 17) & M
                        u = (seed >> 32) & 0xffffffff
                        u = (u & 0x807fffff) | ((123 + (u >> 23) % 7) << 23)
                        c[k] = from_bits(u)
                t[(f, x, y)] = c
    return t


BORDER = [-1.0, -2.0, -3.0, 0.0]
SUM = rule_align_values(4, "trunc")


def coord_variants(q, W):
    """Candidates for the face coordinate in texels, x = u W with u = (q + 1) / 2."""
    u = (Fraction(q) + 1) / 2
    return {
        "exact": u * W,
        "f32(u W)": Fraction(f32(f32(float(u)) * W)),
        "fixed21": Fraction(math.floor(u * 2 ** 21), 2 ** 21) * W,
    }


def predict(line, tex, variant):
    (tag, W, kind, filt, modes, d, layer) = line
    face, s, t, r = face_of(d)
    qs, qt = f32(s * r), f32(t * r)
    face_layer = 6 * layer + face
    if filt == "point":
        idx = []
        for q, m in ((qs, modes[0]), (qt, modes[1])):
            u = (Fraction(q) + 1) / 2
            i = (math.floor(u * 2 ** 21) * W) >> 21
            idx.append(address_index(m, i, W))
        if None in idx:
            return [bits(b) for b in BORDER]
        return [bits(v) for v in tex[(face_layer, idx[0], idx[1])]]
    xs = [coord_variants(q, W)[variant] - Fraction(1, 2) for q in (qs, qt)]
    i0 = [math.floor(x) for x in xs]
    a = [math.floor((x - math.floor(x)) * 256 + Fraction(1, 2)) for x in xs]
    w11 = (a[0] * a[1] + 128) >> 8
    Wt = [256 - a[0] - a[1] + w11, a[0] - w11, a[1] - w11, w11]
    vals = []
    for k in range(4):
        ix = address_index(modes[0], i0[0] + (k & 1), W)
        iy = address_index(modes[1], i0[1] + (k >> 1), W)
        vals.append(BORDER if ix is None or iy is None else tex[(face_layer, ix, iy)])
    return [bits(SUM(("", 0, ch, Wt, [v[ch] for v in vals], None, "f32"))) for ch in range(4)]


def parse(path):
    out = []
    for ln in open(path):
        p = ln.split()
        if len(p) < 13 or p[-5] != "->":
            continue
        tag, W, kind, filt, modes = p[0], int(p[1][2:]), int(p[2][4:]), p[3], [int(ch) for ch in p[4]]
        d = [from_bits(int(h, 16)) for h in p[5:8]]
        out.append(((tag, W, kind, filt, modes, d, int(p[8])), [int(h, 16) for h in p[-4:]]))
    return out


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    lines = parse(sys.argv[2])
    texs = {}
    for variant in ("exact", "f32(u W)", "fixed21"):
        stats = {}
        for line, got in lines:
            tag, W, kind, filt, modes, d, layer = line
            key = (W, kind, tag == "alin" and 3)
            if key not in texs:
                texs[key] = texels(kind, W, 18 if tag == "alin" else 6)
            want = predict(line, texs[key], variant)
            face, s, t, r = face_of(d)
            inside = all(abs(f32(q * r)) <= 1 - 1.0 / W for q in (s, t))
            k = (tag, filt, "".join(map(str, modes)), "interior" if inside else "edge")
            e = stats.setdefault(k, [0, 0])
            e[0] += 1
            e[1] += want != got
        print(f"variant {variant}:")
        for k in sorted(stats):
            print(f"   {k}: {stats[k][1]} of {stats[k][0]} missed")
