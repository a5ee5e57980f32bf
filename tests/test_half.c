/* test_half.c — sim/fp_half.c (f16/bf16 arithmetic, min/max, setp keys, fp8 conversions) and
 * cvt.pack against independent oracles: MPFR for every rounded result (the format emulated by
 * its precision, exponent range and mpfr_subnormalize), C reference code for the bit rules.
 * The PTX rules (NaN results, .ftz, .sat, .relu, .satfinite, .oob) are restated here from
 * docs/numerics.md section 11, not shared with the implementation. The H200's own results are
 * checked by test_half_h200. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <mpfr.h>

#include "fp_half.h"
#include "testutil.h"

typedef struct {
    int ebits, mbits;
} fmtx;
static const fmtx F16 = {5, 10}, BF16 = {8, 7}, E4M3 = {4, 3}, E5M2 = {5, 2};

static int bias_of(fmtx f) { return (1 << (f.ebits - 1)) - 1; }
static uint32_t inf_of(fmtx f) { return ((1u << f.ebits) - 1) << f.mbits; }
static uint32_t sign_of(fmtx f) { return 1u << (f.ebits + f.mbits); }
static bool is_nan(fmtx f, uint32_t x) { return (x & (sign_of(f) - 1)) > inf_of(f); }

/* The value of a (non-NaN) bit pattern, exactly, as a double. */
static double value(fmtx f, uint32_t x) {
    uint32_t e = (x >> f.mbits) & ((1u << f.ebits) - 1), m = x & ((1u << f.mbits) - 1);
    double v;
    if (e == (1u << f.ebits) - 1 && !(f.ebits == 4)) v = INFINITY;
    else if (e == 0) v = ldexp(m, 1 - bias_of(f) - f.mbits);
    else v = ldexp(m | 1u << f.mbits, (int)e - bias_of(f) - f.mbits);
    return (x & sign_of(f)) ? -v : v;
}
/* Encodes a double that is representable in f (or +-Inf for IEEE formats). */
static uint32_t encode(fmtx f, double v) {
    uint32_t s = signbit(v) ? sign_of(f) : 0;
    v = fabs(v);
    if (isinf(v)) return s | inf_of(f);
    if (v == 0) return s;
    int e;
    frexp(v, &e);
    e -= 1; /* v = 1.f * 2^e */
    if (e < 1 - bias_of(f)) return s | (uint32_t)ldexp(v, bias_of(f) - 1 + f.mbits);
    return s | (uint32_t)(e + bias_of(f)) << f.mbits | ((uint32_t)ldexp(v, f.mbits - e) & ((1u << f.mbits) - 1));
}

/* Rounds x to format f (nearest even, gradual underflow, overflow to Inf; emax_extra widens
 * the exponent range upward, for e4m3 whose top binade is finite). */
