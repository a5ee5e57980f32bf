/* engine_barrier.c — CTA barriers (bar.sync, bar.arrive, bar.red, barrier.*) and bar.warp.sync,
 * with the parking of lanes that reach them apart (sm_70+ independent thread scheduling). */
#include <string.h>

#include "engine_internal.h"

/* CTA barriers count arriving threads. A warp whose live lanes all arrive together (the common
 * case, and always for aligned barriers: bar.sync, barrier.sync.aligned) waits as a whole
 * (state WS_BARRIER, bar_id). With independent thread scheduling (sm_70+) the lanes of a warp may
 * also reach a non-aligned barrier.sync / barrier.red at different instructions and times (PTX
 * ISA 9.7.13.1): the SIMT entry of the lanes that arrived is parked (simt_entry.parked) and the
 * warp's other lanes run on, even past the reconvergence point they would otherwise wait at
 * (park_schedule); the parked entries run again when the barrier completes. bar.warp.sync parks
 * the same way until every lane of its member mask arrived. */

static void barrier_event(ps_warp *w, const ps_dinsn *d, int id, uint32_t lanes, bool release) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->barrier) return;
    ps_event_where at;
    ps_event_where_fill(&at, w, d);
    o->barrier(o->ctx, &at, id, lanes, release);
}

/* bar.red result for `lanes`, into registers r / predicates p of the frame that executed d. */
static void red_result(uint64_t (*r)[WARP], uint32_t *p, const ps_dinsn *d, uint32_t lanes, const ps_barrier *b) {
    if (!(d->bar_mode & PS_BAR_RED)) return;
    if (d->bar_mode & PS_BAR_POPC) {
        for (uint32_t m = lanes; m; m &= m - 1) r[d->o[0]][__builtin_ctz(m)] = b->red_popc;
    } else {
        bool v = (d->bar_mode & PS_BAR_AND) ? b->red_and : b->red_or;
        p[d->o[0]] = (p[d->o[0]] & ~lanes) | (v ? lanes : 0);
    }
}

void ps_bar_release(ps_cta *c, int id) {
    ps_barrier *b = &c->bars[id];
    if (c->obs && c->obs->barrier) {
        ps_event_where at;
        ps_event_where_fill(&at, &c->warps[0], NULL);
        at.warp = -1;
        c->obs->barrier(c->obs->ctx, &at, id, 0, true);
    }
    for (int i = 0; i < c->nwarps; i++) {
        if (!(b->waiting >> i & 1)) continue;
        ps_warp *w = &c->warps[i];
        FOR_PARKED(w, (uint32_t)(PARK_CTA + id), {
            red_result(pf->r, pf->p, &pf->fp->code[pe->pc - 1], pe->mask & pf->live, b);
            pe->parked = 0;
            w->nparked--;
        });
        if (w->state != WS_BARRIER) continue;
        if (w->bar_id == id) { /* the whole warp waited here */
            red_result(w->r, w->p, w->bar_insn, w->bar_mask, b);
            w->bar_insn = NULL;
            w->bar_id = -1;
            w->state = WS_RUN;
        } else if (w->bar_id < 0) {
            w->state = WS_RUN; /* parked lanes: the warp loop runs what can run now */
        }
    }
    *b = (ps_barrier){0};
}

/* The lanes of the top entry of f that execute d (exec, of the entry's m) wait at it: the
 * entry is parked past d, as `which`. Lanes of m whose guard is false go on in an entry of
 * their own. */
void ps_park_top(ps_warp *w, ps_frame *f, uint32_t exec, uint32_t m, uint32_t which) {
    simt_entry *e = &f->stack[f->sp - 1];
    e->mask = exec;
    e->parked = which;
    w->nparked++;
    if (m & ~exec) ps_simt_push(f, e->pc, e->rpc, m & ~exec);
}

/* The top entry of f is parked: brings an entry that can run to the top. Scanning down, `held`
 * collects the lanes that wait (parked, or at a reconvergence point behind parked lanes). The
 * first entry with lanes outside `held` runs: moved to the top when it has no held lanes, or,
 * when it is the reconvergence point of held lanes and others, split so that the others go on
 * without them (they would under independent thread scheduling). False: nothing can run. */
