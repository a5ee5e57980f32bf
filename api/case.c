/* case.c — libptxsim cases: the launches a manifest describes (DESIGN §6, docs/manifest.md) run on
 * a context, the way `ptxsim run` and `ptxsim check` use them. */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

ptxsim_status ptxsim_case_load(const char *path, ptxsim_case **out, char *err, size_t errlen) {
    return ptxsim_case_load_with(path, NULL, out, err, errlen);
}

ptxsim_status ptxsim_case_load_with(const char *path, const ptxsim_case_policy *policy, ptxsim_case **out, char *err,
                                    size_t errlen) {
    *out = NULL;
    ps_manifest *man;
    ps_manifest_policy mp = {0};
    if (policy)
        mp = (ps_manifest_policy){.allow_paths = policy->allow_paths,
                                  .n_allow_paths = policy->n_allow_paths,
                                  .max_bytes = policy->max_bytes};
    if (ps_manifest_load_with(path, &mp, &man, err, errlen) != PS_OK) return PTXSIM_ERR_CASE;
    ptxsim_case *c = ps_xcalloc(1, sizeof *c);
    c->man = man;
    c->cmp = ps_xcalloc(1, sizeof *c->cmp);
    int most = 0; /* the most expectations any launch compares */
    for (int i = 0; i < man->nlaunches; i++)
        if (man->launches[i].nexpect > most) most = man->launches[i].nexpect;
    c->cmp->r = ps_xcalloc((size_t)most + 1, sizeof *c->cmp->r);
    *out = c;
    return PTXSIM_OK;
}

void ptxsim_case_free(ptxsim_case *c) {
    if (!c) return;
    ps_manifest_free(c->man);
    if (c->cmp) free(c->cmp->r);
    free(c->cmp);
    free(c->params);
    free(c->output);
    for (int i = 0; i < c->n_written_names; i++) free(c->written_names[i]);
    free(c->written_names);
    free(c);
}

void ptxsim_case_get_info(const ptxsim_case *c, ptxsim_case_info *out) {
    const ps_manifest *m = c->man;
    *out = (ptxsim_case_info){.path = m->path,
                              .ptx_path = m->ptx,
                              .kernel = m->kernel,
                              .arch = m->arch,
                              .shared_bytes = m->shared_bytes,
                              .buffers = m->nbufs,
                              .ptx_paths = (const char *const *)m->ptxs,
                              .n_ptx = m->nptx,
                              .expect_output = m->expect_output,
                              .launches = m->nlaunches,
                              .launch = m->cur};
    memcpy(out->grid, m->grid, sizeof out->grid);
    memcpy(out->cluster, m->cluster, sizeof out->cluster);
    memcpy(out->block, m->block, sizeof out->block);
}

/* A manifest's "kernel" may name a C++ kernel as people do (ptxsim_kernel_name_matches): when it
 * is no PTX name of m but names exactly one kernel, launch i takes that kernel's PTX name; when it
 * names several, the error lists them demangled. None: left for the parameter packing's error,
 * which lists the module's kernels. */
