/* target_rules.c — what an instruction needs of the module's .target and .version beyond its form's
 * row and the single types and modifiers of variants.def: combinations of modifier, type and state
 * space, as ptxas 13 checks them (its wording). Found with scripts/target_sweep.py --forms, which
 * compares every probe in scripts/target_probes.txt with ptxas on every target from sm_10 to sm_90. */
#include <stdio.h>
#include <string.h>

#include "isa.h"

static bool has(const ps_modset *m, ps_mod x) { return ps_modset_has(m, x); }

static bool has_type(const ps_type *t, int n, ps_type x) {
    for (int i = 0; i < n; i++)
        if (t[i] == x) return true;
    return false;
}

static bool any_rounding(const ps_modset *m) {
    return has(m, PS_MOD_RN) || has(m, PS_MOD_RZ) || has(m, PS_MOD_RM) || has(m, PS_MOD_RP);
}

#define FAIL(...) (snprintf(buf, buflen, __VA_ARGS__), buf)

/* The state space an ld/st/atom/red names (PS_MOD_GENERIC when none: a generic address). */
static ps_mod space_of(const ps_modset *m) {
    static const ps_mod sp[] = {PS_MOD_GLOBAL, PS_MOD_SHARED, PS_MOD_SHARED_CTA,  PS_MOD_SHARED_CLUSTER, PS_MOD_LOCAL,
                                PS_MOD_CONST,  PS_MOD_PARAM,  PS_MOD_PARAM_ENTRY, PS_MOD_PARAM_FUNC};
    for (size_t i = 0; i < sizeof sp / sizeof sp[0]; i++)
        if (has(m, sp[i])) return sp[i];
    return PS_MOD_GENERIC;
}

/* atom and red (PTX ISA 9.7.13.5-6, "Target ISA Notes"). */
static const char *atomic_rules(const ps_form_info *f, const ps_type *types, int ntypes, const ps_modset *mods, int sm,
                                int ptx, char *buf, size_t buflen) {
    const char *mn = f->mnemonic;
    ps_mod space = space_of(mods);
    bool shared = space == PS_MOD_SHARED || space == PS_MOD_SHARED_CTA;
    ps_type t = ntypes ? types[0] : PS_T_NONE;
    bool b64 = t == PS_T_B64 || t == PS_T_U64 || t == PS_T_S64;
    bool bitop = has(mods, PS_MOD_AND) || has(mods, PS_MOD_OR) || has(mods, PS_MOD_XOR) || has(mods, PS_MOD_MIN) ||
        has(mods, PS_MOD_MAX);
    static const char *ops[] = {"add", "inc", "dec", "min", "max", "exch", "cas", "and", "or", "xor"};
    static const ps_mod opm[] = {PS_MOD_ADD,  PS_MOD_INC, PS_MOD_DEC, PS_MOD_MIN, PS_MOD_MAX,
                                 PS_MOD_EXCH, PS_MOD_CAS, PS_MOD_AND, PS_MOD_OR,  PS_MOD_XOR};
    const char *op = "?";
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (has(mods, opm[i])) op = ops[i];
    const char *sp = shared ? "shared" : space == PS_MOD_GENERIC ? "generic" : "global";
    const char *tn = ps_type_name(t);
    if (space == PS_MOD_GENERIC && sm < 20)
        return FAIL("Feature 'generic addressing' requires .target sm_20 or higher");
    if (shared && sm < 12) return FAIL("Feature 'shared storage' requires .target sm_12 or higher");
    if (b64 && sm < 12) return FAIL("Instruction '%s.%s.%s.%s' requires .target sm_12 or higher", mn, op, tn, sp);
    if (b64 && shared && sm < 20)
        return FAIL("Instruction '%s.%s.%s.%s' requires .target sm_20 or higher", mn, op, tn, sp);
    if (b64 && bitop && sm < 32)
        return FAIL("Instruction '%s.%s.%s.%s' requires .target sm_32 or higher", mn, op, tn, sp);
    if (has(mods, PS_MOD_ADD)) {
        if (t == PS_T_F32 && sm < 20)
            return FAIL("Instruction '%s.add.f32.%s' requires .target sm_20 or higher", mn, sp);
        if (t == PS_T_F64 && sm < 60)
            return FAIL("Instruction '%s.add.f64.%s' requires .target sm_60 or higher", mn, sp);
        if (t == PS_T_F16) {
            if (ptx && ptx < 63)
                return FAIL("Instruction '%s.add.f16.%s' requires PTX ISA .version 6.3 or later", mn, sp);
            if (sm < 70) return FAIL("Instruction '%s.add.f16.%s' requires .target sm_70 or higher", mn, sp);
        }
        if (t == PS_T_BF16 && sm < 90)
            return FAIL("Instruction '%s.add.bf16.%s' requires .target sm_90 or higher", mn, sp);
    }
    if (has(mods, PS_MOD_CTA) || has(mods, PS_MOD_GPU) || has(mods, PS_MOD_SYS)) {
        if (ptx && ptx < 50)
            return FAIL("Feature 'scopes on atomic operations' requires PTX ISA .version 5.0 or later");
        if (sm < 60) return FAIL("Feature 'scopes on atomic operations' requires .target sm_60 or higher");
    }
    if (has(mods, PS_MOD_CLUSTER) && sm < 90) return FAIL("Feature '.cluster scope' requires .target sm_90 or higher");
    return NULL;
}

