/* check_race.c — data races (DESIGN §4): shared-memory hazards between threads of a block that no
 * barrier orders, and global-memory hazards within a launch (between blocks, or between threads of
 * a block that no barrier orders), reported with both accesses like compute-sanitizer racecheck.
 *
 * Happens-before inside a block is tracked with one vector clock per warp (a block has at most 32
 * warps): arriving at a barrier ticks the warp's own clock and adds its clock to the barrier's
 * join; the release hands the join to every warp that waited (bar.sync / bar.red / barrier.sync),
 * not to warps that only arrived (bar.arrive), so producer/consumer named barriers order the
 * producers' earlier accesses before the consumers' later ones and nothing else. An access by warp
 * A at A's clock c happens before the current access of warp B when B's clock of A exceeds c.
 *
 * Within one warp: lanes of one instruction are unordered (two lanes storing different values to
 * the same bytes is a write-after-write race). Accesses of one warp in different instructions are
 * treated as ordered in program order, because the engine sends no event for bar.warp.sync /
 * __syncwarp or the other .sync warp instructions; without those events, checking the Volta rule
 * (lanes are independent threads) would report every warp-synchronous idiom. docs/checkers.md.
 *
 * Shadow memory: per worker (one block at a time), one entry per 4-byte shared word with up to two
 * unordered writes and two reads, each with a byte mask so 1- and 2-byte accesses to different
 * bytes of a word do not conflict. Entries carry the block's generation number instead of being
 * cleared per block. Global memory: one hash map of 4-byte words over the launch, split into
 * stripes with a lock each, bounded to RACE_GLOBAL_WORDS words in at most 2^20 slots of 104 bytes
 * (further words go unchecked and a note says so). Atomics never race with atomics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

#define MAXW 32                         /* warps per block: 1024 threads at most */
#define NBAR 16
#define RACE_GLOBAL_WORDS (3u << 18)    /* global words tracked per launch: 3/4 of 2^20 slots */
#define NSTRIPES 64                     /* the top 6 bits of a word hash pick the stripe */
#define CTA_CHUNK 4096
#define CTA_CHUNKS 65536                /* blocks numbered per launch: 268M */

/* F_STRONG: atomics and volatile/relaxed/acquire/release accesses, which do not race with each
 * other (PTX memory model: morally strong operations). */
enum { F_ATOMIC = 1, F_WRITE = 2, F_STRONG = 4 };

/* One access: who (thread in the block, block number in the launch), where, and when. */
typedef struct {
    const ps_insn *insn; /* NULL: empty slot */
    uint32_t clock;      /* the warp's own clock at the access */
    uint32_t cta;        /* launch-wide block number (global shadow only) */
    uint16_t tid;        /* linear thread index in the block */
    uint8_t mask;        /* bytes of the word */
    uint8_t flags;
} acc;

typedef struct {
    uint32_t gen;        /* block generation the entry belongs to */
    acc w[2], r[2];
} shentry;

typedef struct {
    uint64_t key;        /* word address + 1; 0 = empty */
    acc w[2], r[2];
} gentry;

typedef struct {
    pthread_mutex_t lock;
    gentry *tab;
    uint32_t cap, n;
} stripe;

/* Hazards found in one event, folded before they go to the verifier. */
typedef struct {
    int type;            /* HZ_* */
    bool global, cross;  /* global memory; the other access is in another block */
    bool stale;          /* a plain load against an atomic/volatile write: a warning */
    const ps_insn *other;
    ps_site at, oth;
    uint64_t count;
} pending;

enum { HZ_RAW, HZ_WAR, HZ_WAW, HZ_WAW_LANES, HZ_COUNT };

typedef struct {
    uint32_t gen, cta;
    unsigned ctaid[3];
    uint32_t vc[MAXW][MAXW];
    uint32_t join[NBAR][MAXW];
    uint32_t waiters[NBAR];
    shentry *sh;
    size_t nsh;
    pending pend[16];
    int npend;
} rworker;

