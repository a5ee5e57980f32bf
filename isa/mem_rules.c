/* mem_rules.c — the ISA's rules on memory instructions: spaces, qualifiers, vector widths by target, as ptxas 13 applies them (isa.h).
 *
 * One state space, one scope, one vector width and one atomic operation at most are forms.def's
 * (SPACE SCOPE VEC ATOMOP on ld, ldu, st, atom, red, prefetch; isa.c). What stays: everything by
 * space, type, target and version, atom's "Operation required" (ptxas has no wording of its own for
 * it), which semantics each instruction takes (.release on ld, .acquire on st and red, .sc, ldu's:
 * after SEM's "Duplicate .X modifier", forms.def), and the fences and mbarriers, whose rows spell
 * their scopes and semantics one by one. */
#include <stdio.h>
#include <string.h>

#include "isa.h"

#define FAIL(...) (snprintf(buf, buflen, __VA_ARGS__), buf)

static bool has(const ps_modset *m, ps_mod x) { return ps_modset_has(m, x); }

ps_mod ps_mem_space(const ps_modset *m) {
    ps_mod sp = ps_modset_first(m, ps_modgroup_mask(PS_MG_SPACE));
    return sp == PS_MOD_NONE ? PS_MOD_GENERIC : sp;
}

static bool param_space(ps_mod s) { return s == PS_MOD_PARAM || s == PS_MOD_PARAM_ENTRY || s == PS_MOD_PARAM_FUNC; }

/* The first of `list` (n entries) present in m, or -1; *count: how many are. */
static int first_of(const ps_modset *m, const ps_mod *list, size_t n, int *count) {
    int first = -1, c = 0;
    for (size_t i = 0; i < n; i++)
        if (has(m, list[i])) {
            if (first < 0) first = (int)list[i];
            c++;
        }
    if (count) *count = c;
    return first;
}

/* ".L1::evict_last" -> "evict_last": ptxas names the eviction priority without its level. */
static const char *short_name(ps_mod m) {
    const char *s = ps_mod_name(m), *c = strstr(s, "::");
    return c ? c + 2 : s;
}

static const ps_mod SCOPES[] = {PS_MOD_CTA, PS_MOD_CLUSTER, PS_MOD_GPU, PS_MOD_SYS};
static const ps_mod LD_CACHE[] = {PS_MOD_CA, PS_MOD_CG, PS_MOD_CS, PS_MOD_LU, PS_MOD_CV};
static const ps_mod ST_CACHE[] = {PS_MOD_WB, PS_MOD_CG, PS_MOD_CS, PS_MOD_WT};
static const ps_mod ALL_CACHE[] = {PS_MOD_CA, PS_MOD_CG, PS_MOD_CS, PS_MOD_LU, PS_MOD_CV, PS_MOD_WB, PS_MOD_WT};
static const ps_mod L1_EVICT[] = {PS_MOD_L1_EVICT_NORMAL, PS_MOD_L1_EVICT_UNCHANGED, PS_MOD_L1_EVICT_FIRST,
                                  PS_MOD_L1_EVICT_LAST, PS_MOD_L1_NO_ALLOCATE};
static const ps_mod L2_EVICT[] = {PS_MOD_L2_EVICT_FIRST, PS_MOD_L2_EVICT_LAST, PS_MOD_L2_EVICT_NORMAL,
                                  PS_MOD_L2_EVICT_UNCHANGED};
static const ps_mod L2_SIZE[] = {PS_MOD_L2_64B, PS_MOD_L2_128B, PS_MOD_L2_256B};

/* ld, ldu and st (PTX ISA 9.7.9.8-10): the element types, the vector width, the memory-model
 * qualifiers (.weak .volatile .relaxed .acquire .release .mmio with a scope), cache operators,
 * .nc, eviction priorities, prefetch sizes and ::cache_hint, by state space, target and version
 * (the operands, a cache policy with ::cache_hint among them, are the rows' shapes: forms.def).
 * ptxas 13's wording throughout. */
