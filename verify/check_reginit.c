/* check_reginit.c — undefined register values that reach an observable use (DESIGN §4,
 * `uninitialized`; docs/checkers.md, "Registers"). Registers start as zero in ptxsim but hold
 * garbage on a GPU, so a register read before its thread wrote it has an undefined value.
 *
 * Definedness propagation, in the manner of Valgrind's Memcheck: per warp and call depth, a lane
 * mask per register says which lanes' values are undefined (a never-written register: every
 * lane). An instruction's destinations become undefined on the lanes where a source that
 * determines them is (selp: the source its defined selector picks; shfl.sync: the source lane's
 * value; warp collectives: any lane's), or where its guard is undefined. Loads give defined
 * values, except from shared memory bytes an undefined value was stored to (a shadow per CTA:
 * CUB stages the items of partial tiles through shared memory). Nothing is reported where an
 * undefined value is only computed with and then discarded: a finding comes only at a use that
 * makes it observable — a branch (or ret/exit) it decides, the guard of an instruction acting
 * outside the thread, a memory address, a value stored to any memory but shared, an operand of
 * an atomic, a call, a barrier or another instruction acting outside the thread. A finding names
 * the use (its site) and the read of the never-written register the value came from (the other
 * site, with the same thread).
 *
 * reginit_static.c works out which registers may ever be undefined; only instructions touching
 * those are watched (DF_WATCH), every other instruction runs at full speed, and memory events
 * are followed only when some store may write an undefined value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reginit_internal.h"

/* Where an undefined value came from: the instruction that first read the never-written
 * register (index + 1; 0 = not yet read) and that register. */
typedef struct {
    int insn1, reg;
} origin;

typedef struct {
    uint32_t activation; /* 0: never used */
    int func;
    uint32_t *undef; /* per register: lanes whose value is undefined */
    origin *from;    /* per register: where its undefined lanes' value came from */
    int cap;
} rframe;

typedef struct {
    rframe *frames; /* by depth - 1 */
    int nframes;
} rwarp;

/* The memory half of the watched instruction that ran last on a worker: its memory events
 * follow its insn event. */
typedef struct {
    int insn; /* dense index; -1: none */
    int warp, depth;
    uint32_t undef; /* store: lanes whose value is undefined; load: lanes to consider */
    origin from;    /* store: where the undefined value came from */
    int vreg;       /* store: the register holding it */
    bool seen;      /* a memory event of it arrived */
    ps_event_where at;
} pending;

typedef struct {
    rwarp warps[32];
    pending pend;
    origin *shadow; /* per shared-memory byte: insn1 != 0 where an undefined value lies */
    uint64_t shadow_cap, shadow_hi;
    uint64_t nundef; /* undefined bytes in the shadow */
} rworker;

typedef struct {
    ps_verifier *v;
    reginit_static st;
    int nworkers;
    rworker *w;
} reginit;

static void flush_store(reginit *c, rworker *wk);

static void *reginit_create(ps_verifier *v) {
    reginit *c = ps_xcalloc(1, sizeof *c);
    c->v = v;
    reginit_static_build(&c->st, v);
    return c;
}

static void free_workers(reginit *c) {
    for (int i = 0; i < c->nworkers; i++) {
        for (int k = 0; k < 32; k++) {
            rwarp *w = &c->w[i].warps[k];
            for (int d = 0; d < w->nframes; d++) {
                free(w->frames[d].undef);
                free(w->frames[d].from);
            }
            free(w->frames);
        }
        free(c->w[i].shadow);
    }
    free(c->w);
    c->w = NULL;
    c->nworkers = 0;
}

static void reginit_destroy(void *self) {
    reginit *c = self;
    free_workers(c);
    reginit_static_free(&c->st, c->v->ninsns);
    free(c);
}

static bool reginit_wants_mem(void *self) { return ((reginit *)self)->st.stores_tainted; }

