/* isa.c — builds the lookup indices over the declaration tables and answers target questions. */
#include "isa.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    int size;
    ps_type_kind kind;
} type_rows[] = {
#define X(id, name, size, kind) {name, size, kind},
#include "types.def"
#undef X
};

/* in ps_mod's order: the X rows, then the W rows */
static const char *const mod_names[] = {
#define X(id, name) name,
#define W(id, name)
#include "mods.def"
#undef X
#undef W
#define X(id, name)
#define W(id, name) name,
#include "mods.def"
#undef X
#undef W
};

static ps_form_info forms[] = {
#define XS(id, op, mn, ty, md, ops, ptx, sm, props, family)                                 \
    {PS_F_##id, mn, ty, md,  ops, 0,     {{0}},           0,        0, false, false, false, \
     false,     -1, -1, ptx, sm,  props, PS_FAM_##family, PS_F_##op},
#define X(id, ...) XS(id, id, __VA_ARGS__)
#include "forms.def"
#undef X
#undef XS
};

static const ps_arch archs[] = {
#define X(id, name, sm, a, ptx, thr, sh, shopt, regs) {PS_ARCH_##id, name, sm, a, ptx, thr, sh, shopt, regs, 32, 32, 4},
#include "archs.def"
#undef X
};

/* Modifier groups (mods.def's G rows): members as spelled, and ptxas's wording for two members
 * (one) and for none of a GROUP! group (need). */
static const struct {
    const char *name, *members, *one, *need;
    bool named; /* GN: ptxas counts the member in the instruction's name */
} group_rows[] = {
#define X(id, name)
#define W(id, name)
#define G(id, members, one, need)  {#id, members, one, need, false},
#define GN(id, members, one, need) {#id, members, one, need, true},
#include "mods.def"
#undef X
#undef W
#undef G
#undef GN
};
_Static_assert(PS_MG_COUNT <= 64, "ps_form_info.groups has a bit per group");
static ps_modset group_masks[PS_MG_COUNT];

/* A form's "one at most" checks, built at init from the groups its row names (GN groups apart): the
 * members of the groups that share a wording (ROUND and IROUND), and the first such group (its
 * wording). */
enum { MAX_ONE_CHECKS = 6 };
static struct {
    ps_modset members;
    uint8_t group;
} one_checks[PS_F_COUNT][MAX_ONE_CHECKS];
static uint8_t n_one_checks[PS_F_COUNT];

static void build_one_checks(int form) {
    const ps_form_info *f = &forms[form];
    for (int g = 0; g < PS_MG_COUNT; g++) {
        if (!(f->groups >> g & 1) || !group_rows[g].one || group_rows[g].named) continue;
        bool seen = false; /* an earlier group with this wording made the check already */
        for (int i = 0; i < n_one_checks[form]; i++)
            seen |= !strcmp(group_rows[one_checks[form][i].group].one, group_rows[g].one);
        if (seen) continue;
        if (n_one_checks[form] == MAX_ONE_CHECKS) {
            fprintf(stderr, "ptxsim: forms.def: row '%s' names too many groups\n", f->mnemonic);
            abort();
        }
        ps_modset m = {{0}};
        for (int h = g; h < PS_MG_COUNT; h++)
            if ((f->groups >> h & 1) && group_rows[h].one && !group_rows[h].named &&
                !strcmp(group_rows[h].one, group_rows[g].one))
                for (size_t i = 0; i < PS_ARRAY_LEN(m.w); i++) m.w[i] |= group_masks[h].w[i];
        one_checks[form][n_one_checks[form]].members = m;
        one_checks[form][n_one_checks[form]++].group = (uint8_t)g;
    }
}

/* Sorted indices for binary search. */
static int mod_sorted[PS_MOD_COUNT];
static int type_sorted[PS_T_COUNT];
static int form_sorted[PS_F_COUNT];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static int cmp_mod(const void *a, const void *b) {
    return strcmp(mod_names[*(const int *)a], mod_names[*(const int *)b]);
}
static int cmp_type(const void *a, const void *b) {
    return strcmp(type_rows[*(const int *)a].name, type_rows[*(const int *)b].name);
}
static int cmp_form(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    int c = strcmp(forms[x].mnemonic, forms[y].mnemonic);
    return c ? c : x - y; /* keep declaration order within a mnemonic */
}

/* Compares the counted string s[0..n) with NUL-terminated t. */
static int cmpn(const char *s, size_t n, const char *t) {
    int c = strncmp(s, t, n);
    if (c) return c;
    return t[n] ? -1 : 0;
}

static ps_type type_lookup_raw(const char *s, size_t n);
static int mod_lookup_raw(const char *s, size_t n);

/* A member list of mods.def ("rn rz rm") into a set: every word an X modifier, else abort. */
static void add_members(ps_modset *set, const char *m, const char *what) {
    while (*m) {
        size_t k = strcspn(m, " ");
        int id = mod_lookup_raw(m, k);
        if (id < 0 || id >= PS_MOD_NTABLE) { /* a W word belongs to "*" rows only (mods.def) */
            fprintf(stderr, "ptxsim: unknown modifier '%.*s' in %s\n", (int)k, m, what);
            abort();
        }
        ps_modset_add(set, (ps_mod)id);
        m += k;
        while (*m == ' ') m++;
    }
}

/* One word of forms.def's modifiers column: a modifier, or a group (upper case, '!' when one
 * member is required). */
static void add_word(ps_form_info *f, const char *w, size_t n) {
    bool need = n > 1 && w[n - 1] == '!';
    size_t len = n - need;
    for (int g = 0; g < PS_MG_COUNT; g++) {
        if (cmpn(w, len, group_rows[g].name) == 0) {
            for (size_t i = 0; i < PS_ARRAY_LEN(f->mods.w); i++) f->mods.w[i] |= group_masks[g].w[i];
            f->groups |= 1ull << g;
            if (need && !group_rows[g].need) {
                fprintf(stderr, "ptxsim: forms.def: group %s has no 'need' wording (mods.def)\n", group_rows[g].name);
                abort();
            }
            if (need) f->required |= 1ull << g;
            return;
        }
    }
    char what[64];
    snprintf(what, sizeof what, "forms.def's row '%s'", f->mnemonic);
    if (need) {
        fprintf(stderr, "ptxsim: forms.def: '!' after '%.*s', not a group, in %s\n", (int)len, w, what);
        abort();
    }
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)len, w);
    add_members(&f->mods, word, what);
}

