#!/usr/bin/env python3
"""compare.py PTXSIM OCCUPANCY.jsonl — `ptxsim regs --json --target sm_90` against what the
driver said on the GPU (gpu_occupancy.sh's occupancy.jsonl): per kernel, registers (ptxas's
versus the driver JIT's NUM_REGS), stack frame versus LOCAL_SIZE_BYTES, static shared bytes, and
blocks per SM for every block size and dynamic shared-memory size probed. Prints every difference
and a summary; exit 1 when something differs. Run from the repository root."""
import json, subprocess, sys

ptxsim, rec = sys.argv[1], sys.argv[2]
lines = []
for l in open(rec):
    try:
        if l.strip():
            lines.append(json.loads(l))
    except json.JSONDecodeError:  # a line cut short (the probe died while writing it)
        print(f"skipped an unfinished line: {l[:80]}...")
dev = lines[0]
target = f"sm_{dev['sm']}"
by_file = {}
for l in lines[1:]:
    by_file.setdefault(l["file"], []).append(l)
diff = same = 0
for f, ks in sorted(by_file.items()):
    if "error" in ks[0] and "kernel" not in ks[0]:
        print(f"{f}: no figures from the driver: {ks[0]['error']}")
        continue
    ks = [k for k in ks if "occupancy" in k]  # kernels the driver could not resolve are reported above
    for k in by_file[f]:
        if "error" in k and "kernel" in k:
            print(f"{f} {k['kernel']}: the driver gave no figures: {k['error']}")
    if not ks:
        continue
    blocks = sorted({o["block"] for k in ks for o in k["occupancy"]})
    dyn = sorted({o["dynamic_shared_bytes"] for k in ks for o in k["occupancy"]})
    # an arch-specific module (.target sm_90a) is compiled for its own target, as the driver does
    own = open(f).read()
    t = target + "a" if f".target {target}a" in own else target
    r = subprocess.run([ptxsim, "regs", f, "--json", "--target", t, "--block", ",".join(map(str, blocks)),
                        "--dynamic-smem", ",".join(map(str, dyn))], capture_output=True, text=True)
    if r.returncode:
        print(f"{f}: ptxsim regs exit {r.returncode}: {r.stderr.strip()}")
        diff += 1
        continue
    ours = {k["kernel"]: k["targets"][0] for k in json.loads(r.stdout)["kernels"]}
    for k in ks:
        t = ours.get(k["kernel"])
        if t is None or t["ptxas"] is None:
            print(f"{f} {k['kernel']}: no ptxsim figures")
            diff += 1
            continue
        p = t["ptxas"]
        for mine, theirs, what in [(p["registers"], k["num_regs"], "registers"),
                                   (p["stack_frame_bytes"], k["local_size_bytes"], "local bytes"),
                                   (p["shared_bytes"], k["shared_size_bytes"], "static shared bytes")]:
            if mine != theirs:
                print(f"{f} {k['kernel']}: {what}: ptxsim {mine}, driver {theirs}")
                diff += 1
            else:
                same += 1
        occ = {(o["block"], o["dynamic_shared_bytes"]): o["blocks_per_sm"] for o in t["occupancy"]}
        for o in k["occupancy"]:
            mine = occ.get((o["block"], o["dynamic_shared_bytes"]))
            if mine != o["blocks_per_sm"]:
                print(f"{f} {k['kernel']} block {o['block']} dyn {o['dynamic_shared_bytes']}: blocks/SM ptxsim {mine}, "
                      f"driver {o['blocks_per_sm']}")
                diff += 1
            else:
                same += 1
print(f"{dev['device']} (driver {dev['driver']}): {same} figures equal, {diff} differ")
sys.exit(1 if diff else 0)