static void reginit_launch_begin(void *self, int nworkers) {
    reginit *c = self;
    free_workers(c);
    c->nworkers = nworkers > 0 ? nworkers : 1;
    c->w = ps_xcalloc((size_t)c->nworkers, sizeof *c->w);
    for (int i = 0; i < c->nworkers; i++) c->w[i].pend.insn = -1;
}

static void reginit_cta_begin(void *self, int worker, const unsigned ctaid[3]) {
    (void)ctaid;
    reginit *c = self;
    rworker *wk = &c->w[worker];
    /* a new block: every frame starts over (activation numbers restart with the warps) */
    for (int k = 0; k < 32; k++) {
        rwarp *w = &wk->warps[k];
        for (int d = 0; d < w->nframes; d++) w->frames[d].activation = 0;
    }
    flush_store(c, wk);
    if (wk->shadow_hi) memset(wk->shadow, 0, wk->shadow_hi * sizeof *wk->shadow);
    wk->shadow_hi = wk->nundef = 0;
    wk->pend.insn = -1;
}

static void reginit_cta_end(void *self, int worker, const unsigned ctaid[3]) {
    (void)ctaid;
    reginit *c = self;
    flush_store(c, &c->w[worker]);
}

static bool reginit_watch(void *self, const ps_insn *in) {
    reginit *c = self;
    int idx = ps_verify_insn_index(c->v, in);
    return idx >= 0 && c->st.insns[idx].watched;
}

/* ---- findings ----------------------------------------------------------------------------- */

enum { USE_BRANCH, USE_GUARD, USE_ADDR, USE_STORE, USE_OPERAND, USE_CALL, USE_RET };

static const char *reg_name(const ps_func *f, int reg) {
    if (reg >= f->nregs) return "the carry flag";
    return f->regs[reg].name ? f->regs[reg].name : "?";
}

/* A finding at `at` for `lanes` (`lane`: the one named): register `reg` of f holds an undefined
 * value that came from `from` and reaches use `use` (USE_*; `space`: USE_STORE's memory). */
static void report(reginit *c, const ps_event_where *at, int lane, uint32_t lanes, const ps_func *f, int reg,
                   origin from, int use, const char *space) {
    ps_finding fd = {.kind = PS_FIND_UNINITIALIZED,
                     .severity = PS_SEV_ERROR,
                     .count = (uint64_t)__builtin_popcount(lanes),
                     .lanes = lanes};
    ps_site_from_event(&fd.at, at, lane);
    char what[96];
    switch (use) {
    case USE_BRANCH: snprintf(what, sizeof what, "decides a branch"); break;
    case USE_GUARD: snprintf(what, sizeof what, "guards an instruction that acts outside the thread"); break;
    case USE_ADDR: snprintf(what, sizeof what, "forms a memory address"); break;
    case USE_STORE: snprintf(what, sizeof what, "is stored to %s memory", space); break;
    case USE_CALL: snprintf(what, sizeof what, "is passed to a called function"); break;
    case USE_RET: snprintf(what, sizeof what, "is returned to the caller"); break;
    default: snprintf(what, sizeof what, "is an operand of an instruction that acts outside the thread"); break;
    }
    /* the origin, unless it is this very instruction (its own read of a never-written register) */
    const ps_insn *src = from.insn1 && ps_verify_insn_at(c->v, from.insn1 - 1) != at->insn
        ? ps_verify_insn_at(c->v, from.insn1 - 1)
        : NULL;
    const ps_func *of = f;
    if (src) { /* the origin may lie in another function (a value stored to shared memory) */
        int fx = c->st.insns[from.insn1 - 1].func;
        of = c->st.funcs[fx].func;
        ps_event_where o = *at;
        o.insn = src;
        o.function = of->name;
        ps_site_from_event(&fd.other, &o, lane);
        fd.has_other = true;
    }
    bool pred = reg < f->nregs && f->regs[reg].type == PS_T_PRED;
    const char *oname = reg_name(of, from.reg);
    bool opred = from.reg < of->nregs && of->regs[from.reg].type == PS_T_PRED;
    if (src)
        snprintf(fd.message, sizeof fd.message,
                 "%s %s holds an undefined value and %s; the value comes from %s %s, read at PTX "
                 "line %d before any write on this thread (registers are undefined until written; "
                 "a path that skips the write, or a write under a predicate that was false, "
                 "reaches that read)",
                 pred ? "predicate" : "register", reg_name(f, reg), what, opred ? "predicate" : "register", oname,
                 src->line);
    else
        snprintf(fd.message, sizeof fd.message,
                 "%s %s is read before any write on this thread and %s (registers are undefined "
                 "until written; a path that skips the write, or a write under a predicate that "
                 "was false, reaches this read)",
                 pred ? "predicate" : "register", reg_name(f, reg), what);
    ps_verify_add_finding(c->v, &fd);
}

