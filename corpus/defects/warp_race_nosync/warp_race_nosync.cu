// Planted defect (race between lanes of one warp): each thread stores s[t], then reads s[t ^ 1],
// which its neighbour lane stored, with the __syncwarp() between them missing. Lanes of a warp
// are independent threads from Volta on, so the neighbour's store may not have happened yet.
// Block of 64 threads, grid of 2.
extern "C" __global__ void warp_race_nosync(const float *in, float *out) {
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    s[t] = in[i];
    // __syncwarp();  <- the missing warp barrier
    out[i] = s[t ^ 1];
}
