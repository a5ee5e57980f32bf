/* exec_int.c — integer, bit-manipulation, logic/shift, comparison/selection and register-move
 * handlers (PTX ISA 9.7.1, 9.7.6, 9.7.8, 9.7.9.x mov/prmt) and their selection at decode time.
 *
 * Conventions (sim_internal.h): o[0] is the destination, sources follow; an N-bit operand is the
 * low N bits of its 64-bit slot, so every handler truncates what it reads and writes its result
 * zero-extended. All arithmetic is done on unsigned 64-bit (or unsigned __int128) values: signed
 * overflow, oversized shifts and x86's INT_MIN / -1 trap never happen, whatever the inputs.
 * Each handler is specialised by form, type and modifiers at decode time; the bodies are single
 * expressions inside one macro family (DEF1..DEF4, DEF_CY, DEF_CMP). docs/instructions.md lists
 * the semantics chosen where the ISA leaves a result unspecified. */
#include <string.h>

#include "exec_int_avx2.h"
#include "sim_internal.h"

/* ==== helpers ============================================================================ */

static inline uint64_t z16(uint64_t x) { return (uint16_t)x; }
static inline uint64_t z32(uint64_t x) { return (uint32_t)x; }
static inline uint64_t z64(uint64_t x) { return x; }
/* Sign-extended value of the low N bits (conversion to a narrower signed type is modular in
 * GCC and Clang; it is implementation-defined, not undefined). */
static inline int64_t s16(uint64_t x) { return (int16_t)(uint16_t)x; }
static inline int64_t s32(uint64_t x) { return (int32_t)(uint32_t)x; }
static inline int64_t s64(uint64_t x) { return (int64_t)x; }

static inline uint64_t umin(uint64_t a, uint64_t b) { return a < b ? a : b; }
static inline uint64_t umax(uint64_t a, uint64_t b) { return a > b ? a : b; }
static inline int64_t smin(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t smax(int64_t a, int64_t b) { return a > b ? a : b; }
/* Clamp a signed value (computed without overflow in int64) to [lo, hi]. */
static inline int64_t sclamp(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

/* Two 16-bit halves packed into a 32-bit result (u16x2 / s16x2). */
static inline uint64_t pk16(uint64_t lo, uint64_t hi) { return z16(lo) | z16(hi) << 16; }
static inline uint64_t hi16(uint64_t x) { return z16(x >> 16); }

/* Mask of the n low bits, n in 0..64. */
static inline uint64_t lowmask(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

/* ==== lane-loop macro family =============================================================
 * DEFn(name, EXPR): d = EXPR of the sources a, b, c, e (uint64_t, the raw slot values). All 32
 * lanes are computed into a local array (a fixed-trip loop with no aliasing, which the compiler
 * vectorises; every EXPR is defined for any input, so inactive lanes are harmless), then the
 * executing lanes are written back (DESIGN §3: compute branch-free, blend by the mask). The
 * body must not contain a top-level comma (it is a macro argument). */

static inline void blend(ps_warp *w, uint64_t *rd, const uint64_t *r) { LANES(w, rd[l] = r[l]); }

/* DEFn(name, EXPR): a full warp computes in place (no stack temporary, so no frame to align);
 * few lanes take SPARSE; other partial warps compute 32 lanes into a temporary and blend, in a
 * function of their own. */
#define DEF1(name, EXPR)                                                                          \
    PS_CLONES static __attribute__((noinline)) void name##_blend(ps_warp *w, const ps_dinsn *d) { \
        const uint64_t *ra = R(w, d->o[1]);                                                       \
        uint64_t r[WARP];                                                                         \
        PS_IVDEP PS_UNROLL8 for (int l = 0; l < WARP; l++) {                                      \
            uint64_t a = ra[l];                                                                   \
            r[l] = (EXPR);                                                                        \
        }                                                                                         \
        blend(w, R(w, d->o[0]), r);                                                               \
    }                                                                                             \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                                   \
        const uint64_t *ra = R(w, d->o[1]);                                                       \
        SPARSE(uint64_t a = ra[l]; R(w, d->o[0])[l] = (EXPR))                                     \
        if (w->exec != FULL_MASK) {                                                               \
            name##_blend(w, d);                                                                   \
            return;                                                                               \
        }                                                                                         \
        uint64_t *rd = R(w, d->o[0]);                                                             \
        PS_IVDEP PS_UNROLL8 for (int l = 0; l < WARP; l++) {                                      \
            uint64_t a = ra[l];                                                                   \
            rd[l] = (EXPR);                                                                       \
        }                                                                                         \
    }

#define DEF2(name, EXPR)                                                                          \
    PS_CLONES static __attribute__((noinline)) void name##_blend(ps_warp *w, const ps_dinsn *d) { \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]);                                  \
        uint64_t r[WARP];                                                                         \
        PS_IVDEP PS_UNROLL8 for (int l = 0; l < WARP; l++) {                                      \
            uint64_t a = ra[l], b = rb[l];                                                        \
            r[l] = (EXPR);                                                                        \
        }                                                                                         \
        blend(w, R(w, d->o[0]), r);                                                               \
    }                                                                                             \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                                   \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]);                                  \
        SPARSE(uint64_t a = ra[l], b = rb[l]; R(w, d->o[0])[l] = (EXPR))                          \
        if (w->exec != FULL_MASK) {                                                               \
            name##_blend(w, d);                                                                   \
            return;                                                                               \
        }                                                                                         \
        uint64_t *rd = R(w, d->o[0]);                                                             \
        PS_IVDEP PS_UNROLL8 for (int l = 0; l < WARP; l++) {                                      \
            uint64_t a = ra[l], b = rb[l];                                                        \
            rd[l] = (EXPR);                                                                       \
        }                                                                                         \
    }

#define DEF3(name, EXPR)                                                                          \
    PS_CLONES static __attribute__((noinline)) void name##_blend(ps_warp *w, const ps_dinsn *d) { \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[3]);             \
        uint64_t r[WARP];                                                                         \
        PS_IVDEP PS_UNROLL8 for (int l = 0; l < WARP; l++) {                                      \
            uint64_t a = ra[l], b = rb[l], c = rc[l];                                             \
            r[l] = (EXPR);                                                                        \
        }                                                                                         \
        blend(w, R(w, d->o[0]), r);                                                               \
    }                                                                                             \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                                   \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[3]);             \
        SPARSE(uint64_t a = ra[l], b = rb[l], c = rc[l]; R(w, d->o[0])[l] = (EXPR))               \
        if (w->exec != FULL_MASK) {                                                               \
            name##_blend(w, d);                                                                   \
            return;                                                                               \
        }                                                                                         \
        uint64_t *rd = R(w, d->o[0]);                                                             \
        PS_IVDEP PS_UNROLL8 for (int l = 0; l < WARP; l++) {                                      \
            uint64_t a = ra[l], b = rb[l], c = rc[l];                                             \
            rd[l] = (EXPR);                                                                       \
        }                                                                                         \
    }

#define DEF4(name, EXPR)                                                                                   \
    PS_CLONES static __attribute__((noinline)) void name##_blend(ps_warp *w, const ps_dinsn *d) {          \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[3]), *re = R(w, d->o[4]); \
        uint64_t r[WARP];                                                                                  \
        PS_IVDEP PS_UNROLL8 for (int l = 0; l < WARP; l++) {                                               \
            uint64_t a = ra[l], b = rb[l], c = rc[l], e = re[l];                                           \
            r[l] = (EXPR);                                                                                 \
        }                                                                                                  \
        blend(w, R(w, d->o[0]), r);                                                                        \
    }                                                                                                      \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                                            \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[3]), *re = R(w, d->o[4]); \
        SPARSE(uint64_t a = ra[l], b = rb[l], c = rc[l], e = re[l]; R(w, d->o[0])[l] = (EXPR))             \
        if (w->exec != FULL_MASK) {                                                                        \
            name##_blend(w, d);                                                                            \
            return;                                                                                        \
        }                                                                                                  \
        uint64_t *rd = R(w, d->o[0]);                                                                      \
        PS_IVDEP PS_UNROLL8 for (int l = 0; l < WARP; l++) {                                               \
            uint64_t a = ra[l], b = rb[l], c = rc[l], e = re[l];                                           \
            rd[l] = (EXPR);                                                                                \
        }                                                                                                  \
    }

/* Carry chain (add.cc, addc, sub.cc, subc, mad.cc, madc): EXPR computes the result from a, b, c
 * and the carry-in bit `ci`, storing the carry-out bit through `&co`. CIN: reads w->carry;
 * COUT: writes it (executing lanes only). c is b for the two-source forms. */
#define DEF_CY(name, CIN, COUT, EXPR)                                              \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                    \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]);                   \
        const uint64_t *rc = d->nops > 3 ? R(w, d->o[3]) : rb;                     \
        uint32_t cin = (CIN) ? w->carry : 0, cout = 0;                             \
        uint64_t r[WARP];                                                          \
        for (int l = 0; l < WARP; l++) {                                           \
            uint64_t a = ra[l], b = rb[l], c = rc[l], ci = (cin >> l) & 1, co = 0; \
            (void)c;                                                               \
            (void)ci;                                                              \
            r[l] = (EXPR);                                                         \
            cout |= (uint32_t)co << l;                                             \
        }                                                                          \
        blend(w, R(w, d->o[0]), r);                                                \
        if (COUT) w->carry = (w->carry & ~w->exec) | (cout & w->exec);             \
    }

/* ==== 9.7.1.1-2 add, sub (incl. .sat, packed u16x2/s16x2) ================================ */

