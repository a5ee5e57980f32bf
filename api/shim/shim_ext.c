/* shim_ext.c — the Driver-API entry points the CUDA runtime (api/cudart) builds on besides the
 * basic ones: launches with attributes (clusters), host functions and stream callbacks, occupancy,
 * pointer attributes, managed memory (host memory the device addresses) and stream-ordered
 * allocation (which is in order trivially: every operation finishes before its call returns). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shim.h"

#define CURRENT(fn)                     \
    struct CUctx_st *c = NULL;          \
    CUresult r_ = shim_current(fn, &c); \
    if (r_ != CUDA_SUCCESS) return r_

static int blocks_per_sm(CUfunction f, int block, size_t dynamic);

/* A cooperative launch's CTAs must all fit on the device at once: at most the occupancy
 * (blocks per SM, without the register limit ptxsim cannot know) times the SM count, else
 * CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE as a GPU says. */
static CUresult cooperative_fits(const char *fn, CUfunction f, const unsigned grid[3], const unsigned block[3],
                                 unsigned shared) {
    if (!f) return CUDA_ERROR_INVALID_HANDLE;
    shim_limits L;
    shim_arch_limits(&L);
    uint64_t ctas = (uint64_t)grid[0] * grid[1] * grid[2];
    uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
    uint64_t fit =
        threads > 0 && threads <= 1024 ? (uint64_t)blocks_per_sm(f, (int)threads, shared) * (uint64_t)L.sms : 0;
    if (threads > 0 && threads <= 1024 && ctas > fit)
        return shim_fail(CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, fn,
                         "a cooperative launch of %llu blocks of %llu threads; at most %llu fit on the device at once",
                         (unsigned long long)ctas, (unsigned long long)threads, (unsigned long long)fit);
    return CUDA_SUCCESS;
}

/* ---- launches --------------------------------------------------------------------------------- */
CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **params, void **extra) {
    if (!config) return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuLaunchKernelEx", "config is NULL");
    unsigned cluster[3] = {0, 0, 0};
    bool cooperative = false;
    for (unsigned i = 0; i < config->numAttrs; i++) {
        const CUlaunchAttribute *a = &config->attrs[i];
        switch (a->id) {
        case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION:
            cluster[0] = a->value.clusterDim.x, cluster[1] = a->value.clusterDim.y, cluster[2] = a->value.clusterDim.z;
            break;
        case CU_LAUNCH_ATTRIBUTE_COOPERATIVE: cooperative = a->value.cooperative != 0; break;
        /* Hints about caching, scheduling and overlap: launches run one after another, in order,
         * which every one of these permits. */
        case CU_LAUNCH_ATTRIBUTE_IGNORE:
        case CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW:
        case CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY:
        case CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
        case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION:
        case CU_LAUNCH_ATTRIBUTE_PRIORITY:
        case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
        case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN: break;
        default:
            return shim_fail(CUDA_ERROR_NOT_SUPPORTED, "cuLaunchKernelEx",
                             "launch attribute %d is not simulated by ptxsim", (int)a->id);
        }
    }
    const unsigned grid[3] = {config->gridDimX, config->gridDimY, config->gridDimZ};
    const unsigned block[3] = {config->blockDimX, config->blockDimY, config->blockDimZ};
    if (cooperative) {
        CUresult r = cooperative_fits("cuLaunchKernelEx", f, grid, block, config->sharedMemBytes);
        if (r != CUDA_SUCCESS) return r;
    }
    return shim_launch("cuLaunchKernelEx", f, grid, block, config->sharedMemBytes, params, extra, cluster, cooperative);
}

/* A cooperative launch: every CTA resident at once (the engine co-schedules them and passes the
 * grid workspace, docs/engine.md "Cooperative launches"). */
CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                   unsigned bz, unsigned shared, CUstream stream, void **params) {
    const unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
    CUresult r = cooperative_fits("cuLaunchCooperativeKernel", f, grid, block, shared);
    if (r != CUDA_SUCCESS) return r;
    return shim_launch("cuLaunchCooperativeKernel", f, grid, block, shared, params, NULL, NULL, true);
}

/* Everything enqueued before has finished, so the function runs now, in the calling thread. */
CUresult cuLaunchHostFunc(CUstream s, CUhostFn fn, void *data) {
    CURRENT("cuLaunchHostFunc");
    if (!fn) return CUDA_ERROR_INVALID_VALUE;
    fn(data);
    return CUDA_SUCCESS;
}

CUresult cuStreamAddCallback(CUstream s, CUstreamCallback cb, void *data, unsigned int flags) {
    CURRENT("cuStreamAddCallback");
    if (!cb || flags) return CUDA_ERROR_INVALID_VALUE;
    cb(s, CUDA_SUCCESS, data);
    return CUDA_SUCCESS;
}

/* ---- occupancy: blocks per SM as the hardware's limits allow them (threads, blocks and shared
 * memory per SM of shim_attr.c's reference board). ptxsim has no register allocator, so the
 * register limit is not applied (docs/cudart.md, "Occupancy"). ---------------------------------- */
static int max_threads(CUfunction f) {
    int n = 0;
    cuFuncGetAttribute(&n, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f);
    return n;
}

static int blocks_per_sm(CUfunction f, int block, size_t dynamic) {
    shim_limits L;
    shim_arch_limits(&L);
    if (block <= 0 || block > max_threads(f)) return 0;
    int shared = 0;
    cuFuncGetAttribute(&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f);
    int warps = (block + shim.info.warp_size - 1) / shim.info.warp_size;
    int n = PS_SHIM_MIN(L.blocks_per_sm, L.threads_per_sm / (warps * shim.info.warp_size));
    uint64_t per_block = (uint64_t)shared + dynamic + (uint64_t)L.reserved_smem;
    if ((uint64_t)shared + dynamic > (uint64_t)shim.info.shared_per_block_optin) return 0;
    if (per_block) n = (int)PS_SHIM_MIN((uint64_t)n, (uint64_t)L.smem_per_sm / per_block);
    return n;
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *num, CUfunction f, int block, size_t dynamic,
                                                              unsigned int flags) {
    CURRENT("cuOccupancyMaxActiveBlocksPerMultiprocessor");
    if (!num || !f) return CUDA_ERROR_INVALID_VALUE;
    *num = blocks_per_sm(f, block, dynamic);
    return CUDA_SUCCESS;
}
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *num, CUfunction f, int block, size_t dynamic) {
    return cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(num, f, block, dynamic, 0);
}

/* The block size (a multiple of the warp size) with the most threads resident per SM; among equal
 * ones the largest. */
CUresult cuOccupancyMaxPotentialBlockSizeWithFlags(int *min_grid, int *block_out, CUfunction f, CUoccupancyB2DSize b2d,
                                                   size_t dynamic, int limit, unsigned int flags) {
    CURRENT("cuOccupancyMaxPotentialBlockSize");
    if (!min_grid || !block_out || !f) return CUDA_ERROR_INVALID_VALUE;
    shim_limits L;
    shim_arch_limits(&L);
    int top = max_threads(f);
    if (limit > 0 && limit < top) top = limit;
    int best = 0, best_blocks = 0, w = shim.info.warp_size;
    for (int b = (top / w) * w; b > 0; b -= w) {
        int n = blocks_per_sm(f, b, b2d ? b2d(b) : dynamic);
        if ((int64_t)n * b > (int64_t)best_blocks * best) best = b, best_blocks = n;
    }
    *block_out = best;
    *min_grid = best_blocks * L.sms;
    return CUDA_SUCCESS;
}
CUresult cuOccupancyMaxPotentialBlockSize(int *min_grid, int *block, CUfunction f, CUoccupancyB2DSize b2d,
                                          size_t dynamic, int limit) {
    return cuOccupancyMaxPotentialBlockSizeWithFlags(min_grid, block, f, b2d, dynamic, limit, 0);
}

