/* shim_core.c — the libcuda shim's initialisation, errors, device queries and contexts. The
 * simulated device is one GPU of architecture $PTXSIM_ARCH (default sm_90). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shim.h"

shim_state shim = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The calling thread's context stack (cuCtxPush/Pop); the top is current. */
static __thread struct CUctx_st *ctx_stack[32];
static __thread int ctx_depth;

void shim_lock(void) { pthread_mutex_lock(&shim.lock); }
void shim_unlock(void) { pthread_mutex_unlock(&shim.lock); }

CUresult shim_fail(CUresult r, const char *fn, const char *fmt, ...) {
    if (getenv("PTXSIM_CUDA_QUIET")) return r;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char *named = shim_name_sites(msg); /* allocations named by call site */
    fprintf(stderr, "ptxsim libcuda: %s: %s\n", fn, named ? named : msg);
    free(named);
    return r;
}

/* ---- errors: names and strings as the CUDA 13 driver gives them (recorded on an H200) --------- */
// clang-format off
#define SHIM_ERRORS(X)                                                                       \
    X(CUDA_SUCCESS, "no error")                                                              \
    X(CUDA_ERROR_INVALID_VALUE, "invalid argument")                                          \
    X(CUDA_ERROR_OUT_OF_MEMORY, "out of memory")                                             \
    X(CUDA_ERROR_NOT_INITIALIZED, "initialization error")                                    \
    X(CUDA_ERROR_DEINITIALIZED, "driver shutting down")                                      \
    X(CUDA_ERROR_NO_DEVICE, "no CUDA-capable device is detected")                            \
    X(CUDA_ERROR_INVALID_DEVICE, "invalid device ordinal")                                   \
    X(CUDA_ERROR_INVALID_IMAGE, "device kernel image is invalid")                            \
    X(CUDA_ERROR_INVALID_CONTEXT, "invalid device context")                                  \
    X(CUDA_ERROR_NO_BINARY_FOR_GPU, "no kernel image is available for execution on the device") \
    X(CUDA_ERROR_INVALID_PTX, "a PTX JIT compilation failed")                                \
    X(CUDA_ERROR_UNSUPPORTED_PTX_VERSION, "the provided PTX was compiled with an unsupported toolchain.") \
    X(CUDA_ERROR_INVALID_SOURCE, "device kernel image is invalid")                           \
    X(CUDA_ERROR_FILE_NOT_FOUND, "file not found")                                           \
    X(CUDA_ERROR_INVALID_HANDLE, "invalid resource handle")                                  \
    X(CUDA_ERROR_NOT_FOUND, "named symbol not found")                                        \
    X(CUDA_ERROR_NOT_READY, "device not ready")                                              \
    X(CUDA_ERROR_ILLEGAL_ADDRESS, "an illegal memory access was encountered")                \
    X(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "too many resources requested for launch")         \
    X(CUDA_ERROR_LAUNCH_TIMEOUT, "the launch timed out and was terminated")                  \
    X(CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE, "primary context active")                           \
    X(CUDA_ERROR_CONTEXT_IS_DESTROYED, "context is destroyed")                               \
    X(CUDA_ERROR_ASSERT, "device-side assert triggered")                                     \
    X(CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, "part or all of the requested memory range is already mapped") \
    X(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, "pointer does not correspond to a registered memory region") \
    X(CUDA_ERROR_HARDWARE_STACK_ERROR, "hardware stack error")                               \
    X(CUDA_ERROR_ILLEGAL_INSTRUCTION, "an illegal instruction was encountered")              \
    X(CUDA_ERROR_MISALIGNED_ADDRESS, "misaligned address")                                   \
    X(CUDA_ERROR_LAUNCH_FAILED, "unspecified launch failure")                                \
    X(CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, "too many blocks in cooperative launch")      \
    X(CUDA_ERROR_NOT_PERMITTED, "operation not permitted")                                   \
    X(CUDA_ERROR_NOT_SUPPORTED, "operation not supported")                                   \
    X(CUDA_ERROR_UNKNOWN, "unknown error")
// clang-format on

CUresult cuGetErrorName(CUresult error, const char **str) {
    switch (error) {
#define X(id, text) \
    case id: *str = #id; return CUDA_SUCCESS;
        SHIM_ERRORS(X)
#undef X
    }
    return CUDA_ERROR_INVALID_VALUE; /* *str untouched, as the driver does */
}

CUresult cuGetErrorString(CUresult error, const char **str) {
    switch (error) {
#define X(id, text) \
    case id: *str = text; return CUDA_SUCCESS;
        SHIM_ERRORS(X)
#undef X
    }
    return CUDA_ERROR_INVALID_VALUE;
}

