/* fit_mma2.c — tries candidate accumulation orders on a probe_mma2.c recording (the fp8 forms
 * with an .f16 accumulator or k = 16, and the .f64 m16n8k4/k8/k16 shapes) and prints, per form,
 * how many output elements each candidate reproduces. The first candidate of each family is the
 * one ptxsim uses (sim/mma_model.c); the others are the plausible alternatives it was told apart
 * from (docs/tensor-cores.md).
 *   cc -O2 -std=c17 lab/mma/fit_mma2.c sim/mma_model.c -lm -o fit_mma2 && ./fit_mma2 RECORDING */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/mma_frag.h"
#include "../../sim/mma_model.h"

static int bits_of(const char *t) {
    return !strcmp(t, "f64") ? 64 : !strcmp(t, "f16") ? 16 : !strcmp(t, "f32") ? 32 : 8;
}
static mma_fmt fmt_of(const char *t) {
    return !strcmp(t, "e4m3") ? MF_E4M3 : !strcmp(t, "e5m2") ? MF_E5M2 : !strcmp(t, "f16") ? MF_F16 : MF_F32;
}
static uint64_t get(const uint32_t *w, int lane, int bits, int e) {
    if (bits == 64) return w[(2 * e) * 32 + lane] | (uint64_t)w[(2 * e + 1) * 32 + lane] << 32;
    int per = 32 / bits, reg = e / per, sh = (e % per) * bits;
    return (w[reg * 32 + lane] >> sh) & (bits == 32 ? 0xffffffffu : (1u << bits) - 1);
}

enum { NV = 4 };
static const char *FP8_F16[NV] = {"2 HMMA.F16 passes + HADD2 c", "1 f32 pass, f16, HADD2 c", "2 HMMA.F16 passes from c",
                                  "2 f32 passes, + c, one f16 rounding"};
static const char *FP8_F32[NV] = {"2 HMMA passes + FADD c", "1 pass of all k with c", "2 passes from c", "-"};
static const char *F64[NV] = {"fma chain k = 0.. from c", "fma chain k = K-1..0", "fma chain from 0, + c",
                              "per-k4 chains from 0 added to c"};

