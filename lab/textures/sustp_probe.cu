// sustp_probe.cu — what a formatted surface store (sust.p) writes on the GPU: each 32-bit source
// element converted to the surface's channel format (PTX ISA: .f32 assumed for float formats,
// .u32 for unsigned and .s32 for signed integer ones). For every channel format ptxsim's objects
// have (u8 s8 u16 s16 u32 s32 f16 f32; 1, 2 and 4 channels) it stores 64 texels of a 2D surface
// from values chosen at the conversions' edges (rounding ties, overflow, NaN, infinities,
// subnormals, the integer limits) and random ones, and prints each texel's bytes as the array
// holds them afterwards (filled with 0xa5 before, so bytes not written show). A 1D case checks
// that x counts samples, not bytes.
//   nvcc -cudart shared -arch=sm_90 -o /tmp/sustp_probe lab/textures/sustp_probe.cu
//   /tmp/sustp_probe > sustp_probe.h200.txt        (every store with all the texel's channels)
//   /tmp/sustp_probe partial > sustp_partial.h200.txt (fewer source elements than channels)
//   /tmp/sustp_probe sured > sured_p.h200.txt          (sured.p on 32-bit channels)
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <vector>
#include <cuda_runtime.h>

__global__ void store(cudaSurfaceObject_t s, const unsigned *in, int W, int vec, int oned) {
    int t = threadIdx.x, x = t % W, y = t / W;
    const unsigned *v = in + 4 * t;
    unsigned long long h = s;
    if (oned) {
        if (vec == 4)
            asm volatile("sust.p.1d.v4.b32.trap [%0, {%1}], {%2, %3, %4, %5};" ::"l"(h), "r"(x), "r"(v[0]), "r"(v[1]),
                         "r"(v[2]), "r"(v[3]));
        else if (vec == 2)
            asm volatile("sust.p.1d.v2.b32.trap [%0, {%1}], {%2, %3};" ::"l"(h), "r"(x), "r"(v[0]), "r"(v[1]));
        else
            asm volatile("sust.p.1d.b32.trap [%0, {%1}], {%2};" ::"l"(h), "r"(x), "r"(v[0]));
        return;
    }
    if (vec == 4)
        asm volatile("sust.p.2d.v4.b32.trap [%0, {%1, %2}], {%3, %4, %5, %6};" ::"l"(h), "r"(x), "r"(y), "r"(v[0]),
                     "r"(v[1]), "r"(v[2]), "r"(v[3]));
    else if (vec == 2)
        asm volatile("sust.p.2d.v2.b32.trap [%0, {%1, %2}], {%3, %4};" ::"l"(h), "r"(x), "r"(y), "r"(v[0]), "r"(v[1]));
    else
        asm volatile("sust.p.2d.b32.trap [%0, {%1, %2}], {%3};" ::"l"(h), "r"(x), "r"(y), "r"(v[0]));
}

// sured.p (formatted reduction: x counts texels) with operation op (0 add, 1 min, 2 max, 3 and,
// 4 or) of .b32 elements, or of .b64 ones for min and max (wide)
__global__ void reduce(cudaSurfaceObject_t s, const unsigned *in, int W, int op, int wide) {
    int t = threadIdx.x, x = t % W, y = t / W;
    unsigned long long h = s, v = in[2 * t] | (unsigned long long)in[2 * t + 1] << 32;
    unsigned u = in[2 * t];
    if (wide) {
        if (op == 1) asm volatile("sured.p.min.2d.b64.trap [%0, {%1, %2}], %3;" ::"l"(h), "r"(x), "r"(y), "l"(v));
        else asm volatile("sured.p.max.2d.b64.trap [%0, {%1, %2}], %3;" ::"l"(h), "r"(x), "r"(y), "l"(v));
        return;
    }
    switch (op) {
    case 0: asm volatile("sured.p.add.2d.b32.trap [%0, {%1, %2}], %3;" ::"l"(h), "r"(x), "r"(y), "r"(u)); break;
    case 1: asm volatile("sured.p.min.2d.b32.trap [%0, {%1, %2}], %3;" ::"l"(h), "r"(x), "r"(y), "r"(u)); break;
    case 2: asm volatile("sured.p.max.2d.b32.trap [%0, {%1, %2}], %3;" ::"l"(h), "r"(x), "r"(y), "r"(u)); break;
    case 3: asm volatile("sured.p.and.2d.b32.trap [%0, {%1, %2}], %3;" ::"l"(h), "r"(x), "r"(y), "r"(u)); break;
    default: asm volatile("sured.p.or.2d.b32.trap [%0, {%1, %2}], %3;" ::"l"(h), "r"(x), "r"(y), "r"(u)); break;
    }
}

