# lib.sh — sourced by the `ptxsim exec` tests (tests/cli/exec_*.sh, tests/cmake/exec.cmake):
# $1 the ptxsim binary (tests/cmake/cli.cmake runs every tests/cli/*.sh so); exec_prog
# (tests/cli/exec_prog.c) is built beside it, in the build tree's tests/.
# `run STATUS CMD...` runs CMD under a time limit and requires its exit status, keeping stdout in
# $out and stderr in $err; `has REGEX TEXT` and `lacks REGEX TEXT` check a text; scratch in $tmp.
set -uo pipefail
ptxsim=$1
prog=$(cd "$(dirname "$ptxsim")/../tests" && pwd)/exec_prog
data=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ptx=$data/kernels.ptx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out= err=
fail() {
    printf 'FAIL: %s\n--- stdout:\n%s\n--- stderr:\n%s\n' "$*" "$out" "$err" | head -80 >&2
    exit 1
}
run() {
    local want=$1
    shift
    timeout 120 "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    out=$(cat "$tmp/out") err=$(cat "$tmp/err")
    [ "$rc" = "$want" ] || fail "exit status $rc, expected $want: $*"
}
has() { grep -Eq -- "$1" <<<"$2" || fail "no line matches /$1/"; }
lacks() { ! grep -Eq -- "$1" <<<"$2" || fail "a line matches /$1/"; }
# The line of kernels.cu holding TEXT (fixed string): the oracle for CUDA source lines.
cu_line() { grep -nF -- "$1" "$data/kernels.cu" | head -1 | cut -d: -f1; }
