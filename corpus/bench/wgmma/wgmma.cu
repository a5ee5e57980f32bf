// wgmma — 1024×1024×1024 Hopper GEMM (sm_90a): C (f32, M×N) = A (f16, M×K) · Bᵀ, A and B f16
// and K-major (B is N×K), with TMA tile loads, an mbarrier ring and wgmma from shared memory.
// Compiled with: nvcc -arch=sm_90a -O3 -ptx wgmma.cu -o wgmma.sm_90a.ptx (CUDA 13.0).
//
// Grid 8 × 8 CTAs of 128 × 128 outputs, 384 threads. Warpgroup 0 is the producer: thread 0 issues,
// per 64-wide k-block, two cp.async.bulk.tensor.2d loads (A: 128 rows × 64 k, B: 128 rows × 64 k,
// 16 KiB each, 128-byte swizzle; tensor maps from the manifest) completing on the stage's "full"
// mbarrier (arrive.expect_tx of 32768 bytes). Warpgroups 1 and 2 are consumers, rows 64·c ..
// 64·c + 63 of the tile each: per k-block wgmma.fence, four
// wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 with shared-memory descriptors (128-byte
// swizzle, stride byte offset 1024, start advanced 32 bytes per k16 step), commit_group,
// wait_group 1 (one group in flight), then the previous stage is released on its "empty" mbarrier
// (8 arrivals: lane 0 of each consumer warp). A 4-stage ring of 32 KiB in dynamic shared memory
// (base aligned to 1024 bytes by hand); K = 1024 is 16 k-blocks, so the ring wraps four times.
//
// Exactness: the suite's inputs are integers in [-4, 4] (exact in f16), so every product is an
// integer of magnitude ≤ 16 and every partial sum over K = 1024 stays below 2^14 — exact in f32
// whatever order the tensor core accumulates in. The native twin is a plain float loop and the
// comparison is byte for byte.
#include <cuda.h>
#include <stdint.h>

#define STAGES 4
#define BK 64
#define KDIM 1024
#define NDIM 1024
#define STAGE_BYTES 32768
#define A_BYTES 16384

__device__ static inline unsigned smem_u32(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

__device__ static inline void wait_parity(unsigned bar, unsigned parity) {
    asm volatile("{\n"
                 ".reg .pred done;\n"
                 "wait_%=:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
                 "@!done bra wait_%=;\n"
                 "}\n" :: "r"(bar), "r"(parity) : "memory");
}

/* K-major operand, 128-byte swizzle: rows of 128 bytes, 8-row groups 1024 bytes apart (stride
 * byte offset 1024 >> 4 = 64), leading byte offset unused (1), layout type 1 in bits 62-63 */
__device__ static inline uint64_t desc_sw128(unsigned addr) {
    return (uint64_t)((addr & 0x3ffff) >> 4) | (1ull << 16) | (64ull << 32) | (1ull << 62);
}

__device__ static inline void mma_64x128x16(float *acc, uint64_t da, uint64_t db, unsigned scale_d) {
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
                     "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}\n"
                     : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]), "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31]), "+f"(acc[32]), "+f"(acc[33]), "+f"(acc[34]), "+f"(acc[35]), "+f"(acc[36]), "+f"(acc[37]), "+f"(acc[38]), "+f"(acc[39]), "+f"(acc[40]), "+f"(acc[41]), "+f"(acc[42]), "+f"(acc[43]), "+f"(acc[44]), "+f"(acc[45]), "+f"(acc[46]), "+f"(acc[47]), "+f"(acc[48]), "+f"(acc[49]), "+f"(acc[50]), "+f"(acc[51]), "+f"(acc[52]), "+f"(acc[53]), "+f"(acc[54]), "+f"(acc[55]), "+f"(acc[56]), "+f"(acc[57]), "+f"(acc[58]), "+f"(acc[59]), "+f"(acc[60]), "+f"(acc[61]), "+f"(acc[62]), "+f"(acc[63])
                     : "l"(da), "l"(db), "r"(scale_d) : "memory");
}

extern "C" __global__ void __launch_bounds__(384, 1)
bench_wgmma(const __grid_constant__ CUtensorMap tmA, const __grid_constant__ CUtensorMap tmB, float *C) {
    extern __shared__ __align__(1024) unsigned char dyn[];
    __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
    unsigned base = (smem_u32(dyn) + 1023) & ~1023u;
    unsigned tid = threadIdx.x, wg = tid / 128;
    unsigned mblk = blockIdx.y, nblk = blockIdx.x;
    if (tid == 0) {
        for (int s = 0; s < STAGES; s++) {
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(smem_u32(&full[s])) : "memory");
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 8;" :: "r"(smem_u32(&empty[s])) : "memory");
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (wg == 0) {
        if (tid == 0) { /* producer */
            for (int kb = 0; kb < KDIM / BK; kb++) {
                int s = kb % STAGES;
                wait_parity(smem_u32(&empty[s]), ((kb / STAGES) & 1) ^ 1); /* fresh: previous phase done */
                unsigned fb = smem_u32(&full[s]), sa = base + s * STAGE_BYTES, sb = sa + A_BYTES;
                asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(fb), "r"(STAGE_BYTES) : "memory");
                int k0 = kb * BK;
                asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                             " [%0], [%1, {%2, %3}], [%4];"
                             :: "r"(sa), "l"(&tmA), "r"(k0), "r"(mblk * 128), "r"(fb) : "memory");
                asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                             " [%0], [%1, {%2, %3}], [%4];"
                             :: "r"(sb), "l"(&tmB), "r"(k0), "r"(nblk * 128), "r"(fb) : "memory");
            }
        }
    } else { /* consumers: warpgroup c = wg - 1 computes rows 64c .. 64c + 63 of the tile */
        unsigned c = wg - 1, warp = (tid / 32) % 4, lane = tid % 32;
        float acc[64];
        for (int i = 0; i < 64; i++) acc[i] = 0.f;
        for (int kb = 0; kb < KDIM / BK; kb++) {
            int s = kb % STAGES;
            wait_parity(smem_u32(&full[s]), (kb / STAGES) & 1);
            unsigned sa = base + s * STAGE_BYTES + c * 8192, sb = base + s * STAGE_BYTES + A_BYTES;
            asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
            for (int k = 0; k < BK / 16; k++)
                mma_64x128x16(acc, desc_sw128(sa + k * 32), desc_sw128(sb + k * 32), kb > 0 || k > 0);
            asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
            asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
            if (kb > 0 && lane == 0) /* the previous stage's wgmmas are complete: release it */
                asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(smem_u32(&empty[(kb - 1) % STAGES])) : "memory");
        }
        asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
        /* accumulator i of lane l of warp w: row 16w + l/4 + 8((i/2)%2), column 8(i/4) + 2(l%4) + i%2 */
        unsigned row0 = mblk * 128 + c * 64 + warp * 16 + lane / 4, col0 = nblk * 128 + 2 * (lane % 4);
        for (int i = 0; i < 64; i++) {
            unsigned row = row0 + 8 * ((i / 2) % 2), col = col0 + 8 * (i / 4) + i % 2;
            C[row * NDIM + col] = acc[i];
        }
    }
}
