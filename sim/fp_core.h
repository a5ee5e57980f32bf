/* fp_core.h — fp.c's exact rounding core, shared with fp_half.c (not a public interface). */
#ifndef PTXSIM_FP_CORE_H
#define PTXSIM_FP_CORE_H

#include "fp.h"

/* Rounds (-1)^neg * sig * 2^exp (sig != 0) to the binary format with ebits exponent and mbits
 * stored mantissa bits under r, with gradual underflow and IEEE overflow; returns the bits. */
uint64_t ps_fp_round_pack(int ebits, int mbits, bool neg, int exp, uint64_t sig, ps_rnd r);

#endif
