/* mufu_trig_q.c — dev tool: the MUFU.SIN quadrant table Q(t), t < 2^23, from the tables T[R]
 * that `mufu_check trig` writes (trig_sin.u32, trig_cos.u32: 2^25 u32 each, delta-coded; entries
 * never reached are 0xffffffff). sin: T[R] = Q(t) with q = R >> 23, t = R mod 2^23 (~t for odd q),
 * negated for q >= 2; cos reads R + 2^23. Every t is reached and no two readings disagree
 * (H200, 2026-11-29). Build: gcc -O2 mufu_trig_q.c -o mufu_trig_q;  mufu_trig_q sin cos q.u32 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define N (1u << 25)
#define M (1u << 23)
int main(int argc, char **argv)
{
    if (argc != 4) return 2;
    uint32_t *T = malloc(8u * N), *Q = malloc(4u * M);
    for (int k = 0; k < 2; k++) {
        FILE *f = fopen(argv[1 + k], "rb");
        if (!f || fread(T + (size_t)k * N, 4, N, f) != N) return 1;
        fclose(f);
        for (uint32_t i = 1; i < N; i++) T[(size_t)k * N + i] += T[(size_t)k * N + i - 1];
    }
    memset(Q, 0xff, 4u * M);
    long conflicts = 0, unseen = 0;
    for (int k = 0; k < 2; k++)
        for (uint32_t R = 0; R < N; R++) {
            uint32_t v = T[(size_t)k * N + R];
            if (v == 0xffffffffu) continue;
            uint32_t RR = k ? (R + M) & (N - 1) : R, q = RR >> 23, t = RR & (M - 1);
            if (q & 1) t = ~t & (M - 1);
            if (q & 2) v ^= 0x80000000u;
            if (Q[t] == 0xffffffffu) Q[t] = v;
            else if (Q[t] != v) conflicts++;
        }
    for (uint32_t t = 0; t < M; t++) unseen += Q[t] == 0xffffffffu;
    printf("conflicts %ld, t never reached %ld\n", conflicts, unseen);
    FILE *f = fopen(argv[3], "wb");
    if (!f) return 1;
    fwrite(Q, 4, M, f);
    fclose(f);
    return conflicts || unseen;
}
