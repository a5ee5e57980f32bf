#!/usr/bin/env python3
"""validate_reports.py — runs `ptxsim check --json --sarif` on a few cases and validates the
reports against tests/verify/schema/ (the DESIGN §6 report, and the official OASIS SARIF 2.1.0
schema plus GitHub code scanning's needs: sarif_check.py). Exit 77 (CTest: skipped) when the jsonschema module is missing (Debian: python3-jsonschema).

    python3 tests/verify/validate_reports.py path/to/ptxsim
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    import jsonschema
    import sarif_check
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
    report = schema("report.schema.json")
    bad = sarif_self_test()
    with tempfile.TemporaryDirectory() as tmp:
        for case, want_rc, kinds in CASES:
            js, sa = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.sarif")
            # tests/verify cases share their kernels one folder up
            p = subprocess.run([ptxsim, "check", os.path.join(root, case), "--quiet", "--json", js,
                                "--sarif", sa, "--source-root", root,
                                "--allow-paths", os.path.join(root, "tests/verify")],
                               capture_output=True, text=True)
            if p.returncode != want_rc:
                print(f"{case}: exit {p.returncode}, expected {want_rc}\n{p.stderr}")
                bad += 1
                continue
            with open(js) as f:
                doc = json.load(f)
            errors = sorted(report.iter_errors(doc), key=lambda e: list(e.path))
            for e in errors:
                print(f"{case}: r.json: {'/'.join(map(str, e.path))}: {e.message}")
            bad += len(errors)
            with open(sa) as f:
                problems = sarif_check.check(json.load(f), want_rc)
            for e in problems:
                print(f"{case}: r.sarif: {e}")
            bad += len(problems)
            with open(js) as f:
                found = {x["kind"] for x in json.load(f)["findings"]}
            with open(sa) as f:
                sfound = {x["ruleId"] for x in json.load(f)["runs"][0]["results"]}
            if not kinds <= found or found != sfound:
                print(f"{case}: findings {sorted(found)} (SARIF {sorted(sfound)}), expected {sorted(kinds)}")
                bad += 1
            print(f"{case}: JSON and SARIF valid, findings {sorted(found)}")
    bad += sarif_locations(ptxsim)
    bad += finding_lanes(ptxsim)
    return (1 if bad else 0) | run_reports(ptxsim, report) | diff_reports(ptxsim, report) | regs_reports(ptxsim)


def regs_reports(ptxsim):
    """`ptxsim regs --json` against regs.schema.json: with ptxas (when found) and without, with
    per-line pressure, several block sizes and a target without tabulated limits."""
    regs = schema("regs.schema.json")
    bad = 0
    runs = [["corpus/conv2d/conv2d.sm_80.ptx", "--target", "sm_80,sm_90", "--block", "128,1024",
             "--dynamic-smem", "0,60000", "--lines"],
            ["corpus/conv2d/conv2d.sm_80.ptx", "--no-ptxas"],
            ["tests/regs/liveness/directives.ptx"],
            ["corpus/hand_perf_directives/perf_directives.ptx", "--target", "sm_70,sm_101"]]
    for args in runs:
        p = subprocess.run([ptxsim, "regs", "--json"] + args, capture_output=True, text=True, cwd=root)
        if p.returncode:
            print(f"regs {' '.join(args)}: exit {p.returncode}\n{p.stderr}")
            bad += 1
            continue
        errors = list(regs.iter_errors(json.loads(p.stdout)))
        for e in errors:
            print(f"regs {' '.join(args)}: {'/'.join(map(str, e.path))}: {e.message}")
        bad += len(errors)
        if not errors:
            print(f"regs {' '.join(args)}: JSON valid")
    return 1 if bad else 0


def finding_lanes(ptxsim):
    """A checker's finding names the lanes of its first occurrence. corpus/defects/divergence
    branches on `(tid & 1) == 0` (its PTX): the lanes that jump are the 16 even lanes of a warp;
    corpus/defects/bank_conflict's conflicting access is made by all 32 lanes."""
    bad = 0
    want = {"corpus/defects/divergence/defect.json": ("divergence", {"count": 16, "ranges": [[l, l] for l in range(0, 32, 2)]}),
            "corpus/defects/bank_conflict/defect.json": ("bank-conflict", {"count": 32, "ranges": [[0, 31]]})}
    for case, (kind, lanes) in want.items():
        p = subprocess.run([ptxsim, "check", os.path.join(root, case), "--json", "-"], capture_output=True, text=True)
        got = [f.get("lanes") for f in json.loads(p.stdout)["findings"] if f["kind"] == kind]
        if not got or got[0] != lanes:
            print(f"{case}: {kind} lanes {got[:1]}, expected {lanes}")
            bad += 1
        else:
            print(f"{case}: {kind} names lanes {lanes['count']} as expected")
    return bad


