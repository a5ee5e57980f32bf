#!/usr/bin/env bash
# measure.sh — on the GPU machine: probes3's counters (ncu), their SASS, and the per-SASS-instruction
# execution counts of corpus/devfunc (ncu's source page), into $OUT/probes3.tar.gz.
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
w=$(mktemp -d)
bash scripts/ncu_calibrate.sh "$w/ncu" lab/sass_counters/probes3/*/case.json >"$w/calibrate.log" 2>&1
ptxas -arch=sm_90 -O3 lab/sass_counters/probes3/asm_probes.sm_90.ptx -o "$w/p.cubin" &&
    cuobjdump -sass "$w/p.cubin" >"$w/asm_probes.sm_90.sass"
ncu --clock-control none --section SourceCounters --page source --print-source sass --csv \
    python3 scripts/ncu_launch.py corpus/devfunc/case.sm_90.json >"$w/devfunc_source.csv" 2>&1 ||
    ncu --clock-control none --section SourceCounters --page details --print-details all \
        python3 scripts/ncu_launch.py corpus/devfunc/case.sm_90.json >"$w/devfunc_details.txt" 2>&1
rm -f "$w/p.cubin"
tar -C "$w" -czf "${OUT:?}/probes3.tar.gz" .
