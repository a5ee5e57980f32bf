/* shim_proc.c — cuGetProcAddress: the shim's entry points by base name and CUDA version, the
 * way the driver resolves them (docs/api.md, "cuGetProcAddress"). Each row names one ABI variant
 * of a function and the CUDA version that introduced it (the version in the PFN_<name>_v<version>
 * typedefs of CUDA's cudaTypedefs.h); a request for version V gets the newest variant not newer
 * than V. Only variants whose ABI the shim implements are listed: the 32-bit-pointer variants of
 * CUDA 2.x are not. */
#include <stdio.h>
#include <string.h>

#include "shim.h"

/* Exported variants that cuda_abi.h does not declare (programs reach them through cuda.h's
 * versioned names); the definitions are in shim_core.c, shim_exec.c and shim_mem.c. */
CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev);
CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev);
CUresult cuCtxCreate_v3(CUcontext *pctx, void *affinity, int naffinity, unsigned int flags, CUdevice dev);
CUresult cuCtxDestroy(CUcontext ctx);
CUresult cuCtxPushCurrent(CUcontext ctx);
CUresult cuCtxPopCurrent(CUcontext *pctx);
CUresult cuCtxSetCacheConfig(int config);
CUresult cuCtxGetCacheConfig(int *config);
CUresult cuDevicePrimaryCtxRelease(CUdevice dev);
CUresult cuDevicePrimaryCtxReset(CUdevice dev);
CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags);
CUresult cuModuleLoadFatBinary(CUmodule *module, const void *image);
CUresult cuFuncSetCacheConfig(CUfunction f, int config);
CUresult cuStreamCreateWithPriority(CUstream *s, unsigned int flags, int priority);
CUresult cuStreamDestroy(CUstream s);
CUresult cuEventDestroy(CUevent e);
CUresult cuEventRecordWithFlags(CUevent e, CUstream s, unsigned int flags);
CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b);
CUresult cuMemHostRegister(void *p, size_t bytes, unsigned int flags);
CUresult cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags);

