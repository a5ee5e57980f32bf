/* native.c — the benchmark suite's native C twins: for each kernel under corpus/bench/ it writes
 * the kernel's input files, computes the same bytes the kernel must produce (the oracle), times
 * that computation on one host thread, and writes the expected outputs.
 *
 *   native NAME DIR     inputs to DIR/<buffer>.in.bin, expected outputs to
 *                       DIR/expected/<buffer>.bin; prints "native_seconds S reps R"
 *   native --list       the kernel names
 *
 * Sizes here must match corpus/bench/NAME/bench.json (grid, block, counts, scalar params).
 * Build: cc -O2 -o native native.c -lm (single thread, no -march: the same baseline ISA as the
 * simulator's release build). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* ---- helpers ------------------------------------------------------------------------------ */

static uint64_t rng_state;
static uint64_t rng(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static float rng_f32(void) { /* uniform in [-1, 1), 24 random bits */
    return (float)((int32_t)(rng() >> 40) - (1 << 23)) / (float)(1 << 23);
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "native: out of memory\n");
        exit(2);
    }
    return p;
}

static const char *g_dir;
static void write_file(const char *sub, const char *name, const void *data, size_t bytes) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s%s", g_dir, sub, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, bytes, f) != bytes || fclose(f)) {
        fprintf(stderr, "native: cannot write %s\n", path);
        exit(2);
    }
}
#define WRITE_IN(name, p, n) write_file("", name ".in.bin", p, (n) * sizeof *(p))
#define WRITE_OUT(name, p, n) write_file("expected/", name ".bin", p, (n) * sizeof *(p))

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Keeps the compiler from hoisting repeated runs: each run's outputs are observed. */
static volatile uint32_t g_sink;
static void observe(const void *p, size_t bytes) {
    const uint8_t *b = p;
    g_sink += b[0] + b[bytes / 2] + b[bytes - 1];
}

/* ---- alu: integer hash loop --------------------------------------------------------------- */
enum { ALU_THREADS = 128 * 256, ALU_ITERS = 1024 };
static uint32_t *alu_seed, *alu_out;
static void alu_gen(void) {
    alu_seed = xmalloc(ALU_THREADS * 4), alu_out = xmalloc(ALU_THREADS * 4);
    for (int i = 0; i < ALU_THREADS; i++) alu_seed[i] = (uint32_t)rng();
    WRITE_IN("seed", alu_seed, ALU_THREADS);
}
static void alu_run(void) {
    for (uint32_t i = 0; i < ALU_THREADS; i++) {
        uint32_t x = alu_seed[i], y = i * 0x9e3779b9u;
        for (int k = 0; k < ALU_ITERS; k++) {
            x = x * 1664525u + 1013904223u;
            y ^= x >> 13;
            y = (y << 5) + y + (uint32_t)k;
            x ^= y;
        }
        alu_out[i] = x ^ y;
    }
    observe(alu_out, ALU_THREADS * 4);
}
static void alu_put(void) { WRITE_OUT("out", alu_out, ALU_THREADS); }

/* ---- fma: four f32 fma chains ------------------------------------------------------------- */
enum { FMA_THREADS = 128 * 256, FMA_ITERS = 1024 };
static float *fma_in, *fma_out;
static void fma_gen(void) {
    fma_in = xmalloc(FMA_THREADS * 4), fma_out = xmalloc(FMA_THREADS * 4);
    for (int i = 0; i < FMA_THREADS; i++) fma_in[i] = rng_f32();
    WRITE_IN("in", fma_in, FMA_THREADS);
}
static void fma_run(void) {
    const float m = 0.999f, k = 0.001f;
    for (int i = 0; i < FMA_THREADS; i++) {
        float a = fma_in[i], b = a * 0.5f, c = a + 0.25f, d = -a;
        for (int j = 0; j < FMA_ITERS; j++) {
            a = fmaf(a, m, k);
            b = fmaf(b, m, -k);
            c = fmaf(c, m, a);
            d = fmaf(d, m, b);
        }
        fma_out[i] = a + b + c + d;
    }
    observe(fma_out, FMA_THREADS * 4);
}
static void fma_put(void) { WRITE_OUT("out", fma_out, FMA_THREADS); }

