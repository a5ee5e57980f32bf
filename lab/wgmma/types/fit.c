/* fit.c — sweeps accumulation models of fp8 wgmma against the H200's results, flattened by
 * flat.py (one record per output element: formats, steps, c, the GPU's bits, A row and B column
 * of each step). Build: cc -O2 -Isim lab/wgmma/types/fit.c sim/mma_model.c -o fit; run: ./fit FLAT... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mma_model.h"

typedef struct {
    unsigned char at, bt, f16, steps;
    unsigned c, g;
    unsigned char ab[2][2][32];
    unsigned short test, variant;
} rec;

static rec *R;
static size_t NR;

static void load(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    unsigned char buf[144];
    while (fread(buf, 1, 144, f) == 144) {
        R = realloc(R, (NR + 1) * sizeof *R);
        rec *r = &R[NR++];
        r->at = buf[0], r->bt = buf[1], r->f16 = buf[2], r->steps = buf[3];
        memcpy(&r->c, buf + 4, 4);
        memcpy(&r->g, buf + 8, 4);
        memcpy(r->ab, buf + 12, 128);
        memcpy(&r->test, buf + 140, 2);
        memcpy(&r->variant, buf + 142, 2);
    }
    fclose(f);
}

static float f32(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
static unsigned bits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }

/* model: frac bits, term rounding, final rounding, group size, c mode (0 aligned with the terms,
 * 1 products to f32 then FADD c) */
typedef struct { int F, term_rn, out_rn, group, cmode, norm, P; } model;

static unsigned eval(const model *md, const rec *r) {
    mma_fmt af = r->at ? MF_E5M2 : MF_E4M3, bf = r->bt ? MF_E5M2 : MF_E4M3;
    mma_fmt df = r->f16 ? MF_F16 : MF_F32;
    unsigned c = r->c;
    for (int s = 0; s < r->steps; s++) {
        unsigned a[32], b[32];
        for (int i = 0; i < 32; i++) a[i] = r->ab[s][0][i], b[i] = r->ab[s][1][i];
        mma_acc_model m = {.frac_bits = md->F, .group = md->group, .out_rn = md->out_rn, .ovf_inf = 1,
                           .term_rn = md->term_rn, .norm_exp = md->norm, .out_frac = md->P};
        if (md->cmode == 0) {
            c = mma_dot_float(m, af, bf, a, b, 32, df, c, df);
        } else {
            unsigned p = mma_dot_float(m, af, bf, a, b, 32, MF_F32, 0, MF_F32);
            float v = f32(p) + (r->f16 ? 0 : f32(c));
            c = v != v ? 0x7fffffff : bits(v);
        }
    }
    return c;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) load(argv[i]);
    printf("%zu elements\n", NR);
    if (getenv("FIT_MODEL")) { /* F,term_rn,out_rn,group,cmode: mismatches per test */
        model md;
        sscanf(getenv("FIT_MODEL"), "%d,%d,%d,%d,%d,%d,%d", &md.F, &md.term_rn, &md.out_rn, &md.group, &md.cmode, &md.norm, &md.P);
        size_t cnt[4096] = {0}, tot[4096] = {0}, shown[4096] = {0};
        for (size_t i = 0; i < NR; i++) {
            unsigned v = eval(&md, &R[i]);
            tot[R[i].test]++;
            if (v == R[i].g) continue;
            cnt[R[i].test]++;
            if (shown[R[i].test]++ < 2)
                printf("  test %u v%u: c %08x gpu %08x model %08x\n", R[i].test, R[i].variant, R[i].c, R[i].g, v);
        }
        for (int t = 0; t < 4096; t++)
            if (tot[t]) printf("test %d: %zu/%zu differ\n", t, cnt[t], tot[t]);
        return 0;
    }
    model best = {0};
    size_t bestn = 0;
    int fmin = getenv("FIT_FMIN") ? atoi(getenv("FIT_FMIN")) : 8, fmax = getenv("FIT_FMAX") ? atoi(getenv("FIT_FMAX")) : 30;
    int pmin = getenv("FIT_P") ? atoi(getenv("FIT_P")) : 0;
    for (int P = pmin; P <= (pmin ? pmin : 0); P++)
    for (int norm = 0; norm < 2; norm++)
    for (int cmode = 0; cmode < 2; cmode++)
        for (int group = 0; group <= 16; group += 8)
            for (int F = fmin; F <= fmax; F++)
                for (int trn = 0; trn < 2; trn++)
                    for (int orn = 0; orn < 2; orn++) {
                        model md = {F, trn, orn, group, cmode, norm, P};
                        size_t ok = 0, nf32 = 0;
                        for (size_t i = 0; i < NR; i++) {
                            if (R[i].f16) continue;
                            nf32++;
                            if (eval(&md, &R[i]) == R[i].g) ok++;
                        }
                        if (ok > bestn) bestn = ok, best = md;
                        if (ok * 10 > nf32 * 5)
                            printf("F=%d term_rn=%d out_rn=%d group=%d cmode=%d norm=%d P=%d: %zu/%zu f32 match\n", F, trn, orn, group,
                                   cmode, norm, P, ok, nf32);
                    }
    printf("best F=%d term_rn=%d out_rn=%d group=%d cmode=%d: %zu\n", best.F, best.term_rn, best.out_rn, best.group,
           best.cmode, bestn);
    return 0;
}
