/* sass_merge.c — which scalar shared-memory loads and stores ptxas (CUDA 13, sm_90, -O3) merges
 * into one 64- or 128-bit access (LDS.64/.128, STS.64/.128), so that the counters can count the
 * SASS as the hardware executes it (docs/verifier.md, "Counters as the SASS executes them";
 * lab/sass_counters/README.md compares the model with the SASS of every corpus kernel).
 *
 * The rules, each seen in lab/sass_counters/corpus_sass.sm_90.tar.gz:
 *  - within a basic block, ld.shared (or st.shared) of one width (4 or 8 bytes: scalars, or v2
 *    of 4; no .volatile or memory-model qualifier; a store's data registers or constants; no
 *    guard) from one base register that is not redefined between
 *    them, or from shared variables directly, at consecutive addresses,
 *    become one access of 8 or 16 bytes (matmul_f32: 16 loads [%r8+0..60] → 4 LDS.128;
 *    atomics: st/ld of two adjacent .u32 variables → STS.64/LDS.64);
 *  - guarded (@p) accesses stay apart, even under one guard (lab/sass_counters/probes3:
 *    three @p ld.shared.u32 of one window are three LDS);
 *  - only where the merged address is provably aligned to its size: ptxas knows where it put the
 *    shared variables (matmul_f32's .align 4 As sits at 0x400, so [As + 64*ty] is 16-aligned),
 *    and the register's part of the address has enough known trailing zero bits (mov of a
 *    constant, shl/mul/mad/and by constants, add/sub/or of aligned values, cvt and cvta keep it);
 *  - loads merge across global stores (atomics: ld [sh_sum]; st.global; ld [sh_max] → one
 *    LDS.64) but not across a shared or generic write, a barrier, a fence or a call; stores do not
 *    merge across any other shared or generic access;
 *  - loads of three or more 32-bit words inside one provably 16-byte-aligned window are one
 *    LDS.128 of the whole window even when they do not start at it or leave a word out, whether
 *    the words come as .u32 or .v2.u32 loads (measured with ncu on the H200,
 *    lab/sass_counters/probes2 and probes3; widened() below); a .u32 and a .u64 stay apart.
 * Global memory (ld.global/st.global from a register, seen in hand_globals_const's SASS):
 *  - the same grouping by consecutive addresses, where the base register's alignment is proven by
 *    an access in the block (an access of S bytes at [r+o], o a multiple of S, needs r aligned to
 *    S: st.global.v4 [%rd23] lets st.global.v2 [%rd23+16] and [%rd23+24] become one STG.128);
 *    no widening;
 *  - a load of the address, width and base a store of the block wrote, with no global or generic
 *    write between them, is not executed: ptxas forwards the stored value (`forwarded`).
 * Conservative on purpose: where the corpus showed no merge, none is predicted (duplicate
 * addresses, 1- and 2-byte accesses, vectors, generic addresses are left alone). */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

/* What is known of a register's value: sym's address (sym NULL: none) plus a part with at least
 * tz trailing zero bits. */
typedef struct {
    const ps_var *sym;
    uint8_t tz;
    uint8_t state; /* F_TOP: no definition seen yet, F_KNOWN, F_UNKNOWN */
} fact;

enum { F_TOP, F_KNOWN, F_UNKNOWN };

static const fact unknown = {NULL, 0, F_UNKNOWN};

static fact known(const ps_var *sym, unsigned tz) { return (fact){sym, (uint8_t)(tz > 64 ? 64 : tz), F_KNOWN}; }
static unsigned ctz64(uint64_t x) { return x ? (unsigned)__builtin_ctzll(x) : 64; }
static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static bool shared_var(const ps_var *v) { return v && v->space == PS_SPACE_SHARED; }

static fact operand_fact(const fact *facts, int nregs, const ps_operand *o) {
    switch (o->kind) {
    case PS_OP_REG: return o->reg >= 0 && o->reg < nregs && !o->sel ? facts[o->reg] : unknown;
    case PS_OP_IMM: return known(NULL, ctz64(o->imm));
    case PS_OP_VAR: return shared_var(o->var) && !o->indexed ? known(o->var, ctz64((uint64_t)o->offset)) : unknown;
    default: return unknown;
    }
}

/* a + b (also a | b, a ^ b: their trailing zeros are those of a sum) */
static fact sum(fact a, fact b) {
    if (a.state != F_KNOWN || b.state != F_KNOWN) return a.state == F_TOP || b.state == F_TOP ? (fact){0} : unknown;
    if (a.sym && b.sym) return unknown;
    return known(a.sym ? a.sym : b.sym, umin(a.tz, b.tz));
}

