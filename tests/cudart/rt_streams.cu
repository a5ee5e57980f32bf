// rt_streams.cu — two streams with events and host functions: work is in stream order, host
// functions run after the work before them, cudaStreamWaitEvent orders across streams, stream-
// ordered allocation works, and event times are consistent: the same kernel costs the same time
// twice, and more work costs more.
#include <cstring>
#include "rt_check.h"

__global__ void add(int *p, int n, int v) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) p[i] += v;
}

static int seen[2];
static int log_pos = 0;
static int order[8];
static void CUDART_CB note(void *arg) {
    int which = (int)(size_t)arg;
    order[log_pos++] = which;
}
static int host_copy[256];
static void CUDART_CB look(void *arg) { seen[(size_t)arg] = host_copy[0]; }

int main() {
    cudaStream_t s0, s1;
    CK(cudaStreamCreate(&s0));
    CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    int *a, *b;
    CK(cudaMallocAsync(&a, 256 * sizeof(int), s0));
    CK(cudaMallocAsync(&b, 256 * sizeof(int), s1));
    CK(cudaMemsetAsync(a, 0, 256 * sizeof(int), s0));
    CK(cudaMemsetAsync(b, 0, 256 * sizeof(int), s1));
    cudaEvent_t e[4];
    for (auto &x : e) CK(cudaEventCreate(&x));
    CK(cudaEventRecord(e[0], s0));
    add<<<2, 128, 0, s0>>>(a, 256, 1);
    CK(cudaEventRecord(e[1], s0));
    add<<<2, 128, 0, s0>>>(a, 256, 1);
    CK(cudaEventRecord(e[2], s0));
    add<<<8, 128, 0, s0>>>(a, 256 * 1, 1);
    for (int i = 0; i < 20; i++) add<<<2, 128, 0, s0>>>(a, 256, 0);
    CK(cudaEventRecord(e[3], s0));
    CK(cudaLaunchHostFunc(s0, note, (void *)1));
    CK(cudaMemcpyAsync(host_copy, a, sizeof host_copy, cudaMemcpyDeviceToHost, s0));
    CK(cudaLaunchHostFunc(s0, look, (void *)0));
    CK(cudaStreamWaitEvent(s1, e[3], 0));
    add<<<1, 256, 0, s1>>>(b, 256, 5);
    CK(cudaLaunchHostFunc(s1, note, (void *)2));
    CK(cudaStreamSynchronize(s0));
    CK(cudaStreamSynchronize(s1));
    EXPECT(seen[0] == 3);
    EXPECT(log_pos == 2 && order[0] == 1 && order[1] == 2);
    EXPECT(cudaStreamQuery(s0) == cudaSuccess && cudaEventQuery(e[3]) == cudaSuccess);
    float t01 = -1, t12 = -1, t23 = -1;
    CK(cudaEventElapsedTime(&t01, e[0], e[1]));
    CK(cudaEventElapsedTime(&t12, e[1], e[2]));
    CK(cudaEventElapsedTime(&t23, e[2], e[3]));
    EXPECT(t01 > 0 && t12 > 0 && t23 > 0);
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    if (!strncmp(prop.name, "ptxsim", 6)) {  // the simulated clock (docs/cudart.md, "Time")
        EXPECT(t01 == t12);  // the same launch costs the same time
        EXPECT(t23 > t12);   // 21 launches cost more than one
    }
    int hb[256];
    CK(cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 256; i++) EXPECT(hb[i] == 5 && host_copy[i] == 3);
    cudaEvent_t quiet;
    CK(cudaEventCreateWithFlags(&quiet, cudaEventDisableTiming));
    CK(cudaEventRecord(quiet, s0));
    CK(cudaEventSynchronize(quiet));
    EXPECT(cudaEventElapsedTime(&t01, e[0], quiet) == cudaErrorInvalidResourceHandle);
    cudaGetLastError();
    CK(cudaEventDestroy(quiet));
    cudaMemPool_t pool;
    CK(cudaDeviceGetDefaultMemPool(&pool, 0));
    unsigned long long thr = ~0ull;
    CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &thr));
    unsigned long long got = 0;
    CK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &got));
    EXPECT(got == thr);
    CK(cudaFreeAsync(a, s0));
    CK(cudaFreeAsync(b, s1));
    for (auto &x : e) CK(cudaEventDestroy(x));
    CK(cudaStreamDestroy(s0));
    CK(cudaStreamDestroy(s1));
    return finish("rt_streams");
}
