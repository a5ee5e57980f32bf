#!/usr/bin/env bash
# run.sh PTXSIM OUTDIR — runs every case.modeN.json of tests/data/divergent_calls on the GPU
# (gpu-run) and on the simulator; OUTDIR absolute.
set -u
cd "$(dirname "$0")/../../tests/data/divergent_calls"
ps=$1 out=$2
for m in case.mode*.json; do
  n=${m%.json}; n=${n#case.}
  mkdir -p "$out/gpu_$n" "$out/sim_$n"
  "$ps" gpu-run "$m" --out "$out/gpu_$n" || echo "gpu-run $m failed"
  "$ps" run "$m" --out "$out/sim_$n" >/dev/null || echo "run $m failed"
done
