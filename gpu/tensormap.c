/* tensormap.c — the GPU harness's tensor maps: a manifest "tensormap" parameter becomes the
 * driver's 128-byte CUtensorMap, made by cuTensorMapEncodeTiled (found with dlsym in the
 * driver library gpu.c opened) over the buffer's device address. ptxsim's own encoding
 * (sim/tensormap.c) describes the same map for the simulator. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "gpu.h"

/* cuTensorMapEncodeTiled; the enums are ints numbered as ps_tmap numbers them. */
typedef int (*encode_tiled_fn)(void *map, int type, uint32_t rank, void *addr, const uint64_t *dims,
                               const uint64_t *strides, const uint32_t *box, const uint32_t *estrides,
                               int interleave, int swizzle, int l2, int fill);

ps_gpu_status ps_gpu_tensormap_encode(void *lib, const ps_tmap *t, uint64_t dptr, uint8_t out[PS_TMAP_BYTES],
                                      char *err, size_t errlen) {
    encode_tiled_fn encode = lib ? (encode_tiled_fn)dlsym(lib, "cuTensorMapEncodeTiled") : NULL;
    if (!encode) {
        snprintf(err, errlen, "tensor-map parameters need cuTensorMapEncodeTiled from the CUDA driver (12.0 or later)");
        return PS_GPU_NO_DRIVER;
    }
    _Alignas(64) uint8_t map[PS_TMAP_BYTES];
    int r = encode(map, (int)t->type, t->rank, (void *)(uintptr_t)dptr, t->dims, t->strides + 1, t->box,
                   t->estrides, 0, (int)t->swizzle, (int)t->l2, (int)t->fill);
    if (r) {
        snprintf(err, errlen, "cuTensorMapEncodeTiled failed (CUDA error %d) for a %ud %s map", r, t->rank,
                 ps_tmap_type_name(t->type));
        return PS_GPU_CUDA_ERROR;
    }
    memcpy(out, map, PS_TMAP_BYTES);
    return PS_GPU_OK;
}
