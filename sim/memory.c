/* memory.c — device allocations in a simulated address space and the per-access resolution of
 * global, shared, local, constant and kernel-parameter addresses (with bounds checks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "sim_internal.h"

/* A block of the device heap (malloc in kernels): [base, base + size), live until freed. Freed
 * blocks stay listed (live false) until their bytes are handed out again, so that an access to
 * one can say so. */
typedef struct {
    uint64_t base, size;
    bool live;
} heap_block;

struct ps_device {
    /* sorted by base; changed under lock and table_lock (write), read under either: kernels of
     * one host thread look allocations up while another thread's cudaMalloc/cudaFree moves or
     * reallocates this array (a lookup without table_lock read freed memory or a torn entry) */
    ps_alloc *allocs;
    int n, cap;
    pthread_rwlock_t table_lock;
    uint64_t next;
    pthread_mutex_t lock;
    /* the device heap: PS_HEAP_BYTES of host memory at HEAP_BASE, made on the first malloc;
     * blocks sorted by base. Kernels of several host threads allocate and look up at once. */
    pthread_rwlock_t heap_lock;
    uint8_t *heap;
    heap_block *blocks;
    int nblocks, cap_blocks;
    uint64_t heap_used;            /* bytes in live blocks */
    uint64_t limit, used;          /* the memory limit (0: none) and the allocations' bytes (under lock) */
    atomic_uint_fast64_t launches; /* launches so far, for %gridid */
    uint64_t grid_ws;              /* the cooperative grid workspace (0: none yet), under lock */
};

uint64_t ps_device_next_gridid(ps_device *dev) { return 2 * (atomic_fetch_add(&dev->launches, 1) + 1); }

uint64_t ps_device_grid_workspace(ps_device *dev, bool create) {
    pthread_mutex_lock(&dev->lock);
    uint64_t ws = dev->grid_ws;
    pthread_mutex_unlock(&dev->lock);
    if (ws || !create) return ws;
    /* 16 bytes whose first word says 16, its barrier word 0, as an H200's driver (lab/coop_ws) */
    ws = ps_device_alloc(dev, 16, "cooperative grid workspace");
    if (!ws) return 0;
    const uint32_t init[4] = {16, 0, 0, 0};
    memcpy(ps_device_ptr(dev, ws, 16), init, 16);
    pthread_mutex_lock(&dev->lock);
    if (dev->grid_ws) { /* another launch made one meanwhile */
        uint64_t other = dev->grid_ws;
        pthread_mutex_unlock(&dev->lock);
        ps_device_free(dev, ws);
        return other;
    }
    dev->grid_ws = ws;
    pthread_mutex_unlock(&dev->lock);
    return ws;
}

ps_device *ps_device_create(void) {
    ps_device *d = ps_xcalloc(1, sizeof *d);
    d->next = GLOBAL_BASE;
    pthread_mutex_init(&d->lock, NULL);
    pthread_rwlock_init(&d->heap_lock, NULL);
    pthread_rwlock_init(&d->table_lock, NULL);
    return d;
}

void ps_device_destroy(ps_device *d) {
    if (!d) return;
    free(d->heap);
    free(d->blocks);
    pthread_rwlock_destroy(&d->heap_lock);
    for (int i = 0; i < d->n; i++) {
        if (d->allocs[i].map) munmap(d->allocs[i].map, d->allocs[i].map_len);
        else if (!d->allocs[i].external) free(d->allocs[i].host);
        free(d->allocs[i].name);
    }
    free(d->allocs);
    pthread_rwlock_destroy(&d->table_lock);
    pthread_mutex_destroy(&d->lock);
    free(d);
}

/* Zeroed host memory for an allocation. Large ones are mapped on a 2 MiB boundary and asked for
 * transparent huge pages (granted where THP is "always" or "madvise"): kernels that stride
 * through a buffer one CTA after another (grid-stride loops) otherwise take a TLB miss on
 * nearly every warp access (copy benchmark on the 2-core development host: 211 ms -> 33 ms
 * per launch; docs/performance.md). */
