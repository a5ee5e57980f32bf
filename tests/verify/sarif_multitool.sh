#!/usr/bin/env bash
# sarif_multitool.sh PTXSIM — the SARIF that `ptxsim check --sarif` writes, validated by Microsoft's
# SARIF Multitool (`validate`: the SARIF 2.1.0 schema plus its rules for well-formed logs, the
# validator of Microsoft's sarif-sdk), on defect cases with races, out-of-bounds
# accesses, uninitialised reads, bank conflicts and divergence. Any result the validator reports
# (error or warning) fails the test. scripts/setup.sh installs the Multitool with npm into
# build-tools/sarif when npm is there; without it (or SARIF_MULTITOOL=path) the test is skipped (77).
set -uo pipefail
ptxsim=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
mt=${SARIF_MULTITOOL:-$root/build-tools/sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool}
if [ ! -x "$mt" ]; then
    echo "skipped: no SARIF Multitool ($mt); scripts/setup.sh installs it with npm"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
n=0
for c in race_global_cta oob_global uninit_shared bank_conflict divergence misaligned_global deadlock_ids; do
    m=$root/corpus/defects/$c/defect.json
    [ -f "$m" ] || continue
    (cd "$root" && "$ptxsim" check "$m" --sarif "$tmp/$c.sarif" --source-root . --quiet >/dev/null 2>&1)
    [ -s "$tmp/$c.sarif" ] || { echo "$c: no SARIF written"; status=1; continue; }
    "$mt" validate --output "$tmp/$c.validation.sarif" "$tmp/$c.sarif" >"$tmp/$c.log" 2>&1
    results=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(len(r.get("results") or []) for r in d["runs"]))' "$tmp/$c.validation.sarif" 2>/dev/null || echo missing)
    if [ "$results" != 0 ]; then
        echo "$c: the SARIF Multitool reports $results problems:"
        grep -E "(error|warning) SARIF" "$tmp/$c.log" | cut -c1-300 | head -10
        status=1
    else
        n=$((n + 1))
    fi
done
[ "$n" -ge 3 ] || { echo "only $n logs validated"; status=1; }
[ $status = 0 ] && echo "ok: $n SARIF logs valid for the SARIF Multitool ($("$mt" --version 2>&1 | head -1))"
exit $status
