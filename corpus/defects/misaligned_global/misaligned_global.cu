// Planted defect (misaligned): a float pointer made from a byte pointer two bytes into the
// buffer, so every 4-byte load is misaligned. Block of 32 threads, grid of 1.
extern "C" __global__ void misaligned_global(const char *bytes, float *out) {
    int i = threadIdx.x;
    const float *p = reinterpret_cast<const float *>(bytes + 2);
    out[i] = p[i];
}
