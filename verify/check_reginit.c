/* check_reginit.c — reads of registers never written (DESIGN §4, `uninitialized`): a lane that
 * reads a register (or predicate) its thread has not written in this activation of the function.
 * Registers start as zero in ptxsim but hold garbage on a GPU, so such a read is undefined.
 *
 * Two steps keep it cheap:
 * 1. Statically, per function, a "definitely written" data-flow analysis over the PTX control-flow
 *    graph (a write counts only when unguarded; predicated writes and paths that skip the write
 *    do not). A read of a register that is definitely written on every path to it needs no
 *    run-time check. Registers with at least one read that is not are "tracked".
 * 2. At run time, only instructions that read a tracked register at such a site, or write a
 *    tracked register, are watched (the engine's per-instruction events, DF_WATCH; every other
 *    instruction runs at full speed). Per warp and call depth, a lane mask per register says which
 *    lanes have written it; a read by an executing lane (the guard: by every lane at the
 *    instruction) outside that mask is a finding. A register written under a predicate and read
 *    under the same predicate is therefore fine, and dead paths are never reported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

enum { RD_EXEC, RD_ACTIVE, WR };

typedef struct {
    int reg;
    uint8_t how;         /* RD_EXEC (operand), RD_ACTIVE (guard), WR */
} regop;

typedef struct {
    const ps_func *func;
    int fidx;            /* index in the module */
    int nregs;
} funcinfo;

/* Per instruction (dense index): the tracked-register operations to apply. */
typedef struct {
    regop *ops;
    int nops;
    int func;            /* index into funcs */
} insninfo;

typedef struct {
    uint32_t activation; /* 0: never used */
    int func;
    uint32_t *written;   /* per register: lanes that wrote it */
    int cap;
} rframe;

typedef struct {
    rframe *frames;      /* by depth - 1 */
    int nframes;
} rwarp;

typedef struct {
    rwarp warps[32];
} rworker;

typedef struct {
    ps_verifier *v;
    funcinfo *funcs;
    int nfuncs;
    insninfo *insns;     /* v->ninsns */
    int nworkers;
    rworker *w;
} reginit;

/* ---- operands ----------------------------------------------------------------------------- */

/* Does the instruction write its first operand (and its "d|p" partner)? */
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
    case PS_OP_ADDR: push(l, o->reg, RD_EXEC, nregs); break; /* a base register is read */
    case PS_OP_VEC:
    case PS_OP_LIST:
        for (int j = 0; j < o->nitems; j++) operand_regs(&o->items[j], how, l, nregs);
        break;
    default: break;
    }
}

/* Every register operation of `in`, reads before writes (an instruction reads its sources before
 * it writes its destinations). */
static void insn_regs(const ps_insn *in, int nregs, oplist *l) {
    l->n = 0;
    if (in->guard_reg >= 0) push(l, in->guard_reg, RD_ACTIVE, nregs);
    bool w0 = writes_first(in);
    bool call_rets = in->form == PS_F_CALL && in->nops && in->ops[0].kind == PS_OP_LIST;
    for (int k = (w0 || call_rets) ? 1 : 0; k < in->nops; k++) operand_regs(&in->ops[k], RD_EXEC, l, nregs);
    if (w0 && in->ops[0].kind == PS_OP_ADDR) operand_regs(&in->ops[0], RD_EXEC, l, nregs);
    if (w0 || call_rets) {
        operand_regs(&in->ops[0], WR, l, nregs);
        if (in->ops[0].pair_reg >= 0) push(l, in->ops[0].pair_reg, WR, nregs);
    }
}

/* ---- static analysis: definitely-written registers ------------------------------------------ */

typedef struct {
    int first, last;     /* instructions [first, last] */
    int *succ;
    int nsucc;
} block;

static int label_insn(const ps_func *f, int label) {
    return label >= 0 && label < f->nlabels ? f->labels[label].insn : -1;
}

