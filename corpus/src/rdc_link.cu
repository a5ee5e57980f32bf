// Separate compilation (nvcc -rdc=true): this unit's kernel uses the functions and variables of
// corpus/src/rdc/rdc_link_lib.cu; the manifest lists both modules ("ptx": [...]) and ptxsim
// links them as cuLinkAddData + cuLinkComplete do. Calls and function pointers cross the units
// both ways (through a table of function pointers too), extern __device__ and __constant__
// variables resolve to the library's definitions, each unit keeps its own internal `helper`, and twice<int> is .weak in both.
// corpus-archs: sm_75 sm_80 sm_90 sm_120
// corpus-rdc: rdc/rdc_link_lib.cu
#include "rdc/rdc_link.h"

static __device__ __noinline__ int helper(int x) { return x - 5; }

__device__ __noinline__ int main_hook(int x) { return helper(x) * 2; }

extern "C" __global__ void rdc_link(const int *__restrict__ in, int *__restrict__ out)
{
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    int v = in[g];
    int *o = out + 5 * g;
    o[0] = lib_scale(v, t);
    o[1] = lib_ops[g % 3](v, lib_offsets[t & 3]); /* three targets in each warp */
    o[2] = lib_uses_template(v) + twice<int>(helper(v));
    o[3] = lib_weights[(v & 0x7fffffff) % 8];
    atomicAdd(&lib_counter, 1);
    __syncthreads();
    o[4] = helper(t);
}
