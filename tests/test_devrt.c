/* test_devrt.c — what nvcc's PTX needs beyond instructions: the device runtime (vprintf,
 * __assertfail, malloc, free), WARP_SZ, the reserved shared memory registers and layout, and
 * warp-synchronous instructions whose lanes name different member masks (cooperative groups'
 * tiled_partition<16>). Expected values come from the C standard's printf rules, the CUDA
 * documentation's assert format and plain C, never from ptxsim's output. */
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

static ps_status run(const char *ptx, unsigned grid, unsigned block, tu_buf *b, int nb, ps_launch_result *res) {
    tu_launch cfg = {.grid = {grid, 1, 1}, .block = {block, 1, 1}, .threads = 2};
    ps_status st = tu_run(ptx, "k", &cfg, b, nb, res, diag, sizeof diag);
    if (diag[0]) fprintf(stderr, "%s", diag);
    return st;
}

/* nvcc's prototypes of the device runtime (what `printf`, `assert`, `malloc`, `free` compile to) */
#define DEVRT                                                                   \
    ".extern .func (.param .b32 r) vprintf (.param .b64 f, .param .b64 a);\n"   \
    ".extern .func __assertfail (.param .b64 m, .param .b64 f, .param .b32 l, " \
    ".param .b64 fn, .param .b64 c);\n"                                         \
    ".extern .func (.param .b64 r) malloc (.param .b64 n);\n"                   \
    ".extern .func free (.param .b64 p);\n"

static const char DEVRT_TEXT[] = DEVRT;

/* ".global .align 1 .b8 NAME[] = {bytes of TEXT, 0};" — PTX has no string literals; nvcc
 * writes C strings this way. Appended to buf. */
static void cstr(char *buf, size_t n, const char *name, const char *text) {
    size_t at = strlen(buf);
    at += (size_t)snprintf(buf + at, n - at, ".global .align 1 .b8 %s[%zu] = {", name, strlen(text) + 1);
    for (const char *c = text; *c; c++) at += (size_t)snprintf(buf + at, n - at, "%d, ", (unsigned char)*c);
    snprintf(buf + at, n - at, "0};\n");
}

/* TU_HEADER DEVRT, then the strings (name, text pairs, NULL-terminated), then body. */
static const char *with_strings(const char *body, ...) {
    static char buf[16384];
    snprintf(buf, sizeof buf, "%s%s", TU_HEADER, DEVRT_TEXT);
    va_list ap;
    va_start(ap, body);
    for (const char *name; (name = va_arg(ap, const char *));) cstr(buf, sizeof buf, name, va_arg(ap, const char *));
    va_end(ap);
    strncat(buf, body, sizeof buf - strlen(buf) - 1);
    return buf;
}

/* A call of vprintf(%rd_fmt, %rd_args) leaving the result in %r_ret, as nvcc writes it. */
#define VPRINTF(fmt, args, ret)                                                              \
    "{ .param .b64 a0; st.param.b64 [a0], " fmt "; .param .b64 a1; st.param.b64 [a1], " args \
    "; .param .b32 rv; call.uni (rv), vprintf, (a0, a1); ld.param.b32 " ret ", [rv]; }\n"

/* ---- printf ---------------------------------------------------------------------------------- */

/* The argument buffer laid out as nvcc lays it out (int at 0, double at 8, char * at 16,
 * long long at 24, a '*' width int at 32 and its int at 36), formatted by C's rules. */
