// sregs_probe.cu — what an H200 gives for the special registers whose value the PTX ISA does not fix
// (lab/sregs/README.md): one kernel reads them all; it is launched with several static/dynamic shared
// memory sizes, block shapes, as a cluster, and from a CUDA graph, and every value is printed.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cuda_runtime.h>

#define CK(x)                                                                                       \
    do {                                                                                            \
        cudaError_t e_ = (x);                                                                       \
        if (e_ != cudaSuccess) {                                                                    \
            printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__);         \
            return 1;                                                                               \
        }                                                                                           \
    } while (0)

enum { N_PER_THREAD = 96 }; // u64 slots each thread writes

#define R32(name, slot) { uint32_t v; asm volatile("mov.u32 %0, %%" name ";" : "=r"(v)); o[slot] = v; }
#define R64(name, slot) { uint64_t v; asm volatile("mov.u64 %0, %%" name ";" : "=l"(v)); o[slot] = v; }

__device__ void read_all(uint64_t *o) {
    R32("envreg0", 0) R32("envreg1", 1) R32("envreg2", 2) R32("envreg3", 3) R32("envreg4", 4)
    R32("envreg5", 5) R32("envreg6", 6) R32("envreg7", 7) R32("envreg8", 8) R32("envreg9", 9)
    R32("envreg10", 10) R32("envreg11", 11) R32("envreg12", 12) R32("envreg13", 13) R32("envreg14", 14)
    R32("envreg15", 15) R32("envreg16", 16) R32("envreg17", 17) R32("envreg18", 18) R32("envreg19", 19)
    R32("envreg20", 20) R32("envreg21", 21) R32("envreg22", 22) R32("envreg23", 23) R32("envreg24", 24)
    R32("envreg25", 25) R32("envreg26", 26) R32("envreg27", 27) R32("envreg28", 28) R32("envreg29", 29)
    R32("envreg30", 30) R32("envreg31", 31)
    R32("pm0", 32) R32("pm1", 33) R32("pm2", 34) R32("pm3", 35) R32("pm4", 36) R32("pm5", 37) R32("pm6", 38)
    R32("pm7", 39)
    R64("pm0_64", 40) R64("pm1_64", 41) R64("pm2_64", 42) R64("pm3_64", 43) R64("pm4_64", 44)
    R64("pm5_64", 45) R64("pm6_64", 46) R64("pm7_64", 47)
    R32("warpid", 48) R32("nwarpid", 49) R32("smid", 50) R32("nsmid", 51) R64("gridid", 52)
    R32("total_smem_size", 53) R32("aggr_smem_size", 54) R32("dynamic_smem_size", 55)
    R64("current_graph_exec", 56)
    R32("clusterid.x", 57) R32("clusterid.y", 58) R32("clusterid.z", 59) R32("clusterid.w", 60)
    R32("nclusterid.x", 61) R32("nclusterid.w", 62) R32("cluster_ctaid.x", 63) R32("cluster_ctaid.w", 64)
    R32("cluster_nctaid.x", 65) R32("cluster_nctaid.w", 66) R32("cluster_ctarank", 67)
    R32("cluster_nctarank", 68)
    { uint32_t v; asm volatile("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(v)); o[69] = v; }
    R32("tid.w", 70) R32("ntid.w", 71) R32("ctaid.w", 72) R32("nctaid.w", 73)
    { uint16_t v; asm volatile("mov.u16 %0, %%tid.x;" : "=h"(v)); o[74] = v; }
    { uint16_t v; asm volatile("mov.u16 %0, %%ntid.x;" : "=h"(v)); o[75] = v; }
    R32("gridid", 76)
    R32("lanemask_eq", 77) R32("lanemask_lt", 78) R32("laneid", 79)
    R32("globaltimer_lo", 80) R32("globaltimer_hi", 81) R64("globaltimer", 82)
    R32("clock", 83) R32("clock_hi", 84) R64("clock64", 85)
    R32("reserved_smem_offset_begin", 86) R32("reserved_smem_offset_end", 87) R32("reserved_smem_offset_cap", 88)
}

template <int STATIC_BYTES>
__global__ void probe(uint64_t *out, int touch) {
    __shared__ volatile unsigned char buf[STATIC_BYTES > 0 ? STATIC_BYTES : 1];
    extern __shared__ unsigned char dyn[];
    if (touch) { buf[threadIdx.x % (STATIC_BYTES > 0 ? STATIC_BYTES : 1)] = 1; dyn[0] = buf[0]; }
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned nt = blockDim.x * blockDim.y * blockDim.z;
    read_all(out + (size_t)(b * nt + t) * N_PER_THREAD);
}

static const char *slot_name(int s) {
    static char buf[32];
    if (s < 32) { snprintf(buf, sizeof buf, "envreg%d", s); return buf; }
    if (s < 40) { snprintf(buf, sizeof buf, "pm%d", s - 32); return buf; }
    if (s < 48) { snprintf(buf, sizeof buf, "pm%d_64", s - 40); return buf; }
    static const char *n[] = {"warpid", "nwarpid", "smid", "nsmid", "gridid", "total_smem_size", "aggr_smem_size",
                              "dynamic_smem_size", "current_graph_exec", "clusterid.x", "clusterid.y",
                              "clusterid.z", "clusterid.w", "nclusterid.x", "nclusterid.w", "cluster_ctaid.x",
                              "cluster_ctaid.w", "cluster_nctaid.x", "cluster_nctaid.w", "cluster_ctarank",
                              "cluster_nctarank", "is_explicit_cluster", "tid.w", "ntid.w", "ctaid.w", "nctaid.w",
                              "tid.x(u16)", "ntid.x(u16)", "gridid(u32)", "lanemask_eq", "lanemask_lt", "laneid",
                              "globaltimer_lo", "globaltimer_hi", "globaltimer", "clock", "clock_hi", "clock64",
                              "reserved_smem_offset_begin", "reserved_smem_offset_end", "reserved_smem_offset_cap"};
    return s - 48 < (int)(sizeof n / sizeof n[0]) ? n[s - 48] : "?";
}

// Prints thread 0 of every block, and every warp's first thread of block 0 for the per-warp registers.
static void report(const char *cfg, const uint64_t *h, dim3 grid, dim3 block) {
    unsigned nb = grid.x * grid.y * grid.z, nt = block.x * block.y * block.z;
    for (unsigned b = 0; b < nb && b < 4; b++)
        for (unsigned t = 0; t < nt; t += 32) {
            if (b && t) break;
            const uint64_t *o = h + (size_t)(b * nt + t) * N_PER_THREAD;
            printf("%s block %u thread %u:", cfg, b, t);
            for (int s = 0; s < 89; s++) printf(" %s=%llu", slot_name(s), (unsigned long long)o[s]);
            printf("\n");
        }
}

template <int S>
static int run(const char *name, dim3 grid, dim3 block, int dyn, bool graph, int cluster) {
    unsigned nb = grid.x * grid.y * grid.z, nt = block.x * block.y * block.z;
    size_t bytes = (size_t)nb * nt * N_PER_THREAD * 8;
    uint64_t *d;
    CK(cudaMalloc(&d, bytes));
    CK(cudaMemset(d, 0xee, bytes));
    if (dyn > 48 * 1024) CK(cudaFuncSetAttribute(probe<S>, cudaFuncAttributeMaxDynamicSharedMemorySize, dyn));
    if (cluster) {
        cudaLaunchConfig_t lc = {};
        cudaLaunchAttribute at[1];
        at[0].id = cudaLaunchAttributeClusterDimension;
        at[0].val.clusterDim.x = cluster, at[0].val.clusterDim.y = 1, at[0].val.clusterDim.z = 1;
        lc.gridDim = grid, lc.blockDim = block, lc.dynamicSmemBytes = dyn, lc.attrs = at, lc.numAttrs = 1;
        CK(cudaLaunchKernelEx(&lc, probe<S>, d, 0));
    } else if (graph) {
        cudaStream_t s;
        cudaGraph_t g;
        cudaGraphExec_t ge;
        CK(cudaStreamCreate(&s));
        CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
        probe<S><<<grid, block, dyn, s>>>(d, 0);
        CK(cudaStreamEndCapture(s, &g));
        CK(cudaGraphInstantiate(&ge, g, 0));
        CK(cudaGraphLaunch(ge, s));
        CK(cudaStreamSynchronize(s));
        printf("%s: graph exec handle %p\n", name, (void *)ge);
    } else {
        probe<S><<<grid, block, dyn>>>(d, 0);
    }
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    uint64_t *h = new uint64_t[bytes / 8];
    CK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
    char cfg[160];
    snprintf(cfg, sizeof cfg, "%s static=%d dynamic=%d grid=%ux%ux%u block=%ux%ux%u cluster=%d graph=%d", name, S,
             dyn, grid.x, grid.y, grid.z, block.x, block.y, block.z, cluster, graph);
    report(cfg, h, grid, block);
    delete[] h;
    CK(cudaFree(d));
    return 0;
}

int main() {
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    printf("device %s cc %d.%d SMs %d reservedSharedMemPerBlock %zu sharedMemPerBlock %zu\n", p.name, p.major,
           p.minor, p.multiProcessorCount, p.reservedSharedMemPerBlock, p.sharedMemPerBlock);
    int rc = 0;
    rc |= run<0>("plain", dim3(2), dim3(128), 0, false, 0);
    rc |= run<1>("static1", dim3(2), dim3(64), 0, false, 0);
    rc |= run<100>("static100", dim3(2), dim3(64), 0, false, 0);
    rc |= run<4097>("static4097", dim3(2), dim3(64), 0, false, 0);
    rc |= run<0>("dyn1", dim3(2), dim3(64), 1, false, 0);
    rc |= run<0>("dyn1000", dim3(2), dim3(64), 1000, false, 0);
    rc |= run<100>("static100dyn1000", dim3(2), dim3(64), 1000, false, 0);
    rc |= run<0>("dyn100k", dim3(2), dim3(64), 100 * 1024, false, 0);
    rc |= run<0>("block1024", dim3(1), dim3(1024), 0, false, 0);
    rc |= run<0>("grid3d", dim3(2, 2, 2), dim3(8, 4, 2), 0, false, 0);
    rc |= run<0>("graph", dim3(2), dim3(64), 0, true, 0);
    rc |= run<0>("cluster2", dim3(4), dim3(64), 0, false, 2);
    rc |= run<0>("plain_again", dim3(2), dim3(64), 0, false, 0);
    return rc;
}
