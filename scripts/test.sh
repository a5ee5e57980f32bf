#!/usr/bin/env bash
# test.sh — installs dependencies, builds, and runs the whole test suite: a normal build, an
# AddressSanitizer + UBSan build with gcc, the same with clang-14, then a short fixed-seed run of
# the libFuzzer harnesses (docs/fuzz.md). PTXSIM_SKIP_SANITIZE=1 leaves out the gcc sanitizer
# build, PTXSIM_SKIP_CLANG=1 the clang build and the fuzz run; PTXSIM_FUZZ_TIME sets the seconds
# per harness (default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
clang=1
[ "${PTXSIM_SKIP_CLANG:-0}" = 1 ] && clang=0
if [ $clang = 1 ]; then bash scripts/setup.sh --fuzz; else bash scripts/setup.sh; fi
jobs=$(nproc)
sanitizer_env=(ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1)
echo "== release build"
bash scripts/build.sh build
(cd build && ctest --output-on-failure -j "$jobs")
if [ "${PTXSIM_SKIP_SANITIZE:-0}" != 1 ]; then
  echo "== AddressSanitizer + UBSan build"
  bash scripts/build.sh build-asan -DPTXSIM_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
  (cd build-asan && env "${sanitizer_env[@]}" ctest --output-on-failure -j "$jobs")
fi
if [ $clang = 1 ]; then
  echo "== clang-14 AddressSanitizer + UBSan build"
  bash scripts/build.sh build-clang -DCMAKE_C_COMPILER=clang-14 -DPTXSIM_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
  (cd build-clang && env "${sanitizer_env[@]}" ctest --output-on-failure -j "$jobs")
  echo "== libFuzzer harnesses, ${PTXSIM_FUZZ_TIME:-60} s each, seed 1"
  rm -rf build-fuzz/fuzz-work # a fresh corpus: the same run every time
  bash scripts/fuzz/libfuzzer.sh --time "${PTXSIM_FUZZ_TIME:-60}" --seed 1
fi
