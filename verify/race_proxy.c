/* race_proxy.c — the race checker's view of the async proxy (docs/checkers.md, "Hopper: the
 * async proxy"). Only programs with wgmma or bulk copies pay for it (race->hopper).
 *
 * Bulk and TMA loads into shared memory (cp.async.bulk, cp.async.bulk.tensor, cp.reduce.async.bulk
 * to shared::cluster): the engine moves the bytes at issue and then performs complete_tx on the
 * mbarrier; the checker binds the destination words to that mbarrier and to the index of the
 * phase the bytes arrive in. Any later shared access to such a word (by any thread, the issuer
 * included) is an early access unless its warp observed that phase (or a later one) complete,
 * or is ordered after the first warp that observed it (a later whole-block barrier phase, or the
 * warp's clock of that warp). A CTA barrier alone does not order the async proxy's writes.
 *
 * Async-proxy reads in flight: a wgmma.mma_async reads its shared operands (descriptor A, B) until
 * the wgmma.wait_group that retires its group; a bulk store (shared -> global) reads its source
 * until cp.async.bulk.wait_group(.read) retires its bulk group. A store to those bytes by any
 * thread before then is a write-after-read race naming the reading instruction.
 *
 * Proxy fences: a generic-proxy store to shared memory read by the async proxy (wgmma operand,
 * bulk or TMA store source) needs a fence.proxy.async by the storing thread between the store
 * and the read. The checker keeps per word the last generic store and the storing thread's
 * fence count then; an async read finding the count unchanged reports the missing fence.
 *
 * Approximations, towards missing races: groups and fences are per warp / per thread in the
 * order the engine ran them, so a retirement or fence that happened before the access in that
 * order but is not ordered before it is taken as ordering it. */
#include <stdlib.h>
#include <string.h>

#include "race_internal.h"

static bool bulk_form(ps_form f) {
    return f == PS_F_CP_ASYNC_BULK || f == PS_F_CP_ASYNC_BULK_TENSOR || f == PS_F_CP_REDUCE_ASYNC_BULK;
}

/* fence.proxy.async{.space}, fence.proxy.async::generic... */
static bool proxy_fence(const ps_insn *in) {
    if (in->form != PS_F_FENCE) return false;
    for (int k = ps_insn_find(in, PS_WM(PROXY), 0); k >= 0 && k + 1 < in->nwords;
         k = ps_insn_find(in, PS_WM(PROXY), k + 1))
        if (in->words[k + 1] == PS_WM(ASYNC) || in->words[k + 1] == PS_WM(ASYNC_GENERIC)) return true;
    return false;
}

/* a bulk copy from shared to global memory (.global.shared::cta, written in that order) */
static bool global_from_shared(const ps_insn *in) {
    for (int k = ps_insn_find(in, PS_WM(GLOBAL), 0); k >= 0 && k + 1 < in->nwords;
         k = ps_insn_find(in, PS_WM(GLOBAL), k + 1)) {
        ps_word n = in->words[k + 1];
        if (n == PS_WM(SHARED) || n == PS_WM(SHARED_CTA) || n == PS_WM(SHARED_CLUSTER)) return true;
    }
    return false;
}

static bool watched(const ps_insn *in) {
    switch (in->form) {
    case PS_F_WGMMA_COMMIT:
    case PS_F_WGMMA_WAIT:
    case PS_F_CP_ASYNC_BULK_COMMIT:
    case PS_F_CP_ASYNC_BULK_WAIT: return true;
    default: return proxy_fence(in);
    }
}

bool race_proxy_program(const ps_verifier *v) {
    for (int i = 0; i < v->ninsns; i++) {
        const ps_insn *in = ps_verify_insn_at(v, i);
        if (in && (bulk_form(in->form) || in->form == PS_F_WGMMA_MMA_ASYNC)) return true;
    }
    return false;
}

bool race_proxy_watch(void *self, const ps_insn *in) {
    race *r = self;
    return r->hopper && watched(in);
}

void race_proxy_cta_begin(rworker *w) {
    if (!w->ap) w->ap = ps_xcalloc(1, sizeof *w->ap);
    aproxy *p = w->ap;
    aword *aw = p->aw;
    size_t naw = p->naw;
    memset(p, 0, sizeof *p);
    p->aw = aw;
    p->naw = naw;
}

/* wait_group N: the committed groups but the newest N are retired */
static void retire(uint32_t *ret, uint32_t committed, uint64_t n) {
    if (committed > n && committed - (uint32_t)n > *ret) *ret = committed - (uint32_t)n;
}

