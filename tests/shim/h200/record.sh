#!/bin/bash
# Runs the shim demo programs on the real GPU (the driver's libcuda) and records their output.
cd "$(dirname "$0")"
R=$OUT/rec; mkdir -p $R
CUDA=${CUDA_HOME:-/usr/local/cuda}
{ date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader;
  $CUDA/bin/nvcc --version | tail -2; gcc --version | head -1; ldd --version | head -1; uname -r;
  grep -m1 "define CUDA_VERSION" $CUDA/include/cuda.h; } > $R/env.txt 2>&1
grep -E "^#define cu[A-Za-z0-9]+ +cu[A-Za-z0-9]+_v[0-9]+" $CUDA/include/cuda.h > $R/cuda_h_versioned.txt
for d in demo_streams demo_reduce; do
  flags="-std=c17 -O2 -Wall -I$CUDA/include"
  if ! gcc $flags $d.c -o $R/$d -L$CUDA/lib64/stubs -lcuda > $R/$d.build.txt 2>&1; then
    echo "retry with DEMO_CTX_CREATE_V2" >> $R/$d.build.txt
    gcc $flags -DDEMO_CTX_CREATE_V2 $d.c -o $R/$d -L$CUDA/lib64/stubs -lcuda >> $R/$d.build.txt 2>&1
  fi
  $R/$d > $R/$d.h200.txt 2> $R/$d.h200.stderr; echo "exit $?" > $R/$d.h200.rc
  nm -D --undefined-only $R/$d > $R/$d.syms 2>&1
done
tar -C $OUT -czf $OUT/rec.tgz rec && rm -rf $R
