/* core.c — the runtime's state and errors (last error per thread, sticky faults, names and
 * strings as CUDA 13.0's runtime gives them), versions, and device management on the shim's one
 * simulated device: attributes and cudaDeviceProp come from cuDeviceGetAttribute
 * (api/shim/shim_attr.c), so driver and runtime describe the same machine. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cudart_internal.h"

ps_cudart_state ps_rt = {.lock = PTHREAD_MUTEX_INITIALIZER,
                         .limits = {1024, 1048576, 8388608, 2, 2048, 64, 0}}; /* the H200's defaults */

static __thread cudaError_t last_error;
static __thread int entered_generation = -1;

void ps_rt_say(const char *fmt, ...) {
    if (getenv("PTXSIM_CUDA_QUIET")) return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "ptxsim cudart: %s\n", msg);
}

/* At exit the shim frees the primary context (its exit handler, registered by cuInit). The
 * runtime's own handler, registered after it and so run before it, marks the runtime as unloading:
 * calls from later exit handlers and static destructors then fail with cudaErrorCudartUnloading,
 * as NVIDIA's runtime answers them, instead of reaching a freed context. */
static int unloading;
static void mark_unloading(void) { __atomic_store_n(&unloading, 1, __ATOMIC_RELEASE); }
bool ps_rt_unloading(void) { return __atomic_load_n(&unloading, __ATOMIC_ACQUIRE); }
static void hook_exit(void) { atexit(mark_unloading); }

cudaError_t ps_rt_enter(void) {
    if (__atomic_load_n(&unloading, __ATOMIC_ACQUIRE)) return cudaErrorCudartUnloading;
    if (entered_generation != __atomic_load_n(&ps_rt.generation, __ATOMIC_ACQUIRE)) {
        CUresult r = cuInit(0);
        if (r != CUDA_SUCCESS) return cudaErrorNoDevice; /* $PTXSIM_ARCH names no machine: the shim said so */
        static pthread_once_t once = PTHREAD_ONCE_INIT;
        pthread_once(&once, hook_exit);
        CUcontext c;
        if ((r = cuDevicePrimaryCtxRetain(&c, 0)) != CUDA_SUCCESS || (r = cuCtxSetCurrent(c)) != CUDA_SUCCESS)
            return (cudaError_t)r;
        entered_generation = ps_rt.generation;
    }
    return __atomic_load_n(&ps_rt.sticky, __ATOMIC_ACQUIRE);
}

cudaError_t ps_rt_result(cudaError_t r) {
    if (r != cudaSuccess) last_error = r;
    return r;
}

/* The faults a GPU context does not recover from (the CUDA documentation's "sticky" errors). */
static bool is_sticky(CUresult r) {
    return r == CUDA_ERROR_ILLEGAL_ADDRESS || r == CUDA_ERROR_LAUNCH_TIMEOUT || r == CUDA_ERROR_ASSERT ||
        r == CUDA_ERROR_HARDWARE_STACK_ERROR || r == CUDA_ERROR_ILLEGAL_INSTRUCTION ||
        r == CUDA_ERROR_MISALIGNED_ADDRESS || r == CUDA_ERROR_LAUNCH_FAILED || r == 717 /* invalid address space */ ||
        r == 718 /* invalid pc */;
}

/* The driver's and the runtime's numbers agree for every error the shim returns (201, the
 * driver's invalid context, is the runtime's cudaErrorDeviceUninitialized). */
cudaError_t ps_rt_cu(CUresult r) {
    if (is_sticky(r)) __atomic_store_n(&ps_rt.sticky, (cudaError_t)r, __ATOMIC_RELEASE);
    return ps_rt_result((cudaError_t)r);
}

cudaError_t ps_rt_unsupported(const char *call, const char *why) {
    static pthread_mutex_t once_lock = PTHREAD_MUTEX_INITIALIZER;
    static const char *said[512];
    static int nsaid;
    pthread_mutex_lock(&once_lock);
    bool seen = false;
    for (int i = 0; i < nsaid && !seen; i++) seen = !strcmp(said[i], call);
    if (!seen && nsaid < 512) said[nsaid++] = call;
    pthread_mutex_unlock(&once_lock);
    if (!seen) ps_rt_say("%s is not supported by ptxsim%s%s", call, why ? ": " : "", why ? why : "");
    return ps_rt_result(cudaErrorNotSupported);
}

