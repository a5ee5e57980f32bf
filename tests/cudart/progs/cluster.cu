// cluster.cu — thread-block clusters on sm_90: a kernel with __cluster_dims__ launched with <<<>>>,
// and one launched with cudaLaunchKernelEx and a cluster-dimension attribute; both exchange data
// through distributed shared memory (cluster.map_shared_rank) between cluster.sync() calls.
#include <cooperative_groups.h>
#include <vector>
#include "common.h"

namespace cg = cooperative_groups;

// Each CTA fills its shared array, then reads its right neighbour's in the cluster.
__global__ void __cluster_dims__(4, 1, 1) ring_fixed(const int *in, int *out) {
    __shared__ int buf[128];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank(), size = cluster.num_blocks();
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    buf[threadIdx.x] = in[gid];
    cluster.sync();
    int *peer = cluster.map_shared_rank(buf, (rank + 1) % size);
    out[gid] = peer[threadIdx.x] * 10 + (int)rank;
    cluster.sync(); // keep the shared memory alive until every peer has read it
}

// Any cluster size: rank 0 of each cluster sums the first element of every CTA of its cluster.
__global__ void cluster_sum(const int *in, int *out) {
    __shared__ int first;
    cg::cluster_group cluster = cg::this_cluster();
    if (threadIdx.x == 0) first = in[blockIdx.x * blockDim.x];
    cluster.sync();
    if (cluster.block_rank() == 0 && threadIdx.x == 0) {
        int s = 0;
        for (unsigned r = 0; r < cluster.num_blocks(); r++) s += *cluster.map_shared_rank(&first, r);
        out[blockIdx.x / cluster.num_blocks()] = s;
        out[64 + blockIdx.x / cluster.num_blocks()] = (int)cluster.dim_blocks().x;
    }
    cluster.sync();
}

int main() {
    const int blocks = 16, threads = 128, n = blocks * threads;
    std::vector<int> h(n);
    for (int i = 0; i < n; i++) h[i] = (int)(xs32(i + 5) % 1000);
    int *in, *out;
    CK(cudaMalloc(&in, n * sizeof(int)));
    CK(cudaMalloc(&out, n * sizeof(int)));
    CK(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    ring_fixed<<<blocks, threads>>>(in, out);
    CK(cudaGetLastError());
    std::vector<int> back(n);
    CK(cudaMemcpy(back.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
    long long sum = 0;
    for (int b = 0; b < blocks; b++) {
        int rank = b % 4, peer = b - rank + (rank + 1) % 4;
        for (int t = 0; t < threads; t++) {
            int want = h[peer * threads + t] * 10 + rank;
            EXPECT(back[b * threads + t] == want, "ring block %d thread %d: %d, expected %d", b, t,
                   back[b * threads + t], want);
            sum += back[b * threads + t];
        }
    }
    std::printf("cluster dims 4: sum %lld\n", sum);

    for (int cs = 2; cs <= 8; cs *= 2) {
        cudaLaunchConfig_t cfg = {};
        cfg.gridDim = dim3(blocks);
        cfg.blockDim = dim3(threads);
        cudaLaunchAttribute attr[1];
        attr[0].id = cudaLaunchAttributeClusterDimension;
        attr[0].val.clusterDim.x = cs;
        attr[0].val.clusterDim.y = 1;
        attr[0].val.clusterDim.z = 1;
        cfg.attrs = attr;
        cfg.numAttrs = 1;
        CK(cudaMemset(out, 0, n * sizeof(int)));
        CK(cudaLaunchKernelEx(&cfg, cluster_sum, (const int *)in, out));
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(back.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
        for (int c = 0; c < blocks / cs; c++) {
            int want = 0;
            for (int r = 0; r < cs; r++) want += h[(c * cs + r) * threads];
            EXPECT(back[c] == want, "cluster %d of size %d: sum %d, expected %d", c, cs, back[c], want);
            EXPECT(back[64 + c] == cs, "cluster %d: dim_blocks %d", c, back[64 + c]);
        }
        std::printf("cluster size %d: first sum %d\n", cs, back[0]);
    }
    CK(cudaFree(in));
    CK(cudaFree(out));
    return finish();
}
