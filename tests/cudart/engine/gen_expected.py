#!/usr/bin/env python3
"""gen_expected.py — the oracle of the manifests in this folder: what grid_phases (from
tests/cudart/progs/coop_grid.cu, PTX in coop_grid.sm_90.ptx) leaves in partial[] and total for
n elements and nb blocks, and tile_max's input and output, computed here in Python from the
program's definitions. coop_grid.*.json are that program's two launches, for
scripts/bench/cudart.sh's comparison of `ptxsim exec` with `ptxsim run`."""
import struct, sys

def xs32(x):
    x ^= (x << 13) & 0xffffffff
    x ^= x >> 17
    x ^= (x << 5) & 0xffffffff
    return x

def write(n, nb, suffix):
    per = (n + nb - 1) // nb
    part = [0] * nb
    for i in range(n):
        part[i // per] += xs32(i + 1) & 0xffff
    part = [p & 0xffffffff for p in part]
    with open(f"partial.{suffix}.expected.bin", "wb") as f:
        f.write(struct.pack(f"<{nb}I", *part))
    with open(f"total.{suffix}.expected.bin", "wb") as f:
        f.write(struct.pack("<I", sum(part) & 0xffffffff))

def write_tiles(m):
    """tile_max's input (xs32(i * 7 + 3)) and each 8-thread tile's maximum"""
    hin = [xs32((i * 7 + 3) & 0xffffffff) for i in range(m)]
    with open("tile_in.in.bin", "wb") as f:
        f.write(struct.pack(f"<{m}I", *hin))
    with open("tile_out.expected.bin", "wb") as f:
        f.write(struct.pack(f"<{m // 8}I", *[max(hin[t * 8:(t + 1) * 8]) for t in range(m // 8)]))

if __name__ == "__main__":
    write(100000, 16, "g16")
    write(50000, 96, "g96")
    write_tiles(4096)
