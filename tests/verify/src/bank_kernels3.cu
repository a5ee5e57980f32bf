// bank_kernels3.cu — the third set of calibration kernels: stmatrix (STSM) and wmma.load /
// wmma.store on shared memory, measured with Nsight Compute on an H200
// (scripts/ncu_calibrate.sh); same conventions as bank_kernels.cu (inline PTX, one CTA of two
// warps, each thread finally stores one word to out[global thread index]).
//
//   nvcc -ptx -arch=sm_90 -O3 bank_kernels3.cu -o ../bank_kernels3.sm_90.ptx
//
// stmatrix: lanes 8i..8i+7 give the addresses of the 8 rows (16 bytes each) of matrix i; ROW is
// the row's byte offset from the warp's region, as a function of r = lane & 7 and i = lane >> 3.
// Each warp writes its own 8 KiB region (warp 0 at 0, warp 1 at 8192).
// wmma: each warp loads or stores one fragment at the start of its own 4 KiB region with the
// leading dimension LDM (elements); the values stored are lane-dependent.

#include "bank_macros.cuh"

#define STM_REGION 8192u

#define STM(name, NUM, TRANS, ROW)                                                              \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {                       \
        PROLOGUE;                                                                               \
        unsigned r = lane & 7u, i = lane >> 3;                                                  \
        (void)r, (void)i;                                                                       \
        unsigned a = base + STM_REGION * warp + (ROW);                                          \
        STM_ASM_##NUM(TRANS);                                                                   \
        out[gtid] = a;                                                                          \
    }
#define STM_ASM_1(T)                                                                            \
    asm volatile("stmatrix.sync.aligned.m8n8.x1" T ".shared.b16 [%0], {%1};" ::"r"(a), "r"(tid) \
                 : "memory")
#define STM_ASM_2(T)                                                                            \
    asm volatile("stmatrix.sync.aligned.m8n8.x2" T ".shared.b16 [%0], {%1, %2};" ::"r"(a),      \
                 "r"(tid), "r"(lane) : "memory")
