/* copy_trace.c — how fast could ptxsim run the bench copy kernel (corpus/bench/copy) if each
 * kernel's loop were compiled to host code, keeping ptxsim's data layout? The loop body below is
 * what a trace compiler or JIT would emit for the eight records of $L__BB0_2, per warp: every
 * register a row of 32 lanes x 64 bits, an exec mask, a branch that narrows it, and global
 * accesses that resolve each address through an allocation table and check its bounds — with the
 * one specialisation such a compiler could make at run time: when the active lanes' addresses are
 * consecutive and inside one allocation, one bounds check and one 128-byte copy. It is timed
 * against the native twin's loop (scripts/bench/native.c, copy_run) in the same process, best of
 * REPS runs each, on the bench's problem: 8 Mi words, grid 512 x 256, grid-stride.
 *   cc -O2 -o /tmp/copy_trace lab/trace_proto/copy_trace.c && /tmp/copy_trace [interleaved]
 * Prints the two times and their ratio, and checks the output equals the input. With
 * "interleaved" every warp of the grid is resident and they take one loop iteration each in turn
 * (another legal schedule, which walks memory in order); without, ptxsim's order: one CTA at a
 * time, each warp to its exit, so consecutive accesses of a warp are 512 KiB apart. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { N = 8 << 20, GRID = 512, BLOCK = 256, LANES = 32, REPS = 7 };

typedef struct {
    uint64_t base, size;
    uint8_t *host;
} alloc;

static alloc allocs[2];
static int nallocs;

/* the allocation holding [a, a + n), NULL outside every one (ptxsim: a fault) */
static const alloc *find(uint64_t a, uint64_t n) {
    static const alloc *last;
    if (last && a - last->base < last->size && n <= last->size - (a - last->base)) return last;
    for (int i = 0; i < nallocs; i++)
        if (a - allocs[i].base < allocs[i].size && n <= allocs[i].size - (a - allocs[i].base))
            return last = &allocs[i];
    return NULL;
}

static uint64_t device_alloc(uint64_t size) {
    uint64_t base = 0x7f0000000000ull + (uint64_t)nallocs * (1ull << 36);
    allocs[nallocs++] = (alloc){base, size, calloc(size, 1)};
    return base;
}

static int faults;

/* ld.global.u32 / st.global.u32 of a warp: the specialised path, or one lane at a time */
static void ld32(uint64_t *d, const uint64_t *addr, uint32_t exec) {
    if (exec == 0xffffffffu && addr[31] == addr[0] + 124) {
        const alloc *al = find(addr[0], 128);
        if (al) {
            uint32_t tmp[LANES];
            memcpy(tmp, al->host + (addr[0] - al->base), sizeof tmp);
            for (int l = 0; l < LANES; l++) d[l] = tmp[l];
            int ok = 1; /* consecutive: every lane 4 bytes after the one before */
            for (int l = 1; l < LANES; l++) ok &= addr[l] == addr[l - 1] + 4;
            if (ok) return;
        }
    }
    for (uint32_t m = exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        const alloc *al = find(addr[l], 4);
        if (!al) {
            faults++;
            continue;
        }
        uint32_t v;
        memcpy(&v, al->host + (addr[l] - al->base), 4);
        d[l] = v;
    }
}

static void st32(const uint64_t *addr, const uint64_t *v, uint32_t exec) {
    if (exec == 0xffffffffu && addr[31] == addr[0] + 124) {
        const alloc *al = find(addr[0], 128);
        int ok = al != NULL;
        for (int l = 1; l < LANES && ok; l++) ok &= addr[l] == addr[l - 1] + 4;
        if (ok) {
            uint32_t tmp[LANES];
            for (int l = 0; l < LANES; l++) tmp[l] = (uint32_t)v[l];
            memcpy(al->host + (addr[0] - al->base), tmp, sizeof tmp);
            return;
        }
    }
    for (uint32_t m = exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        const alloc *al = find(addr[l], 4);
        if (!al) {
            faults++;
            continue;
        }
        uint32_t x = (uint32_t)v[l];
        memcpy(al->host + (addr[l] - al->base), &x, 4);
    }
}

/* one warp's registers (the rows the loop uses) and exec mask */
typedef struct {
    uint64_t r11[LANES], r3[LANES], rd1[LANES], rd2[LANES], rd5[LANES], rd6[LANES], rd7[LANES], r10[LANES];
    uint32_t exec;
} warp_state;

