/* Oracles: asynchronous copies into shared memory (cp.async) and mbarrier phases. The expected
 * values follow from the copy semantics alone: src-size bytes copied, the rest zero. */
#include "oracle.h"

/* async_copy: 4 blocks of 128 threads over n = 1000 words (8 tiles, two per block) */
void case_async_copy(oc_case *c) {
    enum { N = 1000, G = 4, T = 128 };
    oc_kernel(c, "async_copy");
    oc_grid(c, G, 1, 1);
    oc_block(c, T, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    for (int i = 0; i < N; i++) in[i] = oc_rand32(c);
    in[0] = 0xffffffffu, in[1] = 0x80000000u, in[N - 1] = 0x7fffffffu;
    oc_fill(c, "out", OT_U32, N, 0);
    oc_fill(c, "out2", OT_U32, G * 32 * 7, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_buf(c, "out2");
    oc_p_s32(c, N);
    uint32_t *out = oc_out(c, "out"), *out2 = oc_out(c, "out2");
    for (int i = 0; i < N; i++) {
        int tile = i / T, t = i % T, nb = tile * T + (t + 1) % T;
        out[i] = in[i] * 3u + (nb < N ? in[nb] : 0u);
    }
    for (int g = 0; g < G * 32; g++) {
        int t = g % 32;
        uint32_t *o = out2 + g * 7;
        unsigned sz16 = (unsigned)(t % 4) * 4 + 4;
        for (unsigned k = 0; k < 4; k++) o[k] = 4 * k < sz16 ? in[g * 4 + (int)k] : 0u;
        int full8 = t % 3 != 0;
        o[4] = full8 ? in[512 + g * 2] : 0u;
        o[5] = full8 ? in[512 + g * 2 + 1] : 0u;
        o[6] = (t & 1) ? 0u : in[800 + g % 200];
    }
}

/* mbarrier_pipe: 4 blocks of 128 threads, n = 600 words */
void case_mbarrier(oc_case *c) {
    enum { N = 600, G = 4, T = 128 };
    oc_kernel(c, "mbarrier_pipe");
    oc_grid(c, G, 1, 1);
    oc_block(c, T, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    for (int i = 0; i < N; i++) in[i] = oc_rand32(c);
    oc_fill(c, "out", OT_U32, G * T * 4, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    uint32_t *out = oc_out(c, "out");
    for (int b = 0; b < G; b++) {
        uint32_t v01[T];
        for (int t = 0; t < T; t++) {
            int i = b * T + t;
            uint32_t v0 = in[i] + in[b * T + ((t + 5) & (T - 1))];
            int j0 = 512 + i, j1 = 512 + b * T + ((t + 64) & (T - 1));
            uint32_t v1 = (j0 < N ? in[j0] : 0u) ^ (j1 < N ? in[j1] : 0u);
            int k0 = b * T + t, k1 = b * T + ((t + 1) & (T - 1));
            uint32_t v2 = in[(k0 * 3) % N] - in[(k1 * 3) % N];
            v01[t] = v0 + v1;
            out[i * 4 + 0] = v0, out[i * 4 + 1] = v1, out[i * 4 + 2] = v2;
        }
        for (int t = 0; t < T; t++) out[(b * T + t) * 4 + 3] = v01[(t + 3) & (T - 1)];
    }
}