static uint8_t *host_alloc(uint64_t bytes, void **map, size_t *map_len) {
    *map = NULL, *map_len = 0;
#ifdef MADV_HUGEPAGE
    const uint64_t huge = 2u << 20;
    if (bytes >= huge && bytes < (1ull << 46)) {
        size_t len = (size_t)((bytes + huge - 1) / huge * huge + huge); /* + room to align */
        void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m != MAP_FAILED) {
            uintptr_t a = ((uintptr_t)m + huge - 1) & ~(uintptr_t)(huge - 1);
            madvise((void *)a, (size_t)((bytes + huge - 1) / huge * huge), MADV_HUGEPAGE);
            *map = m, *map_len = len;
            return (uint8_t *)a; /* anonymous pages read as zero */
        }
    }
#endif
    return calloc(1, bytes ? bytes : 1);
}

/* Index where an allocation at base belongs (allocs stay sorted by base). */
static int insert_pos(const ps_device *d, uint64_t base) {
    int lo = 0, hi = d->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (d->allocs[mid].base < base) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Whether [base, base+size) meets an allocation (with the one-past-the-end byte of each). */
static bool overlaps(const ps_device *d, uint64_t base, uint64_t size) {
    int i = insert_pos(d, base);
    if (i < d->n && d->allocs[i].base <= base + size) return true;
    return i > 0 && d->allocs[i - 1].base + d->allocs[i - 1].size >= base;
}

/* Under d->lock; takes table_lock for writing so that lookups never see the array move. */
static void insert_alloc(ps_device *d, const ps_alloc *a) {
    pthread_rwlock_wrlock(&d->table_lock);
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 16;
        d->allocs = ps_xrealloc(d->allocs, (size_t)d->cap * sizeof *d->allocs);
    }
    int i = insert_pos(d, a->base);
    memmove(&d->allocs[i + 1], &d->allocs[i], (size_t)(d->n - i) * sizeof *d->allocs);
    d->allocs[i] = *a;
    d->n++;
    pthread_rwlock_unlock(&d->table_lock);
}

void ps_device_set_limit(ps_device *d, uint64_t bytes) {
    pthread_mutex_lock(&d->lock);
    d->limit = bytes;
    pthread_mutex_unlock(&d->lock);
}

uint64_t ps_device_limit(const ps_device *d) { return d->limit; }

uint64_t ps_device_used(ps_device *d) {
    pthread_mutex_lock(&d->lock);
    uint64_t u = d->used;
    pthread_mutex_unlock(&d->lock);
    return u;
}

uint64_t ps_device_alloc(ps_device *d, uint64_t bytes, const char *name) {
    pthread_mutex_lock(&d->lock);
    bool over = d->limit && (bytes > d->limit || d->used > d->limit - bytes);
    if (!over) d->used += bytes; /* reserved before the host memory is taken */
    pthread_mutex_unlock(&d->lock);
    if (over) return 0;
    void *map;
    size_t map_len;
    uint8_t *host = host_alloc(bytes, &map, &map_len);
    pthread_mutex_lock(&d->lock);
    if (!host) {
        d->used -= bytes;
        pthread_mutex_unlock(&d->lock);
        return 0;
    }
    uint64_t base = d->next;
    while (overlaps(d, base, bytes + 256)) base += 1ull << 20; /* skip registered host ranges */
    /* 256-byte alignment like cudaMalloc, plus a gap so one-past-the-end is never another buffer */
    d->next = (base + bytes + 256 + 255) & ~255ull;
    insert_alloc(d, &(ps_alloc){base, bytes, host, ps_xstrdup(name ? name : "?"), map, map_len, false});
    pthread_mutex_unlock(&d->lock);
    return base;
}

/* Host memory at its own address: the windows of the generic address space (shared, local,
 * parameters, function symbols) and existing allocations must stay clear of it. */
