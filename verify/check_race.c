/* check_race.c — data races (DESIGN §4): shared-memory hazards between threads of a block that no
 * barrier orders, and global-memory hazards within a launch (between blocks, or between threads of
 * a block that no barrier orders), reported with both accesses like compute-sanitizer racecheck.
 *
 * Happens-before inside a block, between warps, is tracked with one vector clock per warp (a block
 * has at most 32 warps): arriving at a barrier ticks the warp's own clock and adds its clock to the
 * barrier's join; the release hands the join to every warp that waited (bar.sync / bar.red /
 * barrier.sync), not to warps that only arrived (bar.arrive), so producer/consumer named barriers
 * order the producers' earlier accesses before the consumers' later ones and nothing else. An
 * access by warp A at A's clock c happens before the current access of warp B when B's clock of A
 * exceeds c.
 *
 * Inside a warp (Volta model: lanes are independent threads) one vector clock per lane over the
 * warp's lanes (race_lanes.h): bar.warp.sync (__syncwarp) and a waiting CTA barrier join the
 * clocks of the lanes that took part. The .sync collectives (shfl, vote, match, redux, elect)
 * synchronise execution but do not order memory (CUDA programming guide; compute-sanitizer's
 * racecheck agrees), so they do not join clocks. Two accesses of different lanes of one warp with
 * no bar.warp.sync or barrier between are unordered: a plain pair is an error, a pair of
 * volatile/relaxed accesses (the pre-Volta "warp-synchronous" idiom: a volatile shared array
 * reduced without __syncwarp) a warning. Lanes of one instruction are unordered too (two lanes
 * storing to the same bytes is a write-after-write race).
 *
 * Shadow memory: 20-byte access records (instruction index, the warp's clock, the lane's clock,
 * block number, thread, byte mask, flags), two writes and two reads per 4-byte word, each with a
 * byte mask so 1- and 2-byte accesses to different bytes of a word do not conflict.
 * - Shared: per worker (one block at a time) one dense array, entries carrying the block's
 *   generation number instead of being cleared per block.
 * - Global: dense pages of 2048 words, found through a lock-free directory keyed by page number
 *   with a per-worker last-page cache, one lock per page taken once per run of lanes in the page.
 *   At most RACE_GLOBAL_WORDS words are tracked (further pages go unchecked; a note says so).
 * Atomics never race with atomics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "race_internal.h"

/* Is the instruction a morally strong access (volatile, relaxed, acquire, release, sc)? */
static bool insn_strong(const ps_insn *in) {
    switch (in ? ps_insn_group(in, PS_MG_SEM) : PS_MOD_NONE) { /* .mmio comes with .relaxed, found first */
    case PS_MOD_VOLATILE:
    case PS_MOD_RELAXED:
    case PS_MOD_ACQUIRE:
    case PS_MOD_RELEASE:
    case PS_MOD_SC: return true;
    default: return false;
    }
}

/* The instruction's memory-order semantics (SEM: one at most on the memory instructions, mem_rules.c),
 * or PS_MOD_NONE. */
static ps_mod sem_of(const ps_insn *in) { return in ? ps_insn_group(in, PS_MG_SEM) : PS_MOD_NONE; }
static bool sem_acquires(ps_mod s) { return s == PS_MOD_ACQUIRE || s == PS_MOD_ACQ_REL; }
static bool sem_releases(ps_mod s) { return s == PS_MOD_RELEASE || s == PS_MOD_ACQ_REL; }

static void *race_create(ps_verifier *v) {
    race *r = ps_xcalloc(1, sizeof *r);
    r->v = v;
    pthread_mutex_init(&r->lock, NULL);
    const char *env = getenv("PTXSIM_RACE_GLOBAL_WORDS");
    uint64_t words = env ? strtoull(env, NULL, 0) : RACE_GLOBAL_WORDS;
    uint64_t pages = (words + PAGE_WORDS - 1) / PAGE_WORDS;
    if (pages < 1) pages = 1;
    if (pages > (1u << 24)) pages = 1u << 24;
    r->max_pages = (uint32_t)pages;
    uint32_t cap = 16;
    while (cap < 2 * pages) cap *= 2;
    r->dir_cap = cap;
    r->dir_key = ps_xcalloc(cap, sizeof *r->dir_key);
    r->dir_page = ps_xcalloc(cap, sizeof *r->dir_page);
    r->ctaids = ps_xcalloc(CTA_CHUNKS, sizeof *r->ctaids);
    r->iflags = ps_xcalloc((size_t)(v->ninsns ? v->ninsns : 1), 1);
    for (int i = 0; i < v->ninsns; i++) {
        const ps_insn *in = ps_verify_insn_at(v, i);
        ps_mod s = sem_of(in);
        r->iflags[i] = (uint8_t)((insn_strong(in) ? RI_STRONG : 0) | (sem_acquires(s) ? RI_ACQ : 0) |
                                 (sem_releases(s) ? RI_REL : 0));
    }
    r->hopper = race_proxy_program(v);
    return r;
}

static void shared_free(rworker *w);

static void race_free_launch(race *r) {
    race_grid_launch(r, false);
    for (int i = 0; i < r->nworkers; i++) {
        shared_free(&r->w[i]);
        free(r->w[i].sat);
        free(r->w[i].rsh);
        free(r->w[i].log);
        race_async_free(&r->w[i]);
    }
    free(r->w);
    r->w = NULL;
    r->nworkers = 0;
    for (uint32_t i = 0; i < r->dir_cap; i++) {
        if (r->dir_page[i]) {
            pthread_mutex_destroy(&r->dir_page[i]->lock);
            munmap(r->dir_page[i], sizeof(gpage));
        }
        r->dir_page[i] = NULL;
        r->dir_key[i] = 0;
    }
    r->npages = 0;
    for (int i = 0; i < CTA_CHUNKS && r->ctaids[i]; i++) {
        free(r->ctaids[i]);
        r->ctaids[i] = NULL;
    }
    r->ncta = 0;
}

static void race_destroy(void *self) {
    race *r = self;
    race_free_launch(r);
    pthread_mutex_destroy(&r->lock);
    free(r->dir_key);
    free(r->dir_page);
    free(r->ctaids);
    free(r->iflags);
    free(r);
}

static void race_launch_begin(void *self, int nworkers) {
    race *r = self;
    race_free_launch(r);
    r->nworkers = nworkers > 0 ? nworkers : 1;
    r->w = ps_xcalloc((size_t)r->nworkers, sizeof *r->w);
    race_grid_launch(r, true);
}

static void race_cta_begin(void *self, int worker, const unsigned ctaid[3]) {
    race *r = self;
    rworker *w = &r->w[worker];
    w->gen++;
    if (w->gen == 0) { /* wrapped: clear the shadow once every 4G blocks */
        memset(w->sh, 0, w->nsh * sizeof *w->sh);
        w->gen = 1;
    }
    memcpy(w->ctaid, ctaid, sizeof w->ctaid);
    memset(w->vc, 0, sizeof w->vc);
    memset(w->join, 0, sizeof w->join);
    memset(w->waiters, 0, sizeof w->waiters);
    memset(w->bar_lanes_ok, 0, sizeof w->bar_lanes_ok);
    memset(w->bar_partial, 0, sizeof w->bar_partial);
    memset(w->bar_lanes, 0, sizeof w->bar_lanes);
    w->dsmem_dirty = false;
    w->cgen++;
    w->phase = 0;
    w->synced = 0;
    w->nlog = 0; /* the previous block's deferred loads: its records are dead */
    w->wphase = 0;
    for (int i = 0; i < MAXW; i++) ps_lane_clocks_reset(&w->lanes[i]);
    race_async_cta_begin(r, w);
    pthread_mutex_lock(&r->lock);
    uint32_t n = r->ncta++;
    uint32_t chunk = n / CTA_CHUNK;
    if (chunk < CTA_CHUNKS) {
        /* not cleared: an entry is written before any record can name its block */
        if (!r->ctaids[chunk]) r->ctaids[chunk] = ps_xmalloc(CTA_CHUNK * sizeof(unsigned[3]));
        memcpy(r->ctaids[chunk][n % CTA_CHUNK], ctaid, sizeof(unsigned[3]));
    }
    pthread_mutex_unlock(&r->lock);
    w->cta = n;
}

/* ---- happens-before ------------------------------------------------------------------------ */

/* Lanes of warp `warp` that exist in a block of n threads. */
uint32_t race_valid_lanes(unsigned n, int warp) {
    unsigned t0 = (unsigned)warp * 32u;
    if (t0 >= n) return 0;
    return n - t0 >= 32 ? 0xffffffffu : (1u << (n - t0)) - 1;
}

unsigned race_block_threads(const ps_event_where *at) {
    return (at->block[0] ? at->block[0] : 1) * (at->block[1] ? at->block[1] : 1) * (at->block[2] ? at->block[2] : 1);
}

static void barrier_arrive(rworker *w, int warp, int id, bool waits) {
    uint32_t *vc = w->vc[warp];
    vc[warp]++;
    ps_clocks_max32(w->join[id], vc);
    if (waits) w->waiters[id] |= 1u << warp;
}

static void log_replay(race *r, rworker *w);

