// 64-bin histogram of bytes: per-block privatised histogram with shared-memory atomicAdd,
// merged into the global histogram with global atomicAdd. Input is skewed (hot bins).
#define NBINS 64
extern "C" __global__ void histogram(const unsigned char *__restrict__ data,
                                     unsigned *__restrict__ hist, int n)
{
    __shared__ unsigned sh[NBINS];
    for (int i = threadIdx.x; i < NBINS; i += blockDim.x)
        sh[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&sh[data[i] >> 2], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < NBINS; i += blockDim.x)
        if (sh[i])
            atomicAdd(&hist[i], sh[i]);
}
