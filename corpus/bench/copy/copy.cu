// copy — memory-bound copy of n 32-bit words, grid-stride.
extern "C" __global__ void bench_copy(const unsigned *in, unsigned *out, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = in[i];
}
