/* cuda_api.h — the few CUDA driver API types, constants and entry points the GPU harness uses,
 * declared here with the driver's documented ABI so that ptxsim builds without cuda.h and loads
 * libcuda.so.1 at run time. Values are those of cuda.h (CUDA 13); the entry points are the
 * symbols the driver exports (the _v2 names where cuda.h maps the plain name onto them).
 * Tests fill a ps_cuda_api with fakes and open the harness with ps_gpu_open_api. */
#ifndef PTXSIM_CUDA_API_H
#define PTXSIM_CUDA_API_H

#include <stddef.h>

#include "gpu.h"

typedef int ps_cu_result;                       /* CUresult; 0 is CUDA_SUCCESS */
typedef int ps_cu_device;                       /* CUdevice (an ordinal) */
typedef unsigned long long ps_cu_deviceptr;     /* CUdeviceptr_v2 */
typedef struct ps_cu_ctx_st *ps_cu_context;     /* CUcontext, opaque */
typedef struct ps_cu_mod_st *ps_cu_module;      /* CUmodule, opaque */
typedef struct ps_cu_func_st *ps_cu_function;   /* CUfunction, opaque */
typedef struct ps_cu_stream_st *ps_cu_stream;   /* CUstream; NULL is the default stream */
typedef struct ps_cu_link_st *ps_cu_link_state; /* CUlinkState, opaque */

/* CUjitInputType */
enum { PS_CU_JIT_INPUT_PTX = 1 };

enum {
    PS_CU_SUCCESS = 0,
    PS_CU_ERROR_NOT_INITIALIZED = 3,
    PS_CU_ERROR_NO_DEVICE = 100,
    PS_CU_ERROR_INVALID_PTX = 218,
    PS_CU_ERROR_NOT_FOUND = 500,
    PS_CU_ERROR_ILLEGAL_ADDRESS = 700,
    PS_CU_ERROR_LAUNCH_FAILED = 719,
};

/* CUdevice_attribute */
enum {
    PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
    PS_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
};

/* CUfunction_attribute */
enum { PS_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8 };

/* CUjit_option (an int-sized enum); buffer sizes travel as (void *)(uintptr_t)bytes */
enum {
    PS_CU_JIT_INFO_LOG_BUFFER = 3,
    PS_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
    PS_CU_JIT_ERROR_LOG_BUFFER = 5,
    PS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
    PS_CU_JIT_LOG_VERBOSE = 12,
};

/* cuLaunchKernelEx's configuration (CUlaunchConfig, CUlaunchAttribute): only the cluster
 * shape is used. The attribute value is a 64-byte union in cuda.h. */
enum { PS_CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4 };
typedef struct {
    int id; /* CUlaunchAttributeID */
    char pad[4];
    union {
        char bytes[64];
        struct {
            unsigned x, y, z;
        } cluster_dim;
    } value;
} ps_cu_launch_attribute;
typedef struct {
    unsigned grid_x, grid_y, grid_z, block_x, block_y, block_z, shared_bytes;
    ps_cu_stream stream;
    ps_cu_launch_attribute *attrs;
    unsigned num_attrs;
} ps_cu_launch_config;

/* Static shared memory a kernel may use without opting in (CUDA's 48 KiB default). */
#define PS_CU_DEFAULT_SHARED_LIMIT (48u * 1024u)

/* The entry points, as function pointers. X(field, symbol, required): the harness resolves
 * `symbol` with dlsym; a missing required one means the driver is unusable. */