/* The trailing zero bits a value surely has, whatever it is (a symbol's address: none known). */
static unsigned plain_tz(fact a) { return a.state == F_KNOWN && !a.sym ? a.tz : 0; }

/* a * b: at least the trailing zeros of both (also for values known nothing else about) */
static fact product(fact a, fact b) {
    if (a.state == F_TOP || b.state == F_TOP) return (fact){0};
    return known(NULL, plain_tz(a) + plain_tz(b));
}

/* The value an instruction writes to its first operand, from its sources' facts. */
static fact transfer(const ps_insn *in, const fact *facts, int nregs) {
    const ps_operand *o = in->ops;
#define F(i) operand_fact(facts, nregs, &o[i])
    switch (in->form) {
    case PS_F_MOV: return in->nops == 2 ? F(1) : unknown;
    case PS_F_CVTA: return in->nops == 2 ? F(1) : unknown; /* windows are aligned far beyond 16 */
    case PS_F_CVT: {
        if (in->nops != 2 || in->ntypes != 2) return unknown;
        ps_type_kind a = ps_type_kind_of(in->types[0]), b = ps_type_kind_of(in->types[1]);
        bool ints = (a == TK_UINT || a == TK_SINT) && (b == TK_UINT || b == TK_SINT);
        fact f = F(1);
        if (!ints || f.state != F_KNOWN) return ints ? f : unknown;
        return known(f.sym, umin(f.tz, 8 * (unsigned)ps_type_size(in->types[0])));
    }
    case PS_F_ADD_INT:
    case PS_F_OR:
    case PS_F_XOR:
        if (in->nops != 3) return unknown;
        if (in->form != PS_F_ADD_INT) {
            fact a = F(1), b = F(2);
            if ((a.state == F_KNOWN && a.sym) || (b.state == F_KNOWN && b.sym)) return unknown;
        }
        return sum(F(1), F(2));
    case PS_F_SUB_INT: {
        if (in->nops != 3) return unknown;
        fact b = F(2);
        if (b.state == F_KNOWN && b.sym) return unknown;
        return sum(F(1), b);
    }
    case PS_F_AND: { /* at least the trailing zeros of either */
        if (in->nops != 3) return unknown;
        fact a = F(1), b = F(2);
        if (a.state == F_TOP || b.state == F_TOP) return (fact){0};
        unsigned ta = plain_tz(a), tb = plain_tz(b);
        return known(NULL, ta > tb ? ta : tb);
    }
    case PS_F_SHL: { /* by a constant k: k more */
        if (in->nops != 3) return unknown;
        fact a = F(1);
        if (a.state == F_TOP) return a;
        return known(NULL, plain_tz(a) + (o[2].kind == PS_OP_IMM && o[2].imm < 64 ? (unsigned)o[2].imm : 0));
    }
    case PS_F_MUL_INT:
        if (in->nops != 3 || ps_insn_mod(in, PS_MOD_HI)) return unknown;
        return product(F(1), F(2));
    case PS_F_MAD_INT:
        if (in->nops != 4 || ps_insn_mod(in, PS_MOD_HI) || ps_insn_mod(in, PS_MOD_CC)) return unknown;
        return sum(product(F(1), F(2)), F(3));
    default: return unknown;
    }
#undef F
}

static bool meet(fact *d, fact f) {
    if (f.state == F_TOP || d->state == F_UNKNOWN) return false;
    if (d->state == F_TOP) {
        *d = f;
        return true;
    }
    fact m = f.state == F_UNKNOWN || f.sym != d->sym ? unknown : known(d->sym, umin(d->tz, f.tz));
    bool changed = m.state != d->state || m.tz != d->tz || m.sym != d->sym;
    *d = m;
    return changed;
}

/* The registers an instruction writes (0..n-1 of dst). */
static int dests(const ps_insn *in, int *dst, int max) {
    unsigned p = in->info ? in->info->props : 0;
    int n = 0;
    if (!in->nops || (p & P_STORE) || in->form == PS_F_RED) return 0;
    const ps_operand *d = &in->ops[0];
    if (d->kind == PS_OP_REG && d->reg >= 0) dst[n++] = d->reg;
    if (d->kind == PS_OP_VEC || d->kind == PS_OP_LIST)
        for (int k = 0; k < d->nitems && n < max - 1; k++)
            if (d->items[k].kind == PS_OP_REG && d->items[k].reg >= 0) dst[n++] = d->items[k].reg;
    if (d->pair_reg >= 0 && n < max) dst[n++] = d->pair_reg;
    return n;
}

