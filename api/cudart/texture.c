/* texture.c — the runtime's CUDA arrays, copies to and from them, and texture and surface objects,
 * on the driver shim's (api/shim/shim_tex.c): a cudaArray_t is a CUarray, a cudaTextureObject_t a
 * CUtexObject, as with NVIDIA's runtime. What ptxsim cannot represent fails with an error code and
 * a message on stderr (docs/textures.md, "From CUDA programs"). */
#include <string.h>

#include "cudart_internal.h"

/* An asynchronous copy on a capturing stream is not recorded: the capture is invalidated. */
#define NO_CAPTURE(s, what)                                                     \
    do {                                                                        \
        ps_rt_capture *c_ = ps_rt_capturing(s);                                 \
        if (c_) return ps_rt_capture_refuse(c_, what " during stream capture"); \
    } while (0)

/* ---- channel descriptions --------------------------------------------------------------------- */
PS_CUDART_API struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                                 enum cudaChannelFormatKind f) {
    return (struct cudaChannelFormatDesc){x, y, z, w, f};
}

/* The driver's format and channel count of a channel description. */
static cudaError_t format_of(const char *call, const struct cudaChannelFormatDesc *d, CUarray_format *f,
                             unsigned *channels) {
    if (!d) return ps_rt_result(cudaErrorInvalidValue);
    int bits[4] = {d->x, d->y, d->z, d->w};
    unsigned n = 0;
    while (n < 4 && bits[n]) n++;
    for (unsigned i = 0; i < 4; i++)
        if (bits[i] < 0 || (i >= n && bits[i]) || (i < n && bits[i] != d->x)) n = 0;
    if (n == 3 || !n) {
        ps_rt_say("%s: channel sizes %d, %d, %d, %d: 1, 2 or 4 channels of one size", call, d->x, d->y, d->z, d->w);
        return ps_rt_result(cudaErrorInvalidChannelDescriptor);
    }
    *channels = n;
    int b = d->x;
    if (d->f == cudaChannelFormatKindSigned && (b == 8 || b == 16 || b == 32))
        *f = b == 8 ? CU_AD_FORMAT_SIGNED_INT8 : b == 16 ? CU_AD_FORMAT_SIGNED_INT16 : CU_AD_FORMAT_SIGNED_INT32;
    else if (d->f == cudaChannelFormatKindUnsigned && (b == 8 || b == 16 || b == 32))
        *f = b == 8 ? CU_AD_FORMAT_UNSIGNED_INT8 : b == 16 ? CU_AD_FORMAT_UNSIGNED_INT16 : CU_AD_FORMAT_UNSIGNED_INT32;
    else if (d->f == cudaChannelFormatKindFloat && (b == 16 || b == 32))
        *f = b == 16 ? CU_AD_FORMAT_HALF : CU_AD_FORMAT_FLOAT;
    else if ((unsigned)d->f <= cudaChannelFormatKindFloat) {
        ps_rt_say("%s: %d-bit channels of kind %d", call, b, (int)d->f);
        return ps_rt_result(cudaErrorInvalidChannelDescriptor);
    } else {
        ps_rt_say("%s: channel format kind %d is not supported by ptxsim (signed, unsigned and float "
                  "channels are)",
                  call, (int)d->f);
        return ps_rt_result(cudaErrorNotSupported);
    }
    return cudaSuccess;
}

static struct cudaChannelFormatDesc desc_of(CUarray_format f, unsigned channels) {
    int b = f == CU_AD_FORMAT_UNSIGNED_INT8 || f == CU_AD_FORMAT_SIGNED_INT8                           ? 8
        : f == CU_AD_FORMAT_UNSIGNED_INT16 || f == CU_AD_FORMAT_SIGNED_INT16 || f == CU_AD_FORMAT_HALF ? 16
                                                                                                       : 32;
    enum cudaChannelFormatKind k = f == CU_AD_FORMAT_HALF || f == CU_AD_FORMAT_FLOAT ? cudaChannelFormatKindFloat
        : f >= CU_AD_FORMAT_SIGNED_INT8                                              ? cudaChannelFormatKindSigned
                                                                                     : cudaChannelFormatKindUnsigned;
    return (struct cudaChannelFormatDesc){b, channels > 1 ? b : 0, channels > 2 ? b : 0, channels > 3 ? b : 0, k};
}

