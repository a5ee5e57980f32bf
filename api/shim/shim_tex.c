/* shim_tex.c — CUDA arrays, the copies to and from them, and texture and surface objects
 * (docs/textures.md, "From CUDA programs"). An array is one device allocation holding its texels
 * densely, x fastest, then y, then z or the layer: the layout ptxsim's objects read. A texture or
 * surface object is ptxsim_texture_create's object; its handle is the device address a kernel
 * receives. What ptxsim cannot represent (mipmaps, cubemaps, sRGB, anisotropy, resource views,
 * packed or block-compressed formats) fails with CUDA_ERROR_NOT_SUPPORTED and a message. */
#include <stdlib.h>
#include <string.h>

#include "shim.h"

struct CUarray_st {
    struct CUctx_st *ctx;
    CUdeviceptr data;
    CUDA_ARRAY3D_DESCRIPTOR d; /* as created */
    struct CUarray_st *next;
};

typedef struct tex_obj {
    struct CUctx_st *ctx;
    CUtexObject handle;
    bool surface;
    CUDA_RESOURCE_DESC res;
    CUDA_TEXTURE_DESC tex;
    struct tex_obj *next;
} tex_obj;

/* The arrays and objects alive, for checking handles; their own lock, as copies call cu* calls. */
static pthread_mutex_t tex_lock = PTHREAD_MUTEX_INITIALIZER;
static struct CUarray_st *arrays;
static tex_obj *objects;

#define CURRENT(fn)                     \
    struct CUctx_st *c = NULL;          \
    CUresult r_ = shim_current(fn, &c); \
    if (r_ != CUDA_SUCCESS) return r_

void shim_tex_forget(struct CUctx_st *ctx) {
    pthread_mutex_lock(&tex_lock);
    for (struct CUarray_st **p = &arrays; *p;) {
        struct CUarray_st *a = *p;
        if (a->ctx == ctx) *p = a->next, free(a);
        else p = &a->next;
    }
    for (tex_obj **p = &objects; *p;) {
        tex_obj *o = *p;
        if (o->ctx == ctx) *p = o->next, free(o);
        else p = &o->next;
    }
    pthread_mutex_unlock(&tex_lock);
}

static bool array_alive(CUarray a) {
    pthread_mutex_lock(&tex_lock);
    struct CUarray_st *p = arrays;
    while (p && p != a) p = p->next;
    pthread_mutex_unlock(&tex_lock);
    return p != NULL;
}

/* ---- formats ---------------------------------------------------------------------------------- */
/* ptxsim's format of a CUarray_format; false for the packed, normalized-integer and compressed ones. */
static bool format_of(CUarray_format f, ptxsim_tex_format *out) {
    switch (f) {
    case CU_AD_FORMAT_UNSIGNED_INT8: *out = PTXSIM_TEX_U8; return true;
    case CU_AD_FORMAT_UNSIGNED_INT16: *out = PTXSIM_TEX_U16; return true;
    case CU_AD_FORMAT_UNSIGNED_INT32: *out = PTXSIM_TEX_U32; return true;
    case CU_AD_FORMAT_SIGNED_INT8: *out = PTXSIM_TEX_S8; return true;
    case CU_AD_FORMAT_SIGNED_INT16: *out = PTXSIM_TEX_S16; return true;
    case CU_AD_FORMAT_SIGNED_INT32: *out = PTXSIM_TEX_S32; return true;
    case CU_AD_FORMAT_HALF: *out = PTXSIM_TEX_F16; return true;
    case CU_AD_FORMAT_FLOAT: *out = PTXSIM_TEX_F32; return true;
    }
    return false;
}
static size_t format_bytes(CUarray_format f) {
    return f == CU_AD_FORMAT_UNSIGNED_INT8 || f == CU_AD_FORMAT_SIGNED_INT8                             ? 1
        : f == CU_AD_FORMAT_UNSIGNED_INT32 || f == CU_AD_FORMAT_SIGNED_INT32 || f == CU_AD_FORMAT_FLOAT ? 4
                                                                                                        : 2;
}

