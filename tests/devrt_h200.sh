#!/usr/bin/env bash
# devrt_h200.sh PTXSIM CASE — the device runtime's printed text against what an H200 printed for
# the same PTX (tests/data/devrt_h200, gpu.provenance.json; lab/nvcc_features/README.md).
# CASE: printf_probe, printf_assert or assert_fail. The GPU's files are kept as recorded; the lines
# its harness added (from "<manifest>: kernel K on NVIDIA ..." on, "ptxsim: error: ...") are left
# out of the comparison.
set -uo pipefail
ptxsim=$1 what=$2
here=$(cd "$(dirname "$0")" && pwd)
data=$here/data/devrt_h200 corpus=$here/../corpus/printf_assert
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "$what: $*" >&2
    exit 1
}
gpu_stdout() { sed '/: kernel [A-Za-z_0-9]* on NVIDIA /,$d' "$data/$1"; }
same() { # want-file have-file
    cmp -s "$1" "$2" || { diff "$1" "$2" >&2; fail "differs from the H200's text (< GPU, > ptxsim)"; }
}
case $what in
printf_probe)
    "$ptxsim" run "$data/printf_probe.json" --quiet >"$tmp/sim" 2>"$tmp/err"
    rc=$?
    [ "$rc" = 0 ] || fail "exit status $rc: $(cat "$tmp/err")"
    gpu_stdout printf_probe.gpu.stdout >"$tmp/gpu"
    # What is not the same from run to run on a GPU either: the address %p prints, and the order
    # of the lines of lanes that reach printf at different times (docs/engine.md "Device runtime")
    for f in gpu sim; do
        sed -E 's/^(4 pointers: \[\(nil\)\] \[)0x[0-9a-f]+\]$/\1ADDRESS]/' "$tmp/$f" >"$tmp/$f.n"
        { grep -v '^12 lane ' "$tmp/$f.n"; grep '^12 lane ' "$tmp/$f.n" | sort -n -k3; } >"$tmp/$f.cmp"
    done
    [ "$(grep -c '^12 lane ' "$tmp/gpu.cmp")" = 32 ] || fail "the recording lacks its 32 lane lines"
    same "$tmp/gpu.cmp" "$tmp/sim.cmp"
    ;;
printf_assert)
    "$ptxsim" run "$corpus/case.sm_90.json" --quiet >"$tmp/sim" 2>"$tmp/err"
    rc=$?
    [ "$rc" = 0 ] || fail "exit status $rc: $(cat "$tmp/err")"
    gpu_stdout printf_assert.gpu.stdout >"$tmp/gpu"
    same "$tmp/gpu" "$tmp/sim"
    ;;
assert_fail)
    "$ptxsim" run "$corpus/assert_fail.sm_90.json" --quiet >"$tmp/sim" 2>"$tmp/err"
    rc=$?
    [ "$rc" = 3 ] || fail "exit status $rc, expected 3 (a kernel fault): $(cat "$tmp/err")"
    gpu_stdout assert_fail.gpu.stdout >"$tmp/gpu"
    same "$tmp/gpu" "$tmp/sim" # the printf lines before the assert, on stdout
    grep -v '^ptxsim: error: ' "$data/assert_fail.gpu.stderr" >"$tmp/gpu.err"
    # the assert's message on stderr, before ptxsim's own line about the fault
    head -n "$(wc -l <"$tmp/gpu.err")" "$tmp/err" >"$tmp/sim.err"
    same "$tmp/gpu.err" "$tmp/sim.err"
    ;;
*) fail "unknown case" ;;
esac
echo "$what: as the H200 printed it"
