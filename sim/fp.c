/* fp.c — PTX floating-point semantics, bit-exact where the ISA defines the result.
 *
 * Two engines:
 *  - IEEE-rounded f32/f64 arithmetic runs on the host's SSE unit under fesetround() (this file
 *    is compiled with -frounding-math -fno-fast-math -ffp-contract=off). NaN, .ftz and .sat are
 *    applied around the host operation in integer code.
 *  - Conversions, min/max, testp and the final rounding of the approximate functions use the
 *    exact integer rounding core below (round_pack / round_int), which supports every mode
 *    including ties-away and does not depend on the host rounding mode.
 * Section numbers refer to the PTX ISA manual (9.x series, "Instruction Set" chapter).
 */
#include "common.h"
#include "fp_core.h"
#include "mufu.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

/* ==== bit helpers ======================================================================== */

#define F32_SIGN  0x80000000u
#define F32_EXP   0x7f800000u
#define F32_ONE   0x3f800000u
#define F64_SIGN  0x8000000000000000ull
#define F64_EXP   0x7ff0000000000000ull
#define F64_QUIET 0x0008000000000000ull
#define F64_ONE   0x3ff0000000000000ull

static inline float u2f(uint32_t u) {
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline uint32_t f2u(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static inline double u2d(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}
static inline uint64_t d2u(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static inline bool f32_is_nan(uint32_t x) { return (x & ~F32_SIGN) > F32_EXP; }
static inline bool f64_is_nan(uint64_t x) { return (x & ~F64_SIGN) > F64_EXP; }

/* Flush a subnormal to the zero of the same sign (PTX ".ftz"); other values pass unchanged. */
static inline uint32_t f32_flush(uint32_t x) { return (x & F32_EXP) ? x : (x & F32_SIGN); }

/* ==== exact rounding core ================================================================
 * A binary format is described by its exponent and stored-mantissa widths. TF32 is rounded as
 * an 8/10 format and then placed in f32 layout. */
typedef struct {
    int ebits, mbits;
} fmt;
static const fmt FMT_F16 = {5, 10};
static const fmt FMT_BF16 = {8, 7};
static const fmt FMT_TF32 = {8, 10};
static const fmt FMT_F32 = {8, 23};
static const fmt FMT_F64 = {11, 52};
static const fmt FMT_F32_WIDE = {11, 23}; /* f32 precision, exponent range too wide to underflow */

enum { CLS_ZERO, CLS_FINITE, CLS_INF, CLS_NAN };

/* An unpacked value: (-1)^neg * sig * 2^exp for CLS_FINITE (sig != 0). */
typedef struct {
    int cls;
    bool neg;
    int exp;
    uint64_t sig;
} unpacked;

static inline int fmt_bias(fmt f) { return (1 << (f.ebits - 1)) - 1; }
static inline uint64_t fmt_inf(fmt f) { return ((1ull << f.ebits) - 1) << f.mbits; }
static inline uint64_t fmt_sign(fmt f) { return 1ull << (f.ebits + f.mbits); }

/* Splits the bits of a value of format f into class, sign, exponent and integer significand. */
static unpacked unpack(fmt f, uint64_t bits) {
    unpacked u = {CLS_ZERO, false, 0, 0};
    uint64_t emask = (1ull << f.ebits) - 1, mmask = (1ull << f.mbits) - 1;
    uint64_t e = (bits >> f.mbits) & emask, m = bits & mmask;
    u.neg = ((bits >> (f.ebits + f.mbits)) & 1) != 0;
    if (e == emask) {
        u.cls = m ? CLS_NAN : CLS_INF;
    } else if (e == 0) {
        if (m) {
            u.cls = CLS_FINITE;
            u.sig = m;
            u.exp = 1 - fmt_bias(f) - f.mbits;
        }
    } else {
        u.cls = CLS_FINITE;
        u.sig = m | (1ull << f.mbits);
        u.exp = (int)e - fmt_bias(f) - f.mbits;
    }
    return u;
}

/* The one rounding decision every mode reduces to: given the kept LSB, the first discarded bit
 * (half) and whether anything below it is nonzero (rest), does the magnitude go up by one? */
static bool round_up(ps_rnd r, bool neg, bool lsb, bool half, bool rest) {
    switch (r) {
    case PS_RND_RN: return half && (rest || lsb);
    case PS_RND_RNA: return half;
    case PS_RND_RZ: return false;
    case PS_RND_RM: return neg && (half || rest);
    case PS_RND_RP: return !neg && (half || rest);
    }
    return false;
}

/* Magnitude bits of an overflowed result: infinity, or the largest finite value when the
 * rounding direction points back toward zero (IEEE 754 section 7.4). */
static uint64_t overflow_mag(fmt f, bool neg, ps_rnd r) {
    bool to_inf = r == PS_RND_RN || r == PS_RND_RNA || (r == PS_RND_RP && !neg) || (r == PS_RND_RM && neg);
    return to_inf ? fmt_inf(f) : fmt_inf(f) - 1;
}

/* Rounds (-1)^neg * sig * 2^exp (sig != 0) to format f under rounding r, with gradual
 * underflow and IEEE overflow, and returns the encoded bits. */
static uint64_t round_pack(fmt f, bool neg, int exp, uint64_t sig, ps_rnd r) {
    int bias = fmt_bias(f), p = f.mbits + 1, emin = 1 - bias;
    int lz = __builtin_clzll(sig);
    sig <<= lz;
    int e = exp - lz + 63; /* value = 1.xxx * 2^e */
    int keep = e >= emin ? p : p - (emin - e);
    uint64_t mag;
    bool half, rest;
    if (keep >= 1) {
        int sh = 64 - keep; /* 11..63 */
        mag = sig >> sh;
        half = ((sig >> (sh - 1)) & 1) != 0;
        rest = (sig & ((1ull << (sh - 1)) - 1)) != 0;
    } else if (keep == 0) {
        mag = 0;
        half = true; /* the leading 1 is the first discarded bit */
        rest = (sig << 1) != 0;
    } else {
        mag = 0;
        half = false;
        rest = true;
    }
    if (round_up(r, neg, (mag & 1) != 0, half, rest)) mag++;
    uint64_t sign = neg ? fmt_sign(f) : 0;
    if (e < emin) /* subnormal; a carry into the hidden bit encodes the smallest normal */
        return sign | mag;
    if (mag >> p) {
        mag >>= 1;
        e++;
    }
    if (e > bias) return sign | overflow_mag(f, neg, r);
    return sign | ((uint64_t)(e + bias) << f.mbits) | (mag & ((1ull << f.mbits) - 1));
}

/* Rounds (-1)^neg * sig * 2^exp to an integer and returns its magnitude; *big is set when the
 * magnitude does not fit in 64 bits. */
static uint64_t round_int(bool neg, int exp, uint64_t sig, ps_rnd r, bool *big) {
    *big = false;
    if (exp >= 0) {
        if (exp == 0) return sig;
        if (exp >= 64 || (sig >> (64 - exp)) != 0) {
            *big = true;
            return UINT64_MAX;
        }
        return sig << exp;
    }
    int sh = -exp;
    uint64_t mag;
    bool half, rest;
    if (sh < 64) {
        mag = sig >> sh;
        half = ((sig >> (sh - 1)) & 1) != 0;
        rest = (sig & ((1ull << (sh - 1)) - 1)) != 0;
    } else if (sh == 64) {
        mag = 0;
        half = (sig >> 63) != 0;
        rest = (sig << 1) != 0;
    } else {
        mag = 0;
        half = false;
        rest = sig != 0;
    }
    if (round_up(r, neg, (mag & 1) != 0, half, rest)) {
        mag++;
        if (mag == 0) *big = true;
    }
    return mag;
}

/* Rounds a host double to f32 bits, round-to-nearest-even, NaN -> canonical NaN. */
static uint32_t f32_from_double_rn(double x) {
    unpacked u = unpack(FMT_F64, d2u(x));
    uint32_t sign = u.neg ? F32_SIGN : 0;
    switch (u.cls) {
    case CLS_NAN: return PS_F32_CANON_NAN;
    case CLS_INF: return sign | F32_EXP;
    case CLS_ZERO: return sign;
    }
    return (uint32_t)round_pack(FMT_F32, u.neg, u.exp, u.sig, PS_RND_RN);
}

/* ==== host rounding-mode scope =========================================================== */

static int host_mode(ps_rnd r) {
    switch (r) {
    case PS_RND_RZ: return FE_TOWARDZERO;
    case PS_RND_RM: return FE_DOWNWARD;
    case PS_RND_RP: return FE_UPWARD;
    case PS_RND_RN:
    case PS_RND_RNA: break;
    }
    return FE_TONEAREST;
}

/* Enters the host rounding mode for PTX rounding modifier r (ISA 9.7.3 "Rounding modifiers"). */
ps_fp_env ps_fp_round_begin(ps_rnd r) {
    int want = host_mode(r);
#if defined(__x86_64__)
    /* Fast path: round-to-nearest wanted and SSE already rounding to nearest (MXCSR.RC = 0),
     * which is the normal state between instructions: no fegetround/fesetround calls. Host
     * f32/f64 arithmetic and libm's fma run on SSE, so MXCSR is the mode that matters. */
    if (want == FE_TONEAREST && (__builtin_ia32_stmxcsr() & 0x6000u) == 0) return (ps_fp_env){-1};
#endif
    ps_fp_env env = {fegetround()};
    if (want != env.saved) fesetround(want);
    return env;
}

/* Restores the host rounding mode saved by ps_fp_round_begin. */
void ps_fp_round_end(ps_fp_env env) {
    if (env.saved == -1) return; /* the fast path changed nothing */
    if (fegetround() != env.saved) fesetround(env.saved);
}

/* ==== f32 arithmetic =====================================================================
 * Per-lane cores; they run inside a begin/end scope. The batch functions are noipa so that
 * no caller's operands can be folded into registers and evaluated across the mode switch
 * (GCC does not model the rounding mode as a dependency, bug 34678); their loads from memory
 * cannot move above the fesetround call. */

/* .ftz on an f32 result (measured on H200, 2026-11): the result is flushed when it is tiny in
 * the IEEE 754 sense with tininess detected AFTER rounding, i.e. when the exact result rounded
 * to 24 bits with an unbounded exponent range is below 2^-126 in magnitude. This differs from
 * "flush the IEEE result if it is subnormal" only when the IEEE result is exactly +-2^-126:
 * mul.rn.ftz.f32 0x3f7fffff, 0x00800000 (exact 2^-126 * (1 - 2^-24), a 24-bit value) gives 0,
 * while mul.rn.ftz.f32 0x3f7ffffe, 0x00800001 (exact 2^-126 * (1 - 2^-46), which rounds to
 * 1.0 * 2^-126 at 24 bits) keeps 0x00800000. The cores below therefore recompute such a result
 * at four times its size (exact scalings of an operand, so one rounding, in the normal range)
 * and flush it when that is below 2^-124. */
static inline bool f32_is_min_normal(uint32_t r) { return (r & ~F32_SIGN) == 0x00800000u; }
static inline bool f32_tiny_x4(float s) { return fabsf(s) < 0x1p-124f; }

/* NaN -> canonical NaN (ISA 9.7.3: f32 NaN results are unspecified; the GPU gives 0x7fffffff),
 * then .ftz on the result, then .sat (clamp to [+0.0, 1.0], NaN -> +0.0). */
static inline uint32_t f32_finish(uint32_t r, bool ftz, bool sat) {
    if (f32_is_nan(r)) return sat ? 0 : PS_F32_CANON_NAN;
    if (ftz) r = f32_flush(r);
    if (sat) {
        if (r & F32_SIGN) r = 0;
        else if (r > F32_ONE) r = F32_ONE;
    }
    return r;
}

/* f32_finish without .ftz and .sat. */
static inline uint32_t f32_canon(uint32_t r) {
    uint32_t nan = 0u - (uint32_t)((r & ~F32_SIGN) > F32_EXP); /* all ones for a NaN; no branch */
    return (r & ~nan) | (PS_F32_CANON_NAN & nan);
}

static inline uint32_t f32_in(uint32_t x, bool ftz) { return ftz ? f32_flush(x) : x; }

/* add.rnd{.ftz}{.sat}.f32 (ISA 9.7.3.3). A sum of normal values that is below 2^-125 is exact,
 * so it is never rounded up to 2^-126 and needs no tininess check. */
static inline uint32_t f32_add_core(uint32_t a, uint32_t b, bool ftz, bool sat) {
    return f32_finish(f2u(u2f(f32_in(a, ftz)) + u2f(f32_in(b, ftz))), ftz, sat);
}
/* sub.rnd{.ftz}{.sat}.f32 (ISA 9.7.3.4). */
static inline uint32_t f32_sub_core(uint32_t a, uint32_t b, bool ftz, bool sat) {
    return f32_finish(f2u(u2f(f32_in(a, ftz)) - u2f(f32_in(b, ftz))), ftz, sat);
}
/* mul.rnd{.ftz}{.sat}.f32 (ISA 9.7.3.5). When the result is +-2^-126, |a| <= 2 (b is normal),
 * so 4a is exact. */
static inline uint32_t f32_mul_core(uint32_t a, uint32_t b, bool ftz, bool sat) {
    float fa = u2f(f32_in(a, ftz)), fb = u2f(f32_in(b, ftz));
    uint32_t r = f2u(fa * fb);
    if (ftz && f32_is_min_normal(r) && f32_tiny_x4((fa * 4.0f) * fb)) r &= F32_SIGN;
    return f32_finish(r, ftz, sat);
}
/* fma.rnd{.ftz}{.sat}.f32 / mad.rnd.f32 (ISA 9.7.3.6-7): one rounding of a*b+c. When the result
 * is +-2^-126, |c| < 2^126 (a larger c makes every nonzero a*b+c a multiple of 2^77) and the
 * smaller factor is below 2^63, so scaling it and c by 4 is exact. */
static inline uint32_t f32_fma_core(uint32_t a, uint32_t b, uint32_t c, bool ftz, bool sat) {
    float fa = u2f(f32_in(a, ftz)), fb = u2f(f32_in(b, ftz)), fc = u2f(f32_in(c, ftz));
    uint32_t r = f2u(fmaf(fa, fb, fc));
    if (ftz && f32_is_min_normal(r)) {
        float s = fabsf(fa) <= fabsf(fb) ? fmaf(fa * 4.0f, fb, fc * 4.0f) : fmaf(fa, fb * 4.0f, fc * 4.0f);
        if (f32_tiny_x4(s)) r &= F32_SIGN;
    }
    return f32_finish(r, ftz, sat);
}
/* div.rnd{.ftz}.f32 (ISA 9.7.3.8, IEEE 754 compliant rounding). A quotient near 2^-126 needs
 * |a| < 2^126, so 4a is exact. */
static inline uint32_t f32_div_core(uint32_t a, uint32_t b, bool ftz) {
    float fa = u2f(f32_in(a, ftz)), fb = u2f(f32_in(b, ftz));
    uint32_t r = f2u(fa / fb);
    if (ftz && f32_is_min_normal(r) && f32_tiny_x4((fa * 4.0f) / fb)) r &= F32_SIGN;
    return f32_finish(r, ftz, false);
}
/* sqrt.rnd{.ftz}.f32 (ISA 9.7.3.15, IEEE 754 compliant rounding); never tiny. */
static inline uint32_t f32_sqrt_core(uint32_t a, bool ftz) {
    return f32_finish(f2u(sqrtf(u2f(f32_in(a, ftz)))), ftz, false);
}
/* rcp.rnd{.ftz}.f32 (ISA 9.7.3.13, IEEE 754 compliant rounding). */
static inline uint32_t f32_rcp_core(uint32_t a, bool ftz) {
    float fa = u2f(f32_in(a, ftz));
    uint32_t r = f2u(1.0f / fa);
    if (ftz && f32_is_min_normal(r) && f32_tiny_x4(4.0f / fa)) r &= F32_SIGN;
    return f32_finish(r, ftz, false);
}

#if defined(__clang__) /* clang has no noipa; with -frounding-math it uses constrained FP ops */
#define PS_NOIPA __attribute__((noinline))
#else
#define PS_NOIPA __attribute__((noipa))
#endif

#define LANE_LOOP PS_CLONES __attribute__((noinline)) static void

/* Batch forms: one host rounding-mode switch for n lanes. The lane loops are multiversioned
 * (PS_CLONES: the x86-64-v3 clone has fmaf/fma as one instruction instead of a libm call per
 * lane); noipa cannot be combined with cloning, so each loop is a separate function called
 * between the mode switches of its noipa batch function. */
LANE_LOOP f32_add_lanes(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, bool ftz, bool sat) {
    if (!ftz && !sat) { /* branch-free: the compiler vectorises it */
        for (int i = 0; i < n; i++) d[i] = f32_canon(f2u(u2f(a[i]) + u2f(b[i])));
        return;
    }
    for (int i = 0; i < n; i++) d[i] = f32_add_core(a[i], b[i], ftz, sat);
}
PS_NOIPA void ps_f32_add_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r, bool ftz, bool sat) {
    ps_fp_env env = ps_fp_round_begin(r);
    f32_add_lanes(d, a, b, n, ftz, sat);
    ps_fp_round_end(env);
}
LANE_LOOP f32_sub_lanes(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, bool ftz, bool sat) {
    if (!ftz && !sat) { /* branch-free: the compiler vectorises it */
        for (int i = 0; i < n; i++) d[i] = f32_canon(f2u(u2f(a[i]) - u2f(b[i])));
        return;
    }
    for (int i = 0; i < n; i++) d[i] = f32_sub_core(a[i], b[i], ftz, sat);
}
PS_NOIPA void ps_f32_sub_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r, bool ftz, bool sat) {
    ps_fp_env env = ps_fp_round_begin(r);
    f32_sub_lanes(d, a, b, n, ftz, sat);
    ps_fp_round_end(env);
}
LANE_LOOP f32_mul_lanes(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, bool ftz, bool sat) {
    if (!ftz && !sat) { /* branch-free: the compiler vectorises it */
        for (int i = 0; i < n; i++) d[i] = f32_canon(f2u(u2f(a[i]) * u2f(b[i])));
        return;
    }
    for (int i = 0; i < n; i++) d[i] = f32_mul_core(a[i], b[i], ftz, sat);
}
PS_NOIPA void ps_f32_mul_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r, bool ftz, bool sat) {
    ps_fp_env env = ps_fp_round_begin(r);
    f32_mul_lanes(d, a, b, n, ftz, sat);
    ps_fp_round_end(env);
}
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(PS_NO_MULTIVERSION)
#include <immintrin.h>
/* fma.rn.f32 without .ftz/.sat, 8 lanes per AVX2 FMA instruction (fmaf depends on the rounding
 * mode, so under -frounding-math GCC does not vectorise it). Same IEEE operation per lane as
 * fmaf; a NaN result becomes the canonical NaN as in f32_finish. */