DEF2(h_add16, z16(a + b))
DEF2(h_add32, z32(a + b))
DEF2(h_add64, a + b)
DEF2(h_sub16, z16(a - b))
DEF2(h_sub32, z32(a - b))
DEF2(h_sub64, a - b)
DEF2(h_add_sat_s32, z32((uint64_t)sclamp(s32(a) + s32(b), INT32_MIN, INT32_MAX)))
DEF2(h_add_sat_u32, umin(z32(a) + z32(b), UINT32_MAX))
DEF2(h_sub_sat_s32, z32((uint64_t)sclamp(s32(a) - s32(b), INT32_MIN, INT32_MAX)))
DEF2(h_add_x2, pk16(a + b, (a >> 16) + (b >> 16)))
DEF2(h_add_sat_u16x2, pk16(umin(z16(a) + z16(b), 0xffff), umin(hi16(a) + hi16(b), 0xffff)))
DEF2(h_add_sat_s16x2,
     pk16((uint64_t)sclamp(s16(a) + s16(b), INT16_MIN, INT16_MAX),
          (uint64_t)sclamp(s16(a >> 16) + s16(b >> 16), INT16_MIN, INT16_MAX)))

/* Carry-chain arithmetic at 32 and 64 bits. CC.CF is one bit with the hardware's meaning, the
 * carry-out of an addition: a subtraction computes a + ~b + 1 (sub.cc) or a + ~b + CF (subc),
 * so CF = 1 means "no borrow". Chains of add.cc/addc or of sub.cc/subc give the same results as
 * the ISA's borrow wording (subc: d = a - (b + borrow)); mixed chains (add.cc then subc, sub.cc
 * then addc) give what an H200 gives (measured: add.cc with no carry, then subc, subtracts 1). */
static inline uint64_t addc32(uint64_t x, uint64_t y, uint64_t ci, uint64_t *co) {
    uint64_t s = z32(x) + z32(y) + ci;
    *co = s >> 32;
    return z32(s);
}
static inline uint64_t addc64(uint64_t x, uint64_t y, uint64_t ci, uint64_t *co) {
    uint64_t s = x + y, t = s + ci;
    *co = (s < x) | (t < s);
    return t;
}
static inline uint64_t subc32(uint64_t x, uint64_t y, uint64_t ci, uint64_t *co) { return addc32(x, ~y, ci, co); }
static inline uint64_t subc64(uint64_t x, uint64_t y, uint64_t ci, uint64_t *co) { return addc64(x, ~y, ci, co); }

/* ==== 9.7.2 extended-precision add.cc addc sub.cc subc =================================== */

DEF_CY(h_add_cc32, 0, 1, addc32(a, b, ci, &co))
DEF_CY(h_addc32, 1, 0, addc32(a, b, ci, &co))
DEF_CY(h_addc_cc32, 1, 1, addc32(a, b, ci, &co))
DEF_CY(h_add_cc64, 0, 1, addc64(a, b, ci, &co))
DEF_CY(h_addc64, 1, 0, addc64(a, b, ci, &co))
DEF_CY(h_addc_cc64, 1, 1, addc64(a, b, ci, &co))
DEF_CY(h_sub_cc32, 0, 1, subc32(a, b, 1, &co))
DEF_CY(h_subc32, 1, 0, subc32(a, b, ci, &co))
DEF_CY(h_subc_cc32, 1, 1, subc32(a, b, ci, &co))
DEF_CY(h_sub_cc64, 0, 1, subc64(a, b, 1, &co))
DEF_CY(h_subc64, 1, 0, subc64(a, b, ci, &co))
DEF_CY(h_subc_cc64, 1, 1, subc64(a, b, ci, &co))

/* ==== 9.7.1.3-4 mul, mad (.lo .hi .wide, mad.hi.sat.s32) ================================= */

/* Full products: .wide for 16/32-bit, the high half for every width. */
static inline uint64_t wide_u16(uint64_t a, uint64_t b) { return z16(a) * z16(b); }
static inline uint64_t wide_s16(uint64_t a, uint64_t b) { return (uint64_t)(s16(a) * s16(b)); }
static inline uint64_t wide_u32(uint64_t a, uint64_t b) { return z32(a) * z32(b); }
static inline uint64_t wide_s32(uint64_t a, uint64_t b) { return (uint64_t)(s32(a) * s32(b)); }
static inline uint64_t hi_u16(uint64_t a, uint64_t b) { return z16(wide_u16(a, b) >> 16); }
static inline uint64_t hi_s16(uint64_t a, uint64_t b) { return z16(wide_s16(a, b) >> 16); }
static inline uint64_t hi_u32(uint64_t a, uint64_t b) { return wide_u32(a, b) >> 32; }
static inline uint64_t hi_s32(uint64_t a, uint64_t b) { return z32(wide_s32(a, b) >> 32); }
static inline uint64_t hi_u64(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned __int128)a * b) >> 64); }
static inline uint64_t hi_s64(uint64_t a, uint64_t b) {
    return (uint64_t)((unsigned __int128)((__int128)(int64_t)a * (int64_t)b) >> 64);
}

DEF2(h_mul_lo16, z16(a *b))
DEF2(h_mul_lo32, z32(a *b))
DEF2(h_mul_lo64, a *b)
DEF2(h_mul_hi_u16, hi_u16(a, b))
DEF2(h_mul_hi_s16, hi_s16(a, b))
DEF2(h_mul_hi_u32, hi_u32(a, b))
DEF2(h_mul_hi_s32, hi_s32(a, b))
DEF2(h_mul_hi_u64, hi_u64(a, b))
DEF2(h_mul_hi_s64, hi_s64(a, b))
DEF2(h_mul_wide_u16, z32(wide_u16(a, b)))
DEF2(h_mul_wide_s16, z32(wide_s16(a, b)))
DEF2(h_mul_wide_u32, wide_u32(a, b))
DEF2(h_mul_wide_s32, wide_s32(a, b))

DEF3(h_mad_lo16, z16(a *b + c))
DEF3(h_mad_lo32, z32(a *b + c))
DEF3(h_mad_lo64, a *b + c)
DEF3(h_mad_hi_u16, z16(hi_u16(a, b) + c))
DEF3(h_mad_hi_s16, z16(hi_s16(a, b) + c))
DEF3(h_mad_hi_u32, z32(hi_u32(a, b) + c))
DEF3(h_mad_hi_s32, z32(hi_s32(a, b) + c))
DEF3(h_mad_hi_u64, hi_u64(a, b) + c)
DEF3(h_mad_hi_s64, hi_s64(a, b) + c)
DEF3(h_mad_wide_u16, z32(wide_u16(a, b) + c))
DEF3(h_mad_wide_s16, z32(wide_s16(a, b) + c))
DEF3(h_mad_wide_u32, wide_u32(a, b) + c)
DEF3(h_mad_wide_s32, wide_s32(a, b) + c)
DEF3(h_mad_hi_sat_s32, z32((uint64_t)sclamp(s32(hi_s32(a, b)) + s32(c), INT32_MIN, INT32_MAX)))

/* mad.cc / madc (9.7.2.5-6): the carry comes from the addition of c (and CC.CF) to the half. */
DEF_CY(h_mad_lo_cc32, 0, 1, addc32(a *b, c, ci, &co))
DEF_CY(h_madc_lo32, 1, 0, addc32(a *b, c, ci, &co))
DEF_CY(h_madc_lo_cc32, 1, 1, addc32(a *b, c, ci, &co))
DEF_CY(h_mad_hi_cc_u32, 0, 1, addc32(hi_u32(a, b), c, ci, &co))
DEF_CY(h_madc_hi_u32, 1, 0, addc32(hi_u32(a, b), c, ci, &co))
DEF_CY(h_madc_hi_cc_u32, 1, 1, addc32(hi_u32(a, b), c, ci, &co))
DEF_CY(h_mad_hi_cc_s32, 0, 1, addc32(hi_s32(a, b), c, ci, &co))
DEF_CY(h_madc_hi_s32, 1, 0, addc32(hi_s32(a, b), c, ci, &co))
DEF_CY(h_madc_hi_cc_s32, 1, 1, addc32(hi_s32(a, b), c, ci, &co))
DEF_CY(h_mad_lo_cc64, 0, 1, addc64(a *b, c, ci, &co))
DEF_CY(h_madc_lo64, 1, 0, addc64(a *b, c, ci, &co))
DEF_CY(h_madc_lo_cc64, 1, 1, addc64(a *b, c, ci, &co))
DEF_CY(h_mad_hi_cc_u64, 0, 1, addc64(hi_u64(a, b), c, ci, &co))
DEF_CY(h_madc_hi_u64, 1, 0, addc64(hi_u64(a, b), c, ci, &co))
DEF_CY(h_madc_hi_cc_u64, 1, 1, addc64(hi_u64(a, b), c, ci, &co))
DEF_CY(h_mad_hi_cc_s64, 0, 1, addc64(hi_s64(a, b), c, ci, &co))
DEF_CY(h_madc_hi_s64, 1, 0, addc64(hi_s64(a, b), c, ci, &co))
DEF_CY(h_madc_hi_cc_s64, 1, 1, addc64(hi_s64(a, b), c, ci, &co))

/* ==== 9.7.1.5-6 mul24, mad24: 24x24-bit product, .lo = bits 31..0, .hi = bits 47..16 ====== */

