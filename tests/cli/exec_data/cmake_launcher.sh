#!/usr/bin/env bash
# CTest exec_cmake_launcher (tests/cmake/exec.cmake): configures, builds and tests the project
# in launcher/ with ptxsim exec as its CMAKE_CROSSCOMPILING_EMULATOR (docs/exec.md). Its tests
# pass only under exec: the correct kernel's test passes, the racy one fails through
# --error-exitcode (the project marks it WILL_FAIL), and the same program run without exec
# cannot even load libcuda.so.1.
# Arguments: the ptxsim binary, the folder holding the shim's libcuda.so, cuda.h's folders.
set -uo pipefail
ptxsim=$1 shim_dir=$2 cuda_h_dirs=$3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$tmp/log" >&2 2>/dev/null; exit 1; }
cmake -S "$here/launcher" -B "$tmp/b" -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_CROSSCOMPILING_EMULATOR=$ptxsim;exec;--check;--error-exitcode;1;--" \
    "-DPROG_SOURCE=$here/../exec_prog.c" "-DKERNELS_PTX=$here/kernels.ptx" \
    "-DLIBCUDA=$shim_dir/libcuda.so" "-DCUDA_H_DIRS=$cuda_h_dirs" >"$tmp/log" 2>&1 || fail "configure"
cmake --build "$tmp/b" >"$tmp/log" 2>&1 || fail "build"
ctest --test-dir "$tmp/b" --output-on-failure >"$tmp/log" 2>&1 || fail "ctest under ptxsim exec"
grep -q '100% tests passed, 0 tests failed out of 2' "$tmp/log" || fail "not both tests passed"
# the racy test failed for the race (not for something else): the report is in its output
ctest --test-dir "$tmp/b" -R race -V >"$tmp/log" 2>&1
grep -Eq '==ptxsim==   race \([0-9]+ places?\):' "$tmp/log" || fail "the race test's output has no race report"
# without the launcher the same program cannot run: exec is what makes these tests pass
"$tmp/b/app" "$here/kernels.ptx" clean >"$tmp/log" 2>&1 && fail "app ran without ptxsim exec"
grep -q 'libcuda.so.1' "$tmp/log" || fail "app failed for another reason than libcuda.so.1"
echo ok
