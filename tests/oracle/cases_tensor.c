/* Corpus oracles for tensor-core kernels. The data are small dyadic f16 values, so every
 * product and every partial sum is exact in f32: the expected result does not depend on the
 * order or internal precision of the hardware's accumulation (docs/tensor-cores.md). */
#include "oracle.h"

/* f16 encoding of a value that f16 represents exactly (|v| < 2^15, at most 11 significant
 * bits, not subnormal unless zero). */
static uint16_t f16_exact(double v) {
    if (v == 0) return signbit(v) ? 0x8000 : 0;
    uint16_t s = v < 0 ? 0x8000 : 0;
    int e;
    double f = frexp(fabs(v), &e);          /* v = f * 2^e, f in [0.5, 1) */
    uint32_t mant = (uint32_t)ldexp(f, 11); /* 11 significant bits, leading one included */
    return (uint16_t)(s | (uint16_t)((e - 1 + 15) << 10) | (mant & 0x3ff));
}

/* tc_gemm: D1 = 0.5 (A·B + C) by wmma, D2 = A·B + C by ldmatrix + mma.sync (corpus/src/tc_gemm.cu) */
void case_tc_gemm(oc_case *c) {
    enum { M = 48, N = 32, K = 64 };
    oc_kernel(c, "tc_gemm");
    oc_grid(c, N / 16, M / 16, 1);
    oc_block(c, 64, 1, 1);
    uint16_t *A = oc_in(c, "A", OT_F16, M * K);
    uint16_t *Bt = oc_in(c, "Bt", OT_F16, N * K);
    uint16_t *B = oc_in(c, "B", OT_F16, K * N);
    float *C = oc_in(c, "C", OT_F32, M * N);
    static double a[M * K], b[K * N];
    for (int i = 0; i < M * K; i++) {
        int64_t q = oc_range(c, -16, 16);
        a[i] = (double)q / 4; /* multiples of 1/4 in [-4, 4] */
        A[i] = f16_exact(a[i]);
    }
    for (int i = 0; i < K * N; i++) {
        int64_t q = oc_range(c, -12, 12);
        b[i] = (double)q / 8;
    }
    for (int k = 0; k < K; k++)
        for (int n = 0; n < N; n++) {
            B[k * N + n] = f16_exact(b[k * N + n]);
            Bt[n * K + k] = B[k * N + n];
        }
    for (int i = 0; i < M * N; i++) {
        int64_t q = oc_range(c, -1000, 1000);
        C[i] = (float)q / 32;
    }
    oc_fill(c, "D1", OT_F32, M * N, 0);
    oc_fill(c, "D2", OT_F32, M * N, 0);
    oc_p_buf(c, "A");
    oc_p_buf(c, "Bt");
    oc_p_buf(c, "B");
    oc_p_buf(c, "C");
    oc_p_buf(c, "D1");
    oc_p_buf(c, "D2");
    oc_p_s32(c, M);
    oc_p_s32(c, N);
    oc_p_s32(c, K);
    float *D1 = oc_out(c, "D1");
    float *D2 = oc_out(c, "D2");
    for (int r = 0; r < M; r++)
        for (int n = 0; n < N; n++) {
            double s = C[r * N + n]; /* exact: |s| < 2^12 with 5 fraction bits at most */
            for (int k = 0; k < K; k++) s += a[r * K + k] * b[k * N + n];
            D1[r * N + n] = (float)(0.5 * s);
            D2[r * N + n] = (float)s;
        }
}
