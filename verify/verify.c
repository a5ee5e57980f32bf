/* verify.c — the verifier core: fans the engine's events out to the enabled checkers, collects
 * and deduplicates findings, and turns a launch's fault into a finding (DESIGN §4). */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "verify_internal.h"

/* Checkers in a fixed order; v->state[i] belongs to checkers[i]. */
static const ps_checker *const checkers[] = {&ps_checker_bank,    &ps_checker_coalesce, &ps_checker_divergence,
                                             &ps_checker_race,    &ps_checker_barrier,  &ps_checker_init,
                                             &ps_checker_reginit, &ps_checker_profile};
enum { NCHECKERS = (int)PS_ARRAY_LEN(checkers) };
_Static_assert(NCHECKERS <= (int)PS_ARRAY_LEN(((ps_verifier *)0)->state), "state[] too small");

/* Distinct findings kept; further ones are only counted (ps_verifier_dropped_findings). */
enum { MAX_DISTINCT_FINDINGS = 10000 };

static const char *const kind_names[] = {
#define X(id, name) name,
    PS_FINDING_KINDS(X)
#undef X
};

const char *ps_finding_kind_name(ps_finding_kind k) { return (unsigned)k < PS_FIND_COUNT ? kind_names[k] : "?"; }

int ps_finding_kind_lookup(const char *name) {
    for (int k = 0; k < PS_FIND_COUNT; k++)
        if (!strcmp(kind_names[k], name)) return k;
    return -1;
}

const char *ps_severity_name(ps_severity s) {
    switch (s) {
    case PS_SEV_NOTE: return "note";
    case PS_SEV_WARNING: return "warning";
    case PS_SEV_ERROR: return "error";
    }
    return "?";
}

static bool enabled(const ps_verifier *v, int i) { return checkers[i]->check && (v->checks & checkers[i]->check); }

/* ---- event fan-out ----------------------------------------------------------------------- */

/* The memo (ps_mem_memo): per worker a direct-mapped table keyed by (instruction, warp). The
 * instructions that reach it are numbered in the order they first do (ord, per worker), so that
 * the memory instructions of a kernel, over a block's warps, take consecutive slots. */
enum { MEMO_SLOTS = 2048 };

struct memo_table {
    uint32_t nord;
    uint32_t *ord; /* per instruction index: its number + 1; 0 = none yet */
    ps_mem_memo e[MEMO_SLOTS];
};

static void memo_free(ps_verifier *v) {
    for (int i = 0; i < v->nmemo; i++) {
        if (!v->memo[i]) continue;
        free(v->memo[i]->ord);
        free(v->memo[i]);
    }
    free(v->memo);
    v->memo = NULL;
    v->nmemo = 0;
}

static void sass_for_launch(ps_verifier *v, const char *kernel);

static void on_launch_begin(void *ctx, int nworkers, const char *kernel) {
    ps_verifier *v = ctx;
    sass_for_launch(v, kernel);
    v->nworkers = nworkers;
    memo_free(v);
    v->nmemo = nworkers > 0 ? nworkers : 1;
    v->memo = ps_xcalloc((size_t)v->nmemo, sizeof *v->memo);
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->launch_begin) checkers[i]->launch_begin(v->state[i], nworkers);
}

static void on_cta_begin(void *ctx, int worker, const unsigned ctaid[3]) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->cta_begin) checkers[i]->cta_begin(v->state[i], worker, ctaid);
}

static void on_shared_reserved(void *ctx, int worker, uint64_t bytes) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->shared_reserved) checkers[i]->shared_reserved(v->state[i], worker, bytes);
}

static void on_heap_alloc(void *ctx, int worker, uint64_t addr, uint64_t size) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->heap_alloc) checkers[i]->heap_alloc(v->state[i], worker, addr, size);
}

static void on_cta_end(void *ctx, int worker, const unsigned ctaid[3]) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->cta_end) checkers[i]->cta_end(v->state[i], worker, ctaid);
}

/* Bit l set when d[l] == d[l-1], for d = dd + 1 (dd[0] differs from dd[1], so bit 0 is clear). */
static inline uint32_t same_prev_32(const uint32_t dd[33]) {
    uint32_t same = 0;
#ifdef __SSE2__
    for (int i = 0; i < 8; i++) {
        __m128i a = _mm_loadu_si128((const __m128i *)(dd + 1 + 4 * i));
        __m128i b = _mm_loadu_si128((const __m128i *)(dd + 4 * i));
        same |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b))) << (4 * i);
    }
#else
    for (int l = 0; l < 32; l++) same |= (uint32_t)(dd[l + 1] == dd[l]) << l;
#endif
    return same;
}

/* The whole-warp pass of mem_shape, vectorised (AVX2 where the host has it). `one_space`: the
 * engine says every lane is in `space` (PS_MEM_ONE_SPACE), so the lanes' spaces are not compared.
 * Addresses are compared as 32-bit distances from lane 0's (vector min/max and equality) when
 * every lane is within 2 GiB of it, otherwise in 64 bits. */
