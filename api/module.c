/* module.c — libptxsim modules: parse, validate and decode PTX; kernels and their parameter
 * layout; module-scope variables. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

/* The machine a module runs on: the context's architecture, else the module's .target when ptxsim
 * models it as a machine, else the oldest machine that can run it (isa/archs.def). */
static const ps_arch *machine_for(const ptxsim_context *ctx, const ps_module *m) {
    return ctx->arch ? ctx->arch : ps_arch_default_machine(m->arch);
}

/* Decode refusals become located warnings of the parse: whatever parse accepts, run executes, or
 * parse has said why not (issue 13, "parse = run"). */
static void add_run_warnings(const ps_diags *from, ps_diags *to) {
    for (int k = 0; from && k < from->count; k++)
        ps_diags_add(to, PS_DIAG_WARNING, from->items[k].file, from->items[k].line, from->items[k].col,
                     "accepted, but ptxsim cannot run it: %s", from->items[k].msg);
}

static void fill_info(const ps_module *m, ptxsim_module_info *info) {
    int insns = 0, kernels = 0;
    for (int i = 0; i < m->nfuncs; i++) {
        insns += m->funcs[i]->ninsns;
        kernels += m->funcs[i]->is_entry && m->funcs[i]->defined;
    }
    *info = (ptxsim_module_info){.ptx_version = m->version,
                                 .functions = m->nfuncs,
                                 .instructions = insns,
                                 .kernels = kernels};
    snprintf(info->target, sizeof info->target, "%s", m->target ? m->target : "?");
}

/* Parses into *m (kept on error too: the diagnostics' file names live in it); diagnostics into d. */
static ptxsim_status parse(ptxsim_context *ctx, const char *name, const char *source, size_t len, bool relocatable,
                           ps_diags *d, ps_module **m) {
    /* the parser reads exactly len bytes: no copy (a 100 MB module would be held twice) */
    ps_parse_options po = {.target = ctx->arch, .relocatable = relocatable};
    ps_status st = ps_parse(name ? name : "<ptx>", source, len, &po, d, m);
    if (st != PS_OK)
        return api_fail(ctx, PTXSIM_ERR_PARSE, "%d error%s in %s", d->errors, d->errors == 1 ? "" : "s",
                        name ? name : "<ptx>");
    return PTXSIM_OK;
}

/* Parses n modules and, for n > 1, links them (ps_link); then ptxas's whole-program check. *m is
 * set whenever something was parsed (to be freed by the caller). */
static ptxsim_status parse_program(ptxsim_context *ctx, const ptxsim_source *srcs, int n, ps_diags *d, ps_module **m) {
    *m = NULL;
    if (n < 1 || !srcs) return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "no PTX module given");
    ps_module **parts = ps_xcalloc((size_t)n, sizeof *parts);
    ptxsim_status st = PTXSIM_OK;
    for (int i = 0; i < n; i++) {
        ptxsim_status s = parse(ctx, srcs[i].name, srcs[i].source, srcs[i].len, n > 1, d, &parts[i]);
        if (s != PTXSIM_OK && st == PTXSIM_OK) st = s;
    }
    if (st != PTXSIM_OK) {
        if (n == 1) {
            *m = parts[0];
            free(parts);
        } else { /* the diagnostics name the parts' files: a holder keeps them until freed */
            ps_module *hold = ps_xcalloc(1, sizeof *hold);
            ps_arena_init(&hold->arena);
            hold->parts = parts;
            hold->nparts = n;
            *m = hold;
        }
        return st;
    }
    if (n == 1) {
        *m = parts[0]; /* ps_parse made ptxas's whole-program check */
    } else {
        ps_link(parts, n, d, m);
    }
    free(parts);
    if (d->errors)
        return api_fail(ctx, PTXSIM_ERR_PARSE, "%d error%s %s %s", d->errors, d->errors == 1 ? "" : "s",
                        n > 1 ? "linking" : "in", n > 1 ? "the modules" : (*m)->filename);
    return PTXSIM_OK;
}

ptxsim_status ptxsim_validate(ptxsim_context *ctx, const char *name, const char *source, size_t len,
                              ptxsim_module_info *info, ptxsim_diagnostics **diags) {
    ptxsim_source s = {name, source, len};
    return ptxsim_validate_linked(ctx, &s, 1, info, diags);
}

