/* shim_mem.c — the libcuda shim's memory calls: device allocations, copies and memsets (the
 * asynchronous forms finish before they return, so stream order holds trivially), and page-locked
 * or registered host memory, which kernels then address directly (host-memory mode). */
#include <stdlib.h>
#include <string.h>

#include "shim.h"

static CUresult mem_status(ptxsim_status st, struct CUctx_st *c, const char *fn) {
    switch (st) {
    case PTXSIM_OK: return CUDA_SUCCESS;
    case PTXSIM_ERR_OUT_OF_MEMORY: return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, fn, "%s", ptxsim_context_message(c->sim));
    default: return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "%s", ptxsim_context_message(c->sim));
    }
}

#define CURRENT(fn)                     \
    struct CUctx_st *c = NULL;          \
    CUresult r_ = shim_current(fn, &c); \
    if (r_ != CUDA_SUCCESS) return r_

/* An allocation named by its call site (shim_site.c): ret is the program's return address. */
CUresult shim_mem_alloc_at(CUdeviceptr *dptr, size_t bytes, const char *api, void *ret) {
    char name[96];
    shim_alloc_name(name, sizeof name, api, ret); /* first: the runtime's announcement is used up */
    CURRENT("cuMemAlloc");
    if (!dptr || !bytes) return CUDA_ERROR_INVALID_VALUE;
    uint64_t a;
    CUresult r = mem_status(ptxsim_mem_alloc(c->sim, bytes, name, &a), c, "cuMemAlloc");
    if (r == CUDA_SUCCESS) *dptr = a, shim_site_allocated(c->sim, a, bytes, name);
    return r;
}
CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytes) {
    return shim_mem_alloc_at(dptr, bytes, "cuMemAlloc", __builtin_return_address(0));
}
CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytes) {
    return shim_mem_alloc_at(dptr, bytes, "cuMemAlloc", __builtin_return_address(0));
}

CUresult cuMemFree_v2(CUdeviceptr dptr) {
    CURRENT("cuMemFree");
    if (!dptr) return CUDA_SUCCESS;
    shim_site_freed(c->sim, dptr);
    if (shim_free_managed(c, dptr)) return CUDA_SUCCESS;
    bool host = false;
    if (ptxsim_mem_range(c->sim, dptr, NULL, NULL, &host) == PTXSIM_OK && host) /* as the driver answers */
        return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuMemFree",
                         "0x%llx is page-locked or registered host memory "
                         "(cuMemFreeHost or cuMemHostUnregister frees it)",
                         dptr);
    return mem_status(ptxsim_mem_free(c->sim, dptr), c, "cuMemFree");
}
CUresult cuMemFree(CUdeviceptr dptr) { return cuMemFree_v2(dptr); }

CUresult cuMemGetAddressRange_v2(CUdeviceptr *base, size_t *size, CUdeviceptr dptr) {
    CURRENT("cuMemGetAddressRange");
    uint64_t b, n;
    if (ptxsim_mem_range(c->sim, dptr, &b, &n, NULL) != PTXSIM_OK)
        return shim_fail(CUDA_ERROR_NOT_FOUND, "cuMemGetAddressRange", "%s", ptxsim_context_message(c->sim));
    if (base) *base = b;
    if (size) *size = n;
    return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
    CURRENT("cuMemcpyHtoD");
    shim_clock_copy(c, bytes, false);
    return mem_status(ptxsim_mem_write(c->sim, dst, src, bytes), c, "cuMemcpyHtoD");
}
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
    CURRENT("cuMemcpyDtoH");
    shim_clock_copy(c, bytes, false);
    return mem_status(ptxsim_mem_read(c->sim, dst, src, bytes), c, "cuMemcpyDtoH");
}
CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
    CURRENT("cuMemcpyDtoD");
    shim_clock_copy(c, bytes, true);
    return mem_status(ptxsim_mem_copy(c->sim, dst, src, bytes), c, "cuMemcpyDtoD");
}
CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) { return cuMemcpyHtoD_v2(dst, src, bytes); }
CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) { return cuMemcpyDtoH_v2(dst, src, bytes); }
CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t bytes) { return cuMemcpyDtoD_v2(dst, src, bytes); }

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes, CUstream s) {
    return cuMemcpyHtoD_v2(dst, src, bytes);
}
CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes, CUstream s) {
    return cuMemcpyDtoH_v2(dst, src, bytes);
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s) {
    return cuMemcpyDtoD_v2(dst, src, bytes);
}
CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t bytes, CUstream s) {
    return cuMemcpyHtoD_v2(dst, src, bytes);
}
CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t bytes, CUstream s) {
    return cuMemcpyDtoH_v2(dst, src, bytes);
}
CUresult cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s) {
    return cuMemcpyDtoD_v2(dst, src, bytes);
}

/* Unified addressing: an address inside an allocation is the device's, anything else host memory. */
CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
    CURRENT("cuMemcpy");
    bool dd = ptxsim_mem_range(c->sim, dst, NULL, NULL, NULL) == PTXSIM_OK;
    bool sd = ptxsim_mem_range(c->sim, src, NULL, NULL, NULL) == PTXSIM_OK;
    shim_clock_copy(c, bytes, dd && sd);
    ptxsim_status st;
    if (dd && sd) st = ptxsim_mem_copy(c->sim, dst, src, bytes);
    else if (dd) st = ptxsim_mem_write(c->sim, dst, (const void *)(uintptr_t)src, bytes);
    else if (sd) st = ptxsim_mem_read(c->sim, (void *)(uintptr_t)dst, src, bytes);
    else {
        memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, bytes);
        st = PTXSIM_OK;
    }
    return mem_status(st, c, "cuMemcpy");
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s) { return cuMemcpy(dst, src, bytes); }

