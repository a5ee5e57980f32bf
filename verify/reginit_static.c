/* reginit_static.c — the static half of the `uninitialized` register checker (check_reginit.c):
 * which registers may ever hold an undefined value ("tainted"), so that only the instructions
 * touching them are watched at run time and every other instruction runs at full speed.
 *
 * 1. Per function, a "definitely written" data-flow analysis over the PTX control-flow graph (a
 *    write counts only when unguarded; predicated writes and paths that skip the write do not).
 *    A register with a read that is not definitely preceded by a write is tainted.
 * 2. Taint then flows as definedness does at run time (check_reginit.c): into the destinations
 *    of a data instruction with a tainted source or guard, of a warp collective, of a load with a
 *    tainted guard; and through memory: once some store may write a tainted value, every load
 *    that may read shared memory (where the run-time half keeps a shadow) has tainted
 *    destinations. Iterated over the whole module to a fixed point. */
#include <stdlib.h>
#include <string.h>

#include "reginit_internal.h"

/* ---- operands ----------------------------------------------------------------------------- */

static uint8_t classify(const ps_insn *in) {
    unsigned p = in->info ? in->info->props : 0;
    switch (in->form) {
    case PS_F_SELP: return IC_SELP;
    case PS_F_SHFL: return IC_SHFL;
    case PS_F_LDMATRIX:
    case PS_F_WMMA_LOAD: return IC_WARP_LOAD;
    default: break;
    }
    if (p & (P_BRANCH | P_RET | P_EXIT | P_CALL)) return IC_CONTROL;
    if (p & P_ATOMIC) return IC_ATOM;
    if ((p & P_LOAD) && ps_writes_first_operand(in)) return IC_LOAD;
    if (p & P_STORE) return IC_STORE;
    if ((p & (P_BARRIER | P_ASYNC)) || !ps_writes_first_operand(in)) return IC_EFFECT;
    if (p & P_WARPSYNC) return IC_WARP;
    return IC_DATA;
}

/* May a load read shared memory (explicitly, or through a generic address)? Not when it names a
 * space other than the shared ones (SPACE less MBSPACE: .shared .shared::cta .shared::cluster). */
static bool may_read_shared(const ps_insn *in) {
    return ps_insn_group_count(in, PS_MG_SPACE) == ps_insn_group_count(in, PS_MG_MBSPACE);
}

typedef struct {
    regop *v;
    int n, cap;
} oplist;

static void push(oplist *l, int reg, uint8_t how, int nregs) {
    if (reg < 0 || reg >= nregs) return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->v = ps_xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    l->v[l->n++] = (regop){reg, how};
}

static void operand_regs(const ps_operand *o, uint8_t how, oplist *l, int nregs) {
    switch (o->kind) {
    case PS_OP_REG: push(l, o->reg, how, nregs); break;
    case PS_OP_ADDR: push(l, o->reg, RO_ADDR, nregs); break; /* a base register is read */
    case PS_OP_VEC:
    case PS_OP_LIST:
        for (int j = 0; j < o->nitems; j++) operand_regs(&o->items[j], how, l, nregs);
        break;
    default: break;
    }
}

/* Every register operation of `in`, reads before writes (an instruction reads its sources before
 * it writes its destinations); `nregs` counts the carry flag, register nregs - 1. `f`: the
 * function of `in`. */
static void insn_regs(const ps_func *f, const ps_insn *in, int nregs, oplist *l) {
    l->n = 0;
    if (in->guard_reg >= 0) push(l, in->guard_reg, RO_GUARD, nregs);
    bool w0 = ps_writes_first_operand(in);
    bool call_rets = in->form == PS_F_CALL && in->nops && in->ops[0].kind == PS_OP_LIST;
    for (int k = (w0 || call_rets) ? 1 : 0; k < in->nops; k++) operand_regs(&in->ops[k], RO_VAL, l, nregs);
    if (w0 && in->ops[0].kind == PS_OP_ADDR) operand_regs(&in->ops[0], RO_VAL, l, nregs);
    if (in->form == PS_F_RET && f) /* a .func's .reg return values leave with it */
        for (int k = 0; k < f->nrets; k++)
            if (f->rets[k]->is_reg) push(l, f->rets[k]->reg, RO_VAL, nregs);
    if (in->form == PS_F_ADDC || in->form == PS_F_SUBC || in->form == PS_F_MADC) push(l, nregs - 1, RO_VAL, nregs);
    if (w0 || call_rets) {
        operand_regs(&in->ops[0], RO_WR, l, nregs);
        if (in->ops[0].pair_reg >= 0) push(l, in->ops[0].pair_reg, RO_WR, nregs);
    }
    if (ps_modset_has(&in->mods, PS_MOD_CC)) push(l, nregs - 1, RO_WR, nregs);
}

