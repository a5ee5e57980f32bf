/* test_stack.c — alloca, stacksave and stackrestore at run time (PTX ISA, stack manipulation
 * instructions; sim/exec_stack.c): what the ISA defines (the stack grows down, alloca's pointer is
 * the new stack pointer, aligned as asked, a function's allocations end at its return,
 * stackrestore goes back to a stacksave's value) and what it leaves undefined, which ptxsim
 * refuses as a located fault (a stack that runs out, a restore outside the function's stack, a
 * call whose frame would meet the allocations). Expected values come from the ISA's definitions
 * and from the documented stack size (docs/engine.md, "Calls": 16 KiB above the frames); every
 * kernel here is accepted by ptxas 13 (-arch=sm_75 after raising the .target). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define HEADER      ".version 7.3\n.target sm_52\n.address_size 64\n"
#define STACK_BYTES 16384 /* docs/engine.md: the stack alloca gets above the frames */

static char diag[4096];

static ps_status run1(const char *ptx, unsigned block, void *out, size_t bytes, ps_launch_result *res) {
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {block, 1, 1}};
    tu_buf b = {out, bytes};
    diag[0] = 0;
    memset(res, 0, sizeof *res);
    ps_status st = tu_run(ptx, "k", &cfg, &b, 1, res, diag, sizeof diag);
    if (diag[0]) fprintf(stderr, "%s", diag);
    return st;
}

/* A loop allocating 1 KiB per iteration without giving it back: the stack holds 16 of them
 * (the kernel has no frame), the 17th is a stack-overflow fault at the alloca's line, and the
 * lane's count of completed iterations says nothing ran past it. */
static void alloca_exhausts_stack_located_fault(void **state) {
    (void)state;
    const char *ptx = HEADER ".visible .entry k(.param .u64 out) {\n"
                             "  .reg .u32 %r<4>; .reg .u64 %rd<6>; .reg .pred %p<2>;\n"
                             "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
                             "  mov.u32 %r1, 0;\n"
                             "L:\n"
                             "  alloca.u64 %rd2, 1024, 16;\n" /* line 9 */
                             "  st.local.u32 [%rd2+1020], %r1;\n"
                             "  add.u32 %r1, %r1, 1; st.global.u32 [%rd1], %r1;\n"
                             "  setp.lt.u32 %p1, %r1, 1000; @%p1 bra L;\n"
                             "  ret; }\n";
    uint32_t out[1] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_STACK_OVERFLOW);
    assert_int_equal(res.fault.ptx_line, 9);
    if (!strstr(res.fault.message, "alloca of 1024 bytes (alignment 16) overflows the stack"))
        fail_msg("%s", res.fault.message);
    assert_int_equal(out[0], STACK_BYTES / 1024);
}

/* A size near 2^64 must not wrap the stack pointer around: a fault, not a pointer. */
static void alloca_huge_size_no_wrap(void **state) {
    (void)state;
    const char *ptx = HEADER ".visible .entry k(.param .u64 out) {\n"
                             "  .reg .u64 %rd<6>;\n"
                             "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
                             "  mov.u64 %rd3, 0xfffffffffffffff0;\n"
                             "  alloca.u64 %rd2, %rd3;\n" /* line 8 */
                             "  st.global.u64 [%rd1], %rd2; ret; }\n";
    uint64_t out[1] = {7};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 32, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_STACK_OVERFLOW);
    assert_int_equal(res.fault.ptx_line, 8);
    assert_int_equal(out[0], 7);
}

/* stackrestore with a value no stacksave of this function wrote (here: above its stack): a
 * located fault instead of a corrupted stack pointer. */
static void stackrestore_outside_function_stack_faults(void **state) {
    (void)state;
    const char *ptx = HEADER ".visible .entry k(.param .u64 out) {\n"
                             "  .reg .u64 %rd<6>;\n"
                             "  stacksave.u64 %rd1;\n"
                             "  add.u64 %rd2, %rd1, 64;\n"
                             "  stackrestore.u64 %rd2;\n" /* line 8 */
                             "  ret; }\n";
    uint64_t out[1] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_STACK_OVERFLOW);
    assert_int_equal(res.fault.ptx_line, 8);
    if (!strstr(res.fault.message, "outside this function's stack")) fail_msg("%s", res.fault.message);
}

