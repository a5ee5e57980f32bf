/* cfg.c — a function's control-flow graph (cfg.h): leaders, blocks, successor and predecessor
 * lists, immediate post-dominators, which decode.c uses as SIMT reconvergence points (the IPDOM
 * stack: a diverged warp's lanes meet again at the branch's immediate post-dominator), and on
 * request dominators (ptxas_model.c: which copy of a product ptxas keeps). */
#include <stdlib.h>

#include "cfg.h"
#include "common.h"

/* An instruction that ends its block: every successor but the next instruction is listed. */
static bool ends_block(const ps_insn *in) {
    return in->form == PS_F_BRA || in->form == PS_F_BRX_IDX || in->form == PS_F_RET || in->form == PS_F_EXIT ||
        in->form == PS_F_TRAP;
}

static bool leaves(const ps_insn *in) { return in->form == PS_F_RET || in->form == PS_F_EXIT || in->form == PS_F_TRAP; }

/* The instruction a label stands before, or -1 (an undecodable operand: no edge). */
static int label_insn(const ps_func *fn, int label, int n) {
    if (label < 0 || label >= fn->nlabels) return -1;
    int t = fn->labels[label].insn;
    return t >= 0 && t <= n ? t : -1;
}

/* The branch targets of instruction `in` (a label past the last instruction is the exit, n),
 * written to out when it is not NULL; returns their count. brx.idx goes to every label of its
 * .branchtargets list. */
static int branch_targets(const ps_func *fn, const ps_insn *in, int n, int *out) {
    int k = 0;
    if (in->form == PS_F_BRA) {
        int t = in->nops && in->ops[0].kind == PS_OP_LABEL ? label_insn(fn, in->ops[0].label, n) : -1;
        if (t >= 0) {
            if (out) out[k] = t;
            k++;
        }
    } else if (in->form == PS_F_BRX_IDX) {
        for (int o = 0; o < in->nops; o++) {
            if (in->ops[o].kind != PS_OP_LABEL) continue;
            int lb = in->ops[o].label;
            if (lb < 0 || lb >= fn->nlabels) continue;
            const ps_label *tab = &fn->labels[lb];
            for (int j = 0; j < tab->ntargets; j++) {
                int t = label_insn(fn, tab->targets[j], n);
                if (t < 0) continue;
                if (out) out[k] = t;
                k++;
            }
        }
    }
    return k;
}

static void blocks(ps_cfg *g, const ps_func *fn) {
    int n = fn->ninsns;
    char *leader = ps_xcalloc((size_t)n + 1, 1);
    int *tgt = ps_xmalloc(sizeof(int) * (size_t)(n + 1)), ntgt = 0;
    leader[0] = 1;
    for (int i = 0; i < n; i++) {
        const ps_insn *in = &fn->insns[i];
        if (!ends_block(in)) continue;
        int k = branch_targets(fn, in, n, NULL);
        if (k > ntgt) tgt = ps_xrealloc(tgt, sizeof(int) * (size_t)(ntgt = k));
        branch_targets(fn, in, n, tgt);
        for (int j = 0; j < k; j++) leader[tgt[j]] = 1;
        leader[i + 1] = 1;
    }
    free(tgt);
    g->block_of = ps_xmalloc(sizeof(int) * (size_t)(n + 1));
    int nb = 0;
    for (int i = 0; i < n; i++) {
        if (leader[i]) nb++;
        g->block_of[i] = nb - 1;
    }
    free(leader);
    g->ninsns = n;
    g->nblocks = g->exit_block = nb;
    g->block_of[n] = nb;
    g->first = ps_xmalloc(sizeof(int) * (size_t)(nb + 1));
    for (int i = n - 1; i >= 0; i--) g->first[g->block_of[i]] = i;
    g->first[nb] = n;
}

/* Successors in a fixed order: branch targets (or the exit), then the next block when the
 * last instruction is guarded or falls through. */
static void edges(ps_cfg *g, const ps_func *fn) {
    int nb = g->nblocks, n = g->ninsns, ns = 0, cap = 2 * nb + 16;
    g->succ = ps_xmalloc(sizeof(int) * (size_t)cap);
    g->succ_at = ps_xmalloc(sizeof(int) * (size_t)(nb + 2));
    for (int b = 0; b < nb; b++) {
        g->succ_at[b] = ns;
        int last = ps_cfg_last(g, b);
        const ps_insn *in = &fn->insns[last];
        int k = branch_targets(fn, in, n, NULL);
        if (ns + k + 2 > cap) g->succ = ps_xrealloc(g->succ, sizeof(int) * (size_t)(cap = 2 * (ns + k + 2)));
        branch_targets(fn, in, n, g->succ + ns);
        for (int j = 0; j < k; j++) g->succ[ns + j] = g->block_of[g->succ[ns + j]];
        ns += k;
        if (leaves(in)) g->succ[ns++] = g->exit_block;
        if (!ends_block(in) || in->guard_reg >= 0) g->succ[ns++] = g->block_of[last + 1];
    }
    g->succ_at[nb] = g->succ_at[nb + 1] = ns;
    /* predecessors: the reverse edges, grouped by block, in block order */
    int total = nb + 1;
    g->pred_at = ps_xcalloc((size_t)total + 1, sizeof(int));
    for (int e = 0; e < ns; e++) g->pred_at[g->succ[e] + 1]++;
    for (int b = 0; b < total; b++) g->pred_at[b + 1] += g->pred_at[b];
    g->pred = ps_xmalloc(sizeof(int) * (size_t)(ns + 1));
    int *fill = ps_xcalloc((size_t)total, sizeof(int));
    for (int b = 0; b < nb; b++)
        for (int e = g->succ_at[b]; e < g->succ_at[b + 1]; e++) {
            int s = g->succ[e];
            g->pred[g->pred_at[s] + fill[s]++] = b;
        }
    free(fill);
}

