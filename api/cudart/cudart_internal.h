/* cudart_internal.h — state shared by the files of ptxsim's CUDA runtime (libcudart.so.13): the
 * registered fat binaries, kernels and variables, and the per-thread error state. The runtime is
 * a client of the Driver-API shim (libcuda.so.1), as NVIDIA's runtime is of the driver: the two
 * share the primary context (docs/cudart.md). */
#ifndef PTXSIM_CUDART_INTERNAL_H
#define PTXSIM_CUDART_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>

#include "cudart_abi.h"
#include "cudart_api.h"
#include "cudart_tools.h"

#define PS_CUDART_API __attribute__((visibility("default")))

/* One __cudaRegisterFatBinary: its PTX is extracted and loaded at first use, once per primary
 * context (generation). */
typedef struct ps_cudart_fatbin {
    const void *wrapper;
    const uint8_t *data;
    const void *const *prelinked; /* -rdc=true: the units' fat binaries (NULL-ended), linked here */
    CUmodule mod;
    int generation;         /* the context generation mod belongs to */
    cudaError_t load_error; /* the failure of the latest load attempt (this generation) */
    int failed_generation;  /* generation of load_error; -1: none */
    bool reported;          /* its failure was printed */
    struct ps_cudart_fatbin *next;
} ps_cudart_fatbin;

struct ps_cudart_func {
    const void *host_fun;
    char *device_name;
    ps_cudart_fatbin *fb;
    CUfunction f;
    int generation;
};

typedef struct {
    const void *host_var; /* the shadow variable's address (the key) */
    char *device_name;
    ps_cudart_fatbin *fb;
    size_t size;
    bool constant, managed;
    void **managed_ptr; /* __cudaRegisterManagedVar: where the host reads the variable's address */
    void *mirror;       /* managed: the host copy, pushed before and pulled after each launch */
} ps_cudart_var;

typedef struct {
    pthread_mutex_t lock;
    ps_cudart_fatbin *fatbins;
    struct ps_cudart_func **funcs; /* hash by host_fun */
    size_t nfuncs, cap_funcs;
    ps_cudart_var *vars;
    size_t nvars, cap_vars;
    int generation;     /* bumped by cudaDeviceReset */
    cudaError_t sticky; /* a kernel fault: every later call fails with it until reset */
    int device_flags;
    size_t limits[7];
} ps_cudart_state;

extern ps_cudart_state ps_rt;

/* Makes the primary context current in the calling thread (initialising the shim once); returns
 * the sticky error, if any, else cudaSuccess or the failure. */
cudaError_t ps_rt_enter(void);
/* The first statement of every runtime call: returns ps_rt_enter's error (recorded as the
 * thread's last error) from the calling function. */
#define ENTER()                                         \
    do {                                                \
        cudaError_t e_ = ps_rt_enter();                 \
        if (e_ != cudaSuccess) return ps_rt_result(e_); \
    } while (0)
/* Whether the process is exiting (the shim's contexts may be gone). */
bool ps_rt_unloading(void);
/* Records r as the calling thread's last error (cudaGetLastError) when it is one; returns r.
 * A CUresult of a fault makes it sticky. */
cudaError_t ps_rt_result(cudaError_t r);
cudaError_t ps_rt_cu(CUresult r); /* ps_rt_result of the driver's result */
/* A message on stderr, "ptxsim cudart: ..." (silenced by PTXSIM_CUDA_QUIET). */
void ps_rt_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "ptxsim cudart: <call> is not supported by ptxsim", once per call; cudaErrorNotSupported. */
cudaError_t ps_rt_unsupported(const char *call, const char *why);

/* register.c: the kernel of a host stub, loaded; NULL with *err set. */
struct ps_cudart_func *ps_rt_func(const void *host_fun, cudaError_t *err);
/* The same for a registered kernel (a cudaKernel_t). */
struct ps_cudart_func *ps_rt_prepare(struct ps_cudart_func *f, cudaError_t *err);
/* The device address and size of a registered variable (by its shadow's address). */
cudaError_t ps_rt_symbol(const void *symbol, CUdeviceptr *addr, size_t *size, ps_cudart_var **var);
/* Managed variables: host copies to the device before a launch, and back after it. */
void ps_rt_managed_push(void);
void ps_rt_managed_pull(void);
/* Forgets the loaded modules (cudaDeviceReset). */
void ps_rt_reset_modules(void);

/* launch.c: a launch (stream NULL: run now; a capturing stream: recorded). */
cudaError_t ps_rt_launch(struct ps_cudart_func *f, dim3 grid, dim3 block, void **args, size_t shared,
                         const unsigned cluster[3], cudaStream_t stream);

/* graph.c: stream capture. ps_rt_capturing: the capture stream s belongs to, NULL when none. */
typedef struct ps_rt_capture ps_rt_capture;
ps_rt_capture *ps_rt_capturing(cudaStream_t s);
/* A synchronous call: fails with cudaErrorStreamCaptureUnsupported (invalidating them) while a
 * global or thread-local capture is open; else cudaSuccess. */
cudaError_t ps_rt_capture_guard(void);
/* Work on the legacy stream (a synchronous copy or memset, anything on stream 0): fails with
 * cudaErrorStreamCaptureImplicit (invalidating it) while a blocking stream is capturing. */
cudaError_t ps_rt_capture_legacy(void);
/* Returns ps_rt_capture_legacy's error from the calling function (legacy-stream work). */
#define LEGACY()                                 \
    do {                                         \
        cudaError_t g_ = ps_rt_capture_legacy(); \
        if (g_ != cudaSuccess) return g_;        \
    } while (0)
/* Work the recorder does not take: the capture is invalidated, the call unsupported. */
cudaError_t ps_rt_capture_refuse(ps_rt_capture *c, const char *what);
cudaError_t ps_rt_record_kernel(ps_rt_capture *c, struct ps_cudart_func *f, dim3 grid, dim3 block, size_t shared,
                                const unsigned cluster[3], void **args);
cudaError_t ps_rt_record_copy(ps_rt_capture *c, void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind);
cudaError_t ps_rt_record_set(ps_rt_capture *c, void *dst, int value, size_t bytes);
cudaError_t ps_rt_record_host(ps_rt_capture *c, cudaHostFn_t fn, void *data);
void ps_rt_capture_event(ps_rt_capture *c, cudaEvent_t e);
bool ps_rt_capture_join(cudaStream_t s, cudaEvent_t e);

/* The shim's (api/shim/shim_site.c): the next cuMemAlloc* of this thread is the program's call
 * `api` returning to `ret`, so that findings name the program's line, not the runtime's. */
void cuptxsim_alloc_site(void *ret, const char *api);

/* memory.c: a copy in a given direction (cudaMemcpyDefault: by address). */
cudaError_t ps_rt_copy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind);
/* texture.c: cudaMemcpy3D with a CUDA array at either end. */
cudaError_t ps_rt_copy3d_array(const struct cudaMemcpy3DParms *p);

#endif
