/* race_async.c — the race checker's view of asynchronous copies and mbarriers (docs/checkers.md).
 *
 * cp.async: the engine writes a copy's destination when the copy completes (cp.async.wait_group,
 * cp.async.wait_all, or cp.async.mbarrier.arrive of the issuing thread), reporting that store as
 * a memory access of the completing instruction, so the destination write is checked against
 * other threads' accesses there. What the store cannot show is the issuing thread touching the
 * destination before then: between issue and completion it reads old bytes (or its store is
 * overwritten later). Per shared word, the thread with a copy in flight there; a load or store of
 * that thread to the word is a `race` error naming the cp.async. A copy completed by
 * cp.async.mbarrier.arrive stays pending for its thread until the thread's next successful
 * mbarrier wait (the data is only guaranteed visible once the phase completed and was observed).
 *
 * mbarrier: arrivals release (mbarrier.arrive, arrive_drop, complete_tx, cp.async.mbarrier.arrive
 * .noinc), successful test_wait / try_wait acquire. The accesses a thread made before it arrived
 * happen before the accesses of any thread after a wait that observed that phase (or a later
 * one) complete: the releasing lane ticks its warp's clock and its own lane clock and joins both
 * into the mbarrier's running join; when a release completes the phase of parity p, the running
 * join is kept as done[p]; a wait that saw the phase of parity p complete (the engine says which)
 * takes done[p] — its warp the warp join, the lane its warp's lane join — and not arrivals for a
 * later phase. A wait for the phase before the first acquires nothing.
 *
 * Approximation, towards missing races, never inventing them: between warps, happens-before is
 * kept per warp, so one lane's acquire orders its whole warp after the releases. */
#include <stdlib.h>
#include <string.h>

#include "race_internal.h"

void race_async_cta_begin(race *r, rworker *w) {
    w->copies = r->hopper; /* Hopper programs: every access goes through race_proxy_access */
    if (r->hopper) race_proxy_cta_begin(w);
    w->nmb = 0;
    if (w->acq_used) memset(w->acq, 0, sizeof w->acq);
    w->acq_used = false;
}

void race_async_free(rworker *w) {
    free(w->pc);
    free(w->mb);
    if (w->ap) free(w->ap->aw);
    free(w->ap);
    w->ap = NULL;
    w->pc = NULL;
    w->mb = NULL;
    w->npc = 0;
    w->nmb = w->cap_mb = 0;
}

static pcopy *copy_word(rworker *w, uint64_t wd) {
    if (wd >= w->npc) {
        size_t n = w->npc ? w->npc : 1024;
        while (n <= wd) n *= 2;
        w->pc = ps_xrealloc(w->pc, n * sizeof *w->pc);
        memset(w->pc + w->npc, 0, (n - w->npc) * sizeof *w->pc);
        w->npc = n;
    }
    pcopy *p = &w->pc[wd];
    if (p->gen != w->gen) *p = (pcopy){.gen = w->gen};
    return p;
}

void race_async_copy(void *self, const ps_event_where *at, int lane, uint64_t addr, unsigned size, bool complete) {
    race *r = self;
    if (at->warp < 0 || at->warp >= MAXW || lane < 0 || lane >= 32 || !size) return;
    rworker *w = &r->w[at->worker];
    uint32_t tid = (uint32_t)at->warp * 32u + (uint32_t)lane;
    bool via_mbarrier = complete && at->insn && at->insn->form == PS_F_CP_ASYNC_MBARRIER_ARRIVE;
    for (uint64_t wd = addr >> 2, end = (addr + size + 3) >> 2; wd < end; wd++) {
        pcopy *p = copy_word(w, wd);
        if (!complete) {
            *p = (pcopy){.gen = w->gen,
                         .tid1 = tid + 1,
                         .insn = (uint32_t)(ps_verify_insn_index(r->v, at->insn) + 1),
                         .acq = ACQ_ISSUED};
        } else if (p->tid1 == tid + 1) {
            if (via_mbarrier) p->acq = w->acq[tid];
            else p->tid1 = 0;
        }
    }
    if (!complete) w->copies = true;
}