/* ---- matmul: C = A·B, f32, k in ascending order with fused multiply-adds ------------------- */
enum { MM_N = 256 };
static float *mm_a, *mm_b, *mm_c;
static void matmul_gen(void) {
    mm_a = xmalloc(MM_N * MM_N * 4), mm_b = xmalloc(MM_N * MM_N * 4), mm_c = xmalloc(MM_N * MM_N * 4);
    for (int i = 0; i < MM_N * MM_N; i++) mm_a[i] = rng_f32();
    for (int i = 0; i < MM_N * MM_N; i++) mm_b[i] = rng_f32();
    WRITE_IN("A", mm_a, MM_N * MM_N);
    WRITE_IN("B", mm_b, MM_N * MM_N);
}
static void matmul_run(void) {
    for (int r = 0; r < MM_N; r++)
        for (int c = 0; c < MM_N; c++) {
            float acc = 0.0f;
            for (int k = 0; k < MM_N; k++) acc = fmaf(mm_a[r * MM_N + k], mm_b[k * MM_N + c], acc);
            mm_c[r * MM_N + c] = acc;
        }
    observe(mm_c, MM_N * MM_N * 4);
}
static void matmul_put(void) { WRITE_OUT("C", mm_c, MM_N * MM_N); }

/* ---- shfl: per-warp shfl.down tree sums ------------------------------------------------------ */
enum { SH_THREADS = 64 * 256, SH_ITERS = 256 };
static float *sh_in, *sh_out;
static void shfl_gen(void) {
    sh_in = xmalloc((size_t)SH_THREADS * SH_ITERS * 4), sh_out = xmalloc(SH_THREADS / 32 * 4);
    for (int i = 0; i < SH_THREADS * SH_ITERS; i++) sh_in[i] = rng_f32();
    WRITE_IN("in", sh_in, (size_t)SH_THREADS * SH_ITERS);
}
static void shfl_run(void) {
    for (int wp = 0; wp < SH_THREADS / 32; wp++) {
        float acc = 0.0f;
        for (int k = 0; k < SH_ITERS; k++) {
            float v[32];
            for (int l = 0; l < 32; l++) v[l] = sh_in[k * SH_THREADS + wp * 32 + l];
            /* shfl.down by o: lane l reads lane l+o, or keeps its own value past lane 31 */
            for (int o = 16; o > 0; o >>= 1)
                for (int l = 0; l < 32; l++) v[l] += l + o < 32 ? v[l + o] : v[l];
            acc += v[0];
        }
        sh_out[wp] = acc;
    }
    observe(sh_out, SH_THREADS / 32 * 4);
}
static void shfl_put(void) { WRITE_OUT("out", sh_out, SH_THREADS / 32); }

/* ---- copy ---------------------------------------------------------------------------------- */
enum { CP_N = 8 << 20 };
static uint32_t *cp_in, *cp_out;
static void copy_gen(void) {
    cp_in = xmalloc((size_t)CP_N * 4), cp_out = xmalloc((size_t)CP_N * 4);
    for (int i = 0; i < CP_N; i++) cp_in[i] = (uint32_t)rng();
    memset(cp_out, 0, (size_t)CP_N * 4); /* first touch outside the timed runs */
    WRITE_IN("in", cp_in, CP_N);
}
static void copy_run(void) {
    for (int i = 0; i < CP_N; i++) cp_out[i] = cp_in[i];
    observe(cp_out, (size_t)CP_N * 4);
}
static void copy_put(void) { WRITE_OUT("out", cp_out, CP_N); }