static inline uint64_t p24_u(uint64_t a, uint64_t b) { return (a & 0xffffff) * (b & 0xffffff); }
static inline uint64_t p24_s(uint64_t a, uint64_t b) {
    int64_t x = (int64_t)((a & 0xffffff) ^ 0x800000) - 0x800000; /* sign-extend bit 23 */
    int64_t y = (int64_t)((b & 0xffffff) ^ 0x800000) - 0x800000;
    return (uint64_t)(x * y);
}
DEF2(h_mul24_lo_u, z32(p24_u(a, b)))
DEF2(h_mul24_lo_s, z32(p24_s(a, b)))
DEF2(h_mul24_hi_u, z32(p24_u(a, b) >> 16))
DEF2(h_mul24_hi_s, z32(p24_s(a, b) >> 16))
DEF3(h_mad24_lo_u, z32(p24_u(a, b) + c))
DEF3(h_mad24_lo_s, z32(p24_s(a, b) + c))
DEF3(h_mad24_hi_u, z32((p24_u(a, b) >> 16) + c))
DEF3(h_mad24_hi_s, z32((p24_s(a, b) >> 16) + c))
DEF3(h_mad24_hi_sat_s, z32((uint64_t)sclamp(s32(p24_s(a, b) >> 16) + s32(c), INT32_MIN, INT32_MAX)))

/* ==== 9.7.1.7 sad: d = c + |a - b| ========================================================= */

DEF3(h_sad_u16, z16(c + (z16(a) < z16(b) ? b - a : a - b)))
DEF3(h_sad_s16, z16(c + (s16(a) < s16(b) ? b - a : a - b)))
DEF3(h_sad_u32, z32(c + (z32(a) < z32(b) ? b - a : a - b)))
DEF3(h_sad_s32, z32(c + (s32(a) < s32(b) ? b - a : a - b)))
DEF3(h_sad_u64, c + (a < b ? b - a : a - b))
DEF3(h_sad_s64, c + (s64(a) < s64(b) ? b - a : a - b))

/* ==== 9.7.1.8-9 div, rem ===================================================================
 * The ISA leaves x/0 "unspecified, machine-specific"; ptxsim returns what an H200 returns
 * (docs/instructions.md): x / 0 and x % 0 are all ones for every type, signed or unsigned;
 * MININT / -1 = MININT and MININT % -1 = 0 (the wrapped quotient, no trap). */
static inline uint64_t udiv(uint64_t a, uint64_t b, uint64_t ones) { return b ? a / b : ones; }
static inline uint64_t urem(uint64_t a, uint64_t b, uint64_t ones) { return b ? a % b : ones; }
static inline uint64_t sdiv(int64_t a, int64_t b) {
    if (b == 0) return ~0ull;
    if (b == -1) return 0 - (uint64_t)a;
    return (uint64_t)(a / b);
}
static inline uint64_t srem(int64_t a, int64_t b) {
    if (b == 0) return ~0ull;
    if (b == -1) return 0;
    return (uint64_t)(a % b);
}
DEF2(h_div_u16, udiv(z16(a), z16(b), 0xffff))
DEF2(h_div_u32, udiv(z32(a), z32(b), 0xffffffff))
DEF2(h_div_u64, udiv(a, b, ~0ull))
DEF2(h_div_s16, z16(sdiv(s16(a), s16(b))))
DEF2(h_div_s32, z32(sdiv(s32(a), s32(b))))
DEF2(h_div_s64, sdiv(s64(a), s64(b)))
DEF2(h_rem_u16, urem(z16(a), z16(b), 0xffff))
DEF2(h_rem_u32, urem(z32(a), z32(b), 0xffffffff))
DEF2(h_rem_u64, urem(a, b, ~0ull))
DEF2(h_rem_s16, z16(srem(s16(a), s16(b))))
DEF2(h_rem_s32, z32(srem(s32(a), s32(b))))
DEF2(h_rem_s64, srem(s64(a), s64(b)))

/* ==== 9.7.1.10-11 abs, neg (two's complement: MININT stays MININT) ======================== */

DEF1(h_abs16, z16(s16(a) < 0 ? 0 - a : a))
DEF1(h_abs32, z32(s32(a) < 0 ? 0 - a : a))
DEF1(h_abs64, s64(a) < 0 ? 0 - a : a)
DEF1(h_neg16, z16(0 - a))
DEF1(h_neg32, z32(0 - a))
DEF1(h_neg64, 0 - a)

/* ==== 9.7.1.12-13 min, max (incl. .relu and packed forms) ================================ */

DEF2(h_min_u16, umin(z16(a), z16(b)))
DEF2(h_min_u32, umin(z32(a), z32(b)))
DEF2(h_min_u64, umin(a, b))
DEF2(h_min_s16, z16((uint64_t)smin(s16(a), s16(b))))
DEF2(h_min_s32, z32((uint64_t)smin(s32(a), s32(b))))
DEF2(h_min_s64, (uint64_t)smin(s64(a), s64(b)))
DEF2(h_max_u16, umax(z16(a), z16(b)))
DEF2(h_max_u32, umax(z32(a), z32(b)))
DEF2(h_max_u64, umax(a, b))
DEF2(h_max_s16, z16((uint64_t)smax(s16(a), s16(b))))
DEF2(h_max_s32, z32((uint64_t)smax(s32(a), s32(b))))
DEF2(h_max_s64, (uint64_t)smax(s64(a), s64(b)))
DEF2(h_min_relu_s32, (uint64_t)smax(smin(s32(a), s32(b)), 0))
DEF2(h_max_relu_s32, (uint64_t)smax(smax(s32(a), s32(b)), 0))
DEF2(h_min_u16x2, pk16(umin(z16(a), z16(b)), umin(hi16(a), hi16(b))))
DEF2(h_max_u16x2, pk16(umax(z16(a), z16(b)), umax(hi16(a), hi16(b))))
DEF2(h_min_s16x2, pk16((uint64_t)smin(s16(a), s16(b)), (uint64_t)smin(s16(a >> 16), s16(b >> 16))))
DEF2(h_max_s16x2, pk16((uint64_t)smax(s16(a), s16(b)), (uint64_t)smax(s16(a >> 16), s16(b >> 16))))
DEF2(h_min_relu_s16x2,
     pk16((uint64_t)smax(smin(s16(a), s16(b)), 0), (uint64_t)smax(smin(s16(a >> 16), s16(b >> 16)), 0)))
DEF2(h_max_relu_s16x2,
     pk16((uint64_t)smax(smax(s16(a), s16(b)), 0), (uint64_t)smax(smax(s16(a >> 16), s16(b >> 16)), 0)))

/* ==== 9.7.1.14-22 popc clz bfind fns brev bfe bfi szext bmsk ============================== */

static inline uint64_t clz64(uint64_t x) { return x ? (uint64_t)__builtin_clzll(x) : 64; }
/* bfind: position of the most significant bit that differs from the sign (unsigned: the most
 * significant 1); 0xffffffff if none; .shiftamt: msb - position. */
static inline uint64_t bfind(uint64_t x, unsigned msb, bool shiftamt) {
    if (!x) return 0xffffffff;
    uint64_t pos = 63 - clz64(x);
    return shiftamt ? msb - pos : pos;
}
static inline uint64_t nsign32(uint64_t a) { return z32(s32(a) < 0 ? ~a : a); }
static inline uint64_t nsign64(uint64_t a) { return s64(a) < 0 ? ~a : a; }

/* fns: the n-th set bit of mask counting from bit `base` upwards (offset > 0) or downwards
 * (offset < 0); offset 0 tests bit base. base > 31 is undefined in the ISA: ptxsim finds
 * nothing (the ISA's loop never runs). Offset INT_MIN gives 0 on the H200 whatever the mask
 * and base, from a register or an immediate (tests/regress/imm_fns). */
static inline uint64_t fns(uint64_t mask64, uint64_t base64, uint64_t off64) {
    uint32_t mask = (uint32_t)mask64, base = (uint32_t)base64;
    int64_t off = s32(off64);
    if (off == INT32_MIN) return 0;
    if (base > 31) return 0xffffffff;
    if (off == 0) return (mask >> base & 1) ? base : 0xffffffff;
    uint64_t n = (uint64_t)(off > 0 ? off : -off);
    uint32_t m = off > 0 ? mask & (0xffffffffu << base) : mask & (0xffffffffu >> (31 - base));
    if (n > (uint64_t)__builtin_popcount(m)) return 0xffffffff;
    if (off > 0) {
        while (--n) m &= m - 1;
        return (uint64_t)__builtin_ctz(m);
    }
    while (--n) m &= ~(0x80000000u >> __builtin_clz(m));
    return 31 - (uint64_t)__builtin_clz(m);
}

static inline uint64_t brev64(uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
    return __builtin_bswap64(x);
}

/* bfe (9.7.1.19): the field is len bits from pos; n of them lie below the msb; the rest of d
 * is the field's sign bit (0 for unsigned or len 0; a[min(pos+len-1, msb)] for signed). The
 * ISA restricts pos and len to 8 bits (b & 0xff): .b32 hardware does that, but the 64-bit
 * forms use the whole .u32 values (H200: bfe.u64 with pos 0x101 gives 0), so the callers pass
 * pos and len already reduced. */
static inline uint64_t bfe(uint64_t a, uint64_t pos, uint64_t len, unsigned width, bool sgn) {
    unsigned n = (len == 0 || pos >= width) ? 0 : (unsigned)umin(len, width - pos);
    uint64_t field = n ? (a >> pos) & lowmask(n) : 0;
    bool sbit = sgn && len && (a >> umin(pos + len - 1, width - 1) & 1);
    return (field | (sbit ? ~lowmask(n) : 0)) & lowmask(width);
}