PS_CLONES PS_VECTORIZE static bool warp_shape(const ps_mem_event *e, uint64_t a0, uint64_t size, int space,
                                              bool one_space, ps_mem_shape *sh) {
    uint64_t any = 0, off = 0, far = 0;
    uint32_t dd[33], *d = dd + 1; /* dd[0]: a value unlike d[0], for same_prev_32 */
    if (!one_space) {
        unsigned diff = 0;
        for (int l = 0; l < 32; l++) diff |= (unsigned)(e->space[l] ^ space);
        if (diff) return false;
    }
    if (one_space && space == PS_SPACE_SHARED && size && !(size & (size - 1))) {
        /* shared offsets the engine checked against the block's shared size: all below 2^31, so
         * 32-bit distances are exact (eight lanes per AVX2 operation) */
        unsigned sh2 = (unsigned)__builtin_ctzll(size);
        uint32_t b0 = (uint32_t)a0, any32 = 0, off32 = 0;
        for (int l = 0; l < 32; l++) {
            uint32_t a = (uint32_t)e->addr[l];
            any32 |= a;
            d[l] = a - b0;
            off32 |= d[l] ^ ((uint32_t)l << sh2);
        }
        any = any32;
        off = off32;
    } else if (size && !(size & (size - 1))) { /* sizes are powers of two: a shift, not a multiply */
        unsigned sh2 = (unsigned)__builtin_ctzll(size);
        for (int l = 0; l < 32; l++) {
            uint64_t a = e->addr[l], dl = a - a0;
            any |= a;
            off |= dl ^ ((uint64_t)l << sh2);
            far |= (dl + 0x80000000u) >> 32;
            d[l] = (uint32_t)dl;
        }
    } else {
        for (int l = 0; l < 32; l++) {
            uint64_t a = e->addr[l], dl = a - a0;
            any |= a;
            off |= a ^ (a0 + (uint64_t)l * size);
            far |= (dl + 0x80000000u) >> 32;
            d[l] = (uint32_t)dl;
        }
    }
    if (!off) {
        *sh = (ps_mem_shape){
            .space = space, .dense = true, .aligned4 = size == 4 && !(a0 & 3), .lo = a0, .hi = a0 + 32 * size};
        return true;
    }
    uint64_t lo, hi;
    uint32_t same = 0;
    if (!far) {
        int32_t dlo = 0, dhi = 0;
        for (int l = 0; l < 32; l++) {
            int32_t d32 = (int32_t)d[l];
            dlo = d32 < dlo ? d32 : dlo;
            dhi = d32 > dhi ? d32 : dhi;
        }
        lo = a0 + (uint64_t)(int64_t)dlo;
        hi = a0 + (uint64_t)(int64_t)dhi;
        /* lane l repeats lane l-1 exactly when their 32-bit distances are equal (both within
         * 2 GiB of lane 0) */
        dd[0] = d[0] + 1;
        same = same_prev_32(dd);
    } else {
        lo = hi = a0;
        for (int l = 0; l < 32; l++) {
            uint64_t a = e->addr[l];
            lo = a < lo ? a : lo;
            hi = a > hi ? a : hi;
        }
        for (int l = 1; l < 32; l++) same |= (uint32_t)(e->addr[l] == e->addr[l - 1]) << l;
    }
    *sh = (ps_mem_shape){
        .space = space, .aligned4 = size == 4 && !(any & 3), .lo = lo, .hi = hi + size, .same_prev = same};
    return true;
}

static void mem_shape(const ps_mem_event *e, ps_mem_shape *sh) {
    *sh = (ps_mem_shape){.space = -1};
    uint32_t m = e->mask;
    if (!m) return;
    int l0 = __builtin_ctz(m), n = ps_verify_popc(m);
    uint64_t a0 = e->addr[l0], size = e->size;
    int space = e->space[l0];
    if (e->hint & PS_MEM_CONTIGUOUS) { /* the engine checked: lane l at a0 + l * size */
        *sh = (ps_mem_shape){
            .space = space, .dense = true, .aligned4 = size == 4 && !(a0 & 3), .lo = a0, .hi = a0 + 32 * size};
        return;
    }
    if (m == 0xffffffffu) { /* a whole warp: one branch-free pass */
        warp_shape(e, a0, size, space, (e->hint & PS_MEM_ONE_SPACE) != 0, sh);
        return;
    }
    if (((m >> l0) & ((m >> l0) + 1)) == 0) { /* lanes l0..l0+n-1 */
        for (int k = 1; k < n; k++)
            if (e->space[l0 + k] != space) return;
        bool dense = true;
        for (int k = 1; k < n && dense; k++) dense = e->addr[l0 + k] == a0 + (uint64_t)k * size;
        if (dense) {
            *sh = (ps_mem_shape){.space = space,
                                 .dense = true,
                                 .aligned4 = size == 4 && !(a0 & 3),
                                 .lo = a0,
                                 .hi = a0 + (uint64_t)n * size};
            return;
        }
    }
    uint64_t lo = a0, hi = a0, any = 0;
    for (uint32_t x = m; x; x &= x - 1) {
        int l = __builtin_ctz(x);
        uint64_t a = e->addr[l];
        if (e->space[l] != space) return;
        lo = a < lo ? a : lo;
        hi = a > hi ? a : hi;
        any |= a;
    }
    *sh = (ps_mem_shape){.space = space, .aligned4 = size == 4 && !(any & 3), .lo = lo, .hi = hi + size};
}

static void on_mem(void *ctx, const ps_mem_event *e);

/* An event with lanes in other CTAs' shared memory (DSMEM): those lanes go to the checkers that
 * follow them (dsmem), the others through on_mem as usual. */
static void on_mem_remote(ps_verifier *v, const ps_mem_event *e) {
    ps_mem_event part = *e;
    part.hint = 0; /* the engine's facts were about the whole mask */
    part.mask = e->mask & e->remote;
    ps_mem_shape sh;
    mem_shape(&part, &sh);
    sh.insn = ps_verify_insn_index(v, e->at.insn);
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->dsmem) checkers[i]->dsmem(v->state[i], &part, &sh);
    part.mask = e->mask & ~e->remote;
    part.remote = 0;
    if (part.mask) on_mem(v, &part);
}

static void on_cluster_begin(void *ctx, const int *workers, int n) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->cluster_begin) checkers[i]->cluster_begin(v->state[i], workers, n);
}

static void on_cluster_barrier(void *ctx, const int *workers, int n) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->cluster_barrier) checkers[i]->cluster_barrier(v->state[i], workers, n);
}