static CUresult fill(const char *fn, CUdeviceptr dst, const void *pattern, size_t size, size_t n) {
    CURRENT(fn);
    if (dst % size) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "destination not aligned to %zu bytes", size);
    return mem_status(ptxsim_mem_fill(c->sim, dst, pattern, size, n), c, fn);
}

CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char v, size_t n) { return fill("cuMemsetD8", dst, &v, 1, n); }
CUresult cuMemsetD16_v2(CUdeviceptr dst, unsigned short v, size_t n) { return fill("cuMemsetD16", dst, &v, 2, n); }
CUresult cuMemsetD32_v2(CUdeviceptr dst, unsigned int v, size_t n) { return fill("cuMemsetD32", dst, &v, 4, n); }
CUresult cuMemsetD8(CUdeviceptr dst, unsigned char v, size_t n) { return fill("cuMemsetD8", dst, &v, 1, n); }
CUresult cuMemsetD16(CUdeviceptr dst, unsigned short v, size_t n) { return fill("cuMemsetD16", dst, &v, 2, n); }
CUresult cuMemsetD32(CUdeviceptr dst, unsigned int v, size_t n) { return fill("cuMemsetD32", dst, &v, 4, n); }
CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char v, size_t n, CUstream s) {
    return fill("cuMemsetD8Async", dst, &v, 1, n);
}
CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short v, size_t n, CUstream s) {
    return fill("cuMemsetD16Async", dst, &v, 2, n);
}
CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int v, size_t n, CUstream s) {
    return fill("cuMemsetD32Async", dst, &v, 4, n);
}

/* ---- host memory the device addresses --------------------------------------------------------- */
CUresult cuMemHostRegister_v2(void *p, size_t bytes, unsigned int flags) {
    CURRENT("cuMemHostRegister");
    ptxsim_status st = ptxsim_mem_register_host(c->sim, p, bytes, "cuMemHostRegister");
    if (st == PTXSIM_ERR_INVALID_ARGUMENT && p && bytes)
        return shim_fail(CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, "cuMemHostRegister", "%s",
                         ptxsim_context_message(c->sim));
    return mem_status(st, c, "cuMemHostRegister");
}
CUresult cuMemHostRegister(void *p, size_t bytes, unsigned int flags) { return cuMemHostRegister_v2(p, bytes, flags); }

CUresult cuMemHostUnregister(void *p) {
    CURRENT("cuMemHostUnregister");
    bool host = false;
    uint64_t base;
    if (ptxsim_mem_range(c->sim, (uintptr_t)p, &base, NULL, &host) != PTXSIM_OK || !host || base != (uintptr_t)p)
        return shim_fail(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, "cuMemHostUnregister", "%p is not registered", p);
    return mem_status(ptxsim_mem_free(c->sim, (uintptr_t)p), c, "cuMemHostUnregister");
}

CUresult cuMemHostAlloc(void **pp, size_t bytes, unsigned int flags) {
    CURRENT("cuMemHostAlloc");
    if (!pp || !bytes) return CUDA_ERROR_INVALID_VALUE;
    void *p = calloc(1, bytes);
    if (!p) return CUDA_ERROR_OUT_OF_MEMORY;
    CUresult r = mem_status(ptxsim_mem_register_host(c->sim, p, bytes, "cuMemHostAlloc"), c, "cuMemHostAlloc");
    if (r != CUDA_SUCCESS) {
        free(p);
        return r;
    }
    shim_lock();
    if (c->nhost == c->cap_host) {
        c->cap_host = c->cap_host ? 2 * c->cap_host : 8;
        c->host = realloc(c->host, (size_t)c->cap_host * sizeof *c->host);
    }
    c->host[c->nhost++] = p;
    shim_unlock();
    *pp = p;
    return CUDA_SUCCESS;
}
CUresult cuMemAllocHost_v2(void **pp, size_t bytes) { return cuMemHostAlloc(pp, bytes, 0); }
CUresult cuMemAllocHost(void **pp, size_t bytes) { return cuMemHostAlloc(pp, bytes, 0); }

CUresult cuMemFreeHost(void *p) {
    CURRENT("cuMemFreeHost");
    bool mine = false;
    shim_lock();
    for (int i = 0; i < c->nhost; i++)
        if (c->host[i] == p) c->host[i] = c->host[--c->nhost], mine = true;
    shim_unlock();
    if (!mine) return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuMemFreeHost", "%p is not from cuMemHostAlloc", p);
    ptxsim_mem_free(c->sim, (uintptr_t)p);
    free(p);
    return CUDA_SUCCESS;
}

/* The device sees registered host memory at its host address. */
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *dptr, void *p, unsigned int flags) {
    CURRENT("cuMemHostGetDevicePointer");
    bool host = false;
    if (ptxsim_mem_range(c->sim, (uintptr_t)p, NULL, NULL, &host) != PTXSIM_OK || !host)
        return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuMemHostGetDevicePointer", "%p is not registered", p);
    *dptr = (uintptr_t)p;
    return CUDA_SUCCESS;
}
