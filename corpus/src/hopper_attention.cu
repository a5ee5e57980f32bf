// hopper_attention.cu — a FlashAttention-3-style forward pass for one head (sm_90a):
// O = softmax(Q K^T / sqrt(64)) V with Q, K, V bf16 [256][64] (sequence x head dimension), O f32.
// Generated from lab/hopper/hopper_attention.cu.in by lab/hopper/gen_src.py; nvcc -arch=sm_90a -ptx.
//
// Grid 4 CTAs, 64 queries each; 256 threads: warpgroup 0 is the producer (one elected thread),
// warpgroup 1 the consumer. The producer loads the 64 x 64 Q tile once, then K and V tiles of 64
// keys through a 2-stage ring (128-byte swizzle, TMA loads completing on separate K and V full
// barriers, like FA3; one empty barrier per stage that the consumer's 4 warps arrive on). Per key
// block the consumer computes S = Q K^T (wgmma m64n64k16 from descriptors, K-major both), the
// online softmax in registers (row maxima and sums over the quad of lanes holding a row with
// shfl.xor; p = ex2.approx(s * log2(e)/8 - m * log2(e)/8) as FA3 computes it, rescaling the running
// output and sum by ex2 of the max's change), packs P to bf16 registers in the accumulator layout,
// which is the A-fragment layout of the next wgmma, and computes O += P V with V from shared
// memory as an MN-major (transposed) operand. Finally O is divided by the row sums and stored.
//
// Compiled with -DDUMP_EX2 it is the kernel hopper_attention_dump, which also writes every
// ex2.approx input and result to a fifth parameter (float2 pairs: element row * 256 + key of P,
// then 256 x 4 running-max corrections, row * 4 + key block), to tell ex2.approx differences
// from everything else.
#include <cuda.h>
#include <stdint.h>

#ifdef DUMP_EX2
#define KERNEL hopper_attention_dump
#define DUMP_PARAM , float2 *dump
#else
#define KERNEL hopper_attention
#define DUMP_PARAM
#endif

#define SEQ 256
#define NKB (SEQ / 64)

__device__ static inline unsigned smem_u32(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

__device__ static inline void wait_parity(unsigned bar, unsigned parity) {
    asm volatile("{\n"
                 ".reg .pred done;\n"
                 "wait_%=:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
                 "@!done bra wait_%=;\n"
                 "}\n" :: "r"(bar), "r"(parity) : "memory");
}

/* 128-byte swizzle, 8-row groups 1024 bytes apart (stride byte offset), leading byte offset 1 */
__device__ static inline uint64_t desc_sw128(unsigned addr) {
    return (uint64_t)((addr & 0x3ffff) >> 4) | (1ull << 16) | (64ull << 32) | (1ull << 62);
}

__device__ static inline float ex2(float x) {
    float y;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}

__device__ static inline unsigned pack_bf16(float lo, float hi) {
    unsigned r;
    asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
    return r;
}

__device__ static inline void load(unsigned dst, const CUtensorMap *tm, int x, int y, unsigned bar) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];"
                 :: "r"(dst), "l"(tm), "r"(x), "r"(y), "r"(bar) : "memory");
}

