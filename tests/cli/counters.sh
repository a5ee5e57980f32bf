#!/usr/bin/env bash
# check --counters sass|ptx (docs/verifier.md "Counters as the SASS executes them"): corpus/atomics
# stores and loads two adjacent .u32 shared variables, which ptxas merges into one STS.64 and one
# LDS.64 (lab/sass_counters); Nsight Compute counted 8 shared load and 8 store instructions on the
# H200 (tests/verify/ncu_h200.json), the PTX has two accesses for each of them.
. "$(dirname "$0")/../limits/lib.sh"
case=$(cd "$(dirname "$0")/../.." && pwd)/corpus/atomics/case.sm_90.json
stats() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["stats"]["shared"]; print(s["load"]["instructions"], s["store"]["instructions"])' "$1"; }
expect 0 'merged with line 61 into one 64-bit store' "$ptxsim" check "$case" --json "$tmp/sass.json"
[ "$(stats "$tmp/sass.json")" = "8 8" ] || fail "default (sass): shared ld/st instructions $(stats "$tmp/sass.json"), ncu 8 8"
expect 0 'merged with line 247 into one 64-bit load' "$ptxsim" check "$case" --counters sass --json "$tmp/sass2.json"
[ "$(stats "$tmp/sass2.json")" = "8 8" ] || fail "--counters sass: $(stats "$tmp/sass2.json")"
python3 -c 'import json,sys; l=[x for x in json.load(open(sys.argv[1]))["lines"]["shared"] if x["ptx_line"]==61][0]; assert l["merged"]["lines"]==[58,61] and l["merged"]["bytes"]==8, l' "$tmp/sass.json" ||
    fail "lines.shared[61].merged"
expect 0 'shared memory' "$ptxsim" check "$case" --counters ptx --json "$tmp/ptx.json"
refute 'merged with'
[ "$(stats "$tmp/ptx.json")" = "16 16" ] || fail "--counters ptx: $(stats "$tmp/ptx.json"), expected 16 16"
expect 2 'counters takes sass or ptx' "$ptxsim" check "$case" --counters sm_90
echo "counters: ok"
