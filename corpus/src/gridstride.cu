// Grid-stride loop with a small grid covering a large array (each thread does ~20 elements),
// using 64-bit indices and a mix of integer operations.
extern "C" __global__ void gridstride(const unsigned *__restrict__ in, unsigned *__restrict__ out,
                                      long long n)
{
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)blockDim.x * gridDim.x) {
        unsigned v = in[i];
        out[i] = v * 3u + ((unsigned)i ^ ((unsigned)i >> 3)) + (v >> 7);
    }
}
