/* exec_cvt.c — cvt between u8..u64, s8..s64, f16, bf16, tf32, f32 and f64, and the packed
 * cvt.{f16x2,bf16x2}.f32 d, a, b (PTX ISA 9.7.9.21); numerics through fp.h's ps_cvt.
 *
 * Destination width: the ISA lets cvt write a register wider than its type and then "the
 * result of conversion is sign-extended to the destination register width for signed
 * integers, and is zero-extended ... for unsigned, bit-size, and floating-point types"
 * (9.7.9.21 Notes, 9.4.1). A handler does not know the register's declared width, so signed
 * integer results are sign-extended to all 64 bits of the slot: every reader truncates to its
 * own width, so each register width sees exactly what the ISA prescribes. */
#include "fp_half.h"
#include "sim_internal.h"

/* Sign- or zero-extension of the low (64 - sh) bits; sh in 0..56. */
static inline uint64_t sx(uint64_t v, unsigned sh) { return (uint64_t)((int64_t)(v << sh) >> sh); }
static inline uint64_t zx(uint64_t v, unsigned sh) { return v << sh >> sh; }

/* d->cvt_params: dtype | atype << 8 | ps_cvt flags << 16 (generic path and f16x2/bf16x2
 * pairs); d->sext_shift: sign-extension shift of the result. */
#define CVT_DT(d) ((ps_cvt_type)((d)->cvt_params & 0xff))
#define CVT_AT(d) ((ps_cvt_type)(((d)->cvt_params >> 8) & 0xff))
#define CVT_FL(d) ((unsigned)(d)->cvt_params >> 16)

static void h_cvt(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]);
    ps_cvt_type dt = CVT_DT(d), at = CVT_AT(d);
    unsigned fl = CVT_FL(d), sh = d->sext_shift;
    ps_rnd r = (ps_rnd)d->rnd;
    LANES(w, rd[l] = sx(ps_cvt(dt, at, ra[l], r, fl), sh));
}

/* Integer to integer without .sat: extend the source by its signedness, then keep the
 * destination's bits and extend them by its signedness (two's-complement wrap).
 * d->ext_shifts: the source's extension shift | the destination's << 8. */
#define DEF_CVT_II(name, SRC, DST)                                                                \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                                   \
        uint64_t *rd = R(w, d->o[0]);                                                             \
        const uint64_t *ra = R(w, d->o[1]);                                                       \
        unsigned sa = (unsigned)d->ext_shifts & 0xff;                                             \
        unsigned sd = (unsigned)(d->ext_shifts >> 8) & 0xff;                                      \
        if (w->exec == FULL_MASK) { /* lane l reads only lane l: vectorised even when rd == ra */ \
            PS_IVDEP PS_UNROLL8 for (int l = 0; l < WARP; l++) rd[l] = DST(SRC(ra[l], sa), sd);   \
            return;                                                                               \
        }                                                                                         \
        LANES(w, rd[l] = DST(SRC(ra[l], sa), sd));                                                \
    }
DEF_CVT_II(h_cvt_uu, zx, zx)
DEF_CVT_II(h_cvt_us, zx, sx)
DEF_CVT_II(h_cvt_su, sx, zx)
DEF_CVT_II(h_cvt_ss, sx, sx)

/* cvt.f32.f32 and cvt.f64.f64 without modifiers copy the bits: an H200 keeps NaN payloads
 * there (0x7fa00001 stays 0x7fa00001), whereas .ftz/.sat/.rni go through ps_cvt. */
static void h_cvt_copy32(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]);
    LANES(w, rd[l] = (uint32_t)ra[l]);
}
static void h_cvt_copy64(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]);
    LANES(w, rd[l] = ra[l]);
}

/* cvt.frnd2{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b: d[31:16] = cvt(a), d[15:0] = cvt(b). */
static void h_cvt_x2(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]);
    ps_cvt_type dt = CVT_DT(d);
    unsigned fl = CVT_FL(d);
    ps_rnd r = (ps_rnd)d->rnd;
    LANES(w, rd[l] = ps_cvt(dt, PS_CVT_F32, ra[l], r, fl) << 16 | ps_cvt(dt, PS_CVT_F32, rb[l], r, fl));
}

/* fp8 pairs (ISA 9.7.9.21; numerics in fp_half.c). d->fp8_fmt: the format; d->relu: .relu.
 * cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 d, a, b: d[15:8] = cvt(a), d[7:0] = cvt(b). */
