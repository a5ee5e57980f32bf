/* test_report_lines.c — the per-line counters of the public API (ptxsim_report_line) and the HTML
 * writer's refusals (ptxsim_report_write_html). Expected counts come from the kernel's shape,
 * worked out in C here: a loop of n uniform iterations, a shared store at a stride of 32 words
 * (Nsight Compute's rule: gcd(stride, 32) wavefronts), a contiguous 4-byte global store. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptxsim.h"

static const char loop_ptx[] = ".version 8.0\n"
                               ".target sm_90\n"
                               ".address_size 64\n"
                               ".visible .entry loopk(.param .u64 pout, .param .u32 pn)\n"
                               "{\n"
                               "  .reg .pred %p<3>; .reg .b32 %r<10>; .reg .b64 %rd<6>;\n"
                               "  .shared .align 4 .b32 sh[1024];\n"
                               "  ld.param.u64 %rd1, [pout];\n"
                               "  ld.param.u32 %r1, [pn];\n"
                               "  mov.u32 %r2, %tid.x;\n"
                               "  mov.u32 %r3, 0;\n"
                               "LOOP:\n"
                               "  add.u32 %r3, %r3, 1; // BODY\n"
                               "  setp.lt.u32 %p1, %r3, %r1;\n"
                               "  @%p1 bra LOOP; // BRANCH\n"
                               "  shl.b32 %r4, %r2, 7;\n"
                               "  mov.u32 %r5, sh;\n"
                               "  add.u32 %r6, %r5, %r4;\n"
                               "  st.shared.u32 [%r6], %r3; // SHARED\n"
                               "  cvta.to.global.u64 %rd2, %rd1;\n"
                               "  mul.wide.u32 %rd3, %r2, 4;\n"
                               "  add.u64 %rd4, %rd2, %rd3;\n"
                               "  st.global.u32 [%rd4], %r3; // GLOBAL\n"
                               "  ret;\n"
                               "}\n";

/* The 1-based line of the marker comment. */
static int line_of(const char *marker) {
    const char *at = strstr(loop_ptx, marker);
    assert_non_null(at);
    int line = 1;
    for (const char *p = loop_ptx; p < at; p++) line += *p == '\n';
    return line;
}

static unsigned gcd(unsigned a, unsigned b) { return b ? gcd(b, a % b) : a; }

typedef struct {
    ptxsim_context *ctx;
    ptxsim_module *m;
    ptxsim_report *rep;
} run;

static void launch(run *r, unsigned checks, uint32_t n) {
    assert_int_equal(ptxsim_context_create("sm_90", &r->ctx, NULL), PTXSIM_OK);
    ptxsim_options o;
    ptxsim_context_get_options(r->ctx, &o);
    o.checks = checks;
    o.threads = 1;
    assert_int_equal(ptxsim_context_set_options(r->ctx, &o), PTXSIM_OK);
    assert_int_equal(ptxsim_module_load(r->ctx, "loop.ptx", loop_ptx, strlen(loop_ptx), &r->m, NULL), PTXSIM_OK);
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_kernel(r->m, "loopk", &k), PTXSIM_OK);
    uint64_t out;
    assert_int_equal(ptxsim_mem_alloc(r->ctx, 32 * 4, "out", &out), PTXSIM_OK);
    void *args[] = {&out, &n};
    ptxsim_launch_config cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}, .args = args};
    assert_int_equal(ptxsim_launch(r->ctx, k, &cfg, &r->rep), PTXSIM_OK);
}

static void done(run *r) {
    ptxsim_report_free(r->rep);
    ptxsim_module_unload(r->m);
    ptxsim_context_destroy(r->ctx);
}

static bool find_line(const ptxsim_report *rep, int line, ptxsim_line_counters *out) {
    for (int i = 0; ptxsim_report_line(rep, i, out); i++)
        if (out->ptx_line == line) return true;
    return false;
}

