#!/usr/bin/env bash
# ptxsim exec --check: the report names the kernel (demangled, as c++filt does, and mangled),
# the kind, the CUDA and PTX lines (found here in kernels.cu and kernels.ptx), the thread and the
# other access; --log, --json and --sarif hold the same; the exit status is the program's own
# unless --error-exitcode asks.
. "$(dirname "$0")/exec_data/lib.sh"
scan=$(c++filt _Z10block_scanPKiPii)
fill=$(c++filt _Z4fillPii)
read_line=$(cu_line 'int left = ')
write_line=$(cu_line 's[t] = in[t];')
oob_line=$(cu_line 'out[i] = i * n;')
# the PTX store of fill: the only st.global between its .entry and the next one
oob_ptx=$(awk '/\.entry _Z4fillPii/{f=1} f&&/st\.global/{print NR; exit}' "$ptx")
[ -n "$read_line" ] && [ -n "$write_line" ] && [ -n "$oob_line" ] && [ -n "$oob_ptx" ] || fail "oracle lines not found"

# a race: thread 1 reads s[0], which thread 0 wrote, with no barrier between; and across the
# warps: thread 32 reads s[31], which thread 31 wrote (two places on one line: two messages)
run 0 "$ptxsim" exec --check -- "$prog" "$ptx" race
has '^block_scan: done$' "$out"
has "^==ptxsim== kernel $(sed 's/[]()*[]/\\&/g' <<<"$scan") \[_Z10block_scanPKiPii\]$" "$err"
has "^==ptxsim==   race \(2 places\):$" "$err"
has "^==ptxsim==     kernels\.cu:$read_line \(module[0-9]+\.ptx:[0-9]+\): error: read-after-write race" "$err"
has "^==ptxsim==       block \(0,0,0\) thread \(1,0,0\)" "$err"
has "^==ptxsim==       other access \(write\): kernels\.cu:$write_line \(module[0-9]+\.ptx:[0-9]+\), block \(0,0,0\) thread \(0,0,0\)" "$err"
has "^==ptxsim==     kernels\.cu:$read_line \(module[0-9]+\.ptx:[0-9]+\): error: read-after-write race on shared memory: " "$err"
has "^==ptxsim==       block \(0,0,0\) thread \(32,0,0\)" "$err"
has "^==ptxsim==       other access \(write\): kernels\.cu:$write_line \(module[0-9]+\.ptx:[0-9]+\), block \(0,0,0\) thread \(31,0,0\)" "$err"
# the 63 reads of a neighbour's element, 62 within warps and one across
has '; in 1 of 1 launch, 62 times$' "$err"
has '; in 1 of 1 launch, 1 time$' "$err"
has '^==ptxsim== ERROR SUMMARY: 2 errors, 0 warnings, 0 notes$' "$err"
run 7 "$ptxsim" exec --check --error-exitcode 7 -- "$prog" "$ptx" race
# the program's own status passes through, also with --error-exitcode when nothing went wrong
run 5 "$ptxsim" exec --check --error-exitcode 7 -- "$prog" "$ptx" clean exit=5
has '^copy: PASS$' "$out"
has '^==ptxsim== ERROR SUMMARY: 0 errors, 0 warnings, 0 notes$' "$err"

# an out-of-bounds write faults the launch; the program sees the error at the synchronisation
run 1 "$ptxsim" exec --check -- "$prog" "$ptx" oob
has '^cuCtxSynchronize after fill: CUDA_ERROR_ILLEGAL_ADDRESS$' "$out"
has "^==ptxsim== kernel $(sed 's/[]()*[]/\\&/g' <<<"$fill") \[_Z4fillPii\]$" "$err"
has "^==ptxsim==     kernels\.cu:$oob_line \(module[0-9]+\.ptx:$oob_ptx\): error: out-of-bounds global write" "$err"
has '^==ptxsim==       block \(2,0,0\) thread \(0,0,0\)' "$err" # 64 elements: block 2 is past the end
has '1 failed launch' "$err"
# without --check the fault is reported too, by its CUDA line (.loc) and the module's PTX line;
# block 2's 32 threads all write past the end of the 64 elements: 32 lanes
run 3 "$ptxsim" exec --error-exitcode 3 -- "$prog" "$ptx" oob
has "^==ptxsim==     kernels\.cu:$oob_line \(module[0-9]+\.ptx:$oob_ptx\): error: out-of-bounds global write" "$err"
has '^==ptxsim==       block \(2,0,0\) thread \(0,0,0\); 32 lanes of its warp: 0-31; in 1 of 1 launch' "$err"

# --log: the report goes to the file, stderr keeps only the program's and the driver's words
run 0 "$ptxsim" exec --check --log "$tmp/log.txt" -- "$prog" "$ptx" race clean
lacks '==ptxsim==' "$err"
has '^copy: PASS$' "$out"
has "^==ptxsim==     kernels\.cu:$read_line " "$(cat "$tmp/log.txt")"
has '^==ptxsim==   1 launch, grid \(2,1,1\) block \(32,1,1\): no findings$' "$(cat "$tmp/log.txt")"

# --json and --sarif: the whole run
run 0 "$ptxsim" exec --check --json "$tmp/r.json" --sarif "$tmp/r.sarif" -- "$prog" "$ptx" clean race clean
python3 - "$tmp/r.json" "$tmp/r.sarif" "$read_line" "$write_line" "$scan" <<'PY' || fail "JSON or SARIF"
import json, sys
r = json.load(open(sys.argv[1]))
s = json.load(open(sys.argv[2]))
read_line, write_line, scan = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
assert r["command"] == "exec" and r["checked"] is True, r
assert r["exit"] == {"program_status": 0, "status": 0}, r["exit"]
assert r["summary"]["launches"] == 3 and r["summary"]["kernels"] == 2 and r["summary"]["errors"] == 2, r["summary"]
assert [l["kernel"] for l in r["launches"]] == ["_Z4copyPKiPii", "_Z10block_scanPKiPii", "_Z4copyPKiPii"]
race = [l for l in r["launches"] if l["kernel"] == "_Z10block_scanPKiPii"][0]
assert race["grid"] == [1, 1, 1] and race["block"] == [64, 1, 1] and race["status"] == "ok"
f = race["report"]["findings"][0]
assert f["kind"] == "race" and f["severity"] == "error", f
assert f["source"] == {"file": "kernels.cu", "line": read_line}, f
assert f["other"]["source"]["line"] == write_line and f["other"]["access"] == "write", f
assert f["thread"] == [1, 0, 0] and f["block"] == [0, 0, 0], f
k = [k for k in r["kernels"] if k["kernel"] == "_Z10block_scanPKiPii"][0]
assert k["name"] == scan and k["launches"] == 1 and len(k["findings"]) == 2, k
assert s["version"] == "2.1.0"
run = s["runs"][0]
assert run["invocations"][0]["exitCode"] == 0
res = run["results"]
assert len(res) == 2 and all(x["ruleId"] == "race" and x["level"] == "error" for x in res), res
loc = res[0]["locations"][0]["physicalLocation"]
assert loc["artifactLocation"]["uri"] == "kernels.cu" and loc["region"]["startLine"] == read_line, loc
assert run["tool"]["driver"]["rules"][res[0]["ruleIndex"]]["id"] == "race"
PY
echo ok
