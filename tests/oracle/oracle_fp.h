/* oracle_fp.h — floating-point helpers shared by the oracles of hand-written and LLVM kernels:
 * IEEE operations under a chosen rounding mode (host FPU and fesetround), the GPU's .ftz, .sat
 * and f64 NaN rules (docs/numerics.md), exact rounding into f16/bf16, float <-> integer
 * conversions with the GPU's saturation and NaN results. */
#ifndef PS_ORACLE_FP_H
#define PS_ORACLE_FP_H

#include <fenv.h>

#include "oracle.h"

enum { RN, RZ, RM, RP };
static inline int fe_mode(int m) {
    static const int modes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
    return modes[m];
}

/* random float of the given biased-exponent range, random sign */
static inline float wide32(oc_case *c, int lo, int hi) {
    uint32_t m = oc_rand32(c) & 0x7fffffu;
    uint32_t e = (uint32_t)oc_range(c, lo, hi);
    uint32_t s = oc_rand32(c) & 0x80000000u;
    return u2f(s | e << 23 | m);
}
static inline double wide64(oc_case *c, int lo, int hi) {
    uint64_t m = oc_rand64(c) & 0xfffffffffffffull;
    uint64_t e = (uint64_t)oc_range(c, lo, hi);
    uint64_t s = oc_rand64(c) & 0x8000000000000000ull;
    return u2d(s | e << 52 | m);
}

/* one f32 IEEE operation in a rounding mode: 0 add, 1 sub, 2 mul, 3 div, 4 fma, 5 sqrt */
static inline float op32(int op, float a, float b, float c, int mode) {
    volatile float va = a, vb = b, vc = c, r;
    fesetround(fe_mode(mode));
    switch (op) {
    case 0: r = va + vb; break;
    case 1: r = va - vb; break;
    case 2: r = va * vb; break;
    case 3: r = va / vb; break;
    case 4: r = fmaf(va, vb, vc); break;
    default: r = sqrtf(va); break;
    }
    fesetround(FE_TONEAREST);
    return r;
}
static inline double op64(int op, double a, double b, double c, int mode) {
    volatile double va = a, vb = b, vc = c, r;
    fesetround(fe_mode(mode));
    switch (op) {
    case 0: r = va + vb; break;
    case 1: r = va - vb; break;
    case 2: r = va * vb; break;
    case 3: r = va / vb; break;
    case 4: r = fma(va, vb, vc); break;
    default: r = sqrt(va); break;
    }
    fesetround(FE_TONEAREST);
    return r;
}

static inline float ftz_in(float x) { return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x; }
/* .sat: [+0, 1], NaN and -0 to +0 */
static inline float sat01(float x) {
    if (isnan(x) || x <= 0.0f) return 0.0f;
    return x > 1.0f ? 1.0f : x;
}

/* mul.rnd.ftz.f32: the result is flushed when it is tiny after rounding to 24 bits with an
 * unbounded exponent (docs/numerics.md section 4); the product of two floats is exact in double */
static inline float mul32_ftz(float a, float b, int mode) {
    a = ftz_in(a);
    b = ftz_in(b);
    float r = op32(2, a, b, 0, mode);
    if (isnan(r)) return u2f(OC_CNAN32);
    double p = (double)a * b;
    if (p != 0 && fabs(p) < 0x1p-125) {
        volatile double vp = p * 0x1p200;
        volatile float f;
        fesetround(fe_mode(mode));
        f = (float)vp;
        fesetround(FE_TONEAREST);
        if (fabsf(f) < 0x1p74f) return copysignf(0.0f, r);
    }
    return r;
}

/* f64 NaN propagation measured on the H200 (docs/numerics.md section 3): add/sub/mul take the
 * NaN of b, else of a; fma b, then c, then a; div a, then b; always quietened. abs.f64 of a NaN
 * quietens it and leaves the sign alone. */
static inline double nan_ba(double r, double a, double b) { return f64_res2(r, b, a); }
static inline double nan_bca(double r, double a, double b, double c) { return f64_res3(r, b, c, a); }