#define CK(x)                                                                        \
    do {                                                                             \
        cudaError_t e_ = (x);                                                        \
        if (e_ != cudaSuccess) {                                                     \
            printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_)); \
            return 1;                                                                \
        }                                                                            \
    } while (0)

enum { U8, S8, U16, S16, U32, S32, F16, F32 };
static const char *fmt_name[] = {"u8", "s8", "u16", "s16", "u32", "s32", "f16", "f32"};
static const int fmt_bits[] = {8, 8, 16, 16, 32, 32, 16, 32};

static unsigned long long rng = 0x2545f4914f6cdd1dull;
static unsigned next() {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (unsigned)(rng >> 32);
}

// a surface object over the whole array
static int surface_of(cudaArray_t arr, cudaSurfaceObject_t *s) {
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
    CK(cudaCreateSurfaceObject(s, &rd));
    return 0;
}

// 64 source values per kind: the edges first, random ones after
static void pool(int fmt, unsigned *p) {
    static const unsigned fl[] = {
        0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x477fe000, // 0 -0 1 -1 .5 65504
        0x477fefff, 0x477ff000, 0x477ff001, 0x47800000, 0x501502f9, 0x7f7fffff, // f16 max: below, tie, above
        0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 0x7fa00000, // inf, NaNs with payloads
        0x33800000, 0x33000000, 0x33000001, 0x33c00000, 0x38000000, 0x387fc000, // 2^-24, 2^-25 (tie), 1.5*2^-24, 2^-15, f16 subnormal top
        0x38800000, 0x387ff000, 0x00000001, 0x80400000, 0x3f801000, 0x3f803000, // 2^-14, f32 subnormals, ties at 1
        0x3f801001, 0xbf803000, 0x40490fdb, 0xc2f6e979, 0x3dcccccd, 0x3eaaaaab, // pi, -123.456, 0.1, 1/3
        0x3b808081, 0x3b800000, 0x3c000000, 0x437f0000, 0x43800000, 0x4b000000, // 1/255, 255, 256, 2^23
        0x4f800000, 0xcf000000, 0x38ffe000, 0xb3800000,                         // 2^32, -2^31, subnormal edge, -2^-24
        0x7fc04001, 0xff804001, 0x7fc00001, 0x7f801fff, 0xffa02000,             // NaNs: low payload bits
    };
    static const unsigned in[] = {
        0, 1, 2, 127, 128, 129, 254, 255, 256, 257, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff, 0x10000, 0x10001,
        0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0xfffffffe, 0xffffff80, 0xffffff7f, 0xffff8000, 0xffff7fff,
        0xff, 0xff00, 0x12345678, 0xdeadbeef, 0x00ff00ff, 0x7f, 0x80, 0xff80,
    };
    bool f = fmt == F16 || fmt == F32;
    const unsigned *src = f ? fl : in;
    int n = f ? (int)(sizeof fl / sizeof *fl) : (int)(sizeof in / sizeof *in), i = 0;
    for (; i < n; i++) p[i] = src[i];
    for (; i < 64; i++) {
        unsigned r = next();
        if (f && i % 2) // finite values from 2^-30 to 2^20, either sign
            r = (r & 0x807fffff) | ((97u + r % 51u) << 23);
        else if (!f && i % 3 == 0)
            r = (r & 0x1ff) - 256u; // small, either sign
        p[i] = r;
    }
}

static int run(int fmt, int ch, int vec, int oned) {
    const int W = oned ? 64 : 8, H = oned ? 1 : 8, N = 64;
    int cb = fmt_bits[fmt] / 8, tb = cb * ch;
    cudaChannelFormatKind kind = fmt >= F16 ? cudaChannelFormatKindFloat
                                 : (fmt == S8 || fmt == S16 || fmt == S32) ? cudaChannelFormatKindSigned
                                                                          : cudaChannelFormatKindUnsigned;
    int b = fmt_bits[fmt];
    cudaChannelFormatDesc fd = cudaCreateChannelDesc(b, ch > 1 ? b : 0, ch > 2 ? b : 0, ch > 3 ? b : 0, kind);
    cudaArray_t arr;
    CK(cudaMallocArray(&arr, &fd, W, oned ? 0 : H, cudaArraySurfaceLoadStore));
    std::vector<unsigned char> bytes((size_t)W * H * tb, 0xa5);
    CK(cudaMemcpy2DToArray(arr, 0, 0, bytes.data(), (size_t)W * tb, (size_t)W * tb, H, cudaMemcpyHostToDevice));
    cudaSurfaceObject_t s;
    if (surface_of(arr, &s)) return 1;
    unsigned p[64], in[4 * N];
    pool(fmt, p);
    for (int t = 0; t < N; t++)
        for (int c = 0; c < 4; c++) in[4 * t + c] = p[(t + 17 * c) % 64];
    unsigned *din;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    store<<<1, N>>>(s, din, W, vec, oned);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy2DFromArray(bytes.data(), (size_t)W * tb, arr, 0, 0, (size_t)W * tb, H, cudaMemcpyDeviceToHost));
    printf("case %s x%d v%d %s\n", fmt_name[fmt], ch, vec, oned ? "1d" : "2d");
    for (int t = 0; t < N; t++) {
        printf("%2d", t);
        for (int c = 0; c < vec; c++) printf(" %08x", in[4 * t + c]);
        printf(" ->");
        for (int k = 0; k < tb; k++) printf("%s%02x", k % cb ? "" : " ", bytes[(size_t)t * tb + k]);
        printf("\n");
    }
    CK(cudaDestroySurfaceObject(s));
    CK(cudaFreeArray(arr));
    CK(cudaFree(din));
    return 0;
}