__attribute__((target("avx2,fma"), noinline)) static void f32_fma_avx2(uint32_t *d, const uint32_t *a,
                                                                       const uint32_t *b, const uint32_t *c, int n) {
    const __m256i mag = _mm256_set1_epi32(0x7fffffff), inf = _mm256_set1_epi32(0x7f800000);
    const __m256i canon = _mm256_set1_epi32((int)PS_F32_CANON_NAN);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 r = _mm256_fmadd_ps(_mm256_loadu_ps((const float *)(a + i)), _mm256_loadu_ps((const float *)(b + i)),
                                   _mm256_loadu_ps((const float *)(c + i)));
        __m256i ri = _mm256_castps_si256(r);
        __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(ri, mag), inf);
        _mm256_storeu_si256((__m256i *)(d + i), _mm256_blendv_epi8(ri, canon, nan));
    }
    for (; i < n; i++) d[i] = f32_canon(f2u(fmaf(u2f(a[i]), u2f(b[i]), u2f(c[i]))));
}
static bool have_avx2_fma(void) {
    static int have = -1; /* benign race: every thread computes the same value */
    if (have < 0) have = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return have;
}
#define F32_FMA_FAST(d, a, b, c, n)      \
    do {                                 \
        if (have_avx2_fma()) {           \
            f32_fma_avx2(d, a, b, c, n); \
            return;                      \
        }                                \
    } while (0)
