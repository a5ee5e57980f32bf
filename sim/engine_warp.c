/* engine_warp.c — the warp loop: runs one warp for a quantum of instructions, one decoded record
 * for all active lanes, with the SIMT reconvergence stack (immediate post-dominators), runs of the
 * top entry, branches, brx.idx, exits and the control records that the other parts execute; and
 * a CTA's scheduling round, which gives each running warp its turn. */
#include <string.h>

#include "engine_internal.h"

static void branch_event(ps_warp *w, const ps_dinsn *d, uint32_t active, uint32_t taken) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->branch) return;
    ps_event_where at;
    ps_event_where_fill(&at, w, d);
    o->branch(o->ctx, &at, active, taken);
}

/* Per-instruction event for a watched record (DF_WATCH), before it executes. */
static __attribute__((noinline)) void insn_event(ps_warp *w, const ps_dinsn *d, uint32_t active, uint32_t exec) {
    const ps_observer *o = w->cta->obs;
    const ps_frame *f = &w->frames[w->nframes - 1];
    ps_insn_event e = {.worker = w->cta->worker,
                       .warp = w->id,
                       .depth = w->nframes,
                       .activation = f->activation,
                       .insn = d->src,
                       .active = active,
                       .exec = exec,
                       .regs = (const uint64_t(*)[32])f->r,
                       .preds = f->p};
    memcpy(e.ctaid, w->cta->ctaid, sizeof e.ctaid);
    memcpy(e.block, w->cta->L->cfg.block, sizeof e.block);
    o->insn(o->ctx, &e);
}

static void exit_lanes(ps_warp *w, uint32_t lanes) {
    uint32_t leaving = w->live & lanes;
    w->cta->live_threads -= ps_popc(leaving);
    w->live &= ~lanes;
    for (int i = 0; i < w->nframes; i++) w->frames[i].live &= ~lanes;
    if (leaving) ps_cluster_lanes_exit(w, leaving);
}

static void do_brx(ps_warp *w, ps_frame *f, const ps_dinsn *d, uint32_t m, uint32_t exec) {
    const ps_func *fn = f->fp->func;
    const ps_label *tab = &fn->labels[d->target];
    int pc = f->stack[f->sp - 1].pc;
    uint32_t rest = m & ~exec;
    int first_target = -1;
    uint32_t first_mask = 0;
    /* group lanes by target */
    int targets[WARP];
    for (uint32_t x = exec; x; x &= x - 1) {
        int l = __builtin_ctz(x);
        uint64_t idx = w->r[d->o[0]][l] & 0xffffffffu;
        if (idx >= (uint64_t)tab->ntargets) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "brx.idx index %llu out of range (%d targets)",
                           (unsigned long long)idx, tab->ntargets);
            return;
        }
        targets[l] = fn->labels[tab->targets[idx]].insn;
    }
    uint32_t todo = exec;
    int groups = 0;
    simt_entry pending[WARP];
    while (todo) {
        int l = __builtin_ctz(todo);
        int t = targets[l];
        uint32_t g = 0;
        for (uint32_t x = todo; x; x &= x - 1)
            if (targets[__builtin_ctz(x)] == t) g |= 1u << __builtin_ctz(x);
        todo &= ~g;
        pending[groups++] = (simt_entry){t, d->reconv, g, 0};
        if (first_target < 0) first_target = t, first_mask = g;
    }
    if (groups == 1 && !rest) {
        f->stack[f->sp - 1].pc = first_target;
        return;
    }
    f->stack[f->sp - 1].pc = d->reconv;
    if (rest) ps_simt_push(f, pc + 1, d->reconv, rest);
    for (int i = groups - 1; i >= 0; i--) ps_simt_push(f, pending[i].pc, pending[i].rpc, pending[i].mask);
    (void)first_mask;
}

/* Number of lanes in a mask: the full warp without counting. */
static inline unsigned lanes_in(uint32_t m) { return m == FULL_MASK ? WARP : ps_popc(m); }

/* Runs warp w for up to `quantum` instructions; returns how many were executed. `watch` is a
 * constant in each of the two copies below: the plain one has no per-instruction test at all. */
