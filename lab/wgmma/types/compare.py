#!/usr/bin/env python3
"""compare.py DIR [PTXSIM] — runs ptxsim on DIR/case.json (the wgmma_types probe, inputs and
out.gpu.bin in DIR) and prints, per variant and test mode, the accumulator registers compared
and how many differ from the H200's, with the first differences."""
import os, struct, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

d = sys.argv[1]
exe = sys.argv[2] if len(sys.argv) > 2 else "build/cli/ptxsim"
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([exe, "run", os.path.join(d, "case.json"), "--quiet", "--out", tmp], check=False)
    sim = open(os.path.join(tmp, "out.bin"), "rb").read()
gpu = open(os.path.join(d, "out.gpu.bin"), "rb").read()
tab = open(os.path.join(d, "tests.in.bin"), "rb").read()
import importlib.util
spec = importlib.util.spec_from_file_location("g", os.path.join(os.path.dirname(os.path.abspath(__file__)), "variants.py"))
V = importlib.util.module_from_spec(spec); spec.loader.exec_module(V)
tot = bad = 0
per = {}
for t in range(len(tab) // 64):
    vi, ioff, ilen, sd, off, aoff, _, _ = struct.unpack_from("<8I", tab, 64 * t)
    v = V.VARIANTS[vi]
    nr = v[1] // 4 if v[2] == "f16" else v[1] // 2
    n = 128 * nr
    g = struct.unpack_from(f"<{n}I", gpu, 4 * off)
    s = struct.unpack_from(f"<{n}I", sim, 4 * off)
    diff = [i for i in range(n) if g[i] != s[i]]
    tot += n; bad += len(diff)
    key = v[0]
    a, b = per.get(key, (0, 0))
    per[key] = (a + n, b + len(diff))
    if diff:
        ex = ", ".join(f"[{i}] gpu {g[i]:08x} sim {s[i]:08x}" for i in diff[:3])
        print(f"test {t} {v[0]}: {len(diff)}/{n} differ: {ex}")
for k, (a, b) in per.items():
    print(f"{k:32s} {a:7d} registers, {b:6d} differ")
print(f"total {tot} registers, {bad} differ")