static CUresult check_format(const char *fn, CUarray_format f, unsigned channels) {
    ptxsim_tex_format pf;
    if (!format_of(f, &pf))
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn,
                         "array format 0x%x is not supported by ptxsim (8-, 16- and 32-bit integers, half and "
                         "float are)",
                         (unsigned)f);
    if (channels != 1 && channels != 2 && channels != 4)
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "%u channels: 1, 2 or 4", channels);
    return CUDA_SUCCESS;
}

/* ---- arrays ----------------------------------------------------------------------------------- */
/* Rows of one slice, slices (depth or layers), and bytes per row. */
static void array_shape(const CUDA_ARRAY3D_DESCRIPTOR *d, size_t *rows, size_t *slices, size_t *row_bytes) {
    *rows = d->Height ? d->Height : 1;
    *slices = d->Depth ? d->Depth : 1;
    *row_bytes = d->Width * format_bytes(d->Format) * d->NumChannels;
}

CUresult cuArray3DCreate_v2(CUarray *handle, const CUDA_ARRAY3D_DESCRIPTOR *d) {
    static const char fn[] = "cuArray3DCreate";
    CURRENT(fn);
    if (!handle || !d) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "pHandle and the descriptor are required");
    CUresult r = check_format(fn, d->Format, d->NumChannels);
    if (r != CUDA_SUCCESS) return r;
    if ((d->Flags & CUDA_ARRAY3D_CUBEMAP) &&
        (d->Width != d->Height || !d->Depth || d->Depth % 6 || (!(d->Flags & CUDA_ARRAY3D_LAYERED) && d->Depth != 6)))
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn,
                         "cubemap array of %zu x %zu x %zu: square faces, a depth of 6 (or 6 x the cubes, layered)",
                         d->Width, d->Height, d->Depth);
    if (d->Flags &
        ~(unsigned)(CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_SURFACE_LDST | CUDA_ARRAY3D_TEXTURE_GATHER |
                    CUDA_ARRAY3D_CUBEMAP))
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn, "array flags 0x%x are not supported by ptxsim", d->Flags);
    bool layered = d->Flags & (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_CUBEMAP); /* a cubemap's faces are layers */
    if (!d->Width || (layered && !d->Depth) || (!layered && d->Depth && !d->Height))
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "array of %zu x %zu x %zu%s: not a 1D, 2D or 3D shape", d->Width,
                         d->Height, d->Depth, layered ? " (layered)" : "");
    if (d->Width > 65536 || d->Height > 65536 || d->Depth > (layered ? 2048u : 65536u))
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn,
                         "array of %zu x %zu x %zu: ptxsim's arrays have at most 65536 texels a dimension and "
                         "2048 layers",
                         d->Width, d->Height, d->Depth);
    size_t rows, slices, row_bytes;
    array_shape(d, &rows, &slices, &row_bytes);
    struct CUarray_st *a = calloc(1, sizeof *a);
    if (!a) return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, fn, "out of host memory");
    r = shim_mem_alloc_at(&a->data, row_bytes * rows * slices, "cuArrayCreate", __builtin_return_address(0));
    if (r != CUDA_SUCCESS) {
        free(a);
        return r;
    }
    a->ctx = c;
    a->d = *d;
    pthread_mutex_lock(&tex_lock);
    a->next = arrays;
    arrays = a;
    pthread_mutex_unlock(&tex_lock);
    *handle = a;
    return CUDA_SUCCESS;
}

CUresult cuArrayCreate_v2(CUarray *handle, const CUDA_ARRAY_DESCRIPTOR *d) {
    if (!d) return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuArrayCreate", "the descriptor is required");
    CUDA_ARRAY3D_DESCRIPTOR d3 = {d->Width, d->Height, 0, d->Format, d->NumChannels, 0};
    return cuArray3DCreate_v2(handle, &d3);
}

CUresult cuArrayDestroy(CUarray a) {
    CURRENT("cuArrayDestroy");
    pthread_mutex_lock(&tex_lock);
    struct CUarray_st **p = &arrays;
    while (*p && *p != a) p = &(*p)->next;
    bool found = *p != NULL;
    if (found) *p = a->next;
    pthread_mutex_unlock(&tex_lock);
    if (!found) return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuArrayDestroy", "not a live CUDA array");
    CUresult r = cuMemFree_v2(a->data);
    free(a);
    (void)c;
    return r;
}

