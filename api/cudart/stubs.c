/* stubs.c — every other export of NVIDIA's libcudart.so.13 (cudart_unsupported.def): graphs,
 * stream capture, mipmapped arrays, IPC, graphics interop, libraries. Each exists
 * so that a program linked against it loads; called, it prints once "ptxsim cudart: <call> is not
 * supported by ptxsim" and fails with cudaErrorNotSupported, which cudaGetLastError then reports.
 * (Under the SysV calling convention a function taking no arguments may be called with any.)
 * Also here: the few calls in that family whose meaning the simulator has exactly. */
#include <string.h>

#include "cudart_internal.h"

#define PS_CUDART_UNSUPPORTED(name)       \
    PS_CUDART_API cudaError_t name(void); \
    PS_CUDART_API cudaError_t name(void) { return ps_rt_unsupported(#name, NULL); }
#include "cudart_unsupported.def"
#undef PS_CUDART_UNSUPPORTED

/* Managed memory has one copy, which host and device both address: prefetching and advice have
 * nothing to move. */
PS_CUDART_API cudaError_t cudaMemPrefetchAsync(const void *p, size_t n) {
    cudaError_t r = ps_rt_enter();
    return r != cudaSuccess ? ps_rt_result(r) : cudaSuccess;
}
extern __typeof(cudaMemPrefetchAsync) cudaMemPrefetchAsync_ptsz
    __attribute__((alias("cudaMemPrefetchAsync"), visibility("default")));
PS_CUDART_API cudaError_t cudaMemAdvise(const void *p, size_t n) {
    cudaError_t r = ps_rt_enter();
    return r != cudaSuccess ? ps_rt_result(r) : cudaSuccess;
}

PS_CUDART_API cudaError_t cudaStreamGetId(cudaStream_t s, unsigned long long *id) {
    if (!id) return ps_rt_result(cudaErrorInvalidValue);
    *id = (uintptr_t)s; /* unique while the stream lives; 0, 1, 2 for the built-in streams */
    return cudaSuccess;
}
extern __typeof(cudaStreamGetId) cudaStreamGetId_ptsz __attribute__((alias("cudaStreamGetId"), visibility("default")));

/* CUDA 13's pool queries by location: the device's one default pool. */
PS_CUDART_API cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *pool, const void *location, int type) {
    return cudaDeviceGetDefaultMemPool(pool, 0);
}
PS_CUDART_API cudaError_t cudaMemGetMemPool(cudaMemPool_t *pool, const void *location, int type) {
    return cudaDeviceGetDefaultMemPool(pool, 0);
}

PS_CUDART_API cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *id) {
    if (!device || !id) return ps_rt_result(cudaErrorInvalidValue);
    if (strcmp(id, "0000:00:00.0") && strcmp(id, "00:00.0")) return ps_rt_result(cudaErrorInvalidDevice);
    *device = 0;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaSetValidDevices(int *devices, int n) {
    for (int i = 0; i < n; i++)
        if (!devices || devices[i] != 0) return ps_rt_result(cudaErrorInvalidDevice);
    return cudaSuccess;
}

/* Clusters (sm_90): at most 8 CTAs portably, as the engine runs them (docs/clusters.md). */
PS_CUDART_API cudaError_t cudaOccupancyMaxPotentialClusterSize(int *size, const void *fn,
                                                               const cudaLaunchConfig_t *cfg) {
    if (!size || !cfg) return ps_rt_result(cudaErrorInvalidValue);
    int sm = 0;
    if (cudaDeviceGetAttribute(&sm, 75, 0) != cudaSuccess) return cudaPeekAtLastError();
    *size = sm >= 9 ? 8 : 0;
    return cudaSuccess;
}
PS_CUDART_API cudaError_t cudaOccupancyMaxActiveClusters(int *n, const void *fn, const cudaLaunchConfig_t *cfg) {
    return ps_rt_unsupported("cudaOccupancyMaxActiveClusters", "cluster occupancy is not modelled");
}
