#!/bin/sh
# run.sh OUTDIR — builds and runs the special-register probe on the H200 (lab/sregs/README.md).
set -e
out=${1:-${OUT:-/tmp}}
here=$(dirname "$0")
nvcc -O2 -arch=sm_90 -o "$out/sregs_probe" "$here/sregs_probe.cu"
nvidia-smi -L > "$out/sregs.txt" 2>&1 || true
"$out/sregs_probe" >> "$out/sregs.txt" 2>&1
cuobjdump -ptx "$out/sregs_probe" > "$out/sregs_probe.ptx" 2>/dev/null || true
echo "wrote $out/sregs.txt"
