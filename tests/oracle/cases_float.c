/* Oracles: floating-point semantics (f64 kernels, conversions, min/max/abs/copysign, IEEE sqrt
 * and division in all rounding modes).
 *
 * NaN and saturation conventions mirrored here, as measured on an H200 (docs/corpus.md):
 *  - f32 arithmetic (add, mul, fma, div, sqrt, rcp, abs, min/max of two NaNs) returns the
 *    canonical NaN 0x7fffffff;
 *  - f64 arithmetic propagates the first NaN operand with its quiet bit set and returns
 *    0xfff8000000000000 for invalid operations (f64_res*); abs.f64 quietens and clears the
 *    sign; min/max.f64 of two NaNs return the second operand, quietened;
 *  - cvt f32<->f64 keeps a NaN's sign and the top of its payload and sets the quiet bit;
 *    cvt f32->f16 returns 0x7fff;
 *  - float -> integer conversions saturate; NaN becomes 0 for f32 -> 32-bit integers but the
 *    most negative / top-bit pattern (0x80000000, 0x8000000000000000) for f64 sources and
 *    for 64-bit destinations;
 *  - min/max return the non-NaN operand when exactly one operand is NaN, and order -0 < +0;
 *  - copysign is a pure bit operation. */
#define _GNU_SOURCE
#include "oracle.h"

#include <fenv.h>
#include <float.h>

/* ---------------- rounding helpers ---------------- */
enum { RN, RZ, RM, RP };

/* NaN conversions between f32 and f64: sign and leading payload bits kept, quiet bit set */
static float nan_f64_to_f32(double d) {
    uint64_t u = d2u(d);
    return u2f((uint32_t)(u >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(u >> 29 & 0x3fffffu));
}
static double nan_f32_to_f64(float f) {
    uint32_t u = f2u(f);
    return u2d((uint64_t)(u & 0x80000000u) << 32 | 0x7ff8000000000000ull | (uint64_t)(u & 0x3fffffu) << 29);
}

/* round the exactly known value v (long double holds every f64 and 64-bit integer) to f32 */
static float round_f32(long double v, int mode) {
    float f = (float)v; /* round to nearest even */
    if (mode == RZ && fabsl((long double)f) > fabsl(v)) f = nextafterf(f, 0.0f);
    if (mode == RM && (long double)f > v) f = nextafterf(f, -INFINITY);
    if (mode == RP && (long double)f < v) f = nextafterf(f, INFINITY);
    return f;
}

/* cvt.f32.f64 */
static float d2f(double d, int mode) { return isnan(d) ? nan_f64_to_f32(d) : round_f32(d, mode); }

static double round_f64(long double v, int mode) {
    double d = (double)v;
    if (mode == RZ && fabsl((long double)d) > fabsl(v)) d = nextafter(d, 0.0);
    if (mode == RM && (long double)d > v) d = nextafter(d, -INFINITY);
    if (mode == RP && (long double)d < v) d = nextafter(d, INFINITY);
    return d;
}

/* integer rounding of a finite value */
static long double round_int(long double v, int mode) {
    switch (mode) {
    case RN: return nearbyintl(v); /* default mode: ties to even */
    case RZ: return truncl(v);
    case RM: return floorl(v);
    default: return ceill(v);
    }
}

/* NaN results of float -> integer conversions (see the header comment) */
static int nan_to_zero; /* 1 for an f32 source and a 32-bit destination */

static int32_t cvt_s32(long double v, int mode) {
    if (isnan(v)) return nan_to_zero ? 0 : INT32_MIN;
    v = round_int(v, mode);
    if (v >= 2147483647.0L) return INT32_MAX;
    if (v <= -2147483648.0L) return INT32_MIN;
    return (int32_t)v;
}

static uint32_t cvt_u32(long double v, int mode) {
    if (isnan(v)) return nan_to_zero ? 0 : 0x80000000u;
    v = round_int(v, mode);
    if (v >= 4294967295.0L) return UINT32_MAX;
    if (v <= 0) return 0;
    return (uint32_t)v;
}

static int64_t cvt_s64(long double v, int mode) {
    if (isnan(v)) return INT64_MIN;
    v = round_int(v, mode);
    if (v >= 9223372036854775807.0L) return INT64_MAX;
    if (v <= -9223372036854775808.0L) return INT64_MIN;
    return (int64_t)v;
}

static uint64_t cvt_u64(long double v, int mode) {
    if (isnan(v)) return 0x8000000000000000ull;
    v = round_int(v, mode);
    if (v >= 18446744073709551615.0L) return UINT64_MAX;
    if (v <= 0) return 0;
    return (uint64_t)v;
}

/* f32 -> f16, round to nearest even; NaN -> canonical f16 NaN */
#define OC_CNAN16 0x7fffu
static uint16_t f32_to_f16(float f) {
    uint32_t x = f2u(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    if (isnan(f)) return OC_CNAN16;
    double v = fabs((double)f);
    if (v >= 65520.0) return sign | 0x7c00u; /* rounds to infinity */
    if (v < 0x1p-14) {
        double n = nearbyint(v * 0x1p24); /* subnormal quantum 2^-24; 1024 means min normal */
        return sign | (uint16_t)n;
    }
    int ex;
    frexp(v, &ex); /* v = m * 2^ex, m in [0.5, 1) */
    int e = ex - 1;
    double n = nearbyint(ldexp(v, 10 - e)); /* in [1024, 2048] */
    if (n >= 2048) {
        n = 1024;
        e++;
    }
    if (e + 15 >= 31) return sign | 0x7c00u;
    return sign | (uint16_t)(((e + 15) << 10) | ((int)n - 1024));
}

static float f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ffu;
    if (e == 31) return u2f(sign | 0x7f800000u | (m << 13));
    float v = e == 0 ? ldexpf((float)m, -24) : ldexpf((float)(m | 0x400u), (int)e - 25);
    return sign ? -v : v;
}

/* ---------------- min / max ---------------- */
static float min_f32(float a, float b) {
    if (isnan(a) && isnan(b)) return u2f(OC_CNAN32);
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == 0 && b == 0) return signbit(a) ? a : b;
    return a < b ? a : b;
}
static float max_f32(float a, float b) {
    if (isnan(a) && isnan(b)) return u2f(OC_CNAN32);
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == 0 && b == 0) return signbit(a) ? b : a;
    return a > b ? a : b;
}
static double min_f64(double a, double b) {
    if (isnan(a) && isnan(b)) return quiet64(b);
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == 0 && b == 0) return signbit(a) ? a : b;
    return a < b ? a : b;
}
static double max_f64(double a, double b) {
    if (isnan(a) && isnan(b)) return quiet64(b);
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == 0 && b == 0) return signbit(a) ? b : a;
    return a > b ? a : b;
}
static float abs_f32(float a) { return isnan(a) ? u2f(OC_CNAN32) : u2f(f2u(a) & 0x7fffffffu); }
static float copysign_f32(float mag, float sgn) { return u2f((f2u(mag) & 0x7fffffffu) | (f2u(sgn) & 0x80000000u)); }
static double abs_f64(double a) {
    return isnan(a) ? u2d(d2u(quiet64(a)) & 0x7fffffffffffffffull) : u2d(d2u(a) & 0x7fffffffffffffffull);
}
static double copysign_f64(double mag, double sgn) {
    return u2d((d2u(mag) & 0x7fffffffffffffffull) | (d2u(sgn) & 0x8000000000000000ull));
}