typedef struct {
    ps_verifier *v;
    int nworkers;
    rworker *w;
    stripe stripes[NSTRIPES];
    uint32_t stripe_cap;
    unsigned (**ctaids)[3];  /* CTA_CHUNKS chunks of CTA_CHUNK block indices */
    uint32_t ncta;
    bool overflow_noted;
    pthread_mutex_t lock;
} race;

static void *race_create(ps_verifier *v) {
    race *r = ps_xcalloc(1, sizeof *r);
    r->v = v;
    pthread_mutex_init(&r->lock, NULL);
    for (int i = 0; i < NSTRIPES; i++) pthread_mutex_init(&r->stripes[i].lock, NULL);
    const char *env = getenv("PTXSIM_RACE_GLOBAL_WORDS");
    uint64_t words = env ? strtoull(env, NULL, 0) : RACE_GLOBAL_WORDS;
    r->stripe_cap = (uint32_t)(words / NSTRIPES ? words / NSTRIPES : 1);
    r->ctaids = ps_xcalloc(CTA_CHUNKS, sizeof *r->ctaids);
    return r;
}

static void race_free_launch(race *r) {
    for (int i = 0; i < r->nworkers; i++) free(r->w[i].sh);
    free(r->w);
    r->w = NULL;
    r->nworkers = 0;
    for (int i = 0; i < NSTRIPES; i++) {
        free(r->stripes[i].tab);
        r->stripes[i].tab = NULL;
        r->stripes[i].cap = r->stripes[i].n = 0;
    }
    for (int i = 0; i < CTA_CHUNKS && r->ctaids[i]; i++) {
        free(r->ctaids[i]);
        r->ctaids[i] = NULL;
    }
    r->ncta = 0;
}

static void race_destroy(void *self) {
    race *r = self;
    race_free_launch(r);
    for (int i = 0; i < NSTRIPES; i++) pthread_mutex_destroy(&r->stripes[i].lock);
    pthread_mutex_destroy(&r->lock);
    free(r->ctaids);
    free(r);
}

static void race_launch_begin(void *self, int nworkers) {
    race *r = self;
    race_free_launch(r);
    r->nworkers = nworkers > 0 ? nworkers : 1;
    r->w = ps_xcalloc((size_t)r->nworkers, sizeof *r->w);
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
    pthread_mutex_lock(&r->lock);
    uint32_t n = r->ncta++;
    uint32_t chunk = n / CTA_CHUNK;
    if (chunk < CTA_CHUNKS) {
        if (!r->ctaids[chunk]) r->ctaids[chunk] = ps_xcalloc(CTA_CHUNK, sizeof(unsigned[3]));
        memcpy(r->ctaids[chunk][n % CTA_CHUNK], ctaid, sizeof(unsigned[3]));
    }
    pthread_mutex_unlock(&r->lock);
    w->cta = n;
}

/* ---- happens-before ------------------------------------------------------------------------ */

static void barrier_arrive(rworker *w, int warp, int id, bool waits) {
    uint32_t *vc = w->vc[warp];
    vc[warp]++;
    for (int i = 0; i < MAXW; i++)
        if (vc[i] > w->join[id][i]) w->join[id][i] = vc[i];
    if (waits) w->waiters[id] |= 1u << warp;
}

static void barrier_release(rworker *w, int id) {
    for (uint32_t m = w->waiters[id]; m; m &= m - 1) {
        uint32_t *vc = w->vc[__builtin_ctz(m)];
        for (int i = 0; i < MAXW; i++)
            if (w->join[id][i] > vc[i]) vc[i] = w->join[id][i];
    }
    memset(w->join[id], 0, sizeof w->join[id]);
    w->waiters[id] = 0;
}