/* A callee's allocations end at its return: 200 calls of a function allocating 1 KiB each
 * (12.5 times the stack) all run, the stack pointer after each call is the one before it, and
 * the callee's pointers repeat (the same block every time). */
static void callee_allocas_given_back_at_return(void **state) {
    (void)state;
    const char *ptx =
        HEADER ".func (.reg .u64 p) f(.reg .u32 v) {\n"
               "  alloca.u64 p, 1024, 16;\n"
               "  st.local.u32 [p+1020], v; ret; }\n"
               ".visible .entry k(.param .u64 out) {\n"
               "  .reg .u32 %r<4>; .reg .u64 %rd<8>; .reg .pred %p<3>;\n"
               "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
               "  mov.u32 %r1, 0; mov.u32 %r2, 0;\n"
               "  stacksave.u64 %rd2;\n"
               "L:\n"
               "  call (%rd3), f, (%r1);\n"
               "  stacksave.u64 %rd4; setp.ne.u64 %p1, %rd4, %rd2; @%p1 add.u32 %r2, %r2, 1;\n"
               "  setp.ne.u32 %p2, %r1, 0; setp.ne.and.u64 %p2, %rd3, %rd5, %p2; @%p2 add.u32 %r2, %r2, 1000;\n"
               "  mov.u64 %rd5, %rd3;\n"
               "  add.u32 %r1, %r1, 1; setp.lt.u32 %p1, %r1, 200; @%p1 bra L;\n"
               "  st.global.v2.u32 [%rd1], {%r1, %r2}; ret; }\n";
    uint32_t out[2] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 32, out, sizeof out, &res), PS_OK);
    assert_int_equal(out[0], 200);
    assert_int_equal(out[1], 0);
}

/* Frames grow up, allocations down: a kernel holding 8 KiB of alloca and then recursing with
 * 96-byte frames (two .param words, 64 bytes of .local aligned to 16, the call's two words, the
 * frame rounded to 16) faults at the call whose
 * frame would meet the block, at the call's line, and nothing is stored. */
static void recursion_frames_meet_allocas(void **state) {
    (void)state;
    const char *ptx = HEADER ".func (.param .u32 r) f(.param .u32 n) {\n"
                             "  .reg .u32 %r<4>; .reg .pred %p<2>; .local .align 16 .b8 buf[64];\n"
                             "  ld.param.u32 %r1, [n]; st.local.u32 [buf+60], %r1;\n"
                             "  setp.eq.u32 %p1, %r1, 0; @%p1 bra D;\n"
                             "  sub.u32 %r2, %r1, 1;\n"
                             "  { .param .u32 a; .param .u32 b; st.param.u32 [a], %r2;\n"
                             "    call (b), f, (a);\n" /* line 10 */
                             "    ld.param.u32 %r3, [b]; }\n"
                             "  add.u32 %r1, %r1, %r3;\n"
                             "D: st.param.u32 [r], %r1; ret; }\n"
                             ".visible .entry k(.param .u64 out) {\n"
                             "  .reg .u32 %r<4>; .reg .u64 %rd<4>;\n"
                             "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
                             "  alloca.u64 %rd2, 8192, 16; st.local.u32 [%rd2], 1;\n"
                             "  { .param .u32 a; .param .u32 b; st.param.u32 [a], 100000;\n"
                             "    call (b), f, (a); ld.param.u32 %r1, [b]; }\n"
                             "  st.global.u32 [%rd1], %r1; ret; }\n";
    uint32_t out[1] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_STACK_OVERFLOW);
    assert_int_equal(res.fault.ptx_line, 10);
    if (!strstr(res.fault.message,
                "call stack overflow entering 'f': its 96-byte frame meets the 8192 bytes alloca holds"))
        fail_msg("%s", res.fault.message);
    assert_int_equal(out[0], 0);
}