static void report_store(reginit *c, const ps_event_where *at, uint32_t lanes, const char *space, const pending *pd);

/* A store of an undefined value whose memory events never came (an access the engine reports
 * otherwise, or none): the value still left the thread, so it is reported where it went. */
static void flush_store(reginit *c, rworker *wk) {
    pending *pd = &wk->pend;
    if (pd->insn >= 0 && pd->undef && !pd->seen && c->st.insns[pd->insn].cls == IC_STORE)
        report_store(c, &pd->at, pd->undef, "device", pd);
    pd->insn = -1;
}

static void where_of(ps_event_where *at, const ps_insn_event *e, const ps_func *f) {
    *at = (ps_event_where){.warp = e->warp, .worker = e->worker, .insn = e->insn, .function = f->name};
    memcpy(at->ctaid, e->ctaid, sizeof at->ctaid);
    memcpy(at->block, e->block, sizeof at->block);
}

/* ---- registers ---------------------------------------------------------------------------- */

/* The frame of e's warp and depth, started over when e is the first event of an activation. */
static rframe *frame_of(reginit *c, const ps_insn_event *e, int fx) {
    const reginit_func *rf = &c->st.funcs[fx];
    rwarp *w = &c->w[e->worker].warps[e->warp];
    if (e->depth > w->nframes) {
        w->frames = ps_xrealloc(w->frames, (size_t)e->depth * sizeof *w->frames);
        memset(w->frames + w->nframes, 0, (size_t)(e->depth - w->nframes) * sizeof *w->frames);
        w->nframes = e->depth;
    }
    rframe *fr = &w->frames[e->depth - 1];
    if (fr->activation != e->activation || fr->func != fx) {
        if (fr->cap < rf->nregs) {
            fr->undef = ps_xrealloc(fr->undef, (size_t)rf->nregs * sizeof *fr->undef);
            fr->from = ps_xrealloc(fr->from, (size_t)rf->nregs * sizeof *fr->from);
            fr->cap = rf->nregs;
        }
        /* only a tainted register can be undefined; a .func's .reg parameters were written by
         * the call; the carry flag starts defined */
        for (int r = 0; r < rf->nregs; r++) {
            fr->undef[r] = rf->tainted[r] && r < rf->func->nregs ? 0xffffffffu : 0;
            fr->from[r] = (origin){0, r};
        }
        for (int k = 0; k < rf->func->nparams; k++)
            if (rf->func->params[k]->is_reg) fr->undef[rf->func->params[k]->reg] = 0;
        fr->activation = e->activation;
        fr->func = fx;
    }
    return fr;
}

/* The origin of reg's undefined value, as read now by instruction `idx`: a never-written
 * register's first read becomes the origin. */
static origin take(rframe *fr, int reg, int idx) {
    if (!fr->from[reg].insn1) fr->from[reg] = (origin){idx + 1, reg};
    return fr->from[reg];
}

/* Sets dst's lanes `lanes` to undefined where `undef` says so, defined elsewhere. */
static void set_dest(rframe *fr, int reg, uint32_t lanes, uint32_t undef, origin from) {
    if (undef & lanes) fr->from[reg] = from;
    fr->undef[reg] = (fr->undef[reg] & ~lanes) | (undef & lanes);
}