const char *ps_mem_ldst_rules(ps_form form, const ps_type *types, int ntypes, const ps_modset *m, int vec,
                              const ps_arch *arch, int ptx, char *buf, size_t buflen) {
    const char *mn = ps_form_get(form)->mnemonic;
    bool st = form == PS_F_ST, ldu = form == PS_F_LDU;
    int sm = arch ? arch->sm : 1000;
    ps_mod sp = ps_mem_space(m);
    const char *spn = sp == PS_MOD_GENERIC ? "" : ps_mod_name(sp);
    bool generic = sp == PS_MOD_GENERIC, global = sp == PS_MOD_GLOBAL;

    /* types: no half or packed types, no predicates */
    if (ntypes != 1) return FAIL("Unexpected instruction types specified for '%s'", mn);
    ps_type t = types[0];
    switch (t) {
    case PS_T_B8:
    case PS_T_B16:
    case PS_T_B32:
    case PS_T_B64:
    case PS_T_B128:
    case PS_T_U8:
    case PS_T_U16:
    case PS_T_U32:
    case PS_T_U64:
    case PS_T_S8:
    case PS_T_S16:
    case PS_T_S32:
    case PS_T_S64:
    case PS_T_F32:
    case PS_T_F64: break;
    default: return FAIL("Unexpected instruction types specified for '%s'", mn);
    }
    if (ldu && (sp != PS_MOD_GENERIC && sp != PS_MOD_GLOBAL))
        return FAIL("State space incorrect for instruction 'ldu'");

    /* vectors: at most 128 bits; 256 bits (.v8.b32, .v4.b64) from sm_100 and PTX ISA 8.8, global */
    int size = ps_type_size(t);
    if (ldu && vec == 8) return FAIL("Illegal vector size: 8");
    if (st && sp == PS_MOD_PARAM_ENTRY) return FAIL("Illegal modifier '::entry' for instruction 'st'");
    if (vec > 1 && size * vec > 16) {
        /* 256 bits only as .v8 of 32-bit or .v4 of 64-bit elements (ptxas 13 refuses .v2.b128) */
        if (ldu || size * vec > 32 || size > 8) return FAIL("Vector type too large, exceeds 128 bit limit");
        if (ptx && ptx < 88) return FAIL("Feature '256 bit wide load/store' requires PTX ISA .version 8.8 or later");
        if (sm < 100) return FAIL("Feature '256 bit wide load/store' requires .target sm_100 or higher");
        if (!generic && !global) return FAIL("global state space expected for feature '256 bit wide load/store'");
    }

    /* memory-model qualifiers */
    bool vol = has(m, PS_MOD_VOLATILE), weak = has(m, PS_MOD_WEAK), mmio = has(m, PS_MOD_MMIO);
    bool relaxed = has(m, PS_MOD_RELAXED), acquire = has(m, PS_MOD_ACQUIRE), release = has(m, PS_MOD_RELEASE);
    if (has(m, PS_MOD_ACQ_REL)) return FAIL("Illegal modifier '.acq_rel' for instruction '%s'", mn);
    if (has(m, PS_MOD_SC)) return FAIL("Illegal modifier '.sc' for instruction '%s'", mn);
    if (ldu && (vol || weak || mmio || relaxed || acquire || release))
        return FAIL("Illegal modifier '.%s' for instruction 'ldu'",
                    vol           ? "volatile"
                        : weak    ? "weak"
                        : mmio    ? "mmio"
                        : relaxed ? "relaxed"
                        : acquire ? "acquire"
                                  : "release");
    if (!st && release) return FAIL("Illegal modifier '.release' for instruction '%s'", mn);
    if (st && acquire) return FAIL("Illegal modifier '.acquire' for instruction '%s'", mn);
    int scope = first_of(m, SCOPES, PS_ARRAY_LEN(SCOPES), NULL); /* one at most: SCOPE (forms.def) */
    int order = relaxed + acquire + release;
    const char *ord = relaxed ? "relaxed" : acquire ? "acquire" : release ? "release" : NULL;
    if (ptx && weak && ptx < 60) return FAIL("Feature '.weak' requires PTX ISA .version 6.0 or later");
    if (weak && sm < 70) return FAIL("Feature '.weak' requires .target sm_70 or higher");
    if (mmio) {
        if (ptx && ptx < 82) return FAIL("Feature '.mmio' requires PTX ISA .version 8.2 or later");
        if (sm < 70) return FAIL("Feature '.mmio' requires .target sm_70 or higher");
        if (!relaxed) return FAIL("Modifier '.mmio' requires modifier '.relaxed' for instruction '%s'", mn);
        if (vec > 1) return FAIL("Modifier '.mmio' cannot be combined with modifier '.v%d'", vec);
    }
    if (scope >= 0 && (vol || weak))
        return FAIL("Modifier '.%s' cannot be combined with modifier '.%s'", vol ? "volatile" : "weak",
                    ps_mod_name((ps_mod)scope));
    if (scope >= 0 && !order)
        return FAIL("Modifier '.%s' requires memory order with '%s' instruction", ps_mod_name((ps_mod)scope), mn);
    if (order && scope < 0) return FAIL("Modifier '.%s' requires scope with '%s' instruction", ord, mn);
    if (scope == PS_MOD_CLUSTER && sm < 90) return FAIL("Feature '.cluster scope' requires .target sm_90 or higher");
    if (mmio && scope != PS_MOD_SYS)
        return FAIL("Modifier '.mmio' cannot be combined with modifier '.%s'", ps_mod_name((ps_mod)scope));
    const char *strong = mmio ? "mmio" : vol ? "volatile" : ord;
    if (strong && (sp == PS_MOD_CONST || sp == PS_MOD_LOCAL || param_space(sp)))
        return FAIL("Modifier '.%s' cannot be applied to '.%s' space", strong, spn);
    if (mmio && !generic && !global) return FAIL("Modifier '.mmio' cannot be applied to '.%s' space", spn);

    /* cache operators */
    int ncache;
    int cache = first_of(m, ALL_CACHE, PS_ARRAY_LEN(ALL_CACHE), &ncache);
    if (ldu && cache >= 0) return FAIL("Illegal modifier '.%s' for instruction 'ldu'", ps_mod_name((ps_mod)cache));
    if (ncache > 1) return FAIL("Multiple cache operation modifiers specified");
    if (cache >= 0) {
        const ps_mod *ok = st ? ST_CACHE : LD_CACHE;
        size_t nok = st ? PS_ARRAY_LEN(ST_CACHE) : PS_ARRAY_LEN(LD_CACHE);
        bool legal = false;
        for (size_t i = 0; i < nok; i++) legal |= ok[i] == (ps_mod)cache;
        if (!legal) return FAIL("Illegal modifier '.%s' for instruction '%s'", ps_mod_name((ps_mod)cache), mn);
        if (strong && !weak)
            return FAIL("Modifier '.%s' cannot be combined with modifier '.%s'", strong, ps_mod_name((ps_mod)cache));
    }
    if (has(m, PS_MOD_NC)) {
        if (st || ldu) return FAIL("Illegal modifier '.nc' for instruction '%s'", mn);
        if (!global) return FAIL("Modifier '.nc' requires .global space");
        if (strong || weak)
            return FAIL("Modifier '.%s' cannot be combined with modifier '.nc'", weak ? "weak" : strong);
        if (cache == PS_MOD_CV || cache == PS_MOD_LU) return FAIL("Illegal cache operation for instruction 'ld.nc'");
    }

    /* eviction priorities, prefetch sizes, cache policy */
    int nl1;
    int l1 = first_of(m, L1_EVICT, PS_ARRAY_LEN(L1_EVICT), &nl1);
    if (l1 >= 0) {
        if (ldu) return FAIL("Illegal modifier '.%s' for instruction 'ldu'", ps_mod_name((ps_mod)l1));
        if (nl1 > 1) return FAIL("Duplicate '.L1::eviction_priority' modifier specified for instruction '%s'", mn);
        if (ptx && ptx < 74)
            return FAIL("Modifier '.%s' on '%s' requires PTX ISA .version 7.4 or later", short_name((ps_mod)l1), mn);
        if (sm < 70) return FAIL("Modifier '.%s' on '%s' requires .target sm_70 or higher", short_name((ps_mod)l1), mn);
        if (!generic && !global)
            return FAIL("Modifier '.%s' cannot be applied to '.%s' space for instruction '%s'", short_name((ps_mod)l1),
                        spn, mn);
        if (vol || mmio) /* the orders take eviction priorities; .volatile and .mmio do not */
            return FAIL("Modifier '.%s' cannot be combined with modifier '.%s'", short_name((ps_mod)l1),
                        mmio ? "mmio" : "volatile");
        if (cache >= 0)
            return FAIL("Modifier '.%s' cannot be combined with modifier '.%s'", short_name((ps_mod)l1),
                        ps_mod_name((ps_mod)cache));
    }
    int l2 = first_of(m, L2_EVICT, PS_ARRAY_LEN(L2_EVICT), NULL);
    if (l2 >= 0) {
        if (ldu) return FAIL("Illegal modifier '.%s' for instruction 'ldu'", ps_mod_name((ps_mod)l2));
        if (size * vec != 32)
            return FAIL("Instruction '%s' requires '.v8.b32/.v4.b64' type with '.%s' modifier.", mn,
                        ps_mod_name((ps_mod)l2));
    }
    int l2s = first_of(m, L2_SIZE, PS_ARRAY_LEN(L2_SIZE), NULL);
    if (l2s >= 0) {
        if (st || ldu) return FAIL("Illegal modifier '.%s' for instruction '%s'", ps_mod_name((ps_mod)l2s), mn);
        if (ptx && ptx < 74) return FAIL("Feature 'cache prefetching' requires PTX ISA .version 7.4 or later");
        if (sm < 75) return FAIL("Feature 'cache prefetching' requires .target sm_75 or higher");
        if (!generic && !global) return FAIL("State space incorrect for feature 'cache prefetching'");
        if (mmio) return FAIL("Modifier '.%s' cannot be combined with modifier '.mmio'", ps_mod_name((ps_mod)l2s));
    }
    bool hint = has(m, PS_MOD_L2_CACHE_HINT);
    if (hint) {
        if (ldu) return FAIL("Illegal modifier '.L2::cache_hint' for instruction 'ldu'");
        if (ptx && ptx < 74) return FAIL("Modifier '.L2::cache_hint' requires PTX ISA .version 7.4 or later");
        if (sm < 80) return FAIL("Modifier '.L2::cache_hint' requires .target sm_80 or higher");
        if (!generic && !global)
            return FAIL("Modifier '.L2::cache_hint' cannot be applied to '.%s' space for instruction '%s'", spn, mn);
        if (vol || mmio)
            return FAIL("Modifier '.L2::cache_hint' cannot be combined with modifier '.%s'",
                        mmio ? "mmio" : "volatile");
    }
    return NULL;
}