void race_proxy_insn(void *self, const ps_insn_event *e) {
    race *r = self;
    if (e->warp < 0 || e->warp >= MAXW || !e->exec) return;
    rworker *w = &r->w[e->worker];
    aproxy *p = w->ap;
    if (!p) return;
    const ps_insn *in = e->insn;
    uint64_t n = in->nops > 0 && in->ops[0].kind == PS_OP_IMM ? in->ops[0].imm : 0;
    uint32_t tid0 = (uint32_t)e->warp * 32u;
    switch (in->form) {
    case PS_F_WGMMA_COMMIT: p->wcommit[e->warp]++; return;
    case PS_F_WGMMA_WAIT: retire(&p->wretire[e->warp], p->wcommit[e->warp], n); return;
    default: break;
    }
    for (uint32_t m = e->exec; m; m &= m - 1) {
        uint32_t t = tid0 + (uint32_t)__builtin_ctz(m);
        if (in->form == PS_F_CP_ASYNC_BULK_COMMIT) p->bcommit[t]++;
        else if (in->form == PS_F_CP_ASYNC_BULK_WAIT) retire(&p->bretire[t], p->bcommit[t], n);
        else p->fence[t]++;
    }
}

static aword *aword_at(rworker *w, uint64_t wd) {
    aproxy *p = w->ap;
    if (wd >= p->naw) {
        size_t n = p->naw ? p->naw : 64; /* doubled as needed: small launches stay small */
        while (n <= wd) n *= 2;
        p->aw = ps_xrealloc(p->aw, n * sizeof *p->aw);
        memset(p->aw + p->naw, 0, (n - p->naw) * sizeof *p->aw);
        p->naw = n;
    }
    aword *a = &p->aw[wd];
    if (a->gen != w->gen) *a = (aword){.gen = w->gen};
    return a;
}

/* Did warp wp (in the block's current phase) observe the completion of the phase of parity q
 * whose waits numbered seq0 when a bulk load was bound to it, or is it ordered after a warp that
 * did? A successful wait for parity q after the bind can only have observed that phase (or one
 * two later): the phase stays current until it completes. */
static bool observed(const rworker *w, const mbar *b, int wp, unsigned q, uint32_t seq0) {
    if (b->wseq[q][wp] > seq0) return true;
    for (int x = 0; x < MAXW; x++)
        if (b->wseq[q][x] > seq0 && (w->phase > b->first[q][x].bphase || w->vc[wp][x] > b->first[q][x].clock))
            return true;
    return false;
}

void race_proxy_mbarrier(rworker *w, int mb, const ps_event_where *at, int lane, unsigned flags) {
    aproxy *p = w->ap;
    mbar *b = &w->mb[mb];
    unsigned q = flags & PS_MBAR_PARITY ? 1 : 0;
    int wp = at->warp;
    if (flags & PS_MBAR_ACQUIRE) {
        if (b->wseq[q][wp] <= b->bind_seq[q]) /* the warp's first wait since the latest bind */
            b->first[q][wp].bphase = w->phase, b->first[q][wp].clock = w->vc[wp][wp];
        b->wseq[q][wp] = ++b->seq[q];
        return;
    }
    /* a bulk load's complete_tx: bind the destination words the lane just wrote to the phase of
     * parity q, the mbarrier's current one */
    if (p->nstash && at->insn && bulk_form(at->insn->form)) {
        uint32_t tid = (uint32_t)wp * 32u + (uint32_t)lane;
        int keep = 0;
        for (int i = 0; i < p->nstash; i++) {
            if (p->stash[i].tid != tid) {
                p->stash[keep++] = p->stash[i];
                continue;
            }
            for (uint64_t wd = p->stash[i].lo; wd < p->stash[i].hi; wd++) {
                aword *a = aword_at(w, wd);
                if (a->wr_insn == p->stash[i].insn && a->wr_tid == tid) {
                    a->wr_mb = (uint16_t)(mb + 1);
                    a->wr_par = (uint8_t)q;
                    a->wr_seq = b->seq[q];
                }
            }
            b->bind_seq[q] = b->seq[q];
        }
        p->nstash = keep;
    }
}

