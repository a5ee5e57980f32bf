/* Oracles: selects, launch geometry, dynamic shared memory, struct parameters, barrier
 * reductions, narrow loads and stores. */
#include "oracle.h"

/* select_ops: integer and float selects */
void case_select(oc_case *c) {
    enum { N = 1024, BS = 256 };
    oc_kernel(c, "select_ops");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *a = oc_in(c, "a", OT_S32, N);
    int32_t *b = oc_in(c, "b", OT_S32, N);
    float *f = oc_in(c, "f", OT_F32, N);
    float *g = oc_in(c, "g", OT_F32, N);
    static const int32_t e[] = {0, 1, -1, 100, -100, 101, -101, INT32_MAX, INT32_MIN, 7, 255, 256};
    const int ne = 12;
    for (int i = 0; i < N; i++) {
        if (i < ne * ne) {
            a[i] = e[i / ne];
            b[i] = e[i % ne];
        } else if (i % 3 == 0) {
            a[i] = (int32_t)oc_rand32(c);
            b[i] = (int32_t)oc_rand32(c);
        } else {
            a[i] = (int32_t)oc_range(c, -300, 300);
            b[i] = (int32_t)oc_range(c, -300, 300);
        }
        size_t ns = oc_n_special_f32;
        f[i] = i < 256 ? u2f(oc_special_f32[(size_t)i % ns]) : oc_uniformf(c, -5.0f, 5.0f);
        g[i] = i < 256 ? u2f(oc_special_f32[(size_t)(i / 8) % ns]) : oc_uniformf(c, -5.0f, 5.0f);
    }
    oc_fill(c, "oi", OT_S32, 8 * N, 0);
    oc_fill(c, "of", OT_F32, 4 * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "f");
    oc_p_buf(c, "g");
    oc_p_buf(c, "oi");
    oc_p_buf(c, "of");
    oc_p_s32(c, N);
    int32_t *oi = oc_out(c, "oi");
    float *of = oc_out(c, "of");
    for (int i = 0; i < N; i++) {
        int32_t x = a[i], y = b[i];
        float p = f[i], q = g[i];
        int32_t *o = oi + 8 * i;
        o[0] = x > y ? x : y;
        o[1] = x < 0 ? (int32_t)(0u - (uint32_t)x) : x;
        o[2] = x == y ? 0 : (x < y ? -1 : 1);
        o[3] = x < -100 ? -100 : (x > 100 ? 100 : x);
        int32_t lo = x < y ? x : y, hi = x < y ? y : x, cc = y ^ x;
        o[4] = cc < lo ? lo : (cc > hi ? hi : cc);
        o[5] = (uint32_t)x > (uint32_t)y ? (x & 0xff) : (y | 0x100);
        o[6] = (x & 1) ? ((y & 2) ? 3 : 5) : ((y & 4) ? 7 : 11);
        o[7] = (x > 0) + (y > 0) * 2 + (x > y) * 4;
        float *r = of + 4 * i;
        r[0] = x >= 0 ? p : q;
        r[1] = p > q ? p : q;
        r[2] = (x & 3) == 0 ? 0.0f : ((x & 3) == 1 ? p : ((x & 3) == 2 ? q : -1.5f));
        r[3] = p < q ? q : p;
    }
}

