// fault.cu — a kernel that writes out of bounds (a bad index computed from a corrupt length):
// cudaDeviceSynchronize must return an error, which the program prints with cudaGetErrorName; the
// error is sticky (the next calls fail too). PASS means the fault was seen. (The error's name
// depends on where the address falls: an H200 said cudaErrorInvalidAddressSpace for 4 GiB past
// the allocation; 64 MiB past it is an ordinary illegal address.)
#include "common.h"

__global__ void scatter(int *out, const int *idx, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[idx[i]] = i; // idx[77] is far outside out
}

int main() {
    const int n = 256;
    int *out, *idx;
    CK(cudaMalloc(&out, n * sizeof(int)));
    CK(cudaMallocManaged(&idx, n * sizeof(int)));
    for (int i = 0; i < n; i++) idx[i] = n - 1 - i;
    idx[77] = 1 << 24; // 64 MiB past the start of out
    scatter<<<2, 128>>>(out, idx, n);
    cudaError_t launch = cudaGetLastError();
    std::printf("launch: %s\n", cudaGetErrorName(launch));
    cudaError_t sync = cudaDeviceSynchronize();
    std::printf("cudaDeviceSynchronize: %s\n", cudaGetErrorName(sync));
    cudaError_t after = cudaMemset(out, 0, 4);
    std::printf("cudaMemset after the fault: %s\n", cudaGetErrorName(after));
    std::printf("cudaGetLastError: %s\n", cudaGetErrorName(cudaGetLastError()));
    if (launch == cudaSuccess && sync != cudaSuccess && after == sync) {
        std::printf("PASS\n");
        return 0;
    }
    std::printf("FAIL: expected a sticky error from the synchronisation\n");
    return 1;
}
