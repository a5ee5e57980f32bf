/* engine_internal.h — what the parts of the engine share (engine.c: launch and faults;
 * engine_sched.c: scheduling; engine_warp.c: the warp loop and a CTA's round of warps;
 * engine_frame.c: frames and calls; engine_barrier.c: CTA barriers and bar.warp.sync;
 * engine_cluster.c: barrier.cluster). Only the engine's files include it. */
#ifndef PS_ENGINE_INTERNAL_H
#define PS_ENGINE_INTERNAL_H

#include "sim_internal.h"

/* ---- scheduling (engine_sched.c) ---- */

/* One host thread's state: the CTAs of the cluster it runs (one CTA without clusters).
 * Cache-line aligned: each worker writes its CTAs' statistics and last-hit entries all the time,
 * and must not share a line with its neighbour's fields. */
typedef struct {
    _Alignas(64) ps_launch_ctx *L;
    ps_cluster cl;
    ps_cta *ctas;           /* L->cluster_size, by rank */
    bool done[MAX_CLUSTER]; /* cluster_step's state: CTAs that finished */
    unsigned spin_rounds;   /* rounds in a row of failed mbarrier waits alone */
} ps_worker;

/* A host thread's loop: takes clusters off the launch's queue (L->next_cta) and runs each. */
void *ps_worker_main(void *arg);
/* A cooperative launch: every cluster resident at once, all run in turn on this host thread. */
void ps_cooperative_main(ps_worker *wks, int n);

/* ---- the warp loop (engine_warp.c) ---- */

enum { ROUND_RAN, ROUND_IDLE, ROUND_DONE, ROUND_STOP };

/* One scheduling round of CTA c: each running warp gets a turn (ROUND_* in its comment). */
int ps_cta_round(ps_cta *c, bool *spin);

/* ---- frames and calls (engine_frame.c) ---- */

/* Pushes a frame for fp with lanes `mask` (call: the call record, NULL for the kernel); false
 * (and a fault) on a stack overflow. */
bool ps_frame_push(ps_warp *w, const ps_fprog *fp, uint32_t mask, const ps_dinsn *call);
/* call (direct or indirect) by the lanes exec of the top entry; ps_frame_return pops the frame
 * whose SIMT stack ran empty and copies the results back. */
void ps_frame_call(ps_warp *w, const ps_dinsn *d, uint32_t exec);
void ps_frame_return(ps_warp *w);

/* Pushes an entry on f's SIMT stack (inline: divergent branches in the warp loop push two). */
static inline void ps_simt_push(ps_frame *f, int pc, int rpc, uint32_t mask) {
    if (f->sp == f->cap) {
        f->cap *= 2;
        f->stack = ps_xrealloc(f->stack, sizeof(simt_entry) * (size_t)f->cap);
    }
    f->stack[f->sp++] = (simt_entry){pc, rpc, mask, 0};
}

/* ---- CTA barriers and bar.warp.sync (engine_barrier.c) ---- */

static inline uint32_t ps_cta_live_threads(ps_cta *c) { return c->live_threads; }

/* Barrier id of CTA c has all the threads it waits for (inline: every exit tests all 16). */
static inline bool ps_bar_complete(ps_cta *c, int id) {
    ps_barrier *b = &c->bars[id];
    if (!b->waiting && !b->arrived) return false;
    uint32_t need = b->expected ? b->expected : ps_cta_live_threads(c);
    return b->arrived >= need;
}

/* Runs BODY for every parked entry (pe, in frame pf) of w, in all frames, parked as `which`. */
#define FOR_PARKED(w, which, BODY)                              \
    for (int _k = 0; _k < (w)->nframes && (w)->nparked; _k++) { \
        ps_frame *pf = &(w)->frames[_k];                        \
        for (int _j = 0; _j < pf->sp; _j++) {                   \
            simt_entry *pe = &pf->stack[_j];                    \
            if (pe->parked != (which)) continue;                \
            BODY;                                               \
        }                                                       \
    }

void ps_bar_release(ps_cta *c, int id);
void ps_park_top(ps_warp *w, ps_frame *f, uint32_t exec, uint32_t m, uint32_t which);
bool ps_park_continue(ps_warp *w, ps_frame *f);
uint32_t ps_wsync_lanes(ps_warp *w);
void ps_do_warp_sync(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t exec, uint32_t m);
void ps_do_barrier(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t exec, uint32_t m);
void ps_bar_waiter(ps_warp *w, int *id, uint32_t *lanes, const ps_dinsn **insn);

/* ---- barrier.cluster (engine_cluster.c; ps_cluster_bar_check and ps_cluster_lanes_exit are in
 * sim_internal.h) ---- */

uint32_t ps_cluster_live_threads(const ps_cluster *cl);
void ps_do_cluster_wait(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t exec, uint32_t m);

#endif
