/* frame_plan.c — which register slots a new frame must zero (engine_frame.c, ps_frame_push).
 *
 * Registers start at zero in ptxsim (docs/engine.md, "Frames"). Frames are reused, so a slot holds
 * whatever the previous activation left there; zeroing the whole register file on every push cost
 * 40 % of radix's host instructions. Only a register that some thread may read before it wrote it
 * needs the zero: a "definitely written" data-flow analysis over the function's control-flow graph
 * (cfg.h), per thread, finds the others, and the frame zeroes just the rest, in runs of slots.
 *
 * The analysis errs towards zeroing. A write counts only when it is unguarded and is the first
 * operand of a form whose handler writes it on every executing lane: the integer, float, half,
 * conversion and dot-product families, ld, ldu, atom and cvta. Every other register operand of any
 * instruction counts as a read, destinations of the other families included (warp collectives and
 * tensor-core instructions read other lanes' registers, wgmma reads its accumulators, call
 * results, video merges), and so does everything in a block the entry does not reach. A .func's
 * .reg parameters are written by the call; its .reg return values are read by ret.
 *
 * PTXSIM_FRAME_POISON=1 (read at decode) fills the slots a frame does not zero with 0xa5 bytes
 * instead of leaving them as they were: a register the analysis missed then changes results, which
 * the test suite's oracles see (docs/engine.md). */
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "sim_internal.h"

typedef struct {
    const ps_func *fn;
    int words;      /* 64-bit words of a register bit set */
    bool *must;     /* per register: zero it at frame entry */
    uint64_t *scan; /* scratch set: registers written so far in a block */
} plan_ctx;

static bool has(const uint64_t *s, int r) { return s[r / 64] >> (r % 64) & 1; }
static void add(uint64_t *s, int r) { s[r / 64] |= 1ull << (r % 64); }

/* Is operand 0 of `in` a destination its handler writes on every executing lane? */
static bool writes_first(const ps_insn *in) {
    const ps_form_info *info = in->info;
    if (!info || !in->nops || in->ops[0].sel) return false;
    if (in->ops[0].kind != PS_OP_REG && in->ops[0].kind != PS_OP_VEC) return false;
    switch (info->family) {
    case PS_FAM_INT:
    case PS_FAM_FLOAT:
    case PS_FAM_HALF:
    case PS_FAM_CVT:
    case PS_FAM_DOT: return !info->shaped || info->ops_src[0] == 'd';
    case PS_FAM_MEM:
        return in->form == PS_F_LD || in->form == PS_F_LDU || in->form == PS_F_ATOM || in->form == PS_F_CVTA;
    default: return false;
    }
}

/* Calls fn(c, reg, cur) on every register an operand names (items, address bases included; a "d|p"
 * partner is a predicate, never a slot). */
static void operand_regs(plan_ctx *c, const ps_operand *o, uint64_t *cur, void (*fn)(plan_ctx *, int, uint64_t *)) {
    if ((o->kind == PS_OP_REG || o->kind == PS_OP_ADDR) && o->reg >= 0 && o->reg < c->fn->nregs) fn(c, o->reg, cur);
    for (int j = 0; j < o->nitems; j++) operand_regs(c, &o->items[j], cur, fn);
}

/* A read: where the register is not written on every path here (cur NULL: the block is out of
 * the entry's reach), the frame must zero it. */
static void on_read(plan_ctx *c, int r, uint64_t *cur) {
    if (!cur || !has(cur, r)) c->must[r] = true;
}
static void on_write(plan_ctx *c, int r, uint64_t *cur) { add(cur, r); }

/* Reads of instruction i against cur (registers definitely written before it), then its writes
 * added to cur when it is unguarded (cur NULL: reads only). */
static void step(plan_ctx *c, const ps_insn *in, uint64_t *cur) {
    bool w0 = writes_first(in);
    for (int k = w0 ? 1 : 0; k < in->nops; k++) operand_regs(c, &in->ops[k], cur, on_read);
    if (in->form == PS_F_RET)
        for (int k = 0; k < c->fn->nrets; k++)
            if (c->fn->rets[k]->is_reg) on_read(c, c->fn->rets[k]->reg, cur);
    if (w0 && cur && in->guard_reg < 0) operand_regs(c, &in->ops[0], cur, on_write);
}

/* The writes of a block (unguarded first operands of writes_first forms) into gen. */
static void block_gen(plan_ctx *c, const ps_cfg *g, int b, uint64_t *gen) {
    for (int i = g->first[b]; i <= ps_cfg_last(g, b); i++) {
        const ps_insn *in = &c->fn->insns[i];
        if (in->guard_reg < 0 && writes_first(in)) operand_regs(c, &in->ops[0], gen, on_write);
    }
}