#else
#define F32_FMA_FAST(d, a, b, c, n) ((void)0)
#endif

LANE_LOOP f32_fma_lanes(uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c, int n, bool ftz,
                        bool sat) {
    if (!ftz && !sat) {
        F32_FMA_FAST(d, a, b, c, n);
        for (int i = 0; i < n; i++) d[i] = f32_canon(f2u(fmaf(u2f(a[i]), u2f(b[i]), u2f(c[i]))));
        return;
    }
    for (int i = 0; i < n; i++) d[i] = f32_fma_core(a[i], b[i], c[i], ftz, sat);
}
PS_NOIPA void ps_f32_fma_n(uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c, int n, ps_rnd r,
                           bool ftz, bool sat) {
    ps_fp_env env = ps_fp_round_begin(r);
    f32_fma_lanes(d, a, b, c, n, ftz, sat);
    ps_fp_round_end(env);
}
LANE_LOOP f32_div_lanes(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, bool ftz) {
    for (int i = 0; i < n; i++) d[i] = f32_div_core(a[i], b[i], ftz);
}
PS_NOIPA void ps_f32_div_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r, bool ftz) {
    ps_fp_env env = ps_fp_round_begin(r);
    f32_div_lanes(d, a, b, n, ftz);
    ps_fp_round_end(env);
}
LANE_LOOP f32_sqrt_lanes(uint32_t *d, const uint32_t *a, int n, bool ftz) {
    for (int i = 0; i < n; i++) d[i] = f32_sqrt_core(a[i], ftz);
}
PS_NOIPA void ps_f32_sqrt_n(uint32_t *d, const uint32_t *a, int n, ps_rnd r, bool ftz) {
    ps_fp_env env = ps_fp_round_begin(r);
    f32_sqrt_lanes(d, a, n, ftz);
    ps_fp_round_end(env);
}
LANE_LOOP f32_rcp_lanes(uint32_t *d, const uint32_t *a, int n, bool ftz) {
    for (int i = 0; i < n; i++) d[i] = f32_rcp_core(a[i], ftz);
}
PS_NOIPA void ps_f32_rcp_n(uint32_t *d, const uint32_t *a, int n, ps_rnd r, bool ftz) {
    ps_fp_env env = ps_fp_round_begin(r);
    f32_rcp_lanes(d, a, n, ftz);
    ps_fp_round_end(env);
}

/* Single-value forms: a batch of one. */
uint32_t ps_f32_add(uint32_t a, uint32_t b, ps_rnd r, bool ftz, bool sat) {
    uint32_t d;
    ps_f32_add_n(&d, &a, &b, 1, r, ftz, sat);
    return d;
}
uint32_t ps_f32_sub(uint32_t a, uint32_t b, ps_rnd r, bool ftz, bool sat) {
    uint32_t d;
    ps_f32_sub_n(&d, &a, &b, 1, r, ftz, sat);
    return d;
}
uint32_t ps_f32_mul(uint32_t a, uint32_t b, ps_rnd r, bool ftz, bool sat) {
    uint32_t d;
    ps_f32_mul_n(&d, &a, &b, 1, r, ftz, sat);
    return d;
}
uint32_t ps_f32_fma(uint32_t a, uint32_t b, uint32_t c, ps_rnd r, bool ftz, bool sat) {
    uint32_t d;
    ps_f32_fma_n(&d, &a, &b, &c, 1, r, ftz, sat);
    return d;
}
uint32_t ps_f32_div(uint32_t a, uint32_t b, ps_rnd r, bool ftz) {
    uint32_t d;
    ps_f32_div_n(&d, &a, &b, 1, r, ftz);
    return d;
}
uint32_t ps_f32_sqrt(uint32_t a, ps_rnd r, bool ftz) {
    uint32_t d;
    ps_f32_sqrt_n(&d, &a, 1, r, ftz);
    return d;
}
uint32_t ps_f32_rcp(uint32_t a, ps_rnd r, bool ftz) {
    uint32_t d;
    ps_f32_rcp_n(&d, &a, 1, r, ftz);
    return d;
}

