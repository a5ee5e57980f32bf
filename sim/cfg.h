/* cfg.h — the control-flow graph of one PTX function, built once from its parsed instructions:
 * basic blocks, successors, predecessors, immediate post-dominators and, on request, dominators.
 * The decoder takes SIMT reconvergence points from it (decode.c) and ptxas's model its dominators
 * (ptxas_model.c); verify's register-initialisation and register-pressure analyses walk its
 * blocks (reginit_static.c, regpressure.c). Exposed through sim.h. */
#ifndef PTXSIM_CFG_H
#define PTXSIM_CFG_H

#include "ptx_parser.h"

/* Blocks 0 .. nblocks-1 hold instructions in program order (block 0 starts at the entry);
 * block nblocks is the virtual exit that ret, exit and trap lead to. A block ends at a
 * branch, brx.idx, ret, exit or trap (guarded or not) and before every branch target. */
typedef struct ps_cfg {
    int ninsns, nblocks;
    int exit_block;      /* == nblocks */
    int *block_of;       /* [ninsns + 1]: the block of instruction i; block_of[ninsns] is the exit */
    int *first;          /* [nblocks + 1]: a block's first instruction; first[exit] is ninsns */
    int *succ_at, *succ; /* successors of b: succ[succ_at[b] .. succ_at[b + 1]) (the exit has none) */
    int *pred_at, *pred; /* predecessors, likewise (in block order) */
    int *ipdom;          /* [nblocks + 1]: immediate post-dominator; -1 where the exit is out of reach
                          * (an infinite loop); the exit's is itself */
    /* filled by ps_cfg_dominators, NULL until then: */
    int *idom;               /* [nblocks + 1]: immediate dominator; the entry's (block 0) is itself; -1
                             * where the entry does not reach */
    int *dom_pre, *dom_post; /* [nblocks + 1]: the dominator tree numbered depth first (ps_cfg_dominates) */
} ps_cfg;

void ps_cfg_build(ps_cfg *g, const ps_func *fn);
/* Computes idom, dom_pre and dom_post (once; a second call does nothing). */
void ps_cfg_dominators(ps_cfg *g);
void ps_cfg_free(ps_cfg *g);

/* The last instruction of block b (b < nblocks). */
static inline int ps_cfg_last(const ps_cfg *g, int b) { return g->first[b + 1] - 1; }

/* Does block a dominate block b (every path from the entry to b passes a; a block dominates
 * itself)? False when either is out of the entry's reach. Needs ps_cfg_dominators. */
static inline bool ps_cfg_dominates(const ps_cfg *g, int a, int b) {
    return g->dom_pre[a] >= 0 && g->dom_pre[b] >= 0 && g->dom_pre[a] <= g->dom_pre[b] && g->dom_pre[b] < g->dom_post[a];
}

#endif
