// Grid-stride accumulation, then warp-shuffle reduction (__shfl_down_sync) and a second
// shuffle stage over the per-warp sums kept in shared memory.
__device__ __forceinline__ float warp_sum(float v)
{
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

extern "C" __global__ void reduce_shfl(const float *__restrict__ in, float *__restrict__ out, int n)
{
    __shared__ float warpsum[32];
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += in[i];
    v = warp_sum(v);
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    if (lane == 0)
        warpsum[w] = v;
    __syncthreads();
    if (w == 0) {
        v = lane < (int)(blockDim.x >> 5) ? warpsum[lane] : 0.0f;
        v = warp_sum(v);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}
