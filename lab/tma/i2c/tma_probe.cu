// tma_probe.cu — H200 probes of cp.async.bulk.tensor im2col loads (3D, 4D, 5D), of
// cp.reduce.async.bulk (shared -> global, every operation and type the ISA allows) and of
// cp.reduce.async.bulk.tensor on tiled maps. Compiled with nvcc -arch=sm_90a -ptx; run by
// lab/tma/run.c (tensor maps from cuTensorMapEncodeIm2col / cuTensorMapEncodeTiled). The same
// PTX runs in ptxsim (tests/test_tma_gpu.c) against the recorded outputs.
#include <cuda.h>
#include <stdint.h>

#define SMEM 16384

__device__ static void fill_smem(uint4 *buf) {
    for (unsigned i = threadIdx.x; i < SMEM / 16; i += blockDim.x) buf[i] = make_uint4(0xabababab, 0xabababab, 0xabababab, 0xabababab);
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
}

__device__ static void wait_bar(unsigned sbar) {
    asm volatile("{\n"
                 ".reg .pred done;\n"
                 "wait_%=:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
                 "@!done bra wait_%=;\n"
                 "}\n" :: "r"(sbar) : "memory");
}

__device__ static void dump(const uint4 *buf, uint4 *out) {
    __syncthreads();
    for (unsigned i = threadIdx.x; i < SMEM / 16; i += blockDim.x) out[blockIdx.x * (SMEM / 16) + i] = buf[i];
}

/* one im2col load per CTA: tests[8 * b] = c, w, h, d, n, offsets (w, h, d packed as u16 pairs in
 * [5], [6]), bytes (the box: pixels x channels x element size) */
#define I2C_PROLOGUE                                                                              \
    __shared__ __align__(1024) uint4 buf[SMEM / 16];                                              \
    __shared__ __align__(8) unsigned long long mbar;                                              \
    fill_smem(buf);                                                                               \
    const int *t = tests + 8 * blockIdx.x;                                                        \
    unsigned sbuf = (unsigned)__cvta_generic_to_shared(buf), sbar = (unsigned)__cvta_generic_to_shared(&mbar); \
    unsigned short ow = (unsigned short)t[5], oh = (unsigned short)(t[5] >> 16), od = (unsigned short)t[6]; \
    if (threadIdx.x == 0) {                                                                       \
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n"                                   \
                     "fence.proxy.async.shared::cta;\n"                                           \
                     "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" :: "r"(sbar), "r"(t[7]) : "memory");

extern "C" __global__ void i2c3(const __grid_constant__ CUtensorMap tm, const int *tests, uint4 *out) {
    I2C_PROLOGUE
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5], {%6};\n"
                     :: "r"(sbuf), "l"(&tm), "r"(t[0]), "r"(t[1]), "r"(t[4]), "r"(sbar), "h"(ow) : "memory");
        (void)oh; (void)od;
    }
    wait_bar(sbar);
    dump(buf, out);
}

extern "C" __global__ void i2c4(const __grid_constant__ CUtensorMap tm, const int *tests, uint4 *out) {
    I2C_PROLOGUE
        asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};\n"
                     :: "r"(sbuf), "l"(&tm), "r"(t[0]), "r"(t[1]), "r"(t[2]), "r"(t[4]), "r"(sbar), "h"(ow), "h"(oh) : "memory");
        (void)od;
    }
    wait_bar(sbar);
    dump(buf, out);
}

extern "C" __global__ void i2c5(const __grid_constant__ CUtensorMap tm, const int *tests, uint4 *out) {
    I2C_PROLOGUE
        asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7], {%8, %9, %10};\n"
                     :: "r"(sbuf), "l"(&tm), "r"(t[0]), "r"(t[1]), "r"(t[2]), "r"(t[3]), "r"(t[4]), "r"(sbar), "h"(ow), "h"(oh), "h"(od) : "memory");
    }
    wait_bar(sbar);
    dump(buf, out);
}

/* cp.reduce.async.bulk shared::cta -> global, one variant per CTA: the CTA's 256 source bytes
 * src[256 * b ..] are copied to shared memory and reduced into dst[256 * b ..]. */
#define RED(OPTY) asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group." OPTY " [%0], [%1], 256;\n" \
                               :: "l"(dst + 256 * blockIdx.x), "r"(sbuf) : "memory"); break;
extern "C" __global__ void red(const uint4 *src, unsigned char *dst) {
    __shared__ __align__(128) uint4 buf[16];
    if (threadIdx.x < 16) buf[threadIdx.x] = src[16 * blockIdx.x + threadIdx.x];
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    unsigned sbuf = (unsigned)__cvta_generic_to_shared(buf);
    if (threadIdx.x == 0) {
        switch (blockIdx.x) {
        case 0: RED("add.f32")
        case 1: RED("add.f64")
        case 2: RED("add.noftz.f16")
        case 3: RED("add.noftz.bf16")
        case 4: RED("min.f16")
        case 5: RED("max.f16")
        case 6: RED("min.bf16")
        case 7: RED("max.bf16")
        case 8: RED("inc.u32")
        case 9: RED("dec.u32")
        case 10: RED("min.s32")
        case 11: RED("max.u32")
        case 12: RED("add.u64")
        case 13: RED("min.s64")
        case 14: RED("max.u64")
        case 15: RED("xor.b64")
        case 16: RED("add.s32")
        case 17: RED("and.b32")
        case 18: RED("or.b32")
        case 19: RED("max.s64")
        default: break;
        }
        asm volatile("cp.async.bulk.commit_group;\ncp.async.bulk.wait_group 0;\n" ::: "memory");
    }
}

/* cp.reduce.async.bulk.tensor.2d (tile) with the operation of `op`: the 2D box at coordinates
 * (x, y) of the map is reduced with the box's bytes from src (1 KiB copied to shared memory). */
#define TRED(OP) asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta." OP ".tile.bulk_group [%0, {%1, %2}], [%3];\n" \
                              :: "l"(&tm), "r"(x), "r"(y), "r"(sbuf) : "memory"); break;
extern "C" __global__ void tred(const __grid_constant__ CUtensorMap tm, const uint4 *src, int op, int x, int y) {
    __shared__ __align__(1024) uint4 buf[64];
    for (unsigned i = threadIdx.x; i < 64; i += blockDim.x) buf[i] = src[i];
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    unsigned sbuf = (unsigned)__cvta_generic_to_shared(buf);
    if (threadIdx.x == 0) {
        switch (op) {
        case 0: TRED("add")
        case 1: TRED("min")
        case 2: TRED("max")
        case 3: TRED("inc")
        case 4: TRED("dec")
        case 5: TRED("and")
        case 6: TRED("or")
        case 7: TRED("xor")
        default: break;
        }
        asm volatile("cp.async.bulk.commit_group;\ncp.async.bulk.wait_group 0;\n" ::: "memory");
    }
}
