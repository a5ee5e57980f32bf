// alloca_dyn: dynamic per-thread stack allocation with alloca() (PTX alloca, sm_52+): sizes that
// differ between the lanes of a warp, a __noinline__ callee that allocates on every call (its
// stack given back at each return), and the generic pointers of the allocations checked for the
// 16-byte alignment nvcc asks for.
#include <stdint.h>

extern "C" __device__ __noinline__ int fold(const int *src, int n, int salt) {
  int *tmp = (int *)alloca(n * sizeof(int));
  for (int i = 0; i < n; i++) tmp[i] = src[i] * (salt + i);
  int acc = 0;
  for (int i = n - 1; i >= 0; i--) acc = acc * 3 + tmp[(i * 5) % n];
  return acc + (((uintptr_t)tmp & 15) == 0 ? 0 : 1000000);
}

extern "C" __global__ void alloca_dyn(const int *in, const int *lens, int *out, int nmax) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = lens[t];
  int *a = (int *)alloca(n * sizeof(int));
  long long *b = (long long *)alloca((n + 1) * sizeof(long long));
  for (int i = 0; i < n; i++) a[i] = in[t * nmax + i];
  b[0] = 0;
  for (int i = 0; i < n; i++) b[i + 1] = b[i] + (long long)a[i] * a[i];
  int r = 0;
  for (int k = 1; k <= 6; k++) r ^= fold(a, 1 + (k * 7) % n, k) + k;
  int mn = a[0];
  for (int i = 1; i < n; i++) mn = min(mn, a[n - 1 - i]);
  out[t * 4 + 0] = r;
  out[t * 4 + 1] = (int)(b[n] ^ (b[n] >> 32));
  out[t * 4 + 2] = mn;
  out[t * 4 + 3] = (((uintptr_t)a & 15) == 0) + 2 * (((uintptr_t)b & 15) == 0);
}
