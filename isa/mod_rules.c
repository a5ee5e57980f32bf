/* mod_rules.c — the ISA's rules on modifier combinations of the arithmetic families, as ptxas 13 applies them (isa.h).
 *
 * Found by giving ptxas every combination of the modifiers each form takes (one instruction a
 * line, for every target and .version of scripts/ptxas_diff/common.py) and checked since by the
 * campaign's families float, half and cvt (scripts/ptxas_diff/fam_*.py). The messages are ptxas's.
 *
 * forms.def states the group rules, and isa.c checks them before these (ps_isa_groups_unsupported):
 * one rounding at most (ROUND and IROUND count together: .rn.rzi is two), and a rounding required
 * where the row writes ROUND! (fma, div.f64, sqrt.f64), the half-precision fma's .rn or .rz (RN!
 * RNRZ!) with .relu not with .sat and .ftz not with .oob (RELU_SAT FTZ_OOB). What stays here
 * depends on the types or on rows that take part of a group: cvt's required rounding (float to
 * integer needs an IROUND member, integer to float a ROUND one, a float pair the combinations of
 * cvt_forms.def), rcp's "rounding or .approx" (one row for f32 and f64, only f64 needs it), and
 * which rounding each type takes (.rna, .rs, the integral ones on the same float type). Repeated
 * words (.rn.rn) are read from the text (repeated below): the modifier set cannot show them. */
#include <stdio.h>
#include <string.h>

#include "isa.h"

#define FAIL(...) (snprintf(buf, buflen, __VA_ARGS__), buf)

static bool has(const ps_modset *m, ps_mod x) { return ps_modset_has(m, x); }

static const ps_mod FLOAT_ROUND[] = {PS_MOD_RN, PS_MOD_RZ, PS_MOD_RM, PS_MOD_RP, PS_MOD_RNA, PS_MOD_RS};
static const ps_mod INT_ROUND[] = {PS_MOD_RNI, PS_MOD_RZI, PS_MOD_RMI, PS_MOD_RPI};

static int count_of(const ps_modset *m, const ps_mod *set, size_t n) {
    int c = 0;
    for (size_t i = 0; i < n; i++) c += has(m, set[i]);
    return c;
}
static int float_roundings(const ps_modset *m) { return count_of(m, FLOAT_ROUND, PS_ARRAY_LEN(FLOAT_ROUND)); }
static int int_roundings(const ps_modset *m) { return count_of(m, INT_ROUND, PS_ARRAY_LEN(INT_ROUND)); }
/* .rn .rz .rm .rp: the IEEE directions */
static bool ieee_rounding(const ps_modset *m) {
    return has(m, PS_MOD_RN) || has(m, PS_MOD_RZ) || has(m, PS_MOD_RM) || has(m, PS_MOD_RP);
}

/* A feature that needs a target and a PTX ISA version (ptxas's "Feature '...' requires ...", the
 * target first when both are missing). */
static const char *feature(const char *what, int need_ptx, int need_sm, const ps_arch *arch, int ptx, char *buf,
                           size_t buflen) {
    if (arch && arch->sm < need_sm) return FAIL("Feature '%s' requires .target sm_%d or higher", what, need_sm);
    if (ptx && ptx < need_ptx)
        return FAIL("Feature '%s' requires PTX ISA .version %d.%d or later", what, need_ptx / 10, need_ptx % 10);
    return NULL;
}

/* min/max: .xorsign and .abs come together; .nan is a comparison, the modifier is spelled .NaN. */
static const char *minmax_pairs(const char *mn, const ps_modset *mods, char *buf, size_t buflen) {
    if (has(mods, PS_MOD_NAN)) return FAIL("Comparison qualifier is not allowed for instruction '%s'", mn);
    if (has(mods, PS_MOD_XORSIGN) && !has(mods, PS_MOD_ABS))
        return FAIL("Modifier '.xorsign' requires modifier '.abs'");
    if (has(mods, PS_MOD_ABS) && !has(mods, PS_MOD_XORSIGN))
        return FAIL("Modifier '.abs' requires modifier '.xorsign'");
    return NULL;
}

