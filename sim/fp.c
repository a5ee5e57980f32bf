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
#include "fp.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

/* ==== bit helpers ======================================================================== */

#define F32_SIGN 0x80000000u
#define F32_EXP 0x7f800000u
#define F32_ONE 0x3f800000u
#define F64_SIGN 0x8000000000000000ull
#define F64_EXP 0x7ff0000000000000ull
#define F64_QUIET 0x0008000000000000ull
#define F64_ONE 0x3ff0000000000000ull

static inline float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static inline double u2d(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}
static inline uint64_t d2u(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static inline bool f32_is_nan(uint32_t x) { return (x & ~F32_SIGN) > F32_EXP; }
static inline bool f64_is_nan(uint64_t x) { return (x & ~F64_SIGN) > F64_EXP; }
static inline bool f32_is_zero(uint32_t x) { return (x & ~F32_SIGN) == 0; }

/* Flush a subnormal to the zero of the same sign (PTX ".ftz"); other values pass unchanged. */
static inline uint32_t f32_flush(uint32_t x) { return (x & F32_EXP) ? x : (x & F32_SIGN); }

/* ==== exact rounding core ================================================================
 * A binary format is described by its exponent and stored-mantissa widths. TF32 is rounded as
 * an 8/10 format and then placed in f32 layout; F64HI is the 1.11.20 upper word that
 * rcp/rsqrt.approx.ftz.f64 operate on. */
typedef struct {
    int ebits, mbits;
} fmt;
static const fmt FMT_F16 = {5, 10};
static const fmt FMT_BF16 = {8, 7};
static const fmt FMT_TF32 = {8, 10};
static const fmt FMT_F32 = {8, 23};
static const fmt FMT_F64 = {11, 52};
static const fmt FMT_F64HI = {11, 20};

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
static unpacked unpack(fmt f, uint64_t bits)
{
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
static bool round_up(ps_rnd r, bool neg, bool lsb, bool half, bool rest)
{
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
static uint64_t overflow_mag(fmt f, bool neg, ps_rnd r)
{
    bool to_inf = r == PS_RND_RN || r == PS_RND_RNA || (r == PS_RND_RP && !neg) ||
                  (r == PS_RND_RM && neg);
    return to_inf ? fmt_inf(f) : fmt_inf(f) - 1;
}

/* Rounds (-1)^neg * sig * 2^exp (sig != 0) to format f under rounding r, with gradual
 * underflow and IEEE overflow, and returns the encoded bits. */
static uint64_t round_pack(fmt f, bool neg, int exp, uint64_t sig, ps_rnd r)
{
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
    if (round_up(r, neg, (mag & 1) != 0, half, rest))
        mag++;
    uint64_t sign = neg ? fmt_sign(f) : 0;
    if (e < emin) /* subnormal; a carry into the hidden bit encodes the smallest normal */
        return sign | mag;
    if (mag >> p) {
        mag >>= 1;
        e++;
    }
    if (e > bias)
        return sign | overflow_mag(f, neg, r);
    return sign | ((uint64_t)(e + bias) << f.mbits) | (mag & ((1ull << f.mbits) - 1));
}

/* Rounds (-1)^neg * sig * 2^exp to an integer and returns its magnitude; *big is set when the
 * magnitude does not fit in 64 bits. */
static uint64_t round_int(bool neg, int exp, uint64_t sig, ps_rnd r, bool *big)
{
    *big = false;
    if (exp >= 0) {
        if (exp == 0)
            return sig;
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
        if (mag == 0)
            *big = true;
    }
    return mag;
}

/* Rounds a host double to f32 bits, round-to-nearest-even, NaN -> canonical NaN. */
static uint32_t f32_from_double_rn(double x)
{
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

static int host_mode(ps_rnd r)
{
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
ps_fp_env ps_fp_round_begin(ps_rnd r)
{
    ps_fp_env env = {fegetround()};
    int want = host_mode(r);
    if (want != env.saved)
        fesetround(want);
    return env;
}

/* Restores the host rounding mode saved by ps_fp_round_begin. */
void ps_fp_round_end(ps_fp_env env)
{
    if (fegetround() != env.saved)
        fesetround(env.saved);
}

/* ==== f32 arithmetic =====================================================================
 * Per-lane cores; they run inside a begin/end scope. The batch functions are noipa so that
 * no caller's operands can be folded into registers and evaluated across the mode switch
 * (GCC does not model the rounding mode as a dependency, bug 34678); their loads from memory
 * cannot move above the fesetround call. */

/* NaN -> canonical NaN (ISA 9.7.3: f32 NaN results are unspecified; the GPU gives 0x7fffffff),
 * then .ftz on the result, then .sat (clamp to [+0.0, 1.0], NaN -> +0.0). */
static inline uint32_t f32_finish(uint32_t r, bool ftz, bool sat)
{
    if (f32_is_nan(r))
        return sat ? 0 : PS_F32_CANON_NAN;
    if (ftz)
        r = f32_flush(r);
    if (sat) {
        if (r & F32_SIGN)
            r = 0;
        else if (r > F32_ONE)
            r = F32_ONE;
    }
    return r;
}

static inline uint32_t f32_in(uint32_t x, bool ftz) { return ftz ? f32_flush(x) : x; }

/* add.rnd{.ftz}{.sat}.f32 (ISA 9.7.3.3). */
static inline uint32_t f32_add_core(uint32_t a, uint32_t b, bool ftz, bool sat)
{
    return f32_finish(f2u(u2f(f32_in(a, ftz)) + u2f(f32_in(b, ftz))), ftz, sat);
}
/* sub.rnd{.ftz}{.sat}.f32 (ISA 9.7.3.4). */
static inline uint32_t f32_sub_core(uint32_t a, uint32_t b, bool ftz, bool sat)
{
    return f32_finish(f2u(u2f(f32_in(a, ftz)) - u2f(f32_in(b, ftz))), ftz, sat);
}
/* mul.rnd{.ftz}{.sat}.f32 (ISA 9.7.3.5). */
static inline uint32_t f32_mul_core(uint32_t a, uint32_t b, bool ftz, bool sat)
{
    return f32_finish(f2u(u2f(f32_in(a, ftz)) * u2f(f32_in(b, ftz))), ftz, sat);
}
/* fma.rnd{.ftz}{.sat}.f32 / mad.rnd.f32 (ISA 9.7.3.6-7): one rounding of a*b+c. */
static inline uint32_t f32_fma_core(uint32_t a, uint32_t b, uint32_t c, bool ftz, bool sat)
{
    float r = fmaf(u2f(f32_in(a, ftz)), u2f(f32_in(b, ftz)), u2f(f32_in(c, ftz)));
    return f32_finish(f2u(r), ftz, sat);
}
/* div.rnd{.ftz}.f32 (ISA 9.7.3.8, IEEE 754 compliant rounding). */
static inline uint32_t f32_div_core(uint32_t a, uint32_t b, bool ftz)
{
    return f32_finish(f2u(u2f(f32_in(a, ftz)) / u2f(f32_in(b, ftz))), ftz, false);
}
/* sqrt.rnd{.ftz}.f32 (ISA 9.7.3.15, IEEE 754 compliant rounding). */
static inline uint32_t f32_sqrt_core(uint32_t a, bool ftz)
{
    return f32_finish(f2u(sqrtf(u2f(f32_in(a, ftz)))), ftz, false);
}
/* rcp.rnd{.ftz}.f32 (ISA 9.7.3.13, IEEE 754 compliant rounding). */
static inline uint32_t f32_rcp_core(uint32_t a, bool ftz)
{
    return f32_finish(f2u(1.0f / u2f(f32_in(a, ftz))), ftz, false);
}

#if defined(__clang__) /* clang has no noipa; with -frounding-math it uses constrained FP ops */
#define PS_NOIPA __attribute__((noinline))
#else
#define PS_NOIPA __attribute__((noipa))
#endif

/* Batch forms: one host rounding-mode switch for n lanes. */
PS_NOIPA void ps_f32_add_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r,
                           bool ftz, bool sat)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f32_add_core(a[i], b[i], ftz, sat);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f32_sub_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r,
                           bool ftz, bool sat)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f32_sub_core(a[i], b[i], ftz, sat);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f32_mul_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r,
                           bool ftz, bool sat)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f32_mul_core(a[i], b[i], ftz, sat);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f32_fma_n(uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                           int n, ps_rnd r, bool ftz, bool sat)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f32_fma_core(a[i], b[i], c[i], ftz, sat);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f32_div_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r,
                           bool ftz)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f32_div_core(a[i], b[i], ftz);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f32_sqrt_n(uint32_t *d, const uint32_t *a, int n, ps_rnd r, bool ftz)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f32_sqrt_core(a[i], ftz);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f32_rcp_n(uint32_t *d, const uint32_t *a, int n, ps_rnd r, bool ftz)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f32_rcp_core(a[i], ftz);
    ps_fp_round_end(env);
}

