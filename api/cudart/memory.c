/* memory.c — the runtime's memory calls on the shim: device, managed, page-locked and registered
 * host memory, copies (1D, 2D, 3D, to and from symbols), memsets, pointer attributes, and the
 * default memory pool of stream-ordered allocation. Every operation finishes before it returns, so
 * the Async forms are the plain ones in stream order. */
#include <stdlib.h>
#include <string.h>

#include "cudart_internal.h"

/* Allocation during a global capture: cudaErrorStreamCaptureUnsupported (graph.c). */
#define GUARD()                                 \
    do {                                        \
        cudaError_t g_ = ps_rt_capture_guard(); \
        if (g_ != cudaSuccess) return g_;       \
    } while (0)

/* ---- allocation ------------------------------------------------------------------------------- */
/* api: the runtime call the program made, ret: where it returns to in the program. */
static cudaError_t do_cudaMalloc(void **p, size_t bytes, const char *api, void *ret) {
    ENTER();
    if (!p) return ps_rt_result(cudaErrorInvalidValue);
    if (!bytes) { /* the runtime hands out NULL for 0 bytes */
        *p = NULL;
        return cudaSuccess;
    }
    CUdeviceptr d = 0;
    cuptxsim_alloc_site(ret, api);
    cudaError_t r = ps_rt_cu(cuMemAlloc_v2(&d, bytes));
    *p = r == cudaSuccess ? (void *)(uintptr_t)d : NULL;
    return r;
}

static cudaError_t do_cudaFree(void *p) {
    ENTER();
    if (!p) return cudaSuccess;
    return ps_rt_cu(cuMemFree_v2((uintptr_t)p));
}

PS_CUDART_API cudaError_t cudaMallocManaged(void **p, size_t bytes, unsigned int flags) {
    GUARD();
    ENTER();
    if (!p || !bytes) return ps_rt_result(cudaErrorInvalidValue);
    CUdeviceptr d = 0;
    cuptxsim_alloc_site(__builtin_return_address(0), "cudaMallocManaged");
    cudaError_t r = ps_rt_cu(cuMemAllocManaged(&d, bytes, flags ? flags : CU_MEM_ATTACH_GLOBAL));
    *p = r == cudaSuccess ? (void *)(uintptr_t)d : NULL;
    return r;
}

static cudaError_t malloc_pitch(void **p, size_t *pitch, size_t width, size_t height, const char *api, void *ret) {
    GUARD();
    if (!pitch) return ps_rt_result(cudaErrorInvalidValue);
    size_t pt = (width + 511) & ~(size_t)511; /* textureAlignment of the H200 */
    if (!pt) pt = 512;
    if (height && pt > SIZE_MAX / height) return ps_rt_result(cudaErrorMemoryAllocation);
    cudaError_t r = do_cudaMalloc(p, pt * height, api, ret);
    if (r == cudaSuccess) *pitch = pt;
    return r;
}
PS_CUDART_API cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height) {
    return malloc_pitch(p, pitch, width, height, "cudaMallocPitch", __builtin_return_address(0));
}

PS_CUDART_API cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pp, struct cudaExtent e) {
    if (!pp) return ps_rt_result(cudaErrorInvalidValue);
    size_t pitch = 0;
    if (e.height && e.depth && e.height > SIZE_MAX / e.depth) return ps_rt_result(cudaErrorMemoryAllocation);
    void *p = NULL;
    cudaError_t r = malloc_pitch(&p, &pitch, e.width, e.height * e.depth, "cudaMalloc3D", __builtin_return_address(0));
    if (r == cudaSuccess) *pp = (struct cudaPitchedPtr){p, pitch, e.width, e.height};
    return r;
}

PS_CUDART_API cudaError_t cudaMallocHost(void **p, size_t bytes) {
    GUARD();
    ENTER();
    if (!p) return ps_rt_result(cudaErrorInvalidValue);
    return ps_rt_cu(cuMemHostAlloc(p, bytes, 0));
}

PS_CUDART_API cudaError_t cudaHostAlloc(void **p, size_t bytes, unsigned int flags) {
    GUARD();
    ENTER();
    if (!p) return ps_rt_result(cudaErrorInvalidValue);
    return ps_rt_cu(cuMemHostAlloc(p, bytes, flags));
}

PS_CUDART_API cudaError_t cudaFreeHost(void *p) {
    GUARD();
    ENTER();
    if (!p) return cudaSuccess;
    return ps_rt_cu(cuMemFreeHost(p));
}

PS_CUDART_API cudaError_t cudaHostRegister(void *p, size_t bytes, unsigned int flags) {
    ENTER();
    return ps_rt_cu(cuMemHostRegister_v2(p, bytes, flags));
}

