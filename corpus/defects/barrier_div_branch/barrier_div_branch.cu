// Planted defect (barrier-divergence): __syncthreads() inside a branch that only lanes 0-15 of
// the warp take; lanes 16-31 go on to the store after the branch and never reach the barrier.
// ptxsim waits for every live thread of the block, so the launch also deadlocks.
// Block of 32 threads, grid of 1.
extern "C" __global__ void barrier_div_branch(const float *in, float *out) {
    __shared__ float s[32];
    int t = threadIdx.x;
    float v = in[t];
    if (t < 16) {
        s[t] = v;
        __syncthreads();
        v += s[15 - t];
    }
    out[t] = v;
}
