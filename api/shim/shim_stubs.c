/* shim_stubs.c — Driver API entry points the simulator does not implement. Each exists so that a
 * program linked against them loads, and each fails with CUDA_ERROR_NOT_SUPPORTED and a message
 * naming itself. (A caller's arguments are ignored; under the SysV calling convention a function
 * taking none may be called with any.) cuGetProcAddress hands them out too (shim_stubs). */
#include "shim.h"

// clang-format off
#define SHIM_UNSUPPORTED(X)                                                                        \
    X(cuMipmappedArrayCreate) X(cuMipmappedArrayDestroy) X(cuMipmappedArrayGetLevel)                \
    X(cuMemcpyPeer) X(cuMemcpyPeerAsync) X(cuMemAllocPitch_v2)                 \
    X(cuMemAllocFromPoolAsync) X(cuMemPoolCreate)              \
    X(cuMemsetD2D8_v2) X(cuMemsetD2D16_v2) X(cuMemsetD2D32_v2) X(cuMemsetD2D8Async)                 \
    X(cuMemsetD2D16Async) X(cuMemsetD2D32Async) X(cuMemPrefetchAsync) X(cuMemAdvise)                \
    X(cuMemAdvise_v2) X(cuMemCreate) X(cuMemMap) X(cuMemUnmap) X(cuMemAddressReserve)               \
    X(cuMemAddressFree) X(cuMemSetAccess) X(cuMemRelease)                  \
    X(cuPointerGetAttributes) X(cuLaunchCooperativeKernelMultiDevice)  \
    X(cuStreamBeginCapture_v2)       \
    X(cuStreamEndCapture) X(cuStreamIsCapturing) X(cuStreamGetCaptureInfo_v2)                       \
    X(cuStreamGetCaptureInfo_v3) X(cuGraphCreate) X(cuGraphInstantiateWithFlags) X(cuGraphLaunch)   \
    X(cuGraphDestroy) X(cuGraphExecDestroy) X(cuLibraryLoadData)                                     \
    X(cuLibraryLoadFromFile) X(cuLibraryGetKernel) X(cuLibraryGetModule) X(cuLibraryUnload)         \
    X(cuKernelGetFunction) X(cuModuleGetTexRef) X(cuModuleGetSurfRef) X(cuCtxSetLimit)              \
    X(cuCtxGetLimit) X(cuCtxEnablePeerAccess) X(cuCtxDisablePeerAccess) X(cuDeviceCanAccessPeer)    \
    X(cuDeviceGetP2PAttribute) X(cuDeviceGetUuid) X(cuDeviceGetUuid_v2) X(cuDeviceGetLuid)          \
    X(cuDeviceGetPCIBusId) X(cuDeviceGetByPCIBusId) X(cuDeviceGetDefaultMemPool)                    \
    X(cuDeviceGetMemPool) X(cuDeviceGetTexture1DLinearMaxWidth) X(cuIpcGetMemHandle)                \
    X(cuIpcOpenMemHandle_v2) X(cuIpcCloseMemHandle) X(cuIpcGetEventHandle) X(cuIpcOpenEventHandle)  \
    X(cuFuncGetModule)     \
    X(cuFuncSetSharedMemConfig) X(cuFuncSetBlockShape) X(cuParamSetSize) X(cuLaunch) X(cuLaunchGrid) \
    X(cuProfilerStart)               \
    X(cuProfilerStop) X(cuCtxResetPersistingL2Cache) X(cuStreamSetAttribute) X(cuStreamGetAttribute) \
    X(cuDeviceGetNvSciSyncAttributes) X(cuImportExternalMemory)               \
    X(cuDestroyExternalMemory) X(cuSignalExternalSemaphoresAsync) X(cuWaitExternalSemaphoresAsync)
// clang-format on

#define X(name)                                                                                       \
    CUresult name(void);                                                                              \
    CUresult name(void) {                                                                             \
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, #name, "not implemented by the ptxsim simulator"); \
    }
SHIM_UNSUPPORTED(X)
#undef X

/* For cuGetProcAddress (shim_proc.c): a program that asks for one of these gets the stub, which
 * fails with a message naming it when called. */
#define X(name) {#name, (void *)name},
const shim_stub shim_stubs[] = {SHIM_UNSUPPORTED(X){NULL, NULL}};
#undef X
