/* exec_int_avx2.c — AVX2 versions of integer handlers whose portable lane loops GCC vectorises
 * poorly: 32-bit multiplies (mul.lo, mad.lo, mul.wide, mad.wide: one vpmul[u]dq per 4 lanes
 * instead of packing the low halves and widening them again) and plain 16/32-bit setp (the low
 * halves of 8 lanes packed, one compare and one movemask instead of a shift and an OR per lane).
 * exec_int.c chooses them at decode time when the host has AVX2 (ps_int_avx2_*); they compute
 * exactly what the portable handlers compute (docs/performance.md). A warp with few executing
 * lanes computes only those (SPARSE, as exec_int.c's lane loops); other partial masks blend in
 * place with a vector select. */
#include "exec_int_avx2.h"

#if PS_INT_AVX2
#include <immintrin.h>

#define AVX2        __attribute__((target("avx2")))
#define AVX2_INLINE __attribute__((target("avx2"), always_inline)) static inline

static bool host_avx2(void) {
    static int have = -1; /* benign race: every thread computes the same value */
    if (have < 0) have = __builtin_cpu_supports("avx2");
    return have;
}

/* Lane masks of 4 lanes l..l+3 of exec as 64-bit all-ones / zero elements. */
AVX2_INLINE __m256i lanes4(__m256i execv, int l) {
    const __m256i bit = _mm256_sllv_epi64(_mm256_set1_epi64x(1), _mm256_setr_epi64x(l, l + 1, l + 2, l + 3));
    return _mm256_cmpeq_epi64(_mm256_and_si256(execv, bit), bit);
}

/* d = EXPR of the 4-lane vectors a, b (and c): straight for a full warp, else blended into the
 * destination's executing lanes. Each step reads lanes l..l+3 of the sources before writing the
 * same lanes of d, so d may be a source. */
#define DEF_AVX2(name, NSRC, EXPR, SCALAR)                                                               \
    AVX2 static void name(ps_warp *w, const ps_dinsn *d) {                                               \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[NSRC > 2 ? 3 : 2]);     \
        uint64_t *rd = R(w, d->o[0]);                                                                    \
        const uint32_t exec = w->exec;                                                                   \
        SPARSE(uint64_t a = ra[l], b = rb[l], c = rc[l]; (void)c; rd[l] = (SCALAR))                      \
        if (exec == FULL_MASK) {                                                                         \
            for (int l = 0; l < WARP; l += 4) {                                                          \
                __m256i a = _mm256_loadu_si256((const __m256i *)(ra + l));                               \
                __m256i b = _mm256_loadu_si256((const __m256i *)(rb + l));                               \
                __m256i c = _mm256_loadu_si256((const __m256i *)(rc + l));                               \
                (void)c;                                                                                 \
                _mm256_storeu_si256((__m256i *)(rd + l), (EXPR));                                        \
            }                                                                                            \
            return;                                                                                      \
        }                                                                                                \
        const __m256i execv = _mm256_set1_epi64x(exec);                                                  \
        for (int l = 0; l < WARP; l += 4) {                                                              \
            if (!(exec >> l & 15)) continue;                                                             \
            __m256i a = _mm256_loadu_si256((const __m256i *)(ra + l));                                   \
            __m256i b = _mm256_loadu_si256((const __m256i *)(rb + l));                                   \
            __m256i c = _mm256_loadu_si256((const __m256i *)(rc + l));                                   \
            (void)c;                                                                                     \
            __m256i old = _mm256_loadu_si256((const __m256i *)(rd + l));                                 \
            _mm256_storeu_si256((__m256i *)(rd + l), _mm256_blendv_epi8(old, (EXPR), lanes4(execv, l))); \
        }                                                                                                \
    }

AVX2_INLINE __m256i lo32(__m256i x) { return _mm256_and_si256(x, _mm256_set1_epi64x(0xffffffff)); }

/* the same products on one lane, for few executing lanes (SPARSE) */
static inline uint64_t wu(uint64_t a, uint64_t b) { return (uint64_t)(uint32_t)a * (uint32_t)b; }
static inline uint64_t ws(uint64_t a, uint64_t b) { return (uint64_t)((int64_t)(int32_t)a * (int32_t)b); }

DEF_AVX2(mul_lo32, 2, lo32(_mm256_mul_epu32(a, b)), (uint32_t)wu(a, b))
DEF_AVX2(mad_lo32, 3, lo32(_mm256_add_epi64(_mm256_mul_epu32(a, b), c)), (uint32_t)(wu(a, b) + c))
DEF_AVX2(mul_wide_u32, 2, _mm256_mul_epu32(a, b), wu(a, b))
DEF_AVX2(mul_wide_s32, 2, _mm256_mul_epi32(a, b), ws(a, b))
DEF_AVX2(mad_wide_u32, 3, _mm256_add_epi64(_mm256_mul_epu32(a, b), c), wu(a, b) + c)
DEF_AVX2(mad_wide_s32, 3, _mm256_add_epi64(_mm256_mul_epi32(a, b), c), ws(a, b) + c)

