/* exec_cluster.c — thread-block cluster instructions (PTX ISA 9.7.9.23 mapa, 9.7.9.24 getctarank,
 * 9.7.13.1 barrier.cluster, 9.7.9.12 st.async, 9.7.13.7 red.async), docs/clusters.md.
 *
 * The CTAs of a cluster run on one host thread (engine_sched.c), so an access to another CTA's shared
 * memory is a plain host access, and barrier.cluster.wait blocks the warp (WS_CLUSTER) until
 * every live thread of the cluster arrived in its phase. .shared::cluster addresses encode the
 * target CTA's rank above DSMEM_RANK_SHIFT (sim_internal.h). */
#include <stdio.h>
#include <string.h>

#include "async.h"

#define WHY(...) (snprintf(why, len, __VA_ARGS__), (ps_exec_fn)NULL)

/* Word k of the instruction, 0 past the end. */
static ps_word word(const ps_insn *in, int k) { return k >= 0 && k < in->nwords ? in->words[k] : 0; }

/* ---- mapa / getctarank ------------------------------------------------------------------ */

/* The shared-memory offset of a lane's address operand (rank bits kept), or false after a
 * fault: a generic address must lie in the shared window. */
static bool cluster_offset(ps_warp *w, const ps_dinsn *d, int l, uint64_t a, uint64_t *off, const char *what) {
    if (d->space != SP_GENERIC) {
        *off = d->type == PS_T_U32 ? (uint32_t)a : a;
        return true;
    }
    uint64_t win;
    if (generic_space(a, &win) != SP_SHARED) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "%s of generic address 0x%llx, which is not in shared memory",
                       what, (unsigned long long)a);
        return false;
    }
    *off = a - win;
    return true;
}

/* mapa: d = the address of the same offset as a in the shared memory of CTA rank b */
static void mapa(ps_warp *w, const ps_dinsn *d) {
    ps_cluster *cl = w->cta->cluster;
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]), *B = R(w, d->o[2]);
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t off;
        if (!cluster_offset(w, d, l, A[l], &off, "mapa")) return;
        uint32_t rank = (uint32_t)B[l];
        if (rank >= (uint32_t)cl->n) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "mapa to CTA rank %u of a cluster of %d CTAs", rank, cl->n);
            return;
        }
        uint64_t r = ((uint64_t)rank + 1) << DSMEM_RANK_SHIFT | (off & (DSMEM_RANK_UNIT - 1));
        D[l] = d->space == SP_GENERIC ? SHARED_WINDOW + r : r;
    }
}

/* getctarank: the rank of the CTA whose shared memory holds address a */
static void getctarank(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]);
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t off;
        if (!cluster_offset(w, d, l, A[l], &off, "getctarank")) return;
        uint64_t hi = off >> DSMEM_RANK_SHIFT;
        if (hi > (uint64_t)w->cta->cluster->n) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                           "getctarank of 0x%llx, which is no shared::cluster address of this "
                           "cluster (%d CTAs)",
                           (unsigned long long)off, w->cta->cluster->n);
            return;
        }
        D[l] = hi ? hi - 1 : w->cta->rank;
    }
}

/* ---- barrier.cluster ---------------------------------------------------------------------- */

/* barrier.cluster.arrive: each executing thread arrives in the cluster's current phase */
static void cluster_arrive(ps_warp *w, const ps_dinsn *d) {
    (void)d;
    ps_cluster *cl = w->cta->cluster;
    uint32_t again = w->exec & w->cl_pending;
    if (again) {
        ps_fault_raise(w, PS_FAULT_DEADLOCK, __builtin_ctz(again),
                       "barrier.cluster.arrive by a thread that arrived before and has not "
                       "waited (barrier.cluster.wait) since: arrivals and waits must alternate");
        return;
    }
    for (uint32_t m = w->exec; m; m &= m - 1) w->cl_phase[__builtin_ctz(m)] = cl->bar_phase;
    w->cl_pending |= w->exec;
    cl->bar_arrived += ps_popc(w->exec);
    ps_cluster_bar_check(cl);
}

/* barrier.cluster.wait is a control record (CTL_CWAIT): the engine blocks the warp, or parks the
 * waiting lanes of a non-aligned wait reached by part of a warp (engine_cluster.c, ps_do_cluster_wait). */
static void cluster_wait_in_engine(ps_warp *w, const ps_dinsn *d) {
    (void)w;
    (void)d;
}

/* barrier.cluster (no .arrive/.wait) is not an instruction; the ISA writes arrive and wait. */

/* ---- st.async / red.async ----------------------------------------------------------------- */

