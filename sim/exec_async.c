/* exec_async.c — asynchronous copies into shared memory (PTX ISA 9.7.9.25): cp.async,
 * cp.async.commit_group, cp.async.wait_group, cp.async.wait_all; the per-CTA state they and the
 * mbarrier instructions share; and the engine's deadlock report for waits that cannot finish.
 *
 * Model: cp.async reads its source when it is issued (bounds-checked and reported then, at the
 * instruction's line) and writes shared memory only when the copy completes: at the
 * cp.async.wait_group / wait_all that covers its group, or at a cp.async.mbarrier.arrive of the
 * issuing thread. Until then the destination keeps its old bytes, so a kernel that reads it
 * before waiting sees stale data, as it may on the GPU; observers get the issue and the
 * completion (ps_observer.async_copy) to report such reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "async.h"

struct ps_async *ps_async_get(ps_cta *c) {
    if (!c->async) c->async = ps_xcalloc(1, sizeof *c->async);
    struct ps_async *a = c->async;
    unsigned n = c->L->nthreads;
    if (a->nthreads < n) {
        free(a->open);
        a->open = ps_xcalloc(n, sizeof *a->open);
        a->nthreads = n;
        for (unsigned t = 0; t < n; t++) a->open[t] = 1;
    }
    return a;
}

void ps_async_reset(ps_cta *c) {
    struct ps_async *a = c->async;
    if (!a) return;
    a->n = 0;
    for (unsigned t = 0; t < a->nthreads; t++) a->open[t] = 1;
    a->epoch = 0;
    a->spin_insn = NULL;
    for (int i = 0; i < a->nwg; i++) {
        a->wg[i].fenced = false, a->wg[i].committed = 0, a->wg[i].issued = 0, a->wg[i].nops = 0;
        memset(a->wg[i].hist, 0, sizeof a->wg[i].hist);
    }
}

void ps_async_free(ps_cta *c) {
    if (!c->async) return;
    free(c->async->q);
    free(c->async->open);
    for (int i = 0; i < c->async->nwg; i++) free(c->async->wg[i].ops);
    free(c->async->wg);
    free(c->async);
    c->async = NULL;
}

uint64_t ps_async_epoch(const ps_cta *c) { return c->async ? c->async->epoch : 0; }

void ps_evbatch_begin(ps_evbatch *b, ps_warp *w, const ps_dinsn *d, ps_access_kind kind) {
    const ps_observer *o = w->cta->obs;
    b->on = o && o->mem;
    b->n = 0, b->w = w, b->d = d, b->kind = kind;
}

void ps_evbatch_end(ps_evbatch *b) {
    const ps_observer *o = b->w->cta->obs;
    for (int i = 0; i < b->n; i++) o->mem(o->ctx, &b->ev[i]);
    b->n = 0;
}

void ps_evbatch_add(ps_evbatch *b, int lane, uint8_t space, uint64_t addr, unsigned size) {
    if (!b->on || !size) return;
    ps_mem_event *e = NULL;
    for (int i = 0; i < b->n && !e; i++)
        if (b->ev[i].size == size && !(b->ev[i].mask >> lane & 1)) e = &b->ev[i];
    if (!e) {
        if (b->n == 4) ps_evbatch_end(b);
        e = &b->ev[b->n++];
        ps_event_where_fill(&e->at, b->w, b->d);
        e->kind = b->kind;
        e->size = e->elem = size;
        e->mask = 0;
        e->remote = 0;
        e->hint = 0;
        e->values = NULL; /* the stored values are not known here (fuzz finding: was stack garbage) */
    }
    e->mask |= 1u << lane;
    e->space[lane] = space;
    e->addr[lane] = addr;
}

static void async_event(ps_warp *w, const ps_dinsn *d, int lane, uint64_t dst, unsigned size, bool complete) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->async_copy) return;
    ps_event_where at;
    ps_event_where_fill(&at, w, d);
    o->async_copy(o->ctx, &at, lane, dst, size, complete);
}

