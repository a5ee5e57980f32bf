#!/usr/bin/env bash
# check_fail.sh PTXSIM — fail_launch1.json must exit 1 with the mismatch after launch 1 named, and
# still run launch 2 (its final expectation holds); its --json report must say which launch failed
# and, like `check`'s report of scan3.json, pass tests/verify/schema/report.schema.json (when
# python3-jsonschema is installed).
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
timeout 60 "$ptxsim" check scan3.json --quiet --json "$tmp/c.json" || { echo "check scan3.json failed"; fail=1; }
python3 - "$tmp/r.json" "$tmp/c.json" <<'PY' || fail=1
import json, sys
try:
    import jsonschema
except ImportError:
    print("python3-jsonschema missing: the schema check is skipped")
    sys.exit(0)
schema = json.load(open("../../verify/schema/report.schema.json"))
v = jsonschema.validators.validator_for(schema)(schema)
bad = 0
for path in sys.argv[1:]:
    doc = json.load(open(path))
    assert len(doc["launches"]) == 3 and doc["checked"] == path.endswith("c.json"), path
    for e in v.iter_errors(doc):
        print(path, "/".join(map(str, e.path)), e.message)
        bad += 1
    bogus = dict(doc, launches=[dict(doc["launches"][0], exit=doc["exit"])])
    if v.is_valid(bogus):  # the schema itself must be able to fail
        print("a launch with its own exit passed the schema")
        bad += 1
sys.exit(1 if bad else 0)
PY
# `ptxsim test` counts each manifest as one case, whatever its launches
timeout 120 "$ptxsim" test scan3.json fail_launch1.json --json "$tmp/t.json" >/dev/null 2>&1
rc=$?
if [ "$rc" -ne 1 ]; then echo "ptxsim test: exit $rc, expected 1"; fail=1; fi
python3 - "$tmp/t.json" <<'PY' || fail=1
import json, sys
t = json.load(open(sys.argv[1]))
got = [(c["path"].rsplit("/", 1)[-1], c["status"], len(c["report"]["launches"])) for c in t["cases"]]
assert got == [("scan3.json", "pass", 3), ("fail_launch1.json", "fail", 3)], got
PY
exit $fail