/* f32 and f64 arithmetic (PTX ISA 9.7.3). */
static const char *float_rules(ps_form form, ps_type t, int ntypes, const ps_modset *mods, int nops,
                               const ps_arch *arch, int ptx, char *buf, size_t buflen) {
    const char *mn = ps_form_get(form)->mnemonic;
    bool f64 = t == PS_T_F64, approx = has(mods, PS_MOD_APPROX);
    if (has(mods, PS_MOD_RS)) return FAIL("Illegal modifier '.rs' for instruction '%s'", mn);
    if (ntypes > 1) return NULL; /* the mixed-precision forms: half_mixed_rules */
    switch (form) {
    case PS_F_ADD_FLT:
    case PS_F_SUB_FLT:
    case PS_F_MUL_FLT:
    case PS_F_FMA_FLT:
    case PS_F_MAD_FLT:
        if (has(mods, PS_MOD_RNA)) return FAIL("Illegal rounding modifier for instruction '%s'", mn);
        return NULL; /* fma's rounding: ROUND! */
    case PS_F_DIV_FLT:
    case PS_F_RCP:
    case PS_F_SQRT: {
        bool rcp = form == PS_F_RCP, rnd = ieee_rounding(mods);
        if (approx && (rnd || has(mods, PS_MOD_RNA)))
            return FAIL("Rounding modifier or '.approx' modifier required for instruction '%s'", mn);
        if (has(mods, PS_MOD_FULL) && approx) return FAIL("Unknown modifier '.full'");
        if (has(mods, PS_MOD_FULL) && (rnd || has(mods, PS_MOD_RNA)))
            return FAIL("Illegal rounding modifier for instruction 'div.full'");
        if (!f64) return has(mods, PS_MOD_RNA) ? FAIL("Illegal rounding modifier for instruction '%s'", mn) : NULL;
        if (has(mods, PS_MOD_RNA)) return FAIL("Illegal rounding modifier for instruction '%s'", mn);
        if (rcp && approx && !has(mods, PS_MOD_FTZ))
            return FAIL("'.ftz' modifier required for instruction 'rcp.approx.f64'");
        if (rcp && !rnd && !approx) /* div.f64 and sqrt.f64: ROUND! */
            return FAIL("Rounding modifier or '.approx' modifier required for instruction 'rcp'");
        return NULL;
    }
    case PS_F_RSQRT:
    case PS_F_SIN:
    case PS_F_COS:
    case PS_F_LG2:
    case PS_F_EX2:
    case PS_F_TANH:
        if (!approx) return FAIL(".approx modifier required for instruction '%s'", mn);
        return NULL;
    case PS_F_MIN_FLT:
    case PS_F_MAX_FLT: {
        if (nops == 4) { /* three sources: .abs alone, no .xorsign */
            if (has(mods, PS_MOD_XORSIGN)) return FAIL("Illegal modifier '.xorsign' for instruction '%s'", mn);
            if (has(mods, PS_MOD_NAN)) return FAIL("Comparison qualifier is not allowed for instruction '%s'", mn);
            char what[40];
            snprintf(what, sizeof what, "%s.f32 with 3 input operands", mn);
            return feature(what, 88, 100, arch, ptx, buf, buflen);
        }
        if (minmax_pairs(mn, mods, buf, buflen)) return buf;
        return has(mods, PS_MOD_XORSIGN) ? feature(".abs", 72, 86, arch, ptx, buf, buflen) : NULL;
    }
    default: return NULL;
    }
}

/* add/sub/fma .f32.f16 and .f32.bf16: the mixed-precision forms (PTX ISA 8.6, sm_100). */
static const char *half_mixed_rules(ps_form form, const ps_type *types, const ps_modset *mods, const ps_arch *arch,
                                    int ptx, char *buf, size_t buflen) {
    const char *mn = ps_form_get(form)->mnemonic;
    bool half = types[1] == PS_T_F16 || types[1] == PS_T_BF16;
    if (types[0] != PS_T_F32 || !half || (form != PS_F_ADD_FLT && form != PS_F_SUB_FLT && form != PS_F_FMA_FLT))
        return FAIL("Unexpected instruction types specified for '%s'", mn);
    if (has(mods, PS_MOD_RNA)) return FAIL("Illegal rounding modifier for instruction '%s'", mn);
    if (has(mods, PS_MOD_FTZ)) return FAIL("Illegal modifier '.ftz' for instruction '%s'", mn);
    char what[40];
    snprintf(what, sizeof what, "%s.f32.%s", mn, ps_type_name(types[1]));
    return feature(what, 86, 100, arch, ptx, buf, buflen);
}

