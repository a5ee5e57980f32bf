/* launch.c — libptxsim launches (parameters in either cuLaunchKernel form, checkers from the
 * context's options) and their reports. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

/* Packs the parameters into buf (k->params_size bytes). */
static ptxsim_status pack_params(ptxsim_context *ctx, const ptxsim_kernel *k, const ptxsim_launch_config *cfg,
                                 uint8_t *buf) {
    if (cfg->param_buffer) {
        if (cfg->param_buffer_size < k->params_size)
            return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT,
                            "kernel '%s' takes %zu bytes of parameters, the buffer holds %zu", k->fn->name,
                            k->params_size, cfg->param_buffer_size);
        memcpy(buf, cfg->param_buffer, k->params_size);
        return PTXSIM_OK;
    }
    if (k->nparams && !cfg->args)
        return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "kernel '%s' takes %d parameters, none were given",
                        k->fn->name, k->nparams);
    for (int i = 0; i < k->nparams; i++) {
        if (!cfg->args[i])
            return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "parameter %d of kernel '%s' is NULL", i, k->fn->name);
        memcpy(buf + k->params[i]->offset, cfg->args[i], (size_t)k->params[i]->size);
    }
    return PTXSIM_OK;
}

static void fill_report(ptxsim_report *r, const char *kernel) {
    const ps_launch_result *res = &r->res;
    ptxsim_stats *s = &r->stats;
    s->warp_instructions = res->stats.warp_instructions;
    s->thread_instructions = res->stats.thread_instructions;
    s->ctas = res->stats.ctas;
    s->branches = res->stats.branches;
    s->divergent_branches = res->stats.divergent_branches;
    s->seconds = res->seconds;
    if (r->ver) {
        const ps_verify_stats *v = ps_verifier_stats(r->ver);
        s->shared_load.instructions = v->shared[0].instructions;
        s->shared_load.wavefronts = v->shared[0].wavefronts;
        s->shared_load.bank_conflicts = v->shared[0].bank_conflicts;
        s->shared_store.instructions = v->shared[1].instructions;
        s->shared_store.wavefronts = v->shared[1].wavefronts;
        s->shared_store.bank_conflicts = v->shared[1].bank_conflicts;
        s->shared_atomic.instructions = v->shared[2].instructions;
        s->shared_atomic.wavefronts = v->shared[2].wavefronts;
        s->shared_atomic.bank_conflicts = v->shared[2].bank_conflicts;
        s->global_load.requests = v->global[0].requests;
        s->global_load.sectors = v->global[0].sectors;
        s->global_store.requests = v->global[1].requests;
        s->global_store.sectors = v->global[1].sectors;
        if (v->branches) s->branches = v->branches, s->divergent_branches = v->divergent_branches;
    }
    r->has_fault = res->fault.kind != PS_FAULT_NONE;
    if (r->has_fault) {
        const ps_fault *f = &res->fault;
        r->fault = (ptxsim_fault){ps_fault_kind_name(f->kind),
                                  ps_fault_kind_name(f->kind),
                                  f->message,
                                  f->ptx_line,
                                  f->function ? f->function : kernel,
                                  {f->block[0], f->block[1], f->block[2]},
                                  {f->thread[0], f->thread[1], f->thread[2]},
                                  f->file,
                                  f->src_file,
                                  f->src_line,
                                  f->lanes,
                                  __builtin_popcount(f->lanes)};
    }
}

