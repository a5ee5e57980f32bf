/* exec_mbarrier.c — mbarrier objects in shared memory (PTX ISA 9.7.13.15): init, inval, arrive,
 * arrive_drop, arrive.expect_tx, expect_tx, complete_tx, test_wait / try_wait (by state or
 * phase parity), pending_count, and cp.async.mbarrier.arrive.
 *
 * The 64-bit object holds the whole state (the ISA leaves its layout opaque; this is ptxsim's):
 *   bits  0..19  expected arrival count (init's count, lowered by arrive_drop)
 *   bits 21..41  tx-count, two's complement
 *   bits 43..62  pending arrivals of the current phase, stored as 2^20 - pending
 *   bit  63      phase parity
 * The state that arrive returns is the object before the arrival. Its pending field and phase
 * bit sit where an H200 puts them in its states (tests/data/async/mbar_probe.h200.txt), so
 * pending_count reads the same number from both.
 *
 * Lanes apply their operations one after another in lane order. A test_wait / try_wait that
 * finds the phase incomplete ends the warp's turn, so the other warps of the CTA run; when every
 * warp keeps waiting and no mbarrier changes, the engine reports a deadlock (ps_async_deadlock). */
#include <stdio.h>
#include <string.h>

#include "async.h"

#define MB_EXPECTED(v) ((unsigned)((v)&0xfffff))
#define MB_PENDING(v)  ((unsigned)((0x100000u - (unsigned)((v) >> 43 & 0xfffff)) & 0xfffff))
#define MB_TX(v)       ((int64_t)((v) << 22) >> 43)
#define MB_PHASE(v)    ((unsigned)((v) >> 63))

static uint64_t mb_make(unsigned expected, unsigned pending, int64_t tx, unsigned phase) {
    return (uint64_t)(expected & 0xfffff) | ((uint64_t)tx & 0x1fffff) << 21 |
        (uint64_t)((0x100000u - pending) & 0xfffff) << 43 | (uint64_t)phase << 63;
}

enum {
    MB_INIT,
    MB_INVAL,
    MB_ARRIVE,
    MB_ARRIVE_DROP,
    MB_EXPECT_TX,
    MB_COMPLETE_TX,
    MB_TEST_WAIT,
    MB_PENDING_COUNT,
    MB_CP_ARRIVE
};
/* d->mbar_flags */
enum { MBF_COUNT = 1, MBF_EXPECT_TX = 2, MBF_PARITY = 4, MBF_NOINC = 8, MBF_NOCOMPLETE = 16 };

/* The lane's mbarrier object (8 aligned bytes of this CTA's shared memory), or NULL after a fault. */
static uint64_t *mb_at(ps_warp *w, const ps_dinsn *d, int lane, uint64_t addr, ps_evbatch *eb) {
    int space = d->space;
    if (space == SP_GENERIC) {
        uint64_t win;
        if (generic_space(addr, &win) != SP_SHARED) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane, "mbarrier object at 0x%llx is not in shared memory",
                           (unsigned long long)addr);
            return NULL;
        }
        addr -= win;
        space = SP_DSMEM; /* this CTA's shared memory, or another CTA's of the cluster (mapa) */
    }
    uint64_t *p = ps_mem_resolve(w, space, addr, 8, lane, true);
    /* init and inval write the object like stores; arrivals and polls are synchronisation,
     * reported through ps_observer.mbarrier (as memory accesses the bank and race checkers
     * would count every arrival of a warp as a 32-way access to one word) */
    if (p && (d->mbar_op == MB_INIT || d->mbar_op == MB_INVAL)) ps_evbatch_add(eb, lane, PS_SPACE_SHARED, addr, 8);
    return p;
}

/* The shared offset observers know an mbarrier by: a .shared::cluster address naming the
 * executing CTA itself (mapa to its own rank) is its plain offset. Another CTA's mbarrier keeps
 * its rank bits (the checkers order such remote arrivals conservatively, docs/clusters.md). */