/* f16, f16x2, bf16, bf16x2 arithmetic (PTX ISA 9.7.4). */
static const char *half_rules(ps_form form, ps_type t, const ps_modset *mods, char *buf, size_t buflen) {
    const char *mn = ps_form_get(form)->mnemonic;
    bool bf = t == PS_T_BF16 || t == PS_T_BF16X2;
    switch (form) { /* fma's rounding and .relu without .sat: RN! RNRZ! RELU_SAT (forms.def) */
    case PS_F_MIN_F16:
    case PS_F_MAX_F16:
    case PS_F_MIN_BF16:
    case PS_F_MAX_BF16: return minmax_pairs(mn, mods, buf, buflen);
    case PS_F_EX2_HALF:
        if (!has(mods, PS_MOD_APPROX))
            return bf ? FAIL(".approx modifier required for instruction '%s'", mn)
                      : FAIL("Rounding modifier or '.approx' modifier required for instruction '%s'", mn);
        if (bf && !has(mods, PS_MOD_FTZ))
            return FAIL(".ftz modifier required for instruction 'ex2.%s'", ps_type_name(t));
        return NULL;
    case PS_F_TANH_HALF:
        if (!has(mods, PS_MOD_APPROX))
            return bf ? FAIL(".approx modifier required for instruction '%s'", mn)
                      : FAIL("Rounding modifier or '.approx' modifier required for instruction '%s'", mn);
        return NULL;
    default: return NULL;
    }
}

static bool is_int(ps_type t) {
    ps_type_kind k = ps_type_kind_of(t);
    return (k == TK_UINT || k == TK_SINT) && ps_type_size(t) >= 1 && t != PS_T_S4 && t != PS_T_U4 && t != PS_T_S2 &&
        t != PS_T_U2;
}
static bool is_scalar_float(ps_type t) {
    return t == PS_T_F16 || t == PS_T_BF16 || t == PS_T_TF32 || t == PS_T_F32 || t == PS_T_F64;
}

/* Can every value of integer type a be written in integer type d? Then cvt.sat means nothing and
 * ptxas refuses it. */
static bool int_range_within(ps_type d, ps_type a) {
    bool ds = ps_type_kind_of(d) == TK_SINT, as = ps_type_kind_of(a) == TK_SINT;
    int dw = ps_type_size(d), aw = ps_type_size(a);
    if (as && !ds) return false;
    return ds == as ? dw >= aw : dw > aw;
}

/* cvt with an integer type, and cvt between two equal float types (PTX ISA 9.7.9.21); the float
 * pairs are cvt_forms.def's (ps_isa_cvt_unsupported). */
static const char *cvt_rules(const ps_type *types, int ntypes, const ps_modset *mods, int nops, const ps_arch *arch,
                             int ptx, char *buf, size_t buflen) {
    if (ntypes != 2) return NULL;
    ps_type d = types[0], a = types[1];
    bool di = is_int(d), ai = is_int(a), df = is_scalar_float(d), af = is_scalar_float(a);
    if (!(di || df) || !(ai || af) || (df && af && d != a)) return NULL;
    int fr = float_roundings(mods), ir = int_roundings(mods);
    if (has(mods, PS_MOD_RS)) return FAIL("Illegal modifier '.rs' for instruction 'cvt'");
    if (has(mods, PS_MOD_RELU) && has(mods, PS_MOD_SAT))
        return FAIL("Modifier '.relu' cannot be combined with modifier '.sat'");
    if (has(mods, PS_MOD_SATFINITE) && has(mods, PS_MOD_SAT))
        return FAIL("Modifier '.satfinite' cannot be combined with modifier '.sat'");
    /* (bf16 with u8/s8 wants an 8-bit register on the 8-bit side: validate_mods.c) */
    if (d == PS_T_TF32 || a == PS_T_TF32 || has(mods, PS_MOD_RELU) || has(mods, PS_MOD_SATFINITE))
        return FAIL("Unexpected instruction types specified for 'cvt'");
    if (nops != 2) return FAIL("Arguments mismatch for instruction 'cvt'");
    if (d == PS_T_BF16 || a == PS_T_BF16) { /* bf16 with an integer, or with itself: sm_90 */
        char what[40];
        snprintf(what, sizeof what, "cvt with .%s.%s", ps_type_name(d), ps_type_name(a));
        if (feature(what, 78, 90, arch, ptx, buf, buflen)) return buf;
    }
    bool ftz_ok = d == PS_T_F32 || a == PS_T_F32;
    if (di && ai) {
        if (fr || ir) return FAIL("Illegal rounding modifier for instruction 'cvt'");
        if (has(mods, PS_MOD_FTZ)) return FAIL("Illegal modifier '.ftz' for instruction 'cvt'");
        if (has(mods, PS_MOD_SAT) && int_range_within(d, a))
            return FAIL("Illegal modifier '.sat' for instruction 'cvt'");
        return NULL;
    }
    if (has(mods, PS_MOD_FTZ) && !ftz_ok)
        return FAIL("Modifier '.ftz' does not apply to this type of convert operation");
    if (has(mods, PS_MOD_SAT) && (d == PS_T_BF16 || a == PS_T_BF16))
        return FAIL("Illegal modifier '.sat' for instruction 'cvt'");
    if (di) { /* float to integer: an integer rounding */
        if (fr) return FAIL("Illegal rounding modifier for instruction 'cvt'");
        if (!ir) return FAIL("Rounding modifier required for instruction 'cvt'");
        return NULL;
    }
    if (ai) { /* integer to float: an IEEE rounding */
        if (ir || has(mods, PS_MOD_RNA)) return FAIL("Illegal rounding modifier for instruction 'cvt'");
        if (!fr) return FAIL("Rounding modifier required for instruction 'cvt'");
        return NULL;
    }
    /* the same float type: nothing, or a rounding to an integral value */
    if (fr) return FAIL("Illegal rounding modifier for instruction 'cvt'");
    return NULL;
}