/* bfi (9.7.1.20): insert the low len bits of a into b at pos (reduced as for bfe). */
static inline uint64_t bfi(uint64_t a, uint64_t b, uint64_t pos, uint64_t len, unsigned width) {
    unsigned n = (len == 0 || pos >= width) ? 0 : (unsigned)umin(len, width - pos);
    uint64_t m = n ? lowmask(n) << pos : 0;
    return ((b & ~m) | ((a << (pos & 63)) & m)) & lowmask(width);
}

/* szext (9.7.1.21): sign- or zero-extend the low N = b bits of a; N = 0 gives 0; N >= 32 gives
 * a (.clamp) or uses N mod 32 (.wrap). */
static inline uint64_t szext(uint64_t a, uint64_t b, bool clamp, bool sgn) {
    uint32_t b1 = (uint32_t)b & 31;
    bool too_large = clamp && z32(b) >= 32;
    uint32_t mask = too_large ? 0 : 0xffffffffu << b1;
    bool sbit = sgn && b1 != 0 && !too_large && ((a >> (b1 - 1)) & 1);
    return z32((a & ~(uint64_t)mask) | (sbit ? mask : 0));
}

/* bmsk (9.7.1.22): a mask of b bits starting at bit a. */
static inline uint64_t bmsk(uint64_t a, uint64_t b, bool clamp) {
    uint32_t a1 = (uint32_t)a & 31, b1 = (uint32_t)b & 31, sum = a1 + b1;
    uint32_t mask0 = 0xffffffffu << a1;
    bool ovf = sum >= 32;
    if (clamp && z32(a) >= 32) {
        mask0 = 0;
        ovf = true;
    }
    if (clamp && z32(b) >= 32) ovf = true;
    uint32_t mask1 = ovf ? 0 : b1 == 0 ? 0xffffffffu : 0xffffffffu << sum;
    return mask0 & ~mask1;
}

DEF1(h_popc32, (uint64_t)__builtin_popcountll(z32(a)))
DEF1(h_popc64, (uint64_t)__builtin_popcountll(a))
DEF1(h_clz32, clz64(z32(a)) - 32)
DEF1(h_clz64, clz64(a))
DEF1(h_bfind_u32, bfind(z32(a), 31, false))
DEF1(h_bfind_s32, bfind(nsign32(a), 31, false))
DEF1(h_bfind_u64, bfind(a, 63, false))
DEF1(h_bfind_s64, bfind(nsign64(a), 63, false))
DEF1(h_bfind_sa_u32, bfind(z32(a), 31, true))
DEF1(h_bfind_sa_s32, bfind(nsign32(a), 31, true))
DEF1(h_bfind_sa_u64, bfind(a, 63, true))
DEF1(h_bfind_sa_s64, bfind(nsign64(a), 63, true))
DEF3(h_fns, fns(a, b, c))
DEF1(h_brev32, brev64(a) >> 32)
DEF1(h_brev64, brev64(a))
DEF3(h_bfe_u32, bfe(z32(a), b & 0xff, c & 0xff, 32, false))
DEF3(h_bfe_s32, bfe(z32(a), b & 0xff, c & 0xff, 32, true))
DEF3(h_bfe_u64, bfe(a, z32(b), z32(c), 64, false))
DEF3(h_bfe_s64, bfe(a, z32(b), z32(c), 64, true))
DEF4(h_bfi32, bfi(z32(a), z32(b), c & 0xff, e & 0xff, 32))
DEF4(h_bfi64, bfi(a, b, z32(c), z32(e), 64))
DEF2(h_szext_clamp_u, szext(a, b, true, false))
DEF2(h_szext_clamp_s, szext(a, b, true, true))
DEF2(h_szext_wrap_u, szext(a, b, false, false))
DEF2(h_szext_wrap_s, szext(a, b, false, true))
DEF2(h_bmsk_clamp, bmsk(a, b, true))
DEF2(h_bmsk_wrap, bmsk(a, b, false))

/* ==== 9.7.8.1-6 and or xor not cnot lop3 (incl. .pred) ==================================== */

DEF2(h_and16, z16(a &b))
DEF2(h_and32, z32(a &b))
DEF2(h_and64, a &b)
DEF2(h_or16, z16(a | b))
DEF2(h_or32, z32(a | b))
DEF2(h_or64, a | b)
DEF2(h_xor16, z16(a ^ b))
DEF2(h_xor32, z32(a ^ b))
DEF2(h_xor64, a ^ b)
DEF1(h_not16, z16(~a))
DEF1(h_not32, z32(~a))
DEF1(h_not64, ~a)
DEF1(h_cnot16, z16(a) == 0)
DEF1(h_cnot32, z32(a) == 0)
DEF1(h_cnot64, a == 0)

/* Predicate forms: operands are predicate-file indices; "!p" sources are inverted by read_pred. */
static void h_and_pred(ps_warp *w, const ps_dinsn *d) {
    write_pred(w, d->o[0], read_pred(w, d, 1) & read_pred(w, d, 2));
}
static void h_or_pred(ps_warp *w, const ps_dinsn *d) {
    write_pred(w, d->o[0], read_pred(w, d, 1) | read_pred(w, d, 2));
}
static void h_xor_pred(ps_warp *w, const ps_dinsn *d) {
    write_pred(w, d->o[0], read_pred(w, d, 1) ^ read_pred(w, d, 2));
}
static void h_not_pred(ps_warp *w, const ps_dinsn *d) { write_pred(w, d->o[0], ~read_pred(w, d, 1)); }
static void h_mov_pred(ps_warp *w, const ps_dinsn *d) { write_pred(w, d->o[0], read_pred(w, d, 1)); }
/* mov.pred p, %is_explicit_cluster: the special register's slot holds 0 or 1 per lane */
static void h_mov_pred_sreg(ps_warp *w, const ps_dinsn *d) {
    const uint64_t *S = R(w, d->o[1]);
    uint32_t v = 0;
    for (int l = 0; l < WARP; l++) v |= (uint32_t)(S[l] != 0) << l;
    write_pred(w, d->o[0], v);
}
static void h_mov_pred_imm(ps_warp *w, const ps_dinsn *d) { write_pred(w, d->o[0], d->imm ? FULL_MASK : 0); }

/* lop3 (9.7.8.6): bit i of the result is bit ((a<<2)|(b<<1)|c) of immLut (d->imm). */
static inline uint64_t lop3(uint64_t a, uint64_t b, uint64_t c, unsigned lut) {
    uint64_t r = 0;
    for (unsigned i = 0; i < 8; i++)
        if (lut >> i & 1) r |= (i & 4 ? a : ~a) & (i & 2 ? b : ~b) & (i & 1 ? c : ~c);
    return z32(r);
}
DEF3(h_lop3, lop3(a, b, c, (unsigned)d->imm))

/* ==== 9.7.8.7-9 shf shl shr (shift amounts are .u32 and clamp at the operand width) ======== */

static inline uint64_t shf_l(uint64_t a, uint64_t b, uint64_t n) { return z32((z32(a) | b << 32) << n >> 32); }
static inline uint64_t shf_r(uint64_t a, uint64_t b, uint64_t n) { return z32((z32(a) | b << 32) >> n); }
DEF3(h_shf_l_clamp, shf_l(a, b, umin(z32(c), 32)))
DEF3(h_shf_l_wrap, shf_l(a, b, c & 31))
DEF3(h_shf_r_clamp, shf_r(a, b, umin(z32(c), 32)))
DEF3(h_shf_r_wrap, shf_r(a, b, c & 31))

DEF2(h_shl16, z32(b) >= 16 ? 0 : z16(a << z32(b)))
DEF2(h_shl32, z32(b) >= 32 ? 0 : z32(a << z32(b)))
DEF2(h_shl64, z32(b) >= 64 ? 0 : a << z32(b))
DEF2(h_shr_u16, z32(b) >= 16 ? 0 : z16(a) >> z32(b))
DEF2(h_shr_u32, z32(b) >= 32 ? 0 : z32(a) >> z32(b))
DEF2(h_shr_u64, z32(b) >= 64 ? 0 : a >> z32(b))
/* Arithmetic shifts: a right shift of a negative int64 is arithmetic in GCC and Clang
 * (implementation-defined, not undefined); the amount is clamped to width-1. */
DEF2(h_shr_s16, z16((uint64_t)(s16(a) >> umin(z32(b), 15))))
DEF2(h_shr_s32, z32((uint64_t)(s32(a) >> umin(z32(b), 31))))
DEF2(h_shr_s64, (uint64_t)(s64(a) >> umin(z32(b), 63)))

/* ==== 9.7.9.7 prmt ========================================================================
 * Default mode: each nibble of c selects a byte of {b, a} (bit 3: replicate its sign). The
 * other modes use c[1:0] to pick one of four fixed selector words (ISA Table "prmt modes"),
 * written here as default-mode selectors d.b3 d.b2 d.b1 d.b0. */
static inline uint64_t prmt(uint64_t a, uint64_t b, uint64_t c) {
    uint64_t src = z32(a) | b << 32, r = 0;
    for (unsigned i = 0; i < 4; i++) {
        unsigned sel = (unsigned)(c >> (4 * i)) & 15;
        uint64_t byte = (src >> ((sel & 7) * 8)) & 0xff;
        if (sel & 8) byte = (byte & 0x80) ? 0xff : 0;
        r |= byte << (8 * i);
    }
    return r;
}
static const uint16_t PRMT_MODES[6][4] = {
    {0x3210, 0x4321, 0x5432, 0x6543}, /* f4e: forward 4 extract */
    {0x5670, 0x6701, 0x7012, 0x0123}, /* b4e: backward 4 extract */
    {0x0000, 0x1111, 0x2222, 0x3333}, /* rc8: replicate 8 */
    {0x3210, 0x3211, 0x3222, 0x3333}, /* ecl: edge clamp left */
    {0x0000, 0x1110, 0x2210, 0x3210}, /* ecr: edge clamp right */
    {0x1010, 0x3232, 0x1010, 0x3232}, /* rc16: replicate 16 */
};
DEF3(h_prmt, prmt(a, b, c))
DEF3(h_prmt_mode, prmt(a, b, PRMT_MODES[d->prmt_mode][c & 3]))