static uint64_t observed_offset(const ps_warp *w, uint64_t addr) {
    if (addr >= DSMEM_RANK_UNIT && (addr >> DSMEM_RANK_SHIFT) - 1 == w->cta->rank) return addr & (DSMEM_RANK_UNIT - 1);
    return addr;
}

/* flags: PS_MBAR_*; phase: the parity of the phase arrived on (releases) or observed (waits) */
static void sync_event(ps_warp *w, const ps_dinsn *d, int lane, uint64_t addr, unsigned flags, unsigned phase) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->mbarrier) return;
    ps_event_where at;
    ps_event_where_fill(&at, w, d);
    uint64_t win = 0;
    if (d->space == SP_GENERIC) generic_space(addr, &win);
    o->mbarrier(o->ctx, &at, lane, observed_offset(w, addr - win), flags | (phase ? PS_MBAR_PARITY : 0));
}

/* a release of `lane` on the phase the object had before (`old`), after the operation left `now` */
static void release_event(ps_warp *w, const ps_dinsn *d, int lane, uint64_t addr, uint64_t old, uint64_t now,
                          unsigned extra) {
    unsigned done = MB_PHASE(old) != MB_PHASE(now) ? PS_MBAR_COMPLETED : 0;
    if (!(extra & PS_MBAR_NO_RELEASE) || done) sync_event(w, d, lane, addr, extra | done, MB_PHASE(old));
}

/* Counts `count` arrivals (after adding tx to the tx-count); completes the phase when nothing
 * is pending. Returns false after a fault. */
static bool mb_arrive(ps_warp *w, int lane, uint64_t *p, unsigned count, int64_t tx, bool drop, bool no_complete) {
    uint64_t v = *p;
    unsigned expected = MB_EXPECTED(v), pending = MB_PENDING(v), phase = MB_PHASE(v);
    int64_t txc = MB_TX(v) + tx;
    if (count > pending) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane,
                       "mbarrier arrive of %u when only %u arrivals are pending (uninitialised "
                       "or over-arrived mbarrier)",
                       count, pending);
        return false;
    }
    if (drop) {
        if (count > expected) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane, "mbarrier arrive_drop of %u below an expected count of %u",
                           count, expected);
            return false;
        }
        expected -= count;
    }
    pending -= count;
    if (pending == 0 && txc == 0) {
        if (no_complete) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, lane, "mbarrier.arrive.noComplete completed the current phase");
            return false;
        }
        phase ^= 1, pending = expected;
    }
    *p = mb_make(expected, pending, txc, phase);
    w->cta->async->epoch++;
    return true;
}

static void mb_lanes(ps_warp *w, const ps_dinsn *d, ps_evbatch *eb);

static void mb_exec(ps_warp *w, const ps_dinsn *d) {
    ps_evbatch eb;
    ps_evbatch_begin(&eb, w, d, PS_ACC_STORE);
    mb_lanes(w, d, &eb);
    ps_evbatch_end(&eb);
}

