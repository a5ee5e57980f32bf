/* test_ptx_run.c — the two one-call entry points for mock-GPU test suites under the sanitizers
 * (tests/python/test_ptx_run.py drives them through ctypes, which the sanitizer builds skip):
 * gpuocelot's ptx_run, whose args[i] is the parameter's value, and ptxsim_ptx_run, whose args[i]
 * points at it. Host buffers owned here; expected values computed in C in this file. */
#define _GNU_SOURCE /* memfd_create */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ptxsim.h"

/* out[g] = in[b*B + B-1-t] * k + hi32(c) + h for g = b*B + t, through B words of dynamic shared
 * memory; k is an s32, c a u64 that is no pointer, h a u16. */
static const char rev_ptx[] =
    ".version 7.0\n.target sm_35\n.address_size 64\n"
    ".extern .shared .align 4 .b8 smem[];\n"
    ".visible .entry rev(.param .u64 out, .param .u64 in, .param .s32 k, .param .u64 c, .param .u16 h)\n"
    "{\n"
    "  .reg .b16 %h<2>; .reg .b32 %r<12>; .reg .b64 %rd<8>;\n"
    "  ld.param.u64 %rd1, [out]; ld.param.u64 %rd2, [in]; ld.param.s32 %r1, [k];\n"
    "  ld.param.u64 %rd3, [c]; ld.param.u16 %h1, [h];\n"
    "  mov.u32 %r2, %tid.x; mov.u32 %r3, %ntid.x; mov.u32 %r4, %ctaid.x;\n"
    "  mad.lo.s32 %r5, %r4, %r3, %r2; mul.wide.s32 %rd4, %r5, 4; add.s64 %rd5, %rd2, %rd4;\n"
    "  ld.global.s32 %r6, [%rd5];\n"
    "  mov.u32 %r7, smem; shl.b32 %r8, %r2, 2; add.s32 %r8, %r7, %r8; st.shared.s32 [%r8], %r6;\n"
    "  bar.sync 0;\n"
    "  sub.s32 %r9, %r3, %r2; sub.s32 %r9, %r9, 1; shl.b32 %r9, %r9, 2; add.s32 %r9, %r7, %r9;\n"
    "  ld.shared.s32 %r10, [%r9];\n"
    "  shr.u64 %rd6, %rd3, 32; cvt.u32.u64 %r11, %rd6; mad.lo.s32 %r10, %r10, %r1, %r11;\n"
    "  cvt.u32.u16 %r11, %h1; add.s32 %r10, %r10, %r11;\n"
    "  add.s64 %rd7, %rd1, %rd4; st.global.s32 [%rd7], %r10;\n"
    "  ret;\n"
    "}\n";

enum { BLOCK = 64, GRID = 3, N = BLOCK * GRID };
static const int32_t K = -3;
static const uint64_t C = (7ull << 32) | 0xdeadbeefu;
static const uint16_t H = 0xbeef;

static void fill(int32_t *in, int32_t *out) {
    uint32_t x = 12345;
    for (int i = 0; i < N; i++) {
        x = x * 1664525u + 1013904223u;
        in[i] = (int32_t)x;
        out[i] = 0;
    }
}

static void check_rev(const int32_t *in, const int32_t *out) {
    for (int g = 0; g < N; g++) {
        int b = g / BLOCK, t = g % BLOCK;
        uint32_t want = (uint32_t)in[b * BLOCK + BLOCK - 1 - t] * (uint32_t)K + (uint32_t)(C >> 32) + H;
        assert_int_equal((uint32_t)out[g], want);
    }
}

/* gpuocelot's form: the values travel in the slots (k = -3 as the 64-bit slot 0xff..fd, whose low
 * half the s32 parameter reads); block before grid (swapped, each "block" would reverse 3). */
static void values_in_slots(void **state) {
    (void)state;
    static int32_t in[N], out[N];
    fill(in, out);
    void *args[5] = {out, in, (void *)(intptr_t)K, (void *)(uintptr_t)C, (void *)(uintptr_t)H};
    ptx_run(rev_ptx, 5, args, BLOCK, 1, 1, GRID, 1, 1, BLOCK * 4);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_OK);
    check_rev(in, out);
}

static void pointers_to_values(void **state) {
    (void)state;
    static int32_t in[N], out[N];
    fill(in, out);
    void *pout = out, *pin = in;
    int32_t k = K;
    uint64_t c = C;
    uint16_t h = H;
    void *args[5] = {&pout, &pin, &k, &c, &h};
    assert_int_equal(ptxsim_ptx_run(rev_ptx, 5, args, BLOCK, 1, 1, GRID, 1, 1, BLOCK * 4), PTXSIM_OK);
    check_rev(in, out);
}

/* 128 bytes of dynamic shared memory for 64 threads: the upper half's stores fault before any
 * global store. */