static void h_cvt_f8x2_f32(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]);
    ps_fp8_fmt f = (ps_fp8_fmt)d->fp8_fmt;
    bool relu = d->relu & 1;
    LANES(w,
          rd[l] = (uint64_t)ps_fp8_from_f32(f, (uint32_t)ra[l], relu) << 8 | ps_fp8_from_f32(f, (uint32_t)rb[l], relu));
}
/* cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 d, a: each half of a to the byte in its place. */
static void h_cvt_f8x2_f16x2(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]);
    ps_fp8_fmt f = (ps_fp8_fmt)d->fp8_fmt;
    bool relu = d->relu & 1;
    LANES(w,
          rd[l] = (uint64_t)ps_fp8_from_f16(f, (uint16_t)(ra[l] >> 16), relu) << 8 |
              ps_fp8_from_f16(f, (uint16_t)ra[l], relu));
}
/* cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} d, a: each byte of a to the f16 in its place (exact). */
static void h_cvt_f16x2_f8x2(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]);
    ps_fp8_fmt f = (ps_fp8_fmt)d->fp8_fmt;
    bool relu = d->relu & 1;
    LANES(w,
          rd[l] =
              (uint64_t)ps_fp8_to_f16(f, (uint8_t)(ra[l] >> 8), relu) << 16 | ps_fp8_to_f16(f, (uint8_t)ra[l], relu));
}

static ps_exec_fn select_fp8(ps_dinsn *d) {
    bool to8 = d->type == PS_T_E4M3X2 || d->type == PS_T_E5M2X2;
    int f8 = to8 ? d->type : d->type2;
    if (f8 != PS_T_E4M3X2 && f8 != PS_T_E5M2X2) return NULL;
    if (!(d->flags & DF_HAS_RND) || d->rnd != PS_RND_RN ||
        (d->flags & ~(uint32_t)(DF_HAS_RND | DF_RELU | DF_SATFINITE)))
        return NULL;
    d->fp8_fmt = (uint8_t)(f8 == PS_T_E4M3X2 ? PS_FP8_E4M3 : PS_FP8_E5M2);
    d->relu = (d->flags & DF_RELU) ? 1 : 0;
    if (!to8) /* cvt.rn{.relu}.f16x2.f8x2type: no .satfinite */
        return d->type == PS_T_F16X2 && d->nops == 2 && !(d->flags & DF_SATFINITE) ? h_cvt_f16x2_f8x2 : NULL;
    if (!(d->flags & DF_SATFINITE)) return NULL; /* .satfinite is required towards fp8 */
    if (d->type2 == PS_T_F32 && d->nops == 3) return h_cvt_f8x2_f32;
    if (d->type2 == PS_T_F16X2 && d->nops == 2) return h_cvt_f8x2_f16x2;
    return NULL;
}

/* cvt.pack.sat.{u16,s16}.s32 d, a, b: d = sat(a) << 16 | sat(b);
 * cvt.pack.sat.{u8,s8,u4,s4}.s32.b32 d, a, b, c: d = c << 2w | sat(a) << w | sat(b), w the
 * width of the converted type (ISA 9.7.9.22). d->item_bits: w; d->is_signed: 1 if signed. */
static inline uint32_t pack_sat(int32_t v, unsigned w, bool sgn) {
    int32_t lo = sgn ? -(1 << (w - 1)) : 0, hi = sgn ? (1 << (w - 1)) - 1 : (int32_t)((1u << w) - 1);
    v = v < lo ? lo : v > hi ? hi : v;
    return (uint32_t)v & ((1u << w) - 1);
}
static void h_cvt_pack(ps_warp *w, const ps_dinsn *d) {
    uint64_t *rd = R(w, d->o[0]);
    const uint64_t *ra = R(w, d->o[1]), *rb = R(w, d->o[2]);
    const uint64_t *rc = d->nops == 4 ? R(w, d->o[3]) : NULL;
    unsigned wd = d->item_bits;
    bool sgn = d->is_signed & 1;
    LANES(w,
          rd[l] = (uint32_t)((rc ? (uint32_t)rc[l] << (2 * wd) : 0) | pack_sat((int32_t)ra[l], wd, sgn) << wd |
                             pack_sat((int32_t)rb[l], wd, sgn)));
}
ps_exec_fn ps_select_cvt_pack(const ps_insn *in, ps_dinsn *d) {
    int t = d->type;
    unsigned wd = t == PS_T_U16 || t == PS_T_S16 ? 16
        : t == PS_T_U8 || t == PS_T_S8           ? 8
        : t == PS_T_U4 || t == PS_T_S4           ? 4
        : t == PS_T_U2 || t == PS_T_S2           ? 2
                                                 : 0;
    if (!wd || !(d->flags & DF_SAT) || (d->flags & ~(uint32_t)DF_SAT) || d->type2 != PS_T_S32) return NULL;
    if (wd == 16 ? (d->nops != 3 || in->ntypes != 2) : (d->nops != 4 || in->ntypes != 3 || in->types[2] != PS_T_B32))
        return NULL;
    d->item_bits = (uint8_t)wd;
    d->is_signed = t == PS_T_S16 || t == PS_T_S8 || t == PS_T_S4 || t == PS_T_S2;
    return h_cvt_pack;
}

