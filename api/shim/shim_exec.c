/* shim_exec.c — the libcuda shim's modules (PTX only), functions and their attributes, kernel
 * launches (kernelParams or `extra`), streams and events. Every operation finishes before its call
 * returns, so streams and events are in order by construction. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shim.h"

#define CURRENT(fn)                     \
    struct CUctx_st *c = NULL;          \
    CUresult r_ = shim_current(fn, &c); \
    if (r_ != CUDA_SUCCESS) return r_

/* ---- modules ---------------------------------------------------------------------------------- */
static size_t copy_log(char *buf, size_t cap, const ptxsim_diagnostics *d) {
    if (!buf || !cap) return 0;
    size_t n = 0;
    buf[0] = 0;
    static const char *const level[] = {"error", "warning", "note"};
    for (int i = 0; i < ptxsim_diagnostics_count(d) && n + 1 < cap; i++) {
        const ptxsim_diagnostic *g = ptxsim_diagnostics_get(d, i);
        int w =
            snprintf(buf + n, cap - n, "ptxas %s   : %s, line %d; %s\n", level[g->level], g->file, g->line, g->message);
        n = w < 0 ? n : PS_SHIM_MIN(n + (size_t)w, cap - 1);
    }
    return n;
}

/* ---- linking: cuLinkCreate / cuLinkAddData / cuLinkComplete ------------------------------------
 * The PTX units are kept as they are added; cuLinkComplete hands out an image that is no cubin
 * but a tag pointing back at the state, and cuModuleLoadData(Ex) of that image links the units
 * with ptxsim_module_link (docs/api.md, "Linking PTX modules"). The image lives as long as the
 * state, as the driver's cubin does. */
#define LINK_MAGIC "ptxsim link\n"

const struct CUlinkState_st *shim_link_image(const void *image) {
    const struct CUlinkState_st *ls = NULL;
    if (memcmp(image, LINK_MAGIC, sizeof LINK_MAGIC) != 0) return NULL;
    memcpy(&ls, (const char *)image + sizeof LINK_MAGIC, sizeof ls);
    return ls;
}

CUresult cuLinkCreate_v2(unsigned int n, CUjit_option *opts, void **vals, CUlinkState *out) {
    (void)n, (void)opts, (void)vals;
    CURRENT("cuLinkCreate_v2");
    (void)c;
    if (!out) return CUDA_ERROR_INVALID_VALUE;
    *out = calloc(1, sizeof **out);
    return *out ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

static CUresult link_add(const char *fn, CUlinkState s, CUjitInputType type, const char *text, size_t size,
                         const char *name) {
    if (!s || !text) return CUDA_ERROR_INVALID_VALUE;
    if (type != CU_JIT_INPUT_PTX)
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn, "input type %d: ptxsim links PTX only", (int)type);
    size_t len = strnlen(text, size);
    char *copy = malloc(len + 1);
    if (!copy) return CUDA_ERROR_OUT_OF_MEMORY;
    memcpy(copy, text, len);
    copy[len] = 0;
    ptxsim_source *srcs = realloc(s->srcs, sizeof *srcs * (size_t)(s->n + 1));
    if (!srcs) {
        free(copy);
        return CUDA_ERROR_OUT_OF_MEMORY;
    }
    s->srcs = srcs;
    char *nm = strdup(name && *name ? name : "ptx");
    s->srcs[s->n++] = (ptxsim_source){nm, copy, len};
    return CUDA_SUCCESS;
}

CUresult cuLinkAddData_v2(CUlinkState s, CUjitInputType type, void *data, size_t size, const char *name, unsigned int n,
                          CUjit_option *opts, void **vals) {
    (void)n, (void)opts, (void)vals;
    return link_add("cuLinkAddData_v2", s, type, data, size, name);
}

