// Planted performance defect (bank-conflict): lane t stores to and loads from tile[32*t]; all 32
// words sit in bank 0, so each access is a 32-way conflict (32 wavefronts instead of 1).
// Block of 32 threads, grid of 1.
extern "C" __global__ void bank_conflict(const float *in, float *out) {
    __shared__ float tile[32 * 32];
    int t = threadIdx.x;
    tile[t * 32] = in[t];
    __syncthreads();
    out[t] = tile[((t + 1) & 31) * 32];
}
