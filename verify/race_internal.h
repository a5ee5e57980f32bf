/* race_internal.h — the race checker's state, shared by check_race.c (memory accesses, CTA
 * barriers, warp syncs) and race_async.c (cp.async and mbarrier events). Private to verify/. */
#ifndef PTXSIM_RACE_INTERNAL_H
#define PTXSIM_RACE_INTERNAL_H

#include "race_lanes.h"
#include "verify_internal.h"

#define MAXW 32 /* warps per block: 1024 threads at most */
_Static_assert(MAXW == 32, "vector clocks are merged 32 at a time (race_lanes.h, ps_clocks_max32)");
#define NBAR              16
#define RACE_GLOBAL_WORDS (3u << 18) /* global words tracked per launch */
#define PAGE_BITS \
    11 /* words per global shadow page: 2048 (8 KiB of data; 160 KiB of shadow, which
                      * calloc maps fresh from the system, zeroed for free) */
#define PAGE_WORDS (1u << PAGE_BITS)
#define CTA_CHUNK  4096
#define CTA_CHUNKS 65536 /* blocks numbered per launch: 268M */

/* F_STRONG: atomics and volatile/relaxed/acquire/release accesses, which do not race with each
 * other (PTX memory model: morally strong operations). */
enum { F_ATOMIC = 1, F_WRITE = 2, F_STRONG = 4 };
enum { RI_STRONG = 1, RI_ACQ = 2, RI_REL = 4 };

/* One access: what (instruction index + 1; 0 = empty slot), who (thread in the block, block number
 * in the launch), where (bytes of the word) and when (the warp's and the lane's clocks). */
typedef struct {
    uint32_t insn;
    uint32_t clock;  /* the warp's own clock at the access */
    uint32_t lclock; /* the lane's own clock among the warp's lanes */
    uint32_t cta;    /* launch-wide block number */
    uint32_t phase;  /* the block's whole-block barrier count at the access */
    uint16_t tid;    /* linear thread index in the block */
    uint8_t mask;    /* bytes of the word */
    uint8_t flags;
} acc;

typedef struct {
    acc w[2], r[2];
} word;

typedef struct {
    uint32_t gen;   /* block generation the entry belongs to */
    uint32_t phase; /* whole-block phase of its records: older phases read as empty */
    word s;
} shentry;

/* Global shadow in blocks of 32 words (128 bytes of data). A block that one dense warp access
 * touched first is kept as that access alone (BH_SUM: the record of the run's first word, and the
 * words it covers; word k's thread is the first word's + k), its word entries untouched; any other
 * access to the block first writes the summary out into the words (BH_WORDS). A kernel that
 * touches each word once (a copy, an element-wise map) then costs one summary per warp access. */
#define BLOCK_WORDS 32
enum { BH_EMPTY, BH_SUM, BH_WORDS };

typedef struct {
    acc a;         /* the access of the run's first word */
    uint8_t k0, n; /* words k0..k0+n-1 of the block */
    uint8_t shift; /* words per lane = 1 << shift (4-, 8- and 16-byte accesses) */
} bsum;

typedef struct {
    pthread_mutex_t lock;
    bool populated; /* made resident (check_race.c, block_words) */
    uint8_t hdr[PAGE_WORDS / BLOCK_WORDS];
    bsum sum[PAGE_WORDS / BLOCK_WORDS];
    word words[PAGE_WORDS];
} gpage;

/* Hazards found in one event, folded before they go to the verifier. */
typedef struct {
    int type;           /* HZ_* */
    bool global, cross; /* global memory; the other access is in another block */
    bool stale;         /* a plain load against an atomic/volatile write: a warning */
    bool lanes;         /* the other access is another lane of the same warp */
    bool idiom;         /* both strong, lanes of one warp, no __syncwarp: a warning */
    uint32_t other;
    uint32_t lmask; /* the lanes of the event with this hazard */
    ps_site at, oth;
    uint64_t count;
} pending;

/* HZ_EARLY_*: the thread's own access to a cp.async destination before the copy completed */
/* HZ_BULK_*: an access to a bulk/TMA load's destination before its mbarrier phase was observed;
 * HZ_ASYNC_WAR: a write over an async-proxy read in flight; HZ_NO_FENCE: an async-proxy read of
 * a generic store with no fence.proxy.async between (race_proxy.c) */
