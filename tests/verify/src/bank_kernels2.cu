// bank_kernels2.cu — the second set of calibration kernels for ptxsim's shared-memory bank model
// and global coalescing counters, measured with Nsight Compute on an H200
// (scripts/ncu_calibrate.sh); same conventions as bank_kernels.cu.
//
//   nvcc -ptx -arch=sm_90 -O3 bank_kernels2.cu -o ../bank_kernels2.sm_90.ptx
//
// Written after the first measurement to test the rules it suggested (packing of lane pairs in
// 64- and 128-bit loads, atomics on one word, warp-aggregated atomics): ptxsim's predictions
// were computed before these kernels ran on the GPU (docs/verifier.md).

#include "bank_macros.cuh"

// "zero" that ptxas cannot see through: in[] is filled with 1
#define RTZERO (in[gtid] - 1u)

// ---- 64-bit loads: lane pairs sharing an address ---------------------------------------------
LD64(k2_ld64_pairs1, 8 * (lane >> 1))                          // T(n) == T(n^1)
LD64(k2_ld64_pairs2, 8 * (((lane >> 2) << 1) | (lane & 1)))    // T(n) == T(n^2)
LD64(k2_ld64_pairs1_conf, 16 * (lane >> 1))                    // pairs, 16-byte stride
LD64(k2_ld64_bcast_rt, 8 * RTZERO)                             // one address, not provably
LD64(k2_ld64_mod8, 8 * (lane & 7))                             // T(n) == T(n^8) only
LD64(k2_ld64_quad, 8 * (lane >> 2))                            // groups of four
LD64(k2_ld64_3words, 8 * (lane % 3))
LD64P(k2_ld64_even, 8 * (lane >> 1), (lane & 1) == 0)          // partners inactive
LD64P(k2_ld64_pairs1_skip1, 8 * (lane >> 1), lane != 1)        // one partner inactive
// ---- 128-bit loads ----------------------------------------------------------------------------
LD128(k2_ld128_pairs1, 16 * (lane >> 1))
LD128(k2_ld128_pairs2, 16 * (((lane >> 2) << 1) | (lane & 1)))
LD128(k2_ld128_pairs1_conf, 32 * (lane >> 1))
LD128(k2_ld128_bcast_rt, 16 * RTZERO)
LD128(k2_ld128_mod4, 16 * (lane & 3))
LD128(k2_ld128_oct, 16 * (lane >> 3))
LD128P(k2_ld128_even, 16 * (lane >> 1), (lane & 1) == 0)
LD128P(k2_ld128_half16, 16 * lane, lane < 16)
// ---- 32-bit loads -----------------------------------------------------------------------------
LD32(k2_ld32_s6, 24 * tid)
LD32(k2_ld32_s24, 96 * tid)
LD32(k2_ld32_s64, 256 * tid)
LD32(k2_ld32_bcast_rt, 4 * RTZERO)
// ---- vectors of narrow elements ---------------------------------------------------------------
extern "C" __global__ void k2_ld_v2u16_s1(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned short x, y;
    unsigned a = base + 4 * tid;
    asm volatile("ld.shared.v2.u16 {%0, %1}, [%2];" : "=h"(x), "=h"(y) : "r"(a) : "memory");
    out[gtid] = x ^ y;
}
extern "C" __global__ void k2_ld_v4u16_s1(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned short x, y, z, t;
    unsigned a = base + 8 * tid;
    asm volatile("ld.shared.v4.u16 {%0, %1, %2, %3}, [%4];"
                 : "=h"(x), "=h"(y), "=h"(z), "=h"(t) : "r"(a) : "memory");
    out[gtid] = x ^ y ^ z ^ t;
}
#define LDV2U64(name, OFF)                                                       \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned long long x, y;                                                 \
        unsigned a = base + (OFF);                                               \
        asm volatile("ld.shared.v2.u64 {%0, %1}, [%2];"                          \
                     : "=l"(x), "=l"(y) : "r"(a) : "memory");                    \
        out[gtid] = (unsigned)(x ^ y);                                           \
    }