/* Flow-insensitive facts: each register's fact is the meet over all its definitions, so it holds
 * wherever the register is read. */
static fact *register_facts(const ps_func *f) {
    int nregs = f->nregs;
    fact *facts = ps_xcalloc((size_t)nregs + 1, sizeof *facts);
    int *ndefs = ps_xcalloc((size_t)nregs + 1, sizeof *ndefs);
    int dst[40];
    for (int i = 0; i < f->ninsns; i++) {
        int n = dests(&f->insns[i], dst, 40);
        for (int k = 0; k < n; k++)
            if (dst[k] < nregs) ndefs[dst[k]]++;
    }
    for (int r = 0; r < nregs; r++)
        if (!ndefs[r]) facts[r] = unknown; /* parameters and registers read before any write */
    for (int pass = 0, changed = 1; changed; pass++) {
        changed = 0;
        if (pass > 200) { /* cannot happen (facts only descend), but stay bounded */
            for (int r = 0; r < nregs; r++) facts[r] = unknown;
            break;
        }
        for (int i = 0; i < f->ninsns; i++) {
            const ps_insn *in = &f->insns[i];
            int n = dests(in, dst, 40);
            if (!n) continue;
            bool single = n == 1 && in->ops[0].kind == PS_OP_REG && in->ops[0].pair_reg < 0;
            fact v = single ? transfer(in, facts, nregs) : unknown;
            for (int k = 0; k < n; k++)
                if (dst[k] < nregs) changed |= meet(&facts[dst[k]], v);
        }
    }
    free(ndefs);
    return facts;
}

/* ---- blocks and what separates accesses -------------------------------------------------- */

/* A block ends at a branch, call, barrier or fence, and where ptxas's expansion of an instruction
 * branches (hand_bitops: bfind.s64 between st.global [r+48] and [r+52], and the stores stayed
 * apart; the fns between [r+64] and [r+72] does not end a block, and the model does not merge
 * those two either: lab/sass_counters/compare.py finds no global rule applying in hand_bitops). */
static bool ends_block(const ps_insn *in) {
    unsigned p = in->info ? in->info->props : 0;
    return (p & (P_BRANCH | P_CALL | P_RET | P_EXIT | P_BARRIER | P_WARPSYNC)) || in->form == PS_F_MEMBAR ||
        in->form == PS_F_FENCE || ps_ptxas_expands_branch(in);
}

/* Memory outside shared memory (and not generic, which may be shared). */
static bool other_space(const ps_insn *in) {
    switch (ps_mem_space(&in->mods)) {
    case PS_MOD_GLOBAL:
    case PS_MOD_LOCAL:
    case PS_MOD_CONST:
    case PS_MOD_PARAM:
    case PS_MOD_PARAM_ENTRY:
    case PS_MOD_PARAM_FUNC: return true;
    default: return false;
    }
}

enum { MEM_NONE = 0, MEM_READ = 1, MEM_WRITE = 2 };

/* How an instruction may touch shared memory, or with global set global memory (conservatively:
 * anything unusual writes). */
static int space_touch(const ps_insn *in, bool global) {
    unsigned p = in->info ? in->info->props : 0;
    if (in->form == PS_F_ST_ASYNC || in->form == PS_F_RED_ASYNC) return global ? MEM_NONE : MEM_WRITE;
    if (!(p & (P_LOAD | P_STORE | P_ATOMIC | P_ASYNC | P_TENSOR | P_MBARRIER | P_NOEXEC))) return MEM_NONE;
    ps_mod sp = ps_mem_space(&in->mods);
    if (global ? (sp == PS_MOD_SHARED || sp == PS_MOD_SHARED_CTA || (other_space(in) && sp != PS_MOD_GLOBAL))
               : other_space(in))
        return MEM_NONE;
    if ((p & (P_STORE | P_ATOMIC | P_ASYNC | P_TENSOR | P_MBARRIER | P_NOEXEC)) || in->form != PS_F_LD)
        return MEM_WRITE;
    return MEM_READ;
}

/* ---- candidates ----------------------------------------------------------------------------- */

typedef struct {
    int insn;
    bool store;
    unsigned w, elem, tz; /* bytes, bytes of an element (a v2's half), the base's trailing zeros */
    int reg, bver;        /* base register (-1: a variable's address) and its definition count */
    bool global;          /* ld/st.global (pos: the offset from reg, tz: the alignment accesses prove) */
    int64_t pos;          /* address, up to the register's part (multiple of 2^tz) */
    int group;            /* assigned group, -1 none */
} cand;