/* Single-value forms: a batch of one. */
uint32_t ps_f32_add(uint32_t a, uint32_t b, ps_rnd r, bool ftz, bool sat)
{
    uint32_t d;
    ps_f32_add_n(&d, &a, &b, 1, r, ftz, sat);
    return d;
}
uint32_t ps_f32_sub(uint32_t a, uint32_t b, ps_rnd r, bool ftz, bool sat)
{
    uint32_t d;
    ps_f32_sub_n(&d, &a, &b, 1, r, ftz, sat);
    return d;
}
uint32_t ps_f32_mul(uint32_t a, uint32_t b, ps_rnd r, bool ftz, bool sat)
{
    uint32_t d;
    ps_f32_mul_n(&d, &a, &b, 1, r, ftz, sat);
    return d;
}
uint32_t ps_f32_fma(uint32_t a, uint32_t b, uint32_t c, ps_rnd r, bool ftz, bool sat)
{
    uint32_t d;
    ps_f32_fma_n(&d, &a, &b, &c, 1, r, ftz, sat);
    return d;
}
uint32_t ps_f32_div(uint32_t a, uint32_t b, ps_rnd r, bool ftz)
{
    uint32_t d;
    ps_f32_div_n(&d, &a, &b, 1, r, ftz);
    return d;
}
uint32_t ps_f32_sqrt(uint32_t a, ps_rnd r, bool ftz)
{
    uint32_t d;
    ps_f32_sqrt_n(&d, &a, 1, r, ftz);
    return d;
}
uint32_t ps_f32_rcp(uint32_t a, ps_rnd r, bool ftz)
{
    uint32_t d;
    ps_f32_rcp_n(&d, &a, 1, r, ftz);
    return d;
}

