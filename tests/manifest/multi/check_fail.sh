#!/usr/bin/env bash
# check_fail.sh PTXSIM — fail_launch1.json must exit 1 with the mismatch after launch 1 named, and
# still run launch 2 (its final expectation holds); its --json report must say which launch failed.
set -u
ptxsim=$1
cd "$(dirname "$0")" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$(timeout 60 "$ptxsim" run fail_launch1.json --json "$tmp/r.json" 2>&1)
rc=$?
fail=0
if [ "$rc" -ne 1 ]; then echo "exit $rc, expected 1"; fail=1; fi
grep -qxF 'MISMATCH sums after launch 1 (scan_sums): 3 of 4 elements differ (first at 1)' <<<"$out" ||
    { echo "no mismatch line naming launch 1 in:"; echo "$out"; fail=1; }
grep -qxF 'ok data: 256 elements match bit for bit' <<<"$out" || { echo "launch 2 did not run or match"; fail=1; }
python3 - "$tmp/r.json" <<'PY' || fail=1
import json, sys
r = json.load(open(sys.argv[1]))
got = [[(c["buffer"], c["match"]) for c in l["comparisons"]] for l in r["launches"]]
want = [[], [("sums", False)], [("data", True)]]
assert got == want, got
assert [l["kernel"] for l in r["launches"]] == ["block_scan", "scan_sums", "add_offsets"]
assert r["kernel"] == "add_offsets" and r["exit"]["status"] == 1, (r["kernel"], r["exit"])
assert all("exit" not in l for l in r["launches"])
PY
exit $fail
