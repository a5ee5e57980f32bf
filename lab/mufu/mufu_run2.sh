#!/bin/bash
# mufu_run2.sh — device side of the exhaustive check (run from the repo root of the device
# copy, with the model's sources staged in .stage/approx/src: sim/, common/, lab/mufu/):
#   bash .stage/approx/mufu_run2.sh [op-filter]   -> $OUT/check.txt, $OUT/s_div*.u32
set -e
S=$(cd "$(dirname "$0")" && pwd)
W=/tmp/mchk; mkdir -p $W; cd $S/src
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; } > $OUT/check.txt
F="-O2 -I sim -I common -I lab/mufu"
gcc $F -frounding-math -fno-fast-math -ffp-contract=off -c sim/fp.c -o $W/fp.o
gcc $F -c sim/mufu.c -o $W/mufu.o
gcc $F -c sim/mufu_tanh.c -o $W/mufu_tanh.o
gcc $F -DPS_MUFU_DATA_DIR="\"$PWD/sim/mufu\"" -c sim/mufu_data.c -o $W/mufu_data.o
gcc $F -c common/common.c -o $W/common.o
gcc $F -c lab/mufu/mufu_model.c -o $W/model.o
nvcc -O2 -arch=sm_90 -I lab/mufu lab/mufu/mufu_check.cu $W/*.o -o $W/mufu_check -lpthread -lm
mkdir -p $W/t && $W/mufu_check trig $W/t 2>&1 | tee -a $OUT/check.txt
(cd $W/t && xz -T16 -3 trig_*.u32 && cat trig_sin.u32.xz trig_cos.u32.xz > $W/trig.cat && ls -l >> $OUT/check.txt && cd $OUT && split -b 15000000 -d $W/trig.cat trig.cat.)
MUFU_SAVE_DIR=$OUT $W/mufu_check "$@" 2>&1 | tee -a $OUT/check.txt
