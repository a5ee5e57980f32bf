/* cfg.h — the control-flow graph of one PTX function, built once from its parsed instructions:
 * basic blocks, successors, predecessors and immediate post-dominators. The decoder takes SIMT
 * reconvergence points from it (decode.c); verify's register-initialisation analysis walks its
 * blocks (reginit_static.c). Exposed through sim.h. */
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
} ps_cfg;

void ps_cfg_build(ps_cfg *g, const ps_func *fn);
void ps_cfg_free(ps_cfg *g);

/* The last instruction of block b (b < nblocks). */
static inline int ps_cfg_last(const ps_cfg *g, int b) { return g->first[b + 1] - 1; }

#endif
