// Planted defect (invalid-warp-sync): __shfl_sync with the full member mask in a branch that
// only lanes 0-15 take. Block of 32 threads, grid of 1.
extern "C" __global__ void shfl_divergent(const int *in, int *out) {
    int t = threadIdx.x;
    int v = in[t];
    if ((t & 31) < 16)
        v = __shfl_sync(0xffffffffu, v, 0);
    out[t] = v;
}