LDV2U64(k2_ld_v2u64_s1, 16 * tid)
LDV2U64(k2_ld_v2u64_bcast_rt, 16 * RTZERO)
// ---- stores ------------------------------------------------------------------------------------
ST64(k2_st64_pairs1, 8 * (lane >> 1))
ST64(k2_st64_bcast_rt, 8 * RTZERO)
ST128(k2_st128_bcast, 0)
ST128(k2_st128_quad, 16 * (lane >> 2))
ST128(k2_st128_pairs1, 16 * (lane >> 1))
ST32(k2_st32_s3, 12 * tid)
ST32(k2_st32_s4, 16 * tid)
extern "C" __global__ void k2_st64_even(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned a = base + 8 * (lane >> 1), c = (lane & 1) == 0;
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %2, 0;\n\t"
                 "@p st.shared.v2.u32 [%0], {%1, %1};\n\t}" ::"r"(a), "r"(tid), "r"(c) : "memory");
    out[gtid] = a;
}
// ---- atomics -----------------------------------------------------------------------------------
ATOM32(k2_atom_pairs, 4 * (lane >> 1))                         // two lanes per word
ATOM32(k2_atom_same_rt, 4 * RTZERO)                            // one word, not provably
extern "C" __global__ void k2_atom_same_val(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned v;
    asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(v) : "r"(base), "r"(tid) : "memory");
    out[gtid] = v;
}
extern "C" __global__ void k2_atom_same_max(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned v;
    asm volatile("atom.shared.max.u32 %0, [%1], %2;" : "=r"(v) : "r"(base), "r"(tid) : "memory");
    out[gtid] = v;
}
extern "C" __global__ void k2_atom_same_exch(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned v;
    asm volatile("atom.shared.exch.b32 %0, [%1], %2;" : "=r"(v) : "r"(base), "r"(tid) : "memory");
    out[gtid] = v;
}
extern "C" __global__ void k2_atom64_s1(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned long long v;
    unsigned a = base + 8 * tid;
    asm volatile("atom.shared.add.u64 %0, [%1], %2;" : "=l"(v) : "r"(a), "l"(1ull) : "memory");
    out[gtid] = (unsigned)v;
}
CAS32(k2_cas_s2, 8 * tid)
CAS32(k2_cas_s32, 128 * tid)
extern "C" __global__ void k2_atom_half(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned v = 0, a = base + 4 * tid, c = lane < 16;
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %2, 0;\n\t"
                 "@p atom.shared.add.u32 %0, [%1], %3;\n\t}"
                 : "+r"(v) : "r"(a), "r"(c), "r"(tid) : "memory");
    out[gtid] = v;
}
// atom.add of the immediate 1 with its result unused, red.add 1, and atom.add 1 whose result is used
extern "C" __global__ void k2_atom_imm1_unused_4words(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned a = base + 4 * (lane & 3);
    asm volatile("{\n\t.reg .u32 t;\n\tatom.shared.add.u32 t, [%0], 1;\n\t}" ::"r"(a) : "memory");
    out[gtid] = a;
}
extern "C" __global__ void k2_red_imm1_4words(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned a = base + 4 * (lane & 3);
    asm volatile("red.shared.add.u32 [%0], 1;" ::"r"(a) : "memory");
    out[gtid] = a;
}
extern "C" __global__ void k2_atom_imm1_used_4words(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned v, a = base + 4 * (lane & 3);
    asm volatile("atom.shared.add.u32 %0, [%1], 1;" : "=r"(v) : "r"(a) : "memory");
    out[gtid] = v;
}
RED32(k2_red_4words, 4 * (lane & 3))                           // red.add of a register
// ---- global ------------------------------------------------------------------------------------
GLD32(k2_gld32_s3, 3 * tid)                                    // 12 sectors
GLD64(k2_gld64_s2, 4 * tid)                                    // 16-byte stride: 16
GST32(k2_gst32_s8, 8 * tid)                                    // 32
extern "C" __global__ void k2_gld16_s1(unsigned *out, const unsigned *in) {
    unsigned tid = threadIdx.x, gtid = blockIdx.x * blockDim.x + tid;
    unsigned short v;
    asm volatile("ld.global.u16 %0, [%1];" : "=h"(v) : "l"((const unsigned short *)in + tid) : "memory");
    out[gtid] = v;
}
extern "C" __global__ void k2_gld32_half(unsigned *out, const unsigned *in) {
    unsigned tid = threadIdx.x, gtid = blockIdx.x * blockDim.x + tid, v = 0, c = (tid & 31) < 16;
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %2, 0;\n\t"
                 "@p ld.global.u32 %0, [%1];\n\t}" : "+r"(v) : "l"(in + tid), "r"(c) : "memory");
    out[gtid] = v;
}
extern "C" __global__ void k2_gld32_generic(unsigned *out, const unsigned *in) {
    unsigned tid = threadIdx.x, gtid = blockIdx.x * blockDim.x + tid, v;
    asm volatile("ld.u32 %0, [%1];" : "=r"(v) : "l"(in + 2 * tid) : "memory");
    out[gtid] = v;
}
extern "C" __global__ void k2_gst8_s1(unsigned *out, const unsigned *in) {
    unsigned tid = threadIdx.x;
    asm volatile("st.global.u8 [%0], %1;" ::"l"((unsigned char *)out + tid), "h"((unsigned short)tid) : "memory");
}
