#!/usr/bin/env python3
"""audit_table.py — the ptxas differential of scripts/form_sweep.py over every family and every
target, counted per family and target (the tables of docs/ptxas-diff.md, "Every form").

    audit_table.py [--ptxsim build/cli/ptxsim] [--ptxas ptxas] [--target T ...] [--family F ...]
                   [--cache DIR] [-j N] [--details FILE]

Families: "rows" (every spelling form_sweep.py makes from isa/forms.def's declared rows) and each
generator of scripts/isa_audit.py (FAMILIES). Per target, ptxas judges every spelling once
(--cache DIR keeps its verdicts in DIR/<target>.tsv, so a second ptxsim can be judged without
ptxas); ptxsim's parse verdict is compared as form_sweep.py does (no run verdicts). Prints
markdown: disagreements per family and target, and totals. Exit 0 when there is none, 1 else."""
import argparse
import concurrent.futures
import os
import sys
import tempfile
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import form_sweep  # noqa: E402
import isa_audit  # noqa: E402

TARGETS = ["sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a",
           "sm_100f", "sm_103", "sm_103a", "sm_103f", "sm_110", "sm_110a", "sm_110f", "sm_120", "sm_120a",
           "sm_120f", "sm_121", "sm_121a", "sm_121f"]


def family_of(rid):
    return rid[len("audit:"):] if rid.startswith("audit:") else "rows"


def verdicts(ptxas, sp, target, cache, tmp):
    path = os.path.join(cache, target + ".tsv") if cache else None
    if path and os.path.exists(path):
        got = {}
        with open(path) as f:
            for ln in f:
                v, m, s = ln.rstrip("\n").split("\t", 2)
                got[s] = (v, m)
    else:
        got = {}
    missing = [s for _, s in sp if s not in got]
    if missing:  # ptxas judges only the spellings the cache lacks
        got.update(zip(missing, form_sweep.ptxas_verdicts(ptxas, missing, target, tmp)))
        if path:
            with open(path, "w") as f:
                for s, (v, m) in got.items():
                    f.write("%s\t%s\t%s\n" % (v, m.replace("\t", " "), s))
    return [got[s] for _, s in sp]


def one_target(args):
    ptxas, ptxsim, target, fams, cache = args
    sp = form_sweep.spellings([f for f in fams if f != "rows"], "rows" in fams)
    sp = [(rid, s) for rid, s in sp if family_of(rid) in fams]
    with tempfile.TemporaryDirectory() as tmp:
        av = verdicts(ptxas, sp, target, cache, tmp)
        items = [(rid, s, v, m) for (rid, s), (v, m) in zip(sp, av)]
        res = form_sweep.judge(ptxsim, items, target, tmp, "none", 25)
    return target, res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ptxas", default="ptxas")
    ap.add_argument("--ptxsim", default=os.path.join(form_sweep.ROOT, "build", "cli", "ptxsim"))
    ap.add_argument("--target", action="append")
    ap.add_argument("--family", action="append")
    ap.add_argument("--cache", metavar="DIR")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--details", metavar="FILE", help="write every disagreement, one a line")
    a = ap.parse_args()
    fams = a.family or ["rows"] + list(isa_audit.FAMILIES)
    audit = [f for f in fams if f != "rows"]
    targets = a.target or TARGETS
    if a.cache:
        os.makedirs(a.cache, exist_ok=True)
    ptxsim = os.path.abspath(a.ptxsim)
    jobs = [(a.ptxas, ptxsim, t, audit + (["rows"] if "rows" in fams else []), a.cache) for t in targets]
    count = defaultdict(Counter)  # (family) -> Counter of target:kind, "spellings", "accepted"
    details = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=a.j) as ex:
        for target, res in ex.map(one_target, jobs):
            for x in res:
                fam = family_of(x["row"])
                count[fam]["spellings"] += 1
                count[fam]["accepted"] += x["ptxas"] == "accept"
                if x["kind"]:
                    kind = "under" if x["kind"] == "under" else "over"
                    count[fam][(target, kind)] += 1
                    details.append("%s\t%s\t%s\t%s\tptxas: %s\tptxsim: %s" % (
                        target, fam, x["kind"], x["text"], x["ptxas_msg"] or "accept",
                        x["parse_msg"] or x["parse"]))
    print("| family | spellings (all targets) | ptxas accepts | over | under |")
    print("|---|---|---|---|---|")
    tot = Counter()
    for fam in fams:
        c = count[fam]
        over = sum(v for k, v in c.items() if isinstance(k, tuple) and k[1] == "over")
        under = sum(v for k, v in c.items() if isinstance(k, tuple) and k[1] == "under")
        tot.update({"s": c["spellings"], "a": c["accepted"], "o": over, "u": under})
        print("| %s | %d | %d | %d | %d |" % (fam, c["spellings"], c["accepted"], over, under))
    print("| all | %d | %d | %d | %d |" % (tot["s"], tot["a"], tot["o"], tot["u"]))
    print()
    print("Disagreements (over+under) per target:\n")
    print("| family | " + " | ".join(targets) + " |")
    print("|---|" + "---|" * len(targets))
    for fam in fams:
        c = count[fam]
        cells = [str(c[(t, "over")] + c[(t, "under")]) for t in targets]
        if any(x != "0" for x in cells):
            print("| %s | %s |" % (fam, " | ".join(cells)))
    cells = [str(sum(count[f][(t, k)] for f in fams for k in ("over", "under"))) for t in targets]
    print("| all | %s |" % " | ".join(cells))
    if a.details:
        with open(a.details, "w") as f:
            f.write("\n".join(details) + ("\n" if details else ""))
    return 1 if tot["o"] + tot["u"] else 0


if __name__ == "__main__":
    sys.exit(main())