static const mma_acc_model HM = {.frac_bits = 25, .ovf_inf = 1};
static uint32_t to_f16(uint32_t f32) { /* f32 -> f16 to nearest, through a pass with no products */
    uint32_t z = 0;
    return mma_dot_float(HM, MF_F16, MF_F16, &z, &z, 1, MF_F32, f32, MF_F16);
}
static void split(const uint32_t *a, const uint32_t *b, int k, uint32_t a2[2][16], uint32_t b2[2][16], int n[2]) {
    n[0] = n[1] = 0;
    for (int i = 0; i < k; i++) {
        int h = (i & 3) >= 2;
        a2[h][n[h]] = a[i], b2[h][n[h]] = b[i], n[h]++;
    }
}
static uint64_t variant_fp8(int v, mma_fmt af, mma_fmt bf, const uint32_t *a, const uint32_t *b, int k, mma_fmt cf,
                            uint32_t c) {
    uint32_t a2[2][16], b2[2][16], one = 0x3c00, p;
    int n[2];
    split(a, b, k, a2, b2, n);
    if (cf == MF_F32) {
        if (v == 0) return mma_dot_fp8(af, bf, a, b, k, c);
        if (v == 1) return mma_dot_float(HM, af, bf, a, b, k, MF_F32, c, MF_F32);
        if (v == 2) {
            p = mma_dot_float(HM, af, bf, a2[0], b2[0], n[0], MF_F32, c, MF_F32);
            return mma_dot_float(HM, af, bf, a2[1], b2[1], n[1], MF_F32, p, MF_F32);
        }
        return ~0ull;
    }
    switch (v) {
    case 0: return mma_dot_fp8_f16(af, bf, a, b, k, c);
    case 1:
        p = to_f16(mma_dot_float(HM, af, bf, a, b, k, MF_F32, 0, MF_F32));
        return mma_dot_float(HM, MF_F16, MF_F16, &c, &one, 1, MF_F16, p, MF_F16);
    case 2:
        p = mma_dot_float(HM, af, bf, a2[0], b2[0], n[0], MF_F16, c, MF_F16);
        return mma_dot_float(HM, af, bf, a2[1], b2[1], n[1], MF_F16, p, MF_F16);
    default:
        p = mma_dot_float(HM, af, bf, a2[0], b2[0], n[0], MF_F32, 0, MF_F32);
        p = mma_dot_float(HM, af, bf, a2[1], b2[1], n[1], MF_F32, p, MF_F32);
        return mma_dot_float(HM, MF_F16, MF_F16, &c, &one, 1, MF_F32, p, MF_F16);
    }
}
static uint64_t variant_f64(int v, const uint64_t *a, const uint64_t *b, int k, uint64_t c) {
    uint64_t ra[16], rb[16], zero = 0, t, one = 0x3ff0000000000000ull;
    switch (v) {
    case 0: return mma_dot_f64(a, b, k, c);
    case 1:
        for (int i = 0; i < k; i++) ra[i] = a[k - 1 - i], rb[i] = b[k - 1 - i];
        return mma_dot_f64(ra, rb, k, c);
    case 2:
        t = mma_dot_f64(a, b, k, zero);
        return mma_dot_f64(&t, &one, 1, c);
    default:
        for (int i = 0; i < k; i += 4) {
            t = mma_dot_f64(a + i, b + i, 4, zero);
            c = mma_dot_f64(&t, &one, 1, c);
        }
        return c;
    }
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    char path[600], line[512];
    snprintf(path, sizeof path, "%s/index.txt", argv[1]);
    FILE *idx = fopen(path, "r");
    if (!idx) return perror(path), 1;
    while (fgets(line, sizeof line, idx)) {
        char name[96], at[8], bt[8], ct[8], dt[8];
        int m, n, k, na, nb, nc, nd, ra, cb, T;
        if (sscanf(line, "mma %95s %d %d %d %7s %7s %7s %7s %d %d %d %d %d %d %d", name, &m, &n, &k, at, bt, ct, dt, &na,
                   &nb, &nc, &nd, &ra, &cb, &T) != 15)
            continue;
        snprintf(path, sizeof path, "%s/mma_%s.bin", argv[1], name);
        FILE *f = fopen(path, "rb");
        if (!f) return perror(path), 1;
        int nin = na + nb + nc;
        uint32_t *in = malloc((size_t)T * nin * 128), *out = malloc((size_t)T * nd * 128);
        if (fread(in, 128, (size_t)T * nin, f) != (size_t)T * nin || fread(out, 128, (size_t)T * nd, f) != (size_t)T * nd)
            return fprintf(stderr, "%s: short\n", path), 1;
        fclose(f);
        int f64 = !strcmp(at, "f64"), ab = bits_of(at), cbits = bits_of(ct);
        long match[NV] = {0}, total = 0, differ = 0;
        const char **names = f64 ? F64 : !strcmp(ct, "f16") ? FP8_F16 : FP8_F32;
        static uint64_t A[16 * 32], B[32 * 8], C[16 * 8], D[16 * 8];
        for (int t = 0; t < T; t++) {
            const uint32_t *w = in + (size_t)t * nin * 32, *o = out + (size_t)t * nd * 32;
            for (int l = 0; l < 32; l++) {
                int r, c, g;
                for (int e = 0; e < m * k / 32; e++)
                    mma_frag_coord(m, n, k, ab, MMA_OP_A, l, e, 1, 1, &r, &c, &g), A[r * k + c] = get(w, l, ab, e);
                for (int e = 0; e < k * n / 32; e++)
                    mma_frag_coord(m, n, k, ab, MMA_OP_B, l, e, 1, 1, &r, &c, &g),
                        B[r * n + c] = get(w + na * 32, l, ab, e);
                for (int e = 0; e < m * n / 32; e++) {
                    mma_frag_coord(m, n, k, cbits, MMA_OP_C, l, e, 1, 1, &r, &c, &g);
                    C[r * n + c] = get(w + (na + nb) * 32, l, cbits, e);
                    D[r * n + c] = get(o, l, cbits, e);
                }
            }
            for (int i = 0; i < m; i++)
                for (int j = 0; j < n; j++) {
                    uint64_t got[NV];
                    for (int v = 0; v < NV; v++) {
                        if (f64) {
                            uint64_t a[16], b[16];
                            for (int q = 0; q < k; q++) a[q] = A[i * k + q], b[q] = B[q * n + j];
                            got[v] = variant_f64(v, a, b, k, C[i * n + j]);
                        } else {
                            uint32_t a[32], b[32];
                            for (int q = 0; q < k; q++) a[q] = (uint32_t)A[i * k + q], b[q] = (uint32_t)B[q * n + j];
                            got[v] = variant_fp8(v, fmt_of(at), fmt_of(bt), a, b, k, fmt_of(ct), (uint32_t)C[i * n + j]);
                        }
                        match[v] += got[v] == D[i * n + j];
                    }
                    int d = 0;
                    for (int v = 1; v < NV; v++) d |= strcmp(names[v], "-") && got[v] != got[0];
                    differ += d, total++;
                }
        }
        printf("%s: %ld outputs (%ld where the candidates disagree)\n", name, total, differ);
        for (int v = 0; v < NV; v++)
            if (strcmp(names[v], "-")) printf("  %-40s %ld\n", names[v], match[v]);
        free(in), free(out);
    }
    fclose(idx);
    return 0;
}
