// fma — f32 FMA loop: four independent fma chains per thread, ITERS steps each.
extern "C" __global__ void bench_fma(const float *in, float *out, int iters) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    float a = in[i], b = a * 0.5f, c = a + 0.25f, d = -a;
    const float m = 0.999f, k = 0.001f;
    for (int j = 0; j < iters; j++) {
        a = __fmaf_rn(a, m, k);
        b = __fmaf_rn(b, m, -k);
        c = __fmaf_rn(c, m, a);
        d = __fmaf_rn(d, m, b);
    }
    out[i] = a + b + c + d;
}
