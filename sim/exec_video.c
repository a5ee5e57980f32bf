/* exec_video.c — the video instructions (PTX ISA 9.7.18): scalar vadd vsub vabsdiff vmin vmax
 * vshl vshr vmad vset with byte/half selectors, saturation, a secondary operation or a merge
 * into c; and the SIMD forms vadd2..vset2, vadd4..vset4 with element selectors, per-element
 * saturation and a merge mask or accumulation into c.
 *
 * sm_50 and later have no video hardware: ptxas emulates these instructions, and where the
 * emulation departs from the ISA's pseudocode this file follows what an H200 computes
 * (tests/data/video, docs/instructions.md "Video instructions"). */
#include <stdio.h>
#include <string.h>

#include "sim_internal.h"

enum { V_ADD, V_SUB, V_ABSDIFF, V_MIN, V_MAX, V_SHL, V_SHR, V_MAD, V_SET, V_AVRG };
enum { OP2_NONE, OP2_ADD, OP2_MIN, OP2_MAX };
enum { C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE };

/* d->video_params: packed parameters */
#define VA_WIDTH(x) ((x)&7)
#define VA_DSIG     (1 << 3)
#define VA_ASIG     (1 << 4)
#define VA_BSIG     (1 << 5)
#define VA_OP2(x)   (((x) >> 6) & 3)
#define VA_CMP(x)   (((x) >> 8) & 7)
#define VA_CLAMP    (1 << 11)
#define VA_WRAP     (1 << 12)
#define VA_PO       (1 << 13)
#define VA_SCALE(x) (((x) >> 14) & 31)
#define VA_NEGP     (1 << 19) /* vmad: the product is negated */
#define VA_NEGC     (1 << 20)
/* d->imm: the operands' selectors as the parser encodes them (PS_SEL_*), a | b << 16 | d << 32 */
#define SEL_A(d)    ((uint16_t)((d)->imm))
#define SEL_B(d)    ((uint16_t)((d)->imm >> 16))
#define SEL_D(d)    ((uint16_t)((d)->imm >> 32))

/* ---- scalar forms -------------------------------------------------------------------------- */

/* The operand's selected byte or half (or the whole word), sign- or zero-extended. */
static inline int64_t part(uint32_t v, uint16_t sel, bool sig) {
    if (!sel) return sig ? (int64_t)(int32_t)v : (int64_t)v;
    unsigned k = PS_SEL_DIGIT(sel, 0);
    if (sel & PS_SEL_BYTE) {
        uint8_t b = (uint8_t)(v >> (8 * k));
        return sig ? (int64_t)(int8_t)b : (int64_t)b;
    }
    uint16_t h = (uint16_t)(v >> (16 * k));
    return sig ? (int64_t)(int16_t)h : (int64_t)h;
}

static inline bool compare(int cmp, int64_t a, int64_t b) {
    switch (cmp) {
    case C_EQ: return a == b;
    case C_NE: return a != b;
    case C_LT: return a < b;
    case C_LE: return a <= b;
    case C_GT: return a > b;
    default: return a >= b;
    }
}

/* .sat for a scalar result other than a shift (measured): signed destinations clamp to their
 * range; a 32-bit unsigned destination only clamps negative results to 0 (results past 2^32
 * wrap); an unsigned byte or half clamps every out-of-range result, negative ones included, to
 * its maximum. (vshl/vshr clamp to the type's 32-bit range both ways, see scalar_one.) */
static inline int64_t scalar_sat(int64_t t, bool sig, uint16_t dsel) {
    int bits = !dsel ? 32 : (dsel & PS_SEL_BYTE) ? 8 : 16;
    if (sig) {
        int64_t hi = ((int64_t)1 << (bits - 1)) - 1, lo = -hi - 1;
        return t < lo ? lo : t > hi ? hi : t;
    }
    if (bits == 32) return t < 0 ? 0 : t;
    int64_t hi = ((int64_t)1 << bits) - 1;
    return (t < 0 || t > hi) ? hi : t;
}

