/* exec_warp.c — warp-level operations: shfl.sync, vote.sync, match.sync, redux.sync,
 * activemask, elect.sync, bar.warp.sync (PTX ISA 9.7.8.6, 9.7.13.x). The member mask must name
 * exactly the lanes that arrive together; anything else is reported, not guessed. */
#include "sim_internal.h"

/* Checks membermask against the lanes that arrived; faults on misuse. */
static bool check_members(ps_warp *w, const ps_dinsn *d, int mask_op) {
    if (mask_op < 0 || mask_op >= d->nops) return true;
    uint32_t exec = w->exec;
    uint32_t mm = (uint32_t)R(w, d->o[mask_op])[__builtin_ctz(exec)];
    if (exec & ~mm) {
        ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(exec & ~mm),
                       "lane executes a warp-synchronous instruction without being in its member "
                       "mask 0x%08x",
                       mm);
        return false;
    }
    uint32_t missing = mm & w->live & ~exec;
    if (missing) {
        ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(exec),
                       "member mask 0x%08x names lanes that did not arrive (0x%08x)", mm, missing);
        return false;
    }
    const ps_observer *o = w->cta->obs;
    if (o && o->warp_sync) {
        ps_event_where at;
        ps_event_where_fill(&at, w, d);
        o->warp_sync(o->ctx, &at, exec);
    }
    return true;
}

/* Lanes that execute one warp-synchronous instruction with different member masks (sm_70+:
 * cooperative groups' tiled_partition<16> gives each half warp its own half as the mask) form
 * independent groups, each of which executes the instruction on its own: fn runs once per
 * group of lanes with the same mask (in lane order of their first lanes), and check_members
 * then checks each group against its mask. Returns false when every lane has the same mask (the
 * caller executes the instruction as usual). */
static bool per_mask_group(ps_warp *w, const ps_dinsn *d, int mask_op, ps_exec_fn fn) {
    if (mask_op < 0 || mask_op >= d->nops) return false;
    uint32_t exec = w->exec;
    const uint64_t *M = R(w, d->o[mask_op]);
    uint32_t m0 = (uint32_t)M[__builtin_ctz(exec)], diff = 0;
    if (exec == FULL_MASK)
        for (int l = 0; l < WARP; l++) diff |= (uint32_t)M[l] ^ m0;
    else
        for (uint32_t m = exec; m; m &= m - 1) diff |= (uint32_t)M[__builtin_ctz(m)] ^ m0;
    if (!diff) return false;
    for (uint32_t left = exec; left && !w->cta->faulted;) {
        uint32_t mm = (uint32_t)M[__builtin_ctz(left)], g = 0;
        for (uint32_t m = left; m; m &= m - 1)
            if ((uint32_t)M[__builtin_ctz(m)] == mm) g |= 1u << __builtin_ctz(m);
        w->exec = g;
        fn(w, d);
        left &= ~g;
    }
    w->exec = exec;
    return true;
}

/* shfl.sync (ISA 9.7.8.6): lane l reads lane j of a, or keeps its own value when j is out of
 * its segment (then p is false for it). c packs the clamp value (bits 0-4) and the segment mask
 * (bits 8-12). Every source is read before the destination is written (d may be a). */
#define SHFL_LANE(JEXPR, OKEXPR)                                                                \
    do {                                                                                        \
        uint32_t b = (uint32_t)B[l] & 31, c = (uint32_t)C[l];                                   \
        uint32_t cval = c & 31, seg = (c >> 8) & 31;                                            \
        int maxl = (int)(((uint32_t)l & seg) | (cval & ~seg)), minl = (int)((uint32_t)l & seg); \
        int j = (JEXPR);                                                                        \
        bool ok = (OKEXPR);                                                                     \
        (void)minl;                                                                             \
        out[l] = (uint32_t)A[ok ? j : l];                                                       \
        pv |= (uint32_t)ok << l;                                                                \
    } while (0)
/* One loop per mode, so no lane branches on it; the full warp takes a plain counted loop. */
#define SHFL_MODE(JEXPR, OKEXPR)                                     \
    do {                                                             \
        if (exec == FULL_MASK)                                       \
            for (int l = 0; l < WARP; l++) SHFL_LANE(JEXPR, OKEXPR); \
        else                                                         \
            for (uint32_t m = exec; m; m &= m - 1) {                 \
                int l = __builtin_ctz(m);                            \
                SHFL_LANE(JEXPR, OKEXPR);                            \
            }                                                        \
    } while (0)

/* Full warp with the same b and c in every lane and no segments (width 32: the usual
 * reduction, scan and broadcast code): the lanes that read another lane form one range, so the
 * result is one or two shifted copies. Returns false for the other cases. */
