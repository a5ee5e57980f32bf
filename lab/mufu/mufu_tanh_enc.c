/* mufu_tanh_enc.c — dev tool: sim/mufu/tanh32.exc, the tanh.approx.f32 table of sim/mufu.c, from
 * the device tables tests/data/mufu/tanh_{t,u}.u32 (xz -d first; mufu_tanh.cu). The model's
 * sequence S: T reduced to the bits the unit reads (binades 2^-8 .. 1 of |x|: every 4th, 4th,
 * 4th, 2nd, 2nd, 1st, 1st, 1st entry of the 2^19 per binade), then U[j], j < 7 2^20 (|x| < 8;
 * from 8 on the result is 1). Stored: S[0], S[1] (u32 LE), then the second differences d of
 * S[2..] as a bit stream (LSB first): '0' d = 0; '10s' d = +-1 (s = 1: negative); '11' then
 * Elias gamma of |d| - 1 (zeros, then the bits MSB first) and the sign bit.
 *   mufu_tanh_enc tanh_t.u32 tanh_u.u32 tanh32.exc
 * Build: gcc -O2 mufu_tanh_enc.c -o mufu_tanh_enc */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static uint32_t *load2(const char *p, size_t *n) /* second differences -> values */
{
    FILE *f = fopen(p, "rb");
    if (!f) exit(1);
    fseek(f, 0, SEEK_END);
    *n = (size_t)ftell(f) / 4;
    rewind(f);
    uint32_t *a = malloc(*n * 4);
    if (fread(a, 4, *n, f) != *n) exit(1);
    fclose(f);
    a[1] += 2 * a[0];
    for (size_t i = 2; i < *n; i++) a[i] += 2 * a[i - 1] - a[i - 2];
    return a;
}
static unsigned char *buf;
static uint64_t nbit;
static void put(int b)
{
    if (b) buf[nbit >> 3] |= (unsigned char)(1u << (nbit & 7));
    nbit++;
}
int main(int argc, char **argv)
{
    if (argc != 4) return 2;
    size_t nt, nu;
    uint32_t *T = load2(argv[1], &nt), *U = load2(argv[2], &nu);
    static const int red[8] = {4, 4, 4, 2, 2, 1, 1, 1};
    size_t ns = 0, cap = (8u << 19) + (7u << 20);
    uint32_t *S = malloc(cap * 4);
    for (int e = 119; e < 127; e++)
        for (uint32_t k = 0; k < (1u << 19); k += (uint32_t)red[e - 119]) {
            for (int r = 1; r < red[e - 119]; r++)
                if (T[((size_t)e << 19) + k + (uint32_t)r] != T[((size_t)e << 19) + k]) { printf("reduction fails\n"); return 1; }
            S[ns++] = T[((size_t)e << 19) + k];
        }
    for (size_t j = 0; j < nu; j++)
        if (j < (7u << 20)) S[ns++] = U[j];
        else if (U[j] != 0x3f800000u) { printf("not saturated at %zu\n", j); return 1; }
    buf = calloc(cap * 16, 1);
    for (size_t i = 2; i < ns; i++) {
        int64_t d = (int32_t)(S[i] - 2 * S[i - 1] + S[i - 2]);
        if (!d) { put(0); continue; }
        put(1);
        uint64_t a = (uint64_t)(d < 0 ? -d : d);
        if (a == 1) { put(0); put(d < 0); continue; }
        put(1);
        a -= 1;
        int L = 0;
        while (a >> L) L++;
        for (int k = 1; k < L; k++) put(0);
        for (int k = L - 1; k >= 0; k--) put((int)((a >> k) & 1));
        put(d < 0);
    }
    FILE *f = fopen(argv[3], "wb");
    if (!f) return 1;
    fwrite(S, 4, 2, f);
    fwrite(buf, 1, (size_t)((nbit + 7) >> 3), f);
    fclose(f);
    printf("%zu entries, %llu bytes\n", ns, (unsigned long long)(8 + ((nbit + 7) >> 3)));
    return 0;
}