static double mp_round_value(fmtx f, mpfr_t x, int emax_extra) {
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_t y;
    mpfr_init2(y, f.mbits + 1);
    mpfr_set_emin(2 - bias_of(f) - f.mbits);
    mpfr_set_emax(bias_of(f) + 1 + emax_extra);
    int t = mpfr_set(y, x, MPFR_RNDN);
    t = mpfr_check_range(y, t, MPFR_RNDN);
    mpfr_subnormalize(y, t, MPFR_RNDN);
    double d = mpfr_get_d(y, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clear(y);
    return d;
}
static uint32_t mp_round(fmtx f, mpfr_t x, int emax_extra) { return encode(f, mp_round_value(f, x, emax_extra)); }
/* True if x rounded to f's precision with an unbounded exponent is below the smallest normal. */
static bool tiny_after_rounding(fmtx f, mpfr_t x) {
    mpfr_t y;
    mpfr_init2(y, f.mbits + 1);
    mpfr_set(y, x, MPFR_RNDN);
    bool tiny = !mpfr_zero_p(y) && mpfr_get_exp(y) < 2 - bias_of(f); /* |y| < 2^(1-bias) */
    mpfr_clear(y);
    return tiny;
}

static uint64_t rs = 0x243f6a8885a308d3ull;
static uint32_t rnd32(void) {
    rs ^= rs << 13, rs ^= rs >> 7, rs ^= rs << 17;
    return (uint32_t)(rs >> 16);
}
static const uint16_t EDGE_F16[] = {0x0000, 0x0001, 0x03ff, 0x0400, 0x3bff, 0x3c00, 0x3c01,
                                    0x7bff, 0x7c00, 0x7c01, 0x7e00, 0x0200, 0x1000, 0x5800};
static const uint16_t EDGE_BF16[] = {0x0000, 0x0001, 0x007f, 0x0080, 0x3f7f, 0x3f80, 0x3f81,
                                     0x7f7f, 0x7f80, 0x7f81, 0x7fc0, 0x0040, 0x0800, 0x5f00};
static uint16_t operand(ps_half_fmt hf) {
    uint32_t r = rnd32();
    if ((r & 7) == 0) {
        const uint16_t *e = hf == PS_HALF_F16 ? EDGE_F16 : EDGE_BF16;
        return (uint16_t)(e[(r >> 8) % 14] | ((r >> 20) & 1) << 15);
    }
    return (uint16_t)(r >> 8);
}

/* ---- reference arithmetic: MPFR for the exact result, then the PTX rules ----------------- */
enum { OADD, OSUB, OMUL, OFMA };
static uint16_t ref_arith(ps_half_fmt hf, int op, uint16_t a, uint16_t b, uint16_t c, unsigned fl) {
    fmtx f = hf == PS_HALF_F16 ? F16 : BF16;
    uint16_t in[3] = {a, b, c};
    if (fl & PS_HALF_OOB)
        for (int i = 0; i < 2; i++)
            if ((in[i] & 0x7fff) == 0x7ff7) return 0;
    uint16_t res;
    bool nan = false;
    for (int i = 0; i < (op == OFMA ? 3 : 2); i++) {
        if (is_nan(f, in[i])) nan = true;
        if ((fl & PS_HALF_FTZ) && !(in[i] & inf_of(f))) in[i] &= 0x8000; /* subnormal -> 0 */
    }
    if (nan) {
        res = 0x7fff;
    } else {
        mpfr_t x, y, z, r;
        mpfr_inits2(600, x, y, z, r, (mpfr_ptr)0); /* exact: bf16 fma spans < 600 bits */
        mpfr_set_d(x, value(f, in[0]), MPFR_RNDN);
        mpfr_set_d(y, value(f, in[1]), MPFR_RNDN);
        mpfr_set_d(z, value(f, in[2]), MPFR_RNDN);
        switch (op) {
        case OADD: mpfr_add(r, x, y, MPFR_RNDN); break;
        case OSUB: mpfr_sub(r, x, y, MPFR_RNDN); break;
        case OMUL: mpfr_mul(r, x, y, MPFR_RNDN); break;
        default: mpfr_fma(r, x, y, z, MPFR_RNDN); break;
        }
        if (mpfr_nan_p(r)) res = 0x7fff;
        else {
            res = (uint16_t)mp_round(f, r, 0);
            if ((fl & PS_HALF_FTZ) && !mpfr_inf_p(r) && tiny_after_rounding(f, r)) res &= 0x8000;
        }
        mpfr_clears(x, y, z, r, (mpfr_ptr)0);
    }
    bool rn = is_nan(f, res);
    if (fl & PS_HALF_RELU) res = rn ? 0x7fff : (res & 0x8000) ? 0 : res;
    if (fl & PS_HALF_SAT) {
        uint16_t one = (uint16_t)(bias_of(f) << f.mbits);
        res = (rn || (res & 0x8000)) ? 0 : res > one ? one : res;
    }
    return res;
}

static void check_arith(ps_half_fmt hf, unsigned fl, int n) {
    for (int i = 0; i < n; i++) {
        uint16_t a = operand(hf), b = operand(hf), c = operand(hf);
        if (i % 5 == 0) b = a ^ 0x8000; /* exact cancellation */
        uint16_t got[4] = {ps_half_add(hf, a, b, fl & ~(unsigned)(PS_HALF_RELU | PS_HALF_OOB)),
                           ps_half_sub(hf, a, b, fl & ~(unsigned)(PS_HALF_RELU | PS_HALF_OOB)),
                           ps_half_mul(hf, a, b, fl & ~(unsigned)(PS_HALF_RELU | PS_HALF_OOB)),
                           ps_half_fma(hf, a, b, c, fl)};
        for (int op = 0; op < 4; op++) {
            unsigned f2 = op == OFMA ? fl : fl & ~(unsigned)(PS_HALF_RELU | PS_HALF_OOB);
            uint16_t want = ref_arith(hf, op, a, b, c, f2);
            if (got[op] != want)
                fail_msg("fmt %d op %d flags %x: %04x %04x %04x -> %04x, want %04x", hf, op, fl, a, b, c, got[op],
                         want);
        }
    }
}

static void test_f16_arith(void **state) {
    (void)state;
    static const unsigned fls[] = {
        0, PS_HALF_FTZ, PS_HALF_SAT, PS_HALF_FTZ | PS_HALF_SAT, PS_HALF_RELU, PS_HALF_FTZ | PS_HALF_RELU, PS_HALF_OOB};
    for (size_t k = 0; k < sizeof fls / sizeof fls[0]; k++) check_arith(PS_HALF_F16, fls[k], 40000);
    /* the .ftz decision point: 0x3bff * 0x0400 is 2^-14 * (1 - 2^-11), tiny at 11 bits */
    assert_int_equal(ps_half_mul(PS_HALF_F16, 0x3bff, 0x0400, PS_HALF_FTZ), 0x0000);
    assert_int_equal(ps_half_mul(PS_HALF_F16, 0x3bff, 0x0400, 0), 0x0400);
    assert_int_equal(ps_half_fma(PS_HALF_F16, 0x7c00, 0x0000, 0x3c00, 0), 0x7fff);
}
static void test_bf16_arith(void **state) {
    (void)state;
    static const unsigned fls[] = {0, PS_HALF_RELU, PS_HALF_OOB | PS_HALF_RELU};
    for (size_t k = 0; k < sizeof fls / sizeof fls[0]; k++) check_arith(PS_HALF_BF16, fls[k], 40000);
    /* bf16 sums across the whole exponent range: 2^127 + 2^-133 is 2^127 rounded */
    assert_int_equal(ps_half_add(PS_HALF_BF16, 0x7f00, 0x0001, 0), 0x7f00);
    assert_int_equal(ps_half_fma(PS_HALF_BF16, 0x7f00, 0x3f80, 0x8001, 0), 0x7f00);
}

/* ---- min/max, neg/abs and setp keys: C reference ----------------------------------------- */
static double num(fmtx f, uint16_t x, bool ftz) {
    if (ftz && !(x & inf_of(f))) x &= 0x8000;
    return value(f, x);
}
static uint16_t ref_minmax(ps_half_fmt hf, uint16_t a, uint16_t b, unsigned fl, bool mx) {
    fmtx f = hf == PS_HALF_F16 ? F16 : BF16;
    bool ftz = fl & PS_HALF_FTZ;
    if (ftz) {
        if (!(a & inf_of(f))) a &= 0x8000;
        if (!(b & inf_of(f))) b &= 0x8000;
    }
    uint16_t sgn = (a ^ b) & 0x8000;
    if (fl & PS_HALF_XORSIGN) a &= 0x7fff, b &= 0x7fff;
    bool na = is_nan(f, a), nb = is_nan(f, b);
    if ((na && nb) || ((fl & PS_HALF_NAN) && (na || nb))) return 0x7fff;
    uint16_t r;
    if (na) r = b;
    else if (nb) r = a;
    else {
        double x = value(f, a), y = value(f, b);
        if (x == y) r = mx ? ((a & 0x8000) ? b : a) : ((a & 0x8000) ? a : b); /* -0 < +0 */
        else r = (mx ? x > y : x < y) ? a : b;
    }
    return (fl & PS_HALF_XORSIGN) ? (uint16_t)(r | sgn) : r;
}
static void test_minmax_neg_abs(void **state) {
    (void)state;
    for (int hf = 0; hf < 2; hf++) {
        fmtx f = hf == PS_HALF_F16 ? F16 : BF16;
        for (unsigned fl = 0; fl < 32; fl++) {
            if ((fl & (PS_HALF_SAT | PS_HALF_RELU)) || (hf == PS_HALF_BF16 && (fl & PS_HALF_FTZ))) continue;
            for (int i = 0; i < 20000; i++) {
                uint16_t a = operand((ps_half_fmt)hf), b = i % 7 ? operand((ps_half_fmt)hf) : (uint16_t)(a ^ 0x8000);
                assert_int_equal(ps_half_min((ps_half_fmt)hf, a, b, fl), ref_minmax((ps_half_fmt)hf, a, b, fl, false));
                assert_int_equal(ps_half_max((ps_half_fmt)hf, a, b, fl), ref_minmax((ps_half_fmt)hf, a, b, fl, true));
            }
        }
        for (uint32_t a = 0; a < 65536; a++) {
            uint16_t x = (uint16_t)a;
            bool nan = is_nan(f, x);
            uint16_t fx = (!(x & inf_of(f)) && hf == PS_HALF_F16) ? (uint16_t)(x & 0x8000) : x;
            assert_int_equal(ps_half_neg((ps_half_fmt)hf, x, 0), nan ? 0x7fff : x ^ 0x8000);
            assert_int_equal(ps_half_abs((ps_half_fmt)hf, x, 0), nan ? 0x7fff : x & 0x7fff);
            if (hf == PS_HALF_F16)
                assert_int_equal(ps_half_neg(PS_HALF_F16, x, PS_HALF_FTZ), nan ? 0x7fff : fx ^ 0x8000);
            /* keys order as the values do (with .ftz: as the flushed values do) */
            uint16_t y = (uint16_t)rnd32();
            if (nan || is_nan(f, y)) continue;
            for (int ftz = 0; ftz < 2; ftz++) {
                double vx = num(f, x, ftz && hf == PS_HALF_F16), vy = num(f, y, ftz && hf == PS_HALF_F16);
                int32_t kx = ps_half_key((ps_half_fmt)hf, x, ftz && hf == PS_HALF_F16);
                int32_t ky = ps_half_key((ps_half_fmt)hf, y, ftz && hf == PS_HALF_F16);
                assert_int_equal(kx < ky, vx < vy);
                assert_int_equal(kx == ky, vx == vy);
            }
        }
    }
}

/* ---- fp8 ------------------------------------------------------------------------------------ */
static uint8_t ref_fp8(ps_fp8_fmt f8, double v, bool isnan_, bool relu) {
    fmtx f = f8 == PS_FP8_E4M3 ? E4M3 : E5M2;
    uint8_t maxv = f8 == PS_FP8_E4M3 ? 0x7e : 0x7b;
    if (isnan_) return 0x7f;
    if (relu && signbit(v)) return 0;
    uint8_t s = signbit(v) ? 0x80 : 0;
    if (isinf(v)) return s | maxv; /* .satfinite */
    mpfr_t x;
    mpfr_init2(x, 64);
    mpfr_set_d(x, v, MPFR_RNDN);
    double r = mp_round_value(f, x, 4); /* the range widened: overflow is decided below */
    mpfr_clear(x);
    double maxd = f8 == PS_FP8_E4M3 ? 448.0 : 57344.0;
    uint8_t mag = fabs(r) > maxd ? maxv : (uint8_t)(encode(f, fabs(r)) & 0x7f); /* .satfinite */
    return s | mag;
}
static void test_fp8(void **state) {
    (void)state;
    for (int f8 = 0; f8 < 2; f8++)
        for (int relu = 0; relu < 2; relu++) {
            for (uint32_t h = 0; h < 65536; h++) { /* every f16 */
                bool n = is_nan(F16, h);
                uint8_t want = ref_fp8((ps_fp8_fmt)f8, n ? 0 : value(F16, h), n, relu);
                if (ps_fp8_from_f16((ps_fp8_fmt)f8, (uint16_t)h, relu) != want)
                    fail_msg("fp8 %d relu %d from f16 %04x: %02x, want %02x", f8, relu, h,
                             ps_fp8_from_f16((ps_fp8_fmt)f8, (uint16_t)h, relu), want);
            }
            for (int i = 0; i < 200000; i++) { /* f32 near every binade of the fp8 range */
                uint32_t u = rnd32() & 0x807fffffu, e = 127 - 24 + rnd32() % 48;
                u |= (i % 50 == 0) ? 0x7f800000u | (rnd32() & 1) : e << 23;
                float fv;
                memcpy(&fv, &u, 4);
                uint8_t want = ref_fp8((ps_fp8_fmt)f8, fv, isnan(fv), relu);
                assert_int_equal(ps_fp8_from_f32((ps_fp8_fmt)f8, u, relu), want);
            }
            for (uint32_t b = 0; b < 256; b++) { /* fp8 -> f16 is exact */
                fmtx f = f8 == PS_FP8_E4M3 ? E4M3 : E5M2;
                bool n = f8 == PS_FP8_E4M3 ? (b & 0x7f) == 0x7f : is_nan(E5M2, b);
                double v = n ? 0 : value(f, b);
                uint16_t want = n ? 0x7fff : (relu && (b & 0x80)) ? 0 : (uint16_t)encode(F16, v);
                assert_int_equal(ps_fp8_to_f16((ps_fp8_fmt)f8, (uint8_t)b, relu), want);
            }
        }
    assert_int_equal(ps_fp8_from_f32(PS_FP8_E4M3, 0x43e80000u, false), 0x7e); /* 464: tie to 448 */
    assert_int_equal(ps_fp8_from_f32(PS_FP8_E4M3, 0x43e80001u, false), 0x7e); /* above: .satfinite */
    assert_int_equal(ps_fp8_from_f32(PS_FP8_E5M2, 0xff800000u, false), 0xfb);
}

/* ---- cvt.pack through a PTX snippet: C reference of the saturating pack ------------------ */
static uint32_t sat(int32_t v, int w, bool sgn) {
    int64_t lo = sgn ? -(1ll << (w - 1)) : 0, hi = sgn ? (1ll << (w - 1)) - 1 : (1ll << w) - 1;
    return (uint32_t)(v < lo ? lo : v > hi ? hi : v) & (uint32_t)((1ull << w) - 1);
}
static void test_cvt_pack(void **state) {
    (void)state;
    static const struct {
        const char *t;
        int w;
        bool sgn, three;
    } ty[] = {{"u16.s32", 16, false, false},  {"s16.s32", 16, true, false},   {"u8.s32.b32", 8, false, true},
              {"s8.s32.b32", 8, true, true},  {"u4.s32.b32", 4, false, true}, {"s4.s32.b32", 4, true, true},
              {"u2.s32.b32", 2, false, true}, {"s2.s32.b32", 2, true, true}};
    for (size_t k = 0; k < sizeof ty / sizeof ty[0]; k++) {
        char ptx[1024], diag[512];
        snprintf(ptx, sizeof ptx,
                 TU_HEADER
                 ".visible .entry k(.param .u64 p0)\n{\n.reg .b64 %%a, %%base;\n.reg .b32 %%x, %%y, %%z, %%d, %%t;\n"
                 "ld.param.u64 %%base, [p0];\nmov.u32 %%t, %%tid.x;\nmul.wide.u32 %%a, %%t, 16;\n"
                 "add.u64 %%a, %%a, %%base;\n"
                 "ld.global.v4.u32 {%%x, %%y, %%z, %%d}, [%%a];\ncvt.pack.sat.%s %%d, %%x, %%y%s;\n"
                 "st.global.u32 [%%a+12], %%d;\nret;\n}\n",
                 ty[k].t, ty[k].three ? ", %z" : "");
        uint32_t buf[64 * 4];
        static const int32_t edge[] = {0,     1,      -1,     7,     8,     -8,        -9,       15,
                                       16,    127,    128,    -128,  -129,  255,       256,      32767,
                                       32768, -32768, -32769, 65535, 65536, INT32_MAX, INT32_MIN};
        for (int i = 0; i < 64; i++) {
            buf[4 * i] = i < 23 ? (uint32_t)edge[i] : rnd32();
            buf[4 * i + 1] = i < 23 ? (uint32_t)edge[22 - i] : rnd32();
            buf[4 * i + 2] = rnd32();
            buf[4 * i + 3] = 0;
        }
        tu_buf b = {buf, sizeof buf};
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {64, 1, 1}};
        ps_launch_result res;
        assert_int_equal(tu_run(ptx, "k", &cfg, &b, 1, &res, diag, sizeof diag), PS_OK);
        for (int i = 0; i < 64; i++) {
            int w = ty[k].w;
            uint32_t want = sat((int32_t)buf[4 * i], w, ty[k].sgn) << w | sat((int32_t)buf[4 * i + 1], w, ty[k].sgn);
            if (ty[k].three) want |= buf[4 * i + 2] << (2 * w);
            assert_int_equal(buf[4 * i + 3], want);
        }
    }
}

