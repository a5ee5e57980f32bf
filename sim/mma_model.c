/* mma_model.c — tensor-core dot-product arithmetic (mma_model.h, docs/tensor-cores.md). */
#include "mma_model.h"

/* The model stays standalone (the lab's fitting tools compile this file alone), so it spells out
 * common.h's PS_CLONES here: an x86-64-v3 (AVX2) copy of a function next to the baseline one,
 * picked by the loader; the same operations, so the same results. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(PS_NO_MULTIVERSION)
#define MM_CLONES __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define MM_CLONES
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define MM_VECTORIZE        __attribute__((optimize("tree-vectorize")))
#define MM_VECTORIZE_NOTRAP __attribute__((optimize("tree-vectorize", "no-trapping-math")))
#else
#define MM_VECTORIZE
#define MM_VECTORIZE_NOTRAP
#endif

#include <string.h>

typedef struct {
    int ebits, mbits, bias;
    int ieee;  /* inf and NaN at the top exponent (e4m3 has neither inf nor NaN there) */
    int shift; /* bits below the format in its container (tf32: 13) */
} fmt_info;

static inline __attribute__((always_inline)) fmt_info info_of(mma_fmt f) {
    switch (f) {
    case MF_F16: return (fmt_info){5, 10, 15, 1, 0};
    case MF_BF16: return (fmt_info){8, 7, 127, 1, 0};
    case MF_TF32: return (fmt_info){8, 10, 127, 1, 13};
    case MF_F32: return (fmt_info){8, 23, 127, 1, 0};
    case MF_E4M3: return (fmt_info){4, 3, 7, 0, 0};
    case MF_E5M2: return (fmt_info){5, 2, 15, 1, 0};
    default: return (fmt_info){11, 52, 1023, 1, 0};
    }
}

enum { K_ZERO, K_FIN, K_INF, K_NAN };

typedef struct {
    int kind, sign;
    uint64_t sig; /* integer significand, hidden bit included */
    int lsb;      /* value = sig * 2^lsb */
    int exp;      /* exponent for alignment: that of the leading bit position (subnormals: emin) */
} elem;

static inline __attribute__((always_inline)) elem decode(mma_fmt f, uint32_t bits) {
    fmt_info fi = info_of(f);
    uint32_t b = bits >> fi.shift;
    elem e = {0};
    uint32_t mant = b & ((1u << fi.mbits) - 1), ef = (b >> fi.mbits) & ((1u << fi.ebits) - 1);
    uint32_t top = (1u << fi.ebits) - 1;
    e.sign = (int)(b >> (fi.ebits + fi.mbits)) & 1;
    if (fi.ieee && ef == top) {
        e.kind = mant ? K_NAN : K_INF;
        return e;
    }
    if (!fi.ieee && ef == top && mant == (1u << fi.mbits) - 1) {
        e.kind = K_NAN;
        return e;
    }
    if (ef == 0 && mant == 0) {
        e.kind = K_ZERO;
        return e;
    }
    e.kind = K_FIN;
    e.exp = (ef ? (int)ef : 1) - fi.bias;
    e.sig = ef ? (mant | (1u << fi.mbits)) : mant;
    e.lsb = e.exp - fi.mbits;
    return e;
}

/* sig * 2^lsb in units of 2^q, cut toward zero (rn: rounded to nearest, ties to even) */
static inline __attribute__((always_inline)) int64_t cut(uint64_t sig, int lsb, int q, int rn) {
    int sh = lsb - q;
    if (sh >= 0) return (int64_t)(sig << sh); /* callers keep sh small */
    if (-sh > 64) return 0;
    uint64_t v = -sh == 64 ? 0 : sig >> -sh;
    if (rn) {
        uint64_t rem = -sh == 64 ? sig : sig & ((1ull << -sh) - 1), half = 1ull << (-sh - 1);
        if (rem > half || (rem == half && (v & 1))) v++;
    }
    return (int64_t)v;
}

