/* engine.c — runs a grid: CTAs on host threads, warps of a CTA round-robin, one decoded
 * instruction for all active lanes, SIMT reconvergence at immediate post-dominators, calls with
 * the .param ABI, barriers, faults and the watchdog. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pool.h"
#include "sim_internal.h"

#define QUANTUM 256                  /* warp instructions before switching warps */
#define SPIN_ROUNDS 10000            /* rounds of mbarrier waits alone before a deadlock */
#define DEFAULT_WATCHDOG 2000000000ull /* warp instructions per launch */

const char *ps_fault_kind_name(ps_fault_kind k) {
    static const char *n[] = {"none", "out-of-bounds", "misaligned", "trap", "watchdog",
                              "deadlock", "unsupported", "bad-launch", "stack-overflow",
                              "invalid-warp-sync"};
    return k <= PS_FAULT_INVALID_WARP_SYNC ? n[k] : "?";
}

/* The fault's CUDA line: the .loc of its instruction, with the path from the .file table of the
 * module the function came from (a linked program's part). */
static void fault_source(ps_fault *f, const ps_module *m, const ps_warp *w, const ps_dinsn *d) {
    f->src_file = NULL, f->src_line = 0;
    if (!d || !d->src || !d->src->loc_line || !m) return;
    const char *file = w->nframes ? w->frames[w->nframes - 1].fp->func->file : NULL;
    for (int i = 0; file && m->parts && i < m->nparts; i++)
        if (m->parts[i]->filename && !strcmp(m->parts[i]->filename, file)) {
            m = m->parts[i];
            break;
        }
    int idx = d->src->loc_file;
    if (idx <= 0 || idx >= m->nfiles || !m->files || !m->files[idx]) return;
    f->src_file = m->files[idx];
    f->src_line = d->src->loc_line;
}

void ps_fault_raise(ps_warp *w, ps_fault_kind kind, int lane, const char *fmt, ...) {
    if (w->probing) { /* ps_fault_lanes asks whether this lane faults too */
        w->probe_kind = kind;
        return;
    }
    ps_cta *c = w->cta;
    ps_launch_ctx *L = c->L;
    c->faulted = true;
    pthread_mutex_lock(&L->lock);
    if (L->fault.kind == PS_FAULT_NONE) {
        ps_fault *f = &L->fault;
        f->kind = kind;
        f->lanes = lane >= 0 && lane < WARP ? 1u << lane : 0;
        w->fault_owner = true;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(f->message, sizeof f->message, fmt, ap);
        va_end(ap);
        f->ptx_line = c->cur ? c->cur->line : 0;
        fault_source(f, L->prog->module, w, c->cur);
        memcpy(f->block, c->ctaid, sizeof f->block);
        if (lane >= 0) memcpy(f->thread, w->tid[lane], sizeof f->thread);
        f->function = w->nframes ? w->frames[w->nframes - 1].fp->func->name : NULL;
        f->file = w->nframes ? w->frames[w->nframes - 1].fp->func->file : NULL;
    }
    pthread_mutex_unlock(&L->lock);
    atomic_store(&L->stop, 1);
}

void ps_fault_lanes(ps_warp *w, int space, const uint64_t *addr, uint64_t imm, unsigned size, bool write,
                    int first) {
    if (!w->fault_owner || first < 0 || first >= WARP) return;
    ps_launch_ctx *L = w->cta->L;
    pthread_mutex_lock(&L->lock);
    ps_fault_kind kind = L->fault.kind;
    pthread_mutex_unlock(&L->lock);
    uint32_t lanes = 1u << first;
    w->probing = true; /* the lanes below `first` resolved; each lane above is asked alone */
    for (uint32_t m = first == WARP - 1 ? 0 : w->exec & ~((2u << first) - 1); m; m &= m - 1) {
        int l = __builtin_ctz(m);
        w->probe_kind = PS_FAULT_NONE;
        if (!ps_mem_resolve(w, space, addr[l] + imm, size, l, write) && w->probe_kind == kind) lanes |= 1u << l;
    }
    w->probing = false;
    pthread_mutex_lock(&L->lock);
    L->fault.lanes = lanes;
    pthread_mutex_unlock(&L->lock);
}

void ps_event_where_fill(ps_event_where *at, const ps_warp *w, const ps_dinsn *d) {
    const ps_cta *c = w->cta;
    memcpy(at->ctaid, c->ctaid, sizeof at->ctaid);
    memcpy(at->block, c->L->cfg.block, sizeof at->block);
    at->warp = w->id;
    at->worker = c->worker;
    at->insn = d ? d->src : NULL;
    at->function = w->nframes ? w->frames[w->nframes - 1].fp->func->name : NULL;
}

static void branch_event(ps_warp *w, const ps_dinsn *d, uint32_t active, uint32_t taken) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->branch) return;
    ps_event_where at;
    ps_event_where_fill(&at, w, d);
    o->branch(o->ctx, &at, active, taken);
}

/* Per-instruction event for a watched record (DF_WATCH), before it executes. */
static __attribute__((noinline)) void insn_event(ps_warp *w, const ps_dinsn *d, uint32_t active,
                                                 uint32_t exec) {
    const ps_observer *o = w->cta->obs;
    const ps_frame *f = &w->frames[w->nframes - 1];
    ps_insn_event e = {.worker = w->cta->worker, .warp = w->id, .depth = w->nframes,
                       .activation = f->activation, .insn = d->src, .active = active,
                       .exec = exec, .regs = (const uint64_t(*)[32])f->r, .preds = f->p};
    memcpy(e.ctaid, w->cta->ctaid, sizeof e.ctaid);
    memcpy(e.block, w->cta->L->cfg.block, sizeof e.block);
    o->insn(o->ctx, &e);
}

static void barrier_event(ps_warp *w, const ps_dinsn *d, int id, uint32_t lanes, bool release) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->barrier) return;
    ps_event_where at;
    ps_event_where_fill(&at, w, d);
    o->barrier(o->ctx, &at, id, lanes, release);
}

/* ---- frames ----------------------------------------------------------------- */

static uint64_t sreg_value(ps_warp *w, int l, ps_sreg s, int comp) {
    ps_cta *c = w->cta;
    ps_launch_ctx *L = c->L;
    const unsigned *blk = L->cfg.block, *grd = L->cfg.grid;
    switch (s) {
    case PS_SREG_TID: return comp < 3 ? w->tid[l][comp] : 0;
    case PS_SREG_NTID: return comp < 3 ? blk[comp] : 0;
    case PS_SREG_CTAID: return comp < 3 ? c->ctaid[comp] : 0;
    case PS_SREG_NCTAID: return comp < 3 ? grd[comp] : 0;
    case PS_SREG_LANEID: return (uint64_t)l;
    case PS_SREG_WARPID: return (uint64_t)w->id;
    case PS_SREG_NWARPID: return 64;
    case PS_SREG_SMID: return (c->ctaid[0] + c->ctaid[1] * grd[0]) % 132;
    case PS_SREG_NSMID: return 132;
    case PS_SREG_GRIDID: return L->gridid;
    case PS_SREG_LANEMASK_EQ: return 1u << l;
    case PS_SREG_LANEMASK_LE: return (uint32_t)((2ull << l) - 1);
    case PS_SREG_LANEMASK_LT: return (1u << l) - 1;
    case PS_SREG_LANEMASK_GE: return ~((1u << l) - 1);
    case PS_SREG_LANEMASK_GT: return (uint32_t)~((2ull << l) - 1);
    case PS_SREG_DYNAMIC_SMEM_SIZE: return L->cfg.shared_bytes;
    case PS_SREG_TOTAL_SMEM_SIZE: return L->total_smem;
    case PS_SREG_AGGR_SMEM_SIZE: return L->aggr_smem;
    /* the reserved region (PTX ISA 10.29; docs/engine.md "Reserved shared memory"): an H200's
     * values; below sm_80 (no region) all zero */
    case PS_SREG_RESERVED_SMEM_OFFSET_BEGIN: return 0;
    case PS_SREG_RESERVED_SMEM_OFFSET_END: return L->reserved_smem ? PS_RESERVED_SMEM_END : 0;
    case PS_SREG_RESERVED_SMEM_OFFSET_CAP: return L->reserved_smem;
    case PS_SREG_RESERVED_SMEM_OFFSET: return 0; /* _0 and _1 */
    case PS_SREG_CLUSTERID: return comp < 3 ? c->cluster->id[comp] : 0;
    case PS_SREG_NCLUSTERID: return comp < 3 ? grd[comp] / L->cluster[comp] : 0;
    case PS_SREG_CLUSTER_CTAID: return comp < 3 ? c->cluster_ctaid[comp] : 0;
    case PS_SREG_CLUSTER_NCTAID: return comp < 3 ? L->cluster[comp] : 0;
    case PS_SREG_CLUSTER_CTARANK: return c->rank;
    case PS_SREG_CLUSTER_NCTARANK: return L->cluster_size;
    case PS_SREG_IS_EXPLICIT_CLUSTER: return L->explicit_cluster;
    /* %envreg0..31 are the driver's: an H200 (driver 580.159.04, lab/sregs/h200) sets envreg0,
     * envreg6 and envreg10 (the end of the reserved shared memory) in every launch shape and leaves
     * the rest 0; other machines are unmeasured and read 0 */
    case PS_SREG_ENVREG:
        /* a cooperative launch's grid workspace: cooperative_groups/details/driver_abi.h reads its
         * address from envreg1 (high word) and envreg2 (low word) */
        if (L->grid_ws && (comp == 1 || comp == 2))
            return comp == 1 ? (uint32_t)(L->grid_ws >> 32) : (uint32_t)L->grid_ws;
        if (!L->envreg_h200) return 0;
        return comp == 0 ? 58995400u : comp == 6 ? 1u : comp == 10 ? PS_RESERVED_SMEM_END : 0u;
    /* %pm0..7 and %pm0_64..7_64 (performance counters, which nothing programs here),
     * %current_graph_exec (0 on the H200 even in a launch of a captured graph: lab/sregs/h200) */
    default: return 0;
    }
}