ptxsim_status api_launch_locked(ptxsim_context *ctx, ptxsim_kernel *k, const ptxsim_launch_config *cfg,
                                ptxsim_report **report) {
    if (report) *report = NULL;
    uint8_t *params = ps_xcalloc(1, k->params_size + 8);
    ptxsim_status st = pack_params(ctx, k, cfg, params);
    if (st != PTXSIM_OK) {
        free(params);
        return st;
    }
    ptxsim_report *r = ps_xcalloc(1, sizeof *r);
    const ps_module *ast = k->mod->ast;
    if (ctx->opt.checks) {
        r->ver = ps_verifier_create(ast, ps_program_arch(k->mod->prog), ctx->opt.checks);
        for (int i = 0; i < cfg->n_uninitialized; i++)
            ps_verifier_mark_uninitialized(r->ver, cfg->uninitialized[i].addr, cfg->uninitialized[i].bytes);
    }
    ps_launch_config lc = {.shared_bytes = cfg->shared_bytes,
                           .params = params,
                           .params_size = k->params_size,
                           .threads = ctx->opt.threads,
                           .watchdog = ctx->opt.watchdog,
                           .schedule_seed = ctx->opt.schedule_seed,
                           .observer = r->ver ? ps_verifier_observer(r->ver) : NULL,
                           .timeout = ctx->opt.timeout < 0 ? 0
                               : ctx->opt.timeout          ? ctx->opt.timeout
                                                           : PTXSIM_DEFAULT_TIMEOUT,
                           .progress = ctx->opt.progress,
                           .cooperative = cfg->cooperative};
    /* what the memory limit leaves for the launch's shared and local memory */
    uint64_t limit = ps_device_limit(ctx->dev), used = ps_device_used(ctx->dev);
    lc.max_launch_bytes = limit ? (used < limit ? limit - used : 1) : 0;
    memcpy(lc.grid, cfg->grid, sizeof lc.grid);
    memcpy(lc.cluster, cfg->cluster, sizeof lc.cluster);
    memcpy(lc.block, cfg->block, sizeof lc.block);
    ps_status ls = ps_launch(k->mod->prog, ctx->dev, k->fn->name, &lc, &r->res);
    free(params);
    if (ls == PS_ERR_UNSUPPORTED || ls == PS_ERR_USAGE) {
        st = api_fail(ctx, api_status(ls), "%s", r->res.fault.message);
        ps_verifier_destroy(r->ver);
        ps_launch_result_release(&r->res);
        free(r);
        return st;
    }
    if (r->ver) {
        ps_verifier_finish(r->ver, &r->res);
        r->nlines = ps_verifier_line_counters(r->ver, &r->lines);
    }
    fill_report(r, k->fn->name);
    st = api_status(ls);
    if (st != PTXSIM_OK)
        api_fail(ctx, st, "kernel '%s' %s: %s", k->fn->name, st == PTXSIM_ERR_WATCHDOG ? "hit the watchdog" : "faulted",
                 r->res.fault.message);
    if (report) *report = r;
    else ptxsim_report_free(r);
    return st;
}

ptxsim_status ptxsim_launch(ptxsim_context *ctx, ptxsim_kernel *k, const ptxsim_launch_config *cfg,
                            ptxsim_report **report) {
    pthread_mutex_lock(&ctx->lock);
    ptxsim_status st = api_launch_locked(ctx, k, cfg, report);
    pthread_mutex_unlock(&ctx->lock);
    return st;
}

/* ---- reports --------------------------------------------------------------------------------- */
const ptxsim_stats *ptxsim_report_stats(const ptxsim_report *r) { return &r->stats; }
const ptxsim_fault *ptxsim_report_fault(const ptxsim_report *r) { return r->has_fault ? &r->fault : NULL; }
bool ptxsim_report_checked(const ptxsim_report *r) { return r->ver != NULL; }
int ptxsim_report_finding_count(const ptxsim_report *r) { return r->ver ? ps_verifier_finding_count(r->ver) : 0; }

bool ptxsim_report_finding(const ptxsim_report *r, int i, ptxsim_finding *out) {
    if (!r->ver || i < 0 || i >= ps_verifier_finding_count(r->ver)) return false;
    const ps_finding *f = ps_verifier_finding(r->ver, i);
    *out = (ptxsim_finding){ps_finding_kind_name(f->kind),
                            (ptxsim_severity)f->severity,
                            f->message,
                            f->at.ptx_line,
                            f->at.src_file,
                            f->at.src_line,
                            {f->at.block[0], f->at.block[1], f->at.block[2]},
                            {f->at.thread[0], f->at.thread[1], f->at.thread[2]},
                            f->at.address,
                            f->at.has_address,
                            f->count};
    return true;
}

const char *ptxsim_report_output(const ptxsim_report *r, size_t *len) {
    if (len) *len = r->res.output_len;
    return r->res.output ? r->res.output : "";
}

const char *ptxsim_report_error_output(const ptxsim_report *r, size_t *len) {
    if (len) *len = r->res.error_output_len;
    return r->res.error_output ? r->res.error_output : "";
}

bool ptxsim_report_has_errors(const ptxsim_report *r) {
    return r->has_fault || (r->ver && ps_verifier_has_errors(r->ver));
}

static ps_report_options report_options(const ptxsim_report_format *f) {
    ps_report_options o = {.ptx_path = f->ptx_path,
                           .kernel = f->kernel,
                           .arch = f->arch,
                           .max_findings = f->max_findings,
                           .only_kinds = f->only_kinds,
                           .min_severity = (ps_severity)f->min_severity,
                           .command = f->command,
                           .shared_bytes = f->shared_bytes,
                           .ncomparisons = f->ncomparisons,
                           .exit_status = f->command ? f->exit_status : -1,
                           .color = f->color,
                           .source_root = f->source_root,
                           .tool_version = f->tool_version};
    memcpy(o.grid, f->grid, sizeof o.grid);
    memcpy(o.block, f->block, sizeof o.block);
    memcpy(o.cluster, f->cluster, sizeof o.cluster);
    /* ptxsim_comparison and ps_report_comparison hold the same fields; freed by options_free */
    ps_report_comparison *cmp = o.ncomparisons > 0 ? ps_xcalloc((size_t)o.ncomparisons, sizeof *cmp) : NULL;
    for (int i = 0; i < o.ncomparisons; i++) {
        const ptxsim_comparison *c = &f->comparisons[i];
        cmp[i] = (ps_report_comparison){c->buffer,         c->type,      c->elements,      c->mismatches,
                                        c->first_mismatch, c->got_bits,  c->expected_bits, c->max_ulp,
                                        c->has_max_ulp,    c->tolerance, c->has_tolerated, c->tolerated};
    }
    o.comparisons = cmp;
    return o;
}

