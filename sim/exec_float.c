/* exec_float.c — f32/f64 arithmetic, approximate-function, min/max, abs/neg, copysign and testp
 * handlers (PTX ISA 9.7.3) and their selection at decode time; cvt lives in exec_cvt.c.
 *
 * Every value goes through sim/fp.h, never host float arithmetic here: rounding modes, .ftz,
 * .sat and the GPU's NaN rules are fp.c's business. IEEE-rounded operations use fp.h's batch
 * (_n) functions, so the host rounding mode is switched once per warp instruction: all 32
 * lanes are computed (inactive lanes on whatever bits they hold; the functions are pure) and
 * only the executing lanes are written back. */
#include <string.h>

#include "sim_internal.h"

/* ==== helpers ============================================================================ */

static inline void get32(uint32_t *dst, const uint64_t *src) {
    for (int l = 0; l < WARP; l++) dst[l] = (uint32_t)src[l];
}
static inline void put32(ps_warp *w, uint64_t *rd, const uint32_t *r) { LANES(w, rd[l] = r[l]); }
static inline void put64(ps_warp *w, uint64_t *rd, const uint64_t *r) { LANES(w, rd[l] = r[l]); }

#define FTZ(d) (((d)->flags & DF_FTZ) != 0)
#define SAT(d) (((d)->flags & DF_SAT) != 0)
#define RND(d) ((ps_rnd)(d)->rnd)

/* ==== macro family =======================================================================
 * F32_Nk(name, CALL): gathers k f32 sources into a[], b[], c[], runs CALL (an fp.h batch call
 * writing r[]) over all 32 lanes, writes r back to the executing lanes.
 * F64_Nk: the same with the 64-bit slots passed directly.
 * F32_1 / F32_2 / F32_3 / F64_1 / F64_2: per-lane calls of non-rounding fp.h functions. */

#define F32_N1(name, CALL)                                      \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) { \
        uint32_t a[WARP], r[WARP];                              \
        get32(a, R(w, d->o[1]));                                \
        CALL;                                                   \
        put32(w, R(w, d->o[0]), r);                             \
    }
#define F32_N2(name, CALL)                                      \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) { \
        uint32_t a[WARP], b[WARP], r[WARP];                     \
        get32(a, R(w, d->o[1]));                                \
        get32(b, R(w, d->o[2]));                                \
        CALL;                                                   \
        put32(w, R(w, d->o[0]), r);                             \
    }
#define F32_N3(name, CALL)                                      \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) { \
        uint32_t a[WARP], b[WARP], c[WARP], r[WARP];            \
        get32(a, R(w, d->o[1]));                                \
        get32(b, R(w, d->o[2]));                                \
        get32(c, R(w, d->o[3]));                                \
        CALL;                                                   \
        put32(w, R(w, d->o[0]), r);                             \
    }
#define F64_N1(name, CALL)                                      \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) { \
        const uint64_t *a = R(w, d->o[1]);                      \
        uint64_t r[WARP];                                       \
        CALL;                                                   \
        put64(w, R(w, d->o[0]), r);                             \
    }
#define F64_N2(name, CALL)                                      \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) { \
        const uint64_t *a = R(w, d->o[1]), *b = R(w, d->o[2]);  \
        uint64_t r[WARP];                                       \
        CALL;                                                   \
        put64(w, R(w, d->o[0]), r);                             \
    }
#define F64_N3(name, CALL)                                                         \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                    \
        const uint64_t *a = R(w, d->o[1]), *b = R(w, d->o[2]), *c = R(w, d->o[3]); \
        uint64_t r[WARP];                                                          \
        CALL;                                                                      \
        put64(w, R(w, d->o[0]), r);                                                \
    }

#define F32_1(name, EXPR)                                       \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) { \
        uint64_t *rd = R(w, d->o[0]);                           \
        const uint64_t *ra = R(w, d->o[1]);                     \
        LANES(w, {                                              \
            uint32_t a = (uint32_t)ra[l];                       \
            rd[l] = (EXPR);                                     \
        });                                                     \
    }
#define F32_2(name, EXPR)                                        \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {  \
        uint64_t *rd = R(w, d->o[0]);                            \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]); \
        LANES(w, {                                               \
            uint32_t a = (uint32_t)ra[l];                        \
            uint32_t b = (uint32_t)rb[l];                        \
            rd[l] = (EXPR);                                      \
        });                                                      \
    }
