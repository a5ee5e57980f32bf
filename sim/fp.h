/* fp.h — bit-exact floating-point semantics of the PTX floating-point and cvt instructions.
 *
 * Every function here is pure: no globals, no allocation, values in and out as raw bits
 * (uint16_t for f16/bf16, uint32_t for f32/tf32, uint64_t for f64) so that NaN payloads and
 * signed zeros survive. docs/numerics.md explains the rules and lists the assumptions that
 * still have to be confirmed on a GPU.
 *
 * Rounding-mode API choice
 * ------------------------
 * IEEE-rounded arithmetic (add/sub/mul/fma/div/sqrt/rcp) runs on the host's SSE unit under
 * fesetround(). Switching the host mode costs far more than one operation, so each of these
 * operations comes in two forms:
 *
 *   ps_f32_add(a, b, rnd, ftz, sat)              one value; switches the mode and restores it
 *   ps_f32_add_n(d, a, b, n, rnd, ftz, sat)      n lanes with ONE mode switch (use this for a
 *                                                warp: n = 32, compute every lane, then write
 *                                                back only the active ones)
 *
 * In the _n forms d may alias any input array (lane i is read before it is written). The host
 * rounding mode is always restored before returning, so callers never see it change.
 * There are deliberately no inline per-lane operations in this header: FP code that depends on
 * the dynamic rounding mode must be compiled with -frounding-math, which only fp.c is.
 *
 * PTX has no .rna arithmetic; the arithmetic functions treat PS_RND_RNA like PS_RND_RN.
 * PS_RND_RNA is meaningful only for ps_cvt (cvt.rna.tf32.f32 and friends).
 */
#ifndef PTXSIM_FP_H
#define PTXSIM_FP_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { PS_RND_RN, PS_RND_RZ, PS_RND_RM, PS_RND_RP, PS_RND_RNA } ps_rnd;

/* NaN encodings the simulator produces (see docs/numerics.md, "NaN rules"). */
#define PS_F32_CANON_NAN   0x7fffffffu           /* f32 NaN results of arithmetic, approximations, most cvt */
#define PS_F16_CANON_NAN   0x7fffu               /* f16 NaN results of cvt from f32/bf16 (measured on H200) */
#define PS_BF16_CANON_NAN  0x7fffu               /* bf16 NaN results of cvt from f32/f16 (measured on H200) */
#define PS_TF32_CANON_NAN  0x7fffe000u           /* cvt.rn/.rz{.relu}.tf32.f32 of a NaN (H200) */
#define PS_F64_DEFAULT_NAN 0xfff8000000000000ull /* f64 NaN made from non-NaN inputs (H200) */
#define PS_F64_APPROX_NAN  0x7fffffff00000000ull /* rcp/rsqrt.approx.ftz.f64 (PTX 9.7.3.14/17) */

/* ---- host rounding-mode scope ----------------------------------------------------------- */
/* Sets the host rounding mode to r (RNA maps to nearest-even) and returns the previous mode,
 * to be handed to ps_fp_round_end. The batch functions below do this themselves. */
typedef struct {
    int saved;
} ps_fp_env;
ps_fp_env ps_fp_round_begin(ps_rnd r);
void ps_fp_round_end(ps_fp_env env);

/* ---- IEEE-rounded arithmetic, f32 (ftz: flush subnormal inputs, and results that are tiny
 * with tininess detected after rounding, to sign-preserving zero; sat: clamp to [+0.0, 1.0],
 * NaN -> +0.0) ------------------------------------------------------------------------------ */
uint32_t ps_f32_add(uint32_t a, uint32_t b, ps_rnd r, bool ftz, bool sat);
uint32_t ps_f32_sub(uint32_t a, uint32_t b, ps_rnd r, bool ftz, bool sat);
uint32_t ps_f32_mul(uint32_t a, uint32_t b, ps_rnd r, bool ftz, bool sat);
uint32_t ps_f32_fma(uint32_t a, uint32_t b, uint32_t c, ps_rnd r, bool ftz, bool sat); /* a*b+c */
uint32_t ps_f32_div(uint32_t a, uint32_t b, ps_rnd r, bool ftz);
uint32_t ps_f32_sqrt(uint32_t a, ps_rnd r, bool ftz);
uint32_t ps_f32_rcp(uint32_t a, ps_rnd r, bool ftz);

void ps_f32_add_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r, bool ftz, bool sat);
void ps_f32_sub_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r, bool ftz, bool sat);
void ps_f32_mul_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r, bool ftz, bool sat);
void ps_f32_fma_n(uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c, int n, ps_rnd r, bool ftz,
                  bool sat);
