#!/usr/bin/env bash
# check_same.sh — do two ptxsim binaries find and count the same things?
#
#     scripts/bench/check_same.sh BASELINE_PTXSIM [CANDIDATE_PTXSIM]
#
# Runs `ptxsim check --json --threads 1` with both binaries on every corpus manifest
# (corpus/*/case*.json), every planted defect (corpus/defects/*/defect.json) and the benchmark
# grids (BENCH_WORK, default build-bench-work/: */bench.json and the reduced */small.json that
# scripts/bench/check_cost.py writes, where a suite run left them), and compares the reports with
# any timing field removed, the exit codes and the buffers each run wrote (--out), byte for byte.
# CANDIDATE defaults to build/cli/ptxsim.
# Prints one line per difference and a summary; exits 1 when anything differs.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BASE=${1:?usage: check_same.sh BASELINE_PTXSIM [CANDIDATE_PTXSIM]}
CAND=${2:-$ROOT/build/cli/ptxsim}
WORK=${BENCH_WORK:-$ROOT/build-bench-work}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

cd "$ROOT" || exit 2
manifests=(corpus/*/case*.json corpus/defects/*/defect.json)
for f in "$WORK"/*/bench.json "$WORK"/*/small.json; do
    [ -e "$f" ] && manifests+=("$f")
done

# the report without timings (keys naming seconds or milliseconds), keys sorted
normalise() {
    python3 - "$1" <<'EOF'
import json, sys
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items()
                if not any(t in k for t in ("seconds", "_ms", "time"))}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o
try:
    with open(sys.argv[1]) as f:
        print(json.dumps(strip(json.load(f)), sort_keys=True, indent=1))
except FileNotFoundError:
    print("(no report)")
EOF
}

n=0
bad=0
for m in "${manifests[@]}"; do
    n=$((n + 1))
    for side in base cand; do
        bin=$BASE
        [ $side = cand ] && bin=$CAND
        rm -rf "$TMP/$side.json" "$TMP/bufs-$side"
        "$bin" check "$m" --json "$TMP/$side.json" --threads 1 --quiet --out "$TMP/bufs-$side" \
            >/dev/null 2>&1
        echo $? > "$TMP/$side.rc"
        normalise "$TMP/$side.json" > "$TMP/$side.txt"
    done
    if ! cmp -s "$TMP/base.rc" "$TMP/cand.rc"; then
        echo "DIFF exit code: $m ($(cat "$TMP/base.rc") vs $(cat "$TMP/cand.rc"))"
        bad=$((bad + 1))
    elif ! cmp -s "$TMP/base.txt" "$TMP/cand.txt"; then
        echo "DIFF report: $m"
        diff "$TMP/base.txt" "$TMP/cand.txt" | head -20
        bad=$((bad + 1))
    elif [ -d "$TMP/bufs-base" ] || [ -d "$TMP/bufs-cand" ] &&
        ! diff -r -q "$TMP/bufs-base" "$TMP/bufs-cand" >/dev/null 2>&1; then
        echo "DIFF buffers: $m"
        diff -r -q "$TMP/bufs-base" "$TMP/bufs-cand" 2>&1 | head -5
        bad=$((bad + 1))
    fi
done
echo "check_same: $n manifests, $bad differ ($BASE vs $CAND)"
[ $bad -eq 0 ]
