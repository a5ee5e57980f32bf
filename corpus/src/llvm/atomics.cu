// atomics: clang's atomic builtins on global and shared memory — __nvvm_atom_* (add, max, min,
// inc, exch, cas, and/or/xor, 64-bit add, f32 add) and the generic __atomic_* builtins
// (fetch_add, compare_exchange loop); only order-independent results are kept. clang-14, -O2.
#include "ptx_min.h"

extern "C" __global__ void atomics(const uint *in, uint *cnt, u64 *c64, float *cf, uint *old) {
  __shared__ uint sh[4];
  uint t = tid_x(), i = global_x(), x = in[i];
  if (t < 4) sh[t] = t == 1 ? 0xffffffffu : 0;
  syncthreads();
  __nvvm_atom_add_gen_i((int *)&cnt[0], 1);
  __nvvm_atom_max_gen_i((int *)&cnt[1], (int)x);
  __nvvm_atom_min_gen_ui(&cnt[2], x);
  __nvvm_atom_inc_gen_ui(&cnt[3], 99u);
  __nvvm_atom_or_gen_i((int *)&cnt[4], (int)(1u << (x & 31)));
  __nvvm_atom_xor_gen_i((int *)&cnt[5], (int)x);
  __nvvm_atom_and_gen_i((int *)&cnt[6], (int)(x | 0x0f0f0f0fu));
  __nvvm_atom_add_gen_ll((s64 *)&c64[0], (s64)x);
  __nvvm_atom_add_gen_f(&cf[0], (float)(x & 7));
  // product of (x | 1) by compare-and-swap on a 64-bit word
  u64 cur = __atomic_load_n(&c64[1], __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(&c64[1], &cur, cur * (x | 1), false, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
  // shared: sum, min, and an exchange on a private word (its old value is known)
  __atomic_fetch_add(&sh[0], x, __ATOMIC_RELAXED);
  __nvvm_atom_min_gen_ui(&sh[1], x);
  old[i] = __nvvm_atom_xchg_gen_i((int *)&cnt[8 + i], (int)(x ^ 0x5a5a5a5au));
  syncthreads();
  if (t == 0) {
    __nvvm_atom_add_gen_i((int *)&cnt[7], (int)sh[0]);
    __nvvm_atom_min_gen_ui(&cnt[2], sh[1] + 1);
  }
}
