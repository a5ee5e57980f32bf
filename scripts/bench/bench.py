#!/usr/bin/env python3
"""bench.py — the benchmark suite's driver (started by scripts/bench/run.sh, which sets the
environment and builds the native twins). Outputs are verified byte for byte before any time
is reported; a mismatch or a failed run stops the suite with exit code 1."""
import filecmp
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PTXSIM = os.environ["PTXSIM"]
WORK = os.environ["BENCH_WORK"]
NATIVE = os.path.join(WORK, "native")
REPS = int(os.environ.get("BENCH_REPS", "3"))
THREADS = [int(t) for t in os.environ.get("BENCH_THREADS", "1 2").split()]
BASELINE = os.environ.get("BENCH_BASELINE")  # another ptxsim, shown as "before"
CHECK = os.environ.get("BENCH_CHECK", "1") != "0"  # 0: skip `ptxsim check` (check/run n/a)
BENCH_DIR = os.path.join(ROOT, "corpus", "bench")
# the launch watchdog (ptxsim's default 30 s) would stop the tensor-core GEMMs under `check` on a
# loaded 2-core host; a hang still ends the suite
TIMEOUT = os.environ.get("BENCH_TIMEOUT", "600")


def die(msg):
    print("bench: " + msg, file=sys.stderr)
    sys.exit(1)


def run_child(argv):
    """Runs argv; returns (exit code, wall seconds, peak RSS in MiB, stdout+stderr)."""
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - t0
    return p.returncode, wall, ru.ru_maxrss / 1024.0, out.decode(errors="replace")


def check_outputs(case_dir, out_dir, what):
    exp = os.path.join(case_dir, "expected")
    for name in sorted(os.listdir(exp)):
        got = os.path.join(out_dir, name)
        if not os.path.exists(got):
            die(f"{what}: no output {name}")
        if not filecmp.cmp(os.path.join(exp, name), got, shallow=False):
            die(f"{what}: {name} differs from the native twin's bytes")


def sim_once(binary, case_dir, cmd, threads, tag):
    """One run of `BINARY CMD` on the case; its outputs are verified before its time counts."""
    out_dir = os.path.join(case_dir, f"out-{tag}")
    shutil.rmtree(out_dir, ignore_errors=True)
    js = os.path.join(case_dir, f"report-{tag}.json")
    rc, wall, rss, text = run_child([binary, cmd, os.path.join(case_dir, "bench.json"),
                                     "--threads", str(threads), "--out", out_dir,
                                     "--json", js, "--quiet", "--timeout", TIMEOUT])
    if rc != 0:
        die(f"{binary} {cmd} --threads {threads} on {case_dir} exited {rc}:\n{text}")
    check_outputs(case_dir, out_dir, f"{os.path.basename(case_dir)} ({binary} {cmd}, {threads} threads)")
    with open(js) as f:
        st = json.load(f)["stats"]
    # launch time from the report; the process's wall time where a report lacks it (check)
    return {"seconds": st.get("seconds", wall), "wall": wall, "rss": rss,
            "ti": st["thread_instructions"], "wi": st["warp_instructions"]}


def sim_best(case_dir, configs):
    """Best of REPS runs for each (key, binary, cmd, threads); the configurations take turns
    so that a noisy host treats them alike."""
    best = {}
    for _ in range(REPS):
        for key, binary, cmd, threads in configs:
            r = sim_once(binary, case_dir, cmd, threads, key)
            if key not in best or r["seconds"] < best[key]["seconds"]:
                best[key] = r
    return best


def has_check():
    rc, _, _, text = run_child([PTXSIM, "--help"])
    return rc == 0 and "\n  check " in text


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}, load average {os.getloadavg()[0]:.1f}"