/* s * 2^q rounded to format f (MF_F32 or MF_F16) */
static uint32_t to_format(int64_t s, int q, mma_fmt f, const mma_acc_model *m) {
    fmt_info fi = info_of(f);
    if (s == 0) return 0;
    uint32_t sign = s < 0 ? 1u << (fi.ebits + fi.mbits) : 0;
    uint64_t mag = s < 0 ? (uint64_t)-s : (uint64_t)s;
    int nb = 64 - __builtin_clzll(mag);
    int e = q + nb - 1, emin = 1 - fi.bias, emax = fi.bias;
    int lsb = e < emin ? emin - fi.mbits : e - fi.mbits; /* weight of the result's last bit */
    int sh = lsb - q;
    uint64_t mant;
    if (sh <= 0) {
        mant = mag << -sh;
    } else {
        mant = sh >= 64 ? 0 : mag >> sh;
        if (m->out_rn && sh < 64 + 1) {
            uint64_t rem = sh >= 64 ? mag : mag & ((1ull << sh) - 1);
            uint64_t half = sh > 64 ? 0 : 1ull << (sh - 1);
            if (sh <= 64 && (rem > half || (rem == half && (mant & 1)))) mant++;
        }
    }
    if (mant == 0) return 0; /* a sum that underflows to zero is +0, whatever its sign */
    /* mant now has mbits+1 bits (normal), fewer (subnormal), or mbits+2 after rounding up */
    uint32_t bits;
    if (e < emin) {
        bits = (uint32_t)mant; /* a carry into the hidden bit gives the smallest normal */
    } else {
        if (mant >> (fi.mbits + 1)) {
            mant >>= 1;
            e++;
        }
        bits = ((uint32_t)(e + fi.bias) << fi.mbits) | ((uint32_t)mant & ((1u << fi.mbits) - 1));
    }
    if (e > emax) {
        uint32_t inf = ((1u << fi.ebits) - 1) << fi.mbits;
        bits = m->ovf_inf ? inf : inf - 1;
    }
    return sign | bits;
}

static uint32_t nan_of(mma_fmt f) { return f == MF_F16 ? 0x7fffu : 0x7fffffffu; }
static uint32_t inf_of(mma_fmt f, int neg) {
    return f == MF_F16 ? (neg ? 0xfc00u : 0x7c00u) : (neg ? 0xff800000u : 0x7f800000u);
}

/* the exact sum s · 2^q of the cut terms, rounded to rf */
static uint32_t finish(int64_t s, int q, mma_fmt rf, const mma_acc_model *m) {
    uint32_t r = to_format(s, q, rf, m);
    if (m->out_frac > 0 && rf == MF_F32 && (r & 0x7f800000u) != 0x7f800000u) r &= ~((1u << (23 - m->out_frac)) - 1);
    return r;
}

/* f16 products for the standard model, written to vectorise (8 lanes with AVX2): prod[i] gets
 * a_i·b_i as a float (exact: f16 values are floats, and a product of two has at most 22
 * significant bits between 2^-48 and 2^32), *emax the largest ea + eb over the nonzero products
 * (-1000 when there is none). Returns nonzero when an input is inf or NaN. no-trapping-math
 * lets GCC if-convert the selects; every float operation here is exact. */
