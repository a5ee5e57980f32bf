/* verify_internal.h — how checkers plug into the verifier (not public). Each checker is a table
 * of callbacks over the engine's events; verify.c fans every event out to the enabled ones.
 * Callbacks run on the host thread that runs the CTA: per-CTA state is indexed by `worker`, and
 * anything shared between workers is guarded by v->lock. */
#ifndef PTXSIM_VERIFY_INTERNAL_H
#define PTXSIM_VERIFY_INTERNAL_H

#include <pthread.h>

#include "verify.h"

struct ps_mem_memo;

/* The shape of one memory event, worked out once by the verifier core for every checker: the
 * common warp access (every active lane in one space, lane l0 + k at a0 + k * size) is then
 * handled as one range instead of lane by lane. */
typedef struct {
    int space;          /* the space of every active lane; -1 when they differ (or no lane) */
    bool dense;         /* active lanes are l0..l0+n-1 and lane l0+k accesses lo + k * size */
    bool aligned4;      /* size 4 and every lane's address a multiple of 4 */
    uint64_t lo, hi;    /* lowest address, highest address + size, over the active lanes */
    uint32_t same_prev; /* whole warps only: bit l when lane l's address is lane l-1's */
    int insn;           /* ps_verify_insn_index of the event's instruction */
    /* The verifier's memo of this warp's previous event at this instruction on this worker
     * (whole-warp events whose shape needs the lane pass; NULL for others): `repeat` says that
     * event had the same kind, size, lanes, spaces and addresses, so that whatever a checker
     * computed from those alone and kept in the memo still holds. */
    struct ps_mem_memo *memo;
    bool repeat;
} ps_mem_shape;

/* One memo entry (verify.c): the event's facts, its shape, and what checkers derived from the
 * facts alone; a checker's part is valid while its flag is set (cleared whenever the facts
 * change). */
typedef struct ps_mem_memo {
    uint64_t addr[32];
    uint8_t space[32];
    int insn; /* dense index + 1; 0: an empty entry */
    int warp;
    uint32_t mask;
    unsigned size, hint;
    uint8_t kind;
    bool bank_ok;      /* check_bank.c's cost below is this event's */
    uint32_t bank[12]; /* check_bank.c: the access's cost, as it computed it */
    ps_mem_shape sh;   /* memo and repeat cleared */
} ps_mem_memo;

typedef struct ps_checker {
    const char *name;
    unsigned check; /* PS_CHECK_* bit that enables it */
    void *(*create)(ps_verifier *v);
    void (*destroy)(void *self);
    void (*launch_begin)(void *self, int nworkers);
    void (*cta_begin)(void *self, int worker, const unsigned ctaid[3]);
    void (*cta_end)(void *self, int worker, const unsigned ctaid[3]);
    void (*shared_reserved)(void *self, int worker, uint64_t bytes);          /* observer.h */
    void (*heap_alloc)(void *self, int worker, uint64_t addr, uint64_t size); /* observer.h */
    void (*mem)(void *self, const ps_mem_event *e, const ps_mem_shape *sh);
    bool (*wants_mem)(void *self); /* NULL or true: mem gets the events (asked once) */
    void (*branch)(void *self, const ps_event_where *at, uint32_t active, uint32_t taken);
    void (*barrier)(void *self, const ps_event_where *at, int id, uint32_t lanes, bool release);
    void (*warp_sync)(void *self, const ps_event_where *at, uint32_t lanes);
    void (*async_copy)(void *self, const ps_event_where *at, int lane, uint64_t addr, unsigned size, bool complete);
    void (*mbarrier)(void *self, const ps_event_where *at, int lane, uint64_t addr, unsigned flags);
    bool (*watch_insn)(void *self, const ps_insn *in); /* wants insn events for it */
    void (*insn)(void *self, const ps_insn_event *e);
    void (*finish)(void *self, const ps_launch_result *res);
    /* Thread-block clusters (docs/clusters.md). dsmem: the lanes of a memory event that went to
     * another CTA's shared memory (ps_mem_event.remote; mem gets the other lanes); checkers
     * without it never see such lanes. cluster_begin / cluster_barrier: observer.h. */
    void (*dsmem)(void *self, const ps_mem_event *e, const ps_mem_shape *sh);
    void (*cluster_begin)(void *self, const int *workers, int n);
    void (*cluster_barrier)(void *self, const int *workers, int n);
} ps_checker;