static uint32_t scalar_one(int op, unsigned aux, uint16_t as, uint16_t bs, uint16_t ds, bool sat, uint32_t a,
                           uint32_t b, uint32_t c) {
    bool shift = op == V_SHL || op == V_SHR;
    int64_t x = part(a, as, aux & VA_ASIG), y = part(b, bs, !shift && (aux & VA_BSIG)), t;
    switch (op) {
    case V_ADD: t = x + y; break;
    case V_SUB: t = x - y; break;
    case V_ABSDIFF: t = x > y ? x - y : y - x; break;
    case V_MIN: t = x < y ? x : y; break;
    case V_MAX: t = x > y ? x : y; break;
    case V_SET: t = compare(VA_CMP(aux), x, y); break;
    default: {
        uint64_t n = (uint64_t)y;
        if ((aux & VA_CLAMP) && n > 32) n = 32;
        if (aux & VA_WRAP) n &= 31;
        t = op == V_SHL ? (int64_t)((uint64_t)x << n) : x >> n;
        /* measured: vshl's result wraps to 34 bits, signed, except before .min/.max */
        if (op == V_SHL && VA_OP2(aux) == OP2_NONE) t = (int64_t)((uint64_t)t << 30) >> 30;
    }
    }
    bool dsig = aux & VA_DSIG;
    if (sat && shift) { /* measured: the 32-bit range of the type, whatever the selector */
        int64_t hi = dsig ? INT32_MAX : UINT32_MAX, lo = dsig ? INT32_MIN : 0;
        t = t < lo ? lo : t > hi ? hi : t;
    } else if (sat) {
        t = scalar_sat(t, dsig, ds);
    }
    int op2 = VA_OP2(aux);
    if (op2 != OP2_NONE) {
        bool sg = op == V_SET ? (aux & VA_ASIG) != 0 : dsig; /* vset's result has no type */
        int64_t z = sg ? (int64_t)(int32_t)c : (int64_t)c;
        if (op2 == OP2_ADD) return (uint32_t)(t + z);
        /* measured: vadd/vsub hand their low 32 bits on, sign-extended; the other operations
         * their whole value. The comparison with c is 64-bit, unsigned for a u32 result (a
         * negative value is then above every c). */
        if (op == V_ADD || op == V_SUB) t = (int32_t)(uint32_t)t;
        bool lt = sg ? t < z : (uint64_t)t < (uint64_t)z;
        return (uint32_t)(op2 == OP2_MIN ? (lt ? t : z) : (lt ? z : t));
    }
    if (!ds) return (uint32_t)t;
    /* merge into c: a byte destination takes the result's low byte; a half destination takes
     * the result's half at the same position (measured; the ISA's optMerge does not say) */
    unsigned k = PS_SEL_DIGIT(ds, 0);
    if (ds & PS_SEL_BYTE) {
        uint32_t m = 0xffu << (8 * k);
        return (c & ~m) | (((uint32_t)t << (8 * k)) & m);
    }
    uint32_t m = 0xffffu << (16 * k);
    return (c & ~m) | ((uint32_t)t & m);
}

static void exec_scalar(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]), *B = R(w, d->o[2]);
    const uint64_t *C = d->nops > 3 ? R(w, d->o[3]) : A;
    unsigned aux = (unsigned)d->video_params;
    uint16_t as = SEL_A(d), bs = SEL_B(d), ds = SEL_D(d);
    bool sat = d->flags & DF_SAT;
    int op = d->video_op;
    LANES(w, D[l] = scalar_one(op, aux, as, bs, ds, sat, (uint32_t)A[l], (uint32_t)B[l], (uint32_t)C[l]));
}

/* vmad (measured): whole-word sources are sign-extended whatever their type (selected bytes and
 * halves follow it), c is sign-extended, the sum (64 bits) is scaled at full width: arithmetic
 * shift when a source type is signed, logical when both are unsigned (a negative sum turns into
 * a large positive one); .sat clamps to the signed range when a source type is signed and to
 * [0, 0xffffffff] otherwise. */
static uint32_t vmad_one(unsigned aux, uint16_t as, uint16_t bs, bool sat, uint32_t a, uint32_t b, uint32_t c) {
    __int128 x = as ? part(a, as, aux & VA_ASIG) : (int64_t)(int32_t)a;
    __int128 y = bs ? part(b, bs, aux & VA_BSIG) : (int64_t)(int32_t)b;
    __int128 p = x * y, z = (int32_t)c;
    if (aux & VA_NEGP) p = -p;
    if (aux & VA_NEGC) z = -z;
    __int128 t = p + z + ((aux & VA_PO) ? 1 : 0);
    bool isig = aux & (VA_ASIG | VA_BSIG);
    unsigned sh = VA_SCALE(aux);
    if (isig || !sh) t >>= sh;
    else t = (__int128)((uint64_t)(int64_t)t >> sh); /* |a*b + c + 1| < 2^63 */
    if (sat) {
        __int128 hi = isig ? 0x7fffffff : 0xffffffff, lo = isig ? -0x80000000ll : 0;
        t = t < lo ? lo : t > hi ? hi : t;
    }
    return (uint32_t)t;
}

