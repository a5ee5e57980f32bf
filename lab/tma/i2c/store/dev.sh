#!/bin/bash
# device side of h/i2cstore (one call, 2026-11-29; staged as .stage/i2cstore, tma/ = lab/tma/i2c/store round 1): TMA im2col store/reduce probes, ptxsim gpu-run of the
# im2col manifests, exhaustive tanh.approx.f32 check
R=$PWD; S=$R/.stage/i2cstore; CUDA=/usr/local/cuda
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; } > $OUT/env.txt
# ptxsim build in the background (object files in parallel)
( mkdir -p /tmp/ps/o /tmp/ps/prefix; for d in build-gpurec/debs/*.deb; do dpkg -x $d /tmp/ps/prefix; done
  so=$(find /tmp/ps/prefix -name 'libcjson.so.1' | head -1); L=$(dirname $so); ln -sf libcjson.so.1 $L/libcjson.so; echo $L > /tmp/ps/libdir
  ls common/*.c isa/*.c parser/*.c sim/*.c verify/*.c api/*.c gpu/*.c cli/*.c | xargs -P 12 -I{} sh -c 'cc -std=gnu17 -O2 -pthread -frounding-math -fno-fast-math -ffp-contract=off -Icommon -Iisa -Iparser -Isim -Iverify -Iapi -Igpu -Icli -I/tmp/ps/prefix/usr/include -DPS_MUFU_DATA_DIR="\"'$R'/sim/mufu\"" -c {} -o /tmp/ps/o/$(echo {} | tr / _).o' 
  cc /tmp/ps/o/*.o -o /tmp/ps/ptxsim -L$L -lcjson -Wl,-rpath,$L -ldl -lm -pthread && echo built ) > $OUT/psbuild.log 2>&1 &
B=$!
# TMA probes
cc -O2 lab/tma/run.c -I$CUDA/include -L$CUDA/lib64/stubs -lcuda -o /tmp/run 2>&1
mkdir -p /tmp/st && cp corpus/tma_i2c/tma_probe.sm_90a.ptx $S/tma/* /tmp/st/ && cd /tmp/st
while read ptx name rest; do timeout 20 /tmp/run $ptx $rest > $name.log 2>&1; echo "$name rc=$?" | tee -a rcs.txt; done < launches_store.txt
tar czf $OUT/store.tgz *.gpu.bin *.log rcs.txt tmaps.bin 2>/dev/null
cd $R
# tanh exhaustive
NOTANH=1 timeout 100 bash lab/mufu/mufu_run3.sh tanh.approx.f32 > $OUT/tanh.log 2>&1
wait $B
# ptxsim gpu-run / diff --gpu of the im2col manifests
{ for m in corpus/tma_i2c/case.i2c*.json; do echo "== $m"; timeout 20 /tmp/ps/ptxsim gpu-run $m; echo "gpu-run rc=$?"; timeout 20 /tmp/ps/ptxsim diff $m --gpu; echo "diff rc=$?"; done; } > $OUT/gpurun.log 2>&1
date -u >> $OUT/env.txt
