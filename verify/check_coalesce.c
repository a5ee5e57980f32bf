/* check_coalesce.c — global-memory coalescing, counted as Nsight Compute counts it
 * (docs/verifier.md, "Coalescing"; calibrated on an H200 with tests/verify):
 *   requests = l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}: one per warp-level global load or
 *              store instruction executed with at least one active lane;
 *   sectors  = l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}: the distinct 32-byte aligned
 *              segments the active lanes touch.
 * A line is reported as uncoalesced when its sectors exceed UNCOALESCED_FACTOR times the ideal,
 * the bytes its lanes asked for divided by 32 and rounded up, per request. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

enum { SECTOR_BYTES = 32, UNCOALESCED_FACTOR = 2 };

typedef struct {
    uint64_t requests, sectors, ideal;
    uint8_t kind, size, used;
    int64_t stride; /* bytes between consecutive active lanes in the first request; INT64_MIN: irregular */
    unsigned ctaid[3], block[3];
    int warp, lane;
    uint32_t mask; /* the first request's lanes */
    uint64_t addr;
} co_row;

typedef ps_row_checker co_state; /* [worker][instruction] statistics */

static void *co_create(ps_verifier *v) { return ps_row_checker_new(v, sizeof(co_state), sizeof(co_row)); }

/* The sectors of a merged access (sim/sass_merge.c): each lane's bytes moved by delta and
 * widened to the group's size. */
static unsigned merged_sectors(const ps_mem_event *e, uint32_t mask, int64_t delta, unsigned bytes) {
    uint64_t seg[64];
    int n = 0;
    for (uint32_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t a = e->addr[l] + (uint64_t)delta;
        for (uint64_t q = a / SECTOR_BYTES; q <= (a + bytes - 1) / SECTOR_BYTES && n < 64; q++) seg[n++] = q;
    }
    unsigned sectors = 0;
    for (int i = 0; i < n; i++) {
        bool seen = false;
        for (int j = 0; j < i && !seen; j++) seen = seg[j] == seg[i];
        sectors += !seen;
    }
    return sectors;
}

