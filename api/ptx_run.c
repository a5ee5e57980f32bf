/* ptx_run.c — the one-call entry points of mock-GPU test suites: ptx_run, gpuocelot's ABI as
 * tinygrad's mock CUDA backend calls it (parameter values in the argument slots), and
 * ptxsim_ptx_run (pointers to the values): run a PTX kernel on host memory. Memory the caller
 * registered with ptx_register_host keeps its exact bounds; any other pointer parameter is
 * bounded by the host mapping (/proc/self/maps) that holds it, so a stray access is a reported
 * fault, never a crash. */
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

/* The readable and writable memory holding v, from /proc/self/maps: its mapping joined with the
 * readable and writable mappings that continue it without a gap (a static array may straddle
 * the file-backed .data mapping and the anonymous one of .bss after it). */
static bool host_mapping(uint64_t v, ptxsim_range *out) {
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f) return false;
    char line[512], perms[8];
    uint64_t lo, hi, run_lo = 0, run_hi = 0; /* the current run of contiguous rw mappings */
    bool in_run = false, found = false;
    while (fgets(line, sizeof line, f)) {
        bool rw =
            sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s", &lo, &hi, perms) == 3 && perms[0] == 'r' && perms[1] == 'w';
        if (rw && in_run && lo == run_hi) {
            run_hi = hi;
            continue;
        }
        if (in_run && v >= run_lo && v < run_hi) break; /* the run holding v has ended */
        in_run = rw, run_lo = lo, run_hi = hi;
    }
    if (in_run && v >= run_lo && v < run_hi) *out = (ptxsim_range){run_lo, run_hi - run_lo}, found = true;
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

/* The status of this thread's last ptx_run (gpuocelot's form returns nothing). */
static _Thread_local int last_status = PTXSIM_OK;

int ptxsim_ptx_run_last_status(void) { return last_status; }

/* The launch limits from the environment, as the libcuda shim reads them: PTXSIM_THREADS,
 * PTXSIM_WATCHDOG (warp instructions), PTXSIM_TIMEOUT (seconds; 0: none). A value that is not a
 * number is refused, naming the variable. */
static ptxsim_status env_options(ptxsim_context *ctx) {
    ptxsim_options o;
    ptxsim_context_get_options(ctx, &o);
    static const char *const names[] = {"PTXSIM_THREADS", "PTXSIM_WATCHDOG", "PTXSIM_TIMEOUT"};
    for (int i = 0; i < 3; i++) {
        const char *s = getenv(names[i]);
        if (!s || !*s) continue;
        char *end;
        double v = strtod(s, &end);
        /* NaN and infinities fail !(v <= 1e18) before any conversion to an integer */
        if (*end || !(v >= 0 && v <= 1e18) || (i < 2 && v != (double)(uint64_t)v) || (i == 0 && v > 4096))
            return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "%s=%s: not a %s", names[i], s,
                            i == 0       ? "thread count (0 to 4096)"
                                : i == 1 ? "whole number (0 to 1e18)"
                                         : "number of seconds (0: no limit)");
        if (i == 0) o.threads = (int)v;
        else if (i == 1) o.watchdog = (uint64_t)v;
        else o.timeout = v > 0 ? v : -1;
    }
    return ptxsim_context_set_options(ctx, &o);
}

/* Runs the first kernel of ptx_source. by_value: args[i] is parameter i's value, as gpuocelot's
 * ptx_run takes it (the low bytes of the pointer-sized slot, up to 8 bytes); otherwise args[i]
 * points at the value, as cuLaunchKernel's kernelParams. who names the entry point in messages. */
