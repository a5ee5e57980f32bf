// bank_macros.cuh — kernel templates shared by bank_kernels.cu and bank_kernels2.cu: each
// expands to one extern "C" kernel (unsigned *out, const unsigned *in) whose access under test is
// one inline-PTX instruction. See bank_kernels.cu.
#pragma once

#define SHARED_WORDS 4096

#define PROLOGUE                                                                 \
    __shared__ __align__(16) unsigned smem[SHARED_WORDS];                        \
    unsigned tid = threadIdx.x, lane = tid & 31u, warp = tid >> 5;               \
    unsigned gtid = blockIdx.x * blockDim.x + tid;                               \
    unsigned base = (unsigned)__cvta_generic_to_shared(smem);                    \
    (void)lane, (void)warp, (void)in

#define LD32(name, OFF)                                                          \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned v, a = base + (OFF);                                            \
        asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");   \
        out[gtid] = v;                                                           \
    }

#define LD16(name, OFF)                                                          \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned v, a = base + (OFF);                                            \
        asm volatile("ld.shared.u16 %0, [%1];" : "=r"(v) : "r"(a) : "memory");   \
        out[gtid] = v;                                                           \
    }

#define LD8(name, OFF)                                                           \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned v, a = base + (OFF);                                            \
        asm volatile("ld.shared.u8 %0, [%1];" : "=r"(v) : "r"(a) : "memory");    \
        out[gtid] = v;                                                           \
    }

#define LD64(name, OFF)                                                          \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned long long v;                                                    \
        unsigned a = base + (OFF);                                               \
        asm volatile("ld.shared.u64 %0, [%1];" : "=l"(v) : "r"(a) : "memory");   \
        out[gtid] = (unsigned)v ^ (unsigned)(v >> 32);                           \
    }

#define LD64V(name, OFF)                                                         \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned x, y, a = base + (OFF);                                         \
        asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];"                          \
                     : "=r"(x), "=r"(y) : "r"(a) : "memory");                    \
        out[gtid] = x ^ y;                                                       \
    }

#define LD128(name, OFF)                                                         \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned x, y, z, t, a = base + (OFF);                                   \
        asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"                  \
                     : "=r"(x), "=r"(y), "=r"(z), "=r"(t) : "r"(a) : "memory");  \
        out[gtid] = x ^ y ^ z ^ t;                                               \
    }

#define LD32P(name, OFF, COND)                                                   \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned v = 0, a = base + (OFF), c = (COND) ? 1u : 0u;                  \
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %2, 0;\n\t"           \
                     "@p ld.shared.u32 %0, [%1];\n\t}"                           \
                     : "+r"(v) : "r"(a), "r"(c) : "memory");                     \
        out[gtid] = v;                                                           \
    }

#define LD64P(name, OFF, COND)                                                   \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned x = 0, y = 0, a = base + (OFF), c = (COND) ? 1u : 0u;           \
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %3, 0;\n\t"           \
                     "@p ld.shared.v2.u32 {%0, %1}, [%2];\n\t}"                  \
                     : "+r"(x), "+r"(y) : "r"(a), "r"(c) : "memory");            \
        out[gtid] = x ^ y;                                                       \
    }

#define LD128P(name, OFF, COND)                                                  \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned x = 0, y = 0, z = 0, t = 0, a = base + (OFF), c = (COND) ? 1u : 0u; \
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %5, 0;\n\t"           \
                     "@p ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];\n\t}"          \
                     : "+r"(x), "+r"(y), "+r"(z), "+r"(t) : "r"(a), "r"(c)       \
                     : "memory");                                                \
        out[gtid] = x ^ y ^ z ^ t;                                               \
    }

#define LDGEN32(name, OFF)                                                       \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned v;                                                              \
        const char *p = (const char *)smem + (OFF);                              \
        asm volatile("ld.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");          \
        out[gtid] = v;                                                           \
    }

#define ST32(name, OFF)                                                          \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned a = base + (OFF);                                               \
        asm volatile("st.shared.u32 [%0], %1;" ::"r"(a), "r"(tid) : "memory");   \
        out[gtid] = a;                                                           \
    }

#define ST8(name, OFF)                                                           \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned a = base + (OFF);                                               \
        asm volatile("st.shared.u8 [%0], %1;" ::"r"(a), "r"(tid) : "memory");    \
        out[gtid] = a;                                                           \
    }

