/* Oracles for the hand-written PTX kernels in corpus/src/hand/. */
#include "oracle.h"

/* ---------------- pred_select ---------------- */
void case_pred_select(oc_case *c) {
    enum { N = 512, BS = 128 };
    oc_kernel(c, "pred_select");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *a = oc_in(c, "a", OT_S32, N);
    int32_t *b = oc_in(c, "b", OT_S32, N);
    float *f = oc_in(c, "f", OT_F32, N);
    static const int32_t e[] = {0, 1, -1, 7, 8, -7, INT32_MAX, INT32_MIN, 100, -100, 0x40000000, 3};
    const int ne = 12;
    for (int i = 0; i < N; i++) {
        if (i < ne * ne) {
            a[i] = e[i / ne];
            b[i] = e[i % ne];
        } else if (i % 4 == 0) {
            a[i] = (int32_t)oc_range(c, -10, 10);
            b[i] = a[i]; /* equal operands */
        } else {
            a[i] = (int32_t)(i % 3 ? oc_range(c, -50, 50) : (int64_t)(int32_t)oc_rand32(c));
            b[i] = (int32_t)(i % 5 ? oc_range(c, -50, 50) : 7);
        }
        f[i] = u2f(oc_special_f32[(size_t)i % oc_n_special_f32]);
        if (i >= 256) f[i] = oc_uniformf(c, -2.0f, 2.0f);
    }
    oc_fill(c, "out", OT_U32, 8 * N, 1234567);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "f");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        int32_t x = a[i], y = b[i];
        float fv = f[i];
        uint32_t *r = o + 8 * i;
        int p2 = x<y, p3 = x> 0 && p2, p4 = y == 7 || p3;
        int p5 = x != y && !p4, p6 = x == y && !p4;
        r[0] = (uint32_t)(p2 | p3 << 1 | p4 << 2 | p5 << 3 | p6 << 4);
        r[1] = p2 ? (uint32_t)x + (uint32_t)y : (uint32_t)x - (uint32_t)y;
        r[2] = (uint32_t)(p3 ? x : y);
        r[3] = (uint32_t)((x ^ y) >= 0 ? x : y);
        r[4] = (uint32_t)(fv >= 0.0f ? x : y);
        int nan = isnan(fv);
        r[5] = (uint32_t)((fv < 0.0f) | (fv < 0.0f || nan) << 1 | nan << 2 | (!nan) << 3 | (fv == 0.0f || nan) << 4 |
                          (fv != 1.0f && !nan) << 5 | (fv != 1.0f || nan) << 6 | (fv >= -0.0f) << 7 |
                          (fv > -1.0f || nan) << 8);
        int p8 = p2 && p4, p9 = p3 || p6, p10 = p2 ^ p5, p11 = !p4;
        r[6] = (uint32_t)(p8 | p9 << 1 | p10 << 2 | p11 << 3);
        uint32_t v = 100;
        if (!p4) {
            v = (uint32_t)x < (uint32_t)y ? (uint32_t)x * 3u : (uint32_t)y << 2;
            if (p5) v += 1000;
        }
        if (!p6) r[7] = v;
    }
}

/* ---------------- bitfield ---------------- */
static uint32_t prmt_mode(uint32_t x, uint32_t y, uint32_t c, int mode) {
    uint8_t s[8];
    for (int k = 0; k < 4; k++) {
        s[k] = (uint8_t)(x >> (8 * k));
        s[k + 4] = (uint8_t)(y >> (8 * k));
    }
    unsigned m = c & 3, idx[4];
    for (unsigned k = 0; k < 4; k++) {
        switch (mode) {
        case 0: idx[k] = m + k; break;                  /* f4e */
        case 1: idx[k] = (m - k) & 7; break;            /* b4e */
        case 2: idx[k] = m; break;                      /* rc8 */
        case 3: idx[k] = k > m ? k : m; break;          /* ecl */
        case 4: idx[k] = k < m ? k : m; break;          /* ecr */
        default: idx[k] = 2 * (m & 1) + (k & 1); break; /* rc16 */
        }
    }
    return (uint32_t)s[idx[0]] | (uint32_t)s[idx[1]] << 8 | (uint32_t)s[idx[2]] << 16 | (uint32_t)s[idx[3]] << 24;
}

