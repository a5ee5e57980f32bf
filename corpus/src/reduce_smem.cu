// Classic shared-memory tree reduction, f32, two elements loaded per thread.
#define BS 256
extern "C" __global__ void reduce_smem(const float *__restrict__ in, float *__restrict__ out, int n)
{
    __shared__ float s[BS];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (BS * 2) + tid;
    float v = 0.0f;
    if (i < n)
        v = in[i];
    if (i + BS < n)
        v += in[i + BS];
    s[tid] = v;
    __syncthreads();
    for (unsigned st = BS / 2; st > 0; st >>= 1) {
        if (tid < st)
            s[tid] += s[tid + st];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}