static void counters_per_line(void **state) {
    (void)state;
    const uint32_t n = 5;
    run r;
    launch(&r, PTXSIM_CHECK_ALL | PTXSIM_CHECK_PROFILE, n);
    ptxsim_line_counters l;
    /* the loop body: n warp executions of 32 active lanes */
    assert_true(find_line(r.rep, line_of("BODY"), &l));
    assert_int_equal(l.warp_executions, n);
    assert_int_equal(l.thread_executions, 32 * n);
    /* the branch: n executions, none divergent, n-1 times all 32 lanes jump, once none does */
    assert_true(find_line(r.rep, line_of("BRANCH"), &l));
    assert_int_equal(l.branch_executions, n);
    assert_int_equal(l.branch_divergent, 0);
    assert_int_equal(l.taken_lanes, 32 * (n - 1));
    assert_int_equal(l.not_taken_lanes, 32);
    /* 32 lanes 32 words apart: gcd(32, 32) wavefronts where 1 would do */
    assert_true(find_line(r.rep, line_of("SHARED"), &l));
    assert_int_equal(l.shared_executions, 1);
    assert_int_equal(l.shared_wavefronts, gcd(32, 32));
    assert_int_equal(l.shared_ideal_wavefronts, 1);
    assert_int_equal(l.shared_worst_way, 32);
    /* 128 contiguous aligned bytes: one request, 4 sectors, as few as possible */
    assert_true(find_line(r.rep, line_of("GLOBAL"), &l));
    assert_int_equal(l.global_requests, 1);
    assert_int_equal(l.global_sectors, 128 / 32);
    assert_int_equal(l.global_ideal_sectors, 128 / 32);
    /* every warp instruction is on a line: the sum is the launch's */
    uint64_t sum = 0;
    for (int i = 0; ptxsim_report_line(r.rep, i, &l); i++) sum += l.warp_executions;
    assert_int_equal(sum, ptxsim_report_stats(r.rep)->warp_instructions);
    /* straight-line code: 4 instructions before the loop, 3 per iteration, 9 after */
    assert_int_equal(sum, 4 + 3 * n + 9);
    assert_false(ptxsim_report_line(r.rep, -1, &l));
    assert_false(ptxsim_report_line(r.rep, ptxsim_report_line_count(r.rep), &l));
    assert_null(ptxsim_report_source_file(r.rep, 1)); /* no .file */
    done(&r);
}

static void without_profile_no_execution_counts(void **state) {
    (void)state;
    run r;
    launch(&r, PTXSIM_CHECK_ALL, 3);
    ptxsim_line_counters l;
    assert_true(find_line(r.rep, line_of("SHARED"), &l));
    assert_int_equal(l.shared_wavefronts, 32);
    assert_int_equal(l.warp_executions, 0);
    assert_false(find_line(r.rep, line_of("BODY"), &l)); /* nothing counted there */
    done(&r);
}

static void html_refuses_what_it_cannot_show(void **state) {
    (void)state;
    run r;
    launch(&r, PTXSIM_CHECK_ALL | PTXSIM_CHECK_PROFILE, 2);
    char path[] = "/tmp/ptxsim-html-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char err[512];
    ptxsim_html_launch hl = {.report = r.rep,
                             .format = {.ptx_path = "loop.ptx", .kernel = "loopk"},
                             .ptx_text = loop_ptx,
                             .ptx_len = strlen(loop_ptx),
                             .grid = {1, 1, 1},
                             .block = {32, 1, 1}};
    assert_int_equal(ptxsim_report_write_html(&hl, 1, NULL, path, err, sizeof err), PTXSIM_OK);
    size_t len = 0;
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char *page = calloc(1, 1 << 20);
    len = fread(page, 1, (1 << 20) - 1, f);
    fclose(f);
    assert_true(len > 0 && !strncmp(page, "<!DOCTYPE html>", 15));
    assert_non_null(strstr(page, "default-src 'none'")); /* fetches nothing */
    free(page);
    /* PTX text that is not the module's: refused, naming the line */
    char *other = strdup(loop_ptx);
    char *body = strstr(other, "add.u32 %r3");
    memcpy(body, "sub", 3);
    hl.ptx_text = other;
    assert_int_equal(ptxsim_report_write_html(&hl, 1, NULL, path, err, sizeof err), PTXSIM_ERR_INVALID_ARGUMENT);
    char want[64];
    snprintf(want, sizeof want, "line %d should hold 'add", line_of("BODY"));
    if (!strstr(err, want)) fail_msg("'%s' does not say '%s'", err, want);
    free(other);
    /* no PTX file to read */
    hl.ptx_text = NULL;
    hl.format.ptx_path = "/nonexistent/loop.ptx";
    assert_int_equal(ptxsim_report_write_html(&hl, 1, NULL, path, err, sizeof err), PTXSIM_ERR_IO);
    assert_non_null(strstr(err, "/nonexistent/loop.ptx"));
    done(&r);
    /* a plain run has no counters */
    launch(&r, 0, 2);
    hl.report = r.rep;
    hl.ptx_text = loop_ptx;
    assert_int_equal(ptxsim_report_line_count(r.rep), 0);
    assert_int_equal(ptxsim_report_write_html(&hl, 1, NULL, path, err, sizeof err), PTXSIM_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(err, "without checkers"));
    done(&r);
    unlink(path);
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char *page = calloc(1, 1 << 20);
    size_t len = fread(page, 1, (1 << 20) - 1, f);
    fclose(f);
    assert_true(len > 0);
    return page;
}

