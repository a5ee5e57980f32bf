/* regpressure.c — register pressure from PTX liveness alone (docs/registers.md): per function,
 * the virtual registers live after each instruction, counted by width, and their peaks. A
 * backward may-liveness over instructions: a read makes a register live, an unguarded write ends
 * its live range above it (a guarded write may not happen, so the old value stays live across).
 * Blocks and successors are sim/cfg.c's (the graph decode and the other analyses use). */
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

/* ---- register operations of an instruction --------------------------------------------------- */

bool ps_writes_first_operand(const ps_insn *in) {
    unsigned p = in->info ? in->info->props : 0;
    if (!in->nops) return false;
    if (p & (P_STORE | P_BRANCH | P_CALL | P_RET | P_EXIT)) return false;
    switch (in->form) {
    case PS_F_RED:
    case PS_F_BAR_WARP_SYNC:
    case PS_F_NANOSLEEP:
    case PS_F_PMEVENT:
    case PS_F_PREFETCH:
    case PS_F_PREFETCHU:
    case PS_F_STACKRESTORE: return false; /* reads its operand */
    case PS_F_BAR:
    case PS_F_BARRIER: return ps_insn_barrier(in) & PS_BAR_RED;
    default: break;
    }
    return in->ops[0].kind == PS_OP_REG || in->ops[0].kind == PS_OP_VEC;
}

/* A list of register numbers (duplicates allowed). */
typedef struct {
    int *v;
    int n, cap;
} reglist;

static void push(reglist *l, int reg, int nregs) {
    if (reg < 0 || reg >= nregs) return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->v = ps_xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    l->v[l->n++] = reg;
}

static void operand_regs(const ps_operand *o, reglist *l, int nregs) {
    switch (o->kind) {
    case PS_OP_REG:
    case PS_OP_ADDR: push(l, o->reg, nregs); break;
    case PS_OP_VEC:
    case PS_OP_LIST:
        for (int j = 0; j < o->nitems; j++) operand_regs(&o->items[j], l, nregs);
        break;
    default: break;
    }
}

/* The registers `in` reads into use and those it writes into def (both emptied first). */
static void insn_regs(const ps_func *f, const ps_insn *in, reglist *use, reglist *def) {
    int nr = f->nregs;
    use->n = def->n = 0;
    if (in->guard_reg >= 0) push(use, in->guard_reg, nr);
    bool w0 = ps_writes_first_operand(in);
    bool call_rets = in->form == PS_F_CALL && in->nops && in->ops[0].kind == PS_OP_LIST;
    for (int k = (w0 || call_rets) ? 1 : 0; k < in->nops; k++) operand_regs(&in->ops[k], use, nr);
    if (in->form == PS_F_RET) /* a .func's .reg return values leave with it */
        for (int k = 0; k < f->nrets; k++)
            if (f->rets[k]->is_reg) push(use, f->rets[k]->reg, nr);
    if (in->form == PS_F_WGMMA_MMA_ASYNC && in->nops) /* accumulates: D is read as well as written */
        operand_regs(&in->ops[0], use, nr);
    if (w0 || call_rets) {
        operand_regs(&in->ops[0], def, nr);
        if (in->ops[0].pair_reg >= 0) push(def, in->ops[0].pair_reg, nr);
    }
}

/* ---- liveness --------------------------------------------------------------------------------- */

/* The width class of a register type: PS_RC_PRED, _16 (8- and 16-bit), _32, _64, _128. */
static int reg_class(ps_type t) {
    if (t == PS_T_PRED) return PS_RC_PRED;
    int s = ps_type_size(t);
    return s <= 2 ? PS_RC_16 : s <= 4 ? PS_RC_32 : s <= 8 ? PS_RC_64 : PS_RC_128;
}

/* 32-bit register equivalents of one register of class c (predicates live in their own file). */
static int class_weight(int c) {
    static const int w[PS_RC_COUNT] = {0, 1, 1, 2, 4};
    return w[c];
}

static int weigh(const int counts[PS_RC_COUNT]) {
    int t = 0;
    for (int c = 0; c < PS_RC_COUNT; c++) t += counts[c] * class_weight(c);
    return t;
}

static bool has(const uint64_t *set, int r) { return set[r / 64] >> (r % 64) & 1; }
static void put(uint64_t *set, int r) { set[r / 64] |= 1ull << (r % 64); }
static void drop(uint64_t *set, int r) { set[r / 64] &= ~(1ull << (r % 64)); }

/* Liveness per basic block (sets of nblocks x words, not instructions x words: a kernel of 10^5
 * instructions and 10^4 registers stays small), then one backward walk per block that keeps the
 * counts per width up to date register by register. */