ps_status ps_device_register_host(ps_device *d, void *host, uint64_t bytes, const char *name) {
    uint64_t base = (uint64_t)(uintptr_t)host;
    if (!host || !bytes || base + bytes < base) return PS_ERR_USAGE;
    if (base < FUNC_BASE + WINDOW_SIZE && base + bytes > SHARED_WINDOW) return PS_ERR_UNSUPPORTED;
    if (base < HEAP_BASE + PS_HEAP_BYTES && base + bytes > HEAP_BASE) return PS_ERR_UNSUPPORTED;
    pthread_mutex_lock(&d->lock);
    ps_status st = PS_OK;
    if (overlaps(d, base, bytes)) st = PS_ERR_USAGE;
    else insert_alloc(d, &(ps_alloc){base, bytes, host, ps_xstrdup(name ? name : "host"), NULL, 0, true});
    pthread_mutex_unlock(&d->lock);
    return st;
}

ps_status ps_device_free(ps_device *d, uint64_t addr) {
    pthread_mutex_lock(&d->lock);
    int i = insert_pos(d, addr);
    if (i >= d->n || d->allocs[i].base != addr) {
        pthread_mutex_unlock(&d->lock);
        return PS_ERR_USAGE;
    }
    ps_alloc a = d->allocs[i];
    pthread_rwlock_wrlock(&d->table_lock);
    memmove(&d->allocs[i], &d->allocs[i + 1], (size_t)(d->n - i - 1) * sizeof *d->allocs);
    d->n--;
    pthread_rwlock_unlock(&d->table_lock);
    if (!a.external) d->used -= a.size;
    pthread_mutex_unlock(&d->lock);
    if (a.map) munmap(a.map, a.map_len);
    else if (!a.external) free(a.host);
    free(a.name);
    return PS_OK;
}

bool ps_device_range(ps_device *d, uint64_t addr, uint64_t *base, uint64_t *size, bool *host) {
    ps_alloc a;
    if (!ps_device_find(d, addr, &a)) return false;
    if (base) *base = a.base;
    if (size) *size = a.size;
    if (host) *host = a.external;
    return true;
}

/* The entry holding addr, -1 if none; under table_lock or lock. */
static int find_index(const ps_device *d, uint64_t addr) {
    int lo = 0, hi = d->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const ps_alloc *a = &d->allocs[mid];
        if (addr < a->base) hi = mid - 1;
        else if (addr >= a->base + (a->size ? a->size : 1)) lo = mid + 1;
        else return mid;
    }
    return -1;
}

bool ps_device_find(ps_device *d, uint64_t addr, ps_alloc *out) {
    pthread_rwlock_rdlock(&d->table_lock);
    int i = find_index(d, addr);
    if (i >= 0) *out = d->allocs[i], out->name = NULL;
    pthread_rwlock_unlock(&d->table_lock);
    return i >= 0;
}

bool ps_device_nearest(ps_device *d, uint64_t addr, ps_alloc *out, char *name, size_t name_len) {
    pthread_rwlock_rdlock(&d->table_lock);
    int best = -1;
    uint64_t bestd = UINT64_MAX;
    for (int i = 0; i < d->n; i++) {
        const ps_alloc *a = &d->allocs[i];
        uint64_t dist = addr < a->base ? a->base - addr : addr >= a->base + a->size ? addr - (a->base + a->size) : 0;
        if (dist < bestd) bestd = dist, best = i;
    }
    if (best >= 0) {
        *out = d->allocs[best];
        snprintf(name, name_len, "%s", out->name);
        out->name = name;
    }
    pthread_rwlock_unlock(&d->table_lock);
    return best >= 0;
}

void *ps_device_ptr(ps_device *d, uint64_t addr, uint64_t bytes) {
    ps_alloc a;
    if (!ps_device_find(d, addr, &a) || addr + bytes > a.base + a.size) return NULL;
    return a.host + (addr - a.base);
}

/* ---- the device heap (docs/engine.md "Device heap") ---------------------------------------- *
 * malloc in a kernel takes the first gap that fits, 16-byte aligned (what CUDA guarantees), and
 * leaves 16 bytes after each block unused so that a block's one-past-the-end byte is never
 * another block's. Every access to heap memory is checked against the live blocks. */

/* Bytes a block of `size` takes: itself rounded up to 16, and the gap after it. */
static uint64_t heap_footprint(uint64_t size) { return (size ? (size + 15) / 16 * 16 : 16) + 16; }