/* The spaces with "::" (PTX ISA 5.1): .shared::cta and .shared::cluster from PTX ISA 7.8 (cluster
 * memory from sm_90), .param::entry and .param::func from 8.3. mbarrier names .shared::cluster
 * from 8.0 (its own wording). */
const char *ps_mem_space_rules(ps_form form, const ps_modset *m, const ps_arch *arch, int ptx, char *buf,
                               size_t buflen) {
    int sm = arch ? arch->sm : 1000;
    bool cta = has(m, PS_MOD_SHARED_CTA), cluster = has(m, PS_MOD_SHARED_CLUSTER);
    bool mbar = ps_form_get(form)->props & P_MBARRIER;
    if (mbar && cluster) {
        if (ptx && ptx < 80) return FAIL("Feature '.shared::cluster' requires PTX ISA .version 8.0 or later");
        if (sm < 90) return FAIL("Feature '.shared::cluster' requires .target sm_90 or higher");
        return NULL;
    }
    if (ptx && ptx < 78 && (cta || cluster))
        return FAIL("Feature '::%s' requires PTX ISA .version 7.8 or later", cta ? "cta" : "cluster");
    if (cluster && sm < 90) return FAIL("Feature '::cluster' requires .target sm_90 or higher");
    if (ptx && ptx < 83 && (has(m, PS_MOD_PARAM_ENTRY) || has(m, PS_MOD_PARAM_FUNC)))
        return FAIL("Feature '::%s' requires PTX ISA .version 8.3 or later",
                    has(m, PS_MOD_PARAM_ENTRY) ? "entry" : "func");
    return NULL;
}

/* prefetch{.space}.level [a] and prefetchu.L1 [a] (PTX ISA 9.7.9.15): one level (.L1, .L2, an L2
 * eviction priority, or .tensormap); spaces .global and .local, .const and .param with .tensormap. */
