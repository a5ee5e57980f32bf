/* regpressure.c — register pressure from PTX liveness alone (docs/registers.md): per function,
 * the virtual registers live after each instruction, counted by width, and their peaks. A
 * backward may-liveness over instructions: a read makes a register live, an unguarded write ends
 * its live range above it (a guarded write may not happen, so the old value stays live across).
 * Successors come through a callback so that the analysis can follow any CFG builder. */
#include <stdlib.h>
#include <string.h>

#include "verify.h"

/* ---- register operations of an instruction --------------------------------------------------- */

/* Does `in` write its first operand (and its "d|p" partner)? */
static bool writes_first(const ps_insn *in) {
    unsigned p = in->info ? in->info->props : 0;
    if (!in->nops) return false;
    if (p & (P_STORE | P_BRANCH | P_CALL | P_RET | P_EXIT)) return false;
    switch (in->form) {
    case PS_F_RED:
    case PS_F_BAR_WARP_SYNC:
    case PS_F_NANOSLEEP:
    case PS_F_PMEVENT:
    case PS_F_PREFETCH:
    case PS_F_PREFETCHU: return false;
    case PS_F_BAR:
    case PS_F_BARRIER: return ps_modset_has(&in->mods, PS_MOD_RED);
    default: break;
    }
    return in->ops[0].kind == PS_OP_REG || in->ops[0].kind == PS_OP_VEC;
}

static void mark(uint64_t *set, int reg, int nregs) {
    if (reg >= 0 && reg < nregs) set[reg / 64] |= 1ull << (reg % 64);
}

static void operand_regs(const ps_operand *o, uint64_t *set, int nregs) {
    switch (o->kind) {
    case PS_OP_REG:
    case PS_OP_ADDR: mark(set, o->reg, nregs); break;
    case PS_OP_VEC:
    case PS_OP_LIST:
        for (int j = 0; j < o->nitems; j++) operand_regs(&o->items[j], set, nregs);
        break;
    default: break;
    }
}

/* Reads into use, writes into def (the caller passes a scratch def for a guarded instruction). */
static void insn_regs(const ps_func *f, const ps_insn *in, uint64_t *use, uint64_t *def) {
    int nr = f->nregs;
    if (in->guard_reg >= 0) mark(use, in->guard_reg, nr);
    bool w0 = writes_first(in);
    bool call_rets = in->form == PS_F_CALL && in->nops && in->ops[0].kind == PS_OP_LIST;
    for (int k = (w0 || call_rets) ? 1 : 0; k < in->nops; k++) operand_regs(&in->ops[k], use, nr);
    if (in->form == PS_F_RET) /* a .func's .reg return values leave with it */
        for (int k = 0; k < f->nrets; k++)
            if (f->rets[k]->is_reg) mark(use, f->rets[k]->reg, nr);
    if (w0 || call_rets) {
        operand_regs(&in->ops[0], def, nr);
        if (in->ops[0].pair_reg >= 0) mark(def, in->ops[0].pair_reg, nr);
    }
}

/* ---- successors ----------------------------------------------------------------------------- */

static int label_insn(const ps_func *f, int label) {
    return label >= 0 && label < f->nlabels ? f->labels[label].insn : -1;
}

