// ptx_min.h — the few CUDA declarations the LLVM corpus kernels need. They are compiled with
// clang-14 -nocudainc -nocudalib (no CUDA headers), so the attribute macros and the thread
// index accessors are spelled out here on top of clang's NVVM builtins.
#ifndef PTX_MIN_H
#define PTX_MIN_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __noinline__ __attribute__((noinline))
#define __forceinline__ __inline__ __attribute__((always_inline))

typedef unsigned int uint;
typedef unsigned long long u64;
typedef long long s64;

static __device__ __forceinline__ uint tid_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ __forceinline__ uint tid_y() { return __nvvm_read_ptx_sreg_tid_y(); }
static __device__ __forceinline__ uint ntid_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ __forceinline__ uint ntid_y() { return __nvvm_read_ptx_sreg_ntid_y(); }
static __device__ __forceinline__ uint ctaid_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ __forceinline__ uint ctaid_y() { return __nvvm_read_ptx_sreg_ctaid_y(); }
static __device__ __forceinline__ uint nctaid_x() { return __nvvm_read_ptx_sreg_nctaid_x(); }
static __device__ __forceinline__ uint laneid() { return __nvvm_read_ptx_sreg_laneid(); }
static __device__ __forceinline__ uint global_x() { return ctaid_x() * ntid_x() + tid_x(); }
static __device__ __forceinline__ void syncthreads() { __syncthreads(); }
static __device__ __forceinline__ uint float_bits(float f) { return __builtin_bit_cast(uint, f); }

#endif
