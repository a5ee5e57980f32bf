/* Oracles for the hand-written floating-point PTX kernels (corpus/src/hand/): f32/f64 rounding
 * modes, .ftz/.sat, f16/bf16 arithmetic, conversions, testp/copysign, float comparisons. The
 * host FPU computes IEEE results under fesetround; the GPU's NaN, .ftz and .sat rules are
 * applied around them (docs/numerics.md, docs/corpus.md). */
#include "oracle_fp.h"

/* ---------------- f32_rounding ---------------- */
void case_f32_rounding(oc_case *c) {
    enum { N = 1536, BS = 256, K = 20 };
    const int ns = (int)oc_n_special_f32;
    oc_kernel(c, "f32_rounding");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *a = oc_in(c, "a", OT_F32, N);
    float *b = oc_in(c, "b", OT_F32, N);
    float *cc = oc_in(c, "c", OT_F32, N);
    for (int i = 0; i < N; i++) {
        if (i < ns * ns) {
            a[i] = u2f(oc_special_f32[i / ns]);
            b[i] = u2f(oc_special_f32[i % ns]);
            cc[i] = i % 3 ? wide32(c, 100, 150) : u2f(oc_special_f32[(i * 7) % ns]);
        } else if (i < 1280) {
            a[i] = wide32(c, 1, 254);
            b[i] = wide32(c, 1, 254);
            cc[i] = wide32(c, 1, 254);
        } else { /* near the subnormal range and near 1 (for .sat) */
            a[i] = wide32(c, 0, 64);
            b[i] = i & 1 ? wide32(c, 0, 70) : wide32(c, 120, 127);
            cc[i] = wide32(c, 120, 127);
        }
    }
    oc_fill(c, "out", OT_F32, K * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "c");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    float *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        float A = a[i], B = b[i], C = cc[i], *r = o + K * i;
        for (int m = 0; m < 4; m++) {
            r[m] = canon32(op32(0, A, B, 0, m));
            r[4 + m] = canon32(op32(2, A, B, 0, m));
            r[8 + m] = canon32(op32(4, A, B, C, m));
        }
        float s = canon32(op32(1, ftz_in(A), ftz_in(B), 0, RN));
        r[12] = fabsf(s) < 0x1p-126f ? copysignf(0.0f, s) : s;
        r[13] = mul32_ftz(A, B, RZ);
        r[14] = sat01(op32(0, A, B, 0, RN));
        r[15] = sat01(op32(4, A, B, C, RN));
        r[16] = canon32(op32(3, A, B, 0, RP));
        r[17] = canon32(op32(5, A, 0, 0, RM));
        r[18] = canon32(op32(3, 1.0f, B, 0, RZ));
        r[19] = canon32(op32(0, A, u2f(f2u(B) ^ 0x80000000u), 0, RN));
    }
}

/* ---------------- f64_rounding ---------------- */
static double abs64(double a) { return isnan(a) ? quiet64(a) : u2d(d2u(a) & 0x7fffffffffffffffull); }

void case_f64_rounding(oc_case *c) {
    enum { N = 1536, BS = 256, K = 16 };
    const int nd = (int)oc_n_special_f64;
    oc_kernel(c, "f64_rounding");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    double *abc = oc_in(c, "abc", OT_F64, 3 * N);
    for (int i = 0; i < N; i++) {
        double *v = abc + 3 * i;
        if (i < nd * nd) {
            v[0] = u2d(oc_special_f64[i / nd]);
            v[1] = u2d(oc_special_f64[i % nd]);
            v[2] = i % 3 ? wide64(c, 900, 1100) : u2d(oc_special_f64[(i * 7) % nd]);
        } else {
            v[0] = wide64(c, 1, 2046);
            v[1] = wide64(c, 1, 2046);
            v[2] = wide64(c, 1, 2046);
            if (i % 4 == 0) { /* products near the subnormal range */
                v[0] = wide64(c, 1, 600);
                v[1] = wide64(c, 1, 500);
            }
        }
    }
    oc_fill(c, "out", OT_F64, K * N, 0);
    oc_p_buf(c, "abc");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    double *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        double A = abc[3 * i], B = abc[3 * i + 1], C = abc[3 * i + 2], *r = o + K * i;
        for (int m = 0; m < 4; m++) {
            r[m] = nan_ba(op64(0, A, B, 0, m), A, B);
            r[4 + m] = nan_ba(op64(2, A, B, 0, m), A, B);
            r[8 + m] = nan_bca(op64(4, A, B, C, m), A, B, C);
        }
        r[12] = f64_res2(op64(3, A, B, 0, RZ), A, B);
        r[13] = f64_res1(op64(5, A, 0, 0, RP), A);
        r[14] = f64_res1(op64(3, 1.0, B, 0, RN), B);
        r[15] = abs64(A);
    }
}

