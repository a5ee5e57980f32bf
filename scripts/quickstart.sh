#!/usr/bin/env bash
# quickstart.sh — installs dependencies, builds, and simulates + checks a bundled kernel.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh build >/dev/null
case=${1:-corpus/transpose_naive/case.sm_80.json}
echo "== ptxsim check $case"
exec build/cli/ptxsim check "$case"
