/* exec_half.c — the half-precision instructions (PTX ISA 9.7.4): add sub mul fma neg abs min max
 * ex2.approx tanh.approx and setp on f16, f16x2, bf16 and bf16x2; numerics in fp_half.c.
 *
 * A packed x2 operation applies the scalar one to the low and the high 16 bits independently
 * (ISA 9.7.4: "the operation is performed on each half"); setp on x2 types writes the result of
 * the low half to p and that of the high half to q. d->half_flags holds the fp_half.h flags,
 * d->half_op the operation (low nibble), the format (bit 4) and x2 (bit 7). */
#include "fp_half.h"
#include "sim_internal.h"

typedef uint16_t (*bin_fn)(ps_half_fmt, uint16_t, uint16_t, unsigned);
typedef uint16_t (*un_fn)(ps_half_fmt, uint16_t, unsigned);

enum { OP_ADD, OP_SUB, OP_MUL, OP_MIN, OP_MAX, OP_NEG, OP_ABS, OP_EX2, OP_TANH, OP_FMA };

static uint16_t ex2_fn(ps_half_fmt f, uint16_t a, unsigned fl) { return (void)fl, ps_half_ex2_approx(f, a); }
static uint16_t tanh_fn(ps_half_fmt f, uint16_t a, unsigned fl) { return (void)fl, ps_half_tanh_approx(f, a); }

static const bin_fn BIN[] = {[OP_ADD] = ps_half_add,
                             [OP_SUB] = ps_half_sub,
                             [OP_MUL] = ps_half_mul,
                             [OP_MIN] = ps_half_min,
                             [OP_MAX] = ps_half_max};
static const un_fn UN[] = {[OP_NEG] = ps_half_neg, [OP_ABS] = ps_half_abs, [OP_EX2] = ex2_fn, [OP_TANH] = tanh_fn};

#define OPC(d) ((d)->half_op & 0xf)
#define FMT(d) ((ps_half_fmt)(((d)->half_op >> 4) & 1))
#define X2(d)  (((d)->half_op & 0x80) != 0)
#define LO(x)  ((uint16_t)(x))
#define HI(x)  ((uint16_t)((x) >> 16))

static void h_half_un(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]);
    un_fn fn = UN[OPC(d)];
    ps_half_fmt f = FMT(d);
    unsigned fl = (unsigned)d->half_flags;
    if (X2(d)) LANES(w, rd[l] = (uint64_t)fn(f, HI(ra[l]), fl) << 16 | fn(f, LO(ra[l]), fl));
    else LANES(w, rd[l] = fn(f, LO(ra[l]), fl));
}
static void h_half_bin(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]);
    bin_fn fn = BIN[OPC(d)];
    ps_half_fmt f = FMT(d);
    unsigned fl = (unsigned)d->half_flags;
    if (X2(d)) LANES(w, rd[l] = (uint64_t)fn(f, HI(ra[l]), HI(rb[l]), fl) << 16 | fn(f, LO(ra[l]), LO(rb[l]), fl));
    else LANES(w, rd[l] = fn(f, LO(ra[l]), LO(rb[l]), fl));
}
static void h_half_fma(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[3]);
    ps_half_fmt f = FMT(d);
    unsigned fl = (unsigned)d->half_flags;
    if (X2(d))
        LANES(w,
              rd[l] = (uint64_t)ps_half_fma(f, HI(ra[l]), HI(rb[l]), HI(rc[l]), fl) << 16 |
                  ps_half_fma(f, LO(ra[l]), LO(rb[l]), LO(rc[l]), fl));
    else LANES(w, rd[l] = ps_half_fma(f, LO(ra[l]), LO(rb[l]), LO(rc[l]), fl));
}

/* An add/sub ptxas contracted with the mul.f16{x2} producing one of its sources (ptxas_model.c,
 * lab/ptxas_fma): h_half_fma with the product or the addend negated (a NaN keeps its sign). */
#define HNEG_PROD (1u << 16)
#define HNEG_ADD  (1u << 17)
static inline uint16_t hneg(ps_half_fmt f, uint16_t x, bool n) {
    return n && !ps_half_is_nan(f, x) ? (uint16_t)(x ^ 0x8000u) : x;
}
static void h_half_contract(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]), *rc = R(w, d->o[3]);
    ps_half_fmt f = FMT(d);
    unsigned fl = (unsigned)d->half_flags & 0xffffu;
    bool np = (d->half_flags & HNEG_PROD) != 0, nc = (d->half_flags & HNEG_ADD) != 0;
    if (X2(d))
        LANES(w,
              rd[l] = (uint64_t)ps_half_fma(f, hneg(f, HI(ra[l]), np), HI(rb[l]), hneg(f, HI(rc[l]), nc), fl) << 16 |
                  ps_half_fma(f, hneg(f, LO(ra[l]), np), LO(rb[l]), hneg(f, LO(rc[l]), nc), fl));
    else LANES(w, rd[l] = ps_half_fma(f, hneg(f, LO(ra[l]), np), LO(rb[l]), hneg(f, LO(rc[l]), nc), fl));
}

