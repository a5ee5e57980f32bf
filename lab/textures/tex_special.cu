// tex_special.cu — what linear filtering returns when its footprint holds infinite or NaN
// texels, and what a cubemap returns for the zero direction. A 6 x 6 texture (f32, then f16) of
// finite values with +inf, -inf and NaNs (quiet, payloads, signalling, negative) in its middle is
// sampled with linear filtering at unnormalized coordinates on a 1/16 grid over [0.5, 5.5]^2 plus
// points one 1/256 step off texel centres; then tex.cube of (0, 0, 0) and (-0, 0, -0), point and
// linear. Prints one line per sample: the coordinates' bit patterns and the result's.
//   nvcc -cudart shared -arch=sm_90 -o /tmp/tex_special lab/textures/tex_special.cu
//   /tmp/tex_special > tex_special.h200.txt
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void sample2d(cudaTextureObject_t t, const float2 *c, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float>(t, c[i].x, c[i].y);
}
__global__ void cube(cudaTextureObject_t t, const float4 *d, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = texCubemap<float>(t, d[i].x, d[i].y, d[i].z);
}

#define CK(x)                                                                        \
    do {                                                                             \
        cudaError_t e_ = (x);                                                        \
        if (e_ != cudaSuccess) {                                                     \
            printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_)); \
            return 1;                                                                \
        }                                                                            \
    } while (0)

static unsigned bits(float f) {
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}
static float from_bits(unsigned u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}

enum { W = 6 };

static int texture_of(cudaArray_t arr, int linear, cudaTextureObject_t *t) {
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
    td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    CK(cudaCreateTextureObject(t, &rd, &td, NULL));
    return 0;
}

static int run2d(bool half, const std::vector<float2> &pts) {
    // texel (x, y) = 1 + x + 8y, but the middle holds the special values
    static const unsigned special[][3] = {
        {2, 2, 0x7f800000}, {3, 2, 0xff800000}, {2, 3, 0x7fc00000}, {3, 3, 0x7fa12345},
        {1, 4, 0xffc00001}, {4, 1, 0x7f800000}, {4, 4, 0x7f800000}, {5, 4, 0x7f800000},
    };
    std::vector<float> v(W * W);
    for (int y = 0; y < W; y++)
        for (int x = 0; x < W; x++) v[y * W + x] = 1.0f + x + 8.0f * y;
    for (auto &s : special) v[s[1] * W + s[0]] = from_bits(s[2]);
    cudaChannelFormatDesc fd = half ? cudaCreateChannelDescHalf() : cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    CK(cudaMallocArray(&arr, &fd, W, W));
    if (half) {
        std::vector<__half> h(W * W);
        for (int i = 0; i < W * W; i++) h[i] = __float2half_rn(v[i]);
        CK(cudaMemcpy2DToArray(arr, 0, 0, h.data(), W * 2, W * 2, W, cudaMemcpyHostToDevice));
    } else
        CK(cudaMemcpy2DToArray(arr, 0, 0, v.data(), W * 4, W * 4, W, cudaMemcpyHostToDevice));
    cudaTextureObject_t t;
    if (texture_of(arr, 1, &t)) return 1;
    int n = (int)pts.size();
    float2 *dc;
    float *dout;
    CK(cudaMalloc(&dc, n * sizeof(float2)));
    CK(cudaMalloc(&dout, n * sizeof(float)));
    CK(cudaMemcpy(dc, pts.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
    sample2d<<<(n + 127) / 128, 128>>>(t, dc, dout, n);
    CK(cudaGetLastError());
    std::vector<float> out(n);
    CK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        printf("%s %08x %08x %08x\n", half ? "f16" : "f32", bits(pts[i].x), bits(pts[i].y), bits(out[i]));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(arr));
    CK(cudaFree(dc));
    CK(cudaFree(dout));
    return 0;
}

static int run_cube(int linear) {
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    const int F = 4;
    CK(cudaMalloc3DArray(&arr, &fd, make_cudaExtent(F, F, 6), cudaArrayCubemap));
    std::vector<float> tex(F * F * 6);
    for (int i = 0; i < F * F * 6; i++) tex[i] = (float)((i / (F * F)) * 1000 + i % (F * F));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(tex.data(), F * sizeof(float), F, F);
    p.dstArray = arr;
    p.extent = make_cudaExtent(F, F, 6);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    cudaTextureObject_t t;
    if (texture_of(arr, linear, &t)) return 1;
    // descriptor: normalized coordinates are what cubemaps use; texture_of leaves them off, which
    // the hardware ignores for cubemaps (lab/textures/README.md)
    std::vector<float4> d = {make_float4(0, 0, 0, 0), make_float4(-0.0f, 0, -0.0f, 0),
                             make_float4(0, -0.0f, 0, 0), make_float4(-0.0f, -0.0f, -0.0f, 0),
                             make_float4(1e-45f, 0, 0, 0), make_float4(0, 0, 1e-40f, 0)};
    int n = (int)d.size();
    float4 *dd;
    float *dout;
    CK(cudaMalloc(&dd, n * sizeof(float4)));
    CK(cudaMalloc(&dout, n * sizeof(float)));
    CK(cudaMemcpy(dd, d.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    cube<<<1, 32>>>(t, dd, dout, n);
    CK(cudaGetLastError());
    std::vector<float> out(n);
    CK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        printf("cube%s %08x %08x %08x %08x\n", linear ? "lin" : "pt", bits(d[i].x), bits(d[i].y), bits(d[i].z),
               bits(out[i]));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(arr));
    return 0;
}

int main() {
    std::vector<float2> pts;
    for (int j = 0; j <= 80; j++)
        for (int i = 0; i <= 80; i++) pts.push_back(make_float2(0.5f + i / 16.0f, 0.5f + j / 16.0f));
    for (int y = 0; y < W; y++) // one 1/256 step either side of every texel centre, each direction
        for (int x = 0; x < W; x++)
            for (int k = 0; k < 4; k++) {
                float dx = (k == 0 ? 1 : k == 1 ? -1 : 0) / 256.0f, dy = (k == 2 ? 1 : k == 3 ? -1 : 0) / 256.0f;
                pts.push_back(make_float2(x + 0.5f + dx, y + 0.5f + dy));
            }
    if (run2d(false, pts) || run2d(true, pts) || run_cube(0) || run_cube(1)) return 1;
    return 0;
}