void ps_f32_div_n(uint32_t *d, const uint32_t *a, const uint32_t *b, int n, ps_rnd r, bool ftz);
void ps_f32_sqrt_n(uint32_t *d, const uint32_t *a, int n, ps_rnd r, bool ftz);
void ps_f32_rcp_n(uint32_t *d, const uint32_t *a, int n, ps_rnd r, bool ftz);

/* ---- IEEE-rounded arithmetic, f64 (PTX has no .ftz/.sat for f64). A NaN result is the
 * highest-priority NaN operand, quieted: add/sub/mul b then a; fma b, c, a; div a then b
 * (measured on H200) -------------------------------------------------------------------- */
uint64_t ps_f64_add(uint64_t a, uint64_t b, ps_rnd r);
uint64_t ps_f64_sub(uint64_t a, uint64_t b, ps_rnd r);
uint64_t ps_f64_mul(uint64_t a, uint64_t b, ps_rnd r);
uint64_t ps_f64_fma(uint64_t a, uint64_t b, uint64_t c, ps_rnd r);
uint64_t ps_f64_div(uint64_t a, uint64_t b, ps_rnd r);
uint64_t ps_f64_sqrt(uint64_t a, ps_rnd r);
uint64_t ps_f64_rcp(uint64_t a, ps_rnd r);

void ps_f64_add_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r);
void ps_f64_sub_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r);
void ps_f64_mul_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r);
void ps_f64_fma_n(uint64_t *d, const uint64_t *a, const uint64_t *b, const uint64_t *c, int n, ps_rnd r);
void ps_f64_div_n(uint64_t *d, const uint64_t *a, const uint64_t *b, int n, ps_rnd r);
void ps_f64_sqrt_n(uint64_t *d, const uint64_t *a, int n, ps_rnd r);
void ps_f64_rcp_n(uint64_t *d, const uint64_t *a, int n, ps_rnd r);

/* ---- min / max (PTX 9.7.3.11-12) ---------------------------------------------------------
 * nan: the .NaN variant (any NaN input -> canonical NaN); xorsign_abs: .xorsign.abs (magnitude
 * min/max of |a|,|b|, sign = sign(a)^sign(b), ignored when the result is NaN). The three-input
 * forms take .abs but not .xorsign. */
uint32_t ps_f32_min(uint32_t a, uint32_t b, bool ftz, bool nan, bool xorsign_abs);
uint32_t ps_f32_max(uint32_t a, uint32_t b, bool ftz, bool nan, bool xorsign_abs);
uint32_t ps_f32_min3(uint32_t a, uint32_t b, uint32_t c, bool ftz, bool nan, bool abs);
uint32_t ps_f32_max3(uint32_t a, uint32_t b, uint32_t c, bool ftz, bool nan, bool abs);
uint64_t ps_f64_min(uint64_t a, uint64_t b); /* two NaNs: b, quieted (measured on H200) */
uint64_t ps_f64_max(uint64_t a, uint64_t b);

/* ---- abs / neg / copysign / testp (PTX 9.7.3.1, 9.7.3.2, 9.7.3.9, 9.7.3.10) -------------- */
uint32_t ps_f32_abs(uint32_t a, bool ftz);
uint32_t ps_f32_neg(uint32_t a, bool ftz);
uint64_t ps_f64_abs(uint64_t a);                  /* NaN: a with the quiet bit set, sign kept (measured on H200) */
uint64_t ps_f64_neg(uint64_t a);                  /* NaN: a with the quiet bit set, sign kept (measured on H200) */
uint32_t ps_f32_copysign(uint32_t a, uint32_t b); /* copysign.f32 d, a, b: |b| with sign of a */
uint64_t ps_f64_copysign(uint64_t a, uint64_t b);

typedef enum {
    PS_TESTP_FINITE,
    PS_TESTP_INFINITE,
    PS_TESTP_NUMBER,
    PS_TESTP_NOTANUMBER,
    PS_TESTP_NORMAL,   /* normal or zero (PTX counts +-0 as normal) */
    PS_TESTP_SUBNORMAL /* nonzero subnormal */
} ps_testp_op;
bool ps_f32_testp(ps_testp_op op, uint32_t a);
bool ps_f64_testp(ps_testp_op op, uint64_t a);

