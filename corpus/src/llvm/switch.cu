// switch: a byte-code state machine and a dense switch as clang-14 -O2 emits them for NVPTX
// (compare-and-branch trees; LLVM 14 makes no jump tables for PTX), a do/while with break and
// continue, and a goto; per-lane paths diverge.
#include "ptx_min.h"

__device__ __noinline__ uint classify(uint v) {
  switch (v % 11) {
  case 0: return v * 3;
  case 1: return v ^ 0xffffu;
  case 2: return v >> 3;
  case 3: return v + 1000;
  case 4:
  case 5: return v * v;
  case 6: return ~v;
  case 7: return v & 0xf0f0f0f0u;
  case 8: return v | 1;
  case 9: return v << 5;
  default: return 42;
  }
}

extern "C" __global__ void switch_k(const uint *in, uint *out) {
  uint i = global_x();
  uint x = in[i], acc = 0, state = x & 3, steps = 0;
  // a little state machine: 0 -> add, 1 -> mul, 2 -> rotate, 3 -> halt unless early
  do {
    steps++;
    switch (state) {
    case 0: acc += x; state = (acc >> 3) & 3; break;
    case 1: acc = acc * 7 + 1; state = (acc & 1) ? 2 : 0; break;
    case 2:
      acc = (acc << 9) | (acc >> 23);
      if (acc & 0x100) continue;
      state = 3;
      break;
    default: goto done;
    }
    x = x * 1103515245u + 12345u;
  } while (steps < 40);
done:
  out[3 * i] = acc;
  out[3 * i + 1] = steps;
  out[3 * i + 2] = classify(in[i]);
}