/* ---- the instructions end to end: one PTX kernel, one line per form ----------------------- */
typedef struct {
    const char *insn; /* %d result (b32), %x %y %z sources (b32); 16-bit forms use %h* */
    int kind;         /* 0: f16x2 (two halves), 1: f16 scalar (low half), 2/3: bf16x2 / bf16 */
    int op;           /* OADD..OFMA, or 10 min 11 max 12 neg 13 abs 14 ex2 15 tanh 16 setp.lt 17 setp.gtu */
    unsigned fl;
} ptx_form;
static const ptx_form FORMS[] = {
    {"add.rn.f16x2 %d, %x, %y;", 0, OADD, 0},
    {"sub.rn.ftz.f16 %hd, %hx, %hy;", 1, OSUB, PS_HALF_FTZ},
    {"mul.rn.sat.f16x2 %d, %x, %y;", 0, OMUL, PS_HALF_SAT},
    {"fma.rn.relu.f16x2 %d, %x, %y, %z;", 0, OFMA, PS_HALF_RELU},
    {"neg.f16x2 %d, %x;", 0, 12, 0},
    {"abs.ftz.f16 %hd, %hx;", 1, 13, PS_HALF_FTZ},
    {"min.NaN.f16x2 %d, %x, %y;", 0, 10, PS_HALF_NAN},
    {"max.xorsign.abs.f16 %hd, %hx, %hy;", 1, 11, PS_HALF_XORSIGN},
    {"add.rn.bf16x2 %d, %x, %y;", 2, OADD, 0},
    {"sub.bf16 %hd, %hx, %hy;", 3, OSUB, 0},
    {"mul.rn.bf16 %hd, %hx, %hy;", 3, OMUL, 0},
    {"fma.rn.relu.bf16x2 %d, %x, %y, %z;", 2, OFMA, PS_HALF_RELU},
    {"neg.bf16x2 %d, %x;", 2, 12, 0},
    {"abs.bf16 %hd, %hx;", 3, 13, 0},
    {"min.bf16x2 %d, %x, %y;", 2, 10, 0},
    {"max.NaN.bf16 %hd, %hx, %hy;", 3, 11, PS_HALF_NAN},
    {"min.ftz.f16 %hd, %hx, %hy;", 1, 10, PS_HALF_FTZ},
    {"max.bf16x2 %d, %x, %y;", 2, 11, 0},
    {"ex2.approx.f16x2 %d, %x;", 0, 14, 0},
    {"tanh.approx.bf16 %hd, %hx;", 3, 15, 0},
    {"setp.lt.f16x2 %p|%q, %x, %y; selp.b32 %d, 1, 0, %p; selp.b32 %t, 2, 0, %q; or.b32 %d, %d, %t;", 0, 16, 0},
    {"setp.gtu.bf16 %p, %hx, %hy; selp.b32 %d, 1, 0, %p;", 3, 17, 0},
    {"setp.gtu.bf16x2 %p|%q, %x, %y; selp.b32 %d, 1, 0, %p; selp.b32 %t, 2, 0, %q; or.b32 %d, %d, %t;", 2, 17, 0},
};
#define NFORMS ((int)(sizeof FORMS / sizeof FORMS[0]))

