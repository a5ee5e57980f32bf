/* Oracles: the per-thread stack of alloca, stacksave and stackrestore (alloca_dyn: nvcc's alloca();
 * stack_alloca: hand-written PTX). The checks of alignment, order and restored stack pointers are
 * bits the kernels set on failure: 0 expected. */
#include "oracle.h"

/* corpus/src/alloca_dyn.cu */
static int32_t alloca_fold(const int32_t *src, int n, int salt) {
    int32_t tmp[64];
    for (int i = 0; i < n; i++) tmp[i] = (int32_t)((uint32_t)src[i] * (uint32_t)(salt + i));
    uint32_t acc = 0;
    for (int i = n - 1; i >= 0; i--) acc = acc * 3u + (uint32_t)tmp[(i * 5) % n];
    return (int32_t)acc;
}

void case_alloca_dyn(oc_case *c) {
    enum { N = 256, BS = 64, NMAX = 40 };
    oc_kernel(c, "alloca_dyn");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N * NMAX);
    int32_t *lens = oc_in(c, "lens", OT_S32, N);
    for (int i = 0; i < N * NMAX; i++) in[i] = (int32_t)oc_range(c, -50000, 50000);
    /* sizes differ between the lanes of every warp: 1..NMAX, the extremes included */
    for (int t = 0; t < N; t++) lens[t] = t % 7 == 0 ? NMAX : t % 11 == 0 ? 1 : (int32_t)oc_range(c, 1, NMAX);
    oc_fill(c, "out", OT_S32, 4 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "lens");
    oc_p_buf(c, "out");
    oc_p_s32(c, NMAX);
    int32_t *o = oc_out(c, "out");
    for (int t = 0; t < N; t++) {
        int n = lens[t];
        const int32_t *a = in + t * NMAX;
        int64_t b = 0;
        for (int i = 0; i < n; i++) b += (int64_t)a[i] * a[i];
        uint32_t r = 0;
        for (int k = 1; k <= 6; k++) r ^= (uint32_t)alloca_fold(a, 1 + (k * 7) % n, k) + (uint32_t)k;
        int32_t mn = a[0];
        for (int i = 1; i < n; i++) mn = a[n - 1 - i] < mn ? a[n - 1 - i] : mn;
        o[t * 4 + 0] = (int32_t)r;
        o[t * 4 + 1] = (int32_t)(b ^ (b >> 32));
        o[t * 4 + 2] = mn;
        o[t * 4 + 3] = 3; /* both blocks 16-byte aligned */
    }
}

/* corpus/src/hand/stack_alloca.ptx: g(n, seed) */
static uint64_t stack_g(uint32_t n, uint64_t seed) {
    uint64_t v[64], s = 0;
    for (uint32_t i = 0; i < n; i++) v[i] = (seed * (i + 1)) ^ i;
    for (uint32_t i = n; i-- > 0;) s = s * 3 + v[i];
    return s;
}

void case_stack_alloca(oc_case *c) {
    enum { N = 128, BS = 64 };
    oc_kernel(c, "stack_alloca");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    for (int t = 0; t < N; t++) in[t] = oc_rand32(c);
    in[0] |= 15; /* the largest blocks */
    in[1] &= ~15u;
    oc_fill(c, "out", OT_U32, 4 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (uint32_t t = 0; t < N; t++) {
        uint32_t x = in[t], n = (x & 15) + 1, sum = 0;
        for (uint32_t i = 0; i < 4; i++) {
            uint32_t m = (i + 1) * n, p[64];
            for (uint32_t j = 0; j < m; j++) p[j] = x * (j + 1) + i * j;
            for (uint32_t k = 0; k < 3; k++) {
                uint32_t qbytes = 8 * (k + 1) + n;
                sum = sum * 31 + p[(k * 7) % m] + ((qbytes - 1 + k) & 0xff);
            }
        }
        uint64_t d = 0;
        for (uint32_t k = 0; k < 3; k++) d = d * 5 + stack_g(n + k, (uint64_t)x + k);
        o[4 * t] = 0;
        o[4 * t + 1] = sum;
        o[4 * t + 2] = (uint32_t)d;
        o[4 * t + 3] = (uint32_t)(d >> 32);
    }
}
