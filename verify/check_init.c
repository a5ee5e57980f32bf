/* check_init.c — reads of memory never written (DESIGN §4, like compute-sanitizer initcheck):
 * shared memory, which holds garbage when a block starts, and global ranges the host declared
 * uninitialised (ps_verifier_mark_uninitialized: manifest buffers with "init": "none"). One shadow
 * bit per byte says "written"; a load (or an atomic other than exch, which reads the old value) of
 * any byte whose bit is clear is an `uninitialized` finding naming the address and the run of
 * never-written bytes around it. Local memory is tracked per thread (explicit .local and generic
 * accesses; .param ones are not, see local_access). Registers: check_reginit.c.
 *
 * Shared shadow: per worker, cleared when a block begins (only the part used so far). Global
 * shadow: one bitmap per registered range, shared by every worker and updated with atomic ORs, so
 * a block may read what another block wrote earlier (if nothing orders the two that is a race,
 * which the race checker reports). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

#define RUN_SCAN_LIMIT (1u << 20) /* bytes scanned each way for the never-written run */

typedef struct {
    uint64_t addr, bytes;
    uint8_t *bits; /* written bits, one per byte */
} grange;

/* One thread's local memory: written bits, grown as offsets are written. */
typedef struct {
    uint8_t *bits;
    uint64_t nbytes; /* bytes covered */
    uint64_t hi;     /* highest byte written in this block + 1 */
} tlocal;

typedef struct {
    uint8_t *bits; /* shared memory written bits */
    size_t nbytes; /* shadow size in bytes of shared memory covered */
    uint64_t hi;   /* highest shared byte written in this block + 1 */
    tlocal *loc;   /* per thread of the block (up to 1024) */
} iworker;

typedef struct {
    ps_verifier *v;
    int nworkers;
    iworker *w;
    grange *g;
    int ng;
} init;

static void *init_create(ps_verifier *v) {
    init *c = ps_xcalloc(1, sizeof *c);
    c->v = v;
    return c;
}

static void free_launch(init *c) {
    for (int i = 0; i < c->nworkers; i++) {
        free(c->w[i].bits);
        if (c->w[i].loc)
            for (int t = 0; t < 1024; t++) free(c->w[i].loc[t].bits);
        free(c->w[i].loc);
    }
    free(c->w);
    c->w = NULL;
    c->nworkers = 0;
    for (int i = 0; i < c->ng; i++) free(c->g[i].bits);
    free(c->g);
    c->g = NULL;
    c->ng = 0;
}

static void init_destroy(void *self) {
    free_launch(self);
    free(self);
}