const char *ps_mem_prefetch_rules(ps_form form, const ps_modset *m, const ps_arch *arch, int ptx, char *buf,
                                  size_t buflen) {
    int sm = arch ? arch->sm : 1000;
    ps_mod sp = ps_mem_space(m);
    if (form == PS_F_PREFETCHU) {
        if (!has(m, PS_MOD_LEVEL_L1)) return FAIL("Cache level modifier required for instruction 'prefetchu'");
        return NULL;
    }
    if (has(m, PS_MOD_L2_EVICT_FIRST) || has(m, PS_MOD_L2_EVICT_UNCHANGED) || has(m, PS_MOD_L1_EVICT_LAST) ||
        has(m, PS_MOD_L1_EVICT_FIRST) || has(m, PS_MOD_L1_EVICT_NORMAL) || has(m, PS_MOD_L1_EVICT_UNCHANGED) ||
        has(m, PS_MOD_L1_NO_ALLOCATE)) {
        ps_mod bad = has(m, PS_MOD_L2_EVICT_FIRST) ? PS_MOD_L2_EVICT_FIRST
            : has(m, PS_MOD_L2_EVICT_UNCHANGED)    ? PS_MOD_L2_EVICT_UNCHANGED
            : has(m, PS_MOD_L1_EVICT_LAST)         ? PS_MOD_L1_EVICT_LAST
            : has(m, PS_MOD_L1_EVICT_FIRST)        ? PS_MOD_L1_EVICT_FIRST
            : has(m, PS_MOD_L1_EVICT_NORMAL)       ? PS_MOD_L1_EVICT_NORMAL
            : has(m, PS_MOD_L1_EVICT_UNCHANGED)    ? PS_MOD_L1_EVICT_UNCHANGED
                                                   : PS_MOD_L1_NO_ALLOCATE;
        return FAIL("Illegal modifier '.%s' for instruction 'prefetch'", short_name(bad));
    }
    /* of CACHE, prefetch takes the two L2 eviction priorities only (form_sweep.py, every CACHE member) */
    static const ps_mod cache_ops[] = {PS_MOD_CA,      PS_MOD_CG,      PS_MOD_CS,           PS_MOD_LU,
                                       PS_MOD_CV,      PS_MOD_WB,      PS_MOD_WT,           PS_MOD_L2_64B,
                                       PS_MOD_L2_128B, PS_MOD_L2_256B, PS_MOD_L2_CACHE_HINT};
    int op = first_of(m, cache_ops, PS_ARRAY_LEN(cache_ops), NULL);
    if (op >= 0) return FAIL("Illegal modifier '.%s' for instruction 'prefetch'", ps_mod_name((ps_mod)op));
    bool evict = has(m, PS_MOD_L2_EVICT_LAST) || has(m, PS_MOD_L2_EVICT_NORMAL);
    bool tmap = has(m, PS_MOD_TENSORMAP);
    int levels = has(m, PS_MOD_LEVEL_L1) + has(m, PS_MOD_LEVEL_L2) + tmap;
    if (evict && has(m, PS_MOD_LEVEL_L1)) return FAIL("Multiple cache operation modifiers specified");
    if (levels > 1) return FAIL("Multiple cache operation modifiers specified");
    if (evict && has(m, PS_MOD_LEVEL_L2))
        return FAIL("Illegal modifier '.L2' for instruction 'prefetch' with '.level::eviction_priority'");
    if (evict && tmap)
        return FAIL("Illegal modifier '.tensormap' for instruction 'prefetch' with '.level::eviction_priority'");
    if (!levels && !evict) return FAIL("Cache level modifier required for instruction 'prefetch'");
    if (evict) {
        if (ptx && ptx < 74)
            return FAIL("Modifier 'cache eviction priority' on 'prefetch' requires PTX ISA .version "
                        "7.4 or later");
        if (sm < 80) return FAIL("Modifier 'cache eviction priority' on 'prefetch' requires .target sm_80 or higher");
        if (sp != PS_MOD_GENERIC && sp != PS_MOD_GLOBAL)
            return FAIL("State space incorrect for feature 'cache eviction "
                        "priority'");
    }
    if (tmap) {
        if (sp != PS_MOD_GENERIC && sp != PS_MOD_CONST && !param_space(sp))
            return FAIL("Modifier '.tensormap' cannot be applied to '.%s' space for instruction 'prefetch'",
                        ps_mod_name(sp));
        if (ptx && ptx < 80) return FAIL("Modifier '.tensormap' requires PTX ISA .version 8.0 or later");
        if (sm < 90) return FAIL("Modifier '.tensormap' requires .target sm_90 or higher");
    }
    return NULL;
}

static bool half_type(ps_type t) { return t == PS_T_F16 || t == PS_T_BF16 || t == PS_T_F16X2 || t == PS_T_BF16X2; }

/* atom and red (PTX ISA 9.7.13.5-6): which types each operation has, .noftz on the half-precision
 * types (and only there), vectors (sm_90, .global: .add of .f32; .add/.min/.max of the half types,
 * which have .min/.max only as vectors), the semantics (red has no .acquire) and ::cache_hint (the
 * operands: the rows' shapes). ptxas 13's wording; atomic_rules in target_rules.c has what the
 * older targets lack. */