/* ==== f64 arithmetic =====================================================================
 * ISA 9.7.3: "NaN payloads are supported for double-precision instructions". A NaN input is
 * returned quieted with its sign and payload (first NaN operand in a, b, c order); a NaN made
 * from non-NaN operands (Inf-Inf, 0*Inf, sqrt(-1), ...) is PS_F64_DEFAULT_NAN. */

static inline uint64_t f64_nan3(uint64_t a, uint64_t b, uint64_t c)
{
    if (f64_is_nan(a))
        return a | F64_QUIET;
    if (f64_is_nan(b))
        return b | F64_QUIET;
    if (f64_is_nan(c))
        return c | F64_QUIET;
    return PS_F64_DEFAULT_NAN;
}

static inline uint64_t f64_finish(double r, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t u = d2u(r);
    return f64_is_nan(u) ? f64_nan3(a, b, c) : u;
}

/* add.rnd.f64 (ISA 9.7.3.3). */
static inline uint64_t f64_add_core(uint64_t a, uint64_t b)
{
    return f64_finish(u2d(a) + u2d(b), a, b, 0);
}
/* sub.rnd.f64 (ISA 9.7.3.4). */
static inline uint64_t f64_sub_core(uint64_t a, uint64_t b)
{
    return f64_finish(u2d(a) - u2d(b), a, b, 0);
}
/* mul.rnd.f64 (ISA 9.7.3.5). */
static inline uint64_t f64_mul_core(uint64_t a, uint64_t b)
{
    return f64_finish(u2d(a) * u2d(b), a, b, 0);
}
/* fma.rnd.f64 / mad.rnd.f64 (ISA 9.7.3.6-7). */
static inline uint64_t f64_fma_core(uint64_t a, uint64_t b, uint64_t c)
{
    return f64_finish(fma(u2d(a), u2d(b), u2d(c)), a, b, c);
}
/* div.rnd.f64 (ISA 9.7.3.8). */
static inline uint64_t f64_div_core(uint64_t a, uint64_t b)
{
    return f64_finish(u2d(a) / u2d(b), a, b, 0);
}
/* sqrt.rnd.f64 (ISA 9.7.3.15). */
static inline uint64_t f64_sqrt_core(uint64_t a) { return f64_finish(sqrt(u2d(a)), a, 0, 0); }
/* rcp.rnd.f64 (ISA 9.7.3.13). */
static inline uint64_t f64_rcp_core(uint64_t a) { return f64_finish(1.0 / u2d(a), a, 0, 0); }

PS_NOIPA void ps_f64_add_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f64_add_core(a[i], b[i]);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f64_sub_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f64_sub_core(a[i], b[i]);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f64_mul_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f64_mul_core(a[i], b[i]);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f64_fma_n(uint64_t *d, const uint64_t *a, const uint64_t *b, const uint64_t *c,
                           int n, ps_rnd r)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f64_fma_core(a[i], b[i], c[i]);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f64_div_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f64_div_core(a[i], b[i]);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f64_sqrt_n(uint64_t *d, const uint64_t *a, int n, ps_rnd r)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f64_sqrt_core(a[i]);
    ps_fp_round_end(env);
}
PS_NOIPA void ps_f64_rcp_n(uint64_t *d, const uint64_t *a, int n, ps_rnd r)
{
    ps_fp_env env = ps_fp_round_begin(r);
    for (int i = 0; i < n; i++)
        d[i] = f64_rcp_core(a[i]);
    ps_fp_round_end(env);
}