/* The FP4, FP6 and UE8M0 conversions (PTX ISA 8.6) and cvt.rs (8.7, to f16x2, bf16x2 and the
 * four-element fp8/fp6/fp4 types), which only the sm_100a-family targets have (ptxas 13: sm_100a
 * and sm_120a take the first, sm_100a alone .rs): each type pair's
 * modifier sets, in the order of `order` below, with ptxas's name of the feature. */
static const struct {
    ps_type d, a;
    const char *feature, *sets;
} NEW_PACKED[] = {
    {PS_T_E2M1X2, PS_T_F32, "cvt with .e2m1x2", "rn.satfinite rn.relu.satfinite"},
    {PS_T_E2M1X2, PS_T_F16X2, "cvt with .e2m1x2", "rn.satfinite rn.relu.satfinite"},
    {PS_T_E2M3X2, PS_T_F32, "cvt with .e2m3x2/.e3m2x2", "rn.satfinite rn.relu.satfinite"},
    {PS_T_E3M2X2, PS_T_F32, "cvt with .e2m3x2/.e3m2x2", "rn.satfinite rn.relu.satfinite"},
    {PS_T_F16X2, PS_T_E2M1X2, "cvt with .e2m1x2", "rn rn.relu"},
    {PS_T_F16X2, PS_T_E2M3X2, "cvt with .e2m3x2/.e3m2x2", "rn rn.relu"},
    {PS_T_F16X2, PS_T_E3M2X2, "cvt with .e2m3x2/.e3m2x2", "rn rn.relu"},
    {PS_T_UE8M0X2, PS_T_F32, "cvt with .ue8m0x2", "rz rz.satfinite rp rp.satfinite"},
    {PS_T_UE8M0X2, PS_T_BF16X2, "cvt with .ue8m0x2", "rz rz.satfinite rp rp.satfinite"},
    {PS_T_BF16X2, PS_T_UE8M0X2, "cvt with .ue8m0x2", "rn"},
    {PS_T_F16X2, PS_T_F32, ".rs", "rs rs.relu rs.satfinite rs.relu.satfinite"},
    {PS_T_BF16X2, PS_T_F32, ".rs", "rs rs.relu rs.satfinite rs.relu.satfinite"},
    {PS_T_E4M3X4, PS_T_F32, ".rs", "rs.satfinite rs.relu.satfinite"},
    {PS_T_E5M2X4, PS_T_F32, ".rs", "rs.satfinite rs.relu.satfinite"},
    {PS_T_E2M1X4, PS_T_F32, ".rs", "rs.satfinite rs.relu.satfinite"},
    {PS_T_E2M3X4, PS_T_F32, ".rs", "rs.satfinite rs.relu.satfinite"},
    {PS_T_E3M2X4, PS_T_F32, ".rs", "rs.satfinite rs.relu.satfinite"},
};

static bool is_x4(ps_type t) {
    return t == PS_T_E4M3X4 || t == PS_T_E5M2X4 || t == PS_T_E2M1X4 || t == PS_T_E2M3X4 || t == PS_T_E3M2X4;
}

