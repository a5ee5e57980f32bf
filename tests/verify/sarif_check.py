"""sarif_check.py — checks a SARIF log from ptxsim against the official OASIS SARIF 2.1.0 schema
(tests/verify/schema/sarif-schema-2.1.0.json) and against what GitHub code scanning needs
(docs/verifier.md, "SARIF"). Used by validate_reports.py and tests/cli/exec_schema.sh.

    problems = sarif_check.check(doc)   # a list of strings; empty when the log is good
"""
import json
import os
import re

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
_validator = None


def validator():
    global _validator
    if _validator is None:
        with open(os.path.join(HERE, "schema", "sarif-schema-2.1.0.json")) as f:
            s = json.load(f)
        cls = jsonschema.validators.validator_for(s)  # draft-04, by its "$schema"
        cls.check_schema(s)
        _validator = cls(s, format_checker=cls.FORMAT_CHECKER)
    return _validator


def _locations(res):
    for key in ("locations", "relatedLocations"):
        for loc in res.get(key, []):
            if key == "relatedLocations" and "physicalLocation" not in loc:
                continue  # exec: PTX loaded from memory, its line in the message (checked in check())
            yield key, loc["physicalLocation"]["artifactLocation"]


def check(doc, exit_code=None):
    bad = [f"schema: {'/'.join(map(str, e.path))}: {e.message}" for e in validator().iter_errors(doc)]
    if bad:
        return bad
    for run in doc.get("runs", []):
        driver = run["tool"]["driver"]
        if not re.match(r"https://", driver.get("informationUri", "")):
            bad.append("tool.driver.informationUri is not an absolute https URI")
        if not driver.get("version"):
            bad.append("no tool.driver.version")
        rules = driver.get("rules", [])
        for r in rules:
            for key in ("shortDescription", "fullDescription", "help"):
                if not r.get(key, {}).get("text"):
                    bad.append(f"rule {r['id']}: no {key}.text")
            if not re.match(r"https://[^ ]+$", r.get("helpUri", "")):
                bad.append(f"rule {r['id']}: helpUri {r.get('helpUri')!r} is not absolute")
        base = run.get("originalUriBaseIds", {}).get("%SRCROOT%", {}).get("uri", "")
        if not (base.startswith("file:///") and base.endswith("/")):
            bad.append(f"originalUriBaseIds.%SRCROOT% {base!r}: not an absolute file URI of a folder")
        inv = run.get("invocations", [])
        if len(inv) != 1 or "exitCode" not in inv[0] or "executionSuccessful" not in inv[0]:
            bad.append(f"invocations {inv}: one with exitCode and executionSuccessful expected")
        elif exit_code is not None and inv[0]["exitCode"] != exit_code:
            bad.append(f"invocations[0].exitCode {inv[0]['exitCode']}, the process exited {exit_code}")
        for i, res in enumerate(run.get("results", [])):
            if res.get("level") not in ("error", "warning", "note"):
                bad.append(f"result {i}: level {res.get('level')!r}")
            ri = res.get("ruleIndex")
            if ri is None or ri >= len(rules) or rules[ri]["id"] != res["ruleId"]:
                bad.append(f"result {i}: ruleIndex {ri} does not name rule {res['ruleId']}")
            if len(res.get("locations", [])) != 1:
                bad.append(f"result {i}: {len(res.get('locations', []))} locations, one expected")
            for j, loc in enumerate(res.get("relatedLocations", [])):
                if "physicalLocation" not in loc and not loc.get("message", {}).get("text"):
                    bad.append(f"result {i}: related location {j} has neither a file nor a message")
            if any("physicalLocation" not in loc for loc in res.get("locations", [])):
                bad.append(f"result {i}: a location without a file")
                continue
            for key, art in _locations(res):
                uri = art["uri"]
                if "uriBaseId" in art:
                    if art["uriBaseId"] != "%SRCROOT%" or re.match(r"[a-z]+:|/", uri) or ".." in uri.split("/"):
                        bad.append(f"result {i}: {key} uri {uri!r} is not relative to %SRCROOT%")
                elif not uri.startswith("file:///"):
                    bad.append(f"result {i}: {key} uri {uri!r} neither relative to %SRCROOT% nor absolute")
    return bad