/* |got - exact| <= 1 ulp of the half format (the measured accuracy of ex2/tanh, section 11.4) */
static bool within_ulp(fmtx f, uint16_t got, uint16_t a, bool tanh_) {
    if (is_nan(f, a)) return got == 0x7fff;
    mpfr_t x, r;
    mpfr_inits2(100, x, r, (mpfr_ptr)0);
    mpfr_set_d(x, value(f, a), MPFR_RNDN);
    if (tanh_) mpfr_tanh(r, x, MPFR_RNDN);
    else mpfr_exp2(r, x, MPFR_RNDN);
    uint16_t want = (uint16_t)mp_round(f, r, 0);
    mpfr_clears(x, r, (mpfr_ptr)0);
    int kg = (got & 0x8000) ? -(got & 0x7fff) : (got & 0x7fff),
        kw = (want & 0x8000) ? -(want & 0x7fff) : (want & 0x7fff);
    return abs(kg - kw) <= 1;
}

static void test_ptx_forms(void **state) {
    (void)state;
    char ptx[16384], diag[1024];
    int n = snprintf(ptx, sizeof ptx,
                     TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1)\n{\n"
                               ".reg .b64 %%a, %%o, %%i;\n.reg .b32 %%x, %%y, %%z, %%d, %%t, %%tx;\n"
                               ".reg .b16 %%hx, %%hy, %%hd;\n.reg .pred %%p, %%q;\n"
                               "ld.param.u64 %%a, [p0];\nld.param.u64 %%o, [p1];\nmov.u32 %%tx, %%tid.x;\n"
                               "mul.wide.u32 %%i, %%tx, 16;\nadd.u64 %%a, %%a, %%i;\n"
                               "mul.wide.u32 %%i, %%tx, %d;\nadd.u64 %%o, %%o, %%i;\n"
                               "ld.global.v4.b32 {%%x, %%y, %%z, %%t}, [%%a];\nmov.b32 {%%hx, %%hd}, %%x;\n"
                               "mov.b32 {%%hy, %%hd}, %%y;\n",
                     NFORMS * 4);
    for (int k = 0; k < NFORMS; k++)
        n += snprintf(ptx + n, sizeof ptx - (size_t)n,
                      "mov.b32 %%d, 0;\nmov.b16 %%hd, 0;\n%s\n%s\nst.global.b32 [%%o+%d], %%d;\n", FORMS[k].insn,
                      strstr(FORMS[k].insn, "%hd,") ? "cvt.u32.u16 %d, %hd;" : "", 4 * k);
    snprintf(ptx + n, sizeof ptx - (size_t)n, "ret;\n}\n");
    enum { T = 256 };
    static uint32_t in[T * 4], out[T * NFORMS];
    for (int i = 0; i < T; i++)
        for (int j = 0; j < 3; j++) {
            ps_half_fmt hf = (ps_half_fmt)(i & 1); /* even threads f16 operands, odd bf16 */
            in[4 * i + j] = (uint32_t)operand(hf) << 16 | operand(hf);
        }
    tu_buf b[2] = {{in, sizeof in}, {out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {T, 1, 1}};
    ps_launch_result res;
    diag[0] = 0;
    if (tu_run(ptx, "k", &cfg, b, 2, &res, diag, sizeof diag) != PS_OK) fail_msg("%s", diag);
    for (int i = 0; i < T; i++)
        for (int k = 0; k < NFORMS; k++) {
            const ptx_form *fm = &FORMS[k];
            ps_half_fmt hf = fm->kind >= 2 ? PS_HALF_BF16 : PS_HALF_F16;
            fmtx f = hf == PS_HALF_F16 ? F16 : BF16;
            bool x2 = !(fm->kind & 1);
            uint32_t got = out[i * NFORMS + k], want = 0;
            for (int h = 0; h < (x2 ? 2 : 1); h++) {
                uint16_t a = (uint16_t)(in[4 * i] >> 16 * h), bb = (uint16_t)(in[4 * i + 1] >> 16 * h),
                         c = (uint16_t)(in[4 * i + 2] >> 16 * h), r;
                uint16_t g = (uint16_t)(got >> 16 * h);
                switch (fm->op) {
                case 10: r = ref_minmax(hf, a, bb, fm->fl, false); break;
                case 11: r = ref_minmax(hf, a, bb, fm->fl, true); break;
                case 12:
                case 13:
                    if (is_nan(f, a)) r = 0x7fff;
                    else {
                        if ((fm->fl & PS_HALF_FTZ) && !(a & inf_of(f))) a &= 0x8000;
                        r = fm->op == 12 ? a ^ 0x8000 : a & 0x7fff;
                    }
                    break;
                case 14:
                case 15:
                    if (!within_ulp(f, g, a, fm->op == 15)) fail_msg("%s: %04x -> %04x", fm->insn, a, g);
                    r = g;
                    break;
                case 16:
                case 17: {
                    bool un = is_nan(f, a) || is_nan(f, bb);
                    double va = un ? 0 : value(f, a), vb = un ? 0 : value(f, bb);
                    bool t = fm->op == 16 ? (!un && va < vb) : (un || va > vb);
                    want |= (uint32_t)t << h;
                    continue;
                }
                default: r = ref_arith(hf, fm->op, a, bb, c, fm->fl);
                }
                want |= (uint32_t)r << 16 * h;
            }
            if (got != want)
                fail_msg("thread %d: %s: %08x %08x %08x -> %08x, want %08x", i, fm->insn, in[4 * i], in[4 * i + 1],
                         in[4 * i + 2], got, want);
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f16_arith), cmocka_unit_test(test_bf16_arith), cmocka_unit_test(test_minmax_neg_abs),
        cmocka_unit_test(test_fp8),       cmocka_unit_test(test_cvt_pack),   cmocka_unit_test(test_ptx_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
