/* fp_half.c — f16/bf16 arithmetic and fp8 conversions, bit-exact (fp_half.h).
 *
 * Every result is computed exactly in integers (a half product has at most 22 significant bits,
 * a sum is aligned in 128 bits) and rounded once by fp.c's rounding core, so nothing here
 * depends on the host FPU or its rounding mode. NaN, .ftz, .sat and .relu are applied around
 * the exact result. The rules are in docs/numerics.md section 11. */
#include "fp_half.h"
#include "mufu.h"

#include "fp_core.h"

typedef struct {
    int ebits, mbits;
} hfmt;
static const hfmt HF[2] = {{5, 10}, {8, 7}}; /* PS_HALF_F16, PS_HALF_BF16 */

enum { K_ZERO, K_FIN, K_INF, K_NAN };
typedef struct {
    int cls;
    bool neg;
    int exp; /* value = sig * 2^exp */
    uint64_t sig;
} val;

static inline int bias(hfmt f) { return (1 << (f.ebits - 1)) - 1; }
static inline uint16_t inf_bits(hfmt f) { return (uint16_t)(((1u << f.ebits) - 1) << f.mbits); }

static val unpack(hfmt f, uint16_t x) {
    val v = {K_ZERO, (x >> 15) != 0, 0, 0};
    unsigned e = (x >> f.mbits) & ((1u << f.ebits) - 1), m = x & ((1u << f.mbits) - 1);
    if (e == (1u << f.ebits) - 1) {
        v.cls = m ? K_NAN : K_INF;
    } else if (e == 0) {
        if (m) v.cls = K_FIN, v.sig = m, v.exp = 1 - bias(f) - f.mbits;
    } else {
        v.cls = K_FIN, v.sig = m | 1u << f.mbits, v.exp = (int)e - bias(f) - f.mbits;
    }
    return v;
}

bool ps_half_is_nan(ps_half_fmt f, uint16_t a) { return (a & 0x7fffu) > inf_bits(HF[f]); }

static inline bool is_sub(hfmt f, uint16_t x) { return (x & 0x7fffu) && !(x & inf_bits(f)); }
static inline uint16_t flush(hfmt f, uint16_t x) { return is_sub(f, x) ? (x & 0x8000u) : x; }

/* Rounds an exact finite nonzero value to nearest even; ftz: a result that is tiny after
 * rounding with an unbounded exponent (as for f32, docs/numerics.md section 4) becomes 0. */
static uint16_t round_half(hfmt f, bool neg, int exp, uint64_t sig, bool ftz) {
    uint16_t r = (uint16_t)ps_fp_round_pack(f.ebits, f.mbits, neg, exp, sig, PS_RND_RN);
    if (ftz && (r & 0x7fffu) <= (1u << f.mbits)) {
        /* the same rounding in a format 3 exponent bits wider: below the smallest normal? */
        uint64_t w = ps_fp_round_pack(f.ebits + 3, f.mbits, neg, exp, sig, PS_RND_RN);
        int wexp = (int)((w >> f.mbits) & ((1u << (f.ebits + 3)) - 1)) - ((1 << (f.ebits + 2)) - 1);
        if (wexp < 1 - bias(f)) r &= 0x8000u;
    }
    return r;
}

/* .sat and .relu on a result (NaN included). */
static uint16_t post(hfmt f, uint16_t r, unsigned fl) {
    bool nan = (r & 0x7fffu) > inf_bits(f);
    if (fl & PS_HALF_RELU) {
        if (nan) return PS_HALF_CANON_NAN;
        if (r & 0x8000u) return 0;
    }
    if (fl & PS_HALF_SAT) {
        uint16_t one = (uint16_t)(bias(f) << f.mbits);
        if (nan || (r & 0x8000u)) return 0;
        if (r > one) return one;
    }
    return r;
}