static MM_CLONES MM_VECTORIZE_NOTRAP uint32_t f16_products(const uint32_t *restrict a, const uint32_t *restrict b,
                                                           int n, float *restrict prod, int *emax) {
    uint32_t special = 0;
    int em = -1000;
    for (int i = 0; i < n; i++) {
        uint32_t x = a[i] & 0xffffu, y = b[i] & 0xffffu;
        uint32_t fx = x >> 10 & 31, fy = y >> 10 & 31;
        special |= (fx == 31) | (fy == 31);
        /* a normal f16 rebiased into f32 bits; a subnormal is its significand times 2^-24
         * (both computed and selected as bits, so that the loop has no branches) */
        float sx = (float)(int)(x & 0x3ffu) * 0x1p-24f, sy = (float)(int)(y & 0x3ffu) * 0x1p-24f, vx, vy;
        uint32_t bx, by;
        memcpy(&bx, &sx, 4);
        memcpy(&by, &sy, 4);
        bx = fx ? ((x & 0x7fffu) << 13) + (112u << 23) : bx;
        by = fy ? ((y & 0x7fffu) << 13) + (112u << 23) : by;
        memcpy(&vx, &bx, 4);
        memcpy(&vy, &by, 4);
        float p = vx * vy;
        uint32_t pb;
        memcpy(&pb, &p, 4);
        int e = (int)(fx ? fx : 1) + (int)(fy ? fy : 1) - 30;
        e = pb ? e : -1000; /* p is +0 only for a zero product */
        em = e > em ? e : em;
        pb ^= (x ^ y) << 16 & 0x80000000u;
        memcpy(&prod[i], &pb, 4);
    }
    *emax = em;
    return special;
}

/* Σ trunc(prod[i]·scale) where every term is below 2^30 in magnitude */
static MM_CLONES MM_VECTORIZE int64_t f16_cut_sum(const float *prod, int n, float scale) {
    int64_t s = 0;
    for (int i = 0; i < n; i++) s += (int32_t)(prod[i] * scale);
    return s;
}

/* one pass: c (format cf) + products a[0..n)·b[0..n); result in format rf. Always inlined, so
 * that the callers below get copies specialised for constant input formats (decode's field
 * widths fold into immediates). Each product is decoded once into a compact record (signed
 * exact product, weight of its last bit) that the alignment loop reuses. */
