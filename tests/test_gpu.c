/* test_gpu.c — the GPU harness and the comparison behind `ptxsim diff`: a clean "no CUDA driver"
 * where there is none (this test skips itself where a GPU is present), the driver entry points
 * resolved by name, a whole manifest run through a fake driver whose device is the simulator
 * (buffers, parameter packing, dynamic shared memory, JIT logs, failed launches), ULP distances,
 * tolerances and the names of recorded outputs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuda_api.h"
#include "gpu.h"
#include "manifest.h"

/* ---- a fake CUDA driver backed by the simulator --------------------------------------------- */

typedef struct {
    ps_module *mod;
    ps_program *prog;
} fake_module;

typedef struct {
    fake_module *mod;
    char name[128];
} fake_function;

enum { FAKE_MODULES = 16 };

static struct {
    ps_device *dev;
    fake_module *modules[FAKE_MODULES]; /* loaded, not unloaded */
    ps_cu_result init_result, jit_result, sync_result;
    int contexts_created, launches, modules_live;
    int shared_attr;          /* last MAX_DYNAMIC_SHARED_SIZE_BYTES set */
    unsigned last_shared;     /* shared bytes of the last launch */
    unsigned last_cluster[3]; /* cluster shape of the last cuLaunchKernelEx */
    fake_function fn;
} fake;

