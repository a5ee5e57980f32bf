/* ptx_run.c — the one-call entry point of mock-GPU test suites (gpuocelot's ABI, as tinygrad's
 * mock CUDA backend calls it): run a PTX kernel on host memory. Memory the caller registered with
 * ptx_register_host keeps its exact bounds; any other pointer parameter is bounded by the host
 * mapping (/proc/self/maps) that holds it, so a stray access is a reported fault, never a crash. */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

/* The process's registrations: ptx_run's ABI carries no sizes, so they live here. */
static struct {
    pthread_mutex_t lock;
    ptxsim_range *r;
    int n, cap;
} registry = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

int ptx_register_host(void *host, size_t bytes) {
    if (!host || !bytes) return PTXSIM_ERR_INVALID_ARGUMENT;
    pthread_mutex_lock(&registry.lock);
    for (int i = 0; i < registry.n; i++) {
        const ptxsim_range *r = &registry.r[i];
        if ((uint64_t)(uintptr_t)host < r->addr + r->bytes && r->addr < (uint64_t)(uintptr_t)host + bytes) {
            pthread_mutex_unlock(&registry.lock);
            return PTXSIM_ERR_INVALID_ARGUMENT;
        }
    }
    if (registry.n == registry.cap) {
        registry.cap = registry.cap ? 2 * registry.cap : 16;
        registry.r = ps_xrealloc(registry.r, (size_t)registry.cap * sizeof *registry.r);
    }
    registry.r[registry.n++] = (ptxsim_range){(uint64_t)(uintptr_t)host, bytes};
    pthread_mutex_unlock(&registry.lock);
    return PTXSIM_OK;
}

int ptx_unregister_host(void *host) {
    int st = PTXSIM_ERR_NOT_FOUND;
    pthread_mutex_lock(&registry.lock);
    for (int i = 0; i < registry.n; i++)
        if (registry.r[i].addr == (uint64_t)(uintptr_t)host) {
            registry.r[i] = registry.r[--registry.n];
            st = PTXSIM_OK;
            break;
        }
    pthread_mutex_unlock(&registry.lock);
    return st;
}

static bool registered(uint64_t v, ptxsim_range *out) {
    bool found = false;
    pthread_mutex_lock(&registry.lock);
    for (int i = 0; i < registry.n && !found; i++)
        if (v - registry.r[i].addr < registry.r[i].bytes) *out = registry.r[i], found = true;
    pthread_mutex_unlock(&registry.lock);
    return found;
}

/* The readable and writable mapping holding v, from /proc/self/maps. */
static bool host_mapping(uint64_t v, ptxsim_range *out) {
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f) return false;
    char line[512], perms[8];
    uint64_t lo, hi;
    bool found = false;
    while (!found && fgets(line, sizeof line, f))
        if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s", &lo, &hi, perms) == 3 && v >= lo && v < hi &&
            perms[0] == 'r' && perms[1] == 'w')
            *out = (ptxsim_range){lo, hi - lo}, found = true;
    fclose(f);
    return found;
}

/* Makes the memory that pointer-sized parameter value v points into addressable: its
 * registration, or the part of its mapping clear of every other registration (one byte apart,
 * as allocations are). done[] holds what this launch registered so far. */
static void map_pointer(ptxsim_context *ctx, uint64_t v, ptxsim_range *done, int *ndone) {
    if (!v || ptxsim_mem_range(ctx, v, NULL, NULL, NULL) == PTXSIM_OK) return;
    ptxsim_range r;
    if (!registered(v, &r)) {
        if (!host_mapping(v, &r)) return; /* not a pointer into writable memory: a plain value */
        uint64_t lo = r.addr, hi = r.addr + r.bytes;
        pthread_mutex_lock(&registry.lock);
        for (int i = 0; i < registry.n + *ndone; i++) {
            const ptxsim_range *g = i < registry.n ? &registry.r[i] : &done[i - registry.n];
            if (g->addr + g->bytes <= v && g->addr + g->bytes + 1 > lo) lo = g->addr + g->bytes + 1;
            if (g->addr > v && g->addr - 1 < hi) hi = g->addr - 1;
        }
        pthread_mutex_unlock(&registry.lock);
        r = (ptxsim_range){lo, hi - lo};
    }
    if (ptxsim_mem_register_host(ctx, (void *)(uintptr_t)r.addr, r.bytes, "host memory") == PTXSIM_OK)
        done[(*ndone)++] = r;
}

int ptx_run(const char *ptx_source, int n_args, void **args, int block_x, int block_y, int block_z,
            int grid_x, int grid_y, int grid_z, int shared_mem) {
    if (!ptx_source || n_args < 0 || (n_args && !args) || block_x < 1 || block_y < 1 || block_z < 1 ||
        grid_x < 1 || grid_y < 1 || grid_z < 1 || shared_mem < 0) {
        fprintf(stderr, "ptx_run: error: invalid arguments\n");
        return PTXSIM_ERR_INVALID_ARGUMENT;
    }
    const char *arch = getenv("PTXSIM_ARCH");
    ptxsim_context *ctx;
    const char *why = NULL;
    ptxsim_status st = ptxsim_context_create(arch && *arch ? arch : NULL, &ctx, &why);
    if (st != PTXSIM_OK) {
        fprintf(stderr, "ptx_run: error: PTXSIM_ARCH=%s: %s\n", arch, why);
        return st;
    }
    ptxsim_module *m = NULL;
    ptxsim_kernel *k = NULL;
    ptxsim_diagnostics *d = NULL;
    ptxsim_report *rep = NULL;
    st = ptxsim_module_load(ctx, "ptx_run", ptx_source, strlen(ptx_source), &m, &d);
    if (st != PTXSIM_OK) {
        ptxsim_diagnostics_print(d, stderr);
        goto out;
    }
    if ((st = ptxsim_module_kernel(m, NULL, &k)) != PTXSIM_OK) goto out;
    if (n_args != ptxsim_kernel_param_count(k)) {
        st = api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "kernel '%s' takes %d parameters, %d were given",
                      ptxsim_kernel_name(k), ptxsim_kernel_param_count(k), n_args);
        goto out;
    }
    ptxsim_range *done = ps_xcalloc((size_t)n_args + 1, sizeof *done);
    int ndone = 0;
    for (int i = 0; i < n_args; i++) {
        size_t size;
        ptxsim_kernel_param(k, i, &size, NULL);
        if (size == 8 && args[i]) {
            uint64_t v;
            memcpy(&v, args[i], 8);
            map_pointer(ctx, v, done, &ndone);
        }
    }
    free(done);
    ptxsim_launch_config cfg = {.grid = {(unsigned)grid_x, (unsigned)grid_y, (unsigned)grid_z},
                                .block = {(unsigned)block_x, (unsigned)block_y, (unsigned)block_z},
                                .shared_bytes = (unsigned)shared_mem, .args = args};
    st = ptxsim_launch(ctx, k, &cfg, &rep);
out:
    if (st != PTXSIM_OK) fprintf(stderr, "ptx_run: error: %s\n", ptxsim_context_message(ctx));
    ptxsim_report_free(rep);
    ptxsim_diagnostics_free(d);
    ptxsim_context_destroy(ctx);
    return st;
}
