#!/usr/bin/env python3
"""cube_dirs2.py — directions for the second cubemap probe (cube_probe.cu with a file argument):
samples where the two arithmetic models that fit the first probe disagree (the minor coordinate
divided by the major one and rounded to f32, or multiplied by its f32 reciprocal and rounded),
samples just off texel edges on faces whose width is not a power of two (3, 5, 6, 7), where
the 21-bit fixed-point coordinate of the 2D path and exact arithmetic disagree, and a minor
component one ulp below the major one (the face's far edge).
Writes OUT (default cube_dirs2.bin): records of int32 W, float x, y, z."""
import math, random, struct, sys
from fractions import Fraction as Fr

def f32(x): return struct.unpack('<f', struct.pack('<f', x))[0]
def nxt(x, d): return struct.unpack('<f', struct.pack('<I', struct.unpack('<I', struct.pack('<f', x))[0] + d))[0] if x > 0 else -nxt(-x, -d) if x < 0 else x

def index(q, W, F):
    u = (Fr(q) + 1) / 2
    if F: u = Fr(math.floor(u * 2**F), 2**F)
    return max(0, min(W - 1, math.floor(u * W)))

def place(axis, major, minor, other):
    c = [0.0, 0.0, 0.0]
    c[axis] = major; c[(axis + 1) % 3] = minor; c[(axis + 2) % 3] = other
    return c

random.seed(20261203)
out = []
# 1: division vs reciprocal
while len([o for o in out if o[0] == 8]) < 600:
    W = 8
    m = f32(math.exp(random.uniform(math.log(0.05), math.log(40))))
    k = random.randint(1, W - 1)
    s = f32(m * (2 * k / W - 1))
    for d in range(-3, 4):
        c = nxt(s, d) if s != 0 else s
        if abs(c) >= m: continue
        qd = f32(c / m); qr = f32(c * f32(1 / m))
        if index(qd, W, 21) != index(qr, W, 21):
            axis = random.randint(0, 2); sign = random.choice((1, -1))
            out.append((W, *place(axis, sign * m, c, f32(0.3 * m))))
# 2: non-power-of-two widths, a coordinate a few ulps either side of each texel edge
for W in (3, 5, 6, 7):
    for m in (1.0, 0.75, 3.0):
        for k in range(1, W):
            s = f32(m * (2 * Fr(k, W) - 1))
            for d in range(-4, 5):
                c = nxt(s, d) if s != 0 else s
                for axis in range(3):
                    out.append((W, *place(axis, m, c, f32(0.3 * m))))
                    out.append((W, *place(axis, m, f32(0.3 * m), c)))
# 3: a minor component one ulp below the major one (q may round to 1: the face's last texel, or
#    past it), on every axis and both signs of the minor component
for m in (3.0, 5.5, 0.75, 7.0, 1e10, 1e-10, 1.0):
    below = nxt(f32(m), -1)
    for axis in range(3):
        for sgn in (1, -1):
            out.append((8, *place(axis, f32(m), sgn * below, f32(0.3 * m))))
            out.append((8, *place(axis, f32(m), f32(0.3 * m), sgn * below)))
with open(sys.argv[1] if len(sys.argv) > 1 else 'cube_dirs2.bin', 'wb') as fh:
    for W, x, y, z in out:
        fh.write(struct.pack('<ifff', W, x, y, z))
print(len(out), 'directions')
