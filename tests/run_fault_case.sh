#!/usr/bin/env bash
# run_fault_case.sh PTXSIM MANIFEST — a corpus launch that must fault (corpus/<case>/<variant>_fail.*.json,
# docs/corpus.md): `ptxsim run` must exit 3, and what the kernel printed before the fault (its
# stdout up to the summary) must equal the manifest's "expect_output" file byte for byte.
set -uo pipefail
ptxsim=$1 manifest=$2
dir=$(dirname "$manifest")
want=$(sed -n 's/.*"expect_output": *{ *"file": *"\([^"]*\)".*/\1/p' "$manifest")
[ -n "$want" ] || { echo "$manifest: no \"expect_output\"" >&2; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$ptxsim" run "$manifest" --quiet >"$out"
rc=$?
if [ "$rc" != 3 ]; then
    echo "$manifest: exit status $rc, expected 3 (a kernel fault)" >&2
    exit 1
fi
if ! cmp -s "$out" "$dir/$want"; then
    echo "$manifest: printed output differs from $dir/$want:" >&2
    diff "$dir/$want" "$out" >&2
    exit 1
fi
echo "$manifest: faulted (exit 3) after printing the expected $(wc -c <"$out") bytes"
