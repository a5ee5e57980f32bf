/* link.c — several parsed PTX modules linked into one, as cuLinkAddData + cuLinkComplete link
 * the PTX of separately compiled translation units (nvcc -rdc=true): every .extern function or
 * variable is resolved to the definition another module exports; and the whole-program check
 * that ptxas makes of a module loaded alone (docs/parser.md, "Linking"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "ptx_parser.h"

/* The device-runtime functions ptxas knows without a definition (sim/builtins.c runs them). */
static bool runtime_function(const char *name) {
    return !strcmp(name, "vprintf") || !strcmp(name, "malloc") || !strcmp(name, "free") ||
        !strcmp(name, "__assertfail");
}

/* ---- the whole-program check ---------------------------------------------------------------- */

typedef struct {
    ps_diags *d;
    const ps_func *fn;
    int errors;
} checker;

static void check_operand(checker *c, const ps_insn *in, const ps_operand *o, bool callee) {
    if (o->kind == PS_OP_VEC || o->kind == PS_OP_LIST) {
        for (int i = 0; i < o->nitems; i++) check_operand(c, in, &o->items[i], false);
        return;
    }
    if (o->kind != PS_OP_FUNC || o->func->defined || runtime_function(o->func->name)) return;
    const char *file = c->fn->file ? c->fn->file : "?";
    if (callee)
        ps_diags_add(c->d, PS_DIAG_ERROR, file, o->line, o->col,
                     "Unresolved extern function '%s' (ptxas): no module defines it; link the "
                     "module that does (several PTX files in one manifest or ptxsim parse call)",
                     o->func->name);
    else
        ps_diags_add(c->d, PS_DIAG_ERROR, file, o->line, o->col,
                     "Cannot take address of function '%s' (ptxas): it is .extern and no module "
                     "defines it",
                     o->func->name);
    c->errors++;
}

int ps_check_externs(const ps_module *m, ps_diags *d) {
    checker c = {.d = d};
    for (int f = 0; f < m->nfuncs; f++) {
        const ps_func *fn = m->funcs[f];
        if (!fn->defined) continue;
        c.fn = fn;
        for (int i = 0; i < fn->ninsns; i++) {
            const ps_insn *in = &fn->insns[i];
            bool call = in->form == PS_F_CALL;
            int callee = -1; /* call [(rets),] f, ...: the callee is the first non-list operand */
            for (int k = 0; call && k < in->nops && callee < 0; k++)
                if (in->ops[k].kind != PS_OP_LIST) callee = k;
            for (int k = 0; k < in->nops; k++) check_operand(&c, in, &in->ops[k], k == callee);
        }
    }
    for (int g = 0; g < m->nglobals; g++) {
        const ps_var *v = m->globals[g];
        for (int r = 0; r < v->nrelocs; r++) {
            const ps_func *t = v->relocs[r].func;
            if (!t || t->defined || runtime_function(t->name)) continue;
            ps_diags_add(d, PS_DIAG_ERROR, v->file ? v->file : m->filename, v->line, v->col,
                         "Cannot take address of function '%s' (ptxas): it is .extern and no "
                         "module defines it",
                         t->name);
            c.errors++;
        }
    }
    return c.errors;
}

/* ---- linking ------------------------------------------------------------------------------ */

typedef struct {
    const char *name;
    ps_func *func; /* one of func / var */
    ps_var *var;
    int part;
    UT_hash_handle hh;
} export;

/* What an .extern declaration resolves to (by address of the declaration). */
typedef struct {
    const void *decl;
    void *def;
    UT_hash_handle hh;
} mapping;

typedef struct {
    ps_module **parts;
    ps_diags *d;
    export *exports;
    mapping *map;
    int errors;
} linker;

static const char *part_file(const linker *k, int part) {
    return k->parts[part]->filename ? k->parts[part]->filename : "?";
}

static void map_add(linker *k, const void *decl, void *def) {
    mapping *e;
    HASH_FIND_PTR(k->map, &decl, e);
    if (e) return;
    e = ps_xcalloc(1, sizeof *e);
    e->decl = decl;
    e->def = def;
    HASH_ADD_PTR(k->map, decl, e);
}

static void *map_get(const linker *k, const void *decl) {
    mapping *e;
    HASH_FIND_PTR(k->map, &decl, e);
    return e ? e->def : NULL;
}

/* Strength of an exported definition: a .visible one beats a .weak or .common one. */
static int strength(bool weak, bool common) { return weak || common ? 1 : 2; }