/* the prologue: mad.lo.s32 %r11, %ctaid.x, %ntid.x, %tid.x; setp.ge; @p bra; mul.lo; cvta */
static void start(warp_state *s, uint64_t in, uint64_t out, int32_t n, int cta, int w) {
    s->exec = 0;
    for (int l = 0; l < LANES; l++) {
        s->r11[l] = (uint32_t)(cta * BLOCK + w * LANES + l);
        if ((int32_t)s->r11[l] < n) s->exec |= 1u << l;
        s->r3[l] = (uint32_t)(GRID * BLOCK);
        s->rd1[l] = in, s->rd2[l] = out;
    }
}

/* the loop, compiled: `iters` iterations of one warp (0: until it exits) */
static void loop(warp_state *s, int32_t n, int iters) {
    uint64_t *r11 = s->r11, *r3 = s->r3, *rd1 = s->rd1, *rd2 = s->rd2, *rd5 = s->rd5, *rd6 = s->rd6, *rd7 = s->rd7,
             *r10 = s->r10;
    uint32_t exec = s->exec;
    for (int k = 0; exec && (!iters || k < iters); k++) {
        for (int l = 0; l < LANES; l++) rd5[l] = (uint64_t)((int64_t)(int32_t)r11[l] * 4); /* mul.wide.s32 */
        for (int l = 0; l < LANES; l++) rd6[l] = rd1[l] + rd5[l];                       /* add.s64 */
        ld32(r10, rd6, exec);                                                           /* ld.global.u32 */
        for (int l = 0; l < LANES; l++) rd7[l] = rd2[l] + rd5[l];                       /* add.s64 */
        st32(rd7, r10, exec);                                                           /* st.global.u32 */
        for (int l = 0; l < LANES; l++) r11[l] = (uint32_t)(r11[l] + r3[l]);            /* add.s32 */
        uint32_t p2 = 0;                                                                /* setp.lt.s32 */
        for (int l = 0; l < LANES; l++) p2 |= (uint32_t)((int32_t)r11[l] < n) << l;
        exec &= p2; /* @%p2 bra: the lanes that stay in the loop */
    }
    s->exec = exec;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static volatile uint32_t sink;

int main(int argc, char **argv) {
    int order = argc > 1 && !strcmp(argv[1], "interleaved");
    warp_state *all = order ? malloc(sizeof *all * GRID * (BLOCK / LANES)) : NULL;
    uint64_t in = device_alloc((uint64_t)N * 4), out = device_alloc((uint64_t)N * 4);
    uint32_t *hin = (uint32_t *)allocs[0].host, *hout = (uint32_t *)allocs[1].host;
    uint32_t *nin = malloc((size_t)N * 4), *nout = calloc((size_t)N, 4);
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < N; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        hin[i] = nin[i] = (uint32_t)x;
    }
    double best_trace = 1e9, best_native = 1e9;
    for (int r = 0; r < REPS; r++) {
        memset(hout, 0, (size_t)N * 4);
        double t0 = now();
        if (order == 0) /* ptxsim's order: one CTA at a time, each warp to its exit */
            for (int c = 0; c < GRID; c++)
                for (int w = 0; w < BLOCK / LANES; w++) {
                    warp_state s;
                    start(&s, in, out, N, c, w);
                    loop(&s, N, 0);
                }
        else { /* every warp of the grid resident, one iteration each in turn */
            for (int c = 0; c < GRID; c++)
                for (int w = 0; w < BLOCK / LANES; w++) start(&all[c * (BLOCK / LANES) + w], in, out, N, c, w);
            for (int live = 1; live;) {
                live = 0;
                for (int i = 0; i < GRID * (BLOCK / LANES); i++)
                    if (all[i].exec) loop(&all[i], N, 1), live = 1;
            }
        }
        double t1 = now();
        for (int i = 0; i < N; i++) nout[i] = nin[i]; /* the twin's loop */
        sink = nout[N - 1];
        double t2 = now();
        if (t1 - t0 < best_trace) best_trace = t1 - t0;
        if (t2 - t1 < best_native) best_native = t2 - t1;
    }
    int same = !memcmp(hout, hin, (size_t)N * 4) && !faults;
    printf("%s: compiled-trace copy: %.2f ms, native twin: %.2f ms, ratio %.2fx, output %s\n", order ? "interleaved" : "warp to exit", best_trace * 1e3,
           best_native * 1e3, best_trace / best_native, same ? "equal to the input" : "WRONG");
    return same ? 0 : 1;
}