void ps_regpressure_compute(const ps_func *f, const ps_cfg *graph, ps_regpressure *out) {
    memset(out, 0, sizeof *out);
    int n = f->ninsns, nr = f->nregs;
    size_t w = (size_t)(nr + 63) / 64 + 1;
    out->ninsns = n;
    out->line = ps_xcalloc((size_t)n + 1, sizeof *out->line);
    out->live32 = ps_xcalloc((size_t)n + 1, sizeof *out->live32);
    out->live_pred = ps_xcalloc((size_t)n + 1, sizeof *out->live_pred);
    int *cls = ps_xcalloc((size_t)nr + 1, sizeof *cls);
    for (int r = 0; r < nr; r++) out->declared[cls[r] = reg_class(f->regs[r].type)]++;
    out->declared32 = weigh(out->declared);
    out->peak_line = n ? f->insns[0].line : f->line;
    if (!n) {
        free(cls);
        return;
    }
    ps_cfg own;
    if (!graph) ps_cfg_build(&own, f);
    const ps_cfg *g = graph ? graph : &own;
    /* the exit block's IN set stays empty: nothing is live after the function */
    int nb = g->nblocks;
    uint64_t *use = ps_xcalloc((size_t)(nb + 1) * w, 8), *def = ps_xcalloc((size_t)(nb + 1) * w, 8);
    uint64_t *lin = ps_xcalloc((size_t)(nb + 1) * w, 8), *lout = ps_xcalloc((size_t)(nb + 1) * w, 8);
    reglist u = {0}, d = {0};
    for (int b = 0; b < nb; b++) {
        /* upward-exposed reads and unguarded writes of the block, walking it backwards */
        uint64_t *bu = use + (size_t)b * w, *bd = def + (size_t)b * w;
        for (int i = ps_cfg_last(g, b); i >= g->first[b]; i--) {
            insn_regs(f, &f->insns[i], &u, &d);
            if (f->insns[i].guard_reg < 0)
                for (int j = 0; j < d.n; j++) drop(bu, d.v[j]), put(bd, d.v[j]);
            for (int j = 0; j < u.n; j++) put(bu, u.v[j]);
        }
    }
    /* backward to a fixed point: OUT = union of the successors' IN; IN = USE | (OUT & ~DEF) */
    for (bool changed = true; changed;) {
        changed = false;
        for (int b = nb - 1; b >= 0; b--) {
            uint64_t *o = lout + (size_t)b * w, *ii = lin + (size_t)b * w;
            for (int e = g->succ_at[b]; e < g->succ_at[b + 1]; e++) {
                const uint64_t *si = lin + (size_t)g->succ[e] * w;
                for (size_t x = 0; x < w; x++) o[x] |= si[x];
            }
            const uint64_t *bu = use + (size_t)b * w, *bd = def + (size_t)b * w;
            for (size_t x = 0; x < w; x++) {
                uint64_t v = bu[x] | (o[x] & ~bd[x]);
                if (v != ii[x]) ii[x] = v, changed = true;
            }
        }
    }
    /* per instruction: walk each block backwards from its OUT set */
    uint64_t *cur = ps_xcalloc(w, 8);
    for (int b = 0; b < nb; b++) {
        memcpy(cur, lout + (size_t)b * w, w * 8);
        int counts[PS_RC_COUNT] = {0};
        for (int r = 0; r < nr; r++)
            if (has(cur, r)) counts[cls[r]]++;
        for (int i = ps_cfg_last(g, b); i >= g->first[b]; i--) {
            insn_regs(f, &f->insns[i], &u, &d);
            out->line[i] = f->insns[i].line;
            out->live32[i] = weigh(counts);
            out->live_pred[i] = counts[PS_RC_PRED];
            for (int side = 0; side < 2; side++) { /* out of i, then (after the update) into i */
                for (int c = 0; c < PS_RC_COUNT; c++)
                    if (counts[c] > out->peak[c]) out->peak[c] = counts[c];
                int t = weigh(counts);
                /* the earliest line reaching the peak: ties go to the lower instruction */
                if (t > out->peak32 || (t == out->peak32 && t && f->insns[i].line < out->peak_line))
                    out->peak32 = t, out->peak_line = f->insns[i].line;
                if (side) break;
                if (f->insns[i].guard_reg < 0)
                    for (int j = 0; j < d.n; j++)
                        if (has(cur, d.v[j])) drop(cur, d.v[j]), counts[cls[d.v[j]]]--;
                for (int j = 0; j < u.n; j++)
                    if (!has(cur, u.v[j])) put(cur, u.v[j]), counts[cls[u.v[j]]]++;
            }
        }
    }
    free(cur);
    free(u.v);
    free(d.v);
    free(use);
    free(def);
    free(lin);
    free(lout);
    free(cls);
    if (!graph) ps_cfg_free(&own);
}

void ps_regpressure_free(ps_regpressure *p) {
    free(p->line);
    free(p->live32);
    free(p->live_pred);
    memset(p, 0, sizeof *p);
}