PS_CUDART_API cudaError_t cudaHostUnregister(void *p) {
    ENTER();
    return ps_rt_cu(cuMemHostUnregister(p));
}

PS_CUDART_API cudaError_t cudaHostGetDevicePointer(void **d, void *p, unsigned int flags) {
    ENTER();
    if (!d) return ps_rt_result(cudaErrorInvalidValue);
    CUdeviceptr x = 0;
    cudaError_t r = ps_rt_cu(cuMemHostGetDevicePointer_v2(&x, p, flags));
    if (r == cudaSuccess) *d = (void *)(uintptr_t)x;
    return r;
}

PS_CUDART_API cudaError_t cudaHostGetFlags(unsigned int *flags, void *p) {
    ENTER();
    if (!flags) return ps_rt_result(cudaErrorInvalidValue);
    CUdeviceptr x;
    cudaError_t r = ps_rt_cu(cuMemHostGetDevicePointer_v2(&x, p, 0));
    if (r == cudaSuccess) *flags = 0;
    return r;
}

/* ---- pointer attributes ----------------------------------------------------------------------- */
PS_CUDART_API cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *a, const void *ptr) {
    ENTER();
    if (!a) return ps_rt_result(cudaErrorInvalidValue);
    memset(a, 0, sizeof *a);
    unsigned type = 0;
    if (cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (uintptr_t)ptr) != CUDA_SUCCESS) {
        a->type = cudaMemoryTypeUnregistered; /* plain host memory: no error since CUDA 11 */
        a->device = -2;
        return cudaSuccess;
    }
    a->device = 0;
    a->devicePointer = (void *)ptr;
    if (type == CU_MEMORYTYPE_UNIFIED) a->type = cudaMemoryTypeManaged, a->hostPointer = (void *)ptr;
    else if (type == CU_MEMORYTYPE_HOST) a->type = cudaMemoryTypeHost, a->hostPointer = (void *)ptr;
    else a->type = cudaMemoryTypeDevice;
    return cudaSuccess;
}

/* ---- copies ----------------------------------------------------------------------------------- */
static bool on_device(const void *p) {
    unsigned type = 0;
    return cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (uintptr_t)p) == CUDA_SUCCESS &&
        type == CU_MEMORYTYPE_DEVICE;
}

cudaError_t ps_rt_copy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind) {
    if (!n) return cudaSuccess;
    if (!dst || !src) return ps_rt_result(cudaErrorInvalidValue);
    switch (kind) {
    case cudaMemcpyHostToHost: memmove(dst, src, n); return cudaSuccess;
    case cudaMemcpyHostToDevice: return ps_rt_cu(cuMemcpyHtoD_v2((uintptr_t)dst, src, n));
    case cudaMemcpyDeviceToHost: return ps_rt_cu(cuMemcpyDtoH_v2(dst, (uintptr_t)src, n));
    case cudaMemcpyDeviceToDevice: return ps_rt_cu(cuMemcpyDtoD_v2((uintptr_t)dst, (uintptr_t)src, n));
    case cudaMemcpyDefault: return ps_rt_cu(cuMemcpy((uintptr_t)dst, (uintptr_t)src, n));
    }
    return ps_rt_result(cudaErrorInvalidMemcpyDirection);
}

static cudaError_t do_cudaMemcpy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind) {
    ENTER();
    return ps_rt_copy(dst, src, n, kind);
}

PS_CUDART_API cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind,
                                          cudaStream_t s) {
    if (!s || s == cudaStreamLegacy) LEGACY();
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return n ? ps_rt_record_copy(c, dst, src, n, kind) : cudaSuccess;
    return do_cudaMemcpy(dst, src, n, kind);
}

PS_CUDART_API cudaError_t cudaMemcpyPeer(void *dst, int dd, const void *src, int sd, size_t n) {
    if (dd != 0 || sd != 0) return ps_rt_result(cudaErrorInvalidDevice);
    return cudaMemcpy(dst, src, n, cudaMemcpyDeviceToDevice);
}

PS_CUDART_API cudaError_t cudaMemcpyPeerAsync(void *dst, int dd, const void *src, int sd, size_t n, cudaStream_t s) {
    if (dd != 0 || sd != 0) return ps_rt_result(cudaErrorInvalidDevice);
    return cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToDevice, s);
}

