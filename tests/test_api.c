/* test_api.c — libptxsim's public interface (api/ptxsim.h): contexts, diagnostics as data,
 * parameter layout, both parameter forms, memory and its errors, host registration, module
 * variables, checker findings, and contexts used from several threads at once. Expected values
 * come from C reference computations in this file. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptxsim.h"

/* y[i] = a * x[i] + y[i] (u32, wrapping) for i < n; scale is added from the module variable. */
static const char axpy_ptx[] =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".global .align 4 .u32 bias = 5;\n"
    ".visible .entry axpy(.param .u64 px, .param .u32 pa, .param .u64 py, .param .u32 pn)\n"
    "{\n"
    "  .reg .pred %p; .reg .b32 %r<10>; .reg .b64 %rd<8>;\n"
    "  ld.param.u64 %rd1, [px]; ld.param.u32 %r1, [pa]; ld.param.u64 %rd2, [py]; ld.param.u32 %r2, [pn];\n"
    "  mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x;\n"
    "  mad.lo.u32 %r6, %r3, %r4, %r5;\n"
    "  setp.ge.u32 %p, %r6, %r2;\n"
    "  @%p bra END;\n"
    "  mul.wide.u32 %rd3, %r6, 4;\n"
    "  add.u64 %rd4, %rd1, %rd3; add.u64 %rd5, %rd2, %rd3;\n"
    "  ld.global.u32 %r7, [%rd4]; ld.global.u32 %r8, [%rd5];\n"
    "  mad.lo.u32 %r9, %r1, %r7, %r8;\n"
    "  ld.global.u32 %r7, [bias];\n"
    "  add.u32 %r9, %r9, %r7;\n"
    "  st.global.u32 [%rd5], %r9;\n"
    "END:\n"
    "  ret;\n"
    "}\n";

static void ref_axpy(uint32_t a, uint32_t bias, const uint32_t *x, uint32_t *y, unsigned n) {
    for (unsigned i = 0; i < n; i++) y[i] = a * x[i] + y[i] + bias;
}

static ptxsim_context *ctx_new(void) {
    ptxsim_context *c;
    assert_int_equal(ptxsim_context_create("sm_90", &c, NULL), PTXSIM_OK);
    return c;
}

static ptxsim_kernel *load_axpy(ptxsim_context *c, ptxsim_module **m) {
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_load(c, "axpy.ptx", axpy_ptx, strlen(axpy_ptx), m, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_module_kernel(*m, "axpy", &k), PTXSIM_OK);
    return k;
}

static void unknown_arch_and_status_names(void **state) {
    ptxsim_context *c;
    const char *why = NULL;
    assert_int_equal(ptxsim_context_create("sm_99", &c, &why), PTXSIM_ERR_INVALID_ARGUMENT);
    assert_non_null(why);
    assert_string_equal(ptxsim_status_name(PTXSIM_ERR_FAULT), "PTXSIM_ERR_FAULT");
    assert_string_equal(ptxsim_status_string(PTXSIM_ERR_FAULT), "the kernel faulted");
    ptxsim_arch_info ai;
    assert_true(ptxsim_arch_query("sm_80", &ai));
    assert_int_equal(ai.sm, 80);
    assert_int_equal(ai.shared_per_block_optin, 166912); /* CUDA guide, compute capability 8.0 */
    assert_false(ptxsim_arch_query("sm_12", &ai));
}

static void diagnostics_are_data(void **state) {
    ptxsim_context *c = ctx_new();
    const char bad[] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n  frob.u32 %r1;\n}\n";
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *d = NULL;
    assert_int_equal(ptxsim_module_load(c, "bad.ptx", bad, strlen(bad), &m, &d), PTXSIM_ERR_PARSE);
    assert_null(m);
    assert_true(ptxsim_diagnostics_errors(d) >= 1);
    const ptxsim_diagnostic *g = ptxsim_diagnostics_get(d, 0);
    assert_int_equal(g->level, PTXSIM_DIAG_ERROR);
    assert_string_equal(g->file, "bad.ptx");
    assert_int_equal(g->line, 6);
    assert_int_equal(g->col, 3);
    assert_non_null(strstr(ptxsim_context_message(c), "bad.ptx"));
    ptxsim_diagnostics_free(d);
    /* validation alone, against a target that lacks the module's .target features */
    ptxsim_module_info info;
    assert_int_equal(ptxsim_validate(c, "axpy.ptx", axpy_ptx, strlen(axpy_ptx), &info, NULL), PTXSIM_OK);
    assert_int_equal(info.ptx_version, 80);
    assert_string_equal(info.target, "sm_90");
    assert_int_equal(info.kernels, 1);
    assert_int_equal(
        info.instructions,
        20); /* counted by hand: 4 ld.param, 3 mov, mad, setp, bra, mul, 2 add, 2 ld, mad, ld, add, st, ret */
    ptxsim_context_destroy(c);
}

static void parameter_layout(void **state) {
    ptxsim_context *c = ctx_new();
    ptxsim_module *m;
    ptxsim_kernel *k = load_axpy(c, &m);
    assert_int_equal(ptxsim_kernel_param_count(k), 4);
    static const size_t size[] = {8, 4, 8, 4}, off[] = {0, 8, 16, 24};
    for (int i = 0; i < 4; i++) {
        size_t s, o;
        assert_true(ptxsim_kernel_param(k, i, &s, &o));
        assert_int_equal(s, size[i]);
        assert_int_equal(o, off[i]);
    }
    assert_false(ptxsim_kernel_param(k, 4, NULL, NULL));
    assert_int_equal(ptxsim_kernel_params_size(k), 28);
    ptxsim_kernel *none;
    assert_int_equal(ptxsim_module_kernel(m, "nope", &none), PTXSIM_ERR_NOT_FOUND);
    assert_int_equal(ptxsim_module_kernel(m, NULL, &none), PTXSIM_OK); /* the first kernel */
    assert_ptr_equal(none, k);
    ptxsim_context_destroy(c);
}

