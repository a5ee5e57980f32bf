#!/usr/bin/env bash
# Without ptxsim exec (LD_LIBRARY_PATH set by hand), the shim's own summary at exit names each
# finding's kernel demangled and its CUDA line (kernels.cu, the oracle) besides the PTX line, and
# points at ptxsim exec.
. "$(dirname "$0")/exec_data/lib.sh"
shim_dir=$(cd "$(dirname "$ptxsim")/../shim" && pwd)
read_line=$(cu_line 'int left = ')
oob_line=$(cu_line 'out[i] = i * n;')
LD_LIBRARY_PATH=$shim_dir PTXSIM_CHECKS=all run 1 "$prog" "$ptx" race oob
has '^ptxsim libcuda: 2 launches simulated on sm_90, 3 findings \(`ptxsim exec --check PROGRAM` groups them' "$err"
has "^  block_scan\(int const\*, int\*, int\): kernels\.cu:$read_line \(ptx line [0-9]+\): error: .* \[race\] \(block 0,0,0 thread 1,0,0\)$" "$err"
has "^  block_scan\(int const\*, int\*, int\): kernels\.cu:$read_line \(ptx line [0-9]+\): error: .* \[race\] \(block 0,0,0 thread 32,0,0\)$" "$err"
has "^  fill\(int\*, int\): kernels\.cu:$oob_line \(ptx line [0-9]+\): error: out-of-bounds global write .* \(block 2,0,0 thread 0,0,0\)$" "$err"
# without checkers the race goes unseen (faults are the only findings then)
LD_LIBRARY_PATH=$shim_dir PTXSIM_CHECKS=none run 0 "$prog" "$ptx" race
has '^ptxsim libcuda: 1 launch simulated on sm_90, 0 findings$' "$err"
echo ok