uint64_t ps_f64_add(uint64_t a, uint64_t b, ps_rnd r)
{
    uint64_t d;
    ps_f64_add_n(&d, &a, &b, 1, r);
    return d;
}
uint64_t ps_f64_sub(uint64_t a, uint64_t b, ps_rnd r)
{
    uint64_t d;
    ps_f64_sub_n(&d, &a, &b, 1, r);
    return d;
}
uint64_t ps_f64_mul(uint64_t a, uint64_t b, ps_rnd r)
{
    uint64_t d;
    ps_f64_mul_n(&d, &a, &b, 1, r);
    return d;
}
uint64_t ps_f64_fma(uint64_t a, uint64_t b, uint64_t c, ps_rnd r)
{
    uint64_t d;
    ps_f64_fma_n(&d, &a, &b, &c, 1, r);
    return d;
}
uint64_t ps_f64_div(uint64_t a, uint64_t b, ps_rnd r)
{
    uint64_t d;
    ps_f64_div_n(&d, &a, &b, 1, r);
    return d;
}
uint64_t ps_f64_sqrt(uint64_t a, ps_rnd r)
{
    uint64_t d;
    ps_f64_sqrt_n(&d, &a, 1, r);
    return d;
}
uint64_t ps_f64_rcp(uint64_t a, ps_rnd r)
{
    uint64_t d;
    ps_f64_rcp_n(&d, &a, 1, r);
    return d;
}

/* ==== min / max ========================================================================== */

/* A key whose integer order is the numeric order of non-NaN values, with -0.0 < +0.0. */
static inline int64_t f32_key(uint32_t x)
{
    return (x & F32_SIGN) ? -(int64_t)(x & ~F32_SIGN) - 1 : (int64_t)x;
}
static inline int64_t f64_key(uint64_t x)
{
    return (x & F64_SIGN) ? -(int64_t)(x & ~F64_SIGN) - 1 : (int64_t)x;
}

/* min_num/max_num and min_nan/max_nan of the ISA semantics for f32 (inputs already flushed
 * and made absolute when asked). */
static uint32_t f32_pick(uint32_t a, uint32_t b, bool is_max, bool nan)
{
    bool an = f32_is_nan(a), bn = f32_is_nan(b);
    if ((an && bn) || (nan && (an || bn)))
        return PS_F32_CANON_NAN;
    if (an)
        return b;
    if (bn)
        return a;
    bool a_less = f32_key(a) < f32_key(b);
    return (a_less != is_max) ? a : b;
}

static uint32_t f32_minmax(uint32_t a, uint32_t b, bool is_max, bool ftz, bool nan, bool xs_abs)
{
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
    if (xs_abs && !f32_is_nan(d))
        d = (d & ~F32_SIGN) | xs;
    return d;
}

/* min{.ftz}{.NaN}{.xorsign.abs}.f32 (ISA 9.7.3.11). */
uint32_t ps_f32_min(uint32_t a, uint32_t b, bool ftz, bool nan, bool xorsign_abs)
{
    return f32_minmax(a, b, false, ftz, nan, xorsign_abs);
}

/* max{.ftz}{.NaN}{.xorsign.abs}.f32 (ISA 9.7.3.12). */
uint32_t ps_f32_max(uint32_t a, uint32_t b, bool ftz, bool nan, bool xorsign_abs)
{
    return f32_minmax(a, b, true, ftz, nan, xorsign_abs);
}

