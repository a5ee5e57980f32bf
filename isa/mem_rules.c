/* mem_rules.c — the ISA's rules on memory instructions: spaces, qualifiers, vector widths by target, as ptxas 13 applies them (isa.h). */
#include <stdio.h>
#include <string.h>

#include "isa.h"

#define FAIL(...) (snprintf(buf, buflen, __VA_ARGS__), buf)

static bool has(const ps_modset *m, ps_mod x) { return ps_modset_has(m, x); }

ps_mod ps_mem_space(const ps_modset *m) {
    static const ps_mod sp[] = {PS_MOD_GLOBAL, PS_MOD_SHARED, PS_MOD_SHARED_CTA, PS_MOD_SHARED_CLUSTER,
                                PS_MOD_LOCAL,  PS_MOD_CONST,  PS_MOD_PARAM,      PS_MOD_PARAM_ENTRY,
                                PS_MOD_PARAM_FUNC};
    for (size_t i = 0; i < PS_ARRAY_LEN(sp); i++)
        if (has(m, sp[i])) return sp[i];
    return PS_MOD_GENERIC;
}

static bool param_space(ps_mod s) {
    return s == PS_MOD_PARAM || s == PS_MOD_PARAM_ENTRY || s == PS_MOD_PARAM_FUNC;
}

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
 * .nc, eviction priorities, prefetch sizes and ::cache_hint, by state space, target and version.
 * nops: the operands (a third is the cache policy). ptxas 13's wording throughout. */