/* ---- arrays ----------------------------------------------------------------------------------- */
static cudaError_t malloc_array(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, struct cudaExtent e,
                                unsigned flags, const char *call, void *ret) {
    cudaError_t g = ps_rt_capture_guard();
    if (g != cudaSuccess) return g;
    ENTER();
    if (!array) return ps_rt_result(cudaErrorInvalidValue);
    CUDA_ARRAY3D_DESCRIPTOR d = {e.width, e.height, e.depth, 0, 0, flags};
    cudaError_t r = format_of(call, desc, &d.Format, &d.NumChannels);
    if (r != cudaSuccess) return r;
    cuptxsim_alloc_site(ret, call);
    CUarray a = NULL;
    r = ps_rt_cu(cuArray3DCreate_v2(&a, &d));
    *array = r == cudaSuccess ? a : NULL;
    return r;
}

PS_CUDART_API cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
                                          size_t height, unsigned int flags) {
    struct cudaExtent e = {width, height, 0};
    return malloc_array(array, desc, e, flags, "cudaMallocArray", __builtin_return_address(0));
}

PS_CUDART_API cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                                            struct cudaExtent e, unsigned int flags) {
    return malloc_array(array, desc, e, flags, "cudaMalloc3DArray", __builtin_return_address(0));
}

PS_CUDART_API cudaError_t cudaFreeArray(cudaArray_t array) {
    ENTER();
    return array ? ps_rt_cu(cuArrayDestroy(array)) : cudaSuccess;
}

PS_CUDART_API cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                                           unsigned int *flags, cudaArray_t array) {
    ENTER();
    CUDA_ARRAY3D_DESCRIPTOR d;
    cudaError_t r = ps_rt_cu(cuArray3DGetDescriptor_v2(&d, array));
    if (r != cudaSuccess) return r;
    if (desc) *desc = desc_of(d.Format, d.NumChannels);
    if (extent) *extent = (struct cudaExtent){d.Width, d.Height, d.Depth};
    if (flags) *flags = d.Flags;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_t array) {
    if (!desc) return ps_rt_result(cudaErrorInvalidValue);
    return cudaArrayGetInfo(desc, NULL, NULL, array);
}

/* Bytes of one element of an array. */
static cudaError_t element_bytes(cudaArray_t array, size_t *out) {
    CUDA_ARRAY3D_DESCRIPTOR d;
    cudaError_t r = ps_rt_cu(cuArray3DGetDescriptor_v2(&d, array));
    if (r != cudaSuccess) return r;
    struct cudaChannelFormatDesc c = desc_of(d.Format, d.NumChannels);
    *out = (size_t)c.x / 8 * d.NumChannels;
    return cudaSuccess;
}

/* ---- copies ----------------------------------------------------------------------------------- */
/* Where a linear end of a copy lives, from the direction (src: the copy's source). */
static CUmemorytype linear_type(const void *p, enum cudaMemcpyKind kind, bool src) {
    switch (kind) {
    case cudaMemcpyHostToHost: return CU_MEMORYTYPE_HOST;
    case cudaMemcpyHostToDevice: return src ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
    case cudaMemcpyDeviceToHost: return src ? CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
    case cudaMemcpyDeviceToDevice: return CU_MEMORYTYPE_DEVICE;
    default: {
        unsigned type = 0;
        if (cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (uintptr_t)p) != CUDA_SUCCESS)
            return CU_MEMORYTYPE_HOST;
        return type == CU_MEMORYTYPE_HOST ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
    }
    }
}

/* cudaMemcpy3D with an array at either end (memory.c hands these over): positions and the width
 * are in elements where an array is involved (CUDA). */
