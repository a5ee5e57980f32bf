#!/usr/bin/env python3
"""calibration_table.py — prints the Markdown calibration tables of docs/verifier.md: every
pattern of tests/verify (and every corpus kernel) with ptxsim check's counters next to the
H200's (tests/verify/ncu_h200.json).

    python3 tests/verify/src/calibration_table.py [path/to/ptxsim] > /tmp/tables.md
"""
import json
import os
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
ptxsim = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build/cli/ptxsim")
rec = json.load(open(os.path.join(root, "tests/verify/ncu_h200.json")))
OPS = [("load", "ld"), ("store", "st"), ("atomic", "atom")]


def sim(manifest):
    with tempfile.NamedTemporaryFile(suffix=".json") as t:
        subprocess.run([ptxsim, "check", manifest, "--quiet", "--allow-paths", "tests/verify", "--json", t.name], cwd=root,
                       capture_output=True)
        return json.load(open(t.name))["stats"]


def ncu(c, op, what):
    m = {"instructions": "smsp__sass_inst_executed_op_shared_%s.sum",
         "wavefronts": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum",
         "bank_conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_%s.sum",
         "requests": "l1tex__t_requests_pipe_lsu_mem_global_op_%s.sum",
         "sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_%s.sum"}[what]
    return c.get(m % op)


def cell(a, b):
    """ptxsim's a against ncu's b; b None: not recorded (a† in the table)"""
    return str(a) if a == b else f"{a}†" if b is None else f"**{a}≠{b}**"


def row(name, stats, c):
    cells, equal = [], True
    for op, short in OPS:
        s = stats["shared"][op]
        trip = [(s[k], ncu(c, short, k)) for k in ("instructions", "wavefronts", "bank_conflicts")]
        if all(a == 0 and b in (0, None) for a, b in trip):
            continue
        equal &= all(b is None or a == b for a, b in trip)
        cells.append(f"{short} " + "/".join(cell(a, b) for a, b in trip))
    g = []
    for op, short in (("load", "ld"), ("store", "st")):
        s = stats["global"][op]
        pair = [(s[k], ncu(c, short, k)) for k in ("requests", "sectors")]
        equal &= all(b is None or a == b for a, b in pair)
        g.append(f"{short} " + "/".join(cell(a, b) for a, b in pair))
    return f"| {name} | {'; '.join(cells) or '–'} | {'; '.join(g)} | {'yes' if equal else 'no'} |", equal


def table(title, items):
    print(f"{title}\n")
    print("| pattern | shared: instructions/wavefronts/conflicts | global: requests/sectors | equal |")
    print("|---|---|---|---|")
    n = eq = 0
    for name, manifest, c in items:
        line, ok = row(name, sim(manifest), c)
        print(line)
        n += 1
        eq += ok
    print(f"\n{eq} of {n} equal (†: ptxsim's count, no ncu counter recorded).\n")


table("### Calibration patterns (tests/verify)",
      [(k, f"tests/verify/{k}/case.json", c) for k, c in rec["patterns"].items()])
table("### Corpus kernels (sm_90 PTX as nvcc wrote it)",
      [(k, c["manifest"], c) for k, c in rec["corpus"].items() if c.get("manifest")])
