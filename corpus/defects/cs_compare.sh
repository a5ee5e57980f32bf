#!/bin/bash
# Runs every planted defect under compute-sanitizer's memcheck, racecheck, synccheck and initcheck
# on a GPU (docs/checkers.md, "compute-sanitizer"), through cs_launch.py. Logs go to DIR/<defect>.<tool>.log,
# a summary of each log's error lines to DIR/summary.txt. Kernels that hang (deadlocks) are
# stopped after 20 s. Usage: cs_compare.sh DIR
out=${1:?usage: cs_compare.sh DIR}
mkdir -p "$out"
cd "$(dirname "$0")"
{ nvidia-smi -L; compute-sanitizer --version | tail -1; } >"$out/summary.txt" 2>&1
job() {
    d=$1 tool=$2
    timeout -k 5 20 compute-sanitizer --tool "$tool" --print-limit 20 --error-exitcode 9 \
        python3 cs_launch.py "$d/defect.json" >"$out/$d.$tool.log" 2>&1
    echo "exit $?" >>"$out/$d.$tool.log"
}
export -f job
export out
for d in */; do
    for t in memcheck racecheck synccheck initcheck; do echo "${d%/} $t"; done
done | xargs -P 12 -n 2 bash -c 'job "$0" "$1"'
for f in "$out"/*.log; do
    echo "== $(basename "$f" .log)"
    grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Error|error|Warning|Race reported|hazard|Barrier|Uninitialized|Invalid|Misaligned|out of bounds|at 0x|in /|cs_launch|exit " "$f" | grep -v "^=========     Host Frame" | head -12
done >>"$out/summary.txt"