/* ==== f64 arithmetic =====================================================================
 * ISA 9.7.3: "NaN payloads are supported for double-precision instructions". A NaN input is
 * returned quieted (quiet bit set) with its sign and payload; a NaN made from non-NaN operands
 * (Inf-Inf, 0*Inf, sqrt(-1), ...) is PS_F64_DEFAULT_NAN. Which NaN wins when several operands
 * are NaN was measured on H200 (2026-11), no signalling-NaN priority in any case:
 *  - add, sub, mul (DADD/DMUL): b, then a. add.rn.f64 0xfff8000000000001, 0x7ff8000000000000 =
 *    0x7ff8000000000000; add.rn.f64 0x7ff4000000000001, 0xfff8000000000001 =
 *    0xfff8000000000001; sub does not flip the sign of a NaN b.
 *  - fma/mad (DFMA): b, then c, then a. fma.rn.f64 0x7ff80000000000a1, 0x3ff0000000000000,
 *    0x7ff00000000000c2 = 0x7ff80000000000c2; with b = 0x7ff80000000000b1 as well: ...b1.
 *  - div (a software sequence): a, then b. div.rn.f64 0x7ff80000000000a1, 0x7ff00000000000b2 =
 *    0x7ff80000000000a1. rcp, sqrt: their operand. */

/* The first NaN of p, q, s (operands in the instruction's priority order), quieted. */
static inline uint64_t f64_nan3(uint64_t p, uint64_t q, uint64_t s) {
    if (f64_is_nan(p)) return p | F64_QUIET;
    if (f64_is_nan(q)) return q | F64_QUIET;
    if (f64_is_nan(s)) return s | F64_QUIET;
    return PS_F64_DEFAULT_NAN;
}

/* The host result r, or when it is NaN the NaN chosen among p, q, s (priority order). */
static inline uint64_t f64_finish(double r, uint64_t p, uint64_t q, uint64_t s) {
    uint64_t u = d2u(r);
    return f64_is_nan(u) ? f64_nan3(p, q, s) : u;
}

/* add.rnd.f64 (ISA 9.7.3.3). */
static inline uint64_t f64_add_core(uint64_t a, uint64_t b) { return f64_finish(u2d(a) + u2d(b), b, a, 0); }
/* sub.rnd.f64 (ISA 9.7.3.4). */
static inline uint64_t f64_sub_core(uint64_t a, uint64_t b) { return f64_finish(u2d(a) - u2d(b), b, a, 0); }
/* mul.rnd.f64 (ISA 9.7.3.5). */
static inline uint64_t f64_mul_core(uint64_t a, uint64_t b) { return f64_finish(u2d(a) * u2d(b), b, a, 0); }
/* fma.rnd.f64 / mad.rnd.f64 (ISA 9.7.3.6-7). */
static inline uint64_t f64_fma_core(uint64_t a, uint64_t b, uint64_t c) {
    return f64_finish(fma(u2d(a), u2d(b), u2d(c)), b, c, a);
}
/* div.rnd.f64 (ISA 9.7.3.8). */
static inline uint64_t f64_div_core(uint64_t a, uint64_t b) { return f64_finish(u2d(a) / u2d(b), a, b, 0); }
/* sqrt.rnd.f64 (ISA 9.7.3.15). */
static inline uint64_t f64_sqrt_core(uint64_t a) { return f64_finish(sqrt(u2d(a)), a, 0, 0); }
/* rcp.rnd.f64 (ISA 9.7.3.13). */
static inline uint64_t f64_rcp_core(uint64_t a) { return f64_finish(1.0 / u2d(a), a, 0, 0); }

LANE_LOOP f64_add_lanes(uint64_t *d, const uint64_t *a, const uint64_t *b, int n) {
    for (int i = 0; i < n; i++) d[i] = f64_add_core(a[i], b[i]);
}
PS_NOIPA void ps_f64_add_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r) {
    ps_fp_env env = ps_fp_round_begin(r);
    f64_add_lanes(d, a, b, n);
    ps_fp_round_end(env);
}
LANE_LOOP f64_sub_lanes(uint64_t *d, const uint64_t *a, const uint64_t *b, int n) {
    for (int i = 0; i < n; i++) d[i] = f64_sub_core(a[i], b[i]);
}
PS_NOIPA void ps_f64_sub_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r) {
    ps_fp_env env = ps_fp_round_begin(r);
    f64_sub_lanes(d, a, b, n);
    ps_fp_round_end(env);
}
LANE_LOOP f64_mul_lanes(uint64_t *d, const uint64_t *a, const uint64_t *b, int n) {
    for (int i = 0; i < n; i++) d[i] = f64_mul_core(a[i], b[i]);
}
PS_NOIPA void ps_f64_mul_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r) {
    ps_fp_env env = ps_fp_round_begin(r);
    f64_mul_lanes(d, a, b, n);
    ps_fp_round_end(env);
}
LANE_LOOP f64_fma_lanes(uint64_t *d, const uint64_t *a, const uint64_t *b, const uint64_t *c, int n) {
    for (int i = 0; i < n; i++) d[i] = f64_fma_core(a[i], b[i], c[i]);
}
PS_NOIPA void ps_f64_fma_n(uint64_t *d, const uint64_t *a, const uint64_t *b, const uint64_t *c, int n, ps_rnd r) {
    ps_fp_env env = ps_fp_round_begin(r);
    f64_fma_lanes(d, a, b, c, n);
    ps_fp_round_end(env);
}
LANE_LOOP f64_div_lanes(uint64_t *d, const uint64_t *a, const uint64_t *b, int n) {
    for (int i = 0; i < n; i++) d[i] = f64_div_core(a[i], b[i]);
}
PS_NOIPA void ps_f64_div_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r) {
    ps_fp_env env = ps_fp_round_begin(r);
    f64_div_lanes(d, a, b, n);
    ps_fp_round_end(env);
}
LANE_LOOP f64_sqrt_lanes(uint64_t *d, const uint64_t *a, int n) {
    for (int i = 0; i < n; i++) d[i] = f64_sqrt_core(a[i]);
}
PS_NOIPA void ps_f64_sqrt_n(uint64_t *d, const uint64_t *a, int n, ps_rnd r) {
    ps_fp_env env = ps_fp_round_begin(r);
    f64_sqrt_lanes(d, a, n);
    ps_fp_round_end(env);
}
LANE_LOOP f64_rcp_lanes(uint64_t *d, const uint64_t *a, int n) {
    for (int i = 0; i < n; i++) d[i] = f64_rcp_core(a[i]);
}
PS_NOIPA void ps_f64_rcp_n(uint64_t *d, const uint64_t *a, int n, ps_rnd r) {
    ps_fp_env env = ps_fp_round_begin(r);
    f64_rcp_lanes(d, a, n);
    ps_fp_round_end(env);
}

uint64_t ps_f64_add(uint64_t a, uint64_t b, ps_rnd r) {
    uint64_t d;
    ps_f64_add_n(&d, &a, &b, 1, r);
    return d;
}
uint64_t ps_f64_sub(uint64_t a, uint64_t b, ps_rnd r) {
    uint64_t d;
    ps_f64_sub_n(&d, &a, &b, 1, r);
    return d;
}
uint64_t ps_f64_mul(uint64_t a, uint64_t b, ps_rnd r) {
    uint64_t d;
    ps_f64_mul_n(&d, &a, &b, 1, r);
    return d;
}
uint64_t ps_f64_fma(uint64_t a, uint64_t b, uint64_t c, ps_rnd r) {
    uint64_t d;
    ps_f64_fma_n(&d, &a, &b, &c, 1, r);
    return d;
}
uint64_t ps_f64_div(uint64_t a, uint64_t b, ps_rnd r) {
    uint64_t d;
    ps_f64_div_n(&d, &a, &b, 1, r);
    return d;
}
uint64_t ps_f64_sqrt(uint64_t a, ps_rnd r) {
    uint64_t d;
    ps_f64_sqrt_n(&d, &a, 1, r);
    return d;
}
uint64_t ps_f64_rcp(uint64_t a, ps_rnd r) {
    uint64_t d;
    ps_f64_rcp_n(&d, &a, 1, r);
    return d;
}

/* ==== min / max ========================================================================== */

/* A key whose integer order is the numeric order of non-NaN values, with -0.0 < +0.0. */
static inline int64_t f32_key(uint32_t x) { return (x & F32_SIGN) ? -(int64_t)(x & ~F32_SIGN) - 1 : (int64_t)x; }
static inline int64_t f64_key(uint64_t x) { return (x & F64_SIGN) ? -(int64_t)(x & ~F64_SIGN) - 1 : (int64_t)x; }

