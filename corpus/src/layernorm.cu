// Layer normalisation over rows of 256 f32 values, one block per row. Mean and variance use
// shared-memory tree reductions; 1/sqrt uses IEEE sqrtf and division (no rsqrt.approx), so the
// result is exactly reproducible.
#define C 256
extern "C" __global__ void layernorm(const float *__restrict__ in, const float *__restrict__ gamma,
                                     const float *__restrict__ beta, float *__restrict__ out,
                                     float eps)
{
    __shared__ float red[C];
    int t = threadIdx.x;
    float x = in[blockIdx.x * C + t];
    red[t] = x;
    __syncthreads();
    for (int st = C / 2; st > 0; st >>= 1) {
        if (t < st)
            red[t] += red[t + st];
        __syncthreads();
    }
    float mean = red[0] / C;
    __syncthreads();
    float d = x - mean;
    red[t] = d * d;
    __syncthreads();
    for (int st = C / 2; st > 0; st >>= 1) {
        if (t < st)
            red[t] += red[t + st];
        __syncthreads();
    }
    float var = red[0] / C;
    float inv = 1.0f / sqrtf(var + eps);
    out[blockIdx.x * C + t] = d * inv * gamma[t] + beta[t];
}
