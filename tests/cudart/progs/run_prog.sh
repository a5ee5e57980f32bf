#!/usr/bin/env bash
# run_prog.sh PTXSIM SHIM_DIR PROGRAM EXPECTED_DIR — runs one CUDA runtime test program
# (tests/cudart/progs) on the simulator and checks it:
#   - through `ptxsim exec` (with PTXSIM_LIB_DIR=SHIM_DIR, where ptxsim's libcudart.so.13 and
#     libcuda.so.1 are) when this ptxsim has it, else with LD_LIBRARY_PATH=SHIM_DIR and no checkers
#     (PTXSIM_CHECKS=none);
#   - stdout must equal EXPECTED_DIR/NAME.stdout byte for byte and the exit status
#     EXPECTED_DIR/NAME.rc (both recorded on an H200 by scripts/gpu/cudart_record.sh); without a
#     recording, the program's own verdict: exit 0 and a last line "PASS".
# With CHECK=KIND (race, out-of-bounds) it also runs the program with every checker, and the
# report must hold an error finding of that kind naming the kernel (KERNEL=substring), a thread and
# a PTX line; with CHECK=clean the report must hold no error finding at all (a correct program:
# a finding would be a false error). Exit 77 (skipped) when SHIM_DIR has no libcudart.so.13 (not built on this branch).
set -uo pipefail
ptxsim=$1 shim=$2 prog=$3 expected=$4
name=$(basename "$prog")
if [ ! -e "$shim/libcudart.so.13" ]; then
    echo "skipped: no $shim/libcudart.so.13 (ptxsim's CUDA runtime is not built here)"
    exit 77
fi
[ -x "$prog" ] || { echo "$prog: not built" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if "$ptxsim" exec --help >/dev/null 2>&1; then
    run=(env PTXSIM_LIB_DIR="$shim" "$ptxsim" exec -- "$prog")
else
    run=(env LD_LIBRARY_PATH="$shim" PTXSIM_CHECKS=none "$prog")
fi
"${run[@]}" >"$tmp/out" 2>"$tmp/err"
rc=$?
status=0
if [ -f "$expected/$name.stdout" ]; then
    want_rc=$(cat "$expected/$name.rc")
    if ! cmp -s "$tmp/out" "$expected/$name.stdout"; then
        echo "$name: stdout differs from the H200's ($expected/$name.stdout):"
        diff "$expected/$name.stdout" "$tmp/out" | head -20
        status=1
    fi
    if [ "$rc" != "$want_rc" ]; then
        echo "$name: exit status $rc, the H200's was $want_rc"
        status=1
    fi
else
    if [ "$rc" != 0 ] || [ "$(tail -n 1 "$tmp/out")" != PASS ]; then
        echo "$name: exit status $rc, last line '$(tail -n 1 "$tmp/out")' (no H200 recording: PASS expected)"
        status=1
    fi
fi
if [ $status != 0 ]; then
    echo "--- stdout"; head -40 "$tmp/out"; echo "--- stderr"; head -40 "$tmp/err"
    exit 1
fi
if [ -n "${CHECK:-}" ]; then
    if "$ptxsim" exec --help >/dev/null 2>&1; then
        env PTXSIM_LIB_DIR="$shim" "$ptxsim" exec --check --json "$tmp/report.json" -- "$prog" >/dev/null 2>"$tmp/err2"
    else
        env LD_LIBRARY_PATH="$shim" PTXSIM_CHECKS=all PTXSIM_REPORT="$tmp/report.json" "$prog" >/dev/null 2>"$tmp/err2"
    fi
    python3 - "$tmp/report.json" "$CHECK" "${KERNEL:-}" "$name.cu" <<'PY' || { cat "$tmp/err2"; exit 1; }
import json, sys
path, kind, kernel, source = sys.argv[1:5]
rep = json.load(open(path))
# ptxsim exec --json: "kernels", each with its findings grouped; the shim's PTXSIM_REPORT:
# "launches", each with "findings" (or a "report" holding them)
groups = rep.get("kernels") or rep.get("launches", [])
if kind == "clean":
    errs = [(g.get("kernel", ""), f) for g in groups
            for f in g.get("findings") or g.get("report", {}).get("findings", [])
            if f.get("severity") == "error"]
    for k, f in errs[:10]:
        print(f"error finding in {k[:80]}: {f.get('kind')}: {f.get('message', '')[:160]}")
    if errs:
        sys.exit(f"{len(errs)} error findings in a correct program ({path})")
    print(f"clean: no error finding in {len(groups)} kernels")
    sys.exit(0)
hits = []
for g in groups:
    for f in g.get("findings") or g.get("report", {}).get("findings", []):
        if f.get("kind") == kind and f.get("severity") == "error" and kernel in g.get("kernel", ""):
            hits.append((g["kernel"], f))
if not hits:
    sys.exit(f"no error finding of kind {kind} in kernel *{kernel}* in {path}")
k, f = hits[0]
line = f.get("ptx_line") or (f.get("ptx") or {}).get("line")
if not line or "thread" not in f:
    sys.exit(f"the {kind} finding names no thread or PTX line: {f}")
src = f.get("source") or {}
if "kernels" in rep and not (src.get("file", "").endswith(source) and src.get("line")):
    sys.exit(f"the {kind} finding names no line of {source} (built with -lineinfo): {f}")
where = f"{src['file'].rsplit('/', 1)[-1]}:{src['line']}, " if src.get("line") else ""
print(f"{kind} found: kernel {k}, block {f.get('block')}, thread {f['thread']}, {where}PTX line {line}")
PY
fi
echo "$name: ok"
