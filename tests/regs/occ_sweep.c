/* occ_sweep.c — prints ptxsim's occupancy (cli/occupancy.c, linked in directly) for a grid of
 * launch shapes, one "SM REGS STATIC DYNAMIC BLOCK BARRIERS -> BLOCKS LIMITS" line each, the same letters
 * as occ_oracle.cc; check_occupancy_sweep.sh feeds the same shapes to the toolkit's calculator. */
#include <stdio.h>

#include "occupancy.h"

int main(void) {
    static const char *const targets[] = {"sm_50", "sm_52", "sm_53",  "sm_60",  "sm_61",  "sm_62",
                                          "sm_70", "sm_72", "sm_75",  "sm_80",  "sm_86",  "sm_87",
                                          "sm_89", "sm_90", "sm_100", "sm_103", "sm_120", "sm_121"};
    static const int regs[] = {0, 1, 16, 24, 32, 33, 40, 48, 56, 64, 72, 80, 96, 128, 168, 200, 255};
    static const int smem[] = {0, 100, 1024, 8192, 20000, 49152};
    static const int dyn[] = {0, 3000, 40000, 70000, 120000, 200000};
    static const int blocks[] = {1, 32, 33, 64, 96, 128, 160, 192, 256, 288, 384, 512, 640, 768, 896, 1024};
    static const int bars[] = {0, 1, 3, 16};
    for (size_t t = 0; t < sizeof targets / sizeof *targets; t++) {
        const occ_arch *a = occ_arch_lookup(targets[t]);
        for (size_t r = 0; r < sizeof regs / sizeof *regs; r++)
            for (size_t s = 0; s < sizeof smem / sizeof *smem; s++)
                for (size_t d = 0; d < sizeof dyn / sizeof *dyn; d++)
                    for (size_t b = 0; b < sizeof blocks / sizeof *blocks; b++)
                        for (size_t br = 0; br < sizeof bars / sizeof *bars; br++) {
                            occ_input in = {regs[r], smem[s], dyn[d], blocks[b], bars[br]};
                            occ_result o;
                            occ_compute(a, &in, &o);
                            char lim[8] = "-";
                            int n = 0;
                            static const int order[] = {OCC_LIM_WARPS, OCC_LIM_REGS, OCC_LIM_SMEM, OCC_LIM_BLOCKS,
                                                        OCC_LIM_BARRIERS};
                            for (int k = 0; k < 5; k++)
                                if (o.blocks_per_sm && o.limiting >> order[k] & 1) lim[n++] = "wrsbB"[k];
                            if (n) lim[n] = 0;
                            printf("%d %d %d %d %d %d -> %d %s\n", a->sm, regs[r], smem[s], dyn[d], blocks[b], bars[br],
                                   o.blocks_per_sm, o.blocks_per_sm ? lim : "?");
                        }
    }
    return 0;
}