CUresult cuOccupancyAvailableDynamicSMemPerBlock(size_t *out, CUfunction f, int blocks, int block) {
    CURRENT("cuOccupancyAvailableDynamicSMemPerBlock");
    if (!out || !f || blocks <= 0) return CUDA_ERROR_INVALID_VALUE;
    shim_limits L;
    shim_arch_limits(&L);
    int shared = 0;
    cuFuncGetAttribute(&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f);
    int64_t per = L.smem_per_sm / blocks - L.reserved_smem - shared;
    if (per > shim.info.shared_per_block_optin - shared) per = shim.info.shared_per_block_optin - shared;
    *out = per > 0 && blocks_per_sm(f, block, 0) >= blocks ? (size_t)per : 0;
    return CUDA_SUCCESS;
}

CUresult cuFuncGetParamInfo(CUfunction f, size_t index, size_t *offset, size_t *size) {
    if (!f) return CUDA_ERROR_INVALID_HANDLE;
    size_t o, n;
    if (index >= (size_t)ptxsim_kernel_param_count(f->k) || !ptxsim_kernel_param(f->k, (int)index, &n, &o))
        return CUDA_ERROR_INVALID_VALUE; /* past the last parameter, as the driver answers */
    if (offset) *offset = o;
    if (size) *size = n;
    return CUDA_SUCCESS;
}

CUresult cuFuncGetName(const char **name, CUfunction f) {
    if (!name || !f) return CUDA_ERROR_INVALID_VALUE;
    *name = ptxsim_kernel_name(f->k);
    return CUDA_SUCCESS;
}

/* ---- memory ----------------------------------------------------------------------------------- */
static bool is_managed(struct CUctx_st *c, uint64_t base) {
    for (int i = 0; i < c->nmanaged; i++)
        if ((uintptr_t)c->managed[i] == base) return true;
    return false;
}

/* Managed memory is host memory the device addresses at the same address (host-memory mode):
 * both sides see one copy, and every kernel has finished before the host can look. 256-byte
 * aligned, as cuMemAlloc's. */
CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytes, unsigned int flags) {
    char name[96]; /* first: the runtime's announcement is used up */
    shim_alloc_name(name, sizeof name, "cuMemAllocManaged", __builtin_return_address(0));
    CURRENT("cuMemAllocManaged");
    if (!dptr || !bytes || (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST))
        return CUDA_ERROR_INVALID_VALUE;
    if (bytes > (size_t)1 << 40) return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, "cuMemAllocManaged", "%zu bytes", bytes);
    size_t rounded = (bytes + 255) & ~(size_t)255;
    void *p = aligned_alloc(256, rounded);
    if (!p) return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, "cuMemAllocManaged", "%zu bytes", bytes);
    memset(p, 0, rounded);
    if (ptxsim_mem_register_host(c->sim, p, bytes, name) != PTXSIM_OK) {
        free(p);
        return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, "cuMemAllocManaged", "%s", ptxsim_context_message(c->sim));
    }
    shim_lock();
    if (c->nmanaged == c->cap_managed) {
        c->cap_managed = c->cap_managed ? 2 * c->cap_managed : 8;
        c->managed = realloc(c->managed, (size_t)c->cap_managed * sizeof *c->managed);
    }
    c->managed[c->nmanaged++] = p;
    shim_unlock();
    shim_site_allocated(c->sim, (uintptr_t)p, bytes, name);
    *dptr = (uintptr_t)p;
    return CUDA_SUCCESS;
}

