// Planted performance defect (uncoalesced): lane t loads in[32*t], so a warp's 32 loads touch 32
// different 32-byte sectors (ideal: 4). Block of 32 threads, grid of 1.
extern "C" __global__ void uncoalesced(const float *in, float *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = in[t * 32];
}
