#!/usr/bin/env python3
"""check_inputs.py — ptxas as the oracle of the parser's test inputs: every accept_*.ptx (and
warn_*.ptx) given must be accepted by ptxas, every reject_*.ptx rejected, each of its
'// expect: LINE:COL:' lines being one ptxas reports (or ptxas names no line at all: a fatal
error or a crash, which the file's comment explains).

  check_inputs.py FILE...        (-arch: the file's .target, sm_75 for an older one; exit 77 without
                                 ptxas)"""
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import run  # noqa: E402


def main():
    ptxas = run.find_ptxas()
    if not ptxas:
        print("check_inputs: ptxas not found: skipped")
        return 77
    bad = 0
    for f in sys.argv[1:]:
        path = pathlib.Path(f)
        text = path.read_text()
        target = re.search(r"^\.target\s+(sm_\w+)", text, re.M).group(1)
        if int(re.match(r"sm_(\d+)", target).group(1)) < 75:
            target = "sm_75"  # the oldest -arch ptxas 13 takes; it gates by the module's .target
        r = subprocess.run([ptxas, f"-arch={target}", str(path), "-o", "/dev/null"], capture_output=True,
                           text=True, errors="replace", timeout=120)
        lines = {int(m) for m in re.findall(r"line (\d+); (?:error|fatal)", r.stdout + r.stderr)}
        expect = {int(m) for m in re.findall(r"^// expect: (\d+):\d+:", text, re.M)}
        if path.name.startswith("reject_"):
            missing = sorted(expect - lines) if lines else []
            ok = r.returncode != 0 and expect and not missing
            why = f"ptxas exit {r.returncode}, lines {sorted(lines)}, expected lines missing {missing}"
        else:
            ok = r.returncode == 0
            why = f"ptxas exit {r.returncode}: {(r.stdout + r.stderr).strip()[:300]}"
        print(f"{'ok  ' if ok else 'FAIL'} {path.name}" + ("" if ok else f": {why}"))
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
