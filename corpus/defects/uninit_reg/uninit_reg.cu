// Planted defect (uninitialized register): `scale` is assigned only when in[t] > 0, yet every
// thread multiplies by it. Compiled with -Xcicc -O0 (nvcc_flags): at -O3 NVVM folds the undefined
// value away (it may pick any value, and picks in[t]); unoptimised, the PTX keeps the copy of a
// register that the in[t] <= 0 path never wrote. Block of 64 threads, grid of 1; in[t] is
// positive for even t, negative for odd t.
extern "C" __global__ void uninit_reg(const int *in, int *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int scale;
    if (in[t] > 0) scale = in[t];
    out[t] = 3 * scale;
}