static bool push_frame(ps_warp *w, const ps_fprog *fp, uint32_t mask, const ps_dinsn *call) {
    ps_cta *c = w->cta;
    uint64_t base = 0;
    if (w->nframes) {
        ps_frame *caller = &w->frames[w->nframes - 1];
        base = caller->local_base + caller->fp->frame_bytes;
    }
    if (base + fp->frame_bytes > c->L->local_per_thread && fp->frame_bytes) {
        ps_fault_raise(w, PS_FAULT_STACK_OVERFLOW, __builtin_ctz(mask),
                       "call stack overflow entering '%s' (%llu bytes of local memory per thread)",
                       fp->func->name, (unsigned long long)c->L->local_per_thread);
        return false;
    }
    if (w->nframes == w->cap_frames) {
        int old = w->cap_frames;
        w->cap_frames = old ? old * 2 : 4;
        w->frames = ps_xrealloc(w->frames, sizeof(ps_frame) * (size_t)w->cap_frames);
        memset(w->frames + old, 0, sizeof(ps_frame) * (size_t)(w->cap_frames - old));
    }
    ps_frame *f = &w->frames[w->nframes++];
    /* registers: frames are reused, so keep buffers large enough */
    uint64_t (*r)[WARP] = f->r;
    uint32_t *p = f->p;
    simt_entry *stack = f->stack;
    int cap = f->cap;
    size_t rcap = f->rcap, pcap = f->pcap;
    size_t rbytes = sizeof(uint64_t) * WARP * (size_t)(fp->nslots ? fp->nslots : 1);
    if (rbytes > rcap) r = ps_xrealloc(r, rcap = rbytes);
    /* "_" operands use the scratch slot index, also as a predicate destination ("setp _|p"):
     * the predicate file covers every slot index so such writes stay in bounds. */
    size_t npred = (size_t)(fp->npreds > fp->nslots ? fp->npreds : fp->nslots) + 1;
    if (sizeof(uint32_t) * npred > pcap) p = ps_xrealloc(p, pcap = sizeof(uint32_t) * npred);
    memset(p, 0, sizeof(uint32_t) * npred);
    if (fp->pred_true >= 0) p[fp->pred_true] = FULL_MASK;
    *f = (ps_frame){.fp = fp, .r = r, .p = p, .stack = stack, .cap = cap, .live = mask,
                    .local_base = base, .call = call, .call_mask = mask, .rcap = rcap,
                    .pcap = pcap, .activation = ++w->activations};
    /* registers start at zero (one memset); then the constant slots get their values */
    memset(r, 0, rbytes);
    for (int s = 0; s < fp->nslots; s++) {
        const ps_slot_info *si = &fp->slots[s];
        if (si->kind == SK_REG || si->kind == SK_SCRATCH || si->kind == SK_ZERO) continue;
        uint64_t *dst = r[s];
        uint64_t v = 0;
        switch (si->kind) {
        case SK_IMM: v = si->value; break;
        case SK_SHARED_SYM: v = c->L->shared_off[si->value] + (uint64_t)si->addend; break;
        case SK_LOCAL_SYM: v = base + si->var->offset + (uint64_t)si->addend; break;
        case SK_SREG:
            for (int l = 0; l < WARP; l++) dst[l] = sreg_value(w, l, (ps_sreg)si->sreg, si->comp);
            continue;
        }
        for (int l = 0; l < WARP; l++) dst[l] = v;
    }
    if (!f->cap) {
        f->cap = 16;
        f->stack = ps_xmalloc(sizeof(simt_entry) * (size_t)f->cap);
    }
    f->stack[0] = (simt_entry){0, -1, mask, 0};
    f->sp = 1;
    w->r = r;
    w->p = p;
    return true;
}

static void push_entry(ps_frame *f, int pc, int rpc, uint32_t mask) {
    if (f->sp == f->cap) {
        f->cap *= 2;
        f->stack = ps_xrealloc(f->stack, sizeof(simt_entry) * (size_t)f->cap);
    }
    f->stack[f->sp++] = (simt_entry){pc, rpc, mask, 0};
}

static uint8_t *local_at(ps_warp *w, int lane, uint64_t off) {
    ps_cta *c = w->cta;
    return c->local + (uint64_t)(w->id * WARP + lane) * c->L->local_per_thread + off;
}

/* Where a call's value lives in one frame: a register slot, a predicate (index into the
 * frame's predicate file) or frame memory (a .param variable: slot info SK_LOCAL_SYM). */
typedef struct {
    uint64_t (*r)[WARP];
    uint32_t *p;
    uint64_t base;          /* the frame's local_base */
    const ps_var *var;      /* frame memory: the variable */
    uint16_t slot;          /* register slot or predicate index */
    bool pred;
} arg_loc;

/* Moves `size` bytes per lane of `mask` from one place to another (PTX ISA 9.7.12.6, call:
 * arguments are copied into the callee's parameters, results back after ret). Registers hold
 * their value zero-extended to 64 bits; predicates are one bit per lane. */
static void move_value(ps_warp *w, uint32_t mask, const arg_loc *src, const arg_loc *dst, uint64_t size) {
    uint64_t n = size > 256 ? 256 : size;
    for (uint32_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint8_t buf[256] = {0};
        if (src->pred) buf[0] = (src->p[src->slot] >> l) & 1;
        else if (src->var) memcpy(buf, local_at(w, l, src->base + src->var->offset), n);
        else {
            uint64_t v = src->r[src->slot][l];
            memcpy(buf, &v, n < 8 ? n : 8);
        }
        if (dst->pred) {
            dst->p[dst->slot] = (dst->p[dst->slot] & ~(1u << l)) | (uint32_t)(buf[0] != 0) << l;
        } else if (dst->var) {
            memcpy(local_at(w, l, dst->base + dst->var->offset), buf, n);
        } else {
            uint64_t v = 0;
            memcpy(&v, buf, n < 8 ? n : 8);
            dst->r[dst->slot][l] = v;
        }
    }
}

/* The caller's k-th call_slots entry of call d as a location. */
static arg_loc caller_loc(const ps_frame *f, const ps_dinsn *d, int k) {
    uint16_t s = f->fp->call_slots[d->aux + k];
    const ps_slot_info *si = &f->fp->slots[s];
    bool pred = f->fp->call_pred[d->aux + k];
    return (arg_loc){.r = f->r, .p = f->p, .base = f->local_base, .slot = s, .pred = pred,
                     .var = !pred && si->kind == SK_LOCAL_SYM ? si->var : NULL};
}

/* The callee's k-th formal (parameters, then return values) as a location. */
static arg_loc callee_loc(const ps_frame *f, int k) {
    const ps_func *fn = f->fp->func;
    const ps_var *v = k < fn->nparams ? fn->params[k] : fn->rets[k - fn->nparams];
    if (!v->is_reg) return (arg_loc){.base = f->local_base, .var = v};
    return (arg_loc){.r = f->r, .p = f->p, .slot = f->fp->arg_slot[k], .pred = v->type == PS_T_PRED};
}

static uint64_t formal_size(const ps_var *v) { return v->type == PS_T_PRED ? 1 : v->size; }

static void do_call(ps_warp *w, const ps_dinsn *d, uint32_t exec) {
    ps_cta *c = w->cta;
    ps_program *prog = c->L->prog;
    int target = d->target;
    if (d->aux8) { /* indirect */
        int l0 = __builtin_ctz(exec);
        uint64_t v = w->r[d->o[0]][l0];
        /* Lanes calling different functions run one target at a time, as the hardware
         * serialises them: the lanes of the first lane's target call now; the others wait on
         * the SIMT stack at this call and run it again, all meeting after the call. */
        uint32_t group = 0;
        for (uint32_t m = exec; m; m &= m - 1)
            if (w->r[d->o[0]][__builtin_ctz(m)] == v) group |= 1u << __builtin_ctz(m);
        if (group != exec) {
            ps_frame *f = &w->frames[w->nframes - 1];
            int pc = f->stack[f->sp - 1].pc;
            f->stack[f->sp - 1].pc = pc + 1;
            push_entry(f, pc, pc + 1, f->stack[f->sp - 1].mask & ~group);
            push_entry(f, pc, pc + 1, group);
            exec = group;
        }
        uint64_t fi = v - FUNC_BASE;
        if (v < FUNC_BASE || fi >= (uint64_t)prog->nfuncs) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l0, "indirect call to a non-function 0x%llx",
                           (unsigned long long)v);
            return;
        }
        if (prog->funcs[fi].func->is_entry) { /* kernels are launched, never called */
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l0, "indirect call to 0x%llx, which is kernel '%s': a kernel cannot be called",
                           (unsigned long long)v, prog->funcs[fi].func->name);
            return;
        }
        target = (int)fi;
    }
    const ps_fprog *callee = &prog->funcs[target];
    if (!callee->func->defined) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, __builtin_ctz(exec),
                       "call to '%s', which is declared but not defined in this module",
                       callee->func->name);
        return;
    }
    int nargs = d->o[1], nrets = d->o[2];
    if (nargs != callee->func->nparams || nrets != callee->func->nrets) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, __builtin_ctz(exec),
                       "call to '%s' with %d arguments and %d results; it takes %d and %d",
                       callee->func->name, nargs, nrets, callee->func->nparams, callee->func->nrets);
        return;
    }
    for (int k = 0; k < nargs + nrets; k++) { /* an indirect call's operands meet the callee here */
        const ps_var *v = k < nargs ? callee->func->params[k] : callee->func->rets[k - nargs];
        ps_frame *caller = &w->frames[w->nframes - 1];
        if (caller->fp->call_pred[d->aux + k] != (v->type == PS_T_PRED) &&
            !(k < nargs && v->type == PS_T_PRED)) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, __builtin_ctz(exec),
                           "call to '%s': operand %d and its formal '%s' must both be predicates or both not",
                           callee->func->name, k + 1, v->name);
            return;
        }
    }
    ps_frame *caller = &w->frames[w->nframes - 1];
    caller->stack[caller->sp - 1].pc++;
    if (!push_frame(w, callee, exec, d)) return;
    ps_frame *f = &w->frames[w->nframes - 1];
    caller = &w->frames[w->nframes - 2]; /* push_frame may have moved the frames */
    for (int k = 0; k < nargs; k++) {
        arg_loc src = caller_loc(caller, d, k), dst = callee_loc(f, k);
        move_value(w, exec, &src, &dst, formal_size(callee->func->params[k]));
    }
}

static void do_return(ps_warp *w) {
    ps_frame *f = &w->frames[w->nframes - 1];
    ps_frame *caller = &w->frames[w->nframes - 2];
    const ps_dinsn *d = f->call;
    const ps_func *fn = f->fp->func;
    uint32_t mask = f->call_mask & w->live;
    for (int k = 0; k < fn->nrets; k++) {
        arg_loc src = callee_loc(f, fn->nparams + k), dst = caller_loc(caller, d, fn->nparams + k);
        move_value(w, mask, &src, &dst, formal_size(fn->rets[k]));
    }
    w->nframes--;
    w->r = caller->r;
    w->p = caller->p;
}

/* ---- barriers --------------------------------------------------------------- *
 * CTA barriers count arriving threads. A warp whose live lanes all arrive together (the common
 * case, and always for aligned barriers: bar.sync, barrier.sync.aligned) waits as a whole
 * (state WS_BARRIER, bar_id). With independent thread scheduling (sm_70+) the lanes of a warp may
 * also reach a non-aligned barrier.sync / barrier.red at different instructions and times (PTX
 * ISA 9.7.13.1): the SIMT entry of the lanes that arrived is parked (simt_entry.parked) and the
 * warp's other lanes run on, even past the reconvergence point they would otherwise wait at
 * (park_schedule); the parked entries run again when the barrier completes. bar.warp.sync parks
 * the same way until every lane of its member mask arrived. */