int ps_regpressure_successors(const ps_func *f, int i, int *out, int cap, void *ud) {
    (void)ud;
    const ps_insn *in = &f->insns[i];
    unsigned p = in->info ? in->info->props : 0;
    int n = 0;
    bool falls = true;
    if (in->form == PS_F_BRA && in->nops && in->ops[0].kind == PS_OP_LABEL) {
        int t = label_insn(f, in->ops[0].label);
        if (t >= 0 && n < cap) out[n++] = t;
        if (in->guard_reg < 0) falls = false;
    } else if (in->form == PS_F_BRX_IDX) {
        for (int k = 0; k < in->nops; k++) {
            if (in->ops[k].kind != PS_OP_LABEL) continue;
            int lb = in->ops[k].label;
            if (lb < 0 || lb >= f->nlabels) continue;
            const ps_label *L = &f->labels[lb];
            if (L->ntargets)
                for (int j = 0; j < L->ntargets; j++) {
                    int t = label_insn(f, L->targets[j]);
                    if (t >= 0 && n < cap) out[n++] = t;
                }
            else if (L->insn >= 0 && n < cap)
                out[n++] = L->insn;
        }
        if (in->guard_reg < 0) falls = false;
    } else if ((p & (P_RET | P_EXIT)) && in->guard_reg < 0) {
        falls = false;
    }
    if (falls && i + 1 < f->ninsns && n < cap) out[n++] = i + 1;
    return n;
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

static void count_set(const ps_func *f, const uint64_t *set, int counts[PS_RC_COUNT]) {
    memset(counts, 0, sizeof(int) * PS_RC_COUNT);
    for (int r = 0; r < f->nregs; r++)
        if (set[r / 64] >> (r % 64) & 1) counts[reg_class(f->regs[r].type)]++;
}

static int weigh(const int counts[PS_RC_COUNT]) {
    int t = 0;
    for (int c = 0; c < PS_RC_COUNT; c++) t += counts[c] * class_weight(c);
    return t;
}

void ps_regpressure_compute(const ps_func *f, ps_succ_fn succ, void *ud, ps_regpressure *out) {
    memset(out, 0, sizeof *out);
    if (!succ) succ = ps_regpressure_successors;
    int n = f->ninsns;
    size_t w = (size_t)(f->nregs + 63) / 64 + 1;
    out->ninsns = n;
    out->line = ps_xcalloc((size_t)n + 1, sizeof *out->line);
    out->live32 = ps_xcalloc((size_t)n + 1, sizeof *out->live32);
    out->live_pred = ps_xcalloc((size_t)n + 1, sizeof *out->live_pred);
    for (int r = 0; r < f->nregs; r++) out->declared[reg_class(f->regs[r].type)]++;
    out->declared32 = weigh(out->declared);
    out->peak_line = n ? f->insns[0].line : f->line;
    if (!n) return;
    uint64_t *use = ps_xcalloc((size_t)n * w, 8), *def = ps_xcalloc((size_t)n * w, 8);
    uint64_t *lin = ps_xcalloc((size_t)n * w, 8), *lout = ps_xcalloc((size_t)n * w, 8);
    uint64_t *scratch = ps_xcalloc(w, 8);
    int **succs = ps_xcalloc((size_t)n, sizeof *succs), *nsucc = ps_xcalloc((size_t)n, sizeof *nsucc);
    int buf[512];
    for (int i = 0; i < n; i++) {
        const ps_insn *in = &f->insns[i];
        insn_regs(f, in, use + (size_t)i * w, in->guard_reg >= 0 ? scratch : def + (size_t)i * w);
        nsucc[i] = succ(f, i, buf, 512, ud);
        succs[i] = ps_xmalloc((size_t)nsucc[i] * sizeof(int) + 1);
        memcpy(succs[i], buf, (size_t)nsucc[i] * sizeof(int));
    }
    /* backward to a fixed point: OUT = union of the successors' IN; IN = USE | (OUT & ~DEF) */
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = n - 1; i >= 0; i--) {
            uint64_t *o = lout + (size_t)i * w, *ii = lin + (size_t)i * w;
            for (int s = 0; s < nsucc[i]; s++) {
                const uint64_t *si = lin + (size_t)succs[i][s] * w;
                for (size_t x = 0; x < w; x++) o[x] |= si[x];
            }
            const uint64_t *u = use + (size_t)i * w, *d = def + (size_t)i * w;
            for (size_t x = 0; x < w; x++) {
                uint64_t v = u[x] | (o[x] & ~d[x]);
                if (v != ii[x]) ii[x] = v, changed = true;
            }
        }
    }
    int counts[PS_RC_COUNT];
    for (int i = 0; i < n; i++) {
        out->line[i] = f->insns[i].line;
        for (int side = 0; side < 2; side++) { /* live into and out of instruction i */
            count_set(f, (side ? lout : lin) + (size_t)i * w, counts);
            for (int c = 0; c < PS_RC_COUNT; c++)
                if (counts[c] > out->peak[c]) out->peak[c] = counts[c];
            int t = weigh(counts);
            if (t > out->peak32) out->peak32 = t, out->peak_line = f->insns[i].line;
            if (side) out->live32[i] = t, out->live_pred[i] = counts[PS_RC_PRED];
        }
    }
    for (int i = 0; i < n; i++) free(succs[i]);
    free(succs);
    free(nsucc);
    free(use);
    free(def);
    free(lin);
    free(lout);
    free(scratch);
}

void ps_regpressure_free(ps_regpressure *p) {
    free(p->line);
    free(p->live32);
    free(p->live_pred);
    memset(p, 0, sizeof *p);
}