def main():
    names = sys.argv[1:] or sorted(d for d in os.listdir(BENCH_DIR)
                                   if os.path.exists(os.path.join(BENCH_DIR, d, "bench.json")))
    do_check = CHECK and has_check()
    rows = []
    for name in names:
        src = os.path.join(BENCH_DIR, name)
        if not os.path.exists(os.path.join(src, "bench.json")):
            die(f"no corpus/bench/{name}/bench.json")
        case = os.path.join(WORK, name)
        shutil.rmtree(case, ignore_errors=True)
        shutil.copytree(src, case)
        rc, _, _, text = run_child([NATIVE, name, case])
        if rc != 0:
            die(f"native {name}: exited {rc}:\n{text}")
        native_s = float(text.split()[1])
        configs = [(f"run{t}", PTXSIM, "run", t) for t in THREADS]
        if do_check:
            configs.append(("check", PTXSIM, "check", THREADS[0]))
        if BASELINE:
            configs.append(("base", BASELINE, "run", THREADS[0]))
            if do_check:
                configs.append(("basecheck", BASELINE, "check", THREADS[0]))
        sim_once(PTXSIM, case, "run", THREADS[0], "warmup")  # untimed: page cache, clocks
        best = sim_best(case, configs)
        res = {t: best[f"run{t}"] for t in THREADS}
        chk = best.get("check")
        r1 = res[THREADS[0]]
        row = {"name": name, "ti": r1["ti"], "wi": r1["wi"], "native": native_s,
               "sim": r1["seconds"], "rate": r1["ti"] / r1["seconds"] if r1["seconds"] > 0 else 0,
               "slowdown": r1["seconds"] / native_s, "rss": r1["rss"],
               "scaling": {t: r1["seconds"] / res[t]["seconds"] for t in THREADS[1:]},
               "check": chk["wall"] / r1["wall"] if chk else None,
               "check_base": (best["basecheck"]["wall"] / best["base"]["wall"]
                              if "basecheck" in best else None),
               "base": best["base"]["seconds"] / native_s if BASELINE else None}
        rows.append(row)
        print(f"{name}: verified; native {native_s * 1e3:.1f} ms, ptxsim {r1['seconds'] * 1e3:.1f} ms",
              file=sys.stderr)

    print(f"\nptxsim: {PTXSIM}")
    print(f"machine: {machine()}")
    print(f"native twins: cc {os.environ.get('NATIVE_CFLAGS', '-O2')}, single thread, best of >= 3 runs; "
          f"ptxsim: best of {REPS} runs, launch time (parse and I/O excluded)\n")
    scal_hdr = "".join(f" | 1→{t} threads" for t in THREADS[1:])
    base_hdr = " | slowdown before" if BASELINE else ""
    chk_base = BASELINE and do_check  # the baseline's check/run too
    print(f"| kernel | thread-insts | native ms | ptxsim ms | M thread-insts/s{base_hdr} | slowdown"
          f"{scal_hdr}{' | check/run before' if chk_base else ''} | check/run | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|" + ("---:|" if BASELINE else "") + "---:|" +
          "---:|" * len(THREADS[1:]) + ("---:|" if chk_base else "") + "---:|---:|")
    for r in rows:
        scal = "".join(f" | {r['scaling'][t]:.2f}×" for t in THREADS[1:])
        chk = f"{r['check']:.2f}×" if r["check"] is not None else "n/a"
        if chk_base:
            chk = f"{r['check_base']:.2f}× | {chk}"
        base = f" | {r['base']:.1f}×" if BASELINE else ""
        print(f"| {r['name']} | {r['ti']:,} | {r['native'] * 1e3:.1f} | {r['sim'] * 1e3:.1f} | "
              f"{r['rate'] / 1e6:.0f}{base} | {r['slowdown']:.1f}×{scal} | {chk} | {r['rss']:.0f} |")
    geo = math.exp(sum(math.log(r["slowdown"]) for r in rows) / len(rows))
    if BASELINE:
        gb = math.exp(sum(math.log(r["base"]) for r in rows) / len(rows))
        print(f"\ngeometric mean slowdown: {geo:.2f}× (before: {gb:.2f}×, {BASELINE})")
    else:
        print(f"\ngeometric mean slowdown: {geo:.2f}×")
    if not do_check:
        print("(check/run not measured: BENCH_CHECK=0, or `ptxsim check` is not in this build)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
