/* race_lanes.h — vector clocks over the 32 lanes of one warp, for the race checker's Volta model
 * (lanes are independent threads, ordered only by bar.warp.sync and barriers).
 *
 * Lane l's view of lane k's clock is rows[l][k]; an access by lane k stamped with k's own clock
 * c is ordered before lane l's current point when rows[l][k] > c. A sync of lanes M ticks each
 * member's own clock, then gives every member the join (element-wise maximum) of the members'
 * rows. The common case costs O(1): while every lane's row is the same (`uniform`), the rows are
 * U[k] + base, and a sync of the whole warp only increments base. A partial sync materialises the
 * rows; the next whole-warp sync makes them uniform again. `flat` marks uniform rows whose U[k]
 * are all equal (every lane's own clock the same: what a race check of a dense warp access asks
 * first), so that question costs O(1) too. */
#ifndef PTXSIM_RACE_LANES_H
#define PTXSIM_RACE_LANES_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    bool uniform;
    bool flat; /* uniform, and every u[k] equal */
    uint32_t base;
    uint32_t u[32];
    uint32_t rows[32][32];
} ps_lane_clocks;

static inline void ps_lane_clocks_reset(ps_lane_clocks *c) {
    c->uniform = true;
    c->flat = true;
    c->base = 0;
    memset(c->u, 0, sizeof c->u);
}

/* Lane l's view of lane k's clock (l == k: k's own clock). */
static inline uint32_t ps_lane_clocks_view(const ps_lane_clocks *c, unsigned l, unsigned k) {
    return c->uniform ? c->u[k] + c->base : c->rows[l][k];
}

/* Gives every lane its own row (before one lane's clock or view changes alone). */
/* dst[k] = max(dst[k], src[k]) over 32 clocks (a vector clock of the block's warps, or a lane's
 * row). The unconditional store lets the compiler vectorise it; a store under a condition per
 * element it does not (a grid barrier's acquire spin loop spent 40 % of its `check` here). */
static inline void ps_clocks_max32(uint32_t *restrict dst, const uint32_t *restrict src) {
    for (int k = 0; k < 32; k++) dst[k] = src[k] > dst[k] ? src[k] : dst[k];
}

static inline void ps_lane_clocks_materialise(ps_lane_clocks *c) {
    if (!c->uniform) return;
    for (int l = 0; l < 32; l++)
        for (int k = 0; k < 32; k++) c->rows[l][k] = c->u[k] + c->base;
    c->uniform = false;
    c->flat = false;
}

/* Do the lanes of `mask` (not empty) all have the same own clock? */
static inline bool ps_lane_clocks_same(const ps_lane_clocks *c, uint32_t mask) {
    if (c->flat) return true;
    unsigned l0 = (unsigned)__builtin_ctz(mask);
    uint32_t c0 = ps_lane_clocks_view(c, l0, l0);
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        if (ps_lane_clocks_view(c, l, l) != c0) return false;
    }
    return true;
}

/* Lanes `m` synchronise; `valid` = the lanes the warp has (a sync of all of them is whole). */
static inline void ps_lane_clocks_sync(ps_lane_clocks *c, uint32_t m, uint32_t valid) {
    m &= valid;
    if (!m) return;
    bool whole = m == valid;
    if (c->uniform && whole) {
        c->base++;
        return;
    }
    ps_lane_clocks_materialise(c);
    uint32_t join[32];
    memset(join, 0, sizeof join);
    for (uint32_t x = m; x; x &= x - 1) {
        int l = __builtin_ctz(x);
        c->rows[l][l]++;
        ps_clocks_max32(join, c->rows[l]);
    }
    if (whole) {
        memcpy(c->u, join, sizeof join);
        c->base = 0;
        c->uniform = true;
        c->flat = true;
        for (int k = 1; k < 32; k++) c->flat = c->flat && join[k] == join[0];
        return;
    }
    for (uint32_t x = m; x; x &= x - 1) memcpy(c->rows[__builtin_ctz(x)], join, sizeof join);
}

#endif