static void options_free(ps_report_options *o) { free((void *)o->comparisons); }

void ptxsim_report_write_text(const ptxsim_report *r, const ptxsim_report_format *f, FILE *out) {
    ps_report_options o = report_options(f);
    if (r->ver) ps_report_text(r->ver, &r->res, &o, out);
    options_free(&o);
}

ptxsim_status ptxsim_report_write_json(const ptxsim_report *r, const ptxsim_report_format *f, const char *path) {
    ps_report_options o = report_options(f);
    int rc = ps_report_json(r->ver, &r->res, &o, path);
    options_free(&o);
    return rc ? PTXSIM_ERR_IO : PTXSIM_OK;
}

char *ptxsim_report_json_text(const ptxsim_report *r, const ptxsim_report_format *f) {
    ps_report_options o = report_options(f);
    char *text = ps_report_json_text(r->ver, &r->res, &o);
    options_free(&o);
    return text;
}

/* n launches' reports through one of verify's multi-launch writers (JSON, SARIF) */
typedef int (*launches_writer)(const ps_verifier *const *, const ps_launch_result *const *, const ps_report_options *,
                               int, const char *);
static ptxsim_status write_launches(const ptxsim_report *const *r, const ptxsim_report_format *f, int n,
                                    const char *path, launches_writer write) {
    if (n < 1) return PTXSIM_ERR_INVALID_ARGUMENT;
    const ps_verifier **vs = ps_xcalloc((size_t)n, sizeof *vs);
    const ps_launch_result **res = ps_xcalloc((size_t)n, sizeof *res);
    ps_report_options *os = ps_xcalloc((size_t)n, sizeof *os);
    for (int i = 0; i < n; i++) vs[i] = r[i]->ver, res[i] = &r[i]->res, os[i] = report_options(&f[i]);
    int rc = write(vs, res, os, n, path);
    for (int i = 0; i < n; i++) options_free(&os[i]);
    free(vs), free(res), free(os);
    return rc ? PTXSIM_ERR_IO : PTXSIM_OK;
}

ptxsim_status ptxsim_report_write_json_launches(const ptxsim_report *const *r, const ptxsim_report_format *f, int n,
                                                const char *path) {
    return write_launches(r, f, n, path, ps_report_json_launches);
}

ptxsim_status ptxsim_report_write_sarif(const ptxsim_report *r, const ptxsim_report_format *f, const char *path) {
    return ptxsim_report_write_sarif_launches(&r, f, 1, path);
}

ptxsim_status ptxsim_report_write_sarif_launches(const ptxsim_report *const *r, const ptxsim_report_format *f, int n,
                                                 const char *path) {
    for (int i = 0; i < n; i++)
        if (!r[i]->ver) return PTXSIM_ERR_INVALID_ARGUMENT;
    return write_launches(r, f, n, path, ps_report_sarif_launches);
}

ptxsim_status ptxsim_sarif_write_findings(const char *findings_json, const ptxsim_sarif_info *info, const char *path) {
    cJSON *fs = findings_json ? cJSON_Parse(findings_json) : NULL;
    if (!cJSON_IsArray(fs)) {
        cJSON_Delete(fs);
        return PTXSIM_ERR_INVALID_ARGUMENT;
    }
    ps_sarif_options so = {.exit_code = -1, .execution_successful = true};
    if (info)
        so = (ps_sarif_options){info->source_root, info->tool_version, info->exit_code, info->execution_successful,
                                info->arguments};
    int rc = ps_sarif_write(fs, &so, path);
    cJSON_Delete(fs);
    return rc ? PTXSIM_ERR_IO : PTXSIM_OK;
}

void ptxsim_report_free(ptxsim_report *r) {
    if (!r) return;
    ps_verifier_destroy(r->ver);
    ps_launch_result_release(&r->res);
    free(r->lines);
    free(r);
}

int ptxsim_finding_kind_count(void) { return PS_FIND_COUNT; }
const char *ptxsim_finding_kind_name(int kind) {
    return kind >= 0 && kind < PS_FIND_COUNT ? ps_finding_kind_name((ps_finding_kind)kind) : NULL;
}
int ptxsim_finding_kind_lookup(const char *name) { return ps_finding_kind_lookup(name); }
