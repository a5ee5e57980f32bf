#!/usr/bin/env python3
"""validate_reports.py — runs `ptxsim check --json --sarif` on a few cases and validates the
reports against tests/verify/schema/ (the DESIGN §6 report, and the SARIF 2.1.0 properties ptxsim
uses). Exit 77 (CTest: skipped) when the jsonschema module is missing (Debian: python3-jsonschema).

    python3 tests/verify/validate_reports.py path/to/ptxsim
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    print("validate_reports: python3 jsonschema is not installed: skipped")
    sys.exit(77)

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES = [  # (manifest, expected exit code, finding kinds that must be there)
    ("tests/verify/fixtures/perf.json", 0, {"bank-conflict", "uncoalesced", "divergence"}),
    ("tests/verify/fixtures/oob.json", 1, {"out-of-bounds"}),
    ("tests/verify/transpose32/case.json", 0, {"bank-conflict"}),
    ("corpus/scan_block/case.sm_90.json", 0, {"bank-conflict"}),
]


def schema(name):
    with open(os.path.join(root, "tests/verify/schema", name)) as f:
        s = json.load(f)
    cls = jsonschema.validators.validator_for(s)
    cls.check_schema(s)
    return cls(s)


def main(ptxsim):
    report, sarif = schema("report.schema.json"), schema("sarif-2.1.0-subset.schema.json")
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case, want_rc, kinds in CASES:
            js, sa = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.sarif")
            # tests/verify cases share their kernels one folder up
            p = subprocess.run([ptxsim, "check", os.path.join(root, case), "--quiet", "--json", js,
                                "--sarif", sa, "--allow-paths", os.path.join(root, "tests/verify")],
                               capture_output=True, text=True)
            if p.returncode != want_rc:
                print(f"{case}: exit {p.returncode}, expected {want_rc}\n{p.stderr}")
                bad += 1
                continue
            for path, validator in ((js, report), (sa, sarif)):
                with open(path) as f:
                    doc = json.load(f)
                errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
                for e in errors:
                    print(f"{case}: {os.path.basename(path)}: {'/'.join(map(str, e.path))}: {e.message}")
                bad += len(errors)
            with open(js) as f:
                found = {x["kind"] for x in json.load(f)["findings"]}
            with open(sa) as f:
                sfound = {x["ruleId"] for x in json.load(f)["runs"][0]["results"]}
            if not kinds <= found or found != sfound:
                print(f"{case}: findings {sorted(found)} (SARIF {sorted(sfound)}), expected {sorted(kinds)}")
                bad += 1
            print(f"{case}: JSON and SARIF valid, findings {sorted(found)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
