/* fp_half.h — bit-exact semantics of the PTX half-precision instructions (f16, bf16 and their x2
 * forms: ISA 9.7.4) and of the fp8 conversions (e4m3, e5m2: ISA 9.7.9.21). Pure functions on
 * raw bits, like fp.h; a packed x2 operation is the scalar one on each 16-bit half, done by the
 * caller. docs/numerics.md section 11 lists the rules and what was measured on the H200. */
#ifndef PTXSIM_FP_HALF_H
#define PTXSIM_FP_HALF_H

#include <stdbool.h>
#include <stdint.h>

#include "fp.h"

typedef enum { PS_HALF_F16, PS_HALF_BF16 } ps_half_fmt;

/* Modifier flags of the half arithmetic. */
enum {
    PS_HALF_FTZ = 1u << 0,     /* .ftz (f16 only): flush subnormal inputs and tiny results */
    PS_HALF_SAT = 1u << 1,     /* .sat: clamp to [+0.0, 1.0], NaN -> +0.0 */
    PS_HALF_RELU = 1u << 2,    /* .relu: negative (incl. -0.0) -> +0.0, NaN -> canonical NaN */
    PS_HALF_NAN = 1u << 3,     /* min/max .NaN: any NaN input -> canonical NaN */
    PS_HALF_XORSIGN = 1u << 4, /* min/max .xorsign.abs */
    PS_HALF_OOB = 1u << 5      /* fma .oob: an out-of-bounds NaN operand gives +0.0 */
};

#define PS_HALF_CANON_NAN 0x7fffu /* NaN result of half arithmetic (f16 and bf16) */

/* IEEE round-to-nearest-even arithmetic (PTX has only .rn for the half types). */
uint16_t ps_half_add(ps_half_fmt f, uint16_t a, uint16_t b, unsigned flags);
uint16_t ps_half_sub(ps_half_fmt f, uint16_t a, uint16_t b, unsigned flags);
uint16_t ps_half_mul(ps_half_fmt f, uint16_t a, uint16_t b, unsigned flags);
uint16_t ps_half_fma(ps_half_fmt f, uint16_t a, uint16_t b, uint16_t c, unsigned flags);

uint16_t ps_half_neg(ps_half_fmt f, uint16_t a, unsigned flags);
uint16_t ps_half_abs(ps_half_fmt f, uint16_t a, unsigned flags);
uint16_t ps_half_min(ps_half_fmt f, uint16_t a, uint16_t b, unsigned flags);
uint16_t ps_half_max(ps_half_fmt f, uint16_t a, uint16_t b, unsigned flags);

/* setp on half values: a NaN test and an ordering key (-0 == +0; .ftz: subnormals are 0). */
bool ps_half_is_nan(ps_half_fmt f, uint16_t a);
int32_t ps_half_key(ps_half_fmt f, uint16_t a, bool ftz);

/* ex2.approx{.ftz} and tanh.approx on half values (docs/numerics.md 11.4). */
uint16_t ps_half_ex2_approx(ps_half_fmt f, uint16_t a);
uint16_t ps_half_tanh_approx(ps_half_fmt f, uint16_t a);

/* ---- fp8 (cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.{f32,f16x2}, cvt.rn{.relu}.f16x2.*) ---- */
typedef enum { PS_FP8_E4M3, PS_FP8_E5M2 } ps_fp8_fmt;
uint8_t ps_fp8_from_f32(ps_fp8_fmt f, uint32_t a, bool relu); /* .rn.satfinite */
uint8_t ps_fp8_from_f16(ps_fp8_fmt f, uint16_t a, bool relu); /* .rn.satfinite */
uint16_t ps_fp8_to_f16(ps_fp8_fmt f, uint8_t a, bool relu);   /* exact */

#endif
