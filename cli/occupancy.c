/* occupancy.c — theoretical occupancy: how many blocks of a kernel one SM holds at once, and which
 * resource stops it, from the per-SM limits of the CUDA C Programming Guide's compute-capability
 * tables and the allocation rules of its occupancy section (docs/registers.md):
 * - warps: a block takes ceil(threads / 32) warp slots;
 * - registers: allocated per warp in units of 256, from equal register-file partitions (one per
 *   scheduler: four, two on sm_60), so a partition holds floor(regs_per_sm / partitions / per-warp)
 *   warps; a block also may not exceed the per-block register limit, counted with its warps rounded
 *   up to a multiple of four;
 * - shared memory: static + dynamic + the driver's reserved 1 KB (sm_80 on), rounded up to the
 *   allocation granularity, out of the largest carveout (the runtime's default preference). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "occupancy.h"

#define KB 1024
static const occ_arch archs[] = {
    /* sm, warps, blocks, regs/SM, regs/block, max regs/thread, smem/SM, smem/block, opt-in, reserved, granule,
     * register partitions, barrier sets per block slot */
    {50, 64, 32, 65536, 65536, 255, 64 * KB, 48 * KB, 48 * KB, 0, 256, 4, 0},
    {52, 64, 32, 65536, 65536, 255, 96 * KB, 48 * KB, 48 * KB, 0, 256, 4, 0},
    {53, 64, 32, 65536, 32768, 255, 64 * KB, 48 * KB, 48 * KB, 0, 256, 4, 0},
    {60, 64, 32, 65536, 65536, 255, 64 * KB, 48 * KB, 48 * KB, 0, 256, 2, 0},
    {61, 64, 32, 65536, 65536, 255, 96 * KB, 48 * KB, 48 * KB, 0, 256, 4, 0},
    {62, 64, 32, 65536, 32768, 255, 64 * KB, 48 * KB, 48 * KB, 0, 256, 4, 0},
    {70, 64, 32, 65536, 65536, 255, 96 * KB, 48 * KB, 96 * KB, 0, 256, 4, 0},
    {72, 64, 32, 65536, 65536, 255, 96 * KB, 48 * KB, 96 * KB, 0, 256, 4, 0},
    {75, 32, 16, 65536, 65536, 255, 64 * KB, 48 * KB, 64 * KB, 0, 256, 4, 0},
    {80, 64, 32, 65536, 65536, 255, 164 * KB, 48 * KB, 163 * KB, 1 * KB, 128, 4, 0},
    {86, 48, 16, 65536, 65536, 255, 100 * KB, 48 * KB, 99 * KB, 1 * KB, 128, 4, 0},
    {87, 48, 16, 65536, 65536, 255, 164 * KB, 48 * KB, 163 * KB, 1 * KB, 128, 4, 0},
    {89, 48, 24, 65536, 65536, 255, 100 * KB, 48 * KB, 99 * KB, 1 * KB, 128, 4, 0},
    {90, 64, 32, 65536, 65536, 255, 228 * KB, 48 * KB, 227 * KB, 1 * KB, 128, 4, 2},
    {100, 64, 32, 65536, 65536, 255, 228 * KB, 48 * KB, 227 * KB, 1 * KB, 128, 4, 2},
    {103, 64, 32, 65536, 65536, 255, 228 * KB, 48 * KB, 227 * KB, 1 * KB, 128, 4, 2},
    {120, 48, 24, 65536, 65536, 255, 100 * KB, 48 * KB, 99 * KB, 1 * KB, 128, 4, 1},
    {121, 48, 24, 65536, 65536, 255, 100 * KB, 48 * KB, 99 * KB, 1 * KB, 128, 4, 1},
};

const occ_arch *occ_arch_lookup(const char *target) {
    if (!target || strncmp(target, "sm_", 3)) return NULL;
    char *end;
    long sm = strtol(target + 3, &end, 10);
    if (end == target + 3 || (*end && strcmp(end, "a") && strcmp(end, "f"))) return NULL;
    for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
        if (archs[i].sm == sm) return &archs[i];
    return NULL;
}

const char *occ_limit_name(int lim) {
    static const char *const names[OCC_LIM_COUNT] = {"warps", "blocks", "registers", "shared memory", "barriers"};
    return lim >= 0 && lim < OCC_LIM_COUNT ? names[lim] : "?";
}

static int round_up(int x, int unit) { return (x + unit - 1) / unit * unit; }

void occ_compute(const occ_arch *a, const occ_input *in, occ_result *out) {
    memset(out, 0, sizeof *out);
    if (in->block <= 0 || in->block > 1024) {
        out->error = "a block holds 1 to 1024 threads";
        return;
    }
    int warps = (in->block + 31) / 32;
    out->limit[OCC_LIM_WARPS] = a->max_warps / warps;
    out->limit[OCC_LIM_BLOCKS] = a->max_blocks;
    /* registers */
    out->limit[OCC_LIM_REGS] = INT_MAX;
    if (in->regs_per_thread > a->max_regs_per_thread) {
        out->error = "more registers per thread than the architecture has";
        out->limit[OCC_LIM_REGS] = 0;
    } else if (in->regs_per_thread > 0) {
        int per_warp = round_up(in->regs_per_thread * 32, 256);
        out->regs_per_block = per_warp * warps;
        if (per_warp * round_up(warps, 4) > a->regs_per_block) {
            out->error = "the block needs more registers than one block may have (too many launch resources)";
            out->limit[OCC_LIM_REGS] = 0;
        } else {
            int per_partition = a->regs_per_sm / a->reg_partitions / per_warp;
            out->limit[OCC_LIM_REGS] = per_partition * a->reg_partitions / warps;
        }
    }
    /* shared memory */
    int used = in->static_smem + in->dynamic_smem;
    out->optin = used > a->smem_per_block;
    int alloc = round_up(used + a->smem_reserved_per_block, a->smem_granularity);
    int cap = (out->optin ? a->smem_per_block_optin : a->smem_per_block) + a->smem_reserved_per_block;
    out->smem_per_block = alloc;
    out->smem_config = a->smem_per_sm;
    if (alloc > cap) {
        if (!out->error) out->error = "the block needs more shared memory than one block may have";
        out->limit[OCC_LIM_SMEM] = 0;
    } else {
        out->limit[OCC_LIM_SMEM] = alloc ? a->smem_per_sm / alloc : INT_MAX;
    }
    out->limit[OCC_LIM_BARRIERS] = INT_MAX;
    if (a->barriers_per_block_slot && in->barriers > 0)
        out->limit[OCC_LIM_BARRIERS] = a->max_blocks * a->barriers_per_block_slot / in->barriers;
    int blocks = INT_MAX;
    for (int k = 0; k < OCC_LIM_COUNT; k++)
        if (out->limit[k] < blocks) blocks = out->limit[k];
    for (int k = 0; k < OCC_LIM_COUNT; k++)
        if (out->limit[k] == blocks) out->limiting |= 1u << k;
    out->blocks_per_sm = blocks;
    out->warps_per_sm = blocks * warps;
    out->occupancy_pct = out->warps_per_sm * 100 / a->max_warps;
}