static void exec_vmad(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]), *B = R(w, d->o[2]), *C = R(w, d->o[3]);
    unsigned aux = (unsigned)d->video_params;
    uint16_t as = SEL_A(d), bs = SEL_B(d);
    bool sat = d->flags & DF_SAT;
    LANES(w, D[l] = vmad_one(aux, as, bs, sat, (uint32_t)A[l], (uint32_t)B[l], (uint32_t)C[l]));
}

/* ---- SIMD forms ------------------------------------------------------------------------------ */

/* Element k (0..7 bytes or 0..3 halves) of the 64-bit pair {b, a}. */
static inline int64_t pair_elem(uint64_t ba, int width, unsigned k, bool sig) {
    if (width == 4) {
        uint8_t e = (uint8_t)(ba >> (8 * k));
        return sig ? (int64_t)(int8_t)e : (int64_t)e;
    }
    uint16_t e = (uint16_t)(ba >> (16 * k));
    return sig ? (int64_t)(int16_t)e : (int64_t)e;
}

/* Element i's source index for a selector whose digits are written most significant first
 * (".b3210": element 3 from byte 3, ... element 0 from byte 0). */
static inline unsigned sel_elem(uint16_t sel, int i) { return PS_SEL_DIGIT(sel, PS_SEL_COUNT(sel) - 1 - (unsigned)i); }

static uint32_t simd_one(int op, unsigned aux, int width, uint16_t as, uint16_t bs, unsigned mask, bool sat, uint32_t a,
                         uint32_t b, uint32_t c) {
    uint64_t ba = (uint64_t)b << 32 | a;
    int bits = 32 / width;
    int64_t hi = (aux & VA_DSIG) ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
    int64_t lo = (aux & VA_DSIG) ? -hi - 1 : 0;
    uint32_t emask = width == 4 ? 0xffu : 0xffffu, merged = 0;
    int64_t acc = (aux & VA_DSIG) ? (int64_t)(int32_t)c : (int64_t)c;
    for (int i = 0; i < width; i++) {
        int64_t x = pair_elem(ba, width, sel_elem(as, i), aux & VA_ASIG);
        int64_t y = pair_elem(ba, width, sel_elem(bs, i), aux & VA_BSIG), t;
        switch (op) {
        case V_ADD: t = x + y; break;
        case V_SUB: t = x - y; break;
        case V_AVRG: t = (x + y >= 0) ? (x + y + 1) >> 1 : (x + y) >> 1; break;
        case V_ABSDIFF: t = x > y ? x - y : y - x; break;
        case V_MIN: t = x < y ? x : y; break;
        case V_MAX: t = x > y ? x : y; break;
        default: t = compare(VA_CMP(aux), x, y); break;
        }
        if (sat) t = t < lo ? lo : t > hi ? hi : t;
        bool on = mask >> i & 1;
        if (on) acc += t;
        uint32_t e = on ? (uint32_t)t & emask : (c >> (bits * i)) & emask;
        merged |= e << (bits * i);
    }
    return VA_OP2(aux) == OP2_ADD ? (uint32_t)acc : merged;
}

static void exec_simd(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]), *B = R(w, d->o[2]), *C = R(w, d->o[3]);
    unsigned aux = (unsigned)d->video_params;
    int width = (int)VA_WIDTH(aux), op = d->video_op;
    uint16_t as = SEL_A(d), bs = SEL_B(d), ms = SEL_D(d);
    unsigned mask = 0;
    for (unsigned k = 0; k < PS_SEL_COUNT(ms); k++) mask |= 1u << PS_SEL_DIGIT(ms, k);
    bool sat = d->flags & DF_SAT;
    LANES(w, D[l] = simd_one(op, aux, width, as, bs, mask, sat, (uint32_t)A[l], (uint32_t)B[l], (uint32_t)C[l]));
}

/* ---- selection -------------------------------------------------------------------------------- */

static uint16_t make_sel(bool half, const char *digits) {
    unsigned v = half ? PS_SEL_HALF : PS_SEL_BYTE, n = (unsigned)strlen(digits);
    for (unsigned k = 0; k < n; k++) v |= (unsigned)(digits[k] - '0') << (3 * k);
    return (uint16_t)(v | (n - 1) << 12);
}

#define WHY(...) (snprintf(why, len, __VA_ARGS__), (ps_exec_fn)NULL)

/* A scalar selector: .b0-.b3 or .h0/.h1. */
static bool scalar_sel_ok(uint16_t s) {
    if (!s) return true;
    if (PS_SEL_COUNT(s) != 1) return false;
    return (s & PS_SEL_BYTE) ? PS_SEL_DIGIT(s, 0) <= 3 : PS_SEL_DIGIT(s, 0) <= 1;
}

