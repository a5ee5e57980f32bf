/* sim_internal.h — decoded programs, warps, CTAs and the handler interface shared by the
 * engine and the instruction families (exec_*.c). Not part of the public API. */
#ifndef PTXSIM_SIM_INTERNAL_H
#define PTXSIM_SIM_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "fp.h"
#include "sim.h"

#define WARP      32
#define FULL_MASK 0xffffffffu
#define NO_SLOT   0xffff

/* Generic-address windows (DESIGN §3): global addresses are generic addresses as they are. */
#define SHARED_WINDOW   0x0000100000000000ull
#define LOCAL_WINDOW    0x0000200000000000ull
#define KPARAM_WINDOW   0x0000300000000000ull
#define WINDOW_SIZE     0x0000000100000000ull
#define GLOBAL_BASE     0x0000700000000000ull
#define FUNC_BASE       0x0000400000000000ull /* values of function symbols, for indirect calls */
#define HEAP_BASE       0x0000600000000000ull /* the device heap (malloc in kernels) */
#define PS_HEAP_BYTES   (8ull << 20)          /* its size: cudaLimitMallocHeapSize's default, 8 MiB */
#define DEFAULT_STACK   16384                 /* local bytes per thread when depth is unbounded */
#define PS_ALLOCA_STACK 16384                 /* local bytes per thread above the frames for alloca */
#define PS_ALLOC_HITS   4                     /* last-hit allocation entries per CTA */

typedef struct ps_warp ps_warp;
typedef struct ps_dinsn ps_dinsn;
typedef struct ps_cta ps_cta;
typedef struct ps_fprog ps_fprog;
typedef void (*ps_exec_fn)(ps_warp *w, const ps_dinsn *d);

/* Control instructions the engine executes itself. CTL_NONE and CTL_BRA come first: a run of
 * the engine continues while ctl <= CTL_BRA. CTL_END marks the record after a function's last
 * one (never executed: it stops a run there without a bounds test per instruction). */
enum {
    CTL_NONE,
    CTL_BRA,
    CTL_BRX,
    CTL_CALL,
    CTL_RET,
    CTL_EXIT,
    CTL_TRAP,
    CTL_BAR,
    CTL_WSYNC,
    CTL_CWAIT /* barrier.cluster.wait */,
    CTL_END
};

/* Memory spaces of a decoded access. */
enum {
    SP_GENERIC,
    SP_GLOBAL,
    SP_SHARED,
    SP_LOCAL,
    SP_CONST,
    SP_KPARAM,
    SP_DSMEM /* .shared::cluster: the executing CTA's or another CTA's of its cluster */
};

/* Distributed shared memory (docs/clusters.md): a .shared::cluster address is a shared-memory
 * offset of the executing CTA (below DSMEM_RANK_UNIT, so every .shared::cta address is one), or
 * (rank + 1) * DSMEM_RANK_UNIT + offset for CTA `rank` of the cluster, as mapa makes them. In
 * the generic space they lie in the shared window like any shared address. */
#define DSMEM_RANK_SHIFT 24
#define DSMEM_RANK_UNIT  (1ull << DSMEM_RANK_SHIFT)
#define MAX_CLUSTER      16

/* Decoded-instruction flags. */
enum {
    DF_FTZ = 1 << 0,
    DF_SAT = 1 << 1,
    DF_HI = 1 << 2,
    DF_LO = 1 << 3,
    DF_WIDE = 1 << 4,
    DF_CC = 1 << 5, /* writes the carry flag */
    DF_APPROX = 1 << 6,
    DF_FULL = 1 << 7,
    DF_NAN = 1 << 8,
    DF_XORSIGN = 1 << 9,
    DF_RELU = 1 << 10,
    DF_SATFINITE = 1 << 11,
    DF_INTEGRAL = 1 << 12, /* cvt .rni/.rzi/... */
    DF_HAS_RND = 1 << 13,  /* a rounding modifier was written */
    DF_SIGNED = 1 << 14,
    DF_NAN_A_WINS = 1 << 15, /* f64 sub: operand a wins between two NaNs (ptxas_model.c) */
    DF_ST_F32_U64 = 1 << 16, /* st.f32 from a 64-bit register: stores cvt.rn.f32.u64 of it (H200) */
    DF_WATCH = 1u << 31,     /* the observer watches this instruction (set per launch) */
};

/* Operand slot kinds (how a frame's slots are initialised). */
enum { SK_REG, SK_IMM, SK_SREG, SK_SHARED_SYM, SK_LOCAL_SYM, SK_ZERO, SK_SCRATCH };

typedef struct {
    uint8_t kind;
    uint8_t sreg, comp;
    uint64_t value; /* SK_IMM: the constant; SK_*_SYM: the variable's index / offset */
    const ps_var *var;
    int64_t addend;
} ps_slot_info;

/* Operand convention (decode.c fills o[] from the PTX operands in order):
 *  - every register, immediate, special register or variable-address operand takes one slot;
 *    immediates live in constant slots, so handlers never branch on operand kinds;
 *  - predicate registers are indices into the warp's predicate file (w->p), not slots; a
 *    negated predicate operand "!p" sets bit i of negmask;
 *  - a vector operand {a, b, c, d} takes consecutive entries of o[]; "_" gets a scratch slot;
 *  - an address [base + off] takes one entry (the base slot; constant 0 slot when absent) and
 *    puts the offset in imm; its state space is in `space`;
 *  - forms with a "d|p" destination (setp, shfl.sync, match, elect) always have o[1] = the
 *    second destination predicate or NO_SLOT, and their sources start at o[2];
 *  - nops counts the entries of o[].
 * Register slots hold 64 bits per lane; an operand of an N-bit type is the slot's low N bits
 * (writes store the result zero-extended; readers always truncate). */
