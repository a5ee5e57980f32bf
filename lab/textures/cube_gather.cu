// cube_gather.cu — what txq answers for cubemaps and cubemap arrays, and which four texels
// tld4 gathers on a cubemap (face interiors, edges and corners): the texel values name the texel
// (face*1000 + y*W + x), so each gathered value says where it came from. Prints the txq answers,
// then one line per direction: its three float bit patterns and the four values (as floats).
//   nvcc -cudart shared -arch=sm_90 -o /tmp/cube_gather lab/textures/cube_gather.cu
//   /tmp/cube_gather > cube_gather.h200.txt
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

__global__ void query(cudaTextureObject_t t, unsigned *out) {
    unsigned long long h = t;
    unsigned w, ht, d;
    asm volatile("txq.width.b32 %0, [%1];" : "=r"(w) : "l"(h));
    asm volatile("txq.height.b32 %0, [%1];" : "=r"(ht) : "l"(h));
    asm volatile("txq.depth.b32 %0, [%1];" : "=r"(d) : "l"(h));
    out[0] = w, out[1] = ht, out[2] = d;
}

__global__ void gather(cudaTextureObject_t t, const float4 *dir, float4 *out, int n, int comp) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long h = t;
    float x = dir[i].x, y = dir[i].y, z = dir[i].z;
    float a, b, c, d;
    if (comp == 0)
        asm volatile("tld4.r.cube.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];"
                     : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
                     : "l"(h), "f"(x), "f"(y), "f"(z));
    else
        asm volatile("tld4.a.cube.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];"
                     : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
                     : "l"(h), "f"(x), "f"(y), "f"(z));
    out[i] = make_float4(a, b, c, d);
}

#define CK(x)                                                                        \
    do {                                                                             \
        cudaError_t e_ = (x);                                                        \
        if (e_ != cudaSuccess) {                                                     \
            printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_)); \
            return 1;                                                                \
        }                                                                            \
    } while (0)

static unsigned long long rng = 0x5851f42d4c957f2dull;
static float unit() { // uniform in [-1, 1)
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (float)((rng >> 40) & 0xffffff) / 8388608.0f - 1.0f;
}
static unsigned bits(float f) {
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}

// a cubemap (layers 0) or cubemap array of W x W faces, 4 channels (x: face*1000 + y*W + x, the
// others 0 but alpha, which holds the same value negated), linear filtering, clamp, normalized
static int make(int W, int layers, cudaTextureObject_t *t, cudaArray_t *arr) {
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float4>();
    int nl = 6 * (layers ? layers : 1);
    CK(cudaMalloc3DArray(arr, &fd, make_cudaExtent(W, W, nl), cudaArrayCubemap | (layers ? cudaArrayLayered : 0)));
    std::vector<float4> tex((size_t)W * W * nl);
    for (int f = 0; f < nl; f++)
        for (int y = 0; y < W; y++)
            for (int x = 0; x < W; x++) {
                float v = (float)(f * 1000 + y * W + x);
                tex[((size_t)f * W + y) * W + x] = make_float4(v, 0, 0, -v);
            }
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(tex.data(), W * sizeof(float4), W, W);
    p.dstArray = *arr;
    p.extent = make_cudaExtent(W, W, nl);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = *arr;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = 1;
    CK(cudaCreateTextureObject(t, &rd, &td, NULL));
    return 0;
}

int main() {
    unsigned *dq;
    CK(cudaMalloc(&dq, 3 * sizeof(unsigned)));
    const int sizes[][2] = {{4, 0}, {5, 0}, {3, 2}, {7, 3}};
    for (auto &sz : sizes) {
        cudaTextureObject_t t;
        cudaArray_t arr;
        if (make(sz[0], sz[1], &t, &arr)) return 1;
        query<<<1, 1>>>(t, dq);
        CK(cudaGetLastError());
        unsigned q[3];
        CK(cudaMemcpy(q, dq, sizeof q, cudaMemcpyDeviceToHost));
        printf("txq W=%d cubes=%d: width %u height %u depth %u\n", sz[0], sz[1], q[0], q[1], q[2]);
        CK(cudaDestroyTextureObject(t));
        CK(cudaFreeArray(arr));
    }
    // gathers: random directions, then ones near face edges and corners
    std::vector<float4> dirs;
    for (int i = 0; i < 1024; i++) dirs.push_back(make_float4(unit(), unit(), unit(), 0));
    for (int i = 0; i < 512; i++) { // a major axis and minors near +-1
        float m = 1.0f + 3.0f * (unit() + 1.0f), s = m * (0.9f + 0.1f * unit()), u = m * unit();
        int ax = i % 3, sg = (i / 3) % 2 ? -1 : 1;
        float v[3];
        v[ax] = sg * m, v[(ax + 1) % 3] = (i / 6) % 2 ? s : -s, v[(ax + 2) % 3] = (i / 12) % 2 ? u : s;
        dirs.push_back(make_float4(v[0], v[1], v[2], 0));
    }
    int n = (int)dirs.size();
    float4 *dd, *dout;
    CK(cudaMalloc(&dd, n * sizeof(float4)));
    CK(cudaMalloc(&dout, n * sizeof(float4)));
    CK(cudaMemcpy(dd, dirs.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    std::vector<float4> out(n);
    for (int W : {4, 5}) {
        cudaTextureObject_t t;
        cudaArray_t arr;
        if (make(W, 0, &t, &arr)) return 1;
        for (int comp = 0; comp < 2; comp++) {
            gather<<<(n + 127) / 128, 128>>>(t, dd, dout, n, comp);
            CK(cudaGetLastError());
            CK(cudaMemcpy(out.data(), dout, n * sizeof(float4), cudaMemcpyDeviceToHost));
            for (int i = 0; i < n; i++)
                printf("W%d %c %08x %08x %08x: %g %g %g %g\n", W, comp ? 'a' : 'r', bits(dirs[i].x), bits(dirs[i].y),
                       bits(dirs[i].z), out[i].x, out[i].y, out[i].z, out[i].w);
        }
        CK(cudaDestroyTextureObject(t));
        CK(cudaFreeArray(arr));
    }
    return 0;
}
