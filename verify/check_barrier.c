/* check_barrier.c — barrier misuse (DESIGN §4, like compute-sanitizer synccheck):
 * `barrier-divergence` when an aligned barrier (bar.sync, bar.red, barrier.sync.aligned — what
 * __syncthreads compiles to) is reached by only part of a warp's live threads, when threads of a
 * block wait at different aligned barrier instructions for the same barrier id in one phase, and
 * when one phase of a barrier is given different thread counts. Deadlocks and invalid warp-sync
 * masks are engine faults; the verifier core turns those into findings.
 *
 * Which lanes of a warp are still live (not exited) is not in the engine's barrier event, so a
 * partial arrival is held back: if the barrier then completes, the missing lanes had exited (the
 * engine completes a barrier only when every live thread arrived) and nothing is reported; if the
 * block ends with the barrier incomplete and the launch deadlocked, the partial arrival is
 * reported. With PS_EVENT_WHERE_HAS_LIVE (the warp's live mask in the event) it is immediate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

#define NBAR 16
#define MAXW 32

typedef struct {
    bool set;
    const ps_insn *insn; /* first waiting arrival of this phase at an aligned barrier */
    ps_site site;
    int64_t count; /* immediate thread count of the first arrival; -1 none/unknown */
    ps_site count_site;
    const ps_insn *count_insn;
    /* partial-warp arrivals waiting for the release */
    ps_site partial[MAXW];
    int npartial;
} bphase;

typedef struct {
    bphase bar[NBAR];
    uint32_t used; /* barrier ids with state in this block */
} bworker;

static const char partial_msg[] = "barrier reached by only some of the threads of a warp (an aligned "
                                  "barrier such as __syncthreads() in divergent code)";

static void reset_phase(bphase *p) {
    p->set = false;
    p->insn = NULL;
    p->count_insn = NULL;
    p->count = -1;
    p->npartial = 0;
}

static void reset_worker(bworker *w) {
    for (uint32_t m = w->used; m; m &= m - 1) reset_phase(&w->bar[__builtin_ctz(m)]);
    w->used = 0;
}

typedef struct {
    ps_verifier *v;
    int nworkers;
    bworker *w;
    pthread_mutex_t lock;
    ps_site *held; /* partial arrivals of blocks that ended with the barrier incomplete */
    int nheld, capheld;
} barrier;

static void *barrier_create(ps_verifier *v) {
    barrier *b = ps_xcalloc(1, sizeof *b);
    b->v = v;
    pthread_mutex_init(&b->lock, NULL);
    return b;
}

static void barrier_destroy(void *self) {
    barrier *b = self;
    free(b->w);
    free(b->held);
    pthread_mutex_destroy(&b->lock);
    free(b);
}

static void barrier_launch_begin(void *self, int nworkers) {
    barrier *b = self;
    free(b->w);
    b->nworkers = nworkers > 0 ? nworkers : 1;
    /* not cleared (a worker is 30 KiB of sites): what is read before it is written is reset */
    b->w = ps_xmalloc((size_t)b->nworkers * sizeof *b->w);
    for (int i = 0; i < b->nworkers; i++) {
        for (int id = 0; id < NBAR; id++) reset_phase(&b->w[i].bar[id]);
        b->w[i].used = 0;
    }
    b->nheld = 0;
}

static void barrier_cta_begin(void *self, int worker, const unsigned ctaid[3]) {
    barrier *b = self;
    reset_worker(&b->w[worker]);
}

static void barrier_cta_end(void *self, int worker, const unsigned ctaid[3]) {
    barrier *b = self;
    bworker *w = &b->w[worker];
    pthread_mutex_lock(&b->lock);
    for (int id = 0; id < NBAR; id++)
        for (int i = 0; i < w->bar[id].npartial; i++) {
            if (b->nheld == b->capheld) {
                b->capheld = b->capheld ? b->capheld * 2 : 16;
                b->held = ps_xrealloc(b->held, (size_t)b->capheld * sizeof *b->held);
            }
            b->held[b->nheld++] = w->bar[id].partial[i];
        }
    pthread_mutex_unlock(&b->lock);
    reset_worker(w);
}

/* bar.sync / bar.red / barrier.sync.aligned: every thread of the warp must execute it together. */
static bool is_aligned(const ps_insn *in) { return ps_insn_barrier(in) & PS_BAR_ALIGNED; }

