#!/usr/bin/env python3
"""check_liveness.py PTXSIM DIR — `ptxsim regs --no-ptxas --json --lines` on every DIR/*.ptx
against the register pressure worked out by hand in the file: an `expect: key=value ...` comment
for the peaks, a `// live=N pred=M` comment on every instruction line and `// warn: TEXT` for
each warning expected (docs/registers.md)."""
import json, pathlib, re, subprocess, sys

ptxsim, folder = sys.argv[1], pathlib.Path(sys.argv[2])
fail = 0
for ptx in sorted(folder.glob("*.ptx")):
    text = ptx.read_text()
    want = dict(re.findall(r"(\w+)=(\d+)", re.search(r"expect:(.*)", text).group(1)))
    want_lines = {}
    for no, line in enumerate(text.splitlines(), 1):
        m = re.search(r"//\s*live=(\d+) pred=(\d+)", line)
        if m:
            want_lines[no] = (int(m.group(1)), int(m.group(2)))
    out = subprocess.run([ptxsim, "regs", str(ptx), "--no-ptxas", "--json", "--lines"], capture_output=True, text=True)
    if out.returncode != 0:
        print(f"FAIL {ptx.name}: exit {out.returncode}: {out.stderr}")
        fail = 1
        continue
    before = fail
    fail = 0
    k = json.loads(out.stdout)["kernels"][0]["liveness"]
    got = {"regs32": k["peak"]["regs32"], "peak_line": k["peak_line"], "pred": k["peak"]["pred"],
           "b16": k["peak"]["b16"], "b32": k["peak"]["b32"], "b64": k["peak"]["b64"],
           "declared_regs32": k["declared"]["regs32"]}
    for key, v in want.items():
        if got[key] != int(v):
            print(f"FAIL {ptx.name}: {key} = {got[key]}, worked out by hand: {v}")
            fail = 1
    warnings = json.loads(out.stdout)["kernels"][0]["warnings"]
    for w in re.findall(r"// warn: (.*)", text):
        if not any(w in g for g in warnings):
            print(f"FAIL {ptx.name}: no warning '{w}' among {warnings}")
            fail = 1
    got_lines = {row[0]: (row[1], row[2]) for row in k["lines"]}
    if got_lines != want_lines:
        for no in sorted(set(got_lines) | set(want_lines)):
            if got_lines.get(no) != want_lines.get(no):
                print(f"FAIL {ptx.name}:{no}: live after the line {got_lines.get(no)}, by hand {want_lines.get(no)}")
        fail = 1
    if not fail:
        print(f"ok {ptx.name}")
    fail |= before
sys.exit(fail)