static int cmp_range(const void *a, const void *b) {
    const grange *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void init_launch_begin(void *self, int nworkers) {
    init *c = self;
    free_launch(c);
    c->nworkers = nworkers > 0 ? nworkers : 1;
    c->w = ps_xcalloc((size_t)c->nworkers, sizeof *c->w);
    /* ranges were registered before the launch; nothing adds to them while it runs */
    ps_verifier *v = c->v;
    c->g = ps_xcalloc((size_t)v->nuninit + 1, sizeof *c->g);
    for (int i = 0; i < v->nuninit; i++) {
        if (!v->uninit[i].bytes) continue;
        grange *g = &c->g[c->ng++];
        g->addr = v->uninit[i].addr;
        g->bytes = v->uninit[i].bytes;
        g->bits = ps_xcalloc((size_t)((g->bytes + 7) / 8), 1);
    }
    qsort(c->g, (size_t)c->ng, sizeof *c->g, cmp_range);
}

static void init_cta_begin(void *self, int worker, const unsigned ctaid[3]) {
    init *c = self;
    iworker *w = &c->w[worker];
    if (w->hi) memset(w->bits, 0, (size_t)((w->hi + 7) / 8));
    w->hi = 0;
    if (w->loc)
        for (int t = 0; t < 1024; t++) {
            tlocal *tl = &w->loc[t];
            if (tl->hi) memset(tl->bits, 0, (size_t)((tl->hi + 7) / 8));
            tl->hi = 0;
        }
}

/* ---- bitmaps ---------------------------------------------------------------------------------- */

static bool bit(const uint8_t *bits, uint64_t i, bool shared_atomic) {
    uint8_t b = shared_atomic ? __atomic_load_n(&bits[i >> 3], __ATOMIC_RELAXED) : bits[i >> 3];
    return (b >> (i & 7)) & 1;
}

static void set_bits(uint8_t *bits, uint64_t lo, uint64_t hi, bool atomic) {
    if (hi > lo && hi - lo <= 8 && (lo >> 3) == ((hi - 1) >> 3)) { /* one bitmap byte */
        uint8_t m = (uint8_t)(((1u << (hi - lo)) - 1) << (lo & 7));
        if (atomic) {
            if ((__atomic_load_n(&bits[lo >> 3], __ATOMIC_RELAXED) & m) != m)
                __atomic_fetch_or(&bits[lo >> 3], m, __ATOMIC_RELAXED);
        } else {
            bits[lo >> 3] |= m;
        }
        return;
    }
    for (uint64_t i = lo; i < hi; i++) {
        uint8_t m = (uint8_t)(1u << (i & 7));
        if (atomic) __atomic_fetch_or(&bits[i >> 3], m, __ATOMIC_RELAXED);
        else bits[i >> 3] |= m;
    }
}

/* Sets the bits of [lo, hi) a whole bitmap byte at a time (a warp's range in one go). */
static void set_range(uint8_t *bits, uint64_t lo, uint64_t hi, bool atomic) {
    while (lo < hi && (lo & 7)) set_bits(bits, lo, lo + 1, atomic), lo++;
    for (; lo + 8 <= hi; lo += 8) {
        if (!atomic) bits[lo >> 3] = 0xff;
        else if (__atomic_load_n(&bits[lo >> 3], __ATOMIC_RELAXED) != 0xff)
            __atomic_fetch_or(&bits[lo >> 3], 0xff, __ATOMIC_RELAXED);
    }
    if (lo < hi) set_bits(bits, lo, hi, atomic);
}

/* Are all bits of [lo, hi) of a (non-atomic) bitmap set? Whole bytes at a time. */
static bool range_set(const uint8_t *bits, uint64_t lo, uint64_t hi) {
    for (; lo < hi && (lo & 7); lo++)
        if (!(bits[lo >> 3] >> (lo & 7) & 1)) return false;
    for (; lo + 64 <= hi; lo += 64) { /* eight bitmap bytes at a time */
        uint64_t x;
        memcpy(&x, bits + (lo >> 3), sizeof x);
        if (x != UINT64_MAX) return false;
    }
    for (; lo + 8 <= hi; lo += 8)
        if (bits[lo >> 3] != 0xff) return false;
    for (; lo < hi; lo++)
        if (!(bits[lo >> 3] >> (lo & 7) & 1)) return false;
    return true;
}

/* First never-written byte in [lo, hi), or hi. */
static inline uint64_t first_clear(const uint8_t *bits, uint64_t lo, uint64_t hi, bool atomic) {
    if (hi > lo && hi - lo <= 8 && (lo >> 3) == ((hi - 1) >> 3)) { /* one bitmap byte, all set */
        uint8_t m = (uint8_t)(((1u << (hi - lo)) - 1) << (lo & 7));
        uint8_t b = atomic ? __atomic_load_n(&bits[lo >> 3], __ATOMIC_RELAXED) : bits[lo >> 3];
        if ((b & m) == m) return hi;
    }
    for (uint64_t i = lo; i < hi; i++)
        if (!bit(bits, i, atomic)) return i;
    return hi;
}

/* The run [*lo, *hi) of never-written bytes around byte i of a shared shadow covering n bytes
 * (bytes at n and beyond were never written); *open when nothing after i was written. */
static void clear_run(const uint8_t *bits, uint64_t n, uint64_t i, uint64_t *lo, uint64_t *hi, bool *open) {
    uint64_t a = i < n ? i : n, b = i + 1;
    while (a > 0 && i - a < RUN_SCAN_LIMIT && !bit(bits, a - 1, false)) a--;
    while (b < n && b - i < RUN_SCAN_LIMIT && !bit(bits, b, false)) b++;
    *lo = a;
    *hi = b;
    *open = b >= n;
}

static grange *find_range(init *c, uint64_t addr) {
    int lo = 0, hi = c->ng - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        grange *g = &c->g[mid];
        if (addr < g->addr) hi = mid - 1;
        else if (addr >= g->addr + g->bytes) lo = mid + 1;
        else return g;
    }
    return NULL;
}