static ps_cu_result fake_init(unsigned flags) { return fake.init_result; }
static ps_cu_result fake_driver_get_version(int *v) {
    *v = 13000;
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_device_get_count(int *n) {
    *n = 1;
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_device_get(ps_cu_device *d, int ordinal) {
    *d = ordinal;
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_device_get_name(char *name, int len, ps_cu_device d) {
    snprintf(name, (size_t)len, "ptxsim fake GPU");
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_device_get_attribute(int *v, int attrib, ps_cu_device d) {
    *v = attrib == PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR  ? 9
        : attrib == PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ? 0
                                                                    : 232448;
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_ctx_create(ps_cu_context *ctx, unsigned flags, ps_cu_device d) {
    if (fake.dev) ps_device_destroy(fake.dev);
    fake.dev = ps_device_create();
    /* Offsets the fake's addresses from the harness's own simulated device, so that a parameter
     * still holding a host-side address faults instead of passing by luck. */
    ps_device_alloc(fake.dev, 1 << 20, "offset");
    fake.contexts_created++;
    *ctx = (ps_cu_context)&fake;
    return PS_CU_SUCCESS;
}
static void free_module(fake_module *m) {
    ps_program_free(m->prog);
    ps_module_free(m->mod);
    free(m);
}
static ps_cu_result fake_ctx_destroy(ps_cu_context ctx) {
    for (int i = 0; i < FAKE_MODULES; i++)
        if (fake.modules[i]) free_module(fake.modules[i]), fake.modules[i] = NULL, fake.modules_live--;
    ps_device_destroy(fake.dev);
    fake.dev = NULL;
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_ctx_synchronize(void) { return fake.sync_result; }

static ps_cu_result fake_module_load_data_ex(ps_cu_module *out, const void *image, unsigned nopts, int *opts,
                                             void **vals) {
    char *errlog = NULL, *infolog = NULL;
    size_t errsize = 0, infosize = 0;
    for (unsigned i = 0; i < nopts; i++) {
        if (opts[i] == PS_CU_JIT_ERROR_LOG_BUFFER) errlog = vals[i];
        if (opts[i] == PS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) errsize = (size_t)(uintptr_t)vals[i];
        if (opts[i] == PS_CU_JIT_INFO_LOG_BUFFER) infolog = vals[i];
        if (opts[i] == PS_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES) infosize = (size_t)(uintptr_t)vals[i];
    }
    if (fake.jit_result != PS_CU_SUCCESS) {
        if (errlog && errsize) snprintf(errlog, errsize, "ptxas fatal   : forced failure for the test");
        return fake.jit_result;
    }
    if (infolog && infosize) snprintf(infolog, infosize, "ptxas info    : fake JIT");
    const char *src = image;
    fake_module *m = calloc(1, sizeof *m);
    ps_diags d = {0};
    ps_status st = ps_parse("jit.ptx", src, strlen(src), NULL, &d, &m->mod);
    if (st == PS_OK) st = ps_program_build(m->mod, NULL, fake.dev, &d, &m->prog);
    ps_diags_free(&d);
    if (st != PS_OK) {
        ps_module_free(m->mod);
        free(m);
        return PS_CU_ERROR_INVALID_PTX;
    }
    for (int i = 0; i < FAKE_MODULES; i++)
        if (!fake.modules[i]) {
            fake.modules[i] = m;
            break;
        }
    fake.modules_live++;
    *out = (ps_cu_module)m;
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_module_unload(ps_cu_module mod) {
    fake_module *m = (fake_module *)mod;
    for (int i = 0; i < FAKE_MODULES; i++)
        if (fake.modules[i] == m) fake.modules[i] = NULL;
    free_module(m);
    fake.modules_live--;
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_module_get_function(ps_cu_function *fn, ps_cu_module mod, const char *name) {
    const ps_var *const *vars;
    fake_module *m = (fake_module *)mod;
    if (ps_program_kernel_params(m->prog, name, &vars) < 0) return PS_CU_ERROR_NOT_FOUND;
    fake.fn.mod = m;
    snprintf(fake.fn.name, sizeof fake.fn.name, "%s", name);
    *fn = (ps_cu_function)&fake.fn;
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_func_set_attribute(ps_cu_function fn, int attrib, int value) {
    if (attrib == PS_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) fake.shared_attr = value;
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_mem_alloc(ps_cu_deviceptr *p, size_t bytes) {
    *p = ps_device_alloc(fake.dev, bytes, "buffer");
    return *p ? PS_CU_SUCCESS : 2 /* CUDA_ERROR_OUT_OF_MEMORY */;
}
static ps_cu_result fake_mem_free(ps_cu_deviceptr p) { return PS_CU_SUCCESS; }
static ps_cu_result fake_memcpy_htod(ps_cu_deviceptr dst, const void *src, size_t n) {
    void *d = ps_device_ptr(fake.dev, dst, n);
    if (!d) return 1; /* CUDA_ERROR_INVALID_VALUE */
    memcpy(d, src, n);
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_memcpy_dtoh(void *dst, ps_cu_deviceptr src, size_t n) {
    void *s = ps_device_ptr(fake.dev, src, n);
    if (!s) return 1;
    memcpy(dst, s, n);
    return PS_CU_SUCCESS;
}
/* Packs kernelParams the way the driver does: each pointer's bytes at its parameter's offset. */
static ps_cu_result fake_launch(ps_cu_function f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                unsigned bz, unsigned shared, const unsigned cluster[3], void **params) {
    fake_function *fn = (fake_function *)f;
    const ps_var *const *vars;
    int n = ps_program_kernel_params(fn->mod->prog, fn->name, &vars);
    size_t total = 0;
    for (int i = 0; i < n; i++) total = PS_MAX(total, vars[i]->offset + vars[i]->size);
    uint8_t *buf = calloc(1, total + 8);
    for (int i = 0; i < n; i++) memcpy(buf + vars[i]->offset, params[i], vars[i]->size);
    ps_launch_config cfg = {.grid = {gx, gy, gz},
                            .block = {bx, by, bz},
                            .shared_bytes = shared,
                            .params = buf,
                            .params_size = total,
                            .threads = 1,
                            .cluster = {cluster[0], cluster[1], cluster[2]}};
    ps_launch_result res;
    ps_status st = ps_launch(fn->mod->prog, fake.dev, fn->name, &cfg, &res);
    free(buf);
    fake.launches++;
    fake.last_shared = shared;
    if (st != PS_OK) fake.sync_result = PS_CU_ERROR_ILLEGAL_ADDRESS; /* reported at synchronisation */
    return PS_CU_SUCCESS;
}
static ps_cu_result fake_launch_kernel(ps_cu_function f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                       unsigned by, unsigned bz, unsigned shared, ps_cu_stream stream, void **params,
                                       void **extra) {
    static const unsigned none[3] = {0, 0, 0};
    return fake_launch(f, gx, gy, gz, bx, by, bz, shared, none, params);
}
/* cuLaunchKernelEx: the cluster attribute is the only one the harness passes */
static ps_cu_result fake_launch_kernel_ex(const ps_cu_launch_config *c, ps_cu_function f, void **params, void **extra) {
    if (c->num_attrs != 1 || c->attrs[0].id != PS_CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) return 1;
    const unsigned cd[3] = {c->attrs[0].value.cluster_dim.x, c->attrs[0].value.cluster_dim.y,
                            c->attrs[0].value.cluster_dim.z};
    memcpy(fake.last_cluster, cd, sizeof fake.last_cluster);
    return fake_launch(f, c->grid_x, c->grid_y, c->grid_z, c->block_x, c->block_y, c->block_z, c->shared_bytes, cd,
                       params);
}
static ps_cu_result fake_get_error_name(ps_cu_result r, const char **s) {
    *s = r == PS_CU_ERROR_NO_DEVICE        ? "CUDA_ERROR_NO_DEVICE"
        : r == PS_CU_ERROR_INVALID_PTX     ? "CUDA_ERROR_INVALID_PTX"
        : r == PS_CU_ERROR_ILLEGAL_ADDRESS ? "CUDA_ERROR_ILLEGAL_ADDRESS"
                                           : NULL;
    return *s ? PS_CU_SUCCESS : 1;
}
static ps_cu_result fake_get_error_string(ps_cu_result r, const char **s) {
    *s = r == PS_CU_ERROR_NO_DEVICE ? "no CUDA-capable device is detected" : "fake error";
    return PS_CU_SUCCESS;
}

static const ps_cuda_api fake_api = {
    .init = fake_init,
    .driver_get_version = fake_driver_get_version,
    .device_get_count = fake_device_get_count,
    .device_get = fake_device_get,
    .device_get_name = fake_device_get_name,
    .device_get_attribute = fake_device_get_attribute,
    .ctx_create = fake_ctx_create,
    .ctx_destroy = fake_ctx_destroy,
    .ctx_synchronize = fake_ctx_synchronize,
    .module_load_data_ex = fake_module_load_data_ex,
    .module_unload = fake_module_unload,
    .module_get_function = fake_module_get_function,
    .func_set_attribute = fake_func_set_attribute,
    .mem_alloc = fake_mem_alloc,
    .mem_free = fake_mem_free,
    .memcpy_htod = fake_memcpy_htod,
    .memcpy_dtoh = fake_memcpy_dtoh,
    .launch_kernel = fake_launch_kernel,
    .launch_kernel_ex = fake_launch_kernel_ex,
    .get_error_name = fake_get_error_name,
    .get_error_string = fake_get_error_string,
};

static ps_gpu *open_fake(void) {
    memset(&fake, 0, sizeof fake);
    ps_gpu *g;
    char err[600];
    ps_gpu_status st = ps_gpu_open_api(&fake_api, 0, &g, err, sizeof err);
    if (st != PS_GPU_OK) fail_msg("%s", err);
    return g;
}

static void close_fake(ps_gpu *g) {
    ps_gpu_close(g);
    assert_int_equal(fake.modules_live, 0);
}

/* Every buffer named in the manifest's "expect" equals its expected file. */
static void assert_matches_expected(const char *manifest, const ps_gpu_output *out) {
    ptxsim_case *m;
    char err[600];
    assert_int_equal(ptxsim_case_load(manifest, &m, err, sizeof err), PTXSIM_OK);
    assert_true(ptxsim_case_expect_count(m) > 0);
    for (int i = 0; i < ptxsim_case_expect_count(m); i++) {
        ptxsim_case_expect e;
        ptxsim_case_buffer_info bi;
        assert_true(ptxsim_case_get_expect(m, i, &e));
        assert_true(ptxsim_case_get_buffer(m, e.buffer, &bi));
        const ps_gpu_buffer *b = ps_gpu_output_find(out, bi.name);
        assert_non_null(b);
        assert_string_equal(b->type, bi.type);
        size_t n;
        char *want = ps_read_file(e.file, &n);
        assert_non_null(want);
        assert_int_equal(n, b->bytes);
        ps_gpu_cmp c;
        ps_gpu_compare(b->data, want, b->type, b->count, &e, &c);
        if (c.mismatches) fail_msg("%s: %s: %llu mismatches", manifest, b->name, (unsigned long long)c.mismatches);
        free(want);
    }
    ptxsim_case_free(m);
}

/* ---- the real driver, or its absence -------------------------------------------------------- */

static void no_driver_is_reported_cleanly(void **state) {
    (void)state;
    setenv("PTXSIM_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
    ps_gpu *g = (ps_gpu *)1;
    char err[600];
    assert_int_equal(ps_gpu_open(0, &g, err, sizeof err), PS_GPU_NO_DRIVER);
    assert_null(g);
    const char *want = "no CUDA driver found (/nonexistent/libcuda.so.1: ";
    assert_memory_equal(err, want, strlen(want));
    assert_non_null(strstr(err, "No such file"));
    unsetenv("PTXSIM_LIBCUDA");
}

static void library_without_the_driver_api_is_no_driver(void **state) {
    (void)state;
    setenv("PTXSIM_LIBCUDA", "libc.so.6", 1);
    ps_gpu *g;
    char err[600];
    assert_int_equal(ps_gpu_open(0, &g, err, sizeof err), PS_GPU_NO_DRIVER);
    assert_non_null(strstr(err, "it has no cuInit"));
    unsetenv("PTXSIM_LIBCUDA");
}

/* Skip-style: on a machine without libcuda.so.1 (CI, this project's build machine) the default
 * open must fail with the clean message; where a GPU is present there is nothing to check. */
static void default_open_without_gpu(void **state) {
    (void)state;
    unsetenv("PTXSIM_LIBCUDA");
    ps_gpu *g;
    char err[600];
    ps_gpu_status st = ps_gpu_open(0, &g, err, sizeof err);
    if (st == PS_GPU_OK) {
        const ps_gpu_info *in = ps_gpu_describe(g);
        fprintf(stderr, "GPU present (%s, sm_%d%d): nothing to check here\n", in->name, in->sm_major, in->sm_minor);
        ps_gpu_close(g);
        skip();
    }
    if (st == PS_GPU_NO_DRIVER) {
        const char *want = "no CUDA driver found (libcuda.so.1: ";
        assert_memory_equal(err, want, strlen(want));
    } else {
        assert_int_equal(st, PS_GPU_NO_DEVICE);
        assert_memory_equal(err, "no CUDA device", 14);
    }
}

/* ---- the harness on the fake driver ---------------------------------------------------------- */

static void fake_describes_device(void **state) {
    (void)state;
    ps_gpu *g = open_fake();
    const ps_gpu_info *in = ps_gpu_describe(g);
    assert_string_equal(in->name, "ptxsim fake GPU");
    assert_int_equal(in->sm_major, 9);
    assert_int_equal(in->sm_minor, 0);
    assert_int_equal(in->driver_version, 13000);
    close_fake(g);
}

static void fake_no_device(void **state) {
    (void)state;
    memset(&fake, 0, sizeof fake);
    fake.init_result = PS_CU_ERROR_NO_DEVICE;
    ps_gpu *g;
    char err[600];
    assert_int_equal(ps_gpu_open_api(&fake_api, 0, &g, err, sizeof err), PS_GPU_NO_DEVICE);
    assert_non_null(strstr(err, "CUDA_ERROR_NO_DEVICE"));
    fake.init_result = PS_CU_SUCCESS;
    assert_int_equal(ps_gpu_open_api(&fake_api, 3, &g, err, sizeof err), PS_GPU_NO_DEVICE);
    assert_non_null(strstr(err, "sees 1 device, device 3"));
}

/* Whole corpus manifests through the fake: buffers by file and fill, pointer, scalar and struct
 * parameters, dynamic shared memory, module globals. */
static void fake_runs_corpus_cases(void **state) {
    (void)state;
    static const char *const cases[] = {
        "corpus/saxpy/case.sm_80.json",    "corpus/struct_param/case.sm_90.json",
        "corpus/dynsmem/case.sm_80.json",  "corpus/hand_globals_const/case.json",
        "corpus/hand_funcparam/case.json", "corpus/matmul_int/case.sm_80.json",
    };
    ps_gpu *g = open_fake();
    for (size_t i = 0; i < PS_ARRAY_LEN(cases); i++) {
        ps_gpu_output out;
        char err[600];
        ps_gpu_status st = ps_gpu_run(g, cases[i], &out, err, sizeof err);
        if (st != PS_GPU_OK) fail_msg("%s: %s", cases[i], err);
        assert_matches_expected(cases[i], &out);
        if (strstr(cases[i], "dynsmem")) assert_int_equal(fake.last_shared, 1152);
        ps_gpu_output_free(&out);
    }
    assert_int_equal(fake.launches, (int)PS_ARRAY_LEN(cases));
    assert_int_equal(fake.shared_attr, 0); /* nothing above 48 KiB */
    assert_int_equal(fake.contexts_created, 1);
    close_fake(g);
}

/* A manifest with "cluster" goes through cuLaunchKernelEx with the cluster attribute; a driver
 * without it is refused with the reason, not run without clusters. */
static void fake_cluster_launch(void **state) {
    (void)state;
    const char *m = "corpus/cluster_dsmem/case.ring.json";
    ps_gpu *g = open_fake();
    ps_gpu_output out;
    char err[600];
    ps_gpu_status st = ps_gpu_run(g, m, &out, err, sizeof err);
    if (st != PS_GPU_OK) fail_msg("%s: %s", m, err);
    assert_matches_expected(m, &out);
    assert_int_equal(fake.last_cluster[0], 2);
    assert_int_equal(fake.last_cluster[1], 2);
    assert_int_equal(fake.last_cluster[2], 1);
    ps_gpu_output_free(&out);
    close_fake(g);
    ps_cuda_api api = fake_api;
    api.launch_kernel_ex = NULL;
    memset(&fake, 0, sizeof fake);
    assert_int_equal(ps_gpu_open_api(&api, 0, &g, err, sizeof err), PS_GPU_OK);
    assert_int_not_equal(ps_gpu_run(g, m, &out, err, sizeof err), PS_GPU_OK);
    assert_non_null(strstr(err, "needs cuLaunchKernelEx"));
    close_fake(g);
}

static void fake_writes_outputs(void **state) {
    (void)state;
    ps_gpu *g = open_fake();
    ps_gpu_output out;
    char err[600], dir[] = "/tmp/ptxsim_gpu_XXXXXX";
    assert_non_null(mkdtemp(dir));
    assert_int_equal(ps_gpu_run(g, "corpus/saxpy/case.sm_80.json", &out, err, sizeof err), PS_GPU_OK);
    char sub[64];
    snprintf(sub, sizeof sub, "%s/a/b", dir);
    assert_int_equal(ps_gpu_write_outputs(&out, sub, err, sizeof err), PS_GPU_OK);
    char path[96];
    snprintf(path, sizeof path, "%s/y.bin", sub);
    size_t n;
    char *y = ps_read_file(path, &n);
    assert_non_null(y);
    assert_int_equal(n, 2500 * 4);
    assert_memory_equal(y, ps_gpu_output_find(&out, "y")->data, n);
    free(y);
    unlink(path);
    snprintf(path, sizeof path, "%s/x.bin", sub);
    unlink(path);
    rmdir(sub);
    snprintf(path, sizeof path, "%s/a", dir);
    rmdir(path);
    rmdir(dir);
    ps_gpu_output_free(&out);
    close_fake(g);
}

/* A manifest (written to a temporary directory) over a copy of an existing PTX file beside it: a
 * manifest's references stay inside its folder (docs/limits.md). */
static char *temp_manifest(char *dir, const char *ptx, unsigned shared) {
    char path[640];
    assert_non_null(mkdtemp(dir));
    size_t n;
    char *src = ps_read_file(ptx, &n);
    assert_non_null(src);
    snprintf(path, sizeof path, "%s/kernel.ptx", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(src, 1, n, f), n);
    fclose(f);
    free(src);
    snprintf(path, sizeof path, "%s/case.json", dir);
    f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f,
            "{\"ptx\": \"kernel.ptx\", \"kernel\": \"dynsmem\", \"grid\": [1], \"block\": [96],"
            " \"shared_bytes\": %u,"
            " \"buffers\": [{\"name\": \"in\", \"type\": \"s32\", \"count\": 480, \"init\": {\"fill\": 7}},"
            " {\"name\": \"rev\", \"type\": \"s32\", \"count\": 480}, {\"name\": \"nb\", \"type\": \"f64\","
            " \"count\": 480}], \"params\": [{\"buffer\": \"in\"}, {\"buffer\": \"rev\"}, {\"buffer\": \"nb\"}]}",
            shared);
    fclose(f);
    return ps_xstrdup(path);
}

static void fake_opts_in_to_large_shared_memory(void **state) {
    (void)state;
    char dir[] = "/tmp/ptxsim_gpu_XXXXXX";
    char *path = temp_manifest(dir, "corpus/dynsmem/dynsmem.sm_90.ptx", 64 * 1024);
    ps_gpu *g = open_fake();
    ps_gpu_output out;
    char err[600];
    ps_gpu_status st = ps_gpu_run(g, path, &out, err, sizeof err);
    if (st != PS_GPU_OK) fail_msg("%s", err);
    assert_int_equal(fake.shared_attr, 64 * 1024);
    assert_int_equal(fake.last_shared, 64 * 1024);
    ps_gpu_output_free(&out);
    close_fake(g);
    unlink(path);
    char ptx[64];
    snprintf(ptx, sizeof ptx, "%s/kernel.ptx", dir);
    unlink(ptx);
    rmdir(dir);
    free(path);
}

static void fake_jit_error_keeps_the_log(void **state) {
    (void)state;
    ps_gpu *g = open_fake();
    fake.jit_result = PS_CU_ERROR_INVALID_PTX;
    ps_gpu_output out;
    char err[600];
    assert_int_equal(ps_gpu_run(g, "corpus/saxpy/case.sm_80.json", &out, err, sizeof err), PS_GPU_JIT_ERROR);
    assert_non_null(strstr(err, "cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX"));
    assert_non_null(strstr(ps_gpu_jit_log(g), "forced failure"));
    assert_int_equal(out.nbufs, 0);
    fake.jit_result = PS_CU_SUCCESS;
    assert_int_equal(ps_gpu_run(g, "corpus/saxpy/case.sm_80.json", &out, err, sizeof err), PS_GPU_OK);
    assert_non_null(strstr(ps_gpu_jit_log(g), "fake JIT"));
    ps_gpu_output_free(&out);
    close_fake(g);
}

static void fake_launch_failure_gets_a_fresh_context(void **state) {
    (void)state;
    ps_gpu *g = open_fake();
    fake.sync_result = PS_CU_ERROR_ILLEGAL_ADDRESS;
    ps_gpu_output out;
    char err[600];
    assert_int_equal(ps_gpu_run(g, "corpus/saxpy/case.sm_80.json", &out, err, sizeof err), PS_GPU_LAUNCH_ERROR);
    assert_non_null(strstr(err, "CUDA_ERROR_ILLEGAL_ADDRESS"));
    fake.sync_result = PS_CU_SUCCESS;
    assert_int_equal(ps_gpu_run(g, "corpus/saxpy/case.sm_80.json", &out, err, sizeof err), PS_GPU_OK);
    assert_int_equal(fake.contexts_created, 2);
    assert_matches_expected("corpus/saxpy/case.sm_80.json", &out);
    ps_gpu_output_free(&out);
    close_fake(g);
}

static void bad_manifest_is_bad_input(void **state) {
    (void)state;
    ps_gpu *g = open_fake();
    ps_gpu_output out;
    char err[600];
    assert_int_equal(ps_gpu_run(g, "corpus/nonexistent/case.json", &out, err, sizeof err), PS_GPU_BAD_INPUT);
    assert_int_equal(fake.launches, 0);
    close_fake(g);
}

/* ---- comparison ------------------------------------------------------------------------------- */

static uint64_t f32_bits(float f) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static uint64_t f64_bits(double d) {
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

static void ulp_distances(void **state) {
    (void)state;
    assert_int_equal(ps_gpu_ulp_distance(f32_bits(1.0f), f32_bits(nextafterf(1.0f, 2.0f)), "f32"), 1);
    assert_int_equal(ps_gpu_ulp_distance(f32_bits(1.0f), f32_bits(1.0f), "f32"), 0);
    assert_int_equal(ps_gpu_ulp_distance(f32_bits(0.0f), f32_bits(-0.0f), "f32"), 0);
    /* across zero: -denorm_min, ±0, +denorm_min */
    assert_int_equal(ps_gpu_ulp_distance(0x80000001u, 0x00000001u, "f32"), 2);
    assert_int_equal(ps_gpu_ulp_distance(f32_bits(-1.0f), f32_bits(1.0f), "f32"), 2 * 0x3f800000ull);
    assert_int_equal(ps_gpu_ulp_distance(f32_bits(FLT_MAX), f32_bits(INFINITY), "f32"), 1);
    assert_int_equal(ps_gpu_ulp_distance(f32_bits(NAN), f32_bits(1.0f), "f32"), UINT64_MAX);
    assert_int_equal(ps_gpu_ulp_distance(f64_bits(1.0), f64_bits(nextafter(nextafter(1.0, 0), 0)), "f64"), 2);
    assert_int_equal(ps_gpu_ulp_distance(f64_bits(-0.0), f64_bits(4.9406564584124654e-324), "f64"), 1);
    assert_int_equal(ps_gpu_ulp_distance(0x8000000000000001ull, 0x0000000000000001ull, "f64"), 2);
    assert_int_equal(ps_gpu_ulp_distance(0x3c00, 0x3c01, "f16"), 1); /* f16 1.0 and next */
    assert_int_equal(ps_gpu_ulp_distance(0xbc00, 0x3c00, "f16"), 2 * 0x3c00);
    assert_int_equal(ps_gpu_ulp_distance(0x7e00, 0x3c00, "f16"), UINT64_MAX); /* f16 NaN */
    assert_int_equal(ps_gpu_ulp_distance(0x3f80, 0x3f82, "bf16"), 2);
    assert_int_equal(ps_gpu_ulp_distance(1, 2, "u32"), UINT64_MAX);
}

static void elem_values_and_format(void **state) {
    (void)state;
    assert_true(ps_gpu_elem_value(0x3c00, "f16") == 1.0);
    assert_true(ps_gpu_elem_value(0x0001, "f16") == ldexp(1, -24));
    assert_true(ps_gpu_elem_value(0xc000, "f16") == -2.0);
    assert_true(isinf(ps_gpu_elem_value(0x7c00, "f16")));
    assert_true(ps_gpu_elem_value(0x3fc0, "bf16") == 1.5);
    assert_true(ps_gpu_elem_value(0xff, "s8") == -1.0);
    char buf[96];
    ps_gpu_format_elem(buf, sizeof buf, 0xfffffffdu, "s32");
    assert_string_equal(buf, "-3 (0xfffffffd)");
    ps_gpu_format_elem(buf, sizeof buf, 0xfffffffdu, "u32");
    assert_string_equal(buf, "4294967293 (0xfffffffd)");
    ps_gpu_format_elem(buf, sizeof buf, f32_bits(1.5f), "f32");
    assert_string_equal(buf, "1.5 (0x3fc00000)");
    ps_gpu_format_elem(buf, sizeof buf, 0x8000000000000000ull, "s64");
    assert_string_equal(buf, "-9223372036854775808 (0x8000000000000000)");
    ps_gpu_format_elem(buf, sizeof buf, 0xbc00, "f16");
    assert_string_equal(buf, "-1 (0xbc00)");
}

static void compare_exact_and_tolerances(void **state) {
    (void)state;
    float want[6] = {1.0f, 2.0f, 3.0f, NAN, 1e-30f, -4.0f};
    float got[6];
    memcpy(got, want, sizeof got);
    ps_gpu_cmp c;
    ps_gpu_compare(got, want, "f32", 6, NULL, &c);
    assert_int_equal(c.mismatches, 0);
    got[1] = nextafterf(2.0f, 3.0f);                   /* 1 ulp */
    got[2] = nextafterf(nextafterf(3.0f, 0.0f), 0.0f); /* 2 ulp */
    memcpy(&got[3], &(uint32_t){0x7fc00001u}, 4);      /* another NaN */
    ps_gpu_compare(got, want, "f32", 6, NULL, &c);
    assert_int_equal(c.mismatches, 3);
    assert_int_equal(c.first, 1);
    assert_int_equal(c.max_ulp, 2);
    assert_int_equal(c.nshown, 3);
    assert_int_equal(c.shown[0].index, 1);
    assert_int_equal(c.shown[0].ulp, 1);
    assert_int_equal(c.shown[1].ulp, 2);
    assert_int_equal(c.shown[2].ulp, UINT64_MAX);
    ptxsim_case_expect ulp1 = {.has_tolerance = true, .abs = -1, .rel = -1, .ulp = 1};
    ps_gpu_compare(got, want, "f32", 6, &ulp1, &c);
    assert_int_equal(c.mismatches, 1); /* the 2-ulp element; NaNs match under a tolerance */
    assert_int_equal(c.first, 2);
    ptxsim_case_expect ulp2 = {.has_tolerance = true, .abs = -1, .rel = -1, .ulp = 2};
    ps_gpu_compare(got, want, "f32", 6, &ulp2, &c);
    assert_int_equal(c.mismatches, 0);
    assert_int_equal(c.tolerated, 3); /* two within 2 ulp, two different NaNs */
    assert_int_equal(c.tolerated_max_ulp, 2);
    ptxsim_case_expect rel = {.has_tolerance = true, .abs = -1, .rel = 1e-6, .ulp = 0};
    ps_gpu_compare(got, want, "f32", 6, &rel, &c);
    assert_int_equal(c.mismatches, 0);
    got[4] = 2e-30f;
    ptxsim_case_expect abs = {.has_tolerance = true, .abs = 1e-6, .rel = -1, .ulp = 0};
    ps_gpu_compare(got, want, "f32", 6, &abs, &c);
    assert_int_equal(c.mismatches, 0);
    ps_gpu_compare(got, want, "f32", 6, &rel, &c);
    assert_int_equal(c.mismatches, 1);
    /* integers: tolerances never apply */
    int32_t a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 30, 4};
    ps_gpu_compare(a, b, "s32", 4, &ulp2, &c);
    assert_int_equal(c.mismatches, 1);
    assert_int_equal(c.first, 2);
    assert_int_equal(c.shown[0].got, 3);
    assert_int_equal(c.shown[0].want, 30);
    assert_int_equal(c.max_ulp, 0);
    /* more mismatches than shown */
    uint8_t x[40] = {0}, y[40];
    memset(y, 1, sizeof y);
    ps_gpu_compare(x, y, "u8", 40, NULL, &c);
    assert_int_equal(c.mismatches, 40);
    assert_int_equal(c.nshown, PS_GPU_SHOWN);
    /* 16-bit floats: a 1-ulp f16 difference under ulp 1 */
    uint16_t h1[2] = {0x3c00, 0x4000}, h2[2] = {0x3c01, 0x4000};
    ps_gpu_compare(h1, h2, "f16", 2, &ulp1, &c);
    assert_int_equal(c.mismatches, 0);
    ps_gpu_compare(h1, h2, "f16", 2, NULL, &c);
    assert_int_equal(c.mismatches, 1);
    assert_int_equal(c.max_ulp, 1);
}

static void recording_names(void **state) {
    (void)state;
    char *s = ps_gpu_recording_name("corpus/saxpy/case.sm_80.json", "y");
    assert_string_equal(s, "y.sm_80.gpu.bin");
    free(s);
    s = ps_gpu_recording_path("corpus/saxpy/case.sm_90.json", "y");
    assert_string_equal(s, "corpus/saxpy/y.sm_90.gpu.bin");
    free(s);
    s = ps_gpu_recording_path("corpus/hand_bitfield/case.json", "out");
    assert_string_equal(s, "corpus/hand_bitfield/out.gpu.bin");
    free(s);
    /* a directory with one tagged manifest: no tag */
    char dir[] = "/tmp/ptxsim_gpu_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/case.sm_80.json", dir);
    fclose(fopen(path, "w"));
    s = ps_gpu_recording_name(path, "out");
    assert_string_equal(s, "out.gpu.bin");
    free(s);
    unlink(path);
    rmdir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_driver_is_reported_cleanly),
        cmocka_unit_test(library_without_the_driver_api_is_no_driver),
        cmocka_unit_test(default_open_without_gpu),
        cmocka_unit_test(fake_describes_device),
        cmocka_unit_test(fake_no_device),
        cmocka_unit_test(fake_runs_corpus_cases),
        cmocka_unit_test(fake_writes_outputs),
        cmocka_unit_test(fake_opts_in_to_large_shared_memory),
        cmocka_unit_test(fake_jit_error_keeps_the_log),
        cmocka_unit_test(fake_launch_failure_gets_a_fresh_context),
        cmocka_unit_test(fake_cluster_launch),
        cmocka_unit_test(bad_manifest_is_bad_input),
        cmocka_unit_test(ulp_distances),
        cmocka_unit_test(elem_values_and_format),
        cmocka_unit_test(compare_exact_and_tolerances),
        cmocka_unit_test(recording_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
