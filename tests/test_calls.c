/* test_calls.c — `.func` calls as the PTX ISA defines them (5.1.6, 9.7.12.6): `.reg` parameters
 * and return values (scalar, predicate, pointer), prototypes before definitions, indirect calls
 * whose target differs between the lanes of a warp, and immediate predicate operands. Expected
 * values are computed by plain C in each test; every kernel here is accepted by ptxas 13. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char diag[4096];

static ps_status run1(const char *ptx, unsigned block, void *out, size_t bytes, ps_launch_result *res) {
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {block, 1, 1}};
    tu_buf b = {out, bytes};
    diag[0] = 0;
    ps_status st = tu_run(ptx, "k", &cfg, &b, 1, res, diag, sizeof diag);
    if (diag[0]) fprintf(stderr, "%s", diag);
    return st;
}

#define HEADER ".version 7.0\n.target sm_80\n.address_size 64\n"

/* Regression: the callee never saw its .reg arguments and the caller got 0 back (the names were
 * resolved as .param variables, i.e. as addresses); exit 0, nothing reported. */
static void func_reg_params_and_returns_silent_zero(void **state) {
    (void)state;
    const char *ptx = HEADER ".func (.reg .u32 a, .reg .pred b) f(.reg .u32 x, .reg .u32 y)\n"
                             "{ mad.lo.u32 a, x, y, 7; setp.gt.u32 b, x, 5; ret; }\n"
                             ".visible .entry k(.param .u64 out) {\n"
                             "  .reg .u32 %r<8>; .reg .u64 %rd<4>; .reg .pred %p<2>;\n"
                             "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
                             "  mov.u32 %r1, %tid.x;\n"
                             "  call (%r2, %p1), f, (%r1, 3);\n"
                             "  selp.u32 %r3, 1000, 0, %p1; add.u32 %r2, %r2, %r3;\n"
                             "  mul.wide.u32 %rd2, %r1, 4; add.u64 %rd2, %rd1, %rd2; st.global.u32 [%rd2], %r2;\n"
                             "  ret; }\n";
    uint32_t out[40] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 40, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 40; i++) assert_int_equal(out[i], i * 3 + 7 + (i > 5 ? 1000 : 0));
}

/* Regression: a callee storing through a .reg .u64 pointer argument faulted on a garbage address
 * (the address of the parameter, not its value). */
static void func_reg_pointer_param_store(void **state) {
    (void)state;
    const char *ptx = HEADER ".func put(.reg .u64 p, .reg .u32 v) { st.global.u32 [p], v; ret; }\n"
                             ".visible .entry k(.param .u64 out) {\n"
                             "  .reg .u32 %r<4>; .reg .u64 %rd<4>;\n"
                             "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
                             "  mov.u32 %r1, %tid.x; mul.lo.u32 %r2, %r1, %r1;\n"
                             "  mul.wide.u32 %rd2, %r1, 4; add.u64 %rd2, %rd1, %rd2;\n"
                             "  call put, (%rd2, %r2);\n"
                             "  ret; }\n";
    uint32_t out[32] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 32, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 32; i++) assert_int_equal(out[i], i * i);
}

/* .reg formals declared in a prototype and again in the definition after the call; 32- and
 * 64-bit registers (ptxas refuses 8- and 16-bit ones under the ABI); a .func calling a .func. */
static void func_reg_prototype_then_definition(void **state) {
    (void)state;
    const char *ptx = HEADER ".func (.reg .u64 r) g(.reg .b32 h, .reg .u64 w);\n"
                             ".func (.reg .u32 s) twice(.reg .u32 x) {\n"
                             "  .reg .u64 t; .reg .b32 h; cvt.u64.u32 t, x; and.b32 h, x, 0xffff;\n"
                             "  call (t), g, (h, t); cvt.u32.u64 s, t; ret; }\n"
                             ".visible .entry k(.param .u64 out) {\n"
                             "  .reg .u32 %r<4>; .reg .u64 %rd<4>;\n"
                             "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
                             "  mov.u32 %r1, %tid.x; add.u32 %r1, %r1, 65530;\n"
                             "  call (%r2), twice, (%r1);\n"
                             "  mov.u32 %r3, %tid.x; mul.wide.u32 %rd2, %r3, 4; add.u64 %rd2, %rd1, %rd2;\n"
                             "  st.global.u32 [%rd2], %r2; ret; }\n"
                             ".func (.reg .u64 r) g(.reg .b32 h, .reg .u64 w) {\n"
                             "  .reg .u64 t; cvt.u64.u32 t, h; shl.b64 r, w, 20; add.u64 r, r, t; ret; }\n";
    uint32_t out[32] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 32, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t x = i + 65530;
        uint64_t r = ((uint64_t)x << 20) + (uint16_t)x;
        assert_int_equal(out[i], (uint32_t)r);
    }
}