static uint32_t cta_live_threads(ps_cta *c) { return c->live_threads; }

static bool is_aligned(const ps_dinsn *d) {
    return d->src->form == PS_F_BAR || ps_modset_has(&d->src->mods, PS_MOD_ALIGNED);
}

/* bar.red result for `lanes`, into registers r / predicates p of the frame that executed d. */
static void red_result(uint64_t (*r)[WARP], uint32_t *p, const ps_dinsn *d, uint32_t lanes,
                       const ps_barrier *b) {
    if (!ps_modset_has(&d->src->mods, PS_MOD_RED)) return;
    if (ps_modset_has(&d->src->mods, PS_MOD_POPC)) {
        for (uint32_t m = lanes; m; m &= m - 1) r[d->o[0]][__builtin_ctz(m)] = b->red_popc;
    } else {
        bool v = ps_modset_has(&d->src->mods, PS_MOD_AND) ? b->red_and : b->red_or;
        p[d->o[0]] = (p[d->o[0]] & ~lanes) | (v ? lanes : 0);
    }
}

/* Runs BODY for every parked entry (pe, in frame pf) of w, in all frames, parked as `which`. */
#define FOR_PARKED(w, which, BODY)                                                \
    for (int _k = 0; _k < (w)->nframes && (w)->nparked; _k++) {                   \
        ps_frame *pf = &(w)->frames[_k];                                          \
        for (int _j = 0; _j < pf->sp; _j++) {                                     \
            simt_entry *pe = &pf->stack[_j];                                      \
            if (pe->parked != (which)) continue;                                  \
            BODY;                                                                 \
        }                                                                         \
    }

static void bar_release(ps_cta *c, int id) {
    ps_barrier *b = &c->bars[id];
    if (c->obs && c->obs->barrier) {
        ps_event_where at;
        ps_event_where_fill(&at, &c->warps[0], NULL);
        at.warp = -1;
        c->obs->barrier(c->obs->ctx, &at, id, 0, true);
    }
    for (int i = 0; i < c->nwarps; i++) {
        if (!(b->waiting >> i & 1)) continue;
        ps_warp *w = &c->warps[i];
        FOR_PARKED(w, (uint32_t)(PARK_CTA + id), {
            red_result(pf->r, pf->p, &pf->fp->code[pe->pc - 1], pe->mask & pf->live, b);
            pe->parked = 0;
            w->nparked--;
        });
        if (w->state != WS_BARRIER) continue;
        if (w->bar_id == id) { /* the whole warp waited here */
            red_result(w->r, w->p, w->bar_insn, w->bar_mask, b);
            w->bar_insn = NULL;
            w->bar_id = -1;
            w->state = WS_RUN;
        } else if (w->bar_id < 0) {
            w->state = WS_RUN; /* parked lanes: the warp loop runs what can run now */
        }
    }
    *b = (ps_barrier){0};
}

static bool bar_complete(ps_cta *c, int id) {
    ps_barrier *b = &c->bars[id];
    if (!b->waiting && !b->arrived) return false;
    uint32_t need = b->expected ? b->expected : cta_live_threads(c);
    return b->arrived >= need;
}

/* The lanes of the top entry of f that execute d (exec, of the entry's m) wait at it: the
 * entry is parked past d, as `which`. Lanes of m whose guard is false go on in an entry of
 * their own. */
static void park_top(ps_warp *w, ps_frame *f, uint32_t exec, uint32_t m, uint32_t which) {
    simt_entry *e = &f->stack[f->sp - 1];
    e->mask = exec;
    e->parked = which;
    w->nparked++;
    if (m & ~exec) push_entry(f, e->pc, e->rpc, m & ~exec);
}

/* The top entry of f is parked: brings an entry that can run to the top. Scanning down, `held`
 * collects the lanes that wait (parked, or at a reconvergence point behind parked lanes). The
 * first entry with lanes outside `held` runs: moved to the top when it has no held lanes, or,
 * when it is the reconvergence point of held lanes and others, split so that the others go on
 * without them (they would under independent thread scheduling). False: nothing can run. */
static bool park_schedule(ps_frame *f) {
    uint32_t held = 0;
    for (int i = f->sp - 1; i >= 0; i--) {
        simt_entry *e = &f->stack[i];
        uint32_t m = e->mask & f->live;
        if (e->parked || (m && !(m & ~held))) {
            held |= m;
            continue;
        }
        if (m & held) { /* a reconvergence point: the lanes that are not held go on alone */
            simt_entry go = {e->pc, e->rpc, m & ~held, 0};
            e->mask = m & held;
            push_entry(f, go.pc, go.rpc, go.mask);
        } else { /* disjoint from every held lane: rotate it to the top */
            simt_entry go = *e;
            memmove(&f->stack[i], &f->stack[i + 1], sizeof(simt_entry) * (size_t)(f->sp - 1 - i));
            f->stack[f->sp - 1] = go;
        }
        return true;
    }
    return false;
}

static void warp_sync_event(ps_warp *w, const ps_dinsn *d, uint32_t lanes) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->warp_sync) return;
    ps_event_where at;
    ps_event_where_fill(&at, w, d);
    o->warp_sync(o->ctx, &at, lanes);
}

/* Lanes parked at bar.warp.sync. */
static uint32_t wsync_lanes(ps_warp *w) {
    uint32_t lanes = 0;
    FOR_PARKED(w, (uint32_t)PARK_WSYNC, lanes |= pe->mask & pf->live);
    return lanes;
}

/* Releases the lanes parked at bar.warp.sync once every live lane of the member mask is there. */
static bool wsync_try_release(ps_warp *w, const ps_dinsn *d, uint32_t extra) {
    uint32_t at = wsync_lanes(w) | extra;
    if (w->wsync_mask & w->live & ~at) return false;
    const ps_dinsn *first = d;
    FOR_PARKED(w, (uint32_t)PARK_WSYNC, {
        if (!first) first = &pf->fp->code[pe->pc - 1]; /* the event names a bar.warp.sync */
        pe->parked = 0;
        w->nparked--;
    });
    warp_sync_event(w, first, at);
    w->wsync_mask = 0;
    return true;
}

/* The top entry of f is parked. Returns true when the warp can go on (something runs, or a
 * bar.warp.sync completed), false when every lane waits (the warp blocks) or on a fault. */
static bool park_continue(ps_warp *w, ps_frame *f) {
    if (park_schedule(f)) return true;
    bool wsync = false, cta = false;
    for (int k = 0; k < w->nframes; k++)
        for (int j = 0; j < w->frames[k].sp; j++) {
            uint32_t pk = w->frames[k].stack[j].parked;
            wsync |= pk == PARK_WSYNC;
            cta |= pk && pk != PARK_WSYNC;
        }
    if (wsync) {
        simt_entry *e = &f->stack[f->sp - 1];
        const ps_dinsn *d = e->parked == PARK_WSYNC ? &f->fp->code[e->pc - 1] : NULL;
        if (wsync_try_release(w, d, 0)) return true;
        if (!cta) { /* no lane can come: the others are in callers or exited */
            if (d) w->cta->cur = d;
            ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(e->mask),
                           "bar.warp.sync member mask 0x%08x names lanes that cannot arrive "
                           "(0x%08x)", w->wsync_mask, w->wsync_mask & w->live & ~wsync_lanes(w));
            return false;
        }
    }
    return false;
}

/* bar.warp.sync (ISA 9.7.13.x): the lanes of the member mask meet, at this or another
 * bar.warp.sync instruction (sm_70+). The top entry's pc is past d. */
static void do_warp_sync(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t exec, uint32_t m) {
    uint32_t mm = (uint32_t)w->r[d->o[0]][__builtin_ctz(exec)];
    /* lanes with different member masks (tiled_partition<16>.sync(): each half warp names its
     * half) are independent groups; when each group is here whole, each synchronises alone */
    uint32_t diff = 0;
    for (uint32_t k = exec; k; k &= k - 1) diff |= (uint32_t)w->r[d->o[0]][__builtin_ctz(k)] ^ mm;
    if (diff) {
        for (uint32_t left = exec; left;) {
            uint32_t gm = (uint32_t)w->r[d->o[0]][__builtin_ctz(left)], g = 0;
            for (uint32_t k = left; k; k &= k - 1)
                if ((uint32_t)w->r[d->o[0]][__builtin_ctz(k)] == gm) g |= 1u << __builtin_ctz(k);
            if (g & ~gm || (gm & w->live & ~g)) {
                ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(g),
                               "bar.warp.sync with member mask 0x%08x reached by lanes 0x%08x "
                               "together with lanes of other masks: ptxsim needs each mask's "
                               "lanes to arrive together then", gm, g);
                return;
            }
            left &= ~g;
        }
        for (uint32_t left = exec; left;) {
            uint32_t gm = (uint32_t)w->r[d->o[0]][__builtin_ctz(left)];
            warp_sync_event(w, d, gm & exec);
            left &= ~gm;
        }
        return;
    }
    if (exec & ~mm) {
        ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(exec & ~mm),
                       "lane executes a warp-synchronous instruction without being in its member "
                       "mask 0x%08x", mm);
        return;
    }
    if (!(mm & w->live & ~exec)) { /* everyone is here: the common case */
        warp_sync_event(w, d, exec);
        return;
    }
    if (w->wsync_mask && w->wsync_mask != mm) {
        ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(exec),
                       "bar.warp.sync with member mask 0x%08x while lanes wait at one with 0x%08x",
                       mm, w->wsync_mask);
        return;
    }
    w->wsync_mask = mm;
    if (wsync_try_release(w, d, exec)) return;
    park_top(w, f, exec, m, PARK_WSYNC);
}