/* cvt's operand count: a packed pair from two f32 sources takes 3, a four-element one takes its
 * sources as one brace list; .rs adds the random bits. */
static int cvt_operands(ps_type d, ps_type a, bool rs) {
    if (is_x4(d)) return 3;
    return (ps_type_kind_of(d) == TK_PACKED && a == PS_T_F32 ? 3 : 2) + rs;
}

static bool word_in(const char *list, const char *w) {
    size_t n = strlen(w);
    for (const char *q = list; (q = strstr(q, w)) != NULL; q += n)
        if ((q == list || q[-1] == ' ') && (q[n] == ' ' || q[n] == 0)) return true;
    return false;
}

static const char *cvt_new_packed(const ps_type *types, int ntypes, const ps_modset *mods, int nops,
                                  const ps_arch *arch, int ptx, char *buf, size_t buflen) {
    if (ntypes != 2) return NULL;
    bool rs = has(mods, PS_MOD_RS);
    int row = -1;
    for (size_t i = 0; i < PS_ARRAY_LEN(NEW_PACKED); i++)
        if (NEW_PACKED[i].d == types[0] && NEW_PACKED[i].a == types[1] && (NEW_PACKED[i].feature[0] == '.') == rs)
            row = (int)i;
    if (row < 0) {
        bool fresh = false;
        for (int i = 0; i < 2; i++)
            fresh |= types[i] == PS_T_E2M1X2 || types[i] == PS_T_E2M3X2 || types[i] == PS_T_E3M2X2 ||
                types[i] == PS_T_UE8M0X2 || is_x4(types[i]);
        if (!rs && !fresh) return nops == 4 ? FAIL("Arguments mismatch for instruction 'cvt'") : NULL;
        return FAIL("Unexpected instruction types specified for 'cvt'");
    }
    static const ps_mod order[] = {PS_MOD_RN,  PS_MOD_RZ,  PS_MOD_RM,   PS_MOD_RP,       PS_MOD_RNA,
                                   PS_MOD_RS,  PS_MOD_RNI, PS_MOD_RZI,  PS_MOD_RMI,      PS_MOD_RPI,
                                   PS_MOD_FTZ, PS_MOD_SAT, PS_MOD_RELU, PS_MOD_SATFINITE};
    char set[96] = "";
    for (size_t i = 0; i < PS_ARRAY_LEN(order); i++)
        if (has(mods, order[i]))
            snprintf(set + strlen(set), sizeof set - strlen(set), "%s%s", set[0] ? "." : "", ps_mod_name(order[i]));
    const char *dn = ps_type_name(types[0]), *an = ps_type_name(types[1]);
    if (!word_in(NEW_PACKED[row].sets, set[0] ? set : "-")) {
        const char *sets = NEW_PACKED[row].sets;
        if (!float_roundings(mods) && !int_roundings(mods))
            return FAIL("Rounding modifier required for instruction 'cvt'");
        for (size_t i = 0; i < 10; i++) /* the roundings of `order` */
            if (has(mods, order[i]) && !strstr(sets, ps_mod_name(order[i])))
                return FAIL("Illegal rounding modifier for instruction 'cvt'");
        if (!has(mods, PS_MOD_SATFINITE) && !word_in(sets, "rn") && !word_in(sets, "rz") && !word_in(sets, "rs"))
            return FAIL("'.satfinite' modifier required for instruction 'cvt' with destination type '.%s'", dn);
        return FAIL("Modifiers '.%s' are not valid together on 'cvt.%s.%s'", set, dn, an);
    }
    if (nops != cvt_operands(types[0], types[1], rs)) return FAIL("Arguments mismatch for instruction 'cvt'");
    const char *feat = NEW_PACKED[row].feature;
    if (ptx && ptx < (rs ? 87 : 86))
        return FAIL("Feature '%s' requires PTX ISA .version %s or later", feat, rs ? "8.7" : "8.6");
    if (arch && (arch->arch_specific == 0 || arch->sm < 100 || (rs && arch->sm >= 120)))
        return rs ? FAIL("Feature '.rs' not supported on .target '%s'", arch->name)
                  : FAIL("Instruction '%s' not supported on .target '%s'", feat, arch->name);
    return NULL;
}

/* Modifiers written twice, which the modifier set cannot show: ptxas refuses a second rounding,
 * .ftz, .oob, .abs, .xorsign, .full (one word with div) and testp class, and takes the others. */