static void barrier_release(race *r, rworker *w, int id, unsigned nthreads) {
    unsigned nwarps = (nthreads + 31) / 32;
    uint32_t all = nwarps >= 32 ? 0xffffffffu : (1u << nwarps) - 1;
    bool whole = !w->bar_partial[id] && w->waiters[id] == all && w->bar_lanes_ok[id] == all;
    if (whole) w->nlog = 0; /* the phase ends: its records would never be read */
    else if (w->nlog) log_replay(r, w);
    if (whole) {
        w->phase++;
        if (w->xb) race_grid_phase(w);
    } else {
        w->synced = w->phase + 1;
    }
    /* the lanes of a warp that waited are released together, whether they arrived together or
     * (non-aligned barrier.sync) in several groups: nothing either did before the barrier can
     * come after what the other does after it */
    for (uint32_t m = w->waiters[id]; m; m &= m - 1) {
        int k = __builtin_ctz(m);
        ps_lane_clocks_sync(&w->lanes[k], w->bar_lanes[id][k], race_valid_lanes(nthreads, k));
        w->bar_lanes[id][k] = 0;
    }
    w->bar_partial[id] = false;
    w->bar_lanes_ok[id] = 0;
    for (uint32_t m = w->waiters[id]; m; m &= m - 1) ps_clocks_max32(w->vc[__builtin_ctz(m)], w->join[id]);
    memset(w->join[id], 0, sizeof w->join[id]);
    w->waiters[id] = 0;
}

static void race_barrier(void *self, const ps_event_where *at, int id, uint32_t lanes, bool release) {
    race *r = self;
    rworker *w = &r->w[at->worker];
    if (id < 0 || id >= NBAR) return;
    if (release) {
        barrier_release(r, w, id, race_block_threads(at));
        return;
    }
    if (at->warp < 0 || at->warp >= MAXW || !lanes) return;
    bool waits = !(at->insn && ps_modset_has(&at->insn->mods, PS_MOD_ARRIVE));
    barrier_arrive(w, at->warp, id, waits);
    if (waits) w->bar_lanes[id][at->warp] |= lanes;
    if (waits && w->bar_lanes[id][at->warp] == race_valid_lanes(race_block_threads(at), at->warp))
        w->bar_lanes_ok[id] |= 1u << at->warp;
    else w->bar_partial[id] = w->bar_partial[id] || !waits;
}

static void race_warp_sync(void *self, const ps_event_where *at, uint32_t lanes) {
    race *r = self;
    if (at->warp < 0 || at->warp >= MAXW || !at->insn) return;
    /* only bar.warp.sync orders memory; shfl/vote/match/redux/elect.sync do not */
    if (at->insn->form != PS_F_BAR_WARP_SYNC) return;
    rworker *w = &r->w[at->worker];
    if (w->nlog) log_replay(r, w);
    ps_lane_clocks_sync(&w->lanes[at->warp], lanes, race_valid_lanes(race_block_threads(at), at->warp));
    w->synced = w->phase + 1;
}

/* Is the earlier access `a` ordered before the current access of thread `tid` of this block? */
static inline __attribute__((always_inline)) bool ordered(const rworker *w, const acc *a, unsigned tid) {
    /* blocks of one launch are ordered only through global memory (race_grid.c) */
    if (a->cta != w->cta) return w->xb && race_grid_ordered(w, a, tid);
    if (a->tid == tid || a->phase != w->phase) return true;
    unsigned aw = a->tid / 32u, cw = tid / 32u;
    if (aw >= MAXW || cw >= MAXW) return true;
    if (aw == cw) return ps_lane_clocks_view(&w->lanes[cw], tid % 32u, a->tid % 32u) > a->lclock;
    return w->vc[cw][aw] > a->clock;
}

/* ---- reporting ------------------------------------------------------------------------------ */

/* Message of a hazard: fixed text per (type, space, scope, stale) so the verifier folds repeats. */
static void hazard_message(char *buf, size_t n, const pending *p) {
    const char *space = p->global ? "global" : "shared";
    int type = p->type;
    const char *what = type == HZ_RAW ? "read-after-write" : type == HZ_WAR ? "write-after-read" : "write-after-write";
    if (race_proxy_message(buf, n, type)) return;
    if (type == HZ_EARLY_READ || type == HZ_EARLY_WRITE) {
        snprintf(buf, n,
                 "%s of a cp.async destination before the copy completed: the thread's "
                 "cp.async to these bytes has not been waited for (cp.async.wait_group, "
                 "cp.async.wait_all, or cp.async.mbarrier.arrive and a successful mbarrier wait)"
                 "%s",
                 type == HZ_EARLY_READ ? "read" : "write",
                 type == HZ_EARLY_READ ? ", so the read may see the old bytes"
                                       : ", so the copy may overwrite this store later");
        return;
    }
    if (type == HZ_WAW_LANES) {
        snprintf(buf, n,
                 "write-after-write race on %s memory: lanes of one warp instruction store "
                 "to the same bytes",
                 space);
        return;
    }
    const char *pair = type == HZ_RAW ? "the read and another thread's write"
        : type == HZ_WAR              ? "the write and another thread's read"
                                      : "two writes by different threads";
    if (p->idiom)
        snprintf(buf, n,
                 "%s race on %s memory between lanes of one warp: volatile (or relaxed) "
                 "accesses with no __syncwarp (bar.warp.sync) between them; warp-synchronous code "
                 "that assumes lock-step lanes, which Volta and later GPUs do not guarantee",
                 what, space);
    else if (p->stale)
        snprintf(buf, n,
                 "%s race on %s memory%s: a plain load and another thread's atomic (or "
                 "volatile) update of the same bytes are not ordered%s; the load may see a stale "
                 "value (benign in a compare-and-swap loop)",
                 what, space,
                 p->cross       ? " between blocks"
                     : p->lanes ? " between lanes of one warp"
                                : "",
                 p->cross       ? ""
                     : p->lanes ? " by __syncwarp or a barrier"
                                : " by a barrier");
    else if (p->lanes)
        snprintf(buf, n,
                 "%s race on %s memory between lanes of one warp: %s of the same bytes are "
                 "not ordered by __syncwarp (bar.warp.sync) or a barrier",
                 what, space, pair);
    else if (p->cross && !p->global)
        snprintf(buf, n,
                 "%s race on distributed shared memory between blocks of a cluster: %s of "
                 "the same bytes are not ordered by barrier.cluster (or an mbarrier the reader "
                 "waited on)",
                 what, pair);
    else if (p->cross)
        snprintf(buf, n,
                 "%s race on %s memory between blocks: %s of the same bytes come from "
                 "different blocks of one launch",
                 what, space, pair);
    else snprintf(buf, n, "%s race on %s memory: %s of the same bytes are not ordered by a barrier", what, space, pair);
}

static void other_site(const race *r, ps_site *s, const ps_event_where *cur, const acc *a, uint64_t addr) {
    ps_event_where at = *cur;
    at.insn = ps_verify_insn_at(r->v, (int)a->insn - 1);
    at.warp = a->tid / 32;
    if (a->cta != r->w[cur->worker].cta) {
        uint32_t chunk = a->cta / CTA_CHUNK;
        if (chunk < CTA_CHUNKS && r->ctaids[chunk])
            memcpy(at.ctaid, r->ctaids[chunk][a->cta % CTA_CHUNK], sizeof at.ctaid);
    }
    ps_site_from_event(s, &at, a->tid % 32);
    s->address = addr;
    s->has_address = true;
    s->is_write = (a->flags & F_WRITE) != 0;
}

/* Queues one hazard of the current event (folded by type and other instruction). */
void race_note_hazard(race *r, rworker *w, const ps_mem_event *e, int lane, uint64_t addr, int type, bool global,
                      int sev, const acc *other) {
    bool cross = other->cta != w->cta;
    bool lanes = !cross && other->tid / 32u == (unsigned)e->at.warp;
    bool stale = sev == 2, idiom = sev == 3;
    if (w->last_pend < w->npend) { /* most hazards of an event repeat the previous one */
        pending *p = &w->pend[w->last_pend];
        if (p->type == type && p->global == global && p->cross == cross && p->stale == stale && p->lanes == lanes &&
            p->idiom == idiom && p->other == other->insn) {
            p->count++;
            if (lane >= 0 && lane < 32) p->lmask |= 1u << lane;
            return;
        }
    }
    for (int i = 0; i < w->npend; i++) {
        pending *p = &w->pend[i];
        if (p->type == type && p->global == global && p->cross == cross && p->stale == stale && p->lanes == lanes &&
            p->idiom == idiom && p->other == other->insn) {
            p->count++;
            if (lane >= 0 && lane < 32) p->lmask |= 1u << lane;
            w->last_pend = i;
            return;
        }
    }
    if (w->npend == (int)PS_ARRAY_LEN(w->pend)) return; /* keep the first 16 kinds of pair */
    w->last_pend = w->npend;
    pending *p = &w->pend[w->npend++];
    *p = (pending){.type = type,
                   .global = global,
                   .cross = cross,
                   .stale = stale,
                   .lanes = lanes,
                   .idiom = idiom,
                   .other = other->insn,
                   .count = 1,
                   .lmask = lane >= 0 && lane < 32 ? 1u << lane : 0};
    ps_site_from_event(&p->at, &e->at, lane);
    p->at.address = addr;
    p->at.has_address = true;
    p->at.is_write = e->kind != PS_ACC_LOAD;
    other_site(r, &p->oth, &e->at, other, addr);
}

/* What makes a race finding distinct (ps_verify_add_finding folds on kind, both lines and the
 * message, and the message is a function of these flags): the flags of a pending hazard. */
static uint32_t pending_key(const pending *p) {
    return (uint32_t)p->type | (uint32_t)p->global << 8 | (uint32_t)p->cross << 9 | (uint32_t)p->stale << 10 |
        (uint32_t)p->lanes << 11 | (uint32_t)p->idiom << 12;
}