CUresult cuLinkAddFile_v2(CUlinkState s, CUjitInputType type, const char *path, unsigned int n, CUjit_option *opts,
                          void **vals) {
    (void)n, (void)opts, (void)vals;
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f) return shim_fail(CUDA_ERROR_FILE_NOT_FOUND, "cuLinkAddFile_v2", "cannot open %s", path ? path : "(null)");
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = calloc(1, (size_t)(len > 0 ? len : 0) + 1);
    size_t got = buf ? fread(buf, 1, (size_t)(len > 0 ? len : 0), f) : 0;
    fclose(f);
    CUresult r = buf && (long)got == len
        ? link_add("cuLinkAddFile_v2", s, type, buf, got, path)
        : shim_fail(CUDA_ERROR_FILE_NOT_FOUND, "cuLinkAddFile_v2", "cannot read %s", path);
    free(buf);
    return r;
}

CUresult cuLinkComplete(CUlinkState s, void **image, size_t *size) {
    if (!s || !image) return CUDA_ERROR_INVALID_VALUE;
    if (!s->n) return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuLinkComplete", "no PTX was added");
    memcpy(s->image, LINK_MAGIC, sizeof LINK_MAGIC);
    memcpy(s->image + sizeof LINK_MAGIC, &s, sizeof s);
    *image = s->image;
    if (size) *size = sizeof s->image;
    return CUDA_SUCCESS;
}

CUresult cuLinkDestroy(CUlinkState s) {
    if (!s) return CUDA_ERROR_INVALID_HANDLE;
    for (int i = 0; i < s->n; i++) free((char *)s->srcs[i].name), free((char *)s->srcs[i].source);
    free(s->srcs);
    free(s);
    return CUDA_SUCCESS;
}

