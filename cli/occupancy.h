/* occupancy.h — theoretical occupancy of a kernel on one SM (occupancy.c, docs/registers.md). */
#ifndef PTXSIM_CLI_OCCUPANCY_H
#define PTXSIM_CLI_OCCUPANCY_H

#include <stdbool.h>

/* Per-SM limits of a compute capability (docs/registers.md "Per-architecture limits"). */
typedef struct {
    int sm;                    /* 80 */
    int max_warps, max_blocks; /* resident per SM */
    int regs_per_sm, regs_per_block, max_regs_per_thread;
    int smem_per_sm; /* bytes, the largest shared-memory carveout */
    int smem_per_block, smem_per_block_optin;
    int smem_reserved_per_block; /* the driver's, sm_80 and later */
    int smem_granularity;        /* bytes a block's shared memory is rounded up to */
    int reg_partitions;          /* register-file partitions (warp schedulers) per SM */
    int barriers_per_block_slot; /* named-barrier sets per resident-block slot (0: no such limit) */
} occ_arch;

/* The limits for target "sm_XX" (suffixes a/f ignored); NULL when not tabulated. */
const occ_arch *occ_arch_lookup(const char *target);

typedef struct {
    int regs_per_thread; /* as allocated (ptxas -v) */
    int static_smem;     /* bytes */
    int dynamic_smem;    /* bytes */
    int block;           /* threads */
    int barriers;        /* named barriers the kernel uses (ptxas -v); 0: unknown or none */
} occ_input;

enum { OCC_LIM_WARPS, OCC_LIM_BLOCKS, OCC_LIM_REGS, OCC_LIM_SMEM, OCC_LIM_BARRIERS, OCC_LIM_COUNT };

typedef struct {
    int blocks_per_sm, warps_per_sm;
    int occupancy_pct;        /* warps_per_sm / max_warps, rounded down */
    int limit[OCC_LIM_COUNT]; /* blocks per SM each resource allows (a large value: unbounded) */
    unsigned limiting;        /* bit OCC_LIM_*: the resources that set blocks_per_sm */
    int regs_per_block;       /* allocated */
    int smem_per_block;       /* allocated, reserved part included */
    int smem_config;          /* the shared-memory carveout the block count assumes, bytes */
    bool optin;               /* the block needs more than the default 48 KB */
    const char *error;        /* the launch cannot run at all (NULL: it can) */
} occ_result;

void occ_compute(const occ_arch *a, const occ_input *in, occ_result *out);
const char *occ_limit_name(int lim); /* "warps", "blocks", "registers", "shared memory", "barriers" */

#endif