/* ---- static analysis: definitely-written registers ------------------------------------------ */

/* Per register of f: whether some read of it is not definitely preceded by a write (the carry
 * flag never counts: nothing reads it before an instruction of the same thread wrote it). */
static void analyse_function(const ps_func *f, bool *tracked) {
    int nr = f->nregs + 1; /* + the carry flag */
    size_t words = (size_t)(nr + 63) / 64;
    ps_cfg g; /* blocks and successors (sim/cfg.c); edges to the exit block carry nothing here */
    ps_cfg_build(&g, f);
    int nb = g.nblocks;
    /* IN sets: all ones (top) except the entry; OUT = IN | unguarded writes of the block */
    uint64_t *in = ps_xmalloc((size_t)nb * words * 8 + 8), *out = ps_xmalloc((size_t)nb * words * 8 + 8);
    uint64_t *gen = ps_xcalloc((size_t)nb * words + 1, 8);
    /* on entry only a .func's .reg parameters hold values (the call wrote them) */
    uint64_t *entry = ps_xcalloc(words + 1, 8);
    for (int k = 0; k < f->nparams; k++)
        if (f->params[k]->is_reg) entry[f->params[k]->reg / 64] |= 1ull << (f->params[k]->reg % 64);
    memset(in, 0xff, (size_t)nb * words * 8);
    memcpy(in, entry, words * 8);
    oplist ol = {0};
    for (int k = 0; k < nb; k++)
        for (int i = g.first[k]; i <= ps_cfg_last(&g, k); i++) {
            if (f->insns[i].guard_reg >= 0) continue;
            insn_regs(f, &f->insns[i], nr, &ol);
            for (int j = 0; j < ol.n; j++)
                if (ol.v[j].how == RO_WR)
                    gen[(size_t)k * words + (size_t)ol.v[j].reg / 64] |= 1ull << (ol.v[j].reg % 64);
        }
    bool *reached = ps_xcalloc((size_t)nb + 1, 1);
    reached[0] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 0; k < nb; k++) {
            if (!reached[k]) continue;
            uint64_t *o = out + (size_t)k * words, *ii = in + (size_t)k * words, *gk = gen + (size_t)k * words;
            for (size_t x = 0; x < words; x++) o[x] = ii[x] | gk[x];
            for (int e = g.succ_at[k]; e < g.succ_at[k + 1]; e++) {
                int t = g.succ[e];
                if (t == g.exit_block) continue;
                uint64_t *ti = in + (size_t)t * words;
                if (!reached[t]) {
                    reached[t] = true;
                    memcpy(ti, o, words * 8);
                    if (t != 0) changed = true;
                    else memcpy(ti, entry, words * 8);
                    continue;
                }
                for (size_t x = 0; x < words; x++) {
                    uint64_t v = ti[x] & o[x];
                    if (t == 0) v = entry[x];
                    if (v != ti[x]) ti[x] = v, changed = true;
                }
            }
        }
    }
    /* walk each reached block: reads of registers not yet definitely written */
    uint64_t *cur = ps_xmalloc(words * 8 + 8);
    for (int k = 0; k < nb; k++) {
        if (!reached[k]) continue;
        memcpy(cur, in + (size_t)k * words, words * 8);
        for (int i = g.first[k]; i <= ps_cfg_last(&g, k); i++) {
            insn_regs(f, &f->insns[i], nr, &ol);
            for (int j = 0; j < ol.n; j++) {
                int r = ol.v[j].reg;
                bool def = cur[r / 64] >> (r % 64) & 1;
                if (ol.v[j].how != RO_WR && !def && r < f->nregs) tracked[r] = true;
            }
            if (f->insns[i].guard_reg >= 0) continue;
            for (int j = 0; j < ol.n; j++)
                if (ol.v[j].how == RO_WR) cur[ol.v[j].reg / 64] |= 1ull << (ol.v[j].reg % 64);
        }
    }
    free(cur);
    free(ol.v);
    free(reached);
    free(entry);
    free(in);
    free(out);
    free(gen);
    ps_cfg_free(&g);
}