/* A tiled kernel's warp reads the same shared addresses at an instruction in every tile and every block,
 * so the shape and the bank model's cost of such an event are found again with one comparison of
 * its lanes instead of being worked out anew (docs/performance.md, "The cost of check"). */
/* Are the 32 addresses the same? (A branch-free pass: cheaper than a call to memcmp.) */
PS_CLONES PS_VECTORIZE static bool same_addrs(const uint64_t *a, const uint64_t *b) {
    uint64_t diff = 0;
    for (int l = 0; l < 32; l++) diff |= a[l] ^ b[l];
    return !diff;
}

static ps_mem_memo *memo_slot(ps_verifier *v, const ps_mem_event *e, int idx) {
    int w = e->at.worker;
    if (w < 0 || w >= v->nmemo || idx < 0 || idx >= v->ninsns || e->at.warp < 0) return NULL;
    struct memo_table *t = v->memo[w];
    if (!t) {
        t = v->memo[w] = ps_xcalloc(1, sizeof *t);
        t->ord = ps_xcalloc((size_t)v->ninsns, sizeof *t->ord);
    }
    if (!t->ord[idx]) t->ord[idx] = ++t->nord;
    /* consecutive keys for the block's warps at one instruction: the memory instructions of a
     * kernel, over the block's warps, take distinct slots while they fit */
    unsigned threads = e->at.block[0] * (e->at.block[1] ? e->at.block[1] : 1) * (e->at.block[2] ? e->at.block[2] : 1);
    uint32_t key = (t->ord[idx] - 1) * ((threads + 31) / 32) + (uint32_t)e->at.warp;
    return &t->e[key % MEMO_SLOTS];
}

/* The event's shape, from the memo when this warp's previous event at the instruction had the
 * same facts (sh->repeat), else worked out and remembered. */
static void memo_shape(ps_verifier *v, const ps_mem_event *e, int idx, ps_mem_shape *sh) {
    ps_mem_memo *m = memo_slot(v, e, idx);
    if (!m) {
        mem_shape(e, sh);
        sh->insn = idx;
        return;
    }
    /* with PS_MEM_ONE_SPACE only lane 0's space is the event's (every lane is in it) */
    size_t nspace = (e->hint & PS_MEM_ONE_SPACE) ? 1 : sizeof m->space;
    if (m->insn == idx + 1 && m->warp == e->at.warp && m->mask == e->mask && m->size == e->size && m->hint == e->hint &&
        m->kind == (uint8_t)e->kind &&
        (nspace == 1 ? m->space[0] == e->space[0] : !memcmp(m->space, e->space, nspace))) {
        if (same_addrs(e->addr, m->addr)) {
            *sh = m->sh;
            sh->memo = m;
            sh->repeat = true;
            return;
        }
    }
    mem_shape(e, sh);
    sh->insn = idx;
    m->insn = idx + 1;
    m->warp = e->at.warp;
    m->mask = e->mask;
    m->size = e->size;
    m->hint = e->hint;
    m->kind = (uint8_t)e->kind;
    memcpy(m->addr, e->addr, sizeof m->addr);
    memcpy(m->space, e->space, nspace);
    m->bank_ok = false;
    m->sh = *sh;
    sh->memo = m;
}

static void on_mem(void *ctx, const ps_mem_event *e) {
    ps_verifier *v = ctx;
    if (__builtin_expect(e->remote & e->mask, 0)) {
        on_mem_remote(v, e);
        return;
    }
    ps_mem_shape sh;
    int idx = ps_verify_insn_index(v, e->at.insn);
    if (e->mask == 0xffffffffu && !(e->hint & (PS_MEM_CONTIGUOUS | PS_MEM_ASYNC_PROXY)) &&
        e->space[0] == PS_SPACE_SHARED) {
        /* the whole-warp lane pass and the bank model: worth remembering for shared memory,
         * whose tiles are read again at the same addresses (global addresses seldom repeat, and
         * a miss costs the copy into the memo) */
        memo_shape(v, e, idx, &sh);
    } else {
        mem_shape(e, &sh);
        sh.insn = idx;
    }
    if (__builtin_expect(e->hint & PS_MEM_ASYNC_PROXY, 0)) {
        /* wgmma operand rows: lanes stand for the warp, so only the checkers that follow bytes
         * (race, init) see them, not those that follow one warp access's lanes (bank, coalesce) */
        for (int i = 0; i < NCHECKERS; i++)
            if (enabled(v, i) && checkers[i]->mem &&
                (checkers[i] == &ps_checker_race || checkers[i] == &ps_checker_init))
                checkers[i]->mem(v->state[i], e, &sh);
        return;
    }
    for (int i = 0; i < v->nmem; i++) v->mem_fn[i](v->mem_state[i], e, &sh);
}

static void on_branch(void *ctx, const ps_event_where *at, uint32_t active, uint32_t taken) {
    ps_verifier *v = ctx;
    for (int i = 0; i < v->nbranch; i++) v->branch_fn[i](v->branch_state[i], at, active, taken);
}

static void on_barrier(void *ctx, const ps_event_where *at, int id, uint32_t lanes, bool release) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->barrier) checkers[i]->barrier(v->state[i], at, id, lanes, release);
}

static void on_warp_sync(void *ctx, const ps_event_where *at, uint32_t lanes) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->warp_sync) checkers[i]->warp_sync(v->state[i], at, lanes);
}

static void on_async_copy(void *ctx, const ps_event_where *at, int lane, uint64_t addr, unsigned size, bool complete) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->async_copy)
            checkers[i]->async_copy(v->state[i], at, lane, addr, size, complete);
}

static void on_mbarrier(void *ctx, const ps_event_where *at, int lane, uint64_t addr, unsigned flags) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->mbarrier) checkers[i]->mbarrier(v->state[i], at, lane, addr, flags);
}

