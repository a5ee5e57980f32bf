// mma_sp.cu — H200 probe of the warp-level sparse mma.sp.sync (written once by a throwaway
// script; edit by hand). Same buffers as wgmma_sp.cu:
// each warp of the CTA runs its own mma.sp with its lanes' A words (4), metadata, C (4 words) and
// B registers from the 128-word image (lane l: words 4l..4l+3, the first nb used).
#include <stdint.h>
extern "C" __global__ void __launch_bounds__(128) mma_sp(const unsigned *__restrict__ in,
        const unsigned *__restrict__ var, unsigned *__restrict__ out) {
    const unsigned *t = in + blockIdx.x * 1280;
    unsigned tid = threadIdx.x, l = tid % 32;
    unsigned a0 = t[tid * 4], a1 = t[tid * 4 + 1], a2 = t[tid * 4 + 2], a3 = t[tid * 4 + 3];
    unsigned b0 = t[1152 + 4 * l], b1 = t[1152 + 4 * l + 1], b2 = t[1152 + 4 * l + 2], b3 = t[1152 + 4 * l + 3];
    unsigned m = t[512 + tid];
    unsigned d0 = t[640 + tid * 4], d1 = t[640 + tid * 4 + 1], d2 = t[640 + tid * 4 + 2],
             d3 = t[640 + tid * 4 + 3];
    switch (var[blockIdx.x] & 255u) {
    case 0: /* k32_f16_s0 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%0, %1, %2, %3}, %12, 0;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    case 1: /* k32_f16_s1 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%0, %1, %2, %3}, %12, 1;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    case 2: /* k16_f16_s0 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%8, %9}, {%0, %1, %2, %3}, %12, 0;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    case 3: /* k16_f16_s3 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%8, %9}, {%0, %1, %2, %3}, %12, 3;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    case 4: /* k32_bf16_s1 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%0, %1, %2, %3}, %12, 1;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    case 5: /* k16_tf32_s0 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%0, %1, %2, %3}, %12, 0;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    case 6: /* k8_tf32_s1 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5}, {%8, %9}, {%0, %1, %2, %3}, %12, 1;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    case 7: /* k64_s8_s0 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%0, %1, %2, %3}, %12, 0;\n"
            : "+r"(d0), "+r"(d1), "+r"(d2), "+r"(d3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        
        break;
    }
    case 8: /* k64_e4m3_s0 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%0, %1, %2, %3}, %12, 0;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    case 9: /* k32_f16_ord_s0 */ {
        float f0 = __uint_as_float(d0), f1 = __uint_as_float(d1), f2 = __uint_as_float(d2), f3 = __uint_as_float(d3);
        asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%0, %1, %2, %3}, %12, 0;\n"
            : "+f"(f0), "+f"(f1), "+f"(f2), "+f"(f3)
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), "r"(m));
        d0 = __float_as_uint(f0); d1 = __float_as_uint(f1); d2 = __float_as_uint(f2); d3 = __float_as_uint(f3);
        break;
    }
    }
    out[blockIdx.x * 512 + tid * 4] = d0; out[blockIdx.x * 512 + tid * 4 + 1] = d1;
    out[blockIdx.x * 512 + tid * 4 + 2] = d2; out[blockIdx.x * 512 + tid * 4 + 3] = d3;
}