static void co_mem(void *self, const ps_mem_event *e, const ps_mem_shape *sh) {
    co_state *s = self;
    if (e->kind == PS_ACC_ATOMIC) return; /* global atomics are not loads or stores */
    if (sh->space >= 0 && sh->space != PS_SPACE_GLOBAL) return;
    uint64_t seg[64];
    int n = 0;
    uint32_t mask = 0;
    unsigned sectors = 0, size = e->size;
    /* counters as the SASS executes them: a group ptxas merges counts once, at its first
     * instruction, with the group's bytes; a load ptxas forwards from a store counts nothing */
    const ps_sass_access *sa = sh->space == PS_SPACE_GLOBAL ? ps_verify_sass(s->v, sh->insn) : NULL;
    if (sa) {
        int w = e->at.worker >= 0 && e->at.worker < s->t.nworkers ? e->at.worker : 0;
        co_row *r = (co_row *)ps_row(&s->t, w, sh->insn);
        if (sa->forwarded || sa->lead != sh->insn) {
            r->used = 1;
            r->kind = (uint8_t)e->kind;
            r->size = (uint8_t)(e->size > 255 ? 255 : e->size);
            return;
        }
        mask = e->mask;
        size = sa->bytes;
        sectors = merged_sectors(e, mask, sa->delta, size);
        goto counted;
    }
    if (sh->space == PS_SPACE_GLOBAL && sh->dense) { /* one gapless range of bytes */
        mask = e->mask;
        sectors = (unsigned)((sh->hi - 1) / SECTOR_BYTES - sh->lo / SECTOR_BYTES + 1);
        goto counted;
    }
    if (sh->space == PS_SPACE_GLOBAL && e->size <= 16 && (sh->hi - 1) / SECTOR_BYTES - sh->lo / SECTOR_BYTES < 64) {
        /* every lane global, within 64 sectors: a bitmap of the sectors relative to the lowest
         * (a lane of at most 16 bytes touches at most 2 sectors, so the list below would hold
         * every one of them too) */
        uint64_t q0 = sh->lo / SECTOR_BYTES, bits = 0;
        for (uint32_t m = e->mask; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            uint64_t first = e->addr[l] / SECTOR_BYTES - q0, last = (e->addr[l] + e->size - 1) / SECTOR_BYTES - q0;
            bits |= 1ull << first | 1ull << last;
        }
        mask = e->mask;
        sectors = (unsigned)ps_verify_popc64(bits);
        goto counted;
    }
    if (e->size <= 16) {
        /* a lane touches at most 2 sectors, so at most 64 in all: their distinct count through a
         * 128-entry open-addressing set (a warp reading a column: 32 sectors far apart, which
         * the sort below took about 1,000 host instructions to count) */
        uint64_t set[128];
        uint64_t used[2] = {0, 0};
        for (uint32_t m = e->mask; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            if (e->space[l] != PS_SPACE_GLOBAL) continue;
            mask |= 1u << l;
            uint64_t first = e->addr[l] / SECTOR_BYTES, last = (e->addr[l] + e->size - 1) / SECTOR_BYTES;
            for (uint64_t q = first; q <= last; q++) {
                unsigned h = (unsigned)((q * 0x9e3779b97f4a7c15ull) >> 57);
                while ((used[h >> 6] >> (h & 63) & 1) && set[h] != q) h = (h + 1) & 127;
                if (!(used[h >> 6] >> (h & 63) & 1)) {
                    used[h >> 6] |= 1ull << (h & 63);
                    set[h] = q;
                    sectors++;
                }
            }
        }
        if (!mask) return;
        goto counted;
    }
    for (uint32_t m = e->mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] != PS_SPACE_GLOBAL) continue;
        mask |= 1u << l;
        uint64_t first = e->addr[l] / SECTOR_BYTES, last = (e->addr[l] + e->size - 1) / SECTOR_BYTES;
        for (uint64_t q = first; q <= last && n < 64; q++) seg[n++] = q;
    }
    if (!mask) return;
    /* distinct segments: insertion sort, then count runs */
    for (int i = 1; i < n; i++) {
        uint64_t x = seg[i];
        int j = i - 1;
        while (j >= 0 && seg[j] > x) seg[j + 1] = seg[j], j--;
        seg[j + 1] = x;
    }
    for (int i = 0; i < n; i++)
        if (!i || seg[i] != seg[i - 1]) sectors++;
counted:;
    uint64_t bytes = (uint64_t)ps_verify_popc(mask) * size;
    int idx = sh->insn;
    int w = e->at.worker >= 0 && e->at.worker < s->t.nworkers ? e->at.worker : 0;
    co_row *r = (co_row *)ps_row(&s->t, w, idx);
    if (!r->used) { /* the first request seen on this worker is the sample */
        r->used = 1;
        r->kind = (uint8_t)e->kind;
        r->size = (uint8_t)(size > 255 ? 255 : size);
        memcpy(r->ctaid, e->at.ctaid, sizeof r->ctaid);
        memcpy(r->block, e->at.block, sizeof r->block);
        r->warp = e->at.warp;
        r->lane = __builtin_ctz(mask);
        r->mask = mask;
        r->addr = e->addr[r->lane];
        r->stride = INT64_MIN;
        uint32_t rest = mask & (mask - 1);
        if (rest) {
            int l0 = r->lane, l1 = __builtin_ctz(rest);
            int64_t st = (int64_t)(e->addr[l1] - e->addr[l0]) / (l1 - l0);
            bool regular = true;
            for (uint32_t m = mask; m; m &= m - 1) {
                int l = __builtin_ctz(m);
                if ((int64_t)(e->addr[l] - e->addr[l0]) != st * (l - l0)) regular = false;
            }
            if (regular) r->stride = st;
        }
    }
    r->requests++;
    r->sectors += sectors;
    r->ideal += (bytes + SECTOR_BYTES - 1) / SECTOR_BYTES;
}

static int cmp_glines(const void *a, const void *b) {
    const ps_line_global_stats *x = a, *y = b;
    return x->ptx_line != y->ptx_line ? (x->ptx_line < y->ptx_line ? -1 : 1) : x->kind - y->kind;
}