def sarif_self_test():
    """The checker itself fails on broken logs (so a pass means something)."""
    good = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": []}]}
    broken = [dict(good, version="2.0.0"), {"version": "2.1.0"},
              {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "informationUri": 5}}}]}]
    for b in broken:
        if not sarif_check.check(b):
            print(f"sarif_check accepts a broken log: {b}")
            return 1
    return 0


def loc_line(ptx, line):
    """The CUDA line a PTX line comes from, read from the PTX itself: the last `.loc F N` above it."""
    src = None
    with open(ptx) as f:
        for i, text in enumerate(f, 1):
            if i > line:
                break
            t = text.split()
            if len(t) >= 3 and t[0] == ".loc":
                src = int(t[2])
    return src


def sarif_locations(ptxsim):
    """The CUDA line is the primary location and the PTX line a related one, both relative to
    --source-root whatever the working directory; outside the root a path is an absolute file URI."""
    bad = 0
    case = os.path.join(root, "tests/verify/fixtures/oob.json")
    ptx = os.path.join(root, "tests/verify/fixtures/oob.ptx")
    with tempfile.TemporaryDirectory() as tmp:
        for srcroot, ptx_uri, cu_base in ((root, "tests/verify/fixtures/oob.ptx", "%SRCROOT%"),
                                          (os.path.join(root, "tests/verify"), "fixtures/oob.ptx", "%SRCROOT%"),
                                          (tmp, "file://" + ptx, "%SRCROOT%")):
            sa = os.path.join(tmp, "o.sarif")
            p = subprocess.run([ptxsim, "check", case, "--quiet", "--sarif", sa, "--source-root", srcroot],
                               capture_output=True, text=True, cwd=tmp)
            doc = json.load(open(sa))
            problems = sarif_check.check(doc, p.returncode)
            r = doc["runs"][0]["results"][0]
            prim = r["locations"][0]["physicalLocation"]
            rel = r["relatedLocations"][0]["physicalLocation"]
            want_src = loc_line(ptx, rel["region"]["startLine"])
            got = (prim["artifactLocation"], prim["region"]["startLine"], rel["artifactLocation"]["uri"])
            want = ({"uri": "oob.cu", "uriBaseId": cu_base}, want_src, ptx_uri)
            base = doc["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"]
            if problems or got != want or base != "file://" + os.path.realpath(srcroot) + "/" or p.returncode != 1:
                print(f"--source-root {srcroot}: {problems} exit {p.returncode} locations {got}, expected {want}; base {base}")
                bad += 1
    p = subprocess.run([ptxsim, "check", case, "--sarif", "x.sarif", "--source-root", "/nonexistent/dir"],
                       capture_output=True, text=True)
    if p.returncode != 2 or "--source-root /nonexistent/dir" not in p.stderr:
        print(f"--source-root of a missing folder: exit {p.returncode}, {p.stderr!r}")
        bad += 1
    print(f"SARIF locations: {'ok' if not bad else f'{bad} problems'}")
    return bad


