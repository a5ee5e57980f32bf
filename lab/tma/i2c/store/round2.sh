#!/bin/bash
# round 2 of lab/tma/i2c/store (h/i2cstore): launches 10-15 of launches_store.txt (im2col stores and
# reductions starting inside the tensor); outputs in $OUT/store2.tgz. ~15 s on a warm H200.
R=$PWD; S=$R/.stage/i2cstore; CUDA=/usr/local/cuda
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > $OUT/env2.txt
cc -O2 lab/tma/run.c -I$CUDA/include -L$CUDA/lib64/stubs -lcuda -o /tmp/run
mkdir -p /tmp/st2 && cp corpus/tma_i2c/tma_probe.sm_90a.ptx $S/tma/* /tmp/st2/ && cd /tmp/st2
tail -n +10 launches_store.txt | while read ptx name rest; do timeout 20 /tmp/run $ptx $rest > $name.log 2>&1; echo "$name rc=$?" | tee -a rcs.txt; done
tar czf $OUT/store2.tgz *.gpu.bin *.log rcs.txt 2>/dev/null
