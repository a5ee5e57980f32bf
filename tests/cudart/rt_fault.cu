// rt_fault.cu — a kernel that writes through a null pointer (outside every allocation; on a GPU
// an offset just past a small allocation may still be mapped memory): the launch itself succeeds,
// the fault shows at the next synchronisation as cudaErrorIllegalAddress, stays (sticky: every later call fails with
// it, cudaGetLastError does not clear it), the process lives on, and cudaDeviceReset ends it.
#include "rt_check.h"

__global__ void write_past(int *p, int n) { p[threadIdx.x + n] = 1; }
static int *const null_int = nullptr;

int main() {
    int *d;
    CK(cudaMalloc(&d, 64 * sizeof(int)));
    write_past<<<1, 32>>>(null_int, 64);
    EXPECT(cudaGetLastError() == cudaSuccess);  // launches are asynchronous: no error yet
    EXPECT(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
    EXPECT(cudaGetLastError() == cudaErrorIllegalAddress);
    EXPECT(cudaGetLastError() == cudaErrorIllegalAddress);  // sticky
    EXPECT(cudaPeekAtLastError() == cudaErrorIllegalAddress);
    int *e = nullptr;
    EXPECT(cudaMalloc(&e, 16) == cudaErrorIllegalAddress);
    int h[4];
    EXPECT(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) == cudaErrorIllegalAddress);
    write_past<<<1, 1>>>(d, 0);
    EXPECT(cudaGetLastError() == cudaErrorIllegalAddress);
    CK(cudaDeviceReset());
    EXPECT(cudaGetLastError() == cudaSuccess);
    CK(cudaMalloc(&d, 64 * sizeof(int)));
    write_past<<<1, 32>>>(d, 0);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 1 && h[3] == 1);
    return finish("rt_fault");
}
