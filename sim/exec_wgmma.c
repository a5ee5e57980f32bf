/* exec_wgmma.c — warpgroup MMA (PTX ISA 9.7.15): wgmma.mma_async for dense .f16/.bf16 (k16,
 * accumulator .f32, or .f16 for .f16) and .tf32 (k8, .f32) with A from registers or from a
 * shared-memory matrix descriptor and B from a descriptor; wgmma.fence, wgmma.commit_group,
 * wgmma.wait_group. Also fp8, 8-bit integer and .b1 inputs, and the sparse form
 * wgmma.mma_async.sp (A 2:4 sparse, k doubled: the products of A's stored elements with the B
 * elements the metadata selects, in K order, through the dense accumulation model of k/2).
 *
 * Model. A warpgroup is four consecutive warps of the CTA (warps 4g..4g+3); warp w%4 owns rows
 * 16(w%4)..16(w%4)+15 of A and of the 64xN accumulator, so each warp's quarter of the result
 * depends only on its own registers, its own rows of A and all of B. ptxsim therefore computes a
 * warp's quarter when that warp issues the instruction (reading shared memory then), with the
 * tensor-core arithmetic of mma_model.c (the k=16 step is the one mma.sync m16n8k16 takes), and
 * writes its accumulator registers at once. The ISA makes any access to those registers (and to
 * the registers holding A) undefined until a wgmma.wait_group covers the instruction, so no
 * correct program can tell; incorrect ones are caught: every instruction that names such a
 * register is wrapped at decode (wg_guard) and faults when it runs while the wgmma is still in
 * flight. A wgmma.mma_async before any wgmma.fence of the warp faults as well. Chains of
 * wgmma.mma_async on one accumulator (same shape and type) are what the ISA allows without a
 * wait and are not flagged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "async.h"
#include "mma_model.h"
#include "tensor.h"
#include "wgmma.h"

enum { WT_F16, WT_BF16, WT_TF32, WT_F32, WT_E4M3, WT_E5M2, WT_S8, WT_U8, WT_B1, WT_S32 };
enum {
    WGF_AREG = 1,
    WGF_NEGA = 2,
    WGF_NEGB = 4,
    WGF_TA = 8,
    WGF_TB = 16,
    WGF_SAT = 32,
    WGF_SP = 64,
    WGF_SEL1 = 128 /* .sp: sparse A; the sparsity selector is 1 */
};

/* wgmma.mma_async's shape, types and options are the record's payload d->wgmma
 * (ps_wgmma_payload, sim_internal.h). k: elements of A and B read per row (.b1: its 32 bytes;
 * .sp: the logical K, A holding k/2 per row); at/bt: input types (WT_*); flags: WGF_*. */

static int wt_bytes(int t) { return t == WT_TF32 ? 4 : t == WT_F16 || t == WT_BF16 ? 2 : 1; }

wg_desc wg_desc_decode(uint64_t v) {
    static const unsigned swz[4] = {0, 128, 64, 32};
    return (wg_desc){.start = (uint32_t)(v & 0x3fff) << 4,
                     .lbo = (uint32_t)(v >> 16 & 0x3fff) << 4,
                     .sbo = (uint32_t)(v >> 32 & 0x3fff) << 4,
                     .base = (unsigned)(v >> 49 & 7),
                     .swizzle = swz[v >> 62]};
}

/* 9.7.15.5.1.2 "Shared Memory Matrix Layout". In units of 16-byte chunks (T = 16/elem_bytes
 * elements), the canonical layouts are, with W the swizzle width in bytes:
 *   K-major, no swizzle: 8x16-byte core matrices; rows of a core matrix 16 bytes apart, core
 *     matrices adjacent in K at LBO, in M/N at SBO.
 *   K-major, swizzled: rows W bytes apart (a row holds W/elem_bytes elements of K), groups of
 *     8 rows at SBO; LBO unused (k16 of 16-bit or k8 of 32-bit elements is 32 bytes <= W).
 *   MN-major, no swizzle: core matrices of 8 K-rows x 16 bytes of M/N; adjacent in M/N at SBO,
 *     in K at LBO.
 *   MN-major, swizzled: K-rows W bytes apart (a row holds W/elem_bytes elements of M/N), groups
 *     of 8 K-rows at SBO, groups of W/elem_bytes M/N elements at LBO.
 * The swizzle then exchanges 16-byte chunks within each W-byte row: address bits 4.. (log2(W/16)
 * of them) are XORed with the same number of bits from bit 7 up, the row's index within the
 * repeating pattern of 8 rows (1024/512/256 bytes), minus the descriptor's base offset (H200:
 * every address of the base-offset probe, corpus/wgmma_bulk/case.base.json, fits "minus"; none
 * fits "plus" or "ignored"). */