static void printf_reads_nvccs_argument_layout(void **state) {
    (void)state;
    const char *ptx =
        with_strings(".visible .entry k(.param .u64 p0) {\n"
                     "  .local .align 8 .b8 buf[40]; .reg .b32 %r<4>; .reg .b64 %rd<8>; .reg .f64 %fd1;\n"
                     "  mov.u64 %rd1, buf; cvta.local.u64 %rd2, %rd1;\n"
                     "  st.local.u32 [buf], 7; mov.f64 %fd1, 0d4004000000000000; st.local.f64 [buf+8], %fd1;\n"
                     "  mov.u64 %rd3, str; cvta.global.u64 %rd3, %rd3; st.local.u64 [buf+16], %rd3;\n"
                     "  st.local.u64 [buf+24], -5000000000; st.local.u32 [buf+32], 4; st.local.u32 [buf+36], 9;\n"
                     "  mov.u64 %rd4, fmt; cvta.global.u64 %rd4, %rd4;\n"
                     "  " VPRINTF("%rd4", "%rd2",
                                  "%r1") "  ld.param.u64 %rd5, [p0]; st.global.u32 [%rd5], %r1; ret; }\n",
                     "fmt", "x=%d y=%.2f s=%s big=%lld w=[%*d] %%\n", "str", "ok", NULL);
    int32_t out[1] = {0};
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 1, b, 1, &res), PS_OK);
    assert_string_equal(res.output, "x=7 y=2.50 s=ok big=-5000000000 w=[   9] %\n");
    assert_int_equal(res.output_len, strlen(res.output));
    assert_int_equal(out[0], 6); /* six arguments, the '*' width among them */
    ps_launch_result_release(&res);
}

/* A NULL format returns -1 (CUDA Programming Guide) and prints nothing; NULL for %s prints
 * "(null)". */
static void printf_null_format_and_null_string(void **state) {
    (void)state;
    const char *ptx = with_strings(
        ".visible .entry k(.param .u64 p0) {\n"
        "  .local .align 8 .b8 buf[8]; .reg .b32 %r<4>; .reg .b64 %rd<8>;\n"
        "  mov.u64 %rd1, buf; cvta.local.u64 %rd2, %rd1; st.local.u64 [buf], 0; mov.u64 %rd6, 0;\n"
        "  " VPRINTF("%rd6", "%rd2",
                     "%r1") "  mov.u64 %rd4, fmt; cvta.global.u64 %rd4, %rd4;\n"
                            "  " VPRINTF(
                                "%rd4", "%rd2",
                                "%r2") "  ld.param.u64 %rd5, [p0]; st.global.v2.u32 [%rd5], {%r1, %r2}; ret; }\n",
        "fmt", "[%s]", NULL);
    int32_t out[2] = {0, 0};
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 1, b, 1, &res), PS_OK);
    assert_int_equal(out[0], -1);
    assert_int_equal(out[1], 1);
    assert_string_equal(res.output, "[(null)]");
    ps_launch_result_release(&res);
}

/* Output order (docs/engine.md): CTAs by linear index, then the order a CTA printed in, a warp's
 * lanes in lane order; with two host threads running CTAs at once. */
static void printf_output_in_cta_then_lane_order(void **state) {
    (void)state;
    const char *ptx =
        with_strings(".visible .entry k() {\n"
                     "  .local .align 8 .b8 buf[8]; .reg .b32 %r<6>; .reg .b64 %rd<8>; .reg .pred %p;\n"
                     "  mov.u32 %r1, %ctaid.x; mov.u32 %r2, %tid.x; and.b32 %r3, %r2, 15;\n"
                     "  setp.ne.u32 %p, %r3, 0; @%p bra done;\n"
                     "  st.local.u32 [buf], %r1; st.local.u32 [buf+4], %r2;\n"
                     "  mov.u64 %rd1, buf; cvta.local.u64 %rd2, %rd1; mov.u64 %rd4, fmt; cvta.global.u64 %rd4, %rd4;\n"
                     "  " VPRINTF("%rd4", "%rd2", "%r4") "done: ret; }\n",
                     "fmt", "b%u t%u\n", NULL);
    ps_launch_result res;
    assert_int_equal(run(ptx, 5, 64, NULL, 0, &res), PS_OK);
    char want[512] = "";
    for (unsigned bl = 0; bl < 5; bl++)
        for (unsigned t = 0; t < 64; t += 16) {
            char line[32];
            snprintf(line, sizeof line, "b%u t%u\n", bl, t);
            strcat(want, line);
        }
    assert_string_equal(res.output, want);
    ps_launch_result_release(&res);
}

