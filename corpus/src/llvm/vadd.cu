// vadd: c = a + b over n floats with a bounds check (clang-14 NVPTX, -O2).
#include "ptx_min.h"

extern "C" __global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = (int)global_x();
  if (i < n) c[i] = a[i] + b[i];
}
