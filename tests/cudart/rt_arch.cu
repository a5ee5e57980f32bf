// rt_arch.cu — a fat binary with two PTX versions (built with compute_75 and compute_90 PTX):
// the runtime runs the newest one the simulated architecture can run, as the driver chooses.
// The kernel reports which one it was compiled for (__CUDA_ARCH__); the expected value follows
// from the device's compute capability.
#include "rt_check.h"

__global__ void which(int *out) {
#ifdef __CUDA_ARCH__
    *out = __CUDA_ARCH__;
#endif
}

int main() {
    int *d, got = 0;
    CK(cudaMalloc(&d, sizeof(int)));
    which<<<1, 1>>>(d);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(&got, d, sizeof got, cudaMemcpyDeviceToHost));
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    int sm = p.major * 10 + p.minor;
    int want = sm >= 90 ? 900 : 750;
    printf("sm_%d ran the compute_%d PTX\n", sm, got / 10);
    EXPECT(got == want);
    return finish("rt_arch");
}