cudaError_t ps_rt_copy3d_array(const struct cudaMemcpy3DParms *p) {
    if ((unsigned)p->kind > cudaMemcpyDefault) return ps_rt_result(cudaErrorInvalidMemcpyDirection);
    size_t eb = 0;
    cudaError_t r = element_bytes(p->srcArray ? p->srcArray : p->dstArray, &eb);
    if (r != cudaSuccess) return r;
    if (p->srcArray && p->dstArray) {
        size_t eb2 = 0;
        if ((r = element_bytes(p->dstArray, &eb2)) != cudaSuccess) return r;
        if (eb2 != eb) return ps_rt_result(cudaErrorInvalidValue);
    }
    CUDA_MEMCPY3D q;
    memset(&q, 0, sizeof q);
    q.WidthInBytes = p->extent.width * eb, q.Height = p->extent.height, q.Depth = p->extent.depth;
    if (p->srcArray) {
        q.srcMemoryType = CU_MEMORYTYPE_ARRAY, q.srcArray = p->srcArray;
        q.srcXInBytes = p->srcPos.x * eb;
    } else {
        q.srcMemoryType = linear_type(p->srcPtr.ptr, p->kind, true);
        q.srcHost = p->srcPtr.ptr, q.srcDevice = (uintptr_t)p->srcPtr.ptr;
        q.srcPitch = p->srcPtr.pitch, q.srcHeight = p->srcPtr.ysize, q.srcXInBytes = p->srcPos.x;
    }
    q.srcY = p->srcPos.y, q.srcZ = p->srcPos.z;
    if (p->dstArray) {
        q.dstMemoryType = CU_MEMORYTYPE_ARRAY, q.dstArray = p->dstArray;
        q.dstXInBytes = p->dstPos.x * eb;
    } else {
        q.dstMemoryType = linear_type(p->dstPtr.ptr, p->kind, false);
        q.dstHost = p->dstPtr.ptr, q.dstDevice = (uintptr_t)p->dstPtr.ptr;
        q.dstPitch = p->dstPtr.pitch, q.dstHeight = p->dstPtr.ysize, q.dstXInBytes = p->dstPos.x;
    }
    q.dstY = p->dstPos.y, q.dstZ = p->dstPos.z;
    return ps_rt_cu(cuMemcpy3D_v2(&q));
}

/* A 2D copy between an array (x in bytes, y) and linear memory, or between two arrays. */
static cudaError_t copy2d(cudaArray_t dst_arr, size_t dx, size_t dy, void *dst, size_t dpitch, cudaArray_t src_arr,
                          size_t sx, size_t sy, const void *src, size_t spitch, size_t width, size_t height,
                          enum cudaMemcpyKind kind) {
    LEGACY();
    ENTER();
    if ((unsigned)kind > cudaMemcpyDefault) return ps_rt_result(cudaErrorInvalidMemcpyDirection);
    CUDA_MEMCPY2D q;
    memset(&q, 0, sizeof q);
    q.srcXInBytes = sx, q.srcY = sy, q.dstXInBytes = dx, q.dstY = dy, q.WidthInBytes = width, q.Height = height;
    if (src_arr) q.srcMemoryType = CU_MEMORYTYPE_ARRAY, q.srcArray = src_arr;
    else {
        if (width > spitch) return ps_rt_result(cudaErrorInvalidPitchValue);
        q.srcMemoryType = linear_type(src, kind, true), q.srcHost = src, q.srcDevice = (uintptr_t)src;
        q.srcPitch = spitch;
    }
    if (dst_arr) q.dstMemoryType = CU_MEMORYTYPE_ARRAY, q.dstArray = dst_arr;
    else {
        if (width > dpitch) return ps_rt_result(cudaErrorInvalidPitchValue);
        q.dstMemoryType = linear_type(dst, kind, false), q.dstHost = dst, q.dstDevice = (uintptr_t)dst;
        q.dstPitch = dpitch;
    }
    return ps_rt_cu(cuMemcpy2D_v2(&q));
}

PS_CUDART_API cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                              size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind) {
    return copy2d(dst, wOffset, hOffset, NULL, 0, NULL, 0, 0, src, spitch, width, height, kind);
}
PS_CUDART_API cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_t src, size_t wOffset,
                                                size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind) {
    return copy2d(NULL, 0, 0, dst, dpitch, src, wOffset, hOffset, NULL, 0, width, height, kind);
}
PS_CUDART_API cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                                   cudaArray_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width,
                                                   size_t height, enum cudaMemcpyKind kind) {
    return copy2d(dst, wOffsetDst, hOffsetDst, NULL, 0, src, wOffsetSrc, hOffsetSrc, NULL, 0, width, height, kind);
}
PS_CUDART_API cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                                   size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
                                                   cudaStream_t s) {
    NO_CAPTURE(s, "cudaMemcpy2DToArrayAsync");
    return cudaMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
}
PS_CUDART_API cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_t src, size_t wOffset,
                                                     size_t hOffset, size_t width, size_t height,
                                                     enum cudaMemcpyKind kind, cudaStream_t s) {
    NO_CAPTURE(s, "cudaMemcpy2DFromArrayAsync");
    return cudaMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind);
}