def run_reports(ptxsim, report):
    """`run --json` writes the same report (issue 16): the comparison with "expect" per buffer and
    the exit status, for a pass, a mismatch made by flipping one bit of one expected element (so
    the first mismatch is that element, got the original bits, expected the flipped ones) and a
    fault; `--json -` leaves stdout to the JSON alone; --quiet prints nothing on success."""
    import shutil
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(root, "corpus/vadd")
        for f in ("vadd.sm_90.ptx", "a.in.bin", "b.in.bin", "c.expected.bin"):
            shutil.copy(os.path.join(src, f), tmp)
        with open(os.path.join(src, "case.sm_90.json")) as f:
            m = json.load(f)
        m["ptx"] = "vadd.sm_90.ptx"
        case = os.path.join(tmp, "case.json")
        with open(case, "w") as f:
            json.dump(m, f)
        exp = os.path.join(tmp, "c.expected.bin")
        orig = open(exp, "rb").read()
        flipped = bytearray(orig)
        flipped[4 * 10] ^= 1
        count = len(orig) // 4

        def run(*extra):
            js = os.path.join(tmp, "r.json")
            p = subprocess.run([ptxsim, "run", case, "--json", js, *extra], capture_output=True, text=True)
            with open(js) as f:
                doc = json.load(f)
            errs = list(report.iter_errors(doc))
            for e in errs:
                print(f"run report: {'/'.join(map(str, e.path))}: {e.message}")
            return p, doc, len(errs)

        p, doc, n = run()
        bad += n
        c = doc["comparisons"]
        if (p.returncode, doc["exit"]["status"], doc["command"], doc["checked"]) != (0, 0, "run", False) or \
                [(x["buffer"], x["match"], x["elements"], x["mismatches"]) for x in c] != [("c", True, count, 0)]:
            print(f"run pass: exit {p.returncode}, report {json.dumps(doc)[:400]}")
            bad += 1
        with open(exp, "wb") as f:
            f.write(flipped)
        p, doc, n = run()
        bad += n
        c = doc["comparisons"][0]
        want_first = {"index": 10, "got": "0x%x" % int.from_bytes(orig[40:44], "little"),
                      "expected": "0x%x" % int.from_bytes(flipped[40:44], "little")}
        if (p.returncode, doc["exit"]["status"], c["mismatches"], c["first_mismatch"], c["max_ulp"]) != \
                (1, 1, 1, want_first, 1):
            print(f"run mismatch: exit {p.returncode}, comparison {c}, expected first {want_first}, 1 ulp")
            bad += 1
        with open(exp, "wb") as f:
            f.write(orig)
        m["params"][3] = {"s32": count + 4096}
        m.pop("expect")
        with open(case, "w") as f:
            json.dump(m, f)
        p, doc, n = run()
        bad += n
        kinds = [f["kind"] for f in doc["findings"]]
        if (p.returncode, doc["exit"]["status"], kinds) != (3, 3, ["out-of-bounds"]) or \
                not doc["findings"][0].get("ptx", {}).get("line"):
            print(f"run fault: exit {p.returncode}, findings {doc['findings']}")
            bad += 1
        # --json -: stdout is the JSON alone (the kernel's printf goes to stderr, and into the JSON)
        pa = os.path.join(root, "corpus/printf_assert/case.sm_90.json")
        p = subprocess.run([ptxsim, "run", pa, "--json", "-"], capture_output=True, text=True)
        try:
            doc = json.loads(p.stdout)
            bad += len(list(report.iter_errors(doc)))
            if "printf from block 0 thread 0" not in doc.get("output", "") or "printf from" not in p.stderr:
                print("run --json -: the kernel's output is not in the JSON and on stderr")
                bad += 1
        except ValueError as e:
            print(f"run --json -: stdout is not JSON alone ({e}): {p.stdout[:200]!r}")
            bad += 1
        p = subprocess.run([ptxsim, "run", os.path.join(src, "case.sm_90.json"), "--quiet"], capture_output=True,
                           text=True)
        if p.returncode != 0 or p.stdout or p.stderr:
            print(f"run --quiet on success printed {p.stdout!r} {p.stderr!r}")
            bad += 1
    print(f"run reports: {'ok' if not bad else f'{bad} problems'}")
    return 1 if bad else 0


