/* testutil.c — runs PTX snippets end to end for the unit tests. */
#include "testutil.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void append_diags(const ps_diags *d, char *out, size_t n) {
    for (int i = 0; i < d->count && n; i++) {
        size_t used = strlen(out);
        if (used + 1 >= n) return;
        snprintf(out + used, n - used, "%d:%d: %s\n", d->items[i].line, d->items[i].col, d->items[i].msg);
    }
}

ps_status tu_run(const char *ptx, const char *kernel, const tu_launch *cfg, tu_buf *bufs, int nbufs,
                 ps_launch_result *res, char *diag, size_t diaglen) {
    if (diag && diaglen) diag[0] = 0;
    memset(res, 0, sizeof *res);
    ps_diags d = {0};
    ps_module *m = NULL;
    ps_status st = ps_parse("snippet.ptx", ptx, strlen(ptx), NULL, &d, &m);
    ps_device *dev = ps_device_create();
    ps_program *p = NULL;
    uint8_t *params = NULL;
    if (st != PS_OK) goto out;
    st = ps_program_build(m, NULL, dev, &d, &p);
    if (st != PS_OK) goto out;
    for (int i = 0; i < m->nfuncs; i++) {
        const ps_diags *fd = ps_program_function_diags(p, i);
        if (fd && diag) append_diags(fd, diag, diaglen);
    }
    const ps_var *const *vars;
    int nv = ps_program_kernel_params(p, kernel, &vars);
    if (nv != nbufs + cfg->nscalars) {
        if (diag) snprintf(diag, diaglen, "kernel has %d params, test passes %d", nv, nbufs + cfg->nscalars);
        st = PS_ERR_USAGE;
        goto out;
    }
    size_t psize = 0;
    for (int i = 0; i < nv; i++)
        if (vars[i]->offset + vars[i]->size > psize) psize = vars[i]->offset + vars[i]->size;
    params = calloc(1, psize + 8);
    uint64_t *addrs = calloc((size_t)nbufs + 1, sizeof(uint64_t));
    for (int i = 0; i < nbufs; i++) {
        addrs[i] = ps_device_alloc(dev, bufs[i].bytes, "buf");
        memcpy(ps_device_ptr(dev, addrs[i], bufs[i].bytes), bufs[i].host, bufs[i].bytes);
        memcpy(params + vars[i]->offset, &addrs[i], 8);
    }
    for (int i = 0; i < cfg->nscalars; i++)
        memcpy(params + vars[nbufs + i]->offset, &cfg->scalars[i], vars[nbufs + i]->size);
    ps_launch_config lc = {.shared_bytes = cfg->shared_bytes,
                           .params = params,
                           .params_size = psize,
                           .threads = cfg->threads ? cfg->threads : 1,
                           .watchdog = cfg->watchdog,
                           .schedule_seed = cfg->schedule_seed,
                           .observer = cfg->observer,
                           .cluster = {cfg->cluster[0], cfg->cluster[1], cfg->cluster[2]}};
    for (int k = 0; k < 3; k++) {
        lc.grid[k] = cfg->grid[k] ? cfg->grid[k] : 1;
        lc.block[k] = cfg->block[k] ? cfg->block[k] : 1;
    }
    st = ps_launch(p, dev, kernel, &lc, res);
    for (int i = 0; i < nbufs; i++) memcpy(bufs[i].host, ps_device_ptr(dev, addrs[i], bufs[i].bytes), bufs[i].bytes);
    free(addrs);
out:
    if (diag) append_diags(&d, diag, diaglen);
    free(params);
    ps_program_free(p);
    ps_module_free(m);
    ps_device_destroy(dev);
    ps_diags_free(&d);
    return st;
}

void tu_build(const char *name, const char *ptx, size_t len, ps_module **m, ps_device **dev, ps_program **prog) {
    ps_diags d = {0};
    ps_parse_options po = {0};
    ps_status st = ps_parse(name, ptx, len, &po, &d, m);
    if (st == PS_OK) {
        *dev = ps_device_create();
        st = ps_program_build(*m, NULL, *dev, &d, prog);
    }
    if (st != PS_OK) ps_diags_print(&d, stderr);
    ps_diags_free(&d);
    assert_int_equal(st, PS_OK);
}