/* Per-family record payloads (docs/engine.md, "Record payloads"): what a family's selector
 * decided at decode time and its handler reads, named instead of packed into an integer. Each
 * is at most 8 bytes, the size of the union in ps_dinsn, so the record does not grow. */
typedef struct { /* mma / mma.sp (exec_mma.c) */
    uint8_t m, n;
    uint16_t k;
    uint8_t ka, kb, kc, kd; /* element kinds of A, B, C, D: exec_mma.c's EK_* */
} ps_mma_payload;

typedef struct { /* wgmma.mma_async (exec_wgmma.c) */
    uint16_t n;
    uint8_t k;          /* elements of A and B read per row (.b1: 32 bytes; .sp: logical K) */
    uint8_t dt, at, bt; /* D, A and B types: exec_wgmma.c's WT_* */
    uint8_t flags;      /* WGF_* */
    uint8_t index;      /* this wgmma's number in its function (63: 63 or later) */
} ps_wgmma_payload;

typedef struct {            /* wmma.mma (exec_wmma.c) */
    uint8_t la, lb, lc, ld; /* LAYOUTS indices of A, B, C, D */
    uint8_t fa, fc, fd;     /* mma_fmt of A/B, C, D; 0xff: integer (s8 / u8 by ua) */
    uint8_t ua;             /* integers: bit 0 A unsigned, bit 1 B unsigned */
} ps_wmma_payload;

struct ps_dinsn {
    ps_exec_fn fn; /* handler for CTL_NONE */
    uint8_t ctl;
    uint8_t type, type2; /* ps_type of the instruction (and source type for cvt etc.) */
    uint8_t rnd;         /* ps_rnd */
    uint8_t space;       /* SP_* for memory instructions */
    uint8_t vec;         /* vector width of memory instructions */
    uint8_t nops;
    union {                  /* a byte of payload: one named meaning per family */
        uint8_t indirect;    /* call: 1 when the callee is the function pointer in slot o[0] */
        uint8_t builtin;     /* call of a builtin (builtins.c): its ps_builtin */
        uint8_t sreg;        /* mov from a dynamic special register (ps_exec_clock): its ps_sreg */
        uint8_t mma_sp;      /* mma: bit 0 .sp, bits 2:1 the sparsity selector (exec_mma.c) */
        uint8_t scale_d;     /* wgmma.mma_async: bit 2 a predicate (bit 1 negated), else bit 0 the constant */
        uint8_t frag_layout; /* wmma.load/store: exec_wmma.c's LAYOUTS index */
        uint8_t boolop;      /* set/setp (exec_int.c): BoolOp, setp's | SETP_SINK_P */
        uint8_t prmt_mode;   /* prmt with a mode (exec_int.c): index into PRMT_MODES */
        uint8_t item_bits;   /* mov packing, unpacking or vectors, cvt.pack: bits of one item */
        uint8_t geom;        /* tex, tld4, suld, sust, sured (exec_tex.c): the geometry */
        uint8_t query;       /* suq, txq (exec_tex.c): the queried attribute */
        uint8_t shfl_mode;   /* shfl: 0 up, 1 down, 2 bfly, 3 idx (exec_warp.c) */
        uint8_t vote_mode;   /* vote (not .ballot): 0 all, 1 any, 2 uni (exec_warp.c) */
        uint8_t redux_op;    /* redux.sync: RX_* (exec_warp.c) */
        uint8_t atom_op;     /* atom, red (exec_mem.c); red.async (exec_cluster.c) */
        uint8_t bulk_kind;   /* cp.async.bulk, cp.reduce.async.bulk: BK_* (exec_bulk.c) */
        uint8_t tma_kind;    /* cp.async.bulk.tensor, cp.reduce.async.bulk.tensor: TK_* (exec_tma.c) */
        uint8_t src_mode;    /* cp.async: 1 a src-size operand, 2 an ignore-src predicate (exec_async.c) */
        uint8_t mbar_op;     /* mbarrier: MB_* (exec_mbarrier.c) */
        uint8_t nmat;        /* ldmatrix, stmatrix: number of matrices (1, 2, 4) */
        uint8_t dot_signs;   /* dp4a, dp2a: bit 0 a signed, bit 1 b signed, dp2a bit 2 .hi */
        uint8_t ct_flags;    /* f32/f64 contractions (exec_float.c): CT_* */
        uint8_t mm_flags;    /* f32 min/max (exec_float.c): MM_* */
        uint8_t testp_op;    /* testp (exec_float.c): ps_testp_op */
        uint8_t video_op;    /* scalar and SIMD video instructions (exec_video.c) */
        uint8_t sext_shift;  /* cvt, generic path: sign-extension shift of the result (exec_cvt.c) */
        uint8_t fp8_fmt;     /* cvt to or from fp8 pairs: ps_fp8_fmt (exec_cvt.c) */
        uint8_t half_op;     /* f16/bf16 (exec_half.c): operation | format << 4 | x2 << 7 */
        uint8_t bar_mode;    /* bar, barrier (CTL_BAR), barrier.cluster.wait (CTL_CWAIT): PS_BAR_* */
    };
    uint32_t flags;
    int16_t guard; /* predicate index, -1 if none */
    uint8_t guard_neg;
    uint8_t negmask; /* bit i: operand i is a negated predicate */
    uint16_t o[12];  /* operand slots (predicate operands index the predicate file) */
    int32_t target;  /* branch target pc, callee index, barrier info */
    int32_t reconv;  /* reconvergence pc of a branch */
    union {          /* 8 bytes of payload: one named meaning per family */
        int64_t imm; /* address offset (memory forms), immediate operand or selector */
        ps_mma_payload mma;
        ps_wgmma_payload wgmma;
        ps_wmma_payload wmma;
    };
    union {                   /* 4 bytes of payload: one named meaning per family */
        int32_t slot_list;    /* call and tensor forms: first entry of theirs in fp->call_slots */
        int32_t off2;         /* two-address copies (cp.async, bulk, tma, cluster): the address offset
                           * of the operand whose offset is not in d->imm (see each handler) */
        int32_t elem_bytes;   /* st.async / red.async: bytes of one element */
        int32_t cmp_index;    /* set/setp (exec_int.c): CMP_TABLE row * C_COUNT + column */
        int32_t nitems;       /* mov packing, unpacking or vectors: number of items */
        int32_t is_store;     /* suld (0) or sust (1) (exec_tex.c) */
        int32_t is_txq;       /* suq (0) or txq (1) (exec_tex.c) */
        int32_t gather;       /* tex (0) or tld4 (1 + the gathered component) (exec_tex.c) */
        int32_t atom_bits;    /* atom, red (exec_mem.c): access size in bits */
        int32_t mbar_flags;   /* mbarrier: MBF_* (exec_mbarrier.c) */
        int32_t video_params; /* video instructions: VA_* bits and fields (exec_video.c) */
        int32_t cvt_params;   /* cvt, generic path: dtype | atype << 8 | flags << 16 (exec_cvt.c) */
        int32_t ext_shifts;   /* cvt integer to integer: source | destination shift << 8 (exec_cvt.c) */
        int32_t relu;         /* cvt to fp8 pairs: bit 0 .relu (exec_cvt.c) */
        int32_t is_signed;    /* cvt.pack: the converted type is signed (exec_cvt.c) */
        int32_t half_flags;   /* f16/bf16 arithmetic: fp_half.h flags, HNEG_* (exec_half.c) */
        int32_t half_setp;    /* f16/bf16 setp, set: comparison | BoolOp << 8 | ftz << 12 (exec_half.c) */
    };
    int line;
    const ps_insn *src;
};

