/* ptxas_info.h — the toolkit's own register allocation: `ptxas -v` run on a module and its
 * per-kernel resource lines parsed (ptxas_info.c, docs/registers.md). */
#ifndef PTXSIM_CLI_PTXAS_INFO_H
#define PTXSIM_CLI_PTXAS_INFO_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *name; /* the kernel's PTX name */
    int registers, barriers;
    int stack_frame, spill_stores, spill_loads; /* bytes */
    int smem;                                   /* static shared memory, bytes */
    int cmem[4];                                /* constant banks 0..3, bytes (bank 0: parameters and the driver's) */
} ptxas_kernel;

typedef struct {
    char *ptxas;    /* the program run */
    char *version;  /* "Cuda compilation tools, release 13.0, V13.0.88" or NULL */
    char *error;    /* ptxas failed: its messages; else NULL */
    char *warnings; /* "ptxas warning" lines, or NULL */
    ptxas_kernel *kernels;
    int nkernels;
} ptxas_result;

/* The ptxas to use: `explicit_path` when given, else ptxas on PATH, else $CUDA_HOME/bin/ptxas,
 * else /usr/local/cuda/bin/ptxas; NULL when none is executable. Caller frees. */
char *ptxas_find(const char *explicit_path);
/* Compiles source[0..len) with `ptxas -v -arch=<target>` in a private temporary directory (removed
 * again) and parses what it prints. false only when the program could not be run at all. */
bool ptxas_run(const char *ptxas, const char *source, size_t len, const char *target, ptxas_result *out);
/* Parses ptxas -v output (exposed for tests). */
void ptxas_parse(const char *text, ptxas_result *out);
const ptxas_kernel *ptxas_find_kernel(const ptxas_result *r, const char *name);
void ptxas_result_free(ptxas_result *r);

#endif