static inline __attribute__((always_inline)) uint32_t pass_body(const mma_acc_model *m, mma_fmt af, mma_fmt bf,
                                                                const uint32_t *a, const uint32_t *b, int n, mma_fmt cf,
                                                                uint32_t c, mma_fmt rf) {
    uint64_t psig[64]; /* |a_i·b_i|, exact; 0 where the product is not finite and nonzero */
    int plsb[64], pneg[64];
    elem ec = decode(cf, c);
    int nan = ec.kind == K_NAN, pinf = ec.kind == K_INF && !ec.sign, ninf = ec.kind == K_INF && ec.sign;
    int have = 0, emax = 0;
    if (ec.kind == K_FIN) have = 1, emax = ec.exp;
    if (af == MF_F16 && bf == MF_F16 && !m->term_rn && !m->norm_exp && m->frac_bits <= 28 && n <= 64) {
        /* f16 inputs without inf or NaN, the common case, in floats: scaling an exact product by
         * 2^-q is exact unless the result is below 2^-126 (then it cuts to 0 either way) and the
         * conversion to an integer cuts toward zero as `cut` does; each product is below
         * 2^(emax + 2), so a cut term is below 2^(frac_bits + 2) <= 2^30 */
        float prod[64];
        int pe;
        if (!f16_products(a, b, n, prod, &pe)) {
            if (nan || (pinf && ninf)) return nan_of(rf); /* c is inf or NaN */
            if (pinf || ninf) return inf_of(rf, ninf);
            if (pe > -1000 && (!have || pe > emax)) emax = pe;
            if (pe > -1000) have = 1;
            if (!have) return 0;
            int q = emax - m->frac_bits;
            int64_t s = 0;
            if (ec.kind == K_FIN) {
                int64_t t = cut(ec.sig, ec.lsb, q, 0);
                s += ec.sign ? -t : t;
            }
            /* 2^-q as a float: with a nonzero product, emax >= -28, so q >= -56; below 2^-126
             * (q > 126) every product term is below 1 and cuts to 0 */
            if (pe > -1000 && q <= 126) {
                uint32_t sb = (uint32_t)(127 - q) << 23;
                float scale;
                memcpy(&scale, &sb, 4);
                s += f16_cut_sum(prod, n, scale);
            }
            return finish(s, q, rf, m);
        }
    }
    if (af == bf && info_of(af).ieee && !info_of(af).shift && info_of(af).ebits + info_of(af).mbits < 16 &&
        !m->term_rn && !m->norm_exp && m->frac_bits <= 40) {
        /* 16-bit IEEE inputs (f16, bf16) without inf or NaN, the common case, in host doubles:
         * an input is exact in a double and so is the product of two (at most 22 significant
         * bits); scaling it by 2^-q is exact too (the exponents stay far inside the double
         * range), and so is the conversion to an integer, which cuts toward zero as `cut` does.
         * Every product is below 2^(emax + 2), so each cut term is below 2^(frac_bits + 2) and
         * the int64 sum cannot overflow. A zero significand makes a zero product, which takes
         * no part in emax. An inf or NaN among the inputs falls back to the general loop. */
        const fmt_info fi = info_of(af);
        const uint32_t emask = (1u << fi.ebits) - 1, mmask = (1u << fi.mbits) - 1;
        const uint64_t sub_bits = (uint64_t)(1023 + 1 - fi.bias - fi.mbits) << 52;
        double sub; /* 2^(emin - mbits), the weight of a subnormal's last bit */
        memcpy(&sub, &sub_bits, 8);
        double prod[64];
        uint32_t special = 0;
        int have0 = have, emax0 = emax;
        for (int i = 0; i < n; i++) {
            uint32_t fa = (a[i] >> fi.mbits) & emask, fb = (b[i] >> fi.mbits) & emask;
            uint32_t ma = a[i] & mmask, mb = b[i] & mmask;
            special |= (fa == emask) | (fb == emask);
            uint64_t ba = ((uint64_t)(fa + 1023 - fi.bias) << 52) | ((uint64_t)ma << (52 - fi.mbits));
            uint64_t bb = ((uint64_t)(fb + 1023 - fi.bias) << 52) | ((uint64_t)mb << (52 - fi.mbits));
            double va, vb;
            memcpy(&va, &ba, 8);
            memcpy(&vb, &bb, 8);
            if (!fa) va = (double)ma * sub;
            if (!fb) vb = (double)mb * sub;
            double p = va * vb;
            prod[i] = ((a[i] ^ b[i]) >> (fi.ebits + fi.mbits)) & 1 ? -p : p;
            if (p == 0.0) continue;
            int e = (fa ? (int)fa : 1) + (fb ? (int)fb : 1) - 2 * fi.bias;
            if (!have || e > emax) emax = e;
            have = 1;
        }
        if (!special) {
            if (nan || (pinf && ninf)) return nan_of(rf); /* c is inf or NaN */
            if (pinf || ninf) return inf_of(rf, ninf);
            if (!have) return 0;
            int q = emax - m->frac_bits;
            uint64_t bs = (uint64_t)(1023 - q) << 52;
            double scale; /* 2^-q */
            memcpy(&scale, &bs, 8);
            int64_t s = 0;
            if (ec.kind == K_FIN) {
                int64_t t = cut(ec.sig, ec.lsb, q, 0);
                s += ec.sign ? -t : t;
            }
            for (int i = 0; i < n; i++) s += (int64_t)(prod[i] * scale);
            return finish(s, q, rf, m);
        }
        have = have0, emax = emax0;
    }
    for (int i = 0; i < n; i++) {
        elem ea = decode(af, a[i]), eb = decode(bf, b[i]);
        int ka = ea.kind, kb = eb.kind, s = ea.sign ^ eb.sign;
        psig[i] = 0;
        if (ka == K_NAN || kb == K_NAN) nan = 1;
        else if (ka == K_INF || kb == K_INF) {
            if (ka == K_ZERO || kb == K_ZERO) nan = 1;
            else if (s) ninf = 1;
            else pinf = 1;
        } else if (ka == K_FIN && kb == K_FIN) {
            uint64_t p = ea.sig * eb.sig;
            int e = ea.exp + eb.exp;
            psig[i] = p, plsb[i] = ea.lsb + eb.lsb, pneg[i] = s;
            /* norm_exp: the product's own exponent, the position of its leading bit */
            if (m->norm_exp) e = plsb[i] + 63 - __builtin_clzll(p);
            if (!have || e > emax) emax = e;
            have = 1;
        }
    }
    if (nan || (pinf && ninf)) return nan_of(rf);
    if (pinf || ninf) return inf_of(rf, ninf);
    if (!have) return 0;
    int q = emax - m->frac_bits;
    int64_t s = 0;
    if (ec.kind == K_FIN) {
        int64_t t = cut(ec.sig, ec.lsb, q, m->term_rn);
        s += ec.sign ? -t : t;
    }
    for (int i = 0; i < n; i++) {
        if (!psig[i]) continue; /* finite nonzero significands have a nonzero product */
        int64_t t = cut(psig[i], plsb[i], q, m->term_rn);
        s += pneg[i] ? -t : t;
    }
    return finish(s, q, rf, m);
}