/* ---- events ----------------------------------------------------------------------------------- */

static bool reads_memory(const ps_mem_event *e) {
    if (e->kind == PS_ACC_LOAD) return true;
    if (e->kind == PS_ACC_STORE) return false;
    return !(e->at.insn && ps_insn_group(e->at.insn, PS_MG_ATOMOP) == PS_MOD_EXCH); /* one at most: ATOMOP */
}

static void report(init *c, const ps_mem_event *e, int lane, uint64_t addr, const grange *g, uint64_t run_lo,
                   uint64_t run_hi, bool open, uint64_t lanes, uint32_t mask) {
    ps_finding f = {.kind = PS_FIND_UNINITIALIZED, .severity = PS_SEV_ERROR, .count = lanes, .lanes = mask};
    ps_site_from_event(&f.at, &e->at, lane);
    f.at.address = addr;
    f.at.has_address = true;
    f.at.is_write = false;
    const char *what = e->kind == PS_ACC_ATOMIC ? "atomic reads" : "load reads";
    /* the message names a range that does not move as other threads write, so the verifier folds
     * repeats: for global memory the registered allocation, for shared memory the run of
     * unwritten bytes around the address when it was read */
    if (g)
        snprintf(f.message, sizeof f.message,
                 "%s global memory never written (allocation 0x%llx, %llu bytes, declared "
                 "uninitialised)",
                 what, (unsigned long long)g->addr, (unsigned long long)g->bytes);
    else if (open)
        snprintf(f.message, sizeof f.message,
                 "%s shared memory never written in this block (nothing from offset 0x%llx on "
                 "was written)",
                 what, (unsigned long long)run_lo);
    else
        snprintf(f.message, sizeof f.message,
                 "%s shared memory never written in this block (offsets 0x%llx-0x%llx are "
                 "unwritten)",
                 what, (unsigned long long)run_lo, (unsigned long long)(run_hi - 1));
    ps_verify_add_finding(c->v, &f);
}

/* Local memory (per thread): explicit .local and generic accesses only. .param accesses of device
 * functions also live in the frame, but the engine's call sequence copies arguments and results
 * without memory events, so they are neither checked nor recorded. */
static bool local_tracked(const ps_mem_event *e) {
    if (!e->at.insn) return false;
    ps_mod space = ps_insn_group(e->at.insn, PS_MG_SPACE); /* one at most on the rows that reach here */
    return space != PS_MOD_PARAM && space != PS_MOD_PARAM_ENTRY && space != PS_MOD_PARAM_FUNC;
}

static void local_access(init *c, iworker *w, const ps_mem_event *e, bool reads, bool writes) {
    if (!local_tracked(e) || e->at.warp < 0 || e->at.warp >= 32) return;
    if (!w->loc) w->loc = ps_xcalloc(1024, sizeof *w->loc);
    int first_lane = -1;
    uint64_t first_off = 0, nlanes = 0;
    uint32_t bad_mask = 0;
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] != PS_SPACE_LOCAL) continue;
        tlocal *tl = &w->loc[e->at.warp * 32 + l];
        uint64_t a = e->addr[l], end = a + e->size;
        if (reads) {
            uint64_t inside = PS_MIN(end, tl->nbytes);
            uint64_t bad = a < inside ? first_clear(tl->bits, a, inside, false) : a;
            if (bad == inside && inside == end) bad = UINT64_MAX;
            if (bad != UINT64_MAX) {
                nlanes++;
                bad_mask |= 1u << l;
                if (first_lane < 0) first_lane = l, first_off = bad;
            }
        }
        if (writes) {
            if (end > tl->nbytes) {
                uint64_t n = tl->nbytes ? tl->nbytes : 64;
                while (n < end) n *= 2;
                tl->bits = ps_xrealloc(tl->bits, (size_t)((n + 7) / 8));
                memset(tl->bits + (tl->nbytes + 7) / 8, 0, (size_t)((n + 7) / 8 - (tl->nbytes + 7) / 8));
                tl->nbytes = n;
            }
            set_bits(tl->bits, a, end, false);
            if (end > tl->hi) tl->hi = end;
        }
    }
    if (first_lane < 0) return;
    ps_finding f = {.kind = PS_FIND_UNINITIALIZED, .severity = PS_SEV_ERROR, .count = nlanes, .lanes = bad_mask};
    ps_site_from_event(&f.at, &e->at, first_lane);
    f.at.address = first_off;
    f.at.has_address = true;
    snprintf(f.message, sizeof f.message,
             "%s local memory this thread never wrote (the address is the offset in the thread's "
             "local memory)",
             e->kind == PS_ACC_ATOMIC ? "atomic reads" : "load reads");
    ps_verify_add_finding(c->v, &f);
}

