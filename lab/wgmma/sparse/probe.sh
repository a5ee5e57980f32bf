#!/bin/bash
# probe.sh — the one device call: build and run both probes, keep the PTX, SASS-free.
cd "$(dirname "$0")"; O=${OUT:-/tmp/o}; mkdir -p $O/r
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2; date -u; } > $O/r/env.txt
for k in wgmma_sp:f16,f16,bf16,bf16,tf32,e4m3,s8 wgmma_sp_risky:tf32,e5m2,u8 mma_sp:f16,f16,f16,f16,bf16,tf32,tf32,s8,e4m3,f16; do
  n=${k%%:*}; ty=${k#*:}
  nvcc -O2 -gencode arch=compute_90a,code=sm_90a -ptx $n.cu -o $O/r/$n.ptx > $O/r/$n.ptx.log 2>&1
  nvcc -O2 -gencode arch=compute_90a,code=sm_90a -DKFILE="\"$n.cu\"" -DKERNEL=$n probe_main.cu -o $n.bin > $O/r/$n.build.log 2>&1 || { cat $O/r/$n.build.log; continue; }
  ./$n.bin 20261129 16 $ty $O/r/$n 2>&1 | tee -a $O/r/run.log
done
cd $O && tar czf r.tgz r && ls -la r
