// devfunc: __noinline__ device functions through LLVM's .param ABI (func_retval0, aggregate
// returns, many mixed parameters, a byval struct argument) and recursion; clang-14, -O2.
#include "ptx_min.h"

struct Triple { int a; s64 b; float c; };
struct Pair { uint lo, hi; };

__device__ __noinline__ Triple make(int x, s64 y, float z) {
  Triple t = {x * 2 - 1, y + x, z * 0.5f};
  return t;
}
__device__ __noinline__ Pair widemul(uint a, uint b) {
  u64 p = (u64)a * b;
  Pair r = {(uint)p, (uint)(p >> 32)};
  return r;
}
__device__ __noinline__ uint mix(uint a, unsigned short b, signed char c, s64 d, double e, float f, Pair p,
                                 uint g, uint h) {
  return a ^ (uint)b * 3u ^ (uint)(int)c * 5u ^ (uint)d ^ (uint)(d >> 32) ^ (uint)(int)e ^ (uint)(int)f ^
         p.lo * 7u ^ p.hi ^ g * 11u ^ h;
}
__device__ __noinline__ uint fib(uint n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

extern "C" __global__ void devfunc(const uint *in, uint *out) {
  uint i = global_x();
  uint x = in[2 * i], y = in[2 * i + 1];
  Triple t = make((int)x, (s64)(int)y * 1000, (float)(x & 0xffff));
  Pair p = widemul(x, y);
  uint m = mix(x, (unsigned short)y, (signed char)x, (s64)x << 20, (double)(int)y * 0.25, (float)(x & 1023), p,
               i, y);
  uint *o = out + 6 * i;
  o[0] = (uint)t.a;
  o[1] = (uint)t.b;
  o[2] = (uint)(t.b >> 32);
  o[3] = float_bits(t.c);
  o[4] = m;
  o[5] = fib(x & 15);
}
