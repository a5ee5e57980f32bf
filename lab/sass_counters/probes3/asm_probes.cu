// asm_probes.cu — a third held-out set for sim/sass_merge.c: shared loads mixing .u32 and
// .v2.u32 inside one 16-byte window, and fresh cases of the widening rule (three or more 32-bit
// words inside one aligned 16-byte window), written as inline PTX so that only ptxas may merge
// (lab/sass_counters/README.md). ptxsim's predictions (check --counters sass) were written to
// predictions.txt before ncu measured the kernels on the H200.
//   nvcc -ptx -arch=sm_90 -O3 asm_probes.cu -o asm_probes.sm_90.ptx
#define K(name) extern "C" __global__ void name(unsigned *out, const unsigned *in)
#define PRO(WIN, OFF)                                                                              \
    __shared__ __align__(16) unsigned smem[4096];                                                  \
    for (unsigned i = threadIdx.x; i < 4096; i += blockDim.x) smem[i] = in[i & 1023] + i;         \
    __syncthreads();                                                                               \
    unsigned t = threadIdx.x, a = (unsigned)__cvta_generic_to_shared(smem) + t * (WIN) + (OFF);   \
    unsigned x0 = 0, x1 = 0, x2 = 0, x3 = 0
#define OUT out[t] = x0 ^ (x1 << 1) ^ (x2 << 2) ^ (x3 << 3)
#define R3 "=r"(x0), "=r"(x1), "=r"(x2)
#define R4 "=r"(x0), "=r"(x1), "=r"(x2), "=r"(x3)

// mixed widths: a .v2.u32 and a .u32 inside one 16-byte-aligned window
K(m_v2_0_u32_8) { PRO(16, 0);
    asm volatile("ld.shared.v2.u32 {%0, %1}, [%3]; ld.shared.u32 %2, [%3+8];" : R3 : "r"(a) : "memory"); OUT; }
K(m_u32_0_v2_8) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%3]; ld.shared.v2.u32 {%1, %2}, [%3+8];" : R3 : "r"(a) : "memory"); OUT; }
K(m_u32_4_v2_8) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%3+4]; ld.shared.v2.u32 {%1, %2}, [%3+8];" : R3 : "r"(a) : "memory"); OUT; }
K(m_v2_0_u32_12) { PRO(16, 0);
    asm volatile("ld.shared.v2.u32 {%0, %1}, [%3]; ld.shared.u32 %2, [%3+12];" : R3 : "r"(a) : "memory"); OUT; }
K(m_v2_8_u32_0) { PRO(16, 0);
    asm volatile("ld.shared.v2.u32 {%0, %1}, [%3+8]; ld.shared.u32 %2, [%3];" : R3 : "r"(a) : "memory"); OUT; }
K(m_v2_v2_u32_win32) { PRO(32, 0); // v2 [0], v2 [8], u32 [16]: one full window and a word of the next
    unsigned x4;
    asm volatile("ld.shared.v2.u32 {%0, %1}, [%5]; ld.shared.v2.u32 {%2, %3}, [%5+8]; ld.shared.u32 %4, [%5+16];" : R4, "=r"(x4) : "r"(a) : "memory");
    x0 ^= x4; OUT; }
K(m_u32_v2_base8) { PRO(8, 0); // the window is only 8-byte aligned
    asm volatile("ld.shared.u32 %0, [%3+4]; ld.shared.v2.u32 {%1, %2}, [%3+8];" : R3 : "r"(a) : "memory"); OUT; }
K(m_u32_12_v2_16) { PRO(32, 0); // the .u32 ends one window, the .v2 starts the next
    asm volatile("ld.shared.u32 %0, [%3+12]; ld.shared.v2.u32 {%1, %2}, [%3+16];" : R3 : "r"(a) : "memory"); OUT; }

// the widening rule, fresh cases (.u32 only)
K(w_ld3_0_4_12) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%3]; ld.shared.u32 %1, [%3+4]; ld.shared.u32 %2, [%3+12];" : R3 : "r"(a) : "memory"); OUT; }
K(w_ld3_0_8_12) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%3]; ld.shared.u32 %1, [%3+8]; ld.shared.u32 %2, [%3+12];" : R3 : "r"(a) : "memory"); OUT; }
K(w_ld3_base8) { PRO(8, 0); // only 8-byte aligned: no 16-byte window is provable
    asm volatile("ld.shared.u32 %0, [%3]; ld.shared.u32 %1, [%3+4]; ld.shared.u32 %2, [%3+8];" : R3 : "r"(a) : "memory"); OUT; }
K(w_ld5_at0) { PRO(32, 0);
    unsigned x4;
    asm volatile("ld.shared.u32 %0, [%5]; ld.shared.u32 %1, [%5+4]; ld.shared.u32 %2, [%5+8]; ld.shared.u32 %3, [%5+12]; ld.shared.u32 %4, [%5+16];"
                 : R4, "=r"(x4) : "r"(a) : "memory");
    x0 ^= x4; OUT; }
K(w_ld6_at8) { PRO(32, 0);
    unsigned x4, x5;
    asm volatile("ld.shared.u32 %0, [%6+8]; ld.shared.u32 %1, [%6+12]; ld.shared.u32 %2, [%6+16]; ld.shared.u32 %3, [%6+20]; ld.shared.u32 %4, [%6+24]; ld.shared.u32 %5, [%6+28];"
                 : R4, "=r"(x4), "=r"(x5) : "r"(a) : "memory");
    x0 ^= x4, x1 ^= x5; OUT; }
K(w_ld3_across) { PRO(32, 0); // [8], [12], [16]: two words in one window, one in the next
    asm volatile("ld.shared.u32 %0, [%3+8]; ld.shared.u32 %1, [%3+12]; ld.shared.u32 %2, [%3+16];" : R3 : "r"(a) : "memory"); OUT; }
K(w_ld3_reversed_gap) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%3+12]; ld.shared.u32 %1, [%3+4]; ld.shared.u32 %2, [%3];" : R3 : "r"(a) : "memory"); OUT; }
K(w_ld3_guarded) { PRO(16, 0); // the same guard on all three
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %4, 7; @p ld.shared.u32 %0, [%3]; @p ld.shared.u32 %1, [%3+4]; @p ld.shared.u32 %2, [%3+8]; }"
                 : "+r"(x0), "+r"(x1), "+r"(x2) : "r"(a), "r"(t) : "memory"); OUT; }
K(w_ld3_store_between) { PRO(16, 0); // a shared store after the second word
    asm volatile("ld.shared.u32 %0, [%3]; ld.shared.u32 %1, [%3+4]; st.shared.u32 [%3+2048], %0; ld.shared.u32 %2, [%3+8];" : R3 : "r"(a) : "memory"); OUT; }
K(w_st3_gap) { PRO(16, 0); // stores never widen: [0], [4], [12]
    asm volatile("st.shared.u32 [%0], %1; st.shared.u32 [%0+4], %1; st.shared.u32 [%0+12], %1;" :: "r"(a), "r"(t) : "memory");
    __syncthreads(); x0 = smem[(t * 7) & 4095]; OUT; }