static ptxsim_status resolve_kernel_locked(ptxsim_context *ctx, ptxsim_case *c, ptxsim_module *m, int i) {
    ps_manifest *man = c->man;
    int found = -1, matches = 0;
    for (int j = 0; j < m->nkernels; j++) {
        if (!strcmp(m->kernels[j].fn->name, man->kernel)) return PTXSIM_OK;
        if (ptxsim_kernel_name_matches(m->kernels[j].fn->name, man->kernel)) found = j, matches++;
    }
    if (matches == 1) {
        c->written_names = ps_xrealloc(c->written_names, (size_t)(c->n_written_names + 1) * sizeof *c->written_names);
        c->written_names[c->n_written_names++] = man->launches[i].kernel;
        man->launches[i].kernel = ps_xstrdup(m->kernels[found].fn->name);
        ps_manifest_select(man, i);
        return PTXSIM_OK;
    }
    if (!matches) return PTXSIM_OK;
    char at[40] = "kernel";
    if (man->multi) snprintf(at, sizeof at, "launches[%d].kernel", i);
    int n = snprintf(ctx->msg, sizeof ctx->msg,
                     "%s: error: %s: '%s' names %d kernels of %s; give one's signature "
                     "or PTX name:",
                     man->path, at, man->kernel, matches, m->name);
    for (int j = 0; j < m->nkernels && n >= 0 && (size_t)n < sizeof ctx->msg; j++) {
        const char *k = m->kernels[j].fn->name;
        char pretty[512];
        if (!ptxsim_kernel_name_matches(k, man->kernel)) continue;
        bool dm = ps_demangle(k, pretty, sizeof pretty);
        n += snprintf(ctx->msg + n, sizeof ctx->msg - (size_t)n, dm ? " %s (%s)" : " %s", k, pretty);
    }
    return PTXSIM_ERR_CASE;
}

/* Prepares launch i of c (the buffers too when i is 0) for kernel man->kernel of m with ctx
 * locked; *k receives the kernel. */
static ptxsim_status prepare_locked(ptxsim_context *ctx, ptxsim_case *c, ptxsim_module *m, int i, ptxsim_kernel **k) {
    ps_manifest *man = c->man;
    *k = NULL;
    ps_manifest_select(man, i);
    c->cmp->done = false;
    c->prepared = false;
    ptxsim_status rs = resolve_kernel_locked(ctx, c, m, i);
    if (rs != PTXSIM_OK) return rs;
    for (int j = 0; j < m->nkernels; j++)
        if (!strcmp(m->kernels[j].fn->name, man->kernel)) *k = &m->kernels[j];
    free(c->params);
    c->params = NULL;
    c->params_size = 0;
    ps_status ps = i == 0
        ? ps_manifest_prepare(man, m->prog, ctx->dev, &c->params, &c->params_size, ctx->msg, sizeof ctx->msg)
        : ps_manifest_pack(man, m->prog, &c->params, &c->params_size, ctx->msg, sizeof ctx->msg);
    c->prepared = false;
    if (ps != PS_OK) return PTXSIM_ERR_CASE;
    if (!*k) return api_fail(ctx, PTXSIM_ERR_NOT_FOUND, "no kernel '%s' in %s", man->kernel, m->name);
    c->prepared = true;
    return PTXSIM_OK;
}

static ptxsim_status multi_refused(ptxsim_context *ctx, const ptxsim_case *c) {
    return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT,
                    "%s has %d launches; this client runs single-launch "
                    "manifests only (ptxsim_case_launch_at runs each launch)",
                    c->man->path, c->man->nlaunches);
}

ptxsim_status ptxsim_case_prepare(ptxsim_context *ctx, ptxsim_case *c, ptxsim_module *m, const void **params,
                                  size_t *params_size) {
    pthread_mutex_lock(&ctx->lock);
    ptxsim_kernel *k;
    ptxsim_status st = c->man->nlaunches > 1 ? multi_refused(ctx, c) : prepare_locked(ctx, c, m, 0, &k);
    pthread_mutex_unlock(&ctx->lock);
    if (params) *params = st == PTXSIM_OK ? c->params : NULL;
    if (params_size) *params_size = st == PTXSIM_OK ? c->params_size : 0;
    return st;
}

ptxsim_status ptxsim_case_launch(ptxsim_context *ctx, ptxsim_case *c, ptxsim_module *m, ptxsim_report **report) {
    if (c->man->nlaunches > 1) {
        if (report) *report = NULL;
        pthread_mutex_lock(&ctx->lock);
        ptxsim_status st = multi_refused(ctx, c);
        pthread_mutex_unlock(&ctx->lock);
        return st;
    }
    return ptxsim_case_launch_at(ctx, c, m, 0, report);
}