const char *ps_mem_atomic_rules(ps_form form, const ps_type *types, int ntypes, const ps_modset *m, int vec,
                                const ps_arch *arch, int ptx, char *buf, size_t buflen) {
    const char *mn = ps_form_get(form)->mnemonic;
    bool red = form == PS_F_RED;
    int sm = arch ? arch->sm : 1000;
    ps_mod sp = ps_mem_space(m);
    const char *spn = sp == PS_MOD_GENERIC ? NULL : ps_mod_name(sp);
    static const ps_mod opm[] = {PS_MOD_ADD,  PS_MOD_INC, PS_MOD_DEC, PS_MOD_MIN, PS_MOD_MAX,
                                 PS_MOD_EXCH, PS_MOD_CAS, PS_MOD_AND, PS_MOD_OR,  PS_MOD_XOR};
    int op = first_of(m, opm, PS_ARRAY_LEN(opm), NULL); /* one at most: ATOMOP (forms.def) */
    if (op < 0) return FAIL("Operation required for instruction '%s'", mn);
    if (ntypes != 1) return FAIL("Unexpected instruction types specified for '%s'", mn);
    ps_type t = types[0];
    const char *tn = ps_type_name(t), *opn = ps_mod_name((ps_mod)op);

    /* semantics and scope */
    static const ps_mod bad_sem[] = {PS_MOD_WEAK, PS_MOD_VOLATILE, PS_MOD_SC}; /* then red's, then .mmio */
    int bad = first_of(m, bad_sem, PS_ARRAY_LEN(bad_sem), NULL);
    if (bad >= 0) return FAIL("Illegal modifier '.%s' for instruction '%s'", ps_mod_name((ps_mod)bad), mn);
    if (red && (has(m, PS_MOD_ACQUIRE) || has(m, PS_MOD_ACQ_REL)))
        return FAIL("Illegal modifier '.%s' for instruction 'red'", has(m, PS_MOD_ACQUIRE) ? "acquire" : "acq_rel");
    if (has(m, PS_MOD_MMIO)) return FAIL("Illegal modifier '.mmio' for instruction '%s'", mn);
    if (red && (op == PS_MOD_CAS || op == PS_MOD_EXCH))
        return FAIL("Illegal modifier '.%s' for instruction 'red'", opn);

    /* operation by type */
    bool u32 = t == PS_T_U32, s32 = t == PS_T_S32, u64 = t == PS_T_U64, s64 = t == PS_T_S64;
    bool b32 = t == PS_T_B32, b64 = t == PS_T_B64, b128 = t == PS_T_B128, b16 = t == PS_T_B16;
    bool f32 = t == PS_T_F32, f64 = t == PS_T_F64, half = half_type(t);
    if (!(u32 || s32 || u64 || s64 || b32 || b64 || b128 || b16 || f32 || f64 || half) || (red && (b16 || b128)))
        return FAIL("Unexpected instruction types specified for '%s'", mn);
    switch ((ps_mod)op) {
    case PS_MOD_ADD:
        if (!(u32 || s32 || u64 || f32 || f64 || half))
            return FAIL("Operation .add requires .u32 or .s32 or .u64 or .f64 or f16 or f16x2 or .f32 or .bf16 or "
                        ".bf16x2 type for instruction '%s'",
                        mn);
        break;
    case PS_MOD_MIN:
    case PS_MOD_MAX:
        if (!(u32 || s32 || u64 || s64 || half))
            return FAIL("Operation .%s requires .u32 or .s32 or .u64 or .s64 or .f16 or .f16x2 or .bf16 or .bf16x2 "
                        "type for instruction '%s'",
                        opn, mn);
        break;
    case PS_MOD_INC:
    case PS_MOD_DEC:
        if (!u32) return FAIL("Operation .%s requires .u32 type for instruction '%s'", opn, mn);
        break;
    case PS_MOD_AND:
    case PS_MOD_OR:
    case PS_MOD_XOR:
        if (!(b32 || b64)) return FAIL("Operation .%s requires .b32 or .b64 type for instruction '%s'", opn, mn);
        break;
    case PS_MOD_EXCH:
        if (!(b32 || b64 || b128))
            return FAIL("Operation .exch requires .b32 or .b64 or .b128 type for instruction "
                        "'%s'",
                        mn);
        break;
    default: /* cas */
        if (!(b32 || b64 || b128 || b16))
            return FAIL("Operation .cas requires .b16 or .b32 or .b64 or .b128 type for "
                        "instruction '%s'",
                        mn);
        break;
    }
    if (half && !has(m, PS_MOD_NOFTZ))
        return FAIL("'.noftz' modifier required for instruction '%s' with type '.%s'", mn, tn);
    if (!half && has(m, PS_MOD_NOFTZ)) return FAIL("Illegal modifier '.noftz' for instruction '%s'", mn);
    char where[40];
    if (spn) snprintf(where, sizeof where, ".%s", spn);
    else snprintf(where, sizeof where, " with generic state space");

    /* vectors */
    if (vec > 1) {
        if (!(f32 || half)) return FAIL("Vector qualifier is not allowed for instruction '%s'", mn);
        if (ptx && ptx < 81)
            return FAIL("Feature '%s instruction with vector types' requires PTX ISA .version 8.1 or "
                        "later",
                        mn);
        if (sm < 90) return FAIL("Feature '%s instruction with vector types' requires .target sm_90 or higher", mn);
        if (sp != PS_MOD_GENERIC && sp != PS_MOD_GLOBAL)
            return FAIL("State space incorrect for feature '%s instruction with vector types'", mn);
        if (f32 && op != PS_MOD_ADD)
            return FAIL("Operation .%s requires .u32 or .s32 or .u64 or .s64 or .f16 or .f16x2 or .bf16 or .bf16x2 "
                        "type for instruction '%s'",
                        opn, mn);
        bool narrow = t == PS_T_F16 || t == PS_T_BF16;
        if (vec == 8 && !narrow)
            return FAIL("Only .v2 or .v4 vector modifier supported with type .%s on .%s operation for %s instruction "
                        "with vector types",
                        tn, opn, mn);
    } else if (half && op != PS_MOD_ADD) {
        return FAIL("Vector modifier required for instruction '%s.%s.%s%s'", mn, opn, tn, where);
    }

    /* what some types need beyond target_rules.c */
    if ((b128 || t == PS_T_BF16X2 || b16) && !spn) snprintf(where, sizeof where, ".generic");
    if (b128) {
        if (ptx && ptx < 83)
            return FAIL("Instruction '%s.%s.b128%s' requires PTX ISA .version 8.3 or later", mn, opn, where);
        if (sm < 90) return FAIL("Instruction '%s.%s.b128%s' requires .target sm_90 or higher", mn, opn, where);
        if (ptx && ptx < 84 && has(m, PS_MOD_SYS))
            return FAIL("Feature '.b128 with .sys' requires PTX ISA .version 8.4 or later");
    }
    if (b16 && sm < 70) return FAIL("Instruction '%s.cas.b16%s' requires .target sm_70 or higher", mn, where);
    if (t == PS_T_BF16X2 && sm < 90)
        return FAIL("Instruction '%s.%s.bf16x2%s' requires .target sm_90 or higher", mn, opn, where);

    /* cache policy and operands */
    bool hint = has(m, PS_MOD_L2_CACHE_HINT);
    if (hint) {
        if (op == PS_MOD_CAS) return FAIL("Illegal modifier '.L2::cache_hint' for instruction '%s'", mn);
        if (ptx && ptx < 74) return FAIL("Modifier '.L2::cache_hint' requires PTX ISA .version 7.4 or later");
        if (sm < 80) return FAIL("Modifier '.L2::cache_hint' requires .target sm_80 or higher");
        if (sp != PS_MOD_GENERIC && sp != PS_MOD_GLOBAL)
            return FAIL("Modifier '.L2::cache_hint' cannot be applied to '.%s' space for instruction '%s'", spn, mn);
    }
    static const ps_mod other[] = {PS_MOD_CA,
                                   PS_MOD_CG,
                                   PS_MOD_CS,
                                   PS_MOD_LU,
                                   PS_MOD_CV,
                                   PS_MOD_WB,
                                   PS_MOD_WT,
                                   PS_MOD_L1_EVICT_NORMAL,
                                   PS_MOD_L1_EVICT_UNCHANGED,
                                   PS_MOD_L1_EVICT_FIRST,
                                   PS_MOD_L1_EVICT_LAST,
                                   PS_MOD_L1_NO_ALLOCATE,
                                   PS_MOD_L2_EVICT_FIRST,
                                   PS_MOD_L2_EVICT_LAST,
                                   PS_MOD_L2_EVICT_NORMAL,
                                   PS_MOD_L2_EVICT_UNCHANGED,
                                   PS_MOD_L2_64B,
                                   PS_MOD_L2_128B,
                                   PS_MOD_L2_256B};
    int oth = first_of(m, other, PS_ARRAY_LEN(other), NULL);
    if (oth >= 0) return FAIL("Illegal modifier '.%s' for instruction '%s'", ps_mod_name((ps_mod)oth), mn);
    return NULL;
}