static void flush_hazards(race *r, rworker *w) {
    for (int i = 0; i < w->npend; i++) {
        pending *p = &w->pend[i];
        uint32_t key = pending_key(p);
        int j = 0;
        while (j < w->nsent &&
               (w->sent[j].key != key || w->sent[j].at_line != (uint32_t)p->at.ptx_line ||
                w->sent[j].oth_line != (uint32_t)p->oth.ptx_line))
            j++;
        if (j < w->nsent) { /* the same finding as an earlier event's: only the count grows */
            ps_verify_add_count(r->v, w->sent[j].idx, p->count);
            continue;
        }
        bool warn = p->stale || p->idiom;
        ps_finding f = {.kind = PS_FIND_RACE,
                        .severity = warn ? PS_SEV_WARNING : PS_SEV_ERROR,
                        .at = p->at,
                        .other = p->oth,
                        .has_other = true,
                        .count = p->count,
                        .lanes = p->lmask};
        hazard_message(f.message, sizeof f.message, p);
        int idx = ps_verify_add_finding_idx(r->v, &f);
        if (idx < 0) continue; /* dropped (too many distinct findings): not cached */
        if (w->nsent < (int)PS_ARRAY_LEN(w->sent)) j = w->nsent++;
        else j = w->next_sent++ % (int)PS_ARRAY_LEN(w->sent);
        w->sent[j] = (struct sent){key, (uint32_t)p->at.ptx_line, (uint32_t)p->oth.ptx_line, idx};
    }
    w->npend = 0;
    w->last_pend = 0;
}

/* ---- one access against one shadow word ---------------------------------------------------- */

/* A conflict between the earlier access `a` and the current one (flags `cf`): 0 none, 1 an error,
 * 2 a warning (a plain load against a strong write: stale value, the compare-and-swap idiom),
 * 3 two strong accesses, one a non-atomic write (only a finding between lanes of one warp). */
static int conflict(const acc *a, uint8_t cf) {
    if (!(a->flags & F_WRITE) && !(cf & F_WRITE)) return 0;
    if ((a->flags & F_STRONG) && (cf & F_STRONG)) return (a->flags & F_ATOMIC) && (cf & F_ATOMIC) ? 0 : 3;
    bool a_plain_load = !(a->flags & (F_WRITE | F_STRONG)), c_plain_load = !(cf & (F_WRITE | F_STRONG));
    if ((a_plain_load && (cf & F_STRONG)) || (c_plain_load && (a->flags & F_STRONG))) return 2;
    return 1;
}

/* The access being checked: one lane of the current event. */
typedef struct {
    const ps_mem_event *e;
    unsigned tid;
    uint32_t insn, clock, lclock;
    uint8_t flags;
    bool write, global;
} cur_access;

static inline void check_one(race *r, rworker *w, const cur_access *c, int lane, const acc *a, uint8_t mask,
                             uint64_t waddr, int type) {
    if (!a->insn || !(a->mask & mask)) return;
    if (a->cta == w->cta && a->phase != w->phase) return; /* a whole-block barrier between */
    int k = conflict(a, c->flags);
    if (!k) return;
    if (k == 3 && (a->cta != w->cta || a->tid / 32u != c->tid / 32u)) return;
    if (!ordered(w, a, c->tid))
        race_note_hazard(r, w, c->e, lane, waddr + (uint64_t)__builtin_ctz(mask), type, c->global, k, a);
}

/* Are all the word's records the current thread's own? Then ordered() holds for each, and the
 * word has nothing to report (a thread updating its own words: a histogram's per-thread counts,
 * a scan's per-thread run of entries). */
static inline bool word_owned(const rworker *w, const cur_access *c, const word *s) {
    const acc *x[4] = {&s->w[0], &s->w[1], &s->r[0], &s->r[1]};
    for (int i = 0; i < 4; i++)
        if (x[i]->insn && (x[i]->tid != c->tid || x[i]->cta != w->cta)) return false;
    return true;
}

static inline void check_word(race *r, rworker *w, const cur_access *c, int lane, uint64_t waddr, uint8_t mask,
                              const word *s) {
    if (!(s->w[0].insn | s->w[1].insn) && (!c->write || !(s->r[0].insn | s->r[1].insn))) return;
    if (word_owned(w, c, s)) return;
    for (int i = 0; i < 2; i++) check_one(r, w, c, lane, &s->w[i], mask, waddr, c->write ? HZ_WAW : HZ_RAW);
    if (c->write)
        for (int i = 0; i < 2; i++) check_one(r, w, c, lane, &s->r[i], mask, waddr, HZ_WAR);
}

static inline acc make_acc(const rworker *w, const cur_access *c, uint8_t mask) {
    return (acc){.insn = c->insn,
                 .clock = c->clock,
                 .lclock = c->lclock,
                 .cta = w->cta,
                 .phase = w->phase,
                 .tid = (uint16_t)c->tid,
                 .mask = mask,
                 .flags = c->flags};
}

static void record_word(const rworker *w, const cur_access *c, uint8_t mask, word *s) {
    bool strong = c->flags & F_STRONG;
    if (c->write && !strong && mask == 0xf) { /* what the loops below come to: it covers them all */
        s->w[1].insn = s->r[0].insn = s->r[1].insn = 0;
        s->w[0] = make_acc(w, c, mask);
        return;
    }
    if (c->write) {
        /* A write covering earlier accesses replaces them: each is ordered before it or was just
         * reported, and what is ordered after this write is ordered after them. Not so for a
         * strong write over plain accesses: strong-strong pairs are not checked, so a later
         * atomic of another thread would never be compared with the plain access it races. */
        for (int i = 0; i < 2; i++) {
            if (strong && !(s->w[i].flags & F_STRONG)) continue;
            if (s->w[i].insn && !(s->w[i].mask & ~mask)) s->w[i].insn = 0;
        }
        for (int i = 0; i < 2; i++) {
            if (strong && !(s->r[i].flags & F_STRONG)) continue;
            if (s->r[i].insn && !(s->r[i].mask & ~mask)) s->r[i].insn = 0;
        }
        /* a free slot, else a strong one (keeping plain writes), else the second */
        int slot = !s->w[0].insn ? 0 : !s->w[1].insn ? 1 : (s->w[0].flags & F_STRONG) ? 0 : 1;
        s->w[slot] = make_acc(w, c, mask);
    } else {
        acc *rs = s->r;
        if (!rs[0].insn) {
            rs[0] = make_acc(w, c, mask);
            return;
        }
        /* the same thread reading again in the same epoch: nothing new to remember */
        for (int i = 0; i < 2; i++)
            if (rs[i].insn && rs[i].tid == c->tid && rs[i].cta == w->cta && rs[i].clock == c->clock &&
                rs[i].lclock == c->lclock && rs[i].phase == w->phase && rs[i].flags == c->flags &&
                !(mask & ~rs[i].mask))
                return;
        int slot = -1;
        if (!rs[1].insn) slot = 1;
        /* Both slots hold other threads' reads that cannot be ordered before this one: from
         * other blocks, or from this phase of this block with no synchronisation inside it.
         * Keep them (the common case of many threads reading one word). */
        if (slot < 0 && w->synced != w->phase + 1) {
            bool keep = true;
            for (int i = 0; i < 2; i++)
                keep = keep && rs[i].tid != c->tid && (rs[i].cta != w->cta || rs[i].phase == w->phase);
            if (keep) return;
        }
        for (int i = 0; i < 2 && slot < 0; i++)
            if (!(rs[i].mask & ~mask) && ordered(w, &rs[i], c->tid)) slot = i;
        if (slot >= 0) rs[slot] = make_acc(w, c, mask);
        /* else: two unordered reads of other threads are kept, enough to catch a later write */
    }
}

/* The common cases of a whole-word access, settled without the general check and record:
 * a read of a word no write record covers (nothing to check) that is the word's first or second
 * reader, or a further reader that record_word would not remember (both read records are other threads'
 * reads that nothing can order: other blocks, or this phase with no synchronisation inside it);
 * a write to an empty word. Returns false when the general path must run. */
static inline __attribute__((always_inline)) bool fast_word(const rworker *w, const cur_access *c, word *s, bool rec) {
    if (s->w[0].insn | s->w[1].insn) return false;
    if (!c->write) {
        if (!rec) return true;
        if (!s->r[0].insn) {
            s->r[0] = make_acc(w, c, 0xf);
            return true;
        }
        const acc *a = &s->r[0], *b = &s->r[1];
        if (!b->insn) { /* the second reader: record_word's same-epoch test, else slot 1 */
            if (!(a->tid == c->tid && a->cta == w->cta && a->clock == c->clock && a->lclock == c->lclock &&
                  a->phase == w->phase && a->flags == c->flags && a->mask == 0xf))
                s->r[1] = make_acc(w, c, 0xf);
            return true;
        }
        /* both records from other blocks: nothing orders them before this read, so record_word
         * keeps them whatever the threads (and no write record means nothing to check) */
        if (a->cta != w->cta && b->cta != w->cta) return true;
        return w->synced != w->phase + 1 && a->tid != c->tid && b->tid != c->tid &&
            (a->cta != w->cta || a->phase == w->phase) && (b->cta != w->cta || b->phase == w->phase);
    }
    if (s->r[0].insn | s->r[1].insn) return false;
    if (rec) s->w[0] = make_acc(w, c, 0xf);
    return true;
}

