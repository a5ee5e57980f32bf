// Barrier reductions: __syncthreads_count, __syncthreads_or and __syncthreads_and
// (bar.red.popc / .or / .and) over per-block predicate patterns.
extern "C" __global__ void syncthreads_count(const int *__restrict__ in, unsigned *__restrict__ out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[g];
    int c = __syncthreads_count(v > 0);
    int o = __syncthreads_or(v < -50);
    int a = __syncthreads_and(v != 0);
    int c2 = __syncthreads_count((v & 3) == (int)(threadIdx.x & 3));
    if (threadIdx.x == 0) {
        out[4 * blockIdx.x + 0] = c;
        out[4 * blockIdx.x + 1] = o != 0;
        out[4 * blockIdx.x + 2] = a != 0;
        out[4 * blockIdx.x + 3] = c2;
    }
}