/* Exact sum of x + y (finite or zero) rounded: x and y as sign, exponent, significand. */
static uint16_t add_exact(hfmt f, val x, val y, unsigned fl) {
    bool ftz = fl & PS_HALF_FTZ;
    if (x.cls == K_ZERO && y.cls == K_ZERO)
        return (x.neg && y.neg) ? 0x8000u : 0; /* round-to-nearest: +0 unless both -0 */
    if (x.cls == K_ZERO) return round_half(f, y.neg, y.exp, y.sig, ftz);
    if (y.cls == K_ZERO) return round_half(f, x.neg, x.exp, x.sig, ftz);
    if (x.exp < y.exp) {
        val t = x;
        x = y;
        y = t;
    }
    /* y far below x only matters as a nonzero sticky value below x's precision */
    if (x.exp - y.exp > 100) y.exp = x.exp - 100, y.sig = 1;
    __int128 vx = (__int128)x.sig << (x.exp - y.exp), vy = (__int128)y.sig;
    __int128 s = (x.neg ? -vx : vx) + (y.neg ? -vy : vy);
    if (s == 0) return 0; /* exact cancellation: +0 in round-to-nearest */
    bool neg = s < 0;
    unsigned __int128 m = (unsigned __int128)(neg ? -s : s);
    int exp = y.exp;
    while (m >> 63) { /* keep 63 bits and a sticky bit; far more than a half needs */
        m = (m >> 1) | (m & 1);
        exp++;
    }
    return round_half(f, neg, exp, (uint64_t)m, ftz);
}

static val in(hfmt f, uint16_t x, unsigned fl) { return unpack(f, (fl & PS_HALF_FTZ) ? flush(f, x) : x); }

static uint16_t arith(ps_half_fmt fi, int op, uint16_t a, uint16_t b, uint16_t c, unsigned fl) {
    hfmt f = HF[fi];
    val x = in(f, a, fl), y = in(f, b, fl), z = in(f, c, fl);
    uint16_t inf = inf_bits(f), r;
    if (op == 1) y.neg = !y.neg; /* sub */
    if (op <= 1) {               /* add, sub */
        if (x.cls == K_NAN || y.cls == K_NAN) return post(f, PS_HALF_CANON_NAN, fl);
        if (x.cls == K_INF || y.cls == K_INF) {
            if (x.cls == K_INF && y.cls == K_INF && x.neg != y.neg) return post(f, PS_HALF_CANON_NAN, fl);
            bool n = x.cls == K_INF ? x.neg : y.neg;
            return post(f, (uint16_t)(n ? 0x8000u | inf : inf), fl);
        }
        return post(f, add_exact(f, x, y, fl), fl);
    }
    /* mul (op 2) and fma (op 3): the product first */
    /* .oob: an out-of-bounds NaN (0x7ff7, either sign, as a or b) gives +0 (H200) */
    if ((fl & PS_HALF_OOB) && ((a & 0x7fffu) == 0x7ff7u || (b & 0x7fffu) == 0x7ff7u)) return 0;
    if (x.cls == K_NAN || y.cls == K_NAN || (op == 3 && z.cls == K_NAN)) return post(f, PS_HALF_CANON_NAN, fl);
    bool pn = x.neg != y.neg;
    val p = {K_FIN, pn, x.exp + y.exp, x.sig * y.sig};
    if (x.cls == K_INF || y.cls == K_INF) {
        if (x.cls == K_ZERO || y.cls == K_ZERO) return post(f, PS_HALF_CANON_NAN, fl);
        p.cls = K_INF;
    } else if (x.cls == K_ZERO || y.cls == K_ZERO) {
        p.cls = K_ZERO;
    }
    if (op == 2) {
        if (p.cls == K_INF) r = (uint16_t)(pn ? 0x8000u | inf : inf);
        else if (p.cls == K_ZERO) r = pn ? 0x8000u : 0;
        else r = round_half(f, pn, p.exp, p.sig, fl & PS_HALF_FTZ);
        return post(f, r, fl);
    }
    if (p.cls == K_INF || z.cls == K_INF) {
        if (p.cls == K_INF && z.cls == K_INF && p.neg != z.neg) return post(f, PS_HALF_CANON_NAN, fl);
        bool n = p.cls == K_INF ? p.neg : z.neg;
        return post(f, (uint16_t)(n ? 0x8000u | inf : inf), fl);
    }
    return post(f, add_exact(f, p, z, fl), fl);
}

