#!/bin/bash
# round 3 of lab/tma/i2c/store (h/i2cstore): launches 16-21 of launches_store.txt (im2col stores and
# an .add reduction whose lower corners are 0 and whose pixel walks stay inside the tensor, plus a tiled
# f32 .add reduction as positive control); outputs in $OUT/store3.tgz. ~15 s on a warm H200.
R=$PWD; S=$R/.stage/i2cstore; CUDA=/usr/local/cuda
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > $OUT/env3.txt
cc -O2 lab/tma/run.c -I$CUDA/include -L$CUDA/lib64/stubs -lcuda -o /tmp/run
mkdir -p /tmp/st3 && cp corpus/tma_i2c/tma_probe.sm_90a.ptx $S/tma/* /tmp/st3/ && cd /tmp/st3
tail -n +16 launches_store.txt | while read ptx name rest; do timeout 20 /tmp/run $ptx $rest > $name.log 2>&1; echo "$name rc=$?" | tee -a rcs.txt; done
for f in *.log; do echo "== $f"; head -c 600 $f; done
tar czf $OUT/store3.tgz *.gpu.bin *.log rcs.txt 2>/dev/null
