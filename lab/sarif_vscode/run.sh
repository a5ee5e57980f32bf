#!/usr/bin/env bash
# run.sh EXT_DIR [PTXSIM] — ptxsim's SARIF through VS Code's SARIF Viewer (README.md here).
# EXT_DIR: a checkout of github.com/microsoft/sarif-vscode-extension (npm install is run in it
# when node_modules is missing). Writes check --sarif logs of the defect corpus and of a
# multi-launch manifest, runs ptxsim.spec.ts with the extension's own mocha (its log loader, rule
# and URI resolution and editor selection), builds its panel (webpack) and renders the logs in
# headless Chromium the way VS Code's webview does, then checks the panel's table against the logs.
set -euo pipefail
ext=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
ptxsim=${2:-$root/build/cli/ptxsim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -d "$ext/node_modules" ] || (cd "$ext" && npm install --no-audit --no-fund --ignore-scripts)

logs=()
cd "$root"
for c in race_global_cta oob_global uninit_shared bank_conflict divergence misaligned_global deadlock_ids; do
    "$ptxsim" check "corpus/defects/$c/defect.json" --quiet --sarif "$tmp/$c.sarif" --source-root "$root" >/dev/null 2>&1 || true
    logs+=("$tmp/$c.sarif")
done
(cd tests/manifest/multi && "$ptxsim" check defects.json --quiet --sarif "$tmp/multi_launch.sarif" --source-root "$root" >/dev/null 2>&1 || true)
logs+=("$tmp/multi_launch.sarif")
if command -v nvcc >/dev/null; then # exec --sarif of a runtime program with a race
    nvcc -cudart shared -lineinfo -arch=sm_90 -o "$tmp/racy" tests/cudart/progs/racy.cu
    "$ptxsim" exec --check --quiet --sarif "$tmp/exec_racy.sarif" --source-root "$root" -- "$tmp/racy" >/dev/null 2>&1 || true
    logs+=("$tmp/exec_racy.sarif")
fi
for l in "${logs[@]}"; do [ -s "$l" ] || { echo "no SARIF written: $l"; exit 1; }; done
list=$(IFS=:; echo "${logs[*]}")

cp "$here/ptxsim.spec.ts" "$ext/src/extension/ptxsim.spec.ts"
cd "$ext"
PTXSIM_SARIF_LOGS=$list PTXSIM_SRC_ROOT=$root PTXSIM_PANEL_PAGE=$tmp/panel.html \
    npx mocha --no-config -r ts-node/register --extension ts --timeout 20000 src/extension/ptxsim.spec.ts
[ -f out/panel.js ] || npx webpack --config-name Panel --mode development >/dev/null
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$tmp/profile" --allow-file-access-from-files \
    --virtual-time-budget=10000 --dump-dom "file://$tmp/panel.html" 2>/dev/null >"$tmp/dom.html"
python3 - "$tmp/dom.html" "${logs[@]}" <<'PY'
# The panel's "Locations" tab: one group per file of a primary location, with its result count.
import collections, json, re, sys
dom = open(sys.argv[1]).read()
root = dom[dom.index('<div id="root"'):]
err = re.search(r'<div id="error" style="([^"]*)">([^<]*)<', dom)
assert err and "none" in err.group(1), "the panel shows an error: %r" % (err and err.group(2))
text = [t for t in re.split(r"<[^>]+>", re.sub(r"<script.*?</script>", "", root, flags=re.S)) if t.strip()]
want = collections.Counter()
for p in sys.argv[2:]:
    for run in json.load(open(p))["runs"]:
        for r in run["results"]:
            want[r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]] += 1
got = {}
for i, t in enumerate(text[:-2]):
    if t.endswith((".cu", ".ptx")) and "/" in text[i + 1]:
        got["%s/%s" % (text[i + 1], t)] = int(text[i + 2])
tabs = dict(zip(text[0:6:2], map(int, text[1:6:2])))
assert tabs.get("Logs") == len(sys.argv) - 2, tabs
assert got == dict(want), (got, dict(want))
print("panel: %d logs, %d results in %d file groups, as in the logs: %s" % (
    tabs["Logs"], sum(got.values()), len(got), ", ".join("%s %d" % kv for kv in sorted(got.items()))))
PY