enum { RA_INC, RA_DEC, RA_MIN, RA_MAX, RA_ADD, RA_AND, RA_OR, RA_XOR };

/* One memory event for lane l's access to a .shared::cluster address (the checkers see the
 * target CTA's offset and, for another CTA, its worker slot). */
static void dsmem_event(ps_warp *w, const ps_dinsn *d, int l, uint64_t addr, unsigned size, ps_access_kind kind) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->mem) return;
    ps_mem_event ev;
    ps_event_where_fill(&ev.at, w, d);
    ev.kind = kind;
    ev.size = size;
    ev.elem = size < 16 ? size : 16;
    ev.mask = 1u << l;
    ev.remote = 0;
    ev.hint = 0; /* was stack garbage: the checkers read it */
    ev.values = NULL;
    ps_event_dsmem(w, &ev, l, addr);
    o->mem(o->ctx, &ev);
}

/* st.async{.weak}.shared::cluster.mbarrier::complete_tx::bytes{.v2,.v4}.type [a], b, [mbar]:
 * stores b to a (another CTA's shared memory as a rule), then complete_tx(size) on the mbarrier
 * at mbar, which must be in the same CTA as a. d->o: [a] then the vec values then [mbar];
 * d->elem_bytes = size in bytes of one element, d->target = the mbarrier operand's offset. */
static void st_async(ps_warp *w, const ps_dinsn *d) {
    int vec = d->vec ? d->vec : 1;
    unsigned es = (unsigned)d->elem_bytes;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t a = R(w, d->o[0])[l] + (uint64_t)d->imm;
        uint64_t mb = R(w, d->o[1 + vec])[l] + (uint64_t)(int64_t)d->target;
        if ((a >> DSMEM_RANK_SHIFT) != (mb >> DSMEM_RANK_SHIFT)) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                           "%s: the data (0x%llx) and the mbarrier (0x%llx) are in different CTAs' "
                           "shared memory",
                           d->src->text, (unsigned long long)a, (unsigned long long)mb);
            return;
        }
        uint8_t *p = ps_mem_resolve(w, SP_DSMEM, a, es * (unsigned)vec, l, true);
        if (!p) return;
        for (int k = 0; k < vec; k++) {
            uint64_t v = R(w, d->o[1 + k])[l];
            memcpy(p + (size_t)k * es, &v, es);
        }
        dsmem_event(w, d, l, a, es * (unsigned)vec, PS_ACC_STORE);
        if (!ps_mbarrier_complete_tx(w, d, l, mb, es * (uint32_t)vec)) return;
    }
}

/* red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.op.type [a], b, [mbar] */
static void red_async(ps_warp *w, const ps_dinsn *d) {
    bool wide = d->elem_bytes == 8, sgn = d->type == PS_T_S32;
    int op = d->atom_op;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t a = R(w, d->o[0])[l] + (uint64_t)d->imm;
        uint64_t mb = R(w, d->o[2])[l] + (uint64_t)(int64_t)d->target;
        if ((a >> DSMEM_RANK_SHIFT) != (mb >> DSMEM_RANK_SHIFT)) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                           "%s: the data (0x%llx) and the mbarrier (0x%llx) are in different CTAs' "
                           "shared memory",
                           d->src->text, (unsigned long long)a, (unsigned long long)mb);
            return;
        }
        uint8_t *p = ps_mem_resolve(w, SP_DSMEM, a, wide ? 8 : 4, l, true);
        if (!p) return;
        uint64_t old = 0, b = R(w, d->o[1])[l], r;
        memcpy(&old, p, wide ? 8 : 4);
        if (!wide) b = (uint32_t)b;
        int32_t so = (int32_t)old, sb = (int32_t)b;
        switch (op) {
        case RA_INC: r = old >= b ? 0 : old + 1; break;
        case RA_DEC: r = (old == 0 || old > b) ? b : old - 1; break;
        case RA_MIN: r = sgn ? (uint32_t)(so < sb ? so : sb) : (old < b ? old : b); break;
        case RA_MAX: r = sgn ? (uint32_t)(so > sb ? so : sb) : (old > b ? old : b); break;
        case RA_ADD: r = old + b; break;
        case RA_AND: r = old & b; break;
        case RA_OR: r = old | b; break;
        default: r = old ^ b; break;
        }
        memcpy(p, &r, wide ? 8 : 4);
        dsmem_event(w, d, l, a, wide ? 8 : 4, PS_ACC_ATOMIC);
        if (!ps_mbarrier_complete_tx(w, d, l, mb, wide ? 8 : 4)) return;
    }
}

