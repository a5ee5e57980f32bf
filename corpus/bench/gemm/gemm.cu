// gemm — 1024×1024 f32 C = A·B with shared-memory tiles: a CTA of 16×16 threads computes a
// 64×64 block of C, each thread a 4×4 register tile; the k loop steps through 16-wide slices of
// A (stored transposed in shared memory) and B. Every element is a chain of __fmaf_rn over k in
// ascending order from 0, which the native twin repeats.
#define BM 64
#define BN 64
#define BK 16
extern "C" __global__ void bench_gemm(const float *A, const float *B, float *C, int n) {
    __shared__ float As[BK][BM], Bs[BK][BN];
    int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
    int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    float acc[4][4] = {};
    for (int t = 0; t < n; t += BK) {
#pragma unroll
        for (int i = 0; i < 4; i++) {
            int e = tid + 256 * i;
            As[e & 15][e >> 4] = A[(row0 + (e >> 4)) * n + t + (e & 15)];
            Bs[e >> 6][e & 63] = B[(t + (e >> 6)) * n + col0 + (e & 63)];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; i++) a[i] = As[k][ty * 4 + i], b[i] = Bs[k][tx * 4 + i];
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] = __fmaf_rn(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) C[(row0 + ty * 4 + i) * n + col0 + tx * 4 + j] = acc[i][j];
}
