// asm_probes.cu — held-out probes for sim/sass_merge.c written as inline PTX, so that the PTX
// holds the scalar accesses as written (nvcc cannot vectorise them) and only ptxas may merge
// (lab/sass_counters/README.md). Each thread's window starts at a 16- or 32-byte-aligned offset
// from an __align__(16) array (WIN); OFF moves it. ptxsim's predictions (check --counters sass)
// were written to predictions.txt before ncu measured the kernels on the H200.
//   nvcc -ptx -arch=sm_90 -O3 asm_probes.cu -o asm_probes.sm_90.ptx
#define K(name) extern "C" __global__ void name(unsigned *out, const unsigned *in)
#define PRO(WIN, OFF)                                                                              \
    __shared__ __align__(16) unsigned smem[4096];                                                  \
    for (unsigned i = threadIdx.x; i < 4096; i += blockDim.x) smem[i] = in[i & 1023] + i;         \
    __syncthreads();                                                                               \
    unsigned t = threadIdx.x, a = (unsigned)__cvta_generic_to_shared(smem) + t * (WIN) + (OFF);   \
    unsigned x0 = 0, x1 = 0, x2 = 0, x3 = 0
#define OUT out[t] = x0 ^ (x1 << 1) ^ (x2 << 2) ^ (x3 << 3)
#define R4 "=r"(x0), "=r"(x1), "=r"(x2), "=r"(x3)

K(a_ld4_at0) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%4]; ld.shared.u32 %1, [%4+4]; ld.shared.u32 %2, [%4+8]; ld.shared.u32 %3, [%4+12];" : R4 : "r"(a) : "memory"); OUT; }
K(a_ld2_at0) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%2]; ld.shared.u32 %1, [%2+4];" : "=r"(x0), "=r"(x1) : "r"(a) : "memory"); OUT; }
K(a_ld2_at4) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%2+4]; ld.shared.u32 %1, [%2+8];" : "=r"(x0), "=r"(x1) : "r"(a) : "memory"); OUT; }
K(a_ld3_at0) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%3]; ld.shared.u32 %1, [%3+4]; ld.shared.u32 %2, [%3+8];" : "=r"(x0), "=r"(x1), "=r"(x2) : "r"(a) : "memory"); OUT; }
K(a_ld3_at4) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%3+4]; ld.shared.u32 %1, [%3+8]; ld.shared.u32 %2, [%3+12];" : "=r"(x0), "=r"(x1), "=r"(x2) : "r"(a) : "memory"); OUT; }
K(a_ld4_at4) { PRO(32, 0);
    asm volatile("ld.shared.u32 %0, [%4+4]; ld.shared.u32 %1, [%4+8]; ld.shared.u32 %2, [%4+12]; ld.shared.u32 %3, [%4+16];" : R4 : "r"(a) : "memory"); OUT; }
K(a_ld4_reversed) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%4+12]; ld.shared.u32 %1, [%4+8]; ld.shared.u32 %2, [%4+4]; ld.shared.u32 %3, [%4];" : R4 : "r"(a) : "memory"); OUT; }
K(a_ld_u64_pair) { PRO(16, 0);
    unsigned long long y0, y1;
    asm volatile("ld.shared.u64 %0, [%2]; ld.shared.u64 %1, [%2+8];" : "=l"(y0), "=l"(y1) : "r"(a) : "memory");
    x0 = (unsigned)y0, x1 = (unsigned)(y1 >> 7); OUT; }
K(a_ld_mixed_32_64) { PRO(16, 0);
    unsigned long long y1;
    asm volatile("ld.shared.u32 %0, [%2+4]; ld.shared.u64 %1, [%2+8];" : "=r"(x0), "=l"(y1) : "r"(a) : "memory");
    x1 = (unsigned)(y1 >> 3); OUT; }
K(a_ld2_add_between) { PRO(16, 0);
    asm volatile("{ .reg .b32 q; ld.shared.u32 %0, [%2]; add.u32 q, %0, 1; ld.shared.u32 %1, [%2+4]; }" : "=r"(x0), "=r"(x1) : "r"(a) : "memory"); OUT; }
K(a_ld2_store_between) { PRO(16, 0);
    asm volatile("ld.shared.u32 %0, [%2]; st.shared.u32 [%2+64], %0; ld.shared.u32 %1, [%2+4];" : "=r"(x0), "=r"(x1) : "r"(a) : "memory"); OUT; }
K(a_ld2_base4) { PRO(4, 0); // the window is only 4-byte aligned
    asm volatile("ld.shared.u32 %0, [%2]; ld.shared.u32 %1, [%2+4];" : "=r"(x0), "=r"(x1) : "r"(a) : "memory"); OUT; }
K(a_ld8_at0) { PRO(32, 0);
    unsigned x4, x5, x6, x7;
    asm volatile("ld.shared.u32 %0, [%8]; ld.shared.u32 %1, [%8+4]; ld.shared.u32 %2, [%8+8]; ld.shared.u32 %3, [%8+12];"
                 "ld.shared.u32 %4, [%8+16]; ld.shared.u32 %5, [%8+20]; ld.shared.u32 %6, [%8+24]; ld.shared.u32 %7, [%8+28];"
                 : R4, "=r"(x4), "=r"(x5), "=r"(x6), "=r"(x7) : "r"(a) : "memory");
    x0 ^= x4 + x5, x1 ^= x6 + x7; OUT; }
K(a_st4_at0) { PRO(16, 0);
    asm volatile("st.shared.u32 [%0], %1; st.shared.u32 [%0+4], %1; st.shared.u32 [%0+8], %1; st.shared.u32 [%0+12], %1;" :: "r"(a), "r"(t) : "memory");
    __syncthreads(); x0 = smem[(t * 7) & 4095]; OUT; }
K(a_st2_at4) { PRO(16, 0);
    asm volatile("st.shared.u32 [%0+4], %1; st.shared.u32 [%0+8], %1;" :: "r"(a), "r"(t) : "memory");
    __syncthreads(); x0 = smem[(t * 7) & 4095]; OUT; }
K(a_st3_at0) { PRO(16, 0);
    asm volatile("st.shared.u32 [%0], %1; st.shared.u32 [%0+4], %1; st.shared.u32 [%0+8], %1;" :: "r"(a), "r"(t) : "memory");
    __syncthreads(); x0 = smem[(t * 7) & 4095]; OUT; }
