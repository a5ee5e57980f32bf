/* report_html.c — the public face of the per-line counters and of the HTML source view
 * (verify/report_lines.c, verify/report_html.c). */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

int ptxsim_report_line_count(const ptxsim_report *r) { return r && r->ver ? r->nlines : 0; }

bool ptxsim_report_line(const ptxsim_report *r, int i, ptxsim_line_counters *out) {
    if (!r || !r->ver || i < 0 || i >= r->nlines) return false;
    const ps_line_counters *l = &r->lines[i];
    *out = (ptxsim_line_counters){.ptx_line = l->ptx_line,
                                  .source_file = l->src_file,
                                  .source_line = l->src_line,
                                  .warp_executions = l->warp_executions,
                                  .thread_executions = l->thread_executions,
                                  .shared_executions = l->shared_executions,
                                  .shared_wavefronts = l->shared_wavefronts,
                                  .shared_ideal_wavefronts = l->shared_ideal_wavefronts,
                                  .shared_worst_way = l->shared_worst_way,
                                  .global_requests = l->global_requests,
                                  .global_sectors = l->global_sectors,
                                  .global_ideal_sectors = l->global_ideal_sectors,
                                  .branch_executions = l->branch_executions,
                                  .branch_divergent = l->branch_divergent,
                                  .taken_lanes = l->taken_lanes,
                                  .not_taken_lanes = l->not_taken_lanes};
    return true;
}

const char *ptxsim_report_source_file(const ptxsim_report *r, int index) {
    const ps_module *m = r && r->ver ? ps_verifier_module(r->ver) : NULL;
    if (!m || index <= 0 || index >= m->nfiles || !m->files) return NULL;
    return m->files[index];
}

ptxsim_status ptxsim_report_write_html(const ptxsim_html_launch *launches, int n, const ptxsim_html_options *o,
                                       const char *path, char *err, size_t errlen) {
    char scratch[8];
    if (!err || !errlen) err = scratch, errlen = sizeof scratch;
    err[0] = 0;
    if (!launches || n <= 0 || !path) {
        snprintf(err, errlen, "no launch or no output path");
        return PTXSIM_ERR_INVALID_ARGUMENT;
    }
    ps_html_launch *hl = ps_xcalloc((size_t)n, sizeof *hl);
    ptxsim_status st = PTXSIM_OK;
    for (int i = 0; i < n && st == PTXSIM_OK; i++) {
        const ptxsim_html_launch *l = &launches[i];
        const ptxsim_report_format *f = &l->format;
        if (!l->report || !l->report->ver) {
            snprintf(err, errlen, "launch %d ran without checkers: there are no counters to show", i + 1);
            st = PTXSIM_ERR_INVALID_ARGUMENT;
            break;
        }
        if (!ps_verifier_single_file(l->report->ver)) {
            snprintf(err, errlen,
                     "launch %d is of a program linked from several PTX modules; the HTML source "
                     "view shows one PTX file per launch",
                     i + 1);
            st = PTXSIM_ERR_UNSUPPORTED;
            break;
        }
        hl[i] = (ps_html_launch){.v = l->report->ver,
                                 .res = &l->report->res,
                                 .o = {.ptx_path = f->ptx_path,
                                       .kernel = f->kernel,
                                       .arch = f->arch,
                                       .max_findings = f->max_findings,
                                       .only_kinds = f->only_kinds,
                                       .min_severity = (ps_severity)f->min_severity},
                                 .ptx_text = l->ptx_text,
                                 .ptx_len = l->ptx_len,
                                 .label = l->label};
        memcpy(hl[i].grid, l->grid, sizeof hl[i].grid);
        memcpy(hl[i].block, l->block, sizeof hl[i].block);
    }
    if (st == PTXSIM_OK) {
        ps_html_options ho = {.title = o ? o->title : NULL, .source_root = o ? o->source_root : NULL};
        int rc = ps_report_html(hl, n, &ho, path, err, errlen);
        if (rc == -2) st = PTXSIM_ERR_INVALID_ARGUMENT;
        else if (rc) st = PTXSIM_ERR_IO;
    }
    free(hl);
    return st;
}