uint64_t ps_heap_malloc(ps_device *d, uint64_t bytes) {
    if (bytes > PS_HEAP_BYTES) return 0;
    uint64_t need = heap_footprint(bytes);
    pthread_rwlock_wrlock(&d->heap_lock);
    if (!d->heap) d->heap = ps_xcalloc(1, PS_HEAP_BYTES);
    /* first fit between the live blocks (freed ones are free space) */
    uint64_t at = 0;
    bool found = false;
    for (int i = 0; i < d->nblocks && !found; i++) {
        const heap_block *b = &d->blocks[i];
        if (!b->live) continue;
        if (b->base - HEAP_BASE >= at + need) found = true;
        else at = b->base - HEAP_BASE + heap_footprint(b->size);
    }
    if (!found) found = at + need <= PS_HEAP_BYTES;
    uint64_t base = 0;
    if (found) {
        base = HEAP_BASE + at;
        /* freed blocks under the new one are forgotten; the rest keep their order */
        int j = 0;
        for (int i = 0; i < d->nblocks; i++) {
            const heap_block *b = &d->blocks[i];
            if (!b->live && b->base < base + need && b->base + heap_footprint(b->size) > base) continue;
            d->blocks[j++] = *b;
        }
        d->nblocks = j;
        if (d->nblocks == d->cap_blocks) {
            d->cap_blocks = d->cap_blocks ? d->cap_blocks * 2 : 64;
            d->blocks = ps_xrealloc(d->blocks, sizeof *d->blocks * (size_t)d->cap_blocks);
        }
        int i = 0;
        while (i < d->nblocks && d->blocks[i].base < base) i++;
        memmove(&d->blocks[i + 1], &d->blocks[i], sizeof *d->blocks * (size_t)(d->nblocks - i));
        d->blocks[i] = (heap_block){base, bytes, true};
        d->nblocks++;
        d->heap_used += bytes;
    }
    pthread_rwlock_unlock(&d->heap_lock);
    return base;
}

/* The block holding or nearest to addr (live or freed), -1 if none; under the lock. */
static int heap_block_at(const ps_device *d, uint64_t addr) {
    int lo = 0, hi = d->nblocks - 1, best = -1;
    while (lo <= hi) { /* the last block starting at or below addr */
        int mid = (lo + hi) / 2;
        if (d->blocks[mid].base <= addr) best = mid, lo = mid + 1;
        else hi = mid - 1;
    }
    return best;
}

int ps_heap_free(ps_device *d, uint64_t addr) {
    pthread_rwlock_wrlock(&d->heap_lock);
    int i = heap_block_at(d, addr), rc = -1;
    if (i >= 0 && d->blocks[i].base == addr) {
        rc = d->blocks[i].live ? 0 : 1;
        if (!rc) {
            d->blocks[i].live = false;
            d->heap_used -= d->blocks[i].size;
        }
    }
    pthread_rwlock_unlock(&d->heap_lock);
    return rc;
}

uint8_t *ps_heap_find(ps_device *d, uint64_t addr, uint64_t *base, uint64_t *end) {
    if (addr - HEAP_BASE >= PS_HEAP_BYTES) return NULL;
    pthread_rwlock_rdlock(&d->heap_lock);
    int i = heap_block_at(d, addr);
    uint8_t *host = NULL;
    if (i >= 0 && d->blocks[i].live && addr < d->blocks[i].base + d->blocks[i].size) {
        *base = d->blocks[i].base;
        *end = d->blocks[i].base + d->blocks[i].size;
        host = d->heap + (*base - HEAP_BASE);
    }
    pthread_rwlock_unlock(&d->heap_lock);
    return host;
}

