// stencil_cl: an OpenCL C kernel compiled by clang-14 for the nvptx64-nvidia-nvcl target
// (clang's default there: .version 3.2, .target sm_20 with texmode_independent, .ptr .global
// parameter attributes). A 5-point integer stencil through a __local tile with a halo; NVVM
// builtins stand in for get_local_id() and barrier(), which need libclc. One block = 64 items.
// clang-flags: -O2
__kernel void stencil_cl(__global const int *in, __global int *out, int n) {
  __local int tile[64 + 4];
  int t = (int)__nvvm_read_ptx_sreg_tid_x();
  int i = (int)(__nvvm_read_ptx_sreg_ctaid_x() * 64) + t;
  tile[t + 2] = i < n ? in[i] : 0;
  if (t < 2) {
    int l = i - 2, r = i + 64;
    tile[t] = l >= 0 && l < n ? in[l] : 0;
    tile[t + 66] = r < n ? in[r] : 0;
  }
  __syncthreads();
  if (i < n)
    out[i] = tile[t] - 2 * tile[t + 1] + 5 * tile[t + 2] - 2 * tile[t + 3] + tile[t + 4];
}
