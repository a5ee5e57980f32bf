// rt_threads.cu — four host threads, each with its own stream, allocating, launching and copying
// at the same time: every thread's first call makes the primary context current there, and the
// results do not mix.
#include <thread>
#include <vector>
#include "rt_check.h"

__global__ void fill(int *p, int n, int v) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = v * 1000 + i;
}

int main() {
    const int n = 2000, nthreads = 4;
    std::vector<int> bad(nthreads, 0);
    std::vector<std::thread> ts;
    for (int t = 0; t < nthreads; t++)
        ts.emplace_back([t, &bad] {
            cudaStream_t s;
            int *d;
            if (cudaStreamCreate(&s) != cudaSuccess || cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) {
                bad[t] = -1;
                return;
            }
            std::vector<int> h(n);
            for (int rep = 0; rep < 5; rep++) {
                fill<<<(n + 255) / 256, 256, 0, s>>>(d, n, t * 10 + rep);
                cudaMemcpyAsync(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost, s);
                cudaStreamSynchronize(s);
                for (int i = 0; i < n; i++) bad[t] += h[i] != (t * 10 + rep) * 1000 + i;
            }
            cudaFree(d);
            cudaStreamDestroy(s);
        });
    for (auto &t : ts) t.join();
    for (int t = 0; t < nthreads; t++) EXPECT(bad[t] == 0);
    CK(cudaGetLastError());
    return finish("rt_threads");
}
