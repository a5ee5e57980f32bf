// rt_unsupported.cu — calls ptxsim does not support (graphs built node by node, mipmapped arrays) fail with cudaErrorNotSupported (which
// cudaGetLastError reports) and say so once on stderr; the program goes on. The CTest counts the
// messages (cudart.cmake).
#include "rt_check.h"

int main() {
    cudaGraph_t g;
    EXPECT(cudaGraphCreate(&g, 0) == cudaErrorNotSupported);
    EXPECT(cudaGraphCreate(&g, 0) == cudaErrorNotSupported);
    EXPECT(cudaGetLastError() == cudaErrorNotSupported);
    EXPECT(cudaGetLastError() == cudaSuccess);
    cudaMipmappedArray_t arr;
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    EXPECT(desc.x == 32 && desc.f == cudaChannelFormatKindFloat);
    EXPECT(cudaMallocMipmappedArray(&arr, &desc, make_cudaExtent(16, 16, 0), 4) == cudaErrorNotSupported);
    cudaGetLastError();
    int *d;
    CK(cudaMalloc(&d, 16));  // the runtime still works
    CK(cudaFree(d));
    return finish("rt_unsupported");
}