/* membar and fence (PTX ISA 9.7.13.4), from the mnemonic as written (`text`: fence's qualifiers are
 * not all modifiers ptxsim names): membar.{cta,gl,sys} and membar.proxy.alias; fence{.sem}.scope
 * with .sc, .acq_rel, .acquire or .release; fence.proxy.alias, fence.proxy.async{.global,
 * .shared::cta, .shared::cluster}, fence.proxy.tensormap::generic.{release,acquire}.scope (acquire
 * with [a], 128: nops) and fence.mbarrier_init.release.cluster. */
const char *ps_mem_fence_rules(ps_form form, const char *text, int nops, const ps_arch *arch, int ptx, char *buf,
                               size_t buflen) {
    int sm = arch ? arch->sm : 1000;
    char w[8][32];
    int n = 0;
    for (const char *s = strchr(text, '.'); s && n < 8; s = strchr(s + 1, '.')) {
        size_t len = strcspn(s + 1, ".");
        snprintf(w[n++], sizeof w[0], "%.*s", (int)(len < 31 ? len : 31), s + 1);
    }
    static const char *const scopes[] = {"cta", "cluster", "gpu", "sys"};
    int scope = -1, nscope = 0;
    if (form == PS_F_MEMBAR) {
        if (n >= 1 && !strcmp(w[0], "proxy")) {
            if (n != 2 || strcmp(w[1], "alias")) return FAIL("Unknown modifier '.proxy'");
            if (sm < 60) return FAIL("Modifier '.alias' requires .target sm_60 or higher");
            if (ptx && ptx < 75) return FAIL("Modifier '.alias' requires PTX ISA .version 7.5 or later");
            return NULL;
        }
        for (int i = 0; i < n; i++) {
            if (strcmp(w[i], "cta") && strcmp(w[i], "gl") && strcmp(w[i], "sys"))
                return FAIL("Illegal modifier '.%s' for instruction 'membar'", w[i]);
            nscope++;
        }
        if (!nscope) return FAIL("Membar level required for instruction 'membar'");
        if (nscope > 1) return FAIL("Multiple scope modifiers specified");
        return NULL;
    }
    /* .sync_restrict (PTX ISA 8.6, sm_90): .acquire with ::shared::cluster, .release with
     * ::shared::cta, scope .cluster; on fence and on fence.proxy.async::generic */
    int restrict_at = -1;
    for (int i = 0; i < n; i++)
        if (!strncmp(w[i], "sync_restrict::", 15)) restrict_at = i;
    bool async_generic = n >= 2 && !strcmp(w[0], "proxy") && !strcmp(w[1], "async::generic");
    if (restrict_at >= 0 || async_generic) {
        const char *mn = async_generic ? "fence.proxy.async::generic" : "fence";
        int acq = 0, rel = 0, cl = 0, other = -1;
        for (int i = async_generic ? 2 : 0; i < n; i++) {
            if (!strcmp(w[i], "acquire")) acq++;
            else if (!strcmp(w[i], "release")) rel++;
            else if (!strcmp(w[i], "cluster")) cl++;
            else if (i != restrict_at && other < 0) other = i;
        }
        if (other >= 0) return FAIL("Illegal modifier '.%s' for instruction '%s'", w[other], mn);
        if (restrict_at < 0) return FAIL(".sync_restrict modifier required for instruction '%s'", mn);
        if (acq + rel != 1) return FAIL("Memory order modifier required for instruction '%s'", mn);
        bool want_cluster = acq > 0;
        if (strcmp(w[restrict_at] + 15, want_cluster ? "shared::cluster" : "shared::cta"))
            return FAIL("Illegal modifier '.%s' for instruction '%s'", w[restrict_at], mn);
        if (cl != 1) return FAIL("Scope modifier required for instruction '%s'", mn);
        if (ptx && ptx < 86) return FAIL("Feature '.sync_restrict' requires PTX ISA .version 8.6 or later");
        if (sm < 90) return FAIL("Feature '.sync_restrict' requires .target sm_90 or higher");
        if (nops) return FAIL("Arguments mismatch for instruction '%s'", mn);
        return NULL;
    }
    if (n >= 1 && !strcmp(w[0], "proxy")) {
        if (n < 2) return FAIL(".proxykind modifier required for instruction 'fence.proxy'");
        if (!strcmp(w[1], "alias") || !strcmp(w[1], "async")) {
            bool async = w[1][1] == 's';
            for (int i = 2; i < n; i++) {
                bool space =
                    !strcmp(w[i], "global") || !strcmp(w[i], "shared::cta") || !strcmp(w[i], "shared::cluster");
                if (!async || i > 2 || !space) {
                    if (space || !strcmp(w[i], "shared") || !strcmp(w[i], "local") || !strcmp(w[i], "const"))
                        return FAIL("State space incorrect for instruction 'fence.proxy'");
                    return FAIL("Illegal modifier '.%s' for instruction 'fence.proxy'", w[i]);
                }
            }
            if (nops) return FAIL("Arguments mismatch for instruction 'fence.proxy'");
            return NULL;
        }
        if (strcmp(w[1], "tensormap::generic"))
            return FAIL(".proxykind modifier required for instruction 'fence.proxy'");
        if (ptx && ptx < 83)
            return FAIL("Feature 'fence.proxy with unidirection proxy fence' requires PTX ISA .version "
                        "8.3 or later");
        if (sm < 90)
            return FAIL("Feature 'fence.proxy with unidirection proxy fence' requires .target sm_90 or higher");
        int sem = 0; /* 1 release, 2 acquire */
        for (int i = 2; i < n; i++) {
            int k = -1;
            for (int j = 0; j < 4; j++)
                if (!strcmp(w[i], scopes[j])) k = j;
            if (k >= 0) scope = k, nscope++;
            else if (!strcmp(w[i], "release") && !sem) sem = 1;
            else if (!strcmp(w[i], "acquire") && !sem) sem = 2;
            else return FAIL("Illegal modifier '.%s' for instruction 'fence.proxy'", w[i]);
        }
        if (!sem) return FAIL("Memory order modifier required for instruction 'fence.proxy'");
        if (nscope > 1) return FAIL("Multiple scope modifiers specified");
        if (!nscope)
            return FAIL("Modifier '.%s' requires scope with 'fence.proxy' instruction",
                        sem == 1 ? "release" : "acquire");
        if (scope == 1 && sm < 90) return FAIL("Feature '.cluster scope' requires .target sm_90 or higher");
        if (sem == 1 && nops) return FAIL(".release modifier required for instruction 'fence.proxy' with 0 arguments");
        if (sem == 2 && nops != 2)
            return FAIL(".acquire modifier required for instruction 'fence.proxy' with 2 "
                        "arguments");
        return NULL;
    }
    if (n >= 1 && !strcmp(w[0], "mbarrier_init")) {
        if (n == 1) return FAIL("Modifier '.mbarrier_init' requires modifier 'order'");
        /* .release and .cluster, in either order (ptxas takes fence.mbarrier_init.cluster.release) */
        bool swapped = n >= 3 && !strcmp(w[1], "cluster") && !strcmp(w[2], "release");
        if (strcmp(w[1], "release") && !swapped) return FAIL("Illegal modifier '.%s' for instruction 'fence'", w[1]);
        if (n == 2) return FAIL("Modifier '.release' requires scope with 'fence' instruction");
        if ((!swapped && strcmp(w[2], "cluster")) || n > 3)
            return FAIL("Modifier '.mbarrier_init' cannot be combined with modifier '.%s'", w[n > 3 ? 3 : 2]);
        if (ptx && ptx < 80) return FAIL("Feature '.mbarrier_init' requires PTX ISA .version 8.0 or later");
        if (nops) return FAIL("Arguments mismatch for instruction 'fence'");
        return NULL; /* the target: target_rules.c */
    }
    int nsem = 0;
    for (int i = 0; i < n; i++) {
        int k = -1;
        for (int j = 0; j < 4; j++)
            if (!strcmp(w[i], scopes[j])) k = j;
        if (k >= 0) {
            scope = k, nscope++;
        } else if (!strcmp(w[i], "sc") || !strcmp(w[i], "acq_rel") || !strcmp(w[i], "acquire") ||
                   !strcmp(w[i], "release")) {
            nsem++;
        } else {
            return FAIL("Illegal modifier '.%s' for instruction 'fence'", w[i]);
        }
    }
    if (nsem > 1) return FAIL("Multiple memory order modifiers specified for instruction 'fence'");
    if (nscope > 1) return FAIL("Multiple scope modifiers specified");
    if (!nscope) return FAIL("Scope modifier required for instruction 'fence'");
    if (scope == 1 && sm < 90) return FAIL("Feature '.cluster scope' requires .target sm_90 or higher");
    if (nops) return FAIL("Arguments mismatch for instruction 'fence'");
    return NULL;
}