static void mb_lanes(ps_warp *w, const ps_dinsn *d, ps_evbatch *eb) {
    ps_cta *c = w->cta;
    struct ps_async *a = ps_async_get(c);
    int op = d->mbar_op;
    unsigned fl = (unsigned)d->mbar_flags;
    /* operand positions: see ps_select_mbarrier */
    int ai = (op == MB_ARRIVE || op == MB_ARRIVE_DROP || op == MB_TEST_WAIT) ? 1 : 0;
    const uint64_t *A = R(w, d->o[ai]);
    uint32_t done = 0;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (op == MB_PENDING_COUNT) {
            uint64_t s = R(w, d->o[1])[l];
            R(w, d->o[0])[l] = MB_PENDING(s);
            continue;
        }
        uint64_t addr = A[l] + (uint64_t)d->imm;
        uint64_t *p = mb_at(w, d, l, addr, eb);
        if (!p) return;
        switch (op) {
        case MB_INIT: {
            uint64_t n = (uint32_t)R(w, d->o[1])[l];
            if (n < 1 || n > 0xfffff) {
                ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "mbarrier.init count %llu outside 1..1048575",
                               (unsigned long long)n);
                return;
            }
            *p = mb_make((unsigned)n, (unsigned)n, 0, 0);
            a->epoch++;
            break;
        }
        case MB_INVAL:
            *p = 0;
            a->epoch++;
            break;
        case MB_ARRIVE:
        case MB_ARRIVE_DROP: {
            uint64_t old = *p, n = 1;
            int64_t tx = 0;
            if (fl & MBF_EXPECT_TX) tx = (int64_t)(uint32_t)R(w, d->o[2])[l];
            else if (fl & MBF_COUNT) n = (uint32_t)R(w, d->o[2])[l];
            if (!mb_arrive(w, l, p, (unsigned)n, tx, op == MB_ARRIVE_DROP, fl & MBF_NOCOMPLETE)) return;
            release_event(w, d, l, addr, old, *p, 0);
            R(w, d->o[0])[l] = old;
            break;
        }
        case MB_EXPECT_TX:
        case MB_COMPLETE_TX: {
            int64_t tx = (int64_t)(uint32_t)R(w, d->o[1])[l];
            uint64_t v = *p;
            int64_t txc = MB_TX(v) + (op == MB_EXPECT_TX ? tx : -tx);
            unsigned pending = MB_PENDING(v), phase = MB_PHASE(v), expected = MB_EXPECTED(v);
            if (pending == 0 && txc == 0) phase ^= 1, pending = expected;
            *p = mb_make(expected, pending, txc, phase);
            release_event(w, d, l, addr, v, *p, op == MB_EXPECT_TX ? PS_MBAR_NO_RELEASE : 0);
            a->epoch++;
            break;
        }
        case MB_TEST_WAIT: {
            uint64_t s = R(w, d->o[2])[l];
            unsigned want = (fl & MBF_PARITY) ? (unsigned)(s & 1) : MB_PHASE(s);
            if (MB_PHASE(*p) != want) { /* the phase of parity `want` completed */
                done |= 1u << l;
                sync_event(w, d, l, addr, PS_MBAR_ACQUIRE, want);
            }
            break;
        }
        case MB_CP_ARRIVE: {
            ps_async_complete(w, d, 1u << l, NULL);
            if (c->faulted) return;
            /* without .noinc the pending count goes up at issue and down at completion */
            if (fl & MBF_NOINC) {
                uint64_t old = *p;
                if (!mb_arrive(w, l, p, 1, 0, false, false)) return;
                release_event(w, d, l, addr, old, *p, 0);
            }
            break;
        }
        }
    }
    if (op == MB_TEST_WAIT) {
        write_pred(w, d->o[0], done);
        if (done != w->exec) { /* let the other warps run before this one polls again */
            c->yield = true;
            a->spin_insn = d;
            a->spin_warp = w->id;
            a->spin_lane = __builtin_ctz(w->exec & ~done);
            uint64_t addr = A[a->spin_lane] + (uint64_t)d->imm, win = 0;
            if (d->space == SP_GENERIC) generic_space(addr, &win);
            a->spin_addr = addr - win;
        }
    }
}

#define WHY(...) (snprintf(why, len, __VA_ARGS__), (ps_exec_fn)NULL)

