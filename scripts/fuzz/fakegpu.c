/* fakegpu.c — a CUDA driver whose device is the simulator (the approach of tests/test_gpu.c),
 * so that the whole GPU path of ptxfuzz runs where there is no GPU. It can plant a bug: every
 * occurrence of FROM in a loaded module's text is replaced by TO before the "JIT" (say
 * "min.f32=>max.f32"), which makes the fake disagree with the simulator exactly where a real
 * simulator bug would, and exercises detection and shrinking end to end. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_api.h"
#include "fakegpu.h"
#include "sim.h"

typedef struct fake_function fake_function;

typedef struct {
    ps_module *mod;
    ps_program *prog;
    char *src;
    fake_function *functions; /* handed out by get_function, freed with the module */
} fake_module;

struct fake_function {
    fake_module *mod;
    char name[128];
    fake_function *next;
};

static struct {
    ps_device *dev;
    char from[128], to[128];
    bool fault_next;
    ps_cu_result sticky;
} F;

static ps_cu_result f_init(unsigned flags) { return PS_CU_SUCCESS; }
static ps_cu_result f_driver_get_version(int *v) { *v = 13000; return PS_CU_SUCCESS; }
static ps_cu_result f_device_get_count(int *n) { *n = 1; return PS_CU_SUCCESS; }
static ps_cu_result f_device_get(ps_cu_device *d, int ordinal) { *d = ordinal; return PS_CU_SUCCESS; }
static ps_cu_result f_device_get_name(char *name, int len, ps_cu_device d) {
    snprintf(name, (size_t)len, "ptxsim fake GPU%s%s%s", F.from[0] ? " (planted: " : "", F.from,
             F.from[0] ? ")" : "");
    return PS_CU_SUCCESS;
}
static ps_cu_result f_device_get_attribute(int *v, int attrib, ps_cu_device d) {
    *v = attrib == PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9
         : attrib == PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ? 0 : 232448;
    return PS_CU_SUCCESS;
}
static ps_cu_result f_ctx_create(ps_cu_context *ctx, unsigned flags, ps_cu_device d) {
    if (F.dev) ps_device_destroy(F.dev);
    F.dev = ps_device_create();
    ps_device_alloc(F.dev, 1 << 20, "offset"); /* addresses unlike the harness's own */
    F.sticky = PS_CU_SUCCESS;
    *ctx = (ps_cu_context)&F;
    return PS_CU_SUCCESS;
}
static ps_cu_result f_ctx_destroy(ps_cu_context ctx) {
    ps_device_destroy(F.dev);
    F.dev = NULL;
    return PS_CU_SUCCESS;
}
static ps_cu_result f_ctx_synchronize(void) { return F.sticky; }

static char *replace_all(const char *s, const char *from, const char *to) {
    size_t fl = strlen(from), tl = strlen(to), n = 0;
    for (const char *q = strstr(s, from); fl && q; q = strstr(q + fl, from)) n++;
    char *out = malloc(strlen(s) + n * (tl > fl ? tl - fl : 0) + 1), *o = out;
    const char *q;
    while (fl && (q = strstr(s, from))) {
        memcpy(o, s, (size_t)(q - s));
        o += q - s;
        memcpy(o, to, tl);
        o += tl;
        s = q + fl;
    }
    strcpy(o, s);
    return out;
}

