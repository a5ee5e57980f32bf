// rt_basic.cu — registration, <<<>>> launches, copies (1D, 2D, 3D), memsets, __device__ and
// __constant__ symbols, pointer attributes, function attributes and the device's description
// against what an H200 reports (lab/cudart_h200/attrs.h200.txt).
#include <cstring>
#include "rt_check.h"

__device__ int dev_table[8];
__constant__ float scale[2];

__global__ void axpb(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = scale[0] * x[i] + scale[1] + dev_table[i % 8];
}
__global__ void bump_table() { dev_table[threadIdx.x] += 100 * threadIdx.x; }
__global__ void __launch_bounds__(256) with_smem(float *p) {
    __shared__ float s[1024];
    s[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = s[(threadIdx.x + 1) % 256];
}

__global__ void big_smem(int *out, int n) {
    extern __shared__ int buf[];
    for (int i = threadIdx.x; i < n; i += blockDim.x) buf[i] = i;
    __syncthreads();
    if (threadIdx.x == 0) *out = buf[n - 1] + buf[n / 2];
}

int main() {
    const int n = 1000;
    float hx[n], hy[n];
    for (int i = 0; i < n; i++) hx[i] = 0.5f * i;
    float *dx, *dy;
    CK(cudaMalloc(&dx, n * sizeof(float)));
    CK(cudaMalloc(&dy, n * sizeof(float)));
    CK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
    CK(cudaMemset(dy, 0xff, sizeof hy));
    int table[8];
    for (int i = 0; i < 8; i++) table[i] = i * 3;
    const float sc[2] = {2.0f, 1.0f};
    CK(cudaMemcpyToSymbol(dev_table, table, sizeof table));
    CK(cudaMemcpyToSymbol(scale, sc, sizeof sc));
    bump_table<<<1, 8>>>();
    CK(cudaGetLastError());
    axpb<<<(n + 127) / 128, 128>>>(dx, dy, n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) EXPECT(hy[i] == 2.0f * hx[i] + 1.0f + (i % 8) * 3 + 100 * (i % 8));
    int back[8];
    CK(cudaMemcpyFromSymbol(back, dev_table, sizeof back));
    for (int i = 0; i < 8; i++) EXPECT(back[i] == i * 3 + 100 * i);
    int one = 0;
    CK(cudaMemcpyFromSymbol(&one, dev_table, sizeof one, 5 * sizeof(int)));
    EXPECT(one == 515);
    EXPECT(cudaMemcpyFromSymbol(back, dev_table, sizeof back, 4) == cudaErrorInvalidValue);
    void *addr = nullptr;
    size_t size = 0;
    CK(cudaGetSymbolAddress(&addr, dev_table));
    CK(cudaGetSymbolSize(&size, dev_table));
    EXPECT(size == sizeof table);
    CK(cudaMemcpy(&one, (int *)addr + 2, sizeof one, cudaMemcpyDeviceToHost));
    EXPECT(one == 206);

    // 2D: a 5x3 window of a pitched allocation, and back
    size_t pitch = 0;
    int *img;
    CK(cudaMallocPitch((void **)&img, &pitch, 7 * sizeof(int), 4));
    EXPECT(pitch >= 7 * sizeof(int));
    CK(cudaMemset2D(img, pitch, 0, 7 * sizeof(int), 4));
    int win[3][5], out[4][7];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 5; c++) win[r][c] = 10 * r + c + 1;
    CK(cudaMemcpy2D((char *)img + pitch + sizeof(int), pitch, win, sizeof win[0], sizeof win[0], 3,
                    cudaMemcpyHostToDevice));
    CK(cudaMemcpy2D(out, sizeof out[0], img, pitch, sizeof out[0], 4, cudaMemcpyDeviceToHost));
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 7; c++) {
            bool inside = r >= 1 && r <= 3 && c >= 1 && c <= 5;
            EXPECT(out[r][c] == (inside ? win[r - 1][c - 1] : 0));
        }
    // 3D: a 2x2x2 box into a 4x3x2 volume
    cudaPitchedPtr vol;
    CK(cudaMalloc3D(&vol, make_cudaExtent(4 * sizeof(short), 3, 2)));
    CK(cudaMemset3D(vol, 0, make_cudaExtent(4 * sizeof(short), 3, 2)));
    short box[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}}, got[2][3][4];
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(box, 2 * sizeof(short), 2, 2);
    p.dstPtr = vol;
    p.dstPos = make_cudaPos(1 * sizeof(short), 1, 0);
    p.extent = make_cudaExtent(2 * sizeof(short), 2, 2);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    cudaMemcpy3DParms q = {};
    q.srcPtr = vol;
    q.dstPtr = make_cudaPitchedPtr(got, 4 * sizeof(short), 4, 3);
    q.extent = make_cudaExtent(4 * sizeof(short), 3, 2);
    q.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3D(&q));
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++) {
                bool inside = y >= 1 && x >= 1 && x <= 2;
                EXPECT(got[z][y][x] == (inside ? box[z][y - 1][x - 1] : 0));
            }

    // pointer attributes
    cudaPointerAttributes pa;
    CK(cudaPointerGetAttributes(&pa, dx + 10));
    EXPECT(pa.type == cudaMemoryTypeDevice && pa.device == 0);
    int on_stack = 0;
    CK(cudaPointerGetAttributes(&pa, &on_stack));
    EXPECT(pa.type == cudaMemoryTypeUnregistered);
    float *pinned;
    CK(cudaMallocHost(&pinned, 64));
    CK(cudaPointerGetAttributes(&pa, pinned));
    EXPECT(pa.type == cudaMemoryTypeHost && pa.hostPointer == pinned);
    EXPECT(cudaFree(pinned) == cudaErrorInvalidValue);  // page-locked memory is not cudaFree's
    cudaGetLastError();
    CK(cudaFreeHost(pinned));

    // the device and a kernel as the H200 describes them
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    EXPECT(prop.warpSize == 32 && prop.maxThreadsPerBlock == 1024);
    int v = 0;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0));
    EXPECT(v == prop.major);
    if (prop.major == 9 && prop.minor == 0) {
        EXPECT(prop.multiProcessorCount == 132 && prop.sharedMemPerMultiprocessor == 233472);
        EXPECT(prop.sharedMemPerBlockOptin == 232448 && prop.maxThreadsPerMultiProcessor == 2048);
        EXPECT(prop.l2CacheSize == 62914560 && prop.maxBlocksPerMultiProcessor == 32);
        cudaFuncAttributes fa;
        CK(cudaFuncGetAttributes(&fa, with_smem));
        EXPECT(fa.sharedSizeBytes == 4096 && fa.maxThreadsPerBlock == 256 && fa.ptxVersion == 90);
        EXPECT(fa.binaryVersion == 90 && fa.maxDynamicSharedSizeBytes == 45056);
        const int blocks[] = {32, 64, 128, 256, 512, 1024}, want[] = {32, 32, 16, 8, 4, 2};
        for (int i = 0; i < 6; i++) {
            int nb = -1;
            CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, axpb, blocks[i], 0));
            EXPECT(nb == want[i]);
        }
        int mg = 0, mb = 0;
        CK(cudaOccupancyMaxPotentialBlockSize(&mg, &mb, with_smem, 0, 0));
        EXPECT(mg == 1056 && mb == 256);
        CK(cudaOccupancyMaxPotentialBlockSize(&mg, &mb, axpb, 0, 0));
        EXPECT(mg == 264 && mb == 1024);
    }
    // dynamic shared memory beyond 48 KiB needs the function's opt-in
    int *dout, sum = 0;
    const int words = 24 * 1024;  // 96 KiB
    CK(cudaMalloc(&dout, sizeof(int)));
    big_smem<<<1, 256, words * sizeof(int)>>>(dout, words);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    CK(cudaFuncSetAttribute(big_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, words * sizeof(int)));
    big_smem<<<1, 256, words * sizeof(int)>>>(dout, words);
    CK(cudaGetLastError());
    CK(cudaMemcpy(&sum, dout, sizeof sum, cudaMemcpyDeviceToHost));
    EXPECT(sum == (words - 1) + words / 2);
    CK(cudaFree(dout));
    EXPECT(!strcmp(cudaGetErrorString(cudaErrorIllegalAddress), "an illegal memory access was encountered"));
    EXPECT(!strcmp(cudaGetErrorName(cudaErrorNotSupported), "cudaErrorNotSupported"));
    int rv = 0;
    CK(cudaRuntimeGetVersion(&rv));
    EXPECT(rv == 13000);
    CK(cudaFree(dx));
    CK(cudaFree(dy));
    CK(cudaFree(img));
    CK(cudaFree(vol.ptr));
    return finish("rt_basic");
}
