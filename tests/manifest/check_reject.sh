#!/usr/bin/env bash
# check_reject.sh PTXSIM NAME — `ptxsim run NAME.json` (with the options in NAME.args, if any) must
# exit 2 and print exactly NAME.err on stderr, @DIR@ standing for this folder; with --out @OUT@,
# nothing may be written. Run from tests/cmake/manifest.cmake.
set -u
ptxsim=$1 name=$2
cd "$(dirname "$0")" || exit 1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
args=()
if [ -f "$name.args" ]; then
    read -r -a args < "$name.args"
    args=("${args[@]//@OUT@/$out/o}")
    args=("${args[@]//@DIR@/$PWD}")
fi
got=$(timeout 20 "$ptxsim" run "$name.json" "${args[@]}" 2>&1 >/dev/null)
rc=$?
want=$(sed "s|@DIR@|$(pwd -P)|g" "$name.err")
fail=0
if [ "$rc" -ne 2 ]; then echo "exit $rc, expected 2"; fail=1; fi
if [ "$got" != "$want" ]; then printf 'stderr: %s\nwanted: %s\n' "$got" "$want"; fail=1; fi
if [ -n "$(ls -A "$out")" ]; then echo "files were written under --out"; fail=1; fi
exit $fail