/* must[r] for every register r of fn: some thread may read it before writing it. */
static void analyse(plan_ctx *c, const ps_cfg *g) {
    const ps_func *fn = c->fn;
    int nb = g->nblocks, w = c->words;
    uint64_t *in = ps_xcalloc((size_t)nb * w + 1, 8), *gen = ps_xcalloc((size_t)nb * w + 1, 8);
    uint64_t *cur = ps_xcalloc((size_t)w + 1, 8);
    bool *reached = ps_xcalloc((size_t)nb + 1, 1);
    int *work = ps_xmalloc(sizeof(int) * ((size_t)nb + 1)), nw = 0;
    if (nb) reached[0] = true, work[nw++] = 0;
    while (nw) { /* blocks the entry reaches */
        int b = work[--nw];
        for (int e = g->succ_at[b]; e < g->succ_at[b + 1]; e++) {
            int t = g->succ[e];
            if (t < nb && !reached[t]) reached[t] = true, work[nw++] = t;
        }
    }
    for (int b = 0; b < nb; b++) {
        block_gen(c, g, b, gen + (size_t)b * w);
        if (b) memset(in + (size_t)b * w, 0xff, sizeof(uint64_t) * (size_t)w); /* top */
    }
    for (int k = 0; k < fn->nparams; k++) /* the entry: a .func's .reg parameters hold the call's values */
        if (fn->params[k]->is_reg && fn->params[k]->reg >= 0 && fn->params[k]->reg < fn->nregs)
            add(in, fn->params[k]->reg);
    for (bool changed = true; changed;) { /* IN(b) = AND of OUT(p) over reached predecessors */
        changed = false;
        for (int b = 1; b < nb; b++) {
            if (!reached[b]) continue;
            uint64_t *ib = in + (size_t)b * w;
            for (int x = 0; x < w; x++) {
                uint64_t v = ~0ull;
                for (int e = g->pred_at[b]; e < g->pred_at[b + 1]; e++) {
                    int p = g->pred[e];
                    if (p < nb && reached[p]) v &= in[(size_t)p * w + x] | gen[(size_t)p * w + x];
                }
                if (v != ib[x]) ib[x] = v, changed = true;
            }
        }
    }
    for (int b = 0; b < nb; b++) {
        if (reached[b]) memcpy(cur, in + (size_t)b * w, sizeof(uint64_t) * (size_t)w);
        for (int i = g->first[b]; i <= ps_cfg_last(g, b); i++) step(c, &fn->insns[i], reached[b] ? cur : NULL);
    }
    free(work);
    free(reached);
    free(cur);
    free(gen);
    free(in);
}

void ps_frame_plan(ps_fprog *fp, const ps_func *fn, const ps_cfg *g, const uint16_t *reg_slot) {
    plan_ctx c = {.fn = fn, .words = (fn->nregs + 63) / 64};
    c.must = ps_xcalloc((size_t)fn->nregs + 1, 1);
    analyse(&c, g);
    /* slots to zero: the registers above, the constant zero and the scratch slot ("_") */
    bool *zero = ps_xcalloc((size_t)fp->nslots + 1, 1);
    for (int r = 0; r < fn->nregs; r++)
        if (fn->regs[r].type != PS_T_PRED && c.must[r]) zero[reg_slot[r]] = true;
    for (int s = 0; s < fp->nslots; s++)
        if (fp->slots[s].kind == SK_ZERO || fp->slots[s].kind == SK_SCRATCH) zero[s] = true;
    fp->nzero_runs = 0;
    for (int s = 0; s < fp->nslots;) {
        if (!zero[s]) {
            s++;
            continue;
        }
        int e = s;
        while (e < fp->nslots && zero[e]) e++;
        fp->zero_runs = ps_xrealloc(fp->zero_runs, sizeof(ps_slot_run) * (size_t)(fp->nzero_runs + 1));
        fp->zero_runs[fp->nzero_runs++] = (ps_slot_run){(uint16_t)s, (uint16_t)(e - s)};
        s = e;
    }
    fp->const_from = 0;
    while (fp->const_from < fp->nslots && fp->slots[fp->const_from].kind == SK_REG) fp->const_from++;
    const char *poison = getenv("PTXSIM_FRAME_POISON");
    fp->poison_regs = poison && poison[0] && !(poison[0] == '0' && !poison[1]);
    free(zero);
    free(c.must);
}
