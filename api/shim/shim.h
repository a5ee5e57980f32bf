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
    int refs;              /* primary: retain count */
    unsigned flags;
    CUresult sticky;       /* a kernel fault poisons the context, as on a GPU */
    struct CUmod_st **mods; /* freed with the context */
    int nmods, cap_mods;
    void **host;           /* cuMemHostAlloc blocks, freed with the context */
    int nhost, cap_host;
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
    int target_sm;           /* .target's sm number: CU_FUNC_ATTRIBUTE_PTX_VERSION */
};

struct CUstream_st {
    struct CUctx_st *ctx;
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
    double ms; /* CLOCK_MONOTONIC at the record, in ms (every operation has finished by then) */
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
 * (shim_report.c): every launch goes through here. */
ptxsim_status shim_launch(ptxsim_context *sim, ptxsim_kernel *k, const ptxsim_launch_config *cfg,
                          ptxsim_report **report);
/* Records a finished launch's report (findings printed at exit or written to $PTXSIM_REPORT). */
void shim_record_launch(const char *kernel, const unsigned grid[3], const unsigned block[3],
                        const ptxsim_report *r);
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

/* Options for new contexts: $PTXSIM_CHECKS, $PTXSIM_THREADS, $PTXSIM_WATCHDOG,
 * $PTXSIM_SCHEDULE_SEED. */
void shim_context_options(ptxsim_options *o);

#endif