/* gridstride: 256 threads over 5000 elements */
void case_gridstride(oc_case *c) {
    enum { N = 5000 };
    oc_kernel(c, "gridstride");
    oc_grid(c, 2, 1, 1);
    oc_block(c, 128, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    for (int i = 0; i < N; i++) in[i] = oc_rand32(c);
    oc_fill(c, "out", OT_U32, N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s64(c, N);
    uint32_t *o = oc_out(c, "out");
    for (uint32_t i = 0; i < N; i++) o[i] = in[i] * 3u + (i ^ (i >> 3)) + (in[i] >> 7);
}

/* grid3d: special registers of a 3x2x2 grid of 8x4x3 blocks */
void case_grid3d(oc_case *c) {
    enum { GX = 3, GY = 2, GZ = 2, BX = 8, BY = 4, BZ = 3 };
    const unsigned nthr = BX * BY * BZ, total = GX * GY * GZ * nthr;
    oc_kernel(c, "grid3d");
    oc_grid(c, GX, GY, GZ);
    oc_block(c, BX, BY, BZ);
    oc_fill(c, "out", OT_U32, 6 * total, 0);
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (unsigned bz = 0; bz < GZ; bz++)
        for (unsigned by = 0; by < GY; by++)
            for (unsigned bx = 0; bx < GX; bx++)
                for (unsigned tz = 0; tz < BZ; tz++)
                    for (unsigned ty = 0; ty < BY; ty++)
                        for (unsigned tx = 0; tx < BX; tx++) {
                            unsigned block = (bz * GY + by) * GX + bx;
                            unsigned local = (tz * BY + ty) * BX + tx;
                            uint32_t *r = o + 6 * (block * nthr + local);
                            r[0] = tx | (ty << 8) | (tz << 16);
                            r[1] = BX | (BY << 8) | (BZ << 16);
                            r[2] = bx | (by << 8) | (bz << 16);
                            r[3] = GX | (GY << 8) | (GZ << 16);
                            r[4] = (local & 31) | (local >> 5) << 8;
                            r[5] = (bx * 7 + by * 11 + bz * 13) * (tx + 2 * ty + 3 * tz + 1);
                        }
}

/* dynsmem: per-block reversal and neighbour sums in dynamic shared memory */
void case_dynsmem(oc_case *c) {
    enum { BS = 96, G = 5, N = BS * G };
    oc_kernel(c, "dynsmem");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    oc_shared(c, BS * 8 + BS * 4);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int i = 0; i < N; i++) in[i] = (int32_t)oc_rand32(c);
    oc_fill(c, "rev", OT_S32, N, 0);
    oc_fill(c, "nb", OT_F64, N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "rev");
    oc_p_buf(c, "nb");
    int32_t *rev = oc_out(c, "rev");
    double *nb = oc_out(c, "nb");
    for (int b = 0; b < G; b++)
        for (int t = 0; t < BS; t++) {
            const int32_t *x = in + b * BS;
            rev[b * BS + t] = x[BS - 1 - t];
            int l = t == 0 ? BS - 1 : t - 1, r = t == BS - 1 ? 0 : t + 1;
            nb[b * BS + t] = ((double)x[l] * 0.5 + (double)x[r] * 0.5) - (double)x[t] * 0.5;
        }
}

/* struct_param: Params {int n; float scale; double offset; uchar flag; short delta; ll big} */
void case_struct_param(oc_case *c) {
    enum { N = 1000, BS = 128 };
    const int32_t n = N;
    const float scale = 1.5f;
    const double offset = -0.25;
    const uint8_t flag = 1;
    const int16_t delta = -3;
    const int64_t big = (1ll << 40) + 12345;
    unsigned char p[32] = {0};
    memcpy(p + 0, &n, 4);
    memcpy(p + 4, &scale, 4);
    memcpy(p + 8, &offset, 8);
    memcpy(p + 16, &flag, 1);
    memcpy(p + 18, &delta, 2);
    memcpy(p + 24, &big, 8);
    oc_kernel(c, "struct_param");
    oc_grid(c, (N + BS - 1) / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *in = oc_in(c, "in", OT_F32, N);
    for (int i = 0; i < N; i++) in[i] = oc_uniformf(c, -100.0f, 100.0f);
    oc_fill(c, "out", OT_F64, N, 0);
    oc_fill(c, "out2", OT_S64, N, 0);
    oc_p_bytes(c, p, sizeof p);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_buf(c, "out2");
    double *o = oc_out(c, "out");
    int64_t *o2 = oc_out(c, "out2");
    for (int i = 0; i < N; i++) {
        float s = in[i] * scale;
        o[i] = (double)s + offset;
        o2[i] = big + (int64_t)i * delta + (flag ? 1 : -1);
    }
}

/* syncthreads_count: bar.red.popc/or/and per block */
void case_syncthreads_count(oc_case *c) {
    enum { BS = 128, G = 6, N = BS * G };
    oc_kernel(c, "syncthreads_count");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int b = 0; b < G; b++)
        for (int t = 0; t < BS; t++) {
            int32_t *v = &in[b * BS + t];
            switch (b) {
            case 0: *v = (int32_t)oc_range(c, 1, 1000); break;
            case 1: *v = 0; break;
            case 2: *v = (int32_t)oc_range(c, -100, 100); break;
            case 3: *v = t == 77 ? -51 : (int32_t)oc_range(c, 1, 9); break;
            case 4: *v = -100; break;
            default: *v = (t % 5 == 0) ? t : (int32_t)oc_range(c, -1000, 1000); break;
            }
        }
    oc_fill(c, "out", OT_U32, 4 * G, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int b = 0; b < G; b++) {
        uint32_t cnt = 0, any = 0, all = 1, cnt2 = 0;
        for (int t = 0; t < BS; t++) {
            int32_t v = in[b * BS + t];
            cnt += v > 0;
            any |= v < -50;
            all &= v != 0;
            cnt2 += (v & 3) == (t & 3);
        }
        o[4 * b] = cnt;
        o[4 * b + 1] = any;
        o[4 * b + 2] = all;
        o[4 * b + 3] = cnt2;
    }
}

/* bytes_u8u16: narrow loads/stores */
void case_bytes_u8u16(oc_case *c) {
    enum { N = 1000, BS = 128 };
    oc_kernel(c, "bytes_u8u16");
    oc_grid(c, (N + BS - 1) / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint8_t *rgba = oc_in(c, "rgba", OT_U8, 4 * N);
    uint16_t *a = oc_in(c, "a", OT_U16, N);
    uint16_t *b = oc_in(c, "b", OT_U16, N);
    int8_t *sb = oc_in(c, "sb", OT_S8, N);
    int16_t *ss = oc_in(c, "ss", OT_S16, N);
    for (int i = 0; i < 4 * N; i++) rgba[i] = (uint8_t)oc_rand32(c);
    for (int i = 0; i < 8; i++) rgba[i] = 255;
    for (int i = 0; i < N; i++) {
        a[i] = (uint16_t)oc_rand32(c);
        b[i] = (uint16_t)(i % 4 == 0 ? 0xffff : oc_rand32(c));
        sb[i] = (int8_t)oc_rand32(c);
        ss[i] = (int16_t)oc_rand32(c);
    }
    sb[0] = -128;
    ss[0] = -32768;
    sb[N - 1] = 127;
    oc_fill(c, "gray", OT_U8, N, 0);
    oc_fill(c, "sat", OT_U16, N, 0);
    oc_fill(c, "swp", OT_U16, N, 0);
    oc_fill(c, "sum16", OT_S16, N, 0);
    const char *names[] = {"rgba", "a", "b", "sb", "ss", "gray", "sat", "swp", "sum16"};
    for (int i = 0; i < 9; i++) oc_p_buf(c, names[i]);
    oc_p_s32(c, N);
    uint8_t *gray = oc_out(c, "gray");
    uint16_t *sat = oc_out(c, "sat"), *swp = oc_out(c, "swp");
    int16_t *sum16 = oc_out(c, "sum16");
    for (int i = 0; i < N; i++) {
        uint32_t r = rgba[4 * i], g = rgba[4 * i + 1], bl = rgba[4 * i + 2], al = rgba[4 * i + 3];
        gray[i] = (uint8_t)(((77 * r + 150 * g + 29 * bl + 128) >> 8) * al / 255);
        uint32_t s = (uint32_t)a[i] + b[i];
        sat[i] = (uint16_t)(s > 65535u ? 65535u : s);
        swp[i] = (uint16_t)((a[i] >> 8) | (a[i] << 8));
        sum16[i] = (int16_t)(sb[i] * 3 + ss[i] - sb[N - 1 - i]);
    }
}