def diff_reports(ptxsim, report):
    """`diff --json` writes a report per case from the same model (issue 16): against a recording
    that matches, one with one bit flipped in element 10 (the first mismatch is that element: got the
    simulator's bits, which are the recording's original ones, expected the flipped ones), and a
    missing recording (no report: the simulator was not run); `--json -` leaves stdout to the JSON."""
    import shutil
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(root, "corpus/vadd")
        for d in ("one", "two"):
            os.mkdir(os.path.join(tmp, d))
            for f in ("vadd.sm_90.ptx", "a.in.bin", "b.in.bin", "c.expected.bin", "case.sm_90.json"):
                shutil.copy(os.path.join(src, f), os.path.join(tmp, d))
            # the one manifest of its folder reads its recording untagged (docs/gpu.md)
            shutil.copy(os.path.join(src, "c.sm_90.gpu.bin"), os.path.join(tmp, d, "c.gpu.bin"))
        rec = os.path.join(tmp, "two", "c.gpu.bin")
        orig = open(rec, "rb").read()
        flipped = bytearray(orig)
        flipped[4 * 10] ^= 1
        with open(rec, "wb") as f:
            f.write(flipped)

        def diff(*args):
            p = subprocess.run([ptxsim, "diff", *args, "--recorded", "--json", "-"], capture_output=True, text=True)
            try:
                doc = json.loads(p.stdout)
            except ValueError as e:
                print(f"diff {args} --json -: stdout is not JSON alone ({e}): {p.stdout[:200]!r}")
                return p, None, 1
            errs = list(report.iter_errors(doc))
            for e in errs:
                print(f"diff report: {'/'.join(map(str, e.path))}: {e.message}")
            return p, doc, len(errs)

        p, doc, n = diff(tmp)
        bad += n
        if doc:
            got = [(os.path.relpath(c["path"], tmp), c["result"], c["exit_code"], c["reference"]["kind"],
                    [(x["buffer"], x["elements"], x["mismatches"], x.get("first_mismatch")) for x in c["report"]["comparisons"]],
                    c["report"]["command"], c["report"]["kernel"], c["report"]["exit"]["status"]) for c in doc["cases"]]
            first = {"index": 10, "got": "0x%x" % int.from_bytes(orig[40:44], "little"),
                     "expected": "0x%x" % int.from_bytes(flipped[40:44], "little")}
            want = [("one/case.sm_90.json", "ok", 0, "recorded", [("c", len(orig) // 4, 0, None)], "diff", "vadd_f32", 0),
                    ("two/case.sm_90.json", "mismatch", 1, "recorded", [("c", len(orig) // 4, 1, first)], "diff", "vadd_f32", 1)]
            if got != want or (p.returncode, doc["exit"]["status"]) != (1, 1) or "MISMATCH" not in p.stderr:
                print(f"diff DIR: exit {p.returncode}, cases {got}, expected {want}")
                bad += 1
        os.remove(rec)
        p, doc, n = diff(os.path.join(tmp, "two", "case.sm_90.json"))
        bad += n
        if doc and ((p.returncode, doc["exit"]["status"], doc["cases"][0]["result"], doc["cases"][0]["report"]) !=
                    (2, 2, "no-reference", None) or "c.gpu.bin" not in doc["cases"][0].get("note", "")):
            print(f"diff without a recording: exit {p.returncode}, {json.dumps(doc)[:300]}")
            bad += 1
        # the schema can fail: a case without its report key, and a diff report holding launches
        if doc:
            broken = json.loads(json.dumps(doc))
            del broken["cases"][0]["report"]
            if report.is_valid(broken):
                print("diff report without a case's report passed the schema")
                bad += 1
    print(f"diff reports: {'ok' if not bad else f'{bad} problems'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(os.path.abspath(sys.argv[1])))
