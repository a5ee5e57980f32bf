#!/usr/bin/env bash
# bench_check.sh — the cost of the verifier: `ptxsim check` (every checker) against `ptxsim run`
# over every corpus manifest, one host thread, best of N rounds (default 3).
#   launch:  the launches' own time (what ptxsim reports per launch), summed over the corpus
#   process: each command's wall-clock time (parse, build, launch, report), summed
# Prints both totals for each mode and the check/run ratios.
#   scripts/bench_check.sh [ROUNDS]        PTXSIM=path/to/ptxsim overrides the binary
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${PTXSIM:-build/cli/ptxsim}
rounds=${1:-3}
cases=$(ls corpus/*/case*.json)
n=$(echo "$cases" | wc -l)

# one round of one mode: prints "launch_seconds process_seconds"
round() {
  local mode=$1 launch=0 proc=0 t0 t1 out s
  for c in $cases; do
    t0=$(date +%s.%N)
    out=$("$bin" "$mode" "$c" --threads 1 2>/dev/null) || true
    t1=$(date +%s.%N)
    if [ "$mode" = run ]; then
      s=$(echo "$out" | sed -nE 's/.*thread instructions, ([0-9.]+) s .*/\1/p')
    else
      s=$(echo "$out" | sed -nE 's/.*simulated with every checker in ([0-9.]+) s.*/\1/p')
    fi
    launch=$(awk "BEGIN{print $launch + ${s:-0}}")
    proc=$(awk "BEGIN{print $proc + $t1 - $t0}")
  done
  echo "$launch $proc"
}

declare -A best_l best_p
for mode in run check; do
  for ((i = 0; i < rounds; i++)); do
    read -r l p < <(round "$mode")
    if [ -z "${best_l[$mode]:-}" ] || awk "BEGIN{exit !($l < ${best_l[$mode]})}"; then best_l[$mode]=$l; fi
    if [ -z "${best_p[$mode]:-}" ] || awk "BEGIN{exit !($p < ${best_p[$mode]})}"; then best_p[$mode]=$p; fi
  done
done
printf "%d corpus manifests, best of %d rounds, --threads 1\n" "$n" "$rounds"
printf "%-8s %12s %12s\n" mode "launch (s)" "process (s)"
for mode in run check; do printf "%-8s %12.3f %12.3f\n" "$mode" "${best_l[$mode]}" "${best_p[$mode]}"; done
awk "BEGIN{printf \"check/run: %.2fx (launch), %.2fx (process)\n\", ${best_l[check]} / ${best_l[run]}, ${best_p[check]} / ${best_p[run]}}"