/* min_num/max_num and min_nan/max_nan of the ISA semantics for f32 (inputs already flushed
 * and made absolute when asked). */
static uint32_t f32_pick(uint32_t a, uint32_t b, bool is_max, bool nan) {
    bool an = f32_is_nan(a), bn = f32_is_nan(b);
    if ((an && bn) || (nan && (an || bn))) return PS_F32_CANON_NAN;
    if (an) return b;
    if (bn) return a;
    bool a_less = f32_key(a) < f32_key(b);
    return (a_less != is_max) ? a : b;
}

static uint32_t f32_minmax(uint32_t a, uint32_t b, bool is_max, bool ftz, bool nan, bool xs_abs) {
    if (ftz) {
        a = f32_flush(a);
        b = f32_flush(b);
    }
    uint32_t xs = (a ^ b) & F32_SIGN;
    if (xs_abs) {
        a &= ~F32_SIGN;
        b &= ~F32_SIGN;
    }
    uint32_t d = f32_pick(a, b, is_max, nan);
    if (xs_abs && !f32_is_nan(d)) d = (d & ~F32_SIGN) | xs;
    return d;
}

/* min{.ftz}{.NaN}{.xorsign.abs}.f32 (ISA 9.7.3.11). */
uint32_t ps_f32_min(uint32_t a, uint32_t b, bool ftz, bool nan, bool xorsign_abs) {
    return f32_minmax(a, b, false, ftz, nan, xorsign_abs);
}

/* max{.ftz}{.NaN}{.xorsign.abs}.f32 (ISA 9.7.3.12). */
uint32_t ps_f32_max(uint32_t a, uint32_t b, bool ftz, bool nan, bool xorsign_abs) {
    return f32_minmax(a, b, true, ftz, nan, xorsign_abs);
}

static uint32_t f32_minmax3(uint32_t a, uint32_t b, uint32_t c, bool is_max, bool ftz, bool nan, bool abs) {
    if (ftz) {
        a = f32_flush(a);
        b = f32_flush(b);
        c = f32_flush(c);
    }
    if (abs) {
        a &= ~F32_SIGN;
        b &= ~F32_SIGN;
        c &= ~F32_SIGN;
    }
    return f32_pick(f32_pick(a, b, is_max, nan), c, is_max, nan);
}

/* min{.ftz}{.NaN}{.abs}.f32 d, a, b, c (ISA 9.7.3.11, three inputs). */
uint32_t ps_f32_min3(uint32_t a, uint32_t b, uint32_t c, bool ftz, bool nan, bool abs) {
    return f32_minmax3(a, b, c, false, ftz, nan, abs);
}

/* max{.ftz}{.NaN}{.abs}.f32 d, a, b, c (ISA 9.7.3.12, three inputs). */
uint32_t ps_f32_max3(uint32_t a, uint32_t b, uint32_t c, bool ftz, bool nan, bool abs) {
    return f32_minmax3(a, b, c, true, ftz, nan, abs);
}

static uint64_t f64_minmax(uint64_t a, uint64_t b, bool is_max) {
    bool an = f64_is_nan(a), bn = f64_is_nan(b);
    if (an && bn) return b | F64_QUIET; /* measured on H200 (2026-11): the SECOND NaN, quieted */
    if (an) return b;
    if (bn) return a;
    bool a_less = f64_key(a) < f64_key(b);
    return (a_less != is_max) ? a : b;
}

/* min.f64 (ISA 9.7.3.11). */
uint64_t ps_f64_min(uint64_t a, uint64_t b) { return f64_minmax(a, b, false); }

/* max.f64 (ISA 9.7.3.12). */
uint64_t ps_f64_max(uint64_t a, uint64_t b) { return f64_minmax(a, b, true); }

/* ==== abs / neg / copysign / testp ======================================================= */

/* abs{.ftz}.f32 (ISA 9.7.3.9): "NaN input yields unspecified NaN" -> canonical NaN. */
uint32_t ps_f32_abs(uint32_t a, bool ftz) {
    if (f32_is_nan(a)) return PS_F32_CANON_NAN;
    return (ftz ? f32_flush(a) : a) & ~F32_SIGN;
}

/* neg{.ftz}.f32 (ISA 9.7.3.10): "NaN inputs yield an unspecified NaN" -> canonical NaN. */
uint32_t ps_f32_neg(uint32_t a, bool ftz) {
    if (f32_is_nan(a)) return PS_F32_CANON_NAN;
    return (ftz ? f32_flush(a) : a) ^ F32_SIGN;
}

/* abs.f64 (ISA 9.7.3.9; the ISA says "NaN input is passed through unchanged"). ptxas emits
 * DADD d, -0, |a|, so a NaN comes back as it went in with the quiet bit set, sign included
 * (measured on H200, 2026-11, direct PTX: 0xfff8000000000001 -> 0xfff8000000000001,
 * 0xfff4000000000003 -> 0xfffc000000000003, 0x7ff0000000000001 -> 0x7ff8000000000001). */
uint64_t ps_f64_abs(uint64_t a) { return f64_is_nan(a) ? (a | F64_QUIET) : (a & ~F64_SIGN); }

/* neg.f64 (ISA 9.7.3.10). ptxas emits DADD d, -0, -a: a NaN is quieted and its sign is NOT
 * flipped (measured on H200, 2026-11: 0x7ff4000000000003 -> 0x7ffc000000000003,
 * 0xfff0000000000001 -> 0xfff8000000000001, 0xfff8000000012345 unchanged). */
uint64_t ps_f64_neg(uint64_t a) { return f64_is_nan(a) ? (a | F64_QUIET) : (a ^ F64_SIGN); }

/* copysign.f32 (ISA 9.7.3.2): the sign bit of a on the value of b; a bit operation, NaN
 * payloads untouched (measured on H200, 2026-11: copysign.f32 0x80000000, 0x7fa00001 =
 * 0xffa00001; copysign.f64 0x8000000000000000, 0x7ff0000000000001 = 0xfff0000000000001). */
uint32_t ps_f32_copysign(uint32_t a, uint32_t b) { return (b & ~F32_SIGN) | (a & F32_SIGN); }

/* copysign.f64 (ISA 9.7.3.2). */
uint64_t ps_f64_copysign(uint64_t a, uint64_t b) { return (b & ~F64_SIGN) | (a & F64_SIGN); }

static bool testp_class(ps_testp_op op, bool exp_zero, bool exp_max, bool man_zero) {
    switch (op) {
    case PS_TESTP_FINITE: return !exp_max;
    case PS_TESTP_INFINITE: return exp_max && man_zero;
    case PS_TESTP_NUMBER: return !(exp_max && !man_zero);
    case PS_TESTP_NOTANUMBER: return exp_max && !man_zero;
    case PS_TESTP_NORMAL: return exp_zero ? man_zero : !exp_max; /* +-0 count as normal */
    case PS_TESTP_SUBNORMAL: return exp_zero && !man_zero;
    }
    return false;
}

/* testp.op.f32 (ISA 9.7.3.1). */
bool ps_f32_testp(ps_testp_op op, uint32_t a) {
    uint32_t e = a & F32_EXP;
    return testp_class(op, e == 0, e == F32_EXP, (a & 0x007fffffu) == 0);
}

/* testp.op.f64 (ISA 9.7.3.1). */
bool ps_f64_testp(ps_testp_op op, uint64_t a) {
    uint64_t e = a & F64_EXP;
    return testp_class(op, e == 0, e == F64_EXP, (a & 0x000fffffffffffffull) == 0);
}

/* ==== approximate instructions ===========================================================
 * rcp, div.approx, div.full, ex2, rsqrt, sqrt, lg2, sin, cos, tanh (f32) and the f64 forms follow
 * the H200's SASS around a model of its MUFU unit (mufu.c, mufu_tanh.c; bit-exact with the H200
 * over every f32 input); they use exact products and the exact rounding core only and never
 * switch the host rounding mode. docs/numerics.md section 7. */

/* The MUFU operations themselves (MUFU.RCP, EX2, RSQ, SQRT, RCP64H, RSQ64H) are in mufu.c,
 * bit-exact with the H200 over their whole input domain (docs/numerics.md 7.2); the functions
 * below are the instruction sequences ptxas wraps around them. */