static CUresult load(const char *fn, CUmodule *module, const void *image, unsigned nopts, CUjit_option *opts,
                     void **vals) {
    CURRENT(fn);
    if (!module || !image) return CUDA_ERROR_INVALID_VALUE;
    const unsigned char *b = image;
    if (b[0] == 0x7f && b[1] == 'E' && b[2] == 'L' && b[3] == 'F')
        return shim_fail(CUDA_ERROR_NO_BINARY_FOR_GPU, fn,
                         "the image is a cubin (ELF); ptxsim runs PTX only: load the PTX text instead");
    uint32_t magic;
    memcpy(&magic, b, 4);
    if (magic == 0xba55ed50u || magic == 0x466243b1u)
        return shim_fail(CUDA_ERROR_NO_BINARY_FOR_GPU, fn,
                         "the image is a fatbinary; ptxsim runs PTX only: load the PTX text instead");
    const char *src = image;
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *d = NULL;
    ptxsim_status st;
    const struct CUlinkState_st *ls = shim_link_image(image);
    char name[32] = "";
    if (ls) /* what cuLinkComplete handed out: the linked program of its PTX units */
        st = ptxsim_module_link(c->sim, ls->srcs, ls->n, &m, &d);
    else { /* a module from memory has no file: module<N>.ptx, N counting this process's loads
            * (reports name it so; the .loc lines name the CUDA source) */
        static atomic_uint loads;
        snprintf(name, sizeof name, "module%u.ptx", atomic_fetch_add(&loads, 1) + 1);
        st = ptxsim_module_load(c->sim, name, src, strlen(src), &m, &d);
    }
    char *errlog = NULL, *infolog = NULL;
    size_t errcap = 0, infocap = 0;
    for (unsigned i = 0; i < nopts && opts && vals; i++) {
        if (opts[i] == CU_JIT_ERROR_LOG_BUFFER) errlog = vals[i];
        if (opts[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) errcap = (size_t)(uintptr_t)vals[i];
        if (opts[i] == CU_JIT_INFO_LOG_BUFFER) infolog = vals[i];
        if (opts[i] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES) infocap = (size_t)(uintptr_t)vals[i];
    }
    size_t nerr = copy_log(errlog, errcap, st == PTXSIM_OK ? NULL : d);
    size_t ninfo = copy_log(infolog, infocap, st == PTXSIM_OK ? d : NULL);
    for (unsigned i = 0; i < nopts && opts && vals; i++) { /* the driver writes back the sizes used */
        if (opts[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) vals[i] = (void *)(uintptr_t)nerr;
        if (opts[i] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES) vals[i] = (void *)(uintptr_t)ninfo;
    }
    if (st != PTXSIM_OK) {
        if (!getenv("PTXSIM_CUDA_QUIET")) ptxsim_diagnostics_print(d, stderr);
        ptxsim_diagnostics_free(d);
        return shim_fail(st == PTXSIM_ERR_PARSE ? CUDA_ERROR_INVALID_PTX : CUDA_ERROR_NOT_SUPPORTED, fn, "%s",
                         ptxsim_context_message(c->sim));
    }
    ptxsim_diagnostics_free(d);
    struct CUmod_st *cm = calloc(1, sizeof *cm);
    cm->ctx = c;
    cm->mod = m;
    if (!ls && shim_html_dir()) { /* the text the HTML pages show beside the counters */
        cm->ptx_len = strlen(src);
        cm->ptx = strdup(src);
        cm->ptx_name = strdup(name);
    }
    cm->nfuncs = ptxsim_module_kernel_count(m);
    cm->funcs = calloc((size_t)cm->nfuncs + 1, sizeof *cm->funcs);
    for (int i = 0; i < cm->nfuncs; i++) {
        struct CUfunc_st *f = &cm->funcs[i];
        f->mod = cm;
        ptxsim_module_kernel(m, ptxsim_module_kernel_name(m, i), &f->k);
        ptxsim_kernel_info ki;
        ptxsim_kernel_get_info(f->k, &ki);
        f->max_dynamic_shared = shim.info.shared_per_block - (int)ki.static_shared_bytes;
        if (f->max_dynamic_shared < 0) f->max_dynamic_shared = 0;
    }
    ptxsim_module_info mi;
    ptxsim_module_get_info(m, &mi);
    const char *t = mi.target;
    cm->target_sm = !strncmp(t, "sm_", 3) ? atoi(t + 3) : 0;
    shim_lock();
    if (c->nmods == c->cap_mods) {
        c->cap_mods = c->cap_mods ? 2 * c->cap_mods : 8;
        c->mods = realloc(c->mods, (size_t)c->cap_mods * sizeof *c->mods);
    }
    c->mods[c->nmods++] = cm;
    shim_unlock();
    *module = cm;
    return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
    return load("cuModuleLoadData", module, image, 0, NULL, NULL);
}
CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int n, CUjit_option *opts, void **vals) {
    return load("cuModuleLoadDataEx", module, image, n, opts, vals);
}
CUresult cuModuleLoadFatBinary(CUmodule *module, const void *image) {
    return load("cuModuleLoadFatBinary", module, image, 0, NULL, NULL);
}

CUresult cuModuleLoad(CUmodule *module, const char *path) {
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f) return shim_fail(CUDA_ERROR_FILE_NOT_FOUND, "cuModuleLoad", "cannot open %s", path ? path : "(null)");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = calloc(1, (size_t)(n > 0 ? n : 0) + 1);
    size_t got = buf ? fread(buf, 1, (size_t)(n > 0 ? n : 0), f) : 0;
    fclose(f);
    if (!buf || (long)got != n) {
        free(buf);
        return shim_fail(CUDA_ERROR_FILE_NOT_FOUND, "cuModuleLoad", "cannot read %s", path);
    }
    CUresult r = load("cuModuleLoad", module, buf, 0, NULL, NULL);
    free(buf);
    return r;
}

static void module_free(struct CUmod_st *m) {
    ptxsim_module_unload(m->mod);
    free(m->ptx);
    free(m->ptx_name);
    free(m->funcs);
    free(m);
}

CUresult cuModuleUnload(CUmodule m) {
    if (!m) return CUDA_ERROR_INVALID_HANDLE;
    shim_lock();
    struct CUctx_st *c = m->ctx;
    for (int i = 0; i < c->nmods; i++)
        if (c->mods[i] == m) c->mods[i] = c->mods[--c->nmods];
    module_free(m);
    shim_unlock();
    return CUDA_SUCCESS;
}

