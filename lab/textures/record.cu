// record.cu — runs the kernels of tests/data/tex/tex_kernels.ptx on a GPU over real CUDA texture
// and surface objects (cudaCreateTextureObject, cudaCreateSurfaceObject over CUDA arrays) and
// writes, per case, its description, inputs and the bytes the GPU produced, for ptxsim to be
// compared against (lab/textures/README.md). Build and run (from the repository root):
//   nvcc -O2 -o /tmp/tex_record lab/textures/record.cu -lcuda
//   /tmp/tex_record tests/data/tex/tex_kernels.ptx OUTDIR
// Every case is case<N>.txt (one line: key=value), case<N>.texels.bin (the array's bytes before),
// case<N>.in.bin (32 threads x 4 words), case<N>.out.gpu.bin (32 x 4 words after) and, for
// surfaces, case<N>.texels.gpu.bin (the array's bytes after). The cases come from a fixed seed.
#include <cuda.h>
#include <cuda_runtime.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint32_t rng = 2654435761u;
static uint32_t next(void) {
    rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
    return rng;
}

#define CK(x)                                                                                  \
    do {                                                                                       \
        cudaError_t e_ = (x);                                                                  \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)
#define CU(x)                                                                                  \
    do {                                                                                       \
        CUresult r_ = (x);                                                                     \
        if (r_ != CUDA_SUCCESS) {                                                              \
            const char *s_ = "?";                                                              \
            cuGetErrorString(r_, &s_);                                                         \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_);                    \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

// The module from the file's PTX, JIT-compiled through cuLink in the current context, with the
// JIT's error log printed on failure.
static CUresult load_module(CUmodule *m, const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return CUDA_ERROR_FILE_NOT_FOUND;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = (char *)calloc((size_t)n + 1, 1);
    size_t got = buf ? fread(buf, 1, (size_t)n, f) : 0;
    fclose(f);
    if (got != (size_t)n) return CUDA_ERROR_FILE_NOT_FOUND;
    CUresult r = CUDA_SUCCESS; // the runtime's primary context (cudaFree(0)) is current
    static char log[16384];
    CUjit_option opt[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *val[] = {log, (void *)(uintptr_t)sizeof log};
    CUlinkState ls;
    void *cubin = NULL;
    size_t cubin_size = 0;
    if (r == CUDA_SUCCESS) r = cuLinkCreate(2, opt, val, &ls);
    if (r == CUDA_SUCCESS) {
        r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, buf, (size_t)n + 1, "tex_kernels.ptx", 0, 0, 0);
        if (r == CUDA_SUCCESS) r = cuLinkComplete(ls, &cubin, &cubin_size);
        if (r == CUDA_SUCCESS) r = cuModuleLoadData(m, cubin);
        if (r != CUDA_SUCCESS) fprintf(stderr, "JIT log: %s\n", log);
        cuLinkDestroy(ls);
    }
    free(buf);
    return r;
}


// formats as ptxsim's manifest names them
enum { U8, S8, U16, S16, U32, S32, F16, F32 };
static const char *fmt_name[] = {"u8", "s8", "u16", "s16", "u32", "s32", "f16", "f32"};
static const int fmt_bits[] = {8, 8, 16, 16, 32, 32, 16, 32};
static const char *amode_name[] = {"wrap", "clamp", "mirror", "border"}; // = cudaTextureAddressMode

struct Case {
    const char *kernel;
    bool surface;
    int fmt, ch, dim, w, h, d, layers; // layers 0: not layered
    int read_norm, coords_norm, linear, amode[3];
    float border[4];
    uint32_t in[32][4];
    const void *texels; // NULL: random bytes
};

static CUmodule mod;
static FILE *list;
static int ncase;

static void write_file(const char *dir, int n, const char *suffix, const void *p, size_t len) {
    char path[512];
    snprintf(path, sizeof path, "%s/case%03d.%s", dir, n, suffix);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, len, f) != len) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
    fclose(f);
}