/* One row at a time. */
static cudaError_t do_cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                   size_t height, enum cudaMemcpyKind kind) {
    ENTER();
    if (height && (width > dpitch || width > spitch)) return ps_rt_result(cudaErrorInvalidPitchValue);
    for (size_t y = 0; y < height; y++) {
        cudaError_t r = ps_rt_copy((char *)dst + y * dpitch, (const char *)src + y * spitch, width, kind);
        if (r != cudaSuccess) return r;
    }
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                            size_t height, enum cudaMemcpyKind kind, cudaStream_t s) {
    if (!s || s == cudaStreamLegacy) LEGACY();
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaMemcpy2DAsync during stream capture");
    return do_cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

static cudaError_t do_cudaMemcpy3D(const struct cudaMemcpy3DParms *p) {
    ENTER();
    if (!p) return ps_rt_result(cudaErrorInvalidValue);
    if (p->srcArray || p->dstArray) return ps_rt_copy3d_array(p);
    const struct cudaPitchedPtr *s = &p->srcPtr, *d = &p->dstPtr;
    size_t w = p->extent.width;
    if (p->srcPos.x + w > s->pitch || p->dstPos.x + w > d->pitch) return ps_rt_result(cudaErrorInvalidPitchValue);
    for (size_t z = 0; z < p->extent.depth; z++)
        for (size_t y = 0; y < p->extent.height; y++) {
            const char *from =
                (const char *)s->ptr + ((z + p->srcPos.z) * s->ysize + y + p->srcPos.y) * s->pitch + p->srcPos.x;
            char *to = (char *)d->ptr + ((z + p->dstPos.z) * d->ysize + y + p->dstPos.y) * d->pitch + p->dstPos.x;
            cudaError_t r = ps_rt_copy(to, from, w, p->kind);
            if (r != cudaSuccess) return r;
        }
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t s) {
    if (!s || s == cudaStreamLegacy) LEGACY();
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaMemcpy3DAsync during stream capture");
    return do_cudaMemcpy3D(p);
}

/* ---- symbols ---------------------------------------------------------------------------------- */
static cudaError_t symbol_range(const void *symbol, size_t n, size_t offset, char **where) {
    CUdeviceptr a = 0;
    size_t size = 0;
    ps_cudart_var *v = NULL;
    cudaError_t r = ps_rt_symbol(symbol, &a, &size, &v);
    if (r != cudaSuccess) return ps_rt_result(r);
    if (offset > size || n > size - offset) return ps_rt_result(cudaErrorInvalidValue);
    *where = (v->managed ? (char *)v->mirror : (char *)(uintptr_t)a) + offset;
    return cudaSuccess;
}

static cudaError_t do_cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n, size_t offset,
                                         enum cudaMemcpyKind kind) {
    ENTER();
    char *to;
    cudaError_t r = symbol_range(symbol, n, offset, &to);
    if (r != cudaSuccess) return r;
    if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
        return ps_rt_result(cudaErrorInvalidMemcpyDirection);
    return ps_rt_copy(to, src, n, on_device(to) ? kind : cudaMemcpyDefault);
}

static cudaError_t do_cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n, size_t offset,
                                           enum cudaMemcpyKind kind) {
    ENTER();
    char *from;
    cudaError_t r = symbol_range(symbol, n, offset, &from);
    if (r != cudaSuccess) return r;
    if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
        return ps_rt_result(cudaErrorInvalidMemcpyDirection);
    return ps_rt_copy(dst, from, n, on_device(from) ? kind : cudaMemcpyDefault);
}

PS_CUDART_API cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t n, size_t offset,
                                                  enum cudaMemcpyKind kind, cudaStream_t s) {
    if (!s || s == cudaStreamLegacy) LEGACY();
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaMemcpyToSymbolAsync during stream capture");
    return do_cudaMemcpyToSymbol(symbol, src, n, offset, kind);
}

PS_CUDART_API cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t n, size_t offset,
                                                    enum cudaMemcpyKind kind, cudaStream_t s) {
    if (!s || s == cudaStreamLegacy) LEGACY();
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaMemcpyFromSymbolAsync during stream capture");
    return do_cudaMemcpyFromSymbol(dst, symbol, n, offset, kind);
}

PS_CUDART_API cudaError_t cudaGetSymbolAddress(void **p, const void *symbol) {
    ENTER();
    if (!p) return ps_rt_result(cudaErrorInvalidValue);
    char *where;
    cudaError_t r = symbol_range(symbol, 0, 0, &where);
    if (r == cudaSuccess) *p = where;
    return r;
}

PS_CUDART_API cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) {
    ENTER();
    if (!size) return ps_rt_result(cudaErrorInvalidValue);
    CUdeviceptr a;
    return ps_rt_result(ps_rt_symbol(symbol, &a, size, NULL));
}