/* ---- approximate instructions (PTX 9.7.3.8, 9.7.3.13-22) ---------------------------------
 * rcp, div.approx, div.full, ex2, rsqrt, sqrt (f32) and rcp/rsqrt.approx{.ftz}.f64 follow the
 * H200's instruction sequences around a model of its MUFU unit and give the hardware's bits for
 * every input measured (all 2^32 f32 inputs; docs/numerics.md section 7). sin/cos reproduce the
 * hardware's argument reduction exactly, not yet its quadrant table; lg2 and tanh (f32) are
 * computed in double precision and rounded to nearest, well inside the ISA's bounds but not the
 * GPU's bits. None depends on the host rounding mode. */
uint32_t ps_f32_rcp_approx(uint32_t a, bool ftz);
uint32_t ps_f32_sqrt_approx(uint32_t a, bool ftz);
uint32_t ps_f32_rsqrt_approx(uint32_t a, bool ftz);
uint32_t ps_f32_div_approx(uint32_t a, uint32_t b, bool ftz);
uint32_t ps_f32_div_full(uint32_t a, uint32_t b, bool ftz);
/* div.full (full) / div.approx quotient of a, b contracted into an add of c (neg: c - q) */
uint32_t ps_f32_div_fma(uint32_t a, uint32_t b, uint32_t c, bool full, bool ftz, bool sat, bool neg);
uint32_t ps_f32_ex2_approx(uint32_t a, bool ftz);
uint32_t ps_f32_lg2_approx(uint32_t a, bool ftz);
uint32_t ps_f32_sin_approx(uint32_t a, bool ftz);
uint32_t ps_f32_cos_approx(uint32_t a, bool ftz);
uint32_t ps_f32_tanh_approx(uint32_t a);
uint64_t ps_f64_rsqrt_approx(uint64_t a);     /* rsqrt.approx.f64 */
uint64_t ps_f64_rsqrt_approx_ftz(uint64_t a); /* rsqrt.approx.ftz.f64 (upper word only) */
uint64_t ps_f64_rcp_approx_ftz(uint64_t a);   /* rcp.approx.ftz.f64 (upper word only) */

/* ---- cvt (PTX 9.7.9.21) ------------------------------------------------------------------
 * d = ps_cvt(dtype, atype, a, r, flags) for cvt{.rnd}{flags}.dtype.atype d, a.
 *  - a holds the source in its low bits (8/16/32/64 wide; higher bits are ignored); integers
 *    are sign- or zero-extended according to atype.
 *  - the result is returned in the low bits of the destination width, zero-extended (a signed
 *    8-bit -1 comes back as 0xff; widening to a register is the caller's business).
 *  - r is the rounding: for float->int and for PS_CVT_INTEGRAL it is the integer rounding
 *    (.rni=RN .rzi=RZ .rmi=RM .rpi=RP); for int->float and narrowing float->float it is the
 *    floating-point rounding (.rn .rz .rm .rp .rna); it is ignored where the result is exact.
 *  - tf32 results are in f32 layout with the 13 low mantissa bits zero.
 * Integer destinations always saturate (PTX: float-to-int clamps by default); NaN -> 0, or
 * 1 << (width-1) when the source is .f64 or the destination is 64-bit (ISA "Integer Notes"). */
typedef enum {
    PS_CVT_U8,
    PS_CVT_U16,
    PS_CVT_U32,
    PS_CVT_U64,
    PS_CVT_S8,
    PS_CVT_S16,
    PS_CVT_S32,
    PS_CVT_S64,
    PS_CVT_F16,
    PS_CVT_BF16,
    PS_CVT_TF32,
    PS_CVT_F32,
    PS_CVT_F64
} ps_cvt_type;

enum {
    PS_CVT_FTZ = 1u << 0,       /* .ftz: flush f32 subnormal inputs and f32 subnormal results */
    PS_CVT_SAT = 1u << 1,       /* .sat: float dest clamps to [0,1] (NaN -> +0); int -> int clamps */
    PS_CVT_RELU = 1u << 2,      /* .relu: negative (incl. -0.0) -> +0.0, NaN -> canonical NaN */
    PS_CVT_SATFINITE = 1u << 3, /* .satfinite: +-Inf / overflow -> +-MAX_NORM, NaN stays NaN */
    PS_CVT_INTEGRAL = 1u << 4   /* same-size float->float rounded to an integral value (.rni..) */
};

uint64_t ps_cvt(ps_cvt_type dtype, ps_cvt_type atype, uint64_t a, ps_rnd r, unsigned flags);

/* Width in bits of a cvt type (tf32: 32). */
int ps_cvt_type_bits(ps_cvt_type t);

#endif
