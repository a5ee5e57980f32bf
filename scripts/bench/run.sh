#!/usr/bin/env bash
# run.sh — the benchmark suite in one command (docs/performance.md).
#
#   scripts/bench/run.sh [KERNEL...]
#
# For every kernel under corpus/bench/ (or the ones named): builds the native C twins
# (scripts/bench/native.c, cc -O2, single thread), writes the inputs, times the native twin,
# runs `ptxsim run` on the manifest with --threads 1 and --threads 2 (best of BENCH_REPS runs),
# checks every output byte for byte against the twin's BEFORE reporting any time, times
# `ptxsim check` when it exists, and prints a markdown table plus the geometric mean of the
# slowdowns.
#
# Environment: PTXSIM (default build/cli/ptxsim, built with scripts/build.sh in Release),
# BENCH_REPS (default 3), BENCH_THREADS (default "1 2"), NATIVE_CFLAGS (default -O2),
# BENCH_WORK (scratch directory, default build-bench-work/ under the repository), NATIVE_BIN
# (use this prebuilt twin instead of compiling), BENCH_BASELINE (a second ptxsim, reported as
# "slowdown before", run in turns with PTXSIM so both see the same host load), BENCH_CHECK=0
# (skip `ptxsim check`).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
export PTXSIM=${PTXSIM:-$root/build/cli/ptxsim}
export BENCH_WORK=${BENCH_WORK:-$root/build-bench-work}
export NATIVE_CFLAGS=${NATIVE_CFLAGS:--O2}
if [ ! -x "$PTXSIM" ]; then
    echo "run.sh: no simulator at $PTXSIM (build one: scripts/build.sh build -DCMAKE_BUILD_TYPE=Release," >&2
    echo "        or point PTXSIM at a ptxsim binary)" >&2
    exit 2
fi
mkdir -p "$BENCH_WORK"
if [ -n "${NATIVE_BIN:-}" ]; then # a prebuilt twin (hosts without a C compiler)
    cp "$NATIVE_BIN" "$BENCH_WORK/native"
else
    # shellcheck disable=SC2086
    ${CC:-cc} $NATIVE_CFLAGS -std=c17 -Wall -o "$BENCH_WORK/native" scripts/bench/native.c -lm
fi
exec python3 scripts/bench/bench.py "$@"
