/* form_rules.c — modifier rules of the comparison, memory-address and cluster forms, as ptxas 13
 * applies them (isa.h: ps_isa_form_mods_unsupported).
 *
 * Found by scripts/form_sweep.py (every type x every choice of up to three modifiers of each
 * row, judged by ptxas -arch=sm_90/sm_80/sm_120) and checked by its CTests
 * (tests/cmake/forms.cmake). The messages are ptxas's.
 *
 * What forms.def states is not repeated here (isa.c, ps_isa_groups_unsupported): one comparison
 * and one boolean operation (setp, set: CMP! BOOL), redux's .sync and one operation (SYNC!
 * REDOP!), the modes of shfl, vote and match, one of .clamp/.wrap, cvta's and isspacep's state
 * space (SPACE!) and one space at most, .cc with .sat (SAT_CC), barrier.cluster's operation and
 * its semantics by operation (CLUSTERBAR! CLUSTERSEM ARRIVE_ACQUIRE WAIT_RELAXED WAIT_RELEASE),
 * the spaces of cvta, isspacep and prefetch (ASPACE PSPACE: ptxas's '::func' for a refused
 * sub-space is isa.c's ps_isa_mod_refused) and the mbarriers' one space (CTASPACE). What stays
 * needs more than a group:
 * - half setp's comparison by source type (the members of CMP a type takes): rows split by type
 *   with narrower comparison groups would not count a comparison the row lacks, where ptxas says
 *   "Multiple comparisons set" for '.lo.lt' on any type;
 * - mapa's and getctarank's space: ptxas's wording depends on the space given (".shared" and
 *   ".shared::cta": "expected '::cluster'"; "::entry", "::func": an illegal modifier; the others
 *   "State space incorrect" alone), which a group's two wordings (two members, none) cannot say. */
#include <stdio.h>

#include "isa.h"

#define FAIL(...) (snprintf(buf, buflen, __VA_ARGS__), buf)

static bool has(const ps_modset *m, ps_mod x) { return ps_modset_has(m, x); }

static int count_of(const ps_modset *m, const ps_mod *set, size_t n) {
    int c = 0;
    for (size_t i = 0; i < n; i++) c += has(m, set[i]);
    return c;
}
#define COUNT(m, list) count_of(m, list, PS_ARRAY_LEN(list))

static const ps_mod SPACES[] = {PS_MOD_GLOBAL, PS_MOD_SHARED, PS_MOD_SHARED_CTA,  PS_MOD_SHARED_CLUSTER, PS_MOD_LOCAL,
                                PS_MOD_CONST,  PS_MOD_PARAM,  PS_MOD_PARAM_ENTRY, PS_MOD_PARAM_FUNC};

/* 9.7.4.x half-precision setp: the comparisons by source type (setp's rows list .ftz where it
 * applies; set's .ftz is isa.c's ps_isa_set_unsupported, with the pair of types) */
static const char *compare_rules(ps_type src, const ps_modset *mods, char *buf, size_t buflen) {
    const char *why = ps_types_cmp_unsupported(src, mods);
    return why ? FAIL("%s", why) : NULL;
}

/* mapa and getctarank map a .shared::cluster address (or a generic one, no space): ptxas 13 names
 * the sub-space it expected after .shared and .shared::cta, refuses ::entry and ::func as
 * modifiers, and says no more for the other spaces */
static const char *cluster_space_rules(ps_form form, const ps_modset *mods, char *buf, size_t buflen) {
    const char *mn = ps_form_get(form)->mnemonic;
    if (!COUNT(mods, SPACES) || has(mods, PS_MOD_SHARED_CLUSTER)) return NULL;
    if (has(mods, PS_MOD_PARAM_ENTRY) || has(mods, PS_MOD_PARAM_FUNC))
        return FAIL("Illegal modifier '::%s' for instruction '%s'", has(mods, PS_MOD_PARAM_FUNC) ? "func" : "entry",
                    mn);
    if (has(mods, PS_MOD_SHARED) || has(mods, PS_MOD_SHARED_CTA))
        return FAIL("State space incorrect for instruction '%s', expected '::cluster'", mn);
    return FAIL("State space incorrect for instruction '%s'", mn);
}

const char *ps_isa_form_mods_unsupported(ps_form form, const ps_type *types, int ntypes, const ps_modset *mods,
                                         char *buf, size_t buflen) {
    ps_type t = ntypes ? types[0] : PS_T_NONE;
    switch (form) {
    case PS_F_SETP_HALF: return compare_rules(t, mods, buf, buflen);
    case PS_F_MAPA:
    case PS_F_GETCTARANK: return cluster_space_rules(form, mods, buf, buflen);
    default: return NULL;
    }
}