ps_exec_fn ps_int_avx2_mul(ps_int_avx2_mul_kind k) {
    static const ps_exec_fn f[PS_AVX2_MUL_COUNT] = {
        [PS_AVX2_MUL_LO32] = mul_lo32,         [PS_AVX2_MAD_LO32] = mad_lo32,
        [PS_AVX2_MUL_WIDE_U32] = mul_wide_u32, [PS_AVX2_MUL_WIDE_S32] = mul_wide_s32,
        [PS_AVX2_MAD_WIDE_U32] = mad_wide_u32, [PS_AVX2_MAD_WIDE_S32] = mad_wide_s32,
    };
    return host_avx2() ? f[k] : NULL;
}

/* The low 32 bits of 8 lanes, in lane order (shufps takes lanes 0 1 4 5 | 2 3 6 7, the qword
 * permute puts them back in order). */
AVX2_INLINE __m256i pack8(const uint64_t *r) {
    __m256 x0 = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)r));
    __m256 x1 = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(r + 4)));
    return _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(x0, x1, 0x88)), 0xd8);
}

/* setp.CMP.type p, a, b for 16- and 32-bit integers: the low W bits of each lane moved to the top
 * of a 32-bit element (SHIFT = 32 - W), the sign bit flipped for unsigned order (BIAS), then one
 * signed compare: gt(a, b) or gt(b, a) or eq; NEG inverts it (ne, le, ge). */
#define DEF_SETP(name, SHIFT, BIAS, SWAP, EQ, NEG)                                                                  \
    AVX2 static void name(ps_warp *w, const ps_dinsn *d) {                                                          \
        const uint64_t *ra = R(w, d->o[2]), *rb = R(w, d->o[3]);                                                    \
        const __m256i bias = _mm256_set1_epi32((int)(BIAS));                                                        \
        uint32_t t = 0;                                                                                             \
        for (int l = 0; l < WARP; l += 8) {                                                                         \
            __m256i a = _mm256_xor_si256(_mm256_slli_epi32(pack8(ra + l), SHIFT), bias);                            \
            __m256i b = _mm256_xor_si256(_mm256_slli_epi32(pack8(rb + l), SHIFT), bias);                            \
            __m256i r = EQ ? _mm256_cmpeq_epi32(a, b) : SWAP ? _mm256_cmpgt_epi32(b, a) : _mm256_cmpgt_epi32(a, b); \
            t |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(r)) << l;                                         \
        }                                                                                                           \
        write_pred(w, d->o[0], NEG ? ~t : t);                                                                       \
    }
/* eq ne lt le gt ge of one width and order */
#define DEF_SETP_ROW(P, SHIFT, BIAS)                   \
    DEF_SETP(P##_eq, SHIFT, 0, false, true, false)     \
    DEF_SETP(P##_ne, SHIFT, 0, false, true, true)      \
    DEF_SETP(P##_lt, SHIFT, BIAS, true, false, false)  \
    DEF_SETP(P##_le, SHIFT, BIAS, false, false, true)  \
    DEF_SETP(P##_gt, SHIFT, BIAS, false, false, false) \
    DEF_SETP(P##_ge, SHIFT, BIAS, true, false, true)
DEF_SETP_ROW(setp_u16, 16, 0x80000000u)
DEF_SETP_ROW(setp_s16, 16, 0)
DEF_SETP_ROW(setp_u32, 0, 0x80000000u)
DEF_SETP_ROW(setp_s32, 0, 0)

ps_exec_fn ps_int_avx2_setp(int bits, bool is_signed, int op) {
    /* op: 0 eq, 1 ne, 2 lt, 3 le, 4 gt, 5 ge (in the type's order), 6..9 lo ls hi hs (unsigned) */
    static const ps_exec_fn f[2][2][10] = {
        {{setp_u16_eq, setp_u16_ne, setp_u16_lt, setp_u16_le, setp_u16_gt, setp_u16_ge, setp_u16_lt, setp_u16_le,
          setp_u16_gt, setp_u16_ge},
         {setp_s16_eq, setp_s16_ne, setp_s16_lt, setp_s16_le, setp_s16_gt, setp_s16_ge, setp_u16_lt, setp_u16_le,
          setp_u16_gt, setp_u16_ge}},
        {{setp_u32_eq, setp_u32_ne, setp_u32_lt, setp_u32_le, setp_u32_gt, setp_u32_ge, setp_u32_lt, setp_u32_le,
          setp_u32_gt, setp_u32_ge},
         {setp_s32_eq, setp_s32_ne, setp_s32_lt, setp_s32_le, setp_s32_gt, setp_s32_ge, setp_u32_lt, setp_u32_le,
          setp_u32_gt, setp_u32_ge}},
    };
    if (!host_avx2() || (bits != 16 && bits != 32) || op < 0 || op >= 10) return NULL;
    return f[bits == 32][is_signed][op];
}

#else /* no AVX2 path with this compiler or target: the portable handlers run */
ps_exec_fn ps_int_avx2_mul(ps_int_avx2_mul_kind k) {
    (void)k;
    return NULL;
}
ps_exec_fn ps_int_avx2_setp(int bits, bool is_signed, int op) {
    (void)bits, (void)is_signed, (void)op;
    return NULL;
}
#endif
