#!/usr/bin/env python3
"""compare.py DIR [CASE...] — compares DIR/out.gpu.bin (the H200) with DIR/out.expected.bin (the PTX
ISA's tables, gen.py) case by case (DIR/cases.txt names the 32-word block of each case); prints
the cases that differ. Exits 1 unless exactly the CASEs given differ."""
import struct
import sys

d, allowed = sys.argv[1], set(sys.argv[2:])
gpu = open(d + "/out.gpu.bin", "rb").read()
isa = open(d + "/out.expected.bin", "rb").read()
names = [l.rstrip("\n").split(" ", 1)[1] for l in open(d + "/cases.txt")]
differ = set()
for k, name in enumerate(names):
    for t in range(32):
        i = (k * 32 + t) * 8
        g, e = struct.unpack("<Q", gpu[i:i + 8])[0], struct.unpack("<Q", isa[i:i + 8])[0]
        if g != e:
            differ.add(name)
            print("case %s thread %d: gpu %#018x isa tables %#018x" % (name, t, g, e))
print("%d of %d cases differ from the ISA's tables" % (len(differ), len(names)))
sys.exit(0 if differ == allowed else 1)
