#!/bin/bash
# mufu_run3.sh — device side of the second MUFU round (from the repo root of the device copy,
# sources staged in .stage/approx2/src: sim/, common/, lab/mufu/):
#   bash .stage/approx2/src/lab/mufu/mufu_run3.sh [ops...]
# the tanh.approx.f32 table and hypothesis test (mufu_tanh.cu, skipped with NOTANH=1), then
# the exhaustive model check (mufu_check.cu) of each op filter given.
set -e
S=$(cd "$(dirname "$0")/../.." && pwd)
W=/tmp/mchk3; mkdir -p $W/t; cd $S
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; } > $OUT/check.txt
F="-O2 -I sim -I common -I lab/mufu"
gcc $F -frounding-math -fno-fast-math -ffp-contract=off -c sim/fp.c -o $W/fp.o
gcc $F -c sim/mufu.c -o $W/mufu.o
gcc $F -c sim/mufu_tanh.c -o $W/mufu_tanh.o
gcc $F -DPS_MUFU_DATA_DIR="\"$PWD/sim/mufu\"" -c sim/mufu_data.c -o $W/mufu_data.o
gcc $F -c common/common.c -o $W/common.o
gcc $F -c lab/mufu/mufu_model.c -o $W/model.o
nvcc -O2 -arch=sm_90 -I lab/mufu lab/mufu/mufu_check.cu $W/*.o -o $W/mufu_check -lpthread -lm
if [ -z "$NOTANH" ]; then
  nvcc -O2 -arch=sm_90 lab/mufu/mufu_tanh.cu -o $W/mufu_tanh
  ( time $W/mufu_tanh $W/t ) 2>&1 | tee -a $OUT/check.txt
  ( cd $W/t && time xz -T16 -4 tanh_*.u32 && ls -l && cp tanh_t.u32.xz tanh_u.u32.xz $OUT/ ) 2>&1 | tee -a $OUT/check.txt
fi
for op in "$@"; do ( time $W/mufu_check $op ) 2>&1 | tee -a $OUT/check.txt; done
