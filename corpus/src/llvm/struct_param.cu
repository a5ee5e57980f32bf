// struct_param: a 40-byte struct passed to the kernel by value (an aligned .param byte array
// read at offsets); clang-14, -O2.
#include "ptx_min.h"

struct Params {
  double scale;
  int offset;
  unsigned char flags[3];
  short bias;
  u64 mask;
  float gain[3];
};

extern "C" __global__ void struct_param(Params p, const int *in, double *out, uint n) {
  uint i = global_x();
  if (i >= n) return;
  int v = in[i] + p.offset + p.bias;
  if (p.flags[i % 3] & 1) v = -v;
  u64 m = ((u64)(uint)v & p.mask) ^ (u64)p.flags[2];
  out[i] = (double)m * p.scale + (double)p.gain[i % 3];
}