/* the hot input formats (mma.sync, wmma and wgmma on f16 and bf16) get their own copies */
static uint32_t pass_f16(const mma_acc_model *m, const uint32_t *a, const uint32_t *b, int n, mma_fmt cf, uint32_t c,
                         mma_fmt rf) {
    return pass_body(m, MF_F16, MF_F16, a, b, n, cf, c, rf);
}
static uint32_t pass_bf16(const mma_acc_model *m, const uint32_t *a, const uint32_t *b, int n, mma_fmt cf, uint32_t c,
                          mma_fmt rf) {
    return pass_body(m, MF_BF16, MF_BF16, a, b, n, cf, c, rf);
}
static uint32_t pass(const mma_acc_model *m, mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int n,
                     mma_fmt cf, uint32_t c, mma_fmt rf) {
    if (af == MF_F16 && bf == MF_F16) return pass_f16(m, a, b, n, cf, c, rf);
    if (af == MF_BF16 && bf == MF_BF16) return pass_bf16(m, a, b, n, cf, c, rf);
    return pass_body(m, af, bf, a, b, n, cf, c, rf);
}

uint32_t mma_dot_float(mma_acc_model m, mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, mma_fmt cf,
                       uint32_t c, mma_fmt df) {
    int g = m.group > 0 && m.group < k ? m.group : k;
    if (df == MF_F16) m.out_rn = 1; /* HMMA.F16 rounds its f16 result to nearest (measured) */
    mma_acc_model inner = m;
    inner.out_rn = 0;
    for (int i = 0; i < k; i += g) {
        int last = i + g >= k;
        c = pass(last ? &m : &inner, af, bf, a + i, b + i, g, cf, c, last ? df : MF_F32);
        cf = MF_F32;
    }
    return c;
}

/* HMMA on sm_90 (f16, bf16, tf32 inputs; k = 4, 8, 16 all in one pass): 25 bits below the
 * largest exponent, terms cut toward zero, f32 result toward zero (f16 result: to nearest). */
mma_acc_model mma_model_for(mma_fmt in, int k) {
    (void)in;
    (void)k;
    return (mma_acc_model){.frac_bits = 25, .group = 0, .out_rn = 0, .ovf_inf = 1, .term_rn = 0};
}

/* ---- sm_90 emulations: what ptxas makes of forms the tensor cores lack (read from SASS) ---- */