enum { N = 1000 };

static void launch_both_parameter_forms(void **state) {
    ptxsim_context *c = ctx_new();
    ptxsim_module *m;
    ptxsim_kernel *k = load_axpy(c, &m);
    uint32_t x[N], y[N], want[N], got[N];
    for (unsigned i = 0; i < N; i++) x[i] = i * 2654435761u, y[i] = want[i] = i ^ 0x5a5a;
    uint64_t dx, dy, gaddr, gbytes;
    assert_int_equal(ptxsim_mem_alloc(c, sizeof x, "x", &dx), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_alloc(c, sizeof y, "y", &dy), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_write(c, dx, x, sizeof x), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_write(c, dy, y, sizeof y), PTXSIM_OK);
    assert_int_equal(ptxsim_module_global(m, "bias", &gaddr, &gbytes), PTXSIM_OK);
    assert_int_equal(gbytes, 4);
    uint32_t a = 7, n = N, bias;
    assert_int_equal(ptxsim_mem_read(c, &bias, gaddr, 4), PTXSIM_OK);
    assert_int_equal(bias, 5); /* the initialiser */
    void *args[] = {&dx, &a, &dy, &n};
    ptxsim_launch_config cfg = {.grid = {(N + 127) / 128, 1, 1}, .block = {128, 1, 1}, .args = args};
    ptxsim_report *rep;
    assert_int_equal(ptxsim_launch(c, k, &cfg, &rep), PTXSIM_OK);
    ref_axpy(a, 5, x, want, N);
    assert_int_equal(ptxsim_mem_read(c, got, dy, sizeof got), PTXSIM_OK);
    assert_memory_equal(got, want, sizeof want);
    const ptxsim_stats *s = ptxsim_report_stats(rep);
    assert_int_equal(s->ctas, (N + 127) / 128);
    assert_null(ptxsim_report_fault(rep));
    ptxsim_report_free(rep);

    /* the packed form, after changing the module variable */
    bias = 1000;
    assert_int_equal(ptxsim_mem_write(c, gaddr, &bias, 4), PTXSIM_OK);
    uint8_t buf[28] = {0};
    a = 3;
    memcpy(buf, &dx, 8), memcpy(buf + 8, &a, 4), memcpy(buf + 16, &dy, 8), memcpy(buf + 24, &n, 4);
    ptxsim_launch_config pk = {.grid = {(N + 127) / 128, 1, 1},
                               .block = {128, 1, 1},
                               .param_buffer = buf,
                               .param_buffer_size = sizeof buf};
    assert_int_equal(ptxsim_launch(c, k, &pk, NULL), PTXSIM_OK);
    ref_axpy(3, 1000, x, want, N);
    assert_int_equal(ptxsim_mem_read(c, got, dy, sizeof got), PTXSIM_OK);
    assert_memory_equal(got, want, sizeof want);
    pk.param_buffer_size = 20;
    assert_int_equal(ptxsim_launch(c, k, &pk, NULL), PTXSIM_ERR_INVALID_ARGUMENT);
    ptxsim_launch_config big = {.grid = {1, 1, 1}, .block = {2048, 1, 1}, .args = args};
    assert_int_equal(ptxsim_launch(c, k, &big, NULL), PTXSIM_ERR_INVALID_ARGUMENT);
    ptxsim_context_destroy(c);
}

static void memory_errors_and_fill(void **state) {
    ptxsim_context *c = ctx_new();
    uint64_t d, base, bytes;
    bool host = true;
    assert_int_equal(ptxsim_mem_alloc(c, 100, "d", &d), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_range(c, d + 50, &base, &bytes, &host), PTXSIM_OK);
    assert_true(base == d && bytes == 100 && !host);
    uint8_t b[200];
    assert_int_equal(ptxsim_mem_read(c, b, d + 1, 100), PTXSIM_ERR_INVALID_ADDRESS);
    assert_non_null(strstr(ptxsim_context_message(c), "past the end"));
    assert_int_equal(ptxsim_mem_free(c, d + 4), PTXSIM_ERR_INVALID_ADDRESS);
    uint16_t pat = 0xbeef;
    assert_int_equal(ptxsim_mem_fill(c, d + 2, &pat, 2, 10), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_fill(c, d, &pat, 3, 1), PTXSIM_ERR_INVALID_ARGUMENT);
    assert_int_equal(ptxsim_mem_read(c, b, d, 24), PTXSIM_OK);
    for (int i = 0; i < 24; i++) {
        uint8_t want = i < 2 || i >= 22 ? 0 : (i % 2 ? 0xbe : 0xef); /* fresh memory reads as 0 */
        assert_int_equal(b[i], want);
    }
    assert_int_equal(ptxsim_mem_free(c, d), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_read(c, b, d, 1), PTXSIM_ERR_INVALID_ADDRESS);
    ptxsim_context_destroy(c);
}

/* ptxsim_texture_create: a 2D texture over pitched rows, texels outside their allocation, a pitch
 * shorter than a row, a long 1D texture, linear memory (border mode on integers, not normalized
 * coordinates), no such surface, destroy. */