static ps_exec_fn select_st_async(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    int n = in->nwords, vec = 1;
    char spelling[32];
    for (int i = 0; i < n - 1; i++) {
        ps_word x = in->words[i];
        if (x == PS_WM(WEAK) || x == PS_WM(SHARED_CLUSTER) || x == PS_WM(MBARRIER_COMPLETE_TX_BYTES)) continue;
        if (x == PS_WM(V2)) vec = 2;
        else if (x == PS_WM(V4)) vec = 4;
        else return WHY("'%s': unexpected .%s", in->text, ps_insn_word_text(in, i, spelling, sizeof spelling));
    }
    if (!ps_insn_has(in, PS_WM(MBARRIER_COMPLETE_TX_BYTES)))
        return WHY("'%s': st.async needs .mbarrier::complete_tx::bytes", in->text);
    ps_word ty = word(in, n - 1);
    unsigned es = ty == PS_WT(B32) || ty == PS_WT(U32) || ty == PS_WT(S32) || ty == PS_WT(F32) ? 4
        : ty == PS_WT(B64) || ty == PS_WT(U64) || ty == PS_WT(S64) || ty == PS_WT(F64)         ? 8
                                                                                               : 0;
    if (!es || (es == 8 && vec == 4))
        return WHY("'%s': st.async stores .b32/.u32/.s32/.f32 (scalar, .v2, .v4) or "
                   ".b64/.u64/.s64/.f64 (scalar, .v2)",
                   in->text);
    if (in->nops != 3 || in->ops[0].kind != PS_OP_ADDR || in->ops[2].kind != PS_OP_ADDR || d->nops != 2 + vec)
        return WHY("'%s' takes [addr], value, [mbar]", in->text);
    d->space = SP_DSMEM;
    d->vec = (uint8_t)vec;
    d->elem_bytes = (int32_t)es;
    d->imm = in->ops[0].offset;
    d->target = (int32_t)in->ops[2].offset;
    return st_async;
}

static ps_exec_fn select_red_async(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    static const ps_word ops[] = {PS_WM(INC), PS_WM(DEC), PS_WM(MIN), PS_WM(MAX),
                                  PS_WM(ADD), PS_WM(AND), PS_WM(OR),  PS_WM(XOR)};
    int n = in->nwords, op = -1;
    char spelling[32];
    for (int i = 0; i < n - 1; i++) {
        ps_word x = in->words[i];
        int k = -1;
        for (int j = 0; j < 8; j++)
            if (x == ops[j]) k = j;
        if (k >= 0 && op < 0) {
            op = k;
            continue;
        }
        if (x == PS_WM(RELAXED) || x == PS_WM(CLUSTER) || x == PS_WM(SHARED_CLUSTER) ||
            x == PS_WM(MBARRIER_COMPLETE_TX_BYTES))
            continue;
        return WHY("'%s': unexpected .%s", in->text, ps_insn_word_text(in, i, spelling, sizeof spelling));
    }
    ps_word ty = word(in, n - 1);
    bool ok = op >= 0 && ps_insn_has(in, PS_WM(MBARRIER_COMPLETE_TX_BYTES)) &&
        ((op <= RA_DEC && ty == PS_WT(U32)) ||
         ((op == RA_MIN || op == RA_MAX) && (ty == PS_WT(U32) || ty == PS_WT(S32))) ||
         (op == RA_ADD && (ty == PS_WT(U32) || ty == PS_WT(S32) || ty == PS_WT(U64))) ||
         (op >= RA_AND && ty == PS_WT(B32)));
    if (!ok)
        return WHY("'%s': red.async is .mbarrier::complete_tx::bytes with .inc/.dec .u32, "
                   ".min/.max .u32/.s32, .add .u32/.s32/.u64 or .and/.or/.xor .b32",
                   in->text);
    if (in->nops != 3 || in->ops[0].kind != PS_OP_ADDR || in->ops[2].kind != PS_OP_ADDR)
        return WHY("'%s' takes [addr], value, [mbar]", in->text);
    d->space = SP_DSMEM;
    d->atom_op = (uint8_t)op;
    d->elem_bytes = ty == PS_WT(U64) ? 8 : 4;
    d->type = ty == PS_WT(S32) ? PS_T_S32 : PS_T_U32;
    d->imm = in->ops[0].offset;
    d->target = (int32_t)in->ops[2].offset;
    return red_async;
}