void ps_async_complete(ps_warp *w, const ps_dinsn *d, uint32_t lanes, const uint32_t *limit) {
    struct ps_async *a = w->cta->async;
    if (!a || !a->n) return;
    uint32_t t0 = (uint32_t)w->id * WARP;
    int keep = 0;
    ps_evbatch eb;
    ps_evbatch_begin(&eb, w, d, PS_ACC_STORE);
    for (int i = 0; i < a->n; i++) {
        ps_acopy *e = &a->q[i];
        uint32_t lane = e->thread - t0;
        bool mine = e->thread >= t0 && lane < WARP && (lanes >> lane & 1) && (!limit || e->group <= limit[lane]);
        if (!mine || w->cta->faulted) {
            a->q[keep++] = *e;
            continue;
        }
        uint8_t *p = ps_mem_resolve(w, SP_SHARED, e->dst, e->size, (int)lane, true);
        if (p) {
            memcpy(p, e->data, e->size);
            ps_evbatch_add(&eb, (int)lane, PS_SPACE_SHARED, e->dst, e->size);
            async_event(w, d, (int)lane, e->dst, e->size, true);
        }
        a->epoch++;
    }
    a->n = keep;
    ps_evbatch_end(&eb);
}

static void cp_lanes(ps_warp *w, const ps_dinsn *d, struct ps_async *a, const uint64_t *D, const uint64_t *S,
                     unsigned size, uint32_t ignore, ps_evbatch *eb);

/* d->o: [dst], [src], cp-size, then src-size (d->src_mode & 1) or the ignore-src predicate (d->src_mode & 2);
 * d->off2: the destination's address offset, d->imm the source's; d->vec: cp-size. */
static void cp_async(ps_warp *w, const ps_dinsn *d) {
    ps_cta *c = w->cta;
    struct ps_async *a = ps_async_get(c);
    const uint64_t *D = R(w, d->o[0]), *S = R(w, d->o[1]);
    unsigned size = d->vec;
    uint32_t ignore = 0;
    if (d->src_mode & 2) ignore = read_pred(w, d, 3);
    ps_evbatch eb;
    ps_evbatch_begin(&eb, w, d, PS_ACC_LOAD);
    cp_lanes(w, d, a, D, S, size, ignore, &eb);
    ps_evbatch_end(&eb);
}

static void cp_lanes(ps_warp *w, const ps_dinsn *d, struct ps_async *a, const uint64_t *D, const uint64_t *S,
                     unsigned size, uint32_t ignore, ps_evbatch *eb) {
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t dst = D[l] + (uint64_t)(int64_t)d->off2, src = S[l] + (uint64_t)d->imm;
        uint64_t srcsz = (d->src_mode & 1) ? (uint32_t)R(w, d->o[3])[l] : size;
        if (ignore >> l & 1) srcsz = 0;
        if (srcsz > size) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "cp.async src-size %llu exceeds cp-size %u",
                           (unsigned long long)srcsz, size);
            return;
        }
        /* the destination is checked now, written at completion */
        if (!ps_mem_resolve(w, SP_SHARED, dst, size, l, true)) return;
        if (src & (size - 1)) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l, "misaligned global read of %u bytes at 0x%llx", size,
                           (unsigned long long)src);
            return;
        }
        ps_acopy e = {.dst = dst,
                      .group = a->open[(unsigned)w->id * WARP + (unsigned)l],
                      .thread = (uint32_t)w->id * WARP + (uint32_t)l,
                      .size = (uint8_t)size};
        for (unsigned k = 0; k < srcsz; k++) {
            const uint8_t *p = ps_mem_resolve(w, SP_GLOBAL, src + k, 1, l, false);
            if (!p) return;
            e.data[k] = *p;
        }
        ps_evbatch_add(eb, l, PS_SPACE_GLOBAL, src, (unsigned)srcsz);
        async_event(w, d, l, dst, size, false);
        if (a->n == a->cap) {
            a->cap = a->cap ? a->cap * 2 : 64;
            a->q = ps_xrealloc(a->q, sizeof *a->q * (size_t)a->cap);
        }
        a->q[a->n++] = e;
    }
}

static void commit_group(ps_warp *w, const ps_dinsn *d) {
    (void)d;
    struct ps_async *a = ps_async_get(w->cta);
    LANES(w, a->open[(unsigned)w->id * WARP + (unsigned)l]++);
}