/* The engine's speed depends on the record's size: the payload union must not grow it. */
_Static_assert(sizeof(ps_dinsn) == 80, "ps_dinsn grew");
_Static_assert(sizeof(ps_mma_payload) <= sizeof(int64_t) && sizeof(ps_wgmma_payload) <= sizeof(int64_t) &&
                   sizeof(ps_wmma_payload) <= sizeof(int64_t),
               "a record payload outgrew the union");

/* A .func's formal (a parameter or return value) as calls bind it, resolved at decode time so that
 * call and ret (engine_frame.c) never look at the parsed function. */
typedef struct {
    uint64_t offset; /* a .param formal: its offset in the callee's frame */
    uint64_t size;   /* bytes a call moves: the formal's size; 1 for .pred */
    uint16_t slot;   /* a .reg formal: its register slot (predicate index for .pred); NO_SLOT: .param */
    bool pred;       /* a .pred formal */
} ps_formal;

/* Consecutive register slots [start, start + count). */
typedef struct {
    uint16_t start, count;
} ps_slot_run;

/* One decoded function. */
struct ps_fprog {
    const ps_func *func;
    ps_dinsn *code;
    int ncode;
    int nslots; /* register-file slots (each 32 lanes of 64 bits) */
    int npreds;
    int pred_true, pred_false; /* constant predicates for immediate predicate operands, or -1 */
    ps_slot_info *slots;       /* nslots */
    uint64_t frame_bytes;      /* local memory of one activation: .local and .param variables */
    bool allocas;              /* has alloca: kernels reaching it get PS_ALLOCA_STACK more local memory */
    int index;
    /* kernel only */
    uint64_t kparam_bytes;
    ps_diags diags;       /* what ptxsim cannot execute in this function */
    uint16_t *call_slots; /* per call: argument slots then result slots (d->slot_list indexes here) */
    uint8_t *call_pred;   /* parallel to call_slots: 1 where the entry is a predicate index */
    int ncall_slots, cap_call_slots;
    /* .func only: its parameters then its return values (nparams + nrets), as calls bind them */
    ps_formal *formals;
    int nparams, nrets;
    /* functions with wgmma.mma_async (exec_wgmma.c): per pc, the wgmma instructions whose
     * registers the record touches (bit i: wgmma number i) and, where the record's handler was
     * wrapped by the check for accesses before wgmma.wait_group, the original handler */
    uint64_t *wg_conflict;
    ps_exec_fn *wg_orig;
    /* the slots a new frame zeroes (frame_plan.c): registers some thread may read before writing
     * them, the zero and scratch slots; the rest keep what the frame held, or 0xa5 bytes with
     * PTXSIM_FRAME_POISON (poison_regs) */
    ps_slot_run *zero_runs;
    int nzero_runs;
    bool poison_regs;
    int const_from; /* slots below are registers (the constant slots a frame fills come after) */
};