static void export_def(linker *k, const char *name, ps_func *f, ps_var *v, int part) {
    export *e;
    HASH_FIND_STR(k->exports, name, e);
    if (!e) {
        e = ps_xcalloc(1, sizeof *e);
        e->name = name, e->func = f, e->var = v, e->part = part;
        HASH_ADD_KEYPTR(hh, k->exports, e->name, strlen(e->name), e);
        return;
    }
    if ((e->func != NULL) != (f != NULL)) {
        ps_diags_add(k->d, PS_DIAG_ERROR, part_file(k, part), f ? f->line : v->line, f ? f->col : v->col,
                     "'%s' is a %s here and a %s in %s", name, f ? "function" : "variable",
                     e->func ? "function" : "variable", part_file(k, e->part));
        k->errors++;
        return;
    }
    int old = f ? strength(e->func->is_weak, false) : strength(e->var->is_weak, e->var->is_common);
    int now = f ? strength(f->is_weak, false) : strength(v->is_weak, v->is_common);
    if (old == 2 && now == 2) {
        ps_diags_add(k->d, PS_DIAG_ERROR, part_file(k, part), f ? f->line : v->line, f ? f->col : v->col,
                     "multiple definitions of '%s' (also defined in %s:%d)", name, part_file(k, e->part),
                     e->func ? e->func->line : e->var->line);
        k->errors++;
        return;
    }
    /* .common: the largest wins; a .visible definition beats .weak/.common ones */
    if (now > old || (v && v->is_common && e->var->is_common && v->size > e->var->size))
        e->func = f, e->var = v, e->part = part;
}

static bool exported(bool visible, bool weak, bool common) { return visible || weak || common; }

static void relink_operand(const linker *k, ps_operand *o) {
    if (o->kind == PS_OP_VEC || o->kind == PS_OP_LIST) {
        for (int i = 0; i < o->nitems; i++) relink_operand(k, &o->items[i]);
        return;
    }
    if (o->func) {
        ps_func *f = map_get(k, o->func);
        if (f) o->func = f;
    }
    if (o->var) {
        ps_var *v = map_get(k, o->var);
        if (v) o->var = v;
    }
}

static void relink_var(const linker *k, ps_var *v) {
    for (int r = 0; r < v->nrelocs; r++) {
        ps_reloc *rl = &v->relocs[r];
        if (rl->func) {
            ps_func *f = map_get(k, rl->func);
            if (f) rl->func = f;
        }
        if (rl->var) {
            ps_var *t = map_get(k, rl->var);
            if (t) rl->var = t;
        }
    }
}

#define GROW(arr, n, cap)                                              \
    do {                                                               \
        if ((n) == (cap)) {                                            \
            (cap) = (cap) ? (cap)*2 : 16;                              \
            (arr) = ps_xrealloc((arr), sizeof *(arr) * (size_t)(cap)); \
        }                                                              \
    } while (0)

