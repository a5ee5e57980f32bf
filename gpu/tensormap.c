/* tensormap.c — the GPU harness's tensor maps: a manifest "tensormap" parameter becomes the
 * driver's 128-byte CUtensorMap, made by cuTensorMapEncodeTiled or cuTensorMapEncodeIm2col (found with dlsym in the
 * driver library gpu.c opened) over the buffer's device address. ptxsim's own encoding
 * (sim/tensormap.c) describes the same map for the simulator; the harness gets the description
 * through api/ptxsim.h (ptxsim_case_param_tensormap). */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "gpu.h"

/* cuTensorMapEncodeTiled; ptxsim_tensormap numbers its enumerations as the driver does. */
typedef int (*encode_tiled_fn)(void *map, int type, uint32_t rank, void *addr, const uint64_t *dims,
                               const uint64_t *strides, const uint32_t *box, const uint32_t *estrides, int interleave,
                               int swizzle, int l2, int fill);

/* cuTensorMapEncodeIm2col */
typedef int (*encode_im2col_fn)(void *map, int type, uint32_t rank, void *addr, const uint64_t *dims,
                                const uint64_t *strides, const int *lower, const int *upper, uint32_t cpp, uint32_t ppc,
                                const uint32_t *estrides, int interleave, int swizzle, int l2, int fill);

static ps_gpu_status encode_im2col(void *lib, const ptxsim_tensormap *t, uint64_t dptr, uint8_t out[128], char *err,
                                   size_t errlen) {
    encode_im2col_fn encode = lib ? (encode_im2col_fn)dlsym(lib, "cuTensorMapEncodeIm2col") : NULL;
    if (!encode) {
        snprintf(err, errlen,
                 "im2col tensor-map parameters need cuTensorMapEncodeIm2col from the CUDA driver (12.0 or later)");
        return PS_GPU_NO_DRIVER;
    }
    _Alignas(64) uint8_t map[128];
    int r = encode(map, t->type, t->rank, (void *)(uintptr_t)dptr, t->dims, t->strides + 1, t->lower, t->upper, t->cpp,
                   t->ppc, t->estrides, 0, t->swizzle, t->l2, t->fill);
    if (r) {
        snprintf(err, errlen, "cuTensorMapEncodeIm2col failed (CUDA error %d) for a %ud map of type %d", r, t->rank,
                 t->type);
        return PS_GPU_CUDA_ERROR;
    }
    memcpy(out, map, sizeof map);
    return PS_GPU_OK;
}

ps_gpu_status ps_gpu_tensormap_encode(void *lib, const ptxsim_tensormap *t, uint64_t dptr, uint8_t out[128], char *err,
                                      size_t errlen) {
    if (t->im2col) return encode_im2col(lib, t, dptr, out, err, errlen);
    encode_tiled_fn encode = lib ? (encode_tiled_fn)dlsym(lib, "cuTensorMapEncodeTiled") : NULL;
    if (!encode) {
        snprintf(err, errlen, "tensor-map parameters need cuTensorMapEncodeTiled from the CUDA driver (12.0 or later)");
        return PS_GPU_NO_DRIVER;
    }
    _Alignas(64) uint8_t map[128];
    int r = encode(map, t->type, t->rank, (void *)(uintptr_t)dptr, t->dims, t->strides + 1, t->box, t->estrides, 0,
                   t->swizzle, t->l2, t->fill);
    if (r) {
        snprintf(err, errlen, "cuTensorMapEncodeTiled failed (CUDA error %d) for a %ud map of type %d", r, t->rank,
                 t->type);
        return PS_GPU_CUDA_ERROR;
    }
    memcpy(out, map, sizeof map);
    return PS_GPU_OK;
}
