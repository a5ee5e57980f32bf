// rt_surface.cu — surface objects through the runtime: kernels write CUDA arrays made with
// cudaArraySurfaceLoadStore (surf2Dwrite, surf2DLayeredwrite, surf1Dwrite) and read them
// (surf2Dread, with the zero and clamp boundary modes out of range); the host checks every texel,
// copied out with cudaMemcpy2DFromArray and cudaMemcpy3D, against what it computes itself.
// Self-checking: prints PASS or FAIL lines.
#include <cstdint>
#include <cstring>
#include <vector>

#include "rt_check.h"

__host__ __device__ static uint32_t value(int x, int y, int l) { return (uint32_t)(x * 7919 + y * 104729 + l * 31) ^ 0x5a5a; }

__global__ void write2d(cudaSurfaceObject_t s, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h) surf2Dwrite(value(x, y, 0), s, x * 4, y);
}
// reads (x, y) with x and y running one texel past every edge: zero mode, then clamp mode
__global__ void read2d(cudaSurfaceObject_t s, int w, int h, uint32_t *zero, uint32_t *clamp) {
    int x = (int)threadIdx.x - 1, y = (int)blockIdx.x - 1, i = blockIdx.x * blockDim.x + threadIdx.x;
    zero[i] = surf2Dread<uint32_t>(s, x * 4, y, cudaBoundaryModeZero);
    clamp[i] = surf2Dread<uint32_t>(s, x * 4, y, cudaBoundaryModeClamp);
}
__global__ void write_layered(cudaSurfaceObject_t s, int w, int h) {
    int x = threadIdx.x, y = blockIdx.x, l = blockIdx.y;
    uint32_t v = value(x, y, l);
    surf2DLayeredwrite(make_float2((float)v, -(float)l), s, x * 8, y, l);
}
__global__ void copy1d(cudaSurfaceObject_t from, cudaSurfaceObject_t to, int w) {
    int x = threadIdx.x;
    if (x < w) {
        short2 v = surf1Dread<short2>(from, x * 4);
        surf1Dwrite(make_short2(v.y, (short)(v.x + 1)), to, x * 4);
    }
}

static cudaArray_t surface_array(cudaChannelFormatDesc fd, cudaExtent e, unsigned flags, cudaSurfaceObject_t *s) {
    cudaArray_t a;
    CK(cudaMalloc3DArray(&a, &fd, e, flags | cudaArraySurfaceLoadStore));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    CK(cudaCreateSurfaceObject(s, &rd));
    cudaResourceDesc back;
    CK(cudaGetSurfaceObjectResourceDesc(&back, *s));
    EXPECT(back.resType == cudaResourceTypeArray && back.res.array.array == a);
    return a;
}

int main() {
    // 2D: written by a kernel, read back by the host; then read by a kernel past every edge
    const int W = 37, H = 9;
    cudaSurfaceObject_t s;
    cudaArray_t a = surface_array(cudaCreateChannelDesc<uint32_t>(), make_cudaExtent(W, H, 0), 0, &s);
    write2d<<<dim3(2, H), 32>>>(s, W, H);
    CK(cudaGetLastError());
    std::vector<uint32_t> got(W * H);
    CK(cudaMemcpy2DFromArray(got.data(), W * 4, a, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) bad += got[y * W + x] != value(x, y, 0);
    EXPECT(bad == 0);
    const int RW = W + 2, RH = H + 2;
    uint32_t *dz, *dc;
    CK(cudaMalloc(&dz, RW * RH * 4));
    CK(cudaMalloc(&dc, RW * RH * 4));
    read2d<<<RH, RW>>>(s, W, H, dz, dc);
    CK(cudaGetLastError());
    std::vector<uint32_t> z(RW * RH), c(RW * RH);
    CK(cudaMemcpy(z.data(), dz, RW * RH * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(c.data(), dc, RW * RH * 4, cudaMemcpyDeviceToHost));
    bad = 0;
    for (int j = 0; j < RH; j++)
        for (int i = 0; i < RW; i++) {
            int x = i - 1, y = j - 1;
            bool in = x >= 0 && x < W && y >= 0 && y < H;
            int cx = x < 0 ? 0 : x >= W ? W - 1 : x, cy = y < 0 ? 0 : y >= H ? H - 1 : y;
            bad += z[j * RW + i] != (in ? value(x, y, 0) : 0u);
            bad += c[j * RW + i] != value(cx, cy, 0);
        }
    if (bad) printf("FAIL surf2Dread: %d mismatches\n", bad);
    EXPECT(bad == 0);
    CK(cudaDestroySurfaceObject(s));
    CK(cudaFreeArray(a));
    CK(cudaFree(dz));
    CK(cudaFree(dc));

    // layered 2D float2 texels, back through cudaMemcpy3D
    const int LW = 6, LH = 4, L = 3;
    a = surface_array(cudaCreateChannelDesc<float2>(), make_cudaExtent(LW, LH, L), cudaArrayLayered, &s);
    write_layered<<<dim3(LH, L), LW>>>(s, LW, LH);
    CK(cudaGetLastError());
    std::vector<float2> lay(LW * LH * L);
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcArray = a;
    p.dstPtr = make_cudaPitchedPtr(lay.data(), LW * sizeof(float2), LW, LH);
    p.extent = make_cudaExtent(LW, LH, L);
    p.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3D(&p));
    bad = 0;
    for (int l = 0; l < L; l++)
        for (int y = 0; y < LH; y++)
            for (int x = 0; x < LW; x++) {
                float2 v = lay[(l * LH + y) * LW + x];
                bad += v.x != (float)value(x, y, l) || v.y != -(float)l;
            }
    EXPECT(bad == 0);
    CK(cudaDestroySurfaceObject(s));
    CK(cudaFreeArray(a));

    // 1D short2: one surface read, another written
    const int N = 20;
    cudaSurfaceObject_t s1, s2;
    cudaArray_t a1 = surface_array(cudaCreateChannelDesc<short2>(), make_cudaExtent(N, 0, 0), 0, &s1);
    cudaArray_t a2 = surface_array(cudaCreateChannelDesc<short2>(), make_cudaExtent(N, 0, 0), 0, &s2);
    short2 in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = make_short2((short)(i * 1000 - 9000), (short)(-i));
    CK(cudaMemcpyToArray(a1, 0, 0, in, sizeof in, cudaMemcpyHostToDevice));
    copy1d<<<1, 32>>>(s1, s2, N);
    CK(cudaGetLastError());
    CK(cudaMemcpyFromArray(out, a2, 0, 0, sizeof out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) EXPECT(out[i].x == in[i].y && out[i].y == (short)(in[i].x + 1));
    CK(cudaDestroySurfaceObject(s1));
    CK(cudaDestroySurfaceObject(s2));
    CK(cudaFreeArray(a1));
    CK(cudaFreeArray(a2));
    return finish("rt_surface");
}