/* ---- memsets ---------------------------------------------------------------------------------- */
static cudaError_t do_cudaMemset(void *p, int value, size_t n) {
    ENTER();
    if (!n) return cudaSuccess;
    return ps_rt_cu(cuMemsetD8_v2((uintptr_t)p, (unsigned char)value, n));
}

PS_CUDART_API cudaError_t cudaMemsetAsync(void *p, int value, size_t n, cudaStream_t s) {
    if (!s || s == cudaStreamLegacy) LEGACY();
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return n ? ps_rt_record_set(c, p, value, n) : cudaSuccess;
    return do_cudaMemset(p, value, n);
}

static cudaError_t do_cudaMemset2D(void *p, size_t pitch, int value, size_t width, size_t height) {
    ENTER();
    if (height && width > pitch) return ps_rt_result(cudaErrorInvalidPitchValue);
    for (size_t y = 0; y < height && width; y++) {
        cudaError_t r = ps_rt_cu(cuMemsetD8_v2((uintptr_t)p + y * pitch, (unsigned char)value, width));
        if (r != cudaSuccess) return r;
    }
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaMemset2DAsync(void *p, size_t pitch, int value, size_t width, size_t height,
                                            cudaStream_t s) {
    if (!s || s == cudaStreamLegacy) LEGACY();
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaMemset2DAsync during stream capture");
    return do_cudaMemset2D(p, pitch, value, width, height);
}

static cudaError_t do_cudaMemset3D(struct cudaPitchedPtr pp, int value, struct cudaExtent e) {
    ENTER();
    if (e.width > pp.pitch) return ps_rt_result(cudaErrorInvalidPitchValue);
    for (size_t z = 0; z < e.depth; z++)
        for (size_t y = 0; y < e.height && e.width; y++) {
            uintptr_t row = (uintptr_t)pp.ptr + (z * pp.ysize + y) * pp.pitch;
            cudaError_t r = ps_rt_cu(cuMemsetD8_v2(row, (unsigned char)value, e.width));
            if (r != cudaSuccess) return r;
        }
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pp, int value, struct cudaExtent e, cudaStream_t s) {
    if (!s || s == cudaStreamLegacy) LEGACY();
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaMemset3DAsync during stream capture");
    return do_cudaMemset3D(pp, value, e);
}

/* ---- managed-memory hints: the one copy is already where every side reads it ------------------ */
PS_CUDART_API cudaError_t cudaStreamAttachMemAsync(cudaStream_t s, void *p, size_t n, unsigned int flags) {
    ENTER();
    return cudaSuccess;
}

/* ---- stream-ordered allocation: the device's one default pool --------------------------------- */
struct ps_mem_pool {
    unsigned long long release_threshold;
};
static struct ps_mem_pool default_pool;

PS_CUDART_API cudaError_t cudaMallocAsync(void **p, size_t bytes, cudaStream_t s) {
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaMallocAsync during stream capture");
    return do_cudaMalloc(p, bytes, "cudaMallocAsync", __builtin_return_address(0));
}
PS_CUDART_API cudaError_t cudaFreeAsync(void *p, cudaStream_t s) {
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaFreeAsync during stream capture");
    return do_cudaFree(p);
}
PS_CUDART_API cudaError_t cudaMallocFromPoolAsync(void **p, size_t bytes, cudaMemPool_t pool, cudaStream_t s) {
    if (pool != &default_pool) return ps_rt_result(cudaErrorInvalidValue);
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaMallocAsync during stream capture");
    return do_cudaMalloc(p, bytes, "cudaMallocFromPoolAsync", __builtin_return_address(0));
}

PS_CUDART_API cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int device) {
    if (!pool) return ps_rt_result(cudaErrorInvalidValue);
    if (device != 0) return ps_rt_result(cudaErrorInvalidDevice);
    *pool = &default_pool;
    return cudaSuccess;
}
PS_CUDART_API cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int device) {
    return cudaDeviceGetDefaultMemPool(pool, device);
}
PS_CUDART_API cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool) {
    if (device != 0) return ps_rt_result(cudaErrorInvalidDevice);
    if (pool != &default_pool) return ps_rt_unsupported("cudaDeviceSetMemPool", "only the default pool exists");
    return cudaSuccess;
}
PS_CUDART_API cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t keep) {
    return pool == &default_pool ? cudaSuccess : ps_rt_result(cudaErrorInvalidValue);
}

