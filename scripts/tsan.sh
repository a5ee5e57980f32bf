#!/usr/bin/env bash
# tsan.sh [DIR] — builds with clang-14 and ThreadSanitizer (default DIR: build-tsan) and runs the
# tests whose host threads share a context: test_alloc_threads (launches while another thread
# allocates, issue 19) and test_api (contexts used from several threads). Exit 0 when TSan
# reports nothing and the tests pass.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-tsan}
cmake -S . -B "$dir" -G Ninja -DCMAKE_C_COMPILER=clang-14 -DPTXSIM_TSAN=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
ninja -C "$dir" ${PTXSIM_JOBS:+-j "$PTXSIM_JOBS"} test_alloc_threads test_api
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
"$dir/tests/test_alloc_threads"
"$dir/tests/test_api"
echo "tsan.sh: no data race reported"