enum {
    HZ_RAW,
    HZ_WAR,
    HZ_WAW,
    HZ_WAW_LANES,
    HZ_EARLY_READ,
    HZ_EARLY_WRITE,
    HZ_BULK_READ,
    HZ_BULK_WRITE,
    HZ_ASYNC_WAR,
    HZ_NO_FENCE,
    HZ_COUNT
};

/* A shared word that is the destination of a cp.async of thread tid1 - 1 (instruction insn)
 * that has not completed for that thread: issued and not waited for, or completed by a
 * cp.async.mbarrier.arrive (acq = the thread's acquire count then) and not yet followed by a
 * successful mbarrier wait of the thread. */
typedef struct {
    uint32_t gen;  /* block generation; older entries read as empty */
    uint32_t tid1; /* issuing thread + 1; 0 = none */
    uint32_t insn; /* the cp.async's instruction index + 1 */
    uint32_t acq;  /* ACQ_ISSUED, or the thread's acquire count at the mbarrier arrive */
} pcopy;
#define ACQ_ISSUED UINT32_MAX

/* A join of the clocks that releasing arrivals on an mbarrier carried, across warps (wjoin) and,
 * per warp, across that warp's lanes (ljoin). */
typedef struct {
    uint32_t wjoin[MAXW];
    uint32_t lanes_released; /* warps with a releasing lane (their ljoin row is valid) */
    uint32_t ljoin[MAXW][32];
} mbjoin;

/* An mbarrier of the block (by shared offset): every release so far (cur), and what cur was when
 * the latest phase of each parity completed (done[p], valid when done_mask bit p is set); a wait
 * that observed the phase of parity p acquires done[p]. Phases complete in order and arrivals
 * always count toward the current phase, so done[p] holds exactly the releases of that phase and
 * the phases before it. */
typedef struct {
    uint64_t addr;
    mbjoin cur;
    mbjoin done[2];
    unsigned done_mask;
    /* for bulk/TMA destinations (race_proxy.c), per parity: successful waits so far (seq), seq
     * at the latest bulk load bound to a phase of that parity, and per warp the seq of its
     * latest wait and where its first wait since that bind stood (whole-block phase, clock) */
    uint32_t seq[2], bind_seq[2], wseq[2][MAXW];
    struct {
        uint32_t bphase, clock;
    } first[2][MAXW];
} mbar;

/* Per shared word, what the async proxy does there (race_proxy.c, docs/checkers.md): a bulk or
 * TMA load that wrote it and the mbarrier phase its bytes arrive in; an async-proxy read still
 * in flight (a wgmma.mma_async operand until wgmma.wait_group retires its group, or the source
 * of a bulk store until cp.async.bulk.wait_group.read); the last generic-proxy store and its
 * thread's fence.proxy.async count then. */
typedef struct {
    uint32_t gen;
    uint32_t wr_insn, wr_seq;   /* bulk load + 1 (0: none), the mbarrier's seq[wr_par] at bind */
    uint16_t wr_mb, wr_tid;     /* mbarrier index + 1 (0: not bound), issuing thread */
    uint8_t wr_par;             /* parity of the phase its bytes arrive in */
    uint32_t rd_insn, rd_group; /* async read + 1 (0: none), its group */
    uint16_t rd_who;            /* wgmma: warp; bulk store: thread */
    uint8_t rd_bulk;
    uint32_t gw_insn, gw_fence; /* generic store + 1 (0: none), the thread's fence count */
    uint16_t gw_tid;
} aword;

typedef struct {
    aword *aw;
    size_t naw;
    uint32_t fence[MAXW * 32];                       /* fence.proxy.async per thread */
    uint32_t bcommit[MAXW * 32], bretire[MAXW * 32]; /* bulk groups per thread */
    uint32_t wcommit[MAXW], wretire[MAXW];           /* wgmma groups per warp */
    struct {
        uint32_t insn;
        uint16_t tid;
        uint64_t lo, hi;
    } stash[8]; /* bulk loads to bind */
    int nstash;
} aproxy;