ps_exec_fn ps_select_half_contraction(ps_dinsn *d, bool neg_prod, bool neg_add) {
    d->half_flags = (int32_t)((unsigned)d->half_flags | (neg_prod ? HNEG_PROD : 0) | (neg_add ? HNEG_ADD : 0));
    return h_half_contract;
}

/* ---- setp (9.7.4.4) ----------------------------------------------------------------------
 * d->half_setp: comparison (CMP_*) | BoolOp << 8 | ftz << 12. */
enum {
    CMP_EQ,
    CMP_NE,
    CMP_LT,
    CMP_LE,
    CMP_GT,
    CMP_GE,
    CMP_EQU,
    CMP_NEU,
    CMP_LTU,
    CMP_LEU,
    CMP_GTU,
    CMP_GEU,
    CMP_NUM,
    CMP_NAN,
    CMP_COUNT
};
enum { BOOL_NONE, BOOL_AND, BOOL_OR, BOOL_XOR };

static inline bool half_cmp(int op, ps_half_fmt f, bool ftz, uint16_t a, uint16_t b) {
    bool un = ps_half_is_nan(f, a) || ps_half_is_nan(f, b);
    int32_t ka = ps_half_key(f, a, ftz), kb = ps_half_key(f, b, ftz);
    switch (op) {
    case CMP_EQ: return !un && ka == kb;
    case CMP_NE: return !un && ka != kb;
    case CMP_LT: return !un && ka < kb;
    case CMP_LE: return !un && ka <= kb;
    case CMP_GT: return !un && ka > kb;
    case CMP_GE: return !un && ka >= kb;
    case CMP_EQU: return un || ka == kb;
    case CMP_NEU: return un || ka != kb;
    case CMP_LTU: return un || ka < kb;
    case CMP_LEU: return un || ka <= kb;
    case CMP_GTU: return un || ka > kb;
    case CMP_GEU: return un || ka >= kb;
    case CMP_NUM: return !un;
    default: return un;
    }
}
static inline uint32_t boolop(int op, uint32_t t, uint32_t c) {
    return op == BOOL_AND ? t & c : op == BOOL_OR ? t | c : op == BOOL_XOR ? t ^ c : t;
}
static void h_half_setp(ps_warp *w, const ps_dinsn *d) {
    const uint64_t *ra = R(w, d->o[2]), *rb = R(w, d->o[3]);
    int op = d->half_setp & 0xff, bop = (d->half_setp >> 8) & 0xf;
    bool ftz = (d->half_setp >> 12) & 1;
    ps_half_fmt f = FMT(d);
    uint32_t lo = 0, hi = 0;
    for (int l = 0; l < WARP; l++) {
        lo |= (uint32_t)half_cmp(op, f, ftz, LO(ra[l]), LO(rb[l])) << l;
        hi |= (uint32_t)half_cmp(op, f, ftz, HI(ra[l]), HI(rb[l])) << l;
    }
    uint32_t c = bop != BOOL_NONE ? read_pred(w, d, 4) : 0;
    if (d->o[0] != NO_SLOT) write_pred(w, d->o[0], boolop(bop, lo, c));
    if (X2(d) && d->o[1] != NO_SLOT) write_pred(w, d->o[1], boolop(bop, hi, c));
}

/* ---- set with half-precision sources (9.7.4.5) ------------------------------------------------
 * set.CmpOp{.BoolOp}{.ftz}.dtype.{f16,bf16} d, a, b{, c}: d = all ones of .u16/.s16/.u32/.s32 or 1.0
 * of .bf16 when BoolOp(a CmpOp b, c) holds, else 0. With .f16x2/.bf16x2 sources each half of d is
 * the result of its half: 1.0 in the .f16x2/.bf16x2 destination format, or 0xffff for .u32/.s32.
 * d->half_setp as for setp; d->o: d, a, b{, c}; d->imm: the "true" value (per half for x2). */
