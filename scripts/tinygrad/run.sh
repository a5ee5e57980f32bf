#!/usr/bin/env bash
# run.sh TINYGRAD_DIR [BUILD_DIR] [OUT_DIR] [TEST...] — runs tinygrad's own tests twice, on its CPU
# backend and on its mock CUDA GPU backed by ptxsim's gpuocelot-compatible ptx_run
# (OCELOT_PATH=BUILD_DIR/api/libptxsim.so DEV=MOCK+CUDA:PTX), with the same tests and the same
# environment otherwise, and prints per DEV the counts of passed/failed/skipped tests, the wall
# time, the tests whose outcomes differ, and the tests during which ptx_run reported an error.
# Default tests: test/test_tiny.py test/backend/test_ops.py; FORWARD_ONLY=1 unless set.
# Needs python3 with numpy, torch, pytest and hypothesis ($PYTHON, default /usr/bin/python3;
# Debian: python3-numpy python3-torch python3-pytest python3-hypothesis). Exit 77 when those or
# the tinygrad checkout are missing (CTest's skip code), else 0 when no test passes on CPU and fails
# on the mock GPU, 1 otherwise. $PYTEST_K, when set, selects tests (pytest -k "$PYTEST_K").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tg=${1:?usage: run.sh TINYGRAD_DIR [BUILD_DIR] [OUT_DIR] [TEST...]}
build=$(cd "${2:-$here/../../build}" && pwd)
out=${3:-$(mktemp -d /tmp/ptxsim-tinygrad.XXXXXX)}
shift $(( $# < 3 ? $# : 3 ))
tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=(test/test_tiny.py test/backend/test_ops.py)
py=${PYTHON:-/usr/bin/python3}
lib=$build/api/libptxsim.so

if [ ! -f "$tg/tinygrad/__init__.py" ] || [ ! -f "$tg/test/mockgpu/helpers.py" ]; then
  echo "run.sh: skip: $tg is not a tinygrad checkout with test/mockgpu"; exit 77
fi
if ! "$py" -c 'import numpy, torch, pytest, hypothesis' 2>/dev/null; then
  echo "run.sh: skip: $py lacks numpy, torch, pytest or hypothesis"; exit 77
fi
[ -f "$lib" ] || { echo "run.sh: error: $lib not found (build target ptxsim_shared)" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
commit=$(git -C "$tg" rev-parse HEAD 2>/dev/null || echo unknown)
echo "tinygrad: $tg (commit $commit); ptxsim: $lib; results in $out"

run() { # run NAME DEV [ENV...]
  local name=$1 dev=$2; shift 2
  local t0 t1
  t0=$(date +%s.%N)
  (cd "$tg" && env "$@" DEV="$dev" FORWARD_ONLY="${FORWARD_ONLY:-1}" PYTHONPATH=. \
     "$py" -m pytest --noconftest -q -p no:cacheprovider -o junit_logging=all \
     --junitxml="$out/$name.xml" ${PYTEST_K:+-k "$PYTEST_K"} "${tests[@]}" >"$out/$name.log" 2>&1) || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$out/$name.seconds"
  tail -n 1 "$out/$name.log"
}
run cpu CPU
run mock MOCK+CUDA:PTX OCELOT_PATH="$lib"
exec "$py" "$here/compare.py" --known "$here/known.txt" "$out/cpu.xml" "$out/mock.xml"
