/* Oracles: elementwise kernels, reductions, warp intrinsics, scans, transposes, matmuls. */
#include "oracle.h"

/* vadd: c = a + b (add.f32; NaN results are the canonical NaN) */
void case_vadd(oc_case *c) {
    enum { N = 3000, BS = 256 };
    oc_kernel(c, "vadd_f32");
    oc_grid(c, (N + BS - 1) / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *a = oc_in(c, "a", OT_F32, N);
    float *b = oc_in(c, "b", OT_F32, N);
    oc_fill(c, "c", OT_F32, N, 0);
    /* every pair of specials first, then random values */
    size_t ns = oc_n_special_f32, k = 0;
    for (size_t i = 0; i < ns; i++)
        for (size_t j = 0; j < ns; j++, k++) {
            a[k] = u2f(oc_special_f32[i]);
            b[k] = u2f(oc_special_f32[j]);
        }
    for (; k < N; k++) {
        a[k] = oc_uniformf(c, -100.0f, 100.0f);
        b[k] = oc_uniformf(c, -100.0f, 100.0f);
    }
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "c");
    oc_p_s32(c, N);
    float *o = oc_out(c, "c");
    for (int i = 0; i < N; i++) o[i] = canon32(a[i] + b[i]);
}

/* saxpy: y = fma(a, x, y) */
void case_saxpy(oc_case *c) {
    enum { N = 2500, BS = 128 };
    const float alpha = -1.75f;
    oc_kernel(c, "saxpy");
    oc_grid(c, (N + BS - 1) / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *x = oc_in(c, "x", OT_F32, N);
    float *y = oc_in(c, "y", OT_F32, N);
    oc_gen_f32(c, x, N, oc_n_special_f32, -10.0f, 10.0f);
    for (int i = 0; i < N; i++) y[i] = oc_uniformf(c, -10.0f, 10.0f);
    y[40] = u2f(0x7f800000u); /* +inf */
    y[41] = u2f(0x00000003u); /* subnormal */
    y[42] = -0.0f;
    x[42] = 0.0f; /* -1.75*0 + -0 = +0 */
    y[43] = 1.75f * 3.0f;
    x[43] = 3.0f; /* exact cancellation to +0 */
    oc_p_s32(c, N);
    oc_p_f32(c, alpha);
    oc_p_buf(c, "x");
    oc_p_buf(c, "y");
    float *o = oc_out(c, "y");
    for (int i = 0; i < N; i++) o[i] = canon32(fmaf(alpha, x[i], y[i]));
}

/* intops: 16 bit-manipulation results per element */
void case_intops(oc_case *c) {
    enum { N = 1024, BS = 128 };
    oc_kernel(c, "intops");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *a = oc_in(c, "a", OT_U32, N);
    uint32_t *b = oc_in(c, "b", OT_U32, N);
    oc_fill(c, "out", OT_U32, 16 * N, 0);
    static const uint32_t edge[] = {0u,          1u,          2u,          3u,          0x7fffffffu, 0x80000000u,
                                    0x80000001u, 0xffffffffu, 0xfffffffeu, 0x0000ffffu, 0xffff0000u, 0x12345678u,
                                    0x87654321u, 0x00010000u, 0x55555555u, 0xaaaaaaaau};
    const int ne = (int)(sizeof edge / sizeof edge[0]);
    for (int i = 0; i < N; i++) {
        if (i < ne * ne) {
            a[i] = edge[i / ne];
            b[i] = edge[i % ne];
        } else if (i < 512) {
            a[i] = oc_rand32(c);
            b[i] = oc_rand32(c);
        } else {
            /* sparse bit patterns */
            a[i] = oc_rand32(c) & oc_rand32(c) & oc_rand32(c);
            uint32_t v = oc_rand32(c), sh = oc_rand32(c) & 31; /* sequenced: see oracle.h */
            b[i] = v >> sh;
        }
    }
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t x = a[i], y = b[i], k = y & 31;
        int32_t sx = (int32_t)x, sy = (int32_t)y;
        uint32_t *r = o + 16 * i;
        r[0] = oc_popc32(x);
        r[1] = oc_clz32(x);
        r[2] = oc_brev32(x);
        r[3] = oc_prmt(x, y, (y >> 16) & 0x7777u);
        r[4] = oc_shf_l(x, y, (y >> 27) & 31);
        r[5] = oc_shf_l(x, y, (y >> 26) > 32 ? 32 : (y >> 26));
        r[6] = oc_shf_r(x, y, x & 31);
        r[7] = x << k;
        r[8] = (uint32_t)oc_sra32(sx, k);
        r[9] = x >> k;
        r[10] = x ? (uint32_t)__builtin_ctz(x) + 1 : 0;
        r[11] = (x & (x - 1u)) ^ (x ^ (x >> 1));
        r[12] = (uint32_t)(((uint64_t)x * y) >> 32);
        r[13] = (uint32_t)(((int64_t)sx * sy) >> 32);
        r[14] = (sx < sy ? (uint32_t)sy - x : x - (uint32_t)sy) + k;
        r[15] = oc_rotl32(x, k | 1);
    }
}