static void do_barrier(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t exec, uint32_t m) {
    ps_cta *c = w->cta;
    const ps_insn *in = d->src;
    bool red = ps_modset_has(&in->mods, PS_MOD_RED);
    bool arrive = ps_modset_has(&in->mods, PS_MOD_ARRIVE);
    int first = red ? 1 : 0;
    int l0 = __builtin_ctz(exec);
    uint64_t id = w->r[d->o[first]][l0];
    uint64_t count = 0;
    int nvals = d->nops - first - (red ? 1 : 0);
    if (nvals >= 2) count = w->r[d->o[first + 1]][l0];
    if (id > 15) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l0, "barrier %llu out of range (0-15)",
                       (unsigned long long)id);
        return;
    }
    if (arrive && !count) { /* a register holding 0 (an immediate 0 is refused when decoding) */
        ps_fault_raise(w, PS_FAULT_BAD_LAUNCH, l0, "barrier.arrive with a thread count of 0");
        return;
    }
    if (count && (count % WARP || count > c->L->nthreads + WARP)) {
        ps_fault_raise(w, PS_FAULT_BAD_LAUNCH, l0, "barrier thread count %llu is not a multiple of 32",
                       (unsigned long long)count);
        return;
    }
    ps_barrier *b = &c->bars[id];
    if (b->arrived == 0 && !b->waiting) {
        b->expected = (uint32_t)count;
        b->red_and = 1;
    }
    b->arrived += ps_popc(exec);
    if (red) {
        uint32_t pv = read_pred(w, d, d->nops - 1) & exec;
        b->red_popc += ps_popc(pv);
        if (pv != exec) b->red_and = 0;
        if (pv) b->red_or = 1;
    }
    if (c->obs) barrier_event(w, d, (int)id, exec, false);
    if (!arrive) {
        b->waiting |= 1ull << w->id;
        if ((exec == w->live && !w->nparked) || is_aligned(d)) {
            /* the whole warp waits (aligned barriers: PTX leaves a partial arrival undefined;
             * the rest of the warp waits too, and a barrier that then cannot complete is a
             * deadlock fault) */
            w->state = WS_BARRIER;
            w->bar_id = (int)id;
            w->bar_insn = d;
            w->bar_mask = exec;
        } else {
            park_top(w, f, exec, m, (uint32_t)(PARK_CTA + id));
        }
    }
    if (bar_complete(c, (int)id)) bar_release(c, (int)id);
}

/* barrier.cluster.wait (ISA 9.7.13.1): the executing threads wait until the cluster phase they
 * arrived in completed (ps_cluster_bar_check releases them). As for barrier.sync, a whole warp
 * waits as one (WS_CLUSTER); lanes of a non-aligned wait reached by part of a warp are parked so
 * that the others can still arrive. The top entry's pc is past d. */
static void do_cluster_wait(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t exec, uint32_t m) {
    ps_cluster *cl = w->cta->cluster;
    uint32_t missing = exec & ~w->cl_pending;
    if (missing) {
        ps_fault_raise(w, PS_FAULT_DEADLOCK, __builtin_ctz(missing),
                       "barrier.cluster.wait by a thread that has not arrived "
                       "(barrier.cluster.arrive) since its last wait: it would wait forever");
        return;
    }
    bool open = false;
    for (uint32_t x = exec; x && !open; x &= x - 1) open = w->cl_phase[__builtin_ctz(x)] == cl->bar_phase;
    if (!open) { /* the phase already completed */
        w->cl_pending &= ~exec;
        return;
    }
    w->cl_insn = d;
    w->cl_wait |= exec;
    if ((exec == w->live && !w->nparked) || ps_modset_has(&d->src->mods, PS_MOD_ALIGNED)) {
        /* aligned: PTX leaves a partial arrival undefined; the whole warp waits, and a barrier
         * that then cannot complete is a deadlock fault */
        w->state = WS_CLUSTER;
        return;
    }
    park_top(w, f, exec, m, PARK_CLUSTER);
}

/* A waiting warp's barrier and lanes, for the deadlock report. */
static void bar_waiter(ps_warp *w, int *id, uint32_t *lanes, const ps_dinsn **insn) {
    if (w->bar_id >= 0) {
        *id = w->bar_id, *lanes = w->bar_mask, *insn = w->bar_insn;
        return;
    }
    *id = -1, *lanes = 0, *insn = NULL;
    for (int k = w->nframes - 1; k >= 0 && !*insn; k--) {
        ps_frame *pf = &w->frames[k];
        for (int j = pf->sp - 1; j >= 0 && !*insn; j--) {
            const simt_entry *pe = &pf->stack[j];
            if (!pe->parked || pe->parked == PARK_CLUSTER) continue;
            *id = pe->parked == PARK_WSYNC ? -1 : (int)(pe->parked - PARK_CTA);
            *lanes = pe->mask & pf->live;
            *insn = &pf->fp->code[pe->pc - 1];
        }
    }
}

/* ---- the warp loop ---------------------------------------------------------- */

static void exit_lanes(ps_warp *w, uint32_t lanes) {
    uint32_t leaving = w->live & lanes;
    w->cta->live_threads -= ps_popc(leaving);
    w->live &= ~lanes;
    for (int i = 0; i < w->nframes; i++) w->frames[i].live &= ~lanes;
    if (leaving) ps_cluster_lanes_exit(w, leaving);
}

/* ---- barrier.cluster (the phases; exec_cluster.c has the instructions) ----------------------- */

static uint32_t cluster_live_threads(const ps_cluster *cl) {
    uint32_t n = 0;
    for (int i = 0; i < cl->n; i++) n += cl->cta[i]->live_threads;
    return n;
}

/* Completes the current phase when every live thread of the cluster arrived, and lets the warps
 * whose waiting lanes all arrived in a completed phase run again. */
void ps_cluster_bar_check(ps_cluster *cl) {
    uint32_t live = cluster_live_threads(cl);
    if (!cl->bar_arrived || cl->bar_arrived < live) return;
    cl->bar_phase++;
    cl->bar_arrived = 0;
    ps_cta *c0 = cl->cta[0];
    const ps_observer *o = c0->obs;
    if (o && o->cluster_barrier) {
        int workers[MAX_CLUSTER];
        for (int i = 0; i < cl->n; i++) workers[i] = cl->cta[i]->worker;
        o->cluster_barrier(o->ctx, workers, cl->n);
    }
    for (int i = 0; i < cl->n; i++) {
        ps_cta *c = cl->cta[i];
        for (int k = 0; k < c->nwarps; k++) {
            ps_warp *w = &c->warps[k];
            bool unparked = false;
            FOR_PARKED(w, (uint32_t)PARK_CLUSTER, {
                uint32_t lanes = pe->mask & pf->live;
                bool done = true;
                for (uint32_t x = lanes; x && done; x &= x - 1)
                    done = w->cl_phase[__builtin_ctz(x)] != cl->bar_phase;
                if (done) {
                    pe->parked = 0;
                    w->nparked--;
                    w->cl_pending &= ~lanes;
                    w->cl_wait &= ~lanes;
                    unparked = true;
                }
            });
            if (unparked && w->state == WS_BARRIER && w->bar_id < 0) w->state = WS_RUN;
            if (w->state != WS_CLUSTER) continue;
            bool ready = true;
            for (uint32_t m = w->cl_wait & w->live; m && ready; m &= m - 1)
                ready = w->cl_phase[__builtin_ctz(m)] != cl->bar_phase;
            if (ready) {
                w->cl_pending &= ~w->cl_wait;
                w->cl_wait = 0;
                w->state = WS_RUN;
            }
        }
    }
}

void ps_cluster_lanes_exit(ps_warp *w, uint32_t lanes) {
    ps_cluster *cl = w->cta->cluster;
    for (uint32_t m = w->cl_pending & lanes; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (w->cl_phase[l] == cl->bar_phase && cl->bar_arrived) cl->bar_arrived--;
    }
    w->cl_pending &= ~lanes;
    w->cl_wait &= ~lanes;
    if (w->state == WS_CLUSTER && !(w->cl_wait & w->live)) w->state = WS_RUN;
    ps_cluster_bar_check(cl);
}

static void do_brx(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t m, uint32_t exec) {
    const ps_func *fn = f->fp->func;
    const ps_label *tab = &fn->labels[d->target];
    int pc = f->stack[f->sp - 1].pc;
    uint32_t rest = m & ~exec;
    int first_target = -1;
    uint32_t first_mask = 0;
    /* group lanes by target */
    int targets[WARP];
    for (uint32_t x = exec; x; x &= x - 1) {
        int l = __builtin_ctz(x);
        uint64_t idx = w->r[d->o[0]][l] & 0xffffffffu;
        if (idx >= (uint64_t)tab->ntargets) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "brx.idx index %llu out of range (%d targets)",
                           (unsigned long long)idx, tab->ntargets);
            return;
        }
        targets[l] = fn->labels[tab->targets[idx]].insn;
    }
    uint32_t todo = exec;
    int groups = 0;
    simt_entry pending[WARP];
    while (todo) {
        int l = __builtin_ctz(todo);
        int t = targets[l];
        uint32_t g = 0;
        for (uint32_t x = todo; x; x &= x - 1)
            if (targets[__builtin_ctz(x)] == t) g |= 1u << __builtin_ctz(x);
        todo &= ~g;
        pending[groups++] = (simt_entry){t, d->reconv, g, 0};
        if (first_target < 0) first_target = t, first_mask = g;
    }
    if (groups == 1 && !rest) {
        f->stack[f->sp - 1].pc = first_target;
        return;
    }
    f->stack[f->sp - 1].pc = d->reconv;
    if (rest) push_entry(f, pc + 1, d->reconv, rest);
    for (int i = groups - 1; i >= 0; i--) push_entry(f, pending[i].pc, pending[i].rpc, pending[i].mask);
    (void)first_mask;
}

/* Number of lanes in a mask: the full warp without counting. */
static inline unsigned lanes_in(uint32_t m) { return m == FULL_MASK ? WARP : ps_popc(m); }

/* Runs warp w for up to `quantum` instructions; returns how many were executed. `watch` is a
 * constant in each of the two copies below: the plain one has no per-instruction test at all. */