/* The operands column: a count ("2", "2-3", "1+": at least one, "*": unchecked) or a shape, one
 * token per operand (types_rules.c reads the tokens); a token ending '?' (optional), '&' (only
 * with .and/.or/.xor), '^' (only with .L2::cache_hint), '=' (only with .cas), '+' (required
 * with a video instruction's secondary operation, optional without) or '%' (only with .red: bar's)
 * may be absent. */
static void parse_operands(ps_form_info *f) {
    const char *s = f->ops_src;
    if (!strcmp(s, "*")) return;
    if (s[0] >= '0' && s[0] <= '9') {
        char *e;
        f->min_ops = (int)strtol(s, &e, 10);
        f->max_ops = *e == '+' ? -1 : *e == '-' ? (int)strtol(e + 1, &e, 10) : f->min_ops;
        return;
    }
    f->shaped = true;
    f->min_ops = f->max_ops = 0;
    while (*s) {
        size_t k = strcspn(s, " ");
        if (k < 2 || k > 3 || (k == 3 && !strchr("?&^=+%", s[2]))) {
            fprintf(stderr, "ptxsim: forms.def: bad operand '%.*s' of '%s'\n", (int)k, s, f->mnemonic);
            abort();
        }
        f->max_ops++;
        if (k == 2) f->min_ops++;
        s += k;
        while (*s == ' ') s++;
    }
}

static void init_tables(void) {
    for (int i = 0; i < PS_MOD_COUNT; i++) mod_sorted[i] = i;
    qsort(mod_sorted, PS_MOD_COUNT, sizeof(int), cmp_mod);
    for (int i = 0; i < PS_T_COUNT; i++) type_sorted[i] = i;
    qsort(type_sorted, PS_T_COUNT, sizeof(int), cmp_type);
    for (int i = 0; i < PS_F_COUNT; i++) form_sorted[i] = i;
    qsort(form_sorted, PS_F_COUNT, sizeof(int), cmp_form);
    for (int g = 0; g < PS_MG_COUNT; g++) add_members(&group_masks[g], group_rows[g].members, "mods.def's groups");

    for (int i = 0; i < PS_F_COUNT; i++) {
        ps_form_info *f = &forms[i];
        if (strcmp(f->types_src, "*") == 0) f->any_type = true;
        else if (strcmp(f->types_src, "-") == 0) f->no_type = true;
        else {
            const char *t = f->types_src;
            while (*t) {
                size_t k = strcspn(t, " ");
                ps_type ty = type_lookup_raw(t, k);
                if (ty == PS_T_NONE) {
                    fprintf(stderr, "ptxsim: forms.def: unknown type '%.*s'\n", (int)k, t);
                    abort();
                }
                f->types |= 1ull << ty;
                t += k;
                while (*t == ' ') t++;
            }
        }
        parse_operands(f);
        if (strcmp(f->mods_src, "*") == 0) f->any_mod = true;
        else if (strcmp(f->mods_src, "-") != 0) {
            const char *m = f->mods_src;
            while (*m) {
                size_t k = strcspn(m, " ");
                add_word(f, m, k);
                m += k;
                while (*m == ' ') m++;
            }
        }
        build_one_checks(i);
    }
}

static bool init_done; /* read before pthread_once: lookups sit on the parser's hot path */

static void init_tables_once(void) {
    init_tables();
    __atomic_store_n(&init_done, true, __ATOMIC_RELEASE);
}

static void ensure_init(void) {
    if (!__atomic_load_n(&init_done, __ATOMIC_ACQUIRE)) pthread_once(&init_once, init_tables_once);
}

const char *ps_type_name(ps_type t) { return t >= 0 && t < PS_T_COUNT ? type_rows[t].name : "?"; }
int ps_type_size(ps_type t) { return t >= 0 && t < PS_T_COUNT ? type_rows[t].size : 0; }
ps_type_kind ps_type_kind_of(ps_type t) { return type_rows[t].kind; }

static ps_type type_lookup_raw(const char *s, size_t n) {
    int lo = 0, hi = PS_T_COUNT - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = cmpn(s, n, type_rows[type_sorted[mid]].name);
        if (c == 0) return (ps_type)type_sorted[mid];
        if (c < 0) hi = mid - 1;
        else lo = mid + 1;
    }
    return PS_T_NONE;
}

const char *ps_mod_name(ps_mod m) { return m < PS_MOD_COUNT ? mod_names[m] : "?"; }

static int mod_lookup_raw(const char *s, size_t n) {
    int lo = 0, hi = PS_MOD_COUNT - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = cmpn(s, n, mod_names[mod_sorted[mid]]);
        if (c == 0) return mod_sorted[mid];
        if (c < 0) hi = mid - 1;
        else lo = mid + 1;
    }
    return -1;
}

const char *ps_modgroup_name(ps_modgroup g) { return g < PS_MG_COUNT ? group_rows[g].name : "?"; }

const ps_modset *ps_modgroup_mask(ps_modgroup g) {
    ensure_init();
    return &group_masks[g];
}

int ps_modgroup_index(ps_modgroup g, ps_mod m) {
    if (m >= PS_MOD_NTABLE) return -1;
    const char *name = mod_names[m];
    size_t n = strlen(name);
    int i = 0;
    for (const char *p = group_rows[g].members; *p; i++) {
        size_t k = strcspn(p, " ");
        if (k == n && !strncmp(p, name, n)) return i;
        p += k;
        while (*p == ' ') p++;
    }
    return -1;
}

