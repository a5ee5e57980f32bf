/* launch_cost.c — the fixed cost of one launch (issue 14): N launches of a one-warp kernel through
 * libptxsim, timed per launch in wall and CPU time, for each libptxsim.so named on the command
 * line. The libraries run in turns (round r of each, then round r + 1) so that every one sees the
 * same host load, and the first one is the baseline the others are divided by. Each round checks
 * the kernel's output against the C loop below before its time counts. Driven by
 * scripts/bench/launch_cost.sh; options of the context from the environment: LAUNCH_THREADS
 * (host threads, default 0: all cores), LAUNCH_TIMEOUT (seconds; default: the library's 30 s
 * default, so the timeout monitor is on as under `ptxsim exec`), LAUNCH_GRID (CTAs, default 1).
 *
 *   launch_cost N ROUNDS LIB.so [LIB.so...]
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ptxsim.h"

static const char ptx[] =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".visible .entry inc(.param .u64 p)\n"
    "{\n"
    "  .reg .b32 %r<6>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [p]; mov.u32 %r1, %tid.x; mov.u32 %r4, %ctaid.x;\n"
    "  mad.lo.u32 %r5, %r4, 32, %r1; mul.wide.u32 %rd2, %r5, 4;\n"
    "  add.u64 %rd3, %rd1, %rd2; ld.global.u32 %r2, [%rd3]; add.u32 %r3, %r2, %r1;\n"
    "  st.global.u32 [%rd3], %r3; ret;\n"
    "}\n";

typedef struct {
    const char *path;
    void *h;
    ptxsim_status (*context_create)(const char *, ptxsim_context **, const char **);
    void (*context_destroy)(ptxsim_context *);
    void (*get_options)(const ptxsim_context *, ptxsim_options *);
    ptxsim_status (*set_options)(ptxsim_context *, const ptxsim_options *);
    ptxsim_status (*module_load)(ptxsim_context *, const char *, const char *, size_t, ptxsim_module **,
                                 ptxsim_diagnostics **);
    ptxsim_status (*module_kernel)(ptxsim_module *, const char *, ptxsim_kernel **);
    ptxsim_status (*mem_alloc)(ptxsim_context *, uint64_t, const char *, uint64_t *);
    ptxsim_status (*mem_write)(ptxsim_context *, uint64_t, const void *, size_t);
    ptxsim_status (*mem_read)(ptxsim_context *, void *, uint64_t, size_t);
    ptxsim_status (*launch)(ptxsim_context *, ptxsim_kernel *, const ptxsim_launch_config *,
                            ptxsim_report **);
    double best_wall, best_cpu;
} lib;

static void *sym(lib *l, const char *name) {
    void *p = dlsym(l->h, name);
    if (!p) {
        fprintf(stderr, "launch_cost: %s has no %s\n", l->path, name);
        exit(2);
    }
    return p;
}

static double now(clockid_t id) {
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One round: a fresh context, n launches; false when the output is wrong. */
static int round_of(lib *l, long n, double *wall, double *cpu) {
    ptxsim_context *c;
    if (l->context_create("sm_90", &c, NULL) != PTXSIM_OK) return 0;
    ptxsim_options o;
    l->get_options(c, &o);
    o.threads = getenv("LAUNCH_THREADS") ? atoi(getenv("LAUNCH_THREADS")) : 0;
    if (getenv("LAUNCH_TIMEOUT")) o.timeout = atof(getenv("LAUNCH_TIMEOUT"));
    l->set_options(c, &o);
    unsigned grid = getenv("LAUNCH_GRID") ? (unsigned)atoi(getenv("LAUNCH_GRID")) : 1;
    if (grid < 1 || grid > 4096) grid = 1;
    ptxsim_module *m;
    ptxsim_kernel *k;
    uint64_t d;
    size_t count = 32u * grid;
    uint32_t *v = calloc(count, 4);
    if (!v || l->module_load(c, "inc.ptx", ptx, strlen(ptx), &m, NULL) != PTXSIM_OK ||
        l->module_kernel(m, "inc", &k) != PTXSIM_OK || l->mem_alloc(c, count * 4, "v", &d) != PTXSIM_OK ||
        l->mem_write(c, d, v, count * 4) != PTXSIM_OK)
        return 0;
    void *args[] = {&d};
    /* every launch adds %tid.x to word 32 * %ctaid.x + %tid.x */
    ptxsim_launch_config cfg = {.grid = {grid, 1, 1}, .block = {32, 1, 1}, .args = args};
    double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
    int ok = 1;
    for (long i = 0; i < n && ok; i++) ok = l->launch(c, k, &cfg, NULL) == PTXSIM_OK;
    *wall = now(CLOCK_MONOTONIC) - w0, *cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (ok && l->mem_read(c, v, d, count * 4) == PTXSIM_OK) {
        for (size_t i = 0; i < count; i++)
            if (v[i] != (uint32_t)((uint64_t)(i % 32) * (uint64_t)n)) ok = 0;
    } else ok = 0;
    free(v);
    l->context_destroy(c);
    return ok;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: launch_cost N ROUNDS LIB.so [LIB.so...]\n");
        return 2;
    }
    long n = atol(argv[1]);
    int rounds = atoi(argv[2]), nl = argc - 3;
    if (n < 1 || rounds < 1) return 2;
    lib *ls = calloc((size_t)nl, sizeof *ls);
    for (int i = 0; i < nl; i++) {
        lib *l = &ls[i];
        l->path = argv[3 + i];
        l->h = dlopen(l->path, RTLD_NOW | RTLD_LOCAL);
        if (!l->h) {
            fprintf(stderr, "launch_cost: %s\n", dlerror());
            return 2;
        }
        l->context_create = sym(l, "ptxsim_context_create");
        l->context_destroy = sym(l, "ptxsim_context_destroy");
        l->get_options = sym(l, "ptxsim_context_get_options");
        l->set_options = sym(l, "ptxsim_context_set_options");
        l->module_load = sym(l, "ptxsim_module_load");
        l->module_kernel = sym(l, "ptxsim_module_kernel");
        l->mem_alloc = sym(l, "ptxsim_mem_alloc");
        l->mem_write = sym(l, "ptxsim_mem_write");
        l->mem_read = sym(l, "ptxsim_mem_read");
        l->launch = sym(l, "ptxsim_launch");
        l->best_wall = l->best_cpu = 1e30;
    }
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < nl; i++) {
            double w, c;
            if (!round_of(&ls[i], n, &w, &c)) {
                fprintf(stderr, "launch_cost: %s: a launch failed or its output is wrong\n", ls[i].path);
                return 1;
            }
            if (w < ls[i].best_wall) ls[i].best_wall = w;
            if (c < ls[i].best_cpu) ls[i].best_cpu = c;
        }
    printf("%ld launches of a %u-CTA one-warp kernel, best of %d rounds\n", n,
           getenv("LAUNCH_GRID") ? (unsigned)atoi(getenv("LAUNCH_GRID")) : 1u, rounds);
    printf("%-40s %12s %12s %10s\n", "library", "wall us/launch", "cpu us/launch", "wall ratio");
    for (int i = 0; i < nl; i++)
        printf("%-40s %12.2f %12.2f %10.3f\n", ls[i].path, ls[i].best_wall / (double)n * 1e6,
               ls[i].best_cpu / (double)n * 1e6, ls[i].best_wall / ls[0].best_wall);
    return 0;
}
