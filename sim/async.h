/* async.h — what exec_async.c (cp.async groups) and exec_mbarrier.c (mbarrier objects) share:
 * the per-CTA record of copies in flight; and what the bulk, tensor and cluster copies share.
 * Private to sim/. */
#ifndef PTXSIM_ASYNC_H
#define PTXSIM_ASYNC_H

#include "sim_internal.h"

/* A cp.async whose source was read at issue and whose destination is written when it completes
 * (cp.async.wait_group / wait_all, or cp.async.mbarrier.arrive). */
typedef struct {
    uint64_t dst;     /* shared-memory offset */
    uint32_t group;   /* the issuing thread's group number (open group at issue) */
    uint32_t thread;  /* thread index in the CTA */
    uint8_t size;     /* cp-size: 4, 8 or 16 */
    uint8_t data[16]; /* src-size bytes of the source, then zeros */
} ps_acopy;

/* One wgmma.mma_async of a warp not yet covered by a wgmma.wait_group (exec_wgmma.c). */
typedef struct {
    uint32_t group; /* 0: not committed yet; else the warp's commit number */
    uint16_t index; /* the instruction's wgmma number in its function (ps_fprog.wg_conflict) */
    const ps_fprog *fp;
    const ps_dinsn *d;
} ps_wgop;

/* Per warp: wgmma state. */
typedef struct {
    bool fenced;        /* a wgmma.fence ran */
    uint32_t committed; /* wgmma.commit_group count */
    uint32_t issued;    /* wgmma.mma_async count (warpgroup consistency) */
    struct {            /* the last 8 issued: number, instruction, descriptors */
        uint32_t n;
        const ps_dinsn *d;
        uint64_t da, db;
    } hist[8];
    ps_wgop *ops;
    int nops, cap;
} ps_wgwarp;

struct ps_async {
    ps_wgwarp *wg; /* per warp, NULL until a wgmma instruction runs */
    int nwg;
    ps_acopy *q; /* copies in flight, in issue order */
    int n, cap;
    uint32_t *open; /* per thread: the group cp.async adds to (committed ones are below) */
    unsigned nthreads;
    uint64_t epoch; /* bumped whenever an mbarrier changes or a copy completes */
    /* the last wait that found its phase incomplete, for the deadlock report */
    const ps_dinsn *spin_insn;
    int spin_warp, spin_lane;
    uint64_t spin_addr;
};

/* The lanes' memory events of one instruction, grouped as observers expect them: one event per
 * access size and per round of lanes (a lane's second copy in one wait starts a new event). */
typedef struct {
    ps_mem_event ev[4];
    int n;
    ps_warp *w;
    const ps_dinsn *d;
    ps_access_kind kind;
    bool on; /* an observer listens */
} ps_evbatch;
void ps_evbatch_begin(ps_evbatch *b, ps_warp *w, const ps_dinsn *d, ps_access_kind kind);
void ps_evbatch_add(ps_evbatch *b, int lane, uint8_t space, uint64_t addr, unsigned size);
void ps_evbatch_end(ps_evbatch *b);

/* The CTA's async state, created on first use. */
struct ps_async *ps_async_get(ps_cta *c);
/* Completes, in issue order, the copies of the lanes in `lanes` of warp w whose group is at most
 * limit[lane] (UINT32_MAX: all of them): writes their bytes to shared memory, reporting each as
 * a store of instruction d to the observer. */
void ps_async_complete(ps_warp *w, const ps_dinsn *d, uint32_t lanes, const uint32_t *limit);

/* Bulk reductions (exec_bulk.c): one element of dst op src, as atom/red define op. */
enum { RO_AND, RO_OR, RO_XOR, RO_ADD, RO_INC, RO_DEC, RO_MIN, RO_MAX };
enum { RT_U32, RT_S32, RT_U64, RT_S64, RT_F32, RT_F64, RT_F16, RT_BF16 };
uint64_t ps_bulk_reduce1(int op, int ty, uint64_t a, uint64_t b);
/* the floating-point ones (bulk_reduce.c): .add of RT_F32/F64/F16/BF16, .min/.max of F16/BF16 */
uint64_t ps_bulk_reduce_float(int op, int ty, uint64_t a, uint64_t b);

/* Bulk copies (exec_bulk.c; exec_cluster.c's multicast uses them too): lane l's `size` bytes at
 * addr of `space` as one host range (both ends resolved, 16 bytes each; a range over two
 * allocations faults), or NULL after a fault; and the memory event of lane l's whole range. */
uint8_t *ps_bulk_range(ps_warp *w, int space, uint64_t addr, uint32_t size, int l, bool write);
void ps_bulk_event(ps_warp *w, const ps_dinsn *d, int l, int space, uint64_t addr, uint32_t size, bool write);

/* Tensor copies (exec_tma.c): cp.async.bulk.tensor and cp.reduce.async.bulk.tensor. */
ps_exec_fn ps_select_tma(const ps_insn *in, ps_dinsn *d, char *why, size_t len);

#endif