extern "C" __global__ void __launch_bounds__(256, 1)
KERNEL(const __grid_constant__ CUtensorMap tmQ, const __grid_constant__ CUtensorMap tmK,
       const __grid_constant__ CUtensorMap tmV, float *O DUMP_PARAM) {
    __shared__ __align__(1024) unsigned char sQ[8192], sK[2][8192], sV[2][8192];
    __shared__ __align__(8) uint64_t qfull, kfull[2], vfull[2], empty[2];
    unsigned tid = threadIdx.x, q0 = blockIdx.x * 64;
    if (tid == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(smem_u32(&qfull)) : "memory");
        for (int s = 0; s < 2; s++) {
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(smem_u32(&kfull[s])) : "memory");
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(smem_u32(&vfull[s])) : "memory");
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 4;" :: "r"(smem_u32(&empty[s])) : "memory");
        }
        asm volatile("fence.mbarrier_init.release.cluster;\nfence.proxy.async.shared::cta;" ::: "memory");
    }
    __syncthreads();
    if (tid < 128) {
        if (tid == 0) { /* producer */
            unsigned qb = smem_u32(&qfull);
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 8192;" :: "r"(qb) : "memory");
            load(smem_u32(sQ), &tmQ, 0, q0, qb);
            for (int j = 0; j < NKB; j++) {
                int s = j % 2;
                wait_parity(smem_u32(&empty[s]), ((j / 2) & 1) ^ 1);
                unsigned kb = smem_u32(&kfull[s]), vb = smem_u32(&vfull[s]);
                asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 8192;" :: "r"(kb) : "memory");
                load(smem_u32(sK[s]), &tmK, 0, j * 64, kb);
                asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 8192;" :: "r"(vb) : "memory");
                load(smem_u32(sV[s]), &tmV, 0, j * 64, vb);
            }
        }
        return;
    }
    /* consumer warpgroup: lane l of warp w holds rows r0 = 16w + l/4 and r0 + 8 of the 64 queries;
     * accumulator i is row r0 + 8((i/2)%2), column 8(i/4) + 2(l%4) + i%2 */
    unsigned warp = (tid / 32) % 4, lane = tid % 32;
    const float scale_log2 = 0.125f * 1.44269504088896340736f;
    float o[32], m[2] = {-INFINITY, -INFINITY}, l[2] = {0.f, 0.f};
    for (int i = 0; i < 32; i++) o[i] = 0.f;
    wait_parity(smem_u32(&qfull), 0);
    for (int j = 0; j < NKB; j++) {
        int s = j % 2;
        unsigned par = (j / 2) & 1;
        float sc[32];
        wait_parity(smem_u32(&kfull[s]), par);
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        for (int k = 0; k < 4; k++) {
            uint64_t da = desc_sw128(smem_u32(sQ) + k * 32), db = desc_sw128(smem_u32(sK[s]) + k * 32);
            unsigned scale_d = k > 0;
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
             "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0;\n}\n"
             : "+f"(sc[0]), "+f"(sc[1]), "+f"(sc[2]), "+f"(sc[3]), "+f"(sc[4]), "+f"(sc[5]), "+f"(sc[6]), "+f"(sc[7]), "+f"(sc[8]), "+f"(sc[9]), "+f"(sc[10]), "+f"(sc[11]), "+f"(sc[12]), "+f"(sc[13]), "+f"(sc[14]), "+f"(sc[15]), "+f"(sc[16]), "+f"(sc[17]), "+f"(sc[18]), "+f"(sc[19]), "+f"(sc[20]), "+f"(sc[21]), "+f"(sc[22]), "+f"(sc[23]), "+f"(sc[24]), "+f"(sc[25]), "+f"(sc[26]), "+f"(sc[27]), "+f"(sc[28]), "+f"(sc[29]), "+f"(sc[30]), "+f"(sc[31])
             : "l"(da), "l"(db), "r"(scale_d) : "memory");
        }
        asm volatile("wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;" ::: "memory");
        /* online softmax */
        float mx[2] = {m[0], m[1]};
        for (int i = 0; i < 32; i++) mx[(i / 2) % 2] = fmaxf(mx[(i / 2) % 2], sc[i]);
        for (int h = 0; h < 2; h++) {
            mx[h] = fmaxf(mx[h], __shfl_xor_sync(0xffffffff, mx[h], 1));
            mx[h] = fmaxf(mx[h], __shfl_xor_sync(0xffffffff, mx[h], 2));
        }
        float corr[2], mscaled[2];
        for (int h = 0; h < 2; h++) {
            corr[h] = ex2((m[h] - mx[h]) * scale_log2);
#ifdef DUMP_EX2
            if (lane % 4 == 0)
                dump[65536 + (q0 + warp * 16 + lane / 4 + 8 * h) * 4 + j] = make_float2((m[h] - mx[h]) * scale_log2, corr[h]);
#endif
            m[h] = mx[h];
            mscaled[h] = mx[h] * scale_log2;
            l[h] *= corr[h];
        }
        for (int i = 0; i < 32; i++) {
            int h = (i / 2) % 2;
            o[i] *= corr[h];
#ifdef DUMP_EX2
            float x = fmaf(sc[i], scale_log2, -mscaled[h]);
            sc[i] = ex2(x);
            dump[(q0 + warp * 16 + lane / 4 + 8 * h) * 256 + j * 64 + 8 * (i / 4) + 2 * (lane % 4) + i % 2] = make_float2(x, sc[i]);
#else
            sc[i] = ex2(fmaf(sc[i], scale_log2, -mscaled[h]));
#endif
            l[h] += sc[i];
        }
        wait_parity(smem_u32(&vfull[s]), par);
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        for (int k = 0; k < 4; k++) {
            /* P columns 16k .. 16k + 15 are accumulators 8k .. 8k + 7: the A fragment */
            unsigned pa[4];
            for (int r = 0; r < 4; r++) pa[r] = pack_bf16(sc[8 * k + 2 * r], sc[8 * k + 2 * r + 1]);
            /* V rows (keys) 16k .. 16k + 15: two 8-row groups of 128 bytes, 2048 bytes per k-step */
            uint64_t db = desc_sw128(smem_u32(sV[s]) + k * 2048);
            asm volatile("wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, {%32, %33, %34, %35}, %36, 1, 1, 1, 1;\n"
             : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31])
             : "r"(pa[0]), "r"(pa[1]), "r"(pa[2]), "r"(pa[3]), "l"(db) : "memory");
        }
        asm volatile("wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;" ::: "memory");
        if (lane == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(smem_u32(&empty[s])) : "memory");
    }
    for (int h = 0; h < 2; h++) {
        l[h] += __shfl_xor_sync(0xffffffff, l[h], 1);
        l[h] += __shfl_xor_sync(0xffffffff, l[h], 2);
    }
    unsigned row0 = q0 + warp * 16 + lane / 4;
    for (int i = 0; i < 32; i++) {
        int h = (i / 2) % 2;
        unsigned row = row0 + 8 * h, col = 8 * (i / 4) + 2 * (lane % 4) + i % 2;
        O[row * 64 + col] = o[i] / l[h];
    }
}
