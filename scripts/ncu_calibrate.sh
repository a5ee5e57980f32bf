#!/usr/bin/env bash
# ncu_calibrate.sh — measures the verifier's calibration kernels (tests/verify/*/case.json) with
# Nsight Compute on a GPU, to pin ptxsim's bank-conflict and coalescing counters to hardware
# (docs/verifier.md). Needs a CUDA driver, ncu and python3; no build of ptxsim.
#
#   scripts/ncu_calibrate.sh OUTDIR [CASE.json...]     (default: every tests/verify case)
#
# Writes OUTDIR/launch.log, OUTDIR/ncu.csv (ncu's raw page, one row per kernel), OUTDIR/provenance.txt (GPU,
# driver, ncu version, date, command), OUTDIR/sass.txt (the SASS ptxas makes of the PTX, to
# check one LDS/STS/ATOMS per PTX access) and OUTDIR/ncu_h200.json (scripts/ncu_to_json.py).
# Copy ncu_h200.json to tests/verify/ when the GPU is an H200.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:?usage: ncu_calibrate.sh OUTDIR [CASE.json...]}
shift
mkdir -p "$out"
if [ $# -gt 0 ]; then cases=("$@"); else
  # the calibration patterns, then the corpus (its shared-memory kernels as nvcc wrote them)
  cases=(tests/verify/*/case.json corpus/*/case.sm_90.json corpus/hand_*/case.json)
fi

# Counters to read (base names; .sum is appended). Ones this ncu does not know are left out.
wanted=(
  smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_shared_st
  smsp__sass_inst_executed_op_shared_atom smsp__sass_inst_executed_op_generic_ld
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom
  l1tex__data_pipe_lsu_wavefronts_mem_shared l1tex__data_bank_conflicts_pipe_lsu_mem_shared
  smsp__sass_inst_executed_op_global_ld smsp__sass_inst_executed_op_global_st
  l1tex__t_requests_pipe_lsu_mem_global_op_ld l1tex__t_sectors_pipe_lsu_mem_global_op_ld
  l1tex__t_requests_pipe_lsu_mem_global_op_st l1tex__t_sectors_pipe_lsu_mem_global_op_st
)
known=$(ncu --query-metrics 2>/dev/null | awk '{print $1}')
metrics=()
for m in "${wanted[@]}"; do
  if [ -z "$known" ] || grep -qx "$m" <<<"$known"; then metrics+=("$m.sum"); else echo "ncu_calibrate: ncu does not know $m" >&2; fi
done
mlist=$(IFS=,; echo "${metrics[*]}")

cmd=(ncu --clock-control none --metrics "$mlist" --csv --page raw
     --print-units base --log-file "$out/ncu.csv" python3 scripts/ncu_launch.py "${cases[@]}")
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader 2>&1)"
  echo "ncu: $(ncu --version 2>&1 | tail -1)"
  echo "ptxas: $(ptxas --version 2>&1 | tail -1)"
  echo "command: ${cmd[*]:0:${#cmd[@]}-${#cases[@]}} <${#cases[@]} manifests: ${cases[0]} ...>"
} >"$out/provenance.txt"
cat "$out/provenance.txt"

# SASS of the calibration PTX, as ptxas compiles it (the driver's JIT is the same ptxas).
if command -v ptxas >/dev/null && command -v cuobjdump >/dev/null; then
  ptxas -arch=sm_90 tests/verify/bank_kernels.sm_90.ptx -o "$out/bank.cubin" &&
    cuobjdump -sass "$out/bank.cubin" >"$out/sass.txt"
  rm -f "$out/bank.cubin"
fi

"${cmd[@]}" >"$out/launch.log" 2>&1
rc=$?
echo "ncu exit $rc; $(grep -c '^"' "$out/ncu.csv" 2>/dev/null) csv lines"
tail -5 "$out/launch.log"
python3 scripts/ncu_to_json.py "$out/ncu.csv" "$out/provenance.txt" "$out/launch.log" \
  >"$out/ncu_h200.json" || true
exit $rc