static void h_half_set(ps_warp *w, const ps_dinsn *d) {
    const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]);
    int op = d->half_setp & 0xff, bop = (d->half_setp >> 8) & 0xf;
    bool ftz = (d->half_setp >> 12) & 1;
    ps_half_fmt f = FMT(d);
    uint32_t lo = 0, hi = 0;
    for (int l = 0; l < WARP; l++) {
        lo |= (uint32_t)half_cmp(op, f, ftz, LO(ra[l]), LO(rb[l])) << l;
        if (X2(d)) hi |= (uint32_t)half_cmp(op, f, ftz, HI(ra[l]), HI(rb[l])) << l;
    }
    if (bop != BOOL_NONE) {
        uint32_t c = read_pred(w, d, 3);
        lo = boolop(bop, lo, c);
        hi = boolop(bop, hi, c);
    }
    uint64_t one = (uint64_t)d->imm, r[WARP];
    for (int l = 0; l < WARP; l++)
        r[l] = X2(d) ? ((lo >> l & 1) ? one : 0) | ((hi >> l & 1) ? one << 16 : 0) : (lo >> l & 1) ? one : 0;
    uint64_t *rd = R(w, d->o[0]);
    LANES(w, rd[l] = r[l]);
}

/* ---- selection ---------------------------------------------------------------------------- */

/* The comparison (CMP_*) of a half set/setp, or -1: CMP! (forms.def) gives one member, and the
 * integer-only .lo .ls .hi .hs have no half form. The table is CMP's order in mods.def. */
static int cmp_of(const ps_insn *in) {
    static const int8_t from_group[] = {CMP_EQ, CMP_NE,  CMP_LT,  CMP_LE,  CMP_GT,  CMP_GE,  -1,      -1,      -1,
                                        -1,     CMP_EQU, CMP_NEU, CMP_LTU, CMP_LEU, CMP_GTU, CMP_GEU, CMP_NUM, CMP_NAN};
    int g = ps_insn_group_index(in, PS_MG_CMP);
    return g >= 0 && g < (int)PS_ARRAY_LEN(from_group) ? from_group[g] : -1;
}

/* Its boolean combination: BOOL_AND.., or BOOL_NONE without one (one at most: the BOOL group). */
static int bool_op_of(const ps_insn *in) { return ps_insn_group_index(in, PS_MG_BOOL) + 1; }

static ps_exec_fn select_setp(const ps_insn *in, ps_dinsn *d) {
    int op = cmp_of(in), bop = bool_op_of(in);
    if (op < 0 || (d->flags & ~(uint32_t)(DF_FTZ | DF_NAN))) return NULL;
    /* .nan is a comparison here, not the min/max modifier: DF_NAN is set from the same mod */
    if ((d->flags & DF_NAN) && op != CMP_NAN) return NULL;
    if ((bop != BOOL_NONE) != (d->nops == 5) || d->nops < 4) return NULL;
    bool x2 = d->type == PS_T_F16X2 || d->type == PS_T_BF16X2;
    if (!x2 && d->o[1] != NO_SLOT) return NULL; /* p|q only for the packed types */
    if ((d->flags & DF_FTZ) && (d->type == PS_T_BF16 || d->type == PS_T_BF16X2)) return NULL;
    if (in->ops[0].kind == PS_OP_SINK) d->o[0] = NO_SLOT;
    d->half_setp = op | bop << 8 | ((d->flags & DF_FTZ) ? 1 << 12 : 0);
    return h_half_setp;
}

ps_exec_fn ps_select_half_set(const ps_insn *in, ps_dinsn *d) {
    int dt = in->types[0], st = in->types[in->ntypes - 1];
    bool bf = st == PS_T_BF16 || st == PS_T_BF16X2, x2 = st == PS_T_F16X2 || st == PS_T_BF16X2;
    int op = cmp_of(in), bop = bool_op_of(in);
    if (op < 0 || (d->flags & ~(uint32_t)(DF_FTZ | DF_NAN))) return NULL;
    if ((d->flags & DF_NAN) && op != CMP_NAN) return NULL;
    if ((bop != BOOL_NONE) != (d->nops == 4) || d->nops < 3) return NULL;
    if ((d->flags & DF_FTZ) && bf) return NULL;
    uint64_t one;
    switch (dt) {
    case PS_T_U16:
    case PS_T_S16: one = x2 ? 0 : 0xffff; break;
    case PS_T_U32:
    case PS_T_S32: one = x2 ? 0xffff : 0xffffffffu; break;
    case PS_T_F16: one = x2 || bf ? 0 : 0x3c00; break;
    case PS_T_BF16: one = x2 ? 0 : 0x3f80; break;
    case PS_T_F16X2: one = st == PS_T_F16X2 ? 0x3c00 : 0; break;
    case PS_T_BF16X2: one = st == PS_T_BF16X2 ? 0x3f80 : 0; break;
    default: one = 0; break;
    }
    if (!one) return NULL; /* pairs the parser refuses (isa.c set_pair_ok) */
    d->imm = (int64_t)one;
    d->half_op = (uint8_t)((bf ? 0x10 : 0) | (x2 ? 0x80 : 0));
    d->half_setp = op | bop << 8 | ((d->flags & DF_FTZ) ? 1 << 12 : 0);
    return h_half_set;
}