ptxsim_status ptxsim_validate_linked(ptxsim_context *ctx, const ptxsim_source *sources, int n, ptxsim_module_info *info,
                                     ptxsim_diagnostics **diags) {
    ps_diags d = {0};
    ps_module *m = NULL;
    pthread_mutex_lock(&ctx->lock);
    ptxsim_status st = parse_program(ctx, sources, n, &d, &m);
    const ps_arch *mach = m ? machine_for(ctx, m) : NULL;
    if (st == PTXSIM_OK && mach) {
        /* decode for the machine on a scratch device: what run would refuse, parse reports */
        ps_device *dev = ps_device_create();
        ps_device_set_limit(dev, ps_device_limit(ctx->dev)); /* the variables meet run's limit */
        ps_diags bd = {0};
        ps_program *prog = NULL;
        ps_program_check(m, mach, dev, &bd, &prog);
        add_run_warnings(&bd, &d);
        for (int i = 0; prog && i < m->nfuncs; i++) add_run_warnings(ps_program_function_diags(prog, i), &d);
        ps_program_free(prog);
        ps_diags_free(&bd);
        ps_device_destroy(dev);
    }
    pthread_mutex_unlock(&ctx->lock);
    if (diags) *diags = api_diags_copy(&d);
    if (m && info && st == PTXSIM_OK) {
        fill_info(m, info);
        snprintf(info->machine, sizeof info->machine, "%s", ps_arch_is_machine(mach) ? mach->name : "");
    }
    ps_module_free(m);
    ps_diags_free(&d);
    return st;
}

static void add_module(ptxsim_context *ctx, ptxsim_module *m) {
    if (ctx->nmods == ctx->cap_mods) {
        ctx->cap_mods = ctx->cap_mods ? 2 * ctx->cap_mods : 8;
        ctx->mods = ps_xrealloc(ctx->mods, (size_t)ctx->cap_mods * sizeof *ctx->mods);
    }
    ctx->mods[ctx->nmods++] = m;
}

ptxsim_status ptxsim_module_load(ptxsim_context *ctx, const char *name, const char *source, size_t len,
                                 ptxsim_module **out, ptxsim_diagnostics **diags) {
    ptxsim_source s = {name, source, len};
    return ptxsim_module_link(ctx, &s, 1, out, diags);
}

ptxsim_status ptxsim_module_link(ptxsim_context *ctx, const ptxsim_source *sources, int n, ptxsim_module **out,
                                 ptxsim_diagnostics **diags) {
    *out = NULL;
    if (diags) *diags = NULL;
    ps_diags d = {0};
    ps_module *ast = NULL;
    ps_program *prog = NULL;
    pthread_mutex_lock(&ctx->lock);
    ptxsim_status st = parse_program(ctx, sources, n, &d, &ast);
    const ps_arch *mach = ast ? machine_for(ctx, ast) : NULL;
    if (st == PTXSIM_OK && (!mach || !ps_arch_is_machine(mach)))
        st = api_fail(ctx, PTXSIM_ERR_UNSUPPORTED,
                      "ptxsim does not model %s as a machine (its limits and shared-memory banks): run the "
                      "module on sm_50 or a later architecture",
                      mach ? mach->name : ast->target);
    if (st == PTXSIM_OK) {
        ps_status bs = ps_program_build(ast, mach, ctx->dev, &d, &prog);
        if (bs != PS_OK) {
            const char *why = d.count ? d.items[d.count - 1].msg : ps_status_str(bs);
            st =
                api_fail(ctx,
                         api_status(bs) == PTXSIM_ERR_OUT_OF_MEMORY ? PTXSIM_ERR_OUT_OF_MEMORY : PTXSIM_ERR_UNSUPPORTED,
                         "%s", why);
            ps_program_free(prog);
            prog = NULL;
        }
    }
    if (st != PTXSIM_OK) {
        if (diags) *diags = api_diags_copy(&d);
        ps_diags_free(&d);
        ps_module_free(ast);
        pthread_mutex_unlock(&ctx->lock);
        return st;
    }
    const char *name = sources[0].name ? sources[0].name : "<ptx>";
    ptxsim_module *m = ps_xcalloc(1, sizeof *m);
    m->ctx = ctx;
    m->name = ps_xstrdup(name);
    m->ast = ast;
    m->prog = prog;
    ps_diags un = {0};
    for (int i = 0; i < ast->nfuncs; i++) {
        const ps_diags *fd = ps_program_function_diags(prog, i);
        for (int k = 0; fd && k < fd->count; k++)
            ps_diags_add(&un, fd->items[k].level, fd->items[k].file, fd->items[k].line, fd->items[k].col, "%s",
                         fd->items[k].msg);
    }
    if (un.count) m->unsupported = api_diags_copy(&un);
    add_run_warnings(&un, &d); /* the load's diagnostics say it too, located, as parse does */
    if (diags) *diags = api_diags_copy(&d);
    ps_diags_free(&d);
    ps_diags_free(&un);
    m->kernels = ps_xcalloc((size_t)ast->nfuncs + 1, sizeof *m->kernels);
    for (int i = 0; i < ast->nfuncs; i++) {
        const ps_func *f = ast->funcs[i];
        if (!f->is_entry || !f->defined) continue;
        ptxsim_kernel *k = &m->kernels[m->nkernels++];
        k->mod = m;
        k->fn = f;
        k->params = (const ps_var *const *)f->params;
        k->nparams = f->nparams;
        for (int p = 0; p < f->nparams; p++)
            k->params_size = PS_MAX(k->params_size, (size_t)(f->params[p]->offset + f->params[p]->size));
    }
    add_module(ctx, m);
    pthread_mutex_unlock(&ctx->lock);
    *out = m;
    return PTXSIM_OK;
}