static void run_case(const char *dir, Case &c) {
    int cb = fmt_bits[c.fmt] / 8, tb = cb * c.ch;
    int L = c.layers ? c.layers : 1;
    size_t n = (size_t)c.w * c.h * c.d * L * tb;
    uint8_t *tex = (uint8_t *)malloc(n), *after = (uint8_t *)malloc(n);
    if (c.texels) memcpy(tex, c.texels, n);
    else for (size_t i = 0; i < n; i++) tex[i] = (uint8_t)next();
    if (!c.texels && (c.fmt == F16 || c.fmt == F32)) // finite values of moderate size
        for (size_t i = c.fmt == F16 ? 1 : 3; i < n; i += cb) tex[i] = (uint8_t)((tex[i] & 0x83) | (c.fmt == F16 ? 0x38 : 0x3c));
    int bx = fmt_bits[c.fmt];
    cudaChannelFormatKind kind = c.fmt == F16 || c.fmt == F32 ? cudaChannelFormatKindFloat
                                 : (c.fmt == S8 || c.fmt == S16 || c.fmt == S32) ? cudaChannelFormatKindSigned
                                                                                 : cudaChannelFormatKindUnsigned;
    cudaChannelFormatDesc fd = cudaCreateChannelDesc(bx, c.ch > 1 ? bx : 0, c.ch > 2 ? bx : 0, c.ch > 3 ? bx : 0, kind);
    cudaExtent ext = make_cudaExtent(c.w, c.dim >= 2 ? c.h : 0, c.dim == 3 ? c.d : c.layers ? c.layers : 0);
    unsigned flags = (c.surface ? cudaArraySurfaceLoadStore : 0) | (c.layers ? cudaArrayLayered : 0);
    cudaArray_t arr;
    CK(cudaMalloc3DArray(&arr, &fd, ext, flags));
    cudaMemcpy3DParms cp = {};
    cp.srcPtr = make_cudaPitchedPtr(tex, (size_t)c.w * tb, c.w, c.h);
    cp.dstArray = arr;
    cp.extent = make_cudaExtent(c.w, c.h, c.d * L);
    cp.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&cp));
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
    unsigned long long handle;
    if (c.surface) {
        cudaSurfaceObject_t s;
        CK(cudaCreateSurfaceObject(&s, &rd));
        handle = s;
    } else {
        cudaTextureDesc td = {};
        for (int i = 0; i < 3; i++) td.addressMode[i] = (cudaTextureAddressMode)c.amode[i];
        td.filterMode = c.linear ? cudaFilterModeLinear : cudaFilterModePoint;
        td.readMode = c.read_norm ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
        td.normalizedCoords = c.coords_norm;
        memcpy(td.borderColor, c.border, sizeof c.border);
        cudaTextureObject_t t;
        CK(cudaCreateTextureObject(&t, &rd, &td, NULL));
        handle = t;
    }
    CUdeviceptr din, dout;
    CU(cuMemAlloc(&din, sizeof c.in));
    CU(cuMemAlloc(&dout, sizeof c.in));
    CU(cuMemcpyHtoD(din, c.in, sizeof c.in));
    uint32_t out[32][4];
    memset(out, 0xee, sizeof out);
    CU(cuMemcpyHtoD(dout, out, sizeof out));
    CUfunction fn;
    CU(cuModuleGetFunction(&fn, mod, c.kernel));
    unsigned long long p1 = 0, p4 = 0;
    void *args[] = {&handle, &p1, &din, &dout, &p4};
    CUresult lr = cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 0, 0, args, NULL);
    CUresult sr = lr == CUDA_SUCCESS ? cuCtxSynchronize() : lr;
    const char *err = "ok";
    if (sr != CUDA_SUCCESS) cuGetErrorString(sr, &err);
    if (sr == CUDA_SUCCESS) {
        CU(cuMemcpyDtoH(out, dout, sizeof out));
        cudaMemcpy3DParms back = {};
        back.srcArray = arr;
        back.dstPtr = make_cudaPitchedPtr(after, (size_t)c.w * tb, c.w, c.h);
        back.extent = cp.extent;
        back.kind = cudaMemcpyDeviceToHost;
        CK(cudaMemcpy3D(&back));
    }
    int k = ncase++;
    uint32_t bb[4];
    memcpy(bb, c.border, sizeof bb);
    fprintf(list,
            "case%03d kernel=%s object=%s format=%s channels=%d dims=%d size=%d,%d,%d layers=%d read_mode=%s "
            "normalized_coords=%d filter=%s address=%s,%s,%s border=%08x,%08x,%08x,%08x result=%s\n",
            k, c.kernel, c.surface ? "surface" : "texture", fmt_name[c.fmt], c.ch, c.dim, c.w, c.h, c.d, c.layers,
            c.read_norm ? "normalized_float" : "element_type", c.coords_norm, c.linear ? "linear" : "point",
            amode_name[c.amode[0]], amode_name[c.amode[1]], amode_name[c.amode[2]], bb[0], bb[1], bb[2], bb[3],
            sr == CUDA_SUCCESS ? "ok" : err);
    fflush(list);
    write_file(dir, k, "texels.bin", tex, n);
    write_file(dir, k, "in.bin", c.in, sizeof c.in);
    if (sr == CUDA_SUCCESS) {
        write_file(dir, k, "out.gpu.bin", out, sizeof out);
        if (c.surface) write_file(dir, k, "texels.gpu.bin", after, n);
    } else { // a fault poisons the context: start a fresh one for the next case
        fprintf(stderr, "case%03d (%s): %s; resetting the device\n", k, c.kernel, err);
        cudaDeviceReset();
        cuCtxSetCurrent(NULL); // the destroyed context off this thread, then a fresh primary one
        cudaFree(0);
        CUcontext fresh;
        CUdevice dev0;
        cuDeviceGet(&dev0, 0);
        cuDevicePrimaryCtxRetain(&fresh, dev0);
        cuCtxSetCurrent(fresh);
        cuDevicePrimaryCtxRelease(dev0);
        extern const char *ptx_path;
        CU(load_module(&mod, ptx_path));
    }
    cuMemFree(din);
    cuMemFree(dout);
    if (sr == CUDA_SUCCESS) {
        if (c.surface) cudaDestroySurfaceObject(handle);
        else cudaDestroyTextureObject(handle);
        cudaFreeArray(arr);
    }
    free(tex);
    free(after);
}

const char *ptx_path;

static Case surf(const char *k, int fmt, int ch, int dim, int w, int h, int d, int layers) {
    Case c = {};
    c.kernel = k, c.surface = true, c.fmt = fmt, c.ch = ch, c.dim = dim, c.w = w, c.h = dim >= 2 ? h : 1;
    c.d = dim == 3 ? d : 1, c.layers = layers;
    c.amode[0] = c.amode[1] = c.amode[2] = 1;
    return c;
}

// byte x, y, z (or layer, byte x, y) per lane; values in words 2, 3 for stores
static void surf_inputs(Case &c, int slack, bool distinct) {
    int tb = fmt_bits[c.fmt] / 8 * c.ch;
    for (int l = 0; l < 32; l++) {
        int x = (int)(next() % (c.w + 2 * slack)) - slack, y = (int)(next() % (c.h + 2 * slack)) - slack;
        int z = (int)(next() % c.d), layer = c.layers ? (int)(next() % (c.layers + slack)) : 0;
        if (distinct) {
            int k = l % (c.w * c.h * c.d * (c.layers ? c.layers : 1));
            x = k % c.w, y = k / c.w % c.h, z = k / c.w / c.h % c.d, layer = k / c.w / c.h / c.d;
        }
        if (c.layers) c.in[l][0] = layer, c.in[l][1] = (uint32_t)(x * tb), c.in[l][2] = y;
        else c.in[l][0] = (uint32_t)(x * tb), c.in[l][1] = y, c.in[l][2] = z;
        if (distinct && !c.layers) c.in[l][3] = next();
        if (distinct && c.layers) c.in[l][3] = next();
    }
}