uint32_t wg_elem_addr(const wg_desc *ds, int mn, int k, int eb, bool mn_major) {
    uint32_t a, t = 16u / (uint32_t)eb, w = ds->swizzle;
    if (!w) {
        if (mn_major)
            a = ds->start + (uint32_t)(mn / (int)t) * ds->sbo + (uint32_t)(mn % (int)t) * (uint32_t)eb +
                (uint32_t)(k / 8) * ds->lbo + (uint32_t)(k % 8) * 16;
        else
            a = ds->start + (uint32_t)(mn / 8) * ds->sbo + (uint32_t)(mn % 8) * 16 + (uint32_t)(k / (int)t) * ds->lbo +
                (uint32_t)(k % (int)t) * (uint32_t)eb;
        return a;
    }
    uint32_t per = w / (uint32_t)eb; /* elements in a W-byte row */
    if (mn_major)
        a = ds->start + (uint32_t)(mn / (int)per) * ds->lbo + (uint32_t)(mn % (int)per) * (uint32_t)eb +
            (uint32_t)(k / 8) * ds->sbo + (uint32_t)(k % 8) * w;
    else
        a = ds->start + (uint32_t)(mn / 8) * ds->sbo + (uint32_t)(mn % 8) * w + (uint32_t)(k / (int)per) * ds->lbo +
            (uint32_t)(k % (int)per) * (uint32_t)eb;
    uint32_t mask = w / 16 - 1;
    uint32_t row = ((a >> 7) - ds->base) & mask;
    return a ^ (row << 4);
}

static ps_wgwarp *wg_warp(ps_cta *c, int warp) {
    struct ps_async *a = ps_async_get(c);
    if (a->nwg < c->nwarps) {
        a->wg = ps_xrealloc(a->wg, sizeof *a->wg * (size_t)c->nwarps);
        memset(a->wg + a->nwg, 0, sizeof *a->wg * (size_t)(c->nwarps - a->nwg));
        a->nwg = c->nwarps;
    }
    return &a->wg[warp];
}

/* The warp's warpgroup must exist whole and run the instruction with every lane. */
static bool wg_whole(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return false;
    ps_cta *c = w->cta;
    int g = w->id / 4;
    for (int i = 4 * g; i < 4 * g + 4; i++) {
        if (i >= c->nwarps || c->warps[i].valid != FULL_MASK) {
            ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, 0,
                           "'%s' needs the whole warpgroup %d (threads %d..%d of the block), which "
                           "this block of %u threads does not have",
                           d->src->text, g, 128 * g, 128 * g + 127, c->L->nthreads);
            return false;
        }
    }
    return true;
}

/* The 16-byte shared-memory rows (core-matrix rows) a wgmma.mma_async of one warp read through
 * its descriptors, collected for the observer when one listens (wg_rows_report). */
#define WG_MAX_ROWS (256u * 1024u / 16u)
static _Thread_local struct {
    bool on;
    uint32_t n;
    uint64_t seen[WG_MAX_ROWS / 64];
    uint32_t row[WG_MAX_ROWS];
} wg_rows;

static void wg_row_note(uint32_t addr) {
    uint32_t r = addr >> 4;
    if (r >= WG_MAX_ROWS || (wg_rows.seen[r / 64] >> (r % 64) & 1)) return;
    wg_rows.seen[r / 64] |= 1ull << (r % 64);
    wg_rows.row[wg_rows.n++] = r;
}

/* Reports the rows as async-proxy loads of instruction d, 32 rows (one per lane slot) to an
 * event; the lanes stand for the warp, not for threads (docs/checkers.md, wgmma operands). */
static void wg_rows_report(ps_warp *w, const ps_dinsn *d) {
    const ps_observer *o = w->cta->obs;
    ps_mem_event ev;
    ps_event_where_fill(&ev.at, w, d);
    ev.kind = PS_ACC_LOAD;
    ev.size = ev.elem = 16;
    ev.remote = 0;
    ev.hint = PS_MEM_ONE_SPACE | PS_MEM_ASYNC_PROXY;
    for (uint32_t i = 0; i < wg_rows.n; i += 32) {
        uint32_t n = wg_rows.n - i < 32 ? wg_rows.n - i : 32;
        ev.mask = n == 32 ? FULL_MASK : (1u << n) - 1;
        for (uint32_t l = 0; l < n; l++) {
            ev.space[l] = PS_SPACE_SHARED;
            ev.addr[l] = (uint64_t)wg_rows.row[i + l] << 4;
            wg_rows.seen[wg_rows.row[i + l] / 64] = 0;
        }
        o->mem(o->ctx, &ev);
    }
    wg_rows.n = 0;
}

static uint32_t smem_elem(ps_warp *w, uint32_t addr, int eb, bool *ok) {
    ps_cta *c = w->cta;
    if (wg_rows.on) wg_row_note(addr);
    if ((uint64_t)addr + (uint64_t)eb > c->shared_size) {
        if (*ok)
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, 0,
                           "wgmma matrix descriptor reaches shared address 0x%x, beyond the block's "
                           "%llu bytes of shared memory",
                           addr, (unsigned long long)c->shared_size);
        *ok = false;
        return 0;
    }
    uint32_t v = 0;
    memcpy(&v, c->shared + addr, (size_t)eb);
    return v;
}

static mma_fmt wt_fmt(int t) {
    return t == WT_F16 ? MF_F16
        : t == WT_BF16 ? MF_BF16
        : t == WT_TF32 ? MF_TF32
        : t == WT_E4M3 ? MF_E4M3
        : t == WT_E5M2 ? MF_E5M2
                       : MF_F32;
}