static const char *repeated(ps_form form, const char *text, char *buf, size_t buflen) {
    static const char *const rounds[] = {"rn", "rz", "rm", "rp", "rna", "rs", "rni", "rzi", "rmi", "rpi"};
    static const char *const classes[] = {"finite", "infinite", "number", "notanumber", "normal", "subnormal"};
    static const char *const once[] = {"ftz", "oob", "abs", "xorsign", "full"};
    int nround = 0, nclass = 0, n_once[PS_ARRAY_LEN(once)] = {0};
    for (const char *w = text ? strchr(text, '.') : NULL; w; w = strchr(w, '.')) {
        w++;
        size_t n = strcspn(w, ".");
        for (size_t i = 0; i < PS_ARRAY_LEN(rounds); i++) nround += strlen(rounds[i]) == n && !strncmp(w, rounds[i], n);
        for (size_t i = 0; i < PS_ARRAY_LEN(classes); i++)
            nclass += strlen(classes[i]) == n && !strncmp(w, classes[i], n);
        for (size_t i = 0; i < PS_ARRAY_LEN(once); i++) n_once[i] += strlen(once[i]) == n && !strncmp(w, once[i], n);
    }
    if (nround > 1) return FAIL("Multiple rounding modifiers specified");
    if (form == PS_F_TESTP && nclass > 1) return FAIL("Multiple testp operation modifiers specified");
    if (n_once[0] > 1) return FAIL("Duplicate .ftz modifier");
    if (n_once[1] > 1) return FAIL("Duplicate .oob modifier");
    if (n_once[2] > 1) return FAIL("Multiple .abs modifiers specified");
    if (n_once[3] > 1) return FAIL("Multiple .xorsign modifiers specified");
    if (n_once[4] > 1) return FAIL("Unknown modifier '.full'");
    return NULL;
}

const char *ps_isa_mods_unsupported(ps_form form, const ps_type *types, int ntypes, const ps_modset *mods, int nops,
                                    const char *text, const ps_arch *arch, int ptx, char *buf, size_t buflen) {
    if (repeated(form, text, buf, buflen)) return buf;
    if (ps_isa_form_mods_unsupported(form, types, ntypes, mods, buf, buflen)) return buf;
    if (!ntypes) return NULL;
    switch (form) {
    case PS_F_ADD_FLT:
    case PS_F_SUB_FLT:
    case PS_F_MUL_FLT:
    case PS_F_FMA_FLT:
    case PS_F_MAD_FLT:
        if (float_rules(form, types[0], ntypes, mods, nops, arch, ptx, buf, buflen)) return buf;
        return ntypes > 1 ? half_mixed_rules(form, types, mods, arch, ptx, buf, buflen) : NULL;
    case PS_F_DIV_FLT:
    case PS_F_RCP:
    case PS_F_SQRT:
    case PS_F_RSQRT:
    case PS_F_SIN:
    case PS_F_COS:
    case PS_F_LG2:
    case PS_F_EX2:
    case PS_F_TANH:
    case PS_F_MIN_FLT:
    case PS_F_MAX_FLT:
    case PS_F_ABS_FLT:
    case PS_F_NEG_FLT: return float_rules(form, types[0], 1, mods, nops, arch, ptx, buf, buflen);
    case PS_F_ADD_F16:
    case PS_F_SUB_F16:
    case PS_F_MUL_F16:
    case PS_F_FMA_F16:
    case PS_F_MIN_F16:
    case PS_F_MAX_F16:
    case PS_F_ADD_BF16:
    case PS_F_SUB_BF16:
    case PS_F_MUL_BF16:
    case PS_F_FMA_BF16:
    case PS_F_MIN_BF16:
    case PS_F_MAX_BF16:
    case PS_F_EX2_HALF:
    case PS_F_TANH_HALF: return half_rules(form, types[0], mods, buf, buflen);
    case PS_F_CVT:
        if (cvt_new_packed(types, ntypes, mods, nops, arch, ptx, buf, buflen) ||
            cvt_rules(types, ntypes, mods, nops, arch, ptx, buf, buflen))
            return buf;
        if (ntypes == 2 && nops != cvt_operands(types[0], types[1], has(mods, PS_MOD_RS)))
            return FAIL("Arguments mismatch for instruction 'cvt'");
        return NULL;
    default: return NULL;
    }
}