static void co_finish(void *self, const ps_launch_result *res) {
    (void)res;
    co_state *s = self;
    ps_verifier *v = s->v;
    if (!s->t.rows) return;
    for (int w = 1; w < s->t.nworkers; w++)
        for (int i = 0; i < s->t.nrows; i++) {
            co_row *a = (co_row *)ps_row(&s->t, 0, i), *b = (co_row *)ps_row(&s->t, w, i);
            if (!b->used) continue;
            if (!a->used) {
                *a = *b;
                continue;
            }
            unsigned la = (a->ctaid[2] * 65536u + a->ctaid[1]) * 65536u + a->ctaid[0];
            unsigned lb = (b->ctaid[2] * 65536u + b->ctaid[1]) * 65536u + b->ctaid[0];
            co_row m = (lb < la || (lb == la && b->warp < a->warp)) ? *b : *a; /* earliest sample */
            m.requests = a->requests + b->requests;
            m.sectors = a->sectors + b->sectors;
            m.ideal = a->ideal + b->ideal;
            *a = m;
        }
    const ps_module *mod = v->module;
    int n = 0;
    for (int i = 0; i < s->t.nrows; i++) n += ((co_row *)ps_row(&s->t, 0, i))->used;
    free(v->glines);
    v->glines = ps_xcalloc((size_t)(n ? n : 1), sizeof *v->glines);
    v->nglines = 0;
    for (int fi = 0, base = 0; fi < mod->nfuncs; fi++) {
        const ps_func *f = mod->funcs[fi];
        for (int j = 0; j < f->ninsns; j++) {
            const co_row *r = (co_row *)ps_row(&s->t, 0, base + j);
            if (!r->used) continue;
            const ps_insn *in = &f->insns[j];
            int k = r->kind == PS_ACC_STORE ? 1 : 0;
            v->stats.global[k].requests += r->requests;
            v->stats.global[k].sectors += r->sectors;
            v->glines[v->nglines++] = (ps_line_global_stats){.ptx_line = in->line,
                                                             .src_line = in->loc_line,
                                                             .kind = r->kind,
                                                             .size = r->size,
                                                             .requests = r->requests,
                                                             .sectors = r->sectors,
                                                             .ideal_sectors = r->ideal};
            if (r->sectors <= UNCOALESCED_FACTOR * r->ideal) continue;
            ps_finding fd = {.kind = PS_FIND_UNCOALESCED,
                             .severity = PS_SEV_WARNING,
                             .count = r->requests,
                             .lanes = r->mask};
            char shape[120];
            if (r->stride != INT64_MIN && r->stride != (int64_t)r->size)
                snprintf(shape, sizeof shape, "lanes are %lld bytes apart", (long long)r->stride);
            else snprintf(shape, sizeof shape, "lanes scatter");
            snprintf(fd.message, sizeof fd.message,
                     "uncoalesced %u-bit global %s: %.1f sectors per request where %.1f would do "
                     "(%llu sectors in %llu requests); %s: let consecutive lanes touch consecutive "
                     "addresses, or stage the data through shared memory",
                     8u * r->size, k ? "stores" : "loads", (double)r->sectors / (double)r->requests,
                     (double)r->ideal / (double)r->requests, (unsigned long long)r->sectors,
                     (unsigned long long)r->requests, shape);
            ps_site_from_row(&fd.at, in, r->ctaid, r->block, r->warp, r->lane);
            fd.at.address = r->addr;
            fd.at.has_address = true;
            fd.at.is_write = k == 1;
            ps_verify_add_finding(v, &fd);
        }
        base += f->ninsns;
    }
    const co_row *r = (co_row *)ps_row(&s->t, 0, s->t.nrows - 1);
    if (r->used) {
        int k = r->kind == PS_ACC_STORE ? 1 : 0;
        v->stats.global[k].requests += r->requests;
        v->stats.global[k].sectors += r->sectors;
    }
    qsort(v->glines, (size_t)v->nglines, sizeof *v->glines, cmp_glines);
}

const ps_checker ps_checker_coalesce = {
    .name = "coalesce",
    .check = PS_CHECK_COALESCE,
    .create = co_create,
    .destroy = ps_row_checker_destroy,
    .launch_begin = ps_row_checker_launch_begin,
    .mem = co_mem,
    .finish = co_finish,
};