/* d = c + sum of a[i]*b[i] over k 8-bit integers (s8 when sa/sb), or c + popc(a AND b) over k
 * bytes of .b1 elements: exact, the 32-bit result wrapping, or saturating with .satfinite. */
static uint32_t wg_dot_int(int at, int bt, const uint32_t *a, const uint32_t *b, int k, uint32_t c, bool sat) {
    int64_t acc = (int32_t)c;
    for (int i = 0; i < k; i++) {
        if (at == WT_B1) {
            acc += __builtin_popcount(a[i] & b[i]);
            continue;
        }
        int64_t x = at == WT_S8 ? (int8_t)a[i] : (int64_t)(uint8_t)a[i];
        int64_t y = bt == WT_S8 ? (int8_t)b[i] : (int64_t)(uint8_t)b[i];
        acc += x * y;
    }
    if (sat) acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
    return (uint32_t)acc;
}

/* The descriptors are the same in every lane, and every warp of the warpgroup executes its n-th
 * wgmma.mma_async at the same instruction with the same descriptors (the ISA requires both;
 * each warp then takes its own rows). Records this warp's issue number st->issued. */
static bool wg_same(ps_warp *w, const ps_dinsn *d, ps_wgwarp *st, uint16_t sa, uint16_t sb) {
    uint64_t da = sa == NO_SLOT ? 0 : R(w, sa)[0], db = R(w, sb)[0];
    for (int l = 1; l < WARP; l++)
        if ((sa != NO_SLOT && R(w, sa)[l] != da) || R(w, sb)[l] != db) {
            ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, l,
                           "wgmma.mma_async matrix descriptors differ between lanes 0 and %d", l);
            return false;
        }
    ps_cta *c = w->cta;
    for (int i = 4 * (w->id / 4); i < 4 * (w->id / 4) + 4; i++) {
        if (i == w->id) continue;
        const ps_wgwarp *o = wg_warp(c, i);
        for (int h = 0; h < 8; h++) {
            if (o->hist[h].n != st->issued || !o->hist[h].d) continue;
            if (o->hist[h].d != d || o->hist[h].da != da || o->hist[h].db != db) {
                ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, 0,
                               "wgmma.mma_async number %u of warpgroup %d: warp %d ran it at line %d "
                               "with descriptors 0x%llx, 0x%llx, warp %d at line %d with 0x%llx, 0x%llx; "
                               "the warps of a warpgroup must execute the same instruction with the "
                               "same descriptors",
                               st->issued, w->id / 4, i, o->hist[h].d->line, (unsigned long long)o->hist[h].da,
                               (unsigned long long)o->hist[h].db, w->id, d->line, (unsigned long long)da,
                               (unsigned long long)db);
                return false;
            }
        }
    }
    st->hist[st->issued % 8].n = st->issued;
    st->hist[st->issued % 8].d = d;
    st->hist[st->issued % 8].da = da;
    st->hist[st->issued % 8].db = db;
    return true;
}

/* .sp (PTX ISA 9.7.15.6, sparse wgmma): A is 2:4 sparse in K (.tf32: 1:2), stored compressed,
 * k/2 elements per row in the dense layout of that width; a 4-bit metadata field per chunk of 4
 * K positions (.tf32: of 2) names the positions of the chunk's two (one) stored elements: bits
 * 1:0 the first, 3:2 the second (.tf32: 0b0100 the first of the pair, 0b1110 the second). Where
 * the fields of a warp's rows g and g+8 (g = 0..7) live, as the H200 recording shows
 * (tests/data/wgmma_sp), in the lanes 4g..4g+3:
 *   16-bit and .tf32 (32 bits a row): chunks 4p..4p+3 in lane 4g+2*sel+p, row g the low and
 *     row g+8 the high half (the selector picks the lane pair);
 *   8-bit (64 bits a row): chunks 0..7 of row g in lane 4g, of row g+8 in 4g+1; chunks 8..15 in
 *     4g+2 and 4g+3 (selector 0).
 * Fills KI[r][i], the K index of element i of A's row r; faults on a field the ISA leaves
 * undefined. */
