#!/usr/bin/env bash
# run_rt.sh LIBDIR PROG [--stdout FILE] [--stderr-once TEXT]... [--env NAME=VALUE]... [--arg ARG]...
# Runs a CUDA runtime program against ptxsim's libcudart (LIBDIR, where libcudart.so.13 and
# libcuda.so.1 are): it must exit 0; with --stdout its output must equal FILE; each --stderr-once
# TEXT must appear on exactly one line of its stderr.
set -u
lib=$1 prog=$2
shift 2
expect_out="" once=() envs=() args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --stdout) expect_out=$2; shift 2 ;;
    --stderr-once) once+=("$2"); shift 2 ;;
    --env) envs+=("$2"); shift 2 ;;
    --arg) args+=("$2"); shift 2 ;;
    *) echo "run_rt.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
env "${envs[@]}" LD_LIBRARY_PATH="$lib" "$prog" "${args[@]}" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out"
cat "$tmp/err" >&2
[ $rc -eq 0 ] || { echo "FAIL: $prog exited with $rc"; exit 1; }
if [ -n "$expect_out" ] && ! cmp -s "$tmp/out" "$expect_out"; then
  echo "FAIL: stdout differs from $expect_out:"; diff "$expect_out" "$tmp/out"; exit 1
fi
for t in "${once[@]}"; do
  n=$(grep -cF -- "$t" "$tmp/err")
  [ "$n" -eq 1 ] || { echo "FAIL: '$t' on $n lines of stderr, expected 1"; exit 1; }
done
exit 0