static bool candidate(const ps_insn *in, const fact *facts, int nregs, ps_shared_offset_fn off, void *ctx, cand *c) {
    if ((in->form != PS_F_LD && in->form != PS_F_ST) || in->vec > 2 || in->nops != 2 || in->ntypes != 1) return false;
    ps_mod space = ps_insn_group(in, PS_MG_SPACE); /* ld and st name one at most */
    bool global = space == PS_MOD_GLOBAL;
    if (!global && space != PS_MOD_SHARED && space != PS_MOD_SHARED_CTA) return false;
    /* any memory-order semantics (.weak too) keeps the access apart; ld and st take no .acq_rel,
     * .sc; so does a guard */
    if (ps_insn_group(in, PS_MG_SEM) != PS_MOD_NONE || in->guard_reg >= 0) return false;
    unsigned w = (unsigned)ps_type_size(in->types[0]) * in->vec;
    if ((w != 4 && w != 8) || (in->vec == 2 && w != 8)) return false; /* scalars of 4 and 8 bytes, v2 of 4 */
    bool store = in->form == PS_F_ST;
    const ps_operand *a = &in->ops[store ? 0 : 1], *d = &in->ops[store ? 1 : 0];
    if (a->kind != PS_OP_ADDR) return false;
    /* the data: registers, or constants for a store (atom_shared: st [misc], 0x80000000 ...) */
    int nd = d->kind == PS_OP_VEC ? d->nitems : 1;
    for (int k = 0; k < nd; k++) {
        const ps_operand *x = d->kind == PS_OP_VEC ? &d->items[k] : d;
        if (!(x->kind == PS_OP_REG && !x->sel) && !(store && x->kind == PS_OP_IMM)) return false;
    }
    *c = (cand){.insn = -1, .store = store, .w = w, .elem = w / in->vec, .reg = -1, .global = global, .group = -1};
    if (global) { /* a register base whatever its value; the block's accesses give its alignment */
        if (a->reg < 0 || a->reg >= nregs) return false;
        c->reg = a->reg;
        c->pos = a->offset;
        return true;
    }
    const ps_var *sym;
    if (a->reg >= 0) {
        if (a->reg >= nregs || facts[a->reg].state != F_KNOWN) return false;
        sym = facts[a->reg].sym;
        c->reg = a->reg;
        c->tz = facts[a->reg].tz;
    } else if (shared_var(a->var)) {
        sym = a->var;
        c->tz = 64;
    } else return false;
    uint64_t base = 0;
    if (sym) {
        base = off(ctx, sym);
        if (base == UINT64_MAX) return false;
    }
    c->pos = (int64_t)base + a->offset;
    return true;
}

/* Accesses that may merge: one direction, one base, and one width (loads: one element width, so
 * a .u32 and a .v2.u32 may widen together, a .u32 and a .u64 not). */
static bool same_class(const cand *a, const cand *b) {
    return a->store == b->store && a->global == b->global &&
        (a->store || a->global ? a->w == b->w : a->elem == b->elem) && a->reg == b->reg &&
        (a->reg < 0 || a->bver == b->bver);
}

static int by_pos(const void *x, const void *y) {
    const cand *a = *(const cand *const *)x, *b = *(const cand *const *)y;
    return a->pos < b->pos ? -1 : a->pos > b->pos ? 1 : a->insn - b->insn;
}

/* Loads of three or more 32-bit words (as .u32 or .v2.u32) inside one 16-byte-aligned window,
 * other than a run of one width that fills it from its start (the loop's below): ptxas loads the
 * whole window with one LDS.128 (measured on the H200, lab/sass_counters/probes2: [r+0,4,8],
 * [r+4,8,12] and [r+4..16] as LDS.128 (+ LDS); probes3: [r+0,4,12], a .v2 and a .u32 in any
 * order; two words, [r+4,8], stay apart). The window must be provably aligned. */
