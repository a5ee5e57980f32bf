#!/usr/bin/env bash
# launch_cost.sh BASE_LIB [BUILD] — the fixed cost of a launch (issue 14; docs/performance.md
# "Per-launch cost"): compiles scripts/bench/launch_cost.c and times 20,000 launches of a one-warp
# kernel (LAUNCH_N, LAUNCH_ROUNDS) through BASE_LIB (a libptxsim.so built from the commit to
# compare with) and BUILD/api/libptxsim.so (default build/), in turns, then the same for a grid of
# 8 one-warp CTAs. Each round checks the kernel's output before its time counts. Not a test: the
# numbers depend on the host and its load.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${1:?usage: launch_cost.sh BASE_LIB [BUILD]}
build=${2:-build}
new=$build/api/libptxsim.so
bin=$build/launch_cost
cc -O2 -Wall -Wextra -Iapi scripts/bench/launch_cost.c -ldl -o "$bin"
n=${LAUNCH_N:-20000}
rounds=${LAUNCH_ROUNDS:-3}
"$bin" "$n" "$rounds" "$base" "$new"
LAUNCH_GRID=8 "$bin" $((n / 4)) "$rounds" "$base" "$new"
LAUNCH_TIMEOUT=-1 "$bin" "$n" "$rounds" "$base" "$new"