/* X(base name, CUDA version of the variant, exported function) */
// clang-format off
#define SHIM_PROCS(X)                                                                              \
    X(cuInit, 2000, cuInit) X(cuDriverGetVersion, 2020, cuDriverGetVersion)                         \
    X(cuGetErrorName, 6000, cuGetErrorName) X(cuGetErrorString, 6000, cuGetErrorString)             \
    X(cuGetProcAddress, 11030, cuGetProcAddress) X(cuGetProcAddress, 12000, cuGetProcAddress_v2)    \
    X(cuDeviceGetCount, 2000, cuDeviceGetCount) X(cuDeviceGet, 2000, cuDeviceGet)                   \
    X(cuDeviceGetName, 2000, cuDeviceGetName) X(cuDeviceGetAttribute, 2000, cuDeviceGetAttribute)   \
    X(cuDeviceComputeCapability, 2000, cuDeviceComputeCapability)                                   \
    X(cuDeviceTotalMem, 3020, cuDeviceTotalMem_v2)                                                  \
    X(cuDevicePrimaryCtxRetain, 7000, cuDevicePrimaryCtxRetain)                                     \
    X(cuDevicePrimaryCtxRelease, 7000, cuDevicePrimaryCtxRelease)                                   \
    X(cuDevicePrimaryCtxRelease, 11000, cuDevicePrimaryCtxRelease_v2)                               \
    X(cuDevicePrimaryCtxReset, 7000, cuDevicePrimaryCtxReset)                                       \
    X(cuDevicePrimaryCtxReset, 11000, cuDevicePrimaryCtxReset_v2)                                   \
    X(cuDevicePrimaryCtxSetFlags, 7000, cuDevicePrimaryCtxSetFlags)                                 \
    X(cuDevicePrimaryCtxSetFlags, 11000, cuDevicePrimaryCtxSetFlags_v2)                             \
    X(cuDevicePrimaryCtxGetState, 7000, cuDevicePrimaryCtxGetState)                                 \
    X(cuCtxCreate, 2000, cuCtxCreate) X(cuCtxCreate, 3020, cuCtxCreate_v2)                          \
    X(cuCtxCreate, 11040, cuCtxCreate_v3) X(cuCtxCreate, 12050, cuCtxCreate_v4)                     \
    X(cuCtxDestroy, 2000, cuCtxDestroy) X(cuCtxDestroy, 4000, cuCtxDestroy_v2)                      \
    X(cuCtxPushCurrent, 2000, cuCtxPushCurrent) X(cuCtxPushCurrent, 4000, cuCtxPushCurrent_v2)      \
    X(cuCtxPopCurrent, 2000, cuCtxPopCurrent) X(cuCtxPopCurrent, 4000, cuCtxPopCurrent_v2)          \
    X(cuCtxSetCurrent, 4000, cuCtxSetCurrent) X(cuCtxGetCurrent, 4000, cuCtxGetCurrent)             \
    X(cuCtxGetDevice, 2000, cuCtxGetDevice) X(cuCtxGetFlags, 7000, cuCtxGetFlags)                   \
    X(cuCtxSynchronize, 2000, cuCtxSynchronize) X(cuCtxGetApiVersion, 3020, cuCtxGetApiVersion)     \
    X(cuCtxSetCacheConfig, 3020, cuCtxSetCacheConfig)                                               \
    X(cuCtxGetCacheConfig, 3020, cuCtxGetCacheConfig)                                               \
    X(cuModuleLoad, 2000, cuModuleLoad) X(cuModuleLoadData, 2000, cuModuleLoadData)                 \
    X(cuModuleLoadDataEx, 2010, cuModuleLoadDataEx)                                                 \
    X(cuModuleLoadFatBinary, 2000, cuModuleLoadFatBinary)                                           \
    X(cuLinkCreate, 6050, cuLinkCreate_v2) X(cuLinkAddData, 6050, cuLinkAddData_v2)                 \
    X(cuLinkAddFile, 6050, cuLinkAddFile_v2) X(cuLinkComplete, 5050, cuLinkComplete)                \
    X(cuLinkDestroy, 5050, cuLinkDestroy)                                                           \
    X(cuModuleUnload, 2000, cuModuleUnload) X(cuModuleGetFunction, 2000, cuModuleGetFunction)       \
    X(cuModuleGetGlobal, 3020, cuModuleGetGlobal_v2)                                                \
    X(cuFuncGetAttribute, 2020, cuFuncGetAttribute) X(cuFuncSetAttribute, 9000, cuFuncSetAttribute) \
    X(cuFuncSetCacheConfig, 3000, cuFuncSetCacheConfig)                                             \
    X(cuMemGetInfo, 3020, cuMemGetInfo_v2) X(cuMemAlloc, 3020, cuMemAlloc_v2)                       \
    X(cuMemFree, 3020, cuMemFree_v2) X(cuMemGetAddressRange, 3020, cuMemGetAddressRange_v2)         \
    X(cuMemAllocHost, 3020, cuMemAllocHost_v2) X(cuMemFreeHost, 2000, cuMemFreeHost)                \
    X(cuMemHostAlloc, 2020, cuMemHostAlloc)                                                         \
    X(cuMemHostGetDevicePointer, 3020, cuMemHostGetDevicePointer_v2)                                \
    X(cuMemHostRegister, 4000, cuMemHostRegister) X(cuMemHostRegister, 6050, cuMemHostRegister_v2)  \
    X(cuMemHostUnregister, 4000, cuMemHostUnregister)                                               \
    X(cuMemcpy, 4000, cuMemcpy) X(cuMemcpyAsync, 4000, cuMemcpyAsync)                              \
    X(cuArrayCreate, 3020, cuArrayCreate_v2)                                                \
    X(cuArray3DCreate, 3020, cuArray3DCreate_v2)                                            \
    X(cuArrayDestroy, 2000, cuArrayDestroy)                                                 \
    X(cuArrayGetDescriptor, 3020, cuArrayGetDescriptor_v2)                                  \
    X(cuArray3DGetDescriptor, 3020, cuArray3DGetDescriptor_v2)                              \
    X(cuMemcpy2D, 3020, cuMemcpy2D_v2)                                                      \
    X(cuMemcpy2DUnaligned, 3020, cuMemcpy2DUnaligned_v2)                                    \
    X(cuMemcpy2DAsync, 3020, cuMemcpy2DAsync_v2)                                            \
    X(cuMemcpy3D, 3020, cuMemcpy3D_v2)                                                      \
    X(cuMemcpy3DAsync, 3020, cuMemcpy3DAsync_v2)                                            \
    X(cuMemcpyHtoA, 3020, cuMemcpyHtoA_v2)                                                  \
    X(cuMemcpyAtoH, 3020, cuMemcpyAtoH_v2)                                                  \
    X(cuMemcpyDtoA, 3020, cuMemcpyDtoA_v2)                                                  \
    X(cuMemcpyAtoD, 3020, cuMemcpyAtoD_v2)                                                  \
    X(cuTexObjectCreate, 5000, cuTexObjectCreate)                                           \
    X(cuTexObjectDestroy, 5000, cuTexObjectDestroy)                                         \
    X(cuTexObjectGetResourceDesc, 5000, cuTexObjectGetResourceDesc)                         \
    X(cuTexObjectGetTextureDesc, 5000, cuTexObjectGetTextureDesc)                           \
    X(cuSurfObjectCreate, 5000, cuSurfObjectCreate)                                         \
    X(cuSurfObjectDestroy, 5000, cuSurfObjectDestroy)                                       \
    X(cuSurfObjectGetResourceDesc, 5000, cuSurfObjectGetResourceDesc)                       \
    X(cuMemcpyHtoD, 3020, cuMemcpyHtoD_v2) X(cuMemcpyDtoH, 3020, cuMemcpyDtoH_v2)                   \
    X(cuMemcpyDtoD, 3020, cuMemcpyDtoD_v2) X(cuMemcpyHtoDAsync, 3020, cuMemcpyHtoDAsync_v2)         \
    X(cuMemcpyDtoHAsync, 3020, cuMemcpyDtoHAsync_v2)                                                \
    X(cuMemcpyDtoDAsync, 3020, cuMemcpyDtoDAsync_v2)                                                \
    X(cuMemsetD8, 3020, cuMemsetD8_v2) X(cuMemsetD16, 3020, cuMemsetD16_v2)                         \
    X(cuMemsetD32, 3020, cuMemsetD32_v2) X(cuMemsetD8Async, 3020, cuMemsetD8Async)                  \
    X(cuMemsetD16Async, 3020, cuMemsetD16Async) X(cuMemsetD32Async, 3020, cuMemsetD32Async)         \
    X(cuLaunchKernel, 4000, cuLaunchKernel)                                                         \
    X(cuStreamCreate, 2000, cuStreamCreate)                                                         \
    X(cuStreamCreateWithPriority, 5050, cuStreamCreateWithPriority)                                 \
    X(cuStreamDestroy, 2000, cuStreamDestroy) X(cuStreamDestroy, 4000, cuStreamDestroy_v2)          \
    X(cuStreamSynchronize, 2000, cuStreamSynchronize) X(cuStreamQuery, 2000, cuStreamQuery)         \
    X(cuStreamWaitEvent, 3020, cuStreamWaitEvent) X(cuEventCreate, 2000, cuEventCreate)             \
    X(cuEventDestroy, 2000, cuEventDestroy) X(cuEventDestroy, 4000, cuEventDestroy_v2)              \
    X(cuEventRecord, 2000, cuEventRecord)                                                           \
    X(cuEventRecordWithFlags, 11010, cuEventRecordWithFlags)                                        \
    X(cuEventSynchronize, 2000, cuEventSynchronize) X(cuEventQuery, 2000, cuEventQuery)             \
    X(cuEventElapsedTime, 2000, cuEventElapsedTime)                                                 \
    X(cuEventElapsedTime, 12080, cuEventElapsedTime_v2)                                             \
    X(cuMemAllocManaged, 6000, cuMemAllocManaged) X(cuLaunchKernelEx, 11060, cuLaunchKernelEx)       \
    X(cuLaunchHostFunc, 10000, cuLaunchHostFunc) X(cuStreamAddCallback, 5000, cuStreamAddCallback)   \
    X(cuOccupancyMaxActiveBlocksPerMultiprocessor, 6050, cuOccupancyMaxActiveBlocksPerMultiprocessor) \
    X(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags, 7000,                                     \
      cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags)                                           \
    X(cuOccupancyMaxPotentialBlockSize, 6050, cuOccupancyMaxPotentialBlockSize)                       \
    X(cuOccupancyMaxPotentialBlockSizeWithFlags, 7000, cuOccupancyMaxPotentialBlockSizeWithFlags)     \
    X(cuOccupancyAvailableDynamicSMemPerBlock, 11000, cuOccupancyAvailableDynamicSMemPerBlock)       \
    X(cuPointerGetAttribute, 4000, cuPointerGetAttribute) X(cuMemAllocAsync, 11020, cuMemAllocAsync) \
    X(cuMemFreeAsync, 11020, cuMemFreeAsync) X(cuFuncGetName, 12030, cuFuncGetName)                 \
    X(cuGetExportTable, 3000, cuGetExportTable) X(cuFuncGetParamInfo, 12040, cuFuncGetParamInfo)                  \
    X(cuStreamGetFlags, 5050, cuStreamGetFlags)