/* ---- initialisation and the device ------------------------------------------------------------ */
CUresult cuInit(unsigned int flags) {
    if (flags) return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuInit", "flags must be 0");
    shim_lock();
    CUresult r = CUDA_SUCCESS;
    if (!shim.initialized) {
        const char *a = getenv("PTXSIM_ARCH");
        snprintf(shim.arch, sizeof shim.arch, "%s", a && *a ? a : "sm_90");
        if (!ptxsim_arch_query(shim.arch, &shim.info))
            r = shim_fail(CUDA_ERROR_NO_DEVICE, "cuInit", "PTXSIM_ARCH=%s is not an architecture ptxsim knows",
                          shim.arch);
        else shim.initialized = true;
    }
    shim_unlock();
    if (r == CUDA_SUCCESS) shim_hook_exit();
    return r;
}

CUresult cuDriverGetVersion(int *version) {
    if (!version) return CUDA_ERROR_INVALID_VALUE;
    *version = CUDA_VERSION;
    return CUDA_SUCCESS;
}

static CUresult check_device(const char *fn, CUdevice dev) {
    if (!shim.initialized) return shim_fail(CUDA_ERROR_NOT_INITIALIZED, fn, "cuInit has not been called");
    if (dev != 0) return shim_fail(CUDA_ERROR_INVALID_DEVICE, fn, "the simulator has one device (0)");
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
    if (!shim.initialized) return CUDA_ERROR_NOT_INITIALIZED;
    if (!count) return CUDA_ERROR_INVALID_VALUE;
    *count = 1;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
    CUresult r = check_device("cuDeviceGet", ordinal);
    if (r != CUDA_SUCCESS) return r;
    if (!device) return CUDA_ERROR_INVALID_VALUE;
    *device = 0;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
    CUresult r = check_device("cuDeviceGetName", dev);
    if (r != CUDA_SUCCESS) return r;
    if (!name || len <= 0) return CUDA_ERROR_INVALID_VALUE;
    snprintf(name, (size_t)len, "ptxsim %s (simulated)", shim.arch);
    return CUDA_SUCCESS;
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev) {
    CUresult r = check_device("cuDeviceComputeCapability", dev);
    if (r != CUDA_SUCCESS) return r;
    *major = shim.info.sm / 10, *minor = shim.info.sm % 10;
    return CUDA_SUCCESS;
}

/* What cuDeviceTotalMem and cuMemGetInfo report: the device memory a context may take (its
 * max_memory, docs/limits.md), so that a program sizing its buffers by it gets them. */
#define SHIM_TOTAL_MEMORY PTXSIM_DEFAULT_MAX_MEMORY

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev) {
    CUresult r = check_device("cuDeviceTotalMem", dev);
    if (r != CUDA_SUCCESS) return r;
    *bytes = SHIM_TOTAL_MEMORY;
    return CUDA_SUCCESS;
}

CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total_bytes) {
    struct CUctx_st *c = NULL;
    CUresult r = shim_current("cuMemGetInfo", &c);
    if (r != CUDA_SUCCESS) return r;
    if (free_bytes) *free_bytes = SHIM_TOTAL_MEMORY;
    if (total_bytes) *total_bytes = SHIM_TOTAL_MEMORY;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev) {
    CUresult r = check_device("cuDeviceGetAttribute", dev);
    if (r != CUDA_SUCCESS) return r;
    if (!pi) return CUDA_ERROR_INVALID_VALUE;
    if (!shim_attribute((int)attrib, pi))
        return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuDeviceGetAttribute", "attribute %d is not one the driver knows",
                         (int)attrib);
    return CUDA_SUCCESS;
}

/* ---- contexts --------------------------------------------------------------------------------- */
CUresult shim_current(const char *fn, struct CUctx_st **out) {
    if (!shim.initialized) return shim_fail(CUDA_ERROR_NOT_INITIALIZED, fn, "cuInit has not been called");
    struct CUctx_st *c = ctx_depth ? ctx_stack[ctx_depth - 1] : NULL;
    if (!c) return shim_fail(CUDA_ERROR_INVALID_CONTEXT, fn, "no current context");
    if (c->sticky) return c->sticky;
    *out = c;
    return CUDA_SUCCESS;
}