// ---- probes4 (opt-in: `record PTX OUTDIR probes4`): after the first 445 cases, in place of
// probes3 and the deliberate faults (lab/textures/README.md, "Probes4").
#include "probes4_3d.h"

static Case tex_case(const char *k, int fmt, int ch, int dim, int w, int h, int d) {
    Case c = surf(k, fmt, ch, dim, w, h, d, 0);
    c.surface = false, c.linear = 1;
    return c;
}
static void put(Case &c, int l, int word, float v) { memcpy(&c.in[l][word], &v, 4); }
static float frand(uint32_t n) { return (float)(next() % n); }

// a w x h x d f32 texture of four channels, one-hot by the parity of the texel's indices: texel
// (x, y, z) is 1 in channel (x & 1) + 2 (y & 1) when z & 1 == half, else 0; any 2x2x2 footprint
// holds each parity once, so the two halves read its eight weights (merged where an address mode
// maps two corners to one texel, 0 for a border corner: the border colour is 0)
static const float *parity_onehot(int w, int h, int d, int half) {
    float *t = (float *)calloc((size_t)w * h * d * 4, sizeof(float));
    for (int z = 0; z < d; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if ((z & 1) == half) t[(((size_t)z * h + y) * w + x) * 4 + (x & 1) + 2 * (y & 1)] = 1.0f;
    return t;
}

static void probes4(const char *dir) {
    // (1) the 36 random 3D linear cases of the committed recording, replayed lane for lane (same
    // size, address modes, coordinate kind and inputs) on the parity one-hot texture, both halves
    for (auto &r : replay3d)
        for (int half = 0; half < 2; half++) {
            Case c = tex_case("tex_3d_f32", F32, 4, 3, r.w, r.h, r.d);
            c.coords_norm = r.coords_norm, c.texels = parity_onehot(r.w, r.h, r.d, half);
            for (int d = 0; d < 3; d++) c.amode[d] = r.amode[d];
            memcpy(c.in, r.in, sizeof c.in);
            run_case(dir, c);
        }
    // (2) 3D one-hot probes with the footprint anywhere (i0 from -2 to N, so clamped, wrapped,
    // mirrored and border edges), fractions on the 1/256 grid, off it, or near half steps;
    // unnormalized and normalized coordinates, every address mode and mixed ones
    static const int sizes[4][3] = {{6, 4, 4}, {5, 3, 7}, {8, 8, 8}, {3, 6, 5}};
    for (int trial = 0; trial < 48; trial++) {
        const int *n = sizes[trial % 4];
        int kind = trial / 4 % 3, cn = trial >= 16;
        int am[3];
        for (int d = 0; d < 3; d++) {
            am[d] = trial < 8 ? 1 : trial < 16 ? (trial & 1 ? 3 : (int)(next() % 2) * 2 + 1) : (int)(next() % 4);
            if (!cn && (am[d] == 0 || am[d] == 2)) am[d] = 1;
        }
        float x[32][3];
        for (int l = 0; l < 32; l++)
            for (int d = 0; d < 3; d++) {
                float i = (float)((int)(next() % (n[d] + 3)) - 2);
                float f = kind == 0 ? frand(256) / 256.0f
                          : kind == 1 ? frand(1000000) / 1e6f
                                      : (frand(256) + 0.5f + (float)((int)(next() % 7) - 3) * 0.005f) / 256.0f;
                x[l][d] = i + 0.5f + f;
                if (cn) x[l][d] /= (float)n[d];
            }
        for (int half = 0; half < 2; half++) {
            Case c = tex_case("tex_3d_f32", F32, 4, 3, n[0], n[1], n[2]);
            c.coords_norm = cn, c.texels = parity_onehot(n[0], n[1], n[2], half);
            for (int d = 0; d < 3; d++) c.amode[d] = am[d];
            for (int l = 0; l < 32; l++)
                for (int d = 0; d < 3; d++) put(c, l, 1 + d, x[l][d]);
            run_case(dir, c);
        }
    }
    // (3) random 3D textures of two distinct texel values (per channel, texel by texel, A or B at
    // random): f32 with several pairs (0/1 reads sums of weights), then normalized u8, u16, s16
    // and f16; random coordinates as in the first recording
    static const float pairs[8][2] = {{0, 1}, {0.3f, 1.7f}, {-2.5f, 0.125f}, {1.0f, 1.00000095f},
                                      {3.0f, -3.0f}, {0.1f, 0.2f}, {1e-3f, 7.0f}, {-0.75f, -0.7f}};
    for (int trial = 0; trial < 64; trial++) {
        int fmt = trial < 40 ? F32 : (int[]){U8, U16, S16, F16}[trial % 4];
        int ch = fmt == F32 ? 4 : (int[]){1, 2, 4}[trial % 3];
        int w = 2 + (int)(next() % 6), h = 2 + (int)(next() % 4), d = 2 + (int)(next() % 3);
        Case c = tex_case("tex_3d_f32", fmt, ch, 3, w, h, d);
        c.read_norm = fmt != F32 && fmt != F16;
        c.coords_norm = next() % 2;
        for (int d = 0; d < 3; d++) {
            int a = next() % 4;
            if (!c.coords_norm && (a == 0 || a == 2)) a = 1;
            c.amode[d] = a;
        }
        size_t nt = (size_t)c.w * c.h * c.d * ch;
        uint8_t *t = (uint8_t *)malloc(nt * 4);
        for (size_t i = 0; i < nt; i++) {
            int b = next() & 1;
            if (fmt == F32) memcpy(t + 4 * i, &pairs[trial % 8][b], 4);
            else if (fmt == U8) t[i] = b ? 255 - trial : 17 + trial;
            else if (fmt == U16) ((uint16_t *)t)[i] = b ? 60000 - trial : 1000 + 37 * trial;
            else if (fmt == S16) ((int16_t *)t)[i] = (int16_t)(b ? 30000 - trial : -20000 + trial);
            else ((uint16_t *)t)[i] = b ? 0x3c00 + trial : 0xb800 + 3 * trial; // f16
        }
        c.texels = t;
        int n[3] = {c.w, c.h, c.d};
        for (int l = 0; l < 32; l++)
            for (int d = 0; d < 3; d++) {
                float x = (float)((long)(next() % (4 * n[d])) - (long)(3 * n[d] / 2)) + frand(1000) / 1000.0f;
                put(c, l, 1 + d, c.coords_norm ? x / (float)n[d] : x);
            }
        run_case(dir, c);
    }
    // (3b) held out: random 3D textures of random texels (f32, f16 and normalized u8, u16, s16,
    // s8), sizes 1..8, every address mode, coordinates off the grid, as in the first recording
    for (int trial = 0; trial < 72; trial++) {
        int fmt = (int[]){F32, F16, U8, U16, S16, F32, F16, U8, S8}[trial % 9];
        int ch = (int[]){1, 2, 4}[next() % 3];
        int w = 1 + (int)(next() % 8), h = 1 + (int)(next() % 8), d = 1 + (int)(next() % 8);
        Case c = tex_case("tex_3d_f32", fmt, ch, 3, w, h, d);
        c.read_norm = fmt != F32 && fmt != F16;
        c.coords_norm = next() % 2;
        for (int k = 0; k < 3; k++) {
            int a = next() % 4;
            if (!c.coords_norm && (a == 0 || a == 2)) a = 1;
            c.amode[k] = a;
        }
        for (int i = 0; i < 4; i++) c.border[i] = (float)(int)(next() % 200) / 8.0f - 12.0f;
        int n[3] = {c.w, c.h, c.d};
        for (int l = 0; l < 32; l++)
            for (int k = 0; k < 3; k++) {
                float x = (float)((long)(next() % (4 * n[k])) - (long)(3 * n[k] / 2)) + frand(1000) / 1000.0f;
                put(c, l, 1 + k, c.coords_norm ? x / (float)n[k] : x);
            }
        run_case(dir, c);
    }
    // (4) normalized s8: every exact sum T = (256 - a) s0 + a s1 from -32768 to 32512, as
    // T = 256 s0 + a with s1 = s0 + 1: four values of s0 a case (one per channel), 32 weights a
    // case; then random pairs and weights (is q a function of T alone?) and random 2D cases
    for (int g = 0; g < 64; g++)
        for (int part = 0; part < 8; part++) {
            int8_t *t = (int8_t *)malloc(8);
            for (int ch = 0; ch < 4; ch++) {
                int s0 = -128 + g * 4 + ch;
                t[ch] = (int8_t)s0, t[4 + ch] = (int8_t)(s0 < 127 ? s0 + 1 : 127);
            }
            Case c = tex_case("tex_1d_f32", S8, 4, 1, 2, 1, 1);
            c.read_norm = 1, c.texels = t;
            for (int l = 0; l < 32; l++) put(c, l, 1, 0.5f + (float)(part * 32 + l) / 256.0f);
            run_case(dir, c);
        }
    for (int trial = 0; trial < 48; trial++) {
        bool two = trial >= 32;
        Case c = tex_case(two ? "tex_2d_f32" : "tex_1d_f32", S8, 4, two ? 2 : 1, 64, two ? 4 : 1, 1);
        c.read_norm = 1, c.coords_norm = two && trial % 2;
        int8_t *t = (int8_t *)malloc((size_t)c.w * c.h * 4);
        for (int i = 0; i < c.w * c.h * 4; i++) t[i] = (int8_t)next();
        c.texels = t;
        for (int l = 0; l < 32; l++) {
            if (!two) { // lane l between texels 2l and 2l + 1, weight a of the second
                put(c, l, 1, (float)(2 * l) + 0.5f + frand(256) / 256.0f);
                continue;
            }
            float x = frand(64 * 1000) / 1000.0f, y = frand(5000) / 1000.0f - 0.5f;
            put(c, l, 1, c.coords_norm ? x / 64.0f : x);
            put(c, l, 2, c.coords_norm ? y / 4.0f : y);
        }
        run_case(dir, c);
    }
    // (5) subnormal texels and subnormal results: two-texel f32 and f16 textures (four channels,
    // a pair of values each), every weight 0..255; then 2D textures of tiny random values; then
    // point sampling of subnormal texels
    static const uint32_t sub32[6][4][2] = {
        {{0x00c00000, 0}, {0x01000000, 0}, {0x04260000, 0}, {0x00400000, 0x00800000}},
        {{0x80a00000, 0x00800000}, {0x00800001, 0x80800000}, {0x00ffffff, 0x80fffffe}, {0x007fffff, 0x00000001}},
        {{0x01234567, 0x81234000}, {0x00800000, 0x00800000}, {0x03000000, 0x83000001}, {0x80800000, 0x00000000}},
        {{0x3f800000, 0x00400000}, {0x00000000, 0x01800000}, {0x02000000, 0x81ffffff}, {0x80c00000, 0x80400000}},
        {{0x0b000000, 0x8b000001}, {0x08000000, 0x07800000}, {0x00900000, 0x80900001}, {0x00800000, 0x80000001}},
        {{0x1f800000, 0x9f800001}, {0x0d000000, 0x00000000}, {0x00fff000, 0x00001000}, {0x81000000, 0x00800000}}};
    static const uint16_t sub16[6][4][2] = {
        {{0x0300, 0}, {0x0400, 0}, {0x1400, 0}, {0x0200, 0x0400}},
        {{0x8280, 0x0400}, {0x0401, 0x8400}, {0x07ff, 0x87fe}, {0x03ff, 0x0001}},
        {{0x0d67, 0x8d60}, {0x0400, 0x0400}, {0x0c00, 0x8c01}, {0x8400, 0x0000}},
        {{0x3c00, 0x0200}, {0x0000, 0x0600}, {0x0800, 0x87ff}, {0x8300, 0x8100}},
        {{0x2c00, 0xac01}, {0x2000, 0x1c00}, {0x0480, 0x8481}, {0x0400, 0x8001}},
        {{0x7bff, 0xfbfe}, {0x1800, 0x0000}, {0x03f0, 0x0010}, {0x8800, 0x0400}}};
    for (int f = 0; f < 2; f++)
        for (int s = 0; s < 6; s++)
            for (int part = 0; part < 8; part++) {
                Case c = tex_case("tex_1d_f32", f ? F16 : F32, 4, 1, 2, 1, 1);
                uint8_t *t = (uint8_t *)malloc(32);
                for (int ch = 0; ch < 4; ch++)
                    for (int i = 0; i < 2; i++) {
                        if (f) memcpy(t + (i * 4 + ch) * 2, &sub16[s][ch][i], 2);
                        else memcpy(t + (i * 4 + ch) * 4, &sub32[s][ch][i], 4);
                    }
                c.texels = t;
                for (int l = 0; l < 32; l++) put(c, l, 1, 0.5f + (float)(part * 32 + l) / 256.0f);
                run_case(dir, c);
            }
    for (int k = 0; k < 24; k++) {
        bool half = k >= 16;
        Case c = tex_case("tex_2d_f32", half ? F16 : F32, 4, 2, 5, 4, 1);
        c.linear = k < 22;
        uint32_t *t = (uint32_t *)malloc(5 * 4 * 4 * 4);
        uint16_t *t16 = (uint16_t *)t;
        for (int i = 0; i < 5 * 4 * 4; i++) {
            uint32_t sign = next() & 1;
            if (half) { // exponents 0 (subnormal) .. 3
                uint32_t e = next() % 4;
                t16[i] = (uint16_t)(sign << 15 | e << 10 | (next() & 0x3ff));
            } else { // exponents 0 (subnormal) .. 8, and a few 2^-110
                uint32_t e = k % 4 == 3 ? 17 + next() % 3 : next() % 9;
                t[i] = sign << 31 | e << 23 | (next() & 0x7fffff);
            }
        }
        c.texels = t;
        for (int l = 0; l < 32; l++) {
            put(c, l, 1, frand(6000) / 1000.0f - 0.5f);
            put(c, l, 2, frand(5000) / 1000.0f - 0.5f);
        }
        run_case(dir, c);
    }
}

int main(int argc, char **argv) {
    if (argc != 3 && !(argc == 4 && (!strcmp(argv[3], "probes3") || !strcmp(argv[3], "probes4")))) {
        fprintf(stderr, "usage: %s tests/data/tex/tex_kernels.ptx OUTDIR [probes3|probes4]\n", argv[0]);
        return 2;
    }
    ptx_path = argv[1];
    const char *dir = argv[2];
    char path[512];
    snprintf(path, sizeof path, "%s/cases.txt", dir);
    list = fopen(path, "w");
    if (!list) {
        fprintf(stderr, "cannot write %s (does the folder exist?)\n", path);
        return 1;
    }
    CK(cudaFree(0));
    CU(load_module(&mod, ptx_path));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int drv = 0, rt = 0;
    cudaDriverGetVersion(&drv);
    cudaRuntimeGetVersion(&rt);
    time_t now = time(NULL);
    char date[64];
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    snprintf(path, sizeof path, "%s/provenance.txt", dir);
    FILE *pv = fopen(path, "w");
    fprintf(pv, "gpu=%s sm=%d%d cuda_driver_api=%d cuda_runtime=%d date=%s how=lab/textures/record.cu over %s\n",
            prop.name, prop.major, prop.minor, drv, rt, date, ptx_path);
    fclose(pv);

    // surfaces: every out-of-range mode, vector width and geometry; out-of-range coordinates
    // under .clamp and .zero; stores to distinct texels
    const char *modes[] = {"trap", "clamp", "zero"};
    for (int m = 0; m < 3; m++)
        for (int rep = 0; rep < 2; rep++) {
            char *k = (char *)malloc(40);
            snprintf(k, 40, "suld_2d_b32_%s", modes[m]);
            Case c = surf(k, U32, 1, 2, 6, 5, 1, 0);
            surf_inputs(c, m ? 2 : 0, false);
            run_case(dir, c);
            char *k2 = (char *)malloc(40);
            snprintf(k2, 40, "suld_1d_b32_%s", modes[m]);
            Case c1 = surf(k2, U16, 2, 1, 7, 1, 1, 0);
            surf_inputs(c1, m ? 2 : 0, false);
            run_case(dir, c1);
            char *k3 = (char *)malloc(40);
            snprintf(k3, 40, "sust_2d_b32_%s", modes[m]);
            Case c3 = surf(k3, S32, 1, 2, 8, 8, 1, 0);
            surf_inputs(c3, 0, true);
            for (int l = 0; l < 32; l++) c3.in[l][2] = next();
            if (m) c3.in[3][0] = (uint32_t)(-3 * 4), c3.in[11][0] = 12 * 4; // clamp to columns 0 / 7, or dropped
            run_case(dir, c3);
        }
    struct { const char *k; int fmt, ch, dim, layers, slack; bool store; } forms[] = {
        {"suld_2d_v4_b8", U8, 4, 2, 0, 0, false},   {"suld_2d_v2_b16", S16, 2, 2, 0, 0, false},
        {"suld_2d_b8", S8, 1, 2, 0, 1, false},      {"suld_2d_v4_b32", F32, 4, 2, 0, 0, false},
        {"suld_2d_v2_b64", U32, 4, 2, 0, 0, false}, {"suld_3d_b32", F16, 2, 3, 0, 0, false},
        {"suld_a1d_b32", U32, 1, 1, 5, 1, false},   {"suld_a2d_v2_b32", U32, 2, 2, 3, 1, false},
        {"sust_2d_v4_b8", U8, 4, 2, 0, 0, true},    {"sust_3d_v2_b64", S32, 4, 3, 0, 0, true},
        {"sust_a2d_b32", F32, 1, 2, 4, 0, true},
    };
    for (auto &f : forms) {
        Case c = surf(f.k, f.fmt, f.ch, f.dim, 5, 4, 3, f.layers);
        surf_inputs(c, f.slack, f.store);
        if (f.store && !strcmp(f.k, "sust_2d_v4_b8"))
            for (int l = 0; l < 32; l++) c.in[l][2] = next(), c.in[l][3] = next();
        if (f.store && !strcmp(f.k, "sust_3d_v2_b64"))
            for (int l = 0; l < 32; l++) c.in[l][0] = l % 5 * 16, c.in[l][1] = l / 5 % 4, c.in[l][2] = l / 20;
        run_case(dir, c);
    }
    // sured: several lanes into the same texels, out of range under .clamp and .zero
    struct { const char *k; int fmt, ch, dim, slack; } reds[] = {
        {"sured_2d_add_u32_trap", U32, 1, 2, 0}, {"sured_1d_min_s32_zero", S32, 1, 1, 1},
        {"sured_1d_max_u64_clamp", U32, 2, 1, 1}, {"sured_2d_and_b32_trap", S32, 1, 2, 0},
        {"sured_2d_or_b32_zero", S32, 1, 2, 1}, {"sured_3d_min_s64_trap", U32, 2, 3, 0},
        {"sured_2d_add_s32_clamp", S32, 1, 2, 1},
    };
    for (auto &r : reds) {
        Case c = surf(r.k, r.fmt, r.ch, r.dim, 4, 3, 2, 0);
        surf_inputs(c, r.slack, false);
        for (int l = 0; l < 32; l++) c.in[l][3] = next() % 4 ? next() : 0x80000000u + (uint32_t)l;
        run_case(dir, c);
    }
    // queries, including those ptxsim refuses (1D heights, depths of 2D objects)
    const char *sq[] = {"suq_width", "suq_height", "suq_depth"};
    // txq beyond the sizes: the CUDA 13.0 driver does not give those kernels (cuModuleGetFunction:
    // CUDA_ERROR_NOT_FOUND; an eager load of the module fails), so they are not recorded
    const char *tq[] = {"txq_width", "txq_height", "txq_depth"};
    for (int dim = 1; dim <= 3; dim++)
        for (int lay = 0; lay < (dim < 3 ? 2 : 1); lay++) {
            for (auto q : sq) {
                Case c = surf(q, U32, 1, dim, 7, 3, 2, lay ? 4 : 0);
                run_case(dir, c);
            }
            for (int a = 0; a < 4; a++)
                for (auto q : tq) {
                    Case c = surf(q, F32, 1, dim, 7, 3, 2, lay ? 4 : 0);
                    c.surface = false, c.coords_norm = 1, c.linear = a & 1, c.amode[0] = a, c.amode[1] = 3 - a;
                    run_case(dir, c);
                }
        }
    // tex: random formats, geometries, address modes, filters; coordinates anywhere (texel edges
    // included, to measure the rounding the documents leave open)
    const char *tk[2][3] = {{"tex_1d_f32", "tex_2d_f32", "tex_3d_f32"}, {"tex_a1d_f32", "tex_a2d_f32", ""}};
    for (int trial = 0; trial < 400; trial++) {
        Case c = {};
        c.fmt = next() % 8, c.ch = (int[]){1, 2, 4}[next() % 3], c.dim = 1 + next() % 3;
        c.layers = c.dim < 3 && next() % 3 == 0 ? 2 + next() % 3 : 0;
        c.w = 1 + next() % 7, c.h = c.dim > 1 ? 1 + next() % 5 : 1, c.d = c.dim > 2 ? 1 + next() % 4 : 1;
        c.read_norm = c.fmt <= S16 && next() % 2;
        bool fl = c.fmt >= F16 || c.read_norm;
        c.coords_norm = next() % 2;
        c.linear = fl && next() % 2;
        for (int d = 0; d < 3; d++) {
            int a = next() % 4;
            if (!c.coords_norm && (a == 0 || a == 2)) a = 1;
            if (!fl && a == 3) a = 1;
            c.amode[d] = a;
        }
        for (int i = 0; i < 4; i++) c.border[i] = (float)(int)(next() % 200) / 8.0f - 12.0f;
        if (!fl) {
            if (c.dim != 2 || c.layers) continue;
            c.kernel = c.fmt == U8 || c.fmt == U16 || c.fmt == U32 ? "tex_2d_u32" : "tex_2d_s32";
        } else {
            c.kernel = tk[c.layers ? 1 : 0][c.dim - 1];
        }
        int n[3] = {c.w, c.h, c.d};
        bool edges = trial % 4 == 3;
        for (int l = 0; l < 32; l++) {
            float x[3] = {0, 0, 0};
            for (int d = 0; d < c.dim; d++) {
                long i = (long)(next() % (4 * n[d])) - (long)(3 * n[d] / 2);
                float f = edges ? (float)(next() % 5) / 4.0f - 0.0f : (float)(next() % 1000) / 1000.0f;
                x[d] = (float)i + f;
                if (c.coords_norm) x[d] /= (float)n[d];
            }
            uint32_t layer = c.layers ? next() % (c.layers + 1) : 0;
            if (c.layers) {
                c.in[l][0] = layer;
                memcpy(&c.in[l][1], &x[0], 4);
                memcpy(&c.in[l][2], &x[1], 4);
            } else {
                for (int d = 0; d < 3; d++) memcpy(&c.in[l][1 + d], &x[d], 4);
            }
        }
        run_case(dir, c);
    }
    // tld4: each component, 2D and layered 2D, float and integer results; coordinates off and on
    // the footprint's edges
    const char *gk[] = {"tld4_2d_r_f32", "tld4_2d_g_f32", "tld4_2d_b_f32", "tld4_2d_a_f32", "tld4_a2d_g_f32",
                        "tld4_2d_b_u32", "tld4_2d_r_s32"};
    for (int trial = 0; trial < 56; trial++) {
        int kk = trial % 7;
        Case c = {};
        c.kernel = gk[kk];
        bool integer = kk >= 5;
        c.fmt = integer ? (kk == 5 ? U16 : S8) : (int[]){U8, S8, U16, S16, F16, F32}[next() % 6];
        c.read_norm = !integer && c.fmt <= S16;
        c.ch = (int[]){1, 2, 4}[next() % 3], c.dim = 2, c.w = 1 + next() % 6, c.h = 1 + next() % 5, c.d = 1;
        c.layers = kk == 4 ? 3 : 0;
        c.coords_norm = next() % 2;
        for (int d = 0; d < 3; d++) {
            int a = next() % 4;
            if (!c.coords_norm && (a == 0 || a == 2)) a = 1;
            if (integer && a == 3) a = 1;
            c.amode[d] = a;
        }
        for (int i = 0; i < 4; i++) c.border[i] = (float)i + 0.25f;
        for (int l = 0; l < 32; l++) {
            int n[2] = {c.w, c.h};
            float x[2];
            for (int d = 0; d < 2; d++) {
                long i = (long)(next() % (4 * n[d])) - (long)(3 * n[d] / 2);
                float f = trial % 4 == 3 ? (float)(next() % 4) / 4.0f : 0.05f + 0.9f * (float)(next() % 1000) / 1000.0f;
                x[d] = (float)i + f + 0.5f;
                if (c.coords_norm) x[d] /= (float)n[d];
            }
            c.in[l][0] = next() % 4;
            memcpy(&c.in[l][1], &x[0], 4);
            memcpy(&c.in[l][2], &x[1], 4);
        }
        run_case(dir, c);
    }
    // linear weights: between texels 0.0 and 1.0 of a 2-texel f32 texture, 32 fractions a trial
    for (int trial = 0; trial < 16; trial++) {
        Case c = surf("tex_1d_f32", F32, 1, 1, 2, 1, 1, 0);
        c.surface = false, c.linear = 1;
        for (int l = 0; l < 32; l++) {
            float x = 0.5f + (float)(trial * 32 + l) / 512.0f + (float)(next() % 1000) / 1e6f;
            memcpy(&c.in[l][1], &x, 4);
        }
        run_case(dir, c);
    }
    // linear filtering, second recording (2026-12-03): the weights of a 2D and a 3D footprint
    // read directly (texels one-hot over the four channels of f32 texels, unnormalized
    // coordinates x = 0.5 + ax so that the footprint is texels 0 and 1), with ax near half steps
    // of 1/256 and ay on and off the grid; then 1D two-texel textures of every normalized
    // integer format at chosen values, to see where the conversion meets the filter.
    {
        static const float onehot2d[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        for (int trial = 0; trial < 8; trial++) {
            Case c = surf("tex_2d_f32", F32, 4, 2, 2, 2, 1, 0);
            c.surface = false, c.linear = 1, c.texels = onehot2d;
            for (int l = 0; l < 32; l++) {
                int k = trial * 32 + l;
                float ax = ((float)(k % 64 * 4 + 1) + (trial < 4 ? 0.5f : 0.0f) + (float)(k % 7 - 3) * 0.004f) / 256.0f;
                float ay = ((float)(k / 2 % 256) + (trial % 2 ? 0.5f : 0.25f)) / 256.0f;
                float x = 0.5f + ax, y = 0.5f + ay;
                memcpy(&c.in[l][1], &x, 4);
                memcpy(&c.in[l][2], &y, 4);
            }
            run_case(dir, c);
        }
        static float onehot3d[2][32];
        for (int h = 0; h < 2; h++)
            for (int t = 0; t < 8; t++)
                for (int ch = 0; ch < 4; ch++) onehot3d[h][t * 4 + ch] = (t == h * 4 + ch) ? 1.0f : 0.0f;
        for (int trial = 0; trial < 4; trial++) {
            Case c = surf("tex_3d_f32", F32, 4, 3, 2, 2, 2, 0);
            c.surface = false, c.linear = 1, c.texels = onehot3d[trial % 2];
            for (int l = 0; l < 32; l++) {
                int k = trial / 2 * 32 + l;
                float x = 0.5f + ((float)(k * 8 % 256) + 0.5f + (float)(k % 5 - 2) * 0.01f) / 256.0f;
                float y = 0.5f + ((float)(k * 3 % 256) + 0.3f) / 256.0f;
                float z = 0.5f + ((float)(k * 5 % 256) + 0.7f) / 256.0f;
                memcpy(&c.in[l][1], &x, 4);
                memcpy(&c.in[l][2], &y, 4);
                memcpy(&c.in[l][3], &z, 4);
            }
            run_case(dir, c);
        }
        static const uint8_t u8v[3][2] = {{0, 255}, {0, 1}, {7, 200}};
        static const int8_t s8v[3][2] = {{0, 127}, {-128, 127}, {-5, 90}};
        static const uint16_t u16v[2][2] = {{0, 65535}, {3, 40000}};
        static const int16_t s16v[2][2] = {{0, 32767}, {-32768, 1234}};
        struct { int fmt; const void *v; } ints[10] = {{U8, u8v[0]}, {U8, u8v[1]}, {U8, u8v[2]}, {S8, s8v[0]},
            {S8, s8v[1]}, {S8, s8v[2]}, {U16, u16v[0]}, {U16, u16v[1]}, {S16, s16v[0]}, {S16, s16v[1]}};
        for (int i = 0; i < 10; i++) {
            Case c = surf("tex_1d_f32", ints[i].fmt, 1, 1, 2, 1, 1, 0);
            c.surface = false, c.linear = 1, c.read_norm = 1, c.texels = ints[i].v;
            for (int l = 0; l < 32; l++) {
                float x = 0.5f + ((float)(l * 8 + i) + 0.25f) / 256.0f;
                memcpy(&c.in[l][1], &x, 4);
            }
            run_case(dir, c);
        }
    }
    // linear filtering, third probe set (opt-in: `record PTX OUTDIR probes3`; the default run, and
    // so the committed recording, stay as they were): after the first 445 cases, in place of the
    // deliberate faults (the first of them ends a run on the GPU). (1) 3D weights with every
    // fraction on the 1/256 grid (x = 0.5 + i/256 is exact in f32), 512 random triples, each read
    // through both halves of the one-hot 2x2x2 texture; (2) 3D weights with x a hair off half steps
    // (+-0.01, +-0.02 of a step) and y, z on the grid, to see how 3D rounds a fraction; (3) every
    // weight 0..255 between two normalized s8 texels, for 10 pairs of values; (4) held-out checks
    // of the f32 sum rule (texels aligned to the largest exponent with 28 bits, truncated; the sum
    // rounded ties away): 2D f32 textures whose texel exponents span 2^-24..2^4, and two with
    // subnormal and tiny texels (not modelled: ptxsim refuses them).
    if (argc == 4 && !strcmp(argv[3], "probes4")) {
        probes4(dir);
        fclose(list);
        printf("%d cases in %s (probes4)\n", ncase, dir);
        return 0;
    }
    if (argc == 4) {
        static float onehot3[2][32];
        for (int h = 0; h < 2; h++)
            for (int t = 0; t < 8; t++)
                for (int ch = 0; ch < 4; ch++) onehot3[h][t * 4 + ch] = (t == h * 4 + ch) ? 1.0f : 0.0f;
        static float grid3[24][32][3]; // 16 trials of grid triples, then 8 of near-half x
        for (int trial = 0; trial < 24; trial++)
            for (int l = 0; l < 32; l++)
                for (int d = 0; d < 3; d++) {
                    float f = (float)(next() % 256);
                    if (trial >= 16 && d == 0) f = (float)(next() % 256) + 0.5f + (float)((int)(next() % 5) - 2) * 0.01f;
                    grid3[trial][l][d] = 0.5f + f / 256.0f;
                }
        for (int trial = 0; trial < 24; trial++)
            for (int h = 0; h < 2; h++) {
                Case c = surf("tex_3d_f32", F32, 4, 3, 2, 2, 2, 0);
                c.surface = false, c.linear = 1, c.texels = onehot3[h];
                for (int l = 0; l < 32; l++)
                    for (int d = 0; d < 3; d++) memcpy(&c.in[l][1 + d], &grid3[trial][l][d], 4);
                run_case(dir, c);
            }
        static const int8_t s8pairs[10][2] = {{0, 127}, {0, -128}, {0, 1},    {0, -1},  {-5, 90},
                                              {90, -5}, {127, -128}, {64, -64}, {0, 64}, {-1, 1}};
        for (int p = 0; p < 10; p++)
            for (int part = 0; part < 8; part++) {
                Case c = surf("tex_1d_f32", S8, 1, 1, 2, 1, 1, 0);
                c.surface = false, c.linear = 1, c.read_norm = 1, c.texels = s8pairs[p];
                for (int l = 0; l < 32; l++) {
                    float x = 0.5f + (float)(part * 32 + l) / 256.0f; // weight part * 32 + l of texel 1
                    memcpy(&c.in[l][1], &x, 4);
                }
                run_case(dir, c);
            }
        static uint32_t wide[10][5 * 4 * 4];
        for (int k = 0; k < 10; k++) {
            for (int i = 0; i < 5 * 4 * 4; i++) {
                uint32_t e = k < 8 ? 127 - 24 + next() % 29 : (next() % 3 == 0 ? 0 : 1 + next() % 4);
                wide[k][i] = (next() & 0x80000000u) | e << 23 | (next() & 0x7fffffu);
            }
            Case c = surf("tex_2d_f32", F32, 4, 2, 5, 4, 1, 0);
            c.surface = false, c.linear = 1, c.texels = wide[k];
            for (int d = 0; d < 3; d++) c.amode[d] = 1;
            for (int l = 0; l < 32; l++) {
                float x = (float)(next() % 6000) / 1000.0f - 0.5f, y = (float)(next() % 5000) / 1000.0f - 0.5f;
                memcpy(&c.in[l][1], &x, 4);
                memcpy(&c.in[l][2], &y, 4);
            }
            run_case(dir, c);
        }
        fclose(list);
        printf("%d cases in %s (probes3)\n", ncase, dir);
        return 0;
    }
    // what ptxsim refuses or faults on: a byte x that is not a multiple of the access (the ISA:
    // undefined), an access of another size than the texel's, .trap out of range (last: the
    // launch is expected to fail, and the device is reset after it)
    {
        Case c = surf("suld_2d_b32_zero", U32, 1, 2, 6, 5, 1, 0);
        surf_inputs(c, 0, false);
        for (int l = 0; l < 32; l++) c.in[l][0] += (uint32_t)(l % 4);
        run_case(dir, c);
        Case c2 = surf("suld_2d_b32_zero", U16, 1, 2, 12, 5, 1, 0);
        surf_inputs(c2, 0, false);
        run_case(dir, c2);
        Case c3 = surf("suld_2d_b32_trap", U32, 1, 2, 6, 5, 1, 0);
        surf_inputs(c3, 0, false);
        c3.in[7][1] = 5;
        run_case(dir, c3);
    }
    fclose(list);
    printf("%d cases in %s\n", ncase, dir);
    return 0;
}
