/* context.c — libptxsim contexts, status codes, diagnostics as data, and device/host memory. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

const char *ptxsim_status_name(ptxsim_status s) {
    switch (s) {
#define PTXSIM_X(id, text) \
    case id: return #id;
        PTXSIM_STATUS_LIST(PTXSIM_X)
#undef PTXSIM_X
    }
    return "PTXSIM_ERR_UNKNOWN";
}

const char *ptxsim_status_string(ptxsim_status s) {
    switch (s) {
#define PTXSIM_X(id, text) \
    case id: return text;
        PTXSIM_STATUS_LIST(PTXSIM_X)
#undef PTXSIM_X
    }
    return "unknown status";
}

ptxsim_status api_status(ps_status st) {
    switch (st) {
    case PS_OK: return PTXSIM_OK;
    case PS_ERR_USAGE: return PTXSIM_ERR_INVALID_ARGUMENT;
    case PS_ERR_IO: return PTXSIM_ERR_IO;
    case PS_ERR_PARSE: return PTXSIM_ERR_PARSE;
    case PS_ERR_UNSUPPORTED: return PTXSIM_ERR_UNSUPPORTED;
    case PS_ERR_MANIFEST: return PTXSIM_ERR_CASE;
    case PS_ERR_LINK: return PTXSIM_ERR_NOT_FOUND;
    case PS_ERR_FAULT: return PTXSIM_ERR_FAULT;
    case PS_ERR_WATCHDOG: return PTXSIM_ERR_WATCHDOG;
    case PS_ERR_MISMATCH: return PTXSIM_ERR_MISMATCH;
    case PS_ERR_NOMEM: return PTXSIM_ERR_OUT_OF_MEMORY;
    }
    return PTXSIM_ERR_INVALID_ARGUMENT;
}

ptxsim_status api_fail(ptxsim_context *ctx, ptxsim_status st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->msg, sizeof ctx->msg, fmt, ap);
    va_end(ap);
    return st;
}

void ptxsim_write_isa_table(FILE *out) { ps_isa_write_markdown(out); }

/* ---- contexts -------------------------------------------------------------------------------- */
ptxsim_status ptxsim_context_create(const char *arch, ptxsim_context **out, const char **error) {
    *out = NULL;
    const ps_arch *a = NULL;
    if (arch && !(a = ps_arch_lookup(arch))) {
        if (error) *error = "unknown architecture";
        return PTXSIM_ERR_INVALID_ARGUMENT;
    }
    ptxsim_context *c = ps_xcalloc(1, sizeof *c);
    pthread_mutex_init(&c->lock, NULL);
    c->arch = a;
    c->dev = ps_device_create();
    ps_device_set_limit(c->dev, PTXSIM_DEFAULT_MAX_MEMORY);
    *out = c;
    return PTXSIM_OK;
}

void ptxsim_context_destroy(ptxsim_context *ctx) {
    if (!ctx) return;
    while (ctx->nmods) ptxsim_module_unload(ctx->mods[ctx->nmods - 1]);
    free(ctx->mods);
    ps_device_destroy(ctx->dev);
    pthread_mutex_destroy(&ctx->lock);
    free(ctx);
}

const char *ptxsim_context_message(const ptxsim_context *ctx) { return ctx->msg; }

const char *ptxsim_context_arch(const ptxsim_context *ctx) { return ctx->arch ? ctx->arch->name : NULL; }

bool ptxsim_arch_query(const char *arch, ptxsim_arch_info *out) {
    const ps_arch *a = ps_arch_lookup(arch ? arch : "");
    if (!a || !ps_arch_is_machine(a)) return false; /* sm_35 and the like are targets, not machines */
    *out = (ptxsim_arch_info){a->name,           a->sm,           a->warp_size, a->max_threads_per_block,
                              a->shared_default, a->shared_optin, a->max_regs};
    return true;
}

void ptxsim_context_get_options(const ptxsim_context *ctx, ptxsim_options *out) { *out = ctx->opt; }

ptxsim_status ptxsim_context_set_options(ptxsim_context *ctx, const ptxsim_options *o) {
    if (o->checks & ~(unsigned)(PTXSIM_CHECK_ALL | PTXSIM_CHECK_PROFILE | PTXSIM_CHECK_PTX_COUNTERS) || o->threads < 0)
        return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "unknown checker bits or negative thread count");
    if (o->timeout != o->timeout) return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "the timeout is not a number");
    pthread_mutex_lock(&ctx->lock);
    ctx->opt = *o;
    ps_device_set_limit(ctx->dev, o->max_memory ? o->max_memory : PTXSIM_DEFAULT_MAX_MEMORY);
    pthread_mutex_unlock(&ctx->lock);
    return PTXSIM_OK;
}