static inline __attribute__((always_inline)) int warp_run_impl(ps_warp *w, int quantum,
                                                               const bool watch) {
    ps_cta *c = w->cta;
    int done = 0;
    c->yield = false;
    while (done < quantum && w->state == WS_RUN && !c->faulted && !c->yield) {
        ps_frame *f = &w->frames[w->nframes - 1];
        if (f->sp == 0) {
            if (w->nframes == 1) {
                w->state = WS_DONE;
                break;
            }
            do_return(w);
            continue;
        }
        simt_entry *e = &f->stack[f->sp - 1];
        if (__builtin_expect(e->parked != 0, 0)) { /* its lanes wait at a barrier */
            if (park_continue(w, f)) continue;
            if (!c->faulted) w->state = WS_BARRIER, w->bar_id = -1;
            break;
        }
        uint32_t m = e->mask & f->live;
        if (!m || e->pc == e->rpc) {
            /* Lanes whose path reconverges at an unconditional ret/exit leave now instead of
             * waiting there for the other path: with independent thread scheduling (sm_70+) they
             * would, and `if (i >= n) return; ... bar.sync` must not deadlock. */
            if (m && e->pc < f->fp->ncode) {
                const ps_dinsn *t = &f->fp->code[e->pc];
                if (t->guard < 0 && (t->ctl == CTL_EXIT || t->ctl == CTL_RET)) {
                    if (t->ctl == CTL_EXIT || w->nframes == 1) {
                        exit_lanes(w, m);
                        for (int b = 0; b < 16; b++)
                            if (bar_complete(c, b)) bar_release(c, b);
                    } else {
                        f->live &= ~m;
                    }
                }
            }
            f->sp--;
            continue;
        }
        if (e->pc >= f->fp->ncode) { /* ran off the end: an implicit ret */
            if (w->nframes == 1) exit_lanes(w, m);
            else f->live &= ~m;
            continue;
        }
        const ps_dinsn *code = f->fp->code, *end = code + f->fp->ncode;
        const ps_dinsn *d = code + e->pc;
        if (d->ctl == CTL_NONE || d->ctl == CTL_BRA) {
            /* A run of the top SIMT entry: its lanes m cannot change until a divergent branch
             * or another control instruction, so plain records and branches that every lane
             * of m takes the same way execute back to back, with only the guard to evaluate,
             * and the entry's pc is written back once (docs/performance.md). The run stops
             * where the entry would be popped (its reconvergence pc), at the end of the code,
             * at the quantum, or at a fault. */
            const ps_dinsn *stop = e->rpc >= 0 ? code + e->rpc : end;
            const uint32_t *preds = w->p;
            int n = 0, limit = quantum - done;
            for (;;) {
                uint32_t exec = m;
                if (d->guard >= 0) {
                    uint32_t g = preds[d->guard];
                    exec &= d->guard_neg ? ~g : g;
                }
                c->cur = d;
                c->stats.warp_instructions++;
                n++;
                if (watch && (d->flags & DF_WATCH)) insn_event(w, d, m, exec);
                if (d->ctl == CTL_NONE) {
                    if (exec) {
                        w->exec = exec;
                        d->fn(w, d);
                        if (c->faulted | c->yield) { /* yield: an mbarrier wait failed */
                            d++;
                            break;
                        }
                    }
                    d++;
                } else { /* bra */
                    c->stats.branches++;
                    if (c->obs && d->guard >= 0) branch_event(w, d, m, exec);
                    if (exec == m) d = code + d->target;
                    else if (!exec) d++;
                    else { /* divergent: this entry waits at the reconvergence point */
                        int pc = (int)(d - code);
                        c->stats.divergent_branches++;
                        e->pc = d->reconv;
                        push_entry(f, pc + 1, d->reconv, m & ~exec); /* may move f->stack */
                        push_entry(f, d->target, d->reconv, exec);
                        d = NULL;
                        break;
                    }
                }
                if (d->ctl > CTL_BRA || d == stop || n == limit) break; /* CTL_END at the end */
            }
            if (d) e->pc = (int32_t)(d - code);
            done += n;
            c->stats.thread_instructions += (uint64_t)n * lanes_in(m);
            continue;
        }
        uint32_t exec = m;
        if (d->guard >= 0) {
            uint32_t g = w->p[d->guard];
            exec &= d->guard_neg ? ~g : g;
        }
        c->cur = d;
        done++;
        c->stats.warp_instructions++;
        c->stats.thread_instructions += lanes_in(m);
        if (watch && (d->flags & DF_WATCH)) insn_event(w, d, m, exec);
        switch (d->ctl) {
        case CTL_NONE:
        case CTL_BRA: break; /* executed by the run above */
        case CTL_BRX:
            c->stats.branches++;
            if (c->obs) branch_event(w, d, m, exec);
            if (!exec) e->pc++;
            else do_brx(w, f, d, m, exec);
            break;
        case CTL_CALL:
            if (exec) do_call(w, d, exec);
            else e->pc++;
            break;
        case CTL_RET:
            e->pc++;
            if (w->nframes == 1) exit_lanes(w, exec);
            else f->live &= ~exec;
            break;
        case CTL_EXIT:
            e->pc++;
            exit_lanes(w, exec);
            for (int b = 0; b < 16; b++)
                if (bar_complete(c, b)) bar_release(c, b);
            break;
        case CTL_TRAP:
            if (exec) ps_fault_raise(w, PS_FAULT_TRAP, __builtin_ctz(exec), "trap instruction executed");
            e->pc++;
            break;
        case CTL_BAR:
            e->pc++;
            if (exec) do_barrier(w, f, d, exec, m);
            break;
        case CTL_WSYNC:
            e->pc++;
            if (exec) do_warp_sync(w, f, d, exec, m);
            break;
        case CTL_CWAIT:
            e->pc++;
            if (exec) do_cluster_wait(w, f, d, exec, m);
            break;
        }
    }
    return done;
}

static int warp_run_plain(ps_warp *w, int quantum) { return warp_run_impl(w, quantum, false); }
static int warp_run_watched(ps_warp *w, int quantum) { return warp_run_impl(w, quantum, true); }
static int warp_run(ps_warp *w, int quantum) {
    return w->cta->watch ? warp_run_watched(w, quantum) : warp_run_plain(w, quantum);
}

/* ---- CTAs ------------------------------------------------------------------- */

/* One host thread's state: the CTAs of the cluster it runs (one CTA without clusters).
 * Cache-line aligned: each worker writes its CTAs' statistics and last-hit entries all the time,
 * and must not share a line with its neighbour's fields. */
typedef struct {
    _Alignas(64) ps_launch_ctx *L;
    ps_cluster cl;
    ps_cta *ctas;            /* L->cluster_size, by rank */
    bool done[MAX_CLUSTER];  /* cluster_step's state: CTAs that finished */
    unsigned spin_rounds;    /* rounds in a row of failed mbarrier waits alone */
} worker;

static void cta_setup(ps_cta *c) {
    ps_launch_ctx *L = c->L;
    const unsigned *g = L->cfg.grid, *b = L->cfg.block;
    uint64_t linear = c->ctaid[0] + (uint64_t)g[0] * (c->ctaid[1] + (uint64_t)g[1] * c->ctaid[2]);
    memset(c->shared, 0, c->shared_size);
    memset(c->bars, 0, sizeof c->bars);
    c->faulted = false;
    c->cur = NULL;
    c->live_threads = L->nthreads;
    for (int i = 0; i < c->nwarps; i++) c->order[i] = i;
    /* the seeded schedule: a generator per CTA, so results do not depend on which host thread
     * ran which CTA (splitmix64 of seed and CTA index; never 0) */
    if (L->cfg.schedule_seed) {
        uint64_t z = L->cfg.schedule_seed + 0x9e3779b97f4a7c15ull * (linear + 1);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        c->sched = (z ^ (z >> 31)) | 1;
    } else {
        c->sched = 0;
    }
    ps_async_reset(c);
    for (int i = 0; i < c->nwarps; i++) {
        ps_warp *w = &c->warps[i];
        w->cta = c;
        w->id = i;
        w->valid = 0;
        unsigned t0 = (unsigned)(i * WARP);
        unsigned x = t0 % b[0], y = t0 / b[0] % b[1], z = t0 / (b[0] * b[1]);
        for (int l = 0; l < WARP; l++) { /* thread t0 + l, counting x fastest */
            if (t0 + (unsigned)l >= L->nthreads) break;
            w->valid |= 1u << l;
            w->tid[l][0] = x, w->tid[l][1] = y, w->tid[l][2] = z;
            if (++x == b[0]) {
                x = 0;
                if (++y == b[1]) y = 0, z++;
            }
        }
        w->live = w->valid;
        w->carry = 0;
        w->state = WS_RUN;
        w->nframes = 0;
        w->bar_insn = NULL;
        w->bar_id = -1;
        w->nparked = 0;
        w->wsync_mask = 0;
        w->cl_pending = w->cl_wait = 0;
        push_frame(w, L->kernel, w->valid, NULL);
    }
}

/* Cluster number k (x fastest over the grid of clusters): its CTAs, ranks x fastest. */
static void cluster_setup(worker *wk, uint64_t k) {
    ps_launch_ctx *L = wk->L;
    ps_cluster *cl = &wk->cl;
    const unsigned *g = L->cfg.grid, *cd = L->cluster;
    uint64_t nx = g[0] / cd[0], ny = g[1] / cd[1];
    cl->id[0] = (unsigned)(k % nx);
    cl->id[1] = (unsigned)(k / nx % ny);
    cl->id[2] = (unsigned)(k / (nx * ny));
    cl->bar_phase = 0;
    cl->bar_arrived = 0;
    for (int r = 0; r < cl->n; r++) {
        ps_cta *c = &wk->ctas[r];
        unsigned rr = (unsigned)r;
        c->cluster_ctaid[0] = rr % cd[0];
        c->cluster_ctaid[1] = rr / cd[0] % cd[1];
        c->cluster_ctaid[2] = rr / (cd[0] * cd[1]);
        for (int i = 0; i < 3; i++) c->ctaid[i] = cl->id[i] * cd[i] + c->cluster_ctaid[i];
    }
    /* every CTA exists (live threads, shared memory) before any of them starts */
    for (int r = 0; r < cl->n; r++) cta_setup(&wk->ctas[r]);
}

/* xorshift64 step of the seeded schedule */
static uint64_t sched_next(ps_cta *c) {
    uint64_t x = c->sched;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return c->sched = x;
}

/* Reports the deadlock of a CTA none of whose warps can run, where one waits at a CTA barrier
 * (false when none does). */
static bool cta_deadlock(ps_cta *c) {
    ps_warp *w = NULL;
    int id = -1;
    uint32_t lanes = 0;
    for (int i = 0; i < c->nwarps && !w; i++) {
        ps_warp *x = &c->warps[i];
        if (x->state != WS_BARRIER) continue;
        const ps_dinsn *at;
        bar_waiter(x, &id, &lanes, &at);
        if (at) w = x, c->cur = at; /* else its lanes wait at barrier.cluster only */
    }
    if (!w) return false;
    if (id < 0) {
        ps_fault_raise(w, PS_FAULT_DEADLOCK, __builtin_ctz(lanes),
                       "deadlock: bar.warp.sync waits for lanes 0x%08x of warp %d, "
                       "which wait at a CTA barrier that cannot complete",
                       w->wsync_mask & w->live & ~wsync_lanes(w), w->id);
        return true;
    }
    ps_barrier *b = &c->bars[id];
    uint32_t outside = w->live & ~w->frames[w->nframes - 1].live;
    ps_fault_raise(w, PS_FAULT_DEADLOCK, __builtin_ctz(lanes),
                   "deadlock: barrier %d waits for %u threads, %u arrived, and no other "
                   "thread of the block can run%s",
                   id, b->expected ? b->expected : cta_live_threads(c), b->arrived,
                   w->bar_id >= 0 && lanes != w->live
                       ? " (an aligned barrier, such as bar.sync, reached by only "
                         "part of a warp: undefined in PTX; barrier.sync without "
                         ".aligned lets the lanes of a warp arrive apart)"
                   : w->bar_id < 0 && outside
                       ? " (lanes of the waiting warp are in a calling function "
                         "and cannot arrive before the call returns)"
                       : "");
    return true;
}

enum { ROUND_RAN, ROUND_IDLE, ROUND_DONE, ROUND_STOP };

/* One scheduling round of a CTA: each running warp gets a turn. *spin: warps ran, and every one
 * of them ended its turn on an mbarrier wait that failed. ROUND_IDLE: no warp could run and no
 * CTA barrier could complete (the cluster decides whether that is a deadlock). */