static bool wg_sp_index(ps_warp *w, const uint64_t *meta, const ps_wgmma_payload *sh, uint8_t KI[16][64]) {
    bool tf32 = sh->at == WT_TF32;
    int nchunks = tf32 ? sh->k / 2 : sh->k / 4, sel = sh->flags & WGF_SEL1 ? 1 : 0;
    for (int r = 0; r < 16; r++)
        for (int j = 0; j < nchunks; j++) {
            int lane = 4 * (r % 8) + 2 * sel + j / 4, bit = 16 * (r / 8) + 4 * (j % 4);
            if (nchunks == 16) /* 8-bit: a row's chunks 0..7 fill lane 4g (g+8: 4g+1), 8..15 lane 4g+2 (4g+3) */
                lane = 4 * (r % 8) + r / 8 + 2 * (j / 8), bit = 4 * (j % 8);
            unsigned f = (unsigned)(meta[lane] >> bit) & 15u, i0 = f & 3u, i1 = f >> 2;
            bool bad = tf32 ? f != 0x4 && f != 0xe : i0 >= i1;
            if (bad) {
                ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, lane,
                               "sparse wgmma.mma_async: metadata field 0x%x (lane %d, bits %d..%d, row %d "
                               "of the warp's 16, K %d..%d) is not %s; the PTX ISA leaves the result "
                               "undefined",
                               f, lane, bit + 3, bit, r, tf32 ? 2 * j : 4 * j, tf32 ? 2 * j + 1 : 4 * j + 3,
                               tf32 ? "0x4 or 0xe (.tf32 is 1:2 sparse)"
                                    : "0x4 0x8 0x9 0xc 0xd or 0xe (0x0 0x5 0xa 0xf are undefined; "
                                      "decreasing index pairs are not modelled by ptxsim)");
                return false;
            }
            if (tf32) KI[r][j] = (uint8_t)(2 * j + (int)(i0 >> 1));
            else KI[r][2 * j] = (uint8_t)(4 * j + (int)i0), KI[r][2 * j + 1] = (uint8_t)(4 * j + (int)i1);
        }
    return true;
}

static void wg_mma(ps_warp *w, const ps_dinsn *d) {
    if (!wg_whole(w, d)) return;
    ps_cta *c = w->cta;
    ps_wgwarp *st = wg_warp(c, w->id);
    if (!st->fenced) {
        ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, 0,
                       "wgmma.mma_async before any wgmma.fence of this warp: the PTX ISA requires a "
                       "wgmma.fence before the first wgmma.mma_async (and after register accesses "
                       "to its operands)");
        return;
    }
    const ps_wgmma_payload sh = d->wgmma;
    const ps_frame *f = &w->frames[w->nframes - 1];
    const ps_fprog *fp = f->fp;
    size_t pc = (size_t)(d - fp->code);
    /* an earlier wgmma of this warp still in flight on registers this one uses */
    if (fp->wg_conflict)
        for (int i = 0; i < st->nops; i++)
            if (st->ops[i].fp == fp && (fp->wg_conflict[pc] >> st->ops[i].index & 1)) {
                ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, 0,
                               "wgmma.mma_async uses registers of the wgmma.mma_async at line %d "
                               "before a wgmma.wait_group covers it (only chains on the same "
                               "accumulator with the same shape may overlap)",
                               st->ops[i].d->line);
                return;
            }
    /* a sibling warp that exited without issuing as many wgmma instructions */
    st->issued++;
    for (int i = 4 * (w->id / 4); i < 4 * (w->id / 4) + 4; i++) {
        const ps_wgwarp *o = wg_warp(c, i);
        if (i != w->id && c->warps[i].state == WS_DONE && o->issued < st->issued) {
            ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, 0,
                           "wgmma.mma_async number %u of warpgroup %d: warp %d exited after %u; "
                           "every warp of the warpgroup must execute it",
                           st->issued, w->id / 4, i, o->issued);
            return;
        }
    }
    const uint16_t *s = tc_slots(w, d);
    bool f32d = sh.dt != WT_F16, areg = sh.flags & WGF_AREG, sp = sh.flags & WGF_SP;
    int n = sh.n, k = sh.k, eb = wt_bytes(sh.at), ka = sp ? k / 2 : k; /* ka: A elements per row */
    int nd = f32d ? n / 2 : n / 4;
    const uint16_t *sd = s, *sa = s + nd;
    int na = areg ? 4 : 1;
    uint16_t sb = sa[na];
    if (!wg_same(w, d, st, areg ? NO_SLOT : sa[0], sb)) return;
    int q = w->id % 4; /* this warp's rows: 16q .. 16q+15 */
    uint32_t sign = eb == 1 ? 0x80u : eb == 2 ? 0x8000u : 0x80000000u;
    uint32_t nega = (sh.flags & WGF_NEGA) ? sign : 0, negb = (sh.flags & WGF_NEGB) ? sign : 0;
    static _Thread_local uint32_t A[16][32], B[256][64]; /* B: up to k64 (.sp 8-bit) */
    bool ok = true;
    wg_desc da0 = wg_desc_decode(areg ? 0 : R(w, sa[0])[0]), db0 = wg_desc_decode(R(w, sb)[0]);
    wg_rows.on = w->cta->obs && w->cta->obs->mem;
    wg_rows.n = 0;
    /* A: this warp's 16 rows */
    if (areg) {
        for (int l = 0; l < WARP; l++) {
            int t = 32 * q + l;
            for (int e = 0; e < (eb == 1 ? 16 : eb == 2 ? 8 : 4); e++) {
                int row, col;
                uint32_t v;
                if (eb == 1) {
                    wg_a8_pos(t, e, &row, &col);
                    v = (uint32_t)(R(w, sa[e / 4])[l] >> (8 * (e % 4))) & 0xffu;
                } else if (eb == 2) {
                    wg_a16_pos(t, e, &row, &col);
                    v = (uint32_t)(R(w, sa[e / 2])[l] >> (16 * (e % 2))) & 0xffffu;
                } else {
                    wg_a32_pos(t, e, &row, &col);
                    v = (uint32_t)R(w, sa[e])[l];
                }
                A[row - 16 * q][col] = v ^ nega;
            }
        }
    } else {
        const wg_desc da = da0;
        for (int r = 0; r < 16 && ok; r++)
            for (int kk = 0; kk < ka; kk++)
                A[r][kk] = smem_elem(w, wg_elem_addr(&da, 16 * q + r, kk, eb, sh.flags & WGF_TA), eb, &ok) ^ nega;
    }
    const wg_desc db = db0;
    for (int col = 0; col < n && ok; col++)
        for (int kk = 0; kk < k; kk++)
            B[col][kk] = smem_elem(w, wg_elem_addr(&db, col, kk, eb, sh.flags & WGF_TB), eb, &ok) ^ negb;
    if (wg_rows.on) {
        if (ok) wg_rows_report(w, d);
        else
            for (uint32_t i = 0; i < wg_rows.n; i++) wg_rows.seen[wg_rows.row[i] / 64] = 0;
        wg_rows.n = 0;
        wg_rows.on = false;
    }
    if (!ok) return;
    /* .sp: the K index of each of A's k/2 elements per row, from the metadata (slot after B;
     * the selector's slot follows) */
    static _Thread_local uint8_t KI[16][64];
    if (sp && !wg_sp_index(w, R(w, sa[na + 1]), &sh, KI)) return;
    /* scale-d: a predicate (scale_d & 4; its index is the slot entry after B, after the metadata
     * and selector with .sp; negated when scale_d & 2) or a constant (scale_d & 1) */
    uint32_t scale_d;
    if (d->scale_d & 4) {
        uint32_t p = w->p[sa[na + (sp ? 3 : 1)]];
        scale_d = (d->scale_d & 2) ? ~p : p;
    } else {
        scale_d = (d->scale_d & 1) ? FULL_MASK : 0;
    }
    mma_fmt af = wt_fmt(sh.at), bf = wt_fmt(sh.bt), df = sh.dt == WT_F16 ? MF_F16 : MF_F32;
    bool integer = sh.dt == WT_S32, fp8 = sh.at == WT_E4M3 || sh.at == WT_E5M2;
    mma_acc_model m = mma_model_for(af, ka);
    for (int l = 0; l < WARP; l++) {
        bool acc = scale_d >> l & 1;
        int t = 32 * q + l;
        uint32_t out[128];
        for (int e = 0; e < (f32d ? nd : 2 * nd); e++) {
            int row, col;
            wg_d_pos(t, e, &row, &col);
            uint32_t cv = 0;
            if (acc) {
                uint64_t r = R(w, sd[f32d ? e : e / 2])[l];
                cv = f32d ? (uint32_t)r : (uint32_t)(r >> (16 * (e % 2))) & 0xffffu;
            }
            const uint32_t *bc = B[col];
            uint32_t bs[64];
            if (sp) { /* the products of A's non-zero elements, in K order */
                for (int i = 0; i < ka; i++) bs[i] = B[col][KI[row - 16 * q][i]];
                bc = bs;
            }
            uint32_t v = integer ? wg_dot_int(sh.at, sh.bt, A[row - 16 * q], bc, ka, cv, sh.flags & WGF_SAT)
                : fp8            ? mma_dot_wgmma_fp8(af, bf, A[row - 16 * q], bc, ka, df, cv)
                                 : mma_dot_float(m, af, bf, A[row - 16 * q], bc, ka, df, cv, df);
            if (f32d) out[e] = v;
            else if (e % 2) out[e / 2] |= v << 16;
            else out[e / 2] = v;
        }
        for (int i = 0; i < nd; i++) R(w, sd[i])[l] = out[i];
    }
    if (st->nops == st->cap) {
        st->cap = st->cap ? 2 * st->cap : 8;
        st->ops = ps_xrealloc(st->ops, sizeof *st->ops * (size_t)st->cap);
    }
    st->ops[st->nops++] = (ps_wgop){.group = 0, .index = sh.index, .fp = fp, .d = d};
}

