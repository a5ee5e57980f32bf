#!/usr/bin/env bash
# record.sh [N] [SEED] — on the GPU machine: the contraction study's recording (README.md).
# Writes $OUT/ptxas_fma.tar.gz: rec/NAME.bin per probe, rec/jit.sass and rec/ptxas.sass (the
# driver JIT's and ptxas's machine code), rec/PROVENANCE.txt.
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-131072} seed=${2:-20261202}
work=$(mktemp -d)
rec=$work/rec
mkdir -p "$rec"
python3 gen_probes.py "$work"
nvcc -O2 -o "$work/run_probes" run_probes.cu -lcuda
"$work/run_probes" "$work/probes.ptx" "$work/probes.txt" "$n" "$seed" "$rec"
cuobjdump -sass "$rec/jit.cubin" >"$rec/jit.sass"
ptxas -arch=sm_90 -O3 "$work/probes.ptx" -o "$work/ptxas.cubin"
cuobjdump -sass "$work/ptxas.cubin" >"$rec/ptxas.sass"
rm -f "$rec/jit.cubin"
{
    echo "recorded by lab/ptxas_fma/record.sh: N=$n seed=$seed"
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
    echo "nvcc: $(nvcc --version | tail -2 | head -1)"
    echo "ptxas: $(ptxas --version | tail -1)"
} >"$rec/PROVENANCE.txt"
cp "$work/probes.txt" "$rec/"
tar -C "$work" -czf "${OUT:?}/ptxas_fma.tar.gz" rec
ls -la "$OUT"