/* An atomic of a whole word whose records are all atomics (many lanes and threads adding to one
 * counter): atomics never race with atomics, so there is nothing to check, and record_word would
 * drop every record (each is strong and covered) and keep the new one alone. */
static inline bool atomic_word(const rworker *w, const cur_access *c, word *s) {
    acc *x[4] = {&s->w[0], &s->w[1], &s->r[0], &s->r[1]};
    for (int i = 0; i < 4; i++)
        if (x[i]->insn && !(x[i]->flags & F_ATOMIC)) return false;
    for (int i = 1; i < 4; i++)
        if (x[i]->insn) x[i]->insn = 0;
    s->w[0] = make_acc(w, c, 0xf);
    return true;
}

/* The shared shadow: on first use, fresh zero pages from the system for SH_MAP_WORDS words (every
 * CTA's shared window fits), so that only the pages of words a block touches are ever cleared
 * (growing a heap array cleared every entry up to the highest word used, the reserved first KiB
 * included); a word beyond them moves it to a heap array doubled as needed. */
#define SH_MAP_WORDS (1u << 16)

static void shared_free(rworker *w) {
    if (w->sh_mapped) munmap(w->sh, w->nsh * sizeof *w->sh);
    else free(w->sh);
    w->sh = NULL;
    w->nsh = 0;
    w->sh_mapped = false;
}

static __attribute__((noinline)) void shared_grow(rworker *w, uint64_t wd) {
    if (!w->sh && wd < SH_MAP_WORDS) {
        void *p = mmap(NULL, SH_MAP_WORDS * sizeof *w->sh, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            w->sh = p;
            w->nsh = SH_MAP_WORDS;
            w->sh_mapped = true;
            return;
        }
    }
    size_t n = w->nsh ? w->nsh : 64; /* doubled as needed: a small kernel clears little */
    while (n <= wd) n *= 2;
    if (w->sh_mapped) {
        shentry *q = ps_xmalloc(n * sizeof *q);
        memcpy(q, w->sh, w->nsh * sizeof *q);
        munmap(w->sh, w->nsh * sizeof *w->sh);
        w->sh = q;
        w->sh_mapped = false;
    } else {
        w->sh = ps_xrealloc(w->sh, n * sizeof *w->sh);
    }
    memset(w->sh + w->nsh, 0, (n - w->nsh) * sizeof *w->sh);
    w->nsh = n;
}

static inline word *shared_word(rworker *w, uint64_t wd) {
    if (__builtin_expect(wd >= w->nsh, 0)) shared_grow(w, wd);
    shentry *s = &w->sh[wd];
    if (s->gen != w->gen || s->phase != w->phase) {
        /* an empty record is one with insn 0: every reader tests insn before its other fields */
        s->s.w[0].insn = s->s.w[1].insn = s->s.r[0].insn = s->s.r[1].insn = 0;
        s->gen = w->gen;
        s->phase = w->phase;
    }
    return &s->s;
}

/* The shadow page of global page number `pg`, created on first use; NULL when the bound is
 * reached (*full set). Lock-free lookups: a slot's key is claimed with a compare-and-swap and its
 * page pointer published after the page is initialised. */
static gpage *global_page(race *r, uint64_t pg, bool *full) {
    uint64_t key = pg + 1;
    uint64_t h = pg * 0x9E3779B97F4A7C15ull;
    uint32_t mask = r->dir_cap - 1;
    for (uint32_t i = (uint32_t)(h >> 32) & mask, probes = 0; probes < r->dir_cap; i = (i + 1) & mask, probes++) {
        uint64_t k = __atomic_load_n(&r->dir_key[i], __ATOMIC_ACQUIRE);
        if (k == key) {
            gpage *p;
            while (!(p = __atomic_load_n(&r->dir_page[i], __ATOMIC_ACQUIRE))) { /* being made */
            }
            return p;
        }
        if (k) continue;
        if (__atomic_add_fetch(&r->npages, 1, __ATOMIC_RELAXED) > r->max_pages) {
            __atomic_sub_fetch(&r->npages, 1, __ATOMIC_RELAXED);
            *full = true;
            return NULL;
        }
        uint64_t expect = 0;
        if (!__atomic_compare_exchange_n(&r->dir_key[i], &expect, key, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            __atomic_sub_fetch(&r->npages, 1, __ATOMIC_RELAXED);
            if (expect == key) { /* another worker claimed it for the same page */
                gpage *p;
                while (!(p = __atomic_load_n(&r->dir_page[i], __ATOMIC_ACQUIRE))) {}
                return p;
            }
            continue;
        }
        /* fresh zero pages from the system: no clearing (calloc from the heap would memset) */
        gpage *p = mmap(NULL, sizeof *p, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) {
            __atomic_sub_fetch(&r->npages, 1, __ATOMIC_RELAXED);
            __atomic_store_n(&r->dir_key[i], UINT64_MAX, __ATOMIC_RELEASE); /* a dead slot */
            *full = true;
            return NULL;
        }
        pthread_mutex_init(&p->lock, NULL);
        __atomic_store_n(&r->dir_page[i], p, __ATOMIC_RELEASE);
        return p;
    }
    *full = true;
    return NULL;
}

static void block_words(gpage *p, uint32_t bi);

/* A block malloc handed out: its bytes' records belonged to a block freed before (malloc orders
 * the free before it), so they are forgotten. */
static void race_heap_alloc(void *self, int worker, uint64_t addr, uint64_t size) {
    race *r = self;
    (void)worker;
    for (uint64_t wd = addr >> 2; wd < (addr + size + 3) >> 2; wd++) {
        bool full = false;
        gpage *p = global_page(r, wd >> PAGE_BITS, &full);
        if (!p) return;
        pthread_mutex_lock(&p->lock);
        uint32_t i = (uint32_t)(wd & (PAGE_WORDS - 1));
        if (p->hdr[i / BLOCK_WORDS] != BH_WORDS) block_words(p, i / BLOCK_WORDS);
        memset(&p->words[i], 0, sizeof p->words[i]);
        pthread_mutex_unlock(&p->lock);
    }
}

static void note_overflow(race *r, const ps_mem_event *e, int lane) {
    if (__atomic_exchange_n(&r->overflow_noted, true, __ATOMIC_RELAXED)) return;
    ps_finding f = {.kind = PS_FIND_RACE, .severity = PS_SEV_NOTE, .count = 1};
    ps_site_from_event(&f.at, &e->at, lane);
    snprintf(f.message, sizeof f.message,
             "global race check covers the first %llu words touched; later words go unchecked "
             "(PTXSIM_RACE_GLOBAL_WORDS raises the bound)",
             (unsigned long long)r->max_pages * PAGE_WORDS);
    ps_verify_add_finding(r->v, &f);
}

/* ---- lanes of one instruction writing the same bytes -------------------------------------- */

static void same_instruction_waw(race *r, rworker *w, const ps_mem_event *e, int space, uint32_t insn) {
    int idx[32], n = 0;
    bool ascending = true; /* lanes in order of address with no overlap: nothing to find */
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] != space) continue;
        if (n && e->addr[idx[n - 1]] + e->size > e->addr[l]) ascending = false;
        idx[n++] = l;
    }
    if (n < 2 || ascending) return;
    /* insertion sort by address: 32 lanes at most; usually already sorted */
    for (int i = 1; i < n; i++) {
        int x = idx[i], j = i;
        while (j > 0 && e->addr[idx[j - 1]] > e->addr[x]) idx[j] = idx[j - 1], j--;
        idx[j] = x;
    }
    for (int i = 1; i < n; i++) {
        int b = idx[i], a = idx[i - 1];
        /* equal sizes: a lane overlaps an earlier one exactly when it overlaps its predecessor */
        if (e->addr[a] + e->size <= e->addr[b]) continue;
        /* the same bytes stored with the same value (a warp storing its reduced result from every
         * lane): whichever lane wins, memory holds that value */
        if (e->values && e->addr[a] == e->addr[b] &&
            !((e->values[a] ^ e->values[b]) & (e->size >= 8 ? ~0ull : (1ull << (8 * e->size)) - 1)))
            continue;
        acc other = {.insn = insn, .cta = w->cta, .tid = (uint16_t)(e->at.warp * 32 + a), .flags = F_WRITE};
        race_note_hazard(r, w, e, b, e->addr[b], HZ_WAW_LANES, space == PS_SPACE_GLOBAL, 1, &other);
    }
}

/* ---- events --------------------------------------------------------------------------------- */

/* One pass over the lanes of an event: check (and, with `rec`, record) every word each lane
 * touches. Stores take two passes (check all, then record all) so that lanes of one instruction
 * are not compared with each other here (same_instruction_waw does that). */
/* The shadow word of global word `wd`, through the per-event page (*cur), the worker's page cache
 * and the directory, taking the page's lock when it changes (*locked); NULL when the page is not
 * tracked (the bound was reached). */
static inline gpage *global_page_locked(race *r, rworker *w, const ps_mem_event *e, int lane, uint64_t pg,
                                        uint64_t *cur_pg, gpage **cur_p, gpage **locked) {
    gpage *p;
    if (pg + 1 == *cur_pg) {
        p = *cur_p;
    } else {
        p = NULL;
        for (int k = 0; k < 4 && !p; k++)
            if (w->last_page[k] == pg + 1) p = w->last_gp[k];
        if (!p) {
            bool full = false;
            p = global_page(r, pg, &full);
            if (p) {
                unsigned k = w->last_next++ & 3;
                w->last_page[k] = pg + 1;
                w->last_gp[k] = p;
            } else if (full) {
                note_overflow(r, e, lane);
            }
        }
        *cur_pg = pg + 1;
        *cur_p = p; /* NULL: the following lanes in this page skip it too */
    }
    if (!p) return NULL;
    if (p != *locked) {
        if (*locked) pthread_mutex_unlock(&(*locked)->lock);
        pthread_mutex_lock(&p->lock);
        *locked = p;
    }
    return p;
}