/* One printf(fmt, ...) from one thread: `stores` fills nvcc's argument buffer (buf, 512 bytes;
 * `str` is the address of the string "abcdef"); out[0] = what printf returned. */
static ps_status printf_once(const char *fmt, const char *stores, int32_t *ret, ps_launch_result *res) {
    char body[8192];
    snprintf(body, sizeof body,
             ".visible .entry k(.param .u64 p0) {\n"
             "  .local .align 8 .b8 buf[512]; .reg .b32 %%r<4>; .reg .b64 %%rd<8>; .reg .f64 %%fd<4>;\n"
             "  mov.u64 %%rd1, buf; cvta.local.u64 %%rd2, %%rd1;\n"
             "  mov.u64 %%rd3, str; cvta.global.u64 %%rd3, %%rd3;\n"
             "  %s\n"
             "  mov.u64 %%rd4, fmt; cvta.global.u64 %%rd4, %%rd4;\n"
             "  " VPRINTF("%%rd4", "%%rd2", "%%r1") "  ld.param.u64 %%rd5, [p0]; st.global.u32 [%%rd5], %%r1; ret; }\n",
             stores);
    const char *ptx = with_strings(body, "fmt", fmt, "str", "abcdef", NULL);
    tu_buf b[1] = {{ret, sizeof *ret}};
    *ret = -100;
    return run(ptx, 1, 1, b, 1, res);
}

/* Regression: ptxsim printed %hhd of 300 as 44. An H200's device printf does not take 'hh': it
 * fills no argument slot and returns 0, and the host, which does take it, reads the record's
 * 8-byte slots from the format's own bytes ('1', 'h', 'h': lab/nvcc_features, line 1). */
static void printf_hh_prints_the_records_format_bytes(void **state) {
    (void)state;
    int32_t ret;
    ps_launch_result res;
    assert_int_equal(printf_once("1 hh: [%hhd] [%hhu] [%hhx]\n",
                                 "st.local.u32 [buf], 300; st.local.u32 [buf+4], 300; st.local.u32 [buf+8], -1;", &ret,
                                 &res),
                     PS_OK);
    assert_string_equal(res.output, "1 hh: [49] [104] [68]\n"); /* the H200's line */
    assert_int_equal(ret, 0);
    ps_launch_result_release(&res);
}

/* Regression: ptxsim printed %F as it stands; an H200 takes it (a double, C's %F). */
static void printf_takes_upper_case_F(void **state) {
    (void)state;
    int32_t ret;
    ps_launch_result res;
    assert_int_equal(printf_once("2 F: [%F] [%F]\n",
                                 "mov.f64 %fd1, 0d3FF8000000000000; st.local.f64 [buf], %fd1;"
                                 "mov.f64 %fd2, 0d7FF0000000000000; st.local.f64 [buf+8], %fd2;",
                                 &ret, &res),
                     PS_OK);
    assert_string_equal(res.output, "2 F: [1.500000] [INF]\n");
    assert_int_equal(ret, 2);
    ps_launch_result_release(&res);
}

/* Regression: ptxsim took '*' precisions as arguments and returned 1. An H200 prints formats
 * whose only conversions are no conversions to it as they stand, and returns 0. */
static void printf_other_text_after_percent_prints_as_it_stands(void **state) {
    (void)state;
    static const char *fmts[] = {"3 star precision: [%.*f] [%*.*s]\n", "5 z j t L: [%zu] [%jd] [%td] [%Lf]\n",
                                 "6 unknown: [%y] [%5%] [%k]\n", "7 trailing percent: %"};
    for (int i = 0; i < 4; i++) {
        int32_t ret;
        ps_launch_result res;
        assert_int_equal(printf_once(fmts[i], "st.local.u32 [buf], 2; st.local.u32 [buf+4], 6;", &ret, &res), PS_OK);
        assert_string_equal(res.output, fmts[i]);
        assert_int_equal(ret, 0);
        ps_launch_result_release(&res);
    }
}

