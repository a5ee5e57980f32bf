// mma — tensor-core GEMM with mma.sync (sm_80): C (f32, M×N) = A (f16, M×K, row-major) · Bᵀ where
// B is f16 N×K (K-major: the "col" operand of mma.sync as it lies in memory). M = 64·gridDim.y,
// N = 64·gridDim.x, K = k (a multiple of 32); the suite runs M = N = K = 1024 (bench.json).
// Compiled with: nvcc -arch=sm_80 -O3 -ptx mma.cu -o mma.sm_80.ptx (CUDA 13.0).
//
// A CTA of 4 warps computes a 64×64 block of C; warp w owns the 32×32 sub-block at rows
// 32·(w/2), columns 32·(w%2): 2 × 4 tiles of mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// per 16-wide k step. The k loop walks 32-wide slices of A and B through a two-stage shared-memory
// ring filled with cp.async.cg.shared.global (16 bytes per request, commit_group / wait_group 1:
// slice t+1 is in flight while slice t is multiplied). Shared rows are 40 halves (80 bytes) so
// that ldmatrix's eight 16-byte row reads of a matrix fall into distinct banks. Fragments come
// from ldmatrix.sync.aligned.m8n8.x4.shared.b16: for A, lanes 0-15 address rows 0-15 at k 0 and
// lanes 16-31 the same rows at k 8 (a0..a3 of the m16k16 fragment); for B (stored n-major), lane
// l addresses row n = 8·(l/16) + l%8 at k = 8·((l/8)%2), giving b0, b1 of two n8 tiles.
//
// Exactness: the suite's inputs are integers in [-4, 4] (exact in f16), so every product is an
// integer of magnitude ≤ 16 and every partial sum over K = 1024 stays below 2^14 — exact in f32
// whatever order the tensor core accumulates in. The native twin is a plain float loop and the
// comparison is byte for byte.
#include <cuda_fp16.h>

#define BM 64
#define BN 64
#define BK 32
#define LDS 40 /* shared row stride in halves: BK + 8 */

__device__ static inline unsigned smem_u32(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

__device__ static inline void cp_async16(unsigned dst, const void *src) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(dst), "l"(src) : "memory");
}

__device__ static inline void ldmatrix_x4(unsigned addr, unsigned &r0, unsigned &r1, unsigned &r2, unsigned &r3) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr));
}

__device__ static inline void mma16816(float *d, const unsigned *a, unsigned b0, unsigned b1) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

extern "C" __global__ void __launch_bounds__(128)
bench_mma(const __half *A, const __half *B, float *C, int n, int k) {
    __shared__ __align__(16) __half As[2][BM * LDS], Bs[2][BN * LDS];
    int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    int wm = 32 * (warp / 2), wn = 32 * (warp % 2);
    float acc[2][4][4] = {};

    /* one stage: 64 rows × 4 chunks of 16 bytes for each of A and B, two chunks per thread each */
    auto load = [&](int stage, int k0) {
#pragma unroll
        for (int i = 0; i < 2; i++) {
            int e = tid + 128 * i, r = e / 4, c = 8 * (e % 4);
            cp_async16(smem_u32(&As[stage][r * LDS + c]), A + (size_t)(row0 + r) * k + k0 + c);
            cp_async16(smem_u32(&Bs[stage][r * LDS + c]), B + (size_t)(col0 + r) * k + k0 + c);
        }
        asm volatile("cp.async.commit_group;" ::: "memory");
    };

    int steps = k / BK;
    load(0, 0);
    for (int t = 0; t < steps; t++) {
        if (t + 1 < steps) {
            load((t + 1) & 1, (t + 1) * BK);
            asm volatile("cp.async.wait_group 1;" ::: "memory");
        } else {
            asm volatile("cp.async.wait_group 0;" ::: "memory");
        }
        __syncthreads();
        const __half *as = As[t & 1], *bs = Bs[t & 1];
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            unsigned a[2][4], b[4][2];
#pragma unroll
            for (int i = 0; i < 2; i++)
                ldmatrix_x4(smem_u32(&as[(wm + 16 * i + lane % 16) * LDS + kk + 8 * (lane / 16)]),
                            a[i][0], a[i][1], a[i][2], a[i][3]);
#pragma unroll
            for (int j = 0; j < 4; j += 2)
                ldmatrix_x4(smem_u32(&bs[(wn + 8 * j + 8 * (lane / 16) + lane % 8) * LDS + kk + 8 * ((lane / 8) % 2)]),
                            b[j][0], b[j][1], b[j + 1][0], b[j + 1][1]);
#pragma unroll
            for (int i = 0; i < 2; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) mma16816(acc[i][j], a[i], b[j][0], b[j][1]);
        }
        __syncthreads(); /* the next iteration's cp.async overwrites this stage */
    }
    /* accumulator fragment: d0, d1 at row g, columns 2q, 2q+1; d2, d3 at row g + 8 */
    int g = lane / 4, q = lane % 4;
#pragma unroll
    for (int i = 0; i < 2; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) {
            int r = row0 + wm + 16 * i + g, c = col0 + wn + 8 * j + 2 * q;
            C[(size_t)r * n + c] = acc[i][j][0];
            C[(size_t)r * n + c + 1] = acc[i][j][1];
            C[(size_t)(r + 8) * n + c] = acc[i][j][2];
            C[(size_t)(r + 8) * n + c + 1] = acc[i][j][3];
        }
}