struct ps_program {
    const ps_module *module;
    const ps_arch *arch;
    ps_fprog *funcs; /* one per module function (undefined ones have ncode = 0) */
    int nfuncs;
    uint64_t *global_addr; /* device address of each module variable (globals array order) */
    const ps_var **fvars;  /* function-scope .global/.const variables: allocated like the module's */
    uint64_t *fvar_addr;
    int nfvars;
    ps_device *dev;
    const ps_var **shared_vars; /* every .shared variable referenced; offsets chosen per launch */
    int nshared, cap_shared;
};

/* ---- execution state ---------------------------------------------------- */

/* One SIMT stack entry. `parked`: 0, or the lanes wait at a barrier they reached apart from the
 * rest of their warp (sm_70+ independent thread scheduling; engine_barrier.c): PARK_CTA + id
 * for CTA barrier id (non-aligned barrier.sync / barrier.red), PARK_WSYNC for bar.warp.sync,
 * PARK_CLUSTER for a non-aligned barrier.cluster.wait. The barrier instruction is the record
 * before pc. */
typedef struct {
    int32_t pc, rpc;
    uint32_t mask;
    uint32_t parked;
} simt_entry;
enum { PARK_CTA = 1, PARK_WSYNC = PARK_CTA + 16, PARK_CLUSTER /* barrier.cluster.wait */ };

typedef struct {
    const ps_fprog *fp;
    uint64_t (*r)[WARP];
    uint32_t *p;
    simt_entry *stack;
    int sp, cap;
    uint32_t live;        /* lanes still inside this activation */
    uint64_t local_base;  /* offset of this frame in each thread's local memory */
    const ps_dinsn *call; /* call site in the caller */
    uint32_t call_mask;
    size_t rcap, pcap;       /* bytes allocated at r and p (frames are reused) */
    uint32_t activation;     /* serial number of this activation in its warp (observer events) */
    uint64_t sp_entry[WARP]; /* each lane's stack pointer at the call: restored at the return */
} ps_frame;

enum { WS_RUN, WS_BARRIER, WS_DONE, WS_CLUSTER /* waits at barrier.cluster.wait */ };

struct ps_warp {
    ps_cta *cta;
    int id;
    uint32_t valid; /* lanes that exist */
    uint32_t live;  /* not exited */
    uint32_t exec;  /* lanes executing the current instruction */
    uint32_t carry; /* carry flag per lane (add.cc & co.) */
    ps_frame *frames;
    int nframes, cap_frames;
    /* each lane's stack pointer (alloca, stacksave, stackrestore: exec_stack.c), a local-memory
     * offset: the stack grows down from local_per_thread towards the top frame's end */
    uint64_t sp[WARP];
    uint64_t (*r)[WARP]; /* top frame's registers */
    uint32_t *p;
    int state;
    int bar_id; /* WS_BARRIER: the barrier the whole warp waits at; -1: its lanes are parked */
    unsigned tid[WARP][3];
    /* pending bar.red result: destination (slot, or predicate for .and/.or) and lanes */
    const ps_dinsn *bar_insn;
    uint32_t bar_mask;
    int nparked;          /* SIMT entries of any frame with parked != 0 */
    uint32_t wsync_mask;  /* member mask of the lanes parked at bar.warp.sync */
    uint32_t activations; /* frames pushed so far */
    /* barrier.cluster: lanes that arrived and have not waited yet, the cluster phase each
     * arrived in, and (WS_CLUSTER) the lanes waiting */
    uint32_t cl_pending, cl_wait;
    const ps_dinsn *cl_insn; /* the barrier.cluster.wait it waits at */
    uint32_t cl_phase[WARP];
    /* ps_fault_lanes: while probing, ps_fault_raise records nothing but the kind in probe_kind;
     * fault_owner: this warp raised the launch's fault (the one reported) */
    bool probing, fault_owner;
    ps_fault_kind probe_kind;
};

typedef struct {
    ps_program *prog;
    ps_device *dev;
    const ps_fprog *kernel;
    ps_launch_config cfg;
    unsigned nthreads;   /* per CTA */
    unsigned cluster[3]; /* cluster shape (1,1,1 without clusters) */
    unsigned cluster_size;
    bool explicit_cluster;
    uint64_t reserved_smem; /* shared bytes reserved for the system, before the CTA's own */
    uint64_t gridid;        /* %gridid of this launch (ps_device_next_gridid) */
    bool envreg_h200;       /* %envreg* as the H200's driver sets them (sm_90 machines) */
    uint64_t grid_ws;       /* the device's grid workspace (%envreg1:%envreg2); 0: none yet */
    uint64_t shared_static;
    uint64_t total_smem;  /* %total_smem_size: the CTA's own bytes in allocation units */
    uint64_t aggr_smem;   /* %aggr_smem_size: the reserved region plus the CTA's own bytes */
    uint64_t *shared_off; /* per program shared variable: offset in the CTA's shared memory */
    uint64_t local_per_thread;
    uint64_t watchdog;
    /* Written by every worker (per CTA and per scheduling round): a cache line of their own,
     * so the read-mostly fields around them are not invalidated in every core. */
    _Alignas(64) atomic_uint_fast64_t warp_insns_total;
    atomic_int stop;               /* set when a fault ends the launch */
    atomic_int timed_out;          /* set by the monitor (monitor.c) when the wall-clock limit passes */
    atomic_uint_fast64_t next_cta; /* 64 bits: a grid may hold 2^31-1 x 65535 x 65535 CTAs */
    _Alignas(64) uint64_t ncta;    /* clusters in the grid (CTAs without clusters): what next_cta counts */
    ps_fault fault;
    pthread_mutex_t lock;
    ps_stats stats;
    /* device-runtime output of finished CTAs (under lock), by CTA index at the end */
    struct ps_out_rec {
        uint64_t cta;
        int stream; /* PS_OUT_STDOUT, PS_OUT_STDERR */
        char *text;
        size_t len;
    } * outs;
    int nouts, cap_outs;
} ps_launch_ctx;

