/* engine_frame.c — frames and calls: a function's frame (registers, predicates, SIMT stack,
 * constant slots, special registers), the .param ABI of call and ret (PTX ISA 9.7.12.6). */
#include <string.h>

#include "engine_internal.h"

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
    case PS_SREG_LANEMASK_GT: return (uint32_t) ~((2ull << l) - 1);
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

/* A slot's 32 lanes set to v, four at a time (GCC -O2 kept the plain loop scalar: 10 % of
 * hand_recursion's host instructions). */
typedef uint64_t u64x4 __attribute__((vector_size(32), aligned(8)));
static inline void fill_row(uint64_t *dst, uint64_t v) {
    const u64x4 vv = {v, v, v, v};
    for (int l = 0; l < WARP; l += 4) memcpy(dst + l, &vv, sizeof vv);
}

bool ps_frame_push(ps_warp *w, const ps_fprog *fp, uint32_t mask, const ps_dinsn *call) {
    ps_cta *c = w->cta;
    uint64_t base = 0;
    if (w->nframes) {
        ps_frame *caller = &w->frames[w->nframes - 1];
        base = caller->local_base + caller->fp->frame_bytes;
    }
    /* the frame ends below every calling lane's stack pointer (alloca's stack grows down from
     * the end of local memory: exec_stack.c) */
    for (uint32_t m = fp->frame_bytes ? mask : 0; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (base + fp->frame_bytes <= w->sp[l]) continue;
        if (w->sp[l] == c->L->local_per_thread)
            ps_fault_raise(w, PS_FAULT_STACK_OVERFLOW, l,
                           "call stack overflow entering '%s' (%llu bytes of local memory per thread)", fp->func->name,
                           (unsigned long long)c->L->local_per_thread);
        else
            ps_fault_raise(w, PS_FAULT_STACK_OVERFLOW, l,
                           "call stack overflow entering '%s': its %llu-byte frame meets the %llu bytes "
                           "alloca holds (%llu bytes of local memory per thread)",
                           fp->func->name, (unsigned long long)fp->frame_bytes,
                           (unsigned long long)(c->L->local_per_thread - w->sp[l]),
                           (unsigned long long)c->L->local_per_thread);
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
    uint64_t(*r)[WARP] = f->r;
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
    *f = (ps_frame){.fp = fp,
                    .r = r,
                    .p = p,
                    .stack = stack,
                    .cap = cap,
                    .live = mask,
                    .local_base = base,
                    .call = call,
                    .call_mask = mask,
                    .rcap = rcap,
                    .pcap = pcap,
                    .activation = ++w->activations};
    memcpy(f->sp_entry, w->sp, sizeof w->sp);
    /* registers start at zero: the slots a thread may read before writing them are zeroed
     * (frame_plan.c), the others are written first; then the constant slots get their values */
    if (fp->poison_regs) memset(r, 0xa5, rbytes);
    for (int k = 0; k < fp->nzero_runs; k++) memset(r[fp->zero_runs[k].start], 0, sizeof r[0] * fp->zero_runs[k].count);
    for (int s = fp->const_from; s < fp->nslots; s++) {
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
        fill_row(dst, v);
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

static uint8_t *local_at(ps_warp *w, int lane, uint64_t off) {
    ps_cta *c = w->cta;
    return c->local + (uint64_t)(w->id * WARP + lane) * c->L->local_per_thread + off;
}

/* Where a call's value lives in one frame: a register slot, a predicate (index into the
 * frame's predicate file) or frame memory (a .param variable: slot info SK_LOCAL_SYM). */
typedef struct {
    uint64_t (*r)[WARP];
    uint32_t *p;
    uint64_t base; /* the frame's local_base */
    uint64_t off;  /* frame memory: the variable's offset in the frame */
    uint16_t slot; /* register slot or predicate index */
    bool pred, mem;
} arg_loc;

/* Moves `size` bytes per lane of `mask` from one place to another (PTX ISA 9.7.12.6, call:
 * arguments are copied into the callee's parameters, results back after ret). Registers hold
 * their value zero-extended to 64 bits; predicates are one bit per lane. */
static void move_value(ps_warp *w, uint32_t mask, const arg_loc *src, const arg_loc *dst, uint64_t size) {
    uint64_t n = size > 256 ? 256 : size;
    for (uint32_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint8_t buf[256]; /* zero past what the source fills: the bytes a destination may read */
        memset(buf, 0, n < 8 ? 8 : n);
        if (src->pred) buf[0] = (src->p[src->slot] >> l) & 1;
        else if (src->mem) memcpy(buf, local_at(w, l, src->base + src->off), n);
        else {
            uint64_t v = src->r[src->slot][l];
            memcpy(buf, &v, n < 8 ? n : 8);
        }
        if (dst->pred) {
            dst->p[dst->slot] = (dst->p[dst->slot] & ~(1u << l)) | (uint32_t)(buf[0] != 0) << l;
        } else if (dst->mem) {
            memcpy(local_at(w, l, dst->base + dst->off), buf, n);
        } else {
            uint64_t v = 0;
            memcpy(&v, buf, n < 8 ? n : 8);
            dst->r[dst->slot][l] = v;
        }
    }
}

/* The caller's k-th call_slots entry of call d as a location. */
static arg_loc caller_loc(const ps_frame *f, const ps_dinsn *d, int k) {
    uint16_t s = f->fp->call_slots[d->slot_list + k];
    const ps_slot_info *si = &f->fp->slots[s];
    bool pred = f->fp->call_pred[d->slot_list + k], mem = !pred && si->kind == SK_LOCAL_SYM;
    return (arg_loc){.r = f->r,
                     .p = f->p,
                     .base = f->local_base,
                     .off = mem ? si->var->offset : 0,
                     .slot = s,
                     .pred = pred,
                     .mem = mem};
}

/* The callee's k-th formal (parameters, then return values) as a location. */
static arg_loc callee_loc(const ps_frame *f, int k) {
    const ps_formal *v = &f->fp->formals[k];
    if (v->slot == NO_SLOT) return (arg_loc){.base = f->local_base, .off = v->offset, .mem = true};
    return (arg_loc){.r = f->r, .p = f->p, .slot = v->slot, .pred = v->pred};
}

/* An indirect call's operand lists against the callee it reached: the counts, and predicates
 * where the formals are predicates (an immediate may pass for a .pred parameter); faults if not. */
static bool indirect_call_fits(ps_warp *w, const ps_fprog *callee, const ps_dinsn *d, uint32_t exec) {
    int nargs = d->o[1], nrets = d->o[2];
    const ps_func *fn = callee->func;
    if (nargs != callee->nparams || nrets != callee->nrets) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, __builtin_ctz(exec),
                       "call to '%s' with %d arguments and %d results; it takes %d and %d", fn->name, nargs, nrets,
                       callee->nparams, callee->nrets);
        return false;
    }
    const ps_frame *caller = &w->frames[w->nframes - 1];
    for (int k = 0; k < nargs + nrets; k++) {
        bool formal_pred = callee->formals[k].pred;
        if (caller->fp->call_pred[d->slot_list + k] != formal_pred && !(k < nargs && formal_pred)) {
            const ps_var *v = k < nargs ? fn->params[k] : fn->rets[k - nargs]; /* for the message */
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, __builtin_ctz(exec),
                           "call to '%s': operand %d and its formal '%s' must both be predicates or both not", fn->name,
                           k + 1, v->name);
            return false;
        }
    }
    return true;
}