ps_exec_fn ps_select_half(const ps_insn *in, ps_dinsn *d) {
    int t = d->type;
    bool bf = t == PS_T_BF16 || t == PS_T_BF16X2, x2 = t == PS_T_F16X2 || t == PS_T_BF16X2;
    if (!bf && t != PS_T_F16 && t != PS_T_F16X2) return NULL;
    d->half_op = (uint8_t)((bf ? 0x10 : 0) | (x2 ? 0x80 : 0));
    if (in->form == PS_F_SETP_HALF) return select_setp(in, d);
    uint32_t fl = d->flags;
    if ((fl & DF_HAS_RND) && d->rnd != PS_RND_RN) return NULL;
    if (fl & (DF_INTEGRAL | DF_APPROX | DF_FULL | DF_SATFINITE | DF_HI | DF_LO | DF_WIDE | DF_CC)) {
        if (!((fl & DF_APPROX) && (in->form == PS_F_EX2_HALF || in->form == PS_F_TANH_HALF))) return NULL;
    }
    if (bf && (fl & (DF_FTZ | DF_SAT)) && in->form != PS_F_EX2_HALF) return NULL;
    unsigned hf = ((fl & DF_FTZ) ? PS_HALF_FTZ : 0) | ((fl & DF_SAT) ? PS_HALF_SAT : 0) |
        ((fl & DF_RELU) ? PS_HALF_RELU : 0) | ((fl & DF_NAN) ? PS_HALF_NAN : 0) |
        ((fl & DF_XORSIGN) ? PS_HALF_XORSIGN : 0) | (ps_insn_mod(in, PS_MOD_OOB) ? PS_HALF_OOB : 0);
    d->half_flags = (int32_t)hf;
    bool minmax =
        in->form == PS_F_MIN_F16 || in->form == PS_F_MAX_F16 || in->form == PS_F_MIN_BF16 || in->form == PS_F_MAX_BF16;
    if (!minmax && (fl & (DF_NAN | DF_XORSIGN))) return NULL;
    if ((fl & DF_RELU) && in->form != PS_F_FMA_F16 && in->form != PS_F_FMA_BF16) return NULL;
    if ((hf & PS_HALF_OOB) && in->form != PS_F_FMA_F16 && in->form != PS_F_FMA_BF16) return NULL;
    if ((fl & DF_RELU) && (fl & DF_SAT)) return NULL;
    int op;
    switch (in->form) {
    case PS_F_ADD_F16:
    case PS_F_ADD_BF16: op = OP_ADD; break;
    case PS_F_SUB_F16:
    case PS_F_SUB_BF16: op = OP_SUB; break;
    case PS_F_MUL_F16:
    case PS_F_MUL_BF16: op = OP_MUL; break;
    case PS_F_MIN_F16:
    case PS_F_MIN_BF16: op = OP_MIN; break;
    case PS_F_MAX_F16:
    case PS_F_MAX_BF16: op = OP_MAX; break;
    case PS_F_NEG_F16:
    case PS_F_NEG_BF16: op = OP_NEG; break;
    case PS_F_ABS_F16:
    case PS_F_ABS_BF16: op = OP_ABS; break;
    case PS_F_EX2_HALF:
        /* ex2.approx.f16{x2} (no .ftz); ex2.approx.ftz.bf16{x2} (.ftz required) */
        if (!(fl & DF_APPROX) || (fl & DF_SAT) || bf != ((fl & DF_FTZ) != 0)) return NULL;
        op = OP_EX2;
        break;
    case PS_F_TANH_HALF:
        if (!(fl & DF_APPROX) || (fl & (DF_SAT | DF_FTZ))) return NULL;
        op = OP_TANH;
        break;
    case PS_F_FMA_F16:
    case PS_F_FMA_BF16:
        if (!(fl & DF_HAS_RND) || d->nops != 4) return NULL; /* fma needs .rn */
        d->half_op |= OP_FMA;
        return h_half_fma;
    default: return NULL;
    }
    /* xorsign needs abs and abs alone is not a min/max modifier */
    if (minmax && ((fl & DF_XORSIGN) != 0) != ps_insn_mod(in, PS_MOD_ABS)) return NULL;
    d->half_op |= (uint8_t)op;
    if (op >= OP_NEG) {
        if (d->nops != 2 || (fl & (DF_SAT | DF_HAS_RND))) return NULL;
        return h_half_un;
    }
    if (d->nops != 3) return NULL;
    if (minmax && (fl & (DF_SAT | DF_HAS_RND))) return NULL;
    return h_half_bin;
}