extern const ps_checker ps_checker_bank, ps_checker_coalesce, ps_checker_divergence, ps_checker_race,
    ps_checker_barrier, ps_checker_init, ps_checker_reginit, ps_checker_profile;

typedef struct {
    uint64_t addr, bytes;
} ps_uninit_range;

struct ps_verifier {
    const ps_module *module;
    const ps_arch *arch;
    unsigned checks;
    ps_observer obs;
    pthread_mutex_t lock;
    pthread_mutex_t atomics_lock; /* obs.atomics_lock, with the race checker */
    ps_verify_stats stats;        /* updated under lock (or merged per worker by checkers) */
    ps_finding *findings;
    int nfindings, cap_findings;
    ps_line_bank_stats *lines;
    int nlines, cap_lines;
    ps_uninit_range *uninit;
    int nuninit, cap_uninit;
    int nworkers;
    struct memo_table **memo; /* per worker, made on first use (verify.c) */
    int nmemo;                /* workers memo has room for */
    void *state[8];           /* one per checker in verify.c's table */
    /* the enabled checkers' mem callbacks and states, in table order */
    void (*mem_fn[8])(void *self, const ps_mem_event *e, const ps_mem_shape *sh);
    void *mem_state[8];
    int nmem;
    /* the same for branch events (one per conditional branch a warp executes) */
    void (*branch_fn[8])(void *self, const ps_event_where *at, uint32_t active, uint32_t taken);
    void *branch_state[8];
    int nbranch;
    /* per-line tables filled by the checkers at finish */
    ps_line_global_stats *glines;
    int nglines;
    ps_line_branch_stats *blines;
    int nblines;
    ps_line_exec_stats *elines; /* check_profile.c */
    int nelines;
    /* finding deduplication (verify.c) */
    int *find_hash; /* open addressing: index+1 into findings, 0 = empty */
    int cap_hash;
    uint64_t dropped;
    /* instruction numbering: every instruction of the module gets a dense index */
    struct ps_func_range {
        const ps_insn *begin;
        int count, base;
    } * franges;
    int nfranges, ninsns;
    uint8_t *insn_flags; /* per instruction: PS_IF_* (static facts from the PTX) */
    /* counters as the SASS executes them (sim/sass_merge.c), per instruction, lead as a dense
     * index; NULL under PS_CHECK_PTX_COUNTERS or before the launch gave its layout */
    ps_sass_access *sass;
    /* the launch's shared layout (on_shared_layout), kept until launch_begin names the kernel:
     * only the functions it reaches are merged */
    const ps_var **lay_vars;
    uint64_t *lay_offsets;
    int lay_n;
    bool lay_set;
};

/* Bits set in x. Without -mpopcnt (the baseline x86-64 ISA) __builtin_popcount is a call into
 * libgcc (3 % of `check` on the copy kernel, from the per-event counts); this is a few inline
 * instructions, like the engine's ps_popc. */
static inline unsigned ps_verify_popc(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}
static inline unsigned ps_verify_popc64(uint64_t x) {
    return ps_verify_popc((uint32_t)x) + ps_verify_popc((uint32_t)(x >> 32));
}

/* Static facts about an instruction, as ptxas would see them (verify.c's analysis). */
enum {
    PS_IF_UNIFORM_ADDR = 1u << 0,  /* its address is provably the same for all lanes of a warp */
    PS_IF_RESULT_UNUSED = 1u << 1, /* no instruction reads its destination register */
    PS_IF_VALUE_ONE = 1u << 2,     /* its last operand is the constant 1 (immediate, or a
                                        register whose one definition moves 1 into it) */
};