static void wg_fence(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    wg_warp(w->cta, w->id)->fenced = true;
}

static void wg_commit(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    ps_wgwarp *st = wg_warp(w->cta, w->id);
    st->committed++;
    for (int i = 0; i < st->nops; i++)
        if (!st->ops[i].group) st->ops[i].group = st->committed;
}

/* wait_group N: every committed group but the newest N is complete (d->imm = N). */
static void wg_wait(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    ps_wgwarp *st = wg_warp(w->cta, w->id);
    uint64_t nkeep = (uint64_t)d->imm;
    int keep = 0;
    for (int i = 0; i < st->nops; i++) {
        ps_wgop *o = &st->ops[i];
        bool done = o->group && (uint64_t)o->group + nkeep <= st->committed;
        if (!done) st->ops[keep++] = *o;
    }
    st->nops = keep;
}

/* The wrapper of instructions that name registers of some wgmma.mma_async of the function. */
static void wg_guard(ps_warp *w, const ps_dinsn *d) {
    const ps_fprog *fp = w->frames[w->nframes - 1].fp;
    size_t pc = (size_t)(d - fp->code);
    struct ps_async *a = w->cta->async;
    if (a && w->id < a->nwg) {
        const ps_wgwarp *st = &a->wg[w->id];
        for (int i = 0; i < st->nops; i++)
            if (st->ops[i].fp == fp && (fp->wg_conflict[pc] >> st->ops[i].index & 1)) {
                ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(w->exec),
                               "'%s' accesses a register of the wgmma.mma_async at line %d before a "
                               "wgmma.wait_group covers it: the accumulator and A-fragment registers "
                               "are undefined until then (PTX ISA, wgmma.wait_group)",
                               d->src->text, st->ops[i].d->line);
                return;
            }
    }
    fp->wg_orig[pc](w, d);
}