ps_status ps_link(ps_module **parts, int n, ps_diags *diags, ps_module **out) {
    int errors_before = diags->errors;
    ps_module *m = ps_xcalloc(1, sizeof *m);
    ps_arena_init(&m->arena);
    m->parts = ps_xcalloc((size_t)n, sizeof *m->parts);
    memcpy(m->parts, parts, sizeof *parts * (size_t)n);
    m->nparts = n;
    m->filename = parts[0]->filename;
    m->address_size = parts[0]->address_size;
    linker k = {.parts = parts, .d = diags};
    /* the program's header: the newest version, the most capable target */
    for (int i = 0; i < n; i++) {
        const ps_module *p = parts[i];
        if (p->version > m->version) m->version = p->version;
        if (p->arch &&
            (!m->arch || p->arch->sm > m->arch->sm ||
             (p->arch->sm == m->arch->sm && p->arch->arch_specific > m->arch->arch_specific)))
            m->arch = p->arch, m->target = p->target, m->target_debug = p->target_debug;
        if (!m->target) m->target = p->target;
        if (p->address_size != m->address_size) {
            ps_diags_add(diags, PS_DIAG_ERROR, part_file(&k, i), 0, 0,
                         ".address_size %d does not match %s's .address_size %d", p->address_size, part_file(&k, 0),
                         m->address_size);
            k.errors++;
        }
    }
    /* what each module exports */
    for (int i = 0; i < n; i++) {
        ps_module *p = parts[i];
        for (int f = 0; f < p->nfuncs; f++) {
            ps_func *fn = p->funcs[f];
            if (fn->defined && exported(fn->is_visible, fn->is_weak, false)) export_def(&k, fn->name, fn, NULL, i);
        }
        for (int g = 0; g < p->nglobals; g++) {
            ps_var *v = p->globals[g];
            if (!v->is_extern && exported(v->is_visible, v->is_weak, v->is_common)) export_def(&k, v->name, NULL, v, i);
        }
    }
    /* .extern declarations (and the same definitions seen from other modules) resolved */
    export *seen_decl = NULL; /* unresolved extern functions kept once, by name */
    for (int i = 0; i < n; i++) {
        ps_module *p = parts[i];
        for (int f = 0; f < p->nfuncs; f++) {
            ps_func *fn = p->funcs[f];
            export *e;
            if (fn->defined) {
                /* a weak definition that lost keeps its body but its callers go to the winner */
                if (fn->is_weak) {
                    HASH_FIND_STR(k.exports, fn->name, e);
                    if (e && e->func && e->func != fn) map_add(&k, fn, e->func);
                }
                continue;
            }
            HASH_FIND_STR(k.exports, fn->name, e);
            if (e && e->func) {
                map_add(&k, fn, e->func);
                continue;
            }
            HASH_FIND_STR(seen_decl, fn->name, e);
            if (e) {
                map_add(&k, fn, e->func);
            } else {
                e = ps_xcalloc(1, sizeof *e);
                e->name = fn->name, e->func = fn, e->part = i;
                HASH_ADD_KEYPTR(hh, seen_decl, e->name, strlen(e->name), e);
            }
        }
        for (int g = 0; g < p->nglobals; g++) {
            ps_var *v = p->globals[g];
            export *e;
            HASH_FIND_STR(k.exports, v->name, e);
            if (!v->is_extern) {
                if (e && e->var && e->var != v && exported(v->is_visible, v->is_weak, v->is_common))
                    map_add(&k, v, e->var); /* a .weak / .common definition that lost */
                continue;
            }
            if (e && e->var) {
                if (v->size && e->var->size && v->size > e->var->size) {
                    ps_diags_add(diags, PS_DIAG_ERROR, part_file(&k, i), v->line, v->col,
                                 ".extern '%s' declares %llu bytes; its definition in %s:%d has %llu", v->name,
                                 (unsigned long long)v->size, part_file(&k, e->part), e->var->line,
                                 (unsigned long long)e->var->size);
                    k.errors++;
                }
                map_add(&k, v, e->var);
                continue;
            }
            ps_diags_add(diags, PS_DIAG_ERROR, part_file(&k, i), v->line, v->col,
                         "undefined reference to '%s': no module defines the .extern variable "
                         "(a .visible definition in one of the linked modules)",
                         v->name);
            k.errors++;
        }
    }
    /* the program: every definition and every declaration left, references rewritten */
    int cap_funcs = 0, cap_globals = 0, cap_files = 0;
    for (int i = 0; i < n; i++) {
        ps_module *p = parts[i];
        int file_base = m->nfiles;
        for (int f = 0; f < p->nfiles; f++) {
            GROW(m->files, m->nfiles, cap_files);
            m->files[m->nfiles++] = p->files[f];
        }
        for (int f = 0; f < p->nfuncs; f++) {
            ps_func *fn = p->funcs[f];
            if (map_get(&k, fn) && !fn->defined) continue;
            GROW(m->funcs, m->nfuncs, cap_funcs);
            m->funcs[m->nfuncs++] = fn;
            for (int j = 0; j < fn->ninsns; j++) {
                ps_insn *in = &fn->insns[j];
                if (in->loc_file) in->loc_file += file_base;
                for (int o = 0; o < in->nops; o++) relink_operand(&k, &in->ops[o]);
            }
            for (int l = 0; l < fn->nlocals; l++) relink_var(&k, fn->locals[l]);
        }
        for (int g = 0; g < p->nglobals; g++) {
            ps_var *v = p->globals[g];
            relink_var(&k, v);
            if (v->is_extern && map_get(&k, v)) continue;
            GROW(m->globals, m->nglobals, cap_globals);
            m->globals[m->nglobals++] = v;
        }
    }
    m->cap_funcs = cap_funcs;
    m->cap_globals = cap_globals;
    export *e, *tmp;
    HASH_ITER(hh, k.exports, e, tmp) {
        HASH_DEL(k.exports, e);
        free(e);
    }
    HASH_ITER(hh, seen_decl, e, tmp) {
        HASH_DEL(seen_decl, e);
        free(e);
    }
    mapping *mp, *mt;
    HASH_ITER(hh, k.map, mp, mt) {
        HASH_DEL(k.map, mp);
        free(mp);
    }
    if (!k.errors) ps_check_externs(m, diags);
    *out = m;
    return diags->errors == errors_before ? PS_OK : PS_ERR_PARSE;
}
