#!/usr/bin/env python3
"""check_occupancy.py PTXSIM ORACLE ROOT — `ptxsim regs` occupancy against the CUDA toolkit's
occupancy calculator (occ_oracle, built on cuda_occupancy.h) for every corpus kernel on sm_80 and
sm_90 (corpus_targets.py), several block sizes and dynamic shared-memory sizes: blocks per SM and
the limiting resources must be equal. The registers and static shared memory both sides use are
ptxas's (checked against ptxas itself by ptxas_record.py). Skipped (77) without ptxas."""
import json, pathlib, subprocess, sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from corpus_targets import corpus_targets

BLOCKS = "32,64,96,128,192,256,320,512,640,768,1024"
DYNAMIC = "0,4096,50000"
LETTER = {"warps": "w", "registers": "r", "shared memory": "s", "blocks": "b", "barriers": "B"}

ptxsim, oracle, root = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3]).resolve()
queries, ours = [], []
ptxas_found = False
for ptx, targets in corpus_targets(root):
    rel = str(ptx.relative_to(root))
    r = subprocess.run([ptxsim, "regs", rel, "--json", "--target", ",".join(targets), "--block", BLOCKS,
                        "--dynamic-smem", DYNAMIC], cwd=root, capture_output=True, text=True)
    if r.returncode == 2 and "Unresolved extern" in r.stderr:
        print(f"left out {rel}: a separately compiled unit (ptxas and ptxsim need it linked)")
        continue
    if r.returncode:
        print(f"FAIL {rel}: ptxsim regs exit {r.returncode}: {r.stderr.strip()}")
        sys.exit(1)
    doc = json.loads(r.stdout)
    ptxas_found |= doc["ptxas"]["path"] is not None
    for k in doc["kernels"]:
        for t in k["targets"]:
            for o in t["occupancy"]:
                if o["registers_from"] != "ptxas":
                    continue  # ptxas failed on this unit (an rdc part): nothing to compare
                sm = int(t["target"][3:5])
                queries.append(f"{sm} {o['registers_per_thread']} {o['static_shared_bytes']} "
                               f"{o['dynamic_shared_bytes']} {o['block']} {o['barriers']}")
                lim = "".join(LETTER[x] for x in ["warps", "registers", "shared memory", "blocks", "barriers"]
                              if x in o["limited_by"]) or "-"
                ours.append((f"{rel} {t['target']} {k['kernel']} block {o['block']} dyn {o['dynamic_shared_bytes']}",
                             f"{o['blocks_per_sm']} {lim if o['blocks_per_sm'] else '?'}"))
if not ptxas_found:
    print("skipped: no ptxas on this machine")
    sys.exit(77)
res = subprocess.run([oracle], input="\n".join(queries) + "\n", capture_output=True, text=True, check=True)
theirs = res.stdout.split("\n")
fail = 0
for (what, mine), want in zip(ours, theirs):
    if mine.endswith(" ?"):  # no block fits: the calculator's flags then name whichever limit is 0
        mine, want = mine.split()[0], want.split()[0]
    if mine != want:
        print(f"FAIL {what}: ptxsim '{mine}', cudaOccMaxActiveBlocksPerMultiprocessor '{want}'")
        fail += 1
kernels = len({w.rsplit(' block', 1)[0] for w, _ in ours})
print(f"{len(ours)} occupancy cases ({kernels} kernel/target pairs) compared with cuda_occupancy.h: {fail} differ")
sys.exit(1 if fail or not ours else 0)