/* Where addr lies relative to the heap's blocks, for a fault message. */
static void heap_where(ps_device *d, uint64_t addr, unsigned size, char *out, size_t n) {
    pthread_rwlock_rdlock(&d->heap_lock);
    int i = heap_block_at(d, addr);
    if (i >= 0 && !d->blocks[i].live && addr < d->blocks[i].base + d->blocks[i].size)
        snprintf(out, n, ": inside a block of %llu bytes that free() released (device heap)",
                 (unsigned long long)d->blocks[i].size);
    else if (i >= 0 && addr < d->blocks[i].base + d->blocks[i].size)
        snprintf(out, n, ": straddles the end of a malloc'd block of %llu bytes (device heap)",
                 (unsigned long long)d->blocks[i].size);
    else if (i >= 0 && addr + size > d->blocks[i].base + d->blocks[i].size)
        snprintf(out, n, ": %llu bytes past the end of a %sblock of %llu bytes at 0x%llx (device heap)",
                 (unsigned long long)(addr - (d->blocks[i].base + d->blocks[i].size)),
                 d->blocks[i].live ? "malloc'd " : "freed ", (unsigned long long)d->blocks[i].size,
                 (unsigned long long)d->blocks[i].base);
    else snprintf(out, n, ": device heap memory that no malloc() handed out");
    pthread_rwlock_unlock(&d->heap_lock);
}

/* Whether [addr, addr + size) reaches past limit, without wrapping around: an address just below
 * 2^64 (a negative offset in a 32-bit shared pointer) is past the end, not at the start (fuzz
 * finding: ld.shared [%r+-8] with %r = 0 read 8 bytes before the CTA's shared memory). */
static inline bool past_end(uint64_t addr, unsigned size, uint64_t limit) {
    return addr > limit || size > limit - addr;
}

static const char *space_word(int sp) {
    static const char *n[] = {"generic", "global", "shared", "local", "constant", "parameter", "shared::cluster"};
    return n[sp];
}

static void *oob(ps_warp *w, int space, uint64_t addr, unsigned size, int lane, bool write, uint64_t limit) {
    char where[256] = "";
    if ((space == SP_GLOBAL || space == SP_GENERIC) && addr - HEAP_BASE < PS_HEAP_BYTES) {
        heap_where(w->cta->L->dev, addr, size, where, sizeof where);
    } else if (space == SP_GLOBAL || space == SP_CONST || space == SP_GENERIC) {
        ps_alloc near;
        char name[128];
        const ps_alloc *a = ps_device_nearest(w->cta->L->dev, addr, &near, name, sizeof name) ? &near : NULL;
        if (a && addr >= a->base + a->size)
            snprintf(where, sizeof where, ": %llu bytes past the end of '%s' (%llu bytes)",
                     (unsigned long long)(addr - (a->base + a->size)), a->name, (unsigned long long)a->size);
        else if (a && addr + size > a->base + a->size)
            snprintf(where, sizeof where, ": straddles the end of '%s' (%llu bytes)", a->name,
                     (unsigned long long)a->size);
        else if (a && addr < a->base)
            snprintf(where, sizeof where, ": %llu bytes before the start of '%s' (%llu bytes)",
                     (unsigned long long)(a->base - addr), a->name, (unsigned long long)a->size);
        else snprintf(where, sizeof where, ": no allocation");
    } else if (space == SP_SHARED && w->cta->L->reserved_smem) {
        uint64_t r = w->cta->L->reserved_smem;
        snprintf(where, sizeof where,
                 ": the CTA's shared memory holds %llu bytes from offset 0x%llx "
                 "(the %llu bytes before are reserved for the system)",
                 (unsigned long long)(limit - r), (unsigned long long)r, (unsigned long long)r);
    } else {
        snprintf(where, sizeof where, ": the %s window holds %llu bytes", space_word(space), (unsigned long long)limit);
    }
    ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane, "out-of-bounds %s %s of %u bytes at 0x%llx%s", space_word(space),
                   write ? "write" : "read", size, (unsigned long long)addr, where);
    return NULL;
}

/* The allocation holding device address addr, through the CTA's last-hit entries; NULL if no
 * allocation holds it. Entries stay where they are (a kernel alternating between two buffers
 * finds each in one or two compares); a miss replaces them in turn. */
static inline const struct ps_alloc_hit *hit(ps_cta *c, uint64_t addr) {
    struct ps_alloc_hit *h = c->hits;
    for (int i = 0; i < PS_ALLOC_HITS; i++)
        if (addr - h[i].base < h[i].end - h[i].base) return &h[i];
    ps_alloc found;
    const ps_alloc *a = ps_device_find(c->L->dev, addr, &found) ? &found : NULL;
    if (!a && addr - HEAP_BASE < PS_HEAP_BYTES) {
        /* a device-heap block: never cached, since another CTA may free it at any time */
        struct ps_alloc_hit *e = &c->heap_hit;
        e->host = ps_heap_find(c->L->dev, addr, &e->base, &e->end);
        return e->host ? e : NULL;
    }
    if (!a || !a->size) return NULL;
    struct ps_alloc_hit *e = &h[c->hit_next++ % PS_ALLOC_HITS];
    *e = (struct ps_alloc_hit){a->base, a->base + a->size, a->host};
    return e;
}