/* cp.async.{ca,cg}.shared{::cta}.global [d], [s], cp-size{, src-size} (PTX ISA 9.7.9.25.3.1): .cg
 * copies 16 bytes, .ca 4, 8 or 16. size: the cp-size operand (-1 when it is not an immediate). */
const char *ps_mem_cp_async_rules(const ps_modset *m, long long size, char *buf, size_t buflen) {
    bool dst = has(m, PS_MOD_SHARED) || has(m, PS_MOD_SHARED_CTA);
    if (!dst || !has(m, PS_MOD_GLOBAL) || has(m, PS_MOD_SHARED_CLUSTER) || has(m, PS_MOD_LOCAL) ||
        has(m, PS_MOD_CONST) || has(m, PS_MOD_PARAM))
        return FAIL("State space incorrect for instruction 'cp.async'");
    if (has(m, PS_MOD_CA) == has(m, PS_MOD_CG)) return FAIL("cp.async needs one of .ca and .cg");
    if (has(m, PS_MOD_CG) && size != 16)
        return FAIL("cp.async.cg copies 16 bytes (ptxas: Argument 2 of instruction 'cp.async': unexpected value "
                    "'%lld', expected to be 16)",
                    size);
    if (has(m, PS_MOD_CA) && size != 4 && size != 8 && size != 16)
        return FAIL("cp-size must be the constant 4, 8 or 16 (ptxas: Argument 2 of instruction 'cp.async': "
                    "unexpected value '%lld', expected to be 4 or 8 or 16)",
                    size);
    return NULL;
}

