// rt_rdc_main.cu — separate compilation (nvcc -rdc=true) with rt_rdc_lib.cu: the device-linked
// fat binary holds SASS only, and the runtime links the two units' PTX itself. A kernel here
// calls a device function and updates a __device__ variable defined in the other unit, which the
// host reads through its symbol.
#include "rt_check.h"

__device__ int twice(int x);
extern __device__ int calls;

__global__ void k(int *p) {
    p[threadIdx.x] = twice(threadIdx.x);
    atomicAdd(&calls, 1);
}

int main() {
    int *d, h[64], c = -1;
    CK(cudaMalloc(&d, sizeof h));
    k<<<1, 64>>>(d);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 64; i++) EXPECT(h[i] == 2 * i + 1);
    CK(cudaMemcpyFromSymbol(&c, calls, sizeof c));
    EXPECT(c == 64 + 1000);
    return finish("rt_rdc");
}