/* Alignments up to the ISA's largest (2^23), .u32 forms in a 64-bit module, lanes asking for
 * different sizes: each pointer is aligned as asked, lies below the one before, is what
 * stacksave reads next, and the block reads back what each lane wrote. */
static void alignment_order_and_u32_forms(void **state) {
    (void)state;
    const char *ptx =
        HEADER ".visible .entry k(.param .u64 out) {\n"
               "  .reg .u32 %r<12>; .reg .u64 %rd<12>; .reg .pred %p<3>;\n"
               "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
               "  mov.u32 %r1, %tid.x; mov.u32 %r9, 0;\n"
               "  stacksave.u32 %r2;\n"
               "  mad.lo.u32 %r3, %r1, 12, 5;\n" /* size 12 t + 5 */
               "  alloca.u32 %r4, %r3, 128;\n"
               "  and.b32 %r5, %r4, 127; setp.ne.u32 %p1, %r5, 0; @%p1 or.b32 %r9, %r9, 1;\n"
               "  add.u32 %r6, %r4, %r3; setp.gt.u32 %p1, %r6, %r2; @%p1 or.b32 %r9, %r9, 2;\n"
               "  stacksave.u32 %r7; setp.ne.u32 %p1, %r7, %r4; @%p1 or.b32 %r9, %r9, 4;\n"
               "  cvt.u64.u32 %rd2, %r4; st.local.u32 [%rd2], %r1;\n"
               "  alloca.u64 %rd4, 1, 1;\n" /* alignment 1 means the minimum, 8 */
               "  and.b64 %rd5, %rd4, 7; setp.ne.u64 %p1, %rd5, 0; @%p1 or.b32 %r9, %r9, 8;\n"
               "  setp.ge.u64 %p1, %rd4, %rd2; @%p1 or.b32 %r9, %r9, 16;\n"
               "  ld.local.u32 %r8, [%rd2]; setp.ne.u32 %p1, %r8, %r1; @%p1 or.b32 %r9, %r9, 32;\n"
               "  stackrestore.u32 %r2;\n"
               "  stacksave.u32 %r10; setp.ne.u32 %p1, %r10, %r2; @%p1 or.b32 %r9, %r9, 64;\n"
               "  mul.wide.u32 %rd6, %r1, 4; add.u64 %rd6, %rd1, %rd6; st.global.u32 [%rd6], %r9; ret; }\n";
    uint32_t out[32];
    memset(out, 0xff, sizeof out);
    ps_launch_result res;
    assert_int_equal(run1(ptx, 32, out, sizeof out, &res), PS_OK);
    for (int t = 0; t < 32; t++) assert_int_equal(out[t], 0);
}

/* The largest alignment, 2^23: in a kernel without a frame the only such offset of a thread's
 * local memory is 0, and that is where the block goes; with a frame below it the same alloca
 * cannot be placed and faults. */
static void alignment_2_pow_23(void **state) {
    (void)state;
    const char *fmt =
        HEADER ".visible .entry k(.param .u64 out) {\n"
               "  .reg .u64 %%rd<6>; %s\n"
               "  ld.param.u64 %%rd1, [out]; cvta.to.global.u64 %%rd1, %%rd1;\n"
               "  alloca.u64 %%rd2, 64, 8388608;\n" /* line 7 */
               "  st.local.u64 [%%rd2+56], %%rd1;\n"
               "  cvta.local.u64 %%rd3, %%rd2; and.b64 %%rd4, %%rd3, 8388607; st.global.u64 [%%rd1], %%rd4; ret; }\n";
    char ptx[1024];
    snprintf(ptx, sizeof ptx, fmt, "");
    uint64_t out[1] = {1};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 2, out, sizeof out, &res), PS_OK);
    assert_int_equal(out[0], 0);
    snprintf(ptx, sizeof ptx, fmt, ".local .align 8 .b8 frame[8]; st.local.u64 [frame], 1;");
    out[0] = 1;
    assert_int_equal(run1(ptx, 2, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_STACK_OVERFLOW);
    assert_int_equal(res.fault.ptx_line, 7);
}