CUresult cuArray3DGetDescriptor_v2(CUDA_ARRAY3D_DESCRIPTOR *out, CUarray a) {
    CURRENT("cuArray3DGetDescriptor");
    if (!out) return CUDA_ERROR_INVALID_VALUE;
    if (!array_alive(a)) return shim_fail(CUDA_ERROR_INVALID_HANDLE, "cuArray3DGetDescriptor", "not a CUDA array");
    *out = a->d;
    return CUDA_SUCCESS;
}

CUresult cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *out, CUarray a) {
    CURRENT("cuArrayGetDescriptor");
    if (!out) return CUDA_ERROR_INVALID_VALUE;
    if (!array_alive(a)) return shim_fail(CUDA_ERROR_INVALID_HANDLE, "cuArrayGetDescriptor", "not a CUDA array");
    if (a->d.Depth) return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuArrayGetDescriptor", "a 3D or layered array");
    *out = (CUDA_ARRAY_DESCRIPTOR){a->d.Width, a->d.Height, a->d.Format, a->d.NumChannels};
    return CUDA_SUCCESS;
}

/* ---- copies ----------------------------------------------------------------------------------- */
/* One end of a copy: host memory, or a device address (device, unified, or an array's texels). */
typedef struct {
    bool host;
    char *h;
    CUdeviceptr d;
    size_t pitch, rows; /* bytes a row, rows a slice */
} copy_end;

static CUresult copy_bytes(const copy_end *to, size_t to_off, const copy_end *from, size_t from_off, size_t n) {
    if (to->host && from->host) {
        memmove(to->h + to_off, from->h + from_off, n);
        return CUDA_SUCCESS;
    }
    if (to->host) return cuMemcpyDtoH_v2(to->h + to_off, from->d + from_off, n);
    if (from->host) return cuMemcpyHtoD_v2(to->d + to_off, from->h + from_off, n);
    return cuMemcpyDtoD_v2(to->d + to_off, from->d + from_off, n);
}

/* An end from its memory type; for an array, its texels with bounds checked against the box
 * (x bytes, y, z) + (w, h, depth). */
static CUresult copy_side(const char *fn, CUmemorytype type, const void *host, CUdeviceptr dev, CUarray arr,
                          size_t pitch, size_t height, size_t x, size_t y, size_t z, size_t w, size_t h, size_t depth,
                          copy_end *e) {
    memset(e, 0, sizeof *e);
    switch (type) {
    case CU_MEMORYTYPE_HOST: e->host = true, e->h = (char *)(uintptr_t)host; break;
    case CU_MEMORYTYPE_DEVICE:
    case CU_MEMORYTYPE_UNIFIED: e->d = dev; break;
    case CU_MEMORYTYPE_ARRAY: {
        if (!array_alive(arr)) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "not a CUDA array");
        size_t slices;
        array_shape(&arr->d, &e->rows, &slices, &e->pitch);
        if (x > e->pitch || w > e->pitch - x || y > e->rows || h > e->rows - y || z > slices || depth > slices - z)
            return shim_fail(CUDA_ERROR_INVALID_VALUE, fn,
                             "the box (%zu bytes, %zu, %zu) + (%zu bytes, %zu, %zu) is outside the array "
                             "(%zu bytes, %zu, %zu)",
                             x, y, z, w, h, depth, e->pitch, e->rows, slices);
        e->d = arr->data;
        return CUDA_SUCCESS;
    }
    default: return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "memory type %d", (int)type);
    }
    e->pitch = pitch ? pitch : w;
    e->rows = height ? height : h;
    if (w > e->pitch) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "a row of %zu bytes, pitch %zu", w, e->pitch);
    if ((e->host && !e->h) || (!e->host && !e->d)) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "a NULL pointer");
    return CUDA_SUCCESS;
}

