// rt_fault.cu — a kernel that writes through a null pointer (outside every allocation; on a GPU
// an offset just past a small allocation may still be mapped memory): the launch itself succeeds,
// the fault shows at the next synchronisation as cudaErrorIllegalAddress and stays (sticky: every
// later call fails with it and makes it the last error again, though cudaGetLastError clears the
// last error as usual — as the H200 does), the process lives on, and cudaDeviceReset ends it
// (checked under ptxsim only: on the H200 machine a new context after the reset fails with
// cudaErrorDevicesUnavailable).
#include <cstring>
#include "rt_check.h"

__global__ void write_past(int *p, int n) { p[threadIdx.x + n] = 1; }
static int *const null_int = nullptr;

int main() {
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int *d;
    CK(cudaMalloc(&d, 64 * sizeof(int)));
    write_past<<<1, 32>>>(null_int, 64);
    EXPECT(cudaGetLastError() == cudaSuccess);  // launches are asynchronous: no error yet
    EXPECT(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
    EXPECT(cudaGetLastError() == cudaErrorIllegalAddress);
    EXPECT(cudaGetLastError() == cudaSuccess);  // cleared ...
    EXPECT(cudaPeekAtLastError() == cudaSuccess);
    int *e = nullptr;
    EXPECT(cudaMalloc(&e, 16) == cudaErrorIllegalAddress);  // ... but the context stays broken
    EXPECT(cudaPeekAtLastError() == cudaErrorIllegalAddress);
    EXPECT(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
    int h[4];
    EXPECT(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) == cudaErrorIllegalAddress);
    write_past<<<1, 1>>>(d, 0);
    EXPECT(cudaGetLastError() == cudaErrorIllegalAddress);
    CK(cudaDeviceReset());
    EXPECT(cudaGetLastError() == cudaSuccess);
    if (strncmp(prop.name, "ptxsim", 6)) return finish("rt_fault");
    CK(cudaMalloc(&d, 64 * sizeof(int)));
    write_past<<<1, 32>>>(d, 0);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 1 && h[3] == 1);
    return finish("rt_fault");
}
