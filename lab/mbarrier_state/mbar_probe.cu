// mbar_probe.cu — prints what an H200 keeps in an mbarrier object and in the state that arrive
// returns, through one thread: after init(5), arrive, arrive(count 3), expect_tx, complete_tx,
// and the completing arrive; pending_count of each state, test_wait on old states and parities.
// Development aid for docs/async.md, not a test (the layout is opaque in the PTX ISA).
#include <cstdio>
__device__ unsigned long long rec[32];
__device__ __forceinline__ unsigned long long raw(unsigned a)
{
    unsigned long long r;
    asm volatile("ld.volatile.shared.b64 %0, [%1];" : "=l"(r) : "r"(a) : "memory");
    return r;
}
__global__ void probe()
{
    __shared__ unsigned long long bar;
    unsigned a = (unsigned)__cvta_generic_to_shared(&bar);
    unsigned long long s[4];
    unsigned pc[4], w[4];
    asm volatile("mbarrier.init.shared.b64 [%0], 5;" ::"r"(a) : "memory");
    rec[0] = raw(a);
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(s[0]) : "r"(a) : "memory");
    rec[1] = raw(a);
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1], 3;" : "=l"(s[1]) : "r"(a) : "memory");
    rec[2] = raw(a);
    asm volatile("mbarrier.expect_tx.shared.b64 [%0], 100;" ::"r"(a) : "memory");
    rec[3] = raw(a);
    asm volatile("mbarrier.complete_tx.shared.b64 [%0], 40;" ::"r"(a) : "memory");
    rec[4] = raw(a);
    asm volatile("mbarrier.complete_tx.shared.b64 [%0], 60;" ::"r"(a) : "memory");
    rec[5] = raw(a);
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(s[2]) : "r"(a) : "memory");
    rec[6] = raw(a);
    asm volatile("mbarrier.arrive_drop.shared.b64 %0, [%1];" : "=l"(s[3]) : "r"(a) : "memory");
    rec[7] = raw(a);
    for (int i = 0; i < 4; i++) {
        asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(pc[i]) : "l"(s[i]));
        asm volatile("{.reg .pred p; mbarrier.test_wait.shared.b64 p, [%1], %2; selp.u32 %0,1,0,p;}"
                     : "=r"(w[i]) : "r"(a), "l"(s[i]));
        rec[8 + i] = s[i];
        rec[12 + i] = pc[i];
        rec[16 + i] = w[i];
    }
    unsigned p0, p1;
    asm volatile("{.reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], 0; selp.u32 %0,1,0,p;}" : "=r"(p0) : "r"(a) : "memory");
    asm volatile("{.reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], 1; selp.u32 %0,1,0,p;}" : "=r"(p1) : "r"(a) : "memory");
    rec[20] = p0, rec[21] = p1;
    asm volatile("mbarrier.inval.shared.b64 [%0];" ::"r"(a) : "memory");
    rec[22] = raw(a);
}
int main()
{
    probe<<<1, 1>>>();
    unsigned long long h[32];
    cudaError_t e = cudaMemcpyFromSymbol(h, rec, sizeof h);
    if (e != cudaSuccess) { printf("error %s\n", cudaGetErrorString(e)); return 1; }
    const char *what[] = {"raw after init(5)", "raw after arrive", "raw after arrive(3)",
                          "raw after expect_tx 100", "raw after complete_tx 40",
                          "raw after complete_tx 60", "raw after arrive (phase 0 completes)",
                          "raw after arrive_drop"};
    for (int i = 0; i < 8; i++) printf("%-40s 0x%016llx\n", what[i], h[i]);
    for (int i = 0; i < 4; i++)
        printf("state %d 0x%016llx pending_count %llu test_wait %llu\n", i, h[8 + i], h[12 + i], h[16 + i]);
    printf("test_wait.parity 0: %llu, parity 1: %llu\n", h[20], h[21]);
    printf("raw after inval 0x%016llx\n", h[22]);
    return 0;
}