/* ---------------- IEEE operations in a given rounding mode ---------------- */
static const int fe_mode[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

static float sqrt32(float x, int mode) {
    volatile float vx = x, r;
    fesetround(fe_mode[mode]);
    r = sqrtf(vx);
    fesetround(FE_TONEAREST);
    return canon32(r);
}
static float div32(float x, float y, int mode) {
    volatile float vx = x, vy = y, r;
    fesetround(fe_mode[mode]);
    r = vx / vy;
    fesetround(FE_TONEAREST);
    return canon32(r);
}
static double sqrt64(double x, int mode) {
    volatile double vx = x, r;
    fesetround(fe_mode[mode]);
    r = sqrt(vx);
    fesetround(FE_TONEAREST);
    return f64_res1(r, x);
}
static double div64(double x, double y, int mode) {
    volatile double vx = x, vy = y, r;
    fesetround(fe_mode[mode]);
    r = vx / vy;
    fesetround(FE_TONEAREST);
    return f64_res2(r, x, y);
}

/* random f32 with a wide exponent range (finite) */
static float wide_f32(oc_case *c, int lo_exp, int hi_exp) {
    uint32_t m = oc_rand32(c) & 0x7fffffu;
    uint32_t e = (uint32_t)oc_range(c, lo_exp, hi_exp) & 0xffu;
    uint32_t s = oc_rand32(c) & 0x80000000u;
    return u2f(s | (e << 23) | m);
}
static double wide_f64(oc_case *c, int lo_exp, int hi_exp) {
    uint64_t m = oc_rand64(c) & 0xfffffffffffffull;
    uint64_t e = (uint64_t)oc_range(c, lo_exp, hi_exp) & 0x7ffu;
    uint64_t s = oc_rand64(c) & 0x8000000000000000ull;
    return u2d(s | (e << 52) | m);
}

/* ---------------- cases ---------------- */

/* daxpy: y = fma(a, x, y) in f64 */
void case_daxpy(oc_case *c) {
    enum { N = 3000, BS = 128, G = 4 };
    const double alpha = 2.0 / 3.0;
    oc_kernel(c, "daxpy");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    double *x = oc_in(c, "x", OT_F64, N);
    double *y = oc_in(c, "y", OT_F64, N);
    for (int i = 0; i < N; i++) {
        x[i] = oc_uniform(c, -1e3, 1e3);
        y[i] = oc_uniform(c, -1e3, 1e3);
    }
    x[0] = u2d(0x7ff0000000000000ull); /* inf */
    x[1] = u2d(0x0000000000000005ull); /* subnormal */
    y[1] = u2d(0x8000000000000003ull);
    x[2] = 1e308;
    y[2] = 1e308; /* overflow to inf */
    x[3] = 3.0;
    y[3] = -2.0; /* fma keeps the tiny residual */
    oc_p_s32(c, N);
    oc_p_f64(c, alpha);
    oc_p_buf(c, "x");
    oc_p_buf(c, "y");
    double *o = oc_out(c, "y");
    for (int i = 0; i < N; i++) o[i] = f64_res3(fma(alpha, x[i], y[i]), alpha, x[i], y[i]);
}

/* reduce_f64: per block sum and fma-accumulated sum of squares, mirrored order */
void case_reduce_f64(oc_case *c) {
    enum { N = 4000, BS = 128, G = 6 };
    oc_kernel(c, "reduce_f64");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    double *in = oc_in(c, "in", OT_F64, N);
    for (int i = 0; i < N; i++) in[i] = oc_uniform(c, -1.0, 1.0) * (double)(1 << (i % 20));
    oc_fill(c, "out", OT_F64, 2 * G, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    double *o = oc_out(c, "out");
    for (int b = 0; b < G; b++) {
        double s1[BS], s2[BS];
        for (int t = 0; t < BS; t++) {
            double a = 0.0, q = 0.0;
            for (int i = b * BS + t; i < N; i += BS * G) {
                a += in[i];
                q = fma(in[i], in[i], q);
            }
            s1[t] = a;
            s2[t] = q;
        }
        for (int st = BS / 2; st > 0; st >>= 1)
            for (int t = 0; t < st; t++) {
                s1[t] += s1[t + st];
                s2[t] += s2[t + st];
            }
        o[2 * b] = s1[0];
        o[2 * b + 1] = s2[0];
    }
}

/* convert: every conversion in convert.cu */
void case_convert(oc_case *c) {
    enum { N = 384, BS = 128 };
    oc_kernel(c, "convert");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *f = oc_in(c, "f", OT_F32, N);
    double *d = oc_in(c, "d", OT_F64, N);
    int32_t *k = oc_in(c, "k", OT_S32, N);
    int64_t *k64 = oc_in(c, "k64", OT_S64, N);
    static const int32_t ek[] = {0,        1,         -1,         INT32_MAX,  INT32_MIN,  16777216,
                                 16777217, -16777217, 16777219,   0x7fffffbf, 0x7fffffc0, -0x7fffffc0,
                                 33554435, -33554435, 0x40000001, 123456789};
    static const int64_t ek64[] = {0,
                                   1,
                                   -1,
                                   INT64_MAX,
                                   INT64_MIN,
                                   (1ll << 53) + 1,
                                   -(1ll << 53) - 1,
                                   (1ll << 24) + 1,
                                   0x7fffff8000000000ll,
                                   0x7fffff7fffffffffll,
                                   -0x7fffff8000000001ll,
                                   (1ll << 62) + (1ll << 38) + 1,
                                   1234567890123456789ll,
                                   -987654321987654321ll,
                                   (1ll << 32) - 1,
                                   (1ll << 54) + 3};
    for (int i = 0; i < N; i++) {
        if (i < (int)oc_n_special_f32) f[i] = u2f(oc_special_f32[i]);
        else if (i < 64) f[i] = (float)oc_range(c, -20, 20) + 0.5f;               /* ties */
        else if (i < 128) f[i] = wide_f32(c, 100, 200);                           /* large magnitudes, many saturate */
        else if (i < 160) f[i] = wide_f32(c, 0, 20);                              /* subnormal and tiny */
        else if (i < 192) f[i] = u2f(0x4f000000u + (uint32_t)oc_range(c, -8, 8)); /* around 2^31 */
        else f[i] = oc_uniformf(c, -70000.0f, 70000.0f);

        if (i < (int)oc_n_special_f64) d[i] = u2d(oc_special_f64[i]);
        else if (i < 64) d[i] = (double)oc_range(c, -20, 20) + 0.5;
        else if (i < 128) d[i] = wide_f64(c, 1000, 1100);
        else if (i < 160) d[i] = wide_f64(c, 0x380 - 40, 0x380 + 2); /* around the f32 subnormal range */
        else if (i < 192)
            d[i] = u2d(0x47efffffe0000000ull + (uint64_t)oc_range(c, -0x10000000, 0x10000000)); /* ~FLT_MAX */
        else if (i < 256) d[i] = oc_uniform(c, -5e9, 5e9);
        else d[i] = oc_uniform(c, -1e5, 1e5);

        k[i] = i < 16 ? ek[i] : (int32_t)oc_rand32(c);
        if (i < 16) {
            k64[i] = ek64[i];
        } else {
            int64_t v = (int64_t)oc_rand64(c);
            uint32_t sh = oc_rand32(c) % 40;
            k64[i] = v >> sh;
        }
    }
    oc_fill(c, "oi", OT_S32, 10 * N, 0);
    oc_fill(c, "ol", OT_S64, 3 * N, 0);
    oc_fill(c, "of", OT_F32, 12 * N, 0);
    oc_fill(c, "od", OT_F64, 4 * N, 0);
    oc_fill(c, "oh", OT_U16, 2 * N, 0);
    const char *names[] = {"f", "d", "k", "k64", "oi", "ol", "of", "od", "oh"};
    for (int i = 0; i < 9; i++) oc_p_buf(c, names[i]);
    oc_p_s32(c, N);
    int32_t *oi = oc_out(c, "oi");
    int64_t *ol = oc_out(c, "ol");
    float *of = oc_out(c, "of");
    double *od = oc_out(c, "od");
    uint16_t *oh = oc_out(c, "oh");
    for (int i = 0; i < N; i++) {
        long double x = f[i], y = d[i];
        int32_t z = k[i];
        int64_t w = k64[i];
        int32_t *pi = oi + 10 * i;
        nan_to_zero = 1; /* f32 -> 32-bit */
        pi[0] = cvt_s32(x, RN);
        pi[1] = cvt_s32(x, RZ);
        pi[2] = cvt_s32(x, RM);
        pi[3] = cvt_s32(x, RP);
        pi[4] = (int32_t)cvt_u32(x, RN);
        pi[5] = (int32_t)cvt_u32(x, RZ);
        nan_to_zero = 0; /* f64 source */
        pi[6] = cvt_s32(y, RN);
        pi[7] = cvt_s32(y, RZ);
        pi[8] = (int32_t)cvt_u32(y, RM);
        pi[9] = cvt_s32(y, RP);
        int64_t *pl = ol + 3 * i;
        pl[0] = cvt_s64(x, RN);
        pl[1] = cvt_s64(x, RZ);
        pl[2] = (int64_t)cvt_u64(y, RZ);
        float *pf = of + 12 * i;
        pf[0] = round_f32(z, RN);
        pf[1] = round_f32(z, RZ);
        pf[2] = round_f32(z, RM);
        pf[3] = round_f32(z, RP);
        pf[4] = round_f32((uint32_t)z, RN);
        pf[5] = round_f32(w, RN);
        pf[6] = round_f32((uint64_t)w, RZ);
        pf[7] = d2f(d[i], RN);
        pf[8] = d2f(d[i], RZ);
        pf[9] = d2f(d[i], RM);
        pf[10] = d2f(d[i], RP);
        /* cvt.sat.f32.f32: clamp to [0, 1], NaN -> +0 */
        float fx = f[i];
        pf[11] = isnan(fx) ? 0.0f : (fx <= 0.0f ? 0.0f : (fx >= 1.0f ? 1.0f : fx));
        double *pd = od + 4 * i;
        pd[0] = isnan(fx) ? nan_f32_to_f64(fx) : (double)fx;
        pd[1] = (double)z;
        pd[2] = round_f64(w, RN);
        pd[3] = round_f64((uint64_t)w, RM);
        uint16_t h = f32_to_f16(fx);
        oh[2 * i] = h;
        oh[2 * i + 1] = f32_to_f16(canon32(f16_to_f32(h) * 3.0f));
    }
}

/* fminmax: min/max/abs/copysign over special pairs */
void case_fminmax(oc_case *c) {
    enum { BS = 128 };
    const int ns = (int)oc_n_special_f32, nd = (int)oc_n_special_f64;
    const int N = 1536;
    oc_kernel(c, "fminmax");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *a = oc_in(c, "a", OT_F32, N);
    float *b = oc_in(c, "b", OT_F32, N);
    double *da = oc_in(c, "da", OT_F64, N);
    double *db = oc_in(c, "db", OT_F64, N);
    for (int i = 0; i < N; i++) {
        if (i < ns * ns) {
            a[i] = u2f(oc_special_f32[i / ns]);
            b[i] = u2f(oc_special_f32[i % ns]);
        } else {
            a[i] = wide_f32(c, 0, 254);
            b[i] = (i & 1) ? -a[i] : wide_f32(c, 0, 254);
        }
        if (i < nd * nd) {
            da[i] = u2d(oc_special_f64[i / nd]);
            db[i] = u2d(oc_special_f64[i % nd]);
        } else {
            da[i] = wide_f64(c, 0, 2046);
            db[i] = wide_f64(c, 0, 2046);
        }
    }
    oc_fill(c, "of", OT_F32, 5 * N, 0);
    oc_fill(c, "od", OT_F64, 3 * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "da");
    oc_p_buf(c, "db");
    oc_p_buf(c, "of");
    oc_p_buf(c, "od");
    oc_p_s32(c, N);
    float *of = oc_out(c, "of");
    double *od = oc_out(c, "od");
    for (int i = 0; i < N; i++) {
        float x = a[i], y = b[i];
        float *o = of + 5 * i;
        o[0] = min_f32(x, y);
        o[1] = max_f32(x, y);
        o[2] = abs_f32(y);
        o[3] = copysign_f32(x, y);
        o[4] = max_f32(min_f32(x, 1.0f), -1.0f);
        double *p = od + 3 * i;
        p[0] = min_f64(da[i], db[i]);
        p[1] = max_f64(da[i], db[i]);
        p[2] = copysign_f64(abs_f64(da[i]), db[i]);
    }
}

/* sqrtdiv: correctly rounded sqrt/div/rcp in each rounding mode (host FPU under fesetround) */
void case_sqrtdiv(oc_case *c) {
    enum { BS = 128 };
    const int ns = (int)oc_n_special_f32, nd = (int)oc_n_special_f64;
    const int N = 1536;
    oc_kernel(c, "sqrtdiv");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    float *a = oc_in(c, "a", OT_F32, N);
    float *b = oc_in(c, "b", OT_F32, N);
    double *da = oc_in(c, "da", OT_F64, N);
    double *db = oc_in(c, "db", OT_F64, N);
    for (int i = 0; i < N; i++) {
        if (i < ns * ns) {
            a[i] = u2f(oc_special_f32[i / ns]);
            b[i] = u2f(oc_special_f32[i % ns]);
        } else if (i < 1280) {
            a[i] = wide_f32(c, 0, 254);
            b[i] = wide_f32(c, 0, 254);
        } else {
            a[i] = fabsf(wide_f32(c, 100, 150));
            b[i] = wide_f32(c, 110, 140);
        }
        if (i < nd * nd) {
            da[i] = u2d(oc_special_f64[i / nd]);
            db[i] = u2d(oc_special_f64[i % nd]);
        } else {
            da[i] = wide_f64(c, 0, 2046);
            db[i] = wide_f64(c, 0, 2046);
            if (i & 1) da[i] = fabs(da[i]);
        }
    }
    oc_fill(c, "of", OT_F32, 10 * N, 0);
    oc_fill(c, "od", OT_F64, 5 * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "da");
    oc_p_buf(c, "db");
    oc_p_buf(c, "of");
    oc_p_buf(c, "od");
    oc_p_s32(c, N);
    float *of = oc_out(c, "of");
    double *od = oc_out(c, "od");
    for (int i = 0; i < N; i++) {
        float x = a[i], y = b[i];
        float *o = of + 10 * i;
        o[0] = sqrt32(x, RN);
        o[1] = div32(x, y, RN);
        o[2] = div32(1.0f, y, RN);
        o[3] = sqrt32(x, RZ);
        o[4] = sqrt32(x, RP);
        o[5] = sqrt32(x, RM);
        o[6] = div32(x, y, RZ);
        o[7] = div32(x, y, RP);
        o[8] = div32(x, y, RM);
        o[9] = div32(1.0f, y, RM);
        double u = da[i], v = db[i];
        double *p = od + 5 * i;
        p[0] = sqrt64(u, RN);
        p[1] = div64(u, v, RN);
        p[2] = div64(1.0, v, RN);
        p[3] = sqrt64(u, RP);
        p[4] = div64(u, v, RZ);
    }
}