void shim_context_options(ptxsim_options *o) {
    *o = (ptxsim_options){.checks = PTXSIM_CHECK_RACE | PTXSIM_CHECK_BARRIER | PTXSIM_CHECK_MEMORY | PTXSIM_CHECK_INIT};
    const char *s = getenv("PTXSIM_CHECKS");
    if (s && *s) {
        static const char *const names[] = {"bank", "coalesce", "divergence", "race", "barrier", "memory", "init"};
        o->checks = !strcmp(s, "all") || !strncmp(s, "all,", 4) ? PTXSIM_CHECK_ALL : 0; /* "all,profile" too */
        for (int i = 0; i < 7; i++)
            if (strstr(s, names[i])) o->checks |= 1u << i;
        if (strstr(s, "profile")) o->checks |= PTXSIM_CHECK_PROFILE;           /* per-line executions (exec --html) */
        if (strstr(s, "ptx-counters")) o->checks |= PTXSIM_CHECK_PTX_COUNTERS; /* exec --counters ptx */
    }
    if ((s = getenv("PTXSIM_THREADS"))) o->threads = atoi(s);
    if ((s = getenv("PTXSIM_WATCHDOG"))) o->watchdog = strtoull(s, NULL, 10);
    if ((s = getenv("PTXSIM_SCHEDULE_SEED"))) o->schedule_seed = strtoull(s, NULL, 10);
    if ((s = getenv("PTXSIM_TIMEOUT"))) { /* seconds, as --timeout: 0 for none */
        double t = strtod(s, NULL);
        o->timeout = t > 0 ? t : -1;
    }
}

static struct CUctx_st *new_context(bool primary, unsigned flags) {
    struct CUctx_st *c = calloc(1, sizeof *c);
    if (!c || ptxsim_context_create(shim.arch, &c->sim, NULL) != PTXSIM_OK) {
        free(c);
        return NULL;
    }
    ptxsim_options o;
    shim_context_options(&o);
    ptxsim_context_set_options(c->sim, &o);
    c->primary = primary;
    c->flags = flags;
    return c;
}

static void set_current(struct CUctx_st *c) {
    if (!ctx_depth) ctx_depth = 1;
    ctx_stack[ctx_depth - 1] = c;
}

static CUresult ctx_create(const char *fn, CUcontext *pctx, unsigned flags, CUdevice dev) {
    CUresult r = check_device(fn, dev);
    if (r != CUDA_SUCCESS) return r;
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    if (ctx_depth == (int)(sizeof ctx_stack / sizeof *ctx_stack))
        return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, fn, "context stack full");
    struct CUctx_st *c = new_context(false, flags);
    if (!c) return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, fn, "cannot create a context");
    ctx_stack[ctx_depth++] = c; /* a new context is pushed on the calling thread's stack */
    *pctx = c;
    return CUDA_SUCCESS;
}

CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev) {
    return ctx_create("cuCtxCreate", pctx, flags, dev);
}
CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev) {
    return ctx_create("cuCtxCreate", pctx, flags, dev);
}
CUresult cuCtxCreate_v3(CUcontext *pctx, void *affinity, int naffinity, unsigned int flags, CUdevice dev) {
    if (affinity && naffinity)
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, "cuCtxCreate_v3", "execution affinity is not simulated");
    return ctx_create("cuCtxCreate", pctx, flags, dev);
}
CUresult cuCtxCreate_v4(CUcontext *pctx, CUctxCreateParams *params, unsigned int flags, CUdevice dev) {
    if (params && (params->execAffinityParams || params->numExecAffinityParams || params->cigParams))
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, "cuCtxCreate",
                         "execution affinity and CIG parameters are not simulated");
    return ctx_create("cuCtxCreate", pctx, flags, dev);
}

static void forget_current(struct CUctx_st *c) {
    for (int i = 0; i < ctx_depth; i++)
        if (ctx_stack[i] == c) ctx_stack[i] = NULL;
    while (ctx_depth && !ctx_stack[ctx_depth - 1]) ctx_depth--;
}

CUresult cuCtxDestroy_v2(CUcontext ctx) {
    if (!ctx || ctx->primary)
        return shim_fail(CUDA_ERROR_INVALID_CONTEXT, "cuCtxDestroy", "not a context of cuCtxCreate");
    shim_lock();
    forget_current(ctx);
    shim_context_free(ctx);
    shim_unlock();
    return CUDA_SUCCESS;
}
CUresult cuCtxDestroy(CUcontext ctx) { return cuCtxDestroy_v2(ctx); }

CUresult cuCtxSetCurrent(CUcontext ctx) {
    if (!shim.initialized) return CUDA_ERROR_NOT_INITIALIZED;
    if (!ctx) {
        if (ctx_depth) ctx_depth--;
        return CUDA_SUCCESS;
    }
    set_current(ctx);
    return CUDA_SUCCESS;
}

