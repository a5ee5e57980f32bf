/* exec_bulk.c — non-tensor bulk copies (PTX ISA 9.7.9.25.4 "cp.async.bulk"):
 *   cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [src], size, [mbar]
 *   (also .shared::cta as destination, and shared::cta -> shared::cluster within the CTA),
 *   cp.async.bulk.global.shared::cta.bulk_group [dst], [src], size,
 *   cp.async.bulk.commit_group, cp.async.bulk.wait_group{.read} N;
 *   cp.async.bulk.prefetch.L2.global (a no-op);
 *   cp.reduce.async.bulk (integer reductions; the same two directions as the copies);
 * plus the Hopper instructions with no functional effect in a single launch:
 * setmaxnreg, griddepcontrol. The .multicast::cluster copy is exec_cluster.c's.
 *
 * Model. A .shared::cluster destination is the executing CTA's shared-memory offset, or another
 * CTA's of its cluster (an address from mapa, docs/clusters.md). A bulk copy moves its bytes when it is
 * issued; the mbarrier form then performs complete_tx(size) on the mbarrier, which is what the
 * hardware does once the bytes have landed. A program that reads the destination before its
 * mbarrier phase completes (or writes the source of a bulk_group copy before
 * cp.async.bulk.wait_group.read) races with the copy on the GPU; here it sees the copied bytes.
 * The bulk-group bookkeeping therefore has nothing left to wait for: commit_group and
 * wait_group are accepted and checked for form only. */
#include <stdio.h>
#include <string.h>

#include "async.h"

enum { BK_G2S, BK_S2S, BK_S2G };

uint8_t *ps_bulk_range(ps_warp *w, int space, uint64_t addr, uint32_t size, int l, bool write) {
    uint8_t *p0 = ps_mem_resolve(w, space, addr, 16, l, write);
    if (!p0) return NULL;
    uint8_t *p1 = ps_mem_resolve(w, space, addr + size - 16, 16, l, write);
    if (!p1) return NULL;
    if (p1 - p0 != (ptrdiff_t)size - 16) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "cp.async.bulk range [0x%llx, 0x%llx) spans two allocations",
                       (unsigned long long)addr, (unsigned long long)(addr + size));
        return NULL;
    }
    return p0;
}

void ps_bulk_event(ps_warp *w, const ps_dinsn *d, int l, int space, uint64_t addr, uint32_t size, bool write) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->mem) return;
    ps_mem_event ev;
    ps_event_where_fill(&ev.at, w, d);
    ev.kind = write ? PS_ACC_STORE : PS_ACC_LOAD;
    ev.size = size;
    ev.elem = 16;
    ev.mask = 1u << l;
    ev.remote = 0;
    ev.hint = 0;
    ev.values = NULL; /* not recorded (was left unset; single-lane events, so no checker followed it) */
    ev.space[l] = space == SP_SHARED ? PS_SPACE_SHARED : PS_SPACE_GLOBAL;
    ev.addr[l] = addr;
    if (space == SP_DSMEM) ps_event_dsmem(w, &ev, l, addr); /* maybe another CTA's (clusters) */
    o->mem(o->ctx, &ev);
}

/* d->o: [dst], [src], size{, [mbar]}; offsets: dst d->off2, src d->imm, mbar d->target;
 * d->bulk_kind: BK_*. */
static void bulk_copy(ps_warp *w, const ps_dinsn *d) {
    int kind = d->bulk_kind;
    int dsp = kind == BK_S2G ? SP_GLOBAL : SP_DSMEM, ssp = kind == BK_G2S ? SP_GLOBAL : SP_SHARED;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t dst = R(w, d->o[0])[l] + (uint64_t)(int64_t)d->off2;
        uint64_t src = R(w, d->o[1])[l] + (uint64_t)d->imm;
        uint32_t size = (uint32_t)R(w, d->o[2])[l];
        if (size % 16 || !size) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l, "cp.async.bulk size %u is not a positive multiple of 16", size);
            return;
        }
        if ((dst | src) & 15) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l,
                           "cp.async.bulk addresses must be 16-byte aligned (dst 0x%llx, src 0x%llx)",
                           (unsigned long long)dst, (unsigned long long)src);
            return;
        }
        uint8_t *s = ps_bulk_range(w, ssp, src, size, l, false);
        if (!s) return;
        uint8_t *t = ps_bulk_range(w, dsp, dst, size, l, true);
        if (!t) return;
        memmove(t, s, size);
        ps_bulk_event(w, d, l, ssp, src, size, false);
        ps_bulk_event(w, d, l, dsp, dst, size, true);
        if (kind != BK_S2G) {
            uint64_t mbar = R(w, d->o[3])[l] + (uint64_t)(int64_t)d->target;
            if (!ps_mbarrier_complete_tx(w, d, l, mbar, size)) return;
        }
    }
}