// clang-format off
#define PS_CUDA_API_LIST(X)                                                                         \
    X(init, "cuInit", 1, ps_cu_result, (unsigned flags))                                            \
    X(driver_get_version, "cuDriverGetVersion", 1, ps_cu_result, (int *version))                    \
    X(device_get_count, "cuDeviceGetCount", 1, ps_cu_result, (int *count))                          \
    X(device_get, "cuDeviceGet", 1, ps_cu_result, (ps_cu_device * dev, int ordinal))                \
    X(device_get_name, "cuDeviceGetName", 1, ps_cu_result, (char *name, int len, ps_cu_device dev)) \
    X(device_get_attribute, "cuDeviceGetAttribute", 1, ps_cu_result,                                \
      (int *value, int attrib, ps_cu_device dev))                                                   \
    X(ctx_create, "cuCtxCreate_v2", 1, ps_cu_result,                                                \
      (ps_cu_context * ctx, unsigned flags, ps_cu_device dev))                                      \
    X(ctx_destroy, "cuCtxDestroy_v2", 1, ps_cu_result, (ps_cu_context ctx))                         \
    X(ctx_synchronize, "cuCtxSynchronize", 1, ps_cu_result, (void))                                 \
    X(module_load_data_ex, "cuModuleLoadDataEx", 1, ps_cu_result,                                   \
      (ps_cu_module * mod, const void *image, unsigned nopts, int *opts, void **values))            \
    X(module_unload, "cuModuleUnload", 1, ps_cu_result, (ps_cu_module mod))                         \
    X(module_get_function, "cuModuleGetFunction", 1, ps_cu_result,                                  \
      (ps_cu_function * fn, ps_cu_module mod, const char *name))                                    \
    X(module_get_global, "cuModuleGetGlobal_v2", 0, ps_cu_result,                                   \
      (ps_cu_deviceptr * ptr, size_t * bytes, ps_cu_module mod, const char *name))                  \
    X(func_set_attribute, "cuFuncSetAttribute", 1, ps_cu_result,                                    \
      (ps_cu_function fn, int attrib, int value))                                                   \
    X(mem_alloc, "cuMemAlloc_v2", 1, ps_cu_result, (ps_cu_deviceptr * ptr, size_t bytes))           \
    X(mem_free, "cuMemFree_v2", 1, ps_cu_result, (ps_cu_deviceptr ptr))                             \
    X(memcpy_htod, "cuMemcpyHtoD_v2", 1, ps_cu_result,                                              \
      (ps_cu_deviceptr dst, const void *src, size_t bytes))                                         \
    X(memcpy_dtoh, "cuMemcpyDtoH_v2", 1, ps_cu_result, (void *dst, ps_cu_deviceptr src, size_t bytes)) \
    X(launch_kernel, "cuLaunchKernel", 1, ps_cu_result,                                             \
      (ps_cu_function fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,          \
       unsigned bz, unsigned shared_bytes, ps_cu_stream stream, void **params, void **extra))       \
    X(launch_kernel_ex, "cuLaunchKernelEx", 0, ps_cu_result,                                        \
      (const ps_cu_launch_config *config, ps_cu_function fn, void **params, void **extra))          \
    X(link_create, "cuLinkCreate_v2", 0, ps_cu_result,                                              \
      (unsigned nopts, int *opts, void **values, ps_cu_link_state *state))                          \
    X(link_add_data, "cuLinkAddData_v2", 0, ps_cu_result,                                           \
      (ps_cu_link_state state, int type, void *data, size_t size, const char *name, unsigned nopts, \
       int *opts, void **values))                                                                   \
    X(link_complete, "cuLinkComplete", 0, ps_cu_result,                                             \
      (ps_cu_link_state state, void **cubin, size_t *size))                                         \
    X(link_destroy, "cuLinkDestroy", 0, ps_cu_result, (ps_cu_link_state state))                     \
    X(get_error_name, "cuGetErrorName", 1, ps_cu_result, (ps_cu_result err, const char **name))     \
    X(get_error_string, "cuGetErrorString", 1, ps_cu_result, (ps_cu_result err, const char **text))
// clang-format on

typedef struct {
#define X(field, symbol, required, ret, args) ret(*field) args;
    PS_CUDA_API_LIST(X)
#undef X
} ps_cuda_api;

/* Opens the harness on an already filled table (tests); ps_gpu_open fills it from libcuda. */
ps_gpu_status ps_gpu_open_api(const ps_cuda_api *api, int ordinal, ps_gpu **out, char *err, size_t errlen);

#endif