static int cta_round(ps_cta *c, bool *spin) {
    ps_launch_ctx *L = c->L;
    bool any_run = false, all_done = true, all_wait = true;
    uint64_t executed = 0;
    int *order = c->order;
    *spin = false;
    if (c->sched) /* a new random order each round (Fisher-Yates) */
        for (int i = c->nwarps - 1; i > 0; i--) {
            int j = (int)(sched_next(c) % (uint64_t)(i + 1)), t = order[i];
            order[i] = order[j], order[j] = t;
        }
    for (int k = 0; k < c->nwarps && !c->faulted; k++) {
        ps_warp *w = &c->warps[order[k]];
        if (w->state == WS_RUN) {
            int quantum = c->sched ? 1 + (int)(sched_next(c) % QUANTUM) : QUANTUM;
            executed += (uint64_t)warp_run(w, quantum);
            any_run = true;
            all_wait &= c->yield;
        }
        if (w->state != WS_DONE) all_done = false;
    }
    if (c->faulted || atomic_load(&L->stop)) return ROUND_STOP;
    if (atomic_load(&L->timed_out)) { /* the monitor's wall-clock limit (monitor.c) */
        ps_warp *w = c->cur_warp ? c->cur_warp : &c->warps[0];
        ps_fault_raise(w, PS_FAULT_WATCHDOG, -1,
                       "timeout: kernel '%s' still running after %g s of wall-clock time (--timeout)",
                       L->kernel->func->name, L->cfg.timeout);
        return ROUND_STOP;
    }
    if (all_done) return ROUND_DONE;
    *spin = any_run && all_wait;
    uint64_t total = atomic_fetch_add(&L->warp_insns_total, executed) + executed;
    if (total > L->watchdog) {
        ps_warp *w = c->cur_warp ? c->cur_warp : &c->warps[0];
        ps_fault_raise(w, PS_FAULT_WATCHDOG, -1,
                       "watchdog: kernel '%s' still running after %llu warp instructions",
                       L->kernel->func->name, (unsigned long long)L->watchdog);
        return ROUND_STOP;
    }
    if (any_run) return ROUND_RAN;
    bool released = false;
    for (int b = 0; b < 16; b++)
        if (bar_complete(c, b)) {
            bar_release(c, b);
            released = true;
        }
    return released ? ROUND_RAN : ROUND_IDLE;
}

enum { STEP_RAN, STEP_END };

/* One scheduling round of every CTA of a cluster: a CTA waiting at barrier.cluster.wait (or on an
 * mbarrier another CTA arrives on) lets the others run. STEP_END: the cluster finished, or a fault
 * or deadlock stopped it. */
static int cluster_step(worker *wk) {
    ps_cluster *cl = &wk->cl;
    bool *done = wk->done;
    unsigned spin_rounds = wk->spin_rounds;
    {
        bool all_done = true, progress = false, all_spin = true, any_spin = false;
        ps_cta *spinner = NULL;
        uint64_t epoch = 0, epoch_after = 0;
        for (int i = 0; i < cl->n; i++) epoch += ps_async_epoch(cl->cta[i]);
        for (int i = 0; i < cl->n; i++) {
            if (done[i]) continue;
            ps_cta *c = cl->cta[i];
            bool spin;
            int r = cta_round(c, &spin);
            if (r == ROUND_STOP) return STEP_END;
            if (r == ROUND_DONE) {
                done[i] = true;
                progress = true;
                continue;
            }
            all_done = false;
            if (r == ROUND_RAN) {
                progress = true;
                all_spin &= spin;
                if (spin && !spinner) spinner = c;
                any_spin |= spin;
            }
        }
        if (all_done) return STEP_END;
        for (int i = 0; i < cl->n; i++) epoch_after += ps_async_epoch(cl->cta[i]);
        /* Every running warp of the cluster ended its turn on an mbarrier wait that failed, and
         * no mbarrier changed: after this many such rounds in a row nothing will (SPIN_ROUNDS). */
        spin_rounds = any_spin && all_spin && epoch == epoch_after ? spin_rounds + 1 : 0;
        wk->spin_rounds = spin_rounds;
        if (spin_rounds > SPIN_ROUNDS) {
            ps_async_deadlock(spinner);
            return STEP_END;
        }
        if (progress) return STEP_RAN;
        /* nothing can run: a CTA barrier or the cluster barrier that cannot complete */
        for (int i = 0; i < cl->n; i++)
            if (!done[i] && cta_deadlock(cl->cta[i])) return STEP_END;
        for (int i = 0; i < cl->n; i++) {
            ps_cta *c = cl->cta[i];
            for (int k = 0; !done[i] && k < c->nwarps; k++) {
                ps_warp *w = &c->warps[k];
                if (w->state != WS_CLUSTER && !(w->state == WS_BARRIER && w->cl_wait)) continue;
                c->cur = w->cl_insn;
                uint32_t live = cluster_live_threads(cl);
                bool partial = w->state == WS_CLUSTER && (w->cl_wait & w->live) != w->live;
                uint32_t waiting = w->cl_wait & w->live;
                ps_fault_raise(w, PS_FAULT_DEADLOCK, waiting ? __builtin_ctz(waiting) : -1,
                               "deadlock: barrier.cluster.wait waits for the %u live threads of "
                               "the cluster (%d CTAs) to arrive, %u arrived, and no other thread "
                               "of the cluster can run%s",
                               live, cl->n, cl->bar_arrived,
                               partial ? " (an aligned barrier.cluster reached by only part of a "
                                         "warp: undefined in PTX; without .aligned the lanes of a "
                                         "warp may arrive apart)"
                                       : "");
                return STEP_END;
            }
        }
        ps_fault_raise(&cl->cta[0]->warps[0], PS_FAULT_DEADLOCK, -1,
                       "deadlock: no thread of the cluster can run");
        return STEP_END;
    }
}

/* Runs the CTAs of a cluster to completion on this host thread. */
static void cluster_run(worker *wk) {
    while (cluster_step(wk) == STEP_RAN) {
    }
}

/* Sets up cluster i on worker wk and tells the observer; false when a CTA faulted already. */
static bool worker_begin(worker *wk, uint64_t i) {
    ps_launch_ctx *L = wk->L;
    ps_cluster *cl = &wk->cl;
    const ps_observer *o = L->cfg.observer;
    cluster_setup(wk, i);
    memset(wk->done, 0, sizeof wk->done);
    wk->spin_rounds = 0;
    bool faulted = false;
    for (int r = 0; r < cl->n; r++) {
        ps_cta *c = cl->cta[r];
        if (o && o->cta_begin) o->cta_begin(o->ctx, c->worker, c->ctaid);
        if (o && o->shared_reserved && L->reserved_smem)
            o->shared_reserved(o->ctx, c->worker, L->reserved_smem);
        faulted |= c->faulted;
    }
    if (o && o->cluster_begin && cl->n > 1) {
        int workers[MAX_CLUSTER];
        for (int r = 0; r < cl->n; r++) workers[r] = cl->cta[r]->worker;
        o->cluster_begin(o->ctx, workers, cl->n);
    }
    return !faulted;
}

static void worker_end(worker *wk) {
    const ps_observer *o = wk->L->cfg.observer;
    for (int r = 0; r < wk->cl.n; r++) {
        ps_cta *c = wk->cl.cta[r];
        ps_output_cta_end(c);
        if (o && o->cta_end) o->cta_end(o->ctx, c->worker, c->ctaid);
        c->stats.ctas++;
    }
}

static void *worker_main(void *arg) {
    worker *wk = arg;
    ps_launch_ctx *L = wk->L;
    for (;;) {
        if (atomic_load(&L->stop)) break;
        uint64_t i = atomic_fetch_add(&L->next_cta, 1); /* the next cluster */
        if (i >= L->ncta) break;
        if (worker_begin(wk, i)) cluster_run(wk);
        worker_end(wk);
    }
    return NULL;
}

/* A cooperative launch (docs/engine.md "Cooperative launches"): one worker per cluster, all of
 * them set up before any runs, then a scheduling round of each in turn on this host thread, so a
 * CTA spinning at a grid barrier lets every other CTA reach it. */
static void cooperative_main(worker *wks, int n) {
    bool *running = ps_xcalloc((size_t)n, 1);
    int left = 0;
    atomic_store(&wks[0].L->next_cta, (uint64_t)n); /* all started at once (progress, monitor.c) */
    for (int i = 0; i < n; i++) left += running[i] = worker_begin(&wks[i], (uint64_t)i);
    if (left < n) atomic_store(&wks[0].L->stop, 1); /* a CTA faulted at its start */
    while (left > 0 && !atomic_load(&wks[0].L->stop))
        for (int i = 0; i < n; i++)
            if (running[i] && cluster_step(&wks[i]) == STEP_END) running[i] = false, left--;
    for (int i = 0; i < n; i++) worker_end(&wks[i]);
    free(running);
}

/* ---- launch ------------------------------------------------------------------ */

static int cmp_out(const void *a, const void *b) {
    const struct ps_out_rec *x = a, *y = b;
    return x->cta < y->cta ? -1 : x->cta > y->cta;
}

/* The CTAs' device-runtime output of one stream, in CTA order (each CTA's records are whole: it
 * ran on one thread); NULL when there is none. */
static char *collect_stream(ps_launch_ctx *L, int stream, size_t *len) {
    size_t n = 0;
    for (int i = 0; i < L->nouts; i++)
        if (L->outs[i].stream == stream) n += L->outs[i].len;
    *len = n;
    if (!n) return NULL;
    char *s = ps_xmalloc(n + 1);
    n = 0;
    for (int i = 0; i < L->nouts; i++) {
        if (L->outs[i].stream != stream) continue;
        memcpy(s + n, L->outs[i].text, L->outs[i].len);
        n += L->outs[i].len;
    }
    s[n] = 0;
    return s;
}

static void collect_output(ps_launch_ctx *L, ps_launch_result *res) {
    if (!L->nouts) return;
    qsort(L->outs, (size_t)L->nouts, sizeof *L->outs, cmp_out);
    res->output = collect_stream(L, PS_OUT_STDOUT, &res->output_len);
    res->error_output = collect_stream(L, PS_OUT_STDERR, &res->error_output_len);
    for (int i = 0; i < L->nouts; i++) free(L->outs[i].text);
    free(L->outs);
    L->outs = NULL;
    L->nouts = 0;
}

void ps_launch_result_release(ps_launch_result *res) {
    free(res->output);
    free(res->error_output);
    res->output = res->error_output = NULL;
    res->output_len = res->error_output_len = 0;
}

/* Functions reachable from f (indirect calls reach every function). */
static void reach(const ps_program *p, int f, char *seen) {
    if (seen[f]) return;
    seen[f] = 1;
    const ps_fprog *fp = &p->funcs[f];
    for (int i = 0; i < fp->ncode; i++) {
        const ps_dinsn *d = &fp->code[i];
        if (d->ctl != CTL_CALL) continue;
        if (d->aux8)
            for (int k = 0; k < p->nfuncs; k++) reach(p, k, seen);
        else if (d->target >= 0)
            reach(p, d->target, seen);
    }
}