uint16_t ps_half_add(ps_half_fmt f, uint16_t a, uint16_t b, unsigned fl) { return arith(f, 0, a, b, 0, fl); }
uint16_t ps_half_sub(ps_half_fmt f, uint16_t a, uint16_t b, unsigned fl) { return arith(f, 1, a, b, 0, fl); }
uint16_t ps_half_mul(ps_half_fmt f, uint16_t a, uint16_t b, unsigned fl) { return arith(f, 2, a, b, 0, fl); }
uint16_t ps_half_fma(ps_half_fmt f, uint16_t a, uint16_t b, uint16_t c, unsigned fl) {
    return arith(f, 3, a, b, c, fl);
}

/* neg/abs: a NaN gives the canonical NaN (H200: neg.f16 0x7c01 = 0x7fff, abs.bf16 0x7f81 =
 * 0x7fff), everything else is a sign operation. */
uint16_t ps_half_neg(ps_half_fmt f, uint16_t a, unsigned fl) {
    if (ps_half_is_nan(f, a)) return PS_HALF_CANON_NAN;
    if (fl & PS_HALF_FTZ) a = flush(HF[f], a);
    return a ^ 0x8000u;
}
uint16_t ps_half_abs(ps_half_fmt f, uint16_t a, unsigned fl) {
    if (ps_half_is_nan(f, a)) return PS_HALF_CANON_NAN;
    if (fl & PS_HALF_FTZ) a = flush(HF[f], a);
    return a & 0x7fffu;
}

int32_t ps_half_key(ps_half_fmt f, uint16_t a, bool ftz) {
    if (ftz) a = flush(HF[f], a);
    int32_t m = a & 0x7fff;
    return (a & 0x8000u) ? -m : m;
}

/* min/max (ISA 9.7.4.7-8): one NaN operand gives the other, two NaNs (or .NaN with any) the
 * canonical NaN; -0 orders below +0; .xorsign.abs compares magnitudes and gives the result the
 * sign sign(a) ^ sign(b). */
static uint16_t minmax(ps_half_fmt fi, uint16_t a, uint16_t b, unsigned fl, bool is_max) {
    hfmt f = HF[fi];
    if (fl & PS_HALF_FTZ) a = flush(f, a), b = flush(f, b);
    uint16_t sx = (uint16_t)((a ^ b) & 0x8000u);
    if (fl & PS_HALF_XORSIGN) a &= 0x7fffu, b &= 0x7fffu;
    bool na = ps_half_is_nan(fi, a), nb = ps_half_is_nan(fi, b);
    uint16_t r;
    if ((na && nb) || ((fl & PS_HALF_NAN) && (na || nb))) return PS_HALF_CANON_NAN;
    if (na) r = b;
    else if (nb) r = a;
    else {
        int32_t ka = ps_half_key(fi, a, false), kb = ps_half_key(fi, b, false);
        if (ka == kb && ka == 0) ka = (a & 0x8000u) ? -1 : 0, kb = (b & 0x8000u) ? -1 : 0;
        r = (is_max ? ka >= kb : ka <= kb) ? a : b;
    }
    if (fl & PS_HALF_XORSIGN) r |= sx;
    return r;
}
uint16_t ps_half_min(ps_half_fmt f, uint16_t a, uint16_t b, unsigned fl) { return minmax(f, a, b, fl, false); }
uint16_t ps_half_max(ps_half_fmt f, uint16_t a, uint16_t b, unsigned fl) { return minmax(f, a, b, fl, true); }

/* ---- approximations ----------------------------------------------------------------------
 * ptxas emits one MUFU.EX2.F16 / MUFU.EX2.BF16 / MUFU.TANH.F16 / MUFU.TANH.BF16 (SASS on the
 * H200). On every half input the H200's result is the f32 unit's result (MUFU.EX2 after
 * ex2.approx.ftz.f32, MUFU.TANH after tanh.approx.f32, dumped for the same inputs) truncated
 * (rounded toward zero, subnormals included) to the half format, except that an f16 overflow
 * gives +Inf. ptxsim applies that to its f32 models (fp.c section 7), so the remaining
 * differences are those of the f32 models (docs/numerics.md section 11.4). */
