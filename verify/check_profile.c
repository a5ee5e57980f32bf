/* check_profile.c — how often each instruction ran: warp-level executions and the active lanes at
 * it, per PTX line (Nsight Compute's "Instructions Executed" and "Thread Instructions Executed"
 * of the source page). Not a defect checker: PS_CHECK_PROFILE asks for it (the HTML report's
 * execution counts), since an event per warp instruction slows the engine down. */
#include <stdlib.h>

#include "verify_internal.h"

typedef struct {
    uint64_t warp, thread;
} pf_row;

typedef ps_row_checker pf_state; /* [worker][instruction] */

static void *pf_create(ps_verifier *v) { return ps_row_checker_new(v, sizeof(pf_state), sizeof(pf_row)); }

static bool pf_watch(void *self, const ps_insn *in) {
    (void)self, (void)in;
    return true; /* every instruction */
}

static void pf_insn(void *self, const ps_insn_event *e) {
    pf_state *s = self;
    int w = e->worker >= 0 && e->worker < s->t.nworkers ? e->worker : 0;
    pf_row *r = (pf_row *)ps_row(&s->t, w, ps_verify_insn_index(s->v, e->insn));
    r->warp++;
    r->thread += (uint64_t)ps_verify_popc(e->active); /* as the engine's thread_instructions */
}

static int cmp_elines(const void *a, const void *b) {
    const ps_line_exec_stats *x = a, *y = b;
    return x->ptx_line < y->ptx_line ? -1 : x->ptx_line > y->ptx_line;
}

static void pf_finish(void *self, const ps_launch_result *res) {
    (void)res;
    pf_state *s = self;
    ps_verifier *v = s->v;
    if (!s->t.rows) return;
    for (int w = 1; w < s->t.nworkers; w++)
        for (int i = 0; i < s->t.nrows; i++) {
            pf_row *a = (pf_row *)ps_row(&s->t, 0, i), *b = (pf_row *)ps_row(&s->t, w, i);
            a->warp += b->warp, a->thread += b->thread;
        }
    int n = 0;
    for (int i = 0; i < s->t.nrows; i++) n += ((pf_row *)ps_row(&s->t, 0, i))->warp != 0;
    free(v->elines);
    v->elines = ps_xcalloc((size_t)(n ? n : 1), sizeof *v->elines);
    v->nelines = 0;
    const ps_module *mod = v->module;
    for (int fi = 0, base = 0; fi < mod->nfuncs; fi++) {
        const ps_func *f = mod->funcs[fi];
        for (int j = 0; j < f->ninsns; j++) {
            const pf_row *r = (pf_row *)ps_row(&s->t, 0, base + j);
            if (!r->warp) continue;
            const ps_insn *in = &f->insns[j];
            v->elines[v->nelines++] = (ps_line_exec_stats){.ptx_line = in->line,
                                                           .src_file = in->loc_file,
                                                           .src_line = in->loc_line,
                                                           .warp_executions = r->warp,
                                                           .thread_executions = r->thread};
        }
        base += f->ninsns;
    }
    qsort(v->elines, (size_t)v->nelines, sizeof *v->elines, cmp_elines);
}

const ps_checker ps_checker_profile = {
    .name = "profile",
    .check = PS_CHECK_PROFILE,
    .create = pf_create,
    .destroy = ps_row_checker_destroy,
    .launch_begin = ps_row_checker_launch_begin,
    .watch_insn = pf_watch,
    .insn = pf_insn,
    .finish = pf_finish,
};
