// reduce: block sum of u32 values — a shared-memory tree down to 64 values, then a warp of
// shuffles (__nvvm_shfl_sync_down_i32) — plus the block maximum through a ballot-guided pass
// (__nvvm_vote_ballot_sync); clang-14 NVPTX, -O2.
#include "ptx_min.h"

extern "C" __global__ void reduce(const uint *in, uint *sums, uint *maxes) {
  __shared__ uint s[256];
  __shared__ uint m[256];
  uint t = tid_x();
  uint v = in[global_x()];
  s[t] = v;
  m[t] = v;
  syncthreads();
  for (uint stride = 128; stride >= 64; stride >>= 1) {
    if (t < stride) {
      s[t] += s[t + stride];
      uint o = m[t + stride];
      if (o > m[t]) m[t] = o;
    }
    syncthreads();
  }
  if (t < 32) {
    uint a = s[t] + s[t + 32];
    uint b = m[t] > m[t + 32] ? m[t] : m[t + 32];
    for (int off = 16; off > 0; off >>= 1) {
      a += (uint)__nvvm_shfl_sync_down_i32(0xffffffffu, (int)a, off, 0x1f);
      uint o = (uint)__nvvm_shfl_sync_down_i32(0xffffffffu, (int)b, off, 0x1f);
      b = o > b ? o : b;
    }
    // lanes holding the maximum: the lowest one writes it
    uint best = (uint)__nvvm_shfl_sync_idx_i32(0xffffffffu, (int)b, 0, 0x1f);
    uint who = __nvvm_vote_ballot_sync(0xffffffffu, m[t] == best || m[t + 32] == best);
    if (t == 0) {
      sums[ctaid_x()] = a;
      maxes[2 * ctaid_x()] = best;
      maxes[2 * ctaid_x() + 1] = who;
    }
  }
}
