/* exec_tma.c — tensor copies through tiled tensor maps (PTX ISA 9.7.9.25.5):
 *   cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes
 *       [dst], [tensorMap, {c0, ..}], [mbar]        global box -> shared memory
 *   cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group [tensorMap, {c0, ..}], [src]
 *   cp.reduce.async.bulk.tensor.Nd.global.shared::cta.OP.tile.bulk_group [tensorMap, {..}], [src]
 * (.shared::cta destination, .tile omitted, .L2::cache_hint accepted), and im2col loads
 *   cp.async.bulk.tensor.Nd.shared::cluster.global.im2col.mbarrier::complete_tx::bytes
 *       [dst], [tensorMap, {c, w, {h, {d,}} n}], [mbar], {offsets}   (N = 3..5)
 * (.multicast::cluster: the box lands in every CTA of ctaMask) through an im2col map: ppc rows of cpp channels, the pixels of ps_tmap_im2col_pixels; im2col stores and reductions
 *   cp{.reduce}.async.bulk.tensor.Nd.global.shared::cta{.OP}.im2col_no_offs.bulk_group [tensorMap, {c, w, .. n}], [src]
 * walk the same pixels with no offsets and write (combine) them, as an H200 does (recorded, round 3),
 * when the map's lower corners are >= 0 and the walk stays inside the tensor; otherwise they fault
 * (unsupported): an H200 refused all 13 launches whose walks covered padding (docs/tma.md). The tensor map is the
 * 128-byte object ptxsim encodes for a manifest "tensormap" parameter (tensormap.h), found at a
 * generic address in kernel parameters, constant or global memory.
 *
 * A load copies the box at coordinates c into shared memory as rows of the innermost box
 * dimension (each padded to the swizzle span, 16-byte chunks swizzled: ps_tmap_smem_addr),
 * elements outside the tensor reading as zero (or the NaN fill), then completes the box's bytes
 * on the mbarrier. A store writes the box's elements that lie inside the tensor; a reduction
 * combines them with the global ones. As in exec_bulk.c, the copy happens at issue.
 *
 * Faults where an H200 raises "illegal instruction" (measured, docs/tma.md): a box whose
 * innermost start coordinate is not a multiple of 16 bytes, and a store or reduction with a
 * negative start coordinate. */
#include <stdio.h>
#include <string.h>

#include "async.h"
#include "tensormap.h"

/* TK_IM2COL: an im2col load; TK_I2C_STORE / TK_I2C_REDUCE: .im2col_no_offs stores and reductions */
enum { TK_LOAD, TK_STORE, TK_REDUCE, TK_IM2COL, TK_I2C_STORE, TK_I2C_REDUCE };

/* The lane's tensor map, decoded, or false after a fault. */
static bool tmap_at(ps_warp *w, int l, uint64_t addr, unsigned rank, ps_tmap *m) {
    uint64_t win = 0;
    int space = generic_space(addr, &win);
    if (space == SP_SHARED || space == SP_LOCAL) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                       "tensor map at 0x%llx is not in kernel parameters, constant or global memory",
                       (unsigned long long)addr);
        return false;
    }
    if ((addr - win) % 64) {
        ps_fault_raise(w, PS_FAULT_MISALIGNED, l, "tensor map at 0x%llx is not 64-byte aligned",
                       (unsigned long long)addr);
        return false;
    }
    /* resolved in 16-byte pieces (accesses are aligned to their size); one allocation */
    const uint8_t *p = ps_mem_resolve(w, space, addr - win, 16, l, false);
    const uint8_t *q = p ? ps_mem_resolve(w, space, addr - win + PS_TMAP_BYTES - 16, 16, l, false) : NULL;
    if (!q) return false;
    if (q - p != PS_TMAP_BYTES - 16) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "tensor map at 0x%llx spans two allocations",
                       (unsigned long long)addr);
        return false;
    }
    char why[240];
    if (!ps_tmap_decode(p, m, why, sizeof why)) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "cp.async.bulk.tensor: %s", why);
        return false;
    }
    if (m->rank != rank) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "cp.async.bulk.tensor.%ud names a tensor map of rank %u", rank,
                       m->rank);
        return false;
    }
    return true;
}

/* Host pointer to `size` shared bytes at addr (one allocation), or NULL after a fault; addr may
 * name another CTA of the cluster (rank bits, DSMEM_RANK_UNIT). */