/* One element of cp.reduce.async.bulk: dst op src, as atom/red define the operation
 * (inc: old >= src ? 0 : old + 1; dec: old == 0 || old > src ? src : old - 1). */
uint64_t ps_bulk_reduce1(int op, int ty, uint64_t a, uint64_t b) {
    if (ty >= RT_F32) return ps_bulk_reduce_float(op, ty, a, b);
    bool sgn = ty == RT_S32 || ty == RT_S64, wide = ty >= RT_U64;
    int64_t sa = wide ? (int64_t)a : (int64_t)(int32_t)a, sb = wide ? (int64_t)b : (int64_t)(int32_t)b;
    uint64_t r;
    switch (op) {
    case RO_AND: r = a & b; break;
    case RO_OR: r = a | b; break;
    case RO_XOR: r = a ^ b; break;
    case RO_ADD: r = a + b; break;
    case RO_INC: r = a >= b ? 0 : a + 1; break;
    case RO_DEC: r = (a == 0 || a > b) ? b : a - 1; break;
    case RO_MIN: r = sgn ? (uint64_t)(sa < sb ? sa : sb) : (a < b ? a : b); break;
    default: r = sgn ? (uint64_t)(sa > sb ? sa : sb) : (a > b ? a : b); break;
    }
    return wide ? r : (uint32_t)r;
}

/* cp.reduce.async.bulk: like bulk_copy (d->bulk_kind BK_S2S or BK_S2G), combining each element of
 * the destination with the source's; d->type2 = RO_*, d->vec = RT_* (| 0x80: a constant size,
 * in d->target: the decoder gives a floating-point form's constants the form's type). */
static void bulk_reduce(ps_warp *w, const ps_dinsn *d) {
    int kind = d->bulk_kind, op = d->type2, ty = d->vec & 0x7f;
    unsigned es = ty == RT_F16 || ty == RT_BF16 ? 2 : ty == RT_U64 || ty == RT_S64 || ty == RT_F64 ? 8 : 4;
    int dsp = kind == BK_S2G ? SP_GLOBAL : SP_DSMEM; /* maybe another CTA's (clusters) */
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t dst = R(w, d->o[0])[l] + (uint64_t)(int64_t)d->off2;
        uint64_t src = R(w, d->o[1])[l] + (uint64_t)d->imm;
        uint32_t size = (d->vec & 0x80) ? (uint32_t)d->target : (uint32_t)R(w, d->o[2])[l];
        if (size % 16 || !size || (dst | src) & 15) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l,
                           "cp.reduce.async.bulk needs 16-byte aligned addresses (dst 0x%llx, src 0x%llx) "
                           "and a positive multiple of 16 bytes (%u)",
                           (unsigned long long)dst, (unsigned long long)src, size);
            return;
        }
        uint8_t *s = ps_bulk_range(w, SP_SHARED, src, size, l, false);
        if (!s) return;
        uint8_t *t = ps_bulk_range(w, dsp, dst, size, l, true);
        if (!t) return;
        for (uint32_t i = 0; i < size; i += es) {
            uint64_t a = 0, b = 0;
            memcpy(&a, t + i, es);
            memcpy(&b, s + i, es);
            uint64_t r = ps_bulk_reduce1(op, ty, a, b);
            memcpy(t + i, &r, es);
        }
        ps_bulk_event(w, d, l, SP_SHARED, src, size, false);
        ps_bulk_event(w, d, l, dsp, dst, size, true);
        if (kind == BK_S2S) {
            uint64_t mbar = R(w, d->o[3])[l] + (uint64_t)(int64_t)d->target;
            if (!ps_mbarrier_complete_tx(w, d, l, mbar, size)) return;
        }
    }
}

