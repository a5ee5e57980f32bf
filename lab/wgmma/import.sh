#!/usr/bin/env bash
# import.sh FILES — turns the H200 recording of the probe (the files of the `run` call in
# lab/wgmma/README.md: env.txt, s1.out.gpu.bin, s1.echo.gpu.bin) into the corpus case
# corpus/wgmma_bulk: moves lab/wgmma/case there (without probe.json), adds out.gpu.bin and
# echo.gpu.bin and writes gpu.provenance.json in the format of scripts/gpu_record.sh, so that
# gpu_recorded and gpu_recorded_fresh cover it. Run from the repository root.
set -euo pipefail
files=$1
src=lab/wgmma/case dst=corpus/wgmma_bulk
[ -f "$files/s1.out.gpu.bin" ] || { echo "import.sh: no $files/s1.out.gpu.bin"; exit 2; }
gpu=$(head -1 "$files/env.txt" | cut -d, -f1 | sed 's/^ *//; s/ *$//')
driver=$(head -1 "$files/env.txt" | cut -d, -f2 | sed 's/^ *//; s/ *$//')
date=$(sed -n 's/^\([0-9-]*T[0-9:]*Z\)$/\1/p' "$files/env.txt" | head -1)
mkdir -p "$dst"
git mv "$src/case.json" "$src/wgmma_bulk.sm_90a.ptx" "$src/imgs.in.bin" "$src/tests.in.bin" "$src/afrags.in.bin" "$src/cin.in.bin" "$dst/"
git mv "$src/tests_base.in.bin" lab/wgmma/   # the base-offset table stays with the probe tools
git rm -q "$src/probe.json"
cp "$files/s1.out.gpu.bin" "$dst/out.gpu.bin"
cp "$files/s1.echo.gpu.bin" "$dst/echo.gpu.bin"
sha() { sha256sum "$1" | cut -d' ' -f1; }
inputs=""
for f in imgs tests afrags cin; do inputs="$inputs${inputs:+, }\"$f.in.bin\": \"$(sha "$dst/$f.in.bin")\""; done
cat >"$dst/gpu.provenance.json" <<JSON
{
  "gpu": "$gpu",
  "sm": "sm_90a",
  "driver": "$driver",
  "cuda": "13.0",
  "cuda_toolkit_on_host": "13.0",
  "date": "$date",
  "how": "lab/wgmma/run.c (CUDA driver API; the PTX JIT-compiled by the driver as written), command in lab/wgmma/README.md",
  "manifests": [
    {"manifest": "case.json", "kernel": "wgmma_bulk", "ptx": "wgmma_bulk.sm_90a.ptx", "ptx_sha256": "$(sha "$dst/wgmma_bulk.sm_90a.ptx")", "manifest_sha256": "$(sha "$dst/case.json")",
     "inputs": {$inputs},
     "command": "run wgmma_bulk.sm_90a.ptx wgmma_bulk 35 128 in:imgs.in.bin in:tests.in.bin in:afrags.in.bin in:cin.in.bin out:456704:out.gpu.bin out:35840:echo.gpu.bin", "files": ["out.gpu.bin", "echo.gpu.bin"],
     "vs_expected": "the expected output is this recording"}
  ]
}
JSON
git add "$dst"
echo "import.sh: $dst recorded on $gpu (driver $driver, $date); now: python3 lab/wgmma/compare.py $dst $dst/out.gpu.bin $dst/echo.gpu.bin"
