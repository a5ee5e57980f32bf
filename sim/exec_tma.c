/* exec_tma.c — tensor copies through tiled tensor maps (PTX ISA 9.7.9.25.5):
 *   cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes
 *       [dst], [tensorMap, {c0, ..}], [mbar]        global box -> shared memory
 *   cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group [tensorMap, {c0, ..}], [src]
 *   cp.reduce.async.bulk.tensor.Nd.global.shared::cta.OP.tile.bulk_group [tensorMap, {..}], [src]
 * (.shared::cta destination, .tile omitted, .L2::cache_hint accepted). The tensor map is the
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

bool ps_mbarrier_complete_tx(ps_warp *w, const ps_dinsn *d, int lane, uint64_t addr, uint32_t tx);

enum { TK_LOAD, TK_STORE, TK_REDUCE };

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
        ps_fault_raise(w, PS_FAULT_MISALIGNED, l, "tensor map at 0x%llx is not 64-byte aligned", (unsigned long long)addr);
        return false;
    }
    /* resolved in 16-byte pieces (accesses are aligned to their size); one allocation */
    const uint8_t *p = ps_mem_resolve(w, space, addr - win, 16, l, false);
    const uint8_t *q = p ? ps_mem_resolve(w, space, addr - win + PS_TMAP_BYTES - 16, 16, l, false) : NULL;
    if (!q) return false;
    if (q - p != PS_TMAP_BYTES - 16) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "tensor map at 0x%llx spans two allocations", (unsigned long long)addr);
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

/* Host pointer to `size` shared bytes at addr (one allocation), or NULL after a fault. */
static uint8_t *smem_range(ps_warp *w, uint64_t addr, uint64_t size, int l, bool write) {
    uint8_t *p0 = ps_mem_resolve(w, SP_SHARED, addr, 16, l, write);
    if (!p0) return NULL;
    uint8_t *p1 = ps_mem_resolve(w, SP_SHARED, addr + size - 16, 16, l, write);
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
    ev.hint = 0;
    ev.space[l] = PS_SPACE_SHARED;
    ev.addr[l] = addr;
    o->mem(o->ctx, &ev);
}

/* Slots: load o[0] dst (offset d->aux), o[1] map (d->imm), o[2..] coordinates, then mbar
 * (d->target); store/reduce o[0] map (d->imm), o[1..] coordinates, then src (d->aux).
 * d->aux8 TK_*, d->vec rank, d->type2 RO_* of a reduction. */
static void tensor_copy(ps_warp *w, const ps_dinsn *d) {
    int kind = d->aux8;
    unsigned rank = d->vec;
    int mo = kind == TK_LOAD ? 1 : 0;
    for (uint32_t mask = w->exec; mask; mask &= mask - 1) {
        int l = __builtin_ctz(mask);
        ps_tmap m;
        if (!tmap_at(w, l, R(w, d->o[mo])[l] + (uint64_t)d->imm, rank, &m)) return;
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
                                   "an H200 raises an illegal-instruction error", c[i], i);
                    return;
                }
        int so = kind == TK_LOAD ? 0 : 1 + (int)rank;
        uint64_t sa = (uint32_t)(R(w, d->o[so])[l] + (uint64_t)(int64_t)d->aux);
        if (sa % 128) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l, "cp.async.bulk.tensor: shared address 0x%llx is not 128-byte aligned",
                           (unsigned long long)sa);
            return;
        }
        bool integer = m.type == PS_TMT_U32 || m.type == PS_TMT_S32 || m.type == PS_TMT_U64 || m.type == PS_TMT_S64;
        if (kind == TK_REDUCE && (!integer || ((d->type2 == RO_INC || d->type2 == RO_DEC) && m.type != PS_TMT_U32))) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                           "cp.reduce.async.bulk.tensor over %s elements is not supported by ptxsim (it reduces "
                           "u32 s32 u64 s64; .inc and .dec u32)", ps_tmap_type_name(m.type));
            return;
        }
        uint64_t span = ps_tmap_smem_span(&m), n = ps_tmap_box_elems(&m);
        uint8_t *s = smem_range(w, sa, span, l, kind == TK_LOAD);
        if (!s) return;
        uint64_t fill = ps_tmap_fill_bits(&m);
        for (uint64_t k = 0; k < n; k++) {
            uint8_t *e = s + (ps_tmap_smem_addr(&m, sa, k) - sa);
            uint64_t off;
            bool in = ps_tmap_global_offset(&m, c, k, &off);
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
                uint64_t a = 0, b = 0;
                memcpy(&a, g, es);
                memcpy(&b, e, es);
                int ty = m.type == PS_TMT_S32 ? RT_S32 : m.type == PS_TMT_U64 ? RT_U64 : m.type == PS_TMT_S64 ? RT_S64 : RT_U32;
                uint64_t r = ps_bulk_reduce1(d->type2, ty, a, b);
                memcpy(g, &r, es);
            }
        }
        smem_event(w, d, l, sa, span, kind == TK_LOAD);
        if (kind == TK_LOAD) {
            uint64_t mb = (uint32_t)(R(w, d->o[2 + rank])[l] + (uint64_t)(int64_t)d->target);
            if (!ps_mbarrier_complete_tx(w, d, l, mb, (uint32_t)(n * es))) return;
        }
    }
}

