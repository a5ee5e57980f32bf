// streams_events.cu — two streams ordered by events (cudaEventRecord, cudaStreamWaitEvent), host
// functions in stream order (cudaLaunchHostFunc), cudaEventSynchronize and cudaStreamQuery.
#include <vector>
#include "common.h"

__global__ void fill(int *p, int n, int v) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = v + i;
}

__global__ void combine(int *out, const int *a, const int *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] * 2 - b[i];
}

struct Log {
    int order[8];
    int n;
};

static void CUDART_CB note(void *arg) {
    Log *l = (Log *)arg;
    l->order[l->n] = l->n + 1;
    l->n++;
}

static int g_seen_value = 0;
struct Peek {
    const int *host;
    int index;
};
static void CUDART_CB peek(void *arg) {
    Peek *p = (Peek *)arg;
    g_seen_value = p->host[p->index];
}

int main() {
    const int n = 50000;
    cudaStream_t s1, s2;
    CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    CK(cudaStreamCreate(&s2));
    cudaEvent_t a_done, b_done;
    CK(cudaEventCreate(&a_done));
    CK(cudaEventCreateWithFlags(&b_done, cudaEventDisableTiming));
    int *a, *b, *out, *host;
    CK(cudaMalloc(&a, n * sizeof(int)));
    CK(cudaMalloc(&b, n * sizeof(int)));
    CK(cudaMalloc(&out, n * sizeof(int)));
    CK(cudaMallocHost(&host, n * sizeof(int)));
    Log log = {{0}, 0};
    fill<<<(n + 255) / 256, 256, 0, s1>>>(a, n, 100);
    CK(cudaLaunchHostFunc(s1, note, &log));
    CK(cudaEventRecord(a_done, s1));
    fill<<<(n + 255) / 256, 256, 0, s2>>>(b, n, -5);
    CK(cudaEventRecord(b_done, s2));
    // s2 waits for a; s1 waits for b; then s2 combines and copies back, and a host function
    // reads the copied value in stream order
    CK(cudaStreamWaitEvent(s2, a_done, 0));
    combine<<<(n + 255) / 256, 256, 0, s2>>>(out, a, b, n);
    CK(cudaMemcpyAsync(host, out, n * sizeof(int), cudaMemcpyDeviceToHost, s2));
    Peek pk = {host, 1234};
    CK(cudaLaunchHostFunc(s2, peek, &pk));
    CK(cudaLaunchHostFunc(s2, note, &log));
    CK(cudaStreamWaitEvent(s1, b_done, 0));
    CK(cudaLaunchHostFunc(s1, note, &log));
    CK(cudaEventSynchronize(b_done));
    CK(cudaStreamSynchronize(s2));
    CK(cudaStreamSynchronize(s1));
    EXPECT(cudaStreamQuery(s1) == cudaSuccess, "stream 1 not idle");
    EXPECT(cudaEventQuery(a_done) == cudaSuccess, "event a not complete");
    float ms = -1;
    CK(cudaEventElapsedTime(&ms, a_done, a_done));
    EXPECT(ms == 0.0f, "elapsed time of an event to itself is not 0");
    EXPECT(cudaEventElapsedTime(&ms, a_done, b_done) == cudaErrorInvalidResourceHandle,
           "elapsed time with a timing-disabled event should be cudaErrorInvalidResourceHandle");
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        int want = (100 + i) * 2 - (-5 + i);
        EXPECT(host[i] == want, "out[%d] = %d, expected %d", i, host[i], want);
        sum += host[i];
    }
    EXPECT(g_seen_value == (100 + 1234) * 2 - (-5 + 1234), "host function saw %d", g_seen_value);
    EXPECT(log.n == 3, "%d host functions ran", log.n);
    std::printf("streams: sum %lld, host functions %d, peeked %d\n", sum, log.n, g_seen_value);
    CK(cudaEventDestroy(a_done));
    CK(cudaEventDestroy(b_done));
    CK(cudaStreamDestroy(s1));
    CK(cudaStreamDestroy(s2));
    CK(cudaFree(a));
    CK(cudaFree(b));
    CK(cudaFree(out));
    CK(cudaFreeHost(host));
    return finish();
}
