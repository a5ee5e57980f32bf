#!/usr/bin/env python3
"""check_cost.py — what `ptxsim check` costs over `ptxsim run`, per manifest, in one command.

    scripts/bench/check_cost.py [--mode callgrind|wall] [--set corpus|bench|all] [--reps N]
                                [--jobs N] [--baseline OTHER_PTXSIM] [FILTER...]

For every manifest of the chosen set it measures `run` and `check` (one host thread) and prints
one row per manifest with check/run, then the geometric mean and the maximum of the ratios, how
many are above 3x and how many at or below 2x.

  --mode callgrind (default): host instructions (callgrind Ir) inside ps_launch, counted by
      `valgrind --tool=callgrind --toggle-collect=ps_launch`; deterministic, so it does not move
      with the load of a shared host. Parse, load and report are not counted. Every run has
      --timeout 3600: under valgrind on a loaded host the default 30 s watchdog stopped gemm's
      `check` part of the way through (fewer instructions, a different count each time); a
      watchdog is kept (not --timeout 0) because starting it is part of a launch's cost.
  --mode wall: best of --reps launch times (`stats.seconds` of --json for run; for check the
      launch time its report prints, in milliseconds), one process at a time.

Sets:
  corpus: every corpus/*/case*.json (the clean corpus and the planted defects alike).
  bench:  the benchmark kernels on reduced grids (callgrind on the full grids takes minutes):
          alu and fma grid 8, diverge 32, shfl 4, matmul 4x4, copy grid 64 over 2^19 words,
          gemm 2x2, radix 8, softmax 4, mma 2, wgmma 1 (each block's whole work, fewer blocks).
          Needs the inputs a suite run wrote (scripts/bench/run.sh; BENCH_WORK, default
          build-bench-work/); the reduced manifests are written there as small.json.

PTXSIM (default build/cli/ptxsim) is the binary; --baseline adds the same columns for another
binary, measured in the same invocation. --split (callgrind) adds a second table: PTXSIM's check
cost over run split by checker (inclusive Ir of race_mem + race_dsmem, bank_mem, init_mem, co_mem,
the rest of the verifier's on_mem, and everything else), each in units of run's Ir. FILTER keeps manifests whose path contains any of them.
"""
import argparse
import concurrent.futures as cf
import glob
import json
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# reduced grids of the benchmark kernels (callgrind runs about 50x slower than the host)
SMALL = {"alu": {"grid": [8, 1, 1]}, "fma": {"grid": [8, 1, 1]}, "diverge": {"grid": [32, 1, 1]},
         "shfl": {"grid": [4, 1, 1]}, "matmul": {"grid": [4, 4, 1]},
         "copy": {"grid": [64, 1, 1], "words": 1 << 19}, "gemm": {"grid": [2, 2, 1]},
         "radix": {"grid": [8, 1, 1]}, "softmax": {"grid": [4, 1, 1]}, "mma": {"grid": [2, 1, 1]},
         "wgmma": {"grid": [1, 1, 1]}}


def bench_manifests(work):
    out = []
    for name, red in sorted(SMALL.items()):
        d = os.path.join(work, name)
        src = os.path.join(d, "bench.json")
        if not os.path.exists(src):
            sys.exit(f"check_cost: no {src} (run scripts/bench/run.sh first, or set BENCH_WORK)")
        with open(src) as f:
            m = json.load(f)
        m["grid"] = red["grid"]
        if "words" in red:  # copy: a prefix of the input, and the count parameter to match
            n = red["words"]
            with open(os.path.join(d, "in.in.bin"), "rb") as f:
                data = f.read(4 * n)
            with open(os.path.join(d, "in.small.bin"), "wb") as f:
                f.write(data)
            for b in m["buffers"]:
                b["count"] = n
                if "file" in b.get("init", {}):
                    b["init"]["file"] = "in.small.bin"
            m["params"][2] = {"s32": n}
        dst = os.path.join(d, "small.json")
        with open(dst, "w") as f:
            json.dump(m, f)
        out.append(dst)
    return out


# --split: inclusive Ir of each checker's memory callback (and the verifier's fan-out, on_mem)
SPLIT = [("race", ("race_mem", "race_dsmem")), ("bank", ("bank_mem",)), ("init", ("init_mem",)),
         ("coalesce", ("co_mem",)), ("on_mem", ("on_mem",))]


def split_ir(cg):
    """Inclusive Ir per SPLIT group from a callgrind output file."""
    p = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", cg],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    found = {}
    for line in p.stdout.splitlines():
        m = re.match(r"\s*([0-9,]+) .*:(\w+)(\.[\w.]+)? \[", line)
        if m:
            found.setdefault(m.group(2), int(m.group(1).replace(",", "")))
    return {g: sum(found.get(f, 0) for f in fs) for g, fs in SPLIT}


def callgrind_ir(binary, cmd, manifest, split=None):
    with tempfile.TemporaryDirectory() as tmp:
        cg = os.path.join(tmp, "cg.out")
        p = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=ps_launch",
                            f"--callgrind-out-file={cg}", binary, cmd, manifest, "--threads", "1",
                            "--quiet", "--timeout", "3600", "--out", os.path.join(tmp, "bufs")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if not os.path.exists(cg):
            raise RuntimeError(f"{binary} {cmd} {manifest}: no callgrind output\n{p.stderr[-2000:]}")
        if split is not None:
            split.update(split_ir(cg))
        with open(cg) as f:
            for line in f:
                if line.startswith("totals:") or line.startswith("summary:"):
                    return int(line.split()[1])
    raise RuntimeError(f"{binary} {cmd} {manifest}: no totals in callgrind output")