static bool park_schedule(ps_frame *f) {
    uint32_t held = 0;
    for (int i = f->sp - 1; i >= 0; i--) {
        simt_entry *e = &f->stack[i];
        uint32_t m = e->mask & f->live;
        if (e->parked || (m && !(m & ~held))) {
            held |= m;
            continue;
        }
        if (m & held) { /* a reconvergence point: the lanes that are not held go on alone */
            simt_entry go = {e->pc, e->rpc, m & ~held, 0};
            e->mask = m & held;
            ps_simt_push(f, go.pc, go.rpc, go.mask);
        } else { /* disjoint from every held lane: rotate it to the top */
            simt_entry go = *e;
            memmove(&f->stack[i], &f->stack[i + 1], sizeof(simt_entry) * (size_t)(f->sp - 1 - i));
            f->stack[f->sp - 1] = go;
        }
        return true;
    }
    return false;
}

static void warp_sync_event(ps_warp *w, const ps_dinsn *d, uint32_t lanes) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->warp_sync) return;
    ps_event_where at;
    ps_event_where_fill(&at, w, d);
    o->warp_sync(o->ctx, &at, lanes);
}

/* Lanes parked at bar.warp.sync. */
uint32_t ps_wsync_lanes(ps_warp *w) {
    uint32_t lanes = 0;
    FOR_PARKED(w, (uint32_t)PARK_WSYNC, lanes |= pe->mask & pf->live);
    return lanes;
}

/* Releases the lanes parked at bar.warp.sync once every live lane of the member mask is there. */
static bool wsync_try_release(ps_warp *w, const ps_dinsn *d, uint32_t extra) {
    uint32_t at = ps_wsync_lanes(w) | extra;
    if (w->wsync_mask & w->live & ~at) return false;
    const ps_dinsn *first = d;
    FOR_PARKED(w, (uint32_t)PARK_WSYNC, {
        if (!first) first = &pf->fp->code[pe->pc - 1]; /* the event names a bar.warp.sync */
        pe->parked = 0;
        w->nparked--;
    });
    warp_sync_event(w, first, at);
    w->wsync_mask = 0;
    return true;
}

/* The top entry of f is parked. Returns true when the warp can go on (something runs, or a
 * bar.warp.sync completed), false when every lane waits (the warp blocks) or on a fault. */
bool ps_park_continue(ps_warp *w, ps_frame *f) {
    if (park_schedule(f)) return true;
    bool wsync = false, cta = false;
    for (int k = 0; k < w->nframes; k++)
        for (int j = 0; j < w->frames[k].sp; j++) {
            uint32_t pk = w->frames[k].stack[j].parked;
            wsync |= pk == PARK_WSYNC;
            cta |= pk && pk != PARK_WSYNC;
        }
    if (wsync) {
        simt_entry *e = &f->stack[f->sp - 1];
        const ps_dinsn *d = e->parked == PARK_WSYNC ? &f->fp->code[e->pc - 1] : NULL;
        if (wsync_try_release(w, d, 0)) return true;
        if (!cta) { /* no lane can come: the others are in callers or exited */
            if (d) w->cta->cur = d;
            ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(e->mask),
                           "bar.warp.sync member mask 0x%08x names lanes that cannot arrive "
                           "(0x%08x)",
                           w->wsync_mask, w->wsync_mask & w->live & ~ps_wsync_lanes(w));
            return false;
        }
    }
    return false;
}

/* bar.warp.sync (ISA 9.7.13.x): the lanes of the member mask meet, at this or another
 * bar.warp.sync instruction (sm_70+). The top entry's pc is past d. */
void ps_do_warp_sync(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t exec, uint32_t m) {
    uint32_t mm = (uint32_t)w->r[d->o[0]][__builtin_ctz(exec)];
    /* lanes with different member masks (tiled_partition<16>.sync(): each half warp names its
     * half) are independent groups; when each group is here whole, each synchronises alone */
    uint32_t diff = 0;
    for (uint32_t k = exec; k; k &= k - 1) diff |= (uint32_t)w->r[d->o[0]][__builtin_ctz(k)] ^ mm;
    if (diff) {
        for (uint32_t left = exec; left;) {
            uint32_t gm = (uint32_t)w->r[d->o[0]][__builtin_ctz(left)], g = 0;
            for (uint32_t k = left; k; k &= k - 1)
                if ((uint32_t)w->r[d->o[0]][__builtin_ctz(k)] == gm) g |= 1u << __builtin_ctz(k);
            if (g & ~gm || (gm & w->live & ~g)) {
                ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(g),
                               "bar.warp.sync with member mask 0x%08x reached by lanes 0x%08x "
                               "together with lanes of other masks: ptxsim needs each mask's "
                               "lanes to arrive together then",
                               gm, g);
                return;
            }
            left &= ~g;
        }
        for (uint32_t left = exec; left;) {
            uint32_t gm = (uint32_t)w->r[d->o[0]][__builtin_ctz(left)];
            warp_sync_event(w, d, gm & exec);
            left &= ~gm;
        }
        return;
    }
    if (exec & ~mm) {
        ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(exec & ~mm),
                       "lane executes a warp-synchronous instruction without being in its member "
                       "mask 0x%08x",
                       mm);
        return;
    }
    if (!(mm & w->live & ~exec)) { /* everyone is here: the common case */
        warp_sync_event(w, d, exec);
        return;
    }
    if (w->wsync_mask && w->wsync_mask != mm) {
        ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(exec),
                       "bar.warp.sync with member mask 0x%08x while lanes wait at one with 0x%08x", mm, w->wsync_mask);
        return;
    }
    w->wsync_mask = mm;
    if (wsync_try_release(w, d, exec)) return;
    ps_park_top(w, f, exec, m, PARK_WSYNC);
}

