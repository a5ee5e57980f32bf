// Row-wise softmax, one 128-thread block per row of 128 columns: max reduction (fmaxf) and sum
// reduction in shared memory, expf from CUDA's math library (approximate: uses ex2.approx).
#define C 128
extern "C" __global__ void softmax(const float *__restrict__ in, float *__restrict__ out)
{
    __shared__ float red[C];
    int t = threadIdx.x;
    const float *row = in + blockIdx.x * C;
    float x = row[t];
    red[t] = x;
    __syncthreads();
    for (int st = C / 2; st > 0; st >>= 1) {
        if (t < st)
            red[t] = fmaxf(red[t], red[t + st]);
        __syncthreads();
    }
    float mx = red[0];
    __syncthreads();
    float e = expf(x - mx);
    red[t] = e;
    __syncthreads();
    for (int st = C / 2; st > 0; st >>= 1) {
        if (t < st)
            red[t] += red[t + st];
        __syncthreads();
    }
    out[blockIdx.x * C + t] = e / red[0];
}