/* The attributes a program sets and reads back; the reuse policies are hints. */
PS_CUDART_API cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, int attr, void *value) {
    if (pool != &default_pool || !value) return ps_rt_result(cudaErrorInvalidValue);
    if (attr == cudaMemPoolAttrReleaseThreshold) pool->release_threshold = *(unsigned long long *)value;
    else if (attr < 1 || attr > 3) return ps_rt_unsupported("cudaMemPoolSetAttribute", "usage statistics are not kept");
    return cudaSuccess;
}
PS_CUDART_API cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, int attr, void *value) {
    if (pool != &default_pool || !value) return ps_rt_result(cudaErrorInvalidValue);
    if (attr == cudaMemPoolAttrReleaseThreshold) *(unsigned long long *)value = pool->release_threshold;
    else if (attr >= 1 && attr <= 3) *(int *)value = 1;
    else return ps_rt_unsupported("cudaMemPoolGetAttribute", "usage statistics are not kept");
    return cudaSuccess;
}

/* ---- the synchronous calls: not while a global or thread-local stream capture is open --------- */
PS_CUDART_API cudaError_t cudaMalloc(void **p, size_t bytes) {
    GUARD();
    return do_cudaMalloc(p, bytes, "cudaMalloc", __builtin_return_address(0));
}
PS_CUDART_API cudaError_t cudaFree(void *p) {
    GUARD();
    return do_cudaFree(p);
}
PS_CUDART_API cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind) {
    LEGACY();
    return do_cudaMemcpy(dst, src, n, kind);
}
PS_CUDART_API cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                       size_t height, enum cudaMemcpyKind kind) {
    LEGACY();
    return do_cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
PS_CUDART_API cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) {
    LEGACY();
    return do_cudaMemcpy3D(p);
}
PS_CUDART_API cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n, size_t offset,
                                             enum cudaMemcpyKind kind) {
    LEGACY();
    return do_cudaMemcpyToSymbol(symbol, src, n, offset, kind);
}
PS_CUDART_API cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n, size_t offset,
                                               enum cudaMemcpyKind kind) {
    LEGACY();
    return do_cudaMemcpyFromSymbol(dst, symbol, n, offset, kind);
}
PS_CUDART_API cudaError_t cudaMemset(void *p, int value, size_t n) {
    LEGACY();
    return do_cudaMemset(p, value, n);
}
PS_CUDART_API cudaError_t cudaMemset2D(void *p, size_t pitch, int value, size_t width, size_t height) {
    LEGACY();
    return do_cudaMemset2D(p, pitch, value, width, height);
}
PS_CUDART_API cudaError_t cudaMemset3D(struct cudaPitchedPtr pp, int value, struct cudaExtent e) {
    LEGACY();
    return do_cudaMemset3D(pp, value, e);
}

/* ---- the per-thread default stream's names of the calls above (every stream is in order) ------ */
#define PS_ALIAS(name, target) extern __typeof(target) name __attribute__((alias(#target), visibility("default")));
PS_ALIAS(cudaMemcpy_ptds, cudaMemcpy)
PS_ALIAS(cudaMemcpyAsync_ptsz, cudaMemcpyAsync)
PS_ALIAS(cudaMemcpy2D_ptds, cudaMemcpy2D)
PS_ALIAS(cudaMemcpy2DAsync_ptsz, cudaMemcpy2DAsync)
PS_ALIAS(cudaMemcpy3D_ptds, cudaMemcpy3D)
PS_ALIAS(cudaMemcpy3DAsync_ptsz, cudaMemcpy3DAsync)
PS_ALIAS(cudaMemcpyToSymbol_ptds, cudaMemcpyToSymbol)
PS_ALIAS(cudaMemcpyFromSymbol_ptds, cudaMemcpyFromSymbol)
PS_ALIAS(cudaMemcpyToSymbolAsync_ptsz, cudaMemcpyToSymbolAsync)
PS_ALIAS(cudaMemcpyFromSymbolAsync_ptsz, cudaMemcpyFromSymbolAsync)
PS_ALIAS(cudaMemset_ptds, cudaMemset)
PS_ALIAS(cudaMemsetAsync_ptsz, cudaMemsetAsync)
PS_ALIAS(cudaMemset2D_ptds, cudaMemset2D)
PS_ALIAS(cudaMemset2DAsync_ptsz, cudaMemset2DAsync)
PS_ALIAS(cudaMemset3D_ptds, cudaMemset3D)
PS_ALIAS(cudaMemset3DAsync_ptsz, cudaMemset3DAsync)
PS_ALIAS(cudaMallocAsync_ptsz, cudaMallocAsync)
PS_ALIAS(cudaFreeAsync_ptsz, cudaFreeAsync)
PS_ALIAS(cudaMallocFromPoolAsync_ptsz, cudaMallocFromPoolAsync)
PS_ALIAS(cudaStreamAttachMemAsync_ptsz, cudaStreamAttachMemAsync)