void ps_do_barrier(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t exec, uint32_t m) {
    ps_cta *c = w->cta;
    bool red = d->bar_mode & PS_BAR_RED, arrive = d->bar_mode & PS_BAR_ARRIVE;
    int first = red ? 1 : 0;
    int l0 = __builtin_ctz(exec);
    uint64_t id = w->r[d->o[first]][l0];
    uint64_t count = 0;
    int nvals = d->nops - first - (red ? 1 : 0);
    if (nvals >= 2) count = w->r[d->o[first + 1]][l0];
    if (id > 15) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l0, "barrier %llu out of range (0-15)", (unsigned long long)id);
        return;
    }
    if (arrive && !count) { /* a register holding 0 (an immediate 0 is refused when decoding) */
        ps_fault_raise(w, PS_FAULT_BAD_LAUNCH, l0, "barrier.arrive with a thread count of 0");
        return;
    }
    if (count && (count % WARP || count > c->L->nthreads + WARP)) {
        ps_fault_raise(w, PS_FAULT_BAD_LAUNCH, l0, "barrier thread count %llu is not a multiple of 32",
                       (unsigned long long)count);
        return;
    }
    ps_barrier *b = &c->bars[id];
    if (b->arrived == 0 && !b->waiting) {
        b->expected = (uint32_t)count;
        b->red_and = 1;
    }
    b->arrived += ps_popc(exec);
    if (red) {
        uint32_t pv = read_pred(w, d, d->nops - 1) & exec;
        b->red_popc += ps_popc(pv);
        if (pv != exec) b->red_and = 0;
        if (pv) b->red_or = 1;
    }
    if (c->obs) barrier_event(w, d, (int)id, exec, false);
    if (!arrive) {
        b->waiting |= 1ull << w->id;
        if ((exec == w->live && !w->nparked) || (d->bar_mode & PS_BAR_ALIGNED)) {
            /* the whole warp waits (aligned barriers: PTX leaves a partial arrival undefined;
             * the rest of the warp waits too, and a barrier that then cannot complete is a
             * deadlock fault) */
            w->state = WS_BARRIER;
            w->bar_id = (int)id;
            w->bar_insn = d;
            w->bar_mask = exec;
        } else {
            ps_park_top(w, f, exec, m, (uint32_t)(PARK_CTA + id));
        }
    }
    if (ps_bar_complete(c, (int)id)) ps_bar_release(c, (int)id);
}

/* A waiting warp's barrier and lanes, for the deadlock report. */
void ps_bar_waiter(ps_warp *w, int *id, uint32_t *lanes, const ps_dinsn **insn) {
    if (w->bar_id >= 0) {
        *id = w->bar_id, *lanes = w->bar_mask, *insn = w->bar_insn;
        return;
    }
    *id = -1, *lanes = 0, *insn = NULL;
    for (int k = w->nframes - 1; k >= 0 && !*insn; k--) {
        ps_frame *pf = &w->frames[k];
        for (int j = pf->sp - 1; j >= 0 && !*insn; j--) {
            const simt_entry *pe = &pf->stack[j];
            if (!pe->parked || pe->parked == PARK_CLUSTER) continue;
            *id = pe->parked == PARK_WSYNC ? -1 : (int)(pe->parked - PARK_CTA);
            *lanes = pe->mask & pf->live;
            *insn = &pf->fp->code[pe->pc - 1];
        }
    }
}
