// Planted defect (race between lanes of one warp, warning): the pre-Volta "warp-synchronous"
// reduction over a volatile shared array, with no __syncwarp() between the steps. It relied on
// the 32 lanes running in lock-step, which the CUDA programming guide says Volta and later GPUs
// do not guarantee. Block of 32 threads, grid of 2.
extern "C" __global__ void warp_sync_idiom(const float *in, float *out) {
    __shared__ float s[32];
    unsigned t = threadIdx.x;
    volatile float *v = s;
    v[t] = in[blockIdx.x * 32 + t];
    if (t < 16) {
        v[t] += v[t + 16];
        v[t] += v[t + 8];
        v[t] += v[t + 4];
        v[t] += v[t + 2];
        v[t] += v[t + 1];
    }
    if (t == 0) out[blockIdx.x] = v[0];
}