/* A SIMD source selector: .bxyzw (digits 0-7) for 4-way, .hxy (digits 0-3) for 2-way. */
static bool simd_sel_ok(uint16_t s, int width) {
    return (width == 4 ? (s & PS_SEL_BYTE) : (s & PS_SEL_HALF)) && PS_SEL_COUNT(s) == (unsigned)width;
}

/* A SIMD mask: distinct element numbers below the width, written in descending order. */
static bool simd_mask_ok(uint16_t s, int width) {
    if (!(width == 4 ? (s & PS_SEL_BYTE) : (s & PS_SEL_HALF))) return false;
    unsigned n = PS_SEL_COUNT(s);
    for (unsigned k = 0; k < n; k++) {
        unsigned v = PS_SEL_DIGIT(s, k);
        if (v >= (unsigned)width || (k && v >= PS_SEL_DIGIT(s, k - 1))) return false;
    }
    return n > 0;
}

ps_exec_fn ps_select_video(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    static const struct {
        ps_form f;
        int op, width;
    } tab[] = {{PS_F_VADD, V_ADD, 1},          {PS_F_VSUB, V_SUB, 1},          {PS_F_VABSDIFF, V_ABSDIFF, 1},
               {PS_F_VMIN, V_MIN, 1},          {PS_F_VMAX, V_MAX, 1},          {PS_F_VSHL, V_SHL, 1},
               {PS_F_VSHR, V_SHR, 1},          {PS_F_VMAD, V_MAD, 1},          {PS_F_VSET, V_SET, 1},
               {PS_F_VADD2, V_ADD, 2},         {PS_F_VSUB2, V_SUB, 2},         {PS_F_VAVRG2, V_AVRG, 2},
               {PS_F_VABSDIFF2, V_ABSDIFF, 2}, {PS_F_VMIN2, V_MIN, 2},         {PS_F_VMAX2, V_MAX, 2},
               {PS_F_VSET2, V_SET, 2},         {PS_F_VADD4, V_ADD, 4},         {PS_F_VSUB4, V_SUB, 4},
               {PS_F_VAVRG4, V_AVRG, 4},       {PS_F_VABSDIFF4, V_ABSDIFF, 4}, {PS_F_VMIN4, V_MIN, 4},
               {PS_F_VMAX4, V_MAX, 4},         {PS_F_VSET4, V_SET, 4}};
    int op = -1, width = 0;
    for (size_t i = 0; i < PS_ARRAY_LEN(tab); i++)
        if (tab[i].f == in->form) op = tab[i].op, width = tab[i].width;
    if (op < 0) return NULL;
    const char *mn = in->info->mnemonic;
    bool set = op == V_SET, sat = d->flags & DF_SAT;
    int ntypes = set ? 2 : 3;
    if (in->ntypes != ntypes)
        return WHY("'%s' needs %d types (%s), %d given", mn, ntypes, set ? ".atype.btype" : ".dtype.atype.btype",
                   in->ntypes);
    for (int i = 0; i < ntypes; i++)
        if (in->types[i] != PS_T_U32 && in->types[i] != PS_T_S32) return WHY("'%s' types must be .u32 or .s32", mn);
    if ((op == V_SHL || op == V_SHR) && in->types[2] != PS_T_U32)
        return WHY("'%s' takes an unsigned shift amount: its third type must be .u32", mn);
    unsigned aux = (unsigned)width;
    if (set) {
        aux |= (in->types[0] == PS_T_S32 ? VA_ASIG : 0) | (in->types[1] == PS_T_S32 ? VA_BSIG : 0);
    } else {
        aux |= (in->types[0] == PS_T_S32 ? VA_DSIG : 0) | (in->types[1] == PS_T_S32 ? VA_ASIG : 0) |
            (in->types[2] == PS_T_S32 ? VA_BSIG : 0);
    }
    /* The video rows list their comparisons (.eq .. .ge: CMP's first six, in VA_CMP's order) and
     * secondary operations (.add .min .max: REDOP's first three, OP2_* - 1) one by one, so counting
     * them is the selector's: vset needs one comparison, the others none, and one operation at most. */
    if (set != (ps_insn_group_count(in, PS_MG_CMP) == 1))
        return set ? WHY("'%s' needs one comparison (.eq .ne .lt .le .gt .ge)", mn)
                   : WHY("'%s' takes no comparison", mn);
    if (set) aux |= (unsigned)ps_insn_group_index(in, PS_MG_CMP) << 8;
    if (ps_insn_group_count(in, PS_MG_REDOP) > 1) return WHY("'%s' takes at most one secondary operation", mn);
    int op2 = ps_insn_group_index(in, PS_MG_REDOP) + 1; /* OP2_NONE without one */
    aux |= (unsigned)op2 << 6;
    if (op == V_SHL || op == V_SHR) {
        int clamp = ps_insn_group_index(in, PS_MG_CLAMP); /* CLAMP (forms.def): .clamp 0, .wrap 1 */
        if (clamp < 0) return WHY("'%s' needs exactly one of .clamp and .wrap", mn);
        aux |= clamp == 0 ? VA_CLAMP : VA_WRAP;
    }
    const ps_operand *o = in->ops;
    uint16_t ds = o[0].sel, as = in->nops > 1 ? o[1].sel : 0, bs = in->nops > 2 ? o[2].sel : 0;
    if (in->nops > 3 && o[3].sel) return WHY("'%s': operand c takes no selector", mn);
    if (o[0].kind != PS_OP_REG) return WHY("'%s': the destination must be a register", mn);
    for (int i = 1; i < in->nops; i++)
        if (o[i].kind != PS_OP_REG && o[i].kind != PS_OP_IMM)
            return WHY("'%s' sources must be registers or integer immediates", mn);
    if (width == 1 && op != V_MAD) {
        if (!scalar_sel_ok(ds) || !scalar_sel_ok(as) || !scalar_sel_ok(bs))
            return WHY("'%s' selectors must be .b0, .b1, .b2, .b3, .h0 or .h1", mn);
        if (op2 && (in->nops != 4 || ds))
            return WHY("'%s' with a secondary operation takes d, a, b, c (no destination selector)", mn);
        if (!op2 && (in->nops == 4) != (ds != 0))
            return WHY("'%s': a merge needs both a destination selector and operand c", mn);
        d->imm = (int64_t)((uint64_t)as | (uint64_t)bs << 16 | (uint64_t)ds << 32);
        d->video_params = (int32_t)aux;
        d->video_op = (uint8_t)op;
        return exec_scalar;
    }
    if (op == V_MAD) {
        if (!scalar_sel_ok(as) || !scalar_sel_ok(bs) || ds)
            return WHY("'vmad' selectors must be .b0-.b3 or .h0/.h1 on a and b");
        bool na = o[1].minus, nb = o[2].minus, nc = o[3].minus;
        if ((na != nb) && nc) return WHY("'vmad': operand negation limited to either (a xor b) or c");
        bool po = ps_insn_mod(in, PS_MOD_PO);
        if (po && (na || nb || nc)) return WHY("'vmad.po' does not take negated operands");
        static const unsigned shift[] = {0, 7, 15}; /* VSHIFT (one at most): none, .shr7, .shr15 */
        aux |= (po ? VA_PO : 0) | (na != nb ? VA_NEGP : 0) | (nc ? VA_NEGC : 0) |
            shift[ps_insn_group_index(in, PS_MG_VSHIFT) + 1] << 14;
        d->imm = (int64_t)((uint64_t)as | (uint64_t)bs << 16);
        d->video_params = (int32_t)aux;
        return exec_vmad;
    }
    /* SIMD */
    if (in->nops != 4) return WHY("'%s' takes d, a, b, c", mn);
    if (op2 == OP2_MIN || op2 == OP2_MAX) return WHY("'%s' takes only .add as secondary operation", mn);
    if (op2 == OP2_ADD && sat) return WHY("'%s': .sat cannot be combined with .add", mn);
    if (!as) as = make_sel(width == 2, width == 4 ? "3210" : "10");
    if (!bs) bs = make_sel(width == 2, width == 4 ? "7654" : "32");
    if (!ds) ds = make_sel(width == 2, width == 4 ? "3210" : "10");
    if (!simd_sel_ok(as, width) || !simd_sel_ok(bs, width))
        return WHY("'%s' source selectors must be %s", mn,
                   width == 4 ? ".bxyzw with digits 0-7" : ".hxy with digits 0-3");
    if (!simd_mask_ok(ds, width))
        return WHY("'%s' destination mask must be %s", mn,
                   width == 4 ? "bytes in descending order, e.g. .b3210, .b20, .b1" : ".h0, .h1 or .h10");
    d->imm = (int64_t)((uint64_t)as | (uint64_t)bs << 16 | (uint64_t)ds << 32);
    d->video_params = (int32_t)aux;
    d->video_op = (uint8_t)op;
    return exec_simd;
}
