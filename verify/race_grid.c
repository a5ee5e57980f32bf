/* race_grid.c — happens-before between the blocks of a launch (docs/checkers.md, "Races between
 * blocks"). Blocks of one launch are unordered unless they synchronise through global memory, as
 * cooperative groups' grid.sync() does (atom.add.release.gpu + an ld.acquire.gpu spin, or on
 * older targets membar.gl + atom.add + a volatile spin + membar.gl) and as a "last block" reduction
 * does (membar.gl + atom.inc). The PTX memory model's release and acquire patterns are modelled:
 *
 * - release on global word X by a thread: a strong write (st/red/atom) with .release or .acq_rel,
 *   or any strong write after a fence of the thread (fence.sc / fence.acq_rel / membar.gl|sys);
 * - acquire from X: a strong read (ld/atom) with .acquire or .acq_rel, or a strong read of X
 *   followed by such a fence; an atom (read-modify-write) after a fence of the thread acquires as
 *   well (the "last block" idiom: its atom reads the counter every other block released to).
 * Operations of .cta scope order nothing between blocks and are ignored here.
 *
 * What a release hands over is a token per block: everything the block did before its latest
 * whole-block barrier phase (record phase < token phase), plus the releasing warp's own accesses
 * in the current phase (its clock below the token clock; the release ticks the warp's clock so
 * that its later accesses are not covered). A sync object (per word X) keeps, per block of the
 * launch, the greatest token released to it, joined with what the releasing block itself had
 * acquired (transitivity). An acquire joins the object into the acquiring thread's pending
 * knowledge; the block's next whole-block barrier hands it to all its threads (grid.sync ends with
 * bar.sync). An access of another block is ordered before the current one when the current
 * thread's knowledge covers it.
 *
 * Approximations: a token covers a block's accesses up to its last whole-block barrier whoever
 * released it, and the releasing warp's lanes together (towards missing races, never inventing
 * one). Vectors hold one entry per block of the launch; when the objects' memory or the join work
 * passes its bound, ordering between blocks is no longer tracked and findings between blocks are
 * no longer reported for the rest of the launch (a note says so). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "race_internal.h"

#define XG_BYTES (256u << 20) /* sync objects' vectors, bytes */
#define XG_WORK  (1ull << 31) /* entries joined per launch */

typedef struct {
    uint64_t key; /* word address + 1; 0 = empty slot */
    xvec v;
} xobj;

struct xgrid {
    pthread_mutex_t lock;
    xobj *obj;
    uint32_t cap, nobj;
    uint64_t bytes, work;
    bool active; /* some release happened: cross-block accesses may be ordered */
    bool lost;   /* a bound was passed: cross-block pairs count as ordered */
    bool noted;
};

/* ---- token vectors ------------------------------------------------------------------------- */

static inline bool covers(const xtok *t, const acc *a) {
    if (!t->phase1) return false;
    uint32_t p = t->phase1 - 1;
    return a->phase < p || (a->phase == p && a->tid / 32u == t->warp && a->clock < t->clock);
}

/* d ⊔= s. Two tokens of one phase from different warps cannot both be kept: the later clock
 * wins (the other warp's accesses of that phase then count as unordered until its next phase). */
static void tok_join(xtok *d, const xtok *s) {
    if (s->phase1 > d->phase1 || (s->phase1 == d->phase1 && s->clock > d->clock)) *d = *s;
}

static void vec_grow(xvec *v, uint32_t n) {
    if (n <= v->n) return;
    uint32_t cap = v->n ? v->n : 16;
    while (cap < n) cap *= 2;
    v->t = ps_xrealloc(v->t, cap * sizeof *v->t);
    memset(v->t + v->n, 0, (cap - v->n) * sizeof *v->t);
    v->n = cap;
}

/* d ⊔= s; returns the entries visited */
static uint64_t vec_join(xvec *d, const xvec *s) {
    uint32_t n = s->n;
    while (n && !s->t[n - 1].phase1) n--;
    vec_grow(d, n);
    for (uint32_t i = 0; i < n; i++)
        if (s->t[i].phase1) tok_join(&d->t[i], &s->t[i]);
    return n;
}

/* ---- launch and block state ---------------------------------------------------------------- */

void race_grid_launch(race *r, bool begin) {
    struct xgrid *g = r->xg;
    if (g) {
        for (uint32_t i = 0; i < g->cap; i++) free(g->obj[i].v.t);
        free(g->obj);
        pthread_mutex_destroy(&g->lock);
        free(g);
        r->xg = NULL;
    }
    for (int i = 0; i < r->nworkers; i++) {
        xblock *b = r->w[i].xb;
        if (!b) continue;
        free(b->eff.t);
        free(b->pend.t);
        free(b);
        r->w[i].xb = NULL;
    }
    if (!begin) return;
    g = ps_xcalloc(1, sizeof *g);
    pthread_mutex_init(&g->lock, NULL);
    r->xg = g;
}