/* A side of a deprecated 1D copy: an array (its row length in bytes and its rows a slice) or
 * linear memory of the given type. */
typedef struct {
    cudaArray_t arr;
    const void *p;
    CUmemorytype type;
    size_t off, row, rows;
} span_side;

static cudaError_t side_init(span_side *s, cudaArray_t arr, const void *p, size_t off, enum cudaMemcpyKind kind,
                             bool src) {
    *s = (span_side){arr, p, CU_MEMORYTYPE_ARRAY, off, 0, 1};
    if (!arr) {
        s->type = linear_type(p, kind, src);
        return cudaSuccess;
    }
    CUDA_ARRAY3D_DESCRIPTOR d;
    cudaError_t r = ps_rt_cu(cuArray3DGetDescriptor_v2(&d, arr));
    if (r != cudaSuccess) return r;
    struct cudaChannelFormatDesc c = desc_of(d.Format, d.NumChannels);
    s->row = d.Width * (size_t)c.x / 8 * d.NumChannels;
    s->rows = d.Height ? d.Height : 1;
    return s->row ? cudaSuccess : ps_rt_result(cudaErrorInvalidValue);
}

/* How many of n bytes from byte `at` of the span stay in one row of this side. */
static size_t side_run(const span_side *s, size_t at, size_t n) {
    if (!s->arr) return n;
    size_t left = s->row - (s->off + at) % s->row;
    return n < left ? n : left;
}

/* The position of byte `at` of the span: x, y and z of an array (its rows run on into the next
 * slice's), or an address. */
static void side_at(const span_side *s, size_t at, CUmemorytype *type, CUarray *arr, CUdeviceptr *dev,
                    const void **host, size_t *x, size_t *y, size_t *z) {
    size_t b = s->off + at;
    *type = s->type;
    if (s->arr) {
        *arr = s->arr, *x = b % s->row, *y = b / s->row % s->rows, *z = b / s->row / s->rows;
        return;
    }
    *host = (const char *)s->p + b, *dev = (uintptr_t)s->p + b;
}

/* The deprecated 1D forms: count bytes from (wOffset bytes, hOffset) on, row after row. The
 * driver's cuMemcpyAtoH and friends stay within an array's first row (measured on the H200,
 * lab/textures/probe_api.cu), so the span is copied as one cuMemcpy3D per stretch that stays in
 * one row on both sides. */
static cudaError_t copy1d(cudaArray_t dst_arr, size_t dst_off, void *dst, cudaArray_t src_arr, size_t src_off,
                          const void *src, size_t count, enum cudaMemcpyKind kind) {
    LEGACY();
    ENTER();
    if ((unsigned)kind > cudaMemcpyDefault) return ps_rt_result(cudaErrorInvalidMemcpyDirection);
    if (!count) return cudaSuccess;
    span_side from, to;
    cudaError_t r = side_init(&from, src_arr, src, src_off, kind, true);
    if (r == cudaSuccess) r = side_init(&to, dst_arr, dst, dst_off, kind, false);
    for (size_t done = 0; done < count && r == cudaSuccess;) {
        size_t n = side_run(&to, done, side_run(&from, done, count - done));
        CUDA_MEMCPY3D q;
        const void *host = NULL;
        memset(&q, 0, sizeof q);
        side_at(&from, done, &q.srcMemoryType, &q.srcArray, &q.srcDevice, &q.srcHost, &q.srcXInBytes, &q.srcY, &q.srcZ);
        side_at(&to, done, &q.dstMemoryType, &q.dstArray, &q.dstDevice, &host, &q.dstXInBytes, &q.dstY, &q.dstZ);
        q.dstHost = (void *)(uintptr_t)host;
        q.WidthInBytes = n, q.Height = 1, q.Depth = 1;
        r = ps_rt_cu(cuMemcpy3D_v2(&q));
        done += n;
    }
    return r;
}