static float f32_of(uint32_t b) {
    float f;
    memcpy(&f, &b, 4);
    return f;
}
static uint32_t bits_of(float f) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}
/* an element of format f (f16, e4m3, e5m2, f32) as a float (exact) */
static float to_f32(mma_fmt f, uint32_t bits) {
    if (f == MF_F32) return f32_of(bits);
    elem e = decode(f, bits);
    float v;
    switch (e.kind) {
    case K_ZERO: v = 0.0f; break;
    case K_INF: v = __builtin_inff(); break;
    case K_NAN: return __builtin_nanf("");
    default: v = __builtin_ldexpf((float)e.sig, e.lsb);
    }
    return e.sign ? -v : v;
}
/* f32 result of an FADD/FFMA chain: NaN canonical as the GPU writes it */
static uint32_t f32_result(float v) { return v != v ? 0x7fffffffu : bits_of(v); }
/* F2FP.F16.F32: round to nearest even, NaN canonical */
static uint32_t f16_of_f32(float v) {
    if (v != v) return 0x7fffu;
    uint32_t b = bits_of(v), sign = (b >> 16) & 0x8000u;
    if ((b & 0x7fffffffu) == 0x7f800000u) return sign | 0x7c00u;
    elem e = decode(MF_F32, b);
    if (e.kind == K_ZERO) return sign;
    mma_acc_model rn = {.out_rn = 1, .ovf_inf = 1};
    int64_t sig = (int64_t)e.sig;
    uint32_t r = to_format(e.sign ? -sig : sig, e.lsb, MF_F16, &rn);
    return r ? r : sign; /* underflow to zero keeps the sign */
}

/* The fp8 dot products' first step (F2FP.F16.E4M3/E5M2.UNPACK_B, exact): the k element pairs as
 * f16, split into the two HMMA passes, [0] the k with k%4 < 2 and [1] the others, n[] of each. */
static void fp8_unpack_passes(mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, uint32_t a16[2][16],
                              uint32_t b16[2][16], int n[2]) {
    n[0] = n[1] = 0;
    for (int i = 0; i < k; i++) {
        int h = (i & 3) >= 2;
        a16[h][n[h]] = f16_of_f32(to_f32(af, a[i]));
        b16[h][n[h]] = f16_of_f32(to_f32(bf, b[i]));
        n[h]++;
    }
}

uint32_t mma_dot_fp8(mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, uint32_t c) {
    /* F2FP.F16.E4M3/E5M2.UNPACK_B (exact), HMMA.16816.F32 over the k with k%4 < 2 from zero,
     * HMMA.16816.F32 over the others on top, then FADD of c */
    uint32_t a16[2][16], b16[2][16];
    int n[2];
    fp8_unpack_passes(af, bf, a, b, k, a16, b16, n);
    mma_acc_model hm = mma_model_for(MF_F16, 16);
    uint32_t p = mma_dot_float(hm, MF_F16, MF_F16, a16[0], b16[0], n[0], MF_F32, 0, MF_F32);
    p = mma_dot_float(hm, MF_F16, MF_F16, a16[1], b16[1], n[1], MF_F32, p, MF_F32);
    return f32_result(f32_of(c) + f32_of(p));
}

/* HADD2 of two f16 values: the exact sum (a multiple of 2^-24 below 2^17) rounded to nearest
 * even; NaN canonical; an exact zero sum is -0 only when both addends are -0 */
static uint32_t hadd_f16(uint32_t x, uint32_t y) {
    elem ex = decode(MF_F16, x), ey = decode(MF_F16, y);
    if (ex.kind == K_NAN || ey.kind == K_NAN) return 0x7fffu;
    if (ex.kind == K_INF || ey.kind == K_INF) {
        if (ex.kind == K_INF && ey.kind == K_INF && ex.sign != ey.sign) return 0x7fffu;
        return ex.kind == K_INF ? inf_of(MF_F16, ex.sign) : inf_of(MF_F16, ey.sign);
    }
    int64_t s = 0;
    if (ex.kind == K_FIN) s += (ex.sign ? -1 : 1) * (int64_t)(ex.sig << (ex.lsb + 24));
    if (ey.kind == K_FIN) s += (ey.sign ? -1 : 1) * (int64_t)(ey.sig << (ey.lsb + 24));
    if (s == 0) return (x & y & 0x8000u) && ex.kind == K_ZERO && ey.kind == K_ZERO ? 0x8000u : 0;
    mma_acc_model rn = {.out_rn = 1, .ovf_inf = 1};
    return to_format(s, -24, MF_F16, &rn);
}