static void texture_objects(void **state) {
    ptxsim_context *c = ctx_new();
    uint64_t d, h, h2;
    assert_int_equal(ptxsim_mem_alloc(c, 2048, "img", &d), PTXSIM_OK);
    ptxsim_texture t;
    memset(&t, 0, sizeof t);
    t.format = PTXSIM_TEX_F32, t.channels = 1, t.dim = 2;
    t.width = 10, t.height = 4, t.depth = 1, t.layers = 1, t.addr = d, t.pitch = 512;
    t.address[0] = t.address[1] = t.address[2] = PTXSIM_TEX_CLAMP;
    assert_int_equal(ptxsim_texture_create(c, &t, &h), PTXSIM_OK); /* 3 x 512 + 40 bytes */
    uint8_t enc[64];
    assert_int_equal(ptxsim_mem_read(c, enc, h, 64), PTXSIM_OK);
    assert_memory_equal(enc, "PTEX", 4);
    assert_true(enc[56] == 0 && enc[57] == 2 && enc[58] == 0 && enc[59] == 0); /* the pitch, 512 */
    t.height = 5; /* 4 x 512 + 40 bytes: past the allocation */
    assert_int_equal(ptxsim_texture_create(c, &t, &h2), PTXSIM_ERR_INVALID_ADDRESS);
    t.height = 4, t.pitch = 36;
    assert_int_equal(ptxsim_texture_create(c, &t, &h2), PTXSIM_ERR_UNSUPPORTED);
    assert_non_null(strstr(ptxsim_context_message(c), "pitch"));
    uint64_t big;
    assert_int_equal(ptxsim_mem_alloc(c, 100000 * 4, "big", &big), PTXSIM_OK);
    memset(&t, 0, sizeof t);
    t.format = PTXSIM_TEX_S32, t.channels = 1, t.dim = 1;
    t.width = 100000, t.height = t.depth = t.layers = 1, t.addr = big;
    t.address[0] = PTXSIM_TEX_CLAMP;
    assert_int_equal(ptxsim_texture_create(c, &t, &h2), PTXSIM_OK);
    uint64_t h3;
    t.linear_memory = true, t.address[0] = PTXSIM_TEX_BORDER; /* zeros outside: no border colour asked */
    assert_int_equal(ptxsim_texture_create(c, &t, &h3), PTXSIM_OK);
    t.normalized_coords = true;
    assert_int_equal(ptxsim_texture_create(c, &t, &big), PTXSIM_ERR_UNSUPPORTED);
    t.normalized_coords = false, t.linear_memory = false;
    assert_int_equal(ptxsim_texture_create(c, &t, &big), PTXSIM_ERR_UNSUPPORTED); /* integer border */
    t.address[0] = PTXSIM_TEX_CLAMP, t.surface = true;
    assert_int_equal(ptxsim_texture_create(c, &t, &big), PTXSIM_ERR_UNSUPPORTED);
    assert_int_equal(ptxsim_texture_destroy(c, h3), PTXSIM_OK);
    assert_int_equal(ptxsim_texture_destroy(c, h), PTXSIM_OK);
    assert_int_equal(ptxsim_texture_destroy(c, h2), PTXSIM_OK);
    assert_int_equal(ptxsim_texture_destroy(c, d), PTXSIM_ERR_NOT_FOUND); /* not an object */
    ptxsim_context_destroy(c);
}

static void host_memory_mode(void **state) {
    ptxsim_context *c = ctx_new();
    ptxsim_module *m;
    ptxsim_kernel *k = load_axpy(c, &m);
    uint32_t *x = calloc(N, 4), *y = calloc(N + 16, 4), want[N + 16];
    for (unsigned i = 0; i < N; i++) x[i] = i * 77u + 1, y[i] = i;
    memcpy(want, y, sizeof want);
    assert_int_equal(ptxsim_mem_register_host(c, x, N * 4, "x"), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_register_host(c, y, N * 4, "y"), PTXSIM_OK); /* not the 16 extra */
    assert_int_equal(ptxsim_mem_register_host(c, y + 10, 4, "overlap"), PTXSIM_ERR_INVALID_ARGUMENT);
    bool host = false;
    assert_int_equal(ptxsim_mem_range(c, (uintptr_t)(y + 3), NULL, NULL, &host), PTXSIM_OK);
    assert_true(host);
    uint64_t px = (uintptr_t)x, py = (uintptr_t)y;
    uint32_t a = 9, n = N;
    void *args[] = {&px, &a, &py, &n};
    ptxsim_launch_config cfg = {.grid = {(N + 255) / 256, 1, 1}, .block = {256, 1, 1}, .args = args};
    assert_int_equal(ptxsim_launch(c, k, &cfg, NULL), PTXSIM_OK);
    ref_axpy(9, 5, x, want, N);
    assert_memory_equal(y, want, N * 4); /* written in place */
    /* past the registration: a fault with the access, and the host bytes there untouched */
    n = N + 16;
    ptxsim_report *rep = NULL;
    assert_int_equal(ptxsim_launch(c, k, &cfg, &rep), PTXSIM_ERR_FAULT);
    const ptxsim_fault *f = ptxsim_report_fault(rep);
    assert_non_null(f);
    assert_string_equal(f->fault_kind, "out-of-bounds");
    for (int i = N; i < N + 16; i++) assert_int_equal(y[i], 0);
    ptxsim_report_free(rep);
    assert_int_equal(ptxsim_mem_free(c, (uintptr_t)y), PTXSIM_OK); /* unregisters; y stays ours */
    y[0] = 1;
    ptxsim_context_destroy(c);
    free(x), free(y);
}

/* Thread 0 writes s[0]; thread 32 (another warp) reads it with no barrier between. */
static const char race_ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                               ".visible .entry racy(.param .u64 out)\n"
                               "{\n"
                               "  .shared .align 4 .u32 s[1];\n"
                               "  .reg .pred %p<3>; .reg .b32 %r<4>; .reg .b64 %rd<2>;\n"
                               "  mov.u32 %r1, %tid.x;\n"
                               "  setp.eq.u32 %p1, %r1, 0;\n"
                               "  @%p1 st.shared.u32 [s], %r1;\n"
                               "  setp.eq.u32 %p2, %r1, 32;\n"
                               "  @!%p2 bra END;\n"
                               "  ld.shared.u32 %r2, [s];\n"
                               "  ld.param.u64 %rd1, [out];\n"
                               "  st.global.u32 [%rd1], %r2;\n"
                               "END:\n"
                               "  ret;\n"
                               "}\n";