static uint8_t *smem_range(ps_warp *w, uint64_t addr, uint64_t size, int l, bool write) {
    int sp = addr >= DSMEM_RANK_UNIT ? SP_DSMEM : SP_SHARED;
    uint8_t *p0 = ps_mem_resolve(w, sp, addr, 16, l, write);
    if (!p0) return NULL;
    uint8_t *p1 = ps_mem_resolve(w, sp, addr + size - 16, 16, l, write);
    if (!p1) return NULL;
    if ((uint64_t)(p1 - p0) != size - 16) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "tensor box in shared memory [0x%llx, 0x%llx) is out of bounds",
                       (unsigned long long)addr, (unsigned long long)(addr + size));
        return NULL;
    }
    return p0;
}

static void smem_event(ps_warp *w, const ps_dinsn *d, int l, uint64_t addr, uint64_t size, bool write) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->mem) return;
    ps_mem_event ev;
    ps_event_where_fill(&ev.at, w, d);
    ev.kind = write ? PS_ACC_STORE : PS_ACC_LOAD;
    ev.size = (uint32_t)size;
    ev.elem = 16;
    ev.mask = 1u << l;
    ev.remote = 0;
    ev.hint = 0;
    ev.space[l] = PS_SPACE_SHARED;
    ev.addr[l] = addr;
    if (addr >= DSMEM_RANK_UNIT) ps_event_dsmem(w, &ev, l, addr); /* maybe another CTA's */
    o->mem(o->ctx, &ev);
}

/* The element type (RT_*) of a tensor reduction with operation op over map m, or false after a
 * fault: integer maps as before (.inc/.dec on u32 only); .add on f32, f64, f16, bf16 maps and
 * .min/.max on f16 and bf16 (an H200 raises an illegal-instruction error for .min/.max on an f32
 * or f64 map: measured). */
static bool reduce_type(ps_warp *w, int l, const ps_tmap *m, int op, int *rty) {
    static const int rt[PS_TMT_COUNT] = {
        [PS_TMT_U32] = RT_U32 + 1, [PS_TMT_S32] = RT_S32 + 1, [PS_TMT_U64] = RT_U64 + 1, [PS_TMT_S64] = RT_S64 + 1,
        [PS_TMT_F32] = RT_F32 + 1, [PS_TMT_F64] = RT_F64 + 1, [PS_TMT_F16] = RT_F16 + 1, [PS_TMT_BF16] = RT_BF16 + 1};
    int t = rt[m->type] - 1;
    bool ok = t >= 0;
    if (t >= RT_F32) ok = op == RO_ADD || ((op == RO_MIN || op == RO_MAX) && (t == RT_F16 || t == RT_BF16));
    else if (ok && (op == RO_INC || op == RO_DEC)) ok = t == RT_U32;
    if (!ok) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                       "cp.reduce.async.bulk.tensor .%s over %s elements: ptxsim reduces u32 s32 u64 s64 (.inc "
                       "and .dec: u32), .add of f32 f64 f16 bf16 and .min/.max of f16 bf16 (.min/.max of f32 and f64 "
                       "raise an illegal-instruction error on an H200)",
                       (const char *[]){"and", "or", "xor", "add", "inc", "dec", "min", "max"}[op],
                       ps_tmap_type_name(m->type));
        return false;
    }
    *rty = t;
    return true;
}

/* Slots: load o[0] dst (offset d->off2), o[1] map (d->imm), o[2..] coordinates, then mbar
 * (d->target); store/reduce o[0] map (d->imm), o[1..] coordinates, then src (d->off2).
 * d->tma_kind TK_*, d->vec rank, d->type2 RO_* of a reduction, d->rnd the ctaMask's slot of a
 * .multicast::cluster load (0: none). A load's destination may be another CTA's (mapa); a
 * multicast load writes the box at the same offset of every CTA in ctaMask and completes its
 * bytes on the mbarrier at the same offset of each. */
/* The im2col stores and reductions (.im2col_no_offs) an H200 executed (lab/tma/i2c/store round 3:
 * 3D/4D store, 3D .add f32) had lower corners all 0 and walks wholly inside the tensor; every
 * launch whose walk covered padding pixels (rounds 1-2, 13 launches, lower corners -1/-2) raised an
 * illegal-instruction error. Anything else faults (unsupported), before memory is touched. */