bool ps_isa_counts_spaces(const ps_form_info *f) {
    for (int g = 0; g < PS_MG_COUNT; g++)
        if ((f->groups >> g & 1) && group_rows[g].one && !strcmp(group_rows[g].one, group_rows[PS_MG_SPACE].one))
            return true;
    return false;
}

/* The name ptxas gives the instruction: the mnemonic, and the member of each GN group of the row
 * written first ("mul.lo.hi.u32": 'mul.lo'). ptxas reads them right after the mnemonic: a member
 * written after any other word ("mad.sat.hi", "dp2a.u32.u32.lo") is not part of the name, and the
 * groups whose member is returns as bits (every group with a member in mods when text is NULL). */
static uint64_t row_name(const ps_form_info *f, const ps_modset *mods, const char *text, size_t len, char *name,
                         size_t n) {
    snprintf(name, n, "%s", f->mnemonic);
    size_t at = strlen(f->mnemonic);
    uint64_t gn = 0, named = 0; /* the row's GN groups; those in the name */
    for (int g = 0; g < PS_MG_COUNT; g++)
        if ((f->groups >> g & 1) && group_rows[g].named) gn |= 1ull << g;
    if (!text || len < at || strncmp(text, f->mnemonic, at)) {
        for (uint64_t l = gn; l; l &= l - 1)
            if (ps_modset_first(mods, &group_masks[__builtin_ctzll(l)]) != PS_MOD_NONE) named |= l & -l;
        return named;
    }
    for (size_t i = at; i < len;) {
        size_t k = ++i; /* past the '.' */
        while (k < len && text[k] != '.') k++;
        int m = mod_lookup_raw(text + i, k - i);
        uint64_t in = 0; /* the GN groups this word is a member of */
        for (uint64_t l = gn; l && m >= 0 && m < PS_MOD_NTABLE; l &= l - 1)
            if (ps_modset_has(&group_masks[__builtin_ctzll(l)], (ps_mod)m)) in |= l & -l;
        if (!in) break; /* the name ends at the first other word */
        if (in & ~named) {
            size_t used = strlen(name);
            snprintf(name + used, n - used, ".%.*s", (int)(k - i), text + i);
        }
        named |= in;
        i = k;
    }
    return named;
}

static int members_in(const ps_modset *mods, const ps_modset *set) {
    int n = 0;
    for (size_t i = 0; i < PS_ARRAY_LEN(mods->w); i++) n += __builtin_popcountll(set->w[i] & mods->w[i]);
    return n;
}

/* The member of set written second in text[0..len) (ptxas names it in "Duplicate .%m modifier"),
 * or the last of mods's members in set where the text does not show it. */
static ps_mod second_member(const ps_modset *mods, const ps_modset *set, const char *text, size_t len) {
    int seen = 0;
    for (size_t i = 0; text && i < len;) {
        while (i < len && text[i] != '.') i++;
        size_t k = ++i; /* past the '.' */
        while (k < len && text[k] != '.') k++;
        int m = mod_lookup_raw(text + i, k - i);
        if (m >= 0 && m < PS_MOD_NTABLE && ps_modset_has(set, (ps_mod)m) && ++seen == 2) return (ps_mod)m;
        i = k;
    }
    ps_mod last = PS_MOD_NONE;
    for (int m = 0; m < PS_MOD_NTABLE; m++)
        if (ps_modset_has(set, (ps_mod)m) && ps_modset_has(mods, (ps_mod)m)) last = (ps_mod)m;
    return last;
}

const char *ps_isa_groups_unsupported(const ps_form_info *f, const ps_modset *mods, const char *text, size_t len,
                                      char *buf, size_t buflen) {
    char name[64];
    uint64_t named = row_name(f, mods, text, len, name, sizeof name);
    /* the groups of the name first: one member, and one in the name where the row requires it */
    for (int g = 0; g < PS_MG_COUNT; g++) {
        if (!(f->groups >> g & 1) || !group_rows[g].named) continue;
        int n = members_in(mods, &group_masks[g]);
        bool missing = !(named >> g & 1) && (f->required >> g & 1);
        const char *why = n > 1 ? group_rows[g].one : missing ? group_rows[g].need : NULL;
        if (why) {
            snprintf(buf, buflen, why, name);
            return buf;
        }
    }
    /* at most one member; groups with the same wording count together (.rn.rzi: two roundings) */
    for (int c = 0; c < n_one_checks[f->id]; c++) {
        if (members_in(mods, &one_checks[f->id][c].members) > 1) {
            const char *one = group_rows[one_checks[f->id][c].group].one, *m = strstr(one, "%m");
            if (!m) {
                snprintf(buf, buflen, one, name);
                return buf;
            }
            snprintf(buf, buflen, "%.*s%s%s", (int)(m - one), one,
                     ps_mod_name(second_member(mods, &one_checks[f->id][c].members, text, len)), m + 2);
            return buf;
        }
    }
    return NULL;
}

bool ps_isa_mod_in_name(ps_mod m) {
    ensure_init();
    for (int g = 0; g < PS_MG_COUNT; g++)
        if (group_rows[g].named && ps_modset_has(&group_masks[g], m)) return true;
    return false;
}

const char *ps_isa_groups_required(const ps_form_info *f, const ps_modset *mods, const char *text, size_t len,
                                   char *buf, size_t buflen) {
    char name[64];
    row_name(f, mods, text, len, name, sizeof name);
    for (uint64_t r = f->required; r; r &= r - 1) {
        int g = __builtin_ctzll(r);
        if (ps_modset_first(mods, &group_masks[g]) == PS_MOD_NONE) {
            snprintf(buf, buflen, group_rows[g].need, name);
            return buf;
        }
    }
    return NULL;
}

ps_type ps_type_lookup(const char *s, size_t n) {
    ensure_init();
    return type_lookup_raw(s, n);
}

