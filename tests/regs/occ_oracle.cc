// occ_oracle.cc — the CUDA toolkit's occupancy calculator (cuda_occupancy.h,
// cudaOccMaxActiveBlocksPerMultiprocessor) as an oracle for `ptxsim regs`: reads lines
// "SM REGS STATIC_SMEM DYNAMIC_SMEM BLOCK BARRIERS" and prints "BLOCKS LIMITS" per line, LIMITS
// the limiting resources as letters w(arps) r(egisters) s(hared memory) b(locks) B(arriers), or
// "-". Where the barrier limit alone sets the count, only "B" is printed (the calculator also
// keeps the flags of resources that were the minimum before it).
// The device properties are the CUDA C Programming Guide's per-capability figures; the
// function attributes are what cudaFuncGetAttributes would give (opt-in shared memory set to the
// dynamic size, as a program launching with that much must do).
#include <cstdio>
#include <cuda_occupancy.h>

static bool props_for(int sm, cudaOccDeviceProp *p) {
    struct row { int sm, threads_sm, smem_sm, optin, regs_block; };
    static const row rows[] = {
        {50, 2048, 64 * 1024, 48 * 1024, 65536},   {52, 2048, 96 * 1024, 48 * 1024, 65536},
        {53, 2048, 64 * 1024, 48 * 1024, 32768},   {60, 2048, 64 * 1024, 48 * 1024, 65536},
        {61, 2048, 96 * 1024, 48 * 1024, 65536},   {62, 2048, 64 * 1024, 48 * 1024, 32768},
        {70, 2048, 96 * 1024, 96 * 1024, 65536},   {72, 2048, 96 * 1024, 96 * 1024, 65536},
        {75, 1024, 64 * 1024, 64 * 1024, 65536},   {80, 2048, 164 * 1024, 163 * 1024, 65536},
        {86, 1536, 100 * 1024, 99 * 1024, 65536},  {87, 1536, 164 * 1024, 163 * 1024, 65536},
        {89, 1536, 100 * 1024, 99 * 1024, 65536},  {90, 2048, 228 * 1024, 227 * 1024, 65536},
        {100, 2048, 228 * 1024, 227 * 1024, 65536}, {103, 2048, 228 * 1024, 227 * 1024, 65536},
        {120, 1536, 100 * 1024, 99 * 1024, 65536}, {121, 1536, 100 * 1024, 99 * 1024, 65536},
    };
    for (const row &r : rows) {
        if (r.sm != sm) continue;
        p->computeMajor = sm / 10;
        p->computeMinor = sm % 10;
        p->maxThreadsPerBlock = 1024;
        p->maxThreadsPerMultiprocessor = r.threads_sm;
        p->regsPerBlock = r.regs_block;
        p->regsPerMultiprocessor = 65536;
        p->warpSize = 32;
        p->sharedMemPerBlock = 48 * 1024;
        p->sharedMemPerMultiprocessor = r.smem_sm;
        p->numSms = 1;
        p->sharedMemPerBlockOptin = r.optin;
        p->reservedSharedMemPerBlock = sm >= 80 ? 1024 : 0;
        return true;
    }
    return false;
}

int main() {
    int sm, regs, block, barriers;
    size_t smem, dyn;
    while (scanf("%d %d %zu %zu %d %d", &sm, &regs, &smem, &dyn, &block, &barriers) == 6) {
        cudaOccDeviceProp prop;
        if (!props_for(sm, &prop)) {
            printf("unknown-sm\n");
            continue;
        }
        cudaOccFuncAttributes attr;
        attr.maxThreadsPerBlock = 1024;
        attr.numRegs = regs;
        attr.sharedSizeBytes = smem;
        attr.partitionedGCConfig = PARTITIONED_GC_OFF;
        attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
        attr.maxDynamicSharedSizeBytes = dyn;
        attr.numBlockBarriers = barriers;
        cudaOccDeviceState state;
        cudaOccResult res;
        if (cudaOccMaxActiveBlocksPerMultiprocessor(&res, &prop, &attr, &state, block, dyn) != CUDA_OCC_SUCCESS) {
            printf("error\n");
            continue;
        }
        char lim[8] = {0};
        int n = 0;
        int others = res.blockLimitRegs;
        if (res.blockLimitSharedMem < others) others = res.blockLimitSharedMem;
        if (res.blockLimitWarps < others) others = res.blockLimitWarps;
        if (res.blockLimitBlocks < others) others = res.blockLimitBlocks;
        if ((res.limitingFactors & OCC_LIMIT_BARRIERS) && res.blockLimitBarriers < others) {
            printf("%d B\n", res.activeBlocksPerMultiprocessor);
            continue;
        }
        if (res.limitingFactors & OCC_LIMIT_WARPS) lim[n++] = 'w';
        if (res.limitingFactors & OCC_LIMIT_REGISTERS) lim[n++] = 'r';
        if (res.limitingFactors & OCC_LIMIT_SHARED_MEMORY) lim[n++] = 's';
        if (res.limitingFactors & OCC_LIMIT_BLOCKS) lim[n++] = 'b';
        if (res.limitingFactors & OCC_LIMIT_BARRIERS) lim[n++] = 'B';
        printf("%d %s\n", res.activeBlocksPerMultiprocessor, n ? lim : "-");
    }
    return 0;
}