#define STM_ASM_4(T)                                                                            \
    asm volatile("stmatrix.sync.aligned.m8n8.x4" T ".shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(a), \
                 "r"(tid), "r"(lane), "r"(warp), "r"(a) : "memory")

// ---- stmatrix: row pitches (matrices stacked 8 rows apart) -------------------------------------
STM(k3_stm_x1_p16, 1, "", 16 * r)                    // 128 contiguous bytes: 1 wavefront
STM(k3_stm_x2_p16, 2, "", 16 * (8 * i + r))          // 2
STM(k3_stm_x4_p16, 4, "", 16 * (8 * i + r))          // 4
STM(k3_stm_x4_p32, 4, "", 32 * (8 * i + r))          // rows r, r+4 share banks: 2-way
STM(k3_stm_x4_p64, 4, "", 64 * (8 * i + r))          // 4-way
STM(k3_stm_x4_p128, 4, "", 128 * (8 * i + r))        // 8-way: a 64-element f16 tile row
STM(k3_stm_x4_p256, 4, "", 256 * (8 * i + r))        // 8-way
STM(k3_stm_x4_p144, 4, "", 144 * (8 * i + r))        // padded 128 + 16: conflict-free
STM(k3_stm_x4_p80, 4, "", 80 * (8 * i + r))          // 64 + 16: conflict-free
STM(k3_stm_x4_p48, 4, "", 48 * (8 * i + r))          // conflict-free
STM(k3_stm_x2_p128, 2, "", 128 * (8 * i + r))        // 8-way
STM(k3_stm_x1_p64, 1, "", 64 * r)                    // 4-way
STM(k3_stm_x4_swz, 4, "", 128 * (8 * i + r) + 16 * (r ^ i))   // XOR swizzle of a 128-byte row
STM(k3_stm_x4_mat2k, 4, "", 2048 * i + 16 * r)       // matrices 2 KiB apart: same banks
STM(k3_stm_x4_cols, 4, "", 16 * i + 64 * r)          // matrix i = column block i of 64-byte rows
STM(k3_stm_x4_same, 4, "", 16 * r)                   // four matrices to the same 128 bytes
STM(k3_stm_x4_off64, 4, "", 64 + 16 * (8 * i + r))   // contiguous, starting mid-line
// lanes that give no address (8-31 for .x1, 16-31 for .x2) point at conflicting rows
STM(k3_stm_x1_junk, 1, "", (lane < 8 ? 16 * r : 128 * lane))
STM(k3_stm_x2_junk, 2, "", (lane < 16 ? 16 * (8 * i + r) : 256 * lane))
// ---- .trans ------------------------------------------------------------------------------------
STM(k3_stm_x1_trans_p16, 1, ".trans", 16 * r)
STM(k3_stm_x4_trans_p16, 4, ".trans", 16 * (8 * i + r))
STM(k3_stm_x4_trans_p128, 4, ".trans", 128 * (8 * i + r))
STM(k3_stm_x2_trans_p144, 2, ".trans", 144 * (8 * i + r))
// ---- only warp 0 stores (warp-uniform condition) -----------------------------------------------
extern "C" __global__ void k3_stm_x4_warp0(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned r = lane & 7u, i = lane >> 3;
    unsigned a = base + 32 * (8 * i + r);
    if (warp == 0) STM_ASM_4("");
    out[gtid] = a;
}

// ---- wmma.load / wmma.store on shared memory ---------------------------------------------------
#define WM_REGION 4096u
#define R8 "{%0, %1, %2, %3, %4, %5, %6, %7}"
#define R4 "{%0, %1, %2, %3}"
#define O8(t) "=" t(x[0]), "=" t(x[1]), "=" t(x[2]), "=" t(x[3]), "=" t(x[4]), "=" t(x[5]), \
              "=" t(x[6]), "=" t(x[7])
#define O4(t) "=" t(x[0]), "=" t(x[1]), "=" t(x[2]), "=" t(x[3])

__device__ __forceinline__ unsigned bits(unsigned v) { return v; }
__device__ __forceinline__ unsigned bits(float v) { return __float_as_uint(v); }
__device__ __forceinline__ void val(unsigned &d, unsigned v) { d = v; }
__device__ __forceinline__ void val(float &d, unsigned v) { d = __uint_as_float(v); }

// a load of 8 registers (f16 A/B: CT unsigned, T "r"; f32 C: float, "f")
#define WLD8(name, MNEMONIC, CT, T, LDM)                                                        \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {                       \
        PROLOGUE;                                                                               \
        unsigned a = base + WM_REGION * warp;                                                   \
        CT x[8];                                                                                \
        asm volatile(MNEMONIC " " R8 ", [%8], %9;" : O8(T) : "r"(a), "r"(LDM) : "memory");     \
        out[gtid] = bits(x[0]) ^ bits(x[1]) ^ bits(x[2]) ^ bits(x[3]) ^ bits(x[4]) ^           \
                    bits(x[5]) ^ bits(x[6]) ^ bits(x[7]);                                       \
    }
#define WLD4(name, MNEMONIC, CT, T, LDM)                                                        \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {                       \
        PROLOGUE;                                                                               \
        unsigned a = base + WM_REGION * warp;                                                   \
        CT x[4];                                                                                \
        asm volatile(MNEMONIC " " R4 ", [%4], %5;" : O4(T) : "r"(a), "r"(LDM) : "memory");     \
        out[gtid] = bits(x[0]) ^ bits(x[1]) ^ bits(x[2]) ^ bits(x[3]);                          \
    }
#define WST8(name, MNEMONIC, CT, T, LDM)                                                        \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {                       \
        PROLOGUE;                                                                               \
        unsigned a = base + WM_REGION * warp;                                                   \
        CT x[8];                                                                                \
        for (int k = 0; k < 8; k++) val(x[k], tid * 8u + k);                                    \
        asm volatile(MNEMONIC " [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;" ::"r"(a),         \
                     T(x[0]), T(x[1]), T(x[2]), T(x[3]), T(x[4]), T(x[5]), T(x[6]), T(x[7]),    \
                     "r"(LDM) : "memory");                                                      \
        out[gtid] = a;                                                                          \
    }
#define WST4(name, MNEMONIC, LDM)                                                               \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {                       \
        PROLOGUE;                                                                               \
        unsigned a = base + WM_REGION * warp;                                                   \
        asm volatile(MNEMONIC " [%0], {%1, %2, %3, %4}, %5;" ::"r"(a), "r"(tid), "r"(lane),     \
                     "r"(warp), "r"(a), "r"(LDM) : "memory");                                   \
        out[gtid] = a;                                                                          \
    }