uint32_t mma_dot_fp8_f16(mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, uint32_t c) {
    /* F2FP.F16.E4M3/E5M2.UNPACK_B (exact), HMMA.F16 over the k with k%4 < 2 from zero,
     * HMMA.F16 over the others on top (each pass rounded to f16, to nearest), then HADD2 of c */
    uint32_t a16[2][16], b16[2][16];
    int n[2];
    fp8_unpack_passes(af, bf, a, b, k, a16, b16, n);
    mma_acc_model hm = mma_model_for(MF_F16, 16);
    uint32_t p = mma_dot_float(hm, MF_F16, MF_F16, a16[0], b16[0], n[0], MF_F16, 0, MF_F16);
    p = mma_dot_float(hm, MF_F16, MF_F16, a16[1], b16[1], n[1], MF_F16, p, MF_F16);
    return hadd_f16(p, c);
}

uint32_t mma_dot_884(const uint32_t *a, const uint32_t *b, mma_fmt cf, uint32_t c, mma_fmt df) {
    float x[4], y[4], r;
    for (int i = 0; i < 4; i++) x[i] = to_f32(MF_F16, a[i]), y[i] = to_f32(MF_F16, b[i]);
    float cv = to_f32(cf, c);
    if (df == MF_F32) {
        /* FFMA chain in k order from zero, then FADD of c */
        float t = 0.0f;
        for (int i = 0; i < 4; i++) t = __builtin_fmaf(x[i], y[i], t);
        r = cv + t;
        return f32_result(r);
    }
    /* f16 result: pairs FFMA(a1, b1, a0*b0) and FFMA(a3, b3, a2*b2), added to c in turn, F2FP */
    float s01 = __builtin_fmaf(x[1], y[1], x[0] * y[0]);
    float s23 = __builtin_fmaf(x[3], y[3], x[2] * y[2]);
    r = (cv + s01) + s23;
    return f16_of_f32(r);
}

/* DMMA.8x8x4: a chain of fused multiply-adds in k order, each rounded to nearest. NaNs, as
 * measured: at each step a NaN b_k replaces the accumulator (quieted), else a NaN accumulator
 * stays, else a NaN a_k replaces it; an invalid operation (inf·0, inf - inf) gives the default
 * NaN 0xfff8000000000000. */
static int is_nan64(uint64_t v) { return (v & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (v << 12); }

uint64_t mma_dot_f64(const uint64_t *a, const uint64_t *b, int k, uint64_t c) {
    uint64_t acc = c;
    for (int i = 0; i < k; i++) {
        if (is_nan64(b[i])) {
            acc = b[i] | 0x0008000000000000ull;
            continue;
        }
        if (is_nan64(acc)) continue;
        if (is_nan64(a[i])) {
            acc = a[i] | 0x0008000000000000ull;
            continue;
        }
        double x, y, z;
        memcpy(&x, &a[i], 8);
        memcpy(&y, &b[i], 8);
        memcpy(&z, &acc, 8);
        double r = __builtin_fma(x, y, z);
        if (r != r) {
            acc = 0xfff8000000000000ull;
            continue;
        }
        memcpy(&acc, &r, 8);
    }
    if (is_nan64(acc)) acc |= 0x0008000000000000ull;
    return acc;
}

/* wgmma with fp8 inputs: sm_90a runs them natively (QGMMA), with a narrower accumulation than
 * HMMA's. Measured on the H200 (lab/wgmma/types, 296 448 outputs of three seeds, all equal):
 * the 32 exact products and c are aligned to the largest exponent (ea + eb of the products, c's
 * own), each cut toward zero 13 bits below it, added exactly, and the sum rounded: to f32 toward
 * zero keeping only 13 fraction bits (the low 10 bits of the f32 result are zero), to f16 to
 * nearest even. */
uint32_t mma_dot_wgmma_fp8(mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, mma_fmt df,
                           uint32_t c) {
    mma_acc_model m = {.frac_bits = 13, .group = 0, .out_rn = 0, .ovf_inf = 1, .term_rn = 0, .out_frac = 13};
    return mma_dot_float(m, af, bf, a, b, k, df, c, df);
}