/* Writes block bi's summary out into its words: what the general path would have recorded.
 * The first time a page's words are used (every word access goes through here first), the
 * whole page is made resident in one call: faulting its ~50 memory pages in one by one as
 * words are first touched took most of a tiled matmul's check time on a virtual machine. Pages
 * used only through summaries (a copy) never get there. */
static void block_words(gpage *p, uint32_t bi) {
#ifdef MADV_POPULATE_WRITE
    if (!p->populated) {
        p->populated = true;
        (void)madvise(p, sizeof *p, MADV_POPULATE_WRITE); /* older kernels: EINVAL, faults as before */
    }
#endif
    if (p->hdr[bi] == BH_SUM) {
        const bsum *b = &p->sum[bi];
        for (unsigned k = 0; k < b->n; k++) {
            acc x = b->a;
            x.tid = (uint16_t)(b->a.tid + (k >> b->shift));
            word *s = &p->words[bi * BLOCK_WORDS + b->k0 + k];
            if (x.flags & F_WRITE) s->w[0] = x;
            else s->r[0] = x;
        }
    }
    p->hdr[bi] = BH_WORDS;
}

static inline word *global_word(race *r, rworker *w, const ps_mem_event *e, int lane, uint64_t wd, uint64_t *cur_pg,
                                gpage **cur_p, gpage **locked) {
    gpage *p = global_page_locked(r, w, e, lane, wd >> PAGE_BITS, cur_pg, cur_p, locked);
    if (!p) return NULL;
    uint32_t i = (uint32_t)(wd & (PAGE_WORDS - 1));
    if (p->hdr[i / BLOCK_WORDS] != BH_WORDS) block_words(p, i / BLOCK_WORDS);
    return &p->words[i];
}

/* A whole warp whose halves each access 16 consecutive words, the two runs apart (rows of a
 * 16-wide tile). */
static bool half_dense(const ps_mem_event *e) {
    if (e->mask != 0xffffffffu || e->size != 4) return false;
    uint64_t a = e->addr[0], b = e->addr[16], off = 0;
    for (int l = 0; l < 16; l++) off |= ((e->addr[l] - a) ^ (4u * l)) | ((e->addr[16 + l] - b) ^ (4u * l));
    return !off && (a + 64 <= b || b + 64 <= a);
}

/* A write by the same threads of the block, word for word, over all the words of a summary (an
 * in-place update, y[i] = f(y[i])): the per-word path would find nothing (each word's record is
 * the writing thread's own) and leave only the write (it removes the records it covers), so the
 * write becomes the summary. Not for a strong write over plain records, which keeps them. */
static bool summary_rewrite(const rworker *w, const cur_access *c, bsum *b, unsigned k0, unsigned n, unsigned shift,
                            unsigned tid_k0) {
    if ((c->flags & F_STRONG) && !(b->a.flags & F_STRONG)) return false;
    if (b->shift != shift || b->a.cta != w->cta || b->k0 < k0 || b->k0 + b->n > k0 + n) return false;
    if (tid_k0 + ((b->k0 - k0) >> shift) != b->a.tid) return false;
    cur_access x = *c;
    x.tid = tid_k0;
    *b = (bsum){.a = make_acc(w, &x, 0xf), .k0 = (uint8_t)k0, .n = (uint8_t)n, .shift = (uint8_t)shift};
    return true;
}

/* Do the lanes of `mask` all have the same own clock? (Then dense_global cannot refuse them.) */
static bool same_lane_clock(const ps_lane_clocks *lc, uint32_t mask) { return ps_lane_clocks_same(lc, mask); }

/* A dense run of a warp access of whole words to global memory (the lanes of `mask`, l0..l0+n-1,
 * lane l0 + k at words lo/4 + k·s .. lo/4 + k·s + s-1 for s = size/4 words per lane), all lanes
 * with the same lane clock: an untouched block gets the access as its summary; other blocks take
 * the per-word path. Returns false (nothing done) when the lane clocks differ. */
static bool dense_global(race *r, rworker *w, cur_access *c, uint32_t mask, uint64_t lo) {
    const ps_mem_event *e = c->e;
    int l0 = __builtin_ctz(mask);
    const ps_lane_clocks *lc = &w->lanes[e->at.warp];
    uint32_t lcl = ps_lane_clocks_view(lc, (unsigned)l0, (unsigned)l0);
    if (!ps_lane_clocks_same(lc, mask)) return false;
    c->global = true;
    c->lclock = lcl;
    unsigned tid0 = (unsigned)e->at.warp * 32u + (unsigned)l0;
    unsigned shift = e->size == 16 ? 2 : e->size == 8 ? 1 : 0; /* words per lane: 1 << shift */
    gpage *locked = NULL, *cur_p = NULL;
    uint64_t cur_pg = 0, wd0 = lo >> 2, wend = wd0 + ((uint64_t)ps_verify_popc(mask) << shift);
    for (uint64_t wd = wd0; wd < wend;) {
        uint64_t bend = PS_MIN(wend, (wd | (BLOCK_WORDS - 1)) + 1);
        int lane = l0 + (int)((wd - wd0) >> shift);
        gpage *p = global_page_locked(r, w, e, lane, wd >> PAGE_BITS, &cur_pg, &cur_p, &locked);
        if (!p) {
            wd = bend;
            continue;
        }
        uint32_t i = (uint32_t)(wd & (PAGE_WORDS - 1)), bi = i / BLOCK_WORDS;
        if (p->hdr[bi] == BH_EMPTY) {
            c->tid = tid0 + (unsigned)((wd - wd0) >> shift);
            p->sum[bi] = (bsum){.a = make_acc(w, c, 0xf),
                                .k0 = (uint8_t)(i % BLOCK_WORDS),
                                .n = (uint8_t)(bend - wd),
                                .shift = (uint8_t)shift};
            p->hdr[bi] = BH_SUM;
            wd = bend;
            continue;
        }
        if (p->hdr[bi] == BH_SUM && c->write &&
            summary_rewrite(w, c, &p->sum[bi], i % BLOCK_WORDS, (unsigned)(bend - wd), shift,
                            tid0 + (unsigned)((wd - wd0) >> shift))) {
            wd = bend;
            continue;
        }
        if (p->hdr[bi] == BH_SUM) block_words(p, bi);
        for (; wd < bend; wd++, i++) {
            lane = l0 + (int)((wd - wd0) >> shift);
            c->tid = tid0 + (unsigned)((wd - wd0) >> shift);
            word *s = &p->words[i];
            if (fast_word(w, c, s, true)) continue;
            check_word(r, w, c, lane, wd << 2, 0xf, s);
            record_word(w, c, 0xf, s);
        }
    }
    if (locked) pthread_mutex_unlock(&locked->lock);
    return true;
}

/* A load of whole words from shared memory. Shared entries only hold records of this block and
 * phase, so a lane reading the word the previous lane read, when no write record covers it and
 * both read records are other threads' with no synchronisation inside the phase, changes nothing
 * and is settled with two comparisons (broadcast reads: 16 lanes of a warp reading one word; a
 * lane reading the word of lane l-1 or l-16 reuses that lane's lookup). */
/* The saturation record of shared block b (32 words), current for this block and phase. */
static inline struct shsat *sat_block(rworker *w, uint64_t b) {
    if (__builtin_expect(b >= w->nsat, 0)) {
        size_t n = w->nsat ? w->nsat : 64;
        while (n <= b) n *= 2;
        w->sat = ps_xrealloc(w->sat, n * sizeof *w->sat);
        memset(w->sat + w->nsat, 0, (n - w->nsat) * sizeof *w->sat);
        w->nsat = n;
    }
    struct shsat *t = &w->sat[b];
    if (t->gen != w->gen || t->phase != w->phase) *t = (struct shsat){.gen = w->gen, .phase = w->phase};
    return t;
}

/* A write to shared word wd: it is no longer read-saturated. */
static inline bool sat_any(const rworker *w) { return w->sat_phase1 == w->phase + 1 && w->sat_gen == w->gen; }

static inline void sat_clear(rworker *w, uint64_t wd) {
    if (sat_any(w) && wd / 32 < w->nsat) sat_block(w, wd / 32)->sat &= ~(1u << (wd % 32));
}

/* Are all words of [lo, hi) (byte offsets) read-saturated, with no record of warp `warp`? */
static bool sat_covers(rworker *w, uint64_t lo, uint64_t hi, int warp) {
    uint64_t w0 = lo >> 2, w1 = (hi + 3) >> 2;
    if (w1 - w0 > 96) return false;
    for (uint64_t b = w0 / 32; b * 32 < w1; b++) {
        if (b >= w->nsat) return false;
        const struct shsat *t = &w->sat[b];
        if (t->gen != w->gen || t->phase != w->phase || (t->warps >> warp & 1)) return false;
        uint64_t a = PS_MAX(w0, b * 32) - b * 32, z = PS_MIN(w1, b * 32 + 32) - b * 32;
        uint32_t m = (uint32_t)((z - a == 32 ? ~0ull : ((1ull << (z - a)) - 1)) << a);
        if ((t->sat & m) != m) return false;
    }
    return true;
}