/* Makes the shared shadow cover [0, end). */
static __attribute__((noinline)) void grow_shared_to(iworker *w, uint64_t end) {
    size_t n = w->nbytes ? w->nbytes : 4096;
    while (n < end) n *= 2;
    w->bits = ps_xrealloc(w->bits, (n + 7) / 8);
    memset(w->bits + (w->nbytes + 7) / 8, 0, (n + 7) / 8 - (w->nbytes + 7) / 8);
    w->nbytes = n;
}

static inline void grow_shared(iworker *w, uint64_t end) {
    if (end > w->nbytes) grow_shared_to(w, end);
}

static void init_mem(void *self, const ps_mem_event *e, const ps_mem_shape *sh) {
    init *c = self;
    iworker *w = &c->w[e->at.worker];
    bool reads = reads_memory(e), writes = e->kind != PS_ACC_LOAD;
    int sp = sh->space;
    /* one space for every lane: nothing to do for spaces (or global memory) not tracked */
    if (sp >= 0 && sp != PS_SPACE_SHARED && sp != PS_SPACE_LOCAL && !(sp == PS_SPACE_GLOBAL && c->ng)) return;
    if (sp < 0 || sp == PS_SPACE_LOCAL)
        for (uint32_t m = e->mask; m; m &= m - 1)
            if (e->space[__builtin_ctz(m)] == PS_SPACE_LOCAL) {
                local_access(c, w, e, reads, writes);
                break;
            }
    if (sp == PS_SPACE_LOCAL) return;
    /* the warp's whole byte range written (lanes at most 512 bytes apart): nothing unwritten */
    if (reads && sp == PS_SPACE_SHARED && sh->hi <= w->nbytes && sh->hi - sh->lo <= 512 &&
        range_set(w->bits, sh->lo, sh->hi))
        reads = false;
    /* first pass: reads of unwritten bytes (before this instruction's own writes count) */
    if (reads) {
        int first_lane = -1;
        uint64_t first_addr = 0, run_lo = 0, run_hi = 0, nlanes = 0;
        uint32_t bad_mask = 0;
        bool open = false;
        const grange *first_g = NULL;
        bool word4 = e->size == 4;
        for (uint32_t m = e->mask; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            uint64_t a = e->addr[l], end = a + e->size;
            /* fast path: an aligned 4-byte shared read of written bytes (one bitmap nibble) */
            if (word4 && !(a & 3) && e->space[l] == PS_SPACE_SHARED && end <= w->nbytes &&
                ((w->bits[a >> 3] >> (a & 7)) & 0xf) == 0xf)
                continue;
            const uint8_t *bits;
            uint64_t n, base, bad;
            bool global;
            const grange *g = NULL;
            if (e->space[l] == PS_SPACE_SHARED) {
                global = false;
                bits = w->bits;
                n = w->nbytes;
                base = 0;
                uint64_t inside = PS_MIN(end, n);
                bad = a < inside ? first_clear(bits, a, inside, false) : a;
                if (bad == inside) bad = inside < end ? inside : UINT64_MAX;
            } else if (e->space[l] == PS_SPACE_GLOBAL && c->ng) {
                global = true;
                g = find_range(c, a);
                if (!g) continue;
                bits = g->bits;
                base = g->addr;
                n = g->bytes;
                uint64_t hi = PS_MIN(end, g->addr + g->bytes);
                uint64_t i = first_clear(bits, a - base, hi - base, true);
                bad = i < hi - base ? base + i : UINT64_MAX;
            } else {
                continue;
            }
            if (bad == UINT64_MAX) continue;
            nlanes++;
            bad_mask |= 1u << l;
            if (first_lane >= 0) continue;
            first_lane = l;
            first_addr = bad;
            first_g = g;
            if (!global) clear_run(bits, n, bad, &run_lo, &run_hi, &open);
        }
        if (first_lane >= 0) report(c, e, first_lane, first_addr, first_g, run_lo, run_hi, open, nlanes, bad_mask);
    }
    if (!writes) return;
    if (sh->dense && sp == PS_SPACE_SHARED) {
        grow_shared(w, sh->hi);
        set_range(w->bits, sh->lo, sh->hi, false);
        if (sh->hi > w->hi) w->hi = sh->hi;
        return;
    }
    if (sh->dense && sp == PS_SPACE_GLOBAL) {
        grange *g = find_range(c, sh->lo);
        if (!g || sh->hi > g->addr + g->bytes) goto lanes;
        set_range(g->bits, sh->lo - g->addr, sh->hi - g->addr, true);
        return;
    }
lanes:
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t a = e->addr[l], end = a + e->size;
        if (e->space[l] == PS_SPACE_SHARED) {
            grow_shared(w, end);
            if (e->size == 4 && !(a & 3)) w->bits[a >> 3] |= (uint8_t)(0xfu << (a & 7)); /* set_bits' one byte */
            else set_bits(w->bits, a, end, false);
            if (end > w->hi) w->hi = end;
        } else if (e->space[l] == PS_SPACE_GLOBAL && c->ng) {
            grange *g = find_range(c, a);
            if (!g) continue;
            uint64_t hi = PS_MIN(end, g->addr + g->bytes);
            set_bits(g->bits, a - g->addr, hi - g->addr, true);
        }
    }
}

