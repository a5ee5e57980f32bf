// cluster_dsmem.cu — thread-block clusters on sm_90: cluster barriers, distributed shared memory
// (DSMEM) through cooperative_groups and through inline PTX (st.async, red.async, remote
// mbarrier arrivals, multicast bulk copies). Compiled with nvcc -arch=sm_90a -ptx; recorded on an
// H200 with lab/cluster/run.c (corpus/cluster_dsmem/gpu.provenance.json).
#include <cooperative_groups.h>
#include <stdint.h>
namespace cg = cooperative_groups;

__device__ static unsigned sreg_clusterid_x() { unsigned v; asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(v)); return v; }
__device__ static unsigned sreg_clusterid_y() { unsigned v; asm volatile("mov.u32 %0, %%clusterid.y;" : "=r"(v)); return v; }
__device__ static unsigned sreg_nclusterid_x() { unsigned v; asm volatile("mov.u32 %0, %%nclusterid.x;" : "=r"(v)); return v; }
__device__ static unsigned sreg_nclusterid_y() { unsigned v; asm volatile("mov.u32 %0, %%nclusterid.y;" : "=r"(v)); return v; }
__device__ static unsigned sreg_explicit() {
    unsigned v;
    asm volatile("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(v));
    return v;
}

// 1. A cluster-wide sum: each block of a 4-block cluster reduces its slice into shared memory;
// after cluster.sync() every block reads its right neighbour's sum (a ring through DSMEM) and
// rank 0 adds up all of them. Compile-time cluster shape (.reqnctapercluster).
extern "C" __global__ void __cluster_dims__(4, 1, 1)
cluster_reduce(const unsigned *in, unsigned *total, unsigned *ring, unsigned *info) {
    __shared__ unsigned partial[8];
    __shared__ unsigned sum;
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank();
    unsigned t = threadIdx.x;
    unsigned g = blockIdx.x * blockDim.x + t;
    unsigned v = in[g] * (rank + 1u) + (in[g] >> 3);
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if ((t & 31) == 0) partial[t >> 5] = v;
    __syncthreads();
    if (t == 0) {
        unsigned s = 0;
        for (unsigned i = 0; i < blockDim.x / 32; i++) s += partial[i];
        sum = s;
    }
    cluster.sync();
    if (t == 0) {
        unsigned *right = cluster.map_shared_rank(&sum, (rank + 1) % cluster.num_blocks());
        ring[blockIdx.x] = *right;
    }
    if (rank == 0 && t < cluster.num_blocks()) {
        unsigned *other = cluster.map_shared_rank(&sum, t);
        atomicAdd(&total[blockIdx.x / cluster.num_blocks()], *other);
    }
    if (t == 0) {
        unsigned *o = info + blockIdx.x * 8;
        o[0] = rank;
        o[1] = cluster.block_index().x;
        o[2] = cluster.num_blocks();
        o[3] = cluster.dim_blocks().x;
        o[4] = sreg_clusterid_x();
        o[5] = sreg_nclusterid_x();
        o[6] = sreg_explicit();
        o[7] = sum;
    }
    cluster.sync(); // every block's shared memory stays until the others have read it
}

// 2. Remote stores and atomics: a 2x2 cluster shape given at launch (no directive). Every
// thread stores into the next rank's buffer and adds into rank 0's counter; getctarank
// (query_shared_rank) names the owner of a mapped address.
extern "C" __global__ void cluster_ring(const unsigned *in, unsigned *out, unsigned *info) {
    __shared__ unsigned buf[64];
    __shared__ unsigned counter;
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank(), n = cluster.num_blocks();
    unsigned t = threadIdx.x;
    unsigned blk = blockIdx.y * gridDim.x + blockIdx.x;
    unsigned g = blk * blockDim.x + t;
    if (t == 0) counter = 0;
    cluster.sync();
    unsigned next = (rank + 1) % n;
    unsigned *nb = cluster.map_shared_rank(buf, next);
    nb[(t * 5) % 64] = in[g] * 3u + rank;
    unsigned *c0 = cluster.map_shared_rank(&counter, 0);
    atomicAdd(c0, in[g] & 0xffu);
    unsigned owner = cluster.query_shared_rank(nb);
    cluster.sync();
    out[g] = buf[(t * 5) % 64] ^ (owner << 24);
    if (t == 0) {
        unsigned *o = info + blk * 12;
        dim3 bi = cluster.block_index(), dm = cluster.dim_blocks();
        o[0] = rank;
        o[1] = bi.x;
        o[2] = bi.y;
        o[3] = dm.x;
        o[4] = dm.y;
        o[5] = sreg_clusterid_x();
        o[6] = sreg_clusterid_y();
        o[7] = sreg_nclusterid_x();
        o[8] = sreg_nclusterid_y();
        o[9] = sreg_explicit();
        o[10] = n;
        o[11] = rank == 0 ? counter : 0xffffffffu;
    }
    cluster.sync();
}

__device__ static uint32_t smem(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ static uint32_t mapa(uint32_t a, uint32_t rank) {
    uint32_t r;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(rank));
    return r;
}
__device__ static void cluster_sync_ptx() {
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}
__device__ static void wait_parity(uint32_t bar, uint32_t parity) {
    asm volatile("{\n\t.reg .pred p;\n"
                 "W%=: mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%0], %1;\n\t"
                 "@!p bra W%=;\n\t}" :: "r"(bar), "r"(parity) : "memory");
}

// 3. st.async and red.async into the peer CTA (pairs of ranks), completing bytes on the peer's
// mbarrier; then a remote mbarrier arrival releases the peer's second phase after a plain
// remote store through a generic mapa address.
extern "C" __global__ void __cluster_dims__(2, 1, 1)
cluster_async(const unsigned *in, unsigned *out, unsigned *acc_out) {
    __shared__ alignas(8) unsigned long long bar;
    __shared__ unsigned data[64];
    __shared__ unsigned acc;
    __shared__ unsigned late;
    unsigned t = threadIdx.x, rank, g = blockIdx.x * blockDim.x + t;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    unsigned peer = rank ^ 1u;
    uint32_t b = smem(&bar);
    if (t == 0) {
        acc = 1000u * (rank + 1);
        late = 0;
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(b));
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("mbarrier.arrive.expect_tx.relaxed.cta.shared::cta.b64 _, [%0], %1;" :: "r"(b), "r"(64u * 4u * 2u) : "memory");
    }
    cluster_sync_ptx();
    uint32_t rb = mapa(b, peer);
    uint32_t rd = mapa(smem(&data[(t + 7) % 64]), peer);
    uint32_t ra = mapa(smem(&acc), peer);
    unsigned v = in[g] * 7u + rank;
    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];" :: "r"(rd), "r"(v), "r"(rb) : "memory");
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];" :: "r"(ra), "r"(in[g] & 0xfffu), "r"(rb) : "memory");
    wait_parity(b, 0);
    out[g] = data[t];
    __syncthreads();
    if (t == 0) {
        acc_out[blockIdx.x * 2] = acc;
        // a plain remote store through a generic address, then release it with a remote arrive
        unsigned *rl = cg::this_cluster().map_shared_rank(&late, peer);
        *rl = 0xa000u + blockIdx.x;
        asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" :: "r"(rb) : "memory");
        wait_parity(b, 1);
        acc_out[blockIdx.x * 2 + 1] = late;
    }
    cluster_sync_ptx();
}