static void shared_loads(race *r, rworker *w, cur_access *c, uint32_t same_prev) {
    const ps_mem_event *e = c->e;
    const ps_lane_clocks *lc = &w->lanes[e->at.warp];
    unsigned tid0 = (unsigned)e->at.warp * 32u;
    bool quiet = w->synced != w->phase + 1;
    word *ws[32]; /* each lane's word: a lane reading lane l-1's or l-16's word reuses it */
    uint64_t wds[32];
    uint32_t looked = 0; /* lanes whose ws/wds are set (a skipped run sets none) */
    c->global = false;
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        unsigned tid = tid0 + (unsigned)l;
        uint64_t wd = e->addr[l] >> 2;
        word *s;
        /* lanes l..end-1 read the word lane l-2 and l-1 read (a broadcast run): once lanes l-2 and
         * l-1 went through, the rest of the run changes nothing when the word is saturated by
         * records of threads outside the run */
        if (l >= 2 && (same_prev >> l & 1) && (looked >> (l - 1) & 1) && quiet) {
            s = ws[l - 1];
            /* the run ends at the first lane above l that does not repeat its neighbour */
            uint64_t rest = ~((uint64_t)same_prev >> (l + 1));
            int end = l + 1 + __builtin_ctzll(rest); /* bits from 32 up are set: end <= 32 */
            unsigned t0 = tid0 + (unsigned)l, t1 = tid0 + (unsigned)end - 1;
            if (s->r[1].insn && !(s->w[0].insn | s->w[1].insn) && (s->r[0].tid < t0 || s->r[0].tid > t1) &&
                (s->r[1].tid < t0 || s->r[1].tid > t1)) {
                uint32_t run = (uint32_t)(((1ull << end) - 1) & ~((1ull << l) - 1));
                m &= ~run | (1u << l); /* the loop clears lane l itself */
                continue;
            }
        }
        if (l > 0 && (looked >> (l - 1) & 1) && wds[l - 1] == wd) s = ws[l - 1];
        else if (l >= 16 && (looked >> (l - 16) & 1) && wds[l - 16] == wd) s = ws[l - 16];
        else s = shared_word(w, wd);
        ws[l] = s;
        wds[l] = wd;
        looked |= 1u << l;
        if (quiet && s->r[1].insn && !(s->w[0].insn | s->w[1].insn) && s->r[0].tid != tid && s->r[1].tid != tid)
            continue; /* changes nothing (the word is saturated, see below) */
        c->tid = tid;
        c->lclock = ps_lane_clocks_view(lc, (unsigned)l, (unsigned)l);
        if (!fast_word(w, c, s, true)) {
            check_word(r, w, c, l, wd << 2, 0xf, s);
            record_word(w, c, 0xf, s);
        }
        if (s->r[1].insn && !(s->w[0].insn | s->w[1].insn) && s->r[0].tid != s->r[1].tid && s->r[0].mask == 0xf &&
            s->r[1].mask == 0xf) { /* saturated from now on */
            struct shsat *t = sat_block(w, wd / 32);
            t->sat |= 1u << (wd % 32);
            w->sat_gen = w->gen;
            w->sat_phase1 = w->phase + 1;
            t->warps |= 1u << (s->r[0].tid / 32u) | 1u << (s->r[1].tid / 32u);
        }
    }
}

/* A dense store of whole words to shared memory (lanes l0..l0+n-1 at words lo/4 + k): what
 * lanes_pass does for it, with the read-saturation bits cleared per 32 words and a word of an
 * earlier block or phase (cleared on first touch) taking the store as its only record. */
static void shared_dense_store(race *r, rworker *w, cur_access *c, uint64_t lo) {
    const ps_mem_event *e = c->e;
    int l0 = __builtin_ctz(e->mask), n = ps_verify_popc(e->mask);
    const ps_lane_clocks *lc = &w->lanes[e->at.warp];
    unsigned tid0 = (unsigned)e->at.warp * 32u;
    uint64_t wd0 = lo >> 2, wend = wd0 + (uint64_t)n;
    c->global = false;
    if (wend > w->nsh) shared_grow(w, wend - 1);
    for (uint64_t wd = wd0; sat_any(w) && wd < wend;) {
        uint64_t b = wd / 32, bend = PS_MIN(wend, (b + 1) * 32);
        if (b < w->nsat) {
            uint64_t k0 = wd % 32, k1 = bend - b * 32;
            uint32_t bits = (uint32_t)((k1 - k0 == 32 ? ~0ull : (1ull << (k1 - k0)) - 1) << k0);
            sat_block(w, b)->sat &= ~bits;
        }
        wd = bend;
    }
    for (int k = 0; k < n; k++) {
        int l = l0 + k;
        uint64_t wd = wd0 + (uint64_t)k;
        shentry *se = &w->sh[wd];
        c->tid = tid0 + (unsigned)l;
        c->lclock = ps_lane_clocks_view(lc, (unsigned)l, (unsigned)l);
        if (se->gen != w->gen || se->phase != w->phase) {
            se->gen = w->gen;
            se->phase = w->phase;
            se->s.w[1].insn = se->s.r[0].insn = se->s.r[1].insn = 0;
            se->s.w[0] = make_acc(w, c, 0xf);
            continue;
        }
        if (fast_word(w, c, &se->s, true)) continue;
        check_word(r, w, c, l, wd << 2, 0xf, &se->s);
        record_word(w, c, 0xf, &se->s);
    }
}

/* One pass over the lanes of an event: check (and, with `rec`, record) every word each lane
 * touches. Stores take two passes (check all, then record all) so that lanes of one instruction
 * are not compared with each other here (same_instruction_waw does that). */
static void lanes_pass(race *r, rworker *w, cur_access *c, bool chk, bool rec) {
    const ps_mem_event *e = c->e;
    gpage *locked = NULL, *cur_p = NULL;
    uint64_t cur_pg = 0; /* the page (+ 1) the previous lane used */
    ps_lane_clocks *lc = &w->lanes[e->at.warp];
    unsigned tid0 = (unsigned)e->at.warp * 32u;
    bool size4 = e->size == 4;
    bool atomic = (c->flags & F_ATOMIC) && chk && rec; /* atomic_word checks and records */
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        int space = e->space[l];
        if (space != PS_SPACE_SHARED && space != PS_SPACE_GLOBAL) continue;
        c->tid = tid0 + (unsigned)l;
        c->lclock = ps_lane_clocks_view(lc, (unsigned)l, (unsigned)l);
        c->global = space == PS_SPACE_GLOBAL;
        uint64_t a = e->addr[l], end = a + e->size;
        uint64_t wd = a >> 2, wend = (end + 3) >> 2;
        bool whole = size4 && !(a & 3); /* the common case: one whole word */
        if (whole) {
            word *s = c->global ? global_word(r, w, e, l, wd, &cur_pg, &cur_p, &locked) : shared_word(w, wd);
            if (!s) continue;
            if (c->write && !c->global) sat_clear(w, wd);
            if (fast_word(w, c, s, rec)) continue;
            if (atomic && atomic_word(w, c, s)) continue;
            if (chk) check_word(r, w, c, l, wd << 2, 0xf, s);
            if (rec) record_word(w, c, 0xf, s);
            continue;
        }
        do {
            uint8_t mask = 0xf;
            if (!whole) {
                uint64_t lo = PS_MAX(a, wd << 2), hi = PS_MIN(end, (wd << 2) + 4);
                mask = (uint8_t)(((1u << (hi - lo)) - 1) << (lo & 3));
            }
            word *s = c->global ? global_word(r, w, e, l, wd, &cur_pg, &cur_p, &locked) : shared_word(w, wd);
            if (!s) continue;
            if (c->write && !c->global) sat_clear(w, wd);
            if (mask == 0xf && fast_word(w, c, s, rec)) continue; /* a whole word of the access */
            if (chk) check_word(r, w, c, l, wd << 2, mask, s);
            if (rec) record_word(w, c, mask, s);
        } while (++wd < wend);
    }
    if (locked) pthread_mutex_unlock(&locked->lock);
}

/* A plain (not atomic, not strong) store of whole words to shared memory whose lanes touch
 * distinct words (checked and recorded in one pass): what lanes_pass does for it, each word's
 * records checked and the store then left as its only record in one step (what shared_word,
 * fast_word, check_word and record_word come to for such a store). Kept out of lanes_pass,
 * whose per-lane loop over global words got 10 % dearer with it inside. */
static void shared_plain_stores(race *r, rworker *w, cur_access *c) {
    const ps_mem_event *e = c->e;
    const ps_lane_clocks *lc = &w->lanes[e->at.warp];
    unsigned tid0 = (unsigned)e->at.warp * 32u;
    c->global = false;
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t wd = e->addr[l] >> 2;
        c->tid = tid0 + (unsigned)l;
        c->lclock = ps_lane_clocks_view(lc, (unsigned)l, (unsigned)l);
        if (__builtin_expect(wd >= w->nsh, 0)) shared_grow(w, wd);
        shentry *se = &w->sh[wd];
        sat_clear(w, wd);
        if (se->gen != w->gen || se->phase != w->phase) {
            se->gen = w->gen;
            se->phase = w->phase;
            se->s.w[1].insn = se->s.r[0].insn = se->s.r[1].insn = 0;
        } else {
            check_word(r, w, c, l, wd << 2, 0xf, &se->s);
            se->s.w[1].insn = se->s.r[0].insn = se->s.r[1].insn = 0;
        }
        se->s.w[0] = make_acc(w, c, 0xf);
    }
}