static bool shfl_full(const ps_dinsn *d, const uint64_t *A, const uint64_t *B, const uint64_t *C, uint64_t *out,
                      uint32_t *pv) {
    uint64_t diff = 0;
    for (int l = 0; l < WARP; l++) diff |= (B[l] ^ B[0]) | (C[l] ^ C[0]);
    if ((uint32_t)diff || (C[0] >> 8 & 31)) return false;
    int b = (int)(B[0] & 31), cval = (int)(C[0] & 31);
    switch (d->shfl_mode) {
    case 0: { /* up: lanes l >= cval + b read l - b */
        int lo = cval + b < WARP ? cval + b : WARP;
        for (int l = 0; l < lo; l++) out[l] = (uint32_t)A[l];
        for (int l = lo; l < WARP; l++) out[l] = (uint32_t)A[l - b];
        *pv = lo < WARP ? FULL_MASK << lo : 0;
        return true;
    }
    case 1: { /* down: lanes l <= cval - b read l + b */
        int n = cval - b + 1 > 0 ? cval - b + 1 : 0;
        for (int l = 0; l < n; l++) out[l] = (uint32_t)A[l + b];
        for (int l = n; l < WARP; l++) out[l] = (uint32_t)A[l];
        *pv = n >= WARP ? FULL_MASK : (1u << n) - 1;
        return true;
    }
    case 2: { /* bfly: lanes with l ^ b <= cval read l ^ b */
        uint32_t p = 0;
        for (int l = 0; l < WARP; l++) {
            int j = l ^ b;
            bool ok = j <= cval;
            out[l] = (uint32_t)A[ok ? j : l];
            p |= (uint32_t)ok << l;
        }
        *pv = p;
        return true;
    }
    default: /* idx: every lane reads lane b, if b <= cval */
        if (b <= cval) {
            uint64_t v = (uint32_t)A[b];
            for (int l = 0; l < WARP; l++) out[l] = v;
            *pv = FULL_MASK;
        } else {
            for (int l = 0; l < WARP; l++) out[l] = (uint32_t)A[l];
            *pv = 0;
        }
        return true;
    }
}

static void shfl(ps_warp *w, const ps_dinsn *d) {
    if (per_mask_group(w, d, 5, shfl)) return;
    if (!check_members(w, d, 5)) return;
    const uint64_t *A = R(w, d->o[2]), *B = R(w, d->o[3]), *C = R(w, d->o[4]);
    uint64_t out[WARP];
    uint32_t pv = 0, exec = w->exec;
    if (exec == FULL_MASK && shfl_full(d, A, B, C, out, &pv)) {
        uint64_t *D = R(w, d->o[0]);
        for (int l = 0; l < WARP; l++) D[l] = out[l];
        if (d->o[1] != NO_SLOT) write_pred(w, d->o[1], pv);
        return;
    }
    switch (d->shfl_mode) {
    case 0: SHFL_MODE(l - (int)b, j >= maxl); break;              /* up */
    case 1: SHFL_MODE(l + (int)b, j <= maxl); break;              /* down */
    case 2: SHFL_MODE(l ^ (int)b, j <= maxl); break;              /* bfly */
    default: SHFL_MODE(minl | (int)(b & ~seg), j <= maxl); break; /* idx */
    }
    uint64_t *D = R(w, d->o[0]);
    LANES(w, D[l] = out[l]);
    if (d->o[1] != NO_SLOT) write_pred(w, d->o[1], pv);
}

static void vote_pred(ps_warp *w, const ps_dinsn *d) {
    if (per_mask_group(w, d, 2, vote_pred)) return;
    if (!check_members(w, d, 2)) return;
    uint32_t e = w->exec, v = read_pred(w, d, 1) & e, r;
    switch (d->vote_mode) {
    case 0: r = v == e; break;            /* all */
    case 1: r = v != 0; break;            /* any */
    default: r = v == 0 || v == e; break; /* uni */
    }
    write_pred(w, d->o[0], r ? FULL_MASK : 0);
}

static void vote_ballot(ps_warp *w, const ps_dinsn *d) {
    if (per_mask_group(w, d, 2, vote_ballot)) return;
    if (!check_members(w, d, 2)) return;
    uint32_t v = read_pred(w, d, 1) & w->exec;
    uint64_t *D = R(w, d->o[0]);
    LANES(w, D[l] = v);
}