static void bulk_nop(ps_warp *w, const ps_dinsn *d) {
    (void)w;
    (void)d;
}

/* setmaxnreg: a hint to the register allocator of the warpgroup; no functional effect. */
static void setmaxnreg(ps_warp *w, const ps_dinsn *d) {
    (void)d;
    (void)w;
}

#define WHY(...) (snprintf(why, len, __VA_ARGS__), (ps_exec_fn)NULL)

/* Word k of the instruction, 0 past the end. */
static ps_word word(const ps_insn *in, int k) { return k >= 0 && k < in->nwords ? in->words[k] : 0; }

/* cp.reduce.async.bulk.dst.src.completion{.L2::cache_hint}.redOp.type (dst is word 0) */
static ps_exec_fn select_reduce(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    static const ps_word ops[] = {PS_WM(AND), PS_WM(OR),  PS_WM(XOR), PS_WM(ADD),
                                  PS_WM(INC), PS_WM(DEC), PS_WM(MIN), PS_WM(MAX)};
    static const ps_word tys[] = {PS_WT(U32), PS_WT(S32), PS_WT(U64), PS_WT(S64)};
    int n = in->nwords;
    if (word(in, 0) == PS_WM(TENSOR)) return ps_select_tma(in, d, why, len);
    if (n < 5) return WHY("'%s': incomplete cp.reduce.async.bulk", in->text);
    int op = -1, ty = -1;
    ps_word last = word(in, n - 1);
    /* floating point (global destination only): .add.f32 .add.f64 .add.noftz.f16/.bf16
     * .min/.max.f16/.bf16 (their arithmetic: bulk_reduce.c) */
    static const ps_word ftys[] = {PS_WT(F32), PS_WT(F64), PS_WT(F16), PS_WT(BF16)};
    for (int i = 0; i < 4; i++)
        if (last == ftys[i]) ty = RT_F32 + i;
    if (ty >= 0) {
        bool noftz = word(in, n - 2) == PS_WM(NOFTZ);
        ps_word o = word(in, n - (noftz ? 3 : 2));
        op = o == PS_WM(ADD) ? RO_ADD : o == PS_WM(MIN) ? RO_MIN : o == PS_WM(MAX) ? RO_MAX : -1;
        bool half = ty == RT_F16 || ty == RT_BF16;
        if (op < 0 || (op != RO_ADD && !half) || (op == RO_ADD && half != noftz) || (op != RO_ADD && noftz))
            return WHY("'%s': the floating-point bulk reductions are .add.f32, .add.f64, .add.noftz.f16, "
                       ".add.noftz.bf16 and .min/.max of .f16/.bf16",
                       in->text);
        bool hint = word(in, 3) == PS_WM(L2_CACHE_HINT);
        if (n != (hint ? 6 : 5) + (noftz ? 1 : 0) || word(in, 0) != PS_WM(GLOBAL) || word(in, 1) != PS_WM(SHARED_CTA) ||
            word(in, 2) != PS_WM(BULK_GROUP))
            return WHY("'%s': floating-point bulk reductions are cp.reduce.async.bulk.global.shared::cta.bulk_group"
                       "{.L2::cache_hint}.OP.TYPE",
                       in->text);
        if (in->nops != 3 + (hint ? 1 : 0) || in->ops[0].kind != PS_OP_ADDR || in->ops[1].kind != PS_OP_ADDR)
            return WHY("'%s' takes [dst], [src], size%s", in->text, hint ? ", cache-policy" : "");
        d->bulk_kind = BK_S2G;
        d->type2 = (uint8_t)op;
        d->vec = (uint8_t)ty;
        d->off2 = (int32_t)in->ops[0].offset;
        d->imm = in->ops[1].offset;
        d->target = 0;
        if (in->ops[2].kind == PS_OP_IMM) {
            if (in->ops[2].imm > 0x7fffffff)
                return WHY("'%s': size %llu is too large", in->text, (unsigned long long)in->ops[2].imm);
            d->vec |= 0x80;
            d->target = (int32_t)in->ops[2].imm;
        }
        return bulk_reduce;
    }
    for (int i = 0; i < 8; i++)
        if (word(in, n - 2) == ops[i]) op = i;
    for (int i = 0; i < 4; i++)
        if (last == tys[i]) ty = i;
    bool bits = last == PS_WT(B32) || last == PS_WT(B64);
    if (last == PS_WT(B32)) ty = RT_U32;
    if (last == PS_WT(B64)) ty = RT_U64;
    if (op < 0 || ty < 0)
        return WHY("'%s': the reduction is .and .or .xor .add .inc .dec .min or .max of .b32 .u32 "
                   ".s32 .b64 .u64 or .s64",
                   in->text);
    bool hint = word(in, 3) == PS_WM(L2_CACHE_HINT);
    if (n != (hint ? 6 : 5)) return WHY("'%s': unexpected modifiers", in->text);
    int want;
    if (word(in, 0) == PS_WM(SHARED_CLUSTER) && word(in, 1) == PS_WM(SHARED_CTA) &&
        word(in, 2) == PS_WM(MBARRIER_COMPLETE_TX_BYTES))
        d->bulk_kind = BK_S2S, want = 4;
    else if (word(in, 0) == PS_WM(GLOBAL) && word(in, 1) == PS_WM(SHARED_CTA) && word(in, 2) == PS_WM(BULK_GROUP))
        d->bulk_kind = BK_S2G, want = 3;
    else
        return WHY("'%s': ptxsim executes cp.reduce.async.bulk.shared::cluster.shared::cta."
                   "mbarrier::complete_tx::bytes and cp.reduce.async.bulk.global.shared::cta.bulk_group",
                   in->text);
    if (in->nops != want + (hint ? 1 : 0) || in->ops[0].kind != PS_OP_ADDR || in->ops[1].kind != PS_OP_ADDR ||
        (want == 4 && in->ops[3].kind != PS_OP_ADDR))
        return WHY("'%s' takes %s%s", in->text, want == 4 ? "[dst], [src], size, [mbar]" : "[dst], [src], size",
                   hint ? ", cache-policy" : "");
    if ((op == RO_INC || op == RO_DEC) && ty != RT_U32) return WHY("'%s': .inc and .dec take .u32", in->text);
    if (op == RO_ADD && ty == RT_S64) return WHY("'%s': .add takes .u32, .s32 or .u64 (not .s64)", in->text);
    if (d->bulk_kind == BK_S2S && (ty == RT_U64 || ty == RT_S64) && !(op == RO_ADD && ty == RT_U64))
        return WHY("'%s': a shared::cluster destination takes 32-bit types, and of the 64-bit ones .add.u64 only",
                   in->text);
    if ((op <= RO_XOR) != bits)
        return WHY("'%s': .and .or .xor take .b32/.b64, the other operations .u32/.s32/.u64/.s64", in->text);
    d->type2 = (uint8_t)op;
    d->vec = (uint8_t)ty;
    d->off2 = (int32_t)in->ops[0].offset;
    d->imm = in->ops[1].offset;
    d->target = want == 4 ? (int32_t)in->ops[3].offset : 0;
    return bulk_reduce;
}