typedef struct {
    uint32_t arrived;  /* threads arrived */
    uint32_t expected; /* 0 = all live threads of the CTA */
    uint64_t waiting;  /* warps waiting (bit per warp) */
    uint32_t red_popc;
    uint32_t red_and, red_or; /* bar.red accumulators */
} ps_barrier;

/* The CTAs of one thread-block cluster: run together by one host thread (engine_sched.c), which
 * switches between them, so a barrier.cluster or a remote mbarrier can wait for the others. */
typedef struct ps_cluster {
    ps_cta *cta[MAX_CLUSTER]; /* by %cluster_ctarank */
    int n;
    unsigned dim[3];      /* %cluster_nctaid */
    unsigned id[3];       /* %clusterid */
    bool explicit_launch; /* %is_explicit_cluster */
    uint32_t bar_phase;   /* barrier.cluster phases completed */
    uint32_t bar_arrived; /* live threads arrived in the current phase */
} ps_cluster;

struct ps_cta {
    ps_launch_ctx *L;
    ps_cluster *cluster;
    unsigned rank; /* %cluster_ctarank */
    unsigned cluster_ctaid[3];
    unsigned ctaid[3];
    uint8_t *shared;
    uint64_t shared_size;
    uint8_t *local; /* nthreads * local_per_thread */
    ps_warp *warps;
    int nwarps;
    ps_barrier bars[16];
    ps_stats stats;
    uint64_t clock;
    const ps_dinsn *cur;    /* instruction being executed (fault reports) */
    const ps_observer *obs; /* NULL unless checkers run */
    bool watch;             /* obs wants per-instruction events (DF_WATCH records) */
    int worker;
    ps_warp *cur_warp;
    union { /* the warp loop tests both after every handler with one load (stop_run) */
        struct {
            bool faulted;
            bool yield; /* the running warp waits on an mbarrier: end its turn */
        };
        uint16_t stop_run;
    };
    uint32_t live_threads; /* threads of the CTA that have not exited */
    /* the device allocations accesses hit last (per host thread, so no locking): [base, end)
     * maps to host memory at host + (addr - base); end = 0: empty. Several entries keep a
     * kernel's few buffers (copy: in, out) from evicting one another. */
    struct ps_alloc_hit {
        uint64_t base, end;
        uint8_t *host;
    } hits[PS_ALLOC_HITS];
    unsigned hit_next;            /* entry the next miss replaces */
    struct ps_alloc_hit heap_hit; /* the device-heap block of the latest heap access (uncached) */
    /* what the running CTA's device runtime printed (builtins.c): [PS_OUT_STDOUT] printf,
     * [PS_OUT_STDERR] failed assertions, which the CUDA driver writes to stderr */
    char *out[2];
    size_t out_len[2], out_cap[2];
    struct ps_async *async;     /* cp.async / mbarrier state (sim/async.h), NULL until first used */
    uint64_t sched;             /* seeded schedule's generator state; 0: warps in order */
    int order[1024 / WARP + 1]; /* warp order of the next round (shuffled by the seeded schedule) */
};

enum { PS_OUT_STDOUT, PS_OUT_STDERR }; /* the two streams of ps_cta.out */

/* Shared memory reserved for system software at the start of every CTA's shared memory (PTX ISA
 * 10.29, %reserved_smem_offset_*): 1 KiB from sm_80 on (CUDA Programming Guide, "reserved shared
 * memory per block"; an H200 places a CTA's own shared memory after it, at 0x400). Of it the
 * system uses [0, PS_RESERVED_SMEM_END): cooperative groups' multi-warp scratch, at most 288 bytes
 * (cooperative_groups/details/memory.h), at %reserved_smem_offset_1 = 0. Values measured on an
 * H200 (lab/nvcc_features/README.md, docs/engine.md "Reserved shared memory"). */
#define PS_RESERVED_SMEM_END 288u
static inline uint64_t ps_reserved_smem(const ps_arch *a) { return a && a->sm >= 80 ? 1024 : 0; }
/* The shared-memory allocation unit %total_smem_size counts in (PTX ISA 10.30): 256 bytes on
 * sm_3x to sm_7x, 128 on sm_8x and later */
static inline uint64_t ps_smem_alloc_unit(const ps_arch *a) { return a && a->sm < 80 ? 256 : 128; }

/* ---- shared helpers --------------------------------------------------------------------- */

/* Lane loop over the executing lanes; the full-mask path is a plain loop the compiler can
 * vectorise. BODY uses `l`. */
#define LANES(w, BODY)                               \
    do {                                             \
        uint32_t _m = (w)->exec;                     \
        if (_m == FULL_MASK) {                       \
            for (int l = 0; l < WARP; l++) { BODY; } \
        } else {                                     \
            while (_m) {                             \
                int l = __builtin_ctz(_m);           \
                _m &= _m - 1;                        \
                BODY;                                \
            }                                        \
        }                                            \
    } while (0)

#define R(w, i) ((w)->r[(i)])