/* ---- diverge: data-dependent loop bodies and trip counts ------------------------------------ */
enum { DV_THREADS = 512 * 256 };
static uint32_t *dv_in, *dv_out;
static void diverge_gen(void) {
    dv_in = xmalloc(DV_THREADS * 4), dv_out = xmalloc(DV_THREADS * 4);
    for (int i = 0; i < DV_THREADS; i++) dv_in[i] = (uint32_t)rng();
    WRITE_IN("in", dv_in, DV_THREADS);
}
static void diverge_run(void) {
    for (int i = 0; i < DV_THREADS; i++) {
        uint32_t x = dv_in[i], n = 16 + (x & 63), acc = 0;
        for (uint32_t k = 0; k < n; k++) {
            switch ((x >> 7) & 3) {
            case 0: acc += x * k; x = x * 3u + 1u; break;
            case 1: acc ^= x >> (k & 7); x += 0x9e37u; break;
            case 2:
                if (x & 1) {
                    x = 3u * x + 1u;
                    acc += 7u;
                } else {
                    x >>= 1;
                    acc -= 3u;
                }
                break;
            default:
                for (uint32_t j = 0; j < (k & 3); j++) acc = acc * 33u + x;
                x ^= acc;
                break;
            }
        }
        dv_out[i] = acc ^ x;
    }
    observe(dv_out, DV_THREADS * 4);
}
static void diverge_put(void) { WRITE_OUT("out", dv_out, DV_THREADS); }

/* ---- gemm: 1024×1024 f32, each element a fma chain over k ascending from 0 (as the kernel) --- */
enum { GM_N = 1024 };
static float *gm_a, *gm_b, *gm_c;
static void gemm_gen(void) {
    size_t nn = (size_t)GM_N * GM_N;
    gm_a = xmalloc(nn * 4), gm_b = xmalloc(nn * 4), gm_c = xmalloc(nn * 4);
    for (size_t i = 0; i < nn; i++) gm_a[i] = rng_f32();
    for (size_t i = 0; i < nn; i++) gm_b[i] = rng_f32();
    WRITE_IN("A", gm_a, nn);
    WRITE_IN("B", gm_b, nn);
}
static void gemm_run(void) {
    /* row by row, k outer and j inner: every c[r][j] still sees k = 0, 1, ... in order */
    for (int r = 0; r < GM_N; r++) {
        float *c = gm_c + (size_t)r * GM_N;
        for (int j = 0; j < GM_N; j++) c[j] = 0.0f;
        for (int k = 0; k < GM_N; k++) {
            float a = gm_a[(size_t)r * GM_N + k];
            const float *b = gm_b + (size_t)k * GM_N;
            for (int j = 0; j < GM_N; j++) c[j] = fmaf(a, b[j], c[j]);
        }
    }
    observe(gm_c, (size_t)GM_N * GM_N * 4);
}
static void gemm_put(void) { WRITE_OUT("C", gm_c, (size_t)GM_N * GM_N); }

/* ---- radix: per 2048-key tile, a stable reorder by the 4-bit digit, and the digit totals ------ */
enum { RX_TILE = 2048, RX_TILES = 2048, RX_SHIFT = 4 };
static uint32_t *rx_keys, *rx_out, *rx_hist;
static void radix_gen(void) {
    size_t n = (size_t)RX_TILE * RX_TILES;
    rx_keys = xmalloc(n * 4), rx_out = xmalloc(n * 4), rx_hist = xmalloc(RX_TILES * 16 * 4);
    for (size_t i = 0; i < n; i++) rx_keys[i] = (uint32_t)rng();
    WRITE_IN("keys", rx_keys, n);
}
static void radix_run(void) {
    for (size_t b = 0; b < RX_TILES; b++) {
        const uint32_t *k = rx_keys + b * RX_TILE;
        uint32_t *o = rx_out + b * RX_TILE, *h = rx_hist + b * 16, pos[16];
        memset(h, 0, 16 * 4);
        for (int i = 0; i < RX_TILE; i++) h[(k[i] >> RX_SHIFT) & 15]++;
        for (uint32_t d = 0, s = 0; d < 16; d++) pos[d] = s, s += h[d];
        for (int i = 0; i < RX_TILE; i++) o[pos[(k[i] >> RX_SHIFT) & 15]++] = k[i];
    }
    observe(rx_out, (size_t)RX_TILE * RX_TILES * 4);
}
static void radix_put(void) {
    WRITE_OUT("out", rx_out, (size_t)RX_TILE * RX_TILES);
    WRITE_OUT("hist", rx_hist, (size_t)RX_TILES * 16);
}

