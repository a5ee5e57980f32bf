#!/usr/bin/env python3
"""Writes the inputs and expected outputs of tex_case.ptx (tests/data/tex/case/case.json), the
expected values from the PTX ISA (suld/sust/suq/txq) and the CUDA programming guide's texture
fetching (point sampling, normalized coordinates, wrap and mirror, normalized-float reads),
computed here independently of ptxsim. Run from this folder: python3 gen_case.py"""
import math
import random
import struct

rng = random.Random(20261202)
W, H = 5, 3                      # texture: u8 x 4 channels
surf = [rng.getrandbits(32) for _ in range(64)]
img = [rng.getrandbits(8) for _ in range(W * H * 4)]

def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]

coords = []
for t in range(64):
    # texel i + a fraction away from the edges, over [-2, 3) texture widths, normalized
    cx = f32((rng.randrange(-2 * W, 3 * W) + 0.15 + 0.7 * rng.random()) / W)
    cy = f32((rng.randrange(-2 * H, 3 * H) + 0.15 + 0.7 * rng.random()) / H)
    coords.append((cx, cy))

def wrap(i, n):
    return i % n

def mirror(i, n):            # period 2n: 0 .. n-1, then n-1 .. 0
    p = i % (2 * n)
    return p if p < n else 2 * n - 1 - p

out = []
for t in range(64):
    v = surf[t]
    cx, cy = coords[t]
    ix = wrap(math.floor(f32(cx * W)), W)   # x * N rounded to f32, then the texel it falls in
    iy = mirror(math.floor(f32(cy * H)), H)
    texel = img[(iy * W + ix) * 4:(iy * W + ix) * 4 + 4]
    rgba = [f32(c / 255) for c in texel]      # normalized float: c / (2^8 - 1), rounded to f32
    out.append(struct.pack('<I4fIII', v, *rgba, 8, H, W))  # suq.width, txq.height, txq.width

surf_after = [(3 * v + 1) & 0xffffffff for v in surf]
open('surf.in.bin', 'wb').write(struct.pack('<64I', *surf))
open('img.in.bin', 'wb').write(bytes(img))
open('coords.in.bin', 'wb').write(b''.join(struct.pack('<2f', *c) for c in coords))
open('surf.expected.bin', 'wb').write(struct.pack('<64I', *surf_after))
open('out.expected.bin', 'wb').write(b''.join(out))
