#!/usr/bin/env bash
# record.sh DIR [gemm] [attn] [dump] — records corpus/hopper_gemm and corpus/hopper_attention on
# the GPU. DIR holds lab/tma/run.c, the PTX files and their inputs side by side (see
# lab/hopper/README.md); writes C.gpu.bin, O.gpu.bin (each run twice: determinism), and with dump
# the ex2 dump kernel's O.dump.gpu.bin and ex2.gpu.bin, the log and provenance facts into $OUT.
set -u
cd "$1"
CUDA=${CUDA:-/usr/local/cuda}
cc -O2 run.c -I"$CUDA/include" -L"$CUDA/lib64/stubs" -lcuda -o run || exit 1
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -2
  date -u +%Y-%m-%dT%H:%M:%SZ
} > "$OUT/facts.txt" 2>&1
r() { echo "== run $*" >> "$OUT/log.txt"; timeout 60 ./run "$@" >> "$OUT/log.txt" 2>&1; echo "rc=$?" >> "$OUT/log.txt"; }
gemm() {
  r hopper_gemm.sm_90a.ptx hopper_gemm 2 384 '~in:A.in.bin' '~in:B.in.bin' \
    tmap:0:bf16:512,256:1024:64,64:128B:none tmap:1:bf16:512,256:1024:64,128:128B:none \
    "out:262144:$1" grid:2,2,1 block:384,1,1 cluster:2,1,1 smem:132096
}
attn() {
  r hopper_attention.sm_90a.ptx hopper_attention 4 256 '~in:Q.in.bin' '~in:K.in.bin' '~in:V.in.bin' \
    tmap:0:bf16:64,256:128:64,64:128B:none tmap:1:bf16:64,256:128:64,64:128B:none \
    tmap:2:bf16:64,256:128:64,64:128B:none "out:65536:$1"
}
dump() {
  r hopper_attention_dump.sm_90a.ptx hopper_attention_dump 4 256 '~in:Q.in.bin' '~in:K.in.bin' '~in:V.in.bin' \
    tmap:0:bf16:64,256:128:64,64:128B:none tmap:1:bf16:64,256:128:64,64:128B:none \
    tmap:2:bf16:64,256:128:64,64:128B:none "out:65536:$OUT/O.dump.gpu.bin" "out:532480:$OUT/ex2.gpu.bin"
}
shift
[ $# -eq 0 ] && set -- gemm attn
for what in "$@"; do
  case $what in
  gemm) gemm "$OUT/C.gpu.bin"; gemm "$OUT/C.run2.bin"
        cmp "$OUT/C.gpu.bin" "$OUT/C.run2.bin" >> "$OUT/log.txt" 2>&1 && echo "gemm: two runs equal" >> "$OUT/log.txt";;
  attn) attn "$OUT/O.gpu.bin"; attn "$OUT/O.run2.bin"
        cmp "$OUT/O.gpu.bin" "$OUT/O.run2.bin" >> "$OUT/log.txt" 2>&1 && echo "attention: two runs equal" >> "$OUT/log.txt";;
  dump) dump
        cmp "$OUT/O.gpu.bin" "$OUT/O.dump.gpu.bin" >> "$OUT/log.txt" 2>&1 && echo "attention: dump kernel's O equal" >> "$OUT/log.txt";;
  esac
done
rm -f "$OUT/C.run2.bin" "$OUT/O.run2.bin"
cat "$OUT/facts.txt" "$OUT/log.txt"