static CUresult copy3d(const char *fn, const CUDA_MEMCPY3D *p) {
    CURRENT(fn);
    if (!p) return CUDA_ERROR_INVALID_VALUE;
    if (p->srcLOD || p->dstLOD)
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn, "mipmap levels are not supported by ptxsim");
    size_t w = p->WidthInBytes, h = p->Height ? p->Height : 1, dd = p->Depth ? p->Depth : 1;
    if (!p->WidthInBytes || !p->Height || !p->Depth) return CUDA_SUCCESS;
    copy_end s, d;
    CUresult r = copy_side(fn, p->srcMemoryType, p->srcHost, p->srcDevice, p->srcArray, p->srcPitch, p->srcHeight,
                           p->srcXInBytes, p->srcY, p->srcZ, w, h, dd, &s);
    if (r == CUDA_SUCCESS)
        r = copy_side(fn, p->dstMemoryType, p->dstHost, p->dstDevice, p->dstArray, p->dstPitch, p->dstHeight,
                      p->dstXInBytes, p->dstY, p->dstZ, w, h, dd, &d);
    for (size_t z = 0; z < dd && r == CUDA_SUCCESS; z++)
        for (size_t y = 0; y < h && r == CUDA_SUCCESS; y++) {
            size_t so = ((p->srcZ + z) * s.rows + p->srcY + y) * s.pitch + p->srcXInBytes;
            size_t dof = ((p->dstZ + z) * d.rows + p->dstY + y) * d.pitch + p->dstXInBytes;
            r = copy_bytes(&d, dof, &s, so, w);
        }
    (void)c;
    return r;
}

CUresult cuMemcpy3D_v2(const CUDA_MEMCPY3D *p) { return copy3d("cuMemcpy3D", p); }
CUresult cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *p, CUstream s) { return copy3d("cuMemcpy3DAsync", p); }

static CUresult copy2d(const char *fn, const CUDA_MEMCPY2D *p) {
    if (!p) return CUDA_ERROR_INVALID_VALUE;
    CUDA_MEMCPY3D q;
    memset(&q, 0, sizeof q);
    q.srcXInBytes = p->srcXInBytes, q.srcY = p->srcY, q.srcMemoryType = p->srcMemoryType;
    q.srcHost = p->srcHost, q.srcDevice = p->srcDevice, q.srcArray = p->srcArray, q.srcPitch = p->srcPitch;
    q.dstXInBytes = p->dstXInBytes, q.dstY = p->dstY, q.dstMemoryType = p->dstMemoryType;
    q.dstHost = p->dstHost, q.dstDevice = p->dstDevice, q.dstArray = p->dstArray, q.dstPitch = p->dstPitch;
    q.WidthInBytes = p->WidthInBytes, q.Height = p->Height, q.Depth = 1;
    return copy3d(fn, &q);
}
CUresult cuMemcpy2D_v2(const CUDA_MEMCPY2D *p) { return copy2d("cuMemcpy2D", p); }
CUresult cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *p) { return copy2d("cuMemcpy2DUnaligned", p); }
CUresult cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *p, CUstream s) { return copy2d("cuMemcpy2DAsync", p); }

/* The 1D copies: bytes from an offset into the array's texels (all of them, in order). */
static CUresult array_span(const char *fn, CUarray a, size_t off, size_t n, CUdeviceptr *at) {
    if (!array_alive(a)) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "not a CUDA array");
    size_t rows, slices, row_bytes;
    array_shape(&a->d, &rows, &slices, &row_bytes);
    /* The driver keeps these copies within the array's first row, whatever its height (measured
     * on the H200: lab/textures/probe_api.cu). */
    if (off > row_bytes || n > row_bytes - off)
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn,
                         "%zu bytes at offset %zu: these copies stay within the array's first row (%zu bytes)", n, off,
                         row_bytes);
    *at = a->data + off;
    return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoA_v2(CUarray dst, size_t off, const void *src, size_t n) {
    CUdeviceptr at;
    CUresult r = array_span("cuMemcpyHtoA", dst, off, n, &at);
    return r != CUDA_SUCCESS ? r : cuMemcpyHtoD_v2(at, src, n);
}
CUresult cuMemcpyAtoH_v2(void *dst, CUarray src, size_t off, size_t n) {
    CUdeviceptr at;
    CUresult r = array_span("cuMemcpyAtoH", src, off, n, &at);
    return r != CUDA_SUCCESS ? r : cuMemcpyDtoH_v2(dst, at, n);
}
CUresult cuMemcpyDtoA_v2(CUarray dst, size_t off, CUdeviceptr src, size_t n) {
    CUdeviceptr at;
    CUresult r = array_span("cuMemcpyDtoA", dst, off, n, &at);
    return r != CUDA_SUCCESS ? r : cuMemcpyDtoD_v2(at, src, n);
}
CUresult cuMemcpyAtoD_v2(CUdeviceptr dst, CUarray src, size_t off, size_t n) {
    CUdeviceptr at;
    CUresult r = array_span("cuMemcpyAtoD", src, off, n, &at);
    return r != CUDA_SUCCESS ? r : cuMemcpyDtoD_v2(dst, at, n);
}

