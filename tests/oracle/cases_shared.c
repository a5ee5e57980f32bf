/* Oracles: shared-memory kernels (histogram, sort, stencils, softmax, layernorm, conv2d). */
#include "oracle.h"

#include <stdlib.h>

/* histogram: 64 bins of byte >> 2 */
void case_histogram(oc_case *c) {
    enum { N = 10000, BS = 128, G = 8, NB = 64 };
    oc_kernel(c, "histogram");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint8_t *d = oc_in(c, "data", OT_U8, N);
    for (int i = 0; i < N; i++) {
        uint32_t r = oc_rand32(c);
        if (r % 4 == 0) d[i] = 17;                                 /* hot bin 4 */
        else if (r % 4 == 1) d[i] = (uint8_t)(252 + (r >> 8) % 4); /* hot bin 63 */
        else d[i] = (uint8_t)(r >> 16);
    }
    oc_fill(c, "hist", OT_U32, NB, 0);
    oc_p_buf(c, "data");
    oc_p_buf(c, "hist");
    oc_p_s32(c, N);
    uint32_t *h = oc_out(c, "hist");
    for (int i = 0; i < N; i++) h[d[i] >> 2]++;
}

static int cmp_i32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* bitonic: each 512-element segment sorted ascending */
void case_bitonic(oc_case *c) {
    enum { SEG = 512, G = 4, N = SEG * G };
    oc_kernel(c, "bitonic_sort");
    oc_grid(c, G, 1, 1);
    oc_block(c, SEG / 2, 1, 1);
    int32_t *d = oc_in(c, "data", OT_S32, N);
    for (int i = 0; i < N; i++) {
        int seg = i / SEG;
        if (seg == 0) d[i] = (int32_t)oc_rand32(c);
        else if (seg == 1) d[i] = (int32_t)oc_range(c, -20, 20); /* many duplicates */
        else if (seg == 2) d[i] = SEG - (i % SEG);               /* reversed */
        else d[i] = (i % 3 == 0) ? INT32_MIN : (i % 3 == 1 ? INT32_MAX : (int32_t)oc_range(c, -5, 5));
    }
    oc_p_buf(c, "data");
    int32_t *o = oc_out(c, "data");
    for (int s = 0; s < G; s++) qsort(o + s * SEG, SEG, sizeof(int32_t), cmp_i32);
}

