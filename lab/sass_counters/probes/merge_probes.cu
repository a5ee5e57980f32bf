// merge_probes.cu — held-out probes for sim/sass_merge.c (lab/sass_counters/README.md): plain CUDA
// whose shared accesses ptxas may or may not merge into 64/128-bit ones. ptxsim's predictions
// (check --counters sass) were written to predictions.txt before ncu measured them on the H200.
//   nvcc -ptx -arch=sm_90 -O3 merge_probes.cu -o merge_probes.sm_90.ptx
#define N 1024
#define K(name) extern "C" __global__ void name(unsigned *out, const unsigned *in)
#define FILL                                                                                        \
    for (unsigned i = threadIdx.x; i < N; i += blockDim.x) s[i] = in[i];                            \
    __syncthreads()

K(p_ld4_aligned) { // s[4t..4t+3]: LDS.128
    __shared__ __align__(16) unsigned s[N];
    FILL;
    unsigned t = threadIdx.x;
    out[t] = s[4 * t] + s[4 * t + 1] * 3 + s[4 * t + 2] * 5 + s[4 * t + 3] * 7;
}
K(p_ld2_aligned) { // s[2t], s[2t+1]: LDS.64
    __shared__ __align__(16) unsigned s[N];
    FILL;
    unsigned t = threadIdx.x;
    out[t] = s[2 * t] + s[2 * t + 1] * 3;
}
K(p_ld2_odd) { // s[2t+1], s[2t+2]: 4-byte aligned only
    __shared__ __align__(16) unsigned s[N];
    FILL;
    unsigned t = threadIdx.x;
    out[t] = s[2 * t + 1] + s[2 * t + 2] * 3;
}
K(p_ld3_run) { // three consecutive from a 16-byte base
    __shared__ __align__(16) unsigned s[N];
    FILL;
    unsigned t = threadIdx.x;
    out[t] = s[4 * t] + s[4 * t + 1] * 3 + s[4 * t + 2] * 5;
}
K(p_ld4_from1) { // s[4t+1..4t+4]: crosses a 16-byte line
    __shared__ __align__(16) unsigned s[N + 4];
    for (unsigned i = threadIdx.x; i < N; i += blockDim.x) s[i] = in[i];
    __syncthreads();
    unsigned t = threadIdx.x;
    out[t] = s[4 * t + 1] + s[4 * t + 2] * 3 + s[4 * t + 3] * 5 + s[4 * t + 4] * 7;
}
K(p_st4_aligned) { // four consecutive stores: STS.128
    __shared__ __align__(16) unsigned s[N];
    unsigned t = threadIdx.x, v = in[t];
    s[4 * t] = v, s[4 * t + 1] = v + 1, s[4 * t + 2] = v + 2, s[4 * t + 3] = v + 3;
    __syncthreads();
    out[t] = s[(t * 7) % N];
}
K(p_st2_aligned) {
    __shared__ __align__(16) unsigned s[N];
    unsigned t = threadIdx.x, v = in[t];
    s[2 * t] = v, s[2 * t + 1] = v * 3;
    __syncthreads();
    out[t] = s[(t * 5) % N];
}
K(p_ld_store_between) { // a shared store between the two loads of a pair
    __shared__ __align__(16) unsigned s[N];
    FILL;
    unsigned t = threadIdx.x;
    unsigned a = s[2 * t];
    s[(t * 37 + 1) % N] = a;
    unsigned b = s[2 * t + 1];
    out[t] = a + 3 * b;
}
K(p_ld_f64_pair) { // two doubles: LDS.128
    __shared__ __align__(16) double s[N / 2];
    for (unsigned i = threadIdx.x; i < N / 2; i += blockDim.x) s[i] = in[i] * 0.5;
    __syncthreads();
    unsigned t = threadIdx.x;
    out[t] = (unsigned)(s[2 * t] + 3.0 * s[2 * t + 1]);
}
K(p_two_vars) { // two scalar shared variables written and read together
    __shared__ unsigned a, b;
    unsigned t = threadIdx.x;
    if (t == 0) a = in[0], b = in[1];
    __syncthreads();
    out[t] = a + 3 * b;
}
K(p_ld_u16_pair) { // 16-bit neighbours (not in the model)
    __shared__ __align__(16) unsigned short s[N];
    for (unsigned i = threadIdx.x; i < N; i += blockDim.x) s[i] = (unsigned short)in[i];
    __syncthreads();
    unsigned t = threadIdx.x;
    out[t] = s[2 * t] + 3u * s[2 * t + 1];
}
K(p_ld_dyn_index) { // a base known only to be 4-byte aligned (runtime index)
    __shared__ __align__(16) unsigned s[N];
    FILL;
    unsigned t = threadIdx.x, i = in[t] % (N - 4);
    out[t] = s[i] + s[i + 1] * 3 + s[i + 2] * 5 + s[i + 3] * 7;
}
K(p_ld_dyn_index4) { // a runtime index times 4: 16-byte aligned
    __shared__ __align__(16) unsigned s[N];
    FILL;
    unsigned t = threadIdx.x, i = (in[t] % (N / 4)) * 4;
    out[t] = s[i] + s[i + 1] * 3 + s[i + 2] * 5 + s[i + 3] * 7;
}