ps_exec_fn ps_select_bulk(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    int n = in->nwords;
    char spelling[32];
    switch (in->form) {
    case PS_F_CP_ASYNC_BULK_COMMIT: return bulk_nop;
    case PS_F_CP_ASYNC_BULK_WAIT:
        if (in->nops != 1 || in->ops[0].kind != PS_OP_IMM)
            return WHY("cp.async.bulk.wait_group takes an integer constant");
        for (int i = 0; i < n; i++)
            if (word(in, i) != PS_WM(READ))
                return WHY("'%s': unexpected .%s", in->text, ps_insn_word_text(in, i, spelling, sizeof spelling));
        return bulk_nop;
    case PS_F_CP_ASYNC_BULK_PREFETCH:
        /* cp.async.bulk.prefetch.L2.global{.L2::cache_hint} [src], size{, cache-policy}: a hint
         * to bring global data into L2; nothing to do in a functional model (and a prefetch of
         * a bad address is no error) */
        if (n < 2 || n > 3 || word(in, 0) != PS_WM(LEVEL_L2) || word(in, 1) != PS_WM(GLOBAL) ||
            (n == 3 && word(in, 2) != PS_WM(L2_CACHE_HINT)))
            return WHY("'%s': ptxsim executes cp.async.bulk.prefetch.L2.global{.L2::cache_hint}; the "
                       ".tensor form is not supported yet",
                       in->text);
        if (in->nops != (n == 3 ? 3 : 2) || in->ops[0].kind != PS_OP_ADDR)
            return WHY("'%s' takes [src], size%s", in->text, n == 3 ? ", cache-policy" : "");
        return bulk_nop;
    case PS_F_CP_ASYNC_BULK: break;
    case PS_F_CP_REDUCE_ASYNC_BULK: return select_reduce(in, d, why, len);
    default: return NULL;
    }
    /* cp.async.bulk.dst.src.completion{.multicast::cluster}{.level::cache_hint} */
    if (ps_insn_has(in, PS_WM(MULTICAST_CLUSTER))) return ps_select_bulk_multicast(in, d, why, len);
    if (ps_insn_has(in, PS_WM(CP_MASK))) return WHY("'%s': .cp_mask is not supported by ptxsim yet", in->text);
    bool hint = ps_insn_has(in, PS_WM(L2_CACHE_HINT));
    if (n < 2) return WHY("'%s': incomplete cp.async.bulk", in->text);
    ps_word dst = word(in, 0), src = word(in, 1);
    bool dst_sh = dst == PS_WM(SHARED_CLUSTER) || dst == PS_WM(SHARED_CTA);
    bool mbar = word(in, 2) == PS_WM(MBARRIER_COMPLETE_TX_BYTES);
    bool group = word(in, 2) == PS_WM(BULK_GROUP);
    int want;
    if (dst_sh && src == PS_WM(GLOBAL) && mbar) d->bulk_kind = BK_G2S, want = 4;
    else if (dst == PS_WM(SHARED_CLUSTER) && src == PS_WM(SHARED_CTA) && mbar) d->bulk_kind = BK_S2S, want = 4;
    else if (dst == PS_WM(GLOBAL) && src == PS_WM(SHARED_CTA) && group) d->bulk_kind = BK_S2G, want = 3;
    else
        return WHY("'%s': ptxsim executes cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes, "
                   "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes and "
                   "cp.async.bulk.global.shared::cta.bulk_group",
                   in->text);
    if (in->nops != want + (hint ? 1 : 0))
        return WHY("'%s' takes %s%s", in->text, want == 4 ? "[dst], [src], size, [mbar]" : "[dst], [src], size",
                   hint ? ", cache-policy" : "");
    if (in->ops[0].kind != PS_OP_ADDR || in->ops[1].kind != PS_OP_ADDR || (want == 4 && in->ops[3].kind != PS_OP_ADDR))
        return WHY("'%s': the addresses are written in brackets", in->text);
    d->off2 = (int32_t)in->ops[0].offset;
    d->imm = in->ops[1].offset;
    d->target = want == 4 ? (int32_t)in->ops[3].offset : 0;
    return bulk_copy;
}