#define F32_3(name, EXPR)                                                             \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                       \
        uint64_t *rd = R(w, d->o[0]);                                                 \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[3]); \
        LANES(w, {                                                                    \
            uint32_t a = (uint32_t)ra[l];                                             \
            uint32_t b = (uint32_t)rb[l];                                             \
            uint32_t c = (uint32_t)rc[l];                                             \
            rd[l] = (EXPR);                                                           \
        });                                                                           \
    }
#define F64_1(name, EXPR)                                       \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) { \
        uint64_t *rd = R(w, d->o[0]);                           \
        const uint64_t *ra = R(w, d->o[1]);                     \
        LANES(w, {                                              \
            uint64_t a = ra[l];                                 \
            rd[l] = (EXPR);                                     \
        });                                                     \
    }
#define F64_2(name, EXPR)                                        \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {  \
        uint64_t *rd = R(w, d->o[0]);                            \
        const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]); \
        LANES(w, {                                               \
            uint64_t a = ra[l];                                  \
            uint64_t b = rb[l];                                  \
            rd[l] = (EXPR);                                      \
        });                                                      \
    }

/* ==== 9.7.3.1-7 add sub mul fma mad (mad.f32/f64 is fma on sm_20+) ======================== */

F32_N2(h_add_f32, ps_f32_add_n(r, a, b, WARP, RND(d), FTZ(d), SAT(d)))
F32_N2(h_sub_f32, ps_f32_sub_n(r, a, b, WARP, RND(d), FTZ(d), SAT(d)))
F32_N2(h_mul_f32, ps_f32_mul_n(r, a, b, WARP, RND(d), FTZ(d), SAT(d)))
F32_N3(h_fma_f32, ps_f32_fma_n(r, a, b, c, WARP, RND(d), FTZ(d), SAT(d)))
F64_N2(h_add_f64, ps_f64_add_n(r, a, b, WARP, RND(d)))
F64_N2(h_sub_f64, ps_f64_sub_n(r, a, b, WARP, RND(d)))
F64_N2(h_mul_f64, ps_f64_mul_n(r, a, b, WARP, RND(d)))
/* sub.f64 a, b where a ranks above b (DF_NAN_A_WINS: defined later, or a constant):
 * ptxas compiles -b + a, so when both are NaN the hardware returns a (the second operand of its
 * add), quieted (H200, tests/regress/imm_fnan and fuzz campaign 3) */
static inline bool nan64(uint64_t x) { return (x & ~(1ull << 63)) > 0x7ff0000000000000ull; }
static void h_sub_f64_kfirst(ps_warp *w, const ps_dinsn *d) {
    const uint64_t *a = R(w, d->o[1]), *b = R(w, d->o[2]);
    uint64_t r[WARP];
    ps_f64_sub_n(r, a, b, WARP, RND(d));
    for (int i = 0; i < WARP; i++)
        if (nan64(a[i]) && nan64(b[i])) r[i] = a[i] | 0x0008000000000000ull;
    put64(w, R(w, d->o[0]), r);
}
F64_N3(h_fma_f64, ps_f64_fma_n(r, a, b, c, WARP, RND(d)))

/* ---- contractions (ptxas_model.c): an add/sub that ptxas fused with the mul or div producing one
 * of its sources. o[1], o[2]: the producer's operands, o[3]: the add's other source;
 * d->ct_flags bit 0: the product enters negated (x - a*b), bit 1: the addend does (a*b - x). */