#define F16(op, frag, lay, shape) "wmma." op "." frag ".sync.aligned." lay "." shape ".shared.f16"
#define F32(op, frag, lay, shape) "wmma." op "." frag ".sync.aligned." lay "." shape ".shared.f32"

WLD8(k3_wld_a_row_16, F16("load", "a", "row", "m16n16k16"), unsigned, "r", 16)
WLD8(k3_wld_a_row_24, F16("load", "a", "row", "m16n16k16"), unsigned, "r", 24)
WLD8(k3_wld_a_row_64, F16("load", "a", "row", "m16n16k16"), unsigned, "r", 64)
WLD8(k3_wld_a_col_16, F16("load", "a", "col", "m16n16k16"), unsigned, "r", 16)
WLD8(k3_wld_b_row_16, F16("load", "b", "row", "m16n16k16"), unsigned, "r", 16)
WLD8(k3_wld_b_col_24, F16("load", "b", "col", "m16n16k16"), unsigned, "r", 24)
WLD8(k3_wld_a_row_m32_16, F16("load", "a", "row", "m32n8k16"), unsigned, "r", 16)
WLD4(k3_wld_c16_row_16, F16("load", "c", "row", "m16n16k16"), unsigned, "r", 16)
WLD8(k3_wld_c32_row_16, F32("load", "c", "row", "m16n16k16"), float, "f", 16)
WLD8(k3_wld_c32_row_20, F32("load", "c", "row", "m16n16k16"), float, "f", 20)
WLD8(k3_wld_c32_col_16, F32("load", "c", "col", "m16n16k16"), float, "f", 16)
WST8(k3_wst_d32_row_16, F32("store", "d", "row", "m16n16k16"), float, "f", 16)
WST8(k3_wst_d32_row_20, F32("store", "d", "row", "m16n16k16"), float, "f", 20)
WST8(k3_wst_d32_col_16, F32("store", "d", "col", "m16n16k16"), float, "f", 16)
WST4(k3_wst_d16_row_16, F16("store", "d", "row", "m16n16k16"), 16)
WST4(k3_wst_d16_row_24, F16("store", "d", "row", "m16n16k16"), 24)

// ---- ldmatrix row pitches (LDSM; lanes as for stmatrix) ----------------------------------------
#define LDM(name, NUM, TRANS, ROW)                                                              \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {                       \
        PROLOGUE;                                                                               \
        unsigned r = lane & 7u, i = lane >> 3;                                                  \
        (void)r, (void)i;                                                                       \
        unsigned a = base + STM_REGION * warp + (ROW), x0 = 0, x1 = 0, x2 = 0, x3 = 0;          \
        LDM_ASM_##NUM(TRANS);                                                                   \
        out[gtid] = x0 ^ x1 ^ x2 ^ x3;                                                          \
    }
#define LDM_ASM_1(T)                                                                            \
    asm volatile("ldmatrix.sync.aligned.m8n8.x1" T ".shared.b16 {%0}, [%1];" : "=r"(x0) : "r"(a) \
                 : "memory")
#define LDM_ASM_4(T)                                                                            \
    asm volatile("ldmatrix.sync.aligned.m8n8.x4" T ".shared.b16 {%0, %1, %2, %3}, [%4];"        \
                 : "=r"(x0), "=r"(x1), "=r"(x2), "=r"(x3) : "r"(a) : "memory")
LDM(k3_ldm_x4_p16, 4, "", 16 * (8 * i + r))
LDM(k3_ldm_x4_p64, 4, "", 64 * (8 * i + r))
LDM(k3_ldm_x4_p128, 4, "", 128 * (8 * i + r))
LDM(k3_ldm_x4_p144, 4, "", 144 * (8 * i + r))
LDM(k3_ldm_x4_trans_p128, 4, ".trans", 128 * (8 * i + r))
LDM(k3_ldm_x1_p32, 1, "", 32 * r)
LDM(k3_ldm_x4_swz, 4, "", 128 * (8 * i + r) + 16 * (r ^ i))
