// shfl — warp-shuffle reduction: every warp reduces ITERS chunks of 32 f32 values with
// shfl.down (tree order fixed by the hardware), lane 0 accumulates the warp sums.
extern "C" __global__ void bench_shfl(const float *in, float *out, int iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned nthreads = gridDim.x * blockDim.x;
    float acc = 0.0f;
    for (int k = 0; k < iters; k++) {
        float v = in[k * nthreads + i];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        acc += v;
    }
    if ((threadIdx.x & 31) == 0) out[i >> 5] = acc;
}