static void shared_memory_is_the_size_given(void **state) {
    (void)state;
    static int32_t in[N], out[N];
    fill(in, out);
    void *args[5] = {out, in, (void *)(intptr_t)1, NULL, NULL};
    ptx_run(rev_ptx, 5, args, BLOCK, 1, 1, 1, 1, 1, 128);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_FAULT);
    for (int i = 0; i < BLOCK; i++) assert_int_equal(out[i], 0);
}

/* Regression: a buffer across two contiguous read-write mappings that the kernel keeps apart (a
 * file-backed page, then an anonymous one, as a static array across .data and .bss can lie) is
 * one piece of host memory; only the first mapping was made addressable, and the read past it
 * faulted. */
static void buffer_across_two_mappings(void **state) {
    (void)state;
    long page = sysconf(_SC_PAGESIZE);
    char *base = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(base != MAP_FAILED);
    int fd = memfd_create("ptx_run_test", 0);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, page), 0);
    assert_true(mmap(base, (size_t)page, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) == base);
    close(fd);
    int32_t *in = (int32_t *)(base + page - N * 2), out[N]; /* half of in in each mapping */
    fill(in, out);
    void *args[5] = {out, in, (void *)(intptr_t)K, (void *)(uintptr_t)C, (void *)(uintptr_t)H};
    ptx_run(rev_ptx, 5, args, BLOCK, 1, 1, GRID, 1, 1, BLOCK * 4);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_OK);
    check_rev(in, out);
    munmap(base, 2 * (size_t)page);
}

static void wide_parameter_refused(void **state) {
    (void)state;
    static const char wide[] = ".version 7.0\n.target sm_50\n.address_size 64\n"
                               ".visible .entry wide(.param .align 8 .b8 s[16])\n{\n  ret;\n}\n";
    void *args[1] = {NULL};
    ptx_run(wide, 1, args, 1, 1, 1, 1, 1, 1, 0);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_UNSUPPORTED);
}

/* The launch limits come from the environment as for the libcuda shim; a bad value is refused. */
static void limits_from_the_environment(void **state) {
    (void)state;
    static int32_t in[N], out[N];
    fill(in, out);
    void *args[5] = {out, in, (void *)(intptr_t)K, (void *)(uintptr_t)C, (void *)(uintptr_t)H};
    setenv("PTXSIM_WATCHDOG", "10", 1);
    ptx_run(rev_ptx, 5, args, BLOCK, 1, 1, GRID, 1, 1, BLOCK * 4);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_WATCHDOG);
    setenv("PTXSIM_WATCHDOG", "ten", 1);
    ptx_run(rev_ptx, 5, args, BLOCK, 1, 1, GRID, 1, 1, BLOCK * 4);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_INVALID_ARGUMENT);
    unsetenv("PTXSIM_WATCHDOG");
    static const char *const bad[][2] = {{"PTXSIM_TIMEOUT", "-1"},   {"PTXSIM_TIMEOUT", "nan"},
                                         {"PTXSIM_WATCHDOG", "inf"}, {"PTXSIM_WATCHDOG", "1e30"},
                                         {"PTXSIM_THREADS", "1.5"},  {"PTXSIM_THREADS", "5000"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv(bad[i][0], bad[i][1], 1);
        ptx_run(rev_ptx, 5, args, BLOCK, 1, 1, GRID, 1, 1, BLOCK * 4);
        assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_INVALID_ARGUMENT);
        unsetenv(bad[i][0]);
    }
    setenv("PTXSIM_TIMEOUT", "0", 1); /* no limit */
    setenv("PTXSIM_THREADS", "1", 1);
    ptx_run(rev_ptx, 5, args, BLOCK, 1, 1, GRID, 1, 1, BLOCK * 4);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_OK);
    unsetenv("PTXSIM_TIMEOUT");
    unsetenv("PTXSIM_THREADS");
    check_rev(in, out);
}

static void errors_leave_a_status(void **state) {
    (void)state;
    void *args[5] = {NULL, NULL, NULL, NULL, NULL};
    ptx_run(".version 8.0\n.target sm_90\nthis is not ptx;\n", 0, args, 1, 1, 1, 1, 1, 1, 0);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_PARSE);
    ptx_run(rev_ptx, 4, args, 32, 1, 1, 1, 1, 1, 128);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_INVALID_ARGUMENT);
    ptx_run(rev_ptx, 5, args, 32, 0, 1, 1, 1, 1, 128);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_INVALID_ARGUMENT);
    ptx_run(rev_ptx, 5, NULL, 32, 1, 1, 1, 1, 1, 128);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_INVALID_ARGUMENT);
    ptx_run(NULL, 0, NULL, 1, 1, 1, 1, 1, 1, 0);
    assert_int_equal(ptxsim_ptx_run_last_status(), PTXSIM_ERR_INVALID_ARGUMENT);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(values_in_slots),
        cmocka_unit_test(pointers_to_values),
        cmocka_unit_test(shared_memory_is_the_size_given),
        cmocka_unit_test(buffer_across_two_mappings),
        cmocka_unit_test(wide_parameter_refused),
        cmocka_unit_test(limits_from_the_environment),
        cmocka_unit_test(errors_leave_a_status),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
