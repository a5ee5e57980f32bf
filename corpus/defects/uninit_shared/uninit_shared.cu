// Planted defect (uninitialized): only warp 0 fills its half of the tile, then every thread
// reads its own word, so threads 32-63 read shared memory nobody wrote. The barrier is there:
// this is not a race. Block of 64 threads, grid of 2.
extern "C" __global__ void uninit_shared(const float *in, float *out) {
    __shared__ float s[64];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (t < 32) s[t] = in[i];
    __syncthreads();
    out[i] = s[t];
}