static void race_barrier(void *self, const ps_event_where *at, int id, uint32_t lanes, bool release) {
    race *r = self;
    rworker *w = &r->w[at->worker];
    if (id < 0 || id >= NBAR) return;
    if (release) {
        barrier_release(w, id);
        return;
    }
    if (at->warp < 0 || at->warp >= MAXW || !lanes) return;
    bool waits = !(at->insn && ps_modset_has(&at->insn->mods, PS_MOD_ARRIVE));
    barrier_arrive(w, at->warp, id, waits);
}

/* Is the earlier access `a` ordered before the current access of thread `tid` in block `cta`? */
static bool ordered(const rworker *w, const acc *a, uint32_t cta, unsigned tid) {
    if (a->cta != cta) return false; /* blocks of one launch are never ordered */
    if (a->tid == tid) return true;
    unsigned aw = a->tid / 32u, cw = tid / 32u;
    if (aw == cw) return true; /* same warp, another instruction: program order (see top) */
    if (aw >= MAXW || cw >= MAXW) return true;
    return w->vc[cw][aw] > a->clock;
}

/* ---- reporting ------------------------------------------------------------------------------ */

/* Message of a hazard: fixed text per (type, space, scope, stale) so the verifier folds repeats. */
static void hazard_message(char *buf, size_t n, int type, bool global, bool cross, bool stale) {
    const char *space = global ? "global" : "shared";
    const char *what = type == HZ_RAW ? "read-after-write" : type == HZ_WAR ? "write-after-read"
                                                                            : "write-after-write";
    if (type == HZ_WAW_LANES) {
#ifdef PS_MEM_EVENT_HAS_DATA
        snprintf(buf, n, "write-after-write race on %s memory: lanes of one warp instruction store "
                 "different values to the same bytes", space);
#else
        snprintf(buf, n, "write-after-write race on %s memory: lanes of one warp instruction store "
                 "to the same bytes", space);
#endif
        return;
    }
    const char *pair = type == HZ_RAW ? "the read and another thread's write"
                       : type == HZ_WAR ? "the write and another thread's read"
                                        : "two writes by different threads";
    if (stale)
        snprintf(buf, n, "%s race on %s memory%s: a plain load and another thread's atomic (or "
                 "volatile) update of the same bytes are not ordered%s; the load may see a stale "
                 "value (benign in a compare-and-swap loop)", what, space,
                 cross ? " between blocks" : "", cross ? "" : " by a barrier");
    else if (cross)
        snprintf(buf, n, "%s race on %s memory between blocks: %s of the same bytes come from "
                 "different blocks of one launch", what, space, pair);
    else
        snprintf(buf, n, "%s race on %s memory: %s of the same bytes are not ordered by a barrier",
                 what, space, pair);
}

