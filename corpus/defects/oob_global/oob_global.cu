// Planted defect (out-of-bounds): the bounds check is missing, so the last block reads past the
// end of `in` (100 floats; 128 threads). Block of 64 threads, grid of 2, n = 100.
extern "C" __global__ void oob_global(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // if (i < n)  <- the missing check
    out[i] = in[i] + 1.0f;
}