/* ---- softmax: one warp per row of 1024; the kernel's operations in the kernel's order -------- */
enum { SM_ROWS = 4096, SM_L = 1024 };
static float *sm_x, *sm_y;
static float sm_exp(float x) { /* corpus/bench/softmax/softmax.cu exp_poly */
    float t = fmaxf(x * 1.44269502f, -126.0f), n = floorf(t), f = t - n;
    float p = 1.53533933e-4f;
    p = fmaf(p, f, 1.33988880e-3f);
    p = fmaf(p, f, 9.61843040e-3f);
    p = fmaf(p, f, 5.55036515e-2f);
    p = fmaf(p, f, 2.40226337e-1f);
    p = fmaf(p, f, 6.93147182e-1f);
    p = fmaf(p, f, 1.0f);
    uint32_t bits = (uint32_t)((int)n + 127) << 23;
    float scale;
    memcpy(&scale, &bits, 4);
    return p * scale;
}
static void softmax_gen(void) {
    size_t n = (size_t)SM_ROWS * SM_L;
    sm_x = xmalloc(n * 4), sm_y = xmalloc(n * 4);
    for (size_t i = 0; i < n; i++) sm_x[i] = rng_f32() * 12.0f;
    WRITE_IN("x", sm_x, n);
}
static void softmax_run(void) {
    for (int r = 0; r < SM_ROWS; r++) {
        const float *x = sm_x + (size_t)r * SM_L;
        float *y = sm_y + (size_t)r * SM_L, m = x[0], s[32], t[32];
        for (int i = 1; i < SM_L; i++) m = fmaxf(m, x[i]); /* exact: any order */
        for (int i = 0; i < SM_L; i++) y[i] = sm_exp(x[i] - m);
        for (int l = 0; l < 32; l++) { /* lane l: elements l, l + 32, ... in order */
            s[l] = 0.0f;
            for (int j = 0; j < SM_L / 32; j++) s[l] += y[l + 32 * j];
        }
        for (int o = 16; o > 0; o >>= 1) { /* shfl.bfly: lane l adds lane l ^ o's value */
            for (int l = 0; l < 32; l++) t[l] = s[l] + s[l ^ o];
            memcpy(s, t, sizeof s);
        }
        for (int i = 0; i < SM_L; i++) y[i] = y[i] / s[i & 31];
    }
    observe(sm_y, (size_t)SM_ROWS * SM_L * 4);
}
static void softmax_put(void) { WRITE_OUT("y", sm_y, (size_t)SM_ROWS * SM_L); }

/* ---- mma, wgmma: tensor-core GEMMs, C (M×N) = A·Bᵀ with A M×K and B N×K f16 ---------------- */
/* Inputs are integers in [-4, 4]: exact in f16, products of magnitude ≤ 16 and partial sums below
 * 2^14, so every f32 sum is exact in any order and the twin may use the fastest loop order (k
 * outer over a transposed copy of B: contiguous rows, vectorised at -O3 -march=native). The
 * f16 → float conversion of the inputs happens once, outside the timed runs. */
