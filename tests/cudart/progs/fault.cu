// fault.cu — a kernel that writes through a row pointer the host never allocated (row 3 of a
// table of rows left null): cudaDeviceSynchronize must return an error, which the program prints
// with cudaGetErrorName; the error is sticky (the next calls fail with it too). PASS means the
// fault was seen. (An index past the end of an allocation is a poor probe on a GPU: 64 MiB past a
// small cudaMalloc the H200 wrote into mapped memory without a fault, and 4 GiB past it reported
// cudaErrorInvalidAddressSpace.)
#include "common.h"

__global__ void fill_rows(int **rows, int cols) {
    int r = blockIdx.x, c = threadIdx.x;
    if (c < cols) rows[r][c] = r * 1000 + c;
}

int main() {
    const int nrows = 6, cols = 64;
    int **rows;
    CK(cudaMallocManaged(&rows, nrows * sizeof(int *)));
    for (int r = 0; r < nrows; r++) {
        rows[r] = nullptr;
        if (r != 3) CK(cudaMalloc(&rows[r], cols * sizeof(int))); // the bug: row 3 is skipped
    }
    fill_rows<<<nrows, cols>>>(rows, cols);
    cudaError_t launch = cudaGetLastError();
    std::printf("launch: %s\n", cudaGetErrorName(launch));
    cudaError_t sync = cudaDeviceSynchronize();
    std::printf("cudaDeviceSynchronize: %s\n", cudaGetErrorName(sync));
    int probe = 0;
    cudaError_t after = cudaMemcpy(&probe, rows[0], sizeof probe, cudaMemcpyDeviceToHost);
    std::printf("cudaMemcpy after the fault: %s\n", cudaGetErrorName(after));
    std::printf("cudaGetLastError: %s\n", cudaGetErrorName(cudaGetLastError()));
    if (launch == cudaSuccess && sync != cudaSuccess && after == sync) {
        std::printf("PASS\n");
        return 0;
    }
    std::printf("FAIL: expected a sticky error from the synchronisation\n");
    return 1;
}