/* Regression: ptxsim printed all 34 arguments and returned 34. A record holds 32 (the
 * Programming Guide's limit): an H200 returns 32 and prints the 33rd and 34th from the format's
 * first 16 bytes, as little-endian ints ("9 ma", "ny: ": 1634541625 and 622879781 there). */
static void printf_more_than_32_arguments_reads_the_format(void **state) {
    (void)state;
    char fmt[256] = "9 many:", stores[4096] = "", want[512] = "9 many:";
    for (int i = 1; i <= 34; i++) {
        strcat(fmt, " %d");
        size_t n = strlen(stores);
        snprintf(stores + n, sizeof stores - n, "st.local.u32 [buf+%d], %d; ", 4 * (i - 1), i);
    }
    strcat(fmt, "\n");
    for (int i = 1; i <= 32; i++) snprintf(want + strlen(want), sizeof want - strlen(want), " %d", i);
    for (int k = 0; k < 2; k++) {
        int32_t v;
        memcpy(&v, fmt + 8 * k, 4); /* the low 4 bytes of slot 32 + k (a little-endian host) */
        snprintf(want + strlen(want), sizeof want - strlen(want), " %d", v);
    }
    strcat(want, "\n");
    assert_non_null(strstr(want, " 32 1634541625 622879781\n")); /* the H200's line */
    int32_t ret;
    ps_launch_result res;
    assert_int_equal(printf_once(fmt, stores, &ret, &res), PS_OK);
    assert_string_equal(res.output, want);
    assert_int_equal(ret, 32);
    ps_launch_result_release(&res);
}

/* What no GPU run has shown is refused, not guessed: conversions the device takes mixed with ones
 * it does not, a slot read past the format's bytes, a string or '*' width read from them, sizes
 * on %c %s %p and floats (docs/engine.md "Device runtime"). */
static void printf_unmeasured_formats_are_refused(void **state) {
    (void)state;
    char many[128] = "";
    for (int i = 0; i < 32; i++) strcat(many, "%d");
    strcat(many, " %s\n");
    const char *fmts[] = {"[%d] [%y]\n",  "[%d] [%hhd]\n",  "[%hhd] [%y]\n",
                          "100%% [%y]\n", "%hhd%hhd%hhd\n", "[%*hhd]\n",
                          many,           "[%ls]\n",        "[%hf]\n",
                          "[%lc]\n"};
    for (int i = 0; i < 10; i++) {
        int32_t ret;
        ps_launch_result res;
        assert_int_equal(printf_once(fmts[i], "st.local.u32 [buf], 1; st.local.u32 [buf+4], 2;", &ret, &res),
                         PS_ERR_FAULT);
        assert_int_equal(res.fault.kind, PS_FAULT_UNSUPPORTED);
        assert_non_null(strstr(res.fault.message, "not known"));
        assert_null(res.output);
        ps_launch_result_release(&res);
    }
}

/* ---- assert ---------------------------------------------------------------------------------- */

/* Two lanes fail: one line each in lane order, in the device's format, on the error stream (an
 * H200's driver writes them to stderr, lab/nvcc_features), then a trap fault with the first line
 * as its message. */