/* Value of operand `o` (register or immediate) on `lane`, before the instruction. */
static uint64_t operand_value(const reginit_func *rf, const ps_insn_event *e, const ps_operand *o, int lane) {
    if (o->kind == PS_OP_REG && o->reg >= 0 && o->reg < rf->func->nregs) {
        if (rf->func->regs[o->reg].type == PS_T_PRED) return (e->preds[rf->slot[o->reg]] >> lane ^ o->neg) & 1;
        return e->regs[rf->slot[o->reg]][lane];
    }
    return o->kind == PS_OP_IMM ? o->imm : 0;
}

static uint32_t reg_undef(const rframe *fr, const ps_operand *o) {
    return o->kind == PS_OP_REG && o->reg >= 0 ? fr->undef[o->reg] : 0;
}

/* selp d, a, b, c: lane l's d is a's or b's as c picks; undefined c: undefined d. */
static uint32_t selp_undef(const reginit_func *rf, const ps_insn_event *e, rframe *fr, const ps_insn *in, int idx,
                           origin *from) {
    uint32_t ua = reg_undef(fr, &in->ops[1]), ub = reg_undef(fr, &in->ops[2]), uc = reg_undef(fr, &in->ops[3]);
    uint32_t pick_a = 0;
    for (uint32_t m = e->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (operand_value(rf, e, &in->ops[3], l)) pick_a |= 1u << l;
    }
    uint32_t u = uc | (ua & pick_a) | (ub & ~pick_a);
    int src = uc & e->exec ? 3 : (ua & pick_a & e->exec) ? 1 : 2;
    if (u & e->exec) *from = take(fr, in->ops[src].reg, idx);
    return u;
}

/* shfl.sync.mode d|p, a, b, c, membermask (PTX ISA 9.7.9.6): lane l's d is a of lane j, its own a
 * when j is out of range; b and c decide j, so their undefined lanes get undefined d and p. */
static void shfl_undef(const reginit_func *rf, const ps_insn_event *e, rframe *fr, const ps_insn *in, int idx,
                       uint32_t *ud, uint32_t *up, origin *from) {
    uint32_t ua = reg_undef(fr, &in->ops[1]), ubc = reg_undef(fr, &in->ops[2]) | reg_undef(fr, &in->ops[3]);
    int mode = ps_insn_group_index(in, PS_MG_SHFL); /* up 0, down 1, bfly 2, idx 3 */
    uint32_t d = 0;
    for (uint32_t m = e->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (ubc >> l & 1) {
            d |= 1u << l;
            continue;
        }
        int b = (int)(operand_value(rf, e, &in->ops[2], l) & 31);
        uint32_t cv = (uint32_t)operand_value(rf, e, &in->ops[3], l);
        int seg = (int)(cv >> 8 & 31), clamp = (int)(cv & 31);
        int max_lane = (l & seg) | (clamp & ~seg), min_lane = l & seg, j;
        bool ok;
        switch (mode) {
        case 0: j = l - b, ok = j >= max_lane; break;
        case 1: j = l + b, ok = j <= max_lane; break;
        case 2: j = l ^ b, ok = j <= max_lane; break;
        default: j = min_lane | (b & ~seg), ok = j <= max_lane; break;
        }
        if (!ok) j = l;
        if (ua >> j & 1) d |= 1u << l;
    }
    *ud = d;
    *up = ubc;
    if ((d | ubc) & e->exec)
        *from = take(fr,
                     ubc & e->exec ? (reg_undef(fr, &in->ops[2]) & e->exec ? in->ops[2].reg : in->ops[3].reg)
                                   : in->ops[1].reg,
                     idx);
}

/* and/or d, a, b: a lane whose one source is undefined still gets a defined d when the other
 * source is defined and decides d alone (and: 0 / false; or: all ones / true), as Memcheck's
 * and/or rules have it. CUB's partial tiles compute flags as `valid && pred(item)`. */
