/* mufu_fit.c — dev tool: turns an exhaustive H200 dump of one MUFU fraction function into the
 * model sim/mufu.c uses: per-segment integer quadratics y = (K0 + K1 t + K2 t^2) >> 38 (least
 * squares, then K0 chosen to maximise exact entries, then a small search on K1/K2) and the list
 * of entries where that is off by one (the exceptions), stored as LEB128 varints of
 * (gap << 1 | up): gap = entries skipped since the previous exception, up = the true value is one
 * above the quadratic.
 *   mufu_fit Y.i64 N k name   (Y: N int64 targets)  -> name.inc (coefficients), name.exc
 * Build: gcc -O2 mufu_fit.c -o mufu_fit -lm */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
typedef __int128 i128;
#define S 38
static void lsq(int n, const int64_t *y, long double *c)
{
    long double M[3][4] = {{0}};
    for (int i = 0; i < n; i++) {
        long double p[3] = {1, (long double)i, (long double)i * i}, v = y[i] + 0.5L;
        for (int r = 0; r < 3; r++) {
            for (int s = 0; s < 3; s++) M[r][s] += p[r] * p[s];
            M[r][3] += p[r] * v;
        }
    }
    for (int i = 0; i < 3; i++)
        for (int r = i + 1; r < 3; r++) {
            long double f = M[r][i] / M[i][i];
            for (int s = i; s < 4; s++) M[r][s] -= f * M[i][s];
        }
    for (int i = 2; i >= 0; i--) {
        long double s = M[i][3];
        for (int j = i + 1; j < 3; j++) s -= M[i][j] * c[j];
        c[i] = s / M[i][i];
    }
}
static int cmpi(const void *a, const void *b)
{
    i128 x = *(const i128 *)a, y = *(const i128 *)b;
    return x < y ? -1 : x > y;
}
/* the K0 maximising #t with y*2^S <= K0 + K1 t + K2 t^2 < (y+1)*2^S (interval sweep) */
static long best_k0(int L, const int64_t *y, int64_t K1, int64_t K2, int64_t *K0)
{
    static i128 ev[1 << 18];
    int ne = 0;
    for (int t = 0; t < L; t++) {
        i128 r = (i128)K1 * t + (i128)K2 * t * t;
        ev[ne++] = (((i128)y[t] << S) - r) * 2 + 1;
        ev[ne++] = (((i128)(y[t] + 1) << S) - r) * 2;
    }
    qsort(ev, (size_t)ne, sizeof(i128), cmpi);
    long cur = 0, best = -1;
    i128 at = 0;
    for (int i = 0; i < ne; i++) {
        if (ev[i] & 1) {
            if (++cur > best) { best = cur; at = ev[i] >> 1; }
        } else cur--;
    }
    *K0 = (int64_t)at;
    return best;
}
int main(int argc, char **argv)
{
    if (argc != 5) return 2;
    long N = atol(argv[2]);
    int k = atoi(argv[3]);
    int64_t *Y = malloc((size_t)N * 8);
    FILE *f = fopen(argv[1], "rb");
    if (!f || fread(Y, 8, (size_t)N, f) != (size_t)N) return 1;
    fclose(f);
    int L = (int)(N >> k);
    char path[512];
    snprintf(path, sizeof path, "%s.inc", argv[4]);
    FILE *inc = fopen(path, "w");
    snprintf(path, sizeof path, "%s.exc", argv[4]);
    FILE *exc = fopen(path, "wb");
    long nexc = 0, bytes = 0, prev = -1, bad = 0;
    for (int s = 0; s < (1 << k); s++) {
        const int64_t *y = Y + (long)s * L;
        long double c[3];
        lsq(L, y, c);
        int64_t K1 = llroundl(c[1] * powl(2, S)), K2 = llroundl(c[2] * powl(2, S)), K0;
        long m = best_k0(L, y, K1, K2, &K0);
        for (int it = 0; it < 1; it++) {
            int improved = 0;
            for (int d2 = -1; d2 <= 1; d2++)
                for (int d1 = -3; d1 <= 3; d1++) {
                    if (!d1 && !d2) continue;
                    int64_t k1 = K1 + d1 * (1ll << (S - 26)), k2 = K2 + d2, k0;
                    long mm = best_k0(L, y, k1, k2, &k0);
                    if (mm > m) { m = mm; K0 = k0; K1 = k1; K2 = k2; improved = 1; }
                }
            if (!improved) break;
        }
        fprintf(inc, "{%lldll, %lldll, %lldll},\n", (long long)K0, (long long)K1, (long long)K2);
        for (int t = 0; t < L; t++) {
            int64_t p = (int64_t)(((i128)K0 + (i128)K1 * t + (i128)K2 * t * t) >> S);
            int64_t d = y[t] - p;
            if (!d) continue;
            if (d != 1 && d != -1) { bad++; continue; }
            long idx = (long)s * L + t;
            uint64_t v = ((uint64_t)(idx - prev - 1) << 1) | (d > 0);
            prev = idx;
            nexc++;
            do { fputc((int)((v & 0x7f) | (v > 0x7f ? 0x80 : 0)), exc); bytes++; v >>= 7; } while (v);
        }
    }
    fclose(inc);
    fclose(exc);
    fprintf(stderr, "%s: N=%ld k=%d exceptions %ld (%.4f%%), %ld bytes, off by >1: %ld\n", argv[4], N, k,
            nexc, 100.0 * nexc / N, bytes, bad);
    return bad ? 1 : 0;
}