/* The byte offset of (wOffset bytes, hOffset) in an array. */
static cudaError_t array_offset(cudaArray_t a, size_t w, size_t h, size_t *off) {
    CUDA_ARRAY3D_DESCRIPTOR d;
    cudaError_t r = ps_rt_cu(cuArray3DGetDescriptor_v2(&d, a));
    if (r != cudaSuccess) return r;
    struct cudaChannelFormatDesc c = desc_of(d.Format, d.NumChannels);
    *off = h * (d.Width * (size_t)c.x / 8 * d.NumChannels) + w;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                            size_t count, enum cudaMemcpyKind kind) {
    ENTER();
    size_t off = 0;
    cudaError_t r = array_offset(dst, wOffset, hOffset, &off);
    return r != cudaSuccess ? r : copy1d(dst, off, NULL, NULL, 0, src, count, kind);
}
PS_CUDART_API cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_t src, size_t wOffset, size_t hOffset, size_t count,
                                              enum cudaMemcpyKind kind) {
    ENTER();
    size_t off = 0;
    cudaError_t r = array_offset(src, wOffset, hOffset, &off);
    return r != cudaSuccess ? r : copy1d(NULL, 0, dst, src, off, NULL, count, kind);
}
PS_CUDART_API cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst, cudaArray_t src,
                                                 size_t wOffsetSrc, size_t hOffsetSrc, size_t count,
                                                 enum cudaMemcpyKind kind) {
    ENTER();
    size_t doff = 0, soff = 0;
    cudaError_t r = array_offset(dst, wOffsetDst, hOffsetDst, &doff);
    if (r == cudaSuccess) r = array_offset(src, wOffsetSrc, hOffsetSrc, &soff);
    return r != cudaSuccess ? r : copy1d(dst, doff, NULL, src, soff, NULL, count, kind);
}
PS_CUDART_API cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                                 size_t count, enum cudaMemcpyKind kind, cudaStream_t s) {
    NO_CAPTURE(s, "cudaMemcpyToArrayAsync");
    return cudaMemcpyToArray(dst, wOffset, hOffset, src, count, kind);
}
PS_CUDART_API cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_t src, size_t wOffset, size_t hOffset,
                                                   size_t count, enum cudaMemcpyKind kind, cudaStream_t s) {
    NO_CAPTURE(s, "cudaMemcpyFromArrayAsync");
    return cudaMemcpyFromArray(dst, src, wOffset, hOffset, count, kind);
}

/* ---- texture and surface objects -------------------------------------------------------------- */
static cudaError_t resource_of(const char *call, const struct cudaResourceDesc *in, CUDA_RESOURCE_DESC *out) {
    if (!in) return ps_rt_result(cudaErrorInvalidValue);
    memset(out, 0, sizeof *out);
    out->resType = (CUresourcetype)in->resType;
    out->flags = in->flags;
    switch (in->resType) {
    case cudaResourceTypeArray: out->res.array.hArray = in->res.array.array; return cudaSuccess;
    case cudaResourceTypeMipmappedArray:
        ps_rt_say("%s: mipmapped arrays are not supported by ptxsim", call);
        return ps_rt_result(cudaErrorNotSupported);
    case cudaResourceTypeLinear:
        out->res.linear.devPtr = (uintptr_t)in->res.linear.devPtr;
        out->res.linear.sizeInBytes = in->res.linear.sizeInBytes;
        return format_of(call, &in->res.linear.desc, &out->res.linear.format, &out->res.linear.numChannels);
    case cudaResourceTypePitch2D:
        out->res.pitch2D.devPtr = (uintptr_t)in->res.pitch2D.devPtr;
        out->res.pitch2D.width = in->res.pitch2D.width;
        out->res.pitch2D.height = in->res.pitch2D.height;
        out->res.pitch2D.pitchInBytes = in->res.pitch2D.pitchInBytes;
        return format_of(call, &in->res.pitch2D.desc, &out->res.pitch2D.format, &out->res.pitch2D.numChannels);
    }
    return ps_rt_result(cudaErrorInvalidValue);
}