static void failed_assert_prints_and_traps(void **state) {
    (void)state;
    const char *ptx = with_strings(
        ".visible .entry k() {\n"
        "  .reg .b32 %r<4>; .reg .b64 %rd<8>; .reg .pred %p;\n"
        "  mov.u32 %r1, %tid.x; setp.lt.u32 %p, %r1, 3; @%p bra ok;\n"
        "  mov.u64 %rd1, msg; cvta.global.u64 %rd1, %rd1; mov.u64 %rd2, file; cvta.global.u64 %rd2, %rd2;\n"
        "  mov.u64 %rd3, fn; cvta.global.u64 %rd3, %rd3;\n"
        "  { .param .b64 a0; st.param.b64 [a0], %rd1; .param .b64 a1; st.param.b64 [a1], %rd2;\n"
        "    .param .b32 a2; st.param.b32 [a2], 12; .param .b64 a3; st.param.b64 [a3], %rd3;\n"
        "    .param .b64 a4; st.param.b64 [a4], 1; call.uni __assertfail, (a0, a1, a2, a3, a4); }\n"
        "ok: ret; }\n",
        "msg", "x < 3", "file", "k.cu", "fn", "void k()", NULL);
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 5, NULL, 0, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_TRAP);
    assert_string_equal(res.fault.message,
                        "k.cu:12: void k(): block: [0,0,0], thread: [3,0,0] Assertion `x < 3` failed.");
    assert_null(res.output);
    assert_string_equal(res.error_output,
                        "k.cu:12: void k(): block: [0,0,0], thread: [3,0,0] Assertion `x < 3` failed.\n"
                        "k.cu:12: void k(): block: [0,0,0], thread: [4,0,0] Assertion `x < 3` failed.\n");
    assert_int_equal(res.fault.thread[0], 3);
    ps_launch_result_release(&res);
}

/* ---- malloc and free -------------------------------------------------------------------------- */

/* malloc(n) then a one-byte store at offset `off` (scalar 0), then free; out[0] = the pointer. */
static const char *heap_ptx =
    TU_HEADER DEVRT ".visible .entry k(.param .u64 p0, .param .u64 off, .param .u32 twice) {\n"
                    "  .reg .b64 %rd<8>; .reg .b32 %r<3>; .reg .pred %p;\n"
                    "  { .param .b64 n; st.param.b64 [n], 20; .param .b64 r; call.uni (r), malloc, (n);\n"
                    "    ld.param.b64 %rd1, [r]; }\n"
                    "  ld.param.u64 %rd2, [p0]; st.global.u64 [%rd2], %rd1;\n"
                    "  ld.param.u64 %rd3, [off]; add.s64 %rd4, %rd1, %rd3; st.u8 [%rd4], 1;\n"
                    "  { .param .b64 a; st.param.b64 [a], %rd1; call.uni free, (a); }\n"
                    "  ld.param.u32 %r1, [twice]; setp.eq.u32 %p, %r1, 1; @!%p bra done;\n"
                    "  { .param .b64 a; st.param.b64 [a], %rd1; call.uni free, (a); }\n"
                    "done: ret; }\n";

static ps_status heap_run(uint64_t off, uint32_t twice, uint64_t *ptr, ps_launch_result *res) {
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .scalars = {off, twice}, .nscalars = 2};
    tu_buf b[1] = {{ptr, 8}};
    return tu_run(heap_ptx, "k", &cfg, b, 1, res, diag, sizeof diag);
}

static void malloc_blocks_are_bounds_checked(void **state) {
    (void)state;
    uint64_t p = 0;
    ps_launch_result res;
    assert_int_equal(heap_run(19, 0, &p, &res), PS_OK); /* the last byte of 20 */
    assert_int_not_equal(p, 0);
    assert_int_equal(p % 16, 0);
    assert_int_equal(heap_run(20, 0, &p, &res), PS_ERR_FAULT); /* one past the end */
    assert_int_equal(res.fault.kind, PS_FAULT_OUT_OF_BOUNDS);
    assert_non_null(strstr(res.fault.message, "0 bytes past the end of a malloc'd block of 20 bytes"));
}