static bool i2c_store_measured(ps_warp *w, int l, const ps_tmap *m, const int32_t *c, int32_t (*pix)[PS_TMAP_MAX_RANK],
                               bool reduce) {
    const char *op = reduce ? ".reduce" : "";
    for (unsigned i = 0; i + 2 < m->rank; i++)
        if (m->lower[i] < 0) {
            ps_fault_raise(
                w, PS_FAULT_UNSUPPORTED, l,
                "cp%s.async.bulk.tensor.%ud .im2col_no_offs through a map with a negative lower corner (%d): "
                "not measured apart from walks over padding, which an H200 refuses (illegal instruction)",
                op, m->rank, m->lower[i]);
            return false;
        }
    if (c[0] < 0 || (int64_t)c[0] + m->cpp > (int64_t)m->dims[0]) {
        ps_fault_raise(
            w, PS_FAULT_UNSUPPORTED, l,
            "cp%s.async.bulk.tensor.%ud .im2col_no_offs: channels [%d, %lld) outside the tensor (not measured)", op,
            m->rank, c[0], (long long)c[0] + m->cpp);
        return false;
    }
    for (uint32_t p = 0; p < m->ppc; p++)
        for (unsigned i = 1; i < m->rank; i++)
            if (pix[p][i] < 0 || (int64_t)pix[p][i] >= (int64_t)m->dims[i]) {
                ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                               "cp%s.async.bulk.tensor.%ud .im2col_no_offs: pixel %u of the walk is outside the tensor "
                               "(coordinate %d of dimension %u); an H200 raises an illegal-instruction error for walks "
                               "over padding",
                               op, m->rank, p, pix[p][i], i);
                return false;
            }
    return true;
}

