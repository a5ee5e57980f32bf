// probe.cu — what the driver puts in a cooperative launch's grid workspace (%envreg1:%envreg2 ->
// {wsSize, barrier}, cooperative_groups/details/driver_abi.h), for several grid sizes, and what
// the two registers hold in an ordinary launch. README.md says why and what was seen.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void probe(unsigned *out) {
    unsigned hi, lo;
    asm volatile("mov.u32 %0, %%envreg1;" : "=r"(hi));
    asm volatile("mov.u32 %0, %%envreg2;" : "=r"(lo));
    unsigned long long p = ((unsigned long long)hi << 32) | lo;
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        out[0] = p != 0;
        out[1] = p ? ((const unsigned *)p)[0] : 0;  // wsSize
        out[2] = p ? ((const unsigned *)p)[1] : 0;  // barrier before
        out[3] = (unsigned)(p & 0xff);
    }
}

__global__ void probe_sync(unsigned *out) {
    cg::grid_group g = cg::this_grid();
    g.sync();
    g.sync();
    unsigned hi, lo;
    asm volatile("mov.u32 %0, %%envreg1;" : "=r"(hi));
    asm volatile("mov.u32 %0, %%envreg2;" : "=r"(lo));
    unsigned long long p = ((unsigned long long)hi << 32) | lo;
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        out[4] = ((const unsigned *)p)[0];
        out[5] = ((const volatile unsigned *)p)[1]; // barrier after two syncs
    }
}

int main() {
    unsigned *out;
    cudaMalloc(&out, 64);
    // an ordinary launch before any cooperative one in this context
    {
        cudaMemset(out, 0, 64);
        probe<<<4, 128>>>(out);
        cudaDeviceSynchronize();
        unsigned h[4];
        cudaMemcpy(h, out, 16, cudaMemcpyDeviceToHost);
        printf("ordinary launch first: envreg1:2 nonzero %u wsSize %u\n", h[0], h[1]);
    }
    int grids[] = {1, 16, 132, 264};
    for (int g : grids) {
        cudaMemset(out, 0, 64);
        void *args[] = {&out};
        cudaError_t e = cudaLaunchCooperativeKernel((void *)probe, dim3(g), dim3(128), args, 0, 0);
        cudaError_t e2 = cudaLaunchCooperativeKernel((void *)probe_sync, dim3(g), dim3(128), args, 0, 0);
        cudaDeviceSynchronize();
        unsigned h[8];
        cudaMemcpy(h, out, 32, cudaMemcpyDeviceToHost);
        printf("cooperative grid %d: %s/%s nonnull %u wsSize %u barrier %08x (after 2 syncs: wsSize %u barrier %08x) addr&0xff %02x\n",
               g, cudaGetErrorName(e), cudaGetErrorName(e2), h[0], h[1], h[2], h[4], h[5], h[3]);
    }
    cudaMemset(out, 0, 64);
    probe<<<4, 128>>>(out);
    cudaDeviceSynchronize();
    unsigned h[4];
    cudaMemcpy(h, out, 16, cudaMemcpyDeviceToHost);
    printf("ordinary launch after cooperative ones: envreg1:2 nonzero %u wsSize %u\n", h[0], h[1]);
    return 0;
}
