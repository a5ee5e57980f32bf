// Dynamic shared memory (extern __shared__) carved into an int region and an 8-byte aligned
// double region whose sizes depend on blockDim: per-block reversal plus a neighbour sum.
extern "C" __global__ void dynsmem(const int *__restrict__ in, int *__restrict__ rev,
                                   double *__restrict__ nb)
{
    extern __shared__ double dyn[];
    double *dv = dyn;
    int *iv = (int *)(dyn + blockDim.x);
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    int x = in[g];
    iv[t] = x;
    dv[t] = (double)x * 0.5;
    __syncthreads();
    rev[g] = iv[blockDim.x - 1 - t];
    int l = t == 0 ? blockDim.x - 1 : t - 1;
    int r = t == blockDim.x - 1 ? 0 : t + 1;
    nb[g] = dv[l] + dv[r] - dv[t];
}