/* Floating-point rounding on the oldest targets (PTX ISA 9.7.3, "Target ISA Notes" of add, mul, mad,
 * fma, div, rcp, sqrt): sm_1x has only .rn and .rz for .f32, no IEEE-rounded div/rcp/sqrt.f32, and
 * below sm_20 only .rn for .f64 div/rcp/sqrt; mad.f32 takes no rounding there, and needs one on
 * sm_20 and later from PTX ISA 3.2 (mad.f64 from 1.4). */
static const char *rounding_rules(const ps_form_info *f, const ps_type *types, int ntypes, const ps_modset *mods,
                                  int sm, int ptx, char *buf, size_t buflen) {
    ps_form id = f->op;
    const char *mn = f->mnemonic;
    bool f32 = has_type(types, ntypes, PS_T_F32), f64 = has_type(types, ntypes, PS_T_F64);
    bool dirs = has(mods, PS_MOD_RM) || has(mods, PS_MOD_RP);
    bool ieee = id == PS_F_DIV_FLT || id == PS_F_RCP || id == PS_F_SQRT;
    if (id == PS_F_MAD_FLT) {
        if (f64 && !any_rounding(mods) && (!ptx || ptx >= 14))
            return FAIL("Rounding modifier required for instruction 'mad'");
        if (f32 && sm < 20 && any_rounding(mods)) return FAIL("Illegal rounding modifier for instruction 'mad'");
        if (f32 && sm >= 20 && !any_rounding(mods) && (!ptx || ptx >= 32))
            return FAIL("Rounding modifier required for instruction 'mad'");
        return NULL;
    }
    if (id == PS_F_FMA_FLT && f32 && sm < 20) return FAIL("Instruction 'fma.f32' requires .target sm_20 or higher");
    bool arith = id == PS_F_ADD_FLT || id == PS_F_SUB_FLT || id == PS_F_MUL_FLT || id == PS_F_FMA_FLT || ieee;
    if (!arith || sm >= 20) return NULL;
    if (f32 && dirs) return FAIL("Illegal rounding modifier for instruction '%s'", mn);
    if (f32 && ieee && any_rounding(mods)) return FAIL("Instruction '%s.rnd.f32' requires .target sm_20 or higher", mn);
    if (f64 && ieee && (dirs || has(mods, PS_MOD_RZ)))
        return sm < 13 && id == PS_F_SQRT ? FAIL("Illegal rounding modifier for instruction '%s'", mn)
                                          : FAIL("Instruction '%s.rn.f64' requires .target sm_20 or higher", mn);
    if (f64 && dirs && sm < 13) return FAIL("Illegal rounding modifier for instruction '%s'", mn);
    return NULL;
}

/* Modifiers that PTX ISA 1.x added, whatever the instruction (ptxas 13's wording). */
static const char *early_modifiers(const ps_form_info *f, const ps_modset *mods, int ptx, char *buf, size_t buflen) {
    static const struct {
        ps_mod mod;
        int ptx;
    } early[] = {{PS_MOD_VOLATILE, 11}, {PS_MOD_CC, 12}, {PS_MOD_FTZ, 14}, {PS_MOD_APPROX, 14}};
    if (!ptx) return NULL;
    for (size_t i = 0; i < sizeof early / sizeof early[0]; i++)
        if (has(mods, early[i].mod) && ptx < early[i].ptx)
            return FAIL("Feature '.%s' requires PTX ISA .version %d.%d or later", ps_mod_name(early[i].mod),
                        early[i].ptx / 10, early[i].ptx % 10);
    if (f->op == PS_F_DIV_FLT && has(mods, PS_MOD_FULL) && ptx < 14)
        return FAIL("Feature 'div.full' requires PTX ISA .version 1.4 or later");
    if (f->op == PS_F_SUB_INT && has(mods, PS_MOD_CC) && ptx < 13)
        return FAIL("Feature 'sub.cc' requires PTX ISA .version 1.3 or later");
    return NULL;
}