/* The block's state, made (or cleared, for a new block of the worker) on its first use: kernels
 * that never synchronise between blocks pay nothing per block. */
static xblock *block_state(race *r, rworker *w) {
    xblock *b = w->xb;
    if (!b) {
        b = w->xb = ps_xcalloc(1, sizeof *b);
        b->g = r->xg;
    } else if (b->gen == w->gen) {
        return b;
    }
    b->gen = w->gen;
    if (b->eff.n) memset(b->eff.t, 0, b->eff.n * sizeof *b->eff.t);
    if (b->pend.n) memset(b->pend.t, 0, b->pend.n * sizeof *b->pend.t);
    memset(b->pend_tids, 0, sizeof b->pend_tids);
    memset(b->last, 0, sizeof b->last);
    memset(b->ftok, 0, sizeof b->ftok);
    b->any = b->any_pend = false;
    return b;
}

/* A whole-block barrier phase completed: what the block's threads acquired before it is known to
 * all of them after it. */
void race_grid_phase(rworker *w) {
    xblock *b = w->xb;
    if (!b || b->gen != w->gen || !b->any_pend) return;
    vec_join(&b->eff, &b->pend);
    memset(b->pend.t, 0, b->pend.n * sizeof *b->pend.t);
    memset(b->pend_tids, 0, sizeof b->pend_tids);
    b->any_pend = false;
    b->any = true;
}

bool race_grid_ordered(const rworker *w, const acc *a, unsigned tid) {
    const xblock *b = w->xb;
    if (!__atomic_load_n(&b->g->active, __ATOMIC_RELAXED)) return false;
    if (__atomic_load_n(&b->g->lost, __ATOMIC_RELAXED)) return true;
    if (b->gen != w->gen) return false;
    if (b->any && a->cta < b->eff.n && covers(&b->eff.t[a->cta], a)) return true;
    return b->any_pend && tid < MAXW * 32 && (b->pend_tids[tid / 32] >> (tid % 32) & 1) && a->cta < b->pend.n &&
        covers(&b->pend.t[a->cta], a);
}

/* ---- release and acquire ------------------------------------------------------------------- */

static void lose(race *r, struct xgrid *g, const ps_event_where *at, int lane) {
    g->lost = true;
    if (g->noted) return;
    g->noted = true;
    ps_finding f = {.kind = PS_FIND_RACE, .severity = PS_SEV_NOTE, .count = 1};
    ps_site_from_event(&f.at, at, lane);
    snprintf(f.message, sizeof f.message,
             "synchronisation between blocks through global memory is too large to track (more "
             "than %u MiB of sync objects or %llu joins); races between blocks are not reported "
             "for the rest of this launch",
             XG_BYTES >> 20, (unsigned long long)XG_WORK);
    ps_verify_add_finding(r->v, &f);
}

/* The sync object of word `addr`, created when `make`; NULL when absent or the table cannot
 * grow. Called with g->lock held. */
static xobj *object(struct xgrid *g, uint64_t addr, bool make) {
    uint64_t key = addr + 1;
    if (make && (g->nobj + 1) * 2 > g->cap) {
        uint32_t cap = g->cap ? g->cap * 2 : 64;
        xobj *o = ps_xcalloc(cap, sizeof *o);
        for (uint32_t i = 0; i < g->cap; i++) {
            if (!g->obj[i].key) continue;
            uint32_t j = (uint32_t)(g->obj[i].key * 0x9e3779b97f4a7c15ull >> 40) & (cap - 1);
            while (o[j].key) j = (j + 1) & (cap - 1);
            o[j] = g->obj[i];
        }
        free(g->obj);
        g->obj = o;
        g->cap = cap;
    }
    if (!g->cap) return NULL;
    uint32_t j = (uint32_t)(key * 0x9e3779b97f4a7c15ull >> 40) & (g->cap - 1);
    while (g->obj[j].key && g->obj[j].key != key) j = (j + 1) & (g->cap - 1);
    if (g->obj[j].key == key) return &g->obj[j];
    if (!make) return NULL;
    g->obj[j].key = key;
    g->nobj++;
    return &g->obj[j];
}

/* The token of thread `tid`'s release now; ticks its warp's clock so that its later accesses are
 * not covered. */
static xtok release_token(rworker *w, int warp) {
    xtok t = {.phase1 = w->phase + 1, .warp = (uint16_t)warp, .clock = w->vc[warp][warp] + 1};
    w->vc[warp][warp]++;
    return t;
}

