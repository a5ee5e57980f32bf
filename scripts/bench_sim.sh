#!/usr/bin/env bash
# bench_sim.sh — simulation speed on corpus kernels: simulated thread-instructions per second,
# single host thread, best of 3 runs. Each run verifies its output against the oracle first.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${PTXSIM:-build/cli/ptxsim}
cases=${*:-corpus/matmul_f32/case.sm_80.json corpus/reduce_smem/case.sm_80.json corpus/reduce_shfl/case.sm_80.json corpus/collatz/case.sm_80.json}
printf "%-40s %16s %10s %14s\n" case thread-insts seconds "M t-inst/s"
for c in $cases; do
  best=""
  for i in 1 2 3; do
    out=$("$bin" run "$c" --threads 1) || { echo "$c: run failed or output mismatch" >&2; exit 1; }
    line=$(echo "$out" | grep "thread instructions")
    ti=$(echo "$line" | sed -E 's/.* ([0-9]+) thread instructions.*/\1/')
    s=$(echo "$line" | sed -E 's/.*, ([0-9.]+) s .*/\1/')
    if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
  done
  rate=$(awk "BEGIN{ if ($best > 0) printf \"%.1f\", $ti / $best / 1e6; else print \"inf\" }")
  printf "%-40s %16s %10s %14s\n" "$c" "$ti" "$best" "$rate"
done