/* ==== 9.7.9.x mov (incl. vector pack/unpack) ============================================== */

DEF1(h_mov16, z16(a))
DEF1(h_mov32, z32(a))
DEF1(h_mov64, a)

/* mov.bW d, {x0, .., xn-1}: item i (d->item_bits = its width K) goes to bits [K*i, K*i+K). */
static void h_mov_pack(ps_warp *w, const ps_dinsn *d) {
    unsigned k = d->item_bits, n = (unsigned)d->nitems;
    uint64_t m = lowmask(k), r[WARP] = {0};
    for (unsigned i = 0; i < n; i++) {
        const uint64_t *rx = R(w, d->o[1 + i]);
        for (int l = 0; l < WARP; l++) r[l] |= (rx[l] & m) << (k * i);
    }
    blend(w, R(w, d->o[0]), r);
}
/* mov.bW {x0, .., xn-1}, s: the inverse. */
static void h_mov_unpack(ps_warp *w, const ps_dinsn *d) {
    unsigned k = d->item_bits, n = (unsigned)d->nitems;
    uint64_t s[WARP], r[WARP], m = lowmask(k);
    memcpy(s, R(w, d->o[n]), sizeof s); /* a destination may be the source */
    for (unsigned i = 0; i < n; i++) {
        for (int l = 0; l < WARP; l++) r[l] = (s[l] >> (k * i)) & m;
        blend(w, R(w, d->o[i]), r);
    }
}

/* ==== 9.7.6.3-4 selp, slct ================================================================ */

#define DEF_SELP(name, Z)                                                                \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                          \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]);                         \
        uint32_t c = read_pred(w, d, 3);                                                 \
        uint64_t r[WARP], *rd = w->exec == FULL_MASK ? R(w, d->o[0]) : r;                \
        PS_IVDEP for (int l = 0; l < WARP; l++) rd[l] = Z((c >> l & 1) ? ra[l] : rb[l]); \
        if (rd == r) blend(w, R(w, d->o[0]), r);                                         \
    }
DEF_SELP(h_selp16, z16)
DEF_SELP(h_selp32, z32)
DEF_SELP(h_selp64, z64)

/* slct: c >= 0 selects a. For .f32 c: -0 >= 0; NaN selects b; .ftz makes a subnormal c zero. */
static inline bool f32_ge0(uint64_t c, bool ftz) {
    uint32_t m = (uint32_t)c & 0x7fffffffu;
    if (m > 0x7f800000u) return false;
    return !(c & 0x80000000u) || m == 0 || (ftz && m < 0x00800000u);
}
DEF3(h_slct16_s32, z16(s32(c) >= 0 ? a : b))
DEF3(h_slct32_s32, z32(s32(c) >= 0 ? a : b))
DEF3(h_slct64_s32, s32(c) >= 0 ? a : b)
DEF3(h_slct16_f32, z16(f32_ge0(c, false) ? a : b))
DEF3(h_slct32_f32, z32(f32_ge0(c, false) ? a : b))
DEF3(h_slct64_f32, f32_ge0(c, false) ? a : b)
DEF3(h_slct16_f32_ftz, z16(f32_ge0(c, true) ? a : b))
DEF3(h_slct32_f32_ftz, z32(f32_ge0(c, true) ? a : b))
DEF3(h_slct64_f32_ftz, f32_ge0(c, true) ? a : b)

/* ==== 9.7.6.1-2 set, setp =================================================================
 * A comparison is a function returning the mask of executing lanes where `a op b` holds; set
 * and setp pick one from CMP_TABLE at decode time (d->cmp_index) and combine it with the BoolOp
 * (d->boolop). Float comparisons work on integer keys (sign-magnitude -> two's complement, so
 * -0 == +0) and never touch the host FPU. */
typedef uint32_t (*cmp_fn)(const ps_warp *w, const uint64_t *ra, const uint64_t *rb);

#define DEF_CMP(name, EXPR)                                                                    \
    PS_CLONES static uint32_t name(const ps_warp *w, const uint64_t *ra, const uint64_t *rb) { \
        uint32_t t = 0;                                                                        \
        for (int l = 0; l < WARP; l++) {                                                       \
            uint64_t a = ra[l], b = rb[l];                                                     \
            t |= (uint32_t)(bool)(EXPR) << l;                                                  \
        }                                                                                      \
        return t & w->exec;                                                                    \
    }                                                                                          \
    /* setp without BoolOp, q or sink (the common form): the comparison inlined, p written */  \
    PS_CLONES static void name##_p(ps_warp *w, const ps_dinsn *d) {                            \
        const uint64_t *ra = R(w, d->o[2]), *rb = R(w, d->o[3]);                               \
        uint32_t t = 0;                                                                        \
        for (int l = 0; l < WARP; l++) {                                                       \
            uint64_t a = ra[l], b = rb[l];                                                     \
            t |= (uint32_t)(bool)(EXPR) << l;                                                  \
        }                                                                                      \
        write_pred(w, d->o[0], t);                                                             \
    }

