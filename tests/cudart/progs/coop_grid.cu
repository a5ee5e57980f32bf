// coop_grid.cu — cooperative groups: a grid-synchronised kernel launched with
// cudaLaunchCooperativeKernel (three phases separated by grid.sync()), and block tiles with
// cg::reduce, checked against a host computation.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <vector>
#include "common.h"

namespace cg = cooperative_groups;

// Phase 1: each thread writes a[i] = f(i). Phase 2: every block sums a whole stripe of a written
// by other blocks into partial[block]. Phase 3: block 0 adds the partials.
__global__ void grid_phases(unsigned *a, unsigned *partial, unsigned *total, int n) {
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    for (int i = grid.thread_rank(); i < n; i += grid.size()) a[i] = xs32(i + 1) & 0xffff;
    grid.sync();
    // read the stripe of the block "opposite" this one: data written by other blocks
    int nb = gridDim.x, b = (blockIdx.x + nb / 2) % nb;
    int per = (n + nb - 1) / nb;
    unsigned s = 0;
    for (int i = b * per + threadIdx.x; i < min(n, (b + 1) * per); i += blockDim.x) s += a[i];
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    s = cg::reduce(warp, s, cg::plus<unsigned>());
    __shared__ unsigned warp_sums[32];
    if (warp.thread_rank() == 0) warp_sums[warp.meta_group_rank()] = s;
    block.sync();
    if (threadIdx.x == 0) {
        unsigned t = 0;
        for (unsigned w = 0; w < warp.meta_group_size(); w++) t += warp_sums[w];
        partial[b] = t;
    }
    grid.sync();
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        unsigned t = 0;
        for (int i = 0; i < nb; i++) t += partial[i];
        *total = t;
    }
}

// tiles of 8 threads: rank-0 of each tile stores the tile's max
__global__ void tile_max(const unsigned *in, unsigned *out) {
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(cg::this_thread_block());
    unsigned v = in[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned m = cg::reduce(t8, v, cg::greater<unsigned>());
    if (t8.thread_rank() == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 8] = m;
}

int main() {
    int dev = 0, coop = 0;
    CK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
    if (!coop) {
        std::printf("FAIL: device cannot launch cooperative kernels\n");
        return 1;
    }
    const int n = 100000, blocks = 16, threads = 256;
    int per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_phases, threads, 0));
    EXPECT(per_sm >= 1, "occupancy %d", per_sm);
    unsigned *a, *partial, *total;
    CK(cudaMalloc(&a, n * sizeof(unsigned)));
    CK(cudaMalloc(&partial, blocks * sizeof(unsigned)));
    CK(cudaMalloc(&total, sizeof(unsigned)));
    int nn = n;
    void *args[] = {&a, &partial, &total, &nn};
    CK(cudaLaunchCooperativeKernel((void *)grid_phases, dim3(blocks), dim3(threads), args, 0, 0));
    CK(cudaDeviceSynchronize());
    std::vector<unsigned> hp(blocks), ha(n);
    unsigned ht = 0;
    CK(cudaMemcpy(hp.data(), partial, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&ht, total, sizeof ht, cudaMemcpyDeviceToHost));
    // host reference
    unsigned ref_total = 0;
    std::vector<unsigned> ref_part(blocks, 0);
    int per = (n + blocks - 1) / blocks;
    for (int i = 0; i < n; i++) {
        unsigned v = xs32(i + 1) & 0xffff;
        ref_total += v;
        ref_part[i / per] += v;
    }
    for (int b = 0; b < blocks; b++) EXPECT(hp[b] == ref_part[b], "partial[%d] %u != %u", b, hp[b], ref_part[b]);
    EXPECT(ht == ref_total, "total %u != %u", ht, ref_total);
    std::printf("grid sync: %d blocks x %d threads, total %u\n", blocks, threads, ht);

    const int m = 4096;
    std::vector<unsigned> hin(m), hout(m / 8);
    for (int i = 0; i < m; i++) hin[i] = xs32(i * 7 + 3);
    unsigned *din, *dout;
    CK(cudaMalloc(&din, m * sizeof(unsigned)));
    CK(cudaMalloc(&dout, m / 8 * sizeof(unsigned)));
    CK(cudaMemcpy(din, hin.data(), m * sizeof(unsigned), cudaMemcpyHostToDevice));
    tile_max<<<m / 128, 128>>>(din, dout);
    CK(cudaGetLastError());
    CK(cudaMemcpy(hout.data(), dout, m / 8 * sizeof(unsigned), cudaMemcpyDeviceToHost));
    unsigned xsum = 0;
    for (int t = 0; t < m / 8; t++) {
        unsigned r = 0;
        for (int k = 0; k < 8; k++) r = hin[t * 8 + k] > r ? hin[t * 8 + k] : r;
        EXPECT(hout[t] == r, "tile %d max %u != %u", t, hout[t], r);
        xsum ^= hout[t];
    }
    std::printf("tile max: %d tiles, xor %08x\n", m / 8, xsum);
    CK(cudaFree(a));
    CK(cudaFree(partial));
    CK(cudaFree(total));
    CK(cudaFree(din));
    CK(cudaFree(dout));
    return finish();
}
