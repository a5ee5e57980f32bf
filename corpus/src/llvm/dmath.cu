// dmath: f64 arithmetic as clang-14 emits it for CUDA without libdevice: division and square
// root (div.rn.f64, sqrt.rn.f64 from __builtin_sqrt), fma contraction, min/max (fmin/fmax
// builtins), fabs, copysign, conversions from and to integers, and a Horner polynomial.
// clang-flags: -O2 -ffp-contract=fast
#include "ptx_min.h"

extern "C" __global__ void dmath(const double *a, const double *b, double *out, s64 *iout) {
  uint i = global_x();
  double x = a[i], y = b[i];
  double *o = out + 8 * i;
  o[0] = x / y;
  o[1] = __builtin_sqrt(__builtin_fabs(x));
  o[2] = x * y + 1.0;
  o[3] = __builtin_fmin(x, y);
  o[4] = __builtin_fmax(x, y);
  o[5] = __builtin_copysign(y, x);
  double p = 0.0;
  for (int k = 5; k >= 0; k--) p = p * x + (double)(k + 1);
  o[6] = p;
  o[7] = (double)(s64)i * 0.5 - y;
  iout[2 * i] = (s64)x;
  iout[2 * i + 1] = (s64)(u64)(y * 1024.0);
}