/* ---- errors ----------------------------------------------------------------------------------- */
/* As on the H200 (tests/cudart/rt_fault.cu): cudaGetLastError clears the thread's last error even
 * after a sticky fault; the fault stays in every other call, which sets the last error again. */
PS_CUDART_API cudaError_t cudaGetLastError(void) {
    cudaError_t r = last_error;
    last_error = cudaSuccess;
    return r;
}

PS_CUDART_API cudaError_t cudaPeekAtLastError(void) { return last_error; }

PS_CUDART_API const char *cudaGetErrorName(cudaError_t e) {
    switch ((int)e) {
#define PS_CUDART_ERROR(name, value, text) \
    case value:                            \
        return #name;
#include "cudart_errors.def"
#undef PS_CUDART_ERROR
    }
    return "unrecognized error code";
}

PS_CUDART_API const char *cudaGetErrorString(cudaError_t e) {
    switch ((int)e) {
#define PS_CUDART_ERROR(name, value, text) \
    case value:                            \
        return text;
#include "cudart_errors.def"
#undef PS_CUDART_ERROR
    }
    return "unrecognized error code";
}

/* ---- versions --------------------------------------------------------------------------------- */
PS_CUDART_API cudaError_t cudaDriverGetVersion(int *v) {
    if (!v) return ps_rt_result(cudaErrorInvalidValue);
    return ps_rt_cu(cuDriverGetVersion(v));
}

PS_CUDART_API cudaError_t cudaRuntimeGetVersion(int *v) {
    if (!v) return ps_rt_result(cudaErrorInvalidValue);
    *v = 13000;
    return cudaSuccess;
}

