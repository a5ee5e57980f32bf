// local_o0: an unoptimised build (-O0): every variable lives in the function's local frame
// (__local_depot, %SP/%SPL, cvta.local), arrays are indexed through the stack, and calls pass
// everything through .param memory. Insertion sort of 12 values plus a checksum; clang-14.
// clang-flags: -O0
#include "ptx_min.h"

__device__ uint checksum(const uint *v, int n) {
  uint h = 2166136261u;
  for (int k = 0; k < n; k++) h = (h ^ v[k]) * 16777619u;
  return h;
}

extern "C" __global__ void local_o0(const uint *in, uint *out) {
  uint v[12];
  uint i = global_x();
  for (int k = 0; k < 12; k++) v[k] = in[12 * i + k];
  for (int k = 1; k < 12; k++) {
    uint key = v[k];
    int j = k - 1;
    while (j >= 0 && v[j] > key) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = key;
  }
  for (int k = 0; k < 12; k++) out[13 * i + k] = v[k];
  out[13 * i + 12] = checksum(v, 12);
}