/* ---- texture and surface objects -------------------------------------------------------------- */
/* The texels a resource names, as ptxsim's description (sizes, format, address). */
static CUresult describe_resource(const char *fn, const CUDA_RESOURCE_DESC *res, bool surface, ptxsim_texture *t) {
    memset(t, 0, sizeof *t);
    t->surface = surface;
    t->height = t->depth = t->layers = 1;
    CUarray_format f;
    switch (res->resType) {
    case CU_RESOURCE_TYPE_ARRAY: {
        CUarray a = res->res.array.hArray;
        if (!array_alive(a)) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "the resource is not a CUDA array");
        /* a surface object on an array made without CUDA_ARRAY3D_SURFACE_LDST: the H200's driver
         * creates it (lab/textures/probe_api.cu), and so does ptxsim */
        f = a->d.Format;
        t->channels = a->d.NumChannels;
        t->layered = a->d.Flags & (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_CUBEMAP);
        /* a texture samples a cubemap by direction (a surface addresses its faces as layers) */
        if ((a->d.Flags & CUDA_ARRAY3D_CUBEMAP) && !surface) t->cube = a->d.Flags & CUDA_ARRAY3D_LAYERED ? 2 : 1;
        t->width = (uint32_t)a->d.Width;
        t->height = a->d.Height ? (uint32_t)a->d.Height : 1;
        if (t->layered) t->layers = (uint32_t)a->d.Depth, t->dim = a->d.Height ? 2 : 1;
        else t->depth = a->d.Depth ? (uint32_t)a->d.Depth : 1, t->dim = a->d.Depth ? 3 : a->d.Height ? 2 : 1;
        t->addr = a->data;
        break;
    }
    case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn, "mipmapped arrays are not supported by ptxsim");
    case CU_RESOURCE_TYPE_LINEAR:
    case CU_RESOURCE_TYPE_PITCH2D:
        if (surface)
            return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "a surface object's resource must be a CUDA array (CUDA)");
        break;
    default: return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "resource type %d", (int)res->resType);
    }
    if (res->resType == CU_RESOURCE_TYPE_LINEAR) {
        f = res->res.linear.format;
        t->channels = res->res.linear.numChannels;
        t->dim = 1;
        t->linear_memory = true;
        t->addr = res->res.linear.devPtr;
        size_t tb = format_bytes(f) * (t->channels ? t->channels : 1);
        if (res->res.linear.sizeInBytes / tb > (1u << 27))
            return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "%zu bytes: more than 2^27 texels",
                             res->res.linear.sizeInBytes);
        t->width = (uint32_t)(res->res.linear.sizeInBytes / tb);
    } else if (res->resType == CU_RESOURCE_TYPE_PITCH2D) {
        f = res->res.pitch2D.format;
        t->channels = res->res.pitch2D.numChannels;
        t->dim = 2;
        t->addr = res->res.pitch2D.devPtr;
        if (res->res.pitch2D.width > 65536 || res->res.pitch2D.height > 65536 || res->res.pitch2D.pitchInBytes >> 32)
            return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "a pitch2D resource of %zu x %zu (pitch %zu) is too large",
                             res->res.pitch2D.width, res->res.pitch2D.height, res->res.pitch2D.pitchInBytes);
        t->width = (uint32_t)res->res.pitch2D.width;
        t->height = (uint32_t)res->res.pitch2D.height;
        t->pitch = (uint32_t)res->res.pitch2D.pitchInBytes;
    }
    CUresult r = check_format(fn, f, t->channels);
    if (r == CUDA_SUCCESS) format_of(f, &t->format);
    return r;
}