ps_exec_fn ps_select_sm90_misc(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    (void)d;
    int n = in->nwords;
    switch (in->form) {
    case PS_F_SETMAXNREG: {
        /* setmaxnreg.{inc,dec}.sync.aligned.u32 imm: 24..256, a multiple of 8 */
        if (n != 4 || (word(in, 0) != PS_WM(INC) && word(in, 0) != PS_WM(DEC)) || word(in, 1) != PS_WM(SYNC) ||
            word(in, 2) != PS_WM(ALIGNED) || word(in, 3) != PS_WT(U32))
            return WHY("write setmaxnreg.inc.sync.aligned.u32 or setmaxnreg.dec.sync.aligned.u32");
        if (in->nops != 1 || in->ops[0].kind != PS_OP_IMM) return WHY("setmaxnreg takes an integer constant");
        uint64_t v = in->ops[0].imm;
        if (v < 24 || v > 256 || v % 8)
            return WHY("setmaxnreg register count %llu must be a multiple of 8 in 24..256", (unsigned long long)v);
        return setmaxnreg;
    }
    case PS_F_GRIDDEPCONTROL:
        /* programmatic dependent launch: with one launch at a time there is no prerequisite
         * grid to wait for and no dependent grid to release */
        if (n != 1 || (word(in, 0) != PS_WM(LAUNCH_DEPENDENTS) && word(in, 0) != PS_WM(WAIT)))
            return WHY("write griddepcontrol.launch_dependents or griddepcontrol.wait");
        return bulk_nop;
    default: return NULL;
    }
}
