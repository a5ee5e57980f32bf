/* run.c — runs one launch of a PTX kernel whose parameters include tensor maps, through the CUDA
 * driver API, for recording corpus/tma_tile on a machine without this project's build
 * dependencies. The tensor maps are made by cuTensorMapEncodeTiled, from the same description
 * as the manifest's "tensormap" parameters:
 *   run PTX KERNEL GRIDX BLOCKX ARG...
 *   ARG: in:FILE               a buffer initialised from FILE
 *        out:BYTES:FILE        a zero-filled buffer, written to FILE after the launch
 *        io:FILE:OUTFILE       initialised from FILE, written to OUTFILE after the launch
 *        ~ before any of these: the buffer is not a kernel parameter (a tensor map points at it)
 *        tmap:K:TYPE:DIMS:STRIDES:BOX:SWIZZLE:FILL
 *                              a 128-byte CUtensorMap over the K-th ARG (counting from 0):
 *                              TYPE u8 u16 u32 s32 u64 s64 f16 bf16 f32 f64; DIMS, STRIDES
 *                              (bytes, rank-1 of them) and BOX comma lists; SWIZZLE none 32B 64B
 *                              128B; FILL none or nan; element strides 1, no interleave, no L2
 *                              promotion
 *        i2c:K:TYPE:DIMS:STRIDES:LOWER:UPPER:CPP:PPC:ESTRIDES:SWIZZLE:FILL
 *                              an im2col CUtensorMap (cuTensorMapEncodeIm2col): LOWER and UPPER
 *                              the pixel box corners (rank-2 signed values, innermost spatial
 *                              dimension first), CPP channels per pixel, PPC pixels per column,
 *                              ESTRIDES the element strides (rank values)
 *        i32:V                 a 32-bit integer parameter
 *        grid:X,Y,Z            the grid (overrides GRIDX; not a parameter)
 *        block:X,Y,Z           the block (overrides BLOCKX)
 *        cluster:X,Y,Z         launch with CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION (cuLaunchKernelEx)
 *        smem:BYTES            dynamic shared memory (the kernel's maximum raised to it)
 * The encoded maps are also written to tmaps.bin (128 bytes each, in order).
 * Build: cc -O2 run.c -I$CUDA/include -lcuda */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_; cuGetErrorString(r_, &s_); \
    fprintf(stderr, "%s: %s\n", #x, s_); exit(1); } } while (0)

static void *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc(*len + 1);
    if (fread(p, 1, *len, f) != *len) { perror(path); exit(1); }
    p[*len] = 0;
    fclose(f);
    return p;
}

static int list(const char *s, cuuint64_t *v) {
    int n = 0;
    while (*s && *s != ':') {
        v[n++] = strtoull(s, (char **)&s, 10);
        if (*s == ',') s++;
    }
    return n;
}

static int slist(const char *s, int *v) {
    int n = 0;
    while (*s && *s != ':') {
        v[n++] = (int)strtol(s, (char **)&s, 10);
        if (*s == ',') s++;
    }
    return n;
}

static const char *field(const char *s, int k) {
    while (k--) s = strchr(s, ':') + 1;
    return s;
}

