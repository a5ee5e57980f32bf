// Planted defect (race): shared-memory read-after-write with the __syncthreads() missing.
// Threads 32-63 (warp 1) read the words threads 0-31 (warp 0) wrote; nothing orders the two.
// Block of 64 threads, grid of 2.
extern "C" __global__ void race_smem_raw(const float *in, float *out) {
    __shared__ float s[64];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = in[i] * 2.0f;
    // __syncthreads();  <- the missing barrier
    out[i] = s[t & 31];
}
