// The library translation unit of corpus/src/rdc_link.cu (nvcc -rdc=true): device variables
// (one initialised, one __constant__), device functions, a table of function pointers, a
// template instantiated here and in the main unit (.weak in both), and an internal helper
// whose name the main unit uses for its own.
#include "rdc_link.h"

__device__ int lib_counter;
__device__ int lib_weights[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__constant__ int lib_offsets[4] = {100, 200, 300, 400};

static __device__ __noinline__ int helper(int x) { return x * 7 + 1; }

__device__ __noinline__ int lib_scale(int x, int k) { return helper(x) * lib_weights[k & 7]; }
__device__ __noinline__ int lib_add(int a, int b) { return a + b; }
__device__ __noinline__ int lib_sub(int a, int b) { return a - b; }
__device__ __noinline__ int lib_max(int a, int b) { return a > b ? a : b; }
__device__ binop lib_ops[3] = {lib_add, lib_sub, lib_max};

__device__ __noinline__ int lib_uses_template(int x) { return twice<int>(x) + main_hook(x); }
