#!/usr/bin/env python3
"""scaling.py BEFORE AFTER [WORK] — scaling probe for docs/performance.md.

Needs a suite run first (scripts/bench/run.sh with BENCH_WORK=WORK, default build-bench-work/),
which leaves the kernels' manifests, inputs and the native twin in WORK. Prints:
  1. launch ms of BEFORE and AFTER (two ptxsim binaries) at 1, 8 and 16 host threads, best of 3;
  2. for every kernel of the suite (SCALING_KERNELS="a b ..." to choose): 16 concurrent `AFTER run
     --threads 1` processes against one alone, and 16 concurrent native twins against one: the
     throughput the machine gives 16 independent copies of the same work (16 x solo time / mean
     concurrent time), the ceiling that the 16-thread speed-up is compared with.
Outputs are not compared here (the suite does that); times are `stats.seconds` of --json."""
import json
import os
import shutil
import subprocess
import sys

if len(sys.argv) not in (3, 4):
    sys.exit(__doc__)
BIN = {"before": sys.argv[1], "after": sys.argv[2]}
WORK = sys.argv[3] if len(sys.argv) == 4 else "build-bench-work"
KERNELS = sorted(k for k in os.listdir(WORK) if os.path.exists(os.path.join(WORK, k, "bench.json")))
if os.environ.get("SCALING_KERNELS"):
    KERNELS = os.environ["SCALING_KERNELS"].split()


def launch(binary, kernel, threads, js):
    subprocess.run([binary, "run", os.path.join(WORK, kernel, "bench.json"), "--threads",
                    str(threads), "--quiet", "--json", js], check=True, stdout=subprocess.DEVNULL)
    with open(js) as f:
        return json.load(f)["stats"]["seconds"]


def concurrent(argvs, parse):
    procs = [subprocess.Popen(a, stdout=subprocess.PIPE, text=True) for a in argvs]
    return [parse(p.communicate()[0], i) for i, p in enumerate(procs)]


def main():
    tmp = os.path.join(WORK, "scaling")
    os.makedirs(tmp, exist_ok=True)
    js = os.path.join(tmp, "r.json")
    print("## launch ms, best of 3 (before / after), speed-up over 1 thread")
    for k in KERNELS:
        cells = []
        for t in (1, 8, 16):
            b = min(launch(BIN["before"], k, t, js) for _ in range(3))
            a = min(launch(BIN["after"], k, t, js) for _ in range(3))
            cells.append((t, b, a))
        b1, a1 = cells[0][1], cells[0][2]
        print(k, " ".join(f"t{t}: {b * 1e3:.1f}/{a * 1e3:.1f} ms (x{b1 / b:.2f}/x{a1 / a:.2f})"
                          for t, b, a in cells), flush=True)
    print("## 16 concurrent single-thread processes: 16 * solo / mean")
    native = os.path.join(WORK, "native")
    for k in KERNELS:
        solo = min(launch(BIN["after"], k, 1, js) for _ in range(2))
        jss = [os.path.join(tmp, f"p{i}.json") for i in range(16)]
        argv = [[BIN["after"], "run", os.path.join(WORK, k, "bench.json"), "--threads", "1",
                 "--quiet", "--json", j] for j in jss]

        def seconds(_, i):
            with open(jss[i]) as f:
                return json.load(f)["stats"]["seconds"]
        ts = concurrent(argv, seconds)
        print(f"ptxsim {k}: solo {solo * 1e3:.1f} ms, 16 concurrent mean {sum(ts) / 16 * 1e3:.1f} "
              f"max {max(ts) * 1e3:.1f} ms -> {16 * solo / (sum(ts) / 16):.2f}x", flush=True)
        dirs = []
        for i in range(16):  # the twin writes its inputs and expected outputs: one dir each
            d = os.path.join(tmp, f"native{i}")
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            dirs.append(d)
        out = subprocess.run([native, k, dirs[0]], capture_output=True, text=True, check=True)
        nsolo = float(out.stdout.split()[1])
        nts = concurrent([[native, k, d] for d in dirs], lambda text, i: float(text.split()[1]))
        print(f"native {k}: solo {nsolo * 1e3:.1f} ms, 16 concurrent mean "
              f"{sum(nts) / 16 * 1e3:.1f} ms -> {16 * nsolo / (sum(nts) / 16):.2f}x", flush=True)


if __name__ == "__main__":
    main()
