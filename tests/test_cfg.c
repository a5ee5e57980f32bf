/* test_cfg.c — sim/cfg.c against a graph drawn by hand: the blocks, successors, predecessors,
 * immediate post-dominators and immediate dominators of one function with a two-way branch, a
 * self loop, a guarded ret and a block nothing reaches. The expectations are worked out in the
 * comment below from the PTX, not from cfg.c's output. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "sim.h"

/*   B0: 0-2 --p1--> B2: 5 --> B3: 6-8 (loops to itself) --> B4: 9 --p1--> exit
 *    |                                                      ^    |
 *    +--> B1: 3-4 -----------------------------------------+    +--> B5: 10 --> exit
 *   B6: 11-12 (after the unconditional exit: unreachable) --> exit         exit = B7
 *
 * dominators:      B1 B0, B2 B0, B3 B2, B4 B0, B5 B4, B6 -, exit B4
 * post-dominators: B0 B4, B1 B4, B2 B3, B3 B4, B4 exit, B5 exit, B6 exit */
static const char ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                          ".visible .entry k(.param .u32 n)\n"
                          "{\n"
                          "  .reg .pred %p<3>; .reg .b32 %r<4>;\n"
                          "  ld.param.u32 %r1, [n];\n"   /* 0  B0 */
                          "  setp.eq.u32 %p1, %r1, 0;\n" /* 1 */
                          "  @%p1 bra ELSE;\n"           /* 2 */
                          "  add.u32 %r2, %r1, 1;\n"     /* 3  B1 */
                          "  bra JOIN;\n"                /* 4 */
                          "ELSE:\n"                      /*    */
                          "  sub.u32 %r2, %r1, 1;\n"     /* 5  B2 */
                          "LOOP:\n"                      /*    */
                          "  add.u32 %r2, %r2, 1;\n"     /* 6  B3 */
                          "  setp.lt.u32 %p2, %r2, 9;\n" /* 7 */
                          "  @%p2 bra LOOP;\n"           /* 8 */
                          "JOIN:\n"                      /*    */
                          "  @%p1 ret;\n"                /* 9  B4 */
                          "  exit;\n"                    /* 10 B5 */
                          "  mov.u32 %r3, 0;\n"          /* 11 B6 */
                          "  ret;\n"                     /* 12 */
                          "}\n";

static void expect_list(const int *at, const int *v, int b, const int *want, int n) {
    assert_int_equal(at[b + 1] - at[b], n);
    for (int i = 0; i < n; i++) assert_int_equal(v[at[b] + i], want[i]);
}

static void test_hand_drawn(void **state) {
    (void)state;
    ps_diags d = {0};
    ps_module *m = NULL;
    assert_int_equal(ps_parse("cfg.ptx", ptx, strlen(ptx), NULL, &d, &m), PS_OK);
    ps_diags_free(&d);
    ps_cfg g;
    ps_cfg_build(&g, m->funcs[0]);
    assert_int_equal(g.ninsns, 13);
    assert_int_equal(g.nblocks, 7);
    assert_int_equal(g.exit_block, 7);
    static const int first[] = {0, 3, 5, 6, 9, 10, 11, 13};
    for (int b = 0; b <= 7; b++) assert_int_equal(g.first[b], first[b]);
    static const int block_of[] = {0, 0, 0, 1, 1, 2, 3, 3, 3, 4, 5, 6, 6, 7};
    for (int i = 0; i <= 13; i++) assert_int_equal(g.block_of[i], block_of[i]);
    assert_int_equal(ps_cfg_last(&g, 3), 8);
    /* successors: branch targets (or the exit) first, then the fall-through */
    expect_list(g.succ_at, g.succ, 0, (const int[]){2, 1}, 2);
    expect_list(g.succ_at, g.succ, 1, (const int[]){4}, 1);
    expect_list(g.succ_at, g.succ, 2, (const int[]){3}, 1);
    expect_list(g.succ_at, g.succ, 3, (const int[]){3, 4}, 2);
    expect_list(g.succ_at, g.succ, 4, (const int[]){7, 5}, 2);
    expect_list(g.succ_at, g.succ, 5, (const int[]){7}, 1);
    expect_list(g.succ_at, g.succ, 6, (const int[]){7}, 1);
    expect_list(g.succ_at, g.succ, 7, NULL, 0);
    /* predecessors in block order */
    expect_list(g.pred_at, g.pred, 0, NULL, 0);
    expect_list(g.pred_at, g.pred, 3, (const int[]){2, 3}, 2);
    expect_list(g.pred_at, g.pred, 4, (const int[]){1, 3}, 2);
    expect_list(g.pred_at, g.pred, 6, NULL, 0);
    expect_list(g.pred_at, g.pred, 7, (const int[]){4, 5, 6}, 3);
    static const int ipdom[] = {4, 4, 3, 4, 7, 7, 7, 7};
    for (int b = 0; b <= 7; b++) assert_int_equal(g.ipdom[b], ipdom[b]);
    assert_null(g.idom);
    ps_cfg_dominators(&g);
    static const int idom[] = {0, 0, 0, 2, 0, 4, -1, 4};
    for (int b = 0; b <= 7; b++) assert_int_equal(g.idom[b], idom[b]);
    /* dominance: the entry dominates every block it reaches; a block itself; B2 its loop but
     * not the join; the unreachable B6 nothing and is dominated by nothing */
    for (int b = 0; b <= 7; b++) assert_int_equal(ps_cfg_dominates(&g, 0, b), b != 6);
    for (int b = 0; b <= 7; b++) assert_int_equal(ps_cfg_dominates(&g, b, b), b != 6);
    assert_true(ps_cfg_dominates(&g, 2, 3));
    assert_false(ps_cfg_dominates(&g, 2, 4));
    assert_false(ps_cfg_dominates(&g, 3, 2));
    assert_true(ps_cfg_dominates(&g, 4, 5));
    assert_true(ps_cfg_dominates(&g, 4, 7));
    assert_false(ps_cfg_dominates(&g, 5, 7));
    assert_false(ps_cfg_dominates(&g, 1, 4));
    for (int b = 0; b <= 7; b++) assert_false(ps_cfg_dominates(&g, 6, b) && b != 6);
    ps_cfg_dominators(&g); /* a second call keeps what the first computed */
    assert_int_equal(g.idom[3], 2);
    ps_cfg_free(&g);
    assert_null(g.idom);
    ps_module_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_drawn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