static int run_kernel(const char *who, bool by_value, const char *ptx_source, int n_args, void **args,
                      const unsigned block[3], const unsigned grid[3], int shared_mem) {
    const char *arch = getenv("PTXSIM_ARCH");
    ptxsim_context *ctx;
    const char *why = NULL;
    ptxsim_status st = ptxsim_context_create(arch && *arch ? arch : NULL, &ctx, &why);
    if (st != PTXSIM_OK) {
        fprintf(stderr, "%s: error: PTXSIM_ARCH=%s: %s\n", who, arch, why);
        return st;
    }
    ptxsim_module *m = NULL;
    ptxsim_kernel *k = NULL;
    ptxsim_diagnostics *d = NULL;
    ptxsim_report *rep = NULL;
    uint64_t *values = NULL;
    void **slots = args;
    if ((st = env_options(ctx)) != PTXSIM_OK) goto out;
    st = ptxsim_module_load(ctx, who, ptx_source, strlen(ptx_source), &m, &d);
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
    if (by_value) {
        values = ps_xcalloc((size_t)n_args + 1, sizeof *values);
        slots = ps_xcalloc((size_t)n_args + 1, sizeof *slots);
    }
    ptxsim_range *done = ps_xcalloc((size_t)n_args + 1, sizeof *done);
    int ndone = 0;
    for (int i = 0; i < n_args && st == PTXSIM_OK; i++) {
        size_t size;
        ptxsim_kernel_param(k, i, &size, NULL);
        uint64_t v = 0;
        if (by_value) {
            if (size > 8) {
                st = api_fail(ctx, PTXSIM_ERR_UNSUPPORTED,
                              "parameter %d of kernel '%s' is %zu bytes: this form of ptx_run passes each "
                              "parameter in one pointer-sized slot (8 bytes at most); use ptxsim_ptx_run",
                              i, ptxsim_kernel_name(k), size);
                break;
            }
            /* the value's low `size` bytes, little-endian as the kernel's parameter space holds them */
            v = (uint64_t)(uintptr_t)args[i];
            unsigned char *b = (unsigned char *)&values[i];
            for (size_t j = 0; j < 8; j++) b[j] = (unsigned char)(v >> (8 * j));
            slots[i] = &values[i];
        } else if (size == 8 && args[i]) {
            memcpy(&v, args[i], 8);
        }
        if (size == 8) map_pointer(ctx, v, done, &ndone);
    }
    free(done);
    if (st != PTXSIM_OK) goto out;
    ptxsim_launch_config cfg = {.grid = {grid[0], grid[1], grid[2]},
                                .block = {block[0], block[1], block[2]},
                                .shared_bytes = (unsigned)shared_mem,
                                .args = slots};
    st = ptxsim_launch(ctx, k, &cfg, &rep);
out:
    if (st != PTXSIM_OK) fprintf(stderr, "%s: error: %s\n", who, ptxsim_context_message(ctx));
    if (slots != args) free(slots);
    free(values);
    ptxsim_report_free(rep);
    ptxsim_diagnostics_free(d);
    ptxsim_context_destroy(ctx);
    return st;
}

/* The launch shape and sizes every entry point checks before any work. */
static bool arguments_valid(const char *who, const char *ptx_source, int n_args, void **args, int bx, int by, int bz,
                            int gx, int gy, int gz, int shared_mem) {
    if (ptx_source && n_args >= 0 && (!n_args || args) && bx >= 1 && by >= 1 && bz >= 1 && gx >= 1 && gy >= 1 &&
        gz >= 1 && shared_mem >= 0)
        return true;
    fprintf(stderr,
            "%s: error: invalid arguments (ptx %s, n_args %d, args %s, block %d,%d,%d, grid %d,%d,%d, "
            "shared_mem %d)\n",
            who, ptx_source ? "given" : "NULL", n_args, args ? "given" : "NULL", bx, by, bz, gx, gy, gz, shared_mem);
    return false;
}

void ptx_run(const char *ptx_source, int n_args, void **args, int block_x, int block_y, int block_z, int grid_x,
             int grid_y, int grid_z, int shared_mem) {
    if (!arguments_valid("ptx_run", ptx_source, n_args, args, block_x, block_y, block_z, grid_x, grid_y, grid_z,
                         shared_mem)) {
        last_status = PTXSIM_ERR_INVALID_ARGUMENT;
        return;
    }
    const unsigned block[3] = {(unsigned)block_x, (unsigned)block_y, (unsigned)block_z};
    const unsigned grid[3] = {(unsigned)grid_x, (unsigned)grid_y, (unsigned)grid_z};
    last_status = run_kernel("ptx_run", true, ptx_source, n_args, args, block, grid, shared_mem);
}

int ptxsim_ptx_run(const char *ptx_source, int n_args, void **args, int block_x, int block_y, int block_z, int grid_x,
                   int grid_y, int grid_z, int shared_mem) {
    if (!arguments_valid("ptxsim_ptx_run", ptx_source, n_args, args, block_x, block_y, block_z, grid_x, grid_y, grid_z,
                         shared_mem))
        return last_status = PTXSIM_ERR_INVALID_ARGUMENT;
    const unsigned block[3] = {(unsigned)block_x, (unsigned)block_y, (unsigned)block_z};
    const unsigned grid[3] = {(unsigned)grid_x, (unsigned)grid_y, (unsigned)grid_z};
    return last_status = run_kernel("ptxsim_ptx_run", false, ptx_source, n_args, args, block, grid, shared_mem);
}