static uint32_t f32_minmax3(uint32_t a, uint32_t b, uint32_t c, bool is_max, bool ftz, bool nan,
                            bool abs)
{
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
uint32_t ps_f32_min3(uint32_t a, uint32_t b, uint32_t c, bool ftz, bool nan, bool abs)
{
    return f32_minmax3(a, b, c, false, ftz, nan, abs);
}

/* max{.ftz}{.NaN}{.abs}.f32 d, a, b, c (ISA 9.7.3.12, three inputs). */
uint32_t ps_f32_max3(uint32_t a, uint32_t b, uint32_t c, bool ftz, bool nan, bool abs)
{
    return f32_minmax3(a, b, c, true, ftz, nan, abs);
}

static uint64_t f64_minmax(uint64_t a, uint64_t b, bool is_max)
{
    bool an = f64_is_nan(a), bn = f64_is_nan(b);
    if (an && bn)
        return b | F64_QUIET; /* measured on H200 (2026-11): the SECOND NaN, quieted */
    if (an)
        return b;
    if (bn)
        return a;
    bool a_less = f64_key(a) < f64_key(b);
    return (a_less != is_max) ? a : b;
}

/* min.f64 (ISA 9.7.3.11). */
uint64_t ps_f64_min(uint64_t a, uint64_t b) { return f64_minmax(a, b, false); }

/* max.f64 (ISA 9.7.3.12). */
uint64_t ps_f64_max(uint64_t a, uint64_t b) { return f64_minmax(a, b, true); }

/* ==== abs / neg / copysign / testp ======================================================= */

/* abs{.ftz}.f32 (ISA 9.7.3.9): "NaN input yields unspecified NaN" -> canonical NaN. */
uint32_t ps_f32_abs(uint32_t a, bool ftz)
{
    if (f32_is_nan(a))
        return PS_F32_CANON_NAN;
    return (ftz ? f32_flush(a) : a) & ~F32_SIGN;
}

/* neg{.ftz}.f32 (ISA 9.7.3.10): "NaN inputs yield an unspecified NaN" -> canonical NaN. */
uint32_t ps_f32_neg(uint32_t a, bool ftz)
{
    if (f32_is_nan(a))
        return PS_F32_CANON_NAN;
    return (ftz ? f32_flush(a) : a) ^ F32_SIGN;
}

/* abs.f64 (ISA 9.7.3.9). The ISA says "NaN input is passed through unchanged", but measured
 * on H200 (2026-11) a signalling NaN comes back as |x| with the quiet bit set. */
uint64_t ps_f64_abs(uint64_t a)
{
    a &= ~F64_SIGN;
    return f64_is_nan(a) ? (a | F64_QUIET) : a;
}

/* neg.f64 (ISA 9.7.3.10; the CUDA guide says f64 neg passes NaN through unchanged). Not yet
 * measured: abs.f64 turned out to quiet NaNs, neg.f64 may too (docs/numerics.md, open). */
uint64_t ps_f64_neg(uint64_t a) { return f64_is_nan(a) ? a : (a ^ F64_SIGN); }

/* copysign.f32 (ISA 9.7.3.2): the sign bit of a on the value of b; a bit operation. */
uint32_t ps_f32_copysign(uint32_t a, uint32_t b) { return (b & ~F32_SIGN) | (a & F32_SIGN); }

/* copysign.f64 (ISA 9.7.3.2). */
uint64_t ps_f64_copysign(uint64_t a, uint64_t b) { return (b & ~F64_SIGN) | (a & F64_SIGN); }

static bool testp_class(ps_testp_op op, bool exp_zero, bool exp_max, bool man_zero)
{
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
bool ps_f32_testp(ps_testp_op op, uint32_t a)
{
    uint32_t e = a & F32_EXP;
    return testp_class(op, e == 0, e == F32_EXP, (a & 0x007fffffu) == 0);
}

/* testp.op.f64 (ISA 9.7.3.1). */
bool ps_f64_testp(ps_testp_op op, uint64_t a)
{
    uint64_t e = a & F64_EXP;
    return testp_class(op, e == 0, e == F64_EXP, (a & 0x000fffffffffffffull) == 0);
}

/* ==== approximate instructions ===========================================================
 * Each computes the function in double precision and rounds to nearest, which is far inside
 * the ISA's stated bound, after handling the special values of the ISA's table. They do not
 * switch the host rounding mode; in a directed host mode the double result may move by one
 * double ulp, which cannot push the f32 result outside the bound. */

static inline uint32_t f32_out(double r, bool ftz)
{
    uint32_t d = f32_from_double_rn(r);
    return ftz ? f32_flush(d) : d;
}

/* rcp.approx{.ftz}.f32 (ISA 9.7.3.13; max 1 ulp; -Inf->-0, -0->-Inf, +0->+Inf, +Inf->+0). */
uint32_t ps_f32_rcp_approx(uint32_t a, bool ftz)
{
    a = f32_in(a, ftz);
    if (f32_is_nan(a))
        return PS_F32_CANON_NAN;
    return f32_out(1.0 / (double)u2f(a), ftz);
}

/* sqrt.approx{.ftz}.f32 (ISA 9.7.3.15; relative error 2^-23; negative -> NaN, -0 -> -0). */
uint32_t ps_f32_sqrt_approx(uint32_t a, bool ftz)
{
    a = f32_in(a, ftz);
    if (f32_is_nan(a) || ((a & F32_SIGN) && !f32_is_zero(a)))
        return PS_F32_CANON_NAN;
    return f32_out(sqrt((double)u2f(a)), ftz);
}

/* rsqrt.approx{.ftz}.f32 (ISA 9.7.3.16; relative error 2^-22.9; -0 -> -Inf, +0 -> +Inf,
 * negative -> NaN, +Inf -> +0). */
uint32_t ps_f32_rsqrt_approx(uint32_t a, bool ftz)
{
    a = f32_in(a, ftz);
    if (f32_is_zero(a))
        return (a & F32_SIGN) | F32_EXP;
    if (f32_is_nan(a) || (a & F32_SIGN))
        return PS_F32_CANON_NAN;
    return f32_out(1.0 / sqrt((double)u2f(a)), ftz);
}

/* div.approx{.ftz}.f32 (ISA 9.7.3.8): d = a * (1/b); 2 ulp for |b| in [2^-126, 2^126]; for
 * 2^126 < |b| < 2^128, Inf/NaN a gives NaN and anything else a sign-preserving zero. */
uint32_t ps_f32_div_approx(uint32_t a, uint32_t b, bool ftz)
{
    a = f32_in(a, ftz);
    b = f32_in(b, ftz);
    uint32_t bm = b & ~F32_SIGN;
    if (bm > 0x7e800000u && bm < F32_EXP) { /* 2^126 < |b| < 2^128 */
        if ((a & ~F32_SIGN) >= F32_EXP)
            return PS_F32_CANON_NAN;
        return (a ^ b) & F32_SIGN;
    }
    /* the reciprocal is rounded to f32 first, as the hardware does, then the product */
    uint32_t rb = f32_from_double_rn(1.0 / (double)u2f(b));
    if (f32_is_nan(a) || f32_is_nan(rb))
        return PS_F32_CANON_NAN;
    return f32_out((double)u2f(a) * (double)u2f(rb), ftz);
}

/* div.full{.ftz}.f32 (ISA 9.7.3.8; max 2 ulp over the full range): correctly rounded here. */
uint32_t ps_f32_div_full(uint32_t a, uint32_t b, bool ftz)
{
    a = f32_in(a, ftz);
    b = f32_in(b, ftz);
    if (f32_is_nan(a) || f32_is_nan(b))
        return PS_F32_CANON_NAN;
    /* the f32 quotient of two f32 values rounded via double is correctly rounded */
    return f32_out((double)u2f(a) / (double)u2f(b), ftz);
}

/* ex2.approx{.ftz}.f32 (ISA 9.7.3.21; 2 ulp; -Inf -> +0, +-0 -> 1, +Inf -> +Inf). */
uint32_t ps_f32_ex2_approx(uint32_t a, bool ftz)
{
    a = f32_in(a, ftz);
    if (f32_is_nan(a))
        return PS_F32_CANON_NAN;
    return f32_out(exp2((double)u2f(a)), ftz);
}

/* lg2.approx{.ftz}.f32 (ISA 9.7.3.20; abs error 2^-22 on (0.5, 2), else relative 2^-22;
 * +-0 -> -Inf, negative -> NaN, +Inf -> +Inf). */
uint32_t ps_f32_lg2_approx(uint32_t a, bool ftz)
{
    a = f32_in(a, ftz);
    if (f32_is_zero(a))
        return F32_SIGN | F32_EXP;
    if (f32_is_nan(a) || (a & F32_SIGN))
        return PS_F32_CANON_NAN;
    return f32_out(log2((double)u2f(a)), ftz);
}

/* sin.approx{.ftz}.f32 (ISA 9.7.3.18; abs error 2^-20.5 on [-2pi, 2pi]; +-Inf -> NaN). */
uint32_t ps_f32_sin_approx(uint32_t a, bool ftz)
{
    a = f32_in(a, ftz);
    if ((a & ~F32_SIGN) >= F32_EXP)
        return PS_F32_CANON_NAN;
    return f32_out(sin((double)u2f(a)), ftz);
}

/* cos.approx{.ftz}.f32 (ISA 9.7.3.19; abs error 2^-20.5 on [-2pi, 2pi]; +-Inf -> NaN). */
uint32_t ps_f32_cos_approx(uint32_t a, bool ftz)
{
    a = f32_in(a, ftz);
    if ((a & ~F32_SIGN) >= F32_EXP)
        return PS_F32_CANON_NAN;
    return f32_out(cos((double)u2f(a)), ftz);
}

/* tanh.approx.f32 (ISA 9.7.3.22; relative error 2^-11; +-Inf -> +-1; subnormals pass). */
uint32_t ps_f32_tanh_approx(uint32_t a)
{
    if (f32_is_nan(a))
        return PS_F32_CANON_NAN;
    return f32_out(tanh((double)u2f(a)), false);
}

/* rsqrt.approx.f64 (ISA 9.7.3.16): NaN payloads kept (quieted); -0 -> -Inf, +0 -> +Inf,
 * negative -> NaN, +Inf -> +0. Two roundings in double: under 2 ulp. */
uint64_t ps_f64_rsqrt_approx(uint64_t a)
{
    if (f64_is_nan(a))
        return a | F64_QUIET;
    if ((a & ~F64_SIGN) == 0)
        return (a & F64_SIGN) | F64_EXP;
    if (a & F64_SIGN)
        return PS_F64_DEFAULT_NAN;
    return d2u(1.0 / sqrt(u2d(a)));
}

/* Shared body of rcp/rsqrt.approx.ftz.f64: works on the 1.11.20 upper word only, rounds the
 * result to 1.11.20, flushes subnormals, and zeroes the low word. */
static uint64_t f64hi_approx(uint64_t a, bool rsqrt)
{
    uint64_t hi = a >> 32;
    unpacked u = unpack(FMT_F64HI, hi);
    uint64_t sign = u.neg ? 0x80000000ull : 0;
    uint64_t res;
    if (u.cls == CLS_NAN) {
        return PS_F64_APPROX_NAN;
    } else if (u.cls == CLS_ZERO || (hi & 0x7ff00000ull) == 0) { /* zero or subnormal */
        res = sign | 0x7ff00000ull;                               /* +-Inf */
    } else if (u.cls == CLS_INF) {
        if (rsqrt && u.neg)
            return PS_F64_APPROX_NAN;
        res = sign; /* +-0 */
    } else if (rsqrt && u.neg) {
        return PS_F64_APPROX_NAN;
    } else {
        double t = u2d(hi << 32);
        double r = rsqrt ? 1.0 / sqrt(t) : 1.0 / t;
        unpacked v = unpack(FMT_F64, d2u(r));
        res = round_pack(FMT_F64HI, v.neg, v.exp, v.sig, PS_RND_RN);
        if ((res & 0x7ff00000ull) == 0)
            res &= 0x80000000ull; /* subnormal results are flushed */
    }
    return res << 32;
}

/* rsqrt.approx.ftz.f64 (ISA 9.7.3.17). */
uint64_t ps_f64_rsqrt_approx_ftz(uint64_t a) { return f64hi_approx(a, true); }

/* rcp.approx.ftz.f64 (ISA 9.7.3.14). */
uint64_t ps_f64_rcp_approx_ftz(uint64_t a) { return f64hi_approx(a, false); }

/* ==== cvt ================================================================================ */

/* Width of a cvt operand type (ISA 5.2.1 fundamental types; tf32 lives in a .b32). */
int ps_cvt_type_bits(ps_cvt_type t)
{
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
static uint64_t type_mask(ps_cvt_type t)
{
    int w = ps_cvt_type_bits(t);
    return w == 64 ? UINT64_MAX : (1ull << w) - 1;
}
/* The format a float type is rounded in (tf32 sources are read as f32). */
static fmt type_fmt(ps_cvt_type t, bool as_dest)
{
    switch (t) {
    case PS_CVT_F16: return FMT_F16;
    case PS_CVT_BF16: return FMT_BF16;
    case PS_CVT_TF32: return as_dest ? FMT_TF32 : FMT_F32;
    case PS_CVT_F64: return FMT_F64;
    default: return FMT_F32;
    }
}

/* Reads an integer source as sign and magnitude. */
static void int_source(ps_cvt_type t, uint64_t a, bool *neg, uint64_t *mag)
{
    int w = ps_cvt_type_bits(t);
    a &= type_mask(t);
    *neg = type_is_signed(t) && ((a >> (w - 1)) & 1);
    *mag = *neg ? (uint64_t)0 - (a | ~type_mask(t)) : a; /* sign-extend, then negate */
}

/* Writes sign and magnitude to an integer destination, clamping when sat (MININT..MAXINT). */
static uint64_t int_dest(ps_cvt_type t, bool neg, uint64_t mag, bool big, bool sat)
{
    int w = ps_cvt_type_bits(t);
    uint64_t mask = type_mask(t);
    if (!sat)
        return (neg ? (uint64_t)0 - mag : mag) & mask;
    if (!type_is_signed(t)) {
        if (neg)
            return 0;
        return (big || mag > mask) ? mask : mag;
    }
    uint64_t lim = 1ull << (w - 1); /* |MININT| */
    if (!neg)
        return (big || mag >= lim) ? lim - 1 : mag;
    return (big || mag >= lim) ? lim : (((uint64_t)0 - mag) & mask);
}

/* The NaN a float->float cvt produces (docs/numerics.md, "NaN rules"):
 *  - f16/bf16/tf32 destinations: their canonical NaN;
 *  - f32 destination: from f64 (measured on H200, 2026-11), sign and the top 23 payload bits
 *    kept and the quiet bit set (0xffffffffffffffff -> 0xffffffff, 0x7ff8000000000000 ->
 *    0x7fc00000); from f16/bf16/f32 the canonical 0x7fffffff (.relu: always canonical);
 *  - f64 destination: sign and payload (quieted), narrower payloads left-aligned. */
static uint64_t cvt_nan(ps_cvt_type dt, ps_cvt_type at, uint64_t src, unsigned flags)
{
    switch (dt) {
    case PS_CVT_F16: return PS_F16_CANON_NAN;
    case PS_CVT_BF16: return PS_BF16_CANON_NAN;
    case PS_CVT_TF32: return PS_TF32_CANON_NAN;
    case PS_CVT_F64: break;
    default:
        if (at != PS_CVT_F64 || (flags & PS_CVT_RELU))
            return PS_F32_CANON_NAN;
        return ((src >> 32) & F32_SIGN) | F32_EXP | 0x00400000u | ((src >> 29) & 0x007fffffu);
    }
    fmt sf = type_fmt(at, false);
    uint64_t payload = (src & ((1ull << sf.mbits) - 1)) << (52 - sf.mbits);
    uint64_t sign = (src & fmt_sign(sf)) ? F64_SIGN : 0;
    return sign | F64_EXP | F64_QUIET | payload;
}

/* .ftz (f32 only), .relu, .satfinite and .sat on a float result (ISA 9.7.9.21 "Floating Point
 * Notes"). */
static uint64_t cvt_float_post(ps_cvt_type dt, uint64_t res, unsigned flags)
{
    fmt f = type_fmt(dt, true);
    uint64_t sign = fmt_sign(f), inf = fmt_inf(f);
    bool nan = (res & ~sign) > inf;
    if ((flags & PS_CVT_FTZ) && dt == PS_CVT_F32 && ((res & ~sign) >> f.mbits) == 0)
        res &= sign;
    if ((flags & PS_CVT_RELU) && !nan && (res & sign))
        res = 0;
    if ((flags & PS_CVT_SATFINITE) && (res & ~sign) == inf)
        res = (res & sign) | (inf - 1);
    if (flags & PS_CVT_SAT) {
        uint64_t one = (uint64_t)fmt_bias(f) << f.mbits;
        if (nan || (res & sign))
            res = 0;
        else if (res > one)
            res = one;
    }
    return res;
}

static uint64_t cvt_to_float(ps_cvt_type dt, ps_cvt_type at, uint64_t a, ps_rnd r,
                             unsigned flags)
{
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
        if ((flags & PS_CVT_FTZ) && (at == PS_CVT_F32 || at == PS_CVT_TF32))
            src = f32_flush((uint32_t)src);
        unpacked u = unpack(type_fmt(at, false), src);
        if (u.cls == CLS_NAN) {
            res = cvt_nan(dt, at, src, flags);
            if (dt == PS_CVT_TF32)
                return (flags & PS_CVT_SAT) ? 0 : res; /* already in f32 layout */
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
        if (u.cls == CLS_INF)
            res = (u.neg ? fmt_sign(df) : 0) | fmt_inf(df);
        else if (u.cls == CLS_ZERO)
            res = u.neg ? fmt_sign(df) : 0;
        else
            res = round_pack(df, u.neg, u.exp, u.sig, r);
    }
    res = cvt_float_post(dt, res, flags);
    if (dt == PS_CVT_TF32)
        res <<= 13; /* 1.8.10 into f32 layout, low 13 bits zero */
    return res;
}

static uint64_t cvt_to_int(ps_cvt_type dt, ps_cvt_type at, uint64_t a, ps_rnd r, unsigned flags)
{
    int w = ps_cvt_type_bits(dt);
    if (type_is_int(at)) {
        bool neg;
        uint64_t mag;
        int_source(at, a, &neg, &mag);
        return int_dest(dt, neg, mag, false, (flags & PS_CVT_SAT) != 0);
    }
    uint64_t src = a & type_mask(at);
    if ((flags & PS_CVT_FTZ) && (at == PS_CVT_F32 || at == PS_CVT_TF32))
        src = f32_flush((uint32_t)src);
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
uint64_t ps_cvt(ps_cvt_type dtype, ps_cvt_type atype, uint64_t a, ps_rnd r, unsigned flags)
{
    if (type_is_int(dtype))
        return cvt_to_int(dtype, atype, a, r, flags);
    return cvt_to_float(dtype, atype, a, r, flags);
}