/* The object's sampling state from a texture descriptor. */
static CUresult describe_sampling(const char *fn, const CUDA_TEXTURE_DESC *d, CUresourcetype type, ptxsim_texture *t) {
    if (d->flags & CU_TRSF_SRGB)
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn, "sRGB textures are not supported by ptxsim");
    if (d->maxAnisotropy > 1)
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn,
                         "anisotropic filtering (maxAnisotropy %u) is not supported by ptxsim", d->maxAnisotropy);
    if (d->mipmapFilterMode != CU_TR_FILTER_MODE_POINT)
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn, "mipmap filtering is not supported by ptxsim");
    if (d->filterMode != CU_TR_FILTER_MODE_POINT && d->filterMode != CU_TR_FILTER_MODE_LINEAR)
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "filter mode %d", (int)d->filterMode);
    bool integer = t->format <= PTXSIM_TEX_S32;
    bool narrow = t->format <= PTXSIM_TEX_S16;
    t->linear_filter = d->filterMode == CU_TR_FILTER_MODE_LINEAR;
    t->normalized_coords = d->flags & CU_TRSF_NORMALIZED_COORDINATES;
    /* Cubemaps filter each face alone as measured without this flag (lab/textures); filtering
     * across faces is not measured. */
    if ((d->flags & CU_TRSF_SEAMLESS_CUBEMAP) && t->cube && t->linear_filter)
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn,
                         "seamless cubemap filtering is not supported by ptxsim (not measured)");
    /* The driver promotes 8- and 16-bit integers to normalized floats unless told not to; 32-bit
     * integers are never promoted (CUDA_TEXTURE_DESC). */
    t->normalized_read = integer && narrow && !(d->flags & CU_TRSF_READ_AS_INTEGER);
    if (type == CU_RESOURCE_TYPE_LINEAR && (t->normalized_coords || t->linear_filter))
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn,
                         "a texture over linear memory reads with unnormalized coordinates and point filtering");
    for (unsigned i = 0; i < 3; i++) {
        CUaddress_mode m = d->addressMode[i];
        if (m > CU_TR_ADDRESS_MODE_BORDER) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "address mode %d", (int)m);
        t->address[i] = (ptxsim_tex_address)m;
        /* Wrap and mirror exist for normalized coordinates only; the H200 reads unnormalized ones
         * as clamp (lab/textures/probe_objects.cu). */
        if (!t->normalized_coords && (m == CU_TR_ADDRESS_MODE_WRAP || m == CU_TR_ADDRESS_MODE_MIRROR))
            t->address[i] = PTXSIM_TEX_CLAMP;
        if (i < t->dim && t->address[i] == PTXSIM_TEX_BORDER && !t->normalized_read && !t->linear_memory &&
            t->format != PTXSIM_TEX_F16 && t->format != PTXSIM_TEX_F32)
            return shim_fail(CUDA_ERROR_NOT_SUPPORTED, fn,
                             "the border address mode of a texture that returns integers is not supported by ptxsim "
                             "(what the hardware returns there is not measured)");
    }
    memcpy(t->border, d->borderColor, sizeof t->border);
    return CUDA_SUCCESS;
}

