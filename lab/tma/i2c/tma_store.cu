// tma_store.cu — H200 probes of cp.async.bulk.tensor im2col STORES (.im2col_no_offs, shared ->
// global) and of cp.reduce.async.bulk.tensor with im2col maps, 3D, 4D and 5D. Compiled with
// nvcc -O3 -arch=sm_90a -ptx -lineinfo to corpus/tma_i2c/tma_store.sm_90a.ptx; run by
// lab/tma/run.c (the map from cuTensorMapEncodeIm2col over the io buffer).
// The CTA copies src (SMEM bytes) to shared memory; thread 0 then runs ntests operations one
// after the other (each waited for): tests[8 * i] = c, w, h, d, n, source byte offset in shared
// memory, op (0 store, 1 add, 2 min, 3 max), unused.
#include <cuda.h>
#include <stdint.h>

#define SMEM 16384

#define PROLOGUE                                                                                  \
    __shared__ __align__(1024) uint4 buf[SMEM / 16];                                              \
    for (unsigned i = threadIdx.x; i < SMEM / 16; i += blockDim.x) buf[i] = src[i];               \
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");                                \
    __syncthreads();                                                                              \
    if (threadIdx.x != 0) return;                                                                 \
    for (int k = 0; k < ntests; k++) {                                                            \
        const int *t = tests + 8 * k;                                                             \
        unsigned s = (unsigned)__cvta_generic_to_shared(buf) + (unsigned)t[5];                    \
        switch (t[6]) {
#define EPILOGUE                                                                                  \
        default: break;                                                                           \
        }                                                                                         \
        asm volatile("cp.async.bulk.commit_group;\ncp.async.bulk.wait_group 0;\n" ::: "memory");  \
    }

#define ST3(OP) asm volatile(OP " [%0, {%1, %2, %3}], [%4];\n" :: "l"(&tm), "r"(t[0]), "r"(t[1]), "r"(t[4]), "r"(s) : "memory"); break;
#define ST4(OP) asm volatile(OP " [%0, {%1, %2, %3, %4}], [%5];\n" :: "l"(&tm), "r"(t[0]), "r"(t[1]), "r"(t[2]), "r"(t[4]), "r"(s) : "memory"); break;
#define ST5(OP) asm volatile(OP " [%0, {%1, %2, %3, %4, %5}], [%6];\n" :: "l"(&tm), "r"(t[0]), "r"(t[1]), "r"(t[2]), "r"(t[3]), "r"(t[4]), "r"(s) : "memory"); break;

extern "C" __global__ void i2cst3(const __grid_constant__ CUtensorMap tm, const uint4 *src, const int *tests, int ntests) {
    PROLOGUE
        case 0: ST3("cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group")
        case 1: ST3("cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.im2col_no_offs.bulk_group")
        case 2: ST3("cp.reduce.async.bulk.tensor.3d.global.shared::cta.min.im2col_no_offs.bulk_group")
        case 3: ST3("cp.reduce.async.bulk.tensor.3d.global.shared::cta.max.im2col_no_offs.bulk_group")
    EPILOGUE
}

extern "C" __global__ void i2cst4(const __grid_constant__ CUtensorMap tm, const uint4 *src, const int *tests, int ntests) {
    PROLOGUE
        case 0: ST4("cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group")
        case 1: ST4("cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.im2col_no_offs.bulk_group")
        case 2: ST4("cp.reduce.async.bulk.tensor.4d.global.shared::cta.min.im2col_no_offs.bulk_group")
        case 3: ST4("cp.reduce.async.bulk.tensor.4d.global.shared::cta.max.im2col_no_offs.bulk_group")
    EPILOGUE
}

extern "C" __global__ void i2cst5(const __grid_constant__ CUtensorMap tm, const uint4 *src, const int *tests, int ntests) {
    PROLOGUE
        case 0: ST5("cp.async.bulk.tensor.5d.global.shared::cta.im2col_no_offs.bulk_group")
        case 1: ST5("cp.reduce.async.bulk.tensor.5d.global.shared::cta.add.im2col_no_offs.bulk_group")
        case 2: ST5("cp.reduce.async.bulk.tensor.5d.global.shared::cta.min.im2col_no_offs.bulk_group")
        case 3: ST5("cp.reduce.async.bulk.tensor.5d.global.shared::cta.max.im2col_no_offs.bulk_group")
    EPILOGUE
}