// clang-format on

typedef struct {
    const char *base;
    int version;
    void *fn;
} proc_row;

#define X(base, version, fn) {#base, version, (void *)fn},
static const proc_row procs[] = {SHIM_PROCS(X)};
#undef X

/* The CUDA version the shim's driver reports (cuDriverGetVersion). */
enum { SHIM_DRIVER_VERSION = 13000 };

/* The length of name without a trailing "_v<digits>". */
static size_t base_length(const char *name) {
    size_t n = strlen(name), i = n;
    while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9') i--;
    if (i < n && i >= 2 && name[i - 1] == 'v' && name[i - 2] == '_') return i - 2;
    return n;
}

/* Resolves symbol for cudaVersion; *status says what was found. The per-thread and the legacy
 * default stream resolve to the same functions: every operation of the shim is synchronous, so
 * the two default streams behave alike. */
static CUresult resolve(const char *fn, const char *symbol, void **pfn, int version, cuuint64_t flags,
                        CUdriverProcAddressQueryResult *status) {
    if (!symbol || !pfn) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "symbol and pfn must not be NULL");
    *pfn = NULL;
    if (flags & ~(cuuint64_t)(CU_GET_PROC_ADDRESS_LEGACY_STREAM | CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM) ||
        flags == (CU_GET_PROC_ADDRESS_LEGACY_STREAM | CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM))
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "flags 0x%llx: not a CU_GET_PROC_ADDRESS_* value",
                         (unsigned long long)flags);
    if (version > SHIM_DRIVER_VERSION)
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "CUDA version %d is newer than the driver's (%d)", version,
                         SHIM_DRIVER_VERSION);
    const proc_row *best = NULL;
    bool known = false;
    for (size_t i = 0; i < sizeof procs / sizeof procs[0]; i++) {
        if (strcmp(procs[i].base, symbol)) continue;
        known = true;
        if (procs[i].version <= version && (!best || procs[i].version > best->version)) best = &procs[i];
    }
    if (best) {
        *pfn = best->fn;
        *status = CU_GET_PROC_ADDRESS_SUCCESS;
        return CUDA_SUCCESS;
    }
    if (known) {
        *status = CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
        return CUDA_SUCCESS;
    }
    /* Entry points the simulator does not implement: the latest-named stub of that base name. */
    size_t n = strlen(symbol);
    for (const shim_stub *s = shim_stubs; s->name; s++)
        if (base_length(s->name) == n && !strncmp(s->name, symbol, n)) *pfn = s->fn;
    *status = *pfn ? CU_GET_PROC_ADDRESS_SUCCESS : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    return CUDA_SUCCESS;
}

/* CUDA 12 and later (cuda.h maps cuGetProcAddress onto this): a symbol that is not found is
 * CUDA_SUCCESS with *pfn NULL, and the reason in *symbolStatus (optional). */
CUresult cuGetProcAddress_v2(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags,
                             CUdriverProcAddressQueryResult *symbolStatus) {
    CUdriverProcAddressQueryResult st = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    CUresult r = resolve("cuGetProcAddress", symbol, pfn, cudaVersion, flags, &st);
    if (symbolStatus) *symbolStatus = st;
    return r;
}

/* CUDA 11.3 to 11.8: no status; a symbol that is not found is CUDA_ERROR_NOT_FOUND. */
CUresult cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags) {
    CUdriverProcAddressQueryResult st = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    CUresult r = resolve("cuGetProcAddress", symbol, pfn, cudaVersion, flags, &st);
    if (r == CUDA_SUCCESS && st != CU_GET_PROC_ADDRESS_SUCCESS) return CUDA_ERROR_NOT_FOUND;
    return r;
}