/* Successor instructions of instruction i (-1 entries skipped); returns the count. */
static int successors(const ps_func *f, int i, int *out, int cap) {
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

/* Marks, for each instruction of f, its reads that are not definitely preceded by a write, and
 * returns per register whether it has such a read (tracked). */
static void analyse_function(const ps_func *f, bool *tracked, uint8_t **suspicious_out) {
    int n = f->ninsns, nr = f->nregs;
    size_t words = (size_t)(nr + 63) / 64;
    /* blocks: leaders at 0, branch targets and after control transfers */
    bool *leader = ps_xcalloc((size_t)n + 1, 1);
    int succ[256];
    leader[0] = true;
    for (int i = 0; i < n; i++) {
        int k = successors(f, i, succ, 256);
        bool only_next = k == 1 && succ[0] == i + 1;
        for (int j = 0; j < k; j++)
            if (succ[j] != i + 1 || !only_next) leader[succ[j]] = true;
        if (!only_next && i + 1 < n) leader[i + 1] = true;
    }
    int *block_of = ps_xcalloc((size_t)n + 1, sizeof *block_of);
    int nb = 0;
    for (int i = 0; i < n; i++) {
        if (leader[i]) nb++;
        block_of[i] = nb - 1;
    }
    block *b = ps_xcalloc((size_t)nb + 1, sizeof *b);
    for (int i = 0; i < n; i++) {
        block *x = &b[block_of[i]];
        if (leader[i]) x->first = i;
        x->last = i;
    }
    int npred_total = 0;
    for (int k = 0; k < nb; k++) {
        int c = successors(f, b[k].last, succ, 256);
        b[k].succ = ps_xcalloc((size_t)c + 1, sizeof(int));
        for (int j = 0; j < c; j++) b[k].succ[b[k].nsucc++] = block_of[succ[j]];
        npred_total += c;
    }
    (void)npred_total;
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
        for (int i = b[k].first; i <= b[k].last; i++) {
            if (f->insns[i].guard_reg >= 0) continue;
            insn_regs(&f->insns[i], nr, &ol);
            for (int j = 0; j < ol.n; j++)
                if (ol.v[j].how == WR) gen[(size_t)k * words + (size_t)ol.v[j].reg / 64] |= 1ull << (ol.v[j].reg % 64);
        }
    bool *reached = ps_xcalloc((size_t)nb + 1, 1);
    reached[0] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 0; k < nb; k++) {
            if (!reached[k]) continue;
            uint64_t *o = out + (size_t)k * words, *ii = in + (size_t)k * words, *g = gen + (size_t)k * words;
            for (size_t x = 0; x < words; x++) o[x] = ii[x] | g[x];
            for (int s = 0; s < b[k].nsucc; s++) {
                int t = b[k].succ[s];
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
    uint8_t *susp = ps_xcalloc((size_t)n + 1, 1);
    uint64_t *cur = ps_xmalloc(words * 8 + 8);
    for (int k = 0; k < nb; k++) {
        if (!reached[k]) continue;
        memcpy(cur, in + (size_t)k * words, words * 8);
        for (int i = b[k].first; i <= b[k].last; i++) {
            insn_regs(&f->insns[i], nr, &ol);
            for (int j = 0; j < ol.n; j++) {
                int r = ol.v[j].reg;
                bool def = cur[r / 64] >> (r % 64) & 1;
                if (ol.v[j].how != WR && !def) {
                    tracked[r] = true;
                    susp[i] = 1;
                }
            }
            if (f->insns[i].guard_reg >= 0) continue;
            for (int j = 0; j < ol.n; j++)
                if (ol.v[j].how == WR) cur[ol.v[j].reg / 64] |= 1ull << (ol.v[j].reg % 64);
        }
    }
    *suspicious_out = susp;
    free(cur);
    free(ol.v);
    free(reached);
    free(entry);
    free(in);
    free(out);
    free(gen);
    for (int k = 0; k < nb; k++) free(b[k].succ);
    free(b);
    free(block_of);
    free(leader);
}

static void *reginit_create(ps_verifier *v) {
    reginit *c = ps_xcalloc(1, sizeof *c);
    c->v = v;
    const ps_module *m = v->module;
    c->insns = ps_xcalloc((size_t)v->ninsns + 1, sizeof *c->insns);
    c->funcs = ps_xcalloc((size_t)m->nfuncs + 1, sizeof *c->funcs);
    oplist ol = {0};
    for (int fi = 0; fi < m->nfuncs; fi++) {
        const ps_func *f = m->funcs[fi];
        if (!f->ninsns) continue;
        int fx = c->nfuncs++;
        c->funcs[fx] = (funcinfo){f, fi, f->nregs};
        bool *tracked = ps_xcalloc((size_t)f->nregs + 1, 1);
        uint8_t *susp = NULL;
        analyse_function(f, tracked, &susp);
        int base = ps_verify_insn_index(v, &f->insns[0]);
        for (int i = 0; i < f->ninsns; i++) {
            insninfo *ii = &c->insns[base + i];
            ii->func = fx;
            insn_regs(&f->insns[i], f->nregs, &ol);
            for (int j = 0; j < ol.n; j++) {
                const regop *o = &ol.v[j];
                if (!tracked[o->reg] || (o->how != WR && !susp[i])) continue;
                ii->ops = ps_xrealloc(ii->ops, (size_t)(ii->nops + 1) * sizeof *ii->ops);
                ii->ops[ii->nops++] = *o;
            }
        }
        free(susp);
        free(tracked);
    }
    free(ol.v);
    return c;
}

static void free_workers(reginit *c) {
    for (int i = 0; i < c->nworkers; i++)
        for (int k = 0; k < 32; k++) {
            rwarp *w = &c->w[i].warps[k];
            for (int d = 0; d < w->nframes; d++) free(w->frames[d].written);
            free(w->frames);
        }
    free(c->w);
    c->w = NULL;
    c->nworkers = 0;
}

static void reginit_destroy(void *self) {
    reginit *c = self;
    free_workers(c);
    for (int i = 0; i < c->v->ninsns; i++) free(c->insns[i].ops);
    free(c->insns);
    free(c->funcs);
    free(c);
}

static void reginit_launch_begin(void *self, int nworkers) {
    reginit *c = self;
    free_workers(c);
    c->nworkers = nworkers > 0 ? nworkers : 1;
    c->w = ps_xcalloc((size_t)c->nworkers, sizeof *c->w);
}

static void reginit_cta_begin(void *self, int worker, const unsigned ctaid[3]) {
    (void)ctaid;
    reginit *c = self;
    /* a new block: every frame starts over (activation numbers restart with the warps) */
    for (int k = 0; k < 32; k++) {
        rwarp *w = &c->w[worker].warps[k];
        for (int d = 0; d < w->nframes; d++) w->frames[d].activation = 0;
    }
}

static bool reginit_watch(void *self, const ps_insn *in) {
    reginit *c = self;
    int idx = ps_verify_insn_index(c->v, in);
    return idx >= 0 && c->insns[idx].nops > 0;
}

static void report(reginit *c, const ps_insn_event *e, const ps_func *f, int reg, uint32_t missing) {
    int lane = __builtin_ctz(missing);
    ps_finding fd = {.kind = PS_FIND_UNINITIALIZED, .severity = PS_SEV_ERROR,
                     .count = (uint64_t)__builtin_popcount(missing)};
    ps_event_where at = {.warp = e->warp, .worker = e->worker, .insn = e->insn,
                         .function = f->name};
    memcpy(at.ctaid, e->ctaid, sizeof at.ctaid);
    memcpy(at.block, e->block, sizeof at.block);
    ps_site_from_event(&fd.at, &at, lane);
    const char *name = f->regs[reg].name ? f->regs[reg].name : "?";
    bool pred = f->regs[reg].type == PS_T_PRED;
    snprintf(fd.message, sizeof fd.message,
             "%s %s read before any write on this thread (registers are undefined until written; "
             "a path that skips the write, or a write under a predicate that was false, reaches "
             "this read)",
             pred ? "predicate" : "register", name);
    ps_verify_add_finding(c->v, &fd);
}

static void reginit_insn(void *self, const ps_insn_event *e) {
    reginit *c = self;
    int idx = ps_verify_insn_index(c->v, e->insn);
    if (idx < 0 || e->warp < 0 || e->warp >= 32 || e->depth < 1) return;
    const insninfo *ii = &c->insns[idx];
    const funcinfo *fi = &c->funcs[ii->func];
    rwarp *w = &c->w[e->worker].warps[e->warp];
    if (e->depth > w->nframes) {
        w->frames = ps_xrealloc(w->frames, (size_t)e->depth * sizeof *w->frames);
        memset(w->frames + w->nframes, 0, (size_t)(e->depth - w->nframes) * sizeof *w->frames);
        w->nframes = e->depth;
    }
    rframe *fr = &w->frames[e->depth - 1];
    if (fr->activation != e->activation || fr->func != ii->func) {
        if (fr->cap < fi->nregs) {
            fr->written = ps_xrealloc(fr->written, (size_t)fi->nregs * sizeof *fr->written);
            fr->cap = fi->nregs;
        }
        memset(fr->written, 0, (size_t)fi->nregs * sizeof *fr->written);
        for (int k = 0; k < fi->func->nparams; k++) /* written by the call */
            if (fi->func->params[k]->is_reg) fr->written[fi->func->params[k]->reg] = 0xffffffffu;
        fr->activation = e->activation;
        fr->func = ii->func;
    }
    for (int j = 0; j < ii->nops; j++) {
        const regop *o = &ii->ops[j];
        if (o->how == WR) continue;
        uint32_t lanes = o->how == RD_ACTIVE ? e->active : e->exec;
        uint32_t missing = lanes & ~fr->written[o->reg];
        if (missing) {
            report(c, e, fi->func, o->reg, missing);
            fr->written[o->reg] |= missing; /* report each lane's first read only */
        }
    }
    for (int j = 0; j < ii->nops; j++)
        if (ii->ops[j].how == WR) fr->written[ii->ops[j].reg] |= e->exec;
}

const ps_checker ps_checker_reginit = {
    .name = "reginit",
    .check = PS_CHECK_INIT,
    .create = reginit_create,
    .destroy = reginit_destroy,
    .launch_begin = reginit_launch_begin,
    .cta_begin = reginit_cta_begin,
    .watch_insn = reginit_watch,
    .insn = reginit_insn,
};