/* The thread-count operand: -2 when absent (all threads of the block), -1 in a register. */
static int64_t thread_count(const ps_insn *in) {
    bool red = ps_insn_barrier(in) & PS_BAR_RED;
    int first = red ? 1 : 0;
    int nvals = in->nops - first - (red ? 1 : 0);
    if (nvals < 2) return -2;
    const ps_operand *op = &in->ops[first + 1];
    return op->kind == PS_OP_IMM ? (int64_t)op->imm : -1;
}

#ifndef PS_EVENT_WHERE_HAS_LIVE
static uint32_t valid_lanes(const ps_event_where *at) {
    uint64_t n = (uint64_t)at->block[0] * at->block[1] * at->block[2];
    uint64_t first = (uint64_t)at->warp * 32;
    if (n <= first) return 0;
    return n - first >= 32 ? 0xffffffffu : (uint32_t)((1ull << (n - first)) - 1);
}
#endif

static void add(barrier *b, const char *msg, const ps_site *at, const ps_site *other) {
    ps_finding f = {.kind = PS_FIND_BARRIER_DIVERGENCE, .severity = PS_SEV_ERROR, .at = *at, .count = 1};
    if (other) {
        f.other = *other;
        f.has_other = true;
    }
    snprintf(f.message, sizeof f.message, "%s", msg);
    ps_verify_add_finding(b->v, &f);
}

static void barrier_event(void *self, const ps_event_where *at, int id, uint32_t lanes, bool release) {
    barrier *b = self;
    if (id < 0 || id >= NBAR) return;
    bphase *p = &b->w[at->worker].bar[id];
    if (release) {
        /* the barrier completed, so every live thread arrived: lanes missing from partial
         * arrivals had exited */
        reset_phase(p);
        return;
    }
    b->w[at->worker].used |= 1u << id;
    const ps_insn *in = at->insn;
    if (!in || !lanes || at->warp < 0) return;
    bool waits = !(ps_insn_barrier(in) & PS_BAR_ARRIVE);
    bool aligned = is_aligned(in);
    int64_t count = thread_count(in);
    ps_site here;
    ps_site_from_event(&here, at, __builtin_ctz(lanes));

    /* part of a warp at an aligned barrier */
    if (aligned) {
#ifdef PS_EVENT_WHERE_HAS_LIVE
        uint32_t live = at->live;
#else
        uint32_t live = valid_lanes(at);
#endif
        if (lanes != live) {
#ifdef PS_EVENT_WHERE_HAS_LIVE
            add(b, partial_msg, &here, NULL);
#else
            if (p->npartial < MAXW) p->partial[p->npartial++] = here;
#endif
        }
    }

    /* different aligned barrier instructions for one barrier id in one phase */
    if (aligned && waits) {
        if (!p->set) {
            p->set = true;
            p->insn = in;
            p->site = here;
        } else if (p->insn != in) {
            add(b,
                "threads of a block wait at different barrier instructions for the same barrier "
                "in one phase (an aligned barrier such as __syncthreads() in divergent code)",
                &here, &p->site);
        }
    }

    /* different thread counts for one phase (immediates only: register values are not seen) */
    if (count >= 0) {
        if (!p->count_insn) {
            p->count_insn = in;
            p->count = count;
            p->count_site = here;
        } else if (p->count != count) {
            add(b, "barrier used with different thread counts in one phase", &here, &p->count_site);
        }
    }
}

static void barrier_finish(void *self, const ps_launch_result *res) {
    barrier *b = self;
    /* held partial arrivals are defects when the launch deadlocked on them; after any other fault
     * the launch was stopped midway and an incomplete barrier proves nothing */
    if (res && res->fault.kind == PS_FAULT_DEADLOCK)
        for (int i = 0; i < b->nheld; i++) add(b, partial_msg, &b->held[i], NULL);
    b->nheld = 0;
}

const ps_checker ps_checker_barrier = {
    .name = "barrier",
    .check = PS_CHECK_BARRIER,
    .create = barrier_create,
    .destroy = barrier_destroy,
    .launch_begin = barrier_launch_begin,
    .cta_begin = barrier_cta_begin,
    .cta_end = barrier_cta_end,
    .barrier = barrier_event,
    .finish = barrier_finish,
};