static bool widened(cand **seg, int i, int n, ps_sass_access *out, int *taken) {
    const cand *c = seg[i];
    if (c->store || c->global || c->elem != 4 || c->tz < 4) return false;
    int64_t win = c->pos - (((c->pos % 16) + 16) % 16);
    int k = 1;
    unsigned words = c->w / 4;
    bool one_width = true;
    while (i + k < n && seg[i + k]->pos < win + 16) {
        words += seg[i + k]->w / 4;
        one_width &= seg[i + k]->w == c->w;
        k++;
    }
    if (seg[i + k - 1]->pos + (int64_t)seg[i + k - 1]->w > win + 16) return false; /* crosses the window */
    if (words < 3 || (one_width && words == 4 && c->pos == win)) return false;     /* too few, or the full run */
    for (int j = 1; j < k; j++)
        if (seg[i + j]->pos < seg[i + j - 1]->pos + (int64_t)seg[i + j - 1]->w) return false; /* overlap */
    if ((i > 0 && seg[i - 1]->pos == c->pos) || (i + k < n && seg[i + k]->pos == seg[i + k - 1]->pos)) return false;
    int lead = c->insn;
    for (int j = 1; j < k; j++)
        if (seg[i + j]->insn < lead) lead = seg[i + j]->insn;
    for (int j = 0; j < k; j++)
        out[seg[i + j]->insn] =
            (ps_sass_access){.lead = lead, .delta = (int)(win - seg[i + j]->pos), .bytes = 16, .count = k};
    *taken = k;
    return true;
}

/* ---- global memory: alignment proven by accesses, forwarded loads -------------------------- */

typedef struct {
    int reg, ver;   /* a base register at one definition */
    unsigned align; /* the alignment an access from it proves */
} proof;

/* An unguarded ld/st.global of S bytes (a power of two) at [r+o], o a multiple of S, proves r
 * aligned to S (the ISA requires natural alignment, and ptxas relies on it); 0: no proof. */
static unsigned proven_alignment(const ps_insn *in, int nregs) {
    if ((in->form != PS_F_LD && in->form != PS_F_ST) || in->guard_reg >= 0 || in->ntypes != 1 || in->nops < 2 ||
        !ps_insn_mod(in, PS_MOD_GLOBAL))
        return 0;
    const ps_operand *a = &in->ops[in->form == PS_F_ST ? 0 : 1];
    if (a->kind != PS_OP_ADDR || a->reg < 0 || a->reg >= nregs || a->var) return 0;
    unsigned sz = (unsigned)ps_type_size(in->types[0]) * (in->vec ? in->vec : 1);
    if (!sz || (sz & (sz - 1)) || a->offset % (int64_t)sz) return 0;
    return sz;
}

/* The block's global candidates: their base's proven alignment, and the loads ptxas serves from
 * a store before them (marked forwarded, left out of any group). */
static void global_facts(cand *cs, int nc, const proof *pr, int np, const ps_func *f, ps_sass_access *out) {
    for (int k = 0; k < nc; k++) {
        if (!cs[k].global) continue;
        unsigned best = 1;
        for (int j = 0; j < np; j++)
            if (pr[j].reg == cs[k].reg && pr[j].ver == cs[k].bver && pr[j].align > best) best = pr[j].align;
        cs[k].tz = (unsigned)__builtin_ctz(best);
    }
    for (int k = 0; k < nc; k++) {
        if (!cs[k].global || cs[k].store) continue;
        for (int j = k - 1; j >= 0; j--) {
            const cand *st = &cs[j];
            if (!st->global || !st->store || st->reg != cs[k].reg || st->bver != cs[k].bver) continue;
            if (st->pos + (int64_t)st->w <= cs[k].pos || cs[k].pos + (int64_t)cs[k].w <= st->pos) continue;
            /* the nearest store that overlaps the load: forwarded only when it wrote exactly the
             * load's bytes and nothing may have written global memory since */
            bool clear = st->pos == cs[k].pos && st->w == cs[k].w && st->elem == cs[k].elem;
            for (int i = st->insn + 1; i < cs[k].insn && clear; i++)
                clear = space_touch(&f->insns[i], true) != MEM_WRITE;
            if (clear) {
                out[cs[k].insn] = (ps_sass_access){.lead = cs[k].insn, .count = 1, .forwarded = true};
                cs[k].group = -2;
            }
            break;
        }
    }
}

