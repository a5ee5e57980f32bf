#!/usr/bin/env bash
# record.sh DIR — records corpus/cluster_dsmem on the GPU (run in DIR, a copy of the corpus
# folder with run.c beside it); writes the <buffer>[.<tag>].gpu.bin files, probe results and
# provenance facts into $OUT. Used once through the device tool; see lab/cluster/README.md.
set -u
cd "$1"
CUDA=${CUDA:-/usr/local/cuda}
cc -O2 run.c -I"$CUDA/include" -L"$CUDA/lib64/stubs" -lcuda -o run || exit 1
P=cluster_dsmem.sm_90a.ptx
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -2
  date -u +%Y-%m-%dT%H:%M:%SZ
} > "$OUT/facts.txt" 2>&1
r() { echo "== run $*" >> "$OUT/log.txt"; timeout 30 ./run "$@" >> "$OUT/log.txt" 2>&1; echo "rc=$?" >> "$OUT/log.txt"; }
r $P cluster_reduce 8 1 1 128 1 1 0 0 0 in:reduce_in.in.bin out:8:$OUT/total.gpu.bin out:32:$OUT/ring.gpu.bin out:256:$OUT/info.gpu.bin
r $P cluster_ring 4 2 1 64 1 1 2 2 1 in:ring_in.in.bin out:2048:$OUT/out.ring.gpu.bin out:384:$OUT/info.ring.gpu.bin
r $P cluster_ring 4 2 1 64 1 1 0 0 0 in:ring_in.in.bin out:2048:$OUT/out.ring1.gpu.bin out:384:$OUT/info.ring1.gpu.bin
r $P cluster_async 4 1 1 64 1 1 0 0 0 in:async_in.in.bin out:1024:$OUT/out.async.gpu.bin out:32:$OUT/acc.async.gpu.bin
r $P cluster_multicast 8 1 1 32 1 1 0 0 0 in:mc_src.in.bin out:2048:$OUT/out.multicast.gpu.bin
# probes of launch validation (expected to fail; the driver's error text goes to the log)
r $P cluster_reduce 8 1 1 128 1 1 4 1 1 in:reduce_in.in.bin out:8:$OUT/p1 out:32:$OUT/p2 out:256:$OUT/info.probe_attr.bin
r $P cluster_reduce 8 1 1 128 1 1 2 1 1 in:reduce_in.in.bin out:8:$OUT/p1 out:32:$OUT/p2 out:256:$OUT/p3
r $P cluster_ring 4 2 1 64 1 1 3 1 1 in:ring_in.in.bin out:2048:$OUT/p4 out:384:$OUT/p5
r $P cluster_ring 4 4 1 64 1 1 4 4 1 in:ring_in.in.bin out:4096:$OUT/p6 out:768:$OUT/p7
r $P cluster_ring 8 2 1 64 1 1 8 2 1 in:ring_in.in.bin out:4096:$OUT/p6 out:768:$OUT/p7
rm -f "$OUT"/p[0-9]
cat "$OUT/log.txt"