/* wait_group N: every committed group but the newest N completes (d->imm = N). */
static void wait_group(ps_warp *w, const ps_dinsn *d) {
    struct ps_async *a = ps_async_get(w->cta);
    uint32_t limit[WARP];
    uint64_t n = (uint64_t)d->imm;
    LANES(w, {
        uint64_t open = a->open[(unsigned)w->id * WARP + (unsigned)l];
        limit[l] = open > n + 1 ? (uint32_t)(open - n - 1) : 0;
    });
    ps_async_complete(w, d, w->exec, limit);
}

/* wait_all = commit_group + wait_group 0 */
static void wait_all(ps_warp *w, const ps_dinsn *d) {
    struct ps_async *a = ps_async_get(w->cta);
    LANES(w, a->open[(unsigned)w->id * WARP + (unsigned)l]++);
    ps_async_complete(w, d, w->exec, NULL);
}

void ps_async_deadlock(ps_cta *c) {
    struct ps_async *a = c->async;
    ps_warp *w = &c->warps[a && a->spin_insn ? a->spin_warp : 0];
    c->cur = a ? a->spin_insn : NULL;
    uint64_t v = 0;
    if (a && a->spin_addr + 8 <= c->shared_size) memcpy(&v, c->shared + a->spin_addr, 8);
    unsigned pending = (unsigned)((0x100000u - (unsigned)(v >> 43 & 0xfffff)) & 0xfffff);
    int64_t tx = (int64_t)(v << 22) >> 43;
    ps_fault_raise(w, PS_FAULT_DEADLOCK, a ? a->spin_lane : -1,
                   "deadlock: mbarrier wait can never succeed: the mbarrier at shared offset 0x%llx "
                   "is in phase %u with %u of %u arrivals pending and tx-count %lld, and every "
                   "thread of the block is waiting",
                   (unsigned long long)(a ? a->spin_addr : 0), (unsigned)(v >> 63), pending, (unsigned)(v & 0xfffff),
                   (long long)tx);
}

ps_exec_fn ps_select_async(const ps_insn *in, ps_dinsn *d, const ps_func *fn, char *why, size_t len) {
    switch (in->form) {
    case PS_F_CP_ASYNC: {
        /* .ca or .cg, .shared{::cta}.global, two addresses and a cp-size of 4, 8 or 16 (16 with
         * .cg): the parser's (isa/mem_rules.c ps_mem_cp_async_rules, parser/validate_mem.c) */
        bool hint = ps_insn_mod(in, PS_MOD_L2_CACHE_HINT); /* a cache-policy operand follows */
        int extra = in->nops - 3 - (hint ? 1 : 0);
        if (extra < 0 || extra > 1)
            return snprintf(why, len, "cp.async takes [dst], [src], cp-size{, src-size | ignore-src}%s",
                            hint ? ", cache-policy" : ""),
                   NULL;
        d->vec = (uint8_t)in->ops[2].imm;
        d->off2 = (int32_t)in->ops[0].offset; /* the shared destination's offset (d->imm: src) */
        d->src_mode = 0;
        if (extra) {
            const ps_operand *o = &in->ops[3];
            bool pred = o->kind == PS_OP_REG && fn->regs[o->reg].type == PS_T_PRED;
            d->src_mode = pred ? 2 : 1;
        }
        return cp_async;
    }
    case PS_F_CP_ASYNC_COMMIT: return commit_group;
    case PS_F_CP_ASYNC_WAIT:
        if (in->ops[0].kind != PS_OP_IMM)
            return snprintf(why, len, "cp.async.wait_group takes an integer constant"), NULL;
        d->imm = (int64_t)in->ops[0].imm;
        return wait_group;
    case PS_F_CP_ASYNC_WAIT_ALL: return wait_all;
    case PS_F_CP_ASYNC_BULK:
    case PS_F_CP_ASYNC_BULK_COMMIT:
    case PS_F_CP_ASYNC_BULK_WAIT:
    case PS_F_CP_ASYNC_BULK_PREFETCH:
    case PS_F_CP_REDUCE_ASYNC_BULK: return ps_select_bulk(in, d, why, len);
    case PS_F_CP_ASYNC_BULK_TENSOR: return ps_select_tma(in, d, why, len);
    default: return ps_select_mbarrier(in, d, fn, why, len);
    }
}