/* mbarrier (PTX ISA 9.7.13.15): .relaxed on arrive{_drop}, test_wait and try_wait came with PTX ISA
 * 8.6 and sm_90 (expect_tx and complete_tx had it from the start). */
const char *ps_mem_mbarrier_rules(ps_form form, const ps_modset *m, const ps_arch *arch, int ptx, char *buf,
                                  size_t buflen) {
    bool late = form == PS_F_MBARRIER_ARRIVE || form == PS_F_MBARRIER_ARRIVE_DROP ||
        form == PS_F_MBARRIER_ARRIVE_EXPECT_TX || form == PS_F_MBARRIER_ARRIVE_DROP_EXPECT_TX ||
        form == PS_F_MBARRIER_TEST_WAIT || form == PS_F_MBARRIER_TRY_WAIT;
    const char *mn = ps_form_get(form)->mnemonic;
    int sm = arch ? arch->sm : 1000;
    static const ps_mod sems[] = {PS_MOD_ACQUIRE, PS_MOD_RELEASE, PS_MOD_RELAXED};
    int sem = first_of(m, sems, PS_ARRAY_LEN(sems), NULL);
    if (sem >= 0 && ptx && ptx < 80)
        return FAIL("Modifier '.%s' on '%s' requires PTX ISA .version 8.0 or later", ps_mod_name((ps_mod)sem), mn);
    if (has(m, PS_MOD_CLUSTER) && sm < 90) return FAIL("Feature '.cluster scope' requires .target sm_90 or higher");
    if (!late || !has(m, PS_MOD_RELAXED)) return NULL;
    if (ptx && ptx < 86) return FAIL("Modifier '.relaxed' on '%s' requires PTX ISA .version 8.6 or later", mn);
    if (sm < 90) return FAIL("Modifier '.relaxed' on '%s' requires .target sm_90 or higher", mn);
    return NULL;
}

/* cp.async.bulk.dst.src (PTX ISA 9.7.9.25.4.1), from the mnemonic as written: .shared::cluster from
 * .global or .shared::cta, .global from .shared::cta, and (PTX ISA 8.6) .shared::cta from .global. */
const char *ps_mem_bulk_rules(const char *text, int ptx, char *buf, size_t buflen) {
    /* the first two state spaces, wherever they stand (ptxas takes
     * cp.async.bulk.shared::cluster.mbarrier::complete_tx::bytes.global) */
    char dst[24] = "", src[24] = "";
    for (const char *s = strchr(text + strlen("cp.async.bulk"), '.'); s && !src[0]; s = strchr(s + 1, '.')) {
        char w[24];
        size_t len = strcspn(s + 1, ".");
        snprintf(w, sizeof w, "%.*s", (int)(len < 23 ? len : 23), s + 1);
        if (strcmp(w, "global") && strncmp(w, "shared", 6)) continue;
        snprintf(dst[0] ? src : dst, sizeof dst, "%s", w);
    }
    bool g2c = !strcmp(dst, "shared::cluster") && !strcmp(src, "global");
    bool c2g = !strcmp(dst, "global") && !strcmp(src, "shared::cta");
    bool s2c = !strcmp(dst, "shared::cluster") && !strcmp(src, "shared::cta");
    bool g2s = !strcmp(dst, "shared::cta") && !strcmp(src, "global");
    if (!g2c && !c2g && !s2c && !g2s) return FAIL("State space incorrect for instruction 'cp.async.bulk'");
    if (g2s && ptx && ptx < 86)
        return FAIL("Feature 'cp.async.bulk with destination state space as .shared::cta' requires PTX ISA .version "
                    "8.6 or later");
    return NULL;
}