/* RI_* of the event's instruction; insn: its index in the verifier's table, or < 0 when it has
 * none */
static inline unsigned insn_bits(const race *r, const ps_mem_event *e, int insn) {
    if (insn >= 0) return r->iflags[insn];
    ps_mod s = sem_of(e->at.insn);
    return (insn_strong(e->at.insn) ? RI_STRONG : 0u) | (sem_acquires(s) ? RI_ACQ : 0u) |
        (sem_releases(s) ? RI_REL : 0u);
}

/* F_ATOMIC / F_WRITE / F_STRONG of an access; insn: its index in the verifier's table (r->iflags),
 * or < 0 when it has none */
static inline uint8_t access_flags(const race *r, const ps_mem_event *e, int insn) {
    bool strong = e->kind == PS_ACC_ATOMIC || (insn_bits(r, e, insn) & RI_STRONG);
    return (uint8_t)((e->kind == PS_ACC_ATOMIC ? F_ATOMIC : 0) | (e->kind != PS_ACC_LOAD ? F_WRITE : 0) |
                     (strong ? F_STRONG : 0));
}

static void dsmem_local_check(race *r, rworker *w, const ps_mem_event *e, uint8_t flags);

/* Do the active lanes, in lane order, touch strictly increasing words (no word touched by two
 * lanes)? Then checking every lane before recording any, as a store's two passes do, finds what
 * one pass finds, and no two lanes of the instruction overlap. */
static bool words_ascending(const ps_mem_event *e) {
    uint64_t next = 0; /* lowest word the next lane may start at */
    for (uint32_t m = e->mask; m; m &= m - 1) {
        uint64_t a = e->addr[__builtin_ctz(m)];
        if (a >> 2 < next) return false;
        next = ((a + e->size - 1) >> 2) + 1;
    }
    return true;
}

/* Do the active lanes touch distinct words in any order (a scatter: a transposed tile, a radix
 * sort's bucket writes)? The same conclusion as words_ascending without sorting the lanes: each
 * lane's access is one unit (a 4-, 8- or 16-byte access aligned to its size), units are
 * numbered, and the numbers, all within 4096 of the lowest, must be distinct (a bitmap). False
 * when unsure (the caller then sorts). */
static bool words_distinct(const ps_mem_event *e) {
    unsigned size = e->size;
    /* byte and half-word stores: lanes often share a word (a char array), and the sort is cheap
     * next to the bitmap that would then fail */
    if (size != 4 && size != 8 && size != 16) return false;
    unsigned shift = size == 4 ? 2 : size == 8 ? 3 : 4; /* unit: a word, or the access itself */
    uint64_t lo = UINT64_MAX, hi = 0;
    uint32_t low = 0; /* units' low five bits: all distinct (lane l at unit 32 k + l, a radix
                       * sort's cnt[d][t]) settle it without the bitmap */
    bool low_distinct = true;
    for (uint32_t m = e->mask; m; m &= m - 1) {
        uint64_t a = e->addr[__builtin_ctz(m)];
        if (a & (size - 1)) return false;
        uint64_t u = a >> shift;
        lo = PS_MIN(lo, u);
        hi = PS_MAX(hi, u);
        uint32_t b = 1u << (u & 31);
        low_distinct = low_distinct && !(low & b);
        low |= b;
    }
    if (low_distinct) return true;
    if (hi - lo >= 4096) return false;
    uint64_t seen[64];
    memset(seen, 0, (size_t)((hi - lo) / 64 + 1) * sizeof *seen); /* the words the units fall in */
    for (uint32_t m = e->mask; m; m &= m - 1) {
        uint64_t u = (e->addr[__builtin_ctz(m)] >> shift) - lo;
        if (seen[u / 64] >> (u % 64) & 1) return false;
        seen[u / 64] |= 1ull << (u % 64);
    }
    return true;
}

/* ---- deferred shared loads ------------------------------------------------------------------ */

/* Shared loads of whole words in a phase where the block has not written shared memory: no word
 * has a write record, so checking them finds nothing, and recording them only matters to a later
 * access of the same phase. They are logged (rworker.log) and replayed in order, through the same
 * code and with the same clocks, before the first event that could read their records or change
 * what recording them does: a shared access other than such a load, a warp sync, a barrier
 * release that does not end the phase, an mbarrier, async-copy, cluster or fence event. A
 * whole-block barrier drops the log: the next phase never reads its records (a tiled matmul's
 * inner loop then costs one copied event per load). Not for blocks with cp.async, async-proxy
 * or distributed shared memory accesses, or loads with acquire/release semantics. */
static bool log_defers(const race *r, const rworker *w, const ps_mem_event *e, const ps_mem_shape *sh) {
    if (e->kind != PS_ACC_LOAD || !sh->aligned4 || sh->space != PS_SPACE_SHARED || e->remote) return false;
    if (w->wphase == w->phase + 1 || w->copies || w->dsmem_dirty || r->hopper || w->acq_used) return false;
    return !(insn_bits(r, e, sh->insn) & (RI_ACQ | RI_REL));
}

static void log_push(rworker *w, const ps_mem_event *e, const ps_mem_shape *sh, uint32_t insn, uint32_t clock,
                     uint8_t flags) {
    if (w->nlog == w->cap_log) {
        w->cap_log = w->cap_log ? 2 * w->cap_log : 256;
        w->log = ps_xrealloc(w->log, w->cap_log * sizeof *w->log);
    }
    struct rlog *x = &w->log[w->nlog++];
    x->insn = insn;
    x->clock = clock;
    x->mask = e->mask;
    x->same_prev = sh->same_prev;
    x->lo = sh->lo;
    x->hi = sh->hi;
    x->warp = e->at.warp;
    x->flags = flags;
    memcpy(x->addr, e->addr, sizeof x->addr);
}

/* What race_mem would have done with each logged load, in order. */
static void log_replay(race *r, rworker *w) {
    size_t n = w->nlog;
    w->nlog = 0;
    ps_mem_event e = {.kind = PS_ACC_LOAD, .size = 4};
    for (size_t i = 0; i < n; i++) {
        const struct rlog *x = &w->log[i];
        e.at.warp = x->warp;
        e.at.worker = (int)(w - r->w);
        e.mask = x->mask;
        memcpy(e.addr, x->addr, sizeof e.addr);
        cur_access c = {.e = &e, .insn = x->insn, .clock = x->clock, .flags = x->flags};
        if (w->synced == w->phase + 1 || !sat_covers(w, x->lo, x->hi, x->warp)) shared_loads(r, w, &c, x->same_prev);
    }
}

/* A log of this many loads is replayed, not grown (a phase of millions of loads). */
#define LOG_MAX 8192

static void race_mem(void *self, const ps_mem_event *e, const ps_mem_shape *sh) {
    race *r = self;
    rworker *w = &r->w[e->at.worker];
    if (e->at.warp < 0 || e->at.warp >= MAXW) return;
    if (log_defers(r, w, e, sh)) { /* before anything else: most shared loads of a tiled kernel */
        if (w->nlog == LOG_MAX) log_replay(r, w);
        log_push(w, e, sh, (uint32_t)(sh->insn + 1), w->vc[e->at.warp][e->at.warp], access_flags(r, e, sh->insn));
        return;
    }
    bool write = e->kind != PS_ACC_LOAD;
    cur_access c = {.e = e, .insn = (uint32_t)(sh->insn + 1), .clock = w->vc[e->at.warp][e->at.warp], .write = write};
    c.flags = access_flags(r, e, sh->insn);
    if (w->nlog && (sh->space != PS_SPACE_GLOBAL || (c.flags & F_STRONG))) log_replay(r, w);
    if (write) w->wphase = w->phase + 1;
    if (w->copies && e->kind != PS_ACC_ATOMIC && race_pending_copies(r, w, e, c.insn)) {
        flush_hazards(r, w); /* an async-proxy read: race_proxy.c checked it */
        return;
    }
    bool ascending = false;                      /* a store whose lanes touch distinct words */
    if (e->kind == PS_ACC_STORE && !sh->dense) { /* dense lanes never overlap */
        ascending = words_ascending(e) || words_distinct(e);
        if (!ascending) {
            same_instruction_waw(r, w, e, PS_SPACE_SHARED, c.insn);
            same_instruction_waw(r, w, e, PS_SPACE_GLOBAL, c.insn);
        }
    }
    if (sh->dense && sh->space == PS_SPACE_GLOBAL && !(sh->lo & 3) && (e->size == 4 || e->size == 8 || e->size == 16) &&
        dense_global(r, w, &c, e->mask, sh->lo)) {
        /* done: lanes touch distinct words, so checking and recording in one pass is the same */
    } else if (sh->aligned4 && sh->space == PS_SPACE_GLOBAL && half_dense(e) &&
               same_lane_clock(&w->lanes[e->at.warp], e->mask) && dense_global(r, w, &c, 0x0000ffffu, e->addr[0]) &&
               dense_global(r, w, &c, 0xffff0000u, e->addr[16])) {
        /* two half-warp rows (a 16-wide tile): each half as above */
    } else if (e->kind == PS_ACC_LOAD && sh->aligned4 && sh->space == PS_SPACE_SHARED) {
        if (w->synced == w->phase + 1 || !sat_covers(w, sh->lo, sh->hi, e->at.warp))
            shared_loads(r, w, &c, sh->same_prev);
    } else if (e->kind == PS_ACC_STORE && sh->dense && sh->aligned4 && sh->space == PS_SPACE_SHARED) {
        shared_dense_store(r, w, &c, sh->lo);
    } else if (e->kind == PS_ACC_STORE && sh->dense && sh->aligned4) {
        lanes_pass(r, w, &c, true, true); /* lanes touch distinct words: one pass is the same */
    } else if (e->kind == PS_ACC_STORE && ascending && c.flags == F_WRITE && sh->aligned4 &&
               sh->space == PS_SPACE_SHARED) {
        shared_plain_stores(r, w, &c); /* as below, a plain store's words in one step each */
    } else if (e->kind == PS_ACC_STORE && ascending) {
        lanes_pass(r, w, &c, true, true); /* no word shared by two lanes: one pass is the same */
    } else if (e->kind == PS_ACC_STORE) {
        lanes_pass(r, w, &c, true, false);
        lanes_pass(r, w, &c, false, true);
    } else {
        lanes_pass(r, w, &c, true, true);
    }
    if (__builtin_expect(w->dsmem_dirty, 0)) dsmem_local_check(r, w, e, c.flags);
    if (w->npend) flush_hazards(r, w);
    /* release/acquire on a shared word: message passing between the block's threads
     * (cooperative groups' multi-warp barriers: red.release, atom.acq_rel, ld.acquire) */
    unsigned ib = insn_bits(r, e, sh->insn);
    if (ib & (RI_ACQ | RI_REL)) {
        bool acq = ib & RI_ACQ, rel = ib & RI_REL;
        for (uint32_t m = e->mask & ~e->remote; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            if (e->space[l] == PS_SPACE_SHARED)
                race_sync_word(w, e->at.warp, l, e->addr[l] & ~3ull, acq && e->kind != PS_ACC_STORE,
                               rel && e->kind != PS_ACC_LOAD);
        }
    }
    /* strong accesses to global memory: release/acquire between blocks */
    if (c.flags & F_STRONG)
        for (uint32_t m = e->mask & ~e->remote; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            if (e->space[l] == PS_SPACE_GLOBAL) race_grid_access(r, w, e, l, e->addr[l]);
        }
}

