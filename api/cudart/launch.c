/* launch.c — kernel launches (<<<>>> through __cudaPushCallConfiguration and CUDA 13's
 * __cudaLaunchKernel, cudaLaunchKernel, cudaLaunchKernelExC with clusters), function attributes,
 * occupancy, streams, events and host functions. Launches run to completion in the call; a fault
 * is reported as on a GPU: the launch succeeds and the next synchronising call returns the sticky
 * error (docs/cudart.md). */
#include <stdlib.h>
#include <string.h>

#include "cudart_internal.h"

/* ---- <<<grid, block, shared, stream>>> -------------------------------------------------------- */
typedef struct {
    dim3 grid, block;
    size_t shared;
    void *stream;
} call_config;
static __thread call_config config_stack[16];
static __thread int config_depth;

PS_CUDART_API unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared, void *stream) {
    if (config_depth == 16) return 1; /* the launch is then skipped, as the generated code does */
    config_stack[config_depth++] = (call_config){grid, block, shared, stream};
    return 0;
}

PS_CUDART_API cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, void *stream) {
    if (!config_depth) return ps_rt_result(cudaErrorMissingConfiguration);
    call_config *c = &config_stack[--config_depth];
    *grid = c->grid, *block = c->block, *shared = c->shared;
    memcpy(stream, &c->stream, sizeof c->stream);
    return cudaSuccess;
}

/* ---- launches --------------------------------------------------------------------------------- */
static cudaError_t launch(struct ps_cudart_func *f, dim3 grid, dim3 block, void **args, size_t shared,
                          const unsigned cluster[3], bool cooperative, cudaStream_t stream);

cudaError_t ps_rt_launch(struct ps_cudart_func *f, dim3 grid, dim3 block, void **args, size_t shared,
                         const unsigned cluster[3], cudaStream_t stream) {
    return launch(f, grid, block, args, shared, cluster, false, stream);
}

static cudaError_t launch(struct ps_cudart_func *f, dim3 grid, dim3 block, void **args, size_t shared,
                          const unsigned cluster[3], bool cooperative, cudaStream_t stream) {
    cudaError_t r = ps_rt_enter();
    if (r != cudaSuccess) return ps_rt_result(r);
    if (!f || !ps_rt_prepare(f, &r)) return ps_rt_result(f ? r : cudaErrorInvalidDeviceFunction);
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z || shared > 0xffffffffu)
        return ps_rt_result(cudaErrorInvalidConfiguration);
    /* more dynamic shared memory than the function allows (48 KiB unless raised with
     * cudaFuncSetAttribute): cudaErrorInvalidValue, as CUDA 13's runtime on an H200 says
     * (tests/cudart/progs/dynsmem), where other bad shapes are cudaErrorInvalidConfiguration */
    int max_dynamic = 0;
    if (cuFuncGetAttribute(&max_dynamic, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f->f) == CUDA_SUCCESS &&
        shared > (size_t)max_dynamic)
        return ps_rt_result(cudaErrorInvalidValue);
    ps_rt_capture *c = ps_rt_capturing(stream);
    if (c && cooperative) return ps_rt_unsupported("cudaLaunchCooperativeKernel during stream capture", NULL);
    if (c) return ps_rt_record_kernel(c, f, grid, block, shared, cluster, args);
    if (!stream || stream == cudaStreamLegacy) {
        cudaError_t g = ps_rt_capture_legacy();
        if (g != cudaSuccess) return g;
    }
    ps_rt_managed_push();
    const unsigned g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
    CUlaunchAttribute attr[2];
    unsigned nattr = 0;
    if (cluster) {
        attr[nattr] = (CUlaunchAttribute){.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION};
        attr[nattr].value.clusterDim.x = cluster[0], attr[nattr].value.clusterDim.y = cluster[1];
        attr[nattr++].value.clusterDim.z = cluster[2];
    }
    if (cooperative) {
        attr[nattr] = (CUlaunchAttribute){.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE};
        attr[nattr++].value.cooperative = 1;
    }
    CUlaunchConfig lc = {g[0], g[1], g[2], b[0], b[1], b[2], (unsigned)shared, NULL, attr, nattr};
    CUresult cr = cuLaunchKernelEx(&lc, f->f, args, NULL);
    ps_rt_managed_pull();
    /* a bad configuration is the launch's error; a fault shows at the next synchronisation */
    if (cr == CUDA_ERROR_INVALID_VALUE) return ps_rt_result(cudaErrorInvalidConfiguration);
    if (cr == CUDA_ERROR_NOT_SUPPORTED) return ps_rt_result(cudaErrorNotSupported);
    return ps_rt_cu(cr);
}