static const uint16_t special_f16[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7c01,
                                       0xfe01, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff, 0x3800,
                                       0x3c01, 0x3bff, 0x3e00, 0x4100, 0xc100, 0x5bff, 0x1400, 0x7800};
static const uint16_t special_bf16[] = {0x0000, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc0, 0x7f81,
                                        0xffc1, 0x0001, 0x8001, 0x007f, 0x0080, 0x7f7f, 0xff7f, 0x3f00,
                                        0x3f81, 0x3f7f, 0x3fc0, 0x4020, 0xc020, 0x4b00, 0x0c00, 0x7f00};
enum { NSPECIAL16 = 24 };

/* a, b, c, pad per thread: every pair of specials, then random finite values (mostly normal) */
static void gen_small(oc_case *c, const uint16_t *sp, uint16_t *abc, int n, uint16_t expmask) {
    for (int i = 0; i < n; i++) {
        uint16_t *v = abc + 4 * i;
        if (i < NSPECIAL16 * NSPECIAL16) {
            v[0] = sp[i / NSPECIAL16];
            v[1] = sp[i % NSPECIAL16];
            v[2] = i % 3 ? sp[(i * 7) % NSPECIAL16] : (uint16_t)oc_rand32(c);
        } else {
            for (int k = 0; k < 3; k++) {
                uint16_t h = (uint16_t)oc_rand32(c);
                if ((h & expmask) == expmask) h ^= 0x4000; /* no Inf/NaN among the random values */
                v[k] = h;
            }
        }
        v[3] = 0;
    }
}

/* ---------------- half_f16 ---------------- */
void case_half_f16(oc_case *c) {
    enum { N = 1024, BS = 128, K = 16 };
    const small_fmt *f = FMT_F16;
    oc_kernel(c, "half_f16");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint16_t *abc = oc_in(c, "abc", OT_U16, 4 * N);
    gen_small(c, special_f16, abc, N, 0x7c00);
    oc_fill(c, "out", OT_U16, K * N, 0);
    oc_p_buf(c, "abc");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint16_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint16_t a = abc[4 * i], b = abc[4 * i + 1], cc = abc[4 * i + 2], *r = o + K * i;
        r[0] = small_add(f, a, b);
        r[1] = small_sub(f, a, b);
        r[2] = small_mul(f, a, b);
        r[3] = small_fma(f, a, b, cc);
        r[4] = small_sat(f, small_add(f, a, b));
        r[5] = small_sat(f, small_fma(f, a, b, cc));
        r[6] = small_neg(f, a);
        r[7] = small_abs(f, b);
        r[8] = small_minmax(f, a, b, 0, 0);
        r[9] = small_minmax(f, a, b, 1, 1);
        /* x = {a, b}, y = {c, a}, z = {b, c}: low halves first */
        r[10] = small_add(f, a, cc);
        r[11] = small_add(f, b, a);
        r[12] = small_fma(f, a, cc, b);
        r[13] = small_fma(f, b, a, cc);
        r[14] = small_mul(f, a, b);
        r[15] = small_mul(f, b, cc);
    }
}

