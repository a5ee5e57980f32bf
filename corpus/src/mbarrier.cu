// mbarrier (PTX ISA 9.7.13.15) with cp.async.mbarrier.arrive: phases 0 and 1 of one barrier
// (cp.async tracked with the default pending-count increment, waits by phase parity and by
// state), a second barrier counting .noinc asynchronous arrivals, and a third used as a plain
// CTA barrier for shared-memory stores; on sm_90 its phase also carries a transaction count
// (arrive.expect_tx by one thread, complete_tx by another) and the waits use try_wait.
#define TILE 128
__device__ __forceinline__ unsigned smem(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void cp4(void *dst, const void *src, unsigned src_bytes)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(smem(dst)), "l"(src),
                 "r"(src_bytes) : "memory");
}
__device__ __forceinline__ void bar_init(unsigned long long *b, unsigned count)
{
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(smem(b)), "r"(count) : "memory");
}
__device__ __forceinline__ unsigned long long arrive(unsigned long long *b)
{
    unsigned long long s;
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(s) : "r"(smem(b)) : "memory");
    return s;
}
__device__ __forceinline__ void wait_parity(unsigned long long *b, unsigned parity)
{
    unsigned done;
    do {
#if __CUDA_ARCH__ >= 900
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(done) : "r"(smem(b)), "r"(parity) : "memory");
#else
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.parity.shared.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(done) : "r"(smem(b)), "r"(parity) : "memory");
#endif
    } while (!done);
}
__device__ __forceinline__ void wait_state(unsigned long long *b, unsigned long long state)
{
    unsigned done;
    do {
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.shared.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(done) : "r"(smem(b)), "l"(state) : "memory");
    } while (!done);
}

extern "C" __global__ void mbarrier_pipe(const unsigned *__restrict__ in, unsigned *__restrict__ out,
                                         int n)
{
    __shared__ unsigned long long bar[3];
    __shared__ unsigned tile[2][TILE];
    int t = threadIdx.x;
    if (t == 0) {
        bar_init(&bar[0], blockDim.x);
        bar_init(&bar[1], 2 * blockDim.x);
        bar_init(&bar[2], blockDim.x);
    }
    __syncthreads();
    int i = blockIdx.x * TILE + t;

    cp4(&tile[0][t], in + i, 4);
    asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" ::"r"(smem(&bar[0])) : "memory");
    arrive(&bar[0]);
    wait_parity(&bar[0], 0);
    unsigned v0 = tile[0][t] + tile[0][(t + 5) & (TILE - 1)];

    int j = 512 + i;
    cp4(&tile[1][t], in + (j < n ? j : 0), j < n ? 4 : 0);
    asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" ::"r"(smem(&bar[0])) : "memory");
    unsigned long long s = arrive(&bar[0]);
    wait_state(&bar[0], s);
    unsigned v1 = tile[1][t] ^ tile[1][(t + 64) & (TILE - 1)];

    cp4(&tile[0][t], in + (i * 3) % n, 4);
    asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" ::"r"(smem(&bar[1])) : "memory");
    arrive(&bar[1]);
    wait_parity(&bar[1], 0);
    unsigned v2 = tile[0][t] - tile[0][(t + 1) & (TILE - 1)];

    tile[1][t] = v0 + v1;
#if __CUDA_ARCH__ >= 900
    if (t == 0)
        asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 256;" ::"r"(smem(&bar[2])) : "memory");
    else {
        if (t == 1)
            asm volatile("mbarrier.complete_tx.shared.b64 [%0], 256;" ::"r"(smem(&bar[2])) : "memory");
        arrive(&bar[2]);
    }
#else
    arrive(&bar[2]);
#endif
    wait_parity(&bar[2], 0);
    unsigned v3 = tile[1][(t + 3) & (TILE - 1)];

    unsigned *o = out + i * 4;
    o[0] = v0, o[1] = v1, o[2] = v2, o[3] = v3;
    __syncthreads();
    if (t == 0)
        for (int k = 0; k < 3; k++)
            asm volatile("mbarrier.inval.shared.b64 [%0];" ::"r"(smem(&bar[k])) : "memory");
}
