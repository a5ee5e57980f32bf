#!/usr/bin/env bash
# ncu.sh DIR — Nsight Compute's LSU shared-memory counters of the two Hopper kernels (the bank
# model's "not LSU traffic" rule, docs/verifier.md); DIR as for record.sh. Writes
# $OUT/ncu_gemm.csv and $OUT/ncu_attention.csv (committed as tests/data/hopper/ncu_*.csv).
cd "$1"
CUDA=${CUDA:-/usr/local/cuda}
cc -O2 run.c -I"$CUDA/include" -L"$CUDA/lib64/stubs" -lcuda -o run || exit 1
M=smsp__sass_inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
NCU=$(command -v ncu || echo $CUDA/bin/ncu)
timeout 200 $NCU --metrics $M --csv ./run hopper_gemm.sm_90a.ptx hopper_gemm 2 384 '~in:A.in.bin' '~in:B.in.bin' \
    tmap:0:bf16:512,256:1024:64,64:128B:none tmap:1:bf16:512,256:1024:64,128:128B:none \
    "out:262144:/tmp/C.bin" grid:2,2,1 block:384,1,1 cluster:2,1,1 smem:132096 > "$OUT/ncu_gemm.csv" 2>&1
timeout 200 $NCU --metrics $M --csv ./run hopper_attention.sm_90a.ptx hopper_attention 4 256 '~in:Q.in.bin' '~in:K.in.bin' '~in:V.in.bin' \
    tmap:0:bf16:64,256:128:64,64:128B:none tmap:1:bf16:64,256:128:64,64:128B:none \
    tmap:2:bf16:64,256:128:64,64:128B:none "out:65536:/tmp/O.bin" > "$OUT/ncu_attention.csv" 2>&1
tail -n 8 "$OUT"/ncu_*.csv