/* ---------------- small formats: f16 (p = 11, emin = -14) and bf16 (p = 8, emin = -126) ---------- */
typedef struct {
    int p, emin, emax, ebits;
    uint16_t cnan;
} small_fmt;
#define FMT_F16  (&(const small_fmt){11, -14, 15, 5, 0x7fff})
#define FMT_BF16 (&(const small_fmt){8, -126, 127, 8, 0x7fff})

static inline double small_decode(const small_fmt *f, uint16_t h) {
    int mbits = f->p - 1, bias = f->emax;
    uint32_t e = (h >> mbits) & ((1u << f->ebits) - 1), m = h & ((1u << mbits) - 1);
    double s = h & 0x8000 ? -1.0 : 1.0;
    if (e == (1u << f->ebits) - 1) return m ? NAN : s * INFINITY;
    if (e == 0) return s * ldexp(m, f->emin - mbits);
    return s * ldexp(m + (1u << mbits), (int)e - bias - mbits);
}
static inline int small_isnan(const small_fmt *f, uint16_t h) {
    int mbits = f->p - 1;
    uint32_t emask = (1u << f->ebits) - 1;
    return ((h >> mbits) & emask) == emask && (h & ((1u << mbits) - 1));
}

/* Round the exact value x (a double, or a double made sticky by round-to-odd) to the format in
 * the given mode; NaN gives the canonical NaN. */
static inline uint16_t small_round(const small_fmt *f, double x, int mode) {
    if (isnan(x)) return f->cnan;
    uint16_t sign = signbit(x) ? 0x8000 : 0;
    int mbits = f->p - 1, bias = f->emax;
    uint16_t inf = (uint16_t)(sign | ((1u << f->ebits) - 1) << mbits);
    uint16_t maxv = (uint16_t)(inf - 1);
    if (isinf(x)) return inf;
    double ax = fabs(x);
    if (ax == 0) return sign;
    int E;
    frexp(ax, &E); /* ax = m * 2^E, m in [0.5, 1): leading bit 2^(E-1) */
    int lead = E - 1 < f->emin ? f->emin : E - 1;
    int q = lead - mbits;
    double scaled = ldexp(ax, -q), n = floor(scaled), frac = scaled - n;
    int up;
    switch (mode) {
    case RN: up = frac > 0.5 || (frac == 0.5 && fmod(n, 2.0) != 0); break;
    case RZ: up = 0; break;
    case RM: up = sign && frac > 0; break;
    default: up = !sign && frac > 0; break;
    }
    n += up;
    double v = ldexp(n, q);
    if (v >= ldexp(1.0, f->emax + 1)) { /* overflow */
        if (mode == RN) return inf;
        if (mode == RZ) return maxv;
        if (mode == RM) return sign ? inf : maxv;
        return sign ? maxv : inf;
    }
    if (v < ldexp(1.0, f->emin)) return (uint16_t)(sign | (uint16_t)n); /* subnormal or zero */
    frexp(v, &E);
    uint32_t e = (uint32_t)(E - 1 + bias);
    uint32_t m = (uint32_t)(ldexp(v, -(E - 1) + mbits)) - (1u << mbits);
    return (uint16_t)(sign | e << mbits | m);
}

/* a*b+c rounded once: fma in double toward zero with the inexact flag folded into the last bit
 * (round to odd; 53 >= p + 2 bits, so the second rounding is exact) */
static inline double fma_odd(double a, double b, double c) {
    volatile double va = a, vb = b, vc = c, r;
    feclearexcept(FE_INEXACT);
    fesetround(FE_TOWARDZERO);
    r = fma(va, vb, vc);
    int inexact = fetestexcept(FE_INEXACT) != 0;
    fesetround(FE_TONEAREST);
    if (inexact && isfinite(r)) r = u2d(d2u(r) | 1);
    return r;
}