enum { CT_NEG_PROD = 1, CT_NEG_ADD = 2, CT_DIV_FULL = 4 };
PS_CLONES static void h_contract_f32(ps_warp *w, const ps_dinsn *d) {
    uint32_t a[WARP], b[WARP], c[WARP], r[WARP];
    uint32_t na = d->ct_flags & CT_NEG_PROD ? 0x80000000u : 0;
    uint32_t nc = d->ct_flags & CT_NEG_ADD ? 0x80000000u : 0;
    const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[3]);
    for (int l = 0; l < WARP; l++) {
        a[l] = (uint32_t)ra[l] ^ na;
        b[l] = (uint32_t)rb[l];
        c[l] = (uint32_t)rc[l] ^ nc;
    }
    ps_f32_fma_n(r, a, b, c, WARP, PS_RND_RN, FTZ(d), SAT(d));
    put32(w, R(w, d->o[0]), r);
}
PS_CLONES static void h_contract_f64(ps_warp *w, const ps_dinsn *d) {
    uint64_t a[WARP], c[WARP], r[WARP];
    uint64_t na = d->ct_flags & CT_NEG_PROD ? 1ull << 63 : 0, nc = d->ct_flags & CT_NEG_ADD ? 1ull << 63 : 0;
    const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[3]);
    /* DFMA's negation leaves a NaN operand's sign as it is (H200, lab/ptxas_fma) */
    for (int l = 0; l < WARP; l++) {
        a[l] = nan64(ra[l]) ? ra[l] : ra[l] ^ na;
        c[l] = nan64(rc[l]) ? rc[l] : rc[l] ^ nc;
    }
    ps_f64_fma_n(r, a, rb, c, WARP, PS_RND_RN);
    put64(w, R(w, d->o[0]), r);
}
F32_3(h_contract_div_f32,
      ps_f32_div_fma(a, b, (d->ct_flags & CT_NEG_ADD) ? c ^ 0x80000000u : c, d->ct_flags &CT_DIV_FULL, FTZ(d), SAT(d),
                     d->ct_flags &CT_NEG_PROD))

ps_exec_fn ps_select_contraction(ps_dinsn *d, const ps_insn *prod, bool neg_prod, bool neg_add) {
    if (prod->form == PS_F_MUL_F16) return ps_select_half_contraction(d, neg_prod, neg_add);
    d->ct_flags = (uint8_t)((neg_prod ? CT_NEG_PROD : 0) | (neg_add ? CT_NEG_ADD : 0));
    if (prod->form == PS_F_DIV_FLT) {
        if (ps_insn_mod(prod, PS_MOD_FULL)) d->ct_flags |= CT_DIV_FULL;
        return h_contract_div_f32;
    }
    return d->type == PS_T_F64 ? h_contract_f64 : h_contract_f32;
}

/* ==== 9.7.3.8 div (.rnd IEEE, .approx, .full) ============================================== */

F32_N2(h_div_f32, ps_f32_div_n(r, a, b, WARP, RND(d), FTZ(d)))
F32_2(h_div_approx_f32, ps_f32_div_approx(a, b, FTZ(d)))
F32_2(h_div_full_f32, ps_f32_div_full(a, b, FTZ(d)))
F64_N2(h_div_f64, ps_f64_div_n(r, a, b, WARP, RND(d)))

/* ==== 9.7.3.9-10 abs neg; 9.7.3.11-12 min max; 9.7.3.2 copysign ========================== */

F32_1(h_abs_f32, ps_f32_abs(a, FTZ(d)))
F32_1(h_neg_f32, ps_f32_neg(a, FTZ(d)))
F64_1(h_abs_f64, ps_f64_abs(a))
F64_1(h_neg_f64, ps_f64_neg(a))

/* d->mm_flags bits: NaN variant, .xorsign.abs (2 inputs) or .abs (3 inputs). */
enum { MM_NAN = 1, MM_ABS = 2 };
F32_2(h_min_f32, ps_f32_min(a, b, FTZ(d), d->mm_flags &MM_NAN, d->mm_flags &MM_ABS))
F32_2(h_max_f32, ps_f32_max(a, b, FTZ(d), d->mm_flags &MM_NAN, d->mm_flags &MM_ABS))
F32_3(h_min3_f32, ps_f32_min3(a, b, c, FTZ(d), d->mm_flags &MM_NAN, d->mm_flags &MM_ABS))
F32_3(h_max3_f32, ps_f32_max3(a, b, c, FTZ(d), d->mm_flags &MM_NAN, d->mm_flags &MM_ABS))
F64_2(h_min_f64, ps_f64_min(a, b))
F64_2(h_max_f64, ps_f64_max(a, b))

F32_2(h_copysign_f32, ps_f32_copysign(a, b))
F64_2(h_copysign_f64, ps_f64_copysign(a, b))

/* ==== 9.7.3.3 testp: predicate destination, class in d->testp_op =========================== */

static void h_testp_f32(ps_warp *w, const ps_dinsn *d) {
    const uint64_t *ra = R(w, d->o[1]);
    ps_testp_op op = (ps_testp_op)d->testp_op;
    uint32_t t = 0;
    LANES(w, t |= (uint32_t)ps_f32_testp(op, (uint32_t)ra[l]) << l);
    write_pred(w, d->o[0], t);
}
static void h_testp_f64(ps_warp *w, const ps_dinsn *d) {
    const uint64_t *ra = R(w, d->o[1]);
    ps_testp_op op = (ps_testp_op)d->testp_op;
    uint32_t t = 0;
    LANES(w, t |= (uint32_t)ps_f64_testp(op, ra[l]) << l);
    write_pred(w, d->o[0], t);
}