/* Immediate dominators by Cooper, Harvey and Kennedy's iterative algorithm ("A Simple, Fast
 * Dominance Algorithm"), over one direction of the graph: a depth-first walk from root along the
 * `walk` edges numbers the blocks in post-order, then each block's dominator is the meet of its
 * `meet` neighbours' (the edges into it in that direction), visited in reverse post-order until
 * nothing changes. Forward (root: entry, walk: successors, meet: predecessors) gives dominators;
 * backward (root: exit, walk: predecessors, meet: successors) post-dominators. Returns idom[]
 * over every block and the exit: the root's is itself, -1 where the root does not reach. */
static int *immediate_dominators(int total, int root, const int *walk_at, const int *walk, const int *meet_at,
                                 const int *meet) {
    int *po = ps_xmalloc(sizeof(int) * (size_t)total), *ponum = ps_xmalloc(sizeof(int) * (size_t)total);
    for (int b = 0; b < total; b++) ponum[b] = -1;
    int npo = 0;
    int *stack = ps_xmalloc(sizeof(int) * (size_t)total * 2), sp = 0;
    char *seen = ps_xcalloc((size_t)total, 1);
    stack[sp++] = root, stack[sp++] = 0;
    seen[root] = 1;
    while (sp) {
        int b = stack[sp - 2], k = stack[sp - 1];
        if (k < walk_at[b + 1] - walk_at[b]) {
            stack[sp - 1]++;
            int q = walk[walk_at[b] + k];
            if (!seen[q]) {
                seen[q] = 1;
                stack[sp++] = q, stack[sp++] = 0;
            }
        } else {
            ponum[b] = npo;
            po[npo++] = b;
            sp -= 2;
        }
    }
    int *idom = ps_xmalloc(sizeof(int) * (size_t)total);
    for (int b = 0; b < total; b++) idom[b] = -1;
    idom[root] = root;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = npo - 2; i >= 0; i--) { /* reverse post-order, the root (last) skipped */
            int b = po[i], nd = -1;
            for (int e = meet_at[b]; e < meet_at[b + 1]; e++) {
                int s = meet[e];
                if (idom[s] < 0) continue;
                if (nd < 0) {
                    nd = s;
                    continue;
                }
                int x = s, y = nd;
                while (x != y) {
                    while (ponum[x] < ponum[y]) x = idom[x];
                    while (ponum[y] < ponum[x]) y = idom[y];
                }
                nd = x;
            }
            if (nd >= 0 && idom[b] != nd) {
                idom[b] = nd;
                changed = true;
            }
        }
    }
    free(po), free(ponum), free(stack), free(seen);
    return idom;
}

/* Numbers the dominator tree depth first: block x dominates block y exactly when
 * dom_pre[x] <= dom_pre[y] < dom_post[x] (a block out of the entry's reach has -1). */
static void dominator_tree(ps_cfg *g) {
    int total = g->nblocks + 1;
    int *child = ps_xmalloc(sizeof(int) * (size_t)total), *sibling = ps_xmalloc(sizeof(int) * (size_t)total);
    int *stack = ps_xmalloc(sizeof(int) * (size_t)total), *it = ps_xmalloc(sizeof(int) * (size_t)total);
    g->dom_pre = ps_xmalloc(sizeof(int) * (size_t)total);
    g->dom_post = ps_xmalloc(sizeof(int) * (size_t)total);
    for (int b = 0; b < total; b++) child[b] = -1, g->dom_pre[b] = g->dom_post[b] = -1;
    for (int b = total - 1; b > 0; b--) /* children in block order */
        if (g->idom[b] >= 0 && g->idom[b] != b) sibling[b] = child[g->idom[b]], child[g->idom[b]] = b;
    int sp = 0, clock = 0;
    stack[sp++] = 0;
    it[0] = child[0];
    g->dom_pre[0] = clock++;
    while (sp) {
        int b = stack[sp - 1], c = it[b];
        if (c >= 0) {
            it[b] = sibling[c];
            g->dom_pre[c] = clock++;
            it[c] = child[c];
            stack[sp++] = c;
        } else {
            g->dom_post[b] = clock;
            sp--;
        }
    }
    free(child), free(sibling), free(stack), free(it);
}

void ps_cfg_dominators(ps_cfg *g) {
    if (g->idom) return;
    g->idom = immediate_dominators(g->nblocks + 1, 0, g->succ_at, g->succ, g->pred_at, g->pred);
    dominator_tree(g);
}

void ps_cfg_build(ps_cfg *g, const ps_func *fn) {
    *g = (ps_cfg){0};
    blocks(g, fn);
    edges(g, fn);
    g->ipdom = immediate_dominators(g->nblocks + 1, g->exit_block, g->pred_at, g->pred, g->succ_at, g->succ);
}

void ps_cfg_free(ps_cfg *g) {
    free(g->block_of), free(g->first), free(g->succ_at), free(g->succ), free(g->pred_at), free(g->pred);
    free(g->ipdom), free(g->idom), free(g->dom_pre), free(g->dom_post);
    *g = (ps_cfg){0};
}