static uint32_t andor_defined(const reginit_func *rf, const ps_insn_event *e, const rframe *fr, const ps_insn *in,
                              uint32_t lanes) {
    if (in->nops != 3 || in->ntypes < 1) return 0;
    int bytes = ps_type_size(in->types[0]);
    uint64_t ones = bytes == 0 ? 1 : bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1;
    uint64_t decides = in->form == PS_F_AND ? 0 : ones;
    uint32_t ua = reg_undef(fr, &in->ops[1]), ub = reg_undef(fr, &in->ops[2]), ok = 0;
    for (uint32_t m = lanes & (ua ^ ub); m; m &= m - 1) {
        int l = __builtin_ctz(m);
        const ps_operand *other = ua >> l & 1 ? &in->ops[2] : &in->ops[1];
        if ((operand_value(rf, e, other, l) & ones) == decides) ok |= 1u << l;
    }
    return ok;
}

static void reginit_on_insn(void *self, const ps_insn_event *e) {
    reginit *c = self;
    int idx = ps_verify_insn_index(c->v, e->insn);
    if (idx < 0 || e->warp < 0 || e->warp >= 32 || e->depth < 1) return;
    const reginit_insn *ri = &c->st.insns[idx];
    const reginit_func *rf = &c->st.funcs[ri->func];
    const ps_func *f = rf->func;
    const ps_insn *in = e->insn;
    rworker *wk = &c->w[e->worker];
    ps_event_where at;
    flush_store(c, wk);
    rframe *fr = frame_of(c, e, ri->func);
    /* the sources: per lane, undefined in any value operand; the guard; the addresses */
    uint32_t val = 0, addr = 0, guard = 0;
    origin vfrom = {0}, afrom = {0}, gfrom = {0};
    int vreg = -1, areg = -1, greg = -1;
    for (int j = 0; j < ri->nops; j++) {
        const regop *o = &ri->ops[j];
        uint32_t lanes = o->how == RO_GUARD ? e->active : e->exec;
        uint32_t u = fr->undef[o->reg] & lanes;
        if (!u || o->how == RO_WR) continue;
        if (o->how == RO_GUARD) {
            if (!guard) gfrom = take(fr, o->reg, idx), greg = o->reg;
            guard |= u;
        } else if (o->how == RO_ADDR) {
            if (!addr) afrom = take(fr, o->reg, idx), areg = o->reg;
            addr |= u;
        } else {
            if (!val) vfrom = take(fr, o->reg, idx), vreg = o->reg;
            val |= u;
        }
    }
    bool any = val | addr | guard;
    if (any) where_of(&at, e, f);
    uint32_t dest = 0;  /* lanes whose destinations become undefined */
    uint32_t pdest = 0; /* shfl: of its predicate destination */
    origin dfrom = guard ? gfrom : vfrom;
    switch (ri->cls) {
    case IC_DATA:
        dest = val | addr;
        if (val && (in->form == PS_F_AND || in->form == PS_F_OR)) dest &= ~andor_defined(rf, e, fr, in, val);
        dest |= guard;
        dfrom = val ? vfrom : addr ? afrom : gfrom;
        break;
    case IC_SELP: {
        origin s = {0};
        dest = selp_undef(rf, e, fr, in, idx, &s) & e->exec;
        if (dest) dfrom = s;
        dest |= guard;
        if (!(dest & ~guard)) dfrom = gfrom;
        break;
    }
    case IC_SHFL: {
        origin s = {0};
        shfl_undef(rf, e, fr, in, idx, &dest, &pdest, &s);
        dest &= e->exec, pdest &= e->exec;
        if (dest | pdest) dfrom = s;
        else dfrom = gfrom;
        dest |= guard, pdest |= guard;
        if (in->nops > 4 && reg_undef(fr, &in->ops[4]) & e->exec) /* the member mask */
            report(c, &at, __builtin_ctz(reg_undef(fr, &in->ops[4]) & e->exec), reg_undef(fr, &in->ops[4]) & e->exec, f,
                   in->ops[4].reg, take(fr, in->ops[4].reg, idx), USE_OPERAND, NULL);
        break;
    }
    case IC_WARP:
        if (val | addr | guard) dest = e->exec | guard, dfrom = val ? vfrom : addr ? afrom : gfrom;
        break;
    case IC_LOAD:
    case IC_WARP_LOAD:
        if (addr) report(c, &at, __builtin_ctz(addr), addr, f, areg, afrom, USE_ADDR, NULL);
        dest = guard, dfrom = gfrom;
        if (c->st.stores_tainted)
            wk->pend = (pending){.insn = idx, .warp = e->warp, .depth = e->depth, .undef = e->exec};
        break;
    case IC_STORE:
        if (guard) report(c, &at, __builtin_ctz(guard), guard, f, greg, gfrom, USE_GUARD, NULL);
        if (addr) report(c, &at, __builtin_ctz(addr), addr, f, areg, afrom, USE_ADDR, NULL);
        if (val)
            wk->pend = (pending){
                .insn = idx, .warp = e->warp, .depth = e->depth, .undef = val, .from = vfrom, .vreg = vreg, .at = at};
        break;
    default: /* atomics, control, effects: every undefined operand is a use */
        if (guard)
            report(c, &at, __builtin_ctz(guard), guard, f, greg, gfrom,
                   ri->cls == IC_CONTROL && in->form != PS_F_CALL ? USE_BRANCH : USE_GUARD, NULL);
        if (addr) report(c, &at, __builtin_ctz(addr), addr, f, areg, afrom, USE_ADDR, NULL);
        if (val)
            report(c, &at, __builtin_ctz(val), val, f, vreg, vfrom,
                   in->form == PS_F_CALL       ? USE_CALL
                       : in->form == PS_F_RET  ? USE_RET
                       : ri->cls == IC_CONTROL ? USE_BRANCH
                                               : USE_OPERAND,
                   NULL);
        break;
    }
    /* the writes: executing lanes get `dest`; lanes whose guard is undefined may or may not have
     * written, so theirs are undefined too */
    uint32_t lanes = e->exec | guard;
    for (int j = 0; j < ri->nops; j++) {
        const regop *o = &ri->ops[j];
        if (o->how != RO_WR) continue;
        bool pair = ri->cls == IC_SHFL && in->ops[0].pair_reg == o->reg && in->ops[0].reg != o->reg;
        set_dest(fr, o->reg, lanes, pair ? pdest : dest, dfrom);
    }
}

