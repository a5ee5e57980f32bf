// rounding: clang's NVVM builtins for explicitly rounded arithmetic and conversions, each
// lowered to one PTX instruction with its rounding modifier (add/mul/fma/div/sqrt/rcp .rn .rz
// .rm .rp on f32 and f64, .ftz forms, float <-> integer conversions in every mode, f32 -> f16).
// clang-14, -O2.
#include "ptx_min.h"

extern "C" __global__ void rounding(const float *a, const float *b, const double *da, const double *db,
                                    uint *out) {
  uint i = global_x();
  float x = a[i], y = b[i];
  double u = da[i], v = db[i];
  uint *o = out + 24 * i;
  o[0] = float_bits(__nvvm_add_rz_f(x, y));
  o[1] = float_bits(__nvvm_mul_rm_f(x, y));
  o[2] = float_bits(__nvvm_fma_rp_f(x, y, 1.0f));
  o[3] = float_bits(__nvvm_div_rn_f(x, y));
  o[4] = float_bits(__nvvm_div_rz_f(x, y));
  o[5] = float_bits(__nvvm_sqrt_rp_f(x));
  o[6] = float_bits(__nvvm_rcp_rm_f(y));
  o[7] = float_bits(__nvvm_add_rn_ftz_f(x, y));
  o[8] = float_bits(__nvvm_mul_rz_ftz_f(x, y));
  o[9] = (uint)__nvvm_f2i_rm(x);
  o[10] = (uint)__nvvm_f2i_rp(x);
  o[11] = __nvvm_f2ui_rn(x);
  s64 l = __nvvm_f2ll_rz(x);
  o[12] = (uint)l;
  o[13] = (uint)(l >> 32);
  o[14] = float_bits(__nvvm_i2f_rz((int)__builtin_bit_cast(uint, y)));
  o[15] = (uint)__nvvm_f2h_rn(x);
  double s = __nvvm_add_rp_d(u, v), p = __nvvm_mul_rz_d(u, v), q = __nvvm_div_rm_d(u, v);
  u64 sb = __builtin_bit_cast(u64, s), pb = __builtin_bit_cast(u64, p), qb = __builtin_bit_cast(u64, q);
  o[16] = (uint)sb;
  o[17] = (uint)(sb >> 32);
  o[18] = (uint)pb;
  o[19] = (uint)(pb >> 32);
  o[20] = (uint)qb;
  o[21] = (uint)(qb >> 32);
  o[22] = (uint)__nvvm_d2i_rn(u);
  o[23] = float_bits(__nvvm_d2f_rz(v));
}