/* ---------------- half_bf16 ---------------- */
void case_half_bf16(oc_case *c) {
    enum { N = 1024, BS = 128, K = 16 };
    const small_fmt *f = FMT_BF16;
    oc_kernel(c, "half_bf16");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint16_t *abc = oc_in(c, "abc", OT_U16, 4 * N);
    gen_small(c, special_bf16, abc, N, 0x7f80);
    float *fv = oc_in(c, "f", OT_F32, 2 * N);
    for (int i = 0; i < 2 * N; i++) {
        if (i < (int)oc_n_special_f32) fv[i] = u2f(oc_special_f32[i]);
        else if (i % 4 == 0) fv[i] = u2f((oc_rand32(c) & 0xffff0000u) | 0x8000u); /* ties */
        else if (i % 4 == 1) fv[i] = u2f(oc_rand32(c) & 0x807fffffu);             /* subnormal */
        else fv[i] = u2f(oc_rand32(c));
    }
    oc_fill(c, "out", OT_U16, K * N, 0);
    oc_p_buf(c, "abc");
    oc_p_buf(c, "f");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint16_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint16_t a = abc[4 * i], b = abc[4 * i + 1], cc = abc[4 * i + 2], *r = o + K * i;
        r[0] = small_add(f, a, b);
        r[1] = small_sub(f, a, b);
        r[2] = small_mul(f, a, b);
        r[3] = small_fma(f, a, b, cc);
        r[4] = small_neg(f, a);
        r[5] = small_abs(f, b);
        r[6] = small_minmax(f, a, b, 0, 0);
        r[7] = small_minmax(f, a, b, 1, 1);
        r[8] = small_fma(f, a, cc, b); /* x = {a, b}, y = {c, a}, z = {b, c} */
        r[9] = small_fma(f, b, a, cc);
        r[10] = small_add(f, a, b);
        r[11] = small_add(f, b, cc);
        float f1 = fv[2 * i], f2 = fv[2 * i + 1];
        r[12] = small_round(f, f1, RN);
        r[13] = a;                      /* (a << 16) split into halves and xored */
        r[14] = small_round(f, f2, RN); /* cvt.rn.bf16x2.f32 d, f1, f2: f2 in the low half */
        r[15] = small_round(f, f1, RN);
    }
}

