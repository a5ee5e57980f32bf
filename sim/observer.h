/* observer.h — what the engine tells checkers while it runs (DESIGN §4). Checkers observe;
 * they never change simulator state. With no observer installed the engine skips all of this. */
#ifndef PTXSIM_OBSERVER_H
#define PTXSIM_OBSERVER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "ptx_parser.h"

typedef struct {
    unsigned ctaid[3];
    unsigned block[3];   /* CTA shape, to turn warp/lane into a thread index */
    int warp;            /* warp index in the CTA */
    int worker;          /* host thread running the CTA (0..nworkers-1) */
    const ps_insn *insn; /* PTX line, .loc source line, text */
    const char *function;
} ps_event_where;

typedef enum { PS_ACC_LOAD, PS_ACC_STORE, PS_ACC_ATOMIC } ps_access_kind;

/* ps_observer.mbarrier flags */
enum {
    PS_MBAR_ACQUIRE = 1,    /* a successful wait (else a release) */
    PS_MBAR_PARITY = 2,     /* the phase's parity is 1 */
    PS_MBAR_COMPLETED = 4,  /* the release completed the phase */
    PS_MBAR_NO_RELEASE = 8, /* only a completion (expect_tx): the lane released nothing */
};

/* What the engine already knows about a memory event's lanes (ps_mem_event.hint), so that the
 * verifier need not work it out again; 0 claims nothing. */
enum {
    PS_MEM_ONE_SPACE = 1u << 0,  /* every lane of mask is in space[first lane of mask] */
    PS_MEM_CONTIGUOUS = 1u << 1, /* mask is the whole warp, lane l at addr[0] + l * size, one space */
    /* an access of the async proxy on the warp's behalf (wgmma.mma_async reading its shared
     * operands: one 16-byte row per lane slot, the lanes standing for the warp) */
    PS_MEM_ASYNC_PROXY = 1u << 2,
};

typedef struct {
    ps_event_where at;
    ps_access_kind kind;
    unsigned size;     /* bytes per lane (the whole vector) */
    unsigned elem;     /* bytes per vector element */
    uint32_t mask;     /* lanes that accessed memory */
    unsigned hint;     /* PS_MEM_* facts; 0 = none */
    uint8_t space[32]; /* ps_space each lane's access resolved to (generic accesses vary) */
    uint64_t addr[32]; /* address in that space: shared offset, global address, ... */
    /* distributed shared memory (clusters): lanes whose shared access went to another CTA of
     * the cluster; for them addr is the offset in that CTA's shared memory and target the
     * worker slot (ps_event_where.worker) the CTA runs as */
    uint32_t remote;
    int16_t target[32];
    /* stores of one register (not vectors): lane l stored the low `size` bytes of values[l];
     * NULL otherwise */
    const uint64_t *values;
} ps_mem_event;

/* One instruction about to execute (only for instructions the observer asked to watch). */
typedef struct {
    unsigned ctaid[3], block[3];
    int worker, warp;    /* host thread, warp index in the CTA */
    int depth;           /* call depth: 1 = the kernel's own frame */
    uint32_t activation; /* changes whenever a new frame is pushed at this depth */
    const ps_insn *insn;
    uint32_t active; /* lanes at the instruction (they all read its guard) */
    uint32_t exec;   /* of them, the lanes whose guard holds (they execute it) */
    /* The frame's registers before the instruction runs (read-only): register k of the function
     * (ps_func.regs) that is not .pred is regs[s][lane], s = the number of non-.pred registers
     * before k; a .pred register is bit `lane` of preds[q], q = the number of .pred registers
     * before k (sim/decode.c numbers them so). */
    const uint64_t (*regs)[32];
    const uint32_t *preds;
} ps_insn_event;

