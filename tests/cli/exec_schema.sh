#!/usr/bin/env bash
# ptxsim exec --json and --sarif against the repository's schemas (tests/verify/schema/): every
# launch's report is a DESIGN §6 report, every grouped finding a §6 finding, and the SARIF fits
# the official SARIF 2.1.0 schema and GitHub code scanning's needs (tests/verify/sarif_check.py). Launches with and without checkers, a race, a fault.
# Skipped (77) without python3's jsonschema (Debian: python3-jsonschema).
. "$(dirname "$0")/exec_data/lib.sh"
python3 -c 'import jsonschema' 2>/dev/null || { echo "skip: python3 jsonschema is not installed"; exit 77; }
schemas=$(cd "$data/../../verify/schema" && pwd)
run 1 "$ptxsim" exec --check --json "$tmp/c.json" --sarif "$tmp/c.sarif" -- "$prog" "$ptx" clean race oob
run 1 "$ptxsim" exec --json "$tmp/p.json" --sarif "$tmp/p.sarif" -- "$prog" "$ptx" clean oob
python3 - "$schemas" "$tmp" <<'PY' || fail "schema"
import json, sys, jsonschema
schemas, tmp = sys.argv[1:]
def validator(name):
    s = json.load(open(f"{schemas}/{name}"))
    cls = jsonschema.validators.validator_for(s)
    cls.check_schema(s)
    return cls(s), s
report, rs = validator("report.schema.json")
finding = jsonschema.validators.validator_for(rs)(dict(rs["$defs"]["finding"], **{"$defs": rs["$defs"]}))
sys.path.insert(0, f"{schemas}/..")
import sarif_check
for run, launches in (("c", 3), ("p", 2)):
    r = json.load(open(f"{tmp}/{run}.json"))
    assert len(r["launches"]) == launches, (run, len(r["launches"]))
    for l in r["launches"]:
        report.validate(l["report"])
    kinds = set()
    for k in r["kernels"]:
        for f in k["findings"]:
            finding.validate(f)
            kinds.add(f["kind"])
    assert kinds == ({"race", "out-of-bounds"} if run == "c" else {"out-of-bounds"}), (run, kinds)
    s = json.load(open(f"{tmp}/{run}.sarif"))
    problems = sarif_check.check(s, 1)
    assert not problems, (run, problems)
    assert {x["ruleId"] for x in s["runs"][0]["results"]} == kinds, (run, s["runs"][0]["results"])
    # the program loads its PTX from memory (module1.ptx, no file): a related location names
    # its line in the message and gives no path a SARIF viewer would look for
    for x in s["runs"][0]["results"]:
        for l in x.get("relatedLocations", []):
            uri = l.get("physicalLocation", {}).get("artifactLocation", {}).get("uri", "")
            assert not uri.endswith("module1.ptx"), (run, l)
            if "physicalLocation" not in l:
                assert " of module1.ptx (PTX the program loaded from memory" in l["message"]["text"], l
print("ok")
PY
echo ok