/* ---- decode ------------------------------------------------------------------------ */

static int wgmma_type(ps_word w) {
    static const ps_word types[] = {PS_WT(F16),  PS_WT(BF16), PS_WT(TF32), PS_WT(F32), PS_WT(E4M3),
                                    PS_WT(E5M2), PS_WT(S8),   PS_WT(U8),   PS_WT(B1),  PS_WT(S32)};
    static const int wt[] = {WT_F16, WT_BF16, WT_TF32, WT_F32, WT_E4M3, WT_E5M2, WT_S8, WT_U8, WT_B1, WT_S32};
    for (int i = 0; i < 10; i++)
        if (w == types[i]) return wt[i];
    return -1;
}

static bool imm_of(const ps_operand *o, int64_t *v) {
    if (o->kind != PS_OP_IMM) return false;
    *v = (int64_t)o->imm;
    return true;
}

ps_exec_fn ps_select_wgmma(const ps_insn *in, ps_dinsn *d, const ps_func *fn, char *why, size_t len) {
#define WHY(...) (snprintf(why, len, __VA_ARGS__), (ps_exec_fn)NULL)
    /* the words after the mnemonic (wgmma.fence, wgmma.mma_async, ...) */
    ps_word words[12];
    int nw = in->nwords < 12 ? in->nwords : 12;
    memcpy(words, in->words, sizeof words[0] * (size_t)nw);
    bool sync = ps_insn_has(in, PS_WM(SYNC)), aligned = ps_insn_has(in, PS_WM(ALIGNED));
    if (!sync || !aligned) return WHY("'%s' must be written .sync.aligned", in->text);
    switch (in->form) {
    case PS_F_WGMMA_FENCE: return nw == 2 ? wg_fence : WHY("unexpected modifiers on '%s'", in->text);
    case PS_F_WGMMA_COMMIT: return nw == 2 ? wg_commit : WHY("unexpected modifiers on '%s'", in->text);
    case PS_F_WGMMA_WAIT: {
        int64_t v;
        if (nw != 2 || in->nops != 1 || !imm_of(&in->ops[0], &v) || v < 0)
            return WHY("wgmma.wait_group.sync.aligned takes one non-negative integer constant");
        d->imm = v;
        return wg_wait;
    }
    default: break;
    }
    /* wgmma.mma_async.sync.aligned.shape{.satfinite}.dtype{.satfinite}.atype.btype{.and.popc} */
    /* .sp: drop the word; operands then gain sp-meta and sp-sel after b-desc */
    bool sp = nw > 2 && words[0] == PS_WM(SP);
    if (sp) {
        memmove(&words[0], &words[1], sizeof words[0] * (size_t)(nw - 1));
        nw--;
    }
    int o0 = sp ? 2 : 0;
    /* .satfinite after the dtype, or (as the ISA's syntax lines write it, and ptxas takes both)
     * right after the shape: move it to the dtype's side */
    if (nw > 4 && words[3] == PS_WM(SATFINITE)) {
        ps_word tmp = words[3];
        words[3] = words[4];
        words[4] = tmp;
    }
    bool sat = nw > 4 && words[4] == PS_WM(SATFINITE);
    int ti = sat ? 5 : 4; /* atype */
    bool popc = nw == ti + 4 && words[ti + 2] == PS_WM(AND) && words[ti + 3] == PS_WM(POPC);
    if (nw != ti + 2 + (popc ? 2 : 0))
        return WHY("'%s': ptxsim executes wgmma.mma_async{.sp}.sync.aligned.m64nNkK{.satfinite}.dtype.atype.btype "
                   "(.b1: followed by .and.popc)",
                   in->text);
    unsigned m = (unsigned)in->shape_m, n = (unsigned)in->shape_n, k = (unsigned)in->shape_k;
    if (ps_word_kind(words[2]) != PS_WK_SHAPE || !k || m != 64 || n < 8 || n > 256 || n % 8)
        return WHY("'%s': shape must be m64nNkK with N = 8, 16, ..., 256", in->text);
    int dt = wgmma_type(words[3]), at = wgmma_type(words[ti]), bt = wgmma_type(words[ti + 1]);
    /* A's and B's type names, for the diagnostics (at and bt are types when they are read) */
    const char *an = ps_type_name((ps_type)ps_word_value(words[ti])),
               *bn = ps_type_name((ps_type)ps_word_value(words[ti + 1]));
    bool fl16 = at == WT_F16 || at == WT_BF16 || at == WT_TF32, fp8 = at == WT_E4M3 || at == WT_E5M2;
    bool int8 = at == WT_S8 || at == WT_U8, b1 = at == WT_B1;
    if (at < 0 || bt < 0 || dt < 0)
        return WHY("'%s': unknown type (wgmma takes .f16 .bf16 .tf32 .e4m3 .e5m2 .s8 .u8 .b1 inputs)", in->text);
    if (fl16 ? bt != at : fp8 ? bt != WT_E4M3 && bt != WT_E5M2 : int8 ? bt != WT_S8 && bt != WT_U8 : bt != at)
        return WHY("'%s': .%s A does not combine with .%s B", in->text, an, bn);
    if ((fl16 || fp8) && dt != WT_F32 && dt != WT_F16)
        return WHY("'%s': floating-point inputs take an .f32 or .f16 accumulator", in->text);
    if ((int8 || b1) && dt != WT_S32) return WHY("'%s': .%s inputs take an .s32 accumulator", in->text, an);
    if (dt == WT_F16 && (at == WT_BF16 || at == WT_TF32))
        return WHY("'%s': an .f16 accumulator needs .f16 or fp8 inputs", in->text);
    if (sat && !int8) return WHY("'%s': .satfinite applies to the integer (.s8/.u8) forms", in->text);
    if (popc != b1) return WHY("'%s': .b1 inputs take .and.popc (and only they do)", in->text);
    if (sp && b1) return WHY("'%s': sparse wgmma takes no .b1 inputs", in->text);
    unsigned want_k = (at == WT_TF32 ? 8 : fl16 ? 16 : b1 ? 256 : 32) * (sp ? 2 : 1);
    if (k != want_k) return WHY("'%s': .%s inputs take k%u", in->text, an, want_k);
    if ((int8 || b1) && n > 24 && n % 16)
        return WHY("'%s': integer and .b1 wgmma take N = 8, 16, 24, 32, 48, 64, ..., 256 (multiples of 16 above 24)",
                   in->text);
    ps_wgmma_payload sh = {
        .n = (uint16_t)n, .k = (uint8_t)(b1 ? 32 : k), .dt = (uint8_t)dt, .at = (uint8_t)at, .bt = (uint8_t)bt};
    int nd = dt == WT_F16 ? (int)n / 4 : (int)n / 2;
    bool t16 = at == WT_F16 || at == WT_BF16, scales = fl16 || fp8;
    /* operands: d, a (vector of 4, or a descriptor), b-desc, scale-d, then for floating-point
     * inputs imm-scale-a, imm-scale-b, and for 16-bit inputs imm-trans-b (A in registers) or
     * imm-trans-a, imm-trans-b */
    if (in->nops < 4 || in->ops[0].kind != PS_OP_VEC || in->ops[0].nitems != nd)
        return WHY("'%s': the accumulator is a vector of %d registers", in->text, nd);
    bool areg = in->ops[1].kind == PS_OP_VEC;
    if (areg && in->ops[1].nitems != 4) return WHY("'%s': A in registers is a vector of 4 registers", in->text);
    if (!areg && in->ops[1].kind != PS_OP_REG)
        return WHY("'%s': A is a 64-bit descriptor register or a vector of 4 registers", in->text);
    if (in->ops[2].kind != PS_OP_REG) return WHY("'%s': B is a 64-bit descriptor register", in->text);
    int want = 4 + o0 + (scales ? 2 : 0) + (t16 ? (areg ? 1 : 2) : 0);
    if (in->nops != want)
        return WHY("'%s' takes %d operands here (d, a, b-desc, %sscale-d%s%s)", in->text, want,
                   sp ? "sp-meta, sp-sel, " : "", scales ? ", imm-scale-a, imm-scale-b" : "",
                   !t16       ? ""
                       : areg ? ", imm-trans-b"
                              : ", imm-trans-a, imm-trans-b");
    int64_t sel = 0;
    if (sp) {
        const ps_operand *mo = &in->ops[3];
        if (mo->kind != PS_OP_IMM && mo->kind != PS_OP_REG)
            return WHY("'%s': sp-meta is a 32-bit register or constant", in->text);
        /* selector: 16-bit and .tf32 inputs keep a row's metadata in two lanes of four (0 or 1
         * picks the pair), 8-bit inputs in all four (0) */
        int64_t maxsel = int8 || fp8 ? 0 : 1;
        if (!imm_of(&in->ops[4], &sel) || sel < 0 || sel > maxsel)
            return WHY("'%s': sp-sel must be the integer constant %s for .%s inputs", in->text, maxsel ? "0 or 1" : "0",
                       an);
    }
    const ps_operand *sdo = &in->ops[3 + o0];
    if (sdo->kind == PS_OP_IMM) {
        if (sdo->imm > 1) return WHY("'%s': scale-d is a predicate or the constant 0 or 1", in->text);
        d->scale_d = sdo->imm ? 1 : 0;
    } else if (sdo->kind == PS_OP_REG && fn->regs[sdo->reg].type == PS_T_PRED) {
        d->scale_d = (uint8_t)(4 | (sdo->neg ? 2 : 0));
    } else {
        return WHY("'%s': scale-d is a predicate or the constant 0 or 1", in->text);
    }
    int64_t v[4] = {1, 1, 0, 0};
    for (int i = 4 + o0; i < in->nops; i++)
        if (!imm_of(&in->ops[i], &v[i - 4 - o0]))
            return WHY("'%s': operand %d must be an integer constant", in->text, i + 1);
    for (int i = 0; i < 2; i++)
        if (v[i] != 1 && v[i] != -1) return WHY("'%s': imm-scale-a/b must be 1 or -1", in->text);
    int64_t ta = areg ? 0 : v[2], tb = areg ? v[2] : v[3];
    if (!t16) ta = tb = 0;
    if ((ta != 0 && ta != 1) || (tb != 0 && tb != 1)) return WHY("'%s': imm-trans-a/b must be 0 or 1", in->text);
    sh.flags =
        (uint8_t)((areg ? WGF_AREG : 0) | (v[0] < 0 ? WGF_NEGA : 0) | (v[1] < 0 ? WGF_NEGB : 0) | (ta ? WGF_TA : 0) |
                  (tb ? WGF_TB : 0) | (sat ? WGF_SAT : 0) | (sp ? WGF_SP : 0) | (sel ? WGF_SEL1 : 0));
    d->wgmma = sh;
    return wg_mma;
#undef WHY
}