/* reduce_smem: per-block tree sum of 512 floats */
void case_reduce_smem(oc_case *c) {
    enum { N = 5000, BS = 256, G = (N + 2 * BS - 1) / (2 * BS) };
    oc_kernel(c, "reduce_smem");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    float *in = oc_in(c, "in", OT_F32, N);
    for (int i = 0; i < N; i++) in[i] = oc_uniformf(c, -1.0f, 1.0f) * (float)(1 + (i % 7) * 100);
    oc_fill(c, "out", OT_F32, G, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    float *o = oc_out(c, "out");
    for (int blk = 0; blk < G; blk++) {
        float s[BS];
        for (unsigned t = 0; t < BS; t++) {
            unsigned i = (unsigned)blk * (BS * 2) + t;
            float v = 0.0f;
            if (i < N) v = in[i];
            if (i + BS < N) v += in[i + BS];
            s[t] = v;
        }
        for (unsigned st = BS / 2; st > 0; st >>= 1)
            for (unsigned t = 0; t < st; t++) s[t] += s[t + st];
        o[blk] = s[0];
    }
}

static void warp_sum_f32(float v[32]) {
    for (int off = 16; off > 0; off >>= 1) {
        float n[32];
        for (int l = 0; l < 32; l++) n[l] = v[l] + (l + off < 32 ? v[l + off] : v[l]);
        memcpy(v, n, sizeof n);
    }
}

/* reduce_shfl: grid-stride sums, then two shuffle stages */
void case_reduce_shfl(oc_case *c) {
    enum { N = 3000, BS = 256, G = 4 };
    oc_kernel(c, "reduce_shfl");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    float *in = oc_in(c, "in", OT_F32, N);
    for (int i = 0; i < N; i++) in[i] = oc_uniformf(c, -4.0f, 4.0f);
    oc_fill(c, "out", OT_F32, G, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    float *o = oc_out(c, "out");
    for (int blk = 0; blk < G; blk++) {
        float ws[BS / 32];
        for (int w = 0; w < BS / 32; w++) {
            float v[32];
            for (int l = 0; l < 32; l++) {
                float acc = 0.0f;
                for (int i = blk * BS + w * 32 + l; i < N; i += BS * G) acc += in[i];
                v[l] = acc;
            }
            warp_sum_f32(v);
            ws[w] = v[0];
        }
        float v[32];
        for (int l = 0; l < 32; l++) v[l] = l < BS / 32 ? ws[l] : 0.0f;
        warp_sum_f32(v);
        o[blk] = v[0];
    }
}

/* warp_vote: ballot/all/any/match/redux/shfl per lane */
void case_warp_vote(oc_case *c) {
    enum { BS = 128, G = 4, N = BS * G };
    oc_kernel(c, "warp_vote");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    oc_fill(c, "out", OT_U32, 10 * N, 0);
    for (int w = 0; w < N / 32; w++) {
        int32_t *v = in + 32 * w;
        for (int l = 0; l < 32; l++) {
            switch (w % 8) {
            case 0: v[l] = (int32_t)oc_range(c, 1, 1000); break;
            case 1: v[l] = 0; break;
            case 2: v[l] = (int32_t)oc_range(c, -2000, 2000); break;
            case 3: v[l] = l == 13 ? -5000 : (int32_t)oc_range(c, 1, 50); break;
            case 4: v[l] = (l & 1) ? 7 : -7; break;
            case 5: v[l] = 12345; break;
            case 6: v[l] = (int32_t)oc_range(c, 0, 3); break;
            default: {
                static const int32_t e[] = {INT32_MIN, INT32_MAX, -1, 0, 1, -1001, 1000, 31};
                v[l] = e[oc_range(c, 0, 7)];
            }
            }
        }
    }
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int w = 0; w < N / 32; w++) {
        int32_t *v = in + 32 * w;
        uint32_t ballot = 0, half = 0, sum = 0;
        int all = 1, any = 0;
        int32_t mx = INT32_MIN;
        for (int l = 0; l < 32; l++) {
            if (v[l] > 0) ballot |= 1u << l;
            if (v[l] == 0) all = 0;
            if (v[l] < -1000) any = 1;
            if (l < 16 && (v[l] & 1)) half |= 1u << l;
            sum += (uint32_t)v[l];
            if (v[l] > mx) mx = v[l];
        }
        for (int l = 0; l < 32; l++) {
            uint32_t *r = o + 10 * (32 * w + l);
            r[0] = ballot;
            r[1] = (uint32_t)all;
            r[2] = (uint32_t)any;
            r[3] = oc_popc32(ballot & ((1u << l) - 1u));
            r[4] = (uint32_t)v[l ^ 1];
            r[5] = (uint32_t)(l >= 3 ? v[l - 3] : v[l]);
            r[6] = (uint32_t)v[v[l] & 31];
            uint32_t m = 0;
            for (int q = 0; q < 32; q++)
                if ((v[q] & 7) == (v[l] & 7)) m |= 1u << q;
            r[7] = m;
            r[8] = sum ^ (uint32_t)mx;
            r[9] = l < 16 ? half : 0xdeadbeefu;
        }
    }
}

/* scan_block: inclusive and exclusive prefix sums of 256-int segments */
void case_scan_block(oc_case *c) {
    enum { BS = 256, G = 4, N = BS * G };
    oc_kernel(c, "scan_block");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int i = 0; i < N; i++) in[i] = (int32_t)oc_range(c, -100000, 100000);
    oc_fill(c, "incl", OT_S32, N, 0);
    oc_fill(c, "excl", OT_S32, N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "incl");
    oc_p_buf(c, "excl");
    int32_t *inc = oc_out(c, "incl");
    int32_t *exc = oc_out(c, "excl");
    for (int b = 0; b < G; b++) {
        uint32_t s = 0;
        for (int t = 0; t < BS; t++) {
            exc[b * BS + t] = (int32_t)s;
            s += (uint32_t)in[b * BS + t];
            inc[b * BS + t] = (int32_t)s;
        }
    }
}