/* ==== 9.7.3.13-22 rcp sqrt rsqrt sin cos lg2 ex2 tanh ====================================== */

F32_N1(h_rcp_f32, ps_f32_rcp_n(r, a, WARP, RND(d), FTZ(d)))
F32_N1(h_sqrt_f32, ps_f32_sqrt_n(r, a, WARP, RND(d), FTZ(d)))
F64_N1(h_rcp_f64, ps_f64_rcp_n(r, a, WARP, RND(d)))
F64_N1(h_sqrt_f64, ps_f64_sqrt_n(r, a, WARP, RND(d)))
F32_1(h_rcp_approx_f32, ps_f32_rcp_approx(a, FTZ(d)))
F32_1(h_sqrt_approx_f32, ps_f32_sqrt_approx(a, FTZ(d)))
F32_1(h_rsqrt_approx_f32, ps_f32_rsqrt_approx(a, FTZ(d)))
F64_1(h_rcp_approx_ftz_f64, ps_f64_rcp_approx_ftz(a))
F64_1(h_rsqrt_approx_f64, ps_f64_rsqrt_approx(a))
F64_1(h_rsqrt_approx_ftz_f64, ps_f64_rsqrt_approx_ftz(a))
F32_1(h_sin_f32, ps_f32_sin_approx(a, FTZ(d)))
F32_1(h_cos_f32, ps_f32_cos_approx(a, FTZ(d)))
F32_1(h_lg2_f32, ps_f32_lg2_approx(a, FTZ(d)))
F32_1(h_ex2_f32, ps_f32_ex2_approx(a, FTZ(d)))
F32_1(h_tanh_f32, ps_f32_tanh_approx(a))

/* ==== selection ========================================================================== */

/* A legacy form without .approx/.rnd (PTX ISA 1.0-1.3; later versions require one) means
 * .approx.ftz for f32 div/rcp/sqrt/sin/cos/lg2/ex2 and .rn for f64 (ISA "PTX ISA Notes"). */
static void legacy_approx_ftz(ps_dinsn *d) {
    if (!(d->flags & (DF_HAS_RND | DF_APPROX | DF_FULL))) d->flags |= DF_APPROX | DF_FTZ;
}

