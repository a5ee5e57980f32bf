#!/usr/bin/env bash
# check_sarif.sh PTXSIM — `check --sarif` of a multi-launch manifest (defects.json: fill, racy,
# fill, racy) writes one SARIF run whose results are the races of launches 1 and 3 only, each
# naming its launch and kernel, with the run's exit status in the invocation. The log must pass the official SARIF 2.1.0 schema and GitHub's needs
# (tests/verify/sarif_check.py, when python3-jsonschema is installed) and Microsoft's SARIF
# Multitool (when scripts/setup.sh installed it).
set -u
ptxsim=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cd "$here" || exit 1
timeout 60 "$ptxsim" check defects.json --quiet --sarif "$tmp/c.sarif" --source-root "$root" >/dev/null 2>&1
rc=$?
[ "$rc" -eq 1 ] || { echo "check: exit $rc, expected 1 (race errors)"; fail=1; }
python3 - "$tmp/c.sarif" "$root/tests/verify" <<'PY' || fail=1
import json, sys
c = json.load(open(sys.argv[1]))
assert len(c["runs"]) == 1, "one run per log"
run = c["runs"][0]
assert run["invocations"][0]["exitCode"] == 1, run["invocations"]
res = run["results"]
launches = sorted({x["properties"]["launch"] for x in res})
assert launches == [1, 3], launches
per = {l: [x for x in res if x["properties"]["launch"] == l] for l in launches}
assert len(per[1]) == len(per[3]) > 0, {l: len(v) for l, v in per.items()}
for x in res:
    assert x["ruleId"] == "race" and x["level"] == "error", x
    assert x["properties"]["kernel"] == "racy", x["properties"]
    want = "(launch %d, kernel racy)" % x["properties"]["launch"]
    assert x["message"]["text"].endswith(want), x["message"]["text"]
    loc = x["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "tests/manifest/multi/defects.ptx", "uriBaseId": "%SRCROOT%"}, loc
    assert loc["region"]["startLine"] in (32, 33), loc
sys.path.insert(0, sys.argv[2])
try:
    import sarif_check
except ImportError:
    print("python3-jsonschema missing: the schema check is skipped")
    sys.exit(0)
bad = sarif_check.check(c, exit_code=1)
assert not bad, bad
PY
mt=${SARIF_MULTITOOL:-$root/build-tools/sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool}
if [ -x "$mt" ]; then
    for l in c; do
        "$mt" validate --output "$tmp/$l.v.sarif" "$tmp/$l.sarif" >"$tmp/$l.log" 2>&1
        n=$(python3 -c 'import json,sys; print(sum(len(r.get("results") or []) for r in json.load(open(sys.argv[1]))["runs"]))' "$tmp/$l.v.sarif" 2>/dev/null || echo missing)
        [ "$n" = 0 ] || { echo "SARIF Multitool: $n problems in $l.sarif"; grep -E "(error|warning) SARIF" "$tmp/$l.log" | head -5; fail=1; }
    done
fi
[ $fail = 0 ] && echo "ok: one SARIF run of 4 launches, races of launches 1 and 3"
exit $fail