ps_exec_fn ps_select_cluster(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    switch (in->form) {
    case PS_F_MAPA:
    case PS_F_GETCTARANK:
        if (d->space != SP_GENERIC && d->space != SP_DSMEM)
            return WHY("'%s': the state space is .shared::cluster or none (generic)", in->text);
        if (in->ops[0].kind != PS_OP_REG || (in->form == PS_F_MAPA && in->ops[1].kind == PS_OP_ADDR))
            return WHY("'%s' takes registers (or a variable's address) as operands, no brackets", in->text);
        return in->form == PS_F_MAPA ? mapa : getctarank;
    case PS_F_BARRIER_CLUSTER:
        /* the parser took one of .arrive and .wait, .acquire on wait and .relaxed or .release on
         * arrive only (isa/form_rules.c, in ptxas's words) */
        d->bar_mode = (uint8_t)ps_insn_barrier(in);
        if (d->bar_mode & PS_BAR_ARRIVE) return cluster_arrive;
        d->ctl = CTL_CWAIT;
        return cluster_wait_in_engine;
    case PS_F_ST_ASYNC: return select_st_async(in, d, why, len);
    case PS_F_RED_ASYNC: return select_red_async(in, d, why, len);
    default: return NULL;
    }
}

/* ---- cp.async.bulk multicast ------------------------------------------------------------- */

/* cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster
 *   [dst], [src], size, [mbar], ctaMask
 * copies the global bytes to offset dst of the shared memory of every CTA of the cluster whose
 * rank is set in ctaMask, and completes size bytes on the mbarrier at offset mbar of each of
 * them. d->o: dst, src, size, mbar, mask; offsets: dst d->off2, src d->imm, mbar d->target. */
static void bulk_multicast(ps_warp *w, const ps_dinsn *d) {
    ps_cluster *cl = w->cta->cluster;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t dst = (R(w, d->o[0])[l] + (uint64_t)(int64_t)d->off2) & (DSMEM_RANK_UNIT - 1);
        uint64_t src = R(w, d->o[1])[l] + (uint64_t)d->imm;
        uint32_t size = (uint32_t)R(w, d->o[2])[l];
        uint64_t mbar = (R(w, d->o[3])[l] + (uint64_t)(int64_t)d->target) & (DSMEM_RANK_UNIT - 1);
        uint32_t mask = (uint16_t)R(w, d->o[4])[l];
        if (size % 16 || !size || (dst | src) & 15) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l,
                           "cp.async.bulk needs 16-byte aligned addresses (dst 0x%llx, src 0x%llx) "
                           "and a positive multiple of 16 bytes (%u)",
                           (unsigned long long)dst, (unsigned long long)src, size);
            return;
        }
        if (mask >> cl->n) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                           "cp.async.bulk multicast ctaMask 0x%04x names CTA ranks beyond the "
                           "cluster's %d",
                           mask, cl->n);
            return;
        }
        const uint8_t *s = ps_bulk_range(w, SP_GLOBAL, src, size, l, false);
        if (!s) return;
        ps_bulk_event(w, d, l, SP_GLOBAL, src, size, false);
        for (uint32_t r = mask; r; r &= r - 1) {
            uint64_t base = (uint64_t)(__builtin_ctz(r) + 1) << DSMEM_RANK_SHIFT;
            uint8_t *t = ps_bulk_range(w, SP_DSMEM, base | dst, size, l, true);
            if (!t) return;
            memmove(t, s, size);
            dsmem_event(w, d, l, base | dst, size, PS_ACC_STORE);
            if (!ps_mbarrier_complete_tx(w, d, l, base | mbar, size)) return;
        }
    }
}

ps_exec_fn ps_select_bulk_multicast(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    /* cp.async.bulk . shared::cluster . global . mbarrier::complete_tx::bytes . multicast::cluster
     * {. L2::cache_hint} */
    int n = in->nwords;
    bool hint = n == 5 && word(in, 4) == PS_WM(L2_CACHE_HINT);
    if ((n != 4 && !hint) || word(in, 0) != PS_WM(SHARED_CLUSTER) || word(in, 1) != PS_WM(GLOBAL) ||
        word(in, 2) != PS_WM(MBARRIER_COMPLETE_TX_BYTES) || word(in, 3) != PS_WM(MULTICAST_CLUSTER))
        return WHY("'%s': ptxsim executes multicast as cp.async.bulk.shared::cluster.global."
                   "mbarrier::complete_tx::bytes.multicast::cluster{.L2::cache_hint}",
                   in->text);
    if (in->nops != (hint ? 6 : 5) || in->ops[0].kind != PS_OP_ADDR || in->ops[1].kind != PS_OP_ADDR ||
        in->ops[3].kind != PS_OP_ADDR)
        return WHY("'%s' takes [dst], [src], size, [mbar], ctaMask%s", in->text, hint ? ", cache-policy" : "");
    d->off2 = (int32_t)in->ops[0].offset;
    d->imm = in->ops[1].offset;
    d->target = (int32_t)in->ops[3].offset;
    return bulk_multicast;
}
