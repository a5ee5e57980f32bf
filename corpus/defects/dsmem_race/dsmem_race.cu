// Planted defect (race through distributed shared memory): in each cluster of two blocks, rank 0
// writes into rank 1's shared buffer through cluster.map_shared_rank (DSMEM), and rank 1 reads its
// buffer with no cluster.sync() between the write and the read. On the GPU the read may see the
// old zeros. Block of 64 threads, grid of 2 (one cluster), sm_90a.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_race(const unsigned *in, unsigned *out) {
    __shared__ unsigned buf[64];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned t = threadIdx.x, rank = cluster.block_rank();
    buf[t] = 0;
    cluster.sync();
    if (rank == 0) {
        unsigned *peer = cluster.map_shared_rank(buf, 1);
        peer[t] = in[t] + 1; // the remote write
    } else {
        out[t] = buf[t]; // DEFECT: no cluster.sync() orders this read after rank 0's write
    }
    cluster.sync();
}
