"""texrec.py — reads an H200 texture recording (lab/textures/record.cu's output) for the fitting
scripts of lab/textures: each case's description, texels, lane inputs and the GPU's outputs, and
the parts of ptxsim's sampling model (sim/texture.c) that are settled (coordinates, footprint,
address modes, border colour, texel conversion), so a script can try one open rule at a time."""
import math
import os
import re
import struct
from fractions import Fraction

FORMATS = {"u8": (1, "B"), "s8": (1, "b"), "u16": (2, "H"), "s16": (2, "h"), "u32": (4, "I"), "s32": (4, "i"),
           "f16": (2, "e"), "f32": (4, "f")}
MODES = {"wrap": 0, "clamp": 1, "mirror": 2, "border": 3}


def f32(x):
    """x (a float or Fraction) rounded to f32, to nearest even, as a Python float."""
    return struct.unpack("<f", struct.pack("<f", float(x)))[0]


def bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def from_bits(u):
    return struct.unpack("<f", struct.pack("<I", u))[0]


class Case:
    pass


def load(dirname):
    cases = []
    with open(os.path.join(dirname, "cases.txt")) as f:
        for line in f:
            c = Case()
            parts = line.split()
            c.name = parts[0]
            kv = dict(p.split("=", 1) for p in parts[1:] if "=" in p)
            c.kv = kv
            c.kernel, c.fmt = kv["kernel"], kv["format"]
            c.ch, c.dim = int(kv["channels"]), int(kv["dims"])
            c.w, c.h, c.d = (int(v) for v in kv["size"].split(","))
            c.layers = int(kv["layers"])
            c.read_norm = kv["read_mode"] == "normalized_float"
            c.coords_norm = kv["normalized_coords"] == "1"
            c.linear = kv["filter"] == "linear"
            c.address = [MODES[a] for a in kv["address"].split(",")]
            c.border = [int(b, 16) for b in kv["border"].split(",")]
            c.ok = line.rstrip().endswith("result=ok")
            c.surface = kv["object"] == "surface"
            if c.ok:
                rd = lambda s: open(os.path.join(dirname, c.name + "." + s), "rb").read()
                c.texels = rd("texels.bin")
                c.inp = struct.unpack("<128I", rd("in.bin"))
                c.out = struct.unpack("<128I", rd("out.gpu.bin"))
            cases.append(c)
    return cases


def linear_tex_cases(cases):
    return [c for c in cases if c.ok and not c.surface and c.linear and c.kernel.startswith("tex_")]


def raw_texel(c, x, y, z, layer, ch):
    """The stored value of channel ch of texel (x, y, z) of layer (in range): int or float."""
    cs, code = FORMATS[c.fmt]
    off = ((((layer * c.d + z) * c.h + y) * c.w + x) * c.ch + ch) * cs
    return struct.unpack("<" + code, c.texels[off:off + cs])[0]


def address_index(mode, i, n):
    if mode == 0:
        return i % n
    if mode == 2:
        m = i % (2 * n)
        return m if m < n else 2 * n - 1 - m
    if mode == 3:
        return i if 0 <= i < n else None
    return min(max(i, 0), n - 1)


def round_tz(q):
    return math.ceil(q - 0.5) if q >= 0 else math.floor(q + 0.5)


def border_step(c, ch):
    b = from_bits(c.border[ch])
    if c.fmt == "u8":
        return round_tz(f32(min(max(b, 0.0), 1.0) * 255.0))
    if c.fmt == "u16":
        return round_tz(f32(min(max(b, 0.0), 1.0) * 65535.0))
    if c.fmt == "s8":
        return round_tz(f32(min(max(b, -1.0), 1.0) * 127.0))
    return round_tz(f32(min(max(b, -1.0), 1.0) * 32767.0))


def lane_coords(c, lane):
    """(coordinates as floats, layer) of a lane, from the kernel's input words."""
    w = c.inp[lane * 4:lane * 4 + 4]
    layer = 0
    if c.kernel.startswith("tex_a"):
        layer, xs = w[0], [from_bits(w[1]), from_bits(w[2])]
        layer = min(layer, c.layers - 1)
    else:
        xs = [from_bits(w[1]), from_bits(w[2]), from_bits(w[3])]
    return xs[:c.dim], layer


def footprint(c, lane):
    """The linear footprint of a lane as ptxsim finds it: (dims, i0 per dim, a per dim in 1/256
    steps (ints 0..256), layer, exact fraction per dim)."""
    xs, layer = lane_coords(c, lane)
    sizes = [c.w, c.h, c.d]
    dims = 2 if c.dim == 1 and not c.layers else c.dim
    i0, a, fr = [], [], []
    for d in range(dims):
        if d < c.dim:
            x = f32(xs[d] * sizes[d]) if c.coords_norm else xs[d]
        else:
            x = 0.0
        xb = Fraction(x) - Fraction(1, 2)
        fl = math.floor(xb)
        f = xb - fl
        i0.append(fl)
        fr.append(f)
        a.append(math.floor(f * 256 + Fraction(1, 2)))
    return dims, i0, a, layer, fr


def corner_value(c, dims, i0, k, layer, ch):
    """('in', stored value) or ('border', f32 bits / step) of corner k (bit d: +1 in dimension d)."""
    sizes = [c.w, c.h, c.d]
    ix = [0, 0, 0]
    for d in range(dims):
        j = address_index(c.address[d], i0[d] + (k >> d & 1), sizes[d])
        if j is None:
            return ("border", None)
        ix[d] = j
    if ch >= c.ch:
        return ("in", 0)
    return ("in", raw_texel(c, ix[0], ix[1], ix[2], layer, ch))


def texel_float(c, kind, v, ch):
    """A corner's value as an exact float (f32/f16 formats): missing channels 0, border bits."""
    if ch >= c.ch:
        return 0.0
    if kind == "border":
        return from_bits(c.border[ch])
    return float(v)


def weights2d(a, b):
    """The 2D weights in 1/256 steps (corners 00, 10, 01, 11; bit 0 = x): w11 rounded, rest by
    subtraction (lab/textures README, third recording)."""
    w11 = (a * b + 128) >> 8
    return [256 - a - b + w11, a - w11, b - w11, w11]


def round_to(q, bits=24, ties="away", emin=-126):
    """An exact rational rounded to a float of `bits` significant bits (24: f32, 11: f16 with
    emin -14), to nearest with ties away from zero or to even, or toward zero ("zero")."""
    q = Fraction(q)
    if q == 0:
        return 0.0
    s = -1 if q < 0 else 1
    q = abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    while Fraction(2) ** e > q:
        e -= 1
    while Fraction(2) ** (e + 1) <= q:
        e += 1
    e = max(e, emin)
    ulp = Fraction(2) ** (e - bits + 1)
    m = q / ulp
    n = math.floor(m)
    r = m - n
    if ties == "zero":
        pass
    elif r > Fraction(1, 2) or (r == Fraction(1, 2) and (ties == "away" or n % 2)):
        n += 1
    return s * float(n * ulp)
