/* sim.h — the simulator's public interface: decode a parsed module into a program, give it device
 * memory, launch kernels, and read back statistics and faults. */
#ifndef PTXSIM_SIM_H
#define PTXSIM_SIM_H

#include <stdio.h>

#include "common.h"
#include "isa.h"
#include "ptx_parser.h"
#include "observer.h"
#include "cfg.h" /* one function's control-flow graph (decode.c, verify's reginit analysis) */

typedef struct ps_program ps_program; /* decoded module: one record array per function */
typedef struct ps_device ps_device;   /* device memory: allocations in a simulated address space */

/* ---- device memory ------------------------------------------------------- */
ps_device *ps_device_create(void);
void ps_device_destroy(ps_device *dev);
/* Returns the device address of a new zero-filled allocation, 0 on failure (host memory, or the
 * limit below would be passed). */
uint64_t ps_device_alloc(ps_device *dev, uint64_t bytes, const char *name);
/* The device memory limit (docs/limits.md): allocations (registered host memory aside) may hold
 * at most `bytes` together; 0: no limit. Checked before any host memory is taken. */
void ps_device_set_limit(ps_device *dev, uint64_t bytes);
uint64_t ps_device_limit(const ps_device *dev);
uint64_t ps_device_used(ps_device *dev); /* bytes the allocations hold now */
#define PS_DEFAULT_MAX_MEMORY (4ull << 30)
/* Registers caller-owned host memory as an allocation at its own address (host-memory mode: the
 * kernel addresses it directly, bounds-checked like any allocation). PS_ERR_USAGE when it meets
 * another allocation, PS_ERR_UNSUPPORTED when it falls in a window of the generic address space. */
ps_status ps_device_register_host(ps_device *dev, void *host, uint64_t bytes, const char *name);
/* Frees the allocation (or forgets the registration) starting at addr; PS_ERR_USAGE if none. */
ps_status ps_device_free(ps_device *dev, uint64_t addr);
/* The allocation holding addr: its base and size, and whether it is registered host memory. */
bool ps_device_range(ps_device *dev, uint64_t addr, uint64_t *base, uint64_t *size, bool *host);
/* Host view of [addr, addr+bytes) inside one allocation, NULL if not inside one. */
void *ps_device_ptr(ps_device *dev, uint64_t addr, uint64_t bytes);

/* ---- programs ---------------------------------------------------------------------------- */
/* Decodes every defined function of m for arch (NULL: the module's .target). Diagnostics for
 * what ptxsim cannot execute go to diags with PTX locations. The module must outlive the
 * program. Module-scope .global/.const variables are allocated in dev. */
ps_status ps_program_build(const ps_module *m, const ps_arch *arch, ps_device *dev, ps_diags *diags, ps_program **out);
/* The same for `parse`: every function is decoded for its diagnostics, then its records are
 * freed, so that validation never holds a whole decoded program next to the module (parse
 * memory, docs/limits.md). The result serves ps_program_function_diags and ps_program_free. */
ps_status ps_program_check(const ps_module *m, const ps_arch *arch, ps_device *dev, ps_diags *diags, ps_program **out);
void ps_program_free(ps_program *p);
/* Lists kernel names (entry functions). */
int ps_program_kernel_count(const ps_program *p);
const char *ps_program_kernel_name(const ps_program *p, int i);
/* Parameter layout of a kernel: count, and for each its size and offset in the param buffer. */
int ps_program_kernel_params(const ps_program *p, const char *kernel, const ps_var *const **params);

/* Device address (and size) of module-scope .global/.const variable `name`; 0 if none. */
uint64_t ps_program_global(const ps_program *p, const char *name, uint64_t *bytes);

/* Diagnostics for what ptxsim cannot execute in function i (module order); NULL if none. */
/* The machine a program was decoded for (its manifest's or context's architecture, else the
 * module's target's default machine: ps_arch_default_machine). */
const ps_arch *ps_program_arch(const ps_program *p);
const ps_module *ps_program_module(const ps_program *p); /* the (linked) module it was decoded from */
const ps_diags *ps_program_function_diags(const ps_program *p, int i);
/* The decoded records of kernel `kernel` and the functions it calls (every defined function when
 * kernel is NULL) as text on out, with the PTX lines quoted from src[0..len) when src is given
 * (listing.c, docs/decode.md). PS_ERR_USAGE when no kernel has that name. */
ps_status ps_program_listing(const ps_program *p, const char *kernel, const char *src, size_t len, FILE *out);