/* One FMUL of two f32 values in round-to-nearest, with FMUL.FTZ's flushing when ftz. */
static uint32_t fmul_rn(uint32_t a, uint32_t b, bool ftz) {
    if (ftz) {
        a = f32_flush(a);
        b = f32_flush(b);
    }
    double p = (double)u2f(a) * (double)u2f(b); /* exact */
    uint32_t r = f32_from_double_rn(p);
    if (ftz && !f32_is_nan(r)) {
        if ((r & F32_EXP) == 0 || (f32_is_min_normal(r) && (f32_from_double_rn(p * 4.0) & ~F32_SIGN) < 0x01800000u))
            r &= F32_SIGN;
    }
    return r;
}

/* rcp.approx.ftz.f32 = MUFU.RCP. rcp.approx.f32 (ISA 9.7.3.13; max 1 ulp) is
 *   s = |x| < 2^-126 ? 2^24 : 1;  s = |x| > 2^126 ? 0.25 : s;  d = s * MUFU.RCP(x * s)
 * so subnormal inputs and results are handled with gradual underflow. */
uint32_t ps_f32_rcp_approx(uint32_t a, bool ftz) {
    if (ftz) return ps_mufu_rcp(a);
    uint32_t m = a & ~F32_SIGN;
    uint32_t s = m < 0x00800000u ? 0x4b800000u : 0x3f800000u; /* 2^24 or 1 */
    if (m > 0x7e800000u && m <= F32_EXP) s = 0x3e800000u;     /* 0.25 */
    return fmul_rn(s, ps_mufu_rcp(fmul_rn(a, s, false)), false);
}

/* sqrt.approx.ftz.f32 = MUFU.SQRT. sqrt.approx.f32 (ISA 9.7.3.15) is (SASS, H200):
 *   if !(|x| >= 2^-126) { x *= 2^24; d = MUFU.SQRT(x) * 2^-12 } else d = MUFU.SQRT(x) */
uint32_t ps_f32_sqrt_approx(uint32_t a, bool ftz) {
    if (ftz || f32_is_nan(a) || (a & ~F32_SIGN) >= 0x00800000u) return ps_mufu_sqrt(a);
    return fmul_rn(ps_mufu_sqrt(fmul_rn(a, 0x4b800000u, false)), 0x39800000u, false);
}

/* rsqrt.approx.ftz.f32 = MUFU.RSQ. rsqrt.approx.f32 (ISA 9.7.3.16) is (SASS, H200):
 *   if !(|x| >= 2^-126) { x *= 2^24; d = MUFU.RSQ(x) * 2^12 } else d = MUFU.RSQ(x) */
uint32_t ps_f32_rsqrt_approx(uint32_t a, bool ftz) {
    if (ftz || f32_is_nan(a) || (a & ~F32_SIGN) >= 0x00800000u) return ps_mufu_rsq(a);
    return fmul_rn(ps_mufu_rsq(fmul_rn(a, 0x4b800000u, false)), 0x45800000u, false);
}

/* div.approx{.ftz}.f32 (ISA 9.7.3.8; 2 ulp for |b| in [2^-126, 2^126]). SASS:
 *   .ftz:  d = FMUL.FTZ(a, MUFU.RCP(b))
 *   plain: if |b| < 2^-126 { a *= 2^24; b *= 2^24 }  d = FMUL(MUFU.RCP(b), a)
 * so for 2^126 < |b| < 2^128 the reciprocal flushes to 0 (d = +-0, or NaN for an infinite a),
 * as the ISA states, and a subnormal b gives a finite quotient (measured on H200, 2026-11:
 * div.approx.f32 0x00000001, 0x00000001 = 0x3f800000; 0x007fffff, 0x00000001 = 0x4afffffe). */
/* The operand scaling in front of MUFU.RCP in div.full (full: |b| > 2^126 scaled by 1/4) and
 * div.approx / div.full without .ftz (|b| < 2^-126 scaled by 2^24), as the sequences below. */
static void div_prescale(uint32_t *a, uint32_t *b, bool full, bool ftz) {
    uint32_t bm = (ftz ? f32_flush(*b) : *b) & ~F32_SIGN;
    if (full && bm > 0x7e800000u && bm <= F32_EXP) {
        *a = fmul_rn(*a, 0x3e800000u, ftz);
        *b = fmul_rn(*b, 0x3e800000u, ftz);
    } else if (!ftz && bm < 0x00800000u) {
        *a = fmul_rn(*a, 0x4b800000u, false);
        *b = fmul_rn(*b, 0x4b800000u, false);
    }
}

uint32_t ps_f32_div_approx(uint32_t a, uint32_t b, bool ftz) {
    if (ftz) return fmul_rn(a, ps_mufu_rcp(b), true);
    div_prescale(&a, &b, false, false);
    return fmul_rn(ps_mufu_rcp(b), a, false);
}

/* div.full{.ftz}.f32 (ISA 9.7.3.8; max 2 ulp over the full range). Not correctly rounded on
 * the GPU (div.full.f32 0x40200000, 0x3fc00000 = 0x3fd55556, not 0x3fd55555). SASS:
 *   .ftz:  if |b| > 2^126 { b = FMUL.FTZ(b, 0.25); a = FMUL.FTZ(a, 0.25) }
 *          d = FMUL.FTZ(MUFU.RCP(b), a)
 *   plain: if |b| > 2^126 { b *= 0.25; a *= 0.25 }  if |b| < 2^-126 { b *= 2^24; a *= 2^24 }
 *          d = FMUL(MUFU.RCP(b), a)
 * With the exact MUFU.RCP model this reproduces the H200 on every pair compared (2^26 random
 * pairs, docs/numerics.md 7.3), plain and .ftz. */
uint32_t ps_f32_div_full(uint32_t a, uint32_t b, bool ftz) {
    div_prescale(&a, &b, true, ftz);
    return fmul_rn(ps_mufu_rcp(b), a, ftz);
}

/* div.full / div.approx .f32 whose quotient ptxas contracted into the add/sub using it
 * (ptxas_model.c, lab/ptxas_fma): the final multiply of the sequences above becomes an fma with
 * that add's other source c (FFMA{.SAT}); neg: the quotient enters negated (c - q). */
uint32_t ps_f32_div_fma(uint32_t a, uint32_t b, uint32_t c, bool full, bool ftz, bool sat, bool neg) {
    div_prescale(&a, &b, full, ftz);
    uint32_t r = ps_mufu_rcp(b);
    return ps_f32_fma(r ^ (neg ? F32_SIGN : 0), a, c, PS_RND_RN, ftz, sat);
}

/* ex2.approx.ftz.f32 = MUFU.EX2. ex2.approx.f32 (ISA 9.7.3.21; 2 ulp) is
 *   if x < -126 { x *= 0.5; r = MUFU.EX2(x); d = r * r } else d = MUFU.EX2(x)
 * (the square gives the subnormal results). Measured on H200 (2026-11): ex2.approx.f32
 * 0xc2fe0000 (-127) = 0x003fffff; ex2.approx.ftz.f32 0xb4000000 (-2^-23) = 0x3f7ffffe,
 * 0x33800000 (2^-24, truncated to 0) = 0x3f800000. */
uint32_t ps_f32_ex2_approx(uint32_t a, bool ftz) {
    if (ftz || f32_is_nan(a) || !(u2f(a) < -126.0f)) return ps_mufu_ex2(a);
    uint32_t r = ps_mufu_ex2(fmul_rn(a, 0x3f000000u, false));
    return fmul_rn(r, r, false);
}

/* lg2.approx{.ftz}.f32 (ISA 9.7.3.20): MUFU.LG2; without .ftz, on the H200,
 *   if !(|x| >= 2^-126) { d = FADD(MUFU.LG2(x * 2^24), -24) } else d = MUFU.LG2(x). */
uint32_t ps_f32_lg2_approx(uint32_t a, bool ftz) {
    if (ftz || !(fabsf(u2f(a)) < 0x1p-126f)) return ps_mufu_lg2(a);
    return ps_f32_add(ps_mufu_lg2(fmul_rn(a, 0x4b800000u, false)), 0xc1c00000u, PS_RND_RN, false, false);
}