def wall_seconds(binary, cmd, manifest, reps):
    best = None
    with tempfile.TemporaryDirectory() as tmp:
        js = os.path.join(tmp, "r.json")
        for _ in range(reps):
            # run: stats.seconds of the JSON report; check: the launch time its text report
            # prints ("simulated with every checker in S s", milliseconds)
            argv = [binary, cmd, manifest, "--threads", "1", "--timeout", "3600", "--out", os.path.join(tmp, "bufs")]
            argv += ["--quiet", "--json", js] if cmd == "run" else []
            p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            try:
                if cmd == "run":
                    with open(js) as f:
                        s = json.load(f)["stats"]["seconds"]
                else:
                    s = float(re.search(r"simulated with every checker in ([0-9.]+) s", p.stdout).group(1))
            except (OSError, KeyError, ValueError, AttributeError):
                raise RuntimeError(f"{binary} {cmd} {manifest}: no launch time\n{p.stdout[-2000:]}")
            best = s if best is None else min(best, s)
    return best


def measure(binaries, manifest, mode, reps, split):
    row = {}
    for tag, b in binaries:
        for cmd in ("run", "check"):
            parts = {} if split and cmd == "check" and tag == "after" else None
            row[(tag, cmd)] = (callgrind_ir(b, cmd, manifest, parts) if mode == "callgrind"
                               else wall_seconds(b, cmd, manifest, reps))
            if parts is not None:
                row["split"] = parts
    return row


def summary(ratios):
    g = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    return g, max(ratios), sum(1 for r in ratios if r > 3.0), sum(1 for r in ratios if r <= 2.0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=["callgrind", "wall"], default="callgrind")
    ap.add_argument("--set", choices=["corpus", "bench", "all"], default="all")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1, help="manifests measured at once (callgrind only)")
    ap.add_argument("--baseline")
    ap.add_argument("--split", action="store_true",
                    help="callgrind: also split PTXSIM's check cost by checker (in units of run)")
    ap.add_argument("filter", nargs="*")
    a = ap.parse_args()
    ptxsim = os.path.abspath(os.environ.get("PTXSIM", os.path.join(ROOT, "build/cli/ptxsim")))
    binaries = [("after", ptxsim)] + ([("before", os.path.abspath(a.baseline))] if a.baseline else [])
    mans = []
    if a.set in ("bench", "all"):
        mans += bench_manifests(os.environ.get("BENCH_WORK", os.path.join(ROOT, "build-bench-work")))
    if a.set in ("corpus", "all"):
        mans += sorted(glob.glob(os.path.join(ROOT, "corpus/*/case*.json")))
    if a.filter:
        mans = [m for m in mans if any(f in m for f in a.filter)]
    jobs = a.jobs if a.mode == "callgrind" else 1
    with cf.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        rows = list(ex.map(lambda m: measure(binaries, m, a.mode, a.reps, a.split and a.mode == "callgrind"),
                           mans))
    unit = "M Ir" if a.mode == "callgrind" else "ms"
    scale = 1e-6 if a.mode == "callgrind" else 1e3
    hdr = "| manifest |"
    for tag, _ in binaries:
        hdr += f" {tag}: run ({unit}) | check ({unit}) | check/run |"
    print(f"mode {a.mode}, --threads 1, ptxsim {ptxsim}" + (f", baseline {binaries[1][1]}" if a.baseline else ""))
    print(f"host load average {os.getloadavg()[0]:.1f}\n")
    print(hdr)
    print("|---|" + "---:|---:|---:|" * len(binaries))
    ratios = {tag: [] for tag, _ in binaries}
    for m, row in zip(mans, rows):
        name = os.path.relpath(m, ROOT)
        name = re.sub(r"^build-bench-work/", "bench/", name)
        line = f"| {name} |"
        for tag, _ in binaries:
            r, c = row[(tag, "run")], row[(tag, "check")]
            ratio = c / r if r > 0 else float("inf")
            ratios[tag].append(ratio)
            line += f" {r * scale:.2f} | {c * scale:.2f} | {ratio:.2f}× |"
        print(line)
    if a.split and a.mode == "callgrind":
        print("\nWhere check's extra instructions go (PTXSIM), in units of its run: check/run = 1 + race + "
              "bank + init + coalesce + verifier (event fan-out and shape) + rest (the engine's event "
              "filling, branch/barrier/launch callbacks)\n")
        print("| manifest | race | bank | init | coalesce | verifier | rest |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for m, row in zip(mans, rows):
            run, chk, sp = row[("after", "run")], row[("after", "check")], row["split"]
            if run <= 0:
                continue
            core = sp["on_mem"] - sp["race"] - sp["bank"] - sp["init"] - sp["coalesce"]
            rest = chk - run - sp["on_mem"]
            name = re.sub(r"^build-bench-work/", "bench/", os.path.relpath(m, ROOT))
            print(f"| {name} | " + " | ".join(f"{x / run:.2f}" for x in (sp["race"], sp["bank"], sp["init"],
                                                                            sp["coalesce"], core, rest)) + " |")
    print()
    for tag, _ in binaries:
        g, mx, over, low = summary(ratios[tag])
        worst = os.path.relpath(mans[ratios[tag].index(mx)], ROOT)
        print(f"{tag}: {len(mans)} manifests, check/run geometric mean {g:.2f}×, max {mx:.2f}× "
              f"({worst}), {over} above 3×, {low} at or below 2× (issue 19's corpus target)")


if __name__ == "__main__":
    main()