static CUresult object_create(const char *fn, unsigned long long *handle, const CUDA_RESOURCE_DESC *res,
                              const CUDA_TEXTURE_DESC *tex) {
    CURRENT(fn);
    if (!handle || !res) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "the handle and resource are required");
    if (res->flags) return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "resource flags must be 0");
    ptxsim_texture t;
    CUresult r = describe_resource(fn, res, tex == NULL, &t);
    if (r == CUDA_SUCCESS && tex) r = describe_sampling(fn, tex, res->resType, &t);
    if (r != CUDA_SUCCESS) return r;
    tex_obj *o = calloc(1, sizeof *o);
    if (!o) return shim_fail(CUDA_ERROR_OUT_OF_MEMORY, fn, "out of host memory");
    uint64_t h = 0;
    ptxsim_status st = ptxsim_texture_create(c->sim, &t, &h);
    if (st != PTXSIM_OK) {
        free(o);
        return shim_fail(st == PTXSIM_ERR_OUT_OF_MEMORY ? CUDA_ERROR_OUT_OF_MEMORY : CUDA_ERROR_INVALID_VALUE, fn, "%s",
                         ptxsim_context_message(c->sim));
    }
    o->ctx = c, o->handle = h, o->surface = tex == NULL, o->res = *res;
    if (tex) o->tex = *tex;
    pthread_mutex_lock(&tex_lock);
    o->next = objects;
    objects = o;
    pthread_mutex_unlock(&tex_lock);
    *handle = h;
    return CUDA_SUCCESS;
}

/* The live object of that handle and kind, unlinked when `take`; NULL when none. */
static tex_obj *object_find(unsigned long long h, bool surface, bool take) {
    pthread_mutex_lock(&tex_lock);
    tex_obj **p = &objects;
    while (*p && ((*p)->handle != h || (*p)->surface != surface)) p = &(*p)->next;
    tex_obj *o = *p;
    if (o && take) *p = o->next;
    pthread_mutex_unlock(&tex_lock);
    return o;
}

static CUresult object_destroy(const char *fn, unsigned long long h, bool surface) {
    CURRENT(fn);
    tex_obj *o = object_find(h, surface, true);
    if (!o)
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "0x%llx is not a live %s object", h,
                         surface ? "surface" : "texture");
    ptxsim_texture_destroy(o->ctx->sim, h);
    free(o);
    (void)c;
    return CUDA_SUCCESS;
}

CUresult cuTexObjectCreate(CUtexObject *h, const CUDA_RESOURCE_DESC *res, const CUDA_TEXTURE_DESC *tex,
                           const CUDA_RESOURCE_VIEW_DESC *view) {
    if (view)
        return shim_fail(CUDA_ERROR_NOT_SUPPORTED, "cuTexObjectCreate", "resource views are not supported by ptxsim");
    if (!tex) return shim_fail(CUDA_ERROR_INVALID_VALUE, "cuTexObjectCreate", "the texture descriptor is required");
    return object_create("cuTexObjectCreate", h, res, tex);
}
CUresult cuTexObjectDestroy(CUtexObject h) { return object_destroy("cuTexObjectDestroy", h, false); }
CUresult cuSurfObjectCreate(CUsurfObject *h, const CUDA_RESOURCE_DESC *res) {
    return object_create("cuSurfObjectCreate", h, res, NULL);
}
CUresult cuSurfObjectDestroy(CUsurfObject h) { return object_destroy("cuSurfObjectDestroy", h, true); }

static CUresult get_desc(const char *fn, unsigned long long h, bool surface, CUDA_RESOURCE_DESC *res,
                         CUDA_TEXTURE_DESC *tex) {
    tex_obj *o = object_find(h, surface, false);
    if (!o)
        return shim_fail(CUDA_ERROR_INVALID_VALUE, fn, "0x%llx is not a live %s object", h,
                         surface ? "surface" : "texture");
    if (res) *res = o->res;
    if (tex) *tex = o->tex;
    return CUDA_SUCCESS;
}
CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *res, CUtexObject h) {
    if (!res) return CUDA_ERROR_INVALID_VALUE;
    return get_desc("cuTexObjectGetResourceDesc", h, false, res, NULL);
}
CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *tex, CUtexObject h) {
    if (!tex) return CUDA_ERROR_INVALID_VALUE;
    return get_desc("cuTexObjectGetTextureDesc", h, false, NULL, tex);
}
CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *res, CUsurfObject h) {
    if (!res) return CUDA_ERROR_INVALID_VALUE;
    return get_desc("cuSurfObjectGetResourceDesc", h, true, res, NULL);
}
