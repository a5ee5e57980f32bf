#!/usr/bin/env python3
"""run.py — the ptxas-differential campaign: generate small PTX modules (fam_*.py), judge each with
`ptxas -arch=ARCH` and `ptxsim parse FILE --target ARCH`, and compare the verdicts.

Verdicts agree when both accept, or both reject and ptxsim's first error line is one ptxas
reports (or ptxas names no line, as for a fatal error). Every other outcome is a disagreement:
a false accept (ptxas rejects, ptxsim accepts), a false reject, or a wrong line. Disagreements
listed in explained/*.txt (family/target/what patterns with their reason) are counted apart.

  run.py --ptxsim build/cli/ptxsim [--count N] [--seed S] [--families a,b] [--targets t,u]
         [-j N] [--keep DIR] [--json FILE] [--show N] [--explained FILE]

--count is the number of modules per family and target. Exit 0 when no disagreement is
unexplained, 1 otherwise, 77 when ptxas is not installed (CTest's skip)."""
import argparse
import concurrent.futures
import fnmatch
import importlib
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import common  # noqa: E402

PTXAS_LINE = re.compile(r"^ptxas[^,]*, line (\d+); (error|fatal)", re.M)
PTXAS_FATAL = re.compile(r"^ptxas (fatal|error)", re.M)
SIM_LINE = re.compile(r":(\d+):\d+: error:", re.M)


def find_ptxas():
    p = os.environ.get("PTXAS") or shutil.which("ptxas")
    if not p and os.access("/usr/local/cuda/bin/ptxas", os.X_OK):
        p = "/usr/local/cuda/bin/ptxas"
    return p


def families(selected):
    out = []
    for f in sorted(HERE.glob("fam_*.py")):
        mod = importlib.import_module(f.stem)
        if selected and mod.FAMILY not in selected:
            continue
        out.append(mod)
    return out


def load_explained(path):
    """path: a file, or a folder whose *.txt files (one per area) are read in turn."""
    rules = []
    path = pathlib.Path(path) if path else None
    files = sorted(path.glob("*.txt")) if path and path.is_dir() else [path] if path and path.exists() else []
    for f in files:
        for ln in f.read_text().splitlines():
            ln = ln.strip()
            if not ln or ln.startswith("#"):
                continue
            pat, _, why = ln.partition(" ")
            rules.append((pat, why.strip()))
    return rules


def verdict_ptxas(ptxas, arch, path):
    r = subprocess.run([ptxas, f"-arch={arch}", str(path), "-o", os.devnull], capture_output=True,
                       text=True, errors="replace", timeout=120)
    text = r.stdout + r.stderr
    if r.returncode == 0:
        return ("accept", [], text)
    lines = sorted({int(m.group(1)) for m in PTXAS_LINE.finditer(text)})
    return ("reject", lines, text)


def verdict_ptxsim(ptxsim, arch, path):
    try:
        r = subprocess.run([ptxsim, "parse", str(path), "--target", arch], capture_output=True,
                           text=True, errors="replace", timeout=60)
    except subprocess.TimeoutExpired:
        return ("hang", [], "timeout after 60 s")
    text = r.stdout + r.stderr
    if r.returncode == 0:
        return ("accept", [], text)
    if r.returncode not in (1, 2):
        return ("crash", [], f"exit {r.returncode}\n" + text)
    return ("reject", sorted({int(m.group(1)) for m in SIM_LINE.finditer(text)}), text)