static inline uint16_t small_sat(const small_fmt *f, uint16_t h) {
    if (small_isnan(f, h) || (h & 0x8000)) return 0;
    return small_decode(f, h) > 1.0 ? small_round(f, 1.0, RN) : h;
}
static inline uint16_t small_neg(const small_fmt *f, uint16_t h) { return small_isnan(f, h) ? f->cnan : h ^ 0x8000; }
static inline uint16_t small_abs(const small_fmt *f, uint16_t h) { return small_isnan(f, h) ? f->cnan : h & 0x7fff; }
/* min: one NaN gives the other operand, two give the canonical NaN; -0 < +0 */
static inline uint16_t small_minmax(const small_fmt *f, uint16_t a, uint16_t b, int is_max, int nan_mode) {
    int na = small_isnan(f, a), nb = small_isnan(f, b);
    if (na && nb) return f->cnan;
    if (na || nb) return nan_mode ? f->cnan : na ? b : a;
    double x = small_decode(f, a), y = small_decode(f, b);
    if (x == y) { /* equal values: only +-0 differ */
        int a_neg = (a & 0x8000) != 0;
        return is_max ? (a_neg ? b : a) : (a_neg ? a : b);
    }
    return (x < y) != is_max ? a : b;
}
static inline uint16_t small_add(const small_fmt *f, uint16_t a, uint16_t b) {
    return small_round(f, small_decode(f, a) + small_decode(f, b), RN); /* exact in double */
}
static inline uint16_t small_sub(const small_fmt *f, uint16_t a, uint16_t b) {
    return small_round(f, small_decode(f, a) - small_decode(f, b), RN);
}
static inline uint16_t small_mul(const small_fmt *f, uint16_t a, uint16_t b) {
    return small_round(f, small_decode(f, a) * small_decode(f, b), RN);
}
static inline uint16_t small_fma(const small_fmt *f, uint16_t a, uint16_t b, uint16_t c) {
    return small_round(f, fma_odd(small_decode(f, a), small_decode(f, b), small_decode(f, c)), RN);
}

/* x rounded to an integral value in a mode (exact: nearbyint of the exact double) */
static inline double rint_mode(double x, int mode) {
    volatile double v = x, r;
    fesetround(fe_mode(mode));
    r = nearbyint(v);
    fesetround(FE_TONEAREST);
    return r;
}
/* float -> integer: exact rounding then clamping; NaN gives nan_val (docs/numerics.md section 3) */
static inline int64_t f2i(double x, int mode, double lo, double hi, int64_t ilo, int64_t ihi, int64_t nan_val) {
    if (isnan(x)) return nan_val;
    double r = rint_mode(x, mode);
    if (r <= lo) return ilo;
    if (r >= hi) return ihi;
    return (int64_t)r;
}
static inline uint64_t f2u64(double x, int mode, double hi, uint64_t uhi, uint64_t nan_val) {
    if (isnan(x)) return nan_val;
    double r = rint_mode(x, mode);
    if (r <= 0) return 0;
    if (r >= hi) return uhi;
    return (uint64_t)r;
}
/* |m| (sign separate) rounded to p significant bits in a mode, returned exactly as a double */
static inline double round_int(uint64_t m, int neg, int p, int mode) {
    if (m == 0) return 0.0; /* integer zero converts to +0 */
    int bits = 64 - (int)oc_clz64(m);
    uint64_t q = m, rem = 0, half = 0;
    int sh = bits > p ? bits - p : 0;
    if (sh) {
        q = m >> sh;
        rem = m & ((1ull << sh) - 1);
        half = 1ull << (sh - 1);
    }
    int up;
    switch (mode) {
    case RN: up = rem > half || (rem == half && sh && (q & 1)); break;
    case RZ: up = 0; break;
    case RM: up = neg && rem; break;
    default: up = !neg && rem; break;
    }
    double v = ldexp((double)(q + (uint64_t)up), sh);
    return neg ? -v : v;
}
static inline uint32_t f64_to_f32_bits(double d, int mode) {
    if (isnan(d)) { /* sign and the top 22 payload bits kept, quiet bit set */
        uint64_t u = d2u(d);
        return (uint32_t)(u >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(u >> 29 & 0x3fffffu);
    }
    volatile double v = d;
    volatile float r;
    fesetround(fe_mode(mode));
    r = (float)v;
    fesetround(FE_TONEAREST);
    return f2u(r);
}
static inline uint64_t f32_to_f64_bits(float x) {
    uint32_t u = f2u(x);
    if (isnan(x)) /* sign kept, payload shifted into the top of the fraction, quiet bit set */
        return (uint64_t)(u & 0x80000000u) << 32 | 0x7ff8000000000000ull | (uint64_t)(u & 0x7fffffu) << 29;
    return d2u((double)x);
}

#endif
