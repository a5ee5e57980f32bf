/* testutil.h — helpers shared by the unit tests: run a PTX snippet on the simulator. */
#ifndef PTXSIM_TESTUTIL_H
#define PTXSIM_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

typedef struct {
    void *host; /* copied in before the launch and back after it */
    size_t bytes;
} tu_buf;

typedef struct {
    unsigned grid[3], block[3];
    unsigned shared_bytes;
    int threads;            /* host threads (0 = 1, for determinism) */
    uint64_t watchdog;      /* 0 = default */
    uint64_t schedule_seed; /* 0 = warps in order (ps_launch_config.schedule_seed) */
    uint64_t scalars[4];    /* appended after the buffer parameters, each 8 or 4 bytes per the kernel */
    int nscalars;
    const ps_observer *observer; /* NULL: none */
    unsigned cluster[3];         /* thread-block cluster shape; all 0: none */
} tu_launch;

/* Parses `ptx`, builds it, allocates the buffers, passes their addresses (then the scalars) as
 * the kernel's parameters, launches `kernel` and copies the buffers back. Diagnostics (parse or
 * decode) are appended to diag. Returns the status of the first failing step. */
ps_status tu_run(const char *ptx, const char *kernel, const tu_launch *cfg, tu_buf *bufs, int nbufs,
                 ps_launch_result *res, char *diag, size_t diaglen);

/* Parses `ptx` (named `name` in diagnostics) and builds it on a new device; cmocka-fails on a
 * parse or decode error, printing the diagnostics. */
void tu_build(const char *name, const char *ptx, size_t len, ps_module **m, ps_device **dev, ps_program **prog);

/* A kernel header for snippets: ".version 8.0 .target sm_90 .address_size 64" + entry with
 * nparams .u64 parameters named p0..pN-1. */
#define TU_HEADER ".version 8.0\n.target sm_90\n.address_size 64\n"

#endif