static void resource_back(const CUDA_RESOURCE_DESC *in, struct cudaResourceDesc *out) {
    memset(out, 0, sizeof *out);
    out->resType = (enum cudaResourceType)in->resType;
    out->flags = in->flags;
    if (in->resType == CU_RESOURCE_TYPE_ARRAY) out->res.array.array = in->res.array.hArray;
    else if (in->resType == CU_RESOURCE_TYPE_LINEAR) {
        out->res.linear.devPtr = (void *)(uintptr_t)in->res.linear.devPtr;
        out->res.linear.desc = desc_of(in->res.linear.format, in->res.linear.numChannels);
        out->res.linear.sizeInBytes = in->res.linear.sizeInBytes;
    } else if (in->resType == CU_RESOURCE_TYPE_PITCH2D) {
        out->res.pitch2D.devPtr = (void *)(uintptr_t)in->res.pitch2D.devPtr;
        out->res.pitch2D.desc = desc_of(in->res.pitch2D.format, in->res.pitch2D.numChannels);
        out->res.pitch2D.width = in->res.pitch2D.width;
        out->res.pitch2D.height = in->res.pitch2D.height;
        out->res.pitch2D.pitchInBytes = in->res.pitch2D.pitchInBytes;
    }
}

PS_CUDART_API cudaError_t cudaCreateTextureObject(cudaTextureObject_t *tex, const struct cudaResourceDesc *res,
                                                  const struct cudaTextureDesc *td,
                                                  const struct cudaResourceViewDesc *view) {
    static const char call[] = "cudaCreateTextureObject";
    ENTER();
    if (!tex || !td) return ps_rt_result(cudaErrorInvalidValue);
    if (view) {
        ps_rt_say("%s: resource views (cudaResourceViewDesc) are not supported by ptxsim", call);
        return ps_rt_result(cudaErrorNotSupported);
    }
    CUDA_RESOURCE_DESC r;
    cudaError_t e = resource_of(call, res, &r);
    if (e != cudaSuccess) return e;
    CUDA_TEXTURE_DESC t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < 3; i++) t.addressMode[i] = (CUaddress_mode)td->addressMode[i];
    t.filterMode = (CUfilter_mode)td->filterMode;
    t.flags = (td->readMode == cudaReadModeElementType ? CU_TRSF_READ_AS_INTEGER : 0) |
        (td->normalizedCoords ? CU_TRSF_NORMALIZED_COORDINATES : 0) | (td->sRGB ? CU_TRSF_SRGB : 0) |
        (td->disableTrilinearOptimization ? CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION : 0) |
        (td->seamlessCubemap ? CU_TRSF_SEAMLESS_CUBEMAP : 0);
    t.maxAnisotropy = td->maxAnisotropy;
    t.mipmapFilterMode = (CUfilter_mode)td->mipmapFilterMode;
    t.mipmapLevelBias = td->mipmapLevelBias;
    t.minMipmapLevelClamp = td->minMipmapLevelClamp;
    t.maxMipmapLevelClamp = td->maxMipmapLevelClamp;
    memcpy(t.borderColor, td->borderColor, sizeof t.borderColor);
    if (td->filterMode == cudaFilterModeLinear && td->readMode == cudaReadModeElementType) {
        /* linear filtering of texels read as integers: the runtime's own error on the H200
         * (lab/textures/probe_api.cu) */
        CUarray_format f = r.res.linear.format; /* linear and pitch2D: the format comes first */
        CUDA_ARRAY3D_DESCRIPTOR d;
        if (r.resType == CU_RESOURCE_TYPE_ARRAY && cuArray3DGetDescriptor_v2(&d, r.res.array.hArray) == CUDA_SUCCESS)
            f = d.Format;
        if (desc_of(f, 1).f != cudaChannelFormatKindFloat) {
            ps_rt_say("%s: linear filtering needs float texels or cudaReadModeNormalizedFloat", call);
            return ps_rt_result(cudaErrorInvalidFilterSetting);
        }
    }
    return ps_rt_cu(cuTexObjectCreate(tex, &r, &t, NULL));
}

/* Texture and surface objects are both the driver's 64-bit handles (CUtexObject, CUsurfObject):
 * destroying one and reading back its resource take the same steps with the driver's function for
 * each kind. Destroying the null object succeeds, as with NVIDIA's runtime. */