static void match_any(ps_warp *w, const ps_dinsn *d) {
    if (per_mask_group(w, d, 3, match_any)) return;
    if (!check_members(w, d, 3)) return;
    const uint64_t *A = R(w, d->o[2]);
    uint64_t vmask = d->type == PS_T_B64 ? ~0ull : 0xffffffffull;
    uint64_t out[WARP];
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint32_t r = 0;
        for (uint32_t n = w->exec; n; n &= n - 1) {
            int k = __builtin_ctz(n);
            if (((A[k] ^ A[l]) & vmask) == 0) r |= 1u << k;
        }
        out[l] = r;
    }
    uint64_t *D = R(w, d->o[0]);
    LANES(w, D[l] = out[l]);
}

static void match_all(ps_warp *w, const ps_dinsn *d) {
    if (per_mask_group(w, d, 3, match_all)) return;
    if (!check_members(w, d, 3)) return;
    const uint64_t *A = R(w, d->o[2]);
    uint64_t vmask = d->type == PS_T_B64 ? ~0ull : 0xffffffffull;
    uint64_t first = A[__builtin_ctz(w->exec)];
    bool same = true;
    for (uint32_t m = w->exec; m; m &= m - 1)
        if ((A[__builtin_ctz(m)] ^ first) & vmask) same = false;
    uint64_t *D = R(w, d->o[0]);
    uint64_t v = same ? w->exec : 0;
    LANES(w, D[l] = v);
    if (d->o[1] != NO_SLOT) write_pred(w, d->o[1], same ? FULL_MASK : 0);
}

enum { RX_ADD, RX_MIN, RX_MAX, RX_AND, RX_OR, RX_XOR };

static void redux(ps_warp *w, const ps_dinsn *d) {
    if (per_mask_group(w, d, 2, redux)) return;
    if (!check_members(w, d, 2)) return;
    const uint64_t *A = R(w, d->o[1]);
    bool sig = d->flags & DF_SIGNED;
    int op = d->redux_op;
    uint32_t acc = 0;
    bool first = true;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        uint32_t v = (uint32_t)A[__builtin_ctz(m)];
        if (first) {
            acc = v;
            first = false;
            continue;
        }
        switch (op) {
        case RX_ADD: acc += v; break;
        case RX_MIN: acc = sig ? ((int32_t)v < (int32_t)acc ? v : acc) : (v < acc ? v : acc); break;
        case RX_MAX: acc = sig ? ((int32_t)v > (int32_t)acc ? v : acc) : (v > acc ? v : acc); break;
        case RX_AND: acc &= v; break;
        case RX_OR: acc |= v; break;
        case RX_XOR: acc ^= v; break;
        }
    }
    uint64_t *D = R(w, d->o[0]);
    LANES(w, D[l] = acc);
}

static void activemask(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    uint32_t e = w->exec;
    LANES(w, D[l] = e);
}

static void elect(ps_warp *w, const ps_dinsn *d) {
    if (per_mask_group(w, d, 2, elect)) return;
    if (!check_members(w, d, 2)) return;
    int leader = __builtin_ctz(w->exec);
    if (d->o[0] != NO_SLOT) {
        uint64_t *D = R(w, d->o[0]);
        LANES(w, D[l] = (uint64_t)leader);
    }
    if (d->o[1] != NO_SLOT) write_pred(w, d->o[1], 1u << leader);
}

static void warp_sync(ps_warp *w, const ps_dinsn *d) { check_members(w, d, 0); }

ps_exec_fn ps_select_warp(const ps_insn *in, ps_dinsn *d) {
    switch (in->form) {
    case PS_F_SHFL:
        if (ps_insn_group(in, PS_MG_SYNC) == PS_MOD_NONE) {
            /* legacy shfl (no member mask): treat the mask operand as absent */
            if (d->nops < 5) return NULL;
        } else if (d->nops < 6) return NULL;
        d->shfl_mode = (uint8_t)ps_insn_group_index(in, PS_MG_SHFL); /* SHFL!: up 0, down 1, bfly 2, idx 3 */
        return shfl;
    case PS_F_VOTE: {
        int mode = ps_insn_group_index(in, PS_MG_VOTE); /* VOTE!: all 0, any 1, uni 2, ballot 3 */
        if (mode == 3) return vote_ballot;
        d->vote_mode = (uint8_t)mode;
        return vote_pred;
    }
    case PS_F_MATCH: return ps_insn_group(in, PS_MG_ANYALL) == PS_MOD_ALL ? match_all : match_any; /* ANYALL! */
    case PS_F_REDUX:
        if (in->types[0] == PS_T_F32) return NULL;
        d->redux_op = (uint8_t)ps_insn_group_index(in, PS_MG_REDOP); /* REDOP!: in RX_* order */
        if (in->types[0] == PS_T_S32) d->flags |= DF_SIGNED;
        return redux;
    case PS_F_ACTIVEMASK: return activemask;
    case PS_F_ELECT: return elect;
    case PS_F_BAR_WARP_SYNC: return warp_sync;
    default: return NULL;
    }
}
