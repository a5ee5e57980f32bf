// managed.cu — managed memory: cudaMallocManaged buffers written by the host, updated by kernels
// and read back by the host after cudaDeviceSynchronize; a __managed__ variable.
#include "common.h"

__managed__ int g_counter = 0;

__global__ void scale_add(float *x, const float *y, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = a * x[i] + y[i];
    if (i < n && (i % 1000) == 0) atomicAdd(&g_counter, 1);
}

int main() {
    const int n = 1 << 16;
    float *x, *y;
    CK(cudaMallocManaged(&x, n * sizeof(float)));
    CK(cudaMallocManaged(&y, n * sizeof(float)));
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 97) * 0.5f;
        y[i] = (float)(i % 31) - 15.0f;
    }
    g_counter = 5;
    scale_add<<<(n + 255) / 256, 256>>>(x, y, 2.0f, n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    scale_add<<<(n + 127) / 128, 128>>>(x, y, -0.25f, n);
    CK(cudaDeviceSynchronize());
    double sum = 0;
    for (int i = 0; i < n; i++) {
        float r = 2.0f * ((float)(i % 97) * 0.5f) + ((float)(i % 31) - 15.0f);
        r = -0.25f * r + ((float)(i % 31) - 15.0f);
        EXPECT(x[i] == r, "x[%d] = %a, expected %a", i, x[i], r);
        sum += x[i];
    }
    int calls = (n + 999) / 1000;
    EXPECT(g_counter == 5 + 2 * calls, "counter %d, expected %d", g_counter, 5 + 2 * calls);
    std::printf("managed: %d elements, sum %.3f, counter %d\n", n, sum, g_counter);
    CK(cudaFree(x));
    CK(cudaFree(y));
    return finish();
}