/* Deepest local-memory use along call chains; -1 for recursion. */
static int64_t stack_depth(const ps_program *p, int f, char *onpath) {
    if (onpath[f]) return -1;
    onpath[f] = 1;
    const ps_fprog *fp = &p->funcs[f];
    int64_t best = 0;
    for (int i = 0; i < fp->ncode && best >= 0; i++) {
        const ps_dinsn *d = &fp->code[i];
        if (d->ctl != CTL_CALL) continue;
        if (d->aux8) {
            best = -1;
            break;
        }
        if (d->target < 0) continue;
        int64_t s = stack_depth(p, d->target, onpath);
        if (s < 0) best = -1;
        else if (s > best) best = s;
    }
    onpath[f] = 0;
    return best < 0 ? -1 : best + (int64_t)fp->frame_bytes;
}

static void set_error(ps_launch_result *res, ps_fault_kind k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_error(ps_launch_result *res, ps_fault_kind k, const char *fmt, ...) {
    res->fault.kind = k;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(res->fault.message, sizeof res->fault.message, fmt, ap);
    va_end(ap);
}

/* The launch limits of CUDA's compute capabilities 5.0 and later (cuLaunchKernel refuses the
 * rest); the message names the one broken. */
static bool launch_shape_ok(const ps_arch *arch, const ps_launch_config *cfg, uint64_t nthreads,
                            ps_launch_result *res) {
    static const uint64_t grid_max[3] = {2147483647u, 65535, 65535}, block_max[3] = {1024, 1024, 64};
    static const char *const grid_name[3] = {"grid.x", "grid.y", "grid.z"},
                             *const block_name[3] = {"block.x", "block.y", "block.z"};
    const char *what = NULL;
    uint64_t got = 0, limit = 0;
    for (int i = 0; i < 3 && !what; i++) {
        if (!cfg->grid[i] || cfg->grid[i] > grid_max[i]) what = grid_name[i], got = cfg->grid[i], limit = grid_max[i];
        else if (!cfg->block[i] || cfg->block[i] > block_max[i])
            what = block_name[i], got = cfg->block[i], limit = block_max[i];
    }
    uint64_t tmax = (uint64_t)(arch ? arch->max_threads_per_block : 1024);
    if (!what && nthreads > tmax) what = "threads per block", got = nthreads, limit = tmax;
    if (!what) return true;
    char bound[64];
    if (got) snprintf(bound, sizeof bound, "the limit is %llu", (unsigned long long)limit);
    else snprintf(bound, sizeof bound, "it must be at least 1");
    set_error(res, PS_FAULT_BAD_LAUNCH, "invalid launch configuration: grid %ux%ux%u, block %ux%ux%u: %s is %llu; %s",
              cfg->grid[0], cfg->grid[1], cfg->grid[2], cfg->block[0], cfg->block[1], cfg->block[2], what,
              (unsigned long long)got, bound);
    return false;
}

/* The cluster shape of a launch (docs/clusters.md): the launch's, else the kernel's
 * .reqnctapercluster, else 1x1x1; checked against the grid, the kernel's directives and the
 * target. False (message in res) when the launch cannot run. */
static bool cluster_shape(const ps_program *p, const ps_func *kf, const ps_launch_config *cfg,
                          unsigned cd[3], bool *explicit_cluster, ps_launch_result *res) {
    const ps_arch *arch = p->arch;
    bool given = cfg->cluster[0] || cfg->cluster[1] || cfg->cluster[2];
    bool req = kf->reqnctapercluster[0] > 0;
    unsigned rq[3];
    for (int i = 0; i < 3; i++) rq[i] = kf->reqnctapercluster[i] > 0 ? (unsigned)kf->reqnctapercluster[i] : 1;
    for (int i = 0; i < 3; i++) cd[i] = given ? (cfg->cluster[i] ? cfg->cluster[i] : 1) : req ? rq[i] : 1;
    *explicit_cluster = given || req;
    if ((given || req || kf->explicitcluster) && arch && arch->sm < 90) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "thread-block clusters need sm_90 or later; the target is %s",
                  arch->name);
        return false;
    }
    if (given && req && (cd[0] != rq[0] || cd[1] != rq[1] || cd[2] != rq[2])) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "cluster %ux%ux%u given for kernel '%s', which requires .reqnctapercluster %u,%u,%u",
                  cd[0], cd[1], cd[2], kf->name, rq[0], rq[1], rq[2]);
        return false;
    }
    if (kf->explicitcluster && !given && !req) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "kernel '%s' is declared .explicitcluster: launch it with cluster dimensions",
                  kf->name);
        return false;
    }
    uint64_t n = (uint64_t)cd[0] * cd[1] * cd[2];
    if (n > 8) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "cluster %ux%ux%u has %llu CTAs; at most 8 are portable (non-portable sizes up "
                  "to 16 are not modelled)", cd[0], cd[1], cd[2], (unsigned long long)n);
        return false;
    }
    if (kf->maxclusterrank > 0 && n > (uint64_t)kf->maxclusterrank) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "cluster %ux%ux%u has %llu CTAs; kernel '%s' allows .maxclusterrank %d",
                  cd[0], cd[1], cd[2], (unsigned long long)n, kf->name, kf->maxclusterrank);
        return false;
    }
    for (int i = 0; i < 3; i++)
        if (cfg->grid[i] % cd[i]) {
            set_error(res, PS_FAULT_BAD_LAUNCH,
                      "grid %ux%ux%u is not a whole number of %ux%ux%u clusters (%c: %u %% %u = %u)",
                      cfg->grid[0], cfg->grid[1], cfg->grid[2], cd[0], cd[1], cd[2], "xyz"[i],
                      cfg->grid[i], cd[i], cfg->grid[i] % cd[i]);
            return false;
        }
    return true;
}

/* The host's online CPUs, read once per process: sysconf reads /sys/devices/system/cpu/online
 * each time, a cost every launch paid (docs/performance.md "Per-launch cost"). */
static pthread_once_t cpus_once = PTHREAD_ONCE_INIT;
static int cpus_online = 1;
static void count_cpus(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    cpus_online = n > 0 ? (n > 4096 ? 4096 : (int)n) : 1;
}
static int online_cpus(void) {
    pthread_once(&cpus_once, count_cpus);
    return cpus_online;
}