/* ---- memory ------------------------------------------------------------------------------- */

static void shadow_set(rworker *wk, uint64_t a, unsigned size, bool undef, origin from) {
    if (a + size > wk->shadow_cap) {
        if (!undef && a >= wk->shadow_hi) return;
        uint64_t cap = wk->shadow_cap ? wk->shadow_cap : 4096;
        while (cap < a + size) cap *= 2;
        wk->shadow = ps_xrealloc(wk->shadow, cap * sizeof *wk->shadow);
        memset(wk->shadow + wk->shadow_cap, 0, (cap - wk->shadow_cap) * sizeof *wk->shadow);
        wk->shadow_cap = cap;
    }
    for (unsigned k = 0; k < size; k++) {
        origin *s = &wk->shadow[a + k];
        if (a + k >= wk->shadow_hi && !undef) break;
        if (undef) {
            if (!s->insn1) wk->nundef++;
            *s = from;
        } else if (s->insn1) {
            wk->nundef--;
            s->insn1 = 0;
        }
    }
    if (undef && a + size > wk->shadow_hi) wk->shadow_hi = a + size;
}

static const origin *shadow_get(const rworker *wk, uint64_t a, unsigned size) {
    for (unsigned k = 0; k < size && a + k < wk->shadow_hi; k++)
        if (wk->shadow[a + k].insn1) return &wk->shadow[a + k];
    return NULL;
}

static const char *space_name(int space) {
    switch (space) {
    case PS_SPACE_GLOBAL: return "global";
    case PS_SPACE_LOCAL: return "local";
    case PS_SPACE_PARAM: return "parameter";
    case PS_SPACE_SHARED: return "shared";
    default: return "device";
    }
}

/* A store of an undefined value: st.param is a call's argument, or a .func's return value when
 * it writes one of the function's return parameters. */