/* sin.approx{.ftz}.f32 and cos.approx{.ftz}.f32 (ISA 9.7.3.18-19), both forms the same SASS on
 * the H200:  r = FMUL.RZ(x, 0.15915494);  d = MUFU.SIN(r) / MUFU.COS(r). */
uint32_t ps_f32_sin_approx(uint32_t a, bool ftz) {
    (void)ftz;
    return ps_mufu_sin(ps_f32_mul(a, 0x3e22f983u, PS_RND_RZ, false, false));
}

uint32_t ps_f32_cos_approx(uint32_t a, bool ftz) {
    (void)ftz;
    return ps_mufu_cos(ps_f32_mul(a, 0x3e22f983u, PS_RND_RZ, false, false));
}

/* tanh.approx.f32 (ISA 9.7.3.22): MUFU.TANH (+-Inf -> +-1; subnormals pass). */
uint32_t ps_f32_tanh_approx(uint32_t a) { return ps_mufu_tanh(a); }

/* One Newton-Raphson step of the H200's rsqrt.approx.f64 on y0 = MUFU.RSQ64H(x) (SASS):
 *   e = fma(x, -(y0 * y0), 1); y = fma(fma(e, 0.375, 0.5), y0 * e, y0)   (all RN) */
static uint64_t rsqrt64_step(uint64_t x) {
    uint64_t y0 = (uint64_t)ps_mufu_rsq64h((uint32_t)(x >> 32)) << 32;
    uint64_t e = ps_f64_fma(x, ps_f64_neg(ps_f64_mul(y0, y0, PS_RND_RN)), F64_ONE, PS_RND_RN);
    uint64_t c = ps_f64_fma(e, 0x3fd8000000000000ull, 0x3fe0000000000000ull, PS_RND_RN);
    return ps_f64_fma(c, ps_f64_mul(y0, e, PS_RND_RN), y0, PS_RND_RN);
}

/* rsqrt.approx.f64 (ISA 9.7.3.16), the H200's sequence: biased exponents 1..2046 (either sign)
 * take rsqrt64_step directly (a negative x gives MUFU's NaN through the FMAs); otherwise
 * +-0 -> +-Inf, NaN -> x + x (quieted), negative -> default NaN, +Inf -> +0, and a positive
 * subnormal is scaled by 2^54 and the result by 2^27. */
uint64_t ps_f64_rsqrt_approx(uint64_t a) {
    uint32_t hi = (uint32_t)(a >> 32);
    if (hi - 0x00100000u < 0x7fe00000u) return rsqrt64_step(a);
    if ((a & ~F64_SIGN) == 0) return (a & F64_SIGN) | F64_EXP;
    if (f64_is_nan(a)) return ps_f64_add(a, a, PS_RND_RN);
    if (a & F64_SIGN) return PS_F64_DEFAULT_NAN;
    if (a == F64_EXP) return 0;
    uint64_t r = rsqrt64_step(ps_f64_mul(a, 0x4350000000000000ull, PS_RND_RN)); /* 2^54 */
    return ps_f64_mul(r, 0x41a0000000000000ull, PS_RND_RN);                     /* 2^27 */
}

/* rsqrt.approx.ftz.f64 (ISA 9.7.3.17) = MUFU.RSQ64H on the upper word; low word 0. */
uint64_t ps_f64_rsqrt_approx_ftz(uint64_t a) { return (uint64_t)ps_mufu_rsq64h((uint32_t)(a >> 32)) << 32; }

/* rcp.approx.ftz.f64 (ISA 9.7.3.14) = MUFU.RCP64H on the upper word; low word 0. */
uint64_t ps_f64_rcp_approx_ftz(uint64_t a) { return (uint64_t)ps_mufu_rcp64h((uint32_t)(a >> 32)) << 32; }

/* ==== cvt ================================================================================ */

/* Width of a cvt operand type (ISA 5.2.1 fundamental types; tf32 lives in a .b32). */
int ps_cvt_type_bits(ps_cvt_type t) {
    switch (t) {
    case PS_CVT_U8:
    case PS_CVT_S8: return 8;
    case PS_CVT_U16:
    case PS_CVT_S16:
    case PS_CVT_F16:
    case PS_CVT_BF16: return 16;
    case PS_CVT_U32:
    case PS_CVT_S32:
    case PS_CVT_TF32:
    case PS_CVT_F32: return 32;
    case PS_CVT_U64:
    case PS_CVT_S64:
    case PS_CVT_F64: return 64;
    }
    return 0;
}

static bool type_is_int(ps_cvt_type t) { return t <= PS_CVT_S64; }
static bool type_is_signed(ps_cvt_type t) { return t >= PS_CVT_S8 && t <= PS_CVT_S64; }
static uint64_t type_mask(ps_cvt_type t) {
    int w = ps_cvt_type_bits(t);
    return w == 64 ? UINT64_MAX : (1ull << w) - 1;
}
/* The format a float type is rounded in (tf32 sources are read as f32). */
static fmt type_fmt(ps_cvt_type t, bool as_dest) {
    switch (t) {
    case PS_CVT_F16: return FMT_F16;
    case PS_CVT_BF16: return FMT_BF16;
    case PS_CVT_TF32: return as_dest ? FMT_TF32 : FMT_F32;
    case PS_CVT_F64: return FMT_F64;
    default: return FMT_F32;
    }
}

/* Reads an integer source as sign and magnitude. */
static void int_source(ps_cvt_type t, uint64_t a, bool *neg, uint64_t *mag) {
    int w = ps_cvt_type_bits(t);
    a &= type_mask(t);
    *neg = type_is_signed(t) && ((a >> (w - 1)) & 1);
    *mag = *neg ? (uint64_t)0 - (a | ~type_mask(t)) : a; /* sign-extend, then negate */
}

/* Writes sign and magnitude to an integer destination, clamping when sat (MININT..MAXINT). */
static uint64_t int_dest(ps_cvt_type t, bool neg, uint64_t mag, bool big, bool sat) {
    int w = ps_cvt_type_bits(t);
    uint64_t mask = type_mask(t);
    if (!sat) return (neg ? (uint64_t)0 - mag : mag) & mask;
    if (!type_is_signed(t)) {
        if (neg) return 0;
        return (big || mag > mask) ? mask : mag;
    }
    uint64_t lim = 1ull << (w - 1); /* |MININT| */
    if (!neg) return (big || mag >= lim) ? lim - 1 : mag;
    return (big || mag >= lim) ? lim : (((uint64_t)0 - mag) & mask);
}

/* The NaN a float->float cvt produces (docs/numerics.md, "NaN rules"; measured on H200,
 * 2026-11, unless marked otherwise):
 *  - from f64 to f32/f16/bf16 (F2F): sign and the top payload bits kept, quiet bit set
 *    (cvt.rn.f16.f64 0x7ff4000000000001 = 0x7f00, cvt.rn.bf16.f64 0xfff8000000000001 = 0xffc0,
 *    cvt.f32.f64 0x7ff8000000000000 = 0x7fc00000), in every rounding mode;
 *  - from f32 to f16/bf16, between f16 and bf16, from f16 to f32, and every .relu: the
 *    destination's canonical NaN (0x7fff, 0x7fffffff);
 *  - cvt.f32.bf16 is a 16-bit shift, so the NaN is NOT quieted (0x7fad -> 0x7fad0000), but
 *    cvt.ftz.f32.bf16 (F2F.FTZ) gives 0x7fffffff;
 *  - to f64: sign and payload left-aligned, quiet bit set (cvt.f64.f32 0x7fa00001 =
 *    0x7ffc000020000000), except cvt.ftz.f64.f32, which ptxas emits as FMUL.FTZ x, 1 then
 *    F2F: every NaN gives 0x7fffffffe0000000;
 *  - to tf32: see cvt_to_float. */
