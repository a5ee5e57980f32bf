// hopper_gemm.cu — a warp-specialised Hopper GEMM in the style of CUTLASS 3 (sm_90a):
// C[M][N] (f32) = A[M][K] * B[N][K]^T, A and B bf16 and K-major ("TN"), M = N = 256, K = 512.
// Generated from lab/hopper/hopper_gemm.cu.in by lab/hopper/gen_src.py; nvcc -arch=sm_90a -ptx.
//
// Grid 2 x 2 CTAs of 128 x 128 outputs, clusters of 2 along N (x): the two CTAs of a cluster
// need the same 128 x 64 A tile per k-block, so each loads half of it (64 rows) with a TMA load
// multicast to both (.multicast::cluster, ctaMask 0b11); each loads its own 128 x 64 B tile.
// 384 threads: warpgroup 0 is the producer (one elected thread issues the TMA loads), warpgroups
// 1 and 2 are consumers (64 rows of the tile each, wgmma m64n128k16 from shared-memory
// descriptors). A 4-stage ring of 32 KiB (A 16 KiB + B 16 KiB, 128-byte swizzle) is guarded by
// full barriers (the producer's arrive.expect_tx of 32768 bytes + the TMA complete_tx of both
// CTAs' loads) and empty barriers (16 arrivals: lane 0 of each of the 8 consumer warps of both
// CTAs, since either CTA's producer writes into both CTAs' stage). K = 512 is 8 k-blocks, so the
// ring wraps twice and the phase parities flip. Consumers keep one wgmma group in flight
// (wait_group 1) and release the previous stage.
#include <cuda.h>
#include <stdint.h>

#define STAGES 4
#define BK 64
#define KDIM 512
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

/* a K-major operand with the 128-byte swizzle: rows of 128 bytes, 8-row groups 1024 bytes apart
 * (stride byte offset 1024 >> 4), leading byte offset unused (1), layout type 1 (bits 62-63) */
__device__ static inline uint64_t desc_sw128(unsigned addr) {
    return (uint64_t)((addr & 0x3ffff) >> 4) | (1ull << 16) | (64ull << 32) | (1ull << 62);
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(384, 1)
hopper_gemm(const __grid_constant__ CUtensorMap tmA, const __grid_constant__ CUtensorMap tmB, float *C) {
    extern __shared__ __align__(1024) unsigned char dyn[];
    __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
    unsigned base = (smem_u32(dyn) + 1023) & ~1023u;
    unsigned tid = threadIdx.x, wg = tid / 128, rank;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    unsigned mblk = blockIdx.y, nblk = blockIdx.x;
    if (tid == 0) {
        for (int s = 0; s < STAGES; s++) {
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(smem_u32(&full[s])) : "memory");
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 16;" :: "r"(smem_u32(&empty[s])) : "memory");
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    /* the peer's barriers must exist before our multicast completes bytes on them */
    asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");
    if (wg == 0) {
        if (tid == 0) { /* producer */
            for (int kb = 0; kb < KDIM / BK; kb++) {
                int s = kb % STAGES;
                unsigned phase = (kb / STAGES) & 1;
                wait_parity(smem_u32(&empty[s]), phase ^ 1);
                unsigned fb = smem_u32(&full[s]), sa = base + s * STAGE_BYTES, sb = sa + A_BYTES;
                asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(fb), "r"(STAGE_BYTES) : "memory");
                int k0 = kb * BK, arow = mblk * 128 + rank * 64, brow = nblk * 128;
                unsigned short mask = 3;
                asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"
                             " [%0], [%1, {%2, %3}], [%4], %5;"
                             :: "r"(sa + rank * 8192), "l"(&tmA), "r"(k0), "r"(arow), "r"(fb), "h"(mask) : "memory");
                asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                             " [%0], [%1, {%2, %3}], [%4];"
                             :: "r"(sb), "l"(&tmB), "r"(k0), "r"(brow), "r"(fb) : "memory");
            }
        }
    } else { /* consumers: warpgroup c = wg - 1 computes rows 64c .. 64c + 63 of the tile */
        unsigned c = wg - 1, warp = (tid / 32) % 4, lane = tid % 32;
        float acc[64];
        for (int i = 0; i < 64; i++) acc[i] = 0.f;
        unsigned peer = rank ^ 1;
        for (int kb = 0; kb < KDIM / BK; kb++) {
            int s = kb % STAGES;
            wait_parity(smem_u32(&full[s]), (kb / STAGES) & 1);
            unsigned sa = base + s * STAGE_BYTES + c * 8192, sb = base + s * STAGE_BYTES + A_BYTES;
            asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
            for (int k = 0; k < BK / 16; k++) {
                uint64_t da = desc_sw128(sa + k * 32), db = desc_sw128(sb + k * 32);
                unsigned scale_d = kb > 0 || k > 0;
                asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
             "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}\n"
             : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]), "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31]), "+f"(acc[32]), "+f"(acc[33]), "+f"(acc[34]), "+f"(acc[35]), "+f"(acc[36]), "+f"(acc[37]), "+f"(acc[38]), "+f"(acc[39]), "+f"(acc[40]), "+f"(acc[41]), "+f"(acc[42]), "+f"(acc[43]), "+f"(acc[44]), "+f"(acc[45]), "+f"(acc[46]), "+f"(acc[47]), "+f"(acc[48]), "+f"(acc[49]), "+f"(acc[50]), "+f"(acc[51]), "+f"(acc[52]), "+f"(acc[53]), "+f"(acc[54]), "+f"(acc[55]), "+f"(acc[56]), "+f"(acc[57]), "+f"(acc[58]), "+f"(acc[59]), "+f"(acc[60]), "+f"(acc[61]), "+f"(acc[62]), "+f"(acc[63])
             : "l"(da), "l"(db), "r"(scale_d) : "memory");
            }
            asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
            asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
            if (kb > 0 && lane == 0) { /* the previous stage's wgmmas are complete: release it in both CTAs */
                unsigned e = smem_u32(&empty[(kb - 1) % STAGES]), re;
                asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(re) : "r"(e), "r"(peer));
                asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(e) : "memory");
                asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" :: "r"(re) : "memory");
            }
        }
        asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
        /* epilogue: accumulator i of lane l of warp w is row 16w + l/4 + 8((i/2)%2), column
         * 8(i/4) + 2(l%4) + i%2 of the warpgroup's 64 x 128 block */
        unsigned row0 = mblk * 128 + c * 64 + warp * 16 + lane / 4, col0 = nblk * 128 + 2 * (lane % 4);
        for (int i = 0; i < 64; i++) {
            unsigned row = row0 + 8 * ((i / 2) % 2), col = col0 + 8 * (i / 4) + i % 2;
            C[row * 256 + col] = acc[i];
        }
    }
    /* no CTA may leave while its peer can still arrive on its barriers or multicast into it */
    asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}