static void other_site(const race *r, ps_site *s, const ps_event_where *cur, const acc *a,
                       uint64_t addr) {
    ps_event_where at = *cur;
    at.insn = a->insn;
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
static void note_hazard(race *r, rworker *w, const ps_mem_event *e, int lane, uint64_t addr,
                        int type, bool global, bool stale, const acc *other) {
    bool cross = other->cta != w->cta;
    for (int i = 0; i < w->npend; i++) {
        pending *p = &w->pend[i];
        if (p->type == type && p->global == global && p->cross == cross && p->stale == stale &&
            p->other == other->insn) {
            p->count++;
            return;
        }
    }
    if (w->npend == (int)PS_ARRAY_LEN(w->pend)) return; /* keep the first 16 kinds of pair */
    pending *p = &w->pend[w->npend++];
    p->type = type;
    p->global = global;
    p->cross = cross;
    p->stale = stale;
    p->other = other->insn;
    p->count = 1;
    ps_site_from_event(&p->at, &e->at, lane);
    p->at.address = addr;
    p->at.has_address = true;
    p->at.is_write = e->kind != PS_ACC_LOAD;
    other_site(r, &p->oth, &e->at, other, addr);
}

static void flush_hazards(race *r, rworker *w) {
    for (int i = 0; i < w->npend; i++) {
        pending *p = &w->pend[i];
        ps_finding f = {.kind = PS_FIND_RACE, .severity = p->stale ? PS_SEV_WARNING : PS_SEV_ERROR,
                        .at = p->at, .other = p->oth, .has_other = true, .count = p->count};
        hazard_message(f.message, sizeof f.message, p->type, p->global, p->cross, p->stale);
        ps_verify_add_finding(r->v, &f);
    }
    w->npend = 0;
}

/* ---- one access against one shadow word ---------------------------------------------------- */

static bool is_strong(const ps_mem_event *e) {
    if (e->kind == PS_ACC_ATOMIC) return true;
    const ps_modset *m = e->at.insn ? &e->at.insn->mods : NULL;
    return m && (ps_modset_has(m, PS_MOD_VOLATILE) || ps_modset_has(m, PS_MOD_RELAXED) ||
                 ps_modset_has(m, PS_MOD_ACQUIRE) || ps_modset_has(m, PS_MOD_RELEASE) ||
                 ps_modset_has(m, PS_MOD_SC));
}

/* A conflict between the earlier access `a` and the current one (flags `cf`): 0 none, 1 an error,
 * 2 a warning (a plain load against a strong write: stale value, the compare-and-swap idiom). */
static int conflict(const acc *a, uint8_t cf) {
    if ((a->flags & F_STRONG) && (cf & F_STRONG)) return 0;
    if (!(a->flags & (F_WRITE)) && !(cf & F_WRITE)) return 0;
    bool a_plain_load = !(a->flags & (F_WRITE | F_STRONG)), c_plain_load = !(cf & (F_WRITE | F_STRONG));
    if ((a_plain_load && (cf & F_STRONG)) || (c_plain_load && (a->flags & F_STRONG))) return 2;
    return 1;
}

static void check_word(race *r, rworker *w, const ps_mem_event *e, int lane, uint64_t waddr,
                       uint8_t mask, acc *ws, acc *rs, bool global, bool strong) {
    unsigned tid = (unsigned)e->at.warp * 32u + (unsigned)lane;
    bool write = e->kind != PS_ACC_LOAD;
    uint8_t cf = (uint8_t)((e->kind == PS_ACC_ATOMIC ? F_ATOMIC : 0) | (write ? F_WRITE : 0) |
                           (strong ? F_STRONG : 0));
    uint64_t addr = waddr + (uint64_t)__builtin_ctz(mask);
    for (int i = 0; i < 2; i++) {
        acc *a = &ws[i];
        if (!a->insn || !(a->mask & mask)) continue;
        int c = conflict(a, cf);
        if (c && !ordered(w, a, w->cta, tid))
            note_hazard(r, w, e, lane, addr, write ? HZ_WAW : HZ_RAW, global, c == 2, a);
    }
    if (write)
        for (int i = 0; i < 2; i++) {
            acc *a = &rs[i];
            if (!a->insn || !(a->mask & mask)) continue;
            int c = conflict(a, cf);
            if (c && !ordered(w, a, w->cta, tid))
                note_hazard(r, w, e, lane, addr, HZ_WAR, global, c == 2, a);
        }
    acc now = {.insn = e->at.insn, .clock = w->vc[e->at.warp][e->at.warp], .cta = w->cta,
               .tid = (uint16_t)tid, .mask = mask, .flags = cf};
    if (write) {
        /* A write covering earlier accesses replaces them: each is ordered before it or was just
         * reported, and what is ordered after this write is ordered after them. Not so for a
         * strong write over plain accesses: strong-strong pairs are not checked, so a later
         * atomic of another thread would never be compared with the plain access it races. */
        for (int i = 0; i < 2; i++) {
            if (strong && !(ws[i].flags & F_STRONG)) continue;
            if (ws[i].insn && !(ws[i].mask & ~mask)) ws[i].insn = NULL;
        }
        for (int i = 0; i < 2; i++) {
            if (strong && !(rs[i].flags & F_STRONG)) continue;
            if (rs[i].insn && !(rs[i].mask & ~mask)) rs[i].insn = NULL;
        }
        /* a free slot, else a strong one (keeping plain writes), else the second */
        int slot = !ws[0].insn ? 0 : !ws[1].insn ? 1 : (ws[0].flags & F_STRONG) ? 0 : 1;
        ws[slot] = now;
    } else {
        int slot = -1;
        for (int i = 0; i < 2 && slot < 0; i++)
            if (!rs[i].insn) slot = i;
        for (int i = 0; i < 2 && slot < 0; i++)
            if (!(rs[i].mask & ~mask) && ordered(w, &rs[i], w->cta, tid)) slot = i;
        if (slot >= 0) rs[slot] = now;
        /* else: two unordered reads of other threads are kept, enough to catch a later write */
    }
}

static shentry *shared_entry(rworker *w, uint64_t word) {
    if (word >= w->nsh) {
        size_t n = w->nsh ? w->nsh : 1024;
        while (n <= word) n *= 2;
        w->sh = ps_xrealloc(w->sh, n * sizeof *w->sh);
        memset(w->sh + w->nsh, 0, (n - w->nsh) * sizeof *w->sh);
        w->nsh = n;
    }
    shentry *s = &w->sh[word];
    if (s->gen != w->gen) {
        memset(s, 0, sizeof *s);
        s->gen = w->gen;
    }
    return s;
}

static uint32_t hash_word(uint64_t word) {
    uint64_t h = word * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 32);
}