typedef struct ps_observer {
    void *ctx;
    void (*launch_begin)(void *ctx, int nworkers, const char *kernel);
    void (*cta_begin)(void *ctx, int worker, const unsigned ctaid[3]);
    void (*cta_end)(void *ctx, int worker, const unsigned ctaid[3]);
    /* right after cta_begin: the CTA's first `bytes` of shared memory are the system's reserved
     * region (PTX ISA 10.29; docs/engine.md "Memory"), whose contents the CTA finds there (they
     * count as written). May be NULL. */
    void (*shared_reserved)(void *ctx, int worker, uint64_t bytes);
    /* before launch_begin: where the launch put the program's .shared variables (offsets in a
     * CTA's shared memory, laid out as ptxas does: docs/engine.md "Memory"); variables the
     * kernel does not use have UINT64_MAX. May be NULL. */
    void (*shared_layout)(void *ctx, const ps_var *const *vars, const uint64_t *offsets, int n);
    /* device heap (malloc in a kernel, sim/builtins.c): a block [addr, addr + size) was handed
     * out; earlier accesses to those bytes belonged to a freed block. May be NULL. */
    void (*heap_alloc)(void *ctx, int worker, uint64_t addr, uint64_t size);
    void (*mem)(void *ctx, const ps_mem_event *e);
    /* a conditional branch (or brx.idx) executed by `active` lanes, `taken` of them jumping */
    void (*branch)(void *ctx, const ps_event_where *at, uint32_t active, uint32_t taken);
    /* lanes arriving at a CTA barrier; release = the barrier completed */
    void (*barrier)(void *ctx, const ps_event_where *at, int id, uint32_t lanes, bool release);
    /* cp.async of `lane` into shared memory [addr, addr + size): issued (complete = false; its
     * global read is a mem event of the same instruction) or completed (complete = true, at the
     * wait or cp.async.mbarrier.arrive `at`, which also reports the store as a mem event).
     * Between the two the destination still holds its old bytes: a read of it by the issuing
     * thread is a read before the wait. May be NULL. */
    void (*async_copy)(void *ctx, const ps_event_where *at, int lane, uint64_t addr, unsigned size, bool complete);
    /* mbarrier ordering, for happens-before (flags PS_MBAR_*): `lane` arrived on the mbarrier at
     * shared offset addr (a release: its earlier accesses happen before the phase completes;
     * arrive, arrive_drop, complete_tx, cp.async.mbarrier.arrive.noinc; PS_MBAR_PARITY: the
     * parity of the phase it counted toward; PS_MBAR_COMPLETED: it completed that phase), or its
     * test_wait / try_wait saw a phase complete (PS_MBAR_ACQUIRE; PS_MBAR_PARITY: the parity of
     * the phase it observed). May be NULL. */
    void (*mbarrier)(void *ctx, const ps_event_where *at, int lane, uint64_t addr, unsigned flags);
    /* `lanes` of a warp synchronised at a warp-synchronous instruction (bar.warp.sync and the
     * .sync collectives: shfl, vote, match, redux, elect) whose member mask checked out */
    void (*warp_sync)(void *ctx, const ps_event_where *at, uint32_t lanes);
    /* Per-instruction events, for the instructions watch_insn accepts (asked once per decoded
     * instruction when the launch begins; the others run at full speed). */
    /* Thread-block clusters: the CTAs of a cluster, as worker slots by rank, once each of them
     * began (cta_begin); and each completed barrier.cluster phase. Worker slots are distinct
     * for the CTAs of a cluster (launch_begin counts them all). May be NULL. */
    void (*cluster_begin)(void *ctx, const int *workers, int n);
    void (*cluster_barrier)(void *ctx, const int *workers, int n);
    bool (*watch_insn)(void *ctx, const ps_insn *insn);
    void (*insn)(void *ctx, const ps_insn_event *e);
    /* When set, the engine holds it from a global or generic atomic's first lane until its mem
     * event has been observed, so that an observer sees the atomics of CTAs on other host threads
     * in the order their memory operations happened (the race checker's release/acquire through
     * an atomic counter, docs/checkers.md "Between blocks"). May be NULL. */
    pthread_mutex_t *atomics_lock;
} ps_observer;

#endif
