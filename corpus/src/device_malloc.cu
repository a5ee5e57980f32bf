// malloc and free in device code (the device heap): every thread allocates a buffer whose size
// depends on its input, fills it, reads it back, and frees it; one thread per block allocates a
// block-shared table that the block fills and sums after a barrier; a request larger than the
// heap (8 MiB by default) returns NULL; free(NULL) does nothing.
// corpus-archs: sm_75 sm_80 sm_90 sm_120
#include <cstdint>
#include <cstdlib>

extern "C" __global__ void device_malloc(const int *__restrict__ in, int *__restrict__ out)
{
    __shared__ int *table;
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    int n = 1 + (in[g] & 15);
    int *p = (int *)malloc(n * sizeof(int));
    int ok = p != nullptr && ((uintptr_t)p & 15) == 0;
    if (p) {
        for (int i = 0; i < n; i++) p[i] = in[g] * (i + 1);
        int s = 0;
        for (int i = n - 1; i >= 0; i--) s += p[i] ^ i;
        out[3 * g] = s;
    }
    free(p);
    if (t == 0) {
        table = (int *)malloc(blockDim.x * sizeof(long long));
        void *huge = malloc((size_t)64 << 20);
        out[3 * g + 2] = huge == nullptr;
        free(huge);
    }
    __syncthreads();
    table[t] = in[g] + t;
    __syncthreads();
    int s = 0;
    for (int i = 0; i <= t; i++) s += table[i];
    out[3 * g + 1] = s + 1000000 * ok;
    __syncthreads();
    if (t == 0) free(table);
}
