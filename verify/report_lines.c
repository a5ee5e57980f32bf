/* report_lines.c — the per-line tables of a launch (bank conflicts, coalescing, divergence,
 * execution counts) merged into one row per PTX line, for the HTML report and the public API's
 * ptxsim_report_line. */
#include <stdlib.h>

#include "verify_internal.h"

bool ps_verifier_single_file(const ps_verifier *v) { return v->module->nparts <= 1; }
const ps_module *ps_verifier_module(const ps_verifier *v) { return v->module; }

/* The row of `line` in the dense table (index + 1 per line, 0 = none yet), appending it. */
static ps_line_counters *row_of(int *index, int maxline, ps_line_counters *rows, int *n, int line) {
    if (line <= 0 || line > maxline) return NULL; /* not a line of the module's file */
    if (!index[line]) {
        rows[*n] = (ps_line_counters){.ptx_line = line};
        index[line] = ++*n;
    }
    return &rows[index[line] - 1];
}

static int cmp_rows(const void *a, const void *b) {
    const ps_line_counters *x = a, *y = b;
    return x->ptx_line < y->ptx_line ? -1 : x->ptx_line > y->ptx_line;
}

int ps_verifier_line_counters(const ps_verifier *v, ps_line_counters **out) {
    const ps_module *m = v->module;
    int maxline = 0;
    for (int fi = 0; fi < m->nfuncs; fi++) {
        const ps_func *f = m->funcs[fi];
        for (int j = 0; j < f->ninsns; j++)
            if (f->insns[j].line > maxline) maxline = f->insns[j].line;
    }
    int cap = v->nlines + v->nglines + v->nblines + v->nelines;
    ps_line_counters *rows = ps_xcalloc((size_t)(cap ? cap : 1), sizeof *rows);
    int *index = ps_xcalloc((size_t)maxline + 1, sizeof *index);
    int n = 0;
    /* a linked program's line tables mix the parts' line numbers: only a single file is merged */
    if (ps_verifier_single_file(v)) {
        for (int i = 0; i < v->nelines; i++) {
            const ps_line_exec_stats *l = &v->elines[i];
            ps_line_counters *r = row_of(index, maxline, rows, &n, l->ptx_line);
            if (!r) continue;
            r->warp_executions += l->warp_executions;
            r->thread_executions += l->thread_executions;
        }
        for (int i = 0; i < v->nlines; i++) {
            const ps_line_bank_stats *l = &v->lines[i];
            ps_line_counters *r = row_of(index, maxline, rows, &n, l->ptx_line);
            if (!r) continue;
            r->shared_executions += l->executions;
            r->shared_wavefronts += l->wavefronts;
            r->shared_ideal_wavefronts += l->ideal_wavefronts;
            if (l->worst_way > r->shared_worst_way) r->shared_worst_way = l->worst_way;
        }
        for (int i = 0; i < v->nglines; i++) {
            const ps_line_global_stats *l = &v->glines[i];
            ps_line_counters *r = row_of(index, maxline, rows, &n, l->ptx_line);
            if (!r) continue;
            r->global_requests += l->requests;
            r->global_sectors += l->sectors;
            r->global_ideal_sectors += l->ideal_sectors;
        }
        for (int i = 0; i < v->nblines; i++) {
            const ps_line_branch_stats *l = &v->blines[i];
            ps_line_counters *r = row_of(index, maxline, rows, &n, l->ptx_line);
            if (!r) continue;
            r->branch_executions += l->executions;
            r->branch_divergent += l->divergent;
            r->taken_lanes += l->taken_lanes;
            r->not_taken_lanes += l->not_taken_lanes;
        }
        /* the .loc of each line: its first instruction's */
        for (int fi = 0; fi < m->nfuncs; fi++) {
            const ps_func *f = m->funcs[fi];
            for (int j = 0; j < f->ninsns; j++) {
                const ps_insn *in = &f->insns[j];
                if (in->line <= 0 || in->line > maxline || !index[in->line]) continue;
                ps_line_counters *r = &rows[index[in->line] - 1];
                if (!r->src_line && in->loc_line) r->src_file = in->loc_file, r->src_line = in->loc_line;
            }
        }
    }
    free(index);
    qsort(rows, (size_t)n, sizeof *rows, cmp_rows);
    *out = rows;
    return n;
}
