#!/usr/bin/env bash
# make.sh DIR — writes DIR/{alu,fma}/g128.json and g2048.json: the bench kernels' manifests at the
# suite's grid (128 CTAs) and 16 times it, inputs filled with a constant (the kernels' work does not
# depend on the values), for scale.py.
set -euo pipefail
out=${1:?usage: make.sh DIR}
for k in alu fma; do
  mkdir -p "$out/$k"
  cp "corpus/bench/$k/$k.sm_80.ptx" "$out/$k/"
  for g in 128 2048; do
    python3 - "$k" "$g" "$out" <<'PY'
import json, sys
k, g, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
m = json.load(open(f"corpus/bench/{k}/bench.json"))
m["grid"] = [g, 1, 1]
for b in m["buffers"]:
    b["count"] = g * 256
    if "file" in b["init"]:
        b["init"] = {"fill": 12345}
json.dump(m, open(f"{out}/{k}/g{g}.json", "w"), indent=1)
PY
  done
done
