// atomics.cu — atomics: a 256-bin histogram in shared memory merged into global with atomicAdd,
// atomicMin/Max/And/Or/Xor/Exch/CAS on global words, a float atomicAdd of exactly representable
// values, and 64-bit atomicAdd; results compared with a host count.
#include <vector>
#include "common.h"

__global__ void histogram(const unsigned char *data, int n, unsigned *bins) {
    __shared__ unsigned local[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        if (local[i]) atomicAdd(&bins[i], local[i]);
}

__global__ void mixed(const unsigned *v, int n, unsigned *w, float *f, unsigned long long *big) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicMin(&w[0], v[i]);
    atomicMax(&w[1], v[i]);
    atomicAnd(&w[2], v[i] | 0x0f0f0f0fu);
    atomicOr(&w[3], v[i] & 0x80808080u);
    atomicXor(&w[4], v[i]);
    atomicInc(&w[5], 1000u);
    // compare-and-swap loop: add v[i] % 7
    unsigned old = w[6], assumed;
    do {
        assumed = old;
        old = atomicCAS(&w[6], assumed, assumed + v[i] % 7);
    } while (old != assumed);
    atomicAdd(f, (float)(v[i] % 16) * 0.25f);
    atomicAdd(big, (unsigned long long)v[i] << 8);
}

int main() {
    const int n = 1 << 20;
    std::vector<unsigned char> data(n);
    unsigned x = 1;
    for (int i = 0; i < n; i++) data[i] = (unsigned char)((x = xs32(x)) >> 24);
    unsigned char *dd;
    unsigned *bins;
    CK(cudaMalloc(&dd, n));
    CK(cudaMalloc(&bins, 256 * 4));
    CK(cudaMemcpy(dd, data.data(), n, cudaMemcpyHostToDevice));
    CK(cudaMemset(bins, 0, 256 * 4));
    histogram<<<32, 256>>>(dd, n, bins);
    CK(cudaGetLastError());
    std::vector<unsigned> hb(256), ref(256, 0);
    CK(cudaMemcpy(hb.data(), bins, 256 * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) ref[data[i]]++;
    unsigned most = 0;
    for (int b = 0; b < 256; b++) {
        EXPECT(hb[b] == ref[b], "bin %d: %u, expected %u", b, hb[b], ref[b]);
        most = hb[b] > hb[most] ? b : most;
    }
    std::printf("histogram: %d bytes, fullest bin %u with %u\n", n, most, hb[most]);

    const int m = 5000;
    std::vector<unsigned> v(m);
    for (int i = 0; i < m; i++) v[i] = xs32(i + 77);
    unsigned *dv, *w;
    float *f;
    unsigned long long *big;
    CK(cudaMalloc(&dv, m * 4));
    CK(cudaMallocManaged(&w, 8 * 4));
    CK(cudaMallocManaged(&f, 4));
    CK(cudaMallocManaged(&big, 8));
    CK(cudaMemcpy(dv, v.data(), m * 4, cudaMemcpyHostToDevice));
    unsigned init[8] = {~0u, 0, ~0u, 0, 0, 0, 0, 0};
    for (int k = 0; k < 8; k++) w[k] = init[k];
    *f = 0.0f;
    *big = 0;
    mixed<<<(m + 255) / 256, 256>>>(dv, m, w, f, big);
    CK(cudaDeviceSynchronize());
    unsigned r[8] = {~0u, 0, ~0u, 0, 0, 0, 0, 0};
    double fs = 0;
    unsigned long long bs = 0;
    for (int i = 0; i < m; i++) {
        r[0] = v[i] < r[0] ? v[i] : r[0];
        r[1] = v[i] > r[1] ? v[i] : r[1];
        r[2] &= v[i] | 0x0f0f0f0fu;
        r[3] |= v[i] & 0x80808080u;
        r[4] ^= v[i];
        r[5] = r[5] >= 1000u ? 0 : r[5] + 1;
        r[6] += v[i] % 7;
        fs += (double)(v[i] % 16) * 0.25;
        bs += (unsigned long long)v[i] << 8;
    }
    for (int k = 0; k < 7; k++) EXPECT(w[k] == r[k], "word %d: %08x, expected %08x", k, w[k], r[k]);
    EXPECT((double)*f == fs, "float sum %f, expected %f", *f, fs);
    EXPECT(*big == bs, "64-bit sum %llu, expected %llu", *big, bs);
    std::printf("atomics: min %08x max %08x and %08x or %08x xor %08x inc %u cas %u float %.2f big %llu\n",
                w[0], w[1], w[2], w[3], w[4], w[5], w[6], *f, *big);
    CK(cudaFree(dd));
    CK(cudaFree(bins));
    CK(cudaFree(dv));
    CK(cudaFree(w));
    CK(cudaFree(f));
    CK(cudaFree(big));
    return finish();
}
