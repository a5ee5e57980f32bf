// Warp vote and shuffle intrinsics: ballot, all, any, match.any, redux (sm_80+), shfl
// xor/up/idx, and a ballot under a partial mask inside a divergent branch. 10 words per thread.
extern "C" __global__ void warp_vote(const int *__restrict__ in, unsigned *__restrict__ out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31;
    int v = in[gid];
    unsigned *o = out + 10 * gid;
    unsigned b = __ballot_sync(0xffffffffu, v > 0);
    o[0] = b;
    o[1] = __all_sync(0xffffffffu, v != 0);
    o[2] = __any_sync(0xffffffffu, v < -1000);
    o[3] = __popc(b & ((1u << lane) - 1u));
    o[4] = (unsigned)__shfl_xor_sync(0xffffffffu, v, 1);
    o[5] = (unsigned)__shfl_up_sync(0xffffffffu, v, 3);
    o[6] = (unsigned)__shfl_sync(0xffffffffu, v, v & 31);
    o[7] = __match_any_sync(0xffffffffu, v & 7);
    o[8] = __reduce_add_sync(0xffffffffu, (unsigned)v) ^ (unsigned)__reduce_max_sync(0xffffffffu, v);
    unsigned half = 0xdeadbeefu;
    if (lane < 16)
        half = __ballot_sync(0x0000ffffu, v & 1);
    o[9] = half;
}
