#!/usr/bin/env bash
# run.sh PTXSIM OUTDIR — runs every case.modeN.json on the GPU (gpu-run) and on the simulator.
set -u
cd "$(dirname "$0")"
ps=$1 out=$2
for m in case.mode*.json; do
  n=${m%.json}; n=${n#case.}
  mkdir -p "$out/gpu_$n" "$out/sim_$n"
  "$ps" gpu-run "$m" --out "$out/gpu_$n" || echo "gpu-run $m failed"
  "$ps" run "$m" --out "$out/sim_$n" >/dev/null || echo "run $m failed"
done
