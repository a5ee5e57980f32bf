// rt_graph.cu — stream capture and graph replay: the captured work does not run at capture time,
// each launch of the graph runs it all in order (kernels with the parameter values of capture
// time, copies, memsets, a host function, and work forked to a second stream and joined back
// through events), and a synchronous call during a global capture fails and invalidates it.
#include "rt_check.h"

__global__ void scale_add(int *p, int n, int mul, int add) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = p[i] * mul + add;
}

static int host_calls = 0;
static void CUDART_CB count(void *) { host_calls++; }

int main() {
    const int n = 300;
    int *a, *b, h[n], hb[n];
    CK(cudaMalloc(&a, n * sizeof(int)));
    CK(cudaMalloc(&b, n * sizeof(int)));
    for (int i = 0; i < n; i++) h[i] = i;
    CK(cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice));
    CK(cudaMemset(b, 0, sizeof hb));
    cudaStream_t s, t;
    CK(cudaStreamCreate(&s));
    CK(cudaStreamCreate(&t));
    cudaEvent_t fork, join;
    CK(cudaEventCreate(&fork));
    CK(cudaEventCreate(&join));

    CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    cudaStreamCaptureStatus st;
    CK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusActive);
    int mul = 2;
    scale_add<<<(n + 127) / 128, 128, 0, s>>>(a, n, mul, 1);  // a = 2a + 1
    mul = 100;                                               // the graph keeps the value 2
    CK(cudaEventRecord(fork, s));
    CK(cudaStreamWaitEvent(t, fork, 0));                     // t joins the capture
    CK(cudaMemsetAsync(b, 0, n * sizeof(int), t));
    scale_add<<<3, 128, 0, t>>>(b, n, 1, 5);                 // b = b + 5 (on t)
    CK(cudaEventRecord(join, t));
    CK(cudaStreamWaitEvent(s, join, 0));
    CK(cudaMemcpyAsync(b, a, 10 * sizeof(int), cudaMemcpyDeviceToDevice, s));  // b[0..9] = a
    CK(cudaLaunchHostFunc(s, count, nullptr));
    cudaGraph_t g;
    CK(cudaStreamEndCapture(s, &g));
    CK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusNone);
    CK(cudaMemcpy(hb, a, sizeof hb, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) EXPECT(hb[i] == i);  // nothing ran yet
    EXPECT(host_calls == 0);

    cudaGraphExec_t x;
    CK(cudaGraphInstantiate(&x, g, 0));
    CK(cudaGraphDestroy(g));
    int want = 0;
    for (int rep = 1; rep <= 3; rep++) {
        CK(cudaGraphLaunch(x, s));
        CK(cudaStreamSynchronize(s));
        CK(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; i++) {
            want = i;
            for (int k = 0; k < rep; k++) want = 2 * want + 1;
            EXPECT(h[i] == want);
            EXPECT(hb[i] == (i < 10 ? want : 5));
        }
        EXPECT(host_calls == rep);
    }
    CK(cudaGraphExecDestroy(x));

    // a synchronous copy (the legacy stream, which waits for the blocking stream s) during the
    // capture: refused as the H200 refuses it, and the capture is invalidated
    CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    scale_add<<<1, 32, 0, s>>>(a, 32, 1, 1);
    EXPECT(cudaMemcpy(h, a, 16, cudaMemcpyDeviceToHost) == cudaErrorStreamCaptureImplicit);
    CK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusInvalidated);
    EXPECT(cudaStreamEndCapture(s, &g) == cudaErrorStreamCaptureInvalidated);
    EXPECT(g == nullptr);
    cudaGetLastError();
    // allocation during a global capture is refused; a relaxed capture allows it
    cudaStream_t nb;
    CK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
    CK(cudaStreamBeginCapture(nb, cudaStreamCaptureModeGlobal));
    int *tmp = nullptr;
    EXPECT(cudaMalloc(&tmp, 16) == cudaErrorStreamCaptureUnsupported);
    EXPECT(cudaStreamEndCapture(nb, &g) == cudaErrorStreamCaptureInvalidated);
    cudaGetLastError();
    CK(cudaStreamBeginCapture(nb, cudaStreamCaptureModeRelaxed));
    CK(cudaMalloc(&tmp, 16));
    CK(cudaStreamEndCapture(nb, &g));
    CK(cudaGraphDestroy(g));
    CK(cudaFree(tmp));
    CK(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) EXPECT(h[i] == 8 * i + 7);  // 3 replays of 2x+1; the invalidated capture ran nothing
    return finish("rt_graph");
}
