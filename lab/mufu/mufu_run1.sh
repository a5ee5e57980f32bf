#!/bin/bash
# mufu_run1.sh — device side of the MUFU dump (run from the repo root of the device copy):
#   bash .stage/approx/mufu_run1.sh   (writes $OUT/dump*.tar, $OUT/sass.txt, $OUT/env.txt)
set -e
S=$(dirname "$0")
W=/tmp/mufu; mkdir -p $W/d
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nvcc --version | tail -2; } > $OUT/env.txt 2>&1
nvcc -O2 -arch=sm_90 -o $W/mufu_dump $S/mufu_dump.cu
ptxas -arch=sm_90 $S/sass_probe.ptx -o $W/k.cubin && cuobjdump -sass $W/k.cubin > $OUT/sass.txt
( cd $W/d && time $W/mufu_dump . ) >> $OUT/env.txt 2>&1
cd $W/d && ls -la >> $OUT/env.txt
xz -T16 -6 *.u32
tar cf $W/dump_a.tar g_m1* g_*lg2* s_* h_*
tar cf $W/dump_b.tar g_*tanh* g_*sin* g_*cos*
cd $OUT && split -b 15000000 -d $W/dump_a.tar dump_a.tar. && split -b 15000000 -d $W/dump_b.tar dump_b.tar.
ls -la $OUT >> $OUT/env.txt