// sured.p on a 2D surface of 64 texels of 32-bit channels (ch 1: .b32 elements; ch 2: .b64 ones,
// min and max only), unsigned or signed: each texel starts at one pool value and takes another.
static int run_reduce(int fmt, int ch, int op) {
    static const char *ops[] = {"add", "min", "max", "and", "or"};
    const int W = 8, H = 8, N = 64, tb = 4 * ch;
    cudaChannelFormatDesc fd = cudaCreateChannelDesc(32, ch > 1 ? 32 : 0, 0, 0,
                                                     fmt == S32 ? cudaChannelFormatKindSigned
                                                                : cudaChannelFormatKindUnsigned);
    cudaArray_t arr;
    CK(cudaMallocArray(&arr, &fd, W, H, cudaArraySurfaceLoadStore));
    unsigned p[64], before[2 * N], in[2 * N];
    pool(U32, p);
    for (int t = 0; t < N; t++)
        for (int c = 0; c < 2; c++) {
            before[2 * t + c] = p[(t + 29 * c) % 64];
            in[2 * t + c] = p[(t * 7 + 3 + 13 * c) % 64];
        }
    std::vector<unsigned> bytes((size_t)N * ch);
    for (int t = 0; t < N; t++)
        for (int c = 0; c < ch; c++) bytes[(size_t)t * ch + c] = before[2 * t + c];
    CK(cudaMemcpy2DToArray(arr, 0, 0, bytes.data(), (size_t)W * tb, (size_t)W * tb, H, cudaMemcpyHostToDevice));
    cudaSurfaceObject_t s;
    if (surface_of(arr, &s)) return 1;
    unsigned *din;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    reduce<<<1, N>>>(s, din, W, op, ch > 1);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy2DFromArray(bytes.data(), (size_t)W * tb, arr, 0, 0, (size_t)W * tb, H, cudaMemcpyDeviceToHost));
    printf("case sured.p.%s %s x%d\n", ops[op], fmt_name[fmt], ch);
    for (int t = 0; t < N; t++) {
        printf("%2d", t);
        for (int c = 0; c < ch; c++) printf(" %08x", before[2 * t + c]);
        printf(" op");
        for (int c = 0; c < ch; c++) printf(" %08x", in[2 * t + c]);
        printf(" ->");
        for (int c = 0; c < ch; c++) printf(" %08x", bytes[(size_t)t * ch + c]);
        printf("\n");
    }
    CK(cudaDestroySurfaceObject(s));
    CK(cudaFreeArray(arr));
    CK(cudaFree(din));
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "sured")) {
        for (int fmt : {U32, S32})
            for (int op = 0; op < 5; op++)
                if (run_reduce(fmt, 1, op)) return 1;
        for (int fmt : {U32, S32})
            for (int op = 1; op < 3; op++)
                if (run_reduce(fmt, 2, op)) return 1;
        return 0;
    }
    bool partial = argc > 1 && !strcmp(argv[1], "partial");
    static const int chs[] = {1, 2, 4}, vecs[] = {1, 2, 4};
    for (int fmt = U8; fmt <= F32; fmt++)
        for (int ch : chs)
            for (int vec : vecs) {
                if ((vec < ch) != partial) continue;
                if (ch * fmt_bits[fmt] > 128) continue;
                if (run(fmt, ch, vec, 0)) return 1;
            }
    if (!partial && (run(U8, 4, 4, 1) || run(F16, 2, 2, 1) || run(S16, 1, 1, 1))) return 1;
    return 0;
}
