// 256-bit unsigned arithmetic with PTX carry chains in inline asm: a+b (add.cc/addc), a-b
// (sub.cc/subc) with carry/borrow out, and the full 512-bit product a*b (mul.lo/hi,
// mad.lo.cc, madc.hi, addc). Numbers are 8 little-endian 32-bit limbs.
extern "C" __global__ void bigint256(const unsigned *__restrict__ A, const unsigned *__restrict__ B,
                                     unsigned *__restrict__ S, unsigned *__restrict__ D,
                                     unsigned *__restrict__ P, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned a[8], b[8], s[9], d[9], p[16];
#pragma unroll
    for (int k = 0; k < 8; k++) {
        a[k] = A[8 * i + k];
        b[k] = B[8 * i + k];
    }
    asm("add.cc.u32 %0, %9, %17;\n\t"
        "addc.cc.u32 %1, %10, %18;\n\t"
        "addc.cc.u32 %2, %11, %19;\n\t"
        "addc.cc.u32 %3, %12, %20;\n\t"
        "addc.cc.u32 %4, %13, %21;\n\t"
        "addc.cc.u32 %5, %14, %22;\n\t"
        "addc.cc.u32 %6, %15, %23;\n\t"
        "addc.cc.u32 %7, %16, %24;\n\t"
        "addc.u32 %8, 0, 0;"
        : "=&r"(s[0]), "=&r"(s[1]), "=&r"(s[2]), "=&r"(s[3]), "=&r"(s[4]), "=&r"(s[5]), "=&r"(s[6]),
          "=&r"(s[7]), "=&r"(s[8])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]),
          "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
    asm("sub.cc.u32 %0, %9, %17;\n\t"
        "subc.cc.u32 %1, %10, %18;\n\t"
        "subc.cc.u32 %2, %11, %19;\n\t"
        "subc.cc.u32 %3, %12, %20;\n\t"
        "subc.cc.u32 %4, %13, %21;\n\t"
        "subc.cc.u32 %5, %14, %22;\n\t"
        "subc.cc.u32 %6, %15, %23;\n\t"
        "subc.cc.u32 %7, %16, %24;\n\t"
        "subc.u32 %8, 0, 0;"
        : "=&r"(d[0]), "=&r"(d[1]), "=&r"(d[2]), "=&r"(d[3]), "=&r"(d[4]), "=&r"(d[5]), "=&r"(d[6]),
          "=&r"(d[7]), "=&r"(d[8])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]),
          "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
#pragma unroll
    for (int k = 0; k < 16; k++)
        p[k] = 0;
#pragma unroll
    for (int r = 0; r < 8; r++) {
        unsigned t[9];
        // t = a * b[r] (9 limbs)
        asm("mul.lo.u32 %0, %9, %17;\n\t"
            "mul.hi.u32 %1, %9, %17;\n\t"
            "mad.lo.cc.u32 %1, %10, %17, %1;\n\t"
            "madc.hi.u32 %2, %10, %17, 0;\n\t"
            "mad.lo.cc.u32 %2, %11, %17, %2;\n\t"
            "madc.hi.u32 %3, %11, %17, 0;\n\t"
            "mad.lo.cc.u32 %3, %12, %17, %3;\n\t"
            "madc.hi.u32 %4, %12, %17, 0;\n\t"
            "mad.lo.cc.u32 %4, %13, %17, %4;\n\t"
            "madc.hi.u32 %5, %13, %17, 0;\n\t"
            "mad.lo.cc.u32 %5, %14, %17, %5;\n\t"
            "madc.hi.u32 %6, %14, %17, 0;\n\t"
            "mad.lo.cc.u32 %6, %15, %17, %6;\n\t"
            "madc.hi.u32 %7, %15, %17, 0;\n\t"
            "mad.lo.cc.u32 %7, %16, %17, %7;\n\t"
            "madc.hi.u32 %8, %16, %17, 0;"
            : "=&r"(t[0]), "=&r"(t[1]), "=&r"(t[2]), "=&r"(t[3]), "=&r"(t[4]), "=&r"(t[5]),
              "=&r"(t[6]), "=&r"(t[7]), "=&r"(t[8])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]),
              "r"(a[7]), "r"(b[r]));
        // p[r .. r+8] += t; p[r+8] is zero before this row, so no carry leaves the chain
        asm("add.cc.u32 %0, %0, %9;\n\t"
            "addc.cc.u32 %1, %1, %10;\n\t"
            "addc.cc.u32 %2, %2, %11;\n\t"
            "addc.cc.u32 %3, %3, %12;\n\t"
            "addc.cc.u32 %4, %4, %13;\n\t"
            "addc.cc.u32 %5, %5, %14;\n\t"
            "addc.cc.u32 %6, %6, %15;\n\t"
            "addc.cc.u32 %7, %7, %16;\n\t"
            "addc.u32 %8, %8, %17;"
            : "+r"(p[r]), "+r"(p[r + 1]), "+r"(p[r + 2]), "+r"(p[r + 3]), "+r"(p[r + 4]),
              "+r"(p[r + 5]), "+r"(p[r + 6]), "+r"(p[r + 7]), "+r"(p[r + 8])
            : "r"(t[0]), "r"(t[1]), "r"(t[2]), "r"(t[3]), "r"(t[4]), "r"(t[5]), "r"(t[6]),
              "r"(t[7]), "r"(t[8]));
    }
#pragma unroll
    for (int k = 0; k < 9; k++) {
        S[9 * i + k] = s[k];
        D[9 * i + k] = d[k];
    }
#pragma unroll
    for (int k = 0; k < 16; k++)
        P[16 * i + k] = p[k];
}
