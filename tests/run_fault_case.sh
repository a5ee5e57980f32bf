#!/usr/bin/env bash
# run_fault_case.sh PTXSIM MANIFEST — a corpus launch that must fault (corpus/<case>/<variant>_fail.*.json,
# docs/corpus.md): `ptxsim run` must exit 3, what the kernel printed before the fault (its
# stdout up to the summary) must equal the manifest's "expect_output" file byte for byte, and
# where <variant>.stderr.expected.txt exists (failed asserts' messages, which the CUDA driver
# writes to stderr) ptxsim's stderr must start with it.
set -uo pipefail
ptxsim=$1 manifest=$2
dir=$(dirname "$manifest")
want=$(sed -n 's/.*"expect_output": *{ *"file": *"\([^"]*\)".*/\1/p' "$manifest")
[ -n "$want" ] || { echo "$manifest: no \"expect_output\"" >&2; exit 1; }
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$ptxsim" run "$manifest" --quiet >"$out" 2>"$err"
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
want_err="$dir/$(basename "$manifest" | cut -d. -f1).stderr.expected.txt"
if [ -f "$want_err" ] && ! head -c "$(wc -c <"$want_err")" "$err" | cmp -s - "$want_err"; then
    echo "$manifest: stderr does not start with $want_err:" >&2
    cat "$err" >&2
    exit 1
fi
echo "$manifest: faulted (exit 3) after printing the expected $(wc -c <"$out") bytes"
