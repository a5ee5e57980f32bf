#!/usr/bin/env python3
"""gen.py — writes scan3's input and its expected buffers after each launch, computed here in
Python independently of ptxsim: in.bin (256 u32), after0.data.bin / after0.sums.bin (per-block
inclusive scans and block totals), after1.sums.bin (totals scanned), final.data.bin (the whole
inclusive scan). Run from this folder; the outputs are committed."""
import random
import struct

rng = random.Random(16)
data = [rng.randrange(0, 1 << 20) for _ in range(256)]
M = 1 << 32

def pack(v):
    return struct.pack("<%dI" % len(v), *[x % M for x in v])

def scan(v):
    out, acc = [], 0
    for x in v:
        acc += x
        out.append(acc % M)
    return out

blocks = [scan(data[b * 64:(b + 1) * 64]) for b in range(4)]
after0 = [x for blk in blocks for x in blk]
sums0 = [blk[-1] for blk in blocks]
open("in.bin", "wb").write(pack(data))
open("after0.data.bin", "wb").write(pack(after0))
open("after0.sums.bin", "wb").write(pack(sums0))
open("after1.sums.bin", "wb").write(pack(scan(sums0)))
open("final.data.bin", "wb").write(pack(scan(data)))