#define ST16(name, OFF)                                                          \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned a = base + (OFF);                                               \
        asm volatile("st.shared.u16 [%0], %1;" ::"r"(a), "r"(tid) : "memory");   \
        out[gtid] = a;                                                           \
    }

#define ST64(name, OFF)                                                          \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned a = base + (OFF);                                               \
        asm volatile("st.shared.v2.u32 [%0], {%1, %2};" ::"r"(a), "r"(tid),      \
                     "r"(lane) : "memory");                                      \
        out[gtid] = a;                                                           \
    }

#define ST128(name, OFF)                                                         \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned a = base + (OFF);                                               \
        asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(a),        \
                     "r"(tid), "r"(lane), "r"(warp), "r"(a) : "memory");         \
        out[gtid] = a;                                                           \
    }

#define ATOM32(name, OFF)                                                        \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned v, a = base + (OFF);                                            \
        asm volatile("atom.shared.add.u32 %0, [%1], %2;"                         \
                     : "=r"(v) : "r"(a), "r"(1u) : "memory");                    \
        out[gtid] = v;                                                           \
    }

#define RED32(name, OFF)                                                         \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned a = base + (OFF);                                               \
        asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(a), "r"(1u) : "memory"); \
        out[gtid] = a;                                                           \
    }

#define CAS32(name, OFF)                                                         \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        PROLOGUE;                                                                \
        unsigned v, a = base + (OFF);                                            \
        asm volatile("atom.shared.cas.b32 %0, [%1], %2, %3;"                     \
                     : "=r"(v) : "r"(a), "r"(0u), "r"(tid) : "memory");          \
        out[gtid] = v;                                                           \
    }

#define TRANSPOSE(name, PITCH)                                                   \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        __shared__ unsigned tile[32][PITCH];                                     \
        unsigned x = threadIdx.x, y = threadIdx.y;                               \
        _Pragma("unroll") for (unsigned j = 0; j < 32; j += 8)                   \
            tile[y + j][x] = in[(y + j) * 32 + x];                               \
        __syncthreads();                                                         \
        _Pragma("unroll") for (unsigned j = 0; j < 32; j += 8)                   \
            out[(y + j) * 32 + x] = tile[x][y + j];                              \
    }

#define GLD32(name, IDX)                                                         \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        unsigned tid = threadIdx.x, lane = tid & 31u;                            \
        unsigned gtid = blockIdx.x * blockDim.x + tid;                           \
        (void)lane;                                                              \
        unsigned v;                                                              \
        asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(in + (IDX)) : "memory"); \
        out[gtid] = v;                                                           \
    }

#define GLD8(name, IDX)                                                          \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        unsigned tid = threadIdx.x, gtid = blockIdx.x * blockDim.x + tid;       \
        unsigned v;                                                              \
        asm volatile("ld.global.u8 %0, [%1];"                                    \
                     : "=r"(v) : "l"((const char *)in + (IDX)) : "memory");      \
        out[gtid] = v;                                                           \
    }

#define GLD64(name, IDX)                                                         \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        unsigned tid = threadIdx.x, gtid = blockIdx.x * blockDim.x + tid;       \
        unsigned x, y;                                                           \
        asm volatile("ld.global.v2.u32 {%0, %1}, [%2];"                          \
                     : "=r"(x), "=r"(y) : "l"(in + (IDX)) : "memory");           \
        out[gtid] = x ^ y;                                                       \
    }

#define GLD128(name, IDX)                                                        \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        unsigned tid = threadIdx.x, gtid = blockIdx.x * blockDim.x + tid;       \
        unsigned x, y, z, t;                                                     \
        asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];"                  \
                     : "=r"(x), "=r"(y), "=r"(z), "=r"(t) : "l"(in + (IDX))      \
                     : "memory");                                                \
        out[gtid] = x ^ y ^ z ^ t;                                               \
    }

#define GST32(name, IDX)                                                         \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        unsigned tid = threadIdx.x;                                              \
        asm volatile("st.global.u32 [%0], %1;" ::"l"(out + (IDX)), "r"(tid) : "memory"); \
    }

#define GST128(name, IDX)                                                        \
    extern "C" __global__ void name(unsigned *out, const unsigned *in) {        \
        unsigned tid = threadIdx.x;                                              \
        asm volatile("st.global.v4.u32 [%0], {%1, %1, %1, %1};"                  \
                     ::"l"(out + (IDX)), "r"(tid) : "memory");                   \
    }
