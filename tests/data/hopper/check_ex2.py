#!/usr/bin/env python3
"""check_ex2.py PTXSIM — corpus/hopper_attention's ex2 dump (docs/hopper.md): runs the dump kernel
on ptxsim and compares its (input, result) pairs with the H200's recording. Every ex2.approx input
must be bit-identical (so S = QK^T, the row maxima, shuffles and fma are exact), and so must every
result (the exact MUFU.EX2 model, docs/numerics.md 7; 1233 of 66560 were 1 ulp off with the earlier
fitted model). Prints the counts."""
import os, struct, subprocess, sys, tempfile

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
case = os.path.join(root, "corpus", "hopper_attention")
with tempfile.TemporaryDirectory() as out:
    r = subprocess.run([sys.argv[1], "run", os.path.join(case, "case.dump.json"), "--out", out],
                       stdout=subprocess.DEVNULL)
    if r.returncode not in (0, 1):
        sys.exit("ptxsim run failed: %d" % r.returncode)
    sim = open(os.path.join(out, "ex2.bin"), "rb").read()
gpu = open(os.path.join(case, "ex2.dump.gpu.bin"), "rb").read()
n = len(gpu) // 8
s, g = struct.unpack("<%dI" % (2 * n), sim), struct.unpack("<%dI" % (2 * n), gpu)
inputs = sum(s[2 * i] != g[2 * i] for i in range(n))
off = [abs(s[2 * i + 1] - g[2 * i + 1]) for i in range(n) if s[2 * i + 1] != g[2 * i + 1]]
print("%d ex2 calls: %d inputs differ, %d results differ (max %d ulp)" % (n, inputs, len(off), max(off, default=0)))
sys.exit(1 if inputs or off else 0)
