#!/usr/bin/env bash
# Without ptxsim exec (LD_LIBRARY_PATH set by hand), the shim's own summary at exit names each
# finding's kernel demangled and its CUDA line (kernels.cu, the oracle) besides the module's PTX
# file (loaded from memory: module<N>.ptx) and line, and points at ptxsim exec.
# PTXSIM_ERROR_EXITCODE=N makes the program exit with N when a launch faulted or an error was found
# (with the summary and with PTXSIM_REPORT), 0-255 only, and leaves ptxsim exec's runs alone.
. "$(dirname "$0")/exec_data/lib.sh"
shim_dir=$(cd "$(dirname "$ptxsim")/../shim" && pwd)
read_line=$(cu_line 'int left = ')
oob_line=$(cu_line 'out[i] = i * n;')
LD_LIBRARY_PATH=$shim_dir PTXSIM_CHECKS=all run 1 "$prog" "$ptx" race oob
has '^ptxsim libcuda: 2 launches simulated on sm_90, 3 findings \(`ptxsim exec --check PROGRAM` groups them' "$err"
has "^  block_scan\(int const\*, int\*, int\): kernels\.cu:$read_line \(module1\.ptx:[0-9]+\): error: .* \[race\] \(block 0,0,0 thread 1,0,0\)$" "$err"
has "^  block_scan\(int const\*, int\*, int\): kernels\.cu:$read_line \(module1\.ptx:[0-9]+\): error: .* \[race\] \(block 0,0,0 thread 32,0,0\)$" "$err"
has "^  fill\(int\*, int\): kernels\.cu:$oob_line \(module1\.ptx:[0-9]+\): error: out-of-bounds global write .* \(block 2,0,0 thread 0,0,0\)$" "$err"
# without checkers the race goes unseen (faults are the only findings then)
LD_LIBRARY_PATH=$shim_dir PTXSIM_CHECKS=none run 0 "$prog" "$ptx" race
has '^ptxsim libcuda: 1 launch simulated on sm_90, 0 findings$' "$err"
# PTXSIM_ERROR_EXITCODE: errors (race findings, a fault) turn the program's status into N
LD_LIBRARY_PATH=$shim_dir PTXSIM_CHECKS=all PTXSIM_ERROR_EXITCODE=7 run 7 "$prog" "$ptx" race clean
has '^ptxsim libcuda: exiting with PTXSIM_ERROR_EXITCODE=7: a launch faulted or an error was found$' "$err"
has "kernels\.cu:$read_line \(module1\.ptx:[0-9]+\): error: .* \[race\]" "$err"
LD_LIBRARY_PATH=$shim_dir PTXSIM_CHECKS=none PTXSIM_ERROR_EXITCODE=7 run 7 "$prog" "$ptx" oob
LD_LIBRARY_PATH=$shim_dir PTXSIM_CHECKS=all PTXSIM_ERROR_EXITCODE=7 run 0 "$prog" "$ptx" clean
lacks 'PTXSIM_ERROR_EXITCODE' "$err"
LD_LIBRARY_PATH=$shim_dir PTXSIM_CHECKS=all PTXSIM_ERROR_EXITCODE=9 PTXSIM_REPORT=$tmp/r.json run 9 "$prog" "$ptx" race
python3 - "$tmp/r.json" "$read_line" <<'PY' || fail "PTXSIM_REPORT names the module and the CUDA line"
import json, sys
r = json.load(open(sys.argv[1]))
f = r["launches"][0]["findings"][0]
assert f["kind"] == "race" and f["ptx_file"] == "module1.ptx", f
assert f["source"] == {"file": "kernels.cu", "line": int(sys.argv[2])}, f
PY
LD_LIBRARY_PATH=$shim_dir PTXSIM_ERROR_EXITCODE=x7 run 2 "$prog" "$ptx" clean
has "^ptxsim libcuda: error: PTXSIM_ERROR_EXITCODE='x7' is not a number from 0 to 255$" "$err"
LD_LIBRARY_PATH=$shim_dir PTXSIM_ERROR_EXITCODE=256 run 2 "$prog" "$ptx" clean
# under ptxsim exec the program's own status stands (exec has --error-exitcode)
PTXSIM_ERROR_EXITCODE=7 run 1 "$ptxsim" exec -- "$prog" "$ptx" oob
echo ok