void shim_context_free(struct CUctx_st *c) {
    for (int i = 0; i < c->nmods; i++) module_free(c->mods[i]);
    free(c->mods);
    shim_site_forget(c->sim);
    shim_tex_forget(c);
    ptxsim_context_destroy(c->sim);
    for (int i = 0; i < c->nhost; i++) free(c->host[i]);
    free(c->host);
    for (int i = 0; i < c->nmanaged; i++) free(c->managed[i]);
    free(c->managed);
    free(c);
}

CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule m, const char *name) {
    CURRENT("cuModuleGetFunction");
    if (!hfunc || !m || !name) return CUDA_ERROR_INVALID_VALUE;
    for (int i = 0; i < m->nfuncs; i++)
        if (!strcmp(ptxsim_kernel_name(m->funcs[i].k), name)) {
            *hfunc = &m->funcs[i];
            return CUDA_SUCCESS;
        }
    return shim_fail(CUDA_ERROR_NOT_FOUND, "cuModuleGetFunction", "no kernel '%s' in the module", name);
}

CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, CUmodule m, const char *name) {
    CURRENT("cuModuleGetGlobal");
    if (!m || !name) return CUDA_ERROR_INVALID_VALUE;
    uint64_t a, n;
    if (ptxsim_module_global(m->mod, name, &a, &n) != PTXSIM_OK)
        return shim_fail(CUDA_ERROR_NOT_FOUND, "cuModuleGetGlobal", "%s", ptxsim_context_message(c->sim));
    if (dptr) *dptr = a;
    if (bytes) *bytes = n;
    return CUDA_SUCCESS;
}
CUresult cuModuleGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUmodule m, const char *name) {
    return cuModuleGetGlobal_v2(dptr, bytes, m, name);
}

/* ---- function attributes ---------------------------------------------------------------------- */
CUresult cuFuncGetAttribute(int *pi, CUfunction_attribute attrib, CUfunction f) {
    if (!pi || !f) return CUDA_ERROR_INVALID_VALUE;
    ptxsim_kernel_info ki;
    ptxsim_kernel_get_info(f->k, &ki);
    switch (attrib) {
    case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: {
        int n = shim.info.max_threads_per_block;
        const int *t = ki.reqntid[0] ? ki.reqntid : ki.maxntid;
        if (t[0]) n = t[0] * (t[1] ? t[1] : 1) * (t[2] ? t[2] : 1);
        *pi = n;
        return CUDA_SUCCESS;
    }
    case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *pi = (int)ki.static_shared_bytes; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_PTX_VERSION: *pi = f->mod->target_sm; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_BINARY_VERSION: *pi = shim.info.sm; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *pi = f->max_dynamic_shared; return CUDA_SUCCESS;
    default:
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, "cuFuncGetAttribute",
                         "attribute %d (registers, local or constant bytes, …) depends on a real compiler",
                         (int)attrib);
    }
}

CUresult cuFuncSetAttribute(CUfunction f, CUfunction_attribute attrib, int value) {
    if (!f) return CUDA_ERROR_INVALID_HANDLE;
    if (attrib == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
        ptxsim_kernel_info ki;
        ptxsim_kernel_get_info(f->k, &ki);
        if (value < 0 || (uint64_t)value + ki.static_shared_bytes > (uint64_t)shim.info.shared_per_block_optin)
            return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuFuncSetAttribute",
                             "%d bytes of dynamic shared memory exceed the %s opt-in limit", value, shim.arch);
        f->max_dynamic_shared = value;
        return CUDA_SUCCESS;
    }
    if (attrib == CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT) return CUDA_SUCCESS; /* a hint */
    return shim_fail(CUDA_ERROR_NOT_SUPPORTED, "cuFuncSetAttribute", "attribute %d is not simulated", (int)attrib);
}

CUresult cuFuncSetCacheConfig(CUfunction f, int config) { return f ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE; }