/* ---- launches ------------------------------------------------------------ */
typedef struct {
    unsigned grid[3], block[3];
    unsigned shared_bytes; /* dynamic shared memory */
    const uint8_t *params; /* packed kernel parameter buffer (offsets from ps_var.offset) */
    size_t params_size;
    int threads;                 /* host threads for CTAs; 0 = all cores */
    uint64_t watchdog;           /* max warp instructions for the launch; 0 = default */
    uint64_t schedule_seed;      /* 0: each CTA's warps in order, 256 instructions a turn; else
                                   * a seeded random warp order and turn length (docs/engine.md) */
    const ps_observer *observer; /* checkers; NULL for a plain run */
    unsigned cluster[3];         /* thread-block cluster shape (sm_90, docs/clusters.md); all 0:
                                   * the kernel's .reqnctapercluster, else clusters of one CTA */
    double timeout;              /* wall-clock seconds before the launch is stopped; <= 0: none */
    bool progress;               /* after PS_PROGRESS_AFTER seconds, report progress on stderr */
    uint64_t max_launch_bytes;   /* host memory for the launch's shared and local memory; 0: no
                                   * limit (docs/limits.md) */
    bool cooperative;            /* every CTA resident at once, grid workspace in %envreg1:2
                                   * (docs/engine.md "Cooperative launches") */
} ps_launch_config;

#define PS_PROGRESS_AFTER       3.0
#define PS_MAX_LOCAL_PER_THREAD (512u << 10) /* CUDA's per-thread local memory limit */
#define PS_MAX_COOPERATIVE_CTAS 65536u       /* CTAs of one cooperative launch (all resident) */

typedef enum {
    PS_FAULT_NONE,
    PS_FAULT_OUT_OF_BOUNDS,
    PS_FAULT_MISALIGNED,
    PS_FAULT_TRAP,
    PS_FAULT_WATCHDOG,
    PS_FAULT_DEADLOCK,
    PS_FAULT_UNSUPPORTED,
    PS_FAULT_BAD_LAUNCH,
    PS_FAULT_STACK_OVERFLOW,
    PS_FAULT_INVALID_WARP_SYNC,
} ps_fault_kind;

typedef struct {
    ps_fault_kind kind;
    char message[512];
    int ptx_line; /* 0 when not tied to an instruction */
    unsigned block[3], thread[3];
    const char *function;
    const char *file;     /* the PTX file of that function (linked programs have several) */
    const char *src_file; /* the instruction's CUDA line (.loc), NULL / 0 when it has none */
    int src_line;
    uint32_t lanes; /* lanes of the faulting warp instruction that fault the same way (an
                           * ld/st/atom checks them all); just the reported lane otherwise; 0:
                           * not tied to a lane */
} ps_fault;

typedef struct {
    uint64_t warp_instructions;
    uint64_t thread_instructions;
    uint64_t branches, divergent_branches;
    uint64_t ctas;
} ps_stats;

typedef struct {
    ps_stats stats;
    ps_fault fault; /* kind NONE when the kernel completed */
    double seconds;
    /* What the kernel printed with printf (the CUDA driver's stdout), CTA by CTA in the order of
     * their linear index, each CTA's lines in the order it printed them (docs/engine.md "Device
     * runtime"); NUL-terminated, NULL when nothing was printed. error_output: the same for the
     * messages of failed asserts (the driver's stderr). Freed by ps_launch_result_release. */
    char *output;
    size_t output_len;
    char *error_output;
    size_t error_output_len;
} ps_launch_result;

void ps_launch_result_release(ps_launch_result *res);

/* Runs kernel `name`. Returns PS_OK, PS_ERR_FAULT or PS_ERR_WATCHDOG (details in res->fault),
 * or PS_ERR_USAGE for a bad configuration (message in res->fault). */
ps_status ps_launch(ps_program *p, ps_device *dev, const char *name, const ps_launch_config *cfg,
                    ps_launch_result *res);

const char *ps_fault_kind_name(ps_fault_kind k);

/* ---- ptxas's merged shared-memory accesses (sass_merge.c) ---------------- */
/* Per instruction of a function: whether ptxas (CUDA 13, sm_90) makes it part of one wider
 * LDS/STS with its neighbours (docs/verifier.md "Counters as the SASS executes them"). */
typedef struct {
    int lead;       /* the group's first instruction in program order (index in the function);
                     * -1: not merged */
    int delta;      /* bytes from this instruction's address to the merged access's */
    unsigned bytes; /* bytes per lane of the merged access (8 or 16) */
    int count;      /* instructions in the group */
    bool forwarded; /* a global load ptxas does not execute: it reuses the value a store of the
                     * same bytes just wrote (lead is the instruction itself) */
} ps_sass_access;
/* Where the launch (and ptxas) put a .shared variable: its offset in a CTA's shared memory;
 * UINT64_MAX when unknown. */
typedef uint64_t (*ps_shared_offset_fn)(void *ctx, const ps_var *v);
/* Fills out[0..f->ninsns-1]. */
void ps_sass_merge(const ps_func *f, ps_shared_offset_fn offset, void *ctx, ps_sass_access *out);

#endif