ptxsim_status ptxsim_module_link_files(ptxsim_context *ctx, const char *const *paths, int n, ptxsim_module **out,
                                       ptxsim_diagnostics **diags) {
    *out = NULL;
    if (diags) *diags = NULL;
    if (n < 1 || !paths) return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "no PTX file given");
    ptxsim_source *s = ps_xcalloc((size_t)n, sizeof *s);
    ptxsim_status st = PTXSIM_OK;
    for (int i = 0; i < n && st == PTXSIM_OK; i++) {
        size_t len;
        char *src = ps_read_file(paths[i], &len);
        if (!src) st = api_fail(ctx, PTXSIM_ERR_IO, "%s: %s", paths[i], strerror(errno));
        s[i] = (ptxsim_source){paths[i], src, len};
    }
    if (st == PTXSIM_OK) st = ptxsim_module_link(ctx, s, n, out, diags);
    for (int i = 0; i < n; i++) free((char *)s[i].source);
    free(s);
    return st;
}

ptxsim_status ptxsim_module_load_file(ptxsim_context *ctx, const char *path, ptxsim_module **out,
                                      ptxsim_diagnostics **diags) {
    *out = NULL;
    if (diags) *diags = NULL;
    size_t n;
    char *src = ps_read_file(path, &n);
    if (!src) return api_fail(ctx, PTXSIM_ERR_IO, "%s: %s", path, strerror(errno));
    ptxsim_status st = ptxsim_module_load(ctx, path, src, n, out, diags);
    free(src);
    return st;
}

void ptxsim_module_unload(ptxsim_module *m) {
    if (!m) return;
    ptxsim_context *ctx = m->ctx;
    pthread_mutex_lock(&ctx->lock);
    for (int i = 0; i < ctx->nmods; i++)
        if (ctx->mods[i] == m) {
            ctx->mods[i] = ctx->mods[--ctx->nmods];
            break;
        }
    pthread_mutex_unlock(&ctx->lock);
    /* Its .global variables stay allocated (addresses handed out may still be in use). */
    ps_program_free(m->prog);
    ps_module_free(m->ast);
    ptxsim_diagnostics_free(m->unsupported);
    free(m->kernels);
    free(m->name);
    free(m);
}

void ptxsim_module_get_info(const ptxsim_module *m, ptxsim_module_info *out) {
    fill_info(m->ast, out);
    snprintf(out->machine, sizeof out->machine, "%s",
             m->prog && ps_program_arch(m->prog) ? ps_program_arch(m->prog)->name : "");
}
int ptxsim_module_kernel_count(const ptxsim_module *m) { return m->nkernels; }

