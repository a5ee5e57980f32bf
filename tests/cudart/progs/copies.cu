// copies.cu — explicit copies: cudaMemcpy in every direction, cudaMemset, pitched memory with
// cudaMemcpy2D, pinned host memory with cudaMemcpyAsync on a stream and cudaStreamSynchronize,
// cudaMallocAsync/cudaFreeAsync.
#include <vector>
#include "common.h"

__global__ void add_rows(float *m, size_t pitch, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h) {
        float *row = (float *)((char *)m + y * pitch);
        row[x] += (float)(y * 1000 + x);
    }
}

__global__ void negate(int *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = -p[i];
}

int main() {
    // 1D: H2D, D2D, memset, D2H
    const int n = 10000;
    std::vector<int> h(n), back(n);
    for (int i = 0; i < n; i++) h[i] = (int)xs32(i + 11) >> 3;
    int *d1, *d2;
    CK(cudaMalloc(&d1, n * sizeof(int)));
    CK(cudaMalloc(&d2, n * sizeof(int)));
    CK(cudaMemcpy(d1, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemset(d2, 0xff, n * sizeof(int)));
    CK(cudaMemcpy(d2 + 100, d1 + 200, 5000 * sizeof(int), cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(back.data(), d2, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        int want = (i >= 100 && i < 5100) ? h[i + 100] : -1;
        EXPECT(back[i] == want, "1d[%d] = %d, expected %d", i, back[i], want);
    }
    std::printf("1d copies: ok\n");

    // 2D: a 300 x 70 matrix in pitched memory
    const int w = 300, hh = 70;
    std::vector<float> m(w * hh), mb(w * hh);
    for (int i = 0; i < w * hh; i++) m[i] = (float)(i % 13) * 0.25f;
    float *dm;
    size_t pitch = 0;
    CK(cudaMallocPitch(&dm, &pitch, w * sizeof(float), hh));
    EXPECT(pitch >= w * sizeof(float), "pitch too small");
    CK(cudaMemcpy2D(dm, pitch, m.data(), w * sizeof(float), w * sizeof(float), hh, cudaMemcpyHostToDevice));
    add_rows<<<dim3((w + 127) / 128, hh), 128>>>(dm, pitch, w, hh);
    CK(cudaGetLastError());
    CK(cudaMemcpy2D(mb.data(), w * sizeof(float), dm, pitch, w * sizeof(float), hh, cudaMemcpyDeviceToHost));
    for (int y = 0; y < hh; y++)
        for (int x = 0; x < w; x++) {
            float want = m[y * w + x] + (float)(y * 1000 + x);
            EXPECT(mb[y * w + x] == want, "2d[%d][%d] = %f, expected %f", y, x, mb[y * w + x], want);
        }
    std::printf("2d copies: %d x %d\n", w, hh);

    // async on a stream with pinned memory and stream-ordered allocation
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    int *pin_in, *pin_out, *da;
    CK(cudaMallocHost(&pin_in, n * sizeof(int)));
    CK(cudaHostAlloc(&pin_out, n * sizeof(int), cudaHostAllocDefault));
    for (int i = 0; i < n; i++) pin_in[i] = i * 3 - 7, pin_out[i] = 0;
    CK(cudaMallocAsync(&da, n * sizeof(int), s));
    CK(cudaMemcpyAsync(da, pin_in, n * sizeof(int), cudaMemcpyHostToDevice, s));
    negate<<<(n + 255) / 256, 256, 0, s>>>(da, n);
    CK(cudaMemcpyAsync(pin_out, da, n * sizeof(int), cudaMemcpyDeviceToHost, s));
    CK(cudaFreeAsync(da, s));
    CK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; i++) EXPECT(pin_out[i] == -(i * 3 - 7), "async[%d] = %d", i, pin_out[i]);
    std::printf("async copies: ok\n");
    CK(cudaStreamDestroy(s));
    CK(cudaFreeHost(pin_in));
    CK(cudaFreeHost(pin_out));
    CK(cudaFree(dm));
    CK(cudaFree(d1));
    CK(cudaFree(d2));
    return finish();
}