static bool on_watch_insn(void *ctx, const ps_insn *in) {
    ps_verifier *v = ctx;
    bool any = false;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->watch_insn && checkers[i]->watch_insn(v->state[i], in)) any = true;
    return any;
}

static void on_insn(void *ctx, const ps_insn_event *e) {
    ps_verifier *v = ctx;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->insn) checkers[i]->insn(v->state[i], e);
}

/* ---- warp-uniform addresses ---------------------------------------------------------------- */

static bool sreg_uniform(ps_sreg r) {
    switch (r) {
    case PS_SREG_TID:
    case PS_SREG_LANEID:
    case PS_SREG_LANEMASK_EQ:
    case PS_SREG_LANEMASK_LE:
    case PS_SREG_LANEMASK_LT:
    case PS_SREG_LANEMASK_GE:
    case PS_SREG_LANEMASK_GT:
    case PS_SREG_CLOCK:
    case PS_SREG_CLOCK_HI:
    case PS_SREG_CLOCK64:
    case PS_SREG_GLOBALTIMER:
    case PS_SREG_GLOBALTIMER_LO:
    case PS_SREG_GLOBALTIMER_HI:
    case PS_SREG_PM: return false;
    default: return true;
    }
}

/* Does the instruction write operand 0 (and its "d|p" partner)? */
static bool writes_first(const ps_insn *in) {
    unsigned p = in->info ? in->info->props : 0;
    if (p & (P_STORE | P_BRANCH | P_CALL | P_RET | P_EXIT | P_BARRIER)) return false;
    if (in->form == PS_F_RED || !in->nops) return false;
    return in->ops[0].kind == PS_OP_REG || in->ops[0].kind == PS_OP_VEC;
}

static const ps_operand *address_operand(const ps_insn *in) {
    for (int i = 0; i < in->nops; i++)
        if (in->ops[i].kind == PS_OP_ADDR) return &in->ops[i];
    return NULL;
}

/* Marks registers whose value may differ between the lanes of a warp; returns whether any mark
 * was added. `multi` counts definitions per register; `divergent` says whether a branch of the
 * function may split a warp. */
static bool mark_pass(const ps_func *f, bool *nonuni, const int *multi, bool divergent, bool is_entry) {
    bool changed = false;
    for (int i = 0; i < f->ninsns; i++) {
        const ps_insn *in = &f->insns[i];
        if (!writes_first(in)) continue;
        unsigned props = in->info ? in->info->props : 0;
        bool nu = in->guard_reg >= 0 && nonuni[in->guard_reg];
        if (props & (P_ATOMIC | P_WARPSYNC | P_NOEXEC)) nu = true;
        if (props & P_LOAD) {
            const ps_operand *a = address_operand(in);
            ps_mod space = ps_insn_group(in, PS_MG_SPACE); /* one at most (ld, ldu; tex and suld name none) */
            bool local = space == PS_MOD_LOCAL, fparam = !is_entry && space == PS_MOD_PARAM;
            if (local || fparam || !a || (a->reg >= 0 && nonuni[a->reg])) nu = true;
        } else {
            for (int k = 1; k < in->nops && !nu; k++) {
                const ps_operand *o = &in->ops[k];
                if (o->kind == PS_OP_REG && o->reg >= 0 && nonuni[o->reg]) nu = true;
                if (o->kind == PS_OP_ADDR && o->reg >= 0 && nonuni[o->reg]) nu = true;
                if (o->kind == PS_OP_SREG && !sreg_uniform(o->sreg)) nu = true;
                if (o->kind == PS_OP_VEC)
                    for (int j = 0; j < o->nitems; j++)
                        if (o->items[j].kind == PS_OP_REG && o->items[j].reg >= 0 && nonuni[o->items[j].reg]) nu = true;
            }
        }
        int dests[40], nd = 0;
        const ps_operand *d = &in->ops[0];
        if (d->kind == PS_OP_REG) dests[nd++] = d->reg;
        else
            for (int j = 0; j < d->nitems && nd < 32; j++)
                if (d->items[j].kind == PS_OP_REG) dests[nd++] = d->items[j].reg;
        if (d->pair_reg >= 0) dests[nd++] = d->pair_reg;
        for (int j = 0; j < nd; j++) {
            int r = dests[j];
            if (r < 0 || r >= f->nregs || nonuni[r]) continue;
            if (nu || (divergent && multi[r] > 1)) {
                nonuni[r] = true;
                changed = true;
            }
        }
    }
    return changed;
}

static void count_reads(const ps_operand *o, int *reads, int nregs) {
    if ((o->kind == PS_OP_REG || o->kind == PS_OP_ADDR) && o->reg >= 0 && o->reg < nregs) reads[o->reg]++;
    if (o->kind == PS_OP_VEC)
        for (int j = 0; j < o->nitems; j++) count_reads(&o->items[j], reads, nregs);
}