static uint32_t to_f32(ps_half_fmt f, uint16_t a) {
    return (uint32_t)ps_cvt(PS_CVT_F32, f == PS_HALF_F16 ? PS_CVT_F16 : PS_CVT_BF16, a, PS_RND_RN, 0);
}
static uint16_t from_f32_trunc(ps_half_fmt f, uint32_t x) {
    uint16_t r = (uint16_t)ps_cvt(f == PS_HALF_F16 ? PS_CVT_F16 : PS_CVT_BF16, PS_CVT_F32, x, PS_RND_RZ, 0);
    /* beyond the largest finite binade (2^16 for f16; bf16 shares f32's range): Inf */
    if (f == PS_HALF_F16 && (x & 0x7fffffffu) >= 0x47800000u && (x & 0x7fffffffu) <= 0x7f800000u)
        r = (uint16_t)((r & 0x8000u) | 0x7c00u);
    return r;
}
uint16_t ps_half_ex2_approx(ps_half_fmt f, uint16_t a) {
    if (ps_half_is_nan(f, a)) return PS_HALF_CANON_NAN;
    return from_f32_trunc(f, ps_f32_ex2_approx(to_f32(f, a), true));
}
uint16_t ps_half_tanh_approx(ps_half_fmt f, uint16_t a) {
    if (ps_half_is_nan(f, a)) return PS_HALF_CANON_NAN;
    uint16_t r = from_f32_trunc(f, ps_f32_tanh_approx(to_f32(f, a)));
    return (uint16_t)((r & 0x8000u) | ((r & 0x7fffu) + ps_mufu_tanh_half_fix(f == PS_HALF_BF16, a)));
}

/* ---- fp8 -------------------------------------------------------------------------------- */
/* e4m3 (ISA: 4 exponent bits, bias 7, no infinities, S.1111.111 is NaN, largest 448) is
 * rounded as an e5m3 value scaled by 2^-8, which has the same subnormal step, and whose codes
 * then coincide with e4m3's; e5m2 is an IEEE format. .satfinite turns overflow and infinities
 * into the largest finite value. */
static uint8_t fp8_round(ps_fp8_fmt f, val v, bool relu) {
    if (v.cls == K_NAN) return 0x7f;
    if (relu && v.neg) return 0;
    uint8_t s = v.neg ? 0x80 : 0, maxv = f == PS_FP8_E4M3 ? 0x7e : 0x7b;
    if (v.cls == K_ZERO) return s;
    if (v.cls == K_INF) return s | maxv;
    uint64_t r = f == PS_FP8_E4M3 ? ps_fp_round_pack(5, 3, v.neg, v.exp - 8, v.sig, PS_RND_RN)
                                  : ps_fp_round_pack(5, 2, v.neg, v.exp, v.sig, PS_RND_RN);
    uint64_t m = r & (f == PS_FP8_E4M3 ? 0xffu : 0x7fu); /* magnitude: e5m3 has 8 bits */
    uint8_t mag = m > maxv ? maxv : (uint8_t)m;
    return s | mag;
}
uint8_t ps_fp8_from_f32(ps_fp8_fmt f, uint32_t a, bool relu) {
    val v = {K_ZERO, (a >> 31) != 0, 0, 0};
    unsigned e = (a >> 23) & 0xff, m = a & 0x7fffff;
    if (e == 0xff) v.cls = m ? K_NAN : K_INF;
    else if (e) v.cls = K_FIN, v.sig = m | 1u << 23, v.exp = (int)e - 150;
    else if (m) v.cls = K_FIN, v.sig = m, v.exp = -149;
    return fp8_round(f, v, relu);
}
uint8_t ps_fp8_from_f16(ps_fp8_fmt f, uint16_t a, bool relu) { return fp8_round(f, unpack(HF[PS_HALF_F16], a), relu); }
uint16_t ps_fp8_to_f16(ps_fp8_fmt f, uint8_t a, bool relu) {
    uint16_t s = (uint16_t)((a & 0x80) << 8);
    if (f == PS_FP8_E5M2) {
        uint16_t r = (uint16_t)(a << 8);
        if ((r & 0x7fffu) > 0x7c00u) return PS_HALF_CANON_NAN;
        return (relu && s) ? 0 : r;
    }
    if ((a & 0x7f) == 0x7f) return PS_HALF_CANON_NAN;
    if (relu && s) return 0;
    unsigned e = (a >> 3) & 15, m = a & 7;
    if (!e && !m) return s;
    int exp = e ? (int)e - 7 - 3 : -6 - 3;
    uint64_t sig = e ? (m | 8u) : m;
    return (uint16_t)ps_fp_round_pack(5, 10, s != 0, exp, sig, PS_RND_RN);
}