/* ---- devices ---------------------------------------------------------------------------------- */
PS_CUDART_API cudaError_t cudaGetDeviceCount(int *n) {
    if (!n) return ps_rt_result(cudaErrorInvalidValue);
    if (cuInit(0) != CUDA_SUCCESS) {
        *n = 0;
        return ps_rt_result(cudaErrorNoDevice);
    }
    *n = 1;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaGetDevice(int *d) {
    if (!d) return ps_rt_result(cudaErrorInvalidValue);
    *d = 0;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaSetDevice(int d) {
    if (d != 0) return ps_rt_result(cudaErrorInvalidDevice);
    cudaError_t r = ps_rt_enter();
    return r == cudaErrorNoDevice ? ps_rt_result(r) : cudaSuccess; /* a sticky error is no failure here */
}

PS_CUDART_API cudaError_t cudaInitDevice(int d, unsigned int dflags, unsigned int flags) { return cudaSetDevice(d); }

PS_CUDART_API cudaError_t cudaChooseDevice(int *d, const struct cudaDeviceProp *prop) {
    if (!d || !prop) return ps_rt_result(cudaErrorInvalidValue);
    *d = 0;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaSetDeviceFlags(unsigned int flags) {
    if (flags & ~0x1fu) return ps_rt_result(cudaErrorInvalidValue);
    ps_rt.device_flags = (int)flags;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
    if (!flags) return ps_rt_result(cudaErrorInvalidValue);
    *flags = (unsigned)ps_rt.device_flags;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device) {
    if (!value) return ps_rt_result(cudaErrorInvalidValue);
    if (device != 0) return ps_rt_result(cudaErrorInvalidDevice);
    if (cuInit(0) != CUDA_SUCCESS) return ps_rt_result(cudaErrorNoDevice);
    return ps_rt_cu(cuDeviceGetAttribute(value, (CUdevice_attribute)attr, 0));
}

static int attr(int a) {
    int v = 0;
    cuDeviceGetAttribute(&v, (CUdevice_attribute)a, 0);
    return v;
}

PS_CUDART_API cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device) {
    if (!p) return ps_rt_result(cudaErrorInvalidValue);
    if (device != 0) return ps_rt_result(cudaErrorInvalidDevice);
    if (cuInit(0) != CUDA_SUCCESS) return ps_rt_result(cudaErrorNoDevice);
    memset(p, 0, sizeof *p);
    cuDeviceGetName(p->name, sizeof p->name, 0);
    memcpy(p->uuid.bytes, "ptxsim-simulated", 16);
    size_t total = 0;
    cuDeviceTotalMem_v2(&total, 0);
    p->totalGlobalMem = total;
    p->sharedMemPerBlock = (size_t)attr(8);
    p->regsPerBlock = attr(12);
    p->warpSize = attr(10);
    p->memPitch = (size_t)attr(11);
    p->maxThreadsPerBlock = attr(1);
    for (int i = 0; i < 3; i++) p->maxThreadsDim[i] = attr(2 + i), p->maxGridSize[i] = attr(5 + i);
    p->totalConstMem = (size_t)attr(9);
    p->major = attr(75), p->minor = attr(76);
    p->textureAlignment = (size_t)attr(14), p->texturePitchAlignment = (size_t)attr(51);
    p->multiProcessorCount = attr(16), p->integrated = attr(18), p->canMapHostMemory = attr(19);
    p->maxTexture1D = attr(21), p->maxTexture1DMipmap = attr(77);
    p->maxTexture2D[0] = attr(22), p->maxTexture2D[1] = attr(23);
    p->maxTexture2DMipmap[0] = attr(73), p->maxTexture2DMipmap[1] = attr(74);
    p->maxTexture2DLinear[0] = attr(70), p->maxTexture2DLinear[1] = attr(71), p->maxTexture2DLinear[2] = attr(72);
    p->maxTexture2DGather[0] = attr(45), p->maxTexture2DGather[1] = attr(46);
    for (int i = 0; i < 3; i++) p->maxTexture3D[i] = attr(24 + i), p->maxTexture3DAlt[i] = attr(47 + i);
    p->maxTextureCubemap = attr(52);
    p->maxTexture1DLayered[0] = attr(42), p->maxTexture1DLayered[1] = attr(43);
    for (int i = 0; i < 3; i++) p->maxTexture2DLayered[i] = attr(27 + i);
    p->maxTextureCubemapLayered[0] = attr(53), p->maxTextureCubemapLayered[1] = attr(54);
    p->maxSurface1D = attr(55), p->maxSurface2D[0] = attr(56), p->maxSurface2D[1] = attr(57);
    for (int i = 0; i < 3; i++) p->maxSurface3D[i] = attr(58 + i), p->maxSurface2DLayered[i] = attr(63 + i);
    p->maxSurface1DLayered[0] = attr(61), p->maxSurface1DLayered[1] = attr(62);
    p->maxSurfaceCubemap = attr(66);
    p->maxSurfaceCubemapLayered[0] = attr(67), p->maxSurfaceCubemapLayered[1] = attr(68);
    p->surfaceAlignment = (size_t)attr(30);
    p->concurrentKernels = attr(31), p->ECCEnabled = attr(32), p->pciBusID = attr(33), p->pciDeviceID = attr(34);
    p->pciDomainID = attr(50), p->tccDriver = attr(35), p->asyncEngineCount = attr(40);
    p->unifiedAddressing = attr(41), p->memoryBusWidth = attr(37), p->l2CacheSize = attr(38);
    p->persistingL2CacheMaxSize = attr(108), p->maxThreadsPerMultiProcessor = attr(39);
    p->streamPrioritiesSupported = attr(78), p->globalL1CacheSupported = attr(79);
    p->localL1CacheSupported = attr(80), p->sharedMemPerMultiprocessor = (size_t)attr(81);
    p->regsPerMultiprocessor = attr(82), p->managedMemory = attr(83), p->isMultiGpuBoard = attr(84);
    p->multiGpuBoardGroupID = attr(85), p->hostNativeAtomicSupported = attr(86);
    p->pageableMemoryAccess = attr(88), p->concurrentManagedAccess = attr(89);
    p->computePreemptionSupported = attr(90), p->canUseHostPointerForRegisteredMem = attr(91);
    p->cooperativeLaunch = attr(95), p->sharedMemPerBlockOptin = (size_t)attr(97);
    p->pageableMemoryAccessUsesHostPageTables = attr(100), p->directManagedMemAccessFromHost = attr(101);
    p->maxBlocksPerMultiProcessor = attr(106), p->accessPolicyMaxWindowSize = attr(109);
    p->reservedSharedMemPerBlock = (size_t)attr(111), p->hostRegisterSupported = attr(99);
    p->sparseCudaArraySupported = attr(112), p->hostRegisterReadOnlySupported = attr(113);
    p->timelineSemaphoreInteropSupported = attr(114), p->memoryPoolsSupported = attr(115);
    p->gpuDirectRDMASupported = attr(116), p->gpuDirectRDMAFlushWritesOptions = (unsigned)attr(117);
    p->gpuDirectRDMAWritesOrdering = attr(118), p->memoryPoolSupportedHandleTypes = (unsigned)attr(119);
    p->deferredMappingCudaArraySupported = attr(121), p->ipcEventSupported = attr(125);
    p->clusterLaunch = attr(120), p->unifiedFunctionPointers = attr(107);
    p->deviceNumaConfig = attr(130), p->deviceNumaId = attr(131), p->mpsEnabled = attr(133);
    p->hostNumaId = attr(134), p->gpuPciDeviceID = (unsigned)attr(139), p->gpuPciSubsystemID = (unsigned)attr(140);
    p->hostNumaMultinodeIpcSupported = attr(143);
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaDeviceSynchronize(void) {
    cudaError_t r = ps_rt_enter();
    if (r != cudaSuccess) return ps_rt_result(r);
    if ((r = ps_rt_capture_guard()) != cudaSuccess) return r;
    return ps_rt_cu(cuCtxSynchronize());
}

/* Destroys the primary context with everything in it; the next call makes a fresh one and loads
 * the modules again. A sticky fault ends here, as on a GPU. */
PS_CUDART_API cudaError_t cudaDeviceReset(void) {
    if (cuInit(0) != CUDA_SUCCESS) return ps_rt_result(cudaErrorNoDevice);
    cuDevicePrimaryCtxReset_v2(0);
    ps_rt_reset_modules();
    __atomic_store_n(&ps_rt.sticky, cudaSuccess, __ATOMIC_RELEASE);
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaDeviceSetLimit(int limit, size_t value) {
    if (limit < 0 || limit > cudaLimitPersistingL2CacheSize) return ps_rt_result(cudaErrorUnsupportedLimit);
    ps_rt.limits[limit] = value;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaDeviceGetLimit(size_t *value, int limit) {
    if (!value) return ps_rt_result(cudaErrorInvalidValue);
    if (limit < 0 || limit > cudaLimitPersistingL2CacheSize) return ps_rt_result(cudaErrorUnsupportedLimit);
    *value = ps_rt.limits[limit];
    return cudaSuccess;
}

/* Cache and shared-memory configurations are hints a simulator has no use for. */
PS_CUDART_API cudaError_t cudaDeviceSetCacheConfig(int config) { return cudaSuccess; }
PS_CUDART_API cudaError_t cudaDeviceGetCacheConfig(int *config) {
    if (config) *config = 0;
    return cudaSuccess;
}
PS_CUDART_API cudaError_t cudaDeviceSetSharedMemConfig(int config) { return cudaSuccess; }
PS_CUDART_API cudaError_t cudaDeviceGetSharedMemConfig(int *config) {
    if (config) *config = 1; /* four-byte banks */
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest) {
    if (least) *least = 0;
    if (greatest) *greatest = -5; /* the H200's range */
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer) {
    if (!can) return ps_rt_result(cudaErrorInvalidValue);
    if (device != 0 || peer != 0) return ps_rt_result(cudaErrorInvalidDevice);
    *can = 0;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaDeviceGetPCIBusId(char *id, int len, int device) {
    if (!id || len <= 0) return ps_rt_result(cudaErrorInvalidValue);
    if (device != 0) return ps_rt_result(cudaErrorInvalidDevice);
    snprintf(id, (size_t)len, "0000:00:00.0");
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total) {
    cudaError_t r = ps_rt_enter();
    if (r != cudaSuccess) return ps_rt_result(r);
    return ps_rt_cu(cuMemGetInfo_v2(free_bytes, total));
}

PS_CUDART_API cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **fn, unsigned int version,
                                                           unsigned long long flags, int *status) {
    if (cuInit(0) != CUDA_SUCCESS) return ps_rt_result(cudaErrorNoDevice);
    CUdriverProcAddressQueryResult st = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    cudaError_t r = ps_rt_cu(cuGetProcAddress_v2(symbol, fn, (int)version, flags, &st));
    if (status) *status = (int)st;
    return r;
}

PS_CUDART_API cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **fn, unsigned long long flags,
                                                  int *status) {
    return cudaGetDriverEntryPointByVersion(symbol, fn, 13000, flags, status);
}

/* Profiling markers: nothing to start or stop. */
PS_CUDART_API cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
PS_CUDART_API cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

extern __typeof(cudaGetDriverEntryPoint) cudaGetDriverEntryPoint_ptsz
    __attribute__((alias("cudaGetDriverEntryPoint"), visibility("default")));
extern __typeof(cudaGetDriverEntryPointByVersion) cudaGetDriverEntryPointByVersion_ptsz
    __attribute__((alias("cudaGetDriverEntryPointByVersion"), visibility("default")));