static void release(race *r, rworker *w, const ps_event_where *at, int lane, uint64_t addr, const xtok *tok) {
    struct xgrid *g = r->xg;
    xblock *b = w->xb;
    unsigned tid = (unsigned)at->warp * 32u + (unsigned)lane;
    pthread_mutex_lock(&g->lock);
    if (g->lost) goto out;
    xobj *o = object(g, addr, true);
    size_t before = o->v.n;
    uint64_t work = 0;
    if (b->any) work += vec_join(&o->v, &b->eff);
    if (b->any_pend && (b->pend_tids[tid / 32] >> (tid % 32) & 1)) work += vec_join(&o->v, &b->pend);
    vec_grow(&o->v, w->cta + 1);
    tok_join(&o->v.t[w->cta], tok);
    g->bytes += (o->v.n - before) * sizeof(xtok);
    g->work += work + 1;
    __atomic_store_n(&g->active, true, __ATOMIC_RELAXED);
    if (g->bytes > XG_BYTES || g->work > XG_WORK) lose(r, g, at, lane);
out:
    pthread_mutex_unlock(&g->lock);
}

static void acquire(race *r, rworker *w, const ps_event_where *at, int lane, uint64_t addr) {
    struct xgrid *g = r->xg;
    xblock *b = w->xb;
    unsigned tid = (unsigned)at->warp * 32u + (unsigned)lane;
    if (!__atomic_load_n(&g->active, __ATOMIC_RELAXED)) return;
    pthread_mutex_lock(&g->lock);
    xobj *o = g->lost ? NULL : object(g, addr, false);
    if (o) {
        g->work += vec_join(&b->pend, &o->v);
        b->pend_tids[tid / 32] |= 1u << (tid % 32);
        b->any_pend = true;
        if (g->work > XG_WORK) lose(r, g, at, lane);
    }
    pthread_mutex_unlock(&g->lock);
}

static bool scope_cta(const ps_modset *m) { return ps_modset_has(m, PS_MOD_CTA); }

void race_grid_access(race *r, rworker *w, const ps_mem_event *e, int lane, uint64_t addr) {
    const ps_insn *in = e->at.insn;
    if (!in || scope_cta(&in->mods)) return;
    xblock *b = block_state(r, w);
    unsigned tid = (unsigned)e->at.warp * 32u + (unsigned)lane;
    ps_mod sem = ps_insn_group(in, PS_MG_SEM); /* one at most on an access (mem_rules.c) */
    bool acq = sem == PS_MOD_ACQUIRE || sem == PS_MOD_ACQ_REL, rel = sem == PS_MOD_RELEASE || sem == PS_MOD_ACQ_REL;
    bool fenced = b->ftok[tid].phase1 != 0;
    addr &= ~3ull;
    if (e->kind != PS_ACC_STORE) { /* a read: ld, or the read of an atom */
        if (acq || (fenced && e->kind == PS_ACC_ATOMIC && in->form != PS_F_RED)) acquire(r, w, &e->at, lane, addr);
        else b->last[tid] = addr + 1;
    }
    if (e->kind != PS_ACC_LOAD) {
        if (rel) {
            xtok t = release_token(w, e->at.warp);
            release(r, w, &e->at, lane, addr, &t);
        } else if (fenced) {
            release(r, w, &e->at, lane, addr, &b->ftok[tid]);
        }
    }
}

/* Is the instruction a fence that orders memory between blocks (fence.sc / fence.acq_rel /
 * fence.acquire / fence.release at cluster, gpu or sys scope; membar.gl / membar.sys)? Proxy
 * fences and mbarrier_init fences are not. */
bool race_grid_fence_insn(const ps_insn *in) {
    if (in->form != PS_F_MEMBAR && in->form != PS_F_FENCE) return false;
    const ps_modset *m = &in->mods;
    if (ps_modset_has(m, PS_MOD_PROXY) || ps_modset_has(m, PS_MOD_ALIAS) || ps_modset_has(m, PS_MOD_ASYNC) ||
        scope_cta(m))
        return false;
    return !ps_insn_has(in, PS_WM(MBARRIER_INIT)); /* .proxy is in the modset, checked above */
}

void race_grid_fence(race *r, const ps_insn_event *e) {
    if (e->warp < 0 || e->warp >= MAXW || !e->exec) return;
    rworker *w = &r->w[e->worker];
    xblock *b = block_state(r, w);
    const ps_modset *m = &e->insn->mods;
    bool rel_only = ps_modset_has(m, PS_MOD_RELEASE), acq_only = ps_modset_has(m, PS_MOD_ACQUIRE);
    xtok t = {0};
    if (!acq_only) t = release_token(w, e->warp);
    ps_event_where at = {.warp = e->warp, .worker = e->worker, .insn = e->insn};
    memcpy(at.ctaid, e->ctaid, sizeof at.ctaid);
    memcpy(at.block, e->block, sizeof at.block);
    for (uint32_t mk = e->exec; mk; mk &= mk - 1) {
        int l = __builtin_ctz(mk);
        unsigned tid = (unsigned)e->warp * 32u + (unsigned)l;
        if (!rel_only && b->last[tid]) {
            acquire(r, w, &at, l, b->last[tid] - 1);
            b->last[tid] = 0;
        }
        if (!acq_only) b->ftok[tid] = t;
    }
}
