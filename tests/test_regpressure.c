/* test_regpressure.c — register pressure from PTX liveness (verify/regpressure.c) through its two
 * ways in: the internal analysis over a control-flow graph (sim/cfg.c's, or one the caller edits),
 * and the public ptxsim_kernel_reg_usage. Expected values are worked out by hand in the
 * comments (64-bit registers count two 32-bit ones; "live" is after the instruction). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"
#include "verify.h"

static const char loop_ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                               ".visible .entry loop(.param .u64 p, .param .u32 n)\n"
                               "{\n"
                               "  .reg .pred %p<2>; .reg .b32 %r<4>; .reg .b64 %rd<2>;\n"
                               "  ld.param.u64 %rd1, [p];\n" /* 0: rd1                  2 */
                               "  ld.param.u32 %r1, [n];\n"  /* 1: rd1 r1               3 */
                               "  mov.u32 %r2, 0;\n"         /* 2: rd1 r1 r2            4 */
                               "  mov.u32 %r3, 0;\n"         /* 3: rd1 r1 r2 r3         5 */
                               "L:\n"
                               "  add.u32 %r3, %r3, %r2;\n"     /* 4: rd1 r1 r2 r3         5 */
                               "  add.u32 %r2, %r2, 1;\n"       /* 5: rd1 r1 r2 r3         5 */
                               "  setp.lt.u32 %p1, %r2, %r1;\n" /* 6: + p1                 5, 1 predicate */
                               "  @%p1 bra L;\n"                /* 7: rd1 r1 r2 r3         5 */
                               "  st.global.u32 [%rd1], %r3;\n" /* 8:                      0 */
                               "  ret;\n"                       /* 9:                      0 */
                               "}\n";

static ps_module *parse(const char *src) {
    ps_diags d = {0};
    ps_module *m = NULL;
    assert_int_equal(ps_parse("loop.ptx", src, strlen(src), NULL, &d, &m), PS_OK);
    ps_diags_free(&d);
    return m;
}

static void test_default_cfg(void **state) {
    (void)state;
    ps_module *m = parse(loop_ptx);
    ps_regpressure p;
    ps_regpressure_compute(m->funcs[0], NULL, &p);
    static const int want[] = {2, 3, 4, 5, 5, 5, 5, 5, 0, 0};
    assert_int_equal(p.ninsns, 10);
    for (int i = 0; i < 10; i++) assert_int_equal(p.live32[i], want[i]);
    assert_int_equal(p.live_pred[6], 1);
    assert_int_equal(p.peak32, 5);
    assert_int_equal(p.peak[PS_RC_32], 3);
    assert_int_equal(p.peak[PS_RC_64], 1);
    assert_int_equal(p.declared[PS_RC_32], 4);
    assert_int_equal(p.declared[PS_RC_64], 2);
    assert_int_equal(p.declared[PS_RC_PRED], 2);
    ps_regpressure_free(&p);
    ps_module_free(m);
}

/* The analysis follows the graph it is given: the loop's graph with the back edge taken out (the
 * branch's block leads to the next block only), so r1 and r2 die at the setp. */
static void test_custom_cfg(void **state) {
    (void)state;
    ps_module *m = parse(loop_ptx);
    ps_cfg g;
    ps_cfg_build(&g, m->funcs[0]);
    /* blocks: 0 = insns 0-3, 1 = the loop 4-7, 2 = 8-9; block 1 goes to L (itself) and on */
    assert_int_equal(g.nblocks, 3);
    assert_int_equal(g.succ_at[2] - g.succ_at[1], 2);
    assert_int_equal(g.succ[g.succ_at[1]], 1);
    g.succ[g.succ_at[1]] = 2;
    ps_regpressure p;
    ps_regpressure_compute(m->funcs[0], &g, &p);
    /* 4: r3 = r3 + r2: rd1 r1 r2 r3 (5); 5: r2 + 1 (5); 6: setp kills r1, r2: rd1 r3 + p1 (3);
     * 7: rd1 r3 (3) */
    static const int want[] = {2, 3, 4, 5, 5, 5, 3, 3, 0, 0};
    for (int i = 0; i < 10; i++) assert_int_equal(p.live32[i], want[i]);
    ps_regpressure_free(&p);
    ps_cfg_free(&g);
    ps_module_free(m);
}

static void test_public_api(void **state) {
    (void)state;
    ptxsim_context *ctx;
    const char *why = NULL;
    assert_int_equal(ptxsim_context_create(NULL, &ctx, &why), PTXSIM_OK);
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *d = NULL;
    assert_int_equal(ptxsim_module_load(ctx, "loop.ptx", loop_ptx, strlen(loop_ptx), &m, &d), PTXSIM_OK);
    ptxsim_diagnostics_free(d);
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_kernel(m, "loop", &k), PTXSIM_OK);
    ptxsim_reg_usage u;
    assert_int_equal(ptxsim_kernel_reg_usage(k, &u), PTXSIM_OK);
    assert_int_equal(u.peak_regs32, 5);
    assert_int_equal(u.peak_line, 10); /* mov.u32 %r3, 0 */
    assert_int_equal(u.peak_pred, 1);
    assert_int_equal(u.declared_regs32, 8);
    assert_int_equal(u.ninsns, 10);
    assert_int_equal(u.line[0], 7);
    assert_int_equal(u.live32[3], 5);
    ptxsim_reg_usage_free(&u);
    assert_null(u.live32);
    assert_int_equal(ptxsim_kernel_reg_usage(NULL, &u), PTXSIM_ERR_INVALID_ARGUMENT);
    ptxsim_context_destroy(ctx);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_cfg),
        cmocka_unit_test(test_custom_cfg),
        cmocka_unit_test(test_public_api),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
