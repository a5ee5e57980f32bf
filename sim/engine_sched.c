/* engine_sched.c — scheduling: sets up a cluster's CTAs and their warps, gives the CTAs of a
 * cluster their rounds in turn (engine_warp.c runs a CTA's round of warps), finds deadlocks, and
 * takes clusters off the launch's queue on each host thread (cooperative launches: all at once). */
#include <stdlib.h>
#include <string.h>

#include "engine_internal.h"

#define SPIN_ROUNDS 10000 /* rounds of mbarrier waits alone before a deadlock */

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
        for (int l = 0; l < WARP; l++) w->sp[l] = L->local_per_thread;
        ps_frame_push(w, L->kernel, w->valid, NULL);
    }
}

/* Cluster number k (x fastest over the grid of clusters): its CTAs, ranks x fastest. */
static void cluster_setup(ps_worker *wk, uint64_t k) {
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
        ps_bar_waiter(x, &id, &lanes, &at);
        if (at) w = x, c->cur = at; /* else its lanes wait at barrier.cluster only */
    }
    if (!w) return false;
    if (id < 0) {
        ps_fault_raise(w, PS_FAULT_DEADLOCK, __builtin_ctz(lanes),
                       "deadlock: bar.warp.sync waits for lanes 0x%08x of warp %d, "
                       "which wait at a CTA barrier that cannot complete",
                       w->wsync_mask & w->live & ~ps_wsync_lanes(w), w->id);
        return true;
    }
    ps_barrier *b = &c->bars[id];
    uint32_t outside = w->live & ~w->frames[w->nframes - 1].live;
    ps_fault_raise(w, PS_FAULT_DEADLOCK, __builtin_ctz(lanes),
                   "deadlock: barrier %d waits for %u threads, %u arrived, and no other "
                   "thread of the block can run%s",
                   id, b->expected ? b->expected : ps_cta_live_threads(c), b->arrived,
                   w->bar_id >= 0 && lanes != w->live ? " (an aligned barrier, such as bar.sync, reached by only "
                                                        "part of a warp: undefined in PTX; barrier.sync without "
                                                        ".aligned lets the lanes of a warp arrive apart)"
                       : w->bar_id < 0 && outside     ? " (lanes of the waiting warp are in a calling function "
                                                        "and cannot arrive before the call returns)"
                                                      : "");
    return true;
}

enum { STEP_RAN, STEP_END };

/* One scheduling round of every CTA of a cluster: a CTA waiting at barrier.cluster.wait (or on an
 * mbarrier another CTA arrives on) lets the others run. STEP_END: the cluster finished, or a fault
 * or deadlock stopped it. */
static int cluster_step(ps_worker *wk) {
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
            int r = ps_cta_round(c, &spin);
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
                uint32_t live = ps_cluster_live_threads(cl);
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
        ps_fault_raise(&cl->cta[0]->warps[0], PS_FAULT_DEADLOCK, -1, "deadlock: no thread of the cluster can run");
        return STEP_END;
    }
}

/* Runs the CTAs of a cluster to completion on this host thread. */
static void cluster_run(ps_worker *wk) {
    while (cluster_step(wk) == STEP_RAN) {}
}

/* Sets up cluster i on worker wk and tells the observer; false when a CTA faulted already. */
static bool worker_begin(ps_worker *wk, uint64_t i) {
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
        if (o && o->shared_reserved && L->reserved_smem) o->shared_reserved(o->ctx, c->worker, L->reserved_smem);
        faulted |= c->faulted;
    }
    if (o && o->cluster_begin && cl->n > 1) {
        int workers[MAX_CLUSTER];
        for (int r = 0; r < cl->n; r++) workers[r] = cl->cta[r]->worker;
        o->cluster_begin(o->ctx, workers, cl->n);
    }
    return !faulted;
}

static void worker_end(ps_worker *wk) {
    const ps_observer *o = wk->L->cfg.observer;
    for (int r = 0; r < wk->cl.n; r++) {
        ps_cta *c = wk->cl.cta[r];
        ps_output_cta_end(c);
        if (o && o->cta_end) o->cta_end(o->ctx, c->worker, c->ctaid);
        c->stats.ctas++;
    }
}

void *ps_worker_main(void *arg) {
    ps_worker *wk = arg;
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
void ps_cooperative_main(ps_worker *wks, int n) {
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