/* transpose_naive: out (w x h) = in (h x w) transposed */
void case_transpose_naive(oc_case *c) {
    enum { W = 96, H = 80 };
    oc_kernel(c, "transpose_naive");
    oc_grid(c, W / 16, H / 16, 1);
    oc_block(c, 16, 16, 1);
    float *in = oc_in(c, "in", OT_F32, W * H);
    for (int i = 0; i < W * H; i++) in[i] = oc_uniformf(c, -1000.0f, 1000.0f);
    oc_fill(c, "out", OT_F32, W * H, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, W);
    oc_p_s32(c, H);
    float *o = oc_out(c, "out");
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) o[x * H + y] = in[y * W + x];
}

/* transpose_tiled: same result, 32x32 padded tiles, ragged edges */
void case_transpose_tiled(oc_case *c) {
    enum { W = 100, H = 72 };
    oc_kernel(c, "transpose_tiled");
    oc_grid(c, (W + 31) / 32, (H + 31) / 32, 1);
    oc_block(c, 32, 8, 1);
    float *in = oc_in(c, "in", OT_F32, W * H);
    for (int i = 0; i < W * H; i++) in[i] = (float)i + 0.25f;
    oc_fill(c, "out", OT_F32, W * H, -1);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, W);
    oc_p_s32(c, H);
    float *o = oc_out(c, "out");
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) o[x * H + y] = in[y * W + x];
}