/* The global entry of `word` (stripe locked by the caller); NULL when the map is full. */
static gentry *global_entry(race *r, stripe *s, uint64_t word, bool *full) {
    uint64_t key = word + 1;
    if (s->tab) {
        uint32_t h = hash_word(word);
        for (uint32_t i = h & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
            if (s->tab[i].key == key) return &s->tab[i];
            if (!s->tab[i].key) break;
        }
    }
    if (s->n >= r->stripe_cap) {
        *full = true;
        return NULL;
    }
    if (!s->tab || (uint64_t)(s->n + 1) * 4 > (uint64_t)s->cap * 3) {
        uint32_t ncap = s->cap ? s->cap * 2 : 256;
        gentry *nt = ps_xcalloc(ncap, sizeof *nt);
        for (uint32_t i = 0; i < s->cap; i++) {
            if (!s->tab[i].key) continue;
            uint32_t j = hash_word(s->tab[i].key - 1) & (ncap - 1);
            while (nt[j].key) j = (j + 1) & (ncap - 1);
            nt[j] = s->tab[i];
        }
        free(s->tab);
        s->tab = nt;
        s->cap = ncap;
    }
    uint32_t i = hash_word(word) & (s->cap - 1);
    while (s->tab[i].key) i = (i + 1) & (s->cap - 1);
    s->tab[i].key = key;
    s->n++;
    return &s->tab[i];
}

/* ---- lanes of one instruction writing the same bytes -------------------------------------- */

static bool lanes_differ(const ps_mem_event *e, int a, int b, uint64_t lo, uint64_t hi) {
#ifdef PS_MEM_EVENT_HAS_DATA
    /* compare the overlapping bytes [lo, hi) that both lanes stored (first 16 bytes per lane) */
    for (uint64_t x = lo; x < hi; x++) {
        uint64_t ia = x - e->addr[a], ib = x - e->addr[b];
        if (ia >= 16 || ib >= 16) return true;
        if (e->data[a][ia] != e->data[b][ib]) return true;
    }
    return false;
#else
    (void)e, (void)a, (void)b, (void)lo, (void)hi;
    return true;
#endif
}