static inline bool nan32(uint64_t x) { return ((uint32_t)x & 0x7fffffffu) > 0x7f800000u; }
static inline bool nan64(uint64_t x) { return (x & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
static inline int64_t key32(uint64_t x) {
    int64_t m = (int64_t)(x & 0x7fffffffu);
    return (x & 0x80000000u) ? -m : m;
}
static inline int64_t key32_ftz(uint64_t x) {
    int64_t m = (int64_t)(x & 0x7fffffffu);
    if (m < 0x00800000) m = 0;
    return (x & 0x80000000u) ? -m : m;
}
static inline int64_t key64(uint64_t x) {
    int64_t m = (int64_t)(x & 0x7fffffffffffffffull);
    return (x >> 63) ? -m : m;
}

/* Comparison operators in CMP_TABLE column order. */
enum {
    C_EQ,
    C_NE,
    C_LT,
    C_LE,
    C_GT,
    C_GE,
    C_LO,
    C_LS,
    C_HI,
    C_HS,
    C_EQU,
    C_NEU,
    C_LTU,
    C_LEU,
    C_GTU,
    C_GEU,
    C_NUM,
    C_NAN,
    C_COUNT
};
/* Operand kinds in CMP_TABLE row order. */
enum { K_U16, K_S16, K_U32, K_S32, K_U64, K_S64, K_F32, K_F32_FTZ, K_F64, K_COUNT };

#define DEF_ICMP(P, Z, S)          \
    DEF_CMP(P##_eq, Z(a) == Z(b))  \
    DEF_CMP(P##_ne, Z(a) != Z(b))  \
    DEF_CMP(P##_ult, Z(a) < Z(b))  \
    DEF_CMP(P##_ule, Z(a) <= Z(b)) \
    DEF_CMP(P##_ugt, Z(a) > Z(b))  \
    DEF_CMP(P##_uge, Z(a) >= Z(b)) \
    DEF_CMP(P##_slt, S(a) < S(b))  \
    DEF_CMP(P##_sle, S(a) <= S(b)) \
    DEF_CMP(P##_sgt, S(a) > S(b))  \
    DEF_CMP(P##_sge, S(a) >= S(b))
DEF_ICMP(cmp16, z16, s16)
DEF_ICMP(cmp32, z32, s32)
DEF_ICMP(cmp64, z64, s64)

/* Ordered comparisons are false with a NaN operand, the ...u forms true. */
#define DEF_FCMP(P, ISNAN, KEY)                                  \
    DEF_CMP(P##_eq, !(ISNAN(a) || ISNAN(b)) && KEY(a) == KEY(b)) \
    DEF_CMP(P##_ne, !(ISNAN(a) || ISNAN(b)) && KEY(a) != KEY(b)) \
    DEF_CMP(P##_lt, !(ISNAN(a) || ISNAN(b)) && KEY(a) < KEY(b))  \
    DEF_CMP(P##_le, !(ISNAN(a) || ISNAN(b)) && KEY(a) <= KEY(b)) \
    DEF_CMP(P##_gt, !(ISNAN(a) || ISNAN(b)) && KEY(a) > KEY(b))  \
    DEF_CMP(P##_ge, !(ISNAN(a) || ISNAN(b)) && KEY(a) >= KEY(b)) \
    DEF_CMP(P##_equ, ISNAN(a) || ISNAN(b) || KEY(a) == KEY(b))   \
    DEF_CMP(P##_neu, ISNAN(a) || ISNAN(b) || KEY(a) != KEY(b))   \
    DEF_CMP(P##_ltu, ISNAN(a) || ISNAN(b) || KEY(a) < KEY(b))    \
    DEF_CMP(P##_leu, ISNAN(a) || ISNAN(b) || KEY(a) <= KEY(b))   \
    DEF_CMP(P##_gtu, ISNAN(a) || ISNAN(b) || KEY(a) > KEY(b))    \
    DEF_CMP(P##_geu, ISNAN(a) || ISNAN(b) || KEY(a) >= KEY(b))   \
    DEF_CMP(P##_num, !(ISNAN(a) || ISNAN(b)))                    \
    DEF_CMP(P##_nan, ISNAN(a) || ISNAN(b))
DEF_FCMP(fcmp32, nan32, key32)
DEF_FCMP(fcmp32f, nan32, key32_ftz)
DEF_FCMP(fcmp64, nan64, key64)

/* Signed rows also carry the unsigned lo..hs entries; select_cmp refuses them on signed types. */
#define ICMP_ROW(P, SG) \
    { P##_eq, P##_ne, P##_##SG##lt, P##_##SG##le, P##_##SG##gt, P##_##SG##ge, P##_ult, P##_ule, P##_ugt, P##_uge }
#define FCMP_ROW(P)                                                                                                 \
    {                                                                                                               \
        P##_eq, P##_ne, P##_lt, P##_le, P##_gt, P##_ge, NULL, NULL, NULL, NULL, P##_equ, P##_neu, P##_ltu, P##_leu, \
            P##_gtu, P##_geu, P##_num, P##_nan                                                                      \
    }
static const cmp_fn CMP_TABLE[K_COUNT][C_COUNT] = {
    [K_U16] = ICMP_ROW(cmp16, u), [K_S16] = ICMP_ROW(cmp16, s),    [K_U32] = ICMP_ROW(cmp32, u),
    [K_S32] = ICMP_ROW(cmp32, s), [K_U64] = ICMP_ROW(cmp64, u),    [K_S64] = ICMP_ROW(cmp64, s),
    [K_F32] = FCMP_ROW(fcmp32),   [K_F32_FTZ] = FCMP_ROW(fcmp32f), [K_F64] = FCMP_ROW(fcmp64),
};
/* The same table of the plain setp handlers (name##_p of DEF_CMP). */
#define ICMP_ROW_P(P, SG)                                                                                         \
    {                                                                                                             \
        P##_eq_p, P##_ne_p, P##_##SG##lt_p, P##_##SG##le_p, P##_##SG##gt_p, P##_##SG##ge_p, P##_ult_p, P##_ule_p, \
            P##_ugt_p, P##_uge_p                                                                                  \
    }
#define FCMP_ROW_P(P)                                                                                             \
    {                                                                                                             \
        P##_eq_p, P##_ne_p, P##_lt_p, P##_le_p, P##_gt_p, P##_ge_p, NULL, NULL, NULL, NULL, P##_equ_p, P##_neu_p, \
            P##_ltu_p, P##_leu_p, P##_gtu_p, P##_geu_p, P##_num_p, P##_nan_p                                      \
    }
static const ps_exec_fn SETP_TABLE[K_COUNT][C_COUNT] = {
    [K_U16] = ICMP_ROW_P(cmp16, u), [K_S16] = ICMP_ROW_P(cmp16, s),    [K_U32] = ICMP_ROW_P(cmp32, u),
    [K_S32] = ICMP_ROW_P(cmp32, s), [K_U64] = ICMP_ROW_P(cmp64, u),    [K_S64] = ICMP_ROW_P(cmp64, s),
    [K_F32] = FCMP_ROW_P(fcmp32),   [K_F32_FTZ] = FCMP_ROW_P(fcmp32f), [K_F64] = FCMP_ROW_P(fcmp64),
};

enum { B_NONE, B_AND, B_OR, B_XOR };
static inline uint32_t boolop(unsigned op, uint32_t t, uint32_t c) {
    switch (op) {
    case B_AND: return t & c;
    case B_OR: return t | c;
    case B_XOR: return t ^ c;
    default: return t;
    }
}
/* d->cmp_index = row * C_COUNT + column; d->boolop = BoolOp | 0x10 when p is the sink "_". */
static inline uint32_t cmp_run(ps_warp *w, const ps_dinsn *d, int ia, int ib) {
    return CMP_TABLE[d->cmp_index / C_COUNT][d->cmp_index % C_COUNT](w, R(w, d->o[ia]), R(w, d->o[ib]));
}
enum { SETP_SINK_P = 0x10 };

/* setp.CmpOp{.BoolOp}.type p[|q], a, b{, c}: p = BoolOp(t, c), q = BoolOp(!t, c). */
static void h_setp(ps_warp *w, const ps_dinsn *d) {
    uint32_t t = cmp_run(w, d, 2, 3);
    unsigned op = d->boolop & 0xf;
    uint32_t c = op != B_NONE ? read_pred(w, d, 4) : 0;
    if (!(d->boolop & SETP_SINK_P)) write_pred(w, d->o[0], boolop(op, t, c));
    if (d->o[1] != NO_SLOT) write_pred(w, d->o[1], boolop(op, ~t, c));
}
/* set.CmpOp{.BoolOp}.dtype.stype d, a, b{, c}: all ones (u32/s32) or 1.0f (f32), else 0. */
static void set_common(ps_warp *w, const ps_dinsn *d, uint64_t one) {
    uint32_t t = cmp_run(w, d, 1, 2);
    if (d->boolop != B_NONE) t = boolop(d->boolop, t, read_pred(w, d, 3));
    uint64_t r[WARP];
    for (int l = 0; l < WARP; l++) r[l] = (t >> l & 1) ? one : 0;
    blend(w, R(w, d->o[0]), r);
}
static void h_set_int(ps_warp *w, const ps_dinsn *d) { set_common(w, d, 0xffffffffu); }
static void h_set_f32(ps_warp *w, const ps_dinsn *d) { set_common(w, d, 0x3f800000u); }
/* set.CmpOp.f16.stype / .bf16.stype: 1.0 in the destination's format (PTX ISA 9.7.4.5) */
static void h_set_f16(ps_warp *w, const ps_dinsn *d) { set_common(w, d, 0x3c00u); }
static void h_set_bf16(ps_warp *w, const ps_dinsn *d) { set_common(w, d, 0x3f80u); }

/* ==== selection ========================================================================== */

/* 0, 1, 2 for 16-, 32-, 64-bit integer/bit types (and same-size floats); -1 otherwise. */
static int width_index(int type) {
    if (type < 0 || type >= PS_T_COUNT || type == PS_T_PRED) return -1;
    switch (ps_type_size((ps_type)type)) {
    case 2: return 0;
    case 4: return 1;
    case 8: return 2;
    default: return -1;
    }
}
static bool is_signed(int type) { return type >= 0 && type < PS_T_COUNT && ps_type_kind_of((ps_type)type) == TK_SINT; }
static bool is_int(int type) {
    if (type < 0 || type >= PS_T_COUNT) return false;
    ps_type_kind k = ps_type_kind_of((ps_type)type);
    return k == TK_UINT || k == TK_SINT || k == TK_BITS;
}

/* Index of a 16/32/64-bit type in tables ordered {u16, s16, u32, s32, u64, s64}. */
static int us_index(int type) {
    int wi = width_index(type);
    return wi < 0 || !is_int(type) ? -1 : wi * 2 + (is_signed(type) ? 1 : 0);
}

static int cmp_kind(int type, bool ftz) {
    if (type == PS_T_F32) return ftz ? K_F32_FTZ : K_F32;
    if (type == PS_T_F64) return K_F64;
    int i = us_index(type);
    return i; /* K_U16..K_S64 share the us_index order */
}
/* CMP: one comparison (forms.def), mods.def lists the group in C_* order; -1 if none */
static int cmp_op(const ps_insn *in) { return ps_insn_group_index(in, PS_MG_CMP); }
/* BOOL: and or xor, one at most (forms.def): B_AND.. B_XOR, or B_NONE */
static int bool_op(const ps_insn *in) { return ps_insn_group_index(in, PS_MG_BOOL) + 1; }
/* Fills d->cmp_index / d->boolop for set and setp; false if the combination does not exist. */
static bool select_cmp(const ps_insn *in, ps_dinsn *d, int stype, int nsrc_ops) {
    int k = cmp_kind(stype, (d->flags & DF_FTZ) != 0);
    int op = cmp_op(in), b = bool_op(in);
    if (k < 0 || op < 0 || b < 0 || !CMP_TABLE[k][op]) return false;
    /* lo ls hi hs are for unsigned and bit-size values; ptxas rejects them on signed types */
    if (op >= C_LO && op <= C_HS && is_signed(stype)) return false;
    if ((b != B_NONE) != (in->nops == nsrc_ops + 2)) return false; /* BoolOp needs c, and only then */
    if ((d->flags & DF_FTZ) && stype != PS_T_F32) return false;
    d->cmp_index = k * C_COUNT + op;
    d->boolop = (uint8_t)b;
    return true;
}

#define PICK3(tab, wi) ((wi) >= 0 ? (tab)[wi] : NULL)
/* Table indexed by us_index: {u16, s16, u32, s32, u64, s64}. */
#define US6(p) \
    { p##_u16, p##_s16, p##_u32, p##_s32, p##_u64, p##_s64 }

static ps_exec_fn select_add_sub(const ps_insn *in, ps_dinsn *d, bool sub) {
    int t = d->type, wi = width_index(t);
    bool sat = d->flags & DF_SAT, cc = d->flags & DF_CC;
    if (d->nops != 3) return NULL;
    if (t == PS_T_U16X2 || t == PS_T_S16X2) {
        if (sub || cc) return NULL; /* the ISA has no sub.u16x2 / sub.s16x2 */
        if (!sat) return h_add_x2;
        return t == PS_T_U16X2 ? h_add_sat_u16x2 : h_add_sat_s16x2;
    }
    if (!is_int(t) || wi < 0) return NULL;
    if (sat) {
        if (cc) return NULL;
        if (t == PS_T_S32) return sub ? h_sub_sat_s32 : h_add_sat_s32;
        if (t == PS_T_U32 && !sub) return h_add_sat_u32;
        return NULL;
    }
    if (cc) {
        static const ps_exec_fn tab[2][2] = {{h_add_cc32, h_add_cc64}, {h_sub_cc32, h_sub_cc64}};
        return wi >= 1 ? tab[sub][wi - 1] : NULL;
    }
    static const ps_exec_fn tab[2][3] = {{h_add16, h_add32, h_add64}, {h_sub16, h_sub32, h_sub64}};
    return tab[sub][wi];
}

static ps_exec_fn select_addc(const ps_insn *in, ps_dinsn *d, bool sub) {
    int wi = width_index(d->type);
    if (d->nops != 3 || !is_int(d->type) || wi < 1) return NULL;
    static const ps_exec_fn tab[2][2][2] = {{{h_addc32, h_addc64}, {h_addc_cc32, h_addc_cc64}},
                                            {{h_subc32, h_subc64}, {h_subc_cc32, h_subc_cc64}}};
    return tab[sub][(d->flags & DF_CC) != 0][wi - 1];
}

static ps_exec_fn select_mul_mad(const ps_insn *in, ps_dinsn *d, bool mad) {
    int t = d->type, i = us_index(t);
    bool hi = d->flags & DF_HI, wide = d->flags & DF_WIDE, sat = d->flags & DF_SAT;
    bool cc = d->flags & DF_CC;
    if (i < 0 || d->nops != (mad ? 4 : 3) || hi + wide + ((d->flags & DF_LO) != 0) > 1) return NULL;
    if (!mad && (sat || cc)) return NULL;
    if (sat) return (hi && t == PS_T_S32 && !cc) ? h_mad_hi_sat_s32 : NULL;
    if (cc) {
        if (wide || i < 2) return NULL;
        static const ps_exec_fn lo[2] = {h_mad_lo_cc32, h_mad_lo_cc64};
        static const ps_exec_fn his[4] = {h_mad_hi_cc_u32, h_mad_hi_cc_s32, h_mad_hi_cc_u64, h_mad_hi_cc_s64};
        return hi ? his[i - 2] : lo[i / 2 - 1];
    }
    if (wide && i >= 2 && i < 4) { /* .u32 / .s32: one vpmul[u]dq per 4 lanes with AVX2 */
        ps_exec_fn f = ps_int_avx2_mul(mad ? (i == 3 ? PS_AVX2_MAD_WIDE_S32 : PS_AVX2_MAD_WIDE_U32)
                                           : (i == 3 ? PS_AVX2_MUL_WIDE_S32 : PS_AVX2_MUL_WIDE_U32));
        if (f) return f;
    }
    if (wide) {
        static const ps_exec_fn mw[4] = {h_mul_wide_u16, h_mul_wide_s16, h_mul_wide_u32, h_mul_wide_s32};
        static const ps_exec_fn aw[4] = {h_mad_wide_u16, h_mad_wide_s16, h_mad_wide_u32, h_mad_wide_s32};
        return i < 4 ? (mad ? aw : mw)[i] : NULL;
    }
    if (hi) {
        static const ps_exec_fn mh[6] = {h_mul_hi_u16, h_mul_hi_s16, h_mul_hi_u32,
                                         h_mul_hi_s32, h_mul_hi_u64, h_mul_hi_s64};
        static const ps_exec_fn ah[6] = {h_mad_hi_u16, h_mad_hi_s16, h_mad_hi_u32,
                                         h_mad_hi_s32, h_mad_hi_u64, h_mad_hi_s64};
        return (mad ? ah : mh)[i];
    }
    /* .lo (also taken when no mode is written) */
    if (i / 2 == 1) {
        ps_exec_fn f = ps_int_avx2_mul(mad ? PS_AVX2_MAD_LO32 : PS_AVX2_MUL_LO32);
        if (f) return f;
    }
    static const ps_exec_fn ml[3] = {h_mul_lo16, h_mul_lo32, h_mul_lo64};
    static const ps_exec_fn al[3] = {h_mad_lo16, h_mad_lo32, h_mad_lo64};
    return (mad ? al : ml)[i / 2];
}

static ps_exec_fn select_madc(const ps_insn *in, ps_dinsn *d) {
    int i = us_index(d->type);
    bool hi = d->flags & DF_HI, cc = d->flags & DF_CC;
    if (i < 2 || d->nops != 4 || (d->flags & (DF_WIDE | DF_SAT))) return NULL;
    static const ps_exec_fn lo[2][2] = {{h_madc_lo32, h_madc_lo64}, {h_madc_lo_cc32, h_madc_lo_cc64}};
    static const ps_exec_fn his[2][4] = {{h_madc_hi_u32, h_madc_hi_s32, h_madc_hi_u64, h_madc_hi_s64},
                                         {h_madc_hi_cc_u32, h_madc_hi_cc_s32, h_madc_hi_cc_u64, h_madc_hi_cc_s64}};
    return hi ? his[cc][i - 2] : lo[cc][i / 2 - 1];
}

static ps_exec_fn select_24(const ps_insn *in, ps_dinsn *d, bool mad) {
    int t = d->type;
    bool hi = d->flags & DF_HI, sat = d->flags & DF_SAT, s = t == PS_T_S32;
    if ((t != PS_T_U32 && t != PS_T_S32) || d->nops != (mad ? 4 : 3)) return NULL;
    if (sat) return (mad && hi && s) ? h_mad24_hi_sat_s : NULL;
    if (!mad) return hi ? (s ? h_mul24_hi_s : h_mul24_hi_u) : (s ? h_mul24_lo_s : h_mul24_lo_u);
    return hi ? (s ? h_mad24_hi_s : h_mad24_hi_u) : (s ? h_mad24_lo_s : h_mad24_lo_u);
}

static ps_exec_fn select_minmax(const ps_insn *in, ps_dinsn *d, bool max) {
    int t = d->type;
    bool relu = d->flags & DF_RELU;
    if (d->nops != 3) return NULL;
    if (t == PS_T_U16X2) return relu ? NULL : max ? h_max_u16x2 : h_min_u16x2;
    if (t == PS_T_S16X2) return relu ? (max ? h_max_relu_s16x2 : h_min_relu_s16x2) : (max ? h_max_s16x2 : h_min_s16x2);
    if (relu) return t == PS_T_S32 ? (max ? h_max_relu_s32 : h_min_relu_s32) : NULL;
    static const ps_exec_fn mn[6] = US6(h_min), mx[6] = US6(h_max);
    int i = us_index(t);
    return i < 0 ? NULL : (max ? mx : mn)[i];
}

static ps_exec_fn select_logic(const ps_insn *in, ps_dinsn *d) {
    int t = d->type, wi = width_index(t);
    static const ps_exec_fn and_[3] = {h_and16, h_and32, h_and64}, or_[3] = {h_or16, h_or32, h_or64},
                            xor_[3] = {h_xor16, h_xor32, h_xor64}, not_[3] = {h_not16, h_not32, h_not64},
                            cnot[3] = {h_cnot16, h_cnot32, h_cnot64};
    bool pred = t == PS_T_PRED, unary = in->form == PS_F_NOT || in->form == PS_F_CNOT;
    if (d->nops != (unary ? 2 : 3) || (!pred && wi < 0)) return NULL;
    switch (in->form) {
    case PS_F_AND: return pred ? h_and_pred : and_[wi];
    case PS_F_OR: return pred ? h_or_pred : or_[wi];
    case PS_F_XOR: return pred ? h_xor_pred : xor_[wi];
    case PS_F_NOT: return pred ? h_not_pred : not_[wi];
    case PS_F_CNOT: return pred ? NULL : cnot[wi];
    default: return NULL;
    }
}

static ps_exec_fn select_shift(const ps_insn *in, ps_dinsn *d) {
    int t = d->type, wi = width_index(t);
    if (d->nops != 3 || wi < 0 || !is_int(t)) return NULL;
    static const ps_exec_fn shl[3] = {h_shl16, h_shl32, h_shl64};
    static const ps_exec_fn shru[3] = {h_shr_u16, h_shr_u32, h_shr_u64};
    static const ps_exec_fn shrs[3] = {h_shr_s16, h_shr_s32, h_shr_s64};
    if (in->form == PS_F_SHL) return shl[wi];
    return is_signed(t) ? shrs[wi] : shru[wi];
}

/* mov.v2 / mov.v4 {d...}, {a...}: every element, all sources read before any destination is
 * written (mov.v2.u32 V, {V.y, V.x} swaps). d->nitems: elements; d->item_bits: element bits. */
static void h_mov_vec(ps_warp *w, const ps_dinsn *d) {
    int n = d->nitems;
    uint64_t mask = d->item_bits == 64 ? ~0ull : (1ull << d->item_bits) - 1;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t v[4];
        for (int i = 0; i < n; i++) v[i] = R(w, d->o[n + i])[l] & mask;
        for (int i = 0; i < n; i++) R(w, d->o[i])[l] = v[i];
    }
}

static ps_exec_fn select_mov(const ps_insn *in, ps_dinsn *d) {
    int t = d->type;
    if (d->vec > 1) {
        int n = d->vec, bits = ps_type_size((ps_type)t) * 8;
        if (n > 4 || d->nops != 2 * n || bits < 16) return NULL;
        d->nitems = n;
        d->item_bits = (uint8_t)bits;
        return h_mov_vec;
    }
    if (t == PS_T_PRED) {
        if (in->nops != 2 || d->nops != 2) return NULL;
        if (in->ops[1].kind == PS_OP_IMM) {
            d->imm = in->ops[1].imm != 0;
            return h_mov_pred_imm;
        }
        if (in->ops[1].kind == PS_OP_SREG) return h_mov_pred_sreg;
        return in->ops[1].kind == PS_OP_REG ? h_mov_pred : NULL;
    }
    int wi = width_index(t);
    if (wi < 0 || in->nops != 2) return NULL;
    unsigned bits = 16u << wi;
    for (int side = 0; side < 2; side++) {
        const ps_operand *v = &in->ops[side];
        if (v->kind != PS_OP_VEC) continue;
        if (in->ops[1 - side].kind == PS_OP_VEC) return NULL;
        unsigned n = (unsigned)v->nitems;
        if (n < 2 || bits % n || bits / n < 8 || d->nops != n + 1) return NULL;
        d->item_bits = (uint8_t)(bits / n);
        d->nitems = (int32_t)n;
        return side == 1 ? h_mov_pack : h_mov_unpack;
    }
    if (d->nops != 2) return NULL;
    static const ps_exec_fn mov[3] = {h_mov16, h_mov32, h_mov64};
    return mov[wi];
}

static ps_exec_fn select_bits(const ps_insn *in, ps_dinsn *d) {
    int t = d->type, wi = width_index(t), i = us_index(t);
    int cw = ps_insn_group_index(in, PS_MG_CLAMP); /* CLAMP, one at most: .clamp 0, .wrap 1, none -1 */
    bool clamp = cw == 0;
    switch (in->form) {
    case PS_F_POPC: return d->nops == 2 && wi >= 1 ? (wi == 1 ? h_popc32 : h_popc64) : NULL;
    case PS_F_CLZ: return d->nops == 2 && wi >= 1 ? (wi == 1 ? h_clz32 : h_clz64) : NULL;
    case PS_F_BREV: return d->nops == 2 && wi >= 1 ? (wi == 1 ? h_brev32 : h_brev64) : NULL;
    case PS_F_BFIND: {
        static const ps_exec_fn f[2][4] = {{h_bfind_u32, h_bfind_s32, h_bfind_u64, h_bfind_s64},
                                           {h_bfind_sa_u32, h_bfind_sa_s32, h_bfind_sa_u64, h_bfind_sa_s64}};
        return d->nops == 2 && i >= 2 ? f[ps_insn_mod(in, PS_MOD_SHIFTAMT)][i - 2] : NULL;
    }
    case PS_F_FNS: return d->nops == 4 && wi == 1 ? h_fns : NULL;
    case PS_F_BFE: {
        static const ps_exec_fn f[4] = {h_bfe_u32, h_bfe_s32, h_bfe_u64, h_bfe_s64};
        return d->nops == 4 && i >= 2 ? f[i - 2] : NULL;
    }
    case PS_F_BFI: return d->nops == 5 && wi >= 1 ? (wi == 1 ? h_bfi32 : h_bfi64) : NULL;
    case PS_F_SZEXT:
        if (d->nops != 3 || cw < 0 || (t != PS_T_U32 && t != PS_T_S32)) return NULL;
        if (t == PS_T_S32) return clamp ? h_szext_clamp_s : h_szext_wrap_s;
        return clamp ? h_szext_clamp_u : h_szext_wrap_u;
    case PS_F_BMSK:
        if (d->nops != 3 || cw < 0) return NULL;
        return clamp ? h_bmsk_clamp : h_bmsk_wrap;
    case PS_F_SHF: {
        bool l = ps_insn_mod(in, PS_MOD_L), r = ps_insn_mod(in, PS_MOD_R);
        if (d->nops != 4 || l == r || cw < 0) return NULL;
        return l ? (clamp ? h_shf_l_clamp : h_shf_l_wrap) : (clamp ? h_shf_r_clamp : h_shf_r_wrap);
    }
    case PS_F_LOP3:
        if (d->nops != 5 || in->nops != 5 || in->ops[4].kind != PS_OP_IMM) return NULL;
        d->imm = (int64_t)(in->ops[4].imm & 0xff);
        return h_lop3;
    case PS_F_PRMT: {
        if (d->nops != 4) return NULL;
        int found = ps_insn_group_index(in, PS_MG_PERMUTE); /* one at most, in PRMT_MODES' order */
        if (found < 0) return h_prmt;
        d->prmt_mode = (uint8_t)found;
        return h_prmt_mode;
    }
    default: return NULL;
    }
}

static ps_exec_fn select_select(const ps_insn *in, ps_dinsn *d) {
    int wi = width_index(d->type);
    if (wi < 0 || d->nops != 4) return NULL;
    if (in->form == PS_F_SELP) {
        static const ps_exec_fn f[3] = {h_selp16, h_selp32, h_selp64};
        return f[wi];
    }
    /* slct.dtype.ctype: ctype (.s32 or .f32) is the second type */
    static const ps_exec_fn fs[3] = {h_slct16_s32, h_slct32_s32, h_slct64_s32};
    static const ps_exec_fn ff[3] = {h_slct16_f32, h_slct32_f32, h_slct64_f32};
    static const ps_exec_fn fz[3] = {h_slct16_f32_ftz, h_slct32_f32_ftz, h_slct64_f32_ftz};
    if (d->type2 == PS_T_S32) return (d->flags & DF_FTZ) ? NULL : fs[wi];
    if (d->type2 == PS_T_F32) return ((d->flags & DF_FTZ) ? fz : ff)[wi];
    return NULL;
}

ps_exec_fn ps_select_int(const ps_insn *in, ps_dinsn *d) {
    int i = us_index(d->type), wi = width_index(d->type);
    switch (in->form) {
    case PS_F_ADD_INT: return select_add_sub(in, d, false);
    case PS_F_SUB_INT: return select_add_sub(in, d, true);
    case PS_F_ADDC: return select_addc(in, d, false);
    case PS_F_SUBC: return select_addc(in, d, true);
    case PS_F_MUL_INT: return select_mul_mad(in, d, false);
    case PS_F_MAD_INT: return select_mul_mad(in, d, true);
    case PS_F_MADC: return select_madc(in, d);
    case PS_F_MUL24: return select_24(in, d, false);
    case PS_F_MAD24: return select_24(in, d, true);
    case PS_F_SAD: {
        static const ps_exec_fn f[6] = US6(h_sad);
        return i >= 0 && d->nops == 4 ? f[i] : NULL;
    }
    case PS_F_DIV_INT: {
        static const ps_exec_fn f[6] = US6(h_div);
        return i >= 0 && d->nops == 3 ? f[i] : NULL;
    }
    case PS_F_REM: {
        static const ps_exec_fn f[6] = US6(h_rem);
        return i >= 0 && d->nops == 3 ? f[i] : NULL;
    }
    case PS_F_ABS_INT: {
        static const ps_exec_fn f[3] = {h_abs16, h_abs32, h_abs64};
        return is_signed(d->type) && wi >= 0 && d->nops == 2 ? f[wi] : NULL;
    }
    case PS_F_NEG_INT: {
        static const ps_exec_fn f[3] = {h_neg16, h_neg32, h_neg64};
        return is_signed(d->type) && wi >= 0 && d->nops == 2 ? f[wi] : NULL;
    }
    case PS_F_MIN_INT: return select_minmax(in, d, false);
    case PS_F_MAX_INT: return select_minmax(in, d, true);
    case PS_F_POPC:
    case PS_F_CLZ:
    case PS_F_BFIND:
    case PS_F_FNS:
    case PS_F_BREV:
    case PS_F_BFE:
    case PS_F_BFI:
    case PS_F_BMSK:
    case PS_F_SZEXT:
    case PS_F_SHF:
    case PS_F_LOP3:
    case PS_F_PRMT: return select_bits(in, d);
    case PS_F_AND:
    case PS_F_OR:
    case PS_F_XOR:
    case PS_F_NOT:
    case PS_F_CNOT: return select_logic(in, d);
    case PS_F_SHL:
    case PS_F_SHR: return select_shift(in, d);
    case PS_F_MOV: return select_mov(in, d);
    case PS_F_SELP:
    case PS_F_SLCT: return select_select(in, d);
    case PS_F_SETP:
        if (d->nops < 4 || !select_cmp(in, d, d->type, 2)) return NULL;
        if (in->ops[0].kind == PS_OP_SINK) d->boolop |= SETP_SINK_P;
        if (d->boolop == B_NONE && d->o[1] == NO_SLOT) { /* p = a op b: one call, no table */
            int k = d->cmp_index / C_COUNT, op = d->cmp_index % C_COUNT;
            ps_exec_fn f = k <= K_S32 ? ps_int_avx2_setp(k < K_U32 ? 16 : 32, k == K_S16 || k == K_S32, op) : NULL;
            return f ? f : SETP_TABLE[k][op];
        }
        return h_setp;
    case PS_F_SET: {
        int dt = d->type, st = in->ntypes >= 2 ? in->types[in->ntypes - 1] : PS_T_NONE;
        if (st == PS_T_F16 || st == PS_T_BF16 || st == PS_T_F16X2 || st == PS_T_BF16X2)
            return ps_select_half_set(in, d); /* half-precision sources: exec_half.c */
        if (d->nops < 3 || !select_cmp(in, d, st, 2)) return NULL;
        if (dt == PS_T_U32 || dt == PS_T_S32) return h_set_int;
        if (dt == PS_T_F16) return h_set_f16;
        if (dt == PS_T_BF16) return h_set_bf16;
        return dt == PS_T_F32 ? h_set_f32 : NULL;
    }
    default: return NULL;
    }
}