void ps_frame_call(ps_warp *w, const ps_dinsn *d, uint32_t exec) {
    ps_cta *c = w->cta;
    ps_program *prog = c->L->prog;
    int target = d->target;
    if (d->indirect) {
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
            ps_simt_push(f, pc, pc + 1, f->stack[f->sp - 1].mask & ~group);
            ps_simt_push(f, pc, pc + 1, group);
            exec = group;
        }
        uint64_t fi = v - FUNC_BASE;
        if (v < FUNC_BASE || fi >= (uint64_t)prog->nfuncs) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l0, "indirect call to a non-function 0x%llx",
                           (unsigned long long)v);
            return;
        }
        if (prog->funcs[fi].func->is_entry) { /* kernels are launched, never called */
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l0,
                           "indirect call to 0x%llx, which is kernel '%s': a kernel cannot be called",
                           (unsigned long long)v, prog->funcs[fi].func->name);
            return;
        }
        target = (int)fi;
    }
    const ps_fprog *callee = &prog->funcs[target];
    if (!callee->func->defined) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, __builtin_ctz(exec),
                       "call to '%s', which is declared but not defined in this module", callee->func->name);
        return;
    }
    int nargs = d->o[1];
    /* a direct call's operands were matched with its callee's formals at decode time
     * (decode_flow); an indirect call's meet the callee here */
    if (d->indirect && !indirect_call_fits(w, callee, d, exec)) return;
    ps_frame *caller = &w->frames[w->nframes - 1];
    caller->stack[caller->sp - 1].pc++;
    if (!ps_frame_push(w, callee, exec, d)) return;
    ps_frame *f = &w->frames[w->nframes - 1];
    caller = &w->frames[w->nframes - 2]; /* ps_frame_push may have moved the frames */
    for (int k = 0; k < nargs; k++) {
        arg_loc src = caller_loc(caller, d, k), dst = callee_loc(f, k);
        move_value(w, exec, &src, &dst, callee->formals[k].size);
    }
}

void ps_frame_return(ps_warp *w) {
    ps_frame *f = &w->frames[w->nframes - 1];
    ps_frame *caller = &w->frames[w->nframes - 2];
    const ps_dinsn *d = f->call;
    const ps_fprog *fp = f->fp;
    uint32_t mask = f->call_mask & w->live;
    for (int k = fp->nparams; k < fp->nparams + fp->nrets; k++) {
        arg_loc src = callee_loc(f, k), dst = caller_loc(caller, d, k);
        move_value(w, mask, &src, &dst, fp->formals[k].size);
    }
    memcpy(w->sp, f->sp_entry, sizeof w->sp); /* the callee's allocas end with it */
    w->nframes--;
    w->r = caller->r;
    w->p = caller->p;
}