#define WHY(...) (snprintf(why, len, __VA_ARGS__), (ps_exec_fn)NULL)

/* cp{.reduce}.async.bulk.tensor.Nd.dst.src{.OP}{.tile}.completion{.L2::cache_hint} */
ps_exec_fn ps_select_tma(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    static const char *ops[] = {"and", "or", "xor", "add", "inc", "dec", "min", "max"};
    char w[16][40];
    int n = 0;
    for (const char *s = in->text; *s && n < 16;) {
        const char *e = strchr(s, '.');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        if (l > 39) l = 39;
        memcpy(w[n], s, l);
        w[n++][l] = 0;
        if (!e) break;
        s = e + 1;
    }
    bool reduce = !strcmp(w[1], "reduce");
    int i = reduce ? 5 : 4; /* the word after "tensor" */
    if (n <= i + 2) return WHY("'%s': incomplete tensor copy", in->text);
    unsigned rank = 0;
    if (strlen(w[i]) == 2 && w[i][1] == 'd' && w[i][0] >= '1' && w[i][0] <= '5') rank = (unsigned)(w[i][0] - '0');
    if (!rank) return WHY("'%s': the dimension is .1d to .5d", in->text);
    const char *dst = w[i + 1], *src = w[i + 2];
    int kind, op = -1;
    bool hint = false, mbar = false, group = false;
    for (int k = i + 3; k < n; k++) {
        if (!strncmp(w[k], "im2col", 6))
            return WHY("'%s': im2col mode is not supported by ptxsim yet (tile mode is)", in->text);
        if (!strcmp(w[k], "multicast::cluster"))
            return WHY("'%s': multicast needs clusters, which ptxsim does not launch yet", in->text);
        if (!strncmp(w[k], "cta_group", 9)) return WHY("'%s': .cta_group is not supported by ptxsim", in->text);
        if (!strcmp(w[k], "tile")) continue;
        if (!strcmp(w[k], "L2::cache_hint")) hint = true;
        else if (!strcmp(w[k], "mbarrier::complete_tx::bytes")) mbar = true;
        else if (!strcmp(w[k], "bulk_group")) group = true;
        else {
            int o = -1;
            for (int q = 0; q < 8; q++)
                if (!strcmp(w[k], ops[q])) o = q;
            if (o < 0 || !reduce || op >= 0) return WHY("'%s': unexpected .%s", in->text, w[k]);
            op = o;
        }
    }
    if (reduce) {
        if (op < 0) return WHY("'%s': a tensor reduction names its operation (.add .min .max .inc .dec .and .or .xor)", in->text);
        if (strcmp(dst, "global") || strcmp(src, "shared::cta") || !group)
            return WHY("'%s': ptxsim executes cp.reduce.async.bulk.tensor.Nd.global.shared::cta.OP.tile.bulk_group", in->text);
        kind = TK_REDUCE;
    } else if ((!strcmp(dst, "shared::cluster") || !strcmp(dst, "shared::cta")) && !strcmp(src, "global") && mbar)
        kind = TK_LOAD;
    else if (!strcmp(dst, "global") && !strcmp(src, "shared::cta") && group)
        kind = TK_STORE;
    else
        return WHY("'%s': ptxsim executes cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
                   "and cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group", in->text);
    int want = kind == TK_LOAD ? 3 : 2, mi = kind == TK_LOAD ? 1 : 0;
    if (in->nops != want + (hint ? 1 : 0))
        return WHY("'%s' takes %s%s", in->text, kind == TK_LOAD ? "[dst], [tensorMap, {coordinates}], [mbar]"
                                                                : "[tensorMap, {coordinates}], [src]",
                   hint ? ", cache-policy" : "");
    for (int k = 0; k < want; k++)
        if (in->ops[k].kind != PS_OP_ADDR || in->ops[k].reg < 0)
            return WHY("'%s': operand %d must be an address in a register, [%%r] or [%%r+offset]%s", in->text, k + 1,
                       k == mi ? " followed by the coordinates" : "");
    if (in->ops[mi].nitems != (int)rank)
        return WHY("'%s': a .%ud tensor copy takes %u coordinates, not %d", in->text, rank, rank, in->ops[mi].nitems);
    for (int k = 0; k < want; k++)
        if (k != mi && in->ops[k].nitems)
            return WHY("'%s': only the tensor map is followed by coordinates", in->text);
    d->aux8 = (uint8_t)kind;
    d->vec = (uint8_t)rank;
    d->type2 = (uint8_t)(op < 0 ? 0 : op);
    d->imm = in->ops[mi].offset;
    if (kind == TK_LOAD) {
        d->aux = (int32_t)in->ops[0].offset;
        d->target = (int32_t)in->ops[2].offset;
    } else
        d->aux = (int32_t)in->ops[1].offset;
    return tensor_copy;
}