static void analyse_insns(ps_verifier *v) {
    const ps_module *m = v->module;
    v->insn_flags = ps_xcalloc((size_t)(v->ninsns ? v->ninsns : 1), sizeof *v->insn_flags);
    for (int fi = 0, base = 0; fi < m->nfuncs; fi++) {
        const ps_func *f = m->funcs[fi];
        if (!f->ninsns) continue;
        bool *nonuni = ps_xcalloc((size_t)f->nregs + 1, sizeof *nonuni);
        int *multi = ps_xcalloc((size_t)f->nregs + 1, sizeof *multi);
        for (int i = 0; i < f->ninsns; i++) {
            const ps_insn *in = &f->insns[i];
            if (!writes_first(in)) continue;
            const ps_operand *d = &in->ops[0];
            if (d->kind == PS_OP_REG && d->reg >= 0 && d->reg < f->nregs) multi[d->reg]++;
            if (d->kind == PS_OP_VEC)
                for (int j = 0; j < d->nitems; j++)
                    if (d->items[j].kind == PS_OP_REG && d->items[j].reg >= 0 && d->items[j].reg < f->nregs)
                        multi[d->items[j].reg]++;
            if (d->pair_reg >= 0 && d->pair_reg < f->nregs) multi[d->pair_reg]++;
        }
        bool divergent = false;
        for (;;) {
            bool changed = mark_pass(f, nonuni, multi, divergent, f->is_entry);
            for (int i = 0; i < f->ninsns && !divergent; i++) {
                const ps_insn *in = &f->insns[i];
                if (in->info && (in->info->props & P_BRANCH) && in->guard_reg >= 0 && nonuni[in->guard_reg])
                    divergent = changed = true;
                if (in->form == PS_F_BRX_IDX) divergent = changed = true;
            }
            if (!changed) break;
        }
        /* registers read anywhere, and registers whose one definition is "mov r, 1" */
        int *reads = ps_xcalloc((size_t)f->nregs + 1, sizeof *reads);
        bool *one = ps_xcalloc((size_t)f->nregs + 1, sizeof *one);
        for (int i = 0; i < f->ninsns; i++) {
            const ps_insn *in = &f->insns[i];
            bool w = writes_first(in);
            for (int k = w ? 1 : 0; k < in->nops; k++) count_reads(&in->ops[k], reads, f->nregs);
            if (w && in->ops[0].kind == PS_OP_ADDR) count_reads(&in->ops[0], reads, f->nregs);
            if (in->guard_reg >= 0 && in->guard_reg < f->nregs) reads[in->guard_reg]++;
            if (in->form == PS_F_MOV && in->nops == 2 && in->ops[0].kind == PS_OP_REG && in->ops[1].kind == PS_OP_IMM &&
                in->ops[1].imm == 1 && in->ops[0].reg >= 0 && in->ops[0].reg < f->nregs && multi[in->ops[0].reg] == 1 &&
                in->guard_reg < 0)
                one[in->ops[0].reg] = true;
        }
        for (int i = 0; i < f->ninsns; i++) {
            const ps_insn *in = &f->insns[i];
            unsigned props = in->info ? in->info->props : 0;
            if (!(props & (P_LOAD | P_STORE | P_ATOMIC))) continue;
            uint8_t fl = 0;
            const ps_operand *a = address_operand(in);
            if (a && (a->reg < 0 || !nonuni[a->reg])) fl |= PS_IF_UNIFORM_ADDR;
            if (!writes_first(in) || (in->ops[0].kind == PS_OP_REG && in->ops[0].reg >= 0 && !reads[in->ops[0].reg]))
                fl |= PS_IF_RESULT_UNUSED;
            const ps_operand *last = in->nops ? &in->ops[in->nops - 1] : NULL;
            if (last &&
                ((last->kind == PS_OP_IMM && last->imm == 1) ||
                 (last->kind == PS_OP_REG && last->reg >= 0 && one[last->reg])))
                fl |= PS_IF_VALUE_ONE;
            v->insn_flags[base + i] = fl;
        }
        free(reads);
        free(one);
        free(nonuni);
        free(multi);
        base += f->ninsns;
    }
}

/* ---- counters as the SASS executes them ---------------------------------------------------- */

typedef struct {
    const ps_var *const *vars;
    const uint64_t *offsets;
    int n;
} shared_layout;

static uint64_t layout_offset(void *ctx, const ps_var *var) {
    const shared_layout *l = ctx;
    for (int i = 0; i < l->n; i++)
        if (l->vars[i] == var) return l->offsets[i];
    return UINT64_MAX;
}

/* The launch's shared-memory layout decides which accesses ptxas merges (sim/sass_merge.c; the
 * global ones it merges or forwards too). It comes before launch_begin, which names the kernel:
 * kept until then, so that only the functions the kernel reaches are analysed (a module of many
 * kernels paid for all of them on every launch). */
static void on_shared_layout(void *ctx, const ps_var *const *vars, const uint64_t *offsets, int n) {
    ps_verifier *v = ctx;
    free(v->sass);
    v->sass = NULL;
    v->lay_set = false;
    if (!(v->checks & (PS_CHECK_BANK | PS_CHECK_COALESCE)) || (v->checks & PS_CHECK_PTX_COUNTERS)) return;
    free(v->lay_vars);
    free(v->lay_offsets);
    v->lay_vars = ps_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *v->lay_vars);
    v->lay_offsets = ps_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *v->lay_offsets);
    if (n > 0) {
        memcpy(v->lay_vars, vars, (size_t)n * sizeof *vars);
        memcpy(v->lay_offsets, offsets, (size_t)n * sizeof *offsets);
    }
    v->lay_n = n;
    v->lay_set = true;
}

/* Marks the functions of v's module that function fi reaches through calls (an indirect call
 * reaches every function). */
static void reach_funcs(const ps_module *m, int fi, char *seen) {
    if (seen[fi]) return;
    seen[fi] = 1;
    const ps_func *f = m->funcs[fi];
    for (int i = 0; i < f->ninsns; i++) {
        const ps_insn *in = &f->insns[i];
        if (in->form != PS_F_CALL) continue;
        int k = in->nops && in->ops[0].kind == PS_OP_LIST ? 1 : 0;
        if (k >= in->nops) continue;
        if (in->ops[k].kind == PS_OP_FUNC) {
            for (int j = 0; j < m->nfuncs; j++)
                if (m->funcs[j] == in->ops[k].func) reach_funcs(m, j, seen);
        } else {
            for (int j = 0; j < m->nfuncs; j++) reach_funcs(m, j, seen);
        }
    }
}

/* The SASS merge of the functions the launched kernel reaches (every function when the kernel
 * is not found by name); the others' instructions never execute in this launch and read as not
 * merged. */