int ptxsim_case_launch_count(const ptxsim_case *c) { return c->man->nlaunches; }

ptxsim_status ptxsim_case_launch_at(ptxsim_context *ctx, ptxsim_case *c, ptxsim_module *m, int li,
                                    ptxsim_report **report) {
    if (report) *report = NULL;
    ps_manifest *man = c->man;
    pthread_mutex_lock(&ctx->lock);
    if (li < 0 || li >= man->nlaunches || (li > 0 && (!c->prepared || li != c->next))) {
        ptxsim_status st = api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT,
                                    "launch %d of %s cannot run now (%d launches; "
                                    "each after the one before it, from 0)",
                                    li, man->path, man->nlaunches);
        pthread_mutex_unlock(&ctx->lock);
        return st;
    }
    ptxsim_kernel *k;
    ptxsim_status st = prepare_locked(ctx, c, m, li, &k);
    if (st != PTXSIM_OK) {
        pthread_mutex_unlock(&ctx->lock);
        return st;
    }
    c->next = li + 1;
    ptxsim_range *uninit = ps_xcalloc((size_t)man->nbufs + 1, sizeof *uninit);
    int nun = 0;
    for (int i = 0; li == 0 && i < man->nbufs; i++)
        if (man->bufs[i].init == MB_NONE) uninit[nun++] = (ptxsim_range){man->bufs[i].addr, man->bufs[i].bytes};
    ptxsim_launch_config cfg = {.shared_bytes = man->shared_bytes,
                                .param_buffer = c->params,
                                .param_buffer_size = c->params_size,
                                .uninitialized = uninit,
                                .n_uninitialized = nun,
                                .cooperative = man->cooperative};
    memcpy(cfg.grid, man->grid, sizeof cfg.grid);
    memcpy(cfg.cluster, man->cluster, sizeof cfg.cluster);
    memcpy(cfg.block, man->block, sizeof cfg.block);
    ptxsim_report *r = NULL;
    st = api_launch_locked(ctx, k, &cfg, &r);
    free(uninit);
    free(c->output);
    c->output = NULL;
    c->output_len = 0;
    if (r && r->res.output) {
        c->output = ps_xmalloc(r->res.output_len + 1);
        memcpy(c->output, r->res.output, r->res.output_len + 1);
        c->output_len = r->res.output_len;
    }
    if (report) *report = r;
    else ptxsim_report_free(r);
    pthread_mutex_unlock(&ctx->lock);
    return st;
}

ptxsim_status ptxsim_case_write_outputs(ptxsim_context *ctx, const ptxsim_case *c, const char *dir) {
    if (!c->prepared) return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "the case has not been launched");
    pthread_mutex_lock(&ctx->lock);
    ps_status st = ps_manifest_write_outputs(c->man, ctx->dev, dir, ctx->msg, sizeof ctx->msg);
    pthread_mutex_unlock(&ctx->lock);
    return api_status(st);
}

int ptxsim_case_compare(ptxsim_context *ctx, const ptxsim_case *c, FILE *out) {
    if (!c->prepared) return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "the case has not been launched"), -1;
    pthread_mutex_lock(&ctx->lock);
    int bad = ps_manifest_compare(c->man, ctx->dev, out, ctx->msg, sizeof ctx->msg, c->cmp->r);
    c->cmp->done = bad >= 0;
    if (bad >= 0) {
        int ob = ps_manifest_compare_output(c->man, c->output, c->output_len, out, ctx->msg, sizeof ctx->msg);
        bad = ob < 0 ? -1 : bad + ob;
    }
    pthread_mutex_unlock(&ctx->lock);
    return bad;
}

int ptxsim_case_comparison_count(const ptxsim_case *c) { return c->cmp->done ? c->man->nexpect : 0; }

