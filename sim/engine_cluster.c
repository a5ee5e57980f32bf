/* engine_cluster.c — barrier.cluster: the phases of a cluster's barrier and the waits of
 * barrier.cluster.wait (exec_cluster.c has the cluster instructions: arrive, mapa, DSMEM). */

#include "engine_internal.h"

uint32_t ps_cluster_live_threads(const ps_cluster *cl) {
    uint32_t n = 0;
    for (int i = 0; i < cl->n; i++) n += cl->cta[i]->live_threads;
    return n;
}

/* Completes the current phase when every live thread of the cluster arrived, and lets the warps
 * whose waiting lanes all arrived in a completed phase run again. */
void ps_cluster_bar_check(ps_cluster *cl) {
    uint32_t live = ps_cluster_live_threads(cl);
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
                for (uint32_t x = lanes; x && done; x &= x - 1) done = w->cl_phase[__builtin_ctz(x)] != cl->bar_phase;
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

/* barrier.cluster.wait (ISA 9.7.13.1): the executing threads wait until the cluster phase they
 * arrived in completed (ps_cluster_bar_check releases them). As for barrier.sync, a whole warp
 * waits as one (WS_CLUSTER); lanes of a non-aligned wait reached by part of a warp are parked so
 * that the others can still arrive. The top entry's pc is past d. */
void ps_do_cluster_wait(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t exec, uint32_t m) {
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
    if ((exec == w->live && !w->nparked) || (d->bar_mode & PS_BAR_ALIGNED)) {
        /* aligned: PTX leaves a partial arrival undefined; the whole warp waits, and a barrier
         * that then cannot complete is a deadlock fault */
        w->state = WS_CLUSTER;
        return;
    }
    ps_park_top(w, f, exec, m, PARK_CLUSTER);
}
