/* mma_model.h — the arithmetic of one tensor-core dot product, d = c + Σ a_k·b_k, as the
 * H200 computes it (measured: docs/tensor-cores.md). Pure functions on element bit patterns;
 * no simulator state, so the fitting tool and the unit tests call them directly. */
#ifndef PTXSIM_MMA_MODEL_H
#define PTXSIM_MMA_MODEL_H

#include <stdint.h>

/* Element formats of tensor-core operands. */
typedef enum { MF_F16, MF_BF16, MF_TF32, MF_F32, MF_F64, MF_E4M3, MF_E5M2 } mma_fmt;

/* How a floating-point dot product is accumulated (see docs/tensor-cores.md):
 * the products (exact) and c are aligned to the largest exponent among them, where a product
 * counts with ea + eb (its inputs' exponents) and c with its own exponent; every term is cut
 * toward zero at 2^(Emax - frac_bits); the cut terms are added exactly and the sum is rounded
 * to the output format toward zero. With `group` < k, the products are taken `group` at a
 * time, each group's result (rounded to f32 toward zero) being the c of the next. */
typedef struct {
    int frac_bits; /* F: bits kept below the largest exponent */
    int group;     /* products per pass (k when 0) */
    int out_rn;    /* 1: the final result is rounded to nearest even instead of toward zero */
    int ovf_inf;   /* 1: a sum beyond the output format's range becomes inf (else its max) */
    int term_rn;   /* 1: terms are rounded to nearest at the cut instead of truncated */
    int out_frac;  /* >0: the f32 result keeps only this many fraction bits (cut toward zero) */
    int norm_exp;  /* 1: a product counts with the exponent of its value (ea + eb, plus one when
                      * the significands' product is 2 or more) instead of ea + eb */
} mma_acc_model;

/* The model the H200 follows for inputs of format `in` (f16, bf16, tf32, e4m3, e5m2) with k
 * products per output element. */
mma_acc_model mma_model_for(mma_fmt in, int k);

/* One output element: c (format cf: MF_F32 or MF_F16) plus the k products of a[i]·b[i] (formats
 * af, bf). Returns the result's bits in format df (MF_F32 or MF_F16). */
uint32_t mma_dot_float(mma_acc_model m, mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, mma_fmt cf,
                       uint32_t c, mma_fmt df);

/* e4m3/e5m2 m16n8k16 or m16n8k32 (f32 accumulator), which sm_90 runs as two f16 HMMA passes
 * (k%4 < 2, then the rest) plus an f32 add of c. */
uint32_t mma_dot_fp8(mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, uint32_t c);

/* e4m3/e5m2 m16n8k16 or m16n8k32 with an .f16 accumulator: two HMMA.F16 passes (each rounded
 * to f16) from zero, then an f16 add of c (HADD2). */
uint32_t mma_dot_fp8_f16(mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, uint32_t c);

/* wgmma.mma_async with e4m3/e5m2 inputs (k = 32): c of format df (f32 or f16) plus the products,
 * result in df, as the H200 computes it. */
uint32_t mma_dot_wgmma_fp8(mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, mma_fmt df, uint32_t c);

/* m8n8k4 .f16 (four products), which sm_90 runs on the FMA units: c of format cf (f16 or
 * f32), result of format df. */
uint32_t mma_dot_884(const uint32_t *a, const uint32_t *b, mma_fmt cf, uint32_t c, mma_fmt df);

/* f64 m8n8k4: d = c + Σ a_k·b_k as the H200's DMMA does it. */
uint64_t mma_dot_f64(const uint64_t *a, const uint64_t *b, int k, uint64_t c);

#endif