static const uint8_t space_to_ps[] = {PS_SPACE_GENERIC, PS_SPACE_GLOBAL, PS_SPACE_SHARED, PS_SPACE_LOCAL,
                                      PS_SPACE_CONST,   PS_SPACE_PARAM,  PS_SPACE_SHARED};

void *ps_mem_resolve_ev(ps_warp *w, int space, uint64_t addr, unsigned size, int lane, bool write, ps_mem_event *ev) {
    void *p = ps_mem_resolve(w, space, addr, size, lane, write);
    if (space == SP_GENERIC) {
        uint64_t win;
        space = generic_space(addr, &win);
        addr -= win;
    }
    ev->remote &= ~(1u << lane);
    if ((space == SP_SHARED || space == SP_DSMEM) && addr >= DSMEM_RANK_UNIT && p) {
        /* another CTA's shared memory (or this CTA's, named by its rank) */
        uint64_t off;
        ps_cta *t = ps_dsmem_target(w, addr, &off, lane);
        addr = off;
        if (t && t != w->cta) {
            ev->remote |= 1u << lane;
            ev->target[lane] = (int16_t)t->worker;
        }
    }
    ev->space[lane] = space_to_ps[space];
    ev->addr[lane] = addr;
    return p;
}

void ps_event_dsmem(ps_warp *w, ps_mem_event *ev, int lane, uint64_t addr) {
    uint64_t off = addr;
    ps_cta *t = addr >= DSMEM_RANK_UNIT ? ps_dsmem_target(w, addr, &off, lane) : w->cta;
    ev->space[lane] = PS_SPACE_SHARED;
    ev->addr[lane] = off;
    ev->remote &= ~(1u << lane);
    if (t && t != w->cta) {
        ev->remote |= 1u << lane;
        ev->target[lane] = (int16_t)t->worker;
    }
}

ps_cta *ps_dsmem_target(ps_warp *w, uint64_t addr, uint64_t *off, int lane) {
    ps_cluster *cl = w->cta->cluster;
    uint64_t rank = (addr >> DSMEM_RANK_SHIFT) - 1;
    *off = addr & (DSMEM_RANK_UNIT - 1);
    if (addr < DSMEM_RANK_UNIT) return w->cta;
    if (rank >= (uint64_t)cl->n) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane,
                       "shared::cluster address 0x%llx names CTA rank %llu of a cluster of %d CTAs",
                       (unsigned long long)addr, (unsigned long long)rank, cl->n);
        return NULL;
    }
    ps_cta *t = cl->cta[rank];
    if (!t->live_threads) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane,
                       "shared::cluster access to CTA rank %llu (block %u,%u,%u), which has exited: "
                       "its shared memory is gone (a barrier.cluster before exiting keeps it)",
                       (unsigned long long)rank, t->ctaid[0], t->ctaid[1], t->ctaid[2]);
        return NULL;
    }
    return t;
}

/* A shared access at a .shared::cluster address with rank bits: another CTA of the cluster. */
static void *dsmem_resolve(ps_warp *w, int space, uint64_t addr, unsigned size, int lane, bool write) {
    if (space == SP_SHARED) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane,
                       "%s of %u bytes at 0x%llx through .shared::cta: the address is a "
                       "shared::cluster address of CTA rank %llu (from mapa); use .shared::cluster "
                       "or a generic address",
                       write ? "write" : "read", size, (unsigned long long)addr,
                       (unsigned long long)((addr >> DSMEM_RANK_SHIFT) - 1));
        return NULL;
    }
    uint64_t off;
    ps_cta *t = ps_dsmem_target(w, addr, &off, lane);
    if (!t) return NULL;
    if (past_end(off, size, t->shared_size)) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane,
                       "out-of-bounds shared::cluster %s of %u bytes at offset 0x%llx of CTA rank "
                       "%u (block %u,%u,%u) of the cluster: its shared memory holds %llu bytes "
                       "from offset 0x%llx",
                       write ? "write" : "read", size, (unsigned long long)off, t->rank, t->ctaid[0], t->ctaid[1],
                       t->ctaid[2], (unsigned long long)(t->shared_size - t->L->reserved_smem),
                       (unsigned long long)t->L->reserved_smem);
        return NULL;
    }
    return t->shared + off;
}