/* Ordering between blocks (race_grid.c): a block's release token (its accesses before whole-block
 * phase phase1 - 1, and warp `warp`'s accesses of that phase below `clock`), and a vector of
 * them indexed by launch-wide block number. */
typedef struct {
    uint32_t phase1; /* 0: nothing released */
    uint32_t clock;
    uint16_t warp;
} xtok;

typedef struct {
    xtok *t;
    uint32_t n;
} xvec;

/* A block's knowledge of other blocks: eff for all its threads, pend for the threads in pend_tids
 * until its next whole-block barrier; per thread the global word of its last strong read not yet
 * followed by a fence (+ 1), and the token of its last fence. */
typedef struct {
    struct xgrid *g;
    uint32_t gen; /* the worker's block generation it belongs to */
    bool any, any_pend;
    xvec eff, pend;
    uint32_t pend_tids[MAXW];
    uint64_t last[MAXW * 32];
    xtok ftok[MAXW * 32];
} xblock;

typedef struct {
    uint32_t gen, cta;
    unsigned ctaid[3];
    /* Whole-block barriers: a release that every lane of every warp of the block waited for
     * orders everything before it with everything after it, so records of an earlier phase are
     * ordered without consulting the clocks (the common case, and the cheap one). */
    uint32_t phase;
    uint32_t synced;                /* phase + 1 when a partial barrier or warp sync ordered some
                                    threads inside the current phase; otherwise two threads'
                                    accesses in one phase are never ordered */
    uint32_t bar_lanes_ok[NBAR];    /* warps whose every lane arrived at the pending barrier */
    uint32_t bar_lanes[NBAR][MAXW]; /* lanes of each warp waiting at the pending barrier */
    bool bar_partial[NBAR];         /* some warp arrived with part of its lanes, or only arrived */
    uint32_t vc[MAXW][MAXW];
    uint32_t join[NBAR][MAXW];
    uint32_t waiters[NBAR];
    ps_lane_clocks lanes[MAXW];
    shentry *sh;
    size_t nsh;
    bool sh_mapped; /* sh is SH_MAP_WORDS entries of zero pages (check_race.c, shared_grow) */
    /* per 32 shared words: which are "read-saturated" in this phase (no write record, two read
     * records of different threads) and the warps those records belong to; a load whose words
     * are all saturated, by a warp not among them, changes nothing (check_race.c, shared_loads) */
    struct shsat {
        uint32_t gen, phase, sat, warps;
    } * sat;
    size_t nsat;
    uint32_t sat_gen, sat_phase1; /* block and phase + 1 in which a word last became saturated: in
                                   * any other phase no bit is set and stores need not clear any */
    uint64_t last_page[4];        /* page number + 1 of last_gp[i]; 0 = none (a kernel's few buffers) */
    gpage *last_gp[4];
    unsigned last_next;
    pending pend[16];
    int npend;
    int last_pend; /* the pending entry the previous hazard folded into */
    /* findings this worker already handed to the verifier in this launch: a repeat adds its
     * count to the verifier's entry without building and hashing the message again */
    struct sent {
        uint32_t key, at_line, oth_line;
        int idx;
    } sent[32];
    int nsent, next_sent;
    /* cp.async destinations not yet complete for their thread (race_async.c) */
    pcopy *pc;
    size_t npc;
    bool copies;             /* this block issued a cp.async: loads consult pc */
    uint32_t acq[MAXW * 32]; /* per thread: successful mbarrier waits so far */
    bool acq_used;           /* acq has non-zero entries (cleared when a block begins) */
    mbar *mb;
    int nmb, cap_mb;
    aproxy *ap; /* async-proxy state; NULL unless the program has Hopper forms */
    /* clusters: another CTA accessed this block's shared memory since the last cluster-wide
     * ordering (barrier.cluster, or an mbarrier wait of this block, which may have been released
     * by the other CTA); its records carry that CTA's block number */
    bool dsmem_dirty;
    /* accesses of other CTAs to this block's shared memory since the last cluster-wide ordering
     * (entries of generation cgen; one write and one read record a word), kept apart from the
     * block's own shadow so that the block's CTA barriers do not clear them */
    struct rsh {
        uint32_t gen;
        acc w, r;
    } * rsh;
    size_t nrsh;
    uint32_t cgen;
    xblock *xb; /* ordering between blocks (race_grid.c); NULL until used */
    /* The phase's read log (check_race.c, "deferred shared loads"): whole-word shared loads of
     * a phase with no shared write so far, kept as they came instead of recorded word by word;
     * replayed in order before anything that could look at their records, dropped unread when
     * a whole-block barrier ends the phase. */
    struct rlog {
        uint32_t insn, clock, mask, same_prev;
        uint64_t lo, hi;
        int warp;
        uint8_t flags;
        uint64_t addr[32];
    } * log;
    size_t nlog, cap_log;
    uint32_t wphase; /* phase + 1 once the block wrote shared memory in this phase */
} rworker;

