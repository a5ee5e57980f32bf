#!/usr/bin/env bash
# quickstart.sh — installs dependencies, builds, and simulates + checks a bundled kernel.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== building ptxsim (a few minutes on a 2-core machine; progress every 25 steps)"
bash scripts/build.sh build | awk '/^\[[0-9]+\/[0-9]+\]/ { s = $1; gsub(/[][]/, "", s); split(s, a, "/");
    if ((a[1] % 25 == 0 && a[1] > 0) || a[1] == a[2]) { printf "   %s of %s build steps\n", a[1], a[2]; fflush() } next }
    { print; fflush() }'

case=${1:-corpus/transpose_naive/case.sm_80.json}
echo "== ptxsim check $case"
exec build/cli/ptxsim check "$case"
