// symbols.cu — __constant__ and __device__ symbols: cudaMemcpyToSymbol (with an offset),
// cudaMemcpyFromSymbol, cudaGetSymbolAddress and cudaGetSymbolSize, statically initialised
// device variables.
#include "common.h"

__constant__ float c_coef[16];
__constant__ int c_bias = 7;
__device__ int d_table[64] = {1, 2, 3};
__device__ unsigned long long d_acc;

__global__ void poly(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i], r = 0.0f;
    for (int k = 15; k >= 0; k--) r = r * v + c_coef[k];
    y[i] = r + (float)c_bias + (float)d_table[i % 64];
    atomicAdd(&d_acc, (unsigned long long)(i % 5));
}

int main() {
    float coef[16];
    for (int k = 0; k < 16; k++) coef[k] = 1.0f / (float)(k + 1);
    CK(cudaMemcpyToSymbol(c_coef, coef, sizeof coef));
    float tail[2] = {0.5f, -0.5f};
    CK(cudaMemcpyToSymbol(c_coef, tail, sizeof tail, 14 * sizeof(float)));
    coef[14] = 0.5f, coef[15] = -0.5f;
    int table[64];
    CK(cudaMemcpyFromSymbol(table, d_table, sizeof table));
    EXPECT(table[0] == 1 && table[1] == 2 && table[2] == 3 && table[3] == 0, "initialiser of d_table");
    for (int k = 3; k < 64; k++) table[k] = k * k;
    CK(cudaMemcpyToSymbol(d_table, table + 3, 61 * sizeof(int), 3 * sizeof(int)));
    int bias = 0;
    CK(cudaMemcpyFromSymbol(&bias, c_bias, sizeof bias));
    EXPECT(bias == 7, "c_bias %d", bias);
    size_t sz = 0;
    CK(cudaGetSymbolSize(&sz, d_table));
    EXPECT(sz == 64 * sizeof(int), "size of d_table %zu", sz);
    unsigned long long *acc = nullptr;
    CK(cudaGetSymbolAddress((void **)&acc, d_acc));
    CK(cudaMemset(acc, 0, sizeof *acc));

    const int n = 4096;
    float *x, *y;
    CK(cudaMallocManaged(&x, n * sizeof(float)));
    CK(cudaMallocManaged(&y, n * sizeof(float)));
    for (int i = 0; i < n; i++) x[i] = (float)(i % 200) / 256.0f - 0.3f;
    poly<<<n / 256, 256>>>(x, y, n);
    CK(cudaDeviceSynchronize());
    unsigned long long hacc = 0;
    CK(cudaMemcpyFromSymbol(&hacc, d_acc, sizeof hacc));
    unsigned long long want_acc = 0;
    for (int i = 0; i < n; i++) {
        float v = x[i], r = 0.0f;
        for (int k = 15; k >= 0; k--) r = __builtin_fmaf(r, v, coef[k]); // nvcc contracts to fma
        float want = r + 7.0f + (float)table[i % 64];
        EXPECT(y[i] == want, "y[%d] = %a, expected %a", i, y[i], want);
        want_acc += i % 5;
    }
    EXPECT(hacc == want_acc, "d_acc %llu, expected %llu", hacc, want_acc);
    std::printf("symbols: y[100] = %a, acc %llu\n", y[100], hacc);
    CK(cudaFree(x));
    CK(cudaFree(y));
    return finish();
}