static CUtensorMapDataType dtype(const char *s) {
    static const struct { const char *n; CUtensorMapDataType t; } tab[] = {
        {"u8:", CU_TENSOR_MAP_DATA_TYPE_UINT8}, {"u16:", CU_TENSOR_MAP_DATA_TYPE_UINT16},
        {"u32:", CU_TENSOR_MAP_DATA_TYPE_UINT32}, {"s32:", CU_TENSOR_MAP_DATA_TYPE_INT32},
        {"u64:", CU_TENSOR_MAP_DATA_TYPE_UINT64}, {"s64:", CU_TENSOR_MAP_DATA_TYPE_INT64},
        {"f16:", CU_TENSOR_MAP_DATA_TYPE_FLOAT16}, {"bf16:", CU_TENSOR_MAP_DATA_TYPE_BFLOAT16},
        {"f32:", CU_TENSOR_MAP_DATA_TYPE_FLOAT32}, {"f64:", CU_TENSOR_MAP_DATA_TYPE_FLOAT64}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (!strncmp(s, tab[i].n, strlen(tab[i].n))) return tab[i].t;
    fprintf(stderr, "bad type %s\n", s);
    exit(2);
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: run PTX KERNEL GRIDX BLOCKX ARG...\n"); return 2; }
    size_t plen;
    char *ptx = slurp(argv[1], &plen);
    CK(cuInit(0));
    CUdevice dev;
    CK(cuDeviceGet(&dev, 0));
    CUcontext ctx;
    CK(cuCtxCreate(&ctx, NULL, 0, dev));
    CUmodule mod;
    char log[8192] = "";
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {log, (void *)(size_t)sizeof log};
    CUresult r = cuModuleLoadDataEx(&mod, ptx, 2, opts, vals);
    if (r != CUDA_SUCCESS) { fprintf(stderr, "JIT failed: %s\n", log); return 1; }
    CUfunction fn;
    CK(cuModuleGetFunction(&fn, mod, argv[2]));
    int na = argc - 5, np = 0;
    CUdeviceptr *ptrs = calloc((size_t)na, sizeof *ptrs);
    size_t *sizes = calloc((size_t)na, sizeof *sizes);
    void **params = calloc((size_t)na, sizeof *params);
    CUtensorMap *maps = aligned_alloc(64, (size_t)na * sizeof *maps);
    int *ints = calloc((size_t)na, sizeof *ints);
    FILE *tf = fopen("tmaps.bin", "wb");
    unsigned grid[3] = {(unsigned)atoi(argv[3]), 1, 1}, block[3] = {(unsigned)atoi(argv[4]), 1, 1}, cluster[3] = {0, 0, 0};
    unsigned smem = 0;
    for (int i = 0; i < na; i++) {
        char *a = argv[5 + i];
        int hidden = a[0] == '~';
        a += hidden;
        unsigned *dim = !strncmp(a, "grid:", 5) ? grid : !strncmp(a, "block:", 6) ? block
                      : !strncmp(a, "cluster:", 8) ? cluster : NULL;
        if (dim) {
            sscanf(strchr(a, ':') + 1, "%u,%u,%u", &dim[0], &dim[1], &dim[2]);
            continue;
        }
        if (!strncmp(a, "smem:", 5)) {
            smem = (unsigned)atoi(a + 5);
            CK(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)smem));
            continue;
        }
        if (!strncmp(a, "i32:", 4)) {
            ints[i] = atoi(a + 4);
            params[np++] = &ints[i];
            continue;
        }
        if (!strncmp(a, "i2c:", 4)) {
            int k = atoi(a + 4);
            cuuint64_t dims[5], strides[5], es64[5];
            cuuint32_t es[5];
            int lo[3], hi[3];
            int rank = list(field(a, 3), dims);
            list(field(a, 4), strides);
            slist(field(a, 5), lo);
            slist(field(a, 6), hi);
            unsigned cpp = (unsigned)atoi(field(a, 7)), ppc = (unsigned)atoi(field(a, 8));
            list(field(a, 9), es64);
            for (int d = 0; d < rank; d++) es[d] = (cuuint32_t)es64[d];
            const char *sw = field(a, 10), *fill = field(a, 11);
            CUtensorMapSwizzle swz = !strncmp(sw, "32B", 3) ? CU_TENSOR_MAP_SWIZZLE_32B
                                   : !strncmp(sw, "64B", 3) ? CU_TENSOR_MAP_SWIZZLE_64B
                                   : !strncmp(sw, "128B", 4) ? CU_TENSOR_MAP_SWIZZLE_128B
                                   : CU_TENSOR_MAP_SWIZZLE_NONE;
            CK(cuTensorMapEncodeIm2col(&maps[i], dtype(field(a, 2)), (cuuint32_t)rank, (void *)ptrs[k], dims, strides,
                                       lo, hi, cpp, ppc, es, CU_TENSOR_MAP_INTERLEAVE_NONE, swz,
                                       CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                       !strncmp(fill, "nan", 3) ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
                                                                : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
            fwrite(&maps[i], 1, sizeof maps[i], tf);
            params[np++] = &maps[i];
            continue;
        }
        if (!strncmp(a, "tmap:", 5)) {
            int k = atoi(a + 5);
            cuuint64_t dims[5], strides[5], box64[5];
            cuuint32_t box[5], es[5] = {1, 1, 1, 1, 1};
            int rank = list(field(a, 3), dims);
            list(field(a, 4), strides);
            list(field(a, 5), box64);
            for (int d = 0; d < rank; d++) box[d] = (cuuint32_t)box64[d];
            const char *sw = field(a, 6), *fill = field(a, 7);
            CUtensorMapSwizzle swz = !strncmp(sw, "32B", 3) ? CU_TENSOR_MAP_SWIZZLE_32B
                                   : !strncmp(sw, "64B", 3) ? CU_TENSOR_MAP_SWIZZLE_64B
                                   : !strncmp(sw, "128B", 4) ? CU_TENSOR_MAP_SWIZZLE_128B
                                   : CU_TENSOR_MAP_SWIZZLE_NONE;
            CK(cuTensorMapEncodeTiled(&maps[i], dtype(field(a, 2)), (cuuint32_t)rank, (void *)ptrs[k], dims,
                                      strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, swz,
                                      CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                      !strncmp(fill, "nan", 3) ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
                                                               : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
            fwrite(&maps[i], 1, sizeof maps[i], tf);
            params[np++] = &maps[i];
            continue;
        }
        if (!strncmp(a, "in:", 3) || !strncmp(a, "io:", 3)) {
            char path[1024];
            snprintf(path, sizeof path, "%s", a + 3);
            if (strchr(path, ':')) *strchr(path, ':') = 0;
            void *h = slurp(path, &sizes[i]);
            CK(cuMemAlloc(&ptrs[i], sizes[i]));
            CK(cuMemcpyHtoD(ptrs[i], h, sizes[i]));
            free(h);
        } else {
            sizes[i] = strtoull(a + 4, NULL, 10);
            CK(cuMemAlloc(&ptrs[i], sizes[i]));
            CK(cuMemsetD8(ptrs[i], 0, sizes[i]));
        }
        if (!hidden) params[np++] = &ptrs[i];
    }
    fclose(tf);
    CUlaunchConfig cfg = {0};
    CUlaunchAttribute attr;
    cfg.gridDimX = grid[0], cfg.gridDimY = grid[1], cfg.gridDimZ = grid[2];
    cfg.blockDimX = block[0], cfg.blockDimY = block[1], cfg.blockDimZ = block[2];
    cfg.sharedMemBytes = smem;
    if (cluster[0]) {
        memset(&attr, 0, sizeof attr);
        attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
        attr.value.clusterDim.x = cluster[0], attr.value.clusterDim.y = cluster[1], attr.value.clusterDim.z = cluster[2];
        cfg.attrs = &attr;
        cfg.numAttrs = 1;
    }
    CK(cuLaunchKernelEx(&cfg, fn, params, NULL));
    CK(cuCtxSynchronize());
    for (int i = 0; i < na; i++) {
        char *a = argv[5 + i];
        a += a[0] == '~';
        if (!strncmp(a, "i32:", 4) || strchr("gbcs", a[0])) continue; /* grid: block: cluster: smem: */
        if (strncmp(a, "out:", 4) && strncmp(a, "io:", 3)) continue;
        const char *path = strchr(a + 4, ':') + 1;
        void *h = malloc(sizes[i]);
        CK(cuMemcpyDtoH(h, ptrs[i], sizes[i]));
        FILE *f = fopen(path, "wb");
        fwrite(h, 1, sizes[i], f);
        fclose(f);
        free(h);
    }
    int drv;
    cuDriverGetVersion(&drv);
    char name[256];
    cuDeviceGetName(name, sizeof name, dev);
    printf("ok: %s, driver API %d\n", name, drv);
    return 0;
}