void *ps_mem_resolve(ps_warp *w, int space, uint64_t addr, unsigned size, int lane, bool write) {
    ps_cta *c = w->cta;
    int asked = space;
    if (space == SP_GENERIC) {
        uint64_t win;
        space = generic_space(addr, &win);
        addr -= win;
    }
    if (addr & (size - 1)) {
        ps_fault_raise(w, PS_FAULT_MISALIGNED, lane, "misaligned %s %s of %u bytes at 0x%llx", space_word(space),
                       write ? "write" : "read", size, (unsigned long long)addr);
        return NULL;
    }
    switch (space) {
    case SP_SHARED:
    case SP_DSMEM:
        if (past_end(addr, size, c->shared_size)) {
            if (addr >= DSMEM_RANK_UNIT && addr < (MAX_CLUSTER + 1ull) * DSMEM_RANK_UNIT)
                return dsmem_resolve(w, asked, addr, size, lane, write);
            return oob(w, space, addr, size, lane, write, c->shared_size);
        }
        return c->shared + addr;
    case SP_LOCAL: {
        uint64_t per = c->L->local_per_thread;
        if (past_end(addr, size, per)) return oob(w, space, addr, size, lane, write, per);
        return c->local + (uint64_t)(w->id * WARP + lane) * per + addr;
    }
    case SP_KPARAM:
        if (write) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane, "write to kernel parameter space");
            return NULL;
        }
        if (past_end(addr, size, c->L->cfg.params_size))
            return oob(w, space, addr, size, lane, write, c->L->cfg.params_size);
        return (void *)(c->L->cfg.params + addr);
    default: {
        const struct ps_alloc_hit *h = hit(c, addr);
        if (!h || past_end(addr, size, h->end)) return oob(w, space, addr, size, lane, write, 0);
        return h->host + (addr - h->base);
    }
    }
}

/* The region a warp access's first lane (device address a, in `space`) lies in:
 * [r->base, r->base + r->len) in the instruction's own addresses (generic window included), its
 * host address, and the bytes per thread for local memory (0 elsewhere). False: no region (the
 * per-lane path reports why) or a parameter write. */
typedef struct {
    uint64_t base, len, win, stride;
    uintptr_t host;
    int space;
} span_region;

static inline __attribute__((always_inline)) bool region_of(ps_warp *w, int space, uint64_t a, bool write,
                                                            span_region *r) {
    ps_cta *c = w->cta;
    r->win = 0, r->stride = 0;
    if (space == SP_GENERIC) space = generic_space(a, &r->win);
    if (space == SP_DSMEM) space = SP_SHARED; /* the CTA's own shared memory; others per lane */
    r->space = space;
    switch (space) {
    case SP_SHARED:
        r->base = r->win, r->len = c->shared_size;
        r->host = (uintptr_t)c->shared;
        return true;
    case SP_LOCAL:
        r->base = r->win, r->len = c->L->local_per_thread;
        r->stride = r->len;
        r->host = (uintptr_t)c->local + (uintptr_t)((uint64_t)w->id * WARP * r->len);
        return true;
    case SP_KPARAM:
        if (write) return false;
        r->base = r->win, r->len = c->L->cfg.params_size;
        r->host = (uintptr_t)c->L->cfg.params;
        return true;
    default: { /* global, const: one allocation must hold every lane */
        const struct ps_alloc_hit *h = hit(c, a);
        if (!h) return false;
        r->base = h->base, r->len = h->end - h->base;
        r->host = (uintptr_t)h->host;
        return true;
    }
    }
}