ps_exec_fn ps_select_float(const ps_insn *in, ps_dinsn *d) {
    if (in->ntypes > 1) return NULL; /* add/sub/fma.f32.f16 and .f32.bf16 (PTX ISA 8.6): not modelled */
    int t = d->type;
    bool f32 = t == PS_T_F32, f64 = t == PS_T_F64;
    if (!f32 && !f64) return NULL;
    uint32_t fl = d->flags;
    bool approx = fl & DF_APPROX, rnd = fl & DF_HAS_RND;
    /* f64 rows take no .ftz .sat .approx .full (forms.def: add.ftz.f64 is refused at parse), except
     * rcp's and rsqrt's approx.ftz.f64, one row with their f32 forms */
    if (rnd && d->rnd == PS_RND_RNA) return NULL; /* no .rna arithmetic */
    if (fl & DF_INTEGRAL) return NULL;

    switch (in->form) {
    case PS_F_ADD_FLT:
    case PS_F_SUB_FLT:
    case PS_F_MUL_FLT: {
        if (d->nops != 3 || approx || (fl & DF_FULL)) return NULL;
        int k = in->form == PS_F_ADD_FLT ? 0 : in->form == PS_F_SUB_FLT ? 1 : 2;
        static const ps_exec_fn f[2][3] = {{h_add_f32, h_sub_f32, h_mul_f32}, {h_add_f64, h_sub_f64, h_mul_f64}};
        if (f64 && k == 1 && (fl & DF_NAN_A_WINS)) return h_sub_f64_kfirst;
        return f[f64][k];
    }
    case PS_F_FMA_FLT:
    case PS_F_MAD_FLT: /* mad.f32 without a rounding modifier is mad.rn.f32 (ISA errata) */
        if (d->nops != 4 || approx || (fl & DF_FULL)) return NULL;
        return f64 ? h_fma_f64 : h_fma_f32;
    case PS_F_DIV_FLT:
        if (d->nops != 3) return NULL;
        if (f64) return h_div_f64;
        legacy_approx_ftz(d);
        fl = d->flags;
        if ((fl & DF_SAT) || !!(fl & DF_APPROX) + !!(fl & DF_FULL) + rnd > 1) return NULL;
        return (fl & DF_APPROX) ? h_div_approx_f32 : (fl & DF_FULL) ? h_div_full_f32 : h_div_f32;
    case PS_F_RCP:
    case PS_F_SQRT: {
        bool rcp = in->form == PS_F_RCP;
        if (d->nops != 2 || (fl & (DF_SAT | DF_FULL)) || (approx && rnd)) return NULL;
        if (f64) {
            if (!approx && !(fl & DF_FTZ)) return rcp ? h_rcp_f64 : h_sqrt_f64;
            /* rcp.approx.ftz.f64 is the only approximate f64 form of the two */
            return (rcp && approx && (fl & DF_FTZ)) ? h_rcp_approx_ftz_f64 : NULL;
        }
        legacy_approx_ftz(d);
        if (d->flags & DF_APPROX) return rcp ? h_rcp_approx_f32 : h_sqrt_approx_f32;
        return rcp ? h_rcp_f32 : h_sqrt_f32;
    }
    case PS_F_RSQRT:
        if (d->nops != 2 || rnd || (fl & (DF_SAT | DF_FULL))) return NULL;
        if (f64) return (fl & DF_FTZ) ? h_rsqrt_approx_ftz_f64 : h_rsqrt_approx_f64;
        if (!approx) d->flags |= DF_FTZ; /* legacy rsqrt.f32 = rsqrt.approx.ftz.f32 */
        return h_rsqrt_approx_f32;
    case PS_F_SIN:
    case PS_F_COS:
    case PS_F_LG2:
    case PS_F_EX2:
    case PS_F_TANH: {
        if (!f32 || d->nops != 2 || rnd || (fl & (DF_SAT | DF_FULL))) return NULL;
        if (in->form == PS_F_TANH) return (fl & DF_FTZ) ? NULL : h_tanh_f32;
        legacy_approx_ftz(d);
        switch (in->form) {
        case PS_F_SIN: return h_sin_f32;
        case PS_F_COS: return h_cos_f32;
        case PS_F_LG2: return h_lg2_f32;
        default: return h_ex2_f32;
        }
    }
    case PS_F_ABS_FLT:
    case PS_F_NEG_FLT: {
        bool abs = in->form == PS_F_ABS_FLT;
        if (d->nops != 2 || rnd || (fl & ~(uint32_t)DF_FTZ & ~(uint32_t)DF_SIGNED)) return NULL;
        if (f64) return abs ? h_abs_f64 : h_neg_f64;
        return abs ? h_abs_f32 : h_neg_f32;
    }
    case PS_F_MIN_FLT:
    case PS_F_MAX_FLT: {
        bool max = in->form == PS_F_MAX_FLT, three = d->nops == 4, xorsign = fl & DF_XORSIGN;
        bool abs = ps_insn_mod(in, PS_MOD_ABS), nan = fl & DF_NAN;
        if ((d->nops != 3 && d->nops != 4) || rnd || (fl & (DF_SAT | DF_APPROX | DF_FULL))) return NULL;
        if (f64) return max ? h_max_f64 : h_min_f64; /* its row: two sources, no modifier */
        /* two inputs: .xorsign.abs together or neither; three inputs: .abs, never .xorsign */
        if (three ? xorsign : xorsign != abs) return NULL;
        d->mm_flags = (uint8_t)((nan ? MM_NAN : 0) | (abs ? MM_ABS : 0));
        if (three) return max ? h_max3_f32 : h_min3_f32;
        return max ? h_max_f32 : h_min_f32;
    }
    case PS_F_COPYSIGN:
        if (d->nops != 3 || rnd || fl) return NULL;
        return f64 ? h_copysign_f64 : h_copysign_f32;
    case PS_F_TESTP: {
        int found = ps_insn_group_index(in, PS_MG_TESTP); /* one at most, in ps_testp_op's order */
        if (found < 0 || d->nops != 2) return NULL;
        d->testp_op = (uint8_t)found;
        return f64 ? h_testp_f64 : h_testp_f32;
    }
    default: return NULL;
    }
}