static void double_free_faults(void **state) {
    (void)state;
    uint64_t p = 0;
    ps_launch_result res;
    assert_int_equal(heap_run(0, 1, &p, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_OUT_OF_BOUNDS);
    assert_non_null(strstr(res.fault.message, "freed already (double free)"));
}

/* Use after free, free of a pointer malloc did not return, and requests the 8 MiB heap cannot
 * hold (docs/engine.md, "Device heap"). */
static void heap_misuse_and_exhaustion(void **state) {
    (void)state;
    const char *ptx = TU_HEADER DEVRT
        ".visible .entry k(.param .u64 p0, .param .u32 what) {\n"
        "  .reg .b64 %rd<8>; .reg .b32 %r<6>; .reg .pred %p;\n"
        "  ld.param.u64 %rd5, [p0]; ld.param.u32 %r1, [what];\n"
        "  { .param .b64 n; st.param.b64 [n], 64; .param .b64 r; call.uni (r), malloc, (n); ld.param.b64 %rd1, [r]; }\n"
        "  setp.eq.u32 %p, %r1, 0; @%p bra uaf;\n"
        "  setp.eq.u32 %p, %r1, 1; @%p bra foreign;\n"
        "  mov.u32 %r2, 0;\n" /* count 1 MiB blocks */
        "more: { .param .b64 n; st.param.b64 [n], 1048576; .param .b64 r; call.uni (r), malloc, (n);\n"
        "        ld.param.b64 %rd2, [r]; }\n"
        "  setp.eq.u64 %p, %rd2, 0; @%p bra counted; add.u32 %r2, %r2, 1; bra more;\n"
        "counted: st.global.u32 [%rd5], %r2;\n"
        "  { .param .b64 n; st.param.b64 [n], 9000000; .param .b64 r; call.uni (r), malloc, (n); ld.param.b64 %rd3, "
        "[r]; }\n"
        "  st.global.u64 [%rd5+8], %rd3; ret;\n"
        "uaf: { .param .b64 a; st.param.b64 [a], %rd1; call.uni free, (a); }\n"
        "  ld.u32 %r3, [%rd1+4]; ret;\n"
        "foreign: add.s64 %rd4, %rd1, 16; { .param .b64 a; st.param.b64 [a], %rd4; call.uni free, (a); }\n"
        "  ret; }\n";
    uint64_t out[2] = {7, 7};
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .scalars = {0}, .nscalars = 1};
    assert_int_equal(tu_run(ptx, "k", &cfg, b, 1, &res, diag, sizeof diag), PS_ERR_FAULT);
    assert_non_null(strstr(res.fault.message, "inside a block of 64 bytes that free() released"));
    cfg.scalars[0] = 1;
    assert_int_equal(tu_run(ptx, "k", &cfg, b, 1, &res, diag, sizeof diag), PS_ERR_FAULT);
    assert_non_null(strstr(res.fault.message, "not an address that malloc() returned"));
    cfg.scalars[0] = 2;
    assert_int_equal(tu_run(ptx, "k", &cfg, b, 1, &res, diag, sizeof diag), PS_OK);
    /* 64 bytes are taken: at most 7 more MiB-blocks fit in 8 MiB (each carries a gap) */
    assert_true((uint32_t)out[0] >= 6 && (uint32_t)out[0] <= 7);
    assert_int_equal(out[1], 0); /* more than the heap: NULL */
}

/* A device-runtime name declared with other parameters than nvcc's is refused, not guessed. */
static void builtin_with_other_prototype_is_refused(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".extern .func (.param .b64 r) malloc (.param .b32 n);\n"
                                ".visible .entry k() {\n"
                                "  { .param .b32 n; st.param.b32 [n], 8; .param .b64 r; call.uni (r), malloc, (n); }\n"
                                "  ret; }\n";
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 1, NULL, 0, &res), PS_ERR_UNSUPPORTED);
    assert_non_null(strstr(diag, "'malloc' is declared with parameters the device runtime's malloc does not take"));
}

/* ---- WARP_SZ and the reserved shared memory ------------------------------------------------- */

static void warp_sz_is_32(void **state) {
    (void)state;
    const char *ptx = TU_HEADER
        ".global .u32 g = WARP_SZ;\n"
        ".visible .entry k(.param .u64 p0) {\n"
        "  .reg .b32 %r<4>; .reg .b64 %rd<3>;\n"
        "  mov.u32 %r1, WARP_SZ; ld.global.u32 %r2, [g]; add.u32 %r3, %r1, WARP_SZ;\n"
        "  ld.param.u64 %rd1, [p0]; st.global.v2.u32 [%rd1], {%r2, %r3}; st.global.u32 [%rd1+WARP_SZ], %r1; ret; }\n";
    uint32_t out[9] = {0};
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 1, b, 1, &res), PS_OK);
    assert_int_equal(out[0], 32);
    assert_int_equal(out[1], 64);
    assert_int_equal(out[8], 32);
}