static void same_instruction_waw(race *r, rworker *w, const ps_mem_event *e, int space) {
    int idx[32], n = 0;
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] == space) idx[n++] = l;
    }
    if (n < 2) return;
    /* insertion sort by address: 32 lanes at most */
    for (int i = 1; i < n; i++) {
        int x = idx[i], j = i;
        while (j > 0 && e->addr[idx[j - 1]] > e->addr[x]) idx[j] = idx[j - 1], j--;
        idx[j] = x;
    }
    for (int i = 1; i < n; i++) {
        int b = idx[i];
        for (int j = i - 1; j >= 0; j--) {
            int a = idx[j];
            uint64_t aend = e->addr[a] + e->size;
            if (aend <= e->addr[b]) break; /* equal sizes: lanes further down end earlier */
            uint64_t hi = PS_MIN(aend, e->addr[b] + e->size);
            if (!lanes_differ(e, a, b, e->addr[b], hi)) continue;
            acc other = {.insn = e->at.insn, .cta = w->cta, .tid = (uint16_t)(e->at.warp * 32 + a),
                         .flags = F_WRITE};
            note_hazard(r, w, e, b, e->addr[b], HZ_WAW_LANES, space == PS_SPACE_GLOBAL, false, &other);
            break;
        }
    }
}

/* ---- events --------------------------------------------------------------------------------- */

static void race_mem(void *self, const ps_mem_event *e) {
    race *r = self;
    rworker *w = &r->w[e->at.worker];
    if (e->at.warp < 0 || e->at.warp >= MAXW) return;
    bool strong = is_strong(e);
    if (e->kind == PS_ACC_STORE) {
        same_instruction_waw(r, w, e, PS_SPACE_SHARED);
        same_instruction_waw(r, w, e, PS_SPACE_GLOBAL);
    }
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        int space = e->space[l];
        if (space != PS_SPACE_SHARED && space != PS_SPACE_GLOBAL) continue;
        uint64_t a = e->addr[l], end = a + e->size;
        for (uint64_t word = a >> 2; word << 2 < end; word++) {
            uint64_t lo = PS_MAX(a, word << 2), hi = PS_MIN(end, (word << 2) + 4);
            uint8_t mask = (uint8_t)(((1u << (hi - lo)) - 1) << (lo & 3));
            if (space == PS_SPACE_SHARED) {
                shentry *s = shared_entry(w, word);
                check_word(r, w, e, l, word << 2, mask, s->w, s->r, false, strong);
            } else {
                stripe *s = &r->stripes[hash_word(word) >> 26]; /* top bits: slots use the low ones */
                bool full = false;
                pthread_mutex_lock(&s->lock);
                gentry *g = global_entry(r, s, word, &full);
                if (g) check_word(r, w, e, l, word << 2, mask, g->w, g->r, true, strong);
                pthread_mutex_unlock(&s->lock);
                if (full && !__atomic_exchange_n(&r->overflow_noted, true, __ATOMIC_RELAXED)) {
                    {
                        ps_finding f = {.kind = PS_FIND_RACE, .severity = PS_SEV_NOTE, .count = 1};
                        ps_site_from_event(&f.at, &e->at, l);
                        snprintf(f.message, sizeof f.message,
                                 "global race check covers the first %llu words touched; later "
                                 "words go unchecked (PTXSIM_RACE_GLOBAL_WORDS raises the bound)",
                                 (unsigned long long)r->stripe_cap * NSTRIPES);
                        ps_verify_add_finding(r->v, &f);
                    }
                }
            }
        }
    }
    if (w->npend) flush_hazards(r, w);
}

const ps_checker ps_checker_race = {
    .name = "race",
    .check = PS_CHECK_RACE,
    .create = race_create,
    .destroy = race_destroy,
    .launch_begin = race_launch_begin,
    .cta_begin = race_cta_begin,
    .mem = race_mem,
    .barrier = race_barrier,
};
