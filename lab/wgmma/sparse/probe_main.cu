// probe_main.cu — host of the sparse wgmma probe: generates the tests (xorshift, seeded), runs
// KERNEL (from KFILE) with one CTA per test, writes in.bin (per test 1280 words, see the kernel),
// var.bin (per test the variant, bit 8: scale-d 0) and out.bin (per test 512 words of D).
// nvcc -O2 -arch=sm_90a -DKFILE='"wgmma_sp.cu"' -DKERNEL=wgmma_sp probe_main.cu -lcuda
// ./a.out SEED TESTS_PER_VARIANT TYPES(comma list, one per variant) OUTPREFIX
#include KFILE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long s;
static unsigned rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (unsigned)(s >> 11); }
static unsigned fval(int ebits, int mbits, int bias, int lo, int hi) { /* sign, exp in [lo,hi] */
    unsigned e = (unsigned)(bias + lo + (int)(rnd() % (unsigned)(hi - lo + 1)));
    return ((rnd() & 1u) << (ebits + mbits)) | (e << mbits) | (rnd() & ((1u << mbits) - 1u));
}
static unsigned elem(const char *ty) {
    if (!strcmp(ty, "f16")) return fval(5, 10, 15, -8, 7);
    if (!strcmp(ty, "bf16")) return fval(8, 7, 127, -8, 7);
    if (!strcmp(ty, "tf32")) return fval(8, 23, 127, -8, 7);
    unsigned b = rnd() & 255u;
    if (!strcmp(ty, "e4m3")) while ((b & 127u) == 127u) b = rnd() & 255u;
    if (!strcmp(ty, "e5m2")) while ((b & 127u) > 123u) b = rnd() & 255u;
    return b;
}
int main(int argc, char **argv) {
    if (argc != 5) return 2;
    s = strtoull(argv[1], 0, 0) * 0x9E3779B97F4A7C15ull + 1;
    int per = atoi(argv[2]);
    char *types[32]; int nv = 0;
    for (char *p = strtok(argv[3], ","); p && nv < 32; p = strtok(0, ",")) types[nv++] = p;
    int nt = nv * per;
    unsigned *in = (unsigned *)calloc((size_t)nt * 1280, 4), *var = (unsigned *)calloc(nt, 4),
             *out = (unsigned *)calloc((size_t)nt * 512, 4);
    static const unsigned nib[6] = {0x4, 0x8, 0xC, 0x9, 0xD, 0xE};
    for (int t = 0; t < nt; t++) {
        int v = t / per; const char *ty = types[v];
        unsigned *w = in + (size_t)t * 1280;
        var[t] = (unsigned)v | ((t % per == per - 1) ? 256u : 0u);
        int eb = !strcmp(ty, "tf32") ? 4 : (!strcmp(ty, "f16") || !strcmp(ty, "bf16")) ? 2 : 1;
        for (int i = 0; i < 512; i++) { /* A fragment words */
            unsigned x = 0;
            for (int j = 0; j < 4 / eb; j++) x |= elem(ty) << (8 * eb * j);
            w[i] = x;
        }
        for (int i = 0; i < 128; i++) { /* metadata */
            unsigned x = 0;
            for (int j = 0; j < 8; j++) x |= (eb == 4 ? ((rnd() & 1u) ? 0xEu : 0x4u) : nib[rnd() % 6u]) << (4 * j);
            w[512 + i] = x;
        }
        for (int i = 0; i < 512; i++) w[640 + i] = !strcmp(ty, "s8") || !strcmp(ty, "u8") ? rnd() ^ (rnd() << 21) : fval(8, 23, 127, -4, 8);
        for (int i = 0; i < 128; i++) {
            unsigned x = 0;
            for (int j = 0; j < 4 / eb; j++) x |= elem(ty) << (8 * eb * j);
            w[1152 + i] = x;
        }
    }
    unsigned *din, *dvar, *dout;
    cudaMalloc(&din, (size_t)nt * 1280 * 4); cudaMalloc(&dvar, nt * 4); cudaMalloc(&dout, (size_t)nt * 512 * 4);
    cudaMemcpy(din, in, (size_t)nt * 1280 * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dvar, var, nt * 4, cudaMemcpyHostToDevice);
    cudaMemset(dout, 0xff, (size_t)nt * 512 * 4);
    KERNEL<<<nt, 128>>>(din, dvar, dout);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s: %d tests: %s\n", argv[4], nt, cudaGetErrorString(e));
    if (e) return 1;
    cudaMemcpy(out, dout, (size_t)nt * 512 * 4, cudaMemcpyDeviceToHost);
    char fn[512];
    snprintf(fn, sizeof fn, "%s.in.bin", argv[4]); FILE *f = fopen(fn, "wb"); fwrite(in, 4, (size_t)nt * 1280, f); fclose(f);
    snprintf(fn, sizeof fn, "%s.var.bin", argv[4]); f = fopen(fn, "wb"); fwrite(var, 4, nt, f); fclose(f);
    snprintf(fn, sizeof fn, "%s.out.bin", argv[4]); f = fopen(fn, "wb"); fwrite(out, 4, (size_t)nt * 512, f); fclose(f);
    return 0;
}