static int cvt_type(int t) {
    switch (t) {
    case PS_T_U8: return PS_CVT_U8;
    case PS_T_U16: return PS_CVT_U16;
    case PS_T_U32: return PS_CVT_U32;
    case PS_T_U64: return PS_CVT_U64;
    case PS_T_S8: return PS_CVT_S8;
    case PS_T_S16: return PS_CVT_S16;
    case PS_T_S32: return PS_CVT_S32;
    case PS_T_S64: return PS_CVT_S64;
    case PS_T_F16: return PS_CVT_F16;
    case PS_T_BF16: return PS_CVT_BF16;
    case PS_T_TF32: return PS_CVT_TF32;
    case PS_T_F32: return PS_CVT_F32;
    case PS_T_F64: return PS_CVT_F64;
    default: return -1;
    }
}
static bool cvt_is_int(int c) { return c >= PS_CVT_U8 && c <= PS_CVT_S64; }
static bool cvt_is_signed(int c) { return c >= PS_CVT_S8 && c <= PS_CVT_S64; }

static unsigned cvt_flags(const ps_dinsn *d) {
    unsigned f = 0;
    if (d->flags & DF_FTZ) f |= PS_CVT_FTZ;
    if (d->flags & DF_SAT) f |= PS_CVT_SAT;
    if (d->flags & DF_RELU) f |= PS_CVT_RELU;
    if (d->flags & DF_SATFINITE) f |= PS_CVT_SATFINITE;
    return f;
}

ps_exec_fn ps_select_cvt(const ps_insn *in, ps_dinsn *d) {
    unsigned fl = cvt_flags(d);
    if ((d->flags & DF_HAS_RND) && d->rnd > PS_RND_RNA) return NULL;
    ps_exec_fn f8 = select_fp8(d);
    if (f8) return f8;
    if (d->type == PS_T_F16X2 || d->type == PS_T_BF16X2) {
        if (d->type2 != PS_T_F32 || d->nops != 3 || (d->flags & (DF_INTEGRAL | DF_FTZ | DF_SAT)) ||
            (d->rnd != PS_RND_RN && d->rnd != PS_RND_RZ))
            return NULL;
        d->cvt_params = (int32_t)((d->type == PS_T_F16X2 ? PS_CVT_F16 : PS_CVT_BF16) | fl << 16);
        return h_cvt_x2;
    }
    int dt = cvt_type(d->type), at = cvt_type(d->type2);
    if (dt < 0 || at < 0 || d->nops != 2) return NULL;
    int dw = ps_cvt_type_bits((ps_cvt_type)dt), aw = ps_cvt_type_bits((ps_cvt_type)at);
    bool dint = cvt_is_int(dt), aint = cvt_is_int(at);
    if (dint && aint && !(fl & PS_CVT_SAT)) {
        static const ps_exec_fn f[2][2] = {{h_cvt_uu, h_cvt_us}, {h_cvt_su, h_cvt_ss}};
        d->ext_shifts = (int32_t)((64 - aw) | (64 - dw) << 8);
        return f[cvt_is_signed(at)][cvt_is_signed(dt)];
    }
    if (dt == at && (dt == PS_CVT_F32 || dt == PS_CVT_F64) && !fl && !(d->flags & (DF_INTEGRAL | DF_HAS_RND)))
        return dt == PS_CVT_F32 ? h_cvt_copy32 : h_cvt_copy64;
    if (d->flags & DF_INTEGRAL) {
        /* .rni/.rzi/.rmi/.rpi: float -> int, or same-size float -> float rounded to an integer */
        if (aint || (!dint && dw != aw)) return NULL;
        if (!dint) fl |= PS_CVT_INTEGRAL;
    } else if (!dint && !aint && (d->flags & DF_HAS_RND) == 0) {
        d->rnd = PS_RND_RN; /* widening or same-size: exact, the mode is unused */
    } else if (dint && !aint && (d->flags & DF_HAS_RND) == 0) {
        d->rnd = PS_RND_RZ; /* legacy float -> int without .irnd truncates, as C does */
    }
    d->cvt_params = (int32_t)(dt | at << 8 | fl << 16);
    d->sext_shift = (uint8_t)(cvt_is_signed(dt) ? 64 - dw : 0);
    return h_cvt;
}