void case_bitfield(oc_case *c) {
    enum { N = 768, BS = 256 };
    oc_kernel(c, "bitfield");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *x = oc_in(c, "x", OT_U32, N);
    uint32_t *y = oc_in(c, "y", OT_U32, N);
    uint32_t *z = oc_in(c, "z", OT_U32, N);
    static const uint32_t e[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x12345678u, 0x00ff00ffu, 0xfffffffeu};
    for (int i = 0; i < N; i++) {
        x[i] = i < 64 ? e[i / 8] : oc_rand32(c);
        y[i] = i < 64 ? e[i % 8] : oc_rand32(c);
        uint32_t pos, len;
        if (i < 512) { /* small positions and lengths, including 0, 32 and beyond */
            pos = (uint32_t)oc_range(c, 0, 40);
            len = (uint32_t)oc_range(c, 0, 40);
        } else {
            pos = oc_rand32(c) & 0xff;
            len = oc_rand32(c) & 0xff;
        }
        z[i] = (oc_rand32(c) & 0xffff0000u) | len << 8 | pos;
        if (i % 7 == 0) z[i] = oc_rand32(c);
        if (i == 100) z[i] = 0;
    }
    oc_fill(c, "out", OT_U32, 24 * N, 0);
    oc_p_buf(c, "x");
    oc_p_buf(c, "y");
    oc_p_buf(c, "z");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t X = x[i], Y = y[i], Z = z[i];
        uint32_t *r = o + 24 * i;
        r[0] = oc_prmt(X, Y, Z);
        for (int m = 0; m < 6; m++) r[1 + m] = prmt_mode(X, Y, Z, m);
        uint32_t pos = Z & 0xff, len = (Z >> 8) & 0xff;
        r[7] = oc_bfe_u32(X, pos, len);
        r[8] = oc_bfe_s32(X, pos, len);
        r[9] = oc_bfi(Y, X, pos, len);
        uint32_t p2 = Z & 31, l2 = (Z >> 5) & 15;
        r[10] = oc_bfi(oc_bfe_s32(X, p2, l2), Y, l2, p2);
        r[11] = oc_shf_l(X, Y, Z & 31);
        r[12] = oc_shf_r(X, Y, Z & 31);
        uint32_t n = Z >> 26 > 32 ? 32 : Z >> 26;
        r[13] = oc_shf_l(X, Y, n);
        r[14] = oc_shf_r(X, Y, n);
        r[15] = X ? 31 - oc_clz32(X) : 0xffffffffu;
        uint32_t ys = (int32_t)Y < 0 ? ~Y : Y;
        r[16] = ys ? 31 - oc_clz32(ys) : 0xffffffffu;
        r[17] = Z ? oc_clz32(Z) : 0xffffffffu;
        uint64_t s = (((uint64_t)Y << 32) | X) + (((uint64_t)X << 32) | Z);
        uint32_t carry = s < (((uint64_t)Y << 32) | X);
        r[18] = (uint32_t)s;
        r[19] = (uint32_t)(s >> 32);
        uint64_t p = ((uint64_t)Y << 32) | X, q = ((uint64_t)X << 32) | Z;
        uint64_t d = p - q;
        uint32_t borrow = p < q;
        r[20] = (uint32_t)d;
        r[21] = (uint32_t)(d >> 32);
        r[22] = (borrow ? 0xfffffffeu : 0u) | carry;
        uint64_t prod = (uint64_t)X * Y;
        uint64_t lo = (prod & 0xffffffffu) + Z;
        uint32_t hi = (uint32_t)(prod >> 32) + Z + (uint32_t)(lo >> 32);
        r[23] = (uint32_t)lo ^ hi;
    }
}

/* ---------------- jumptable ---------------- */
void case_jumptable(oc_case *c) {
    enum { N = 1024, BS = 128 };
    oc_kernel(c, "jumptable");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    for (int i = 0; i < N; i++) in[i] = (i / 32) % 4 == 0 ? 0x5555u * (uint32_t)(i & 3) : oc_rand32(c);
    oc_fill(c, "out", OT_U32, N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t v = in[i], acc = 0;
        for (uint32_t k = 0; k < 8; k++) {
            switch ((v >> (2 * k)) & 3) {
            case 0: acc += 1; break;
            case 1: acc *= 3; break;
            case 2: acc ^= v; break;
            default: acc = (acc << 1) + k;
            }
        }
        o[i] = acc;
    }
}