static void sass_for_launch(ps_verifier *v, const char *kernel) {
    if (!v->lay_set) return;
    v->lay_set = false;
    const ps_module *m = v->module;
    v->sass = ps_xmalloc((size_t)(v->ninsns ? v->ninsns : 1) * sizeof *v->sass);
    char *seen = ps_xcalloc((size_t)m->nfuncs + 1, 1);
    int ki = -1;
    for (int fi = 0; kernel && fi < m->nfuncs && ki < 0; fi++)
        if (m->funcs[fi]->is_entry && m->funcs[fi]->name && !strcmp(m->funcs[fi]->name, kernel)) ki = fi;
    if (ki >= 0) reach_funcs(m, ki, seen);
    else memset(seen, 1, (size_t)m->nfuncs);
    shared_layout l = {v->lay_vars, v->lay_offsets, v->lay_n};
    for (int fi = 0, base = 0; fi < m->nfuncs; fi++) {
        const ps_func *f = m->funcs[fi];
        if (!f->ninsns) continue;
        if (!seen[fi]) {
            for (int i = 0; i < f->ninsns; i++) v->sass[base + i] = (ps_sass_access){.lead = -1};
            base += f->ninsns;
            continue;
        }
        ps_sass_merge(f, layout_offset, &l, v->sass + base);
        for (int i = 0; i < f->ninsns; i++)
            if (v->sass[base + i].lead >= 0) v->sass[base + i].lead += base;
        base += f->ninsns;
    }
    free(seen);
}

const ps_sass_access *ps_verify_sass(const ps_verifier *v, int idx) {
    if (!v->sass || idx < 0 || idx >= v->ninsns || v->sass[idx].lead < 0) return NULL;
    return &v->sass[idx];
}

unsigned ps_verify_insn_flags(const ps_verifier *v, int idx) {
    return idx >= 0 && idx < v->ninsns ? v->insn_flags[idx] : 0;
}

/* ---- lifetime ---------------------------------------------------------------------------- */

ps_verifier *ps_verifier_create(const ps_module *m, const ps_arch *arch, unsigned checks) {
    ps_verifier *v = ps_xcalloc(1, sizeof *v);
    v->module = m;
    v->arch = arch ? arch : m->arch;
    v->checks = checks;
    pthread_mutex_init(&v->lock, NULL);
    v->franges = ps_xcalloc((size_t)(m->nfuncs ? m->nfuncs : 1), sizeof *v->franges);
    for (int i = 0; i < m->nfuncs; i++) {
        const ps_func *f = m->funcs[i];
        if (!f->ninsns) continue;
        v->franges[v->nfranges++] = (struct ps_func_range){f->insns, f->ninsns, v->ninsns};
        v->ninsns += f->ninsns;
    }
    analyse_insns(v);
    v->obs = (ps_observer){.ctx = v,
                           .launch_begin = on_launch_begin,
                           .cta_begin = on_cta_begin,
                           .cta_end = on_cta_end,
                           .shared_reserved = on_shared_reserved,
                           .shared_layout = on_shared_layout,
                           .heap_alloc = on_heap_alloc,
                           .mem = on_mem,
                           .branch = on_branch,
                           .barrier = on_barrier,
                           .warp_sync = on_warp_sync,
                           .async_copy = on_async_copy,
                           .mbarrier = on_mbarrier,
                           .cluster_begin = on_cluster_begin,
                           .cluster_barrier = on_cluster_barrier,
                           .watch_insn = on_watch_insn,
                           .insn = on_insn};
    pthread_mutex_init(&v->atomics_lock, NULL);
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i] == &ps_checker_race) v->obs.atomics_lock = &v->atomics_lock;
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->create) v->state[i] = checkers[i]->create(v);
    for (int i = 0; i < NCHECKERS; i++) /* the memory-event fan-out, without a test per checker */
        if (enabled(v, i) && checkers[i]->mem && (!checkers[i]->wants_mem || checkers[i]->wants_mem(v->state[i]))) {
            v->mem_fn[v->nmem] = checkers[i]->mem;
            v->mem_state[v->nmem++] = v->state[i];
        }
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->branch) {
            v->branch_fn[v->nbranch] = checkers[i]->branch;
            v->branch_state[v->nbranch++] = v->state[i];
        }
    return v;
}

void ps_verifier_destroy(ps_verifier *v) {
    if (!v) return;
    for (int i = 0; i < NCHECKERS; i++)
        if (v->state[i] && checkers[i]->destroy) checkers[i]->destroy(v->state[i]);
    pthread_mutex_destroy(&v->lock);
    pthread_mutex_destroy(&v->atomics_lock);
    free(v->findings);
    free(v->find_hash);
    free(v->lines);
    free(v->glines);
    free(v->blines);
    free(v->elines);
    free(v->uninit);
    free(v->franges);
    free(v->insn_flags);
    free(v->sass);
    free(v->lay_vars);
    free(v->lay_offsets);
    memo_free(v);
    free(v);
}

void ps_verifier_mark_uninitialized(ps_verifier *v, uint64_t addr, uint64_t bytes) {
    if (!bytes) return;
    if (v->nuninit == v->cap_uninit) {
        v->cap_uninit = v->cap_uninit ? 2 * v->cap_uninit : 8;
        v->uninit = ps_xrealloc(v->uninit, (size_t)v->cap_uninit * sizeof *v->uninit);
    }
    v->uninit[v->nuninit++] = (ps_uninit_range){addr, bytes};
}

const ps_observer *ps_verifier_observer(ps_verifier *v) { return &v->obs; }

/* ---- instruction numbering --------------------------------------------------------------- */

int ps_verify_insn_index(const ps_verifier *v, const ps_insn *in) {
    if (!in) return -1;
    for (int i = 0; i < v->nfranges; i++) {
        const struct ps_func_range *r = &v->franges[i];
        if (in >= r->begin && in < r->begin + r->count) return r->base + (int)(in - r->begin);
    }
    return -1;
}

