// f64 sum and sum of squares per block: grid-stride accumulation, then a shared-memory tree.
#define BS 128
extern "C" __global__ void reduce_f64(const double *__restrict__ in, double *__restrict__ out, int n)
{
    __shared__ double s1[BS];
    __shared__ double s2[BS];
    double a = 0.0, q = 0.0;
    for (int i = blockIdx.x * BS + threadIdx.x; i < n; i += BS * gridDim.x) {
        double v = in[i];
        a += v;
        q += v * v;
    }
    s1[threadIdx.x] = a;
    s2[threadIdx.x] = q;
    __syncthreads();
    for (int st = BS / 2; st > 0; st >>= 1) {
        if (threadIdx.x < st) {
            s1[threadIdx.x] += s1[threadIdx.x + st];
            s2[threadIdx.x] += s2[threadIdx.x + st];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = s1[0];
        out[2 * blockIdx.x + 1] = s2[0];
    }
}