static int count_of(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

/* Several launches make one page: a section and a sidebar entry each, labels escaped. */
static void html_several_launches(void **state) {
    (void)state;
    run a, b;
    launch(&a, PTXSIM_CHECK_ALL | PTXSIM_CHECK_PROFILE, 2);
    launch(&b, PTXSIM_CHECK_ALL | PTXSIM_CHECK_PROFILE, 7);
    char path[] = "/tmp/ptxsim-html-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    ptxsim_html_launch hl[2] = {{.report = a.rep,
                                 .format = {.ptx_path = "loop.ptx", .kernel = "loopk"},
                                 .ptx_text = loop_ptx,
                                 .ptx_len = strlen(loop_ptx),
                                 .grid = {1, 1, 1},
                                 .block = {32, 1, 1},
                                 .label = "n = 2"},
                                {.report = b.rep,
                                 .format = {.ptx_path = "loop.ptx", .kernel = "loopk"},
                                 .ptx_text = loop_ptx,
                                 .ptx_len = strlen(loop_ptx),
                                 .grid = {1, 1, 1},
                                 .block = {32, 1, 1},
                                 .label = "<b>n = 7</b>"}};
    ptxsim_html_options o = {.title = "two & more"};
    char err[256];
    assert_int_equal(ptxsim_report_write_html(hl, 2, &o, path, err, sizeof err), PTXSIM_OK);
    char *page = slurp(path);
    assert_int_equal(count_of(page, "<section class=\"launch\""), 2);
    assert_non_null(strstr(page, "id=\"L1\""));
    assert_non_null(strstr(page, "id=\"L2\""));
    assert_non_null(strstr(page, ">n = 2<"));
    assert_non_null(strstr(page, "&lt;b&gt;n = 7&lt;/b&gt;"));
    assert_null(strstr(page, "<b>n = 7"));
    assert_non_null(strstr(page, "<title>two &amp; more</title>"));
    /* the loop body's executions, per launch: 2 and 7 */
    char want[128];
    snprintf(want, sizeof want, "id=\"L1-p%d\" data-line=\"%d\" data-exec=\"2\"", line_of("BODY"), line_of("BODY"));
    if (!strstr(page, want)) fail_msg("no '%s'", want);
    snprintf(want, sizeof want, "id=\"L2-p%d\" data-line=\"%d\" data-exec=\"7\"", line_of("BODY"), line_of("BODY"));
    if (!strstr(page, want)) fail_msg("no '%s'", want);
    free(page);
    unlink(path);
    done(&a);
    done(&b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counters_per_line),
        cmocka_unit_test(without_profile_no_execution_counts),
        cmocka_unit_test(html_refuses_what_it_cannot_show),
        cmocka_unit_test(html_several_launches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
