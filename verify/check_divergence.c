/* check_divergence.c — branch divergence per PTX line: how often a conditional branch splits a
 * warp, and how many lanes go each way (docs/verifier.md, "Divergence").
 * A branch is reported when it diverges in at least DIVERGENT_NOTE_PCT % of its warp-level
 * executions and at least MIN_DIVERGENT times: as a note, or as a warning from
 * DIVERGENT_WARN_PCT % on. A bounds check that splits only the last warp of the grid stays
 * below the thresholds; a lane-dependent condition inside a loop does not. A leader-lane branch —
 * one lane, every time, on one side, and that side a short forward block that writes memory
 * (`if (lane == 0) out[w] = v;`) — is warp-level code working as meant: a note, whatever its rate. */
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

enum { DIVERGENT_NOTE_PCT = 20, DIVERGENT_WARN_PCT = 50, MIN_DIVERGENT = 2 };

typedef struct {
    uint64_t exec, divergent, taken, not_taken;
    uint64_t single; /* divergent executions with exactly one lane on one side */
    uint8_t used;
    unsigned ctaid[3], block[3]; /* the first divergent execution, for the finding */
    int warp, lane;
    uint32_t taken_mask; /* the lanes that jumped, in the first divergent execution */
    bool sampled;
} dv_row;

typedef ps_row_checker dv_state; /* [worker][instruction] statistics */

static void *dv_create(ps_verifier *v) { return ps_row_checker_new(v, sizeof(dv_state), sizeof(dv_row)); }

static void dv_branch(void *self, const ps_event_where *at, uint32_t active, uint32_t taken) {
    dv_state *s = self;
    if (!active) return;
    int idx = ps_verify_insn_index(s->v, at->insn);
    int w = at->worker >= 0 && at->worker < s->t.nworkers ? at->worker : 0;
    dv_row *r = (dv_row *)ps_row(&s->t, w, idx);
    taken &= active;
    r->used = 1;
    r->exec++;
    r->taken += (uint64_t)ps_verify_popc(taken);
    r->not_taken += (uint64_t)ps_verify_popc(active & ~taken);
    if (taken && taken != active) {
        r->divergent++;
        r->single += ps_verify_popc(taken) == 1 || ps_verify_popc(active & ~taken) == 1;
        if (!r->sampled) {
            r->sampled = true;
            memcpy(r->ctaid, at->ctaid, sizeof r->ctaid);
            memcpy(r->block, at->block, sizeof r->block);
            r->warp = at->warp;
            r->lane = __builtin_ctz(taken);
            r->taken_mask = taken;
        }
    }
}

/* Whether branch j of f skips forward over a short block (at most 16 instructions, no other
 * branch) that writes memory: the shape of `if (lane == 0) out[w] = v;`. */
static bool leader_store(const ps_func *f, int j) {
    const ps_insn *br = &f->insns[j];
    if (br->form != PS_F_BRA || br->nops < 1 || br->ops[0].kind != PS_OP_LABEL) return false;
    int to = f->labels[br->ops[0].label].insn;
    if (to <= j + 1 || to - j > 17) return false;
    bool writes = false;
    for (int k = j + 1; k < to; k++) {
        ps_form fm = f->insns[k].form;
        if (fm == PS_F_BRA || fm == PS_F_BRX_IDX || fm == PS_F_CALL || fm == PS_F_RET || fm == PS_F_EXIT) return false;
        writes |= fm == PS_F_ST || fm == PS_F_RED || fm == PS_F_ATOM;
    }
    return writes;
}

static int cmp_blines(const void *a, const void *b) {
    const ps_line_branch_stats *x = a, *y = b;
    return x->ptx_line < y->ptx_line ? -1 : x->ptx_line > y->ptx_line;
}

static bool earlier(const dv_row *a, const dv_row *b) { /* a's sample before b's */
    unsigned la = (a->ctaid[2] * 65536u + a->ctaid[1]) * 65536u + a->ctaid[0];
    unsigned lb = (b->ctaid[2] * 65536u + b->ctaid[1]) * 65536u + b->ctaid[0];
    return la < lb || (la == lb && a->warp < b->warp);
}