ps_exec_fn ps_select_mbarrier(const ps_insn *in, ps_dinsn *d, const ps_func *fn, char *why, size_t len) {
    (void)fn;
    const char *mn = in->info->mnemonic;
    int op;
    unsigned fl = 0;
    int addr_op = 0;
    switch (in->form) {
    case PS_F_MBARRIER_INIT: op = MB_INIT; break;
    case PS_F_MBARRIER_INVAL: op = MB_INVAL; break;
    case PS_F_MBARRIER_ARRIVE: op = MB_ARRIVE, addr_op = 1; break;
    case PS_F_MBARRIER_ARRIVE_DROP: op = MB_ARRIVE_DROP, addr_op = 1; break;
    case PS_F_MBARRIER_ARRIVE_EXPECT_TX: op = MB_ARRIVE, addr_op = 1, fl |= MBF_EXPECT_TX; break;
    case PS_F_MBARRIER_ARRIVE_DROP_EXPECT_TX: op = MB_ARRIVE_DROP, addr_op = 1, fl |= MBF_EXPECT_TX; break;
    case PS_F_MBARRIER_EXPECT_TX: op = MB_EXPECT_TX; break;
    case PS_F_MBARRIER_COMPLETE_TX: op = MB_COMPLETE_TX; break;
    case PS_F_MBARRIER_TEST_WAIT:
    case PS_F_MBARRIER_TRY_WAIT: op = MB_TEST_WAIT, addr_op = 1; break;
    case PS_F_MBARRIER_PENDING_COUNT: op = MB_PENDING_COUNT, addr_op = -1; break;
    case PS_F_CP_ASYNC_MBARRIER_ARRIVE: op = MB_CP_ARRIVE; break;
    default: return NULL;
    }
    if (addr_op >= 0 && (addr_op >= in->nops || in->ops[addr_op].kind != PS_OP_ADDR))
        return WHY("'%s' takes the mbarrier's address as operand %d, in brackets", mn, addr_op + 1);
    /* .shared::cluster: the mbarrier may be another CTA's of the cluster (an address from mapa;
     * docs/clusters.md); waits only on the CTA's own (ptxas: test_wait/try_wait take
     * .shared::cta addresses) */
    if (ps_insn_group(in, PS_MG_MBSPACE) == PS_MOD_SHARED_CLUSTER) d->space = SP_DSMEM;
    if (!(fl & MBF_EXPECT_TX) && (op == MB_ARRIVE || op == MB_ARRIVE_DROP) && in->nops == 3) { fl |= MBF_COUNT; }
    static const struct {
        ps_mod m;
        unsigned f;
    } mod_flags[] = {{PS_MOD_NOCOMPLETE, MBF_NOCOMPLETE}, {PS_MOD_PARITY, MBF_PARITY}, {PS_MOD_NOINC, MBF_NOINC}};
    for (size_t i = 0; i < PS_ARRAY_LEN(mod_flags); i++)
        if (ps_insn_mod(in, mod_flags[i].m)) fl |= mod_flags[i].f;
    if ((fl & MBF_NOCOMPLETE) && !(fl & MBF_COUNT)) return WHY("'%s.noComplete' takes state, [addr], count", mn);
    if (op == MB_TEST_WAIT && in->ops[0].kind != PS_OP_REG) return WHY("'%s' writes a predicate", mn);
    d->mbar_op = (uint8_t)op;
    d->mbar_flags = (int32_t)fl;
    return mb_exec;
}

/* complete_tx of `tx` bytes on the mbarrier at shared offset addr, for a bulk copy of lane l
 * (exec_bulk.c); false after a fault. */
bool ps_mbarrier_complete_tx(ps_warp *w, const ps_dinsn *d, int lane, uint64_t addr, uint32_t tx) {
    struct ps_async *a = ps_async_get(w->cta);
    if (addr & 7) {
        ps_fault_raise(w, PS_FAULT_MISALIGNED, lane, "mbarrier object at shared offset 0x%llx is not 8-byte aligned",
                       (unsigned long long)addr);
        return false;
    }
    uint64_t *p = ps_mem_resolve(w, SP_DSMEM, addr, 8, lane, true); /* possibly another CTA's */
    if (!p) return false;
    uint64_t v = *p;
    int64_t txc = MB_TX(v) - (int64_t)tx;
    unsigned pending = MB_PENDING(v), phase = MB_PHASE(v), expected = MB_EXPECTED(v);
    if (pending == 0 && txc == 0) phase ^= 1, pending = expected;
    *p = mb_make(expected, pending, txc, phase);
    const ps_observer *o = w->cta->obs;
    if (o && o->mbarrier) {
        ps_event_where at;
        ps_event_where_fill(&at, w, d);
        o->mbarrier(o->ctx, &at, lane, observed_offset(w, addr),
                    (MB_PHASE(v) ? PS_MBAR_PARITY : 0u) | (MB_PHASE(v) != phase ? PS_MBAR_COMPLETED : 0u));
    }
    a->epoch++;
    return true;
}