/* sm_80 and later: the first KiB of a CTA's shared memory is the system's (CUDA Programming
 * Guide). An H200 gave, for 64 static and 256 dynamic bytes (lab/nvcc_features/reserved_smem.ptx,
 * tests/data/devrt_h200): offset_0 0, offset_1 0, begin 0, end 288, cap 1024, %total_smem_size
 * 384 (whole 128-byte units, PTX ISA 10.30), %aggr_smem_size 1344 (the reserved KiB, static and
 * dynamic bytes), the static variable at 0x400 and the dynamic one right after it. sm_75 has no
 * reserved region and counts %total_smem_size in 256-byte units (PTX ISA 10.30). */
static void reserved_shared_memory_layout(void **state) {
    (void)state;
    static const char *fmt = ".version 8.1\n.target %s\n.address_size 64\n"
                             ".extern .shared .align 16 .b8 dyn[];\n"
                             ".visible .entry k(.param .u64 p0) {\n"
                             "  .shared .align 16 .b8 s[%u]; .reg .b32 %%r<12>; .reg .b64 %%rd<3>;\n"
                             "  mov.u32 %%r1, s; mov.u32 %%r2, dyn; mov.u32 %%r3, %%total_smem_size;\n"
                             "  mov.u32 %%r4, %%dynamic_smem_size;\n"
                             "  ld.param.u64 %%rd1, [p0]; st.global.v4.u32 [%%rd1], {%%r1, %%r2, %%r3, %%r4};\n"
                             "  %s ret; }\n";
    const char *regs = "mov.u32 %r5, %reserved_smem_offset_begin; mov.u32 %r6, %reserved_smem_offset_end; "
                       "mov.u32 %r7, %reserved_smem_offset_cap; mov.u32 %r8, %reserved_smem_offset_0; "
                       "mov.u32 %r9, %reserved_smem_offset_1; mov.u32 %r10, %aggr_smem_size; "
                       "st.global.v4.u32 [%rd1+16], {%r5, %r6, %r7, %r8}; st.global.v2.u32 [%rd1+32], {%r9, %r10};";
    char ptx[2048];
    snprintf(ptx, sizeof ptx, fmt, "sm_90", 64u, regs);
    uint32_t out[10] = {0};
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}, .shared_bytes = 256};
    assert_int_equal(tu_run(ptx, "k", &cfg, b, 1, &res, diag, sizeof diag), PS_OK);
    const uint32_t h200[10] = {1024, 1088, 384, 256, 0, 288, 1024, 0, 0, 1344};
    for (int i = 0; i < 10; i++) assert_int_equal(out[i], h200[i]);
    /* sm_75: 100 static bytes (ptxas -v counts 112: padded to dyn's alignment), 28 dynamic ones */
    snprintf(ptx, sizeof ptx, fmt, "sm_75", 100u, "");
    memset(out, 0, sizeof out);
    cfg.shared_bytes = 28;
    assert_int_equal(tu_run(ptx, "k", &cfg, b, 1, &res, diag, sizeof diag), PS_OK);
    assert_int_equal(out[0], 0);   /* no reserved region */
    assert_int_equal(out[1], 112); /* dyn: where ptxas's 112 static bytes end */
    assert_int_equal(out[2], 256); /* 140 bytes in 256-byte units */
    assert_int_equal(out[3], 28);
}

/* ---- member masks per group (regression: tiled_partition<16> faulted) -------------------------- */

/* Each half warp names its own half as the member mask, as cooperative groups' tiled_partition<16>
 * does: every warp-synchronous instruction works per half. */
