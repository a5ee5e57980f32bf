#!/bin/bash
# probe2.sh — the second-round device call (gen_sp2.py's three kernels and mma_sp2.cu); results
# under $OUT/r2. Same host (probe_main.cu), seed 20261130, 8 tests per variant.
cd "$(dirname "$0")"; O=${OUT:-/tmp/o}; mkdir -p $O/r2
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2; date -u; } > $O/r2/env.txt
for k in wgmma_sp2a:f16,f16,bf16,f16,tf32,e4m3,s8,u8 wgmma_sp2b:f16,bf16,f16,e5m2 wgmma_sp2c:s8,u8 mma_sp2:e5m2,f16,f16,bf16; do
  n=${k%%:*}; ty=${k#*:}
  nvcc -O2 -gencode arch=compute_90a,code=sm_90a -ptx $n.cu -o $O/r2/$n.ptx > $O/r2/$n.ptx.log 2>&1
  nvcc -O2 -gencode arch=compute_90a,code=sm_90a -DKFILE="\"$n.cu\"" -DKERNEL=$n probe_main.cu -o $n.bin > $O/r2/$n.build.log 2>&1 || { cat $O/r2/$n.build.log; continue; }
  ./$n.bin 20261130 8 $ty $O/r2/$n 2>&1 | tee -a $O/r2/run.log
done
cd $O && tar czf r2.tgz r2 && ls -la r2