PS_CUDART_API cudaError_t __cudaLaunchKernel(cudaKernel_t k, dim3 grid, dim3 block, void **args, size_t shared,
                                             cudaStream_t s) {
    return ps_rt_launch(k, grid, block, args, shared, NULL, s);
}
PS_CUDART_API cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t k, dim3 grid, dim3 block, void **args, size_t shared,
                                                  cudaStream_t s) {
    return ps_rt_launch(k, grid, block, args, shared, NULL, s);
}

static struct ps_cudart_func *by_stub(const void *fn, cudaError_t *err) {
    cudaError_t r = ps_rt_enter();
    if (r != cudaSuccess) {
        *err = r;
        return NULL;
    }
    return ps_rt_func(fn, err);
}

PS_CUDART_API cudaError_t cudaLaunchKernel(const void *fn, dim3 grid, dim3 block, void **args, size_t shared,
                                           cudaStream_t s) {
    cudaError_t r;
    struct ps_cudart_func *f = by_stub(fn, &r);
    if (!f) return ps_rt_result(r);
    return ps_rt_launch(f, grid, block, args, shared, NULL, s);
}
PS_CUDART_API cudaError_t cudaLaunchKernel_ptsz(const void *fn, dim3 grid, dim3 block, void **args, size_t shared,
                                                cudaStream_t s) {
    return cudaLaunchKernel(fn, grid, block, args, shared, s);
}

PS_CUDART_API cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *cfg, const void *fn, void **args) {
    if (!cfg) return ps_rt_result(cudaErrorInvalidValue);
    unsigned cluster[3] = {0, 0, 0};
    bool cooperative = false;
    for (unsigned i = 0; i < cfg->numAttrs; i++) {
        const cudaLaunchAttribute *a = &cfg->attrs[i];
        if (a->id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
            cluster[0] = a->value.clusterDim.x, cluster[1] = a->value.clusterDim.y, cluster[2] = a->value.clusterDim.z;
        else if (a->id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE) cooperative = a->value.cooperative != 0;
        else if (a->id > CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN || a->id == CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT)
            return ps_rt_unsupported("cudaLaunchKernelEx with this launch attribute", NULL);
        /* the rest are hints that in-order, one-at-a-time launches satisfy */
    }
    cudaError_t r;
    struct ps_cudart_func *f = by_stub(fn, &r);
    if (!f) {
        /* a cudaKernel_t (cudaGetKernel) works too */
        pthread_mutex_lock(&ps_rt.lock);
        for (size_t i = 0; i < ps_rt.cap_funcs && !f; i++)
            if ((const void *)ps_rt.funcs[i] == fn) f = ps_rt.funcs[i];
        pthread_mutex_unlock(&ps_rt.lock);
        if (!f) return ps_rt_result(r);
    }
    return launch(f, cfg->gridDim, cfg->blockDim, args, cfg->dynamicSmemBytes, cluster, cooperative, cfg->stream);
}
PS_CUDART_API cudaError_t cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *cfg, const void *fn, void **args) {
    return cudaLaunchKernelExC(cfg, fn, args);
}

/* Grid-wide synchronisation: every CTA resident at once and the driver's grid workspace in
 * %envreg1/2, which the engine provides for a cooperative launch (docs/engine.md); a grid larger
 * than fits on the device is cudaErrorCooperativeLaunchTooLarge, from the driver. */
PS_CUDART_API cudaError_t cudaLaunchCooperativeKernel(const void *fn, dim3 grid, dim3 block, void **args, size_t shared,
                                                      cudaStream_t s) {
    cudaError_t r;
    struct ps_cudart_func *f = by_stub(fn, &r);
    if (!f) return ps_rt_result(r);
    return launch(f, grid, block, args, shared, NULL, true, s);
}
PS_CUDART_API cudaError_t cudaLaunchCooperativeKernel_ptsz(const void *fn, dim3 grid, dim3 block, void **args,
                                                           size_t shared, cudaStream_t s) {
    return cudaLaunchCooperativeKernel(fn, grid, block, args, shared, s);
}

