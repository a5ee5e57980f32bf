/* exec_int_avx2.h — the AVX2 integer handlers of exec_int_avx2.c, chosen by exec_int.c's
 * selectors at decode time, and the sparse-lane path both files' lane loops share. */
#ifndef PS_EXEC_INT_AVX2_H
#define PS_EXEC_INT_AVX2_H

#include "sim_internal.h"

/* GCC on x86-64 with multiversioning allowed (the same condition as the PS_CLONES handlers) */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(PS_NO_MULTIVERSION)
#define PS_INT_AVX2 1
#else
#define PS_INT_AVX2 0
#endif

/* A warp with few executing lanes computes only those (each lane reads only its own lanes of
 * the sources, so the destination may be one): fewer host instructions than 32 vector lanes
 * and a blend up to about this many lanes (callgrind, the diverge kernel: 6.9 lanes on average,
 * add.s32 110 -> about 80 host instructions per warp instruction; 8, 12, 16 and 24 lanes gave
 * 100.1, 98.6, 98.1 and 97.6 M host instructions for its reduced grid). Used by exec_int.c
 * and exec_int_avx2.c. */
#define SPARSE_LANES 16
#define SPARSE(...)  /* the lane loop's body, which may contain commas */ \
    if (w->exec != FULL_MASK && ps_popc(w->exec) <= SPARSE_LANES) {       \
        for (uint32_t m = w->exec; m; m &= m - 1) {                       \
            int l = __builtin_ctz(m);                                     \
            __VA_ARGS__;                                                  \
        }                                                                 \
        return;                                                           \
    }

typedef enum {
    PS_AVX2_MUL_LO32,     /* mul.lo.{u,s}32 */
    PS_AVX2_MAD_LO32,     /* mad.lo.{u,s}32 */
    PS_AVX2_MUL_WIDE_U32, /* mul.wide.u32 */
    PS_AVX2_MUL_WIDE_S32, /* mul.wide.s32 */
    PS_AVX2_MAD_WIDE_U32, /* mad.wide.u32 */
    PS_AVX2_MAD_WIDE_S32, /* mad.wide.s32 */
    PS_AVX2_MUL_COUNT
} ps_int_avx2_mul_kind;

/* The AVX2 handler of a multiply, or NULL when the host lacks AVX2 (or the build has no such
 * path): the portable handler runs then. */
ps_exec_fn ps_int_avx2_mul(ps_int_avx2_mul_kind k);
/* The AVX2 handler of a plain setp (no BoolOp, no q) on a 16- or 32-bit integer type; op in
 * exec_int.c's C_* order (eq ne lt le gt ge lo ls hi hs); NULL otherwise. */
ps_exec_fn ps_int_avx2_setp(int bits, bool is_signed, int op);

#endif