/* stencil1d: fma chain over 7 taps, zero outside [0, n) */
void case_stencil1d(oc_case *c) {
    enum { N = 2000, BS = 128 };
    static const float w[7] = {0.0625f, -0.25f, 0.5f, 1.375f, 0.5f, -0.25f, 0.0625f};
    oc_kernel(c, "stencil1d");
    oc_grid(c, (N + BS - 1) / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *in = oc_in(c, "in", OT_F32, N);
    for (int i = 0; i < N; i++) in[i] = oc_uniformf(c, -3.0f, 3.0f);
    in[0] = -0.0f;
    in[1] = 1e-40f; /* subnormal */
    oc_fill(c, "out", OT_F32, N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    float *o = oc_out(c, "out");
    for (int g = 0; g < N; g++) {
        float acc = 0.0f;
        for (int k = -3; k <= 3; k++) {
            int j = g + k;
            float v = (j >= 0 && j < N) ? in[j] : 0.0f;
            acc = fmaf(w[k + 3], v, acc);
        }
        o[g] = acc;
    }
}

/* stencil2d: r = fma(c0, centre, c1 * ((up + down) + (left + right))); edges copied */
void case_stencil2d(oc_case *c) {
    enum { W = 64, H = 48 };
    const float c0 = 0.5f, c1 = 0.125f;
    oc_kernel(c, "stencil2d");
    oc_grid(c, W / 16, H / 16, 1);
    oc_block(c, 16, 16, 1);
    float *in = oc_in(c, "in", OT_F32, W * H);
    for (int i = 0; i < W * H; i++) in[i] = oc_uniformf(c, 0.0f, 100.0f);
    oc_fill(c, "out", OT_F32, W * H, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, W);
    oc_p_s32(c, H);
    oc_p_f32(c, c0);
    oc_p_f32(c, c1);
    float *o = oc_out(c, "out");
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float ctr = in[y * W + x];
            if (x == 0 || y == 0 || x == W - 1 || y == H - 1) {
                o[y * W + x] = ctr;
                continue;
            }
            float ud = in[(y - 1) * W + x] + in[(y + 1) * W + x];
            float lr = in[y * W + x - 1] + in[y * W + x + 1];
            o[y * W + x] = fmaf(c0, ctr, c1 * (ud + lr));
        }
}

/* softmax: reference computed in double from the same float differences (x - max);
 * the kernel's expf uses ex2.approx, so only a tolerance can be promised. */
void case_softmax(oc_case *c) {
    enum { R = 32, C = 128 };
    oc_kernel(c, "softmax");
    oc_grid(c, R, 1, 1);
    oc_block(c, C, 1, 1);
    float *in = oc_in(c, "in", OT_F32, R * C);
    for (int i = 0; i < R * C; i++) in[i] = oc_uniformf(c, -8.0f, 8.0f);
    for (int i = 0; i < C; i++) in[5 * C + i] = 1.0f; /* uniform row */
    oc_fill(c, "out", OT_F32, R * C, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    float *o = oc_out(c, "out");
    oc_tol_ulp(c, "out", 8);
    for (int r = 0; r < R; r++) {
        const float *x = in + r * C;
        float mx = x[0];
        for (int i = 1; i < C; i++) mx = fmaxf(mx, x[i]);
        double e[C], s = 0;
        for (int i = 0; i < C; i++) {
            e[i] = exp((double)(x[i] - mx));
            s += e[i];
        }
        for (int i = 0; i < C; i++) o[r * C + i] = (float)(e[i] / s);
    }
}

/* layernorm: mirrored tree reductions, 1/sqrtf via sqrt.rn + rcp.rn */
void case_layernorm(oc_case *c) {
    enum { R = 16, C = 256 };
    const float eps = 1e-5f;
    oc_kernel(c, "layernorm");
    oc_grid(c, R, 1, 1);
    oc_block(c, C, 1, 1);
    float *in = oc_in(c, "in", OT_F32, R * C);
    float *gamma = oc_in(c, "gamma", OT_F32, C);
    float *beta = oc_in(c, "beta", OT_F32, C);
    for (int r = 0; r < R; r++) {
        float centre = oc_uniformf(c, -50.0f, 50.0f), spread = (float)(1 << (r % 6));
        for (int i = 0; i < C; i++) in[r * C + i] = centre + spread * oc_uniformf(c, -1.0f, 1.0f);
    }
    for (int i = 0; i < C; i++) in[3 * C + i] = 2.5f; /* zero variance row */
    for (int i = 0; i < C; i++) {
        gamma[i] = oc_uniformf(c, 0.5f, 1.5f);
        beta[i] = oc_uniformf(c, -0.5f, 0.5f);
    }
    oc_fill(c, "out", OT_F32, R * C, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "gamma");
    oc_p_buf(c, "beta");
    oc_p_buf(c, "out");
    oc_p_f32(c, eps);
    float *o = oc_out(c, "out");
    for (int r = 0; r < R; r++) {
        const float *x = in + r * C;
        float red[C], d[C];
        memcpy(red, x, sizeof red);
        for (int st = C / 2; st > 0; st >>= 1)
            for (int t = 0; t < st; t++) red[t] += red[t + st];
        float mean = red[0] / C;
        for (int t = 0; t < C; t++) {
            d[t] = x[t] - mean;
            red[t] = d[t] * d[t];
        }
        for (int st = C / 2; st > 0; st >>= 1)
            for (int t = 0; t < st; t++) red[t] += red[t + st];
        float var = red[0] / C;
        float inv = 1.0f / sqrtf(var + eps);
        for (int t = 0; t < C; t++) o[r * C + t] = fmaf(d[t] * inv, gamma[t], beta[t]);
    }
}

/* conv2d: fma chain over the in-range taps, row-major tap order */
void case_conv2d(oc_case *c) {
    enum { W = 40, H = 36, KS = 5 };
    oc_kernel(c, "conv2d");
    oc_grid(c, (W + 15) / 16, (H + 7) / 8, 1);
    oc_block(c, 16, 8, 1);
    float *img = oc_in(c, "img", OT_F32, W * H);
    float *f = oc_in(c, "filt", OT_F32, KS * KS);
    for (int i = 0; i < W * H; i++) img[i] = oc_uniformf(c, 0.0f, 1.0f);
    for (int i = 0; i < KS * KS; i++) f[i] = oc_uniformf(c, -0.25f, 0.25f);
    oc_fill(c, "out", OT_F32, W * H, 0);
    oc_p_buf(c, "img");
    oc_p_buf(c, "filt");
    oc_p_buf(c, "out");
    oc_p_s32(c, W);
    oc_p_s32(c, H);
    float *o = oc_out(c, "out");
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float acc = 0.0f;
            for (int ky = 0; ky < KS; ky++) {
                int yy = y + ky - 2;
                if (yy < 0 || yy >= H) continue;
                for (int kx = 0; kx < KS; kx++) {
                    int xx = x + kx - 2;
                    if (xx < 0 || xx >= W) continue;
                    acc = fmaf(img[yy * W + xx], f[ky * KS + kx], acc);
                }
            }
            o[y * W + x] = acc;
        }
}
