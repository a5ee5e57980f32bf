// saxpy: y = a * x + y, contracted by clang into fma.rn.f32 (-ffp-contract=fast, the CUDA
// default); a grid-stride loop with a 64-bit index.
// clang-flags: -ffp-contract=fast
#include "ptx_min.h"

extern "C" __global__ void saxpy(float a, const float *x, float *y, s64 n) {
  for (s64 i = global_x(); i < n; i += (s64)ntid_x() * nctaid_x()) y[i] = a * x[i] + y[i];
}