/* ---------------- cvt_float ---------------- */
void case_cvt_float(oc_case *c) {
    enum { N = 1024, BS = 128, K = 28 };
    const int ns = (int)oc_n_special_f32, nd = (int)oc_n_special_f64;
    oc_kernel(c, "cvt_float");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *x = oc_in(c, "x", OT_F32, N);
    double *d = oc_in(c, "d", OT_F64, N);
    int32_t *iv = oc_in(c, "i", OT_S32, N);
    int64_t *lv = oc_in(c, "l", OT_S64, N);
    static const int64_t le[] = {0,
                                 1,
                                 -1,
                                 INT64_MAX,
                                 INT64_MIN,
                                 0x1000001,
                                 0x1000003,
                                 0x20000000000001ll,
                                 0x7fffffc000000000ll,
                                 0xffffff7fffffffffll,
                                 -0x1000001,
                                 16777217};
    for (int i = 0; i < N; i++) {
        if (i < ns) x[i] = u2f(oc_special_f32[i]);
        else if (i % 4 == 0) x[i] = (float)oc_range(c, -40, 40) * 0.25f; /* halves and quarters */
        else if (i % 4 == 1) x[i] = wide32(c, 120, 160);
        else x[i] = wide32(c, 0, 255);
        if (i < nd) d[i] = u2d(oc_special_f64[i]);
        else if (i % 3 == 0) d[i] = wide64(c, 1023 - 150, 1023 + 130);
        else if (i % 3 == 1) d[i] = wide64(c, 1023 - 10, 1023 + 34);
        else d[i] = wide64(c, 0, 2047);
        static const int32_t ie[] = {0, 1, -1, INT32_MAX, INT32_MIN, 16777217, -16777219, 0x7fffffc0};
        int32_t ir = (int32_t)oc_rand32(c);
        iv[i] = i < 8 ? ie[i] : ir >> (oc_rand32(c) & 31);
        uint64_t lr = oc_rand64(c);
        lv[i] = i < 12 ? le[i] : (int64_t)(lr >> (oc_rand32(c) & 63));
        if (i % 5 == 0 && i >= 12) lv[i] = -lv[i];
    }
    oc_fill(c, "out", OT_U32, K * N, 0);
    oc_p_buf(c, "x");
    oc_p_buf(c, "d");
    oc_p_buf(c, "i");
    oc_p_buf(c, "l");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        float X = x[i];
        double D = d[i];
        int32_t I = iv[i];
        int64_t L = lv[i];
        uint32_t *r = o + K * i;
        for (int m = 0; m < 4; m++) r[m] = (uint32_t)f2i(X, m, -0x1p31, 0x1p31 - 1, INT32_MIN, INT32_MAX, 0);
        r[4] = (uint32_t)f2u64(X, RN, 0x1p32 - 1, UINT32_MAX, 0);
        uint64_t w = (uint64_t)f2i(X, RZ, -0x1p63, 0x1p63, INT64_MIN, INT64_MAX, INT64_MIN);
        r[5] = (uint32_t)w;
        r[6] = (uint32_t)(w >> 32);
        uint32_t mag = I < 0 ? 0u - (uint32_t)I : (uint32_t)I;
        r[7] = f2u((float)round_int(mag, I < 0, 24, RN));
        r[8] = f2u((float)round_int(mag, I < 0, 24, RZ));
        r[9] = f2u((float)round_int(mag, I < 0, 24, RM));
        r[10] = f2u((float)round_int(mag, I < 0, 24, RP));
        r[11] = f2u((float)round_int((uint64_t)L, 0, 24, RN));
        r[12] = f2u((float)round_int((uint64_t)L, 0, 24, RZ));
        for (int m = 0; m < 4; m++) r[13 + m] = f64_to_f32_bits(D, m);
        r[17] = f2u(canon32((float)rint_mode(X, RN)));
        r[18] = f2u(canon32((float)rint_mode(X, RM)));
        uint16_t h = small_round(FMT_F16, X, RN);
        r[19] = h;
        r[20] = small_round(FMT_F16, X, RZ);
        r[21] = small_isnan(FMT_F16, h) ? OC_CNAN32 : f2u((float)small_decode(FMT_F16, h));
        w = f32_to_f64_bits(X);
        r[22] = (uint32_t)w;
        r[23] = (uint32_t)(w >> 32);
        uint64_t lm = L < 0 ? 0 - (uint64_t)L : (uint64_t)L;
        w = d2u(round_int(lm, L < 0, 53, RN));
        r[24] = (uint32_t)w;
        r[25] = (uint32_t)(w >> 32);
        r[26] = (uint32_t)f2i(D, RZ, -0x1p31, 0x1p31 - 1, INT32_MIN, INT32_MAX, INT32_MIN);
        r[27] = (uint32_t)f2u64(D, RM, 0x1p32 - 1, UINT32_MAX, 0x80000000u);
    }
}

/* ---------------- setp_float ---------------- */
/* comparison k of eq ne lt le gt ge equ neu ltu leu gtu geu num nan */
static int fcmp(double a, double b, int k) {
    int un = isnan(a) || isnan(b);
    switch (k) {
    case 0: return !un && a == b;
    case 1: return !un && a != b;
    case 2: return !un && a < b;
    case 3: return !un && a <= b;
    case 4: return !un && a > b;
    case 5: return !un && a >= b;
    case 6: return un || a == b;
    case 7: return un || a != b;
    case 8: return un || a < b;
    case 9: return un || a <= b;
    case 10: return un || a > b;
    case 11: return un || a >= b;
    case 12: return !un;
    default: return un;
    }
}

/* f32 pairs a, b and f64 pairs: every pair of the 32 specials, then random (some equal) */
static void special_pairs(oc_case *c, float *f, double *d, int n) {
    const int ns = (int)oc_n_special_f32, nd = (int)oc_n_special_f64;
    for (int i = 0; i < n; i++) {
        if (i < ns * ns) {
            f[2 * i] = u2f(oc_special_f32[i / ns]);
            f[2 * i + 1] = u2f(oc_special_f32[i % ns]);
        } else {
            f[2 * i] = wide32(c, 0, 255);
            f[2 * i + 1] = i % 3 ? wide32(c, 0, 255) : f[2 * i];
        }
        if (i < nd * nd) {
            d[2 * i] = u2d(oc_special_f64[i / nd]);
            d[2 * i + 1] = u2d(oc_special_f64[i % nd]);
        } else {
            d[2 * i] = wide64(c, 0, 2047);
            d[2 * i + 1] = i % 3 ? wide64(c, 0, 2047) : -d[2 * i];
        }
    }
}

