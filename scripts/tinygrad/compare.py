#!/usr/bin/env python3
"""compare.py [--known FILE] CPU.xml MOCK.xml — compares two pytest JUnit reports of the same
tinygrad tests (run.sh writes them): counts per run, wall time (NAME.seconds next to the report),
the tests whose outcome differs, and the tests whose captured output holds a ptx_run error.
FILE lists known differences, one per line: `TEST_ID  cause` (TEST_ID as printed here; `#`
starts a comment). Exit 1 when a test passes on CPU and fails on the mock GPU without a known
cause, else 0."""
import argparse
import os
import sys
import xml.etree.ElementTree as ET


def outcomes(path):
    """{test id: (outcome, message, captured output)} from a JUnit report."""
    res = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        tid = f"{case.get('classname', '')}::{case.get('name', '')}"
        outcome, msg = "passed", ""
        for kind in ("failure", "error", "skipped"):
            el = case.find(kind)
            if el is not None:
                outcome = "failed" if kind in ("failure", "error") else "skipped"
                msg = (el.get("message") or "").strip().splitlines()[0:1]
                msg = msg[0][:160] if msg else ""
                break
        text = "".join((el.text or "") for el in case if el.tag in ("system-out", "system-err"))
        res[tid] = (outcome, msg, text)
    return res


def counts(res):
    c = {"passed": 0, "failed": 0, "skipped": 0}
    for o, _, _ in res.values():
        c[o] += 1
    return c


def seconds(path):
    try:
        with open(os.path.splitext(path)[0] + ".seconds") as f:
            return f.read().strip() + " s"
    except OSError:
        return "? s"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--known")
    ap.add_argument("cpu")
    ap.add_argument("mock")
    a = ap.parse_args()
    known = {}
    if a.known and os.path.exists(a.known):
        with open(a.known) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    tid, _, cause = line.partition(" ")
                    known[tid] = cause.strip()
    cpu, mock = outcomes(a.cpu), outcomes(a.mock)
    for name, res, path in (("CPU", cpu, a.cpu), ("MOCK+CUDA:PTX", mock, a.mock)):
        c = counts(res)
        print(f"{name:14} {c['passed']:5} passed {c['failed']:5} failed {c['skipped']:5} skipped  "
              f"({len(res)} tests, {seconds(path)})")
    unexplained = 0
    diff = sorted(t for t in cpu.keys() | mock.keys()
                  if cpu.get(t, ("absent",))[0] != mock.get(t, ("absent",))[0])
    print(f"{len(diff)} tests differ (CPU -> MOCK):")
    for t in diff:
        co, mo = cpu.get(t, ("absent", "", ""))[0], mock.get(t, ("absent", "", ""))
        why = known.get(t)
        if co == "passed" and mo[0] == "failed" and why is None:
            unexplained += 1
        note = f"known: {why}" if why else mo[1]
        print(f"  {t}: {co} -> {mo[0]}  {note}")
    errs = [(t, r[2]) for t, r in sorted(mock.items()) if "ptx_run: error" in r[2]]
    print(f"{len(errs)} mock-GPU tests with a ptx_run error:")
    for t, text in errs:
        lines = [ln for ln in text.splitlines() if "error" in ln]
        print(f"  {t}: {lines[0][:200] if lines else ''}")
    print(f"{unexplained} tests pass on CPU and fail on the mock GPU without a known cause")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