/* A variable-length array in a loop body, in the shape LLVM's NVPTX backend gives it from version
 * 20 on (clang-14 here cannot select dynamic allocas at all): llvm.stacksave as stacksave then
 * cvta.local, the array as alloca then cvta.local, llvm.stackrestore as cvta.to.local then
 * stackrestore. Per thread t and iteration i = 1..24: int a[i + t % 5]; a[j] = t * j + i; the
 * sum of a[j] * (j + 1), from the C loop below; the stack pointer after the loop must be the
 * one before it (each iteration's restore gives its array back). */
static void vla_loop_llvm_shape(void **state) {
    (void)state;
    const char *ptx = HEADER
        ".visible .entry k(.param .u64 out) {\n"
        "  .reg .u32 %r<16>; .reg .u64 %rd<16>; .reg .pred %p<3>;\n"
        "  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;\n"
        "  mov.u32 %r1, %tid.x; rem.u32 %r2, %r1, 5; mov.u32 %r3, 1; mov.u32 %r4, 0;\n"
        "  stacksave.u64 %rd2;\n"
        "LOOP:\n"
        "  stacksave.u64 %rd3; cvta.local.u64 %rd4, %rd3;\n"
        "  add.u32 %r5, %r3, %r2; mul.wide.u32 %rd5, %r5, 4;\n"
        "  alloca.u64 %rd6, %rd5, 4; cvta.local.u64 %rd7, %rd6;\n"
        "  mov.u32 %r6, 0;\n"
        "FILL:\n"
        "  mad.lo.u32 %r7, %r1, %r6, %r3; mul.wide.u32 %rd8, %r6, 4; add.u64 %rd9, %rd7, %rd8; st.u32 [%rd9], %r7;\n"
        "  add.u32 %r6, %r6, 1; setp.lt.u32 %p1, %r6, %r5; @%p1 bra FILL;\n"
        "  mov.u32 %r6, 0;\n"
        "SUM:\n"
        "  mul.wide.u32 %rd8, %r6, 4; add.u64 %rd9, %rd7, %rd8; ld.u32 %r7, [%rd9];\n"
        "  add.u32 %r8, %r6, 1; mad.lo.u32 %r4, %r7, %r8, %r4;\n"
        "  add.u32 %r6, %r6, 1; setp.lt.u32 %p1, %r6, %r5; @%p1 bra SUM;\n"
        "  cvta.to.local.u64 %rd10, %rd4; stackrestore.u64 %rd10;\n"
        "  add.u32 %r3, %r3, 1; setp.le.u32 %p2, %r3, 24; @%p2 bra LOOP;\n"
        "  stacksave.u64 %rd11; setp.ne.u64 %p1, %rd11, %rd2; selp.u32 %r9, 1, 0, %p1;\n"
        "  mul.wide.u32 %rd12, %r1, 8; add.u64 %rd12, %rd1, %rd12; st.global.v2.u32 [%rd12], {%r4, %r9}; ret; }\n";
    uint32_t out[64 * 2];
    memset(out, 0xff, sizeof out);
    ps_launch_result res;
    assert_int_equal(run1(ptx, 64, out, sizeof out, &res), PS_OK);
    for (uint32_t t = 0; t < 64; t++) {
        uint32_t sum = 0;
        for (uint32_t i = 1; i <= 24; i++)
            for (uint32_t j = 0; j < i + t % 5; j++) sum += (t * j + i) * (j + 1);
        assert_int_equal(out[2 * t], sum);
        assert_int_equal(out[2 * t + 1], 0);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(alloca_exhausts_stack_located_fault),
        cmocka_unit_test(alloca_huge_size_no_wrap),
        cmocka_unit_test(stackrestore_outside_function_stack_faults),
        cmocka_unit_test(callee_allocas_given_back_at_return),
        cmocka_unit_test(recursion_frames_meet_allocas),
        cmocka_unit_test(alignment_order_and_u32_forms),
        cmocka_unit_test(alignment_2_pow_23),
        cmocka_unit_test(vla_loop_llvm_shape),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
