// Cooperative groups: thread_block_tile<64> and <128> (multi-warp tiles; their scratch is the
// system's reserved shared memory from sm_80 on, %reserved_smem_offset_1, and the
// block_tile_memory variable before), cg::reduce over them, tiled_partition<16> and the
// dynamic tiled_partition(block, 8), labeled_partition, binary_partition, coalesced_threads()
// in a divergent branch, and the groups' ranks and sizes.
// corpus-archs: sm_75 sm_80 sm_90 sm_120
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

#define NOUT 12

extern "C" __global__ void coop_groups(const int *__restrict__ in, int *__restrict__ out)
{
    __shared__ cg::block_tile_memory<256> scratch;
    cg::thread_block block = cg::this_thread_block(scratch);
    unsigned r = block.thread_rank();
    int g = blockIdx.x * blockDim.x + r;
    int v = in[g];
    int *o = out + (size_t)g * NOUT;

    /* multi-warp tiles */
    cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(block);
    o[0] = cg::reduce(t64, v, cg::plus<int>());
    o[1] = (int)(t64.meta_group_rank() * 1000 + t64.thread_rank());
    cg::thread_block_tile<128> t128 = cg::tiled_partition<128>(block);
    o[2] = cg::reduce(t128, v, cg::greater<int>());
    t128.sync();
    o[3] = t64.shfl(v, 37) * 1000 + t128.shfl(v, 100); /* one source lane per tile */

    /* warp and sub-warp tiles */
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    o[4] = cg::reduce(t16, v, cg::bit_xor<int>());
    cg::thread_group t8 = cg::tiled_partition(block, 8);
    o[5] = (int)(t8.thread_rank() * 100 + t8.size());
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    o[6] = warp.shfl_down(v, 3) + (int)warp.ballot(v & 1);

    /* partitions by label and by predicate */
    cg::coalesced_group lab = cg::labeled_partition(warp, v & 3);
    o[7] = cg::reduce(lab, v, cg::plus<int>()) * 100 + (int)lab.size();
    cg::coalesced_group bin = cg::binary_partition(warp, v > 0);
    o[8] = (int)(bin.thread_rank() * 100 + bin.size());

    /* the threads that take a divergent branch */
    if (v % 3 == 0) {
        cg::coalesced_group act = cg::coalesced_threads();
        o[9] = (int)(act.thread_rank() * 100 + act.size());
        o[10] = act.shfl(v, act.size() - 1) + cg::reduce(act, v, cg::less<int>());
    } else {
        o[9] = -1;
        o[10] = -1;
    }
    block.sync();
    o[11] = (int)(block.size() * 10 + (t64.num_threads() == 64) + (t128.meta_group_size() == 2));
}