// 4. Multicast bulk copies: in each 4-block cluster rank 0 copies 256 bytes to ranks 0 and 2,
// rank 1 another 256 bytes to ranks 1 and 3 (ctaMask), each completing on every destination's
// mbarrier.
extern "C" __global__ void __cluster_dims__(4, 1, 1)
cluster_multicast(const unsigned *src, unsigned *out) {
    __shared__ alignas(128) unsigned tile[64];
    __shared__ alignas(8) unsigned long long bar;
    unsigned t = threadIdx.x, rank;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    uint32_t b = smem(&bar);
    if (t == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(b));
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("mbarrier.arrive.expect_tx.relaxed.cta.shared::cta.b64 _, [%0], 256;" :: "r"(b) : "memory");
    }
    cluster_sync_ptx();
    if (t == 0 && rank < 2) {
        const unsigned *s = src + (blockIdx.x / 4) * 128 + rank * 64;
        unsigned short mask = rank == 0 ? 0x5 : 0xa;
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
                     " [%0], [%1], 256, [%2], %3;" :: "r"(smem(tile)), "l"(s), "r"(b), "h"(mask) : "memory");
    }
    wait_parity(b, 0);
    out[blockIdx.x * 64 + t] = tile[t];
    out[blockIdx.x * 64 + t + 32] = tile[t + 32];
    cluster_sync_ptx();
}