/* Indirect calls whose target differs between the lanes of one warp run once per target (they
 * used to fault: "indirect call with different targets in one warp"). Three targets through a
 * table in .global, two with .reg formals and one with .param formals, and a guard. */
static void indirect_call_divergent_targets(void **state) {
    (void)state;
    const char *ptx = HEADER ".func (.reg .u32 r) f0(.reg .u32 x) { add.u32 r, x, 1000; ret; }\n"
                             ".func (.reg .u32 r) f1(.reg .u32 x) { mul.lo.u32 r, x, 3; ret; }\n"
                             ".func (.reg .u32 r) f2(.reg .u32 x) { sub.u32 r, 0, x; ret; }\n"
                             ".global .u64 tab[3] = {f0, f1, f2};\n"
                             ".visible .entry k(.param .u64 out) {\n"
                             "  .reg .u32 %r<6>; .reg .u64 %rd<6>; .reg .pred %p1;\n"
                             "proto: .callprototype (.reg .u32 _) _ (.reg .u32 _);\n"
                             "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
                             "  mov.u32 %r1, %tid.x; rem.u32 %r2, %r1, 3;\n"
                             "  mul.wide.u32 %rd2, %r2, 8; mov.u64 %rd3, tab; add.u64 %rd3, %rd3, %rd2;\n"
                             "  ld.global.u64 %rd4, [%rd3];\n"
                             "  mov.u32 %r3, 77; setp.ne.u32 %p1, %r1, 7;\n"
                             "  @%p1 call (%r3), %rd4, (%r1), proto;\n"
                             "  add.u32 %r3, %r3, 1;\n"
                             "  mul.wide.u32 %rd5, %r1, 4; add.u64 %rd5, %rd1, %rd5; st.global.u32 [%rd5], %r3;\n"
                             "  ret; }\n";
    int32_t out[40] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 40, out, sizeof out, &res), PS_OK);
    for (int32_t i = 0; i < 40; i++) {
        int32_t v = i == 7 ? 77 : i % 3 == 0 ? i + 1000 : i % 3 == 1 ? i * 3 : -i;
        assert_int_equal(out[i], v + 1);
    }
}

/* Regression: `selp.u16 d, a, b, 1` picked b — an immediate predicate operand was read as a
 * register slot index. ptxas accepts immediates (and `!1`) for predicate sources of selp,
 * setp/set's boolean operand, vote, bar.red and .pred logic. */
static void selp_immediate_predicate_picked_b(void **state) {
    (void)state;
    const char *ptx = HEADER ".visible .entry k(.param .u64 out) {\n"
                             "  .reg .u16 %h<4>; .reg .u32 %r<12>; .reg .u64 %rd<3>; .reg .pred %p<6>;\n"
                             "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
                             "  mov.u16 %h1, 11; mov.u16 %h2, 22;\n"
                             "  selp.u16 %h3, %h1, %h2, 1; cvt.u32.u16 %r1, %h3;\n"
                             "  selp.u32 %r2, 5, 6, 0;\n"
                             "  setp.eq.and.u32 %p1, %r1, 11, 1; selp.u32 %r3, 1, 0, %p1;\n"
                             "  setp.eq.and.u32 %p2, %r1, 11, !1; selp.u32 %r4, 1, 0, %p2;\n"
                             "  mov.pred %p3, 1; selp.u32 %r5, 1, 0, %p3;\n"
                             "  vote.sync.ballot.b32 %r6, 1, -1;\n"
                             "  and.pred %p4, %p3, 0; selp.u32 %r7, 1, 0, %p4;\n"
                             "  bar.red.or.pred %p5, 0, 1; selp.u32 %r8, 1, 0, %p5;\n"
                             "  st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};\n"
                             "  st.global.v4.u32 [%rd1+16], {%r5, %r6, %r7, %r8};\n"
                             "  ret; }\n";
    uint32_t out[8] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 32, out, sizeof out, &res), PS_OK);
    const uint32_t want[8] = {11, 6, 1, 0, 1, 0xffffffffu, 0, 1};
    for (int i = 0; i < 8; i++) assert_int_equal(out[i], want[i]);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(func_reg_params_and_returns_silent_zero), cmocka_unit_test(func_reg_pointer_param_store),
        cmocka_unit_test(func_reg_prototype_then_definition),      cmocka_unit_test(indirect_call_divergent_targets),
        cmocka_unit_test(selp_immediate_predicate_picked_b),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
