# scale.py PTXSIM (run in make.sh's DIR): launch time at 1 and 16 threads (best of 3) and the 16-process
# ceiling (16 concurrent --threads 1 runs against one alone) for the two grids of alu and fma.
import json, os, subprocess, sys, time
B = sys.argv[1]
def launch(m, t):
    best = 1e9
    for _ in range(3):
        subprocess.run([B, "run", m, "--threads", str(t), "--quiet", "--json", "/tmp/s.json"], check=True, stdout=subprocess.DEVNULL)
        best = min(best, json.load(open("/tmp/s.json"))["stats"]["seconds"])
    return best
def conc(m, n):
    ps = [subprocess.Popen([B, "run", m, "--threads", "1", "--quiet", "--json", f"/tmp/c{i}.json"], stdout=subprocess.DEVNULL) for i in range(n)]
    for p in ps: p.wait()
    return sum(json.load(open(f"/tmp/c{i}.json"))["stats"]["seconds"] for i in range(n)) / n
print("| kernel | grid | 1 thread ms | 16 threads ms | speed-up | 16 processes: ceiling | speed-up / ceiling |")
print("|---|---|---|---|---|---|---|")
for k in ["alu", "fma"]:
    for g in [128, 2048]:
        m = f"{k}/g{g}.json"
        t1, t16 = launch(m, 1), launch(m, 16)
        solo = t1
        c = conc(m, 16)
        ceil = 16 * solo / c
        print(f"| {k} | {g} | {t1*1e3:.1f} | {t16*1e3:.1f} | {t1/t16:.2f}x | {ceil:.2f}x | {100*(t1/t16)/ceil:.0f} % |", flush=True)