bool ptxsim_case_get_comparison(const ptxsim_case *c, int i, ptxsim_comparison *out) {
    if (!c->cmp->done || i < 0 || i >= c->man->nexpect) return false;
    const ps_mcompare *r = &c->cmp->r[i];
    const ps_mbuf *b = &c->man->bufs[r->buf];
    *out = (ptxsim_comparison){.buffer = b->name,
                               .type = ps_type_name(b->type),
                               .elements = r->elements,
                               .mismatches = r->mismatches,
                               .first_mismatch = r->first,
                               .got_bits = r->got_bits,
                               .expected_bits = r->want_bits,
                               .has_max_ulp = r->has_ulp,
                               .max_ulp = r->max_ulp,
                               .tolerance = r->tolerance};
    return true;
}

ptxsim_status ptxsim_case_buffer(const ptxsim_case *c, const char *name, uint64_t *addr, uint64_t *bytes) {
    for (int i = 0; i < c->man->nbufs; i++)
        if (!strcmp(c->man->bufs[i].name, name)) {
            if (!c->prepared) return PTXSIM_ERR_INVALID_ARGUMENT;
            if (addr) *addr = c->man->bufs[i].addr;
            if (bytes) *bytes = c->man->bufs[i].bytes;
            return PTXSIM_OK;
        }
    return PTXSIM_ERR_NOT_FOUND;
}

bool ptxsim_case_get_buffer(const ptxsim_case *c, int i, ptxsim_case_buffer_info *out) {
    if (i < 0 || i >= c->man->nbufs) return false;
    const ps_mbuf *b = &c->man->bufs[i];
    *out = (ptxsim_case_buffer_info){.name = b->name,
                                     .type = ps_type_name(b->type),
                                     .elem_bytes = ps_type_size(b->type),
                                     .count = b->count,
                                     .bytes = b->bytes,
                                     .initialized = b->init != MB_NONE,
                                     .addr = c->prepared ? b->addr : 0};
    return true;
}

int ptxsim_case_expect_count(const ptxsim_case *c) { return c->man->nexpect; }

bool ptxsim_case_get_expect(const ptxsim_case *c, int i, ptxsim_case_expect *out) {
    if (i < 0 || i >= c->man->nexpect) return false;
    const ps_mexpect *e = &c->man->expect[i];
    *out = (ptxsim_case_expect){
        .buffer = e->buf, .file = e->file, .has_tolerance = e->has_tol, .abs = e->abs, .rel = e->rel, .ulp = e->ulp};
    return true;
}

int ptxsim_case_param_buffer(const ptxsim_case *c, int i) {
    if (i < 0 || i >= c->man->nparams || c->man->params[i].kind != MP_BUFFER) return -1;
    return c->man->params[i].buf;
}

bool ptxsim_case_param_texture(const ptxsim_case *c, int i) {
    return i >= 0 && i < c->man->nparams &&
        (c->man->params[i].kind == MP_TEXTURE || c->man->params[i].kind == MP_SURFACE);
}

bool ptxsim_case_param_tensormap(const ptxsim_case *c, int i, ptxsim_tensormap *out) {
    if (i < 0 || i >= c->man->nparams || c->man->params[i].kind != MP_TENSORMAP) return false;
    const ps_tmap *t = &c->man->params[i].tmap;
    memset(out, 0, sizeof *out);
    out->type = (int)t->type;
    out->rank = t->rank;
    for (unsigned d = 0; d < t->rank && d < 5; d++) {
        out->dims[d] = t->dims[d], out->strides[d] = t->strides[d];
        out->box[d] = t->box[d], out->estrides[d] = t->estrides[d];
    }
    out->swizzle = (int)t->swizzle, out->l2 = (int)t->l2, out->fill = (int)t->fill;
    out->buffer = c->man->params[i].buf;
    out->im2col = t->mode == PS_TMM_IM2COL;
    for (int d = 0; d < 3; d++) out->lower[d] = t->lower[d], out->upper[d] = t->upper[d];
    out->cpp = t->cpp, out->ppc = t->ppc;
    return true;
}
