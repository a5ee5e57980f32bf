#!/usr/bin/env python3
"""gen_cases.py — writes tests/verify/<pattern>/case.json for every kernel of bank_kernels.cu and
bank_kernels2.cu (the pattern is the kernel name without its k_ / k2_ prefix).

Every pattern is one launch of one kernel (out, in) of ../bank_kernels*.sm_90.ptx; the launch
shapes below are the only per-pattern facts. Rerun after adding a kernel:
    python3 tests/verify/src/gen_cases.py
"""
import json
import os
import re

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
PTX = ["bank_kernels.sm_90.ptx", "bank_kernels2.sm_90.ptx", "bank_kernels3.sm_90.ptx",
       "bank_kernels4.sm_90.ptx"]

# grid, block per kernel; everything else runs one CTA of two warps
SHAPES = {
    "k_ld32_s4_3blk": ([3, 1, 1], [96, 1, 1]),
    "k_ld32_s2_partial": ([1, 1, 1], [20, 1, 1]),
    "k_gld32_partial": ([1, 1, 1], [20, 1, 1]),
    "k_ld32_pred8_s32": ([1, 1, 1], [32, 1, 1]),
    "k_transpose32": ([1, 1, 1], [32, 8, 1]),
    "k_transpose33": ([1, 1, 1], [32, 8, 1]),
}
DEFAULT = ([1, 1, 1], [64, 1, 1])
# kernels measured but not patterns: their measurement does not show what the kernel was meant to
# (ptxas dropped the unused upper half of the f64 fragment: one 32-bit LDS instead of an LDS.64)
EXCLUDE = {"k4_wld_a_f64_row_4", "k4_wld_b_f64_col_4"}

kernels = []
for ptx in PTX:
    with open(os.path.join(root, ptx)) as f:
        kernels += [(ptx, k) for k in re.findall(r"^\.visible \.entry (k[234]?_\w+)\(", f.read(), re.M)]

for ptx, k in kernels:
    if k in EXCLUDE:
        continue
    grid, block = SHAPES.get(k, DEFAULT)
    case = {
        "ptx": "../" + ptx,
        "kernel": k,
        "grid": grid,
        "block": block,
        "buffers": [
            {"name": "out", "type": "u32", "count": 4096, "init": {"fill": 0}},
            {"name": "in", "type": "u32", "count": 8192, "init": {"fill": 1}},
        ],
        "params": [{"buffer": "out"}, {"buffer": "in"}],
    }
    d = os.path.join(root, k.split("_", 1)[1])
    os.makedirs(d, exist_ok=True)
    text = json.dumps(case, indent=2)
    # keep short arrays and buffer/param objects on one line
    text = re.sub(r"\[\s+(\d+),\s+(\d+),\s+(\d+)\s+\]", r"[\1, \2, \3]", text)
    text = re.sub(r"\{\s+(\"[^{}]*?)\s+\}", lambda m: "{" + re.sub(r"\s*\n\s*", " ", m.group(1)) + "}", text)
    text = re.sub(r"\{\s+(\"name[^\n]*\{[^{}]*\})\s+\}", lambda m: "{" + re.sub(r"\s*\n\s*", " ", m.group(1)) + "}", text)
    with open(os.path.join(d, "case.json"), "w") as f:
        f.write(text + "\n")
print(f"{len(kernels) - len(EXCLUDE)} cases")