/* ---- function attributes and occupancy -------------------------------------------------------- */
PS_CUDART_API cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *a, const void *fn) {
    if (!a) return ps_rt_result(cudaErrorInvalidValue);
    cudaError_t r;
    struct ps_cudart_func *f = by_stub(fn, &r);
    if (!f) return ps_rt_result(r);
    memset(a, 0, sizeof *a);
    int v = 0;
    cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f->f);
    a->sharedSizeBytes = (size_t)v;
    cuFuncGetAttribute(&a->maxThreadsPerBlock, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f->f);
    cuFuncGetAttribute(&a->ptxVersion, CU_FUNC_ATTRIBUTE_PTX_VERSION, f->f);
    cuFuncGetAttribute(&a->binaryVersion, CU_FUNC_ATTRIBUTE_BINARY_VERSION, f->f);
    cuFuncGetAttribute(&a->maxDynamicSharedSizeBytes, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f->f);
    /* No register allocator, no local or constant sizes (docs/cudart.md): 0, as a kernel that
     * needs none of them would report. */
    a->preferredShmemCarveout = -1;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaFuncSetAttribute(const void *fn, int attr, int value) {
    cudaError_t r;
    struct ps_cudart_func *f = by_stub(fn, &r);
    if (!f) return ps_rt_result(r);
    if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize)
        return cuFuncSetAttribute(f->f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, value) == CUDA_SUCCESS
            ? cudaSuccess
            : ps_rt_result(cudaErrorInvalidValue);
    if (attr >= cudaFuncAttributePreferredSharedMemoryCarveout &&
        attr <= cudaFuncAttributeClusterSchedulingPolicyPreference)
        return cudaSuccess; /* hints, and cluster shapes the launch states itself */
    return ps_rt_result(cudaErrorInvalidValue);
}

PS_CUDART_API cudaError_t cudaFuncSetCacheConfig(const void *fn, int config) {
    cudaError_t r;
    return by_stub(fn, &r) ? cudaSuccess : ps_rt_result(r);
}
PS_CUDART_API cudaError_t cudaFuncSetSharedMemConfig(const void *fn, int config) {
    return cudaFuncSetCacheConfig(fn, config);
}

PS_CUDART_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *fn, int block,
                                                                                 size_t dynamic, unsigned int flags) {
    cudaError_t r;
    struct ps_cudart_func *f = by_stub(fn, &r);
    if (!f) return ps_rt_result(r);
    return ps_rt_cu(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n, f->f, block, dynamic, flags));
}
PS_CUDART_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *fn, int block,
                                                                        size_t dynamic) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n, fn, block, dynamic, 0);
}

PS_CUDART_API cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *out, const void *fn, int blocks,
                                                                    int block) {
    cudaError_t r;
    struct ps_cudart_func *f = by_stub(fn, &r);
    if (!f) return ps_rt_result(r);
    return ps_rt_cu(cuOccupancyAvailableDynamicSMemPerBlock(out, f->f, blocks, block));
}

/* ---- streams ---------------------------------------------------------------------------------- */
PS_CUDART_API cudaError_t cudaStreamCreate(cudaStream_t *s) {
    ENTER();
    if (!s) return ps_rt_result(cudaErrorInvalidValue);
    return ps_rt_cu(cuStreamCreate(s, 0));
}
PS_CUDART_API cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int flags) {
    ENTER();
    if (!s || flags > 1) return ps_rt_result(cudaErrorInvalidValue);
    return ps_rt_cu(cuStreamCreate(s, flags));
}
PS_CUDART_API cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned int flags, int priority) {
    return cudaStreamCreateWithFlags(s, flags);
}

static bool builtin_stream(cudaStream_t s) { return !s || s == cudaStreamLegacy || s == cudaStreamPerThread; }

PS_CUDART_API cudaError_t cudaStreamDestroy(cudaStream_t s) {
    ENTER();
    if (builtin_stream(s)) return ps_rt_result(cudaErrorInvalidResourceHandle);
    return ps_rt_cu(cuStreamDestroy_v2(s));
}