const char *ptxsim_module_kernel_name(const ptxsim_module *m, int i) {
    return i >= 0 && i < m->nkernels ? m->kernels[i].fn->name : NULL;
}

const ptxsim_diagnostics *ptxsim_module_unsupported(const ptxsim_module *m) { return m->unsupported; }

ptxsim_status ptxsim_module_listing(const ptxsim_module *m, const char *kernel, const char *source, size_t len,
                                    FILE *out) {
    if (!m || !out) return PTXSIM_ERR_INVALID_ARGUMENT;
    return ps_program_listing(m->prog, kernel, source, len, out) == PS_OK ? PTXSIM_OK : PTXSIM_ERR_NOT_FOUND;
}

ptxsim_status ptxsim_module_global(ptxsim_module *m, const char *name, uint64_t *addr, uint64_t *bytes) {
    uint64_t size = 0, a = ps_program_global(m->prog, name, &size);
    if (!a) return api_fail(m->ctx, PTXSIM_ERR_NOT_FOUND, "no .global or .const variable '%s' in %s", name, m->name);
    if (addr) *addr = a;
    if (bytes) *bytes = size;
    return PTXSIM_OK;
}

ptxsim_status ptxsim_module_kernel(ptxsim_module *m, const char *name, ptxsim_kernel **out) {
    for (int i = 0; i < m->nkernels; i++)
        if (!name || !strcmp(m->kernels[i].fn->name, name)) {
            *out = &m->kernels[i];
            return PTXSIM_OK;
        }
    *out = NULL;
    if (!name) return api_fail(m->ctx, PTXSIM_ERR_NOT_FOUND, "%s has no kernel", m->name);
    return api_fail(m->ctx, PTXSIM_ERR_NOT_FOUND, "no kernel '%s' in %s", name, m->name);
}

const char *ptxsim_kernel_name(const ptxsim_kernel *k) { return k->fn->name; }
int ptxsim_kernel_param_count(const ptxsim_kernel *k) { return k->nparams; }
size_t ptxsim_kernel_params_size(const ptxsim_kernel *k) { return k->params_size; }

bool ptxsim_kernel_param(const ptxsim_kernel *k, int i, size_t *size, size_t *offset) {
    if (i < 0 || i >= k->nparams) return false;
    if (size) *size = (size_t)k->params[i]->size;
    if (offset) *offset = (size_t)k->params[i]->offset;
    return true;
}

/* Adds a .shared variable once (by address) to the running total, aligned. */
static void count_shared(const ps_var *v, const ps_var **seen, int *nseen, uint64_t *total) {
    if (!v || v->space != PS_SPACE_SHARED || v->is_extern || v->unsized) return;
    for (int i = 0; i < *nseen; i++)
        if (seen[i] == v) return;
    seen[(*nseen)++] = v;
    uint64_t a = v->align > 0 ? (uint64_t)v->align : 1;
    *total = (*total + a - 1) / a * a + v->size;
}

static void count_operand(const ps_operand *o, const ps_var **seen, int *nseen, uint64_t *total) {
    if (o->kind == PS_OP_VAR || o->kind == PS_OP_ADDR) count_shared(o->var, seen, nseen, total);
    for (int i = 0; i < o->nitems; i++) count_operand(&o->items[i], seen, nseen, total);
}

void ptxsim_kernel_get_info(const ptxsim_kernel *k, ptxsim_kernel_info *out) {
    memset(out, 0, sizeof *out);
    const ps_func *f = k->fn;
    int cap = f->nlocals + 1;
    for (int i = 0; i < f->ninsns; i++) cap += f->insns[i].nops * 4;
    const ps_var **seen = ps_xcalloc((size_t)cap, sizeof *seen);
    int nseen = 0;
    for (int i = 0; i < f->nlocals; i++) count_shared(f->locals[i], seen, &nseen, &out->static_shared_bytes);
    for (int i = 0; i < f->ninsns && nseen < cap - 8; i++)
        for (int o = 0; o < f->insns[i].nops; o++)
            count_operand(&f->insns[i].ops[o], seen, &nseen, &out->static_shared_bytes);
    free(seen);
    out->ptx_version = k->mod->ast->version;
    memcpy(out->reqntid, f->reqntid, sizeof out->reqntid);
    memcpy(out->maxntid, f->maxntid, sizeof out->maxntid);
}