bool race_pending_copies(race *r, rworker *w, const ps_mem_event *e, uint32_t insn) {
    if (w->ap && race_proxy_access(r, w, e, insn)) return true;
    if (!w->npc) return false;
    /* the stores of completing copies come from the completing instruction itself */
    ps_form f = e->at.insn ? e->at.insn->form : PS_F_COUNT;
    if (f == PS_F_CP_ASYNC_WAIT || f == PS_F_CP_ASYNC_WAIT_ALL || f == PS_F_CP_ASYNC_MBARRIER_ARRIVE) return false;
    uint32_t tid0 = (uint32_t)e->at.warp * 32u;
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] != PS_SPACE_SHARED) continue;
        uint32_t tid = tid0 + (uint32_t)l;
        for (uint64_t wd = e->addr[l] >> 2, end = (e->addr[l] + e->size + 3) >> 2; wd < end; wd++) {
            if (wd >= w->npc) break;
            const pcopy *p = &w->pc[wd];
            if (p->gen != w->gen || p->tid1 != tid + 1) continue;
            if (p->acq != ACQ_ISSUED && p->acq != w->acq[tid]) continue; /* waited since */
            acc other = {.insn = p->insn, .cta = w->cta, .tid = (uint16_t)tid, .phase = w->phase, .flags = F_WRITE};
            race_note_hazard(r, w, e, l, PS_MAX(e->addr[l], wd << 2),
                             e->kind == PS_ACC_LOAD ? HZ_EARLY_READ : HZ_EARLY_WRITE, false, 1, &other);
            break;
        }
    }
    return false;
}

/* The block's record of the mbarrier at shared offset addr, created on first use. */
static mbar *mbar_at(rworker *w, uint64_t addr) {
    for (int i = 0; i < w->nmb; i++)
        if (w->mb[i].addr == addr) return &w->mb[i];
    if (w->nmb == w->cap_mb) {
        w->cap_mb = w->cap_mb ? 2 * w->cap_mb : 4;
        w->mb = ps_xrealloc(w->mb, (size_t)w->cap_mb * sizeof *w->mb);
    }
    mbar *b = &w->mb[w->nmb++];
    memset(b, 0, sizeof *b);
    b->addr = addr;
    return b;
}

/* A release of lane `lane` of warp wp into a join: the warp's clock ticks and the join takes the
 * maximum of its warp clocks and of the lane's clock row. */
static void join_release(mbjoin *j, uint32_t *vc, ps_lane_clocks *lc, int wp, int lane) {
    vc[wp]++;
    ps_clocks_max32(j->wjoin, vc);
    ps_lane_clocks_materialise(lc);
    lc->rows[lane][lane]++;
    ps_clocks_max32(j->ljoin[wp], lc->rows[lane]);
    j->lanes_released |= 1u << wp;
}

/* An acquire of a join by lane `lane` of warp wp: the warp's clocks, and the lane's row when lanes
 * of its own warp released into the join, take the maximum with the join's. */
static void join_acquire(const mbjoin *j, uint32_t *vc, ps_lane_clocks *lc, int wp, int lane) {
    ps_clocks_max32(vc, j->wjoin);
    if (j->lanes_released >> wp & 1) {
        ps_lane_clocks_materialise(lc);
        ps_clocks_max32(lc->rows[lane], j->ljoin[wp]);
    }
}

void race_sync_word(rworker *w, int wp, int lane, uint64_t addr, bool acquire, bool release) {
    mbar *b = mbar_at(w, addr);
    ps_lane_clocks *lc = &w->lanes[wp];
    uint32_t *vc = w->vc[wp];
    mbjoin *j = &b->cur;
    if (acquire && j->lanes_released) {
        join_acquire(j, vc, lc, wp, lane);
        w->synced = w->phase + 1; /* threads are now ordered inside the phase */
    }
    if (release) join_release(j, vc, lc, wp, lane);
}

void race_mbarrier(void *self, const ps_event_where *at, int lane, uint64_t addr, unsigned flags) {
    race *r = self;
    if (at->warp < 0 || at->warp >= MAXW || lane < 0 || lane >= 32) return;
    rworker *w = &r->w[at->worker];
    int wp = at->warp;
    mbar *b = mbar_at(w, addr);
    if (w->ap) race_proxy_mbarrier(w, (int)(b - w->mb), at, lane, flags);
    ps_lane_clocks *lc = &w->lanes[wp];
    uint32_t *vc = w->vc[wp];
    unsigned par = flags & PS_MBAR_PARITY ? 1 : 0;
    if (!(flags & PS_MBAR_ACQUIRE)) {
        if (!(flags & PS_MBAR_NO_RELEASE)) join_release(&b->cur, vc, lc, wp, lane);
        if (flags & PS_MBAR_COMPLETED) {
            b->done[par] = b->cur;
            b->done_mask |= 1u << par;
        }
        return;
    }
    /* the wait observed the completion of the latest phase of this parity; when none completed
     * yet (a wait for the phase before the first) it orders nothing */
    if (b->done_mask >> par & 1) join_acquire(&b->done[par], vc, lc, wp, lane);
    w->acq[(uint32_t)wp * 32u + (uint32_t)lane]++;
    w->acq_used = true;
    if (w->dsmem_dirty) {
        /* another CTA of the cluster accessed this block's shared memory and may have released
         * this mbarrier (remote arrivals name the mbarrier by its shared::cluster address, so
         * the edge is not tracked): treat the wait as ordering every earlier access, as a
         * barrier does */
        w->phase++;
        w->cgen++;
        w->dsmem_dirty = false;
    }
    w->synced = w->phase + 1; /* threads are now ordered inside the phase */
}
