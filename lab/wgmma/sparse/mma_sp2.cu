// mma_sp2.cu — H200 probe of warp-level mma.sp.sync, second round (hand-written; buffers as in
// mma_sp.cu): 0 m16n8k64 e5m2 (.f32), 1 m16n8k32 f16 with .f16 accumulators, 2 m16n8k16 f16 with
// .f16 accumulators (selector 1), 3 m16n8k32 bf16 ::ordered_metadata selector 1.
#include <stdint.h>
extern "C" __global__ void __launch_bounds__(128) mma_sp2(const unsigned *__restrict__ in,
        const unsigned *__restrict__ var, unsigned *__restrict__ out) {
    const unsigned *t = in + blockIdx.x * 1280;
    unsigned tid = threadIdx.x, l = tid % 32;
    unsigned a0 = t[tid * 4], a1 = t[tid * 4 + 1], a2 = t[tid * 4 + 2], a3 = t[tid * 4 + 3];
    unsigned b0 = t[1152 + 4 * l], b1 = t[1152 + 4 * l + 1], b2 = t[1152 + 4 * l + 2], b3 = t[1152 + 4 * l + 3];
    unsigned m = t[512 + tid];
    unsigned d0 = t[640 + tid * 4], d1 = t[640 + tid * 4 + 1], d2 = t[640 + tid * 4 + 2],
             d3 = t[640 + tid * 4 + 3];
    switch (var[blockIdx.x] & 255u) {
    case 0: {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k64.row.col.f32.e5m2.e5m2.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%0, %1, %2, %3}, %12, 0;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    case 1:
        asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7, %8, %9}, {%0, %1}, %10, 0;\n"
            : "+r"(d0), "+r"(d1)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        break;
    case 2:
        asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4, %5}, {%0, %1}, %6, 1;\n"
            : "+r"(d0), "+r"(d1)
            : "r"(a0), "r"(a1), "r"(b0), "r"(b1), "r"(m));
        break;
    case 3: {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%0, %1, %2, %3}, %12, 1;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    }
    out[blockIdx.x * 512 + tid * 4] = d0; out[blockIdx.x * 512 + tid * 4 + 1] = d1;
    out[blockIdx.x * 512 + tid * 4 + 2] = d2; out[blockIdx.x * 512 + tid * 4 + 3] = d3;
}
