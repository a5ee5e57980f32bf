/* shim.h — state shared by the files of the libcuda shim: the Driver API's objects as wrappers of
 * libptxsim handles. The Driver API is process-global by definition; one lock serialises it. */
#ifndef PTXSIM_SHIM_H
#define PTXSIM_SHIM_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "cuda_abi.h"
#include "ptxsim.h"

#define PS_SHIM_MIN(a, b) ((a) < (b) ? (a) : (b))

struct CUctx_st {
    ptxsim_context *sim;
    bool primary;
    int refs; /* primary: retain count */
    unsigned flags;
    CUresult sticky;        /* a kernel fault poisons the context, as on a GPU */
    struct CUmod_st **mods; /* freed with the context */
    int nmods, cap_mods;
    void **host; /* cuMemHostAlloc blocks, freed with the context */
    int nhost, cap_host;
    void **managed; /* cuMemAllocManaged blocks (host memory the device addresses) */
    int nmanaged, cap_managed;
    double clock_ms; /* the simulated device time line events read (shim_attr.c) */
};

struct CUfunc_st {
    struct CUmod_st *mod;
    ptxsim_kernel *k;
    int max_dynamic_shared;
};

struct CUmod_st {
    struct CUctx_st *ctx;
    ptxsim_module *mod;
    struct CUfunc_st *funcs; /* one per kernel, so a name always gives the same handle */
    int nfuncs;
    int target_sm; /* .target's sm number: CU_FUNC_ATTRIBUTE_PTX_VERSION */
    /* With $PTXSIM_HTML_DIR (ptxsim exec --html): the PTX text and the name it was loaded under,
     * for the HTML page of each launch (shim_report.c); NULL otherwise, and for linked programs. */
    char *ptx, *ptx_name;
    size_t ptx_len;
};

struct CUstream_st {
    struct CUctx_st *ctx;
    unsigned flags; /* CU_STREAM_NON_BLOCKING: no implicit synchronisation with the legacy stream */
};

/* cuLinkCreate's state: the PTX units added so far, and the image cuLinkComplete hands out (a
 * tag naming this state, which cuModuleLoadData recognises: shim_exec.c). */
struct CUlinkState_st {
    ptxsim_source *srcs;
    int n;
    char image[32];
};
const struct CUlinkState_st *shim_link_image(const void *image);

struct CUevent_st {
    bool recorded;
    bool no_timing; /* CU_EVENT_DISABLE_TIMING */
    double ms;      /* the context's simulated clock at the record (every operation has finished by then) */
};

typedef struct {
    pthread_mutex_t lock;
    bool initialized;
    char arch[16];
    ptxsim_arch_info info;
    struct CUctx_st *primary;
    unsigned primary_flags;
} shim_state;

extern shim_state shim;

/* Error with a message on stderr ("ptxsim libcuda: cuX: why"); returns r. */
CUresult shim_fail(CUresult r, const char *fn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The calling thread's current context, or an error (NOT_INITIALIZED, INVALID_CONTEXT, sticky). */
CUresult shim_current(const char *fn, struct CUctx_st **out);
/* Locks the shim; the caller unlocks with shim_unlock. */
void shim_lock(void);
void shim_unlock(void);
/* Runs a launch as ptxsim_launch does, with $PTXSIM_KERNEL_FILTER applied, and records it
 * (shim_report.c): every launch goes through here. mod: the kernel's module, for its HTML page. */
ptxsim_status shim_launch_recorded(ptxsim_context *sim, const struct CUmod_st *mod, ptxsim_kernel *k,
                                   const ptxsim_launch_config *cfg, ptxsim_report **report);
/* Allocations named by call site (shim_site.c): "API@0xRET" into out for an allocation the
 * program asked for with `api`, ret its return address (the runtime's caller when the runtime
 * announced it with cuptxsim_alloc_site just before). */
void shim_alloc_name(char *out, size_t n, const char *api, void *ret);
CUresult shim_mem_alloc_at(CUdeviceptr *dptr, size_t bytes, const char *api, void *ret);
void cuptxsim_alloc_site(void *ret, const char *api);
/* A finding's message with every quoted call-site name ("'cudaMalloc@0x…'") replaced by "the
 * allocation made by cudaMalloc at prog.cu:42 in main()"; malloc'd, NULL when none is there. */
char *shim_name_sites(const char *msg);
/* The same in an HTML page, where the quotes are written &#39; (the result escaped for HTML). */
char *shim_name_sites_html(const char *page);
/* The table of the program's allocations by call site, per simulator context (shim_site.c). */
void shim_site_allocated(const void *ctx, uint64_t base, uint64_t bytes, const char *name);
void shim_site_freed(const void *ctx, uint64_t base);
void shim_site_forget(const void *ctx); /* the context is destroyed */
bool shim_site_find(const void *ctx, uint64_t addr, uint64_t *base, uint64_t *bytes, char *name, size_t n);
/* $PTXSIM_HTML_DIR when ptxsim exec asked for HTML pages (exec --check --html), else NULL. */
const char *shim_html_dir(void);
/* Records a finished launch's report (findings printed at exit or written to $PTXSIM_REPORT). */
void shim_record_launch(const char *kernel, const unsigned grid[3], const unsigned block[3], const ptxsim_report *r);
/* Forgets the CUDA arrays and texture and surface objects of a context being freed (shim_tex.c). */
void shim_tex_forget(struct CUctx_st *ctx);
/* Frees a context with its modules and host allocations. */
void shim_context_free(struct CUctx_st *c);
/* Registers the exit handler (report, cleanup) once. */
void shim_hook_exit(void);
/* The entry points shim_stubs.c defines, by exported name; ended by {NULL, NULL}. */
typedef struct {
    const char *name;
    void *fn;
} shim_stub;
extern const shim_stub shim_stubs[];

/* A kernel launch (cuLaunchKernel, cuLaunchKernelEx, cuLaunchCooperativeKernel): cluster NULL or
 * all 0 for none; cooperative: every CTA resident at once (ptxsim_launch_config.cooperative). */
CUresult shim_launch(const char *fn, CUfunction f, const unsigned grid[3], const unsigned block[3], unsigned shared,
                     void **params, void **extra, const unsigned cluster[3], bool cooperative);

/* The simulated device's description (shim_attr.c): cuDeviceGetAttribute's value of attribute
 * attr for the architecture of shim.info; false when the attribute is not modelled. */
bool shim_attribute(int attr, int *value);
/* cuMemFree of a cuMemAllocManaged block: true when ptr was one (now freed). */
bool shim_free_managed(struct CUctx_st *c, CUdeviceptr ptr);
/* The per-SM limits of the architecture's reference board, for occupancy (shim_ext.c). */
typedef struct {
    int sms, threads_per_sm, blocks_per_sm, smem_per_sm, reserved_smem;
} shim_limits;
void shim_arch_limits(shim_limits *out);
/* The simulated clock (docs/cudart.md, "Time"): a launch of n warp instructions, a copy of
 * bytes (device_only: both ends device memory). */
void shim_clock_kernel(struct CUctx_st *c, uint64_t warp_instructions);
void shim_clock_copy(struct CUctx_st *c, uint64_t bytes, bool device_only);

/* Options for new contexts: $PTXSIM_CHECKS, $PTXSIM_THREADS, $PTXSIM_WATCHDOG,
 * $PTXSIM_SCHEDULE_SEED. */
void shim_context_options(ptxsim_options *o);

#endif
