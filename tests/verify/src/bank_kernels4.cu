// bank_kernels4.cu — wmma.load / wmma.store fragments on shared memory that bank_kernels3.cu
// does not cover (bf16, tf32, s8, s32, f64, m8n32k16, f16 column layout), measured with Nsight
// Compute on an H200 (scripts/ncu_calibrate.sh); same conventions as bank_kernels3.cu.
//
//   nvcc -ptx -arch=sm_90 -O3 bank_kernels4.cu -o ../bank_kernels4.sm_90.ptx

#include "bank_macros.cuh"

#define WM_REGION 4096u

// a load of N .b32 registers; MNEMONIC is the full wmma.load mnemonic, REGS its register list
#define WLDN(name, MNEMONIC, N, REGS, LDM)                                                      \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {                       \
        PROLOGUE;                                                                               \
        unsigned a = base + WM_REGION * warp, x[8] = {0, 0, 0, 0, 0, 0, 0, 0};                  \
        WASM_##N(MNEMONIC, REGS, LDM);                                                          \
        out[gtid] = x[0] ^ x[1] ^ x[2] ^ x[3] ^ x[4] ^ x[5] ^ x[6] ^ x[7];                      \
    }
#define WASM_2(M, R, LDM) asm volatile(M " {%0, %1}, [%2], %3;" : "=r"(x[0]), "=r"(x[1]) : "r"(a), "r"(LDM) : "memory")
#define WASM_4(M, R, LDM)                                                                       \
    asm volatile(M " {%0, %1, %2, %3}, [%4], %5;"                                               \
                 : "=r"(x[0]), "=r"(x[1]), "=r"(x[2]), "=r"(x[3]) : "r"(a), "r"(LDM) : "memory")
#define WASM_8(M, R, LDM)                                                                       \
    asm volatile(M " {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"                               \
                 : "=r"(x[0]), "=r"(x[1]), "=r"(x[2]), "=r"(x[3]), "=r"(x[4]), "=r"(x[5]),     \
                   "=r"(x[6]), "=r"(x[7]) : "r"(a), "r"(LDM) : "memory")

#define L(frag, lay, shape, type) "wmma.load." frag ".sync.aligned." lay "." shape ".shared." type

WLDN(k4_wld_a_bf16_row_16, L("a", "row", "m16n16k16", "bf16"), 4, , 16)
WLDN(k4_wld_a_bf16_col_16, L("a", "col", "m16n16k16", "bf16"), 4, , 16)
WLDN(k4_wld_a_tf32_row_8, L("a", "row", "m16n16k8", "tf32"), 4, , 8)
WLDN(k4_wld_a_tf32_col_16, L("a", "col", "m16n16k8", "tf32"), 4, , 16)
WLDN(k4_wld_b_tf32_row_16, L("b", "row", "m16n16k8", "tf32"), 4, , 16)
WLDN(k4_wld_a_s8_row_16, L("a", "row", "m16n16k16", "s8"), 2, , 16)
WLDN(k4_wld_b_s8_col_32, L("b", "col", "m16n16k16", "s8"), 2, , 32)
WLDN(k4_wld_c_s32_row_16, L("c", "row", "m16n16k16", "s32"), 8, , 16)
WLDN(k4_wld_a_m8n32_row_16, L("a", "row", "m8n32k16", "f16"), 8, , 16)
WLDN(k4_wld_c16_col_16, L("c", "col", "m16n16k16", "f16"), 4, , 16)

// f64 (m8n8k4): A and B one .f64 register, C two
extern "C" __global__ void k4_wld_a_f64_row_4(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned a = base + WM_REGION * warp;
    double x;
    asm volatile("wmma.load.a.sync.aligned.row.m8n8k4.shared.f64 {%0}, [%1], %2;" : "=d"(x) : "r"(a), "r"(4) : "memory");
    out[gtid] = (unsigned)__double_as_longlong(x);
}
extern "C" __global__ void k4_wld_b_f64_col_4(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned a = base + WM_REGION * warp;
    double x;
    asm volatile("wmma.load.b.sync.aligned.col.m8n8k4.shared.f64 {%0}, [%1], %2;" : "=d"(x) : "r"(a), "r"(4) : "memory");
    out[gtid] = (unsigned)__double_as_longlong(x);
}
extern "C" __global__ void k4_wld_c_f64_row_8(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned a = base + WM_REGION * warp;
    double x, y;
    asm volatile("wmma.load.c.sync.aligned.row.m8n8k4.shared.f64 {%0, %1}, [%2], %3;" : "=d"(x), "=d"(y) : "r"(a), "r"(8) : "memory");
    out[gtid] = (unsigned)__double_as_longlong(x + y);
}
extern "C" __global__ void k4_wst_d_f64_row_8(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned a = base + WM_REGION * warp;
    double x = tid, y = tid + 1;
    asm volatile("wmma.store.d.sync.aligned.row.m8n8k4.shared.f64 [%0], {%1, %2}, %3;" ::"r"(a), "d"(x), "d"(y), "r"(8) : "memory");
    out[gtid] = a;
}
// s32 and f16 column stores
extern "C" __global__ void k4_wst_d_s32_row_16(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned a = base + WM_REGION * warp;
    asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.shared.s32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;" ::"r"(a),
                 "r"(tid), "r"(lane), "r"(warp), "r"(a), "r"(tid + 1), "r"(tid + 2), "r"(tid + 3), "r"(tid + 4), "r"(16) : "memory");
    out[gtid] = a;
}
extern "C" __global__ void k4_wst_d16_col_16(unsigned *out, const unsigned *in) {
    PROLOGUE;
    unsigned a = base + WM_REGION * warp;
    asm volatile("wmma.store.d.sync.aligned.col.m16n16k16.shared.f16 [%0], {%1, %2, %3, %4}, %5;" ::"r"(a),
                 "r"(tid), "r"(lane), "r"(warp), "r"(a), "r"(16) : "memory");
    out[gtid] = a;
}