/* Lanes that accessed another CTA's shared memory (clusters): reads are checked against, and
 * writes marked in, that CTA's shadow. */
static void init_dsmem(void *self, const ps_mem_event *e, const ps_mem_shape *sh) {
    (void)sh;
    init *c = self;
    bool reads = reads_memory(e), writes = e->kind != PS_ACC_LOAD;
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] != PS_SPACE_SHARED || e->target[l] < 0 || e->target[l] >= c->nworkers) continue;
        iworker *t = &c->w[e->target[l]];
        uint64_t a = e->addr[l], end = a + e->size;
        if (reads) {
            uint64_t inside = PS_MIN(end, t->nbytes);
            uint64_t bad = a < inside ? first_clear(t->bits, a, inside, false) : a;
            if (bad == inside) bad = inside < end ? inside : UINT64_MAX;
            if (bad != UINT64_MAX) report(c, e, l, bad, NULL, bad, bad + 1, false, 1, 1u << l);
        }
        if (writes) {
            grow_shared(t, end);
            set_bits(t->bits, a, end, false);
            if (end > t->hi) t->hi = end;
        }
    }
}

/* The system's reserved shared memory holds what the system left there: not garbage to the
 * CTA (cooperative groups' scratch masks the bits it does not own). */
static void init_shared_reserved(void *self, int worker, uint64_t bytes) {
    init *c = self;
    iworker *w = &c->w[worker];
    grow_shared(w, bytes);
    set_range(w->bits, 0, bytes, false);
    if (bytes > w->hi) w->hi = bytes;
}

const ps_checker ps_checker_init = {
    .name = "init",
    .check = PS_CHECK_INIT,
    .create = init_create,
    .destroy = init_destroy,
    .launch_begin = init_launch_begin,
    .cta_begin = init_cta_begin,
    .shared_reserved = init_shared_reserved,
    .mem = init_mem,
    .dsmem = init_dsmem,
};