/* ---- taint closure ------------------------------------------------------------------------ */

/* One pass over f: taints what its tainted registers flow into; true when something changed. */
static bool taint_pass(reginit_static *s, const reginit_func *rf, oplist *ol) {
    const ps_func *f = rf->func;
    bool changed = false;
    for (int i = 0; i < f->ninsns; i++) {
        const ps_insn *in = &f->insns[i];
        insn_regs(f, in, rf->nregs, ol);
        bool val = false, guard = false;
        for (int j = 0; j < ol->n; j++) {
            if (ol->v[j].how == RO_WR || !rf->tainted[ol->v[j].reg]) continue;
            if (ol->v[j].how == RO_GUARD) guard = true;
            else if (ol->v[j].how == RO_VAL) val = true;
        }
        uint8_t cls = classify(in);
        bool dests = false;
        switch (cls) {
        case IC_DATA:
        case IC_SELP:
        case IC_SHFL:
        case IC_WARP: dests = val || guard; break;
        case IC_LOAD:
        case IC_WARP_LOAD: dests = guard || (s->stores_tainted && may_read_shared(in)); break;
        case IC_STORE:
            if (val && !s->stores_tainted) s->stores_tainted = changed = true;
            break;
        default: break;
        }
        if (!dests) continue;
        for (int j = 0; j < ol->n; j++)
            if (ol->v[j].how == RO_WR && !rf->tainted[ol->v[j].reg]) rf->tainted[ol->v[j].reg] = changed = true;
    }
    return changed;
}

void reginit_static_build(reginit_static *s, ps_verifier *v) {
    const ps_module *m = v->module;
    memset(s, 0, sizeof *s);
    s->insns = ps_xcalloc((size_t)v->ninsns + 1, sizeof *s->insns);
    s->funcs = ps_xcalloc((size_t)m->nfuncs + 1, sizeof *s->funcs);
    for (int fi = 0; fi < m->nfuncs; fi++) {
        const ps_func *f = m->funcs[fi];
        if (!f->ninsns) continue;
        reginit_func *rf = &s->funcs[s->nfuncs++];
        rf->func = f;
        rf->nregs = f->nregs + 1;
        rf->tainted = ps_xcalloc((size_t)rf->nregs, 1);
        analyse_function(f, rf->tainted);
        /* the places of the registers in the engine's files (ps_insn_event.regs / .preds) */
        rf->slot = ps_xcalloc((size_t)rf->nregs, sizeof *rf->slot);
        int nslot = 0, npred = 0;
        for (int r = 0; r < f->nregs; r++) rf->slot[r] = f->regs[r].type == PS_T_PRED ? npred++ : nslot++;
    }
    oplist ol = {0};
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 0; k < s->nfuncs; k++) changed |= taint_pass(s, &s->funcs[k], &ol);
    }
    for (int k = 0; k < s->nfuncs; k++) {
        const reginit_func *rf = &s->funcs[k];
        const ps_func *f = rf->func;
        int base = ps_verify_insn_index(v, &f->insns[0]);
        for (int i = 0; i < f->ninsns; i++) {
            reginit_insn *ri = &s->insns[base + i];
            ri->func = k;
            ri->cls = classify(&f->insns[i]);
            insn_regs(f, &f->insns[i], rf->nregs, &ol);
            for (int j = 0; j < ol.n; j++) {
                if (!rf->tainted[ol.v[j].reg]) continue;
                ri->ops = ps_xrealloc(ri->ops, (size_t)(ri->nops + 1) * sizeof *ri->ops);
                ri->ops[ri->nops++] = ol.v[j];
            }
            ri->watched = ri->nops > 0;
        }
    }
    free(ol.v);
}

void reginit_static_free(reginit_static *s, int ninsns) {
    for (int i = 0; i < ninsns; i++) free(s->insns[i].ops);
    for (int k = 0; k < s->nfuncs; k++) {
        free(s->funcs[k].tainted);
        free(s->funcs[k].slot);
    }
    free(s->insns);
    free(s->funcs);
}