const char *ps_mem_ldst_rules(ps_form form, const ps_type *types, int ntypes, const ps_modset *m, int vec,
                              int nops, const ps_arch *arch, int ptx, char *buf, size_t buflen) {
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
    case PS_T_B8: case PS_T_B16: case PS_T_B32: case PS_T_B64: case PS_T_B128:
    case PS_T_U8: case PS_T_U16: case PS_T_U32: case PS_T_U64:
    case PS_T_S8: case PS_T_S16: case PS_T_S32: case PS_T_S64:
    case PS_T_F32: case PS_T_F64: break;
    default: return FAIL("Unexpected instruction types specified for '%s'", mn);
    }
    if (ldu && (sp != PS_MOD_GENERIC && sp != PS_MOD_GLOBAL))
        return FAIL("State space incorrect for instruction 'ldu'");

    /* vectors: at most 128 bits; 256 bits (.v8.b32, .v4.b64) from sm_100 and PTX ISA 8.8, global */
    int size = ps_type_size(t);
    if (ldu && vec == 8) return FAIL("Illegal vector size: 8");
    if (st && sp == PS_MOD_PARAM_ENTRY) return FAIL("Illegal modifier '::entry' for instruction 'st'");
    if (vec > 1 && size * vec > 16) {
        if (ldu || size * vec > 32) return FAIL("Vector type too large, exceeds 128 bit limit");
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
                    vol ? "volatile" : weak ? "weak" : mmio ? "mmio" : relaxed ? "relaxed" : acquire ? "acquire"
                                                                                           : "release");
    if (!st && release) return FAIL("Illegal modifier '.release' for instruction '%s'", mn);
    if (st && acquire) return FAIL("Illegal modifier '.acquire' for instruction '%s'", mn);
    int nscope;
    int scope = first_of(m, SCOPES, PS_ARRAY_LEN(SCOPES), &nscope);
    if (nscope > 1) return FAIL("Multiple scope modifiers specified");
    int order = relaxed + acquire + release;
    const char *ord = relaxed ? "relaxed" : acquire ? "acquire" : release ? "release" : NULL;
    if (order > 1 || (order && (vol || weak)) || (vol && weak))
        return FAIL("Duplicate .%s modifier", relaxed ? "relaxed" : acquire ? "acquire" : "relaxed");
    if (ptx && weak && ptx < 60) return FAIL("Feature '.weak' requires PTX ISA .version 6.0 or later");
    if (weak && sm < 70) return FAIL("Feature '.weak' requires .target sm_70 or higher");
    if (mmio) {
        if (ptx && ptx < 82) return FAIL("Feature '.mmio' requires PTX ISA .version 8.2 or later");
        if (sm < 70) return FAIL("Feature '.mmio' requires .target sm_70 or higher");
        if (!relaxed) return FAIL("Modifier '.mmio' requires modifier '.relaxed' for instruction '%s'", mn);
    }
    if (scope >= 0 && (vol || weak))
        return FAIL("Modifier '.%s' cannot be combined with modifier '.%s'", vol ? "volatile" : "weak",
                    ps_mod_name((ps_mod)scope));
    if (scope >= 0 && !order) return FAIL("Modifier '.%s' requires memory order with '%s' instruction",
                                          ps_mod_name((ps_mod)scope), mn);
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
        if (ptx && ptx < 74) return FAIL("Modifier '.%s' on '%s' requires PTX ISA .version 7.4 or later",
                                         short_name((ps_mod)l1), mn);
        if (sm < 70) return FAIL("Modifier '.%s' on '%s' requires .target sm_70 or higher", short_name((ps_mod)l1), mn);
        if (!generic && !global)
            return FAIL("Modifier '.%s' cannot be applied to '.%s' space for instruction '%s'", short_name((ps_mod)l1),
                        spn, mn);
        if (strong) return FAIL("Modifier '.%s' cannot be combined with modifier '.%s'", short_name((ps_mod)l1), strong);
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
    }
    bool hint = has(m, PS_MOD_L2_CACHE_HINT);
    if (hint) {
        if (ldu) return FAIL("Illegal modifier '.L2::cache_hint' for instruction 'ldu'");
        if (ptx && ptx < 74) return FAIL("Modifier '.L2::cache_hint' requires PTX ISA .version 7.4 or later");
        if (sm < 80) return FAIL("Modifier '.L2::cache_hint' requires .target sm_80 or higher");
        if (!generic && !global)
            return FAIL("Modifier '.L2::cache_hint' cannot be applied to '.%s' space for instruction '%s'", spn, mn);
        if (nops != 3) return FAIL("Arguments mismatch for instruction '%s'", mn);
    } else if (nops == 3) {
        return FAIL(".L2::cache_hint modifier required for instruction '%s' with 3 arguments", mn);
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
    bool mbar = form >= PS_F_MBARRIER_INIT && form <= PS_F_MBARRIER_PENDING_COUNT;
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
                     : has(m, PS_MOD_L2_EVICT_UNCHANGED) ? PS_MOD_L2_EVICT_UNCHANGED
                     : has(m, PS_MOD_L1_EVICT_LAST) ? PS_MOD_L1_EVICT_LAST
                     : has(m, PS_MOD_L1_EVICT_FIRST) ? PS_MOD_L1_EVICT_FIRST
                     : has(m, PS_MOD_L1_EVICT_NORMAL) ? PS_MOD_L1_EVICT_NORMAL
                     : has(m, PS_MOD_L1_EVICT_UNCHANGED) ? PS_MOD_L1_EVICT_UNCHANGED : PS_MOD_L1_NO_ALLOCATE;
        return FAIL("Illegal modifier '.%s' for instruction 'prefetch'", short_name(bad));
    }
    bool evict = has(m, PS_MOD_L2_EVICT_LAST) || has(m, PS_MOD_L2_EVICT_NORMAL);
    bool tmap = has(m, PS_MOD_TENSORMAP);
    int levels = has(m, PS_MOD_LEVEL_L1) + has(m, PS_MOD_LEVEL_L2) + tmap;
    if (evict && has(m, PS_MOD_LEVEL_L1)) return FAIL("Multiple cache operation modifiers specified");
    if (levels > 1) return FAIL("Multiple cache operation modifiers specified");
    if (evict && has(m, PS_MOD_LEVEL_L2))
        return FAIL("Illegal modifier '.L2' for instruction 'prefetch' with '.level::eviction_priority'");
    if (!levels && !evict) return FAIL("Cache level modifier required for instruction 'prefetch'");
    if (evict) {
        if (ptx && ptx < 74) return FAIL("Modifier 'cache eviction priority' on 'prefetch' requires PTX ISA .version "
                                         "7.4 or later");
        if (sm < 80) return FAIL("Modifier 'cache eviction priority' on 'prefetch' requires .target sm_80 or higher");
        if (sp != PS_MOD_GENERIC && sp != PS_MOD_GLOBAL) return FAIL("State space incorrect for feature 'cache eviction "
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