ps_status ps_launch(ps_program *p, ps_device *dev, const char *name, const ps_launch_config *cfg,
                    ps_launch_result *res) {
    memset(res, 0, sizeof *res);
    int ki = -1;
    for (int i = 0; i < p->nfuncs; i++)
        if (p->module->funcs[i]->is_entry && strcmp(p->module->funcs[i]->name, name) == 0) ki = i;
    if (ki < 0 || !p->module->funcs[ki]->defined) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "no kernel named '%s' in the module", name);
        return PS_ERR_USAGE;
    }
    const ps_arch *arch = p->arch;
    uint64_t nthreads = (uint64_t)cfg->block[0] * cfg->block[1] * cfg->block[2];
    uint64_t ncta = (uint64_t)cfg->grid[0] * cfg->grid[1] * cfg->grid[2];
    if (!launch_shape_ok(arch, cfg, nthreads, res)) return PS_ERR_USAGE;
    const ps_func *kf = p->module->funcs[ki];
    if (kf->reqntid[0] && ((unsigned)kf->reqntid[0] != cfg->block[0] ||
                          (unsigned)(kf->reqntid[1] ? kf->reqntid[1] : 1) != cfg->block[1] ||
                          (unsigned)(kf->reqntid[2] ? kf->reqntid[2] : 1) != cfg->block[2])) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "kernel '%s' requires .reqntid %d,%d,%d", name,
                  kf->reqntid[0], kf->reqntid[1], kf->reqntid[2]);
        return PS_ERR_USAGE;
    }
    unsigned cdim[3];
    bool explicit_cluster;
    if (!cluster_shape(p, kf, cfg, cdim, &explicit_cluster, res)) return PS_ERR_USAGE;
    if (cfg->params_size < p->funcs[ki].kparam_bytes) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "kernel '%s' takes %llu bytes of parameters, %zu given",
                  name, (unsigned long long)p->funcs[ki].kparam_bytes, cfg->params_size);
        return PS_ERR_USAGE;
    }
    char *seen = ps_xcalloc((size_t)p->nfuncs + 1, 1);
    reach(p, ki, seen);
    for (int i = 0; i < p->nfuncs; i++)
        if (seen[i] && p->funcs[i].diags.errors) {
            set_error(res, PS_FAULT_UNSUPPORTED, "kernel '%s' uses instructions ptxsim cannot run",
                      name);
            free(seen);
            return PS_ERR_UNSUPPORTED;
        }
    ps_launch_ctx *L = aligned_alloc(_Alignof(ps_launch_ctx), sizeof *L); /* 64: see its fields */
    if (!L) ps_oom();
    memset(L, 0, sizeof *L);
    L->prog = p;
    L->dev = dev;
    L->kernel = &p->funcs[ki];
    L->cfg = *cfg;
    L->nthreads = (unsigned)nthreads;
    memcpy(L->cluster, cdim, sizeof L->cluster);
    L->cluster_size = cdim[0] * cdim[1] * cdim[2];
    L->explicit_cluster = explicit_cluster;
    L->ncta = ncta / L->cluster_size; /* clusters: the unit a host thread takes */
    L->watchdog = cfg->watchdog ? cfg->watchdog : DEFAULT_WATCHDOG;
    pthread_mutex_init(&L->lock, NULL);
    /* shared memory: every .shared variable used by reachable functions, then dynamic */
    L->shared_off = ps_xcalloc((size_t)p->nshared + 1, sizeof(uint64_t));
    char *used = ps_xcalloc((size_t)p->nshared + 1, 1);
    for (int i = 0; i < p->nfuncs; i++) {
        if (!seen[i]) continue;
        for (int s = 0; s < p->funcs[i].nslots; s++)
            if (p->funcs[i].slots[s].kind == SK_SHARED_SYM) used[p->funcs[i].slots[s].value] = 1;
    }
    /* sm_80 and later reserve the first KiB of a CTA's shared memory for the system
     * (%reserved_smem_offset_*); the CTA's own variables follow it, as on an H200 */
    L->reserved_smem = ps_reserved_smem(arch);
    /* %gridid: 2 for a context's first launch, +2 for each later one (lab/sregs/h200) */
    L->gridid = ps_device_next_gridid(dev);
    L->envreg_h200 = arch && arch->sm == 90;
    /* after the device's first cooperative launch every launch sees its workspace (lab/coop_ws) */
    L->grid_ws = ps_device_grid_workspace(dev, false);
    uint64_t off = L->reserved_smem, dyn_align = 16;
    for (int i = 0; i < p->nshared; i++) {
        const ps_var *v = p->shared_vars[i];
        if (!used[i] || v->unsized) continue;
        off = (off + (uint64_t)v->align - 1) / (uint64_t)v->align * (uint64_t)v->align;
        L->shared_off[i] = off;
        off += v->size;
    }
    bool has_dyn = false;
    for (int i = 0; i < p->nshared; i++)
        if (used[i] && p->shared_vars[i]->unsized) {
            has_dyn = true;
            uint64_t a = (uint64_t)p->shared_vars[i]->align;
            if (a > dyn_align) dyn_align = a;
        }
    uint64_t static_end = off;
    off = (off + dyn_align - 1) / dyn_align * dyn_align;
    for (int i = 0; i < p->nshared; i++)
        if (used[i] && p->shared_vars[i]->unsized) L->shared_off[i] = off;
    L->shared_static = off;
    uint64_t shared_total = off + cfg->shared_bytes;
    /* %total_smem_size: the static bytes as ptxas counts them (padded to the dynamic variable's
     * alignment, at least 16, when the kernel has one) plus the dynamic ones, rounded up to whole
     * allocation units; 64 static + 256 dynamic bytes gave 384 on an H200 */
    uint64_t unit = ps_smem_alloc_unit(arch);
    uint64_t own = (has_dyn ? off : static_end) - L->reserved_smem + cfg->shared_bytes;
    L->total_smem = (own + unit - 1) / unit * unit;
    /* %aggr_smem_size: the reserved KiB plus those bytes, not rounded (1344 for 64 + 256 with a
     * dynamic variable; 1152 for 100 static + 28 dynamic bytes without one: no padding) */
    L->aggr_smem = L->reserved_smem + own;
    free(used);
    uint64_t limit = arch ? (uint64_t)arch->shared_optin : 49152;
    if (shared_total - L->reserved_smem > limit) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "kernel '%s' needs %llu bytes of shared memory; %s allows %llu per block", name,
                  (unsigned long long)(shared_total - L->reserved_smem), arch ? arch->name : "the target",
                  (unsigned long long)limit);
        free(seen), free(L->shared_off), free(L);
        return PS_ERR_USAGE;
    }
    char *onpath = ps_xcalloc((size_t)p->nfuncs + 1, 1);
    int64_t depth = stack_depth(p, ki, onpath);
    free(onpath);
    free(seen);
    L->local_per_thread = depth < 0 ? DEFAULT_STACK : (uint64_t)depth;
    if (L->local_per_thread > PS_MAX_LOCAL_PER_THREAD) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "%s:%d:%d: kernel '%s' needs %llu bytes of local memory per thread (its .local "
                  "variables and those of the functions it calls); CUDA allows at most %u (512 KiB)",
                  kf->file ? kf->file : "<input>", kf->line, kf->col, name,
                  (unsigned long long)L->local_per_thread, PS_MAX_LOCAL_PER_THREAD);
        free(L->shared_off), free(L);
        return PS_ERR_USAGE;
    }
    /* host threads: as many as asked (all cores by default), fewer when the shared and local
     * memory of that many CTAs at once would not fit in what --max-memory leaves */
    int nthr = cfg->threads > 0 ? cfg->threads : online_cpus();
    if ((uint64_t)nthr > L->ncta) nthr = (int)L->ncta;
    int csize = (int)L->cluster_size;
    uint64_t cta_bytes = (shared_total + 16 + nthreads * L->local_per_thread) * (uint64_t)csize;
    if (cfg->cooperative) {
        /* every CTA resident at once: a worker (its CTAs' state) per cluster of the grid */
        if (L->ncta > PS_MAX_COOPERATIVE_CTAS ||
            (cfg->max_launch_bytes && cta_bytes * L->ncta > cfg->max_launch_bytes)) {
            set_error(res, PS_FAULT_BAD_LAUNCH,
                      "cooperative launch of kernel '%s': %llu CTAs must be resident at once, which "
                      "needs %llu bytes of host memory for their shared and local memory; the limit is "
                      "%u CTAs and %llu bytes (--max-memory, docs/limits.md)",
                      name, (unsigned long long)ncta, (unsigned long long)(cta_bytes * L->ncta),
                      PS_MAX_COOPERATIVE_CTAS, (unsigned long long)cfg->max_launch_bytes);
            free(L->shared_off), free(L);
            return PS_ERR_USAGE;
        }
        /* the grid workspace of cooperative_groups/details/driver_abi.h: { wsSize, barrier } */
        L->grid_ws = ps_device_grid_workspace(dev, true);
        if (!L->grid_ws) {
            set_error(res, PS_FAULT_BAD_LAUNCH, "cooperative launch of kernel '%s': no device memory "
                      "left for the grid workspace (--max-memory, docs/limits.md)", name);
            free(L->shared_off), free(L);
            return PS_ERR_USAGE;
        }
        nthr = (int)L->ncta;
    } else if (cfg->max_launch_bytes) {
        if (cta_bytes > cfg->max_launch_bytes) {
            set_error(res, PS_FAULT_BAD_LAUNCH,
                      "kernel '%s' needs %llu bytes of host memory for the shared and local memory of "
                      "one %s (%llu bytes of local memory per thread, %llu of shared memory); only %llu "
                      "are left under the memory limit (--max-memory, docs/limits.md)",
                      name, (unsigned long long)cta_bytes, csize > 1 ? "cluster" : "CTA",
                      (unsigned long long)L->local_per_thread, (unsigned long long)shared_total,
                      (unsigned long long)cfg->max_launch_bytes);
            free(L->shared_off), free(L);
            return PS_ERR_USAGE;
        }
        if ((uint64_t)nthr > cfg->max_launch_bytes / cta_bytes) nthr = (int)(cfg->max_launch_bytes / cta_bytes);
    }
    worker *wks = aligned_alloc(_Alignof(worker), sizeof(worker) * (size_t)nthr);
    if (!wks) ps_oom();
    memset(wks, 0, sizeof(worker) * (size_t)nthr);
    int nwarps = (int)((nthreads + WARP - 1) / WARP);
    struct timespec t0, t1;
    /* per-instruction events: the observer picks the records once per launch */
    const ps_observer *ob = cfg->observer;
    bool can_watch = ob && ob->insn && ob->watch_insn, watch = false;
    for (int i = 0; i < p->nfuncs; i++)
        for (int k = 0; k < p->funcs[i].ncode; k++) {
            ps_dinsn *d = &p->funcs[i].code[k];
            d->flags &= ~(uint32_t)DF_WATCH;
            if (can_watch && d->src && ob->watch_insn(ob->ctx, d->src)) {
                d->flags |= DF_WATCH;
                watch = true; /* else the plain warp loop runs, even under checkers */
            }
        }
    if (cfg->observer && cfg->observer->launch_begin) /* a worker slot per CTA of a cluster */
        cfg->observer->launch_begin(cfg->observer->ctx, nthr * csize, name);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int t = 0; t < nthr; t++) {
        worker *wk = &wks[t];
        wk->L = L;
        wk->ctas = aligned_alloc(_Alignof(ps_cta), sizeof(ps_cta) * (size_t)csize);
        if (!wk->ctas) ps_oom();
        memset(wk->ctas, 0, sizeof(ps_cta) * (size_t)csize);
        wk->cl.n = csize;
        memcpy(wk->cl.dim, cdim, sizeof wk->cl.dim);
        wk->cl.explicit_launch = explicit_cluster;
        for (int r = 0; r < csize; r++) {
            ps_cta *c = &wk->ctas[r];
            wk->cl.cta[r] = c;
            c->L = L;
            c->cluster = &wk->cl;
            c->rank = (unsigned)r;
            c->obs = cfg->observer;
            c->watch = watch;
            c->worker = t * csize + r;
            c->shared_size = shared_total;
            c->shared = ps_xcalloc(1, shared_total + 16);
            c->local = L->local_per_thread ? ps_xcalloc(nthreads, L->local_per_thread) : NULL;
            c->nwarps = nwarps;
            c->warps = ps_xcalloc((size_t)nwarps, sizeof(ps_warp));
        }
    }
    ps_monitor *mon = ps_monitor_start(L);
    if (cfg->cooperative) cooperative_main(wks, nthr);
    else if (nthr == 1) worker_main(&wks[0]);
    else { /* workers 1.. on pool threads, worker 0 on this one (pool.c) */
        void **args = ps_xcalloc((size_t)nthr, sizeof *args);
        for (int t = 1; t < nthr; t++) args[t - 1] = &wks[t];
        ps_pool_job *jobs = ps_pool_start(worker_main, args, nthr - 1);
        worker_main(&wks[0]);
        ps_pool_finish(jobs);
        free(args);
    }
    ps_monitor_stop(mon);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    res->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    for (int t = 0; t < nthr; t++)
        for (int r = 0; r < csize; r++) {
            ps_cta *c = &wks[t].ctas[r];
            ps_stats *s = &c->stats;
            res->stats.warp_instructions += s->warp_instructions;
            res->stats.thread_instructions += s->thread_instructions;
            res->stats.branches += s->branches;
            res->stats.divergent_branches += s->divergent_branches;
            res->stats.ctas += s->ctas;
            for (int i = 0; i < nwarps; i++) {
                ps_warp *w = &c->warps[i];
                for (int k = 0; k < w->cap_frames; k++) {
                    free(w->frames[k].r);
                    free(w->frames[k].p);
                    free(w->frames[k].stack);
                }
                free(w->frames);
            }
            free(c->warps);
            ps_async_free(c);
            free(c->out[PS_OUT_STDOUT]);
            free(c->out[PS_OUT_STDERR]);
            free(c->shared);
            free(c->local);
        }
    for (int t = 0; t < nthr; t++) free(wks[t].ctas);
    res->fault = L->fault;
    collect_output(L, res);
    free(wks);
    free(L->shared_off);
    pthread_mutex_destroy(&L->lock);
    ps_fault_kind k = L->fault.kind;
    free(L);
    if (k == PS_FAULT_NONE) return PS_OK;
    return k == PS_FAULT_WATCHDOG ? PS_ERR_WATCHDOG : PS_ERR_FAULT;
}

/* mov from %clock / %clock64 / %globaltimer: a counter that only moves forward. */
void ps_exec_clock(ps_warp *w, const ps_dinsn *d) {
    ps_cta *c = w->cta;
    c->clock += 8;
    uint64_t v = c->clock + c->stats.warp_instructions * 4;
    switch ((ps_sreg)d->aux8) {
    case PS_SREG_CLOCK: v &= 0xffffffffu; break;
    case PS_SREG_CLOCK_HI: v >>= 32; break;
    case PS_SREG_GLOBALTIMER: {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        v = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
        break;
    }
    case PS_SREG_GLOBALTIMER_LO: v &= 0xffffffffu; break;
    case PS_SREG_GLOBALTIMER_HI: v >>= 32; break;
    default: break;
    }
    LANES(w, R(w, d->o[0])[l] = v);
}