int ps_mod_lookup(const char *s, size_t n) {
    ensure_init();
    return mod_lookup_raw(s, n);
}

const ps_form_info *ps_form_get(ps_form f) {
    ensure_init();
    return &forms[f];
}

/* First index in form_sorted whose mnemonic is >= s[0..n). */
static int lower_bound(const char *s, size_t n) {
    int lo = 0, hi = PS_F_COUNT;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (cmpn(s, n, forms[form_sorted[mid]].mnemonic) > 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

int ps_isa_lookup_mnemonic(const char *s, size_t n, const ps_form **out) {
    ensure_init();
    int i = lower_bound(s, n), count = 0;
    while (i + count < PS_F_COUNT && cmpn(s, n, forms[form_sorted[i + count]].mnemonic) == 0) count++;
    *out = count ? (const ps_form *)&form_sorted[i] : NULL;
    return count;
}

size_t ps_isa_match_prefix(const char *word, size_t n) {
    ensure_init();
    size_t ends[8];
    int k = 0;
    for (size_t i = 0; i < n && k < 7; i++)
        if (word[i] == '.') ends[k++] = i;
    ends[k++] = n;
    for (int c = k - 1; c >= 0; c--) {
        const ps_form *f;
        if (ps_isa_lookup_mnemonic(word, ends[c], &f)) return ends[c];
    }
    return 0;
}

const ps_arch *ps_arch_get(ps_arch_id id) { return &archs[id]; }

const ps_arch *ps_arch_lookup(const char *name) {
    /* ptxas takes "compute_90a" for "sm_90a" in .target and -arch: the same row */
    char sm[24];
    if (!strncmp(name, "compute_", 8) && strlen(name) < sizeof sm - 3) {
        snprintf(sm, sizeof sm, "sm_%s", name + 8);
        name = sm;
    }
    for (size_t i = 0; i < PS_ARRAY_LEN(archs); i++)
        if (strcmp(archs[i].name, name) == 0) return &archs[i];
    return NULL;
}

bool ps_arch_is_machine(const ps_arch *a) { return a && a->max_threads_per_block > 0; }

const ps_arch *ps_arch_default_machine(const ps_arch *target) {
    if (!target || ps_arch_is_machine(target)) return target;
    for (size_t i = 0; i < PS_ARRAY_LEN(archs); i++) /* rows are in ascending order */
        if (ps_arch_is_machine(&archs[i]) && !ps_arch_cannot_run(&archs[i], target, NULL, 0)) return &archs[i];
    return NULL;
}

/* The family of a target for the "f" rules: sm_100 and sm_103 are one, sm_101 (renamed sm_110 in
 * CUDA 13) and sm_110 another, sm_120 and sm_121 a third. */
static int arch_family(const ps_arch *a) { return a->sm == 101 ? 11 : a->sm / 10; }

const char *ps_arch_cannot_run(const ps_arch *machine, const ps_arch *target, char *buf, size_t buflen) {
    enum { OK, SAME_SM, FUTURE, NEWER, FAMILY } rule = OK;
    if (target->arch_specific == 1 && (machine->sm != target->sm || machine->arch_specific != 1))
        rule = machine->sm == target->sm ? SAME_SM : FUTURE;
    else if (target->sm > machine->sm) rule = NEWER;
    else if (target->arch_specific == 2 && arch_family(machine) != arch_family(target)) rule = FAMILY;
    if (rule == OK) return NULL;
    if (!buf) return "cannot run";
    const char *t = target->name, *m = machine->name;
    switch (rule) {
    case SAME_SM: snprintf(buf, buflen, "PTX with .target '%s' cannot be compiled for architecture '%s'", t, m); break;
    case FUTURE:
        snprintf(buf, buflen, "Program with .target '%s' cannot be compiled to future architecture '%s'", t, m);
        break;
    case NEWER:
        snprintf(buf, buflen,
                 ".target %s is newer than the architecture '%s' it is checked or run for (ptxas: "
                 "SM version specified by .target is higher than default SM version assumed)",
                 t, m);
        break;
    default:
        snprintf(buf, buflen,
                 "Program with .target '%s' cannot be compiled to different SM-family architecture "
                 "'%s'",
                 t, m);
        break;
    }
    return buf;
}

const char *ps_isa_form_unsupported(const ps_form_info *f, const ps_arch *arch, int ptx_version, char *buf,
                                    size_t buflen) {
    if (ptx_version && ptx_version < f->min_ptx) {
        snprintf(buf, buflen, "Instruction '%s' requires PTX ISA .version %d.%d or later", f->mnemonic, f->min_ptx / 10,
                 f->min_ptx % 10);
        return buf;
    }
    if (!arch) return NULL;
    if (arch->sm < f->min_sm) {
        snprintf(buf, buflen, "Instruction '%s' requires .target sm_%d or higher", f->mnemonic, f->min_sm);
        return buf;
    }
    if (f->props & P_ARCH_SPECIFIC) return ps_isa_arch_form_unsupported(f, arch, buf, buflen);
    return NULL;
}

/* A modifier the form's row does not list, refused in ptxas 13's words (which vary with the
 * modifier: a rounding, .sat on an integer type, .cc, .wide, .full, .relu, a comparison, a video
 * instruction's secondary operation). */
const char *ps_isa_mod_refused(const ps_form_info *f, ps_mod m, const ps_type *types, int ntypes, const ps_modset *mods,
                               char *buf, size_t buflen) {
    const char *mn = f->mnemonic;
    ps_type t = ntypes ? types[0] : PS_T_NONE;
    bool int_type = t != PS_T_NONE && (ps_type_kind_of(t) == TK_UINT || ps_type_kind_of(t) == TK_SINT);
    switch (m) {
    case PS_MOD_RN:
    case PS_MOD_RZ:
    case PS_MOD_RM:
    case PS_MOD_RP:
    case PS_MOD_RNA:
    case PS_MOD_RNI:
    case PS_MOD_RZI:
    case PS_MOD_RMI:
    case PS_MOD_RPI: snprintf(buf, buflen, "Illegal rounding modifier for instruction '%s'", mn); return buf;
    case PS_MOD_NAN: snprintf(buf, buflen, "Comparison qualifier is not allowed for instruction '%s'", mn); return buf;
    case PS_MOD_WIDE:
    case PS_MOD_FULL:
        snprintf(buf, buflen, "Unexpected instruction types specified for '%s.%s'", mn, ps_mod_name(m));
        return buf;
    default: break;
    }
    const char *sub = strstr(ps_mod_name(m), "::");
    if (sub && ps_modset_has(&group_masks[PS_MG_SPACE], m)) { /* ptxas names a refused sub-space */
        int base = mod_lookup_raw(ps_mod_name(m), (size_t)(sub - ps_mod_name(m)));
        if (base >= 0 && ps_modset_has(&f->mods, (ps_mod)base)) {
            snprintf(buf, buflen, "Illegal modifier '%s' for instruction '%s'", sub, mn);
            return buf;
        }
    }
    if ((f->props & P_VIDEO) && (m == PS_MOD_ADD || m == PS_MOD_MIN || m == PS_MOD_MAX)) {
        snprintf(buf, buflen, "Illegal secondary operation for video instruction '%s'", mn);
        return buf;
    }
    if (m == PS_MOD_SAT && int_type) {
        snprintf(buf, buflen, "Modifier '.sat' does not apply to '.%s' type", ps_type_name(t));
        return buf;
    }
    if (m == PS_MOD_CC && int_type) {
        bool mad = !strcmp(mn, "mad");
        snprintf(buf, buflen, "Modifier '.cc' applies only to %s%s integer types", mn,
                 !mad                                 ? ""
                     : ps_modset_has(mods, PS_MOD_HI) ? ".hi"
                                                      : ".lo");
        return buf;
    }
    if (m == PS_MOD_RELU && int_type) {
        snprintf(buf, buflen, "Illegal modifier '.relu' for instruction '%s' with type '.%s'", mn, ps_type_name(t));
        return buf;
    }
    snprintf(buf, buflen, "Illegal modifier '.%s' for instruction '%s'", ps_mod_name(m), mn);
    return buf;
}

/* Requirements of single types and modifiers (variants.def). */
typedef struct {
    ps_form form;
    bool is_type;
    int id; /* ps_type or ps_mod */
    int min_ptx, min_sm;
} variant_req;
static const variant_req VARIANTS[] = {
#define VT(F, T, P, S) {PS_F_##F, true, PS_T_##T, P, S},
#define VM(F, M, P, S) {PS_F_##F, false, PS_MOD_##M, P, S},
#include "variants.def"
#undef VT
#undef VM
};

const char *ps_isa_variant_unsupported(const ps_form_info *f, const ps_type *types, int ntypes, const ps_modset *mods,
                                       const ps_arch *arch, int ptx_version, char *buf, size_t buflen) {
    for (size_t i = 0; i < PS_ARRAY_LEN(VARIANTS); i++) {
        const variant_req *v = &VARIANTS[i];
        if (v->form != f->op) continue;
        bool used = false;
        if (v->is_type) {
            for (int k = 0; k < ntypes; k++) used |= (int)types[k] == v->id;
        } else {
            used = ps_modset_has(mods, (ps_mod)v->id);
        }
        if (!used) continue;
        const char *what = v->is_type ? ps_type_name((ps_type)v->id) : ps_mod_name((ps_mod)v->id);
        if (ptx_version && ptx_version < v->min_ptx) {
            snprintf(buf, buflen, "'.%s' on '%s' requires PTX ISA .version %d.%d or later", what, f->mnemonic,
                     v->min_ptx / 10, v->min_ptx % 10);
            return buf;
        }
        if (arch && arch->sm < v->min_sm) {
            snprintf(buf, buflen, "'.%s' on '%s' requires .target sm_%d or higher", what, f->mnemonic, v->min_sm);
            return buf;
        }
    }
    return NULL;
}

/* mma.sync forms newer than their types (ptxas 13's wording): the sm_89 fp8 forms of PTX ISA 8.7
 * and the sm_90 .f64 shapes of PTX ISA 7.8 */
static const char *mma_new_form(const ps_type *types, int ntypes, int m, int n, int k, const ps_arch *arch,
                                int ptx_version, char *buf, size_t buflen) {
    bool f8 = false, f16 = false, f64 = false;
    for (int i = 0; i < ntypes; i++) {
        f8 |= types[i] == PS_T_E4M3 || types[i] == PS_T_E5M2;
        f16 |= types[i] == PS_T_F16;
        f64 |= types[i] == PS_T_F64;
    }
    if (f64 && m == 16 && n == 8) {
        if (ptx_version && ptx_version < 78) {
            snprintf(buf, buflen, "Feature '.m16n8k%d with double types' requires PTX ISA .version 7.8 or later", k);
            return buf;
        }
        if (arch && arch->sm < 90) {
            snprintf(buf, buflen, "Feature '.m16n8k%d with double types' requires .target sm_90 or higher", k);
            return buf;
        }
    }
    if (f8 && ptx_version && ptx_version < 87 && (k == 16 || f16)) {
        if (k == 16)
            snprintf(buf, buflen,
                     "Feature 'mma with FP8 floating point type and .m16n8k16 shape' requires PTX ISA "
                     ".version 8.7 or later");
        else
            snprintf(buf, buflen,
                     "Feature 'mma with FP8 floating point type and FP16 accumulation' requires PTX ISA "
                     ".version 8.7 or later");
        return buf;
    }
    return NULL;
}

const char *ps_isa_tensor_unsupported(ps_form form, const ps_type *types, int ntypes, int m, int n, int k,
                                      const ps_arch *arch, int ptx_version, char *buf, size_t buflen) {
    if (form == PS_F_MMA && mma_new_form(types, ntypes, m, n, k, arch, ptx_version, buf, buflen)) return buf;
    if (arch && (form == PS_F_LDMATRIX || form == PS_F_STMATRIX) && m && !(m == 8 && n == 8) &&
        !(arch->arch_specific && arch->sm >= 100)) {
        /* the 8-bit shapes: sm_100a, sm_101a/sm_110a, sm_120a and the family targets */
        snprintf(buf, buflen,
                 "Instruction '%s' with shape .m%dn%d requires .target sm_100a, sm_110a, sm_120a or a "
                 "family-specific target (sm_100f and later)",
                 ps_form_get(form)->mnemonic, m, n);
        return buf;
    }
    if (!arch || (form != PS_F_MMA && form != PS_F_WMMA_LOAD && form != PS_F_WMMA_STORE && form != PS_F_WMMA_MMA))
        return NULL;
    int need = 0;
    const char *what = NULL;
    for (int i = 0; i < ntypes; i++) {
        ps_type t = types[i];
        int s = 0;
        if (t == PS_T_BF16 || t == PS_T_TF32 || t == PS_T_F64) s = 80;
        else if (t == PS_T_E4M3 || t == PS_T_E5M2) s = 89;
        else if (t == PS_T_S8 || t == PS_T_U8) s = form == PS_F_MMA ? 75 : 72; /* integer wmma: sm_72 */
        else if (t == PS_T_S4 || t == PS_T_U4 || t == PS_T_B1) s = 75;
        if (s > need) need = s, what = ps_type_name(t);
    }
    if (form == PS_F_MMA) {
        /* shapes newer than their types: m16n8k8 .f16 sm_75; m16n8k16 .f16 and the m16 integer
         * shapes sm_80 */
        int s = 0;
        if (m == 16 && n == 8 && k == 8) s = 75;
        if (m == 16 && n == 8 && (k == 16 || k == 32 || k == 64 || k == 128 || k == 256)) s = 80;
        if (s > need) need = s, what = NULL;
    }
    if (arch->sm >= need) return NULL;
    if (what)
        snprintf(buf, buflen, "Instruction '%s' with .%s requires .target sm_%d or higher", ps_form_get(form)->mnemonic,
                 what, need);
    else
        snprintf(buf, buflen, "Instruction '%s' with shape .m%dn%dk%d requires .target sm_%d or higher",
                 ps_form_get(form)->mnemonic, m, n, k, need);
    return buf;
}

/* Floating-point cvt spellings (cvt_forms.def). */
typedef struct {
    ps_type dst, src;
    int min_sm, min_ptx;
    const char *mods;
} cvt_form;
static const cvt_form CVT_FORMS[] = {
#define CVT_FORM(D, S, SM, PTX, M) {PS_T_##D, PS_T_##S, SM, PTX, M},
#include "cvt_forms.def"
#undef CVT_FORM
};

static bool cvt_float_type(ps_type t) {
    return t == PS_T_F16 || t == PS_T_BF16 || t == PS_T_TF32 || t == PS_T_F32 || t == PS_T_F64 || t == PS_T_F16X2 ||
        t == PS_T_BF16X2 || t == PS_T_E4M3X2 || t == PS_T_E5M2X2;
}

/* does the space-separated list `list` contain the word `w`? */
static bool word_in(const char *list, const char *w) {
    size_t n = strlen(w);
    for (const char *p = list; (p = strstr(p, w)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return true;
    return false;
}

const char *ps_isa_cvt_unsupported(ps_form form, const ps_type *types, int ntypes, const ps_modset *mods,
                                   const ps_arch *arch, int ptx_version, char *buf, size_t buflen) {
    if (form != PS_F_CVT || ntypes != 2 || types[0] == types[1] || !cvt_float_type(types[0]) ||
        !cvt_float_type(types[1]) || ps_modset_has(mods, PS_MOD_RS))
        return NULL;
    static const ps_mod order[] = {PS_MOD_RN,  PS_MOD_RZ,  PS_MOD_RM,   PS_MOD_RP,       PS_MOD_RNA,
                                   PS_MOD_FTZ, PS_MOD_SAT, PS_MOD_RELU, PS_MOD_SATFINITE};
    static const ps_mod irnd[] = {PS_MOD_RNI, PS_MOD_RZI, PS_MOD_RMI, PS_MOD_RPI};
    char set[64] = "", shown[72] = "";
    for (size_t i = 0; i < PS_ARRAY_LEN(order); i++)
        if (ps_modset_has(mods, order[i]))
            snprintf(set + strlen(set), sizeof set - strlen(set), "%s%s", set[0] ? "." : "", ps_mod_name(order[i]));
    bool integral = false;
    for (size_t i = 0; i < PS_ARRAY_LEN(irnd); i++) integral |= ps_modset_has(mods, irnd[i]);
    if (!set[0]) snprintf(set, sizeof set, "-");
    else snprintf(shown, sizeof shown, ".%s", set);
    const char *dn = ps_type_name(types[0]), *sn = ps_type_name(types[1]);
    bool pair = false, spelled = false;
    int need_sm = 0, need_ptx = 0; /* the lowest target, and the lowest version on a target we have */
    for (size_t i = 0; i < PS_ARRAY_LEN(CVT_FORMS); i++) {
        const cvt_form *c = &CVT_FORMS[i];
        if (c->dst != types[0] || c->src != types[1]) continue;
        pair = true;
        if (integral || !word_in(c->mods, set)) continue;
        spelled = true;
        bool sm_ok = !arch || arch->sm >= c->min_sm, ptx_ok = !ptx_version || ptx_version >= c->min_ptx;
        if (sm_ok && ptx_ok) return NULL;
        if (!sm_ok && (!need_sm || c->min_sm < need_sm)) need_sm = c->min_sm;
        if (sm_ok && (!need_ptx || c->min_ptx < need_ptx)) need_ptx = c->min_ptx;
    }
    if (!pair) {
        snprintf(buf, buflen, "Unexpected instruction types specified for 'cvt' (.%s.%s)", dn, sn);
        return buf;
    }
    if (!spelled) {
        if (integral) snprintf(buf, buflen, "Integer rounding modifier not allowed on 'cvt.%s.%s'", dn, sn);
        else if (set[0] == '-') snprintf(buf, buflen, "Rounding modifier required for 'cvt.%s.%s'", dn, sn);
        else if (!strchr(shown + 1, '.'))
            snprintf(buf, buflen, "Modifier '%s' is not valid on 'cvt.%s.%s'", shown, dn, sn);
        else snprintf(buf, buflen, "Modifiers '%s' are not valid together on 'cvt.%s.%s'", shown, dn, sn);
        return buf;
    }
    if (need_ptx)
        snprintf(buf, buflen, "'cvt%s.%s.%s' requires PTX ISA .version %d.%d or later", shown, dn, sn, need_ptx / 10,
                 need_ptx % 10);
    else snprintf(buf, buflen, "'cvt%s.%s.%s' requires .target sm_%d or higher", shown, dn, sn, need_sm);
    return buf;
}

/* set.CmpOp{.BoolOp}{.ftz}.dtype.stype (PTX ISA 9.7.5.1 set, 9.7.4.x half-precision set): the pairs
 * ptxas 13 accepts, .ftz only with an f16, f16x2 or f32 source, and what the half-precision pairs
 * need of target and version (ptxas's wording, its spelling of "arithmetic" included). The .ftz
 * stays a rule, not a row of forms.def split by source type: set's row is chosen by its first
 * (destination) type, and ptxas judges the pair of types before the .ftz. */
static bool set_pair_ok(ps_type d, ps_type s) {
    bool bits = s == PS_T_B16 || s == PS_T_B32 || s == PS_T_B64;
    bool ints = s == PS_T_U16 || s == PS_T_U32 || s == PS_T_U64 || s == PS_T_S16 || s == PS_T_S32 || s == PS_T_S64;
    bool wide = s == PS_T_F32 || s == PS_T_F64;
    switch (d) {
    case PS_T_U16:
    case PS_T_S16: return s == PS_T_F16 || s == PS_T_BF16;
    case PS_T_U32:
    case PS_T_S32:
        return bits || ints || wide || s == PS_T_F16 || s == PS_T_BF16 || s == PS_T_F16X2 || s == PS_T_BF16X2;
    case PS_T_F32: return bits || ints || wide;
    case PS_T_F16: return bits || ints || wide || s == PS_T_F16;
    case PS_T_BF16: return bits || ints || wide || s == PS_T_F16 || s == PS_T_BF16;
    case PS_T_F16X2: return s == PS_T_F16X2;
    case PS_T_BF16X2: return s == PS_T_BF16X2;
    default: return false;
    }
}

const char *ps_isa_set_unsupported(ps_form form, const ps_type *types, int ntypes, const ps_modset *mods,
                                   const ps_arch *arch, int ptx_version, char *buf, size_t buflen) {
    if (form != PS_F_SET) return NULL;
    if (ntypes != 2) {
        snprintf(buf, buflen, "'set' takes a destination and a source type (set.CmpOp.dtype.stype)");
        return buf;
    }
    ps_type d = types[0], s = types[1];
    if (!set_pair_ok(d, s)) {
        snprintf(buf, buflen, "Unexpected instruction types specified for 'set'");
        return buf;
    }
    if (ps_modset_has(mods, PS_MOD_FTZ) && s != PS_T_F16 && s != PS_T_F16X2 && s != PS_T_F32) {
        snprintf(buf, buflen, "Illegal modifier '.ftz' for instruction 'set'");
        return buf;
    }
    const char *feat = NULL;
    int ptx = 0, sm = 0;
    char bf[24];
    bool half_src = s == PS_T_F16 || s == PS_T_F16X2;
    bool int_dst = d == PS_T_U16 || d == PS_T_S16 || d == PS_T_U32 || d == PS_T_S32;
    if (d == PS_T_BF16 || d == PS_T_BF16X2 || s == PS_T_BF16 || s == PS_T_BF16X2) {
        snprintf(bf, sizeof bf, "set.%s", d == PS_T_BF16X2 || s == PS_T_BF16X2 ? "bf16x2" : "bf16");
        feat = bf, ptx = 78, sm = 90;
    } else if (half_src && int_dst) {
        feat = "half precision floating point set instruction with integer result", ptx = 65, sm = 53;
    } else if (half_src || d == PS_T_F16 || d == PS_T_F16X2) {
        feat = "f16 arithemetic and compare instructions", ptx = 42, sm = 53;
    }
    if (!feat) return NULL;
    if (ptx_version && ptx_version < ptx) {
        snprintf(buf, buflen, "Feature '%s' requires PTX ISA .version %d.%d or later", feat, ptx / 10, ptx % 10);
        return buf;
    }
    if (arch && arch->sm < sm) {
        snprintf(buf, buflen, "Feature '%s' requires .target sm_%d or higher", feat, sm);
        return buf;
    }
    return NULL;
}

/* Modifier pairings ptxas 13 refuses: the mbarrier family's .sem and .scope come together
 * ("Modifier '.cta' requires order"): both or neither, which a group (at most one, or one
 * required) cannot say. */
static const char *modifier_pairs_unsupported(ps_form form, const ps_modset *mods, char *buf, size_t buflen) {
    const char *mn = ps_form_get(form)->mnemonic;
    if (ps_form_get(form)->props & P_MBARRIER) {
        static const ps_mod sems[] = {PS_MOD_RELEASE, PS_MOD_RELAXED, PS_MOD_ACQUIRE};
        static const ps_mod scopes[] = {PS_MOD_CTA, PS_MOD_CLUSTER};
        int sem = -1, scope = -1;
        for (size_t i = 0; i < PS_ARRAY_LEN(sems); i++)
            if (ps_modset_has(mods, sems[i])) sem = (int)sems[i];
        for (size_t i = 0; i < PS_ARRAY_LEN(scopes); i++)
            if (ps_modset_has(mods, scopes[i])) scope = (int)scopes[i];
        if (sem >= 0 && scope < 0) {
            snprintf(buf, buflen, "Modifier '.%s' requires scope with '%s' instruction", ps_mod_name((ps_mod)sem), mn);
            return buf;
        }
        if (scope >= 0 && sem < 0) {
            snprintf(buf, buflen, "Modifier '.%s' requires order with '%s' instruction", ps_mod_name((ps_mod)scope),
                     mn);
            return buf;
        }
    }
    return NULL; /* fma.f16's .ftz with .oob: FTZ_OOB (forms.def) */
}

const char *ps_isa_operands_unsupported(ps_form form, const ps_modset *mods, int nops, const ps_arch *arch,
                                        int ptx_version, char *buf, size_t buflen) {
    if (modifier_pairs_unsupported(form, mods, buf, buflen)) return buf;
    if ((form != PS_F_MBARRIER_ARRIVE && form != PS_F_MBARRIER_ARRIVE_DROP) || nops < 3 ||
        ps_modset_has(mods, PS_MOD_NOCOMPLETE))
        return NULL;
    const char *mn = ps_form_get(form)->mnemonic;
    if (ptx_version && ptx_version < 78) {
        snprintf(buf, buflen,
                 "Feature '%s with count argument and without '.noComplete' modifier' "
                 "requires PTX ISA .version 7.8 or later",
                 mn);
        return buf;
    }
    if (arch && arch->sm < 90) {
        snprintf(buf, buflen,
                 "Feature '%s with count argument and without '.noComplete' modifier' "
                 "requires .target sm_90 or higher",
                 mn);
        return buf;
    }
    return NULL;
}

static bool any_opt_in(void) {
    for (int i = 0; i < PS_F_COUNT; i++)
        if (forms[i].props & P_OPT_IN) return true;
    return false;
}

/* Writes the per-architecture support table (docs/isa-support.md is this output). */
void ps_isa_write_markdown(void *stream) {
    ensure_init();
    FILE *f = stream;
    static const char *cols[] = {"sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a", "sm_120"};
    fprintf(f,
            "# PTX instructions supported by ptxsim\n\n"
            "Generated by `ptxsim isa-table` from isa/forms.def; do not edit by hand.\n\n"
            "- **x**: parsed, validated and executed\n"
            "- **p**: parsed and validated for the target; execution is not implemented yet "
            "(`ptxsim run` stops with a located error)\n"
            "%s- **-**: not available on that target (`ptxsim parse --target` rejects it)\n\n",
            any_opt_in() ? "- **o**: executed only when asked: known to differ from the GPU; refused otherwise, "
                           "with a warning of the parse\n"
                         : "");
    fprintf(f,
            "Modifier groups (the upper-case words of the modifiers column, isa/mods.def; `GROUP!`: one member "
            "required, and one at most where ptxas refuses two):\n\n");
    for (int g = 0; g < PS_MG_COUNT; g++)
        fprintf(f, "- `%s`: %s%s\n", group_rows[g].name, group_rows[g].members,
                group_rows[g].one || !strchr(group_rows[g].members, ' ') ? "" : " (members combine)");
    fprintf(f, "\n");
    ps_isa_write_arch_forms(f);
    for (size_t c = 0; c < PS_ARRAY_LEN(cols); c++) fprintf(f, " %s |", cols[c]);
    fprintf(f, "\n|---|---|---|---|");
    for (size_t c = 0; c < PS_ARRAY_LEN(cols); c++) fprintf(f, "---|");
    fprintf(f, "\n");
    int nx = 0, np = 0, no = 0;
    for (int i = 0; i < PS_F_COUNT; i++) {
        const ps_form_info *fi = &forms[i];
        fprintf(f, "| `%s` | %s | %s | %d.%d |", fi->mnemonic,
                fi->any_type      ? "any"
                    : fi->no_type ? ""
                                  : fi->types_src,
                fi->any_mod                     ? "any"
                    : strcmp(fi->mods_src, "-") ? fi->mods_src
                                                : "",
                fi->min_ptx / 10, fi->min_ptx % 10);
        for (size_t c = 0; c < PS_ARRAY_LEN(cols); c++) {
            char buf[160];
            const ps_arch *a = ps_arch_lookup(cols[c]);
            bool ok = !ps_isa_form_unsupported(fi, a, 0, buf, sizeof buf);
            fprintf(f, " %s |", !ok ? "-" : (fi->props & P_NOEXEC) ? "p" : (fi->props & P_OPT_IN) ? "o" : "x");
        }
        fprintf(f, "\n");
        if (fi->props & P_NOEXEC) np++;
        else if (fi->props & P_OPT_IN) no++;
        else nx++;
    }
    if (no) fprintf(f, "\n%d forms executed, %d only when asked, %d parsed only.\n", nx, no, np);
    else fprintf(f, "\n%d forms executed, %d parsed only.\n", nx, np);
    fprintf(f,
            "\nTypes and modifiers with requirements of their own (isa/variants.def):\n\n"
            "| instruction | type or modifier | min PTX | min target |\n|---|---|---|---|\n");
    for (size_t i = 0; i < PS_ARRAY_LEN(VARIANTS); i++) {
        const variant_req *v = &VARIANTS[i];
        const ps_form_info *fi = ps_form_get(v->form);
        fprintf(f, "| `%s` (%s) | `.%s` | %d.%d | sm_%d |\n", fi->mnemonic, fi->types_src,
                v->is_type ? ps_type_name((ps_type)v->id) : ps_mod_name((ps_mod)v->id), v->min_ptx / 10,
                v->min_ptx % 10, v->min_sm);
    }
}
