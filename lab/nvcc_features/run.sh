#!/usr/bin/env bash
# run.sh — the nvcc-features probes on a GPU (README.md): writes each probe's GPU stdout/stderr,
# output buffers and ptxsim's answers side by side into $OUT (default ./out). Needs a built
# ptxsim (PTXSIM, default build/cli/ptxsim) and the CUDA driver; no nvcc. ROUND=1 runs the first
# round's probes again, the default the second round's.
set -uo pipefail
cd "$(dirname "$0")/../.."
ptxsim=${PTXSIM:-build/cli/ptxsim}
out=${OUT:-lab/nvcc_features/out}
mkdir -p "$out"
"$ptxsim" gpu-info >"$out/gpu-info.txt" 2>&1
probe() { # name manifest
    local name=$1 m=$2
    "$ptxsim" gpu-run "$m" --out "$out/$name.gpu" >"$out/$name.gpu.stdout" 2>"$out/$name.gpu.stderr"
    echo "$?" >"$out/$name.gpu.rc"
    "$ptxsim" run "$m" --out "$out/$name.sim" --threads 1 >"$out/$name.sim.stdout" 2>"$out/$name.sim.stderr"
    echo "$?" >"$out/$name.sim.rc"
}
if [ "${ROUND:-2}" = 1 ]; then # the first round (results in h200/)
    probe reserved_smem lab/nvcc_features/reserved_smem.json
    probe printf_probe lab/nvcc_features/printf_probe.json
    probe printf_assert corpus/printf_assert/case.sm_90.json
    probe assert_fail corpus/printf_assert/assert_fail.sm_90.json
    probe device_malloc corpus/device_malloc/case.sm_90.json
else # the second round: what the first left open (README.md, questions 5 to 7)
    for v in d64 d16 b1024 noext; do probe reserved_smem_$v lab/nvcc_features/reserved_smem_$v.json; done
    probe printf_probe2 lab/nvcc_features/printf_probe2.json
fi
for f in "$out"/*.gpu/*.bin; do od -A d -t d4 "$f" >"$f.txt"; done
for f in "$out"/*.sim/*.bin; do od -A d -t d4 "$f" >"$f.txt"; done
echo "probes written to $out"