/* Dense index of an instruction of the module (0..v->ninsns-1); -1 if not the module's. */
int ps_verify_insn_index(const ps_verifier *v, const ps_insn *in);
/* The instruction with dense index idx; NULL when out of range. */
const ps_insn *ps_verify_insn_at(const ps_verifier *v, int idx);
/* PS_IF_* facts of instruction `idx` (ps_verify_insn_index). PS_IF_UNIFORM_ADDR comes from a
 * conservative data-flow analysis of the PTX: values derived only from constants, parameters,
 * %ctaid/%ntid and loads from such addresses, defined once or in functions whose branches cannot
 * diverge. */
unsigned ps_verify_insn_flags(const ps_verifier *v, int idx);
/* The merge model's verdict for instruction `idx` (lead: a dense index); NULL: counted alone. */
const ps_sass_access *ps_verify_sass(const ps_verifier *v, int idx);
/* Path of .loc file `idx` of the module, NULL if none. */
const char *ps_verify_src_file(const ps_verifier *v, int idx);
/* report.c: what a finding kind means and what usually fixes it (one line each) */
void ps_finding_kind_text(int k, const char **what, const char **hint);
/* report.c: prints root to path ("-": stdout) and frees it; 0, or -1 with errno */
struct cJSON;
int ps_write_json_file(struct cJSON *root, const char *path);

/* Per-instruction statistics rows, one array per host worker (merged into worker 0 when the
 * launch ends); index -1 maps to the last row, which collects instructions outside the module. */
typedef struct {
    int nworkers, nrows;
    size_t row_size;
    unsigned char **rows;
} ps_row_table;
void ps_rows_init(ps_row_table *t, int nrows, size_t row_size);
void ps_rows_reset(ps_row_table *t, int nworkers); /* fresh zeroed rows for a launch */
void ps_rows_free(ps_row_table *t);
static inline void *ps_row(const ps_row_table *t, int worker, int idx) {
    return t->rows[worker] + (size_t)(idx < 0 ? t->nrows - 1 : idx) * t->row_size;
}

/* The state of a checker built on one row table (coalesce, divergence, profile; bank keeps its
 * bank geometry after it): ps_row_checker_new allocates `size` zeroed bytes, a struct whose first
 * member is a ps_row_checker, with rows of `row_size` bytes for v's instructions (and the last
 * row); destroy and launch_begin are the checkers' own entries (ps_checker). */
typedef struct {
    ps_verifier *v;
    ps_row_table t; /* [worker][instruction] */
} ps_row_checker;
void *ps_row_checker_new(ps_verifier *v, size_t size, size_t row_size);
void ps_row_checker_destroy(void *self);
void ps_row_checker_launch_begin(void *self, int nworkers); /* fresh zeroed rows */

/* Does `in` write its first operand (and its "d|p" partner)? Not stores, control flow, red,
 * bar.warp.sync, nanosleep, pmevent, prefetch or stackrestore (which read theirs); bar/barrier only
 * with .red. The register-pressure analysis and the static half of the register-init checker
 * (regpressure.c, reginit_static.c) share it; the uniformity pass in verify.c keeps its own,
 * narrower rule. */
bool ps_writes_first_operand(const ps_insn *in);

/* Adds a finding (thread-safe). Findings with the same kind, PTX line(s) and message text are
 * folded into one with a count. */
void ps_verify_add_finding(ps_verifier *v, const ps_finding *f);
/* The same, returning the finding's index in this launch (-1 when it was dropped: too many
 * distinct findings); ps_verify_add_count adds to that finding's count until the launch finishes
 * (ps_verifier_finish sorts the findings and the indices go stale). */
int ps_verify_add_finding_idx(ps_verifier *v, const ps_finding *f);
void ps_verify_add_count(ps_verifier *v, int idx, uint64_t count);
/* Location of lane `lane` of an event: PTX line, .loc line, block and thread indices. */
void ps_site_from_event(ps_site *s, const ps_event_where *at, int lane);
/* The same for a statistics row that kept the first event's place (the bank, coalescing and
 * divergence checkers' findings): instruction, block index and shape, warp and lane. */
void ps_site_from_row(ps_site *s, const ps_insn *in, const unsigned ctaid[3], const unsigned block[3], int warp,
                      int lane);

#endif