static void tensor_copy(ps_warp *w, const ps_dinsn *d) {
    bool im2col = d->tma_kind >= TK_IM2COL;
    int kind = d->tma_kind == TK_IM2COL ? TK_LOAD
        : d->tma_kind == TK_I2C_STORE   ? TK_STORE
        : d->tma_kind == TK_I2C_REDUCE  ? TK_REDUCE
                                        : d->tma_kind;
    unsigned rank = d->vec;
    int mo = kind == TK_LOAD ? 1 : 0;
    for (uint32_t mask = w->exec; mask; mask &= mask - 1) {
        int l = __builtin_ctz(mask);
        ps_tmap m;
        if (!tmap_at(w, l, R(w, d->o[mo])[l] + (uint64_t)d->imm, rank, &m)) return;
        if ((m.mode == PS_TMM_IM2COL) != im2col) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "cp.async.bulk.tensor%s names %s tensor map",
                           im2col ? ".im2col" : " (tile mode)", m.mode == PS_TMM_IM2COL ? "an im2col" : "a tiled");
            return;
        }
        int32_t c[PS_TMAP_MAX_RANK] = {0};
        for (unsigned i = 0; i < rank; i++) c[i] = (int32_t)R(w, d->o[mo + 1 + i])[l];
        unsigned es = ps_tmap_type_size(m.type);
        if ((int64_t)c[0] * es % 16) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l,
                           "cp.async.bulk.tensor: the box starts at coordinate %d of the innermost dimension, "
                           "%lld bytes, not a multiple of 16 (an H200 raises an illegal-instruction error)",
                           c[0], (long long)c[0] * es);
            return;
        }
        if (kind != TK_LOAD)
            for (unsigned i = 0; i < rank; i++)
                if (c[i] < 0) {
                    ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                                   "cp.async.bulk.tensor store or reduction at negative coordinate %d (dimension %u): "
                                   "an H200 raises an illegal-instruction error",
                                   c[i], i);
                    return;
                }
        int so = kind == TK_LOAD ? 0 : 1 + (int)rank;
        uint64_t sa = (uint32_t)(R(w, d->o[so])[l] + (uint64_t)(int64_t)d->off2);
        /* A load's destinations: rank bits (DSMEM_RANK_UNIT multiples) of each CTA it writes, 0
         * for the executing CTA's own shared memory. Multicast: every rank of ctaMask; otherwise
         * the CTA that the .shared::cluster address names (mapa), whose mbarrier it completes. */
        uint64_t bases[MAX_CLUSTER] = {0};
        int nbase = 1;
        uint64_t mb = 0;
        if (kind == TK_LOAD) {
            mb = (uint32_t)(R(w, d->o[2 + rank])[l] + (uint64_t)(int64_t)d->target);
            if (d->rnd) {
                uint32_t cmask = (uint16_t)R(w, d->o[d->rnd])[l];
                if (cmask >> w->cta->cluster->n) {
                    ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                                   "cp.async.bulk.tensor multicast ctaMask 0x%04x names CTA ranks beyond the "
                                   "cluster's %d",
                                   cmask, w->cta->cluster->n);
                    return;
                }
                nbase = 0;
                for (uint32_t r = cmask; r; r &= r - 1)
                    bases[nbase++] = (uint64_t)(__builtin_ctz(r) + 1) << DSMEM_RANK_SHIFT;
                mb &= DSMEM_RANK_UNIT - 1;
            } else {
                /* a mapped address of the executing CTA names its own shared memory */
                uint64_t own = (uint64_t)(w->cta->rank + 1) << DSMEM_RANK_SHIFT;
                if ((sa & ~(DSMEM_RANK_UNIT - 1)) == own) sa &= DSMEM_RANK_UNIT - 1;
                if ((mb & ~(DSMEM_RANK_UNIT - 1)) == own) mb &= DSMEM_RANK_UNIT - 1;
                bases[0] = sa & ~(DSMEM_RANK_UNIT - 1);
                if (mb >= DSMEM_RANK_UNIT && (mb & ~(DSMEM_RANK_UNIT - 1)) != bases[0]) {
                    ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                                   "cp.async.bulk.tensor: the mbarrier 0x%llx is not in the destination's CTA "
                                   "(0x%llx)",
                                   (unsigned long long)mb, (unsigned long long)sa);
                    return;
                }
                mb &= DSMEM_RANK_UNIT - 1;
            }
            sa &= DSMEM_RANK_UNIT - 1;
        }
        if (sa % 128) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l,
                           "cp.async.bulk.tensor: shared address 0x%llx is not 128-byte aligned",
                           (unsigned long long)sa);
            return;
        }
        int rty = -1;
        if (kind == TK_REDUCE && !reduce_type(w, l, &m, d->type2, &rty)) return;
        uint64_t span = ps_tmap_smem_span(&m), n = ps_tmap_box_elems(&m);
        uint64_t fill = ps_tmap_fill_bits(&m);
        static _Thread_local int32_t pix[1024][PS_TMAP_MAX_RANK];
        if (im2col) {
            /* an H200 raises an illegal-instruction error for a start outside the pixel bounding
             * box (measured in W, both sides) */
            for (unsigned i = 1; i + 1 < rank; i++)
                if (c[i] < m.lower[i - 1] || (int64_t)c[i] > (int64_t)m.dims[i] - 1 + m.upper[i - 1]) {
                    ps_fault_raise(
                        w, PS_FAULT_OUT_OF_BOUNDS, l,
                        "cp.async.bulk.tensor.im2col starts at coordinate %d of dimension %u, outside the pixel "
                        "bounding box [%d, %lld] (an H200 raises an illegal-instruction error)",
                        c[i], i, m.lower[i - 1], (long long)m.dims[i] - 1 + m.upper[i - 1]);
                    return;
                }
            int32_t off[3] = {0}; /* .im2col_no_offs (stores, reductions): none */
            if (kind == TK_LOAD)
                for (unsigned i = 0; i + 2 < rank; i++) off[i] = (int32_t)(R(w, d->o[3 + rank + i])[l] & 0xffff);
            ps_tmap_im2col_pixels(&m, c, off, pix);
            if (kind != TK_LOAD && !i2c_store_measured(w, l, &m, c, pix, kind == TK_REDUCE)) return;
        }
        for (int b = 0; b < nbase; b++) {
            uint8_t *s = smem_range(w, bases[b] | sa, span, l, kind == TK_LOAD);
            if (!s) return;
            for (uint64_t k = 0; k < n; k++) {
                uint8_t *e = s + (ps_tmap_smem_addr(&m, sa, k) - sa);
                uint64_t off;
                bool in;
                if (im2col) {
                    int64_t at[PS_TMAP_MAX_RANK];
                    for (unsigned i = 0; i < rank; i++) at[i] = pix[k / m.cpp][i];
                    at[0] = (int64_t)c[0] + (int64_t)(k % m.cpp);
                    in = ps_tmap_offset_of(&m, at, &off);
                } else in = ps_tmap_global_offset(&m, c, k, &off);
                if (kind == TK_LOAD && !in) {
                    memcpy(e, &fill, es);
                    continue;
                }
                if (!in) continue;
                uint8_t *g = ps_mem_resolve(w, SP_GLOBAL, m.addr + off, es, l, kind != TK_LOAD);
                if (!g) return;
                if (kind == TK_LOAD) memcpy(e, g, es);
                else if (kind == TK_STORE) memcpy(g, e, es);
                else {
                    uint64_t a = 0, bb = 0;
                    memcpy(&a, g, es);
                    memcpy(&bb, e, es);
                    uint64_t r = ps_bulk_reduce1(d->type2, rty, a, bb);
                    memcpy(g, &r, es);
                }
            }
            smem_event(w, d, l, bases[b] | sa, span, kind == TK_LOAD);
            if (kind == TK_LOAD && !ps_mbarrier_complete_tx(w, d, l, bases[b] | mb, (uint32_t)(n * es))) return;
        }
    }
}

