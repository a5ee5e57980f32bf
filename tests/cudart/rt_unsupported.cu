// rt_unsupported.cu — calls ptxsim does not support fail with cudaErrorNotSupported (which
// cudaGetLastError reports) and say so once on stderr; the program goes on. The CTest counts the
// messages (cudart.cmake).
#include "rt_check.h"

int main() {
    cudaGraph_t g;
    EXPECT(cudaGraphCreate(&g, 0) == cudaErrorNotSupported);
    EXPECT(cudaGraphCreate(&g, 0) == cudaErrorNotSupported);
    EXPECT(cudaGetLastError() == cudaErrorNotSupported);
    EXPECT(cudaGetLastError() == cudaSuccess);
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaErrorNotSupported);
    cudaStreamCaptureStatus st = cudaStreamCaptureStatusActive;
    CK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusNone);
    cudaGetLastError();
    int *d;
    CK(cudaMalloc(&d, 16));  // the runtime still works
    CK(cudaFree(d));
    return finish("rt_unsupported");
}