/* Waiting on a capturing stream is an error that invalidates the capture, as on a GPU. */
static cudaError_t not_capturing(cudaStream_t s) {
    ps_rt_capture *c = ps_rt_capturing(s);
    if (!c) return cudaSuccess;
    ps_rt_capture_guard();
    return ps_rt_result(cudaErrorStreamCaptureUnsupported);
}
PS_CUDART_API cudaError_t cudaStreamSynchronize(cudaStream_t s) {
    ENTER();
    cudaError_t r = not_capturing(s);
    return r != cudaSuccess ? r : ps_rt_cu(cuCtxSynchronize());
}
PS_CUDART_API cudaError_t cudaStreamQuery(cudaStream_t s) {
    ENTER();
    cudaError_t r = not_capturing(s);
    return r != cudaSuccess ? r : ps_rt_cu(cuCtxSynchronize());
}
PS_CUDART_API cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned int flags) {
    ENTER();
    ps_rt_capture_join(s, e); /* an event recorded in a capture brings s into it */
    return cudaSuccess;       /* else the event's work has finished: every operation has */
}
PS_CUDART_API cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned int *flags) {
    if (!flags) return ps_rt_result(cudaErrorInvalidValue);
    return ps_rt_cu(cuStreamGetFlags(s, flags));
}
PS_CUDART_API cudaError_t cudaStreamGetPriority(cudaStream_t s, int *priority) {
    if (!priority) return ps_rt_result(cudaErrorInvalidValue);
    *priority = 0;
    return cudaSuccess;
}
PS_CUDART_API cudaError_t cudaStreamGetDevice(cudaStream_t s, int *device) {
    if (!device) return ps_rt_result(cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaLaunchHostFunc(cudaStream_t s, cudaHostFn_t fn, void *data) {
    ENTER();
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return fn ? ps_rt_record_host(c, fn, data) : ps_rt_result(cudaErrorInvalidValue);
    return ps_rt_cu(cuLaunchHostFunc(s, fn, data));
}

PS_CUDART_API cudaError_t cudaStreamAddCallback(cudaStream_t s, cudaStreamCallback_t cb, void *data,
                                                unsigned int flags) {
    ENTER();
    if (!cb || flags) return ps_rt_result(cudaErrorInvalidValue);
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaStreamAddCallback during stream capture");
    cb(s, cudaSuccess, data);
    return cudaSuccess;
}

/* ---- events: the simulated clock of the shim (docs/cudart.md, "Time") ------------------------- */
PS_CUDART_API cudaError_t cudaEventCreate(cudaEvent_t *e) {
    ENTER();
    if (!e) return ps_rt_result(cudaErrorInvalidValue);
    return ps_rt_cu(cuEventCreate(e, 0));
}
PS_CUDART_API cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int flags) {
    ENTER();
    if (!e || flags & ~0x7u) return ps_rt_result(cudaErrorInvalidValue);
    return ps_rt_cu(cuEventCreate(e, flags));
}
PS_CUDART_API cudaError_t cudaEventDestroy(cudaEvent_t e) {
    if (!e) return ps_rt_result(cudaErrorInvalidResourceHandle);
    return ps_rt_cu(cuEventDestroy_v2(e));
}
PS_CUDART_API cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) {
    ENTER();
    if (!e) return ps_rt_result(cudaErrorInvalidResourceHandle);
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) { /* a point of the capture other streams may join at, not a node of the graph */
        ps_rt_capture_event(c, e);
        return cudaSuccess;
    }
    return ps_rt_cu(cuEventRecord(e, NULL));
}
PS_CUDART_API cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t s, unsigned int flags) {
    return cudaEventRecord(e, s);
}
PS_CUDART_API cudaError_t cudaEventSynchronize(cudaEvent_t e) {
    ENTER();
    if (!e) return ps_rt_result(cudaErrorInvalidResourceHandle);
    return ps_rt_cu(cuEventSynchronize(e));
}
PS_CUDART_API cudaError_t cudaEventQuery(cudaEvent_t e) {
    ENTER();
    if (!e) return ps_rt_result(cudaErrorInvalidResourceHandle);
    return ps_rt_cu(cuEventQuery(e));
}
PS_CUDART_API cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b) {
    ENTER();
    if (!ms) return ps_rt_result(cudaErrorInvalidValue);
    if (!a || !b) return ps_rt_result(cudaErrorInvalidResourceHandle);
    return ps_rt_cu(cuEventElapsedTime_v2(ms, a, b));
}

/* The per-thread default stream's variants: every stream is in order already. */
PS_CUDART_API cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t s) { return cudaStreamSynchronize(s); }
PS_CUDART_API cudaError_t cudaStreamQuery_ptsz(cudaStream_t s) { return cudaStreamQuery(s); }
PS_CUDART_API cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t s, cudaEvent_t e, unsigned int f) {
    return cudaStreamWaitEvent(s, e, f);
}
PS_CUDART_API cudaError_t cudaEventRecord_ptsz(cudaEvent_t e, cudaStream_t s) { return cudaEventRecord(e, s); }
PS_CUDART_API cudaError_t cudaEventRecordWithFlags_ptsz(cudaEvent_t e, cudaStream_t s, unsigned int f) {
    return cudaEventRecord(e, s);
}
PS_CUDART_API cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t s, cudaHostFn_t fn, void *d) {
    return cudaLaunchHostFunc(s, fn, d);
}
PS_CUDART_API cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t s, cudaStreamCallback_t cb, void *d, unsigned f) {
    return cudaStreamAddCallback(s, cb, d, f);
}
PS_CUDART_API cudaError_t cudaStreamGetFlags_ptsz(cudaStream_t s, unsigned int *f) { return cudaStreamGetFlags(s, f); }
PS_CUDART_API cudaError_t cudaStreamGetPriority_ptsz(cudaStream_t s, int *p) { return cudaStreamGetPriority(s, p); }
PS_CUDART_API cudaError_t cudaStreamGetDevice_ptsz(cudaStream_t s, int *d) { return cudaStreamGetDevice(s, d); }