#define WHY(...) (snprintf(why, len, __VA_ARGS__), (ps_exec_fn)NULL)

/* Word k of the instruction, 0 past the end. */
static ps_word word(const ps_insn *in, int k) { return k >= 0 && k < in->nwords ? in->words[k] : 0; }

/* cp{.reduce}.async.bulk.tensor.Nd.dst.src{.OP}{.tile}.completion{.L2::cache_hint} */
ps_exec_fn ps_select_tma(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    static const ps_word ops[] = {PS_WM(AND), PS_WM(OR),  PS_WM(XOR), PS_WM(ADD),
                                  PS_WM(INC), PS_WM(DEC), PS_WM(MIN), PS_WM(MAX)};
    static const ps_word dims[] = {PS_WM(D1), PS_WM(D2), PS_WM(D3), PS_WM(D4), PS_WM(D5)};
    bool reduce = in->form == PS_F_CP_REDUCE_ASYNC_BULK;
    int n = in->nwords, i = reduce ? 1 : 0; /* the word after "tensor" */
    char spelling[40];
    if (n <= i + 2) return WHY("'%s': incomplete tensor copy", in->text);
    unsigned rank = 0;
    for (unsigned r = 0; r < 5; r++)
        if (word(in, i) == dims[r]) rank = r + 1;
    if (!rank) return WHY("'%s': the dimension is .1d to .5d", in->text);
    ps_word dst = word(in, i + 1), src = word(in, i + 2);
    int kind, op = -1;
    bool hint = false, mbar = false, group = false, im2col = false, no_offs = false, multicast = false;
    for (int k = i + 3; k < n; k++) {
        ps_word x = in->words[k];
        if (x == PS_WM(IM2COL) && !reduce) {
            im2col = true;
            continue;
        }
        if (x == PS_WM(IM2COL_NO_OFFS)) {
            no_offs = true;
            continue;
        }
        if (x == PS_WM(IM2COL) || x == PS_WM(IM2COL_W) || x == PS_WM(IM2COL_W_128) || x == PS_WM(IM2COL_W_) ||
            x == PS_WM(IM2COL_W_128_))
            return WHY("'%s': ptxsim executes im2col mode as .im2col (loads) and .im2col_no_offs (stores and "
                       "reductions), not .%s",
                       in->text, ps_insn_word_text(in, k, spelling, sizeof spelling));
        if (x == PS_WM(MULTICAST_CLUSTER)) {
            multicast = true;
            continue;
        }
        if (x == PS_WM(CTA_GROUP_1) || x == PS_WM(CTA_GROUP_2))
            return WHY("'%s': .cta_group is not supported by ptxsim", in->text);
        if (x == PS_WM(TILE)) continue;
        if (x == PS_WM(L2_CACHE_HINT)) hint = true;
        else if (x == PS_WM(MBARRIER_COMPLETE_TX_BYTES)) mbar = true;
        else if (x == PS_WM(BULK_GROUP)) group = true;
        else {
            int o = -1;
            for (int q = 0; q < 8; q++)
                if (x == ops[q]) o = q;
            if (o < 0 || !reduce || op >= 0)
                return WHY("'%s': unexpected .%s", in->text, ps_insn_word_text(in, k, spelling, sizeof spelling));
            op = o;
        }
    }
    if (reduce) {
        if (op < 0)
            return WHY("'%s': a tensor reduction names its operation (.add .min .max .inc .dec .and .or .xor)",
                       in->text);
        if (dst != PS_WM(GLOBAL) || src != PS_WM(SHARED_CTA) || !group)
            return WHY(
                "'%s': ptxsim executes cp.reduce.async.bulk.tensor.Nd.global.shared::cta.OP{.tile,.im2col_no_offs}"
                ".bulk_group",
                in->text);
        kind = TK_REDUCE;
    } else if ((dst == PS_WM(SHARED_CLUSTER) || dst == PS_WM(SHARED_CTA)) && src == PS_WM(GLOBAL) && mbar)
        kind = TK_LOAD;
    else if (dst == PS_WM(GLOBAL) && src == PS_WM(SHARED_CTA) && group) kind = TK_STORE;
    else
        return WHY(
            "'%s': ptxsim executes cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
            "and cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group",
            in->text);
    if (im2col && kind != TK_LOAD)
        return WHY("'%s': stores and reductions in im2col mode are .im2col_no_offs (no im2col offsets)", in->text);
    if (no_offs && kind == TK_LOAD)
        return WHY("'%s': .im2col_no_offs is a mode of stores and reductions; im2col loads are .im2col", in->text);
    if (no_offs && rank < 3) return WHY("'%s': im2col mode needs a .3d, .4d or .5d tensor", in->text);
    if (im2col && rank < 3) return WHY("'%s': im2col mode needs a .3d, .4d or .5d tensor", in->text);
    if (multicast && (kind != TK_LOAD || dst != PS_WM(SHARED_CLUSTER)))
        return WHY("'%s': .multicast::cluster is a form of loads to .shared::cluster", in->text);
    int want = kind == TK_LOAD ? 3 : 2, mi = kind == TK_LOAD ? 1 : 0;
    if (in->nops != want + (im2col ? 1 : 0) + (multicast ? 1 : 0) + (hint ? 1 : 0))
        return WHY("'%s' takes %s%s%s%s", in->text,
                   kind == TK_LOAD ? "[dst], [tensorMap, {coordinates}], [mbar]" : "[tensorMap, {coordinates}], [src]",
                   im2col ? ", {im2col offsets}" : "", multicast ? ", ctaMask" : "", hint ? ", cache-policy" : "");
    /* the ctaMask's slot: after dst, map, coordinates, mbar and the im2col offsets */
    unsigned mslot = 3 + rank + (im2col ? rank - 2 : 0);
    if (multicast && (in->ops[want + (im2col ? 1 : 0)].kind == PS_OP_ADDR || mslot + (hint ? 1 : 0) >= 12))
        return WHY("'%s': ptxsim takes the ctaMask as a register or constant, with at most 11 other operand slots",
                   in->text);
    if (im2col && (in->ops[3].kind != PS_OP_VEC || in->ops[3].nitems != (int)rank - 2))
        return WHY("'%s': the im2col offsets are a vector of %u .u16 registers", in->text, rank - 2);
    for (int k = 0; k < want; k++)
        if (in->ops[k].kind != PS_OP_ADDR || in->ops[k].reg < 0)
            return WHY("'%s': operand %d must be an address in a register, [%%r] or [%%r+offset]%s", in->text, k + 1,
                       k == mi ? " followed by the coordinates" : "");
    if (in->ops[mi].nitems != (int)rank)
        return WHY("'%s': a .%ud tensor copy takes %u coordinates, not %d", in->text, rank, rank, in->ops[mi].nitems);
    for (int k = 0; k < want; k++)
        if (k != mi && in->ops[k].nitems) return WHY("'%s': only the tensor map is followed by coordinates", in->text);
    d->tma_kind = (uint8_t)(im2col ? TK_IM2COL : !no_offs ? kind : kind == TK_STORE ? TK_I2C_STORE : TK_I2C_REDUCE);
    d->rnd = (uint8_t)(multicast ? mslot : 0); /* the ctaMask's slot of a multicast load, else 0 */
    d->vec = (uint8_t)rank;
    d->type2 = (uint8_t)(op < 0 ? 0 : op);
    d->imm = in->ops[mi].offset;
    if (kind == TK_LOAD) {
        d->off2 = (int32_t)in->ops[0].offset;
        d->target = (int32_t)in->ops[2].offset;
    } else d->off2 = (int32_t)in->ops[1].offset;
    return tensor_copy;
}
