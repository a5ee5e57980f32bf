#!/usr/bin/env bash
# gpu_occupancy.sh — on a GPU machine (the H200 of the device tool), run from the repository
# root: builds occ_probe.c against the CUDA driver and runs it on every corpus PTX file whose
# .target the GPU can run (sm_90 and older, sm_90a included), so that the driver's own JIT
# allocation (registers, local, shared, constant bytes) and occupancy calculator answer for each
# kernel. Writes into $OUT: occupancy.jsonl (occ_probe's lines), facts.txt (GPU, driver,
# toolkit, date), ptxas_v.txt (`ptxas -v -arch=sm_90` on the same files, when ptxas is there).
# Installs nothing. lab/occupancy/README.md says how the results are compared.
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-lab/occupancy/out}
mkdir -p "$OUT"
CUDA=${CUDA:-/usr/local/cuda}
cc -O2 lab/occupancy/occ_probe.c -I"$CUDA/include" -L"$CUDA/lib64/stubs" -lcuda -o "$OUT/occ_probe" || exit 1
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    "$CUDA/bin/ptxas" --version | tail -1
    date -u +%Y-%m-%dT%H:%M:%SZ
} > "$OUT/facts.txt" 2>&1
files=()
for f in corpus/*/*.ptx; do
    sm=$(sed -n 's/^[[:space:]]*\.target[[:space:]]*sm_\([0-9]*\).*/\1/p' "$f" | head -1)
    [ -n "$sm" ] && [ "$sm" -le 90 ] || continue
    grep -Eq '^[[:space:]]*(\.visible[[:space:]]+|\.weak[[:space:]]+)?\.entry\b' "$f" || continue
    files+=("$f")
done
# One process per file: the driver crashed (SIGSEGV inside cuOccupancyMaxActiveBlocksPerMultiprocessor)
# on corpus/hand_funcparam/funcparam.ptx, which would end a single run there. The device line is
# kept from the first run; a crash leaves its cut line, then a newline and an error line naming it.
: > "$OUT/occupancy.jsonl"
: > "$OUT/occ_probe.stderr"
crashed=0
for f in "${files[@]}"; do
    CUDA_MODULE_LOADING=EAGER timeout 60 "$OUT/occ_probe" "$f" > "$OUT/one.jsonl" 2>> "$OUT/occ_probe.stderr"
    rc=$?
    if [ -s "$OUT/occupancy.jsonl" ]; then tail -n +2 "$OUT/one.jsonl"; else cat "$OUT/one.jsonl"; fi >> "$OUT/occupancy.jsonl"
    if [ $rc -ne 0 ]; then
        crashed=$((crashed + 1))
        printf '\n{"file": "%s", "error": "occ_probe exit %d inside the driver"}\n' "$f" $rc >> "$OUT/occupancy.jsonl"
    fi
done
rm -f "$OUT/one.jsonl"
echo "occ_probe: ${#files[@]} files, $crashed ended abnormally, $(grep -c . "$OUT/occupancy.jsonl") lines"
if [ -x "$CUDA/bin/ptxas" ]; then
    for f in "${files[@]}"; do
        echo "=== ptxas -v -arch=sm_90 $f"
        "$CUDA/bin/ptxas" -v -arch=sm_90 "$f" -o /dev/null 2>&1 | grep -v "Compile time"
    done > "$OUT/ptxas_v.txt"
fi
rm -f "$OUT/occ_probe"