const ps_insn *ps_verify_insn_at(const ps_verifier *v, int idx) {
    for (int i = 0; i < v->nfranges; i++) {
        const struct ps_func_range *r = &v->franges[i];
        if (idx >= r->base && idx < r->base + r->count) return r->begin + (idx - r->base);
    }
    return NULL;
}

const char *ps_verify_src_file(const ps_verifier *v, int idx) {
    const ps_module *m = v->module;
    if (idx <= 0 || !m->files || idx >= m->nfiles) return NULL;
    return m->files[idx];
}

/* ---- findings ---------------------------------------------------------------------------- */

static uint64_t finding_key(const ps_finding *f) {
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211ull)
    MIX(f->kind);
    MIX((uint32_t)f->at.ptx_line);
    MIX(f->has_other ? (uint32_t)f->other.ptx_line + 1 : 0);
    for (const char *c = f->message; *c; c++) MIX((unsigned char)*c);
#undef MIX
    return h;
}

static bool same_finding(const ps_finding *a, const ps_finding *b) {
    return a->kind == b->kind && a->at.ptx_line == b->at.ptx_line && a->has_other == b->has_other &&
        (!a->has_other || a->other.ptx_line == b->other.ptx_line) && !strcmp(a->message, b->message);
}

static void rehash(ps_verifier *v) {
    int cap = v->cap_hash ? 2 * v->cap_hash : 64;
    free(v->find_hash);
    v->find_hash = ps_xcalloc((size_t)cap, sizeof *v->find_hash);
    v->cap_hash = cap;
    for (int i = 0; i < v->nfindings; i++) {
        uint64_t h = finding_key(&v->findings[i]);
        int s = (int)(h & (uint64_t)(cap - 1));
        while (v->find_hash[s]) s = (s + 1) & (cap - 1);
        v->find_hash[s] = i + 1;
    }
}

int ps_verify_add_finding_idx(ps_verifier *v, const ps_finding *f) {
    uint64_t count = f->count ? f->count : 1;
    pthread_mutex_lock(&v->lock);
    if (2 * (v->nfindings + 1) > v->cap_hash) rehash(v);
    uint64_t h = finding_key(f);
    int s = (int)(h & (uint64_t)(v->cap_hash - 1));
    for (; v->find_hash[s]; s = (s + 1) & (v->cap_hash - 1)) {
        ps_finding *g = &v->findings[v->find_hash[s] - 1];
        if (same_finding(g, f)) {
            g->count += count;
            pthread_mutex_unlock(&v->lock);
            return v->find_hash[s] - 1;
        }
    }
    if (v->nfindings >= MAX_DISTINCT_FINDINGS) {
        v->dropped += count;
        pthread_mutex_unlock(&v->lock);
        return -1;
    }
    if (v->nfindings == v->cap_findings) {
        v->cap_findings = v->cap_findings ? 2 * v->cap_findings : 16;
        v->findings = ps_xrealloc(v->findings, (size_t)v->cap_findings * sizeof *v->findings);
    }
    ps_finding *g = &v->findings[v->nfindings++];
    *g = *f;
    g->message[sizeof g->message - 1] = 0;
    g->count = count;
    v->find_hash[s] = v->nfindings;
    pthread_mutex_unlock(&v->lock);
    return v->nfindings - 1;
}

void ps_verify_add_finding(ps_verifier *v, const ps_finding *f) { (void)ps_verify_add_finding_idx(v, f); }

void ps_verify_add_count(ps_verifier *v, int idx, uint64_t count) {
    pthread_mutex_lock(&v->lock);
    v->findings[idx].count += count;
    pthread_mutex_unlock(&v->lock);
}

void ps_site_from_event(ps_site *s, const ps_event_where *at, int lane) {
    memset(s, 0, sizeof *s);
    if (at->insn) {
        s->ptx_line = at->insn->line;
        s->src_file = at->insn->loc_file;
        s->src_line = at->insn->loc_line;
    }
    memcpy(s->block, at->ctaid, sizeof s->block);
    unsigned bx = at->block[0] ? at->block[0] : 1, by = at->block[1] ? at->block[1] : 1;
    unsigned linear = (unsigned)at->warp * 32u + (unsigned)(lane < 0 ? 0 : lane);
    s->thread[0] = linear % bx;
    s->thread[1] = (linear / bx) % by;
    s->thread[2] = linear / (bx * by);
}

void ps_site_from_row(ps_site *s, const ps_insn *in, const unsigned ctaid[3], const unsigned block[3], int warp,
                      int lane) {
    ps_event_where at = {.warp = warp, .insn = in};
    memcpy(at.ctaid, ctaid, sizeof at.ctaid);
    memcpy(at.block, block, sizeof at.block);
    ps_site_from_event(s, &at, lane);
}

/* The .loc line of the first instruction on PTX line `line` of function `fn` (any when NULL). */
static void src_of_line(const ps_verifier *v, const char *fn, int line, ps_site *s) {
    const ps_module *m = v->module;
    for (int i = 0; i < m->nfuncs; i++) {
        const ps_func *f = m->funcs[i];
        if (fn && f->name && strcmp(fn, f->name)) continue;
        for (int j = 0; j < f->ninsns; j++)
            if (f->insns[j].line == line) {
                s->src_file = f->insns[j].loc_file;
                s->src_line = f->insns[j].loc_line;
                return;
            }
    }
}