/* ---------------- funcparam ---------------- */
void case_funcparam(oc_case *c) {
    enum { N = 256, BS = 64 };
    oc_kernel(c, "funcparam");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
    for (int i = 0; i < 2 * N; i++) in[i] = oc_rand32(c);
    in[0] = 0xffffffffu;
    in[1] = 0xffffffffu;
    in[2] = 0;
    in[3] = 12345;
    oc_fill(c, "out", OT_U32, 6 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (uint32_t i = 0; i < N; i++) {
        uint32_t a = in[2 * i], b = in[2 * i + 1];
        uint32_t *r = o + 6 * i;
        uint64_t m = (uint64_t)a * b;
        r[0] = (uint32_t)m;
        r[1] = (uint32_t)(m >> 32);
        uint32_t fct = 1;
        for (uint32_t k = 2; k <= (a & 15); k++) fct *= k;
        r[2] = fct;
        uint64_t x = ((uint64_t)b << 32) | a;
        float s = (float)(a & 255) * 0.25f;
        uint64_t p = x * i + (a ^ b);
        p += a ^ (a + b);
        p += (uint64_t)b * i;
        p += (uint64_t)(s + 0.5f);
        r[3] = (uint32_t)p;
        r[4] = (uint32_t)(p >> 32);
        r[5] = a ^ 0x5a5a5a5au;
    }
}

/* ---------------- vote_bar ---------------- */
void case_vote_bar(oc_case *c) {
    enum { BS = 128, G = 2, N = BS * G };
    oc_kernel(c, "vote_bar");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int w = 0; w < N / 32; w++)
        for (int l = 0; l < 32; l++) {
            int32_t *v = &in[32 * w + l];
            switch (w) {
            case 0: *v = (int32_t)oc_range(c, 1, 100); break;    /* all positive */
            case 1: *v = 0; break;                               /* all zero */
            case 2: *v = (int32_t)oc_range(c, -100, 100); break; /* mixed */
            case 3: *v = -(int32_t)oc_range(c, 1, 100); break;   /* all negative */
            case 4: *v = l == 31 ? 0 : (int32_t)oc_range(c, 1, 9); break;
            case 5: *v = (int32_t)oc_rand32(c); break;
            case 6: *v = l & 1 ? 5 : -5; break;
            default: *v = (int32_t)oc_range(c, -3, 3); break;
            }
        }
    oc_fill(c, "out", OT_U32, 8 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int b = 0; b < G; b++) {
        const int32_t *v = in + b * BS;
        uint32_t pos = 0, allnz = 1, anynz = 0;
        for (int t = 0; t < BS; t++) {
            pos += v[t] > 0;
            allnz &= v[t] != 0;
            anynz |= v[t] != 0;
        }
        for (int t = 0; t < BS; t++) {
            int w = t / 32, l = t % 32;
            uint32_t *r = o + 8 * (b * BS + t);
            uint32_t ballot = 0, half = 0;
            int all = 1, any = 0, nz = 0;
            for (int q = 0; q < 32; q++) {
                int32_t x = v[32 * w + q];
                if (x > 0) ballot |= 1u << q;
                all &= x > 0;
                any |= x > 0;
                nz += x != 0;
                if (q < 16 && (x & 1)) half |= 1u << q;
            }
            int uni = nz == 0 || nz == 32;
            r[0] = ballot;
            r[1] = (uint32_t)(all | any << 1 | uni << 2);
            r[2] = l < 16 ? half : 0xcafef00du;
            if (t < 64) {
                r[3] = 0;
            } else {
                int j = t - 64;
                r[3] = (2u * (uint32_t)v[j] + 1u) + ((uint32_t)v[j] ^ (uint32_t)j);
            }
            int pt = t ^ 32, mt = 127 - t;
            r[4] = 7u * (uint32_t)v[pt] + (uint32_t)pt;
            r[5] = 7u * (uint32_t)v[mt] + (uint32_t)mt;
            r[6] = pos;
            r[7] = allnz | anynz << 1;
        }
    }
}

/* ---------------- globals_const ---------------- */
void case_globals_const(oc_case *c) {
    enum { BS = 64, G = 2, N = BS * G };
    static const uint32_t gtab[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    oc_kernel(c, "globals_const");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 4 * N);
    for (int i = 0; i < 4 * N; i++) in[i] = oc_rand32(c);
    oc_fill(c, "out", OT_U32, 8 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (uint32_t g = 0; g < N; g++) {
        uint32_t a = in[4 * g], b = in[4 * g + 1], cc = in[4 * g + 2], d = in[4 * g + 3];
        uint32_t *r = o + 8 * g;
        r[0] = gtab[a & 7];
        r[1] = (uint32_t)((int32_t)(b & 15) - 8 + (3 - 8));
        r[2] = f2u((cc & 1) ? (-0.5f + 0.25f) + (10.0f + -20.0f) : (1.0f + 2.0f) + (3.0f + 4.0f));
        r[3] = ((d & 1) ? 0x12345678u : 0x9abcdef0u) ^ g;
        r[4] = a + gtab[a & 7] + gtab[7];
        r[5] = d;
        r[6] = b + cc;
        r[7] = a & 7;
    }
}