const char *ps_isa_target_rules(const ps_form_info *f, const ps_type *types, int ntypes, const ps_modset *mods,
                                const char *text, const ps_arch *arch, int ptx, char *buf, size_t buflen) {
    if (early_modifiers(f, mods, ptx, buf, buflen)) return buf;
    /* div, rcp and sqrt on .f32 name their rounding or .approx/.full from PTX ISA 1.4 (ptxas) */
    if ((f->op == PS_F_DIV_FLT || f->op == PS_F_RCP || f->op == PS_F_SQRT) && has_type(types, ntypes, PS_T_F32) &&
        !any_rounding(mods) && !has(mods, PS_MOD_APPROX) && !has(mods, PS_MOD_FULL) && (!ptx || ptx >= 14))
        return FAIL("Rounding modifier or '.approx' modifier required for instruction '%s'", f->mnemonic);
    if (!arch) return NULL;
    int sm = arch->sm;
    ps_form id = f->op;
    const char *mn = f->mnemonic;
    /* shfl and vote without .sync: gone from sm_70 targets from PTX ISA 6.4 (9.7.8.6, 9.7.13.8) */
    if ((id == PS_F_SHFL || id == PS_F_VOTE) && !has(mods, PS_MOD_SYNC) && sm >= 70 && ptx >= 64)
        return FAIL("Instruction '%s' without '.sync' is not supported on .target sm_70 and higher from PTX ISA "
                    "version 6.4",
                    mn);
    if (id == PS_F_ATOM || id == PS_F_RED) {
        const char *why = atomic_rules(f, types, ntypes, mods, sm, ptx, buf, buflen);
        if (why) return why;
    }
    if ((id == PS_F_LD || id == PS_F_ST || id == PS_F_LDU || id == PS_F_PREFETCH) && sm < 20 &&
        space_of(mods) == PS_MOD_GENERIC)
        return FAIL("Feature 'generic addressing' requires .target sm_20 or higher");
    /* .cc on 64-bit integers (9.7.2): add.cc, sub.cc and mad.cc */
    if ((id == PS_F_ADD_INT || id == PS_F_SUB_INT || id == PS_F_MAD_INT) && has(mods, PS_MOD_CC) && ntypes &&
        (types[0] == PS_T_U64 || types[0] == PS_T_S64)) {
        if (ptx && ptx < 43) return FAIL("Feature '.cc with 64bit type' requires PTX ISA .version 4.3 or later");
        if (sm < 20) return FAIL("Instruction '.cc with 64bit type' requires .target sm_20 or higher");
    }
    /* the double-precision approximations (9.7.3.13, 9.7.3.15) */
    if (id == PS_F_RCP && has(mods, PS_MOD_APPROX) && has_type(types, ntypes, PS_T_F64)) {
        if (ptx && ptx < 21) return FAIL("Feature 'rcp.approx.f64' requires PTX ISA .version 2.1 or later");
        if (sm < 20) return FAIL("Instruction 'rcp.approx.f64' requires .target sm_20 or higher");
    }
    if (id == PS_F_RSQRT && has(mods, PS_MOD_FTZ) && has_type(types, ntypes, PS_T_F64)) {
        if (ptx && ptx < 40) return FAIL("Feature 'rsqrt.approx.ftz.f64' requires PTX ISA .version 4.0 or later");
        if (sm < 20) return FAIL("Instruction 'rsqrt.approx.ftz.f64' requires .target sm_20 or higher");
    }
    /* fence.mbarrier_init and fence.proxy.async (9.7.13.4) */
    if (id == PS_F_FENCE && text && strstr(text, ".mbarrier_init") && sm < 90)
        return FAIL("Feature '.op_restrict' requires .target sm_90 or higher");
    return rounding_rules(f, types, ntypes, mods, sm, ptx, buf, buflen);
}