bool race_proxy_message(char *buf, size_t n, int type) {
    switch (type) {
    case HZ_BULK_READ:
    case HZ_BULK_WRITE:
        snprintf(buf, n,
                 "%s of a bulk/TMA copy's shared-memory destination before the mbarrier "
                 "phase its bytes complete was observed: the thread's warp did not wait on that "
                 "mbarrier (mbarrier.try_wait / test_wait) and is not ordered after a warp that "
                 "did; a CTA barrier alone does not order the async proxy's writes%s",
                 type == HZ_BULK_READ ? "read" : "write",
                 type == HZ_BULK_READ ? ", so the read may see the old bytes"
                                      : ", so the copy may overwrite this store later");
        return true;
    case HZ_ASYNC_WAR:
        snprintf(buf, n,
                 "write-after-read race on shared memory with the async proxy: the bytes "
                 "are still being read by a wgmma.mma_async (until the wgmma.wait_group that "
                 "retires its group) or by a bulk store (until cp.async.bulk.wait_group.read)");
        return true;
    case HZ_NO_FENCE:
        snprintf(buf, n,
                 "missing proxy fence: the async proxy (wgmma.mma_async operand or bulk/"
                 "TMA store source) reads shared bytes written by a generic-proxy store with no "
                 "fence.proxy.async by the storing thread in between, so it may read stale data");
        return true;
    default: return false;
    }
}

static void hazard(race *r, rworker *w, const ps_mem_event *e, int l, uint64_t addr, int type, uint32_t insn,
                   uint32_t tid, bool write) {
    acc other = {.insn = insn, .cta = w->cta, .tid = (uint16_t)tid, .phase = w->phase, .flags = write ? F_WRITE : 0};
    race_note_hazard(r, w, e, l, addr, type, false, 1, &other);
}

bool race_proxy_access(race *r, rworker *w, const ps_mem_event *e, uint32_t insn) {
    aproxy *p = w->ap;
    const ps_insn *in = e->at.insn;
    bool wgmma = e->hint & PS_MEM_ASYNC_PROXY;
    bool bulk = in && bulk_form(in->form);
    bool write = e->kind != PS_ACC_LOAD;
    bool async_read = wgmma || (bulk && !write);
    bool group_read = wgmma || (async_read && global_from_shared(in));
    int wp = e->at.warp;
    uint32_t tid0 = (uint32_t)wp * 32u;
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] != PS_SPACE_SHARED) continue;
        uint32_t tid = tid0 + (uint32_t)l;
        bool reported = false;
        if (bulk && write && p->nstash < 8)
            p->stash[p->nstash++] = (__typeof__(p->stash[0])){.insn = insn,
                                                              .tid = (uint16_t)tid,
                                                              .lo = e->addr[l] >> 2,
                                                              .hi = (e->addr[l] + e->size + 3) >> 2};
        for (uint64_t wd = e->addr[l] >> 2, end = (e->addr[l] + e->size + 3) >> 2; wd < end; wd++) {
            aword *a = aword_at(w, wd);
            uint64_t at = PS_MAX(e->addr[l], wd << 2);
            if (!reported && a->wr_insn && a->wr_mb && !(bulk && write) &&
                !observed(w, &w->mb[a->wr_mb - 1], wp, a->wr_par, a->wr_seq)) {
                hazard(r, w, e, l, at, write ? HZ_BULK_WRITE : HZ_BULK_READ, a->wr_insn, a->wr_tid, true);
                reported = true;
            }
            if (write) {
                if (!reported && a->rd_insn &&
                    a->rd_group > (a->rd_bulk ? p->bretire[a->rd_who] : p->wretire[a->rd_who])) {
                    hazard(r, w, e, l, at, HZ_ASYNC_WAR, a->rd_insn, a->rd_bulk ? a->rd_who : a->rd_who * 32u, false);
                    reported = true;
                }
                a->rd_insn = 0;
                if (bulk) {
                    a->wr_insn = insn;
                    a->wr_tid = (uint16_t)tid;
                    a->wr_mb = 0;
                    a->gw_insn = 0;
                } else {
                    a->wr_insn = 0; /* generic data now: the plain checker orders it */
                    a->gw_insn = insn;
                    a->gw_tid = (uint16_t)tid;
                    a->gw_fence = p->fence[tid];
                }
                continue;
            }
            if (!async_read) continue;
            if (!reported && a->gw_insn && p->fence[a->gw_tid] == a->gw_fence) {
                hazard(r, w, e, l, at, HZ_NO_FENCE, a->gw_insn, a->gw_tid, true);
                reported = true;
            }
            if (group_read) {
                a->rd_insn = insn;
                a->rd_bulk = !wgmma;
                a->rd_who = (uint16_t)(wgmma ? (uint32_t)wp : tid);
                a->rd_group = (wgmma ? p->wcommit[wp] : p->bcommit[tid]) + 1;
            }
        }
    }
    return wgmma;
}
