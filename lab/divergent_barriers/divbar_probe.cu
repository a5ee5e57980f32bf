// divbar_probe.cu — what the H200 does when the lanes of a warp reach a CTA barrier at different
// instructions (independent thread scheduling, sm_70+). Standalone (no project libraries):
//   nvcc -arch=sm_90 -o divbar divbar_probe.cu && ./divbar
// Prints one line per case: its name, then the output words. tests/test_engine.c holds the
// same kernels in PTX with C reference values; this records that the GPU agrees.
#include <cstdio>
#include <cstdlib>

#define CK(x) do { cudaError_t e = (x); if (e) { printf("cuda error %s at %d\n", cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

// odd and even threads store, then meet at two different barrier instructions, then read the
// neighbour's value (t ^ 1, the other parity)
__global__ void exch_nonaligned(unsigned *out) {
    __shared__ unsigned s[128];
    unsigned t = threadIdx.x, v;
    if (t & 1) {
        s[t] = t * 3 + 1;
        asm volatile("barrier.sync 0;" ::: "memory");
        v = s[t ^ 1] + 1000;
    } else {
        s[t] = t * 5 + 2;
        asm volatile("barrier.sync 0;" ::: "memory");
        v = s[t ^ 1] + 2000;
    }
    out[t] = v;
}

__global__ void exch_aligned(unsigned *out) {
    __shared__ unsigned s[128];
    unsigned t = threadIdx.x, v;
    if (t & 1) {
        s[t] = t * 3 + 1;
        asm volatile("bar.sync 0;" ::: "memory");
        v = s[t ^ 1] + 1000;
    } else {
        s[t] = t * 5 + 2;
        asm volatile("bar.sync 0;" ::: "memory");
        v = s[t ^ 1] + 2000;
    }
    out[t] = v;
}

// barrier.red.popc reached by odd and even lanes at different instructions
__global__ void red_popc_div(unsigned *out) {
    unsigned t = threadIdx.x, r;
    unsigned p = (t % 3) == 0;
    if (t & 1)
        asm volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; barrier.red.popc.u32 %0, 2, q; }"
                     : "=r"(r) : "r"(p) : "memory");
    else
        asm volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; barrier.red.popc.u32 %0, 2, q; }"
                     : "=r"(r) : "r"(p) : "memory");
    out[t] = r + ((t & 1) ? 100000 : 0);
}

// named barrier 1 with a thread count of 64 in a 96-thread block: warps 0 and 1 take part
// (each split odd/even over two barrier.sync instructions), warp 2 does not
__global__ void count64(unsigned *out) {
    __shared__ unsigned s[128];
    unsigned t = threadIdx.x, v = 7;
    if (t < 64) {
        if (t & 1) {
            s[t] = t + 11;
            asm volatile("barrier.sync 1, 64;" ::: "memory");
            v = s[63 - t];
        } else {
            s[t] = t + 22;
            asm volatile("barrier.sync 1, 64;" ::: "memory");
            v = s[63 - t] + 500;
        }
    }
    out[t] = v;
}

// bar.warp.sync by the two halves of a warp at different instructions, exchanging through shared
__global__ void warpsync_div(unsigned *out) {
    __shared__ unsigned s[32];
    unsigned t = threadIdx.x, v;
    if (t < 16) {
        s[t] = t * 7;
        asm volatile("bar.warp.sync -1;" ::: "memory");
        v = s[t + 16];
    } else {
        s[t] = t * 9;
        asm volatile("bar.warp.sync -1;" ::: "memory");
        v = s[t - 16] + 300;
    }
    out[t] = v;
}

static void run(const char *name, void (*k)(unsigned *), unsigned n) {
    unsigned *d, h[128];
    CK(cudaMalloc(&d, sizeof h));
    CK(cudaMemset(d, 0xee, sizeof h));
    k<<<1, n>>>(d);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    printf("%s", name);
    for (unsigned i = 0; i < n; i++) printf(" %u", h[i]);
    printf("\n");
    fflush(stdout);
    CK(cudaFree(d));
}

int main() {
    run("exch_nonaligned", exch_nonaligned, 64);
    run("exch_aligned", exch_aligned, 64);
    run("red_popc_div", red_popc_div, 96);
    run("count64", count64, 96);
    run("warpsync_div", warpsync_div, 32);
    return 0;
}
