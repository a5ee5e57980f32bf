#!/usr/bin/env bash
# The command line's help and option errors (issue 16): `COMMAND --help` and `help COMMAND` print
# that command's options on stdout with exit 0; an unknown option is named with a "did you mean";
# an option of another command says whose it is; a missing file says what is needed; `parse
# --target` names the target checked.
. "$(dirname "$0")/../limits/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
expect 0 '^usage: ptxsim run CASE.json' "$ptxsim" run --help
refute '^ptxsim: error'
expect 0 '^  --sarif FILE' "$ptxsim" help check
expect 0 '^  --target sm_XX' "$ptxsim" parse -h
expect 0 '^usage: ptxsim <command>' "$ptxsim" help
expect 0 '^ptxsim [0-9]+\.[0-9]+' "$ptxsim" version
expect 0 '^ptxsim [0-9]+\.[0-9]+ \(git ([0-9a-f]{12}(-dirty)?|unknown)\)$' "$ptxsim" --version
rev=$(sed -n 's/^ptxsim .* (git \([0-9a-f]*\).*/\1/p' <<<"$out")
# the revision named is a commit of this repository (the build's; later commits may follow it)
[ -z "$rev" ] || ! git -C "$root" rev-parse --git-dir >/dev/null 2>&1 || git -C "$root" cat-file -e "$rev^{commit}" ||
    fail "version names $rev, not a commit of this repository"
expect 2 "unknown option '--bogus' of 'run'" "$ptxsim" run x.json --bogus
expect 2 "unknown option '--ot' of 'run'; did you mean '--out'\?" "$ptxsim" run x.json --ot d
expect 2 "'--sarif' is an option of 'check', not of 'run'" "$ptxsim" run x.json --sarif x.sarif
[ ! -e x.sarif ] || fail "run --sarif wrote a file"
expect 2 "option '--out' needs a value$" "$ptxsim" run x.json --out
expect 2 "'run' needs a manifest \(CASE.json\)" "$ptxsim" run
expect 2 "'parse' needs a PTX file" "$ptxsim" parse
expect 2 "unknown command 'frobnicate'" "$ptxsim" frobnicate x
expect 2 "unknown command 'frobnicate'" "$ptxsim" help frobnicate
expect 0 ": ok for sm_90 \(PTX [0-9.]+, .target sm_80," "$ptxsim" parse "$root/tests/parser/accept_calls.ptx" --target sm_90
# colour: --color always/never/auto (auto: not when the output is not a terminal, as here)
oob=("$root/tests/verify/fixtures/oob.json" --allow-paths "$root/tests/verify")
expect 1 $'\033\\[1;31merror:' "$ptxsim" check "${oob[@]}" --color=always
expect 1 'error:' "$ptxsim" check "${oob[@]}" --color never
refute $'\033'
expect 1 'error:' "$ptxsim" check "${oob[@]}"
refute $'\033'
expect 2 "--color takes auto, always or never" "$ptxsim" check "${oob[@]}" --color rainbow
# options before the file, and one manifest only
expect 1 'error:' "$ptxsim" check --allow-paths "$root/tests/verify" --color never "$root/tests/verify/fixtures/oob.json"
expect 2 "'run' takes one manifest; a second: 'b.json'" "$ptxsim" run a.json b.json
# a manifest naming a C++ kernel by its plain name runs it (tests/cli/cxx_names.sh: overloads);
# a name that names no kernel: the error lists the kernels, demangled
printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry _Z10block_scanPKiPii(.param .u64 a, .param .u64 b, .param .u32 n)\n{\n ret;\n}\n' > "$tmp/k.ptx"
printf '{"ptx": "k.ptx", "kernel": "block_scan", "grid": [1,1,1], "block": [32,1,1], "buffers": [{"name": "x", "type": "u32", "count": 4, "init": {"fill": 0}}], "params": [{"buffer": "x"}, {"buffer": "x"}, {"u32": 4}]}\n' > "$tmp/case.json"
expect 0 "kernel _Z10block_scanPKiPii, grid 1x1x1" "$ptxsim" run "$tmp/case.json"
sed -i 's/"block_scan"/"block_sum"/' "$tmp/case.json"
expect 2 "no kernel named 'block_sum' in .*; its kernels \(.*\): _Z10block_scanPKiPii \(block_scan\(int const\*, int\*, int\)\)" "$ptxsim" run "$tmp/case.json"
