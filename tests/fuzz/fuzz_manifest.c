/* fuzz_manifest.c — libFuzzer harness: manifest load (DESIGN §6) of arbitrary bytes. Each input is
 * written as case.json into a private temporary folder that also holds a fixed small PTX module
 * (kernel.ptx, kernels "k" and "k2") and an input file (in.bin); a manifest that loads, names only
 * those files and asks for a small launch is then prepared, launched and compared as `ptxsim run`
 * does, without writing outputs. The folder is removed at exit. docs/fuzz.md, "libFuzzer". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api_internal.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char kernel_ptx[] = ".version 7.0\n"
                                 ".target sm_70\n"
                                 ".address_size 64\n"
                                 "// out[i] = in[i] * s for i < n\n"
                                 ".visible .entry k(.param .u64 in, .param .u64 out, .param .u32 n, .param .f32 s)\n"
                                 "{\n"
                                 "  .reg .pred %p<2>;\n"
                                 "  .reg .b32 %r<4>;\n"
                                 "  .reg .f32 %f<3>;\n"
                                 "  .reg .b64 %rd<6>;\n"
                                 "  ld.param.u64 %rd1, [in];\n"
                                 "  ld.param.u64 %rd2, [out];\n"
                                 "  ld.param.u32 %r1, [n];\n"
                                 "  ld.param.f32 %f1, [s];\n"
                                 "  mov.u32 %r2, %tid.x;\n"
                                 "  mov.u32 %r3, %ctaid.x;\n"
                                 "  mad.lo.s32 %r2, %r3, %ntid.x, %r2;\n"
                                 "  setp.ge.u32 %p1, %r2, %r1;\n"
                                 "  @%p1 bra DONE;\n"
                                 "  mul.wide.u32 %rd3, %r2, 4;\n"
                                 "  add.s64 %rd4, %rd1, %rd3;\n"
                                 "  ld.global.f32 %f2, [%rd4];\n"
                                 "  mul.f32 %f2, %f2, %f1;\n"
                                 "  add.s64 %rd5, %rd2, %rd3;\n"
                                 "  st.global.f32 [%rd5], %f2;\n"
                                 "DONE:\n"
                                 "  ret;\n"
                                 "}\n"
                                 "// out[tid] = st.a + st.b (a struct passed by value: a \"bytes\" parameter)\n"
                                 ".visible .entry k2(.param .align 8 .b8 st[16], .param .u64 out)\n"
                                 "{\n"
                                 "  .reg .b64 %rd<6>;\n"
                                 "  .reg .b32 %r<2>;\n"
                                 "  ld.param.u64 %rd1, [st];\n"
                                 "  ld.param.u64 %rd2, [st+8];\n"
                                 "  ld.param.u64 %rd3, [out];\n"
                                 "  add.s64 %rd1, %rd1, %rd2;\n"
                                 "  mov.u32 %r1, %tid.x;\n"
                                 "  mul.wide.u32 %rd4, %r1, 8;\n"
                                 "  add.s64 %rd5, %rd3, %rd4;\n"
                                 "  st.global.u64 [%rd5], %rd1;\n"
                                 "  ret;\n"
                                 "}\n";

static char dir[256], case_path[300], ptx_path[300], in_path[300];
static FILE *devnull;

static void write_file(const char *path, const void *p, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n) {
        perror(path);
        abort();
    }
    fclose(f);
}

static void cleanup(void) {
    unlink(case_path);
    unlink(ptx_path);
    unlink(in_path);
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/ptxsim-fuzz-manifest-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        perror(dir);
        abort();
    }
    snprintf(case_path, sizeof case_path, "%s/case.json", dir);
    snprintf(ptx_path, sizeof ptx_path, "%s/kernel.ptx", dir);
    snprintf(in_path, sizeof in_path, "%s/in.bin", dir);
    write_file(ptx_path, kernel_ptx, sizeof kernel_ptx - 1);
    uint8_t in[4096];
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 29 + 7);
    write_file(in_path, in, sizeof in);
    atexit(cleanup);
    devnull = fopen("/dev/null", "w");
    return 0;
}

/* Files the harness lets a manifest read: its own folder's three (anything else is the path
 * policy's business, issue 15 item 3, and could be a device or a huge file). */
static bool known_file(const char *p) {
    return p && (!strcmp(p, case_path) || !strcmp(p, ptx_path) || !strcmp(p, in_path));
}

/* Whether the loaded manifest stays small and inside the folder, so launching it is quick. */
static bool small_and_local(const ps_manifest *m) {
    for (int i = 0; i < m->nptx; i++)
        if (strcmp(m->ptxs[i], ptx_path)) return false;
    if (m->expect_output && !known_file(m->expect_output)) return false;
    uint64_t bytes = 0;
    for (int i = 0; i < m->nbufs; i++) {
        if (m->bufs[i].init == MB_FILE && !known_file(m->bufs[i].file)) return false;
        if (m->bufs[i].bytes > (1u << 20)) return false;
        bytes += m->bufs[i].bytes;
    }
    for (int i = 0; i < m->nexpect; i++)
        if (!known_file(m->expect[i].file)) return false;
    uint64_t ctas = (uint64_t)m->grid[0] * m->grid[1] * m->grid[2];
    uint64_t threads = (uint64_t)m->block[0] * m->block[1] * m->block[2];
    return bytes <= (1u << 20) && ctas <= 4 && threads <= 256;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    write_file(case_path, data, size);
    ptxsim_case *c;
    char err[512];
    if (ptxsim_case_load(case_path, &c, err, sizeof err) != PTXSIM_OK) return 0;
    ptxsim_case_info ci;
    ptxsim_case_get_info(c, &ci);
    ptxsim_context *ctx = NULL;
    if (small_and_local(c->man) && ptxsim_context_create(ci.arch, &ctx, NULL) == PTXSIM_OK) {
        ptxsim_options o;
        ptxsim_context_get_options(ctx, &o);
        o.threads = 1;
        o.watchdog = 4096;
        ptxsim_context_set_options(ctx, &o);
        ptxsim_module *mod = NULL;
        if (ptxsim_module_load(ctx, ptx_path, kernel_ptx, sizeof kernel_ptx - 1, &mod, NULL) == PTXSIM_OK) {
            ptxsim_report *r = NULL;
            ptxsim_status st = ptxsim_case_launch(ctx, c, mod, &r);
            ptxsim_report_free(r);
            if ((st == PTXSIM_OK || st == PTXSIM_ERR_FAULT) && devnull) ptxsim_case_compare(ctx, c, devnull);
        }
        ptxsim_context_destroy(ctx);
    }
    ptxsim_case_free(c);
    return 0;
}