/* matmul_f32: sum = fma(A, B, sum) in k order */
void case_matmul_f32(oc_case *c) {
    enum { M = 64, K = 48, N = 80 };
    oc_kernel(c, "matmul_f32");
    oc_grid(c, N / 16, M / 16, 1);
    oc_block(c, 16, 16, 1);
    float *A = oc_in(c, "A", OT_F32, M * K);
    float *B = oc_in(c, "B", OT_F32, K * N);
    for (int i = 0; i < M * K; i++) A[i] = oc_uniformf(c, -2.0f, 2.0f);
    for (int i = 0; i < K * N; i++) B[i] = oc_uniformf(c, -2.0f, 2.0f);
    oc_fill(c, "C", OT_F32, M * N, 0);
    oc_p_buf(c, "A");
    oc_p_buf(c, "B");
    oc_p_buf(c, "C");
    oc_p_s32(c, M);
    oc_p_s32(c, N);
    oc_p_s32(c, K);
    float *C = oc_out(c, "C");
    for (int r = 0; r < M; r++)
        for (int col = 0; col < N; col++) {
            float s = 0.0f;
            for (int k = 0; k < K; k++) s = fmaf(A[r * K + k], B[k * N + col], s);
            C[r * N + col] = s;
        }
}

/* matmul_int: wrapping 32-bit and exact 64-bit integer products */
void case_matmul_int(oc_case *c) {
    enum { M = 40, K = 36, N = 24 };
    oc_kernel(c, "matmul_int");
    oc_grid(c, N / 8, M / 8, 1);
    oc_block(c, 8, 8, 1);
    int32_t *A = oc_in(c, "A", OT_S32, M * K);
    int32_t *B = oc_in(c, "B", OT_S32, K * N);
    for (int i = 0; i < M * K; i++) A[i] = (int32_t)oc_rand32(c);
    for (int i = 0; i < K * N; i++) B[i] = (int32_t)oc_range(c, -(1 << 20), 1 << 20);
    A[0] = INT32_MIN;
    B[0] = -(1 << 20);
    A[1] = INT32_MAX;
    oc_fill(c, "C32", OT_U32, M * N, 0);
    oc_fill(c, "C64", OT_S64, M * N, 0);
    oc_p_buf(c, "A");
    oc_p_buf(c, "B");
    oc_p_buf(c, "C32");
    oc_p_buf(c, "C64");
    oc_p_s32(c, M);
    oc_p_s32(c, N);
    oc_p_s32(c, K);
    uint32_t *C32 = oc_out(c, "C32");
    int64_t *C64 = oc_out(c, "C64");
    for (int r = 0; r < M; r++)
        for (int col = 0; col < N; col++) {
            uint32_t s = 0;
            int64_t s64 = 0;
            for (int k = 0; k < K; k++) {
                s += (uint32_t)A[r * K + k] * (uint32_t)B[k * N + col];
                s64 += (int64_t)A[r * K + k] * B[k * N + col];
            }
            C32[r * N + col] = s;
            C64[r * N + col] = s64;
        }
}
