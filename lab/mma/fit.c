/* fit.c — compares the tensor-core model (sim/mma_model.c) with the probe's recordings.
 *   fit DIR [FORM-SUBSTRING] [F GROUP OUT_RN OVF_INF]
 * For every recorded floating-point mma form: reconstructs the logical matrices from the
 * fragments (sim/mma_frag.h), computes each output element with the model (the H200 model, or
 * the parameters given) and prints the matches, per test mode (test index mod 12). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/mma_frag.h"
#include "../../sim/mma_model.h"

static int bits_of(const char *t) {
    if (!strcmp(t, "f64")) return 64;
    if (!strcmp(t, "f16") || !strcmp(t, "bf16")) return 16;
    if (!strcmp(t, "e4m3") || !strcmp(t, "e5m2") || !strcmp(t, "s8") || !strcmp(t, "u8")) return 8;
    if (!strcmp(t, "s4") || !strcmp(t, "u4")) return 4;
    if (!strcmp(t, "b1")) return 1;
    return 32;
}
static int fmt_of(const char *t) {
    if (!strcmp(t, "f16")) return MF_F16;
    if (!strcmp(t, "bf16")) return MF_BF16;
    if (!strcmp(t, "tf32")) return MF_TF32;
    if (!strcmp(t, "f32")) return MF_F32;
    if (!strcmp(t, "f64")) return MF_F64;
    if (!strcmp(t, "e4m3")) return MF_E4M3;
    if (!strcmp(t, "e5m2")) return MF_E5M2;
    return -1;
}
static uint64_t get(const uint32_t *w, int lane, int bits, int e) {
    if (bits == 64) return w[(2 * e) * 32 + lane] | (uint64_t)w[(2 * e + 1) * 32 + lane] << 32;
    int per = 32 / bits, reg = e / per, sh = (e % per) * bits;
    return (w[reg * 32 + lane] >> sh) & (bits == 32 ? 0xffffffffu : (1u << bits) - 1);
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    char path[600];
    snprintf(path, sizeof path, "%s/index.txt", argv[1]);
    FILE *idx = fopen(path, "r");
    if (!idx) { perror(path); return 1; }
    char line[1024];
    int override = argc >= 8;
    long tot_ok = 0, tot_all = 0;
    while (fgets(line, sizeof line, idx)) {
        char kind[16], name[128], at[8], bt[8], ct[8], dt[8];
        int m, n, k, na, nb, nc, nd, ra, cb, T;
        if (sscanf(line, "%15s %127s %d %d %d %7s %7s %7s %7s %d %d %d %d %d %d %d", kind, name, &m, &n, &k, at, bt, ct,
                   dt, &na, &nb, &nc, &nd, &ra, &cb, &T) != 16 || strcmp(kind, "mma"))
            continue;
        if (fmt_of(at) < 0) continue;
        if (argc > 2 && !strstr(name, argv[2])) continue;
        snprintf(path, sizeof path, "%s/mma_%s.bin", argv[1], name);
        FILE *f = fopen(path, "rb");
        int nin = na + nb + nc;
        uint32_t *in = malloc((size_t)T * nin * 32 * 4), *out = malloc((size_t)T * nd * 32 * 4);
        if (fread(in, 4, (size_t)T * nin * 32, f) != (size_t)T * nin * 32 ||
            fread(out, 4, (size_t)T * nd * 32, f) != (size_t)T * nd * 32) { fprintf(stderr, "short %s\n", path); return 1; }
        fclose(f);
        int ab = bits_of(at), bb = bits_of(bt), cbits = bits_of(ct), db = bits_of(dt);
        int groups = (m == 8 && n == 8 && k == 4 && ab != 64) ? 4 : 1;
        mma_acc_model mod = mma_model_for(fmt_of(at), k);
        if (override) mod = (mma_acc_model){atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6]), atoi(argv[7])};
        long ok = 0, all = 0, bad_mode[12] = {0};
        int shown = 0;
        for (int t = 0; t < T; t++) {
            const uint32_t *w = in + (size_t)t * nin * 32, *o = out + (size_t)t * nd * 32;
            static uint64_t A[4][16][256], B[4][256][16], C[4][16][16], D[4][16][16];
            int nea = ab == 64 ? na / 2 : na * 32 / ab, neb = bb == 64 ? nb / 2 : nb * 32 / bb;
            int nec = cbits == 64 ? nc / 2 : nc * 32 / cbits, ned = db == 64 ? nd / 2 : nd * 32 / db;
            for (int l = 0; l < 32; l++) {
                int r, c, g;
                for (int e = 0; e < nea; e++) {
                    mma_frag_coord(m, n, k, ab, MMA_OP_A, l, e, ra, cb, &r, &c, &g);
                    A[g][r][c] = get(w, l, ab, e);
                }
                for (int e = 0; e < neb; e++) {
                    mma_frag_coord(m, n, k, bb, MMA_OP_B, l, e, ra, cb, &r, &c, &g);
                    B[g][r][c] = get(w + na * 32, l, bb, e);
                }
                for (int e = 0; e < nec; e++) {
                    mma_frag_coord(m, n, k, cbits, MMA_OP_C, l, e, ra, cb, &r, &c, &g);
                    C[g][r][c] = get(w + (na + nb) * 32, l, cbits, e);
                }
                for (int e = 0; e < ned; e++) {
                    mma_frag_coord(m, n, k, db, MMA_OP_C, l, e, ra, cb, &r, &c, &g);
                    D[g][r][c] = get(o, l, db, e);
                }
            }
            for (int g = 0; g < groups; g++)
                for (int i = 0; i < m; i++)
                    for (int j = 0; j < n; j++) {
                        uint64_t got;
                        if (ab == 64) {
                            uint64_t a[4], b[4];
                            for (int kk = 0; kk < k; kk++) a[kk] = A[g][i][kk], b[kk] = B[g][kk][j];
                            got = mma_dot_f64(a, b, k, C[g][i][j]);
                        } else if (!override && (fmt_of(at) == MF_E4M3 || fmt_of(at) == MF_E5M2)) {
                            uint32_t a[256], b[256];
                            for (int kk = 0; kk < k; kk++) a[kk] = (uint32_t)A[g][i][kk], b[kk] = (uint32_t)B[g][kk][j];
                            got = mma_dot_fp8(fmt_of(at), fmt_of(bt), a, b, k, (uint32_t)C[g][i][j]);
                        } else if (!override && m == 8 && n == 8 && k == 4) {
                            uint32_t a[4], b[4];
                            for (int kk = 0; kk < k; kk++) a[kk] = (uint32_t)A[g][i][kk], b[kk] = (uint32_t)B[g][kk][j];
                            got = mma_dot_884(a, b, fmt_of(ct), (uint32_t)C[g][i][j], fmt_of(dt));
                        } else {
                            uint32_t a[256], b[256];
                            for (int kk = 0; kk < k; kk++) a[kk] = (uint32_t)A[g][i][kk], b[kk] = (uint32_t)B[g][kk][j];
                            got = mma_dot_float(mod, fmt_of(at), fmt_of(bt), a, b, k, fmt_of(ct), (uint32_t)C[g][i][j],
                                                fmt_of(dt));
                        }
                        all++;
                        if (got == D[g][i][j]) ok++;
                        else {
                            bad_mode[t % 12]++;
                            if (getenv("SHOW") && shown < atoi(getenv("SHOW"))) {
                                shown++;
                                printf("  t%d g%d (%d,%d) c=%llx gpu=%llx model=%llx a:", t, g, i, j, (unsigned long long)C[g][i][j],
                                       (unsigned long long)D[g][i][j], (unsigned long long)got);
                                for (int kk = 0; kk < k; kk++) printf(" %llx*%llx", (unsigned long long)A[g][i][kk], (unsigned long long)B[g][kk][j]);
                                printf("\n");
                            }
                        }
                    }
        }
        printf("%-30s F=%d G=%d rn=%d inf=%d trn=%d  %ld/%ld  bad by mode:", name, mod.frac_bits, mod.group, mod.out_rn, mod.ovf_inf, mod.term_rn,
               ok, all);
        for (int i = 0; i < 12; i++) printf(" %ld", bad_mode[i]);
        printf("\n");
        tot_ok += ok, tot_all += all;
        free(in), free(out);
    }
    printf("total %ld/%ld\n", tot_ok, tot_all);
    return 0;
}