void case_setp_float(oc_case *c) {
    enum { N = 1280, BS = 128, K = 4 };
    oc_kernel(c, "setp_float");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *f = oc_in(c, "f", OT_F32, 2 * N);
    double *d = oc_in(c, "d", OT_F64, 2 * N);
    special_pairs(c, f, d, N);
    oc_fill(c, "out", OT_U32, K * N, 0);
    oc_p_buf(c, "f");
    oc_p_buf(c, "d");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        float a = f[2 * i], b = f[2 * i + 1];
        double da = d[2 * i], db = d[2 * i + 1];
        uint32_t *r = o + K * i;
        for (int k = 0; k < 14; k++) {
            r[0] |= (uint32_t)fcmp(a, b, k) << k;
            r[1] |= (uint32_t)fcmp(ftz_in(a), ftz_in(b), k) << k;
            r[2] |= (uint32_t)fcmp(da, db, k) << k;
        }
        int p1 = !isnan(a), le = fcmp(a, b, 3);
        r[3] = (uint32_t)((fcmp(a, b, 2) && p1) | (fcmp(da, db, 10) || !p1) << 1 | (le ^ p1) << 2 | (!le ^ p1) << 3);
    }
}

/* ---------------- testp_minmax ---------------- */
static uint32_t classify(double x, int is_f32) {
    int nan = isnan(x) != 0, inf = isinf(x) != 0, sub = fpclassify(x) == FP_SUBNORMAL;
    if (is_f32 && !nan && !inf && x != 0 && fabs(x) < 0x1p-126) sub = 1;
    int normal = !nan && !inf && !sub; /* "positive and negative zero are considered normal" (ISA) */
    return (uint32_t)(!nan && !inf) | (uint32_t)inf << 1 | (uint32_t)!nan << 2 | (uint32_t)nan << 3 |
        (uint32_t)normal << 4 | (uint32_t)sub << 5;
}
static float minmax32(float a, float b, int is_max) {
    if (isnan(a) && isnan(b)) return u2f(OC_CNAN32);
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == b) return (signbit(a) != 0) != is_max ? a : b; /* +-0: min takes -0, max +0 */
    return (a < b) != is_max ? a : b;
}

void case_testp_minmax(oc_case *c) {
    enum { N = 1280, BS = 128, K = 12 };
    oc_kernel(c, "testp_minmax");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *f = oc_in(c, "f", OT_F32, 2 * N);
    double *d = oc_in(c, "d", OT_F64, 2 * N);
    special_pairs(c, f, d, N);
    oc_fill(c, "out", OT_U32, K * N, 0);
    oc_p_buf(c, "f");
    oc_p_buf(c, "d");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        float a = f[2 * i], b = f[2 * i + 1];
        double da = d[2 * i], db = d[2 * i + 1];
        uint32_t *r = o + K * i;
        r[0] = classify(a, 1) | classify(da, 0) << 8;
        r[1] = (f2u(a) & 0x80000000u) | (f2u(b) & 0x7fffffffu);
        uint64_t cs = (d2u(da) & 0x8000000000000000ull) | (d2u(db) & 0x7fffffffffffffffull);
        r[2] = (uint32_t)cs;
        r[3] = (uint32_t)(cs >> 32);
        r[4] = isnan(a) ? OC_CNAN32 : f2u(a) & 0x7fffffffu;
        r[5] = isnan(b) ? OC_CNAN32 : f2u(b) ^ 0x80000000u;
        r[6] = f2u(minmax32(a, b, 0));
        r[7] = f2u(minmax32(a, b, 1));
        r[8] = isnan(a) || isnan(b) ? OC_CNAN32 : f2u(minmax32(a, b, 0));
        r[9] = f2u(minmax32(ftz_in(a), ftz_in(b), 1));
        double m;
        if (isnan(da) && isnan(db)) m = quiet64(db);
        else if (isnan(da)) m = db;
        else if (isnan(db)) m = da;
        else if (da == db) m = signbit(da) ? da : db;
        else m = da < db ? da : db;
        r[10] = (uint32_t)d2u(m);
        r[11] = (uint32_t)(d2u(m) >> 32);
    }
}