enum { TC_M = 1024, TC_N = 1024, TC_K = 1024 };
static uint16_t *tc_a16, *tc_b16;
static float *tc_a, *tc_bt, *tc_c; /* tc_bt: B transposed to K×N */
static uint16_t tc_f16_of(int v) { /* small integers only: |v| ≤ 4 */
    static const uint16_t mag[5] = {0x0000, 0x3c00, 0x4000, 0x4200, 0x4400};
    return (uint16_t)(mag[v < 0 ? -v : v] | (v < 0 ? 0x8000 : 0));
}
static void tc_gen(void) {
    tc_a16 = xmalloc((size_t)TC_M * TC_K * 2), tc_b16 = xmalloc((size_t)TC_N * TC_K * 2);
    tc_a = xmalloc((size_t)TC_M * TC_K * 4), tc_bt = xmalloc((size_t)TC_K * TC_N * 4);
    tc_c = xmalloc((size_t)TC_M * TC_N * 4);
    for (size_t i = 0; i < (size_t)TC_M * TC_K; i++) {
        int v = (int)(rng() % 9) - 4;
        tc_a16[i] = tc_f16_of(v), tc_a[i] = (float)v;
    }
    for (size_t i = 0; i < (size_t)TC_N * TC_K; i++) { /* B[n][k] */
        int v = (int)(rng() % 9) - 4;
        tc_b16[i] = tc_f16_of(v), tc_bt[(i % TC_K) * TC_N + i / TC_K] = (float)v;
    }
    memset(tc_c, 0, (size_t)TC_M * TC_N * 4);
    WRITE_IN("A", tc_a16, (size_t)TC_M * TC_K);
    WRITE_IN("B", tc_b16, (size_t)TC_N * TC_K);
}
static void tc_run(void) {
    for (int r = 0; r < TC_M; r++) {
        float *c = tc_c + (size_t)r * TC_N;
        for (int j = 0; j < TC_N; j++) c[j] = 0.0f;
        for (int k = 0; k < TC_K; k++) {
            float a = tc_a[(size_t)r * TC_K + k];
            const float *b = tc_bt + (size_t)k * TC_N;
            for (int j = 0; j < TC_N; j++) c[j] += a * b[j];
        }
    }
    observe(tc_c, (size_t)TC_M * TC_N * 4);
}
static void tc_put(void) { WRITE_OUT("C", tc_c, (size_t)TC_M * TC_N); }

/* ---- driver ---------------------------------------------------------------------------------- */

static const struct {
    const char *name;
    void (*gen)(void), (*run)(void), (*put)(void);
} benches[] = {
    {"alu", alu_gen, alu_run, alu_put},         {"fma", fma_gen, fma_run, fma_put},
    {"matmul", matmul_gen, matmul_run, matmul_put}, {"shfl", shfl_gen, shfl_run, shfl_put},
    {"copy", copy_gen, copy_run, copy_put},     {"diverge", diverge_gen, diverge_run, diverge_put},
    {"gemm", gemm_gen, gemm_run, gemm_put},     {"radix", radix_gen, radix_run, radix_put},
    {"softmax", softmax_gen, softmax_run, softmax_put},
    {"mma", tc_gen, tc_run, tc_put},            {"wgmma", tc_gen, tc_run, tc_put},
};

int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++) puts(benches[i].name);
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: native NAME DIR | native --list\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++) {
        if (strcmp(argv[1], benches[i].name)) continue;
        g_dir = argv[2];
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/expected", g_dir);
        mkdir(sub, 0777);
        rng_state = 0x5eed0000ull + i;
        benches[i].gen();
        /* best of several runs, at least 3 and at least 0.3 s in all */
        double best = 1e30, total = 0;
        int reps = 0;
        while (reps < 3 || (total < 0.3 && reps < 1000)) {
            double t0 = now();
            benches[i].run();
            double t = now() - t0;
            total += t;
            if (t < best) best = t;
            reps++;
        }
        benches[i].put();
        printf("native_seconds %.6f reps %d\n", best, reps);
        return 0;
    }
    fprintf(stderr, "native: unknown kernel '%s'\n", argv[1]);
    return 2;
}