static void checker_findings(void **state) {
    ptxsim_context *c = ctx_new();
    ptxsim_module *m;
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_load(c, "race.ptx", race_ptx, strlen(race_ptx), &m, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_module_kernel(m, "racy", &k), PTXSIM_OK);
    ptxsim_kernel_info ki;
    ptxsim_kernel_get_info(k, &ki);
    assert_int_equal(ki.static_shared_bytes, 4);
    uint64_t out;
    assert_int_equal(ptxsim_mem_alloc(c, 4, "out", &out), PTXSIM_OK);
    void *args[] = {&out};
    ptxsim_launch_config cfg = {.grid = {1, 1, 1}, .block = {64, 1, 1}, .args = args};
    ptxsim_report *rep;
    assert_int_equal(ptxsim_launch(c, k, &cfg, &rep), PTXSIM_OK); /* plain run: no checkers */
    assert_false(ptxsim_report_checked(rep));
    assert_int_equal(ptxsim_report_finding_count(rep), 0);
    ptxsim_report_free(rep);
    ptxsim_options o = {.checks = PTXSIM_CHECK_RACE, .threads = 1};
    assert_int_equal(ptxsim_context_set_options(c, &o), PTXSIM_OK);
    assert_int_equal(ptxsim_launch(c, k, &cfg, &rep), PTXSIM_OK);
    assert_true(ptxsim_report_checked(rep));
    int races = 0;
    ptxsim_finding f;
    for (int i = 0; ptxsim_report_finding(rep, i, &f); i++)
        if (!strcmp(f.kind, "race")) {
            races++;
            assert_int_equal(f.severity, PTXSIM_SEV_ERROR);
            assert_int_equal(f.ptx_line, 13); /* the read */
        }
    assert_int_equal(races, 1);
    assert_true(ptxsim_report_has_errors(rep));
    ptxsim_report_free(rep);
    o.checks = 0x1000;
    assert_int_equal(ptxsim_context_set_options(c, &o), PTXSIM_ERR_INVALID_ARGUMENT);
    ptxsim_context_destroy(c);
}

/* Each thread drives its own context; a second thread shares one context with the first. */
static ptxsim_context *shared_ctx;
static void write_bytes(const char *path, const void *data, size_t n) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* A case's contents as the GPU harness sees them (gpu/gpu.h): buffers, parameters, expectations,
 * and ptxsim_case_prepare's packed parameters; then a launch against the C reference. */
/* A tensor-map parameter as the GPU harness sees it (corpus/tma_tile/case.json, whose second
 * parameter is a 2-D u32 map over buffer A: dims 40 x 24, row stride 192 bytes, box 32 x 8, no
 * swizzle); plain parameters are not tensor maps. */
static void case_tensormap_param(void **state) {
    (void)state;
    ptxsim_case *c;
    char err[256];
    assert_int_equal(ptxsim_case_load("corpus/tma_tile/case.json", &c, err, sizeof err), PTXSIM_OK);
    ptxsim_tensormap tm;
    assert_false(ptxsim_case_param_tensormap(c, 0, &tm));
    assert_true(ptxsim_case_param_tensormap(c, 1, &tm));
    assert_int_equal(tm.type, 2); /* CU_TENSOR_MAP_DATA_TYPE_UINT32 */
    assert_int_equal(tm.rank, 2);
    assert_int_equal(tm.dims[0], 40);
    assert_int_equal(tm.dims[1], 24);
    assert_int_equal(tm.strides[0], 4);
    assert_int_equal(tm.strides[1], 192);
    assert_int_equal(tm.box[0], 32);
    assert_int_equal(tm.box[1], 8);
    assert_int_equal(tm.swizzle, 0);
    assert_int_equal(ptxsim_case_param_buffer(c, 1), -1);
    ptxsim_case_buffer_info b;
    assert_true(ptxsim_case_get_buffer(c, tm.buffer, &b));
    assert_string_equal(b.name, "A");
    assert_false(ptxsim_case_param_tensormap(c, 99, &tm));
    ptxsim_case_free(c);
}

