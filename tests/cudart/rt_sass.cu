// rt_sass.cu — built with SASS only (-gencode arch=compute_90,code=sm_90): there is no PTX to
// simulate, so the launch fails with cudaErrorNoKernelImageForDevice, as a GPU of another
// architecture would, and ptxsim says in one line which kernel, which architectures the fat
// binary has, and the nvcc flag that embeds PTX (the CTest checks that line).
#include "rt_check.h"

__global__ void only_sass(int *p) { *p = 7; }

int main() {
    int *d;
    CK(cudaMalloc(&d, sizeof(int)));
    only_sass<<<1, 1>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorNoKernelImageForDevice);
    only_sass<<<1, 1>>>(d);  // said once per fat binary
    EXPECT(cudaGetLastError() == cudaErrorNoKernelImageForDevice);
    CK(cudaDeviceSynchronize());  // not sticky
    return finish("rt_sass");
}
