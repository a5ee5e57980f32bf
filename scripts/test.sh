#!/usr/bin/env bash
# test.sh — installs dependencies, builds, and runs the whole test suite twice: a normal build,
# then an AddressSanitizer + UBSan build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc)
echo "== release build"
bash scripts/build.sh build
(cd build && ctest --output-on-failure -j "$jobs")
if [ "${PTXSIM_SKIP_SANITIZE:-0}" != 1 ]; then
  echo "== AddressSanitizer + UBSan build"
  bash scripts/build.sh build-asan -DPTXSIM_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
     ctest --output-on-failure -j "$jobs")
fi