static void case_contents_and_prepare(void **state) {
    (void)state;
    char dir[] = "/tmp/ptxsim_api_case_XXXXXX", path[128];
    assert_non_null(mkdtemp(dir));
    enum { NCASE = 64 };
    uint32_t x[NCASE], y[NCASE], want[NCASE];
    for (unsigned i = 0; i < NCASE; i++) x[i] = 1000u * i + 7u, y[i] = 3u;
    memcpy(want, y, sizeof want);
    ref_axpy(9, 5, x, want, NCASE);
    snprintf(path, sizeof path, "%s/axpy.ptx", dir);
    write_bytes(path, axpy_ptx, strlen(axpy_ptx));
    snprintf(path, sizeof path, "%s/x.bin", dir);
    write_bytes(path, x, sizeof x);
    snprintf(path, sizeof path, "%s/want.bin", dir);
    write_bytes(path, want, sizeof want);
    static const char manifest[] =
        "{\"ptx\": \"axpy.ptx\", \"kernel\": \"axpy\", \"grid\": [2, 1, 1], \"block\": [32, 1, 1],\n"
        " \"buffers\": [{\"name\": \"x\", \"type\": \"u32\", \"count\": 64, \"init\": {\"file\": \"x.bin\"}},\n"
        "             {\"name\": \"y\", \"type\": \"u32\", \"count\": 64, \"init\": {\"fill\": 3}},\n"
        "             {\"name\": \"scratch\", \"type\": \"bf16\", \"count\": 5, \"init\": \"none\"}],\n"
        " \"params\": [{\"buffer\": \"x\"}, {\"u32\": 9}, {\"buffer\": \"y\"}, {\"u32\": 64}],\n"
        " \"expect\": {\"y\": {\"file\": \"want.bin\", \"tolerance\": {\"ulp\": 2, \"rel\": 0.5}}}}\n";
    snprintf(path, sizeof path, "%s/case.json", dir);
    write_bytes(path, manifest, strlen(manifest));

    ptxsim_case *c;
    char err[256];
    assert_int_equal(ptxsim_case_load(path, &c, err, sizeof err), PTXSIM_OK);
    ptxsim_case_info ci;
    ptxsim_case_get_info(c, &ci);
    assert_int_equal(ci.buffers, 3);
    ptxsim_case_buffer_info b;
    assert_true(ptxsim_case_get_buffer(c, 0, &b));
    assert_string_equal(b.name, "x");
    assert_string_equal(b.type, "u32");
    assert_int_equal(b.elem_bytes, 4);
    assert_int_equal(b.count, 64);
    assert_int_equal(b.bytes, 256);
    assert_true(b.initialized);
    assert_int_equal(b.addr, 0); /* not prepared yet */
    assert_true(ptxsim_case_get_buffer(c, 2, &b));
    assert_string_equal(b.type, "bf16");
    assert_int_equal(b.bytes, 10);
    assert_false(b.initialized);
    assert_false(ptxsim_case_get_buffer(c, 3, &b));
    assert_false(ptxsim_case_get_buffer(c, -1, &b));
    assert_int_equal(ptxsim_case_expect_count(c), 1);
    ptxsim_case_expect e;
    assert_true(ptxsim_case_get_expect(c, 0, &e));
    assert_int_equal(e.buffer, 1);
    assert_non_null(strstr(e.file, "/want.bin"));
    assert_true(e.has_tolerance);
    assert_int_equal(e.ulp, 2);
    assert_true(e.rel == 0.5 && e.abs < 0);
    assert_false(ptxsim_case_get_expect(c, 1, &e));
    assert_int_equal(ptxsim_case_param_buffer(c, 0), 0);
    assert_int_equal(ptxsim_case_param_buffer(c, 1), -1);
    assert_int_equal(ptxsim_case_param_buffer(c, 2), 1);
    assert_int_equal(ptxsim_case_param_buffer(c, 3), -1);
    assert_int_equal(ptxsim_case_param_buffer(c, 4), -1);

    ptxsim_context *ctx;
    ptxsim_module *m;
    assert_int_equal(ptxsim_context_create("sm_90", &ctx, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_module_load_file(ctx, ci.ptx_path, &m, NULL), PTXSIM_OK);
    const void *packed;
    size_t psize;
    assert_int_equal(ptxsim_case_prepare(ctx, c, m, &packed, &psize), PTXSIM_OK);
    const uint8_t *params = packed;
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_kernel(m, "axpy", &k), PTXSIM_OK);
    assert_int_equal(psize, ptxsim_kernel_params_size(k));
    uint64_t addr[2];
    for (int i = 0; i < 2; i++) {
        assert_true(ptxsim_case_get_buffer(c, i, &b));
        assert_true(b.addr != 0);
        addr[i] = b.addr;
    }
    /* The packed parameters: buffer addresses and the scalars, at the kernel's offsets. */
    size_t size, off;
    uint64_t a64;
    uint32_t a32;
    assert_true(ptxsim_kernel_param(k, 0, &size, &off));
    memcpy(&a64, params + off, 8);
    assert_int_equal(a64, addr[0]);
    assert_true(ptxsim_kernel_param(k, 1, &size, &off));
    memcpy(&a32, params + off, 4);
    assert_int_equal(a32, 9);
    assert_true(ptxsim_kernel_param(k, 2, &size, &off));
    memcpy(&a64, params + off, 8);
    assert_int_equal(a64, addr[1]);
    /* The buffers hold their initial contents. */
    uint32_t got[NCASE];
    assert_int_equal(ptxsim_mem_read(ctx, got, addr[0], sizeof got), PTXSIM_OK);
    assert_memory_equal(got, x, sizeof x);
    assert_int_equal(ptxsim_mem_read(ctx, got, addr[1], sizeof got), PTXSIM_OK);
    assert_memory_equal(got, y, sizeof y);
    /* A launch prepares afresh and runs; y then equals the C reference. */
    assert_int_equal(ptxsim_case_launch(ctx, c, m, NULL), PTXSIM_OK);
    assert_true(ptxsim_case_get_buffer(c, 1, &b));
    assert_int_equal(ptxsim_mem_read(ctx, got, b.addr, sizeof got), PTXSIM_OK);
    assert_memory_equal(got, want, sizeof want);
    ptxsim_context_destroy(ctx);
    ptxsim_case_free(c);

    /* A manifest that does not fit its kernel: PTXSIM_ERR_CASE with the reason. */
    static const char bad[] =
        "{\"ptx\": \"axpy.ptx\", \"kernel\": \"axpy\", \"grid\": [1, 1, 1], \"block\": [32, 1, 1],\n"
        " \"buffers\": [{\"name\": \"x\", \"type\": \"u32\", \"count\": 4}], \"params\": [{\"buffer\": \"x\"}]}\n";
    write_bytes(path, bad, strlen(bad));
    assert_int_equal(ptxsim_case_load(path, &c, err, sizeof err), PTXSIM_OK);
    assert_int_equal(ptxsim_context_create(NULL, &ctx, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_module_load(ctx, "axpy.ptx", axpy_ptx, strlen(axpy_ptx), &m, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_case_prepare(ctx, c, m, &packed, &psize), PTXSIM_ERR_CASE);
    assert_null(packed);
    assert_non_null(strstr(ptxsim_context_message(ctx), "takes 4 parameters, the manifest gives 1"));
    ptxsim_context_destroy(ctx);
    ptxsim_case_free(c);
    const char *files[] = {"axpy.ptx", "x.bin", "want.bin", "case.json"};
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* PTX type names, sizes and classes (isa/types.def, the PTX ISA's fundamental types). */
static void type_query(void **state) {
    (void)state;
    static const struct {
        const char *name;
        int bytes;
        ptxsim_type_class cls;
    } types[] = {
        {"u8", 1, PTXSIM_TYPE_UINT},   {"s16", 2, PTXSIM_TYPE_SINT},     {"b32", 4, PTXSIM_TYPE_BITS},
        {"s64", 8, PTXSIM_TYPE_SINT},  {"f16", 2, PTXSIM_TYPE_FLOAT},    {"bf16", 2, PTXSIM_TYPE_FLOAT},
        {"f64", 8, PTXSIM_TYPE_FLOAT}, {"f16x2", 4, PTXSIM_TYPE_PACKED}, {"pred", 0, PTXSIM_TYPE_PRED},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        int bytes = -1;
        ptxsim_type_class cls = PTXSIM_TYPE_PRED;
        assert_true(ptxsim_type_query(types[i].name, &bytes, &cls));
        assert_int_equal(bytes, types[i].bytes);
        assert_int_equal(cls, types[i].cls);
    }
    assert_false(ptxsim_type_query("f17", NULL, NULL));
    assert_false(ptxsim_type_query("", NULL, NULL));
    assert_false(ptxsim_type_query(NULL, NULL, NULL));
}

static void *worker(void *arg) {
    uintptr_t seed = (uintptr_t)arg;
    ptxsim_context *c = seed & 1 ? shared_ctx : NULL;
    if (!c && ptxsim_context_create("sm_100", &c, NULL) != PTXSIM_OK) return (void *)1; /* runs the sm_90 PTX */
    ptxsim_module *m;
    ptxsim_kernel *k;
    if (ptxsim_module_load(c, "axpy.ptx", axpy_ptx, strlen(axpy_ptx), &m, NULL) != PTXSIM_OK ||
        ptxsim_module_kernel(m, "axpy", &k) != PTXSIM_OK)
        return (void *)1;
    uint32_t x[N], y[N], want[N];
    for (unsigned i = 0; i < N; i++) x[i] = (uint32_t)(i * seed), y[i] = want[i] = (uint32_t)(i + seed);
    uint64_t dx, dy;
    uintptr_t bad = 0;
    bad |= ptxsim_mem_alloc(c, sizeof x, "x", &dx) | ptxsim_mem_alloc(c, sizeof y, "y", &dy);
    bad |= ptxsim_mem_write(c, dx, x, sizeof x) | ptxsim_mem_write(c, dy, y, sizeof y);
    uint32_t a = (uint32_t)seed, n = N;
    void *args[] = {&dx, &a, &dy, &n};
    ptxsim_launch_config cfg = {.grid = {8, 1, 1}, .block = {128, 1, 1}, .args = args};
    for (int rep = 0; rep < 3; rep++) {
        bad |= ptxsim_launch(c, k, &cfg, NULL);
        ref_axpy(a, 5, x, want, N);
    }
    bad |= ptxsim_mem_read(c, y, dy, sizeof y);
    bad |= memcmp(y, want, sizeof y) != 0;
    ptxsim_module_unload(m);
    if (!(seed & 1)) ptxsim_context_destroy(c);
    return (void *)bad;
}

static void contexts_from_threads(void **state) {
    assert_int_equal(ptxsim_context_create(NULL, &shared_ctx, NULL), PTXSIM_OK);
    pthread_t t[6];
    for (uintptr_t i = 0; i < 6; i++) pthread_create(&t[i], NULL, worker, (void *)(i + 2));
    for (int i = 0; i < 6; i++) {
        void *r;
        pthread_join(t[i], &r);
        assert_int_equal((uintptr_t)r, 0);
    }
    ptxsim_context_destroy(shared_ctx);
}

/* ---- separate compilation: ptxsim_module_link (cuLinkAddData + cuLinkComplete) ---------------- */

/* The kernel unit calls a library function, reads an .extern variable and calls through an
 * .extern table of function pointers; each unit has its own internal `helper`; twice is .weak in
 * both. Values: plain C below. */
static const char link_main[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".extern .func (.param .b32 r) lib_f (.param .b32 x);\n"
    ".extern .global .align 4 .u32 lib_k;\n"
    ".extern .global .align 8 .b8 lib_ops[16];\n"
    ".func (.param .b32 r) helper (.param .b32 x) { .reg .b32 %r<3>; ld.param.u32 %r1, [x];\n"
    "  add.u32 %r2, %r1, 1000; st.param.u32 [r], %r2; ret; }\n"
    ".weak .func (.param .b32 r) twice (.param .b32 x) { .reg .b32 %r<3>; ld.param.u32 %r1, [x];\n"
    "  add.u32 %r2, %r1, %r1; st.param.u32 [r], %r2; ret; }\n"
    ".visible .entry k(.param .u64 out) {\n"
    "  .reg .b32 %r<10>; .reg .b64 %rd<6>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  { .param .b32 a; st.param.b32 [a], %r1; .param .b32 r; call.uni (r), lib_f, (a); ld.param.b32 %r2, [r]; }\n"
    "  { .param .b32 a; st.param.b32 [a], %r1; .param .b32 r; call.uni (r), helper, (a); ld.param.b32 %r3, [r]; }\n"
    "  ld.global.u32 %r4, [lib_k];\n"
    "  ld.global.u64 %rd1, [lib_ops+8];\n"
    "  { .param .b32 a; st.param.b32 [a], %r1; .param .b32 r;\n"
    "    proto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
    "    call (r), %rd1, (a), proto; ld.param.b32 %r5, [r]; }\n"
    "  ld.param.u64 %rd2, [out]; mul.wide.u32 %rd3, %r1, 16; add.s64 %rd4, %rd2, %rd3;\n"
    "  st.global.v4.u32 [%rd4], {%r2, %r3, %r4, %r5}; ret; }\n";
static const char link_lib[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .global .align 4 .u32 lib_k = 77;\n"
    ".func (.param .b32 r) helper (.param .b32 x) { .reg .b32 %r<3>; ld.param.u32 %r1, [x];\n"
    "  mul.lo.u32 %r2, %r1, 3; st.param.u32 [r], %r2; ret; }\n"
    ".weak .func (.param .b32 r) twice (.param .b32 x) { .reg .b32 %r<3>; ld.param.u32 %r1, [x];\n"
    "  add.u32 %r2, %r1, %r1; st.param.u32 [r], %r2; ret; }\n"
    ".visible .func (.param .b32 r) lib_f (.param .b32 x) { .reg .b32 %r<3>; ld.param.u32 %r1, [x];\n"
    "  { .param .b32 a; st.param.b32 [a], %r1; .param .b32 q; call.uni (q), helper, (a); ld.param.b32 %r2, [q]; }\n"
    "  st.param.u32 [r], %r2; ret; }\n"
    ".visible .func (.param .b32 r) lib_g (.param .b32 x) { .reg .b32 %r<3>; ld.param.u32 %r1, [x];\n"
    "  { .param .b32 a; st.param.b32 [a], %r1; .param .b32 q; call.uni (q), twice, (a); ld.param.b32 %r2, [q]; }\n"
    "  st.param.u32 [r], %r2; ret; }\n"
    ".visible .global .align 8 .u64 lib_ops[2] = {lib_f, lib_g};\n";

static void link_two_modules(void **state) {
    (void)state;
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create("sm_90", &ctx, NULL), PTXSIM_OK);
    ptxsim_source srcs[2] = {{"main.ptx", link_main, sizeof link_main - 1}, {"lib.ptx", link_lib, sizeof link_lib - 1}};
    ptxsim_module *m;
    ptxsim_diagnostics *d = NULL;
    /* the kernel unit alone: ptxas's whole-program check refuses the unresolved call */
    assert_int_equal(ptxsim_module_link(ctx, srcs, 1, &m, &d), PTXSIM_ERR_PARSE);
    assert_true(ptxsim_diagnostics_errors(d) >= 1);
    assert_non_null(strstr(ptxsim_diagnostics_get(d, 0)->message, "Unresolved extern function 'lib_f'"));
    assert_string_equal(ptxsim_diagnostics_get(d, 0)->file, "main.ptx");
    ptxsim_diagnostics_free(d);
    assert_int_equal(ptxsim_module_link(ctx, srcs, 2, &m, &d), PTXSIM_OK);
    assert_int_equal(ptxsim_diagnostics_count(d), 0);
    ptxsim_diagnostics_free(d);
    uint64_t addr, bytes;
    assert_int_equal(ptxsim_module_global(m, "lib_k", &addr, &bytes), PTXSIM_OK);
    assert_int_equal(bytes, 4);
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_kernel(m, "k", &k), PTXSIM_OK);
    uint64_t out;
    assert_int_equal(ptxsim_mem_alloc(ctx, 32 * 16, "out", &out), PTXSIM_OK);
    void *args[] = {&out};
    ptxsim_launch_config cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}, .args = args};
    ptxsim_report *r;
    assert_int_equal(ptxsim_launch(ctx, k, &cfg, &r), PTXSIM_OK);
    ptxsim_report_free(r);
    uint32_t got[32 * 4];
    assert_int_equal(ptxsim_mem_read(ctx, got, out, sizeof got), PTXSIM_OK);
    for (uint32_t t = 0; t < 32; t++) {
        assert_int_equal(got[4 * t + 0], t * 3);    /* lib_f through the library's helper */
        assert_int_equal(got[4 * t + 1], t + 1000); /* the kernel unit's own helper */
        assert_int_equal(got[4 * t + 2], 77);       /* the library's lib_k */
        assert_int_equal(got[4 * t + 3], t + t);    /* lib_ops[1] = lib_g, through twice */
    }
    ptxsim_context_destroy(ctx);
}

static void link_errors_name_their_module(void **state) {
    (void)state;
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create("sm_90", &ctx, NULL), PTXSIM_OK);
    /* the library twice: every exported definition is defined twice */
    ptxsim_source twice[3] = {{"main.ptx", link_main, sizeof link_main - 1},
                              {"lib.ptx", link_lib, sizeof link_lib - 1},
                              {"lib2.ptx", link_lib, sizeof link_lib - 1}};
    ptxsim_module *m;
    ptxsim_diagnostics *d = NULL;
    assert_int_equal(ptxsim_module_link(ctx, twice, 3, &m, &d), PTXSIM_ERR_PARSE);
    assert_int_equal(ptxsim_diagnostics_errors(d), 4); /* lib_k, lib_f, lib_g, lib_ops; twice is .weak */
    for (int i = 0; i < 4; i++) {
        const ptxsim_diagnostic *x = ptxsim_diagnostics_get(d, i);
        assert_string_equal(x->file, "lib2.ptx");
        assert_non_null(strstr(x->message, "multiple definitions of"));
        assert_non_null(strstr(x->message, "also defined in lib.ptx"));
    }
    ptxsim_diagnostics_free(d);
    /* an .extern variable nobody defines */
    static const char lonely[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                                 ".extern .global .u32 nowhere;\n"
                                 ".visible .entry e() { .reg .b32 %r1; ld.global.u32 %r1, [nowhere]; ret; }\n";
    ptxsim_source two[2] = {{"lonely.ptx", lonely, sizeof lonely - 1}, {"lib.ptx", link_lib, sizeof link_lib - 1}};
    assert_int_equal(ptxsim_module_link(ctx, two, 2, &m, &d), PTXSIM_ERR_PARSE);
    assert_int_equal(ptxsim_diagnostics_errors(d), 1);
    assert_string_equal(ptxsim_diagnostics_get(d, 0)->file, "lonely.ptx");
    assert_int_equal(ptxsim_diagnostics_get(d, 0)->line, 4);
    assert_non_null(strstr(ptxsim_diagnostics_get(d, 0)->message, "undefined reference to 'nowhere'"));
    ptxsim_diagnostics_free(d);
    ptxsim_context_destroy(ctx);
}

/* A block malloc'd in one launch lives on in the context's heap: the next launch reads and frees
 * it, as on a GPU; the kernel's printf output comes back in the report. */
static void device_heap_outlives_a_launch(void **state) {
    (void)state;
    static const char ptx[] =
        ".version 8.0\n.target sm_90\n.address_size 64\n"
        ".extern .func (.param .b64 r) malloc (.param .b64 n);\n"
        ".extern .func free (.param .b64 p);\n"
        ".extern .func (.param .b32 r) vprintf (.param .b64 f, .param .b64 a);\n"
        ".global .align 1 .b8 fmt[8] = {118, 61, 37, 100, 10, 0};\n" /* "v=%d\n" */
        ".visible .entry put(.param .u64 slot) {\n"
        "  .reg .b64 %rd<4>;\n"
        "  { .param .b64 n; st.param.b64 [n], 8; .param .b64 r; call.uni (r), malloc, (n); ld.param.b64 %rd1, [r]; }\n"
        "  st.u32 [%rd1], 4242; ld.param.u64 %rd2, [slot]; st.global.u64 [%rd2], %rd1; ret; }\n"
        ".visible .entry take(.param .u64 slot) {\n"
        "  .local .align 8 .b8 buf[8]; .reg .b32 %r<3>; .reg .b64 %rd<6>;\n"
        "  ld.param.u64 %rd2, [slot]; ld.global.u64 %rd1, [%rd2]; ld.u32 %r1, [%rd1]; st.local.u32 [buf], %r1;\n"
        "  mov.u64 %rd3, buf; cvta.local.u64 %rd3, %rd3; mov.u64 %rd4, fmt; cvta.global.u64 %rd4, %rd4;\n"
        "  { .param .b64 a0; st.param.b64 [a0], %rd4; .param .b64 a1; st.param.b64 [a1], %rd3; .param .b32 r;\n"
        "    call.uni (r), vprintf, (a0, a1); }\n"
        "  { .param .b64 a; st.param.b64 [a], %rd1; call.uni free, (a); } ret; }\n";
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create("sm_90", &ctx, NULL), PTXSIM_OK);
    ptxsim_module *m;
    assert_int_equal(ptxsim_module_load(ctx, "heap.ptx", ptx, sizeof ptx - 1, &m, NULL), PTXSIM_OK);
    uint64_t slot;
    assert_int_equal(ptxsim_mem_alloc(ctx, 8, "slot", &slot), PTXSIM_OK);
    void *args[] = {&slot};
    ptxsim_launch_config cfg = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .args = args};
    ptxsim_kernel *put, *take;
    assert_int_equal(ptxsim_module_kernel(m, "put", &put), PTXSIM_OK);
    assert_int_equal(ptxsim_module_kernel(m, "take", &take), PTXSIM_OK);
    ptxsim_report *r;
    assert_int_equal(ptxsim_launch(ctx, put, &cfg, &r), PTXSIM_OK);
    size_t len = 99;
    assert_string_equal(ptxsim_report_output(r, &len), "");
    assert_int_equal(len, 0);
    ptxsim_report_free(r);
    assert_int_equal(ptxsim_launch(ctx, take, &cfg, &r), PTXSIM_OK);
    assert_string_equal(ptxsim_report_output(r, &len), "v=4242\n");
    assert_int_equal(len, 7);
    ptxsim_report_free(r);
    /* freed: a third launch reading it faults */
    assert_int_equal(ptxsim_launch(ctx, take, &cfg, &r), PTXSIM_ERR_FAULT);
    assert_non_null(strstr(ptxsim_report_fault(r)->message, "free() released"));
    ptxsim_report_free(r);
    ptxsim_context_destroy(ctx);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unknown_arch_and_status_names),
        cmocka_unit_test(diagnostics_are_data),
        cmocka_unit_test(parameter_layout),
        cmocka_unit_test(launch_both_parameter_forms),
        cmocka_unit_test(memory_errors_and_fill),
        cmocka_unit_test(texture_objects),
        cmocka_unit_test(host_memory_mode),
        cmocka_unit_test(checker_findings),
        cmocka_unit_test(contexts_from_threads),
        cmocka_unit_test(case_contents_and_prepare),
        cmocka_unit_test(case_tensormap_param),
        cmocka_unit_test(type_query),
        cmocka_unit_test(link_two_modules),
        cmocka_unit_test(link_errors_name_their_module),
        cmocka_unit_test(device_heap_outlives_a_launch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