/* ---- clusters: distributed shared memory ---------------------------------------------------- */

/* The record of other CTAs' accesses to shared word wd of block-worker w (rworker.rsh). */
static struct rsh *remote_word(rworker *w, uint64_t wd) {
    if (wd >= w->nrsh) {
        size_t n = w->nrsh ? w->nrsh : 256;
        while (n <= wd) n *= 2;
        w->rsh = ps_xrealloc(w->rsh, n * sizeof *w->rsh);
        memset(w->rsh + w->nrsh, 0, (n - w->nrsh) * sizeof *w->rsh);
        w->nrsh = n;
    }
    struct rsh *x = &w->rsh[wd];
    if (x->gen != w->cgen) *x = (struct rsh){.gen = w->cgen};
    return x;
}

/* Checks one access (flags, byte mask) of a thread of block `cta` against the other CTAs'
 * records of word wd; reports through block-worker `rw` (the accessing one). */
static void remote_check(race *r, rworker *rw, const ps_mem_event *e, int lane, uint64_t addr, const struct rsh *x,
                         uint32_t cta, uint8_t flags, uint8_t mask) {
    bool write = flags & F_WRITE;
    const acc *recs[2] = {&x->w, write ? &x->r : NULL};
    for (int k = 0; k < 2; k++) {
        const acc *o = recs[k];
        if (!o || !o->insn || !(o->mask & mask) || o->cta == cta) continue;
        int sev = conflict(o, flags);
        if (!sev || sev == 3) continue;
        race_note_hazard(r, rw, e, lane, addr, k ? HZ_WAR : (write ? HZ_WAW : HZ_RAW), false, sev, o);
    }
}

/* Lanes of block-worker `aw` accessing the shared memory of other CTAs of its cluster. Each is
 * checked against the target block's own records of its current phase and against other CTAs'
 * accesses to it since the last cluster-wide ordering, and recorded among the latter, so that
 * the target's later accesses that nothing orders are reported as races between blocks of the
 * cluster. A barrier.cluster (race_cluster_barrier) clears them. Accesses of aw's own threads
 * are not compared with each other here (their order is aw's business). */
static void race_dsmem(void *self, const ps_mem_event *e, const ps_mem_shape *sh) {
    race *r = self;
    rworker *aw = &r->w[e->at.worker];
    if (e->at.warp < 0 || e->at.warp >= MAXW) return;
    uint8_t flags = access_flags(r, e, sh->insn);
    bool write = flags & F_WRITE;
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] != PS_SPACE_SHARED || e->target[l] < 0 || e->target[l] >= r->nworkers) continue;
        rworker *tw = &r->w[e->target[l]];
        if (tw->nlog) log_replay(r, tw); /* its records are read, and may change */
        if (write) tw->wphase = tw->phase + 1;
        unsigned tid = (unsigned)e->at.warp * 32u + (unsigned)l;
        uint64_t a = e->addr[l], end = a + e->size;
        for (uint64_t wd = a >> 2; wd < (end + 3) >> 2; wd++) {
            uint64_t lo = PS_MAX(a, wd << 2), hi = PS_MIN(end, (wd << 2) + 4);
            uint8_t mask = (uint8_t)(((1u << (hi - lo)) - 1) << (lo & 3));
            const word *s = shared_word(tw, wd);
            for (int k = 0; k < (write ? 4 : 2); k++) {
                const acc *o = k < 2 ? &s->w[k] : &s->r[k - 2];
                if (!o->insn || !(o->mask & mask) || o->cta == aw->cta) continue;
                int sev = conflict(o, flags);
                if (!sev || sev == 3) continue;
                race_note_hazard(r, aw, e, l, lo, k < 2 ? (write ? HZ_WAW : HZ_RAW) : HZ_WAR, false, sev, o);
            }
            struct rsh *x = remote_word(tw, wd);
            remote_check(r, aw, e, l, lo, x, aw->cta, flags, mask);
            acc rec = {.insn = (uint32_t)(sh->insn + 1),
                       .cta = aw->cta,
                       .phase = tw->phase,
                       .tid = (uint16_t)tid,
                       .mask = mask,
                       .flags = flags};
            if (write) x->w = rec;
            else x->r = rec;
        }
        tw->dsmem_dirty = true;
    }
    if (aw->npend) flush_hazards(r, aw);
}

/* A block's own shared-memory access while other CTAs' accesses to its memory are unordered
 * with it (rworker.dsmem_dirty). */
static void dsmem_local_check(race *r, rworker *w, const ps_mem_event *e, uint8_t flags) {
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] != PS_SPACE_SHARED) continue;
        uint64_t a = e->addr[l], end = a + e->size;
        for (uint64_t wd = a >> 2; wd < (end + 3) >> 2 && wd < w->nrsh; wd++) {
            const struct rsh *x = &w->rsh[wd];
            if (x->gen != w->cgen) continue;
            uint64_t lo = PS_MAX(a, wd << 2), hi = PS_MIN(end, (wd << 2) + 4);
            uint8_t mask = (uint8_t)(((1u << (hi - lo)) - 1) << (lo & 3));
            remote_check(r, w, e, l, lo, x, w->cta, flags, mask);
        }
    }
}

/* A barrier.cluster phase completed: everything before it in every CTA of the cluster is
 * ordered before everything after it. */
static void race_cluster_barrier(void *self, const int *workers, int n) {
    race *r = self;
    for (int i = 0; i < n; i++) {
        if (workers[i] < 0 || workers[i] >= r->nworkers) continue;
        rworker *w = &r->w[workers[i]];
        w->nlog = 0; /* a whole-block ordering too: the phase's records are dead */
        w->phase++;
        if (w->xb) race_grid_phase(w);
        w->cgen++;
        w->dsmem_dirty = false;
    }
}

/* Instructions the checker wants to see: fences between blocks, and the async proxy's. */
static bool race_watch(void *self, const ps_insn *in) { return race_grid_fence_insn(in) || race_proxy_watch(self, in); }

static void race_insn(void *self, const ps_insn_event *e) {
    race *r = self;
    if (e->worker >= 0 && e->worker < r->nworkers && r->w[e->worker].nlog) log_replay(r, &r->w[e->worker]);
    if (race_grid_fence_insn(e->insn)) race_grid_fence(self, e);
    else race_proxy_insn(self, e);
}

/* cp.async and mbarrier events change clocks and what a load of a copy's destination means:
 * the deferred loads before them are replayed first */
static void race_copy_event(void *self, const ps_event_where *at, int lane, uint64_t addr, unsigned size,
                            bool complete) {
    race *r = self;
    if (r->w[at->worker].nlog) log_replay(r, &r->w[at->worker]);
    race_async_copy(self, at, lane, addr, size, complete);
}

static void race_mbarrier_event(void *self, const ps_event_where *at, int lane, uint64_t addr, unsigned flags) {
    race *r = self;
    if (r->w[at->worker].nlog) log_replay(r, &r->w[at->worker]);
    race_mbarrier(self, at, lane, addr, flags);
}

const ps_checker ps_checker_race = {
    .name = "race",
    .check = PS_CHECK_RACE,
    .create = race_create,
    .destroy = race_destroy,
    .launch_begin = race_launch_begin,
    .cta_begin = race_cta_begin,
    .heap_alloc = race_heap_alloc,
    .mem = race_mem,
    .barrier = race_barrier,
    .warp_sync = race_warp_sync,
    .async_copy = race_copy_event,
    .mbarrier = race_mbarrier_event,
    .watch_insn = race_watch,
    .insn = race_insn,
    .dsmem = race_dsmem,
    .cluster_barrier = race_cluster_barrier,
};