/* Groups of one segment (accesses that may merge with each other), by address. */
static void group_segment(cand **seg, int n, ps_sass_access *out) {
    if (n < 2) return;
    qsort(seg, (size_t)n, sizeof *seg, by_pos);
    for (int i = 0; i < n;) {
        int taken = 1;
        if (widened(seg, i, n, out, &taken)) {
            i += taken;
            continue;
        }
        for (unsigned bytes = 16; bytes >= 2 * seg[i]->w; bytes /= 2) {
            int k = (int)(bytes / seg[i]->w);
            if (i + k > n || seg[i]->pos % (int64_t)bytes || (1ull << (seg[i]->tz > 63 ? 63 : seg[i]->tz)) < bytes)
                continue;
            bool run = true;
            for (int j = 1; j < k && run; j++)
                run = seg[i + j]->w == seg[i]->w && seg[i + j]->pos == seg[i]->pos + (int64_t)(j * seg[i]->w);
            /* an address accessed twice (before or after the run) is left alone */
            if (run && i > 0 && seg[i - 1]->pos == seg[i]->pos) run = false;
            if (run && i + k < n && seg[i + k]->pos == seg[i + k - 1]->pos) run = false;
            if (!run) continue;
            int lead = seg[i]->insn;
            for (int j = 1; j < k; j++)
                if (seg[i + j]->insn < lead) lead = seg[i + j]->insn;
            for (int j = 0; j < k; j++)
                out[seg[i + j]->insn] = (ps_sass_access){.lead = lead,
                                                         .delta = (int)(seg[i]->pos - seg[i + j]->pos),
                                                         .bytes = bytes,
                                                         .count = k};
            taken = k;
            break;
        }
        i += taken;
    }
}

void ps_sass_merge(const ps_func *f, ps_shared_offset_fn off, void *ctx, ps_sass_access *out) {
    for (int i = 0; i < f->ninsns; i++) out[i] = (ps_sass_access){.lead = -1};
    if (!f->ninsns) return;
    fact *facts = register_facts(f);
    int nregs = f->nregs;
    bool *label = ps_xcalloc((size_t)f->ninsns + 1, 1);
    for (int k = 0; k < f->nlabels; k++)
        if (f->labels[k].defined && f->labels[k].insn >= 0 && f->labels[k].insn <= f->ninsns)
            label[f->labels[k].insn] = true;
    int *ver = ps_xcalloc((size_t)nregs + 1, sizeof *ver);
    cand *cs = ps_xcalloc((size_t)f->ninsns, sizeof *cs);
    proof *pr = ps_xcalloc((size_t)f->ninsns, sizeof *pr);
    cand **seg = ps_xcalloc((size_t)f->ninsns, sizeof *seg);
    int dst[40];
    for (int b = 0; b < f->ninsns;) {
        int e = b + 1;
        while (e < f->ninsns && !label[e] && !ends_block(&f->insns[e - 1])) e++;
        /* candidates of the block [b, e), with the definition counts of their registers */
        int nc = 0, np = 0;
        for (int i = b; i < e; i++) {
            const ps_insn *in = &f->insns[i];
            unsigned al = proven_alignment(in, nregs);
            if (al)
                pr[np++] = (proof){in->ops[in->form == PS_F_ST ? 0 : 1].reg,
                                   ver[in->ops[in->form == PS_F_ST ? 0 : 1].reg], al};
            cand c;
            if (candidate(in, facts, nregs, off, ctx, &c)) {
                c.insn = i;
                c.bver = c.reg >= 0 ? ver[c.reg] : 0;
                cs[nc++] = c;
            }
            int n = dests(in, dst, 40);
            for (int k = 0; k < n; k++)
                if (dst[k] < nregs) ver[dst[k]]++;
        }
        global_facts(cs, nc, pr, np, f, out);
        /* chains of one class, cut where another access gets in the way */
        for (int i = 0; i < nc; i++) {
            if (cs[i].group != -1) continue;
            int ns = 0;
            seg[ns++] = &cs[i];
            cs[i].group = i;
            int last = i;
            for (int j = i + 1; j < nc; j++) {
                if (cs[j].group != -1 || !same_class(&cs[i], &cs[j])) continue;
                bool cut = false;
                for (int k = cs[last].insn + 1; k < cs[j].insn && !cut; k++) {
                    int t = space_touch(&f->insns[k], cs[i].global);
                    if (cs[i].store ? t != MEM_NONE : t == MEM_WRITE) {
                        /* stores: another access between them; loads: a write */
                        bool member = false;
                        for (int m = 0; m < nc && cs[i].store; m++)
                            if (cs[m].insn == k) member = same_class(&cs[i], &cs[m]);
                        cut = !member;
                    }
                }
                if (cut) break;
                cs[j].group = i;
                seg[ns++] = &cs[j];
                last = j;
            }
            group_segment(seg, ns, out);
        }
        b = e;
    }
    free(seg);
    free(pr);
    free(cs);
    free(ver);
    free(label);
    free(facts);
}