/* A lane loop whose lane l reads only lane l of its sources and writes lane l of its destination:
 * safe to vectorise even when the destination is one of the sources (the same register row,
 * never a partial overlap), which the compiler cannot prove on its own. */
#if defined(__clang__)
#define PS_IVDEP _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define PS_IVDEP _Pragma("GCC ivdep")
#else
#define PS_IVDEP
#endif
/* The integer lane loops (exec_int.c's DEF1..DEF4) unrolled by 8 under GCC: at -O2 GCC 12 keeps
 * the vectorised 32-lane loop rolled, and the unrolled form measured (scripts/bench/check_cost.py,
 * callgrind Ir in ps_launch) alu -17 % and diverge -7 % (docs/performance.md). Clang unrolls a
 * fixed 32-trip loop on its own, so the pragma is GCC's only. */
#if defined(__GNUC__) && !defined(__clang__)
#define PS_UNROLL8 _Pragma("GCC unroll 8")
#else
#define PS_UNROLL8
#endif

/* Lanes in a mask. Without -mpopcnt (the baseline x86-64 ISA) __builtin_popcount is a libgcc
 * call, which showed up at 6-13 % of engine profiles; this is a few inline instructions. */
static inline unsigned ps_popc(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

static inline void write_pred(ps_warp *w, int p, uint32_t v) { w->p[p] = (w->p[p] & ~w->exec) | (v & w->exec); }
static inline uint32_t read_pred(const ps_warp *w, const ps_dinsn *d, int opi) {
    uint32_t v = w->p[d->o[opi]];
    return (d->negmask >> opi & 1) ? ~v : v;
}

/* The space a generic address falls in, and that space's window base (0 for global). */
static inline int generic_space(uint64_t addr, uint64_t *window) {
    if (addr - SHARED_WINDOW < WINDOW_SIZE) return *window = SHARED_WINDOW, SP_SHARED;
    if (addr - LOCAL_WINDOW < WINDOW_SIZE) return *window = LOCAL_WINDOW, SP_LOCAL;
    if (addr - KPARAM_WINDOW < WINDOW_SIZE) return *window = KPARAM_WINDOW, SP_KPARAM;
    return *window = 0, SP_GLOBAL;
}

/* The launch's wall-clock limit and progress line (monitor.c); NULL when it needs neither. */
typedef struct ps_monitor ps_monitor;
ps_monitor *ps_monitor_start(ps_launch_ctx *L);
void ps_monitor_stop(ps_monitor *m);

/* Raises a fault for the launch (first one wins) and stops the CTA. */
void ps_fault_raise(ps_warp *w, ps_fault_kind kind, int lane, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* After lane `first` of a warp access faulted: the lanes above it whose own access faults the
 * same way are added to the launch's fault (ps_fault.lanes), when that fault is this warp's. */
void ps_fault_lanes(ps_warp *w, int space, const uint64_t *addr, uint64_t imm, unsigned size, bool write, int first);

/* Memory access: resolves (space, address) of `lane` to a host pointer, or faults (NULL).
 * When `ev` is not NULL the lane's resolved space and address are recorded in it. */
void *ps_mem_resolve(ps_warp *w, int space, uint64_t addr, unsigned size, int lane, bool write);
void *ps_mem_resolve_ev(ps_warp *w, int space, uint64_t addr, unsigned size, int lane, bool write, ps_mem_event *ev);
/* One warp access resolved at once: lane l's bytes are at host address
 * off + addr_l + l * lane_stride (addr_l as the instruction computed it, generic window included),
 * where addr_l - unwindow is the address within `space` (SP_SHARED, SP_LOCAL, ...). */
typedef struct {
    uintptr_t off;
    uint64_t lane_stride; /* local memory: bytes per thread; 0 elsewhere */
    uint64_t unwindow;    /* generic window base subtracted to get the space's address */
    int space;            /* the space every lane resolved to (never SP_GENERIC) */
    bool contiguous;      /* full warp, lane l at lane 0's address + l * size, stride 0 */
} ps_span;

/* Resolves every lane in `mask` of an access of `size` bytes at addr[l] + imm in one step when
 * all of them land, aligned and in bounds, in one region: one allocation (one lookup, through a
 * last-hit cache), the CTA's shared memory, the local window or the parameter buffer. Returns
 * false otherwise; the caller then takes the per-lane path, which reports the fault of the
 * first bad lane exactly as before. */
bool ps_mem_span(ps_warp *w, int space, const uint64_t *addr, int64_t imm, uint32_t mask, unsigned size, bool write,
                 ps_span *s);
/* A coalesced warp access (the caller has checked that lane l's address is a + l * size): the
 * host address of the `bytes` bytes from a when they lie, aligned to `size`, in one region that
 * is contiguous on the host (not the local window); NULL otherwise (then ps_mem_span decides). */
void *ps_mem_block(ps_warp *w, int space, uint64_t a, unsigned bytes, unsigned size, bool write);
static inline uint8_t *ps_span_at(const ps_span *s, uint64_t a, int lane) {
    return (uint8_t *)(s->off + a + (uint64_t)lane * s->lane_stride);
}

/* Fills the location part of an event for warp w executing d. */
void ps_event_where_fill(ps_event_where *at, const ps_warp *w, const ps_dinsn *d);

/* Handler selection per family; each returns NULL when it does not know the form. */
/* ptxas_model.c: instruction `in` as ptxas compiles it (immediates folded, f64 operands in
 * ptxas's order): `in` itself, or a copy in tmp/ops (ops holds max operands). last_def[r] is the
 * index of the nearest preceding instruction that writes register r (-1: none), kept by the
 * decoder with ps_ptxas_note_defs as it goes through the function in order. */
typedef struct {
    const char *error; /* what ptxas refuses, or NULL */
    bool nan_a_wins;   /* sub.f64: when both operands are NaN the first comes out (DF_NAN_A_WINS) */
} ps_ptxas_note;
const ps_insn *ps_ptxas_rewrite(const int *last_def, const ps_insn *in, ps_insn *tmp, ps_operand *ops, int max,
                                ps_ptxas_note *note);
void ps_ptxas_note_defs(const ps_insn *in, int pc, int *last_def);
/* ptxas_model.c: the add/sub instructions ptxas contracts with the mul (or div.full/div.approx
 * .f32) producing one of their sources into an fma. Per instruction: prod, the producer's index
 * (-1: not contracted), and which source (1, 2) is its result. */
typedef struct {
    int32_t prod;
    uint8_t which;
    bool neg; /* the product reaches the add through neg */
} ps_contract;
/* g: fn's control-flow graph (its dominators are computed into it when needed). */
void ps_ptxas_contractions(const ps_func *fn, ps_cfg *g, ps_contract *out);
/* ptxas_model.c: does ptxas expand `in` into code with a branch (a slow path), whatever its
 * sources? IEEE div/rcp/sqrt of f32 and f64, integer div/rem other than .u32 (measured for
 * contraction), and bfind.u64/.s64 and fns (whose expansions branch in the corpus's SASS,
 * hand_bitops; not measured for contraction). Both the contraction and the merge model end a
 * block there. */
bool ps_ptxas_expands_branch(const ps_insn *in);
/* frame_plan.c: fp->zero_runs, poison_regs and const_from of function fn, once its slots are all made (g: its
 * control-flow graph; reg_slot: each register's slot, predicates' entries unused). */
void ps_frame_plan(ps_fprog *fp, const ps_func *fn, const ps_cfg *g, const uint16_t *reg_slot);
/* process-wide: false when the ptxas model is off (PTXSIM_PTXAS_MODEL=0, --no-ptxas-model):
 * instructions run with the PTX ISA's semantics as written */
bool ps_ptxas_model_enabled(void);
/* ---- handler selection (select.c): one selector per family of forms (isa/forms.def) ---- */
typedef struct {
    const ps_module *module;
    const ps_func *fn;
    ps_fprog *fp;
} ps_select_ctx;
/* The handler of record d of instruction `in`, or NULL: then why may say why (len bytes). */
typedef ps_exec_fn (*ps_family_select)(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len);
enum {
    PS_OPS_DECODER, /* no selector: decode.c builds the record (control flow, barriers) */
    PS_OPS_FLAT,    /* operands in d->o[] (decode.c, flatten) */
    PS_OPS_TENSOR,  /* operand lists in the function's call_slots (tensor.h) */
};
typedef struct {
    ps_family_select select; /* NULL for PS_OPS_DECODER families */
    uint8_t operands;        /* PS_OPS_* */
    const char *unsupported; /* the message when select gives no reason; a "%s" is the PTX text */
} ps_family_info;
const ps_family_info *ps_family_get(ps_family f);

ps_exec_fn ps_select_int(const ps_insn *in, ps_dinsn *d);
ps_exec_fn ps_select_float(const ps_insn *in, ps_dinsn *d);
ps_exec_fn ps_select_cvt(const ps_insn *in, ps_dinsn *d);      /* exec_cvt.c */
ps_exec_fn ps_select_cvt_pack(const ps_insn *in, ps_dinsn *d); /* exec_cvt.c */
/* exec_float.c: the handler of an add/sub contracted with producer `prod` (ps_contract) */
ps_exec_fn ps_select_contraction(ps_dinsn *d, const ps_insn *prod, bool neg_prod, bool neg_add);
ps_exec_fn ps_select_half_contraction(ps_dinsn *d, bool neg_prod, bool neg_add); /* exec_half.c */
ps_exec_fn ps_select_mem(const ps_insn *in, ps_dinsn *d);
ps_exec_fn ps_select_warp(const ps_insn *in, ps_dinsn *d);
ps_exec_fn ps_select_dot(const ps_insn *in, ps_dinsn *d);
/* set with a half-precision source (exec_half.c), reached from ps_select_int's set */
ps_exec_fn ps_select_half_set(const ps_insn *in, ps_dinsn *d);
ps_exec_fn ps_select_half(const ps_insn *in, ps_dinsn *d); /* exec_half.c */
/* Families whose unsupported uses get a precise reason (written to why) instead of NULL alone. */
ps_exec_fn ps_select_video(const ps_insn *in, ps_dinsn *d, char *why, size_t len);
ps_exec_fn ps_select_async(const ps_insn *in, ps_dinsn *d, const ps_func *fn, char *why, size_t len);
/* exec_bulk.c: setmaxnreg and griddepcontrol (accepted, no functional effect) */
ps_exec_fn ps_select_sm90_misc(const ps_insn *in, ps_dinsn *d, char *why, size_t len);
/* tex, txq, suld, sust, suq on texture and surface objects (exec_tex.c); NULL with the reason. */
ps_exec_fn ps_select_tex(const ps_insn *in, ps_dinsn *d, char *why, size_t len);
/* exec_cluster.c: mapa, getctarank, barrier.cluster, st.async, red.async */
ps_exec_fn ps_select_cluster(const ps_insn *in, ps_dinsn *d, char *why, size_t len);
/* exec_stack.c: alloca, stacksave, stackrestore */
ps_exec_fn ps_select_stack(const ps_insn *in, ps_dinsn *d, char *why, size_t len);
/* The CTA of w's cluster holding .shared::cluster address addr (rank bits included) and the
 * offset in its shared memory; faults (NULL) when the address names no CTA of the cluster or a
 * CTA that has exited. */
ps_cta *ps_dsmem_target(ps_warp *w, uint64_t addr, uint64_t *off, int lane);
/* Records lane's access at .shared::cluster address addr in ev (space, offset in the target
 * CTA, and its worker slot when it is another CTA). */
void ps_event_dsmem(ps_warp *w, ps_mem_event *ev, int lane, uint64_t addr);
/* exec_cluster.c: cp.async.bulk...multicast::cluster */
ps_exec_fn ps_select_bulk_multicast(const ps_insn *in, ps_dinsn *d, char *why, size_t len);
/* exec_bulk.c: cp.async.bulk, cp.reduce.async.bulk; exec_mbarrier.c: the mbarrier forms (both
 * reached from ps_select_async) */
ps_exec_fn ps_select_bulk(const ps_insn *in, ps_dinsn *d, char *why, size_t len);
ps_exec_fn ps_select_mbarrier(const ps_insn *in, ps_dinsn *d, const ps_func *fn, char *why, size_t len);
/* Completes tx bytes on the mbarrier at shared offset addr (exec_mbarrier.c); false when it faulted. */
bool ps_mbarrier_complete_tx(ps_warp *w, const ps_dinsn *d, int lane, uint64_t addr, uint32_t tx);
/* barrier.cluster bookkeeping (engine_cluster.c): lanes of w leave (exit) */
void ps_cluster_lanes_exit(ps_warp *w, uint32_t lanes);
void ps_cluster_bar_check(ps_cluster *cl);

/* cp.async / mbarrier state of a CTA (exec_async.c): cleared for each CTA, freed with it. */
void ps_async_reset(ps_cta *c);
void ps_async_free(ps_cta *c);
uint64_t ps_async_epoch(const ps_cta *c); /* changes whenever an mbarrier or a copy does */
void ps_async_deadlock(ps_cta *c);        /* faults: every warp waits on an mbarrier for good */

/* The device heap (memory.c): malloc returns 0 when no gap fits; free returns 0, 1 for a block
 * freed already, -1 for an address no malloc returned; find gives the live block holding addr
 * ([*base, *end) and its host memory), NULL when none does. */
uint64_t ps_heap_malloc(ps_device *dev, uint64_t bytes);
int ps_heap_free(ps_device *dev, uint64_t addr);
uint8_t *ps_heap_find(ps_device *dev, uint64_t addr, uint64_t *base, uint64_t *end);

/* builtins.c: the device-runtime functions nvcc's PTX calls without defining them (vprintf,
 * __assertfail, malloc, free), executed by the simulator itself. */
enum { PS_BI_NONE, PS_BI_VPRINTF, PS_BI_ASSERTFAIL, PS_BI_MALLOC, PS_BI_FREE };
/* The builtin an undefined function stands for (its name and parameter shapes), PS_BI_NONE if
 * none; why says what does not match when the name does. */
int ps_builtin_of(const ps_func *f, char *why, size_t len);
/* A printf format (n bytes, no NUL) that vprintf would stop the kernel on whatever the arguments
 * (builtins.c); NULL if none, else the reason in buf. The decoder warns with it where it finds the
 * format of a call. */
const char *ps_printf_format_problem(const char *fmt, size_t n, char *buf, size_t len);
void ps_exec_builtin(ps_warp *w, const ps_dinsn *d);
void ps_exec_clock(ps_warp *w, const ps_dinsn *d); /* mov from %clock, %clock64, %globaltimer… (d->sreg) */
/* The CTA's printf output joins the launch's (at the CTA's end); the launch's, in CTA order,
 * goes to res (ps_launch). */
void ps_output_cta_end(ps_cta *c);

/* Device internals used by the loader. */
typedef struct {
    uint64_t base, size;
    uint8_t *host;
    char *name;
    void *map; /* large allocations: the mapping holding host (NULL: host is malloc'd) */
    size_t map_len;
    bool external; /* registered host memory: the caller owns it */
} ps_alloc;
/* The allocation holding addr, copied into *out (name NULL); false if none. Thread-safe: another
 * host thread may allocate or free at the same time. */
bool ps_device_find(ps_device *dev, uint64_t addr, ps_alloc *out);
/* The %gridid of the next launch on dev: 2, 4, 6, ... as an H200's driver numbers the launches of a
 * context (lab/sregs/h200). Thread-safe. */
uint64_t ps_device_next_gridid(ps_device *dev);
/* The grid workspace {wsSize, barrier, ...} whose address a cooperative launch passes in
 * %envreg1:%envreg2 (docs/engine.md "Cooperative launches"): made by the device's first cooperative
 * launch (create), then kept, as an H200's driver keeps it for every later launch of the context
 * (lab/coop_ws); 0 when there is none yet, or no device memory is left for it. Thread-safe. */
uint64_t ps_device_grid_workspace(ps_device *dev, bool create);
/* The allocation nearest to addr, copied into *out with its name copied into name[name_len]
 * (out->name points there); false if there is none. Thread-safe. */
bool ps_device_nearest(ps_device *dev, uint64_t addr, ps_alloc *out, char *name, size_t name_len);

#endif
