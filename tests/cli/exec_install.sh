#!/usr/bin/env bash
# The installed layout: `cmake --install` puts ptxsim in PREFIX/bin and the shim in
# PREFIX/lib/ptxsim, where the installed `ptxsim exec` finds it (docs/exec.md).
. "$(dirname "$0")/exec_data/lib.sh"
build=$(cd "$(dirname "$ptxsim")/.." && pwd)
cmake --install "$build" --prefix "$tmp/inst" >"$tmp/install.log" 2>&1 || { out=$(cat "$tmp/install.log"); fail "cmake --install"; }
[ -x "$tmp/inst/bin/ptxsim" ] && [ -e "$tmp/inst/lib/ptxsim/libcuda.so.1" ] || fail "the installed files are not where expected"
run 0 "$tmp/inst/bin/ptxsim" exec -- sh -c 'echo "$LD_LIBRARY_PATH"'
has "^$tmp/inst/lib/ptxsim(:|$)" "$out"
run 0 "$tmp/inst/bin/ptxsim" exec -- "$prog" "$ptx" clean
has '^copy: PASS$' "$out"
has '^==ptxsim== kernel copy' "$err"
# $PTXSIM_LIB_DIR wins, and a folder without libcuda.so.1 is refused in words
PTXSIM_LIB_DIR=$tmp run 2 "$tmp/inst/bin/ptxsim" exec -- true
has "^ptxsim: error: exec: cannot find ptxsim's libcuda.so.1" "$err"
echo ok
