// alu — integer ALU loop: a 32-bit hash mixed ITERS times per thread (mul, add, xor, shifts).
extern "C" __global__ void bench_alu(const unsigned *seed, unsigned *out, int iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = seed[i], y = i * 0x9e3779b9u;
    for (int k = 0; k < iters; k++) {
        x = x * 1664525u + 1013904223u;
        y ^= x >> 13;
        y = (y << 5) + y + (unsigned)k;
        x ^= y;
    }
    out[i] = x ^ y;
}