/* ---- diagnostics ----------------------------------------------------------------------------- */
ptxsim_diagnostics *api_diags_copy(const ps_diags *d) {
    ptxsim_diagnostics *o = ps_xcalloc(1, sizeof *o);
    o->items = ps_xcalloc((size_t)(d ? d->count : 0) + 1, sizeof *o->items);
    for (int i = 0; d && i < d->count; i++) {
        const ps_diag *s = &d->items[i];
        o->items[o->count++] = (ptxsim_diagnostic){(ptxsim_diag_level)s->level, s->file ? ps_xstrdup(s->file) : NULL,
                                                   s->line, s->col, ps_xstrdup(s->msg ? s->msg : "")};
        o->errors += s->level == PS_DIAG_ERROR;
    }
    if (d && d->errors > o->errors) o->errors = d->errors; /* errors past PS_DIAGS_MAX still count */
    return o;
}

int ptxsim_diagnostics_count(const ptxsim_diagnostics *d) { return d ? d->count : 0; }
int ptxsim_diagnostics_errors(const ptxsim_diagnostics *d) { return d ? d->errors : 0; }

const ptxsim_diagnostic *ptxsim_diagnostics_get(const ptxsim_diagnostics *d, int i) {
    return d && i >= 0 && i < d->count ? &d->items[i] : NULL;
}

void ptxsim_diagnostics_print(const ptxsim_diagnostics *d, FILE *out) {
    static const char *const level[] = {"error", "warning", "note"};
    for (int i = 0; d && i < d->count; i++) {
        const ptxsim_diagnostic *g = &d->items[i];
        if (g->line > 0)
            fprintf(out, "%s:%d:%d: %s: %s\n", g->file ? g->file : "<input>", g->line, g->col, level[g->level],
                    g->message);
        else fprintf(out, "%s: %s: %s\n", g->file ? g->file : "ptxsim", level[g->level], g->message);
    }
}

void ptxsim_diagnostics_free(ptxsim_diagnostics *d) {
    if (!d) return;
    for (int i = 0; i < d->count; i++) free((char *)d->items[i].file), free((char *)d->items[i].message);
    free(d->items);
    free(d);
}

/* ---- memory ---------------------------------------------------------------------------------- */
/* Why an allocation failed: the memory limit (named, with what is in use), else the host. */
ptxsim_status api_mem_fail(ptxsim_context *ctx, uint64_t bytes, const char *name) {
    uint64_t limit = ps_device_limit(ctx->dev), used = ps_device_used(ctx->dev);
    if (limit && (bytes > limit || used > limit - bytes))
        return api_fail(ctx, PTXSIM_ERR_OUT_OF_MEMORY,
                        "cannot allocate %llu bytes for '%s': %llu of the %llu-byte memory limit are in "
                        "use (--max-memory, docs/limits.md)",
                        (unsigned long long)bytes, name ? name : "?", (unsigned long long)used,
                        (unsigned long long)limit);
    return api_fail(ctx, PTXSIM_ERR_OUT_OF_MEMORY, "cannot allocate %llu bytes for '%s': the host is out of memory",
                    (unsigned long long)bytes, name ? name : "?");
}

ptxsim_status ptxsim_mem_alloc(ptxsim_context *ctx, uint64_t bytes, const char *name, uint64_t *addr) {
    if (bytes >> 46)
        return api_fail(ctx, PTXSIM_ERR_OUT_OF_MEMORY, "allocation of %llu bytes is too large",
                        (unsigned long long)bytes);
    *addr = ps_device_alloc(ctx->dev, bytes, name);
    if (!*addr) return api_mem_fail(ctx, bytes, name);
    return PTXSIM_OK;
}

ptxsim_status ptxsim_mem_free(ptxsim_context *ctx, uint64_t addr) {
    pthread_mutex_lock(&ctx->lock); /* not while a launch of this context runs */
    ps_status st = ps_device_free(ctx->dev, addr);
    pthread_mutex_unlock(&ctx->lock);
    if (st != PS_OK)
        return api_fail(ctx, PTXSIM_ERR_INVALID_ADDRESS, "0x%llx is not the start of an allocation",
                        (unsigned long long)addr);
    return PTXSIM_OK;
}