def judge(ptxas, ptxsim, case, workdir):
    path = pathlib.Path(workdir) / (case.name.replace("/", "__") + ".ptx")
    path.write_text(case.text)
    a = verdict_ptxas(ptxas, case.arch, path)
    s = verdict_ptxsim(ptxsim, case.arch, path)
    if a[0] == "accept" and s[0] == "accept":
        kind = None
    elif s[0] in ("crash", "hang"):
        kind = s[0]
    elif a[0] == "reject" and s[0] == "accept":
        kind = "false-accept"
    elif a[0] == "accept" and s[0] == "reject":
        kind = "false-reject"
    elif not a[1] or not s[1] or s[1][0] in a[1]:
        kind = None
    else:
        kind = "wrong-line"
    return case, kind, a, s, path


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ptxsim", required=True)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", default="ptxsim")
    ap.add_argument("--families", default="")
    ap.add_argument("--targets", default="")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", help="copy the disagreeing modules (and ptxas's/ptxsim's output) here")
    ap.add_argument("--json", help="write the summary and every disagreement as JSON")
    ap.add_argument("--show", type=int, default=20, help="print this many disagreements")
    ap.add_argument("--explained", default=str(HERE / "explained"),
                    help="a file or a folder of *.txt files of explained disagreements")
    args = ap.parse_args()

    ptxas = find_ptxas()
    if not ptxas:
        print("ptxas_diff: ptxas not found: skipped")
        return 77
    fams = families(set(filter(None, args.families.split(","))))
    want_t = set(filter(None, args.targets.split(",")))
    targets = [t for t in common.TARGETS if not want_t or t[0] in want_t]

    cases = []
    for fam in fams:
        for target, arch, version in targets:
            rng = random.Random(f"{args.seed}/{fam.FAMILY}/{target}")
            for c in fam.generate(rng, (target, version), args.count):
                c.arch = arch
                cases.append(c)
    names = [c.name for c in cases]
    dup = len(names) - len(set(names))
    if dup:
        print(f"ptxas_diff: {dup} duplicate case names", file=sys.stderr)
        return 2

    rules = load_explained(args.explained)
    t0 = time.time()
    stats = {"modules": 0, "ptxas_accept": 0, "ptxas_reject": 0, "agree": 0, "explained": 0,
             "unexplained": 0, "by_kind": {}, "by_family": {}}
    bad = []
    with tempfile.TemporaryDirectory(prefix="ptxas_diff.") as work, \
            concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for case, kind, a, s, path in pool.map(lambda c: judge(ptxas, args.ptxsim, c, work), cases):
            fam = case.name.split("/")[0]
            fs = stats["by_family"].setdefault(fam, {"modules": 0, "rejected_by_ptxas": 0,
                                                      "disagree": 0, "explained": 0})
            stats["modules"] += 1
            fs["modules"] += 1
            stats["ptxas_" + a[0]] += 1
            fs["rejected_by_ptxas"] += a[0] == "reject"
            if kind is None:
                stats["agree"] += 1
            else:
                why = next((w for p, w in rules if fnmatch.fnmatchcase(case.name, p)), None)
                if why:
                    stats["explained"] += 1
                    fs["explained"] += 1
                else:
                    stats["unexplained"] += 1
                    fs["disagree"] += 1
                    stats["by_kind"][kind] = stats["by_kind"].get(kind, 0) + 1
                    first_err = next((ln for ln in a[2].splitlines() if "error" in ln or "fatal" in ln), "")
                    bad.append({"case": case.name, "kind": kind, "arch": case.arch,
                                "ptxas": a[2].strip()[:400], "ptxas_lines": a[1],
                                "ptxsim": s[2].strip()[:400], "ptxsim_lines": s[1],
                                "first_ptxas_error": first_err})
                    if args.keep:
                        k = pathlib.Path(args.keep)
                        k.mkdir(parents=True, exist_ok=True)
                        shutil.copy(path, k / path.name)
                        (k / (path.name + ".out")).write_text(
                            f"# {kind} (-arch={case.arch})\n## ptxas\n{a[2]}\n## ptxsim\n{s[2]}\n")
            path.unlink()
    stats["seconds"] = round(time.time() - t0, 1)
    stats["targets"] = [t[0] for t in targets]
    stats["families"] = [f.FAMILY for f in fams]
    for b in bad[:args.show]:
        print(f"{b['kind']:13} {b['case']} (-arch={b['arch']})\n    ptxas: {b['first_ptxas_error'] or 'ok'}"
              f"\n    ptxsim: {(b['ptxsim'].splitlines() or ['ok'])[0]}")
    print(f"ptxas_diff: {stats['modules']} modules ({len(fams)} families x {len(targets)} targets; "
          f"ptxas rejects {stats['ptxas_reject']}), agree {stats['agree']}, explained "
          f"{stats['explained']}, unexplained {stats['unexplained']} {stats['by_kind']} "
          f"in {stats['seconds']} s")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps({"stats": stats, "disagreements": bad}, indent=1))
    return 1 if stats["unexplained"] else 0


if __name__ == "__main__":
    sys.exit(main())
