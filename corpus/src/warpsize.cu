// warpSize, which nvcc writes as the PTX constant WARP_SZ: lane and warp numbers, an inclusive
// warp scan with __shfl_up_sync offsets and width from warpSize, a block scan over per-warp
// totals, a butterfly over half warps (__shfl_xor_sync with width warpSize / 2), and warpSize
// itself as a value.
// corpus-archs: sm_75 sm_80 sm_90 sm_120
extern "C" __global__ void warpsize(const int *__restrict__ in, int *__restrict__ scan,
                                    int *__restrict__ half, int *__restrict__ info)
{
    __shared__ int part[1024 / 32];
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    int lane = t % warpSize, w = t / warpSize;
    int v = in[g];
    for (int off = 1; off < warpSize; off <<= 1) {
        int u = __shfl_up_sync(0xffffffffu, v, off, warpSize);
        if (lane >= off) v += u;
    }
    if (lane == warpSize - 1) part[w] = v;
    __syncthreads();
    int base = 0;
    for (int k = 0; k < w; k++) base += part[k];
    scan[g] = v + base;
    /* maximum over each half warp */
    int m = in[g];
    for (int off = warpSize / 4; off > 0; off >>= 1)
        m = max(m, __shfl_xor_sync(0xffffffffu, m, off, warpSize / 2));
    half[g] = m;
    if (t == 0) {
        int nw = (blockDim.x + warpSize - 1) / warpSize;
        info[4 * blockIdx.x + 0] = warpSize;
        info[4 * blockIdx.x + 1] = nw;
        info[4 * blockIdx.x + 2] = warpSize * nw - (int)blockDim.x;
        info[4 * blockIdx.x + 3] = (int)(sizeof part / sizeof part[0]) / (1024 / warpSize);
    }
}