/* ---- the access check, installed once a function is decoded ------------------------- */

typedef struct {
    int *regs;
    int n, cap;
} regset;

static void rs_add(regset *s, int r) {
    if (r < 0) return;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->regs = ps_xrealloc(s->regs, sizeof(int) * (size_t)s->cap);
    }
    s->regs[s->n++] = r;
}

static void rs_of_operand(regset *s, const ps_operand *o) {
    switch (o->kind) {
    case PS_OP_REG:
        rs_add(s, o->reg);
        rs_add(s, o->pair_reg);
        break;
    case PS_OP_ADDR: rs_add(s, o->reg); break;
    case PS_OP_VEC:
    case PS_OP_LIST:
        for (int i = 0; i < o->nitems; i++) rs_of_operand(s, &o->items[i]);
        break;
    default: break;
    }
}

static bool rs_meet(const regset *a, const regset *b) {
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++)
            if (a->regs[i] == b->regs[j]) return true;
    return false;
}

static bool rs_equal(const regset *a, const regset *b) {
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
        if (a->regs[i] != b->regs[i]) return false;
    return true;
}

void ps_wgmma_install_checks(ps_fprog *fp) {
    int n = fp->ncode, nw = 0;
    for (int i = 0; i < n; i++)
        if (fp->code[i].fn == wg_mma) nw++;
    if (!nw) return;
    int *pcs = ps_xmalloc(sizeof(int) * (size_t)nw);
    regset *D = ps_xcalloc((size_t)nw, sizeof *D), *A = ps_xcalloc((size_t)nw, sizeof *A);
    nw = 0;
    for (int i = 0; i < n; i++) {
        ps_dinsn *d = &fp->code[i];
        if (d->fn != wg_mma) continue;
        d->wgmma.index = (uint8_t)(nw < 63 ? nw : 63); /* beyond 63: number 63 stands for all of them */
        rs_of_operand(&D[nw], &d->src->ops[0]);
        if (d->src->ops[1].kind == PS_OP_VEC) rs_of_operand(&A[nw], &d->src->ops[1]);
        pcs[nw++] = i;
    }
    fp->wg_conflict = ps_xcalloc((size_t)n + 1, sizeof(uint64_t));
    fp->wg_orig = ps_xcalloc((size_t)n + 1, sizeof(ps_exec_fn));
    regset r = {0};
    for (int i = 0; i < n; i++) {
        ps_dinsn *d = &fp->code[i];
        if (d->ctl != CTL_NONE || !d->fn) continue;
        uint64_t mask = 0;
        if (d->fn == wg_mma) {
            int j = 0;
            while (pcs[j] != i) j++;
            const ps_wgmma_payload *sj = &d->wgmma;
            for (int k = 0; k < nw; k++) {
                const ps_wgmma_payload *si = &fp->code[pcs[k]].wgmma;
                bool chain = rs_equal(&D[j], &D[k]) && sj->n == si->n && sj->dt == si->dt;
                bool bad = rs_meet(&D[j], &A[k]) || rs_meet(&A[j], &D[k]) || (!chain && rs_meet(&D[j], &D[k]));
                if (bad) mask |= 1ull << (k < 63 ? k : 63);
            }
            fp->wg_conflict[i] = mask;
            continue;
        }
        r.n = 0;
        for (int o = 0; o < d->src->nops; o++) rs_of_operand(&r, &d->src->ops[o]);
        for (int k = 0; k < nw; k++)
            if (rs_meet(&r, &D[k]) || rs_meet(&r, &A[k])) mask |= 1ull << (k < 63 ? k : 63);
        if (!mask) continue;
        fp->wg_conflict[i] = mask;
        fp->wg_orig[i] = d->fn;
        d->fn = wg_guard;
    }
    free(r.regs);
    for (int k = 0; k < nw; k++) free(D[k].regs), free(A[k].regs);
    free(D);
    free(A);
    free(pcs);
}