/* ---- launches --------------------------------------------------------------------------------- */
static CUresult fault_result(const ptxsim_fault *f) {
    const char *k = f ? f->fault_kind : "";
    /* a failed assert traps with the device's message (docs/engine.md, "Device runtime") */
    if (!strcmp(k, "trap") && strstr(f->message, "Assertion `")) return CUDA_ERROR_ASSERT;
    if (!strcmp(k, "out-of-bounds")) return CUDA_ERROR_ILLEGAL_ADDRESS;
    if (!strcmp(k, "misaligned")) return CUDA_ERROR_MISALIGNED_ADDRESS;
    if (!strcmp(k, "watchdog") || !strcmp(k, "deadlock")) return CUDA_ERROR_LAUNCH_TIMEOUT;
    if (!strcmp(k, "stack-overflow")) return CUDA_ERROR_HARDWARE_STACK_ERROR;
    if (!strcmp(k, "invalid-warp-sync")) return CUDA_ERROR_ILLEGAL_INSTRUCTION;
    return CUDA_ERROR_LAUNCH_FAILED; /* trap and the rest */
}

/* The launch behind cuLaunchKernel and cuLaunchKernelEx: cluster (all 0: none given) as
 * CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION. */
CUresult shim_launch(const char *fn, CUfunction f, const unsigned grid[3], const unsigned block[3], unsigned shared,
                     void **params, void **extra, const unsigned cluster[3], bool cooperative) {
    CURRENT(fn);
    if (!f) return CUDA_ERROR_INVALID_HANDLE;
    unsigned gx = grid[0], gy = grid[1], gz = grid[2], bx = block[0], by = block[1], bz = block[2];
    if (!gx || !gy || !gz || !bx || !by || !bz || gy > 65535 || gz > 65535 || bx > 1024 || by > 1024 || bz > 64 ||
        (uint64_t)bx * by * bz > (uint64_t)shim.info.max_threads_per_block)
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "grid %ux%ux%u of blocks %ux%ux%u is invalid", gx, gy, gz, bx,
                         by, bz);
    if ((int64_t)shared > f->max_dynamic_shared)
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn,
                         "%u bytes of dynamic shared memory exceed the function's limit of %d "
                         "(raise it with cuFuncSetAttribute)",
                         shared, f->max_dynamic_shared);
    ptxsim_launch_config cfg = {.grid = {gx, gy, gz},
                                .block = {bx, by, bz},
                                .shared_bytes = shared,
                                .cooperative = cooperative};
    if (cluster) memcpy(cfg.cluster, cluster, sizeof cfg.cluster);
    if (params) cfg.args = params;
    else if (extra) {
        size_t size = 0;
        for (int i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
            if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER) cfg.param_buffer = extra[i + 1];
            else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE) size = *(const size_t *)extra[i + 1];
            else return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "unknown key %p in extra", extra[i]);
        }
        if (!cfg.param_buffer)
            return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "extra has no CU_LAUNCH_PARAM_BUFFER_POINTER");
        cfg.param_buffer_size = size;
    } else if (ptxsim_kernel_param_count(f->k))
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "the kernel takes parameters, none were given");
    ptxsim_report *rep = NULL;
    ptxsim_status st = shim_launch_recorded(c->sim, f->mod, f->k, &cfg, &rep); /* recorded for the report */
    if (rep) shim_clock_kernel(c, ptxsim_report_stats(rep)->warp_instructions);
    size_t out_len = 0; /* device printf: a GPU prints it at the next synchronisation; here now */
    const char *out = rep ? ptxsim_report_output(rep, &out_len) : "";
    if (out_len) {
        fwrite(out, 1, out_len, stdout);
        fflush(stdout);
    }
    out = rep ? ptxsim_report_error_output(rep, &out_len) : ""; /* failed asserts: stderr */
    if (out_len) {
        fwrite(out, 1, out_len, stderr);
        fflush(stderr);
    }
    CUresult r = CUDA_SUCCESS;
    if (st == PTXSIM_ERR_FAULT || st == PTXSIM_ERR_WATCHDOG) {
        /* asynchronous on a GPU: the launch succeeds and the context fails from then on */
        c->sticky = fault_result(ptxsim_report_fault(rep));
        shim_fail(c->sticky, fn, "%s", ptxsim_context_message(c->sim));
    } else if (st == PTXSIM_ERR_UNSUPPORTED) {
        r = shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn, "%s", ptxsim_context_message(c->sim));
    } else if (st != PTXSIM_OK) {
        r = shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "%s", ptxsim_context_message(c->sim));
    }
    ptxsim_report_free(rep);
    return r;
}

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shared, CUstream stream, void **params, void **extra) {
    const unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
    return shim_launch("cuLaunchKernel", f, grid, block, shared, params, extra, NULL, false);
}

