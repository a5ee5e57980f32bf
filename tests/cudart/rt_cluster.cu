// rt_cluster.cu — cudaLaunchKernelEx with a cluster dimension (sm_90): each CTA learns its rank
// in its cluster and the cluster's size, and reads its neighbour's shared memory through
// distributed shared memory.
#include <cooperative_groups.h>
#include "rt_check.h"
namespace cg = cooperative_groups;

__global__ void ranks(int *rank, int *size, int *peer) {
    __shared__ int mine;
    cg::cluster_group cl = cg::this_cluster();
    if (threadIdx.x == 0) mine = 1000 + blockIdx.x;
    cl.sync();
    if (threadIdx.x == 0) {
        rank[blockIdx.x] = (int)cl.block_rank();
        size[blockIdx.x] = (int)cl.num_blocks();
        int *other = cl.map_shared_rank(&mine, (cl.block_rank() + 1) % cl.num_blocks());
        peer[blockIdx.x] = *other;
    }
    cl.sync();
}

int main() {
    const int blocks = 8, cluster = 4;
    int *r, *s, *p;
    CK(cudaMalloc(&r, blocks * sizeof(int)));
    CK(cudaMalloc(&s, blocks * sizeof(int)));
    CK(cudaMalloc(&p, blocks * sizeof(int)));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(blocks);
    cfg.blockDim = dim3(64);
    cudaLaunchAttribute attr;
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = cluster, attr.val.clusterDim.y = 1, attr.val.clusterDim.z = 1;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, ranks, r, s, p));
    CK(cudaDeviceSynchronize());
    int hr[blocks], hs[blocks], hp[blocks];
    CK(cudaMemcpy(hr, r, sizeof hr, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hs, s, sizeof hs, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hp, p, sizeof hp, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++) {
        int base = b - b % cluster;
        EXPECT(hr[b] == b % cluster && hs[b] == cluster);
        EXPECT(hp[b] == 1000 + base + (b % cluster + 1) % cluster);
    }
    return finish("rt_cluster");
}
