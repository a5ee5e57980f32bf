# lib.sh — sourced by the limits tests (tests/limits/*.sh, CTests limits_*; docs/limits.md):
# $1 is the ptxsim binary; a scratch folder $tmp; `expect STATUS REGEX CMD...` runs CMD under a
# time limit and requires its exit status and a line of its output (stdout and stderr) matching
# REGEX; `refute REGEX` requires that no line of the last output matches.
set -uo pipefail
ptxsim=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=
fail() {
    printf 'FAIL: %s\n' "$*" >&2
    printf '%s\n' "$out" | head -40 >&2
    exit 1
}
expect() {
    local want=$1 re=$2
    shift 2
    out=$(timeout 120 "$@" 2>&1)
    local rc=$?
    [ "$rc" = "$want" ] || fail "exit status $rc, expected $want: $*"
    grep -Eq -- "$re" <<<"$out" || fail "no line matches /$re/: $*"
}
refute() { ! grep -Eq -- "$1" <<<"$out" || fail "a line matches /$1/"; }
# A module with the usual header and one kernel body (the arguments, one line each).
kernel() {
    printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n'
    printf '%s\n' "$@"
    printf 'ret;\n}\n'
}