/* ---- streams and events ----------------------------------------------------------------------- */
CUresult cuStreamCreate(CUstream *s, unsigned int flags) {
    CURRENT("cuStreamCreate");
    if (!s) return CUDA_ERROR_INVALID_VALUE;
    *s = calloc(1, sizeof **s);
    if (!*s) return CUDA_ERROR_OUT_OF_MEMORY;
    (*s)->ctx = c;
    (*s)->flags = flags & CU_STREAM_NON_BLOCKING;
    return CUDA_SUCCESS;
}

/* The legacy (0, 0x1) and per-thread (0x2) default streams are blocking. */
CUresult cuStreamGetFlags(CUstream s, unsigned int *flags) {
    if (!flags) return CUDA_ERROR_INVALID_VALUE;
    *flags = (uintptr_t)s <= 2 ? 0 : s->flags;
    return CUDA_SUCCESS;
}
CUresult cuStreamCreateWithPriority(CUstream *s, unsigned int flags, int priority) { return cuStreamCreate(s, flags); }
CUresult cuStreamDestroy_v2(CUstream s) {
    free(s);
    return CUDA_SUCCESS;
}
CUresult cuStreamDestroy(CUstream s) { return cuStreamDestroy_v2(s); }
CUresult cuStreamSynchronize(CUstream s) {
    CURRENT("cuStreamSynchronize");
    return CUDA_SUCCESS;
}
CUresult cuStreamQuery(CUstream s) {
    CURRENT("cuStreamQuery");
    return CUDA_SUCCESS;
}
CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned int flags) {
    CURRENT("cuStreamWaitEvent");
    return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *e, unsigned int flags) {
    CURRENT("cuEventCreate");
    if (!e) return CUDA_ERROR_INVALID_VALUE;
    *e = calloc(1, sizeof **e);
    if (!*e) return CUDA_ERROR_OUT_OF_MEMORY;
    (*e)->no_timing = flags & CU_EVENT_DISABLE_TIMING;
    return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(CUevent e) {
    free(e);
    return CUDA_SUCCESS;
}
CUresult cuEventDestroy(CUevent e) { return cuEventDestroy_v2(e); }
CUresult cuEventRecord(CUevent e, CUstream s) {
    CURRENT("cuEventRecord");
    if (!e) return CUDA_ERROR_INVALID_HANDLE;
    shim_lock();
    e->recorded = true;
    e->ms = c->clock_ms;
    shim_unlock();
    return CUDA_SUCCESS;
}
CUresult cuEventRecordWithFlags(CUevent e, CUstream s, unsigned int flags) { return cuEventRecord(e, s); }
CUresult cuEventSynchronize(CUevent e) {
    CURRENT("cuEventSynchronize");
    return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}
CUresult cuEventQuery(CUevent e) {
    CURRENT("cuEventQuery");
    return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}
CUresult cuEventElapsedTime_v2(float *ms, CUevent a, CUevent b) {
    if (!ms || !a || !b) return CUDA_ERROR_INVALID_VALUE;
    if (!a->recorded || !b->recorded)
        return shim_fail(CUDA_ERROR_INVALID_HANDLE, "cuEventElapsedTime", "an event has not been recorded");
    if (a->no_timing || b->no_timing) /* as the driver answers */
        return shim_fail(CUDA_ERROR_INVALID_HANDLE, "cuEventElapsedTime",
                         "an event was created with CU_EVENT_DISABLE_TIMING");
    *ms = (float)(b->ms - a->ms);
    return CUDA_SUCCESS;
}
CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b) { return cuEventElapsedTime_v2(ms, a, b); }