static ps_cu_result f_module_load_data_ex(ps_cu_module *out, const void *image, unsigned nopts,
                                          int *opts, void **vals) {
    char *errlog = NULL;
    size_t errsize = 0;
    for (unsigned i = 0; i < nopts; i++) {
        if (opts[i] == PS_CU_JIT_ERROR_LOG_BUFFER) errlog = vals[i];
        if (opts[i] == PS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) errsize = (size_t)(uintptr_t)vals[i];
    }
    fake_module *m = calloc(1, sizeof *m);
    m->src = F.from[0] ? replace_all(image, F.from, F.to) : strdup(image);
    ps_diags d = {0};
    ps_status st = ps_parse("jit.ptx", m->src, strlen(m->src), NULL, &d, &m->mod);
    if (st == PS_OK) st = ps_program_build(m->mod, NULL, F.dev, &d, &m->prog);
    if (st != PS_OK) {
        if (errlog && errsize) {
            const char *msg = d.count ? d.items[0].msg : "cannot build";
            snprintf(errlog, errsize, "fake ptxas: line %d: %s", d.count ? d.items[0].line : 0, msg);
        }
        ps_diags_free(&d);
        ps_module_free(m->mod);
        free(m->src);
        free(m);
        return PS_CU_ERROR_INVALID_PTX;
    }
    ps_diags_free(&d);
    *out = (ps_cu_module)m;
    return PS_CU_SUCCESS;
}
static ps_cu_result f_module_unload(ps_cu_module mod) {
    fake_module *m = (fake_module *)mod;
    for (fake_function *f = m->functions, *n; f; f = n) {
        n = f->next;
        free(f);
    }
    ps_program_free(m->prog);
    ps_module_free(m->mod);
    free(m->src);
    free(m);
    return PS_CU_SUCCESS;
}
static ps_cu_result f_module_get_function(ps_cu_function *fn, ps_cu_module mod, const char *name) {
    fake_module *m = (fake_module *)mod;
    const ps_var *const *vars;
    if (ps_program_kernel_params(m->prog, name, &vars) < 0) return PS_CU_ERROR_NOT_FOUND;
    fake_function *f = calloc(1, sizeof *f);
    f->mod = m;
    f->next = m->functions;
    m->functions = f;
    snprintf(f->name, sizeof f->name, "%s", name);
    *fn = (ps_cu_function)f;
    return PS_CU_SUCCESS;
}
static ps_cu_result f_module_get_global(ps_cu_deviceptr *p, size_t *bytes, ps_cu_module mod, const char *name) {
    return PS_CU_ERROR_NOT_FOUND;
}
static ps_cu_result f_func_set_attribute(ps_cu_function fn, int attrib, int value) { return PS_CU_SUCCESS; }
static ps_cu_result f_mem_alloc(ps_cu_deviceptr *p, size_t bytes) {
    *p = ps_device_alloc(F.dev, bytes, "buffer");
    return *p ? PS_CU_SUCCESS : 2;
}
static ps_cu_result f_mem_free(ps_cu_deviceptr p) { return PS_CU_SUCCESS; }
static ps_cu_result f_memcpy_htod(ps_cu_deviceptr dst, const void *src, size_t bytes) {
    void *h = ps_device_ptr(F.dev, dst, bytes);
    if (!h) return PS_CU_ERROR_ILLEGAL_ADDRESS;
    memcpy(h, src, bytes);
    return PS_CU_SUCCESS;
}
static ps_cu_result f_memcpy_dtoh(void *dst, ps_cu_deviceptr src, size_t bytes) {
    if (F.sticky) return F.sticky;
    void *h = ps_device_ptr(F.dev, src, bytes);
    if (!h) return PS_CU_ERROR_ILLEGAL_ADDRESS;
    memcpy(dst, h, bytes);
    return PS_CU_SUCCESS;
}
static ps_cu_result f_launch_kernel(ps_cu_function fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                    unsigned by, unsigned bz, unsigned shared_bytes, ps_cu_stream stream,
                                    void **params, void **extra) {
    if (F.sticky) return F.sticky;
    fake_function *f = (fake_function *)fn;
    const ps_var *const *vars;
    int n = ps_program_kernel_params(f->mod->prog, f->name, &vars);
    size_t size = 0;
    for (int i = 0; i < n; i++)
        if ((size_t)vars[i]->offset + (size_t)vars[i]->size > size) size = (size_t)vars[i]->offset + vars[i]->size;
    uint8_t *buf = calloc(size + 1, 1);
    for (int i = 0; i < n; i++) memcpy(buf + vars[i]->offset, params[i], (size_t)vars[i]->size);
    ps_launch_config cfg = {.grid = {gx, gy, gz}, .block = {bx, by, bz}, .shared_bytes = shared_bytes,
                            .params = buf, .params_size = size, .threads = 1, .watchdog = 20000000};
    ps_launch_result res;
    ps_status st = ps_launch(f->mod->prog, F.dev, f->name, &cfg, &res);
    free(buf);
    if (st != PS_OK) F.sticky = PS_CU_ERROR_LAUNCH_FAILED; /* like a faulted kernel: sticky */
    return PS_CU_SUCCESS;
}
static ps_cu_result f_get_error_name(ps_cu_result err, const char **name) {
    *name = err == PS_CU_ERROR_INVALID_PTX ? "CUDA_ERROR_INVALID_PTX"
            : err == PS_CU_ERROR_LAUNCH_FAILED ? "CUDA_ERROR_LAUNCH_FAILED" : "CUDA_ERROR_FAKE";
    return PS_CU_SUCCESS;
}
static ps_cu_result f_get_error_string(ps_cu_result err, const char **text) {
    *text = "fake driver";
    return PS_CU_SUCCESS;
}

void fz_fake_api(ps_cuda_api *api, const char *plant) {
    memset(api, 0, sizeof *api);
    F.from[0] = F.to[0] = 0;
    if (plant && *plant) {
        const char *arrow = strstr(plant, "=>");
        if (arrow) {
            snprintf(F.from, sizeof F.from, "%.*s", (int)(arrow - plant), plant);
            snprintf(F.to, sizeof F.to, "%s", arrow + 2);
        }
    }
    api->init = f_init;
    api->driver_get_version = f_driver_get_version;
    api->device_get_count = f_device_get_count;
    api->device_get = f_device_get;
    api->device_get_name = f_device_get_name;
    api->device_get_attribute = f_device_get_attribute;
    api->ctx_create = f_ctx_create;
    api->ctx_destroy = f_ctx_destroy;
    api->ctx_synchronize = f_ctx_synchronize;
    api->module_load_data_ex = f_module_load_data_ex;
    api->module_unload = f_module_unload;
    api->module_get_function = f_module_get_function;
    api->module_get_global = f_module_get_global;
    api->func_set_attribute = f_func_set_attribute;
    api->mem_alloc = f_mem_alloc;
    api->mem_free = f_mem_free;
    api->memcpy_htod = f_memcpy_htod;
    api->memcpy_dtoh = f_memcpy_dtoh;
    api->launch_kernel = f_launch_kernel;
    api->get_error_name = f_get_error_name;
    api->get_error_string = f_get_error_string;
}