static inline __attribute__((always_inline)) int warp_run_impl(ps_warp *w, int quantum, const bool watch) {
    ps_cta *c = w->cta;
    int done = 0;
    c->yield = false;
    while (done < quantum && w->state == WS_RUN && !c->faulted && !c->yield) {
        ps_frame *f = &w->frames[w->nframes - 1];
        if (f->sp == 0) {
            if (w->nframes == 1) {
                w->state = WS_DONE;
                break;
            }
            ps_frame_return(w);
            continue;
        }
        simt_entry *e = &f->stack[f->sp - 1];
        if (__builtin_expect(e->parked != 0, 0)) { /* its lanes wait at a barrier */
            if (ps_park_continue(w, f)) continue;
            if (!c->faulted) w->state = WS_BARRIER, w->bar_id = -1;
            break;
        }
        uint32_t m = e->mask & f->live;
        if (!m || e->pc == e->rpc) {
            /* Lanes whose path reconverges at an unconditional ret/exit leave now instead of
             * waiting there for the other path: with independent thread scheduling (sm_70+) they
             * would, and `if (i >= n) return; ... bar.sync` must not deadlock. */
            if (m && e->pc < f->fp->ncode) {
                const ps_dinsn *t = &f->fp->code[e->pc];
                if (t->guard < 0 && (t->ctl == CTL_EXIT || t->ctl == CTL_RET)) {
                    if (t->ctl == CTL_EXIT || w->nframes == 1) {
                        exit_lanes(w, m);
                        for (int b = 0; b < 16; b++)
                            if (ps_bar_complete(c, b)) ps_bar_release(c, b);
                    } else {
                        f->live &= ~m;
                    }
                }
            }
            f->sp--;
            continue;
        }
        if (e->pc >= f->fp->ncode) { /* ran off the end: an implicit ret */
            if (w->nframes == 1) exit_lanes(w, m);
            else f->live &= ~m;
            continue;
        }
        const ps_dinsn *code = f->fp->code, *end = code + f->fp->ncode;
        const ps_dinsn *d = code + e->pc;
        if (d->ctl == CTL_NONE || d->ctl == CTL_BRA) {
            /* A run of the top SIMT entry: its lanes m cannot change until a divergent branch
             * or another control instruction, so plain records and branches that every lane
             * of m takes the same way execute back to back, with only the guard to evaluate,
             * and the entry's pc is written back once (docs/performance.md). The run stops
             * where the entry would be popped (its reconvergence pc), at the end of the code,
             * at the quantum, or at a fault. */
            for (;;) { /* one run per SIMT entry that the next run switches to in place */
                const ps_dinsn *stop = e->rpc >= 0 ? code + e->rpc : end;
                const uint32_t *preds = w->p;
                const int budget = quantum - done; /* records this run may execute */
                int left = budget;
                bool diverged = false;
                for (;;) {
                    uint32_t exec = m;
                    if (d->guard >= 0) {
                        uint32_t g = preds[d->guard];
                        exec &= d->guard_neg ? ~g : g;
                    }
                    c->cur = d;
                    c->stats.warp_instructions++;
                    left--;
                    if (watch && (d->flags & DF_WATCH)) insn_event(w, d, m, exec);
                    if (d->ctl == CTL_NONE) {
                        if (exec) {
                            w->exec = exec;
                            d->fn(w, d);
                            if (c->stop_run) { /* faulted, or yield: an mbarrier wait failed */
                                d++;
                                break;
                            }
                        }
                        d++;
                    } else { /* bra */
                        c->stats.branches++;
                        if (c->obs && d->guard >= 0) branch_event(w, d, m, exec);
                        if (exec == m) d = code + d->target;
                        else if (!exec) d++;
                        else { /* divergent: this entry waits at the reconvergence point */ int pc = (int)(d - code);
                            c->stats.divergent_branches++;
                            e->pc = d->reconv;
                            ps_simt_push(f, pc + 1, d->reconv, m & ~exec); /* may move f->stack */
                            ps_simt_push(f, d->target, d->reconv, exec);
                            d = NULL;
                            diverged = true;
                            break;
                        }
                    }
                    if (d->ctl > CTL_BRA || d == stop || !left) break; /* CTL_END at the end */
                }
                if (d) e->pc = (int32_t)(d - code);
                int n = budget - left;
                done += n;
                c->stats.thread_instructions += (uint64_t)n * lanes_in(m);
                /* The next run starts here when the outer loop's next turn would start it with
                 * nothing else to do first: after a divergent branch, the taken lanes' entry;
                 * after reaching the reconvergence pc at a plain record, the entry below, once
                 * this one is popped (the outer loop treats only an exit or ret there
                 * specially). Same stack changes, counts and quantum; the run loop above stays
                 * as it was, since switching inside it cost straight-line kernels more
                 * (docs/performance.md). */
                if (done >= quantum || w->state != WS_RUN || c->faulted || c->yield) break;
                if (!diverged) {
                    if (d != stop || d->ctl > CTL_BRA) break; /* stop is the entry's rpc then */
                    f->sp--;
                }
                e = &f->stack[f->sp - 1];
                m = e->mask & f->live;
                if (e->parked || !m || e->pc == e->rpc || e->pc >= f->fp->ncode) break;
                d = code + e->pc;
                if (d->ctl > CTL_BRA) break;
            }
            continue;
        }
        uint32_t exec = m;
        if (d->guard >= 0) {
            uint32_t g = w->p[d->guard];
            exec &= d->guard_neg ? ~g : g;
        }
        c->cur = d;
        done++;
        c->stats.warp_instructions++;
        c->stats.thread_instructions += lanes_in(m);
        if (watch && (d->flags & DF_WATCH)) insn_event(w, d, m, exec);
        switch (d->ctl) {
        case CTL_NONE:
        case CTL_BRA: break; /* executed by the run above */
        case CTL_BRX:
            c->stats.branches++;
            if (c->obs) branch_event(w, d, m, exec);
            if (!exec) e->pc++;
            else do_brx(w, f, d, m, exec);
            break;
        case CTL_CALL:
            if (exec) ps_frame_call(w, d, exec);
            else e->pc++;
            break;
        case CTL_RET:
            e->pc++;
            if (w->nframes == 1) exit_lanes(w, exec);
            else f->live &= ~exec;
            break;
        case CTL_EXIT:
            e->pc++;
            exit_lanes(w, exec);
            for (int b = 0; b < 16; b++)
                if (ps_bar_complete(c, b)) ps_bar_release(c, b);
            break;
        case CTL_TRAP:
            if (exec) ps_fault_raise(w, PS_FAULT_TRAP, __builtin_ctz(exec), "trap instruction executed");
            e->pc++;
            break;
        case CTL_BAR:
            e->pc++;
            if (exec) ps_do_barrier(w, f, d, exec, m);
            break;
        case CTL_WSYNC:
            e->pc++;
            if (exec) ps_do_warp_sync(w, f, d, exec, m);
            break;
        case CTL_CWAIT:
            e->pc++;
            if (exec) ps_do_cluster_wait(w, f, d, exec, m);
            break;
        }
    }
    return done;
}