typedef struct {
    ps_verifier *v;
    int nworkers;
    rworker *w;
    /* global page directory: open addressing on page number + 1, published with atomics */
    uint64_t *dir_key;
    gpage **dir_page;
    uint32_t dir_cap; /* power of two, twice the page bound */
    uint32_t max_pages, npages;
    unsigned (**ctaids)[3]; /* CTA_CHUNKS chunks of CTA_CHUNK block indices */
    uint32_t ncta;
    /* per instruction index: RI_STRONG (a morally strong access: F_STRONG), RI_ACQ / RI_REL (its
     * semantics acquire / release) */
    uint8_t *iflags;
    bool overflow_noted;
    bool hopper;      /* the program has wgmma or bulk copies (race_proxy.c) */
    struct xgrid *xg; /* sync objects between blocks (race_grid.c) */
    pthread_mutex_t lock;
} race;

/* check_race.c */
void race_note_hazard(race *r, rworker *w, const ps_mem_event *e, int lane, uint64_t addr, int type, bool global,
                      int sev, const acc *other);
uint32_t race_valid_lanes(unsigned n, int warp);
unsigned race_block_threads(const ps_event_where *at);

/* race_async.c */
void race_async_copy(void *self, const ps_event_where *at, int lane, uint64_t addr, unsigned size, bool complete);
void race_mbarrier(void *self, const ps_event_where *at, int lane, uint64_t addr, unsigned flags);
/* A release (st/red/atom .release or .acq_rel) or acquire (ld/atom .acquire or .acq_rel) by `lane`
 * of warp `warp` on the shared word at addr: releases join into the word's record, an acquire
 * takes every release so far (more than the one it read from: it may miss a race, never invent
 * one). */
void race_sync_word(rworker *w, int warp, int lane, uint64_t addr, bool acquire, bool release);
/* Reports lanes of a shared-memory access of block-worker w that touch a cp.async destination
 * their own thread has not yet seen complete. */
bool race_pending_copies(race *r, rworker *w, const ps_mem_event *e, uint32_t insn);
void race_async_cta_begin(race *r, rworker *w);
void race_async_free(rworker *w);

/* race_grid.c */
void race_grid_launch(race *r, bool begin); /* frees the launch's state; begin: makes new */
void race_grid_phase(rworker *w);           /* a whole-block barrier phase completed */
/* Is access `a` of another block ordered before the current access of thread tid (w->xb set)? */
bool race_grid_ordered(const rworker *w, const acc *a, unsigned tid);
/* lane's strong access to global word addr (after it was checked and recorded) */
void race_grid_access(race *r, rworker *w, const ps_mem_event *e, int lane, uint64_t addr);
bool race_grid_fence_insn(const ps_insn *in);
void race_grid_fence(race *r, const ps_insn_event *e);

/* race_proxy.c */
bool race_proxy_program(const ps_verifier *v); /* has async-proxy forms */
bool race_proxy_watch(void *self, const ps_insn *in);
void race_proxy_insn(void *self, const ps_insn_event *e);
void race_proxy_cta_begin(rworker *w);
/* Checks and records a shared-memory access; true when the event is an async-proxy read that
 * the plain race checker must not see (wgmma operand rows). */
bool race_proxy_access(race *r, rworker *w, const ps_mem_event *e, uint32_t insn);
void race_proxy_mbarrier(rworker *w, int mb, const ps_event_where *at, int lane, unsigned flags);
/* The message of an HZ_BULK_* / HZ_ASYNC_WAR / HZ_NO_FENCE hazard; false for other types. */
bool race_proxy_message(char *buf, size_t n, int type);

#endif