static void member_masks_per_half_warp(void **state) {
    (void)state;
    const char *ptx = TU_HEADER
        ".visible .entry k(.param .u64 p0) {\n"
        "  .reg .b32 %r<12>; .reg .b64 %rd<4>; .reg .pred %p<3>;\n"
        "  mov.u32 %r1, %laneid; and.b32 %r2, %r1, 16; mov.u32 %r3, 65535; shl.b32 %r4, %r3, %r2;\n"
        "  mul.lo.u32 %r5, %r1, %r1;\n"
        "  bar.warp.sync %r4;\n"
        "  redux.sync.add.u32 %r6, %r5, %r4;\n"
        "  shfl.sync.idx.b32 %r7, %r5, 3, 0x101f, %r4;\n" /* lane 3 of each 16-lane segment */
        "  and.b32 %r8, %r1, 1; setp.eq.u32 %p1, %r8, 1; vote.sync.ballot.b32 %r9, %p1, %r4;\n"
        "  match.any.sync.b32 %r10, %r8, %r4;\n"
        "  mov.u32 %r11, %tid.x; mul.wide.u32 %rd1, %r11, 16; ld.param.u64 %rd2, [p0]; add.s64 %rd3, %rd2, %rd1;\n"
        "  st.global.v4.u32 [%rd3], {%r6, %r7, %r9, %r10}; ret; }\n";
    uint32_t out[32 * 4] = {0};
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 32, b, 1, &res), PS_OK);
    for (uint32_t l = 0; l < 32; l++) {
        uint32_t base = l & 16, sum = 0, odd = 0, same = 0;
        for (uint32_t k = base; k < base + 16; k++) {
            sum += k * k;
            if (k & 1) odd |= 1u << k;
            if ((k & 1) == (l & 1)) same |= 1u << k;
        }
        assert_int_equal(out[4 * l + 0], sum);
        assert_int_equal(out[4 * l + 1], (base + 3) * (base + 3));
        assert_int_equal(out[4 * l + 2], odd);
        assert_int_equal(out[4 * l + 3], same);
    }
}

/* Different masks whose lanes do not all arrive together are still refused (lane 5 executes
 * another redux than the rest of its half). */
static void member_mask_group_missing_lanes_faults(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".visible .entry k() {\n"
                  "  .reg .b32 %r<8>; .reg .pred %p;\n"
                  "  mov.u32 %r1, %laneid; and.b32 %r2, %r1, 16; mov.u32 %r3, 65535; shl.b32 %r4, %r3, %r2;\n"
                  "  setp.eq.u32 %p, %r1, 5; @%p bra other;\n" /* lane 5 goes elsewhere */
                  "  redux.sync.add.u32 %r6, %r1, %r4; bra done;\n"
                  "other: redux.sync.add.u32 %r6, %r1, %r4;\n"
                  "done: ret; }\n";
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 32, NULL, 0, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_INVALID_WARP_SYNC);
    assert_non_null(strstr(res.fault.message, "0x0000ffff"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(printf_reads_nvccs_argument_layout),
        cmocka_unit_test(printf_null_format_and_null_string),
        cmocka_unit_test(printf_output_in_cta_then_lane_order),
        cmocka_unit_test(printf_hh_prints_the_records_format_bytes),
        cmocka_unit_test(printf_takes_upper_case_F),
        cmocka_unit_test(printf_other_text_after_percent_prints_as_it_stands),
        cmocka_unit_test(printf_more_than_32_arguments_reads_the_format),
        cmocka_unit_test(printf_unmeasured_formats_are_refused),
        cmocka_unit_test(failed_assert_prints_and_traps),
        cmocka_unit_test(malloc_blocks_are_bounds_checked),
        cmocka_unit_test(double_free_faults),
        cmocka_unit_test(heap_misuse_and_exhaustion),
        cmocka_unit_test(builtin_with_other_prototype_is_refused),
        cmocka_unit_test(warp_sz_is_32),
        cmocka_unit_test(reserved_shared_memory_layout),
        cmocka_unit_test(member_masks_per_half_warp),
        cmocka_unit_test(member_mask_group_missing_lanes_faults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