/* cuMemFree of a managed block (shim_mem.c): true when ptr was one and is freed now. */
bool shim_free_managed(struct CUctx_st *c, CUdeviceptr ptr) {
    bool mine = false;
    shim_lock();
    for (int i = 0; i < c->nmanaged; i++)
        if ((uintptr_t)c->managed[i] == ptr) c->managed[i] = c->managed[--c->nmanaged], mine = true;
    shim_unlock();
    if (!mine) return false;
    ptxsim_mem_free(c->sim, ptr);
    free((void *)(uintptr_t)ptr);
    return true;
}

CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytes, CUstream s) {
    return shim_mem_alloc_at(dptr, bytes, "cuMemAllocAsync", __builtin_return_address(0));
}
CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream s) { return cuMemFree_v2(dptr); }

CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attr, CUdeviceptr ptr) {
    CURRENT("cuPointerGetAttribute");
    if (!data) return CUDA_ERROR_INVALID_VALUE;
    uint64_t base = 0, bytes = 0;
    bool host = false;
    if (ptxsim_mem_range(c->sim, ptr, &base, &bytes, &host) != PTXSIM_OK)
        return CUDA_ERROR_INVALID_VALUE; /* memory neither allocated nor registered, as the driver says */
    bool managed = host && is_managed(c, base);
    switch (attr) {
    case CU_POINTER_ATTRIBUTE_CONTEXT: *(CUcontext *)data = c; break;
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
        *(unsigned *)data = managed ? CU_MEMORYTYPE_UNIFIED : host ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
        break;
    case CU_POINTER_ATTRIBUTE_DEVICE_POINTER: *(CUdeviceptr *)data = ptr; break;
    case CU_POINTER_ATTRIBUTE_HOST_POINTER:
        if (!host) return CUDA_ERROR_INVALID_VALUE;
        *(void **)data = (void *)(uintptr_t)ptr;
        break;
    case CU_POINTER_ATTRIBUTE_IS_MANAGED: *(unsigned *)data = managed; break;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL: *(int *)data = 0; break;
    case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR: *(CUdeviceptr *)data = base; break;
    case CU_POINTER_ATTRIBUTE_RANGE_SIZE: *(size_t *)data = bytes; break;
    case CU_POINTER_ATTRIBUTE_MAPPED: *(unsigned *)data = 1; break;
    default:
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, "cuPointerGetAttribute", "attribute %d is not simulated", (int)attr);
    }
    return CUDA_SUCCESS;
}

/* ---- private tables ---------------------------------------------------------------------------
 * NVIDIA's runtime, when a program links it statically (nvcc's default), asks the driver for
 * undocumented tables of functions by UUID and calls through them for everything, including
 * module registration and launches. Their contents are not public, so the shim provides none:
 * it names the table asked for and how to build a program ptxsim can run (docs/cudart.md,
 * "Static cudart"). PTXSIM_EXPORT_TABLE_LOG=FILE appends every UUID asked for to FILE. */
CUresult cuGetExportTable(const void **table, const void *uuid) {
    char id[40] = "(null)";
    if (uuid) {
        const unsigned char *u = uuid;
        for (int i = 0; i < 16; i++) snprintf(id + 2 * i, 3, "%02x", u[i]);
    }
    const char *log = getenv("PTXSIM_EXPORT_TABLE_LOG");
    if (log && *log) {
        FILE *f = fopen(log, "a");
        if (f) {
            fprintf(f, "%s\n", id);
            fclose(f);
        }
    }
    static bool said;
    if (!said) {
        said = true;
        shim_fail(CUDA_ERROR_NOT_SUPPORTED, "cuGetExportTable",
                  "the program asks for the driver's private table %s: it links the CUDA runtime statically "
                  "(nvcc's default), which ptxsim cannot serve; rebuild it with `nvcc -cudart shared` (CMake: "
                  "CUDA_RUNTIME_LIBRARY Shared) and it runs on ptxsim's libcudart.so.13",
                  id);
    }
    if (table) *table = NULL;
    return CUDA_ERROR_NOT_SUPPORTED;
}