static int fault_finding_kind(ps_fault_kind k) {
    switch (k) {
    case PS_FAULT_OUT_OF_BOUNDS: return PS_FIND_OUT_OF_BOUNDS;
    case PS_FAULT_MISALIGNED: return PS_FIND_MISALIGNED;
    case PS_FAULT_TRAP: return PS_FIND_TRAP;
    case PS_FAULT_WATCHDOG: return PS_FIND_WATCHDOG;
    case PS_FAULT_DEADLOCK: return PS_FIND_DEADLOCK;
    case PS_FAULT_INVALID_WARP_SYNC: return PS_FIND_INVALID_WARP_SYNC;
    case PS_FAULT_STACK_OVERFLOW: return PS_FIND_STACK_OVERFLOW;
    case PS_FAULT_UNSUPPORTED: return PS_FIND_UNSUPPORTED;
    default: return -1; /* NONE; BAD_LAUNCH is a usage error, not a finding */
    }
}

static int cmp_findings(const void *a, const void *b) {
    const ps_finding *x = a, *y = b;
    if (x->severity != y->severity) return x->severity > y->severity ? -1 : 1;
    if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
    if (x->at.ptx_line != y->at.ptx_line) return x->at.ptx_line < y->at.ptx_line ? -1 : 1;
    return strcmp(x->message, y->message);
}

void ps_verifier_finish(ps_verifier *v, const ps_launch_result *res) {
    if (res) {
        v->stats.branches = res->stats.branches;
        v->stats.divergent_branches = res->stats.divergent_branches;
    }
    for (int i = 0; i < NCHECKERS; i++)
        if (enabled(v, i) && checkers[i]->finish) checkers[i]->finish(v->state[i], res);
    int k = res ? fault_finding_kind(res->fault.kind) : -1;
    if (k >= 0) {
        const ps_fault *fl = &res->fault;
        ps_finding f = {.kind = (ps_finding_kind)k, .severity = PS_SEV_ERROR, .count = 1};
        snprintf(f.message, sizeof f.message, "%.*s", (int)sizeof f.message - 1, fl->message);
        f.at.ptx_line = fl->ptx_line;
        f.lanes = fl->lanes;
        memcpy(f.at.block, fl->block, sizeof f.at.block);
        memcpy(f.at.thread, fl->thread, sizeof f.at.thread);
        if (fl->ptx_line) src_of_line(v, fl->function, fl->ptx_line, &f.at);
        /* the address, when the engine's message carries one ("... at 0x1234") */
        const char *hex = strstr(fl->message, " at 0x");
        if (hex) {
            f.at.address = strtoull(hex + 4, NULL, 16);
            f.at.has_address = true;
        }
        ps_verify_add_finding(v, &f);
    }
    if (v->nfindings > 1) qsort(v->findings, (size_t)v->nfindings, sizeof *v->findings, cmp_findings);
    rehash(v); /* indices moved */
}

/* ---- queries ----------------------------------------------------------------------------- */

const ps_verify_stats *ps_verifier_stats(const ps_verifier *v) { return &v->stats; }
int ps_verifier_finding_count(const ps_verifier *v) { return v->nfindings; }
const ps_finding *ps_verifier_finding(const ps_verifier *v, int i) {
    return i >= 0 && i < v->nfindings ? &v->findings[i] : NULL;
}
int ps_verifier_line_stats(const ps_verifier *v, const ps_line_bank_stats **rows) {
    *rows = v->lines;
    return v->nlines;
}
int ps_verifier_global_lines(const ps_verifier *v, const ps_line_global_stats **rows) {
    *rows = v->glines;
    return v->nglines;
}
int ps_verifier_branch_lines(const ps_verifier *v, const ps_line_branch_stats **rows) {
    *rows = v->blines;
    return v->nblines;
}
int ps_verifier_exec_lines(const ps_verifier *v, const ps_line_exec_stats **rows) {
    *rows = v->elines;
    return v->nelines;
}
uint64_t ps_verifier_dropped_findings(const ps_verifier *v) { return v->dropped; }

bool ps_verifier_has_errors(const ps_verifier *v) {
    for (int i = 0; i < v->nfindings; i++)
        if (v->findings[i].severity == PS_SEV_ERROR) return true;
    return false;
}

void ps_rows_init(ps_row_table *t, int nrows, size_t row_size) {
    *t = (ps_row_table){.nrows = nrows, .row_size = row_size};
}

/* A worker's rows of this many bytes or more are fresh zero pages from the system, so that only
 * the pages of the instructions a launch executes are ever cleared (a module of many kernels has
 * rows for all of them; calloc cleared them all on every launch). */
#define ROWS_MMAP_BYTES (64u << 10)

void ps_rows_free(ps_row_table *t) {
    size_t bytes = (size_t)t->nrows * t->row_size;
    for (int w = 0; w < t->nworkers; w++) {
        if (bytes >= ROWS_MMAP_BYTES) munmap(t->rows[w], bytes);
        else free(t->rows[w]);
    }
    free(t->rows);
    t->rows = NULL;
    t->nworkers = 0;
}

void ps_rows_reset(ps_row_table *t, int nworkers) {
    ps_rows_free(t);
    t->nworkers = nworkers > 0 ? nworkers : 1;
    t->rows = ps_xcalloc((size_t)t->nworkers, sizeof *t->rows);
    size_t bytes = (size_t)t->nrows * t->row_size;
    for (int w = 0; w < t->nworkers; w++) {
        if (bytes >= ROWS_MMAP_BYTES) {
            void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p == MAP_FAILED) ps_oom();
            t->rows[w] = p;
        } else {
            t->rows[w] = ps_xcalloc((size_t)t->nrows, t->row_size);
        }
    }
}

void *ps_row_checker_new(ps_verifier *v, size_t size, size_t row_size) {
    ps_row_checker *s = ps_xcalloc(1, size);
    s->v = v;
    ps_rows_init(&s->t, v->ninsns + 1, row_size);
    return s;
}

void ps_row_checker_destroy(void *self) {
    ps_row_checker *s = self;
    ps_rows_free(&s->t);
    free(s);
}

void ps_row_checker_launch_begin(void *self, int nworkers) {
    ps_row_checker *s = self;
    ps_rows_reset(&s->t, nworkers);
}