static cudaError_t object_destroy(CUresult (*destroy)(unsigned long long), unsigned long long obj) {
    ENTER();
    return obj ? ps_rt_cu(destroy(obj)) : cudaSuccess;
}

static cudaError_t object_resource(struct cudaResourceDesc *res,
                                   CUresult (*get)(CUDA_RESOURCE_DESC *, unsigned long long), unsigned long long obj) {
    ENTER();
    if (!res) return ps_rt_result(cudaErrorInvalidValue);
    CUDA_RESOURCE_DESC r;
    cudaError_t e = ps_rt_cu(get(&r, obj));
    if (e == cudaSuccess) resource_back(&r, res);
    return e;
}

PS_CUDART_API cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex) {
    return object_destroy(cuTexObjectDestroy, tex);
}

PS_CUDART_API cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *res, cudaTextureObject_t tex) {
    return object_resource(res, cuTexObjectGetResourceDesc, tex);
}

PS_CUDART_API cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *td, cudaTextureObject_t tex) {
    ENTER();
    if (!td) return ps_rt_result(cudaErrorInvalidValue);
    CUDA_TEXTURE_DESC t;
    cudaError_t e = ps_rt_cu(cuTexObjectGetTextureDesc(&t, tex));
    if (e != cudaSuccess) return e;
    memset(td, 0, sizeof *td);
    for (int i = 0; i < 3; i++) td->addressMode[i] = (enum cudaTextureAddressMode)t.addressMode[i];
    td->filterMode = (enum cudaTextureFilterMode)t.filterMode;
    td->readMode = t.flags & CU_TRSF_READ_AS_INTEGER ? cudaReadModeElementType : cudaReadModeNormalizedFloat;
    td->normalizedCoords = !!(t.flags & CU_TRSF_NORMALIZED_COORDINATES);
    td->disableTrilinearOptimization = !!(t.flags & CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION);
    memcpy(td->borderColor, t.borderColor, sizeof td->borderColor);
    td->maxAnisotropy = t.maxAnisotropy;
    td->mipmapFilterMode = (enum cudaTextureFilterMode)t.mipmapFilterMode;
    td->mipmapLevelBias = t.mipmapLevelBias;
    td->minMipmapLevelClamp = t.minMipmapLevelClamp;
    td->maxMipmapLevelClamp = t.maxMipmapLevelClamp;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *surf, const struct cudaResourceDesc *res) {
    ENTER();
    if (!surf) return ps_rt_result(cudaErrorInvalidValue);
    CUDA_RESOURCE_DESC r;
    cudaError_t e = resource_of("cudaCreateSurfaceObject", res, &r);
    return e != cudaSuccess ? e : ps_rt_cu(cuSurfObjectCreate(surf, &r));
}

PS_CUDART_API cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surf) {
    return object_destroy(cuSurfObjectDestroy, surf);
}

PS_CUDART_API cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *res, cudaSurfaceObject_t surf) {
    return object_resource(res, cuSurfObjectGetResourceDesc, surf);
}

/* ---- the per-thread default stream's names (every stream is in order) ------------------------- */
#define PS_ALIAS(name, target) extern __typeof(target) name __attribute__((alias(#target), visibility("default")));
PS_ALIAS(cudaMemcpy2DToArray_ptds, cudaMemcpy2DToArray)
PS_ALIAS(cudaMemcpy2DFromArray_ptds, cudaMemcpy2DFromArray)
PS_ALIAS(cudaMemcpy2DArrayToArray_ptds, cudaMemcpy2DArrayToArray)
PS_ALIAS(cudaMemcpy2DToArrayAsync_ptsz, cudaMemcpy2DToArrayAsync)
PS_ALIAS(cudaMemcpy2DFromArrayAsync_ptsz, cudaMemcpy2DFromArrayAsync)
PS_ALIAS(cudaMemcpyToArray_ptds, cudaMemcpyToArray)
PS_ALIAS(cudaMemcpyFromArray_ptds, cudaMemcpyFromArray)
PS_ALIAS(cudaMemcpyArrayToArray_ptds, cudaMemcpyArrayToArray)
PS_ALIAS(cudaMemcpyToArrayAsync_ptsz, cudaMemcpyToArrayAsync)
PS_ALIAS(cudaMemcpyFromArrayAsync_ptsz, cudaMemcpyFromArrayAsync)