CUresult cuCtxGetCurrent(CUcontext *pctx) {
    if (!shim.initialized) return CUDA_ERROR_NOT_INITIALIZED;
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    *pctx = ctx_depth ? ctx_stack[ctx_depth - 1] : NULL;
    return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent_v2(CUcontext ctx) {
    if (!shim.initialized) return CUDA_ERROR_NOT_INITIALIZED;
    if (!ctx) return CUDA_ERROR_INVALID_CONTEXT;
    if (ctx_depth == (int)(sizeof ctx_stack / sizeof *ctx_stack))
        return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, "cuCtxPushCurrent", "context stack full");
    ctx_stack[ctx_depth++] = ctx;
    return CUDA_SUCCESS;
}
CUresult cuCtxPushCurrent(CUcontext ctx) { return cuCtxPushCurrent_v2(ctx); }

CUresult cuCtxPopCurrent_v2(CUcontext *pctx) {
    if (!shim.initialized) return CUDA_ERROR_NOT_INITIALIZED;
    if (!ctx_depth) return CUDA_ERROR_INVALID_CONTEXT;
    struct CUctx_st *c = ctx_stack[--ctx_depth];
    if (pctx) *pctx = c;
    return CUDA_SUCCESS;
}
CUresult cuCtxPopCurrent(CUcontext *pctx) { return cuCtxPopCurrent_v2(pctx); }

CUresult cuCtxGetDevice(CUdevice *device) {
    struct CUctx_st *c = NULL;
    CUresult r = shim_current("cuCtxGetDevice", &c);
    if (r != CUDA_SUCCESS) return r;
    *device = 0;
    return CUDA_SUCCESS;
}

CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int *version) {
    if (!version) return CUDA_ERROR_INVALID_VALUE;
    *version = 3020; /* the context API version every current driver reports */
    return CUDA_SUCCESS;
}

CUresult cuCtxGetFlags(unsigned int *flags) {
    struct CUctx_st *c = NULL;
    CUresult r = shim_current("cuCtxGetFlags", &c);
    if (r != CUDA_SUCCESS) return r;
    *flags = c->flags;
    return CUDA_SUCCESS;
}

/* Work is done by the time each call returns, so synchronising only reports a sticky fault. */
CUresult cuCtxSynchronize(void) {
    struct CUctx_st *c = NULL;
    return shim_current("cuCtxSynchronize", &c);
}

/* Cache configuration is a hint without meaning in the simulator. */
CUresult cuCtxSetCacheConfig(int config) { return CUDA_SUCCESS; }
CUresult cuCtxGetCacheConfig(int *config) {
    if (config) *config = 0;
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
    CUresult r = check_device("cuDevicePrimaryCtxRetain", dev);
    if (r != CUDA_SUCCESS) return r;
    shim_lock();
    if (!shim.primary && !(shim.primary = new_context(true, shim.primary_flags))) {
        shim_unlock();
        return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, "cuDevicePrimaryCtxRetain", "cannot create a context");
    }
    shim.primary->refs++;
    *pctx = shim.primary;
    shim_unlock();
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev) {
    CUresult r = check_device("cuDevicePrimaryCtxRelease", dev);
    if (r != CUDA_SUCCESS) return r;
    shim_lock();
    if (!shim.primary || shim.primary->refs <= 0) {
        shim_unlock();
        return CUDA_ERROR_INVALID_CONTEXT;
    }
    /* Kept when the count reaches 0: its findings still count, and the driver keeps it too
     * until reset. */
    shim.primary->refs--;
    shim_unlock();
    return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease(CUdevice dev) { return cuDevicePrimaryCtxRelease_v2(dev); }

CUresult cuDevicePrimaryCtxReset_v2(CUdevice dev) {
    CUresult r = check_device("cuDevicePrimaryCtxReset", dev);
    if (r != CUDA_SUCCESS) return r;
    shim_lock();
    if (shim.primary) {
        forget_current(shim.primary);
        shim_context_free(shim.primary);
        shim.primary = NULL;
    }
    shim_unlock();
    return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxReset(CUdevice dev) { return cuDevicePrimaryCtxReset_v2(dev); }

CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active) {
    CUresult r = check_device("cuDevicePrimaryCtxGetState", dev);
    if (r != CUDA_SUCCESS) return r;
    if (flags) *flags = shim.primary_flags;
    if (active) *active = shim.primary && shim.primary->refs > 0;
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxSetFlags_v2(CUdevice dev, unsigned int flags) {
    CUresult r = check_device("cuDevicePrimaryCtxSetFlags", dev);
    if (r != CUDA_SUCCESS) return r;
    shim.primary_flags = flags;
    return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags) {
    return cuDevicePrimaryCtxSetFlags_v2(dev, flags);
}