PS_CLONES void *ps_mem_block(ps_warp *w, int space, uint64_t a, unsigned bytes, unsigned size, bool write) {
    span_region r;
    if (!region_of(w, space, a, write, &r) || r.stride || r.len < bytes) return NULL;
    if ((a & (size - 1)) || a - r.base > r.len - bytes) return NULL;
    return (void *)(r.host + (uintptr_t)(a - r.base));
}

PS_CLONES bool ps_mem_span(ps_warp *w, int space, const uint64_t *addr, int64_t imm, uint32_t mask, unsigned size,
                           bool write, ps_span *s) {
    uint64_t a0 = addr[__builtin_ctz(mask)] + (uint64_t)imm;
    /* The region is the one lane 0 (the first executing lane) hits; then every lane is checked
     * against it. */
    span_region r;
    if (!region_of(w, space, a0, write, &r)) return false;
    space = r.space;
    uint64_t rbase = r.base, rlen = r.len, win = r.win, stride = r.stride;
    uintptr_t host = r.host;
    if (rlen < size) return false;
    uint64_t rmax = rlen - size; /* a lane is good when a - rbase <= rmax */
    bool contiguous = false;
    unsigned shift = (unsigned)__builtin_ctz(size); /* sizes are powers of two */
    if (mask == FULL_MASK && !stride && shift < 6 && addr[WARP - 1] - addr[0] == (uint64_t)(WARP - 1) << shift) {
        /* Probably coalesced (lane l at lane 0's address + l * size): confirm with one pass of
         * subtracts and XORs (it vectorises); then only lanes 0 and 31 need the bounds. */
        static const uint64_t lane_bytes[6][WARP] = {
#define LB(s)                                                                                           \
    {0 << s,  1 << s,  2 << s,  3 << s,  4 << s,  5 << s,  6 << s,  7 << s,  8 << s,  9 << s,  10 << s, \
     11 << s, 12 << s, 13 << s, 14 << s, 15 << s, 16 << s, 17 << s, 18 << s, 19 << s, 20 << s, 21 << s, \
     22 << s, 23 << s, 24 << s, 25 << s, 26 << s, 27 << s, 28 << s, 29 << s, 30 << s, 31 << s}
            LB(0), LB(1), LB(2), LB(3),
            LB(4), LB(5)
#undef LB
        };
        const uint64_t *lane_off = lane_bytes[shift];
        uint64_t dev = 0, a00 = addr[0];
        for (int l = 0; l < WARP; l++) dev |= (addr[l] - a00) ^ lane_off[l];
        uint64_t hi = a0 + ((uint64_t)(WARP - 1) << shift);
        if (!dev && hi > a0) {
            if ((a0 & (size - 1)) || a0 - rbase > rmax || hi - rbase > rmax) return false;
            contiguous = true;
        }
    }
    if (contiguous) {
        /* checked above */
    } else if (mask == FULL_MASK && rmax < 0x80000000u && !(rbase & (size - 1))) {
        /* Full warp, region under 2 GiB, one pass of 64-bit adds, subtracts and ORs (it
         * vectorises): every offset o = a - rbase must be below 2^31 (their OR tells), and then
         * rmax - o is negative exactly when o > rmax. rbase is aligned, so the offsets' low bits
         * are the addresses'. */
        uint64_t any = 0, over = 0, delta = (uint64_t)imm - rbase;
        for (int l = 0; l < WARP; l++) {
            uint64_t o = addr[l] + delta;
            any |= o;
            over |= rmax - o;
        }
        if ((over >> 63) || (any >> 31) || (any & (size - 1))) return false;
    } else {
        uint64_t bits = 0, bad = 0;
        for (uint32_t m = mask; m; m &= m - 1) {
            uint64_t a = addr[__builtin_ctz(m)] + (uint64_t)imm;
            bits |= a; /* windows are aligned far beyond any access size */
            bad |= (uint64_t)(a - rbase > rmax);
        }
        if (bad || (bits & (size - 1))) return false;
    }
    s->off = host - (uintptr_t)rbase;
    s->lane_stride = stride;
    s->unwindow = win;
    s->space = space;
    s->contiguous = contiguous;
    return true;
}