/* Host view of [addr, addr+n) inside one allocation, or a failure message. */
static void *span(ptxsim_context *ctx, uint64_t addr, size_t n, ptxsim_status *st) {
    void *p = ps_device_ptr(ctx->dev, addr, n);
    if (!p && n) {
        uint64_t base, size;
        if (ps_device_range(ctx->dev, addr, &base, &size, NULL))
            *st = api_fail(ctx, PTXSIM_ERR_INVALID_ADDRESS,
                           "%zu bytes at 0x%llx run past the end of the allocation at 0x%llx (%llu bytes)", n,
                           (unsigned long long)addr, (unsigned long long)base, (unsigned long long)size);
        else
            *st = api_fail(ctx, PTXSIM_ERR_INVALID_ADDRESS, "0x%llx is outside every allocation",
                           (unsigned long long)addr);
    }
    return p;
}

ptxsim_status ptxsim_mem_write(ptxsim_context *ctx, uint64_t dst, const void *src, size_t bytes) {
    pthread_mutex_lock(&ctx->lock);
    ptxsim_status st = PTXSIM_OK;
    void *p = span(ctx, dst, bytes, &st);
    if (p) memmove(p, src, bytes);
    pthread_mutex_unlock(&ctx->lock);
    return st;
}

ptxsim_status ptxsim_mem_read(ptxsim_context *ctx, void *dst, uint64_t src, size_t bytes) {
    pthread_mutex_lock(&ctx->lock);
    ptxsim_status st = PTXSIM_OK;
    const void *p = span(ctx, src, bytes, &st);
    if (p) memmove(dst, p, bytes);
    pthread_mutex_unlock(&ctx->lock);
    return st;
}

ptxsim_status ptxsim_mem_copy(ptxsim_context *ctx, uint64_t dst, uint64_t src, size_t bytes) {
    pthread_mutex_lock(&ctx->lock);
    ptxsim_status st = PTXSIM_OK;
    void *d = span(ctx, dst, bytes, &st), *s = d ? span(ctx, src, bytes, &st) : NULL;
    if (d && s) memmove(d, s, bytes);
    pthread_mutex_unlock(&ctx->lock);
    return st;
}

ptxsim_status ptxsim_mem_fill(ptxsim_context *ctx, uint64_t dst, const void *pattern, size_t pattern_bytes,
                              size_t count) {
    if (pattern_bytes != 1 && pattern_bytes != 2 && pattern_bytes != 4 && pattern_bytes != 8)
        return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "fill patterns are 1, 2, 4 or 8 bytes");
    if (count > SIZE_MAX / pattern_bytes) return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "fill size overflows");
    pthread_mutex_lock(&ctx->lock);
    ptxsim_status st = PTXSIM_OK;
    uint8_t *p = span(ctx, dst, count * pattern_bytes, &st);
    if (p && pattern_bytes == 1) memset(p, *(const uint8_t *)pattern, count);
    else if (p)
        for (size_t i = 0; i < count; i++) memcpy(p + i * pattern_bytes, pattern, pattern_bytes);
    pthread_mutex_unlock(&ctx->lock);
    return st;
}

ptxsim_status ptxsim_mem_register_host(ptxsim_context *ctx, void *host, size_t bytes, const char *name) {
    pthread_mutex_lock(&ctx->lock);
    ps_status st = ps_device_register_host(ctx->dev, host, bytes, name);
    pthread_mutex_unlock(&ctx->lock);
    if (st == PS_ERR_UNSUPPORTED)
        return api_fail(ctx, PTXSIM_ERR_UNSUPPORTED,
                        "host range %p (+%zu) falls in a window of the simulated generic address space", host, bytes);
    if (st != PS_OK)
        return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT,
                        "host range %p (+%zu) is empty or overlaps another allocation", host, bytes);
    return PTXSIM_OK;
}

ptxsim_status ptxsim_mem_range(ptxsim_context *ctx, uint64_t addr, uint64_t *base, uint64_t *bytes, bool *is_host) {
    pthread_mutex_lock(&ctx->lock);
    bool found = ps_device_range(ctx->dev, addr, base, bytes, is_host);
    pthread_mutex_unlock(&ctx->lock);
    if (!found)
        return api_fail(ctx, PTXSIM_ERR_INVALID_ADDRESS, "0x%llx is outside every allocation",
                        (unsigned long long)addr);
    return PTXSIM_OK;
}