static void report_store(reginit *c, const ps_event_where *at, uint32_t lanes, const char *space, const pending *pd) {
    const ps_func *f = c->st.funcs[c->st.insns[pd->insn].func].func;
    const ps_insn *in = ps_verify_insn_at(c->v, pd->insn);
    int use = USE_STORE;
    ps_mod sp = in ? ps_insn_group(in, PS_MG_SPACE) : PS_MOD_NONE; /* a store names one at most */
    if (sp == PS_MOD_PARAM || sp == PS_MOD_PARAM_FUNC) {
        use = USE_CALL;
        for (int k = 0; k < f->nrets; k++)
            if (in->nops && in->ops[0].kind == PS_OP_ADDR && in->ops[0].var == f->rets[k]) use = USE_RET;
    }
    report(c, at, __builtin_ctz(lanes), lanes, f, pd->vreg, pd->from, use, space);
}

static void reginit_mem(void *self, const ps_mem_event *e, const ps_mem_shape *sh) {
    reginit *c = self;
    rworker *wk = &c->w[e->at.worker];
    pending *pd = &wk->pend;
    bool mine = pd->insn >= 0 && pd->insn == sh->insn && pd->warp == e->at.warp;
    if (e->kind == PS_ACC_LOAD) {
        if (!mine || !wk->nundef || e->at.warp < 0 || e->at.warp >= 32) return;
        const reginit_insn *ri = &c->st.insns[pd->insn];
        rwarp *w = &wk->warps[e->at.warp];
        if (pd->depth > w->nframes) return;
        rframe *fr = &w->frames[pd->depth - 1];
        uint32_t u = 0;
        origin from = {0};
        for (uint32_t m = e->mask & pd->undef; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            const origin *o = e->space[l] == PS_SPACE_SHARED ? shadow_get(wk, e->addr[l], e->size) : NULL;
            if (o) u |= 1u << l, from = *o;
        }
        if (!u) return;
        if (ri->cls == IC_WARP_LOAD) u = pd->undef;
        for (int j = 0; j < ri->nops; j++)
            if (ri->ops[j].how == RO_WR) set_dest(fr, ri->ops[j].reg, u, u | fr->undef[ri->ops[j].reg], from);
        return;
    }
    if (!mine && !wk->nundef) return; /* the common case: nothing to record or clear */
    uint32_t undef = mine && e->kind == PS_ACC_STORE ? pd->undef & e->mask : 0;
    if (mine) pd->seen = true;
    uint32_t other[8] = {0};
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        bool u = undef >> l & 1;
        if (e->space[l] == PS_SPACE_SHARED) {
            if (u || wk->nundef) shadow_set(wk, e->addr[l], e->size, u, pd->from);
        } else if (u) {
            other[e->space[l] & 7] |= 1u << l;
        }
    }
    for (int s = 0; s < 8; s++)
        if (other[s]) report_store(c, &e->at, other[s], space_name(s), pd);
}

/* Lanes whose shared access went to another CTA of the cluster: an undefined value stored there
 * is reported (no shadow follows it across CTAs). */
static void reginit_dsmem(void *self, const ps_mem_event *e, const ps_mem_shape *sh) {
    reginit *c = self;
    rworker *wk = &c->w[e->at.worker];
    pending *pd = &wk->pend;
    if (e->kind != PS_ACC_STORE || pd->insn < 0 || pd->insn != sh->insn || pd->warp != e->at.warp) return;
    pd->seen = true;
    uint32_t u = pd->undef & e->mask;
    if (u) report_store(c, &e->at, u, "another CTA's shared", pd);
}

const ps_checker ps_checker_reginit = {
    .name = "reginit",
    .check = PS_CHECK_INIT,
    .create = reginit_create,
    .destroy = reginit_destroy,
    .launch_begin = reginit_launch_begin,
    .cta_begin = reginit_cta_begin,
    .cta_end = reginit_cta_end,
    .watch_insn = reginit_watch,
    .insn = reginit_on_insn,
    .mem = reginit_mem,
    .wants_mem = reginit_wants_mem,
    .dsmem = reginit_dsmem,
};