static void dv_finish(void *self, const ps_launch_result *res) {
    (void)res;
    dv_state *s = self;
    ps_verifier *v = s->v;
    if (!s->t.rows) return;
    for (int w = 1; w < s->t.nworkers; w++)
        for (int i = 0; i < s->t.nrows; i++) {
            dv_row *a = (dv_row *)ps_row(&s->t, 0, i), *b = (dv_row *)ps_row(&s->t, w, i);
            if (!b->used) continue;
            dv_row m = (b->sampled && (!a->sampled || earlier(b, a))) ? *b : *a;
            m.used = 1;
            m.exec = a->exec + b->exec;
            m.divergent = a->divergent + b->divergent;
            m.taken = a->taken + b->taken;
            m.not_taken = a->not_taken + b->not_taken;
            m.single = a->single + b->single;
            *a = m;
        }
    const ps_module *mod = v->module;
    int n = 0;
    for (int i = 0; i < s->t.nrows; i++) n += ((dv_row *)ps_row(&s->t, 0, i))->used;
    free(v->blines);
    v->blines = ps_xcalloc((size_t)(n ? n : 1), sizeof *v->blines);
    v->nblines = 0;
    for (int fi = 0, base = 0; fi < mod->nfuncs; fi++) {
        const ps_func *f = mod->funcs[fi];
        for (int j = 0; j < f->ninsns; j++) {
            const dv_row *r = (dv_row *)ps_row(&s->t, 0, base + j);
            if (!r->used) continue;
            const ps_insn *in = &f->insns[j];
            v->blines[v->nblines++] = (ps_line_branch_stats){.ptx_line = in->line,
                                                             .src_line = in->loc_line,
                                                             .executions = r->exec,
                                                             .divergent = r->divergent,
                                                             .taken_lanes = r->taken,
                                                             .not_taken_lanes = r->not_taken};
            if (r->divergent < MIN_DIVERGENT || r->divergent * 100 < DIVERGENT_NOTE_PCT * r->exec) continue;
            ps_finding fd = {.kind = PS_FIND_DIVERGENCE, .count = r->divergent, .lanes = r->taken_mask};
            fd.severity = r->divergent * 100 >= DIVERGENT_WARN_PCT * r->exec ? PS_SEV_WARNING : PS_SEV_NOTE;
            double lanes = (double)(r->taken + r->not_taken) / (double)r->exec;
            if (r->single == r->divergent && leader_store(f, j)) {
                fd.severity = PS_SEV_NOTE;
                snprintf(fd.message, sizeof fd.message,
                         "branch diverges in %llu of %llu warp executions, each time with one lane on one "
                         "side, which writes memory: a leader-lane store (if (lane == 0) ...), as warp-level "
                         "code does on purpose",
                         (unsigned long long)r->divergent, (unsigned long long)r->exec);
            } else
                snprintf(fd.message, sizeof fd.message,
                         "branch diverges in %llu of %llu warp executions (%.0f%%); on average %.1f of "
                         "%.1f active lanes jump; make the condition uniform across a warp (e.g. a "
                         "function of the warp index) or regroup the work so lanes that skip it share "
                         "warps",
                         (unsigned long long)r->divergent, (unsigned long long)r->exec,
                         100.0 * (double)r->divergent / (double)r->exec, (double)r->taken / (double)r->exec, lanes);
            ps_site_from_row(&fd.at, in, r->ctaid, r->block, r->warp, r->lane);
            ps_verify_add_finding(v, &fd);
        }
        base += f->ninsns;
    }
    qsort(v->blines, (size_t)v->nblines, sizeof *v->blines, cmp_blines);
}

const ps_checker ps_checker_divergence = {
    .name = "divergence",
    .check = PS_CHECK_DIVERGENCE,
    .create = dv_create,
    .destroy = ps_row_checker_destroy,
    .launch_begin = ps_row_checker_launch_begin,
    .branch = dv_branch,
    .finish = dv_finish,
};