static uint64_t cvt_nan(ps_cvt_type dt, ps_cvt_type at, uint64_t src, unsigned flags) {
    fmt sf = type_fmt(at, false), df = type_fmt(dt, true);
    bool relu = (flags & PS_CVT_RELU) != 0;
    switch (dt) {
    case PS_CVT_F16:
    case PS_CVT_BF16:
    case PS_CVT_F32:
        if (at == PS_CVT_F64 && !relu) {
            uint64_t sign = (src & F64_SIGN) ? fmt_sign(df) : 0;
            uint64_t quiet = 1ull << (df.mbits - 1);
            return sign | fmt_inf(df) | quiet | ((src & ((1ull << 52) - 1)) >> (52 - df.mbits));
        }
        if (dt == PS_CVT_F32 && at == PS_CVT_BF16 && !relu && !(flags & PS_CVT_FTZ)) return src << 16;
        return dt == PS_CVT_F32 ? PS_F32_CANON_NAN : dt == PS_CVT_BF16 ? PS_BF16_CANON_NAN : PS_F16_CANON_NAN;
    case PS_CVT_F64:
        if (at == PS_CVT_F32 && (flags & PS_CVT_FTZ)) return 0x7fffffffe0000000ull;
        break;
    default: return PS_TF32_CANON_NAN;
    }
    uint64_t payload = (src & ((1ull << sf.mbits) - 1)) << (52 - sf.mbits);
    uint64_t sign = (src & fmt_sign(sf)) ? F64_SIGN : 0;
    return sign | F64_EXP | F64_QUIET | payload;
}

/* .ftz (f32 only), .relu, .satfinite and .sat on a float result (ISA 9.7.9.21 "Floating Point
 * Notes"). */
static uint64_t cvt_float_post(ps_cvt_type dt, uint64_t res, unsigned flags) {
    fmt f = type_fmt(dt, true);
    uint64_t sign = fmt_sign(f), inf = fmt_inf(f);
    bool nan = (res & ~sign) > inf;
    if ((flags & PS_CVT_FTZ) && dt == PS_CVT_F32 && ((res & ~sign) >> f.mbits) == 0) res &= sign;
    if ((flags & PS_CVT_RELU) && !nan && (res & sign)) res = 0;
    if ((flags & PS_CVT_SATFINITE) && (res & ~sign) == inf) res = (res & sign) | (inf - 1);
    if (flags & PS_CVT_SAT) {
        uint64_t one = (uint64_t)fmt_bias(f) << f.mbits;
        if (nan || (res & sign)) res = 0;
        else if (res > one) res = one;
    }
    return res;
}

static uint64_t cvt_to_float(ps_cvt_type dt, ps_cvt_type at, uint64_t a, ps_rnd r, unsigned flags) {
    fmt df = type_fmt(dt, true);
    uint64_t res;
    if (type_is_int(at)) {
        /* int -> float: one rounding of the exact integer (ISA: .rn .rz .rm .rp) */
        bool neg;
        uint64_t mag;
        int_source(at, a, &neg, &mag);
        res = mag ? round_pack(df, neg, 0, mag, r) : 0;
    } else {
        uint64_t src = a & type_mask(at);
        /* .ftz flushes an f32 source, except towards f16: the H200 rounds f32 subnormals
         * there as they are (cvt.rm.ftz.f16.f32 0x80033903 = 0x8001, cvt.rp.ftz.f16.f32
         * 0x00000101 = 0x0001; tests/regress/cvt_f16_r[mp]_ftz_f32_subnormal) */
        if ((flags & PS_CVT_FTZ) && (at == PS_CVT_F32 || at == PS_CVT_TF32) && dt != PS_CVT_F16)
            src = f32_flush((uint32_t)src);
        unpacked u = unpack(type_fmt(at, false), src);
        if (u.cls == CLS_NAN) {
            if (dt == PS_CVT_TF32) {
                /* cvt.rna{.satfinite}.tf32.f32 (measured on H200, 2026-11): ptxas rounds
                 * finite values by adding 0x1000 to the bits, then clears the low 13 bits of
                 * every value, NaN included, so the NaN keeps its sign and top payload and is
                 * not quieted (0xff812345 -> 0xff812000, 0x7fa00001 -> 0x7fa00000; a payload
                 * only in the low 13 bits gives Inf: 0x7f800001 -> 0x7f800000). .satfinite
                 * then subtracts 0x2000 from anything that is Inf or NaN (0x7fa00001 ->
                 * 0x7f9fe000, 0x7f802000 -> 0x7f800000). cvt.rn/.rz{.relu}.tf32.f32 give
                 * 0x7fffe000 for every NaN (H200, tests/lowprec: all NaN inputs of G_F32_2). */
                if (flags & PS_CVT_SAT) return 0;
                if ((flags & PS_CVT_RELU) || r != PS_RND_RNA) return PS_TF32_CANON_NAN;
                res = src & 0xffffe000u;
                if (flags & PS_CVT_SATFINITE) res -= 0x2000u;
                return res;
            }
            res = cvt_nan(dt, at, src, flags);
            return cvt_float_post(dt, res, flags);
        }
        if ((flags & PS_CVT_INTEGRAL) && u.cls == CLS_FINITE && u.exp < 0) {
            /* cvt.rni/.rzi/.rmi/.rpi with a float destination: round to an integral value */
            bool big;
            uint64_t mag = round_int(u.neg, u.exp, u.sig, r, &big);
            if (mag == 0) {
                u.cls = CLS_ZERO;
            } else {
                u.exp = 0;
                u.sig = mag;
            }
        }
        if (u.cls == CLS_INF) res = (u.neg ? fmt_sign(df) : 0) | fmt_inf(df);
        else if (u.cls == CLS_ZERO) res = u.neg ? fmt_sign(df) : 0;
        else {
            res = round_pack(df, u.neg, u.exp, u.sig, r);
            /* .ftz on an f32 result: tininess after rounding, as for the arithmetic (measured
             * on H200, 2026-11: cvt.rn.ftz.f32.f64 0x380fffffe0000001 = 0, while
             * 0x380fffffffffffff, which rounds to 2^-126 at 24 bits, gives 0x00800000) */
            if ((flags & PS_CVT_FTZ) && dt == PS_CVT_F32 && (res & ~F32_SIGN) == 0x00800000u &&
                (round_pack(FMT_F32_WIDE, u.neg, u.exp, u.sig, r) & ~fmt_sign(FMT_F32_WIDE)) <
                    ((uint64_t)(fmt_bias(FMT_F32_WIDE) - 126) << 23))
                res &= F32_SIGN;
        }
    }
    res = cvt_float_post(dt, res, flags);
    if (dt == PS_CVT_TF32) res <<= 13; /* 1.8.10 into f32 layout, low 13 bits zero */
    return res;
}

static uint64_t cvt_to_int(ps_cvt_type dt, ps_cvt_type at, uint64_t a, ps_rnd r, unsigned flags) {
    int w = ps_cvt_type_bits(dt);
    if (type_is_int(at)) {
        bool neg;
        uint64_t mag;
        int_source(at, a, &neg, &mag);
        return int_dest(dt, neg, mag, false, (flags & PS_CVT_SAT) != 0);
    }
    uint64_t src = a & type_mask(at);
    if ((flags & PS_CVT_FTZ) && (at == PS_CVT_F32 || at == PS_CVT_TF32)) src = f32_flush((uint32_t)src);
    unpacked u = unpack(type_fmt(at, false), src);
    switch (u.cls) {
    case CLS_NAN: return (at == PS_CVT_F64 || w == 64) ? 1ull << (w - 1) : 0;
    case CLS_ZERO: return 0;
    case CLS_INF: return int_dest(dt, u.neg, UINT64_MAX, true, true);
    }
    bool big;
    uint64_t mag = round_int(u.neg, u.exp, u.sig, r, &big);
    return int_dest(dt, u.neg, mag, big, true); /* float-to-int always clamps */
}

/* cvt{.irnd|.frnd}{.ftz}{.sat}{.relu}{.satfinite}.dtype.atype (ISA 9.7.9.21). */
uint64_t ps_cvt(ps_cvt_type dtype, ps_cvt_type atype, uint64_t a, ps_rnd r, unsigned flags) {
    if (type_is_int(dtype)) return cvt_to_int(dtype, atype, a, r, flags);
    return cvt_to_float(dtype, atype, a, r, flags);
}

/* The rounding core for fp_half.c (fp_core.h): round_pack on a format given by its widths. */
uint64_t ps_fp_round_pack(int ebits, int mbits, bool neg, int exp, uint64_t sig, ps_rnd r) {
    fmt f = {ebits, mbits};
    return round_pack(f, neg, exp, sig, r);
}