static int warp_run_plain(ps_warp *w, int quantum) { return warp_run_impl(w, quantum, false); }
static int warp_run_watched(ps_warp *w, int quantum) { return warp_run_impl(w, quantum, true); }
static int warp_run(ps_warp *w, int quantum) {
    return w->cta->watch ? warp_run_watched(w, quantum) : warp_run_plain(w, quantum);
}

/* ---- a CTA's round of warps -------------------------------------------------- *
 * Here rather than in engine_sched.c so that the warp loop is inlined into it: as a call across
 * files the loop cost about 1-2 % more host instructions (callgrind, the bench kernels). */

#define QUANTUM 256 /* warp instructions before switching warps */

/* xorshift64 step of the seeded schedule */
static uint64_t sched_next(ps_cta *c) {
    uint64_t x = c->sched;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return c->sched = x;
}

/* One scheduling round of a CTA: each running warp gets a turn. *spin: warps ran, and every one
 * of them ended its turn on an mbarrier wait that failed. ROUND_IDLE: no warp could run and no
 * CTA barrier could complete (the cluster decides whether that is a deadlock). */
int ps_cta_round(ps_cta *c, bool *spin) {
    ps_launch_ctx *L = c->L;
    bool any_run = false, all_done = true, all_wait = true;
    uint64_t executed = 0;
    int *order = c->order;
    *spin = false;
    if (c->sched) /* a new random order each round (Fisher-Yates) */
        for (int i = c->nwarps - 1; i > 0; i--) {
            int j = (int)(sched_next(c) % (uint64_t)(i + 1)), t = order[i];
            order[i] = order[j], order[j] = t;
        }
    for (int k = 0; k < c->nwarps && !c->faulted; k++) {
        ps_warp *w = &c->warps[order[k]];
        if (w->state == WS_RUN) {
            int quantum = c->sched ? 1 + (int)(sched_next(c) % QUANTUM) : QUANTUM;
            executed += (uint64_t)warp_run(w, quantum);
            any_run = true;
            all_wait &= c->yield;
        }
        if (w->state != WS_DONE) all_done = false;
    }
    if (c->faulted || atomic_load(&L->stop)) return ROUND_STOP;
    if (atomic_load(&L->timed_out)) { /* the monitor's wall-clock limit (monitor.c) */
        ps_warp *w = c->cur_warp ? c->cur_warp : &c->warps[0];
        ps_fault_raise(w, PS_FAULT_WATCHDOG, -1,
                       "timeout: kernel '%s' still running after %g s of wall-clock time (--timeout)",
                       L->kernel->func->name, L->cfg.timeout);
        return ROUND_STOP;
    }
    if (all_done) return ROUND_DONE;
    *spin = any_run && all_wait;
    uint64_t total = atomic_fetch_add(&L->warp_insns_total, executed) + executed;
    if (total > L->watchdog) {
        ps_warp *w = c->cur_warp ? c->cur_warp : &c->warps[0];
        ps_fault_raise(w, PS_FAULT_WATCHDOG, -1, "watchdog: kernel '%s' still running after %llu warp instructions",
                       L->kernel->func->name, (unsigned long long)L->watchdog);
        return ROUND_STOP;
    }
    if (any_run) return ROUND_RAN;
    bool released = false;
    for (int b = 0; b < 16; b++)
        if (ps_bar_complete(c, b)) {
            ps_bar_release(c, b);
            released = true;
        }
    return released ? ROUND_RAN : ROUND_IDLE;
}
