/* shim_attr.c — the simulated device's description for cuDeviceGetAttribute (and through it
 * cudaDeviceGetAttribute and cudaGetDeviceProperties), and the simulated clock that events read.
 *
 * Base: every attribute as an H200 (driver 580.159.04, CUDA 13.0) reports it
 * (lab/cudart_h200/attrs.h200.txt). Then what depends on the architecture comes from ptxsim's
 * architecture table and from arch_rows below, and what the simulator does differently from the
 * GPU is said as the simulator does it (docs/cudart.md, "Device properties"). */
#include <string.h>

#include "shim.h"

static const int h200[] = {
    [1] = 1024,        [2] = 1024,        [3] = 1024,       [4] = 64,      [5] = 2147483647,  [6] = 65535,
    [7] = 65535,       [8] = 49152,       [9] = 65536,      [10] = 32,     [11] = 2147483647, [12] = 65536,
    [13] = 1980000,    [14] = 512,        [15] = 1,         [16] = 132,    [17] = 0,          [18] = 0,
    [19] = 1,          [20] = 0,          [21] = 131072,    [22] = 131072, [23] = 65536,      [24] = 16384,
    [25] = 16384,      [26] = 16384,      [27] = 32768,     [28] = 32768,  [29] = 2048,       [30] = 512,
    [31] = 1,          [32] = 1,          [33] = 0,         [34] = 6,      [35] = 0,          [36] = 3201000,
    [37] = 6016,       [38] = 62914560,   [39] = 2048,      [40] = 3,      [41] = 1,          [42] = 32768,
    [43] = 2048,       [44] = 1,          [45] = 32768,     [46] = 32768,  [47] = 8192,       [48] = 8192,
    [49] = 32768,      [50] = 0,          [51] = 32,        [52] = 32768,  [53] = 32768,      [54] = 2046,
    [55] = 32768,      [56] = 131072,     [57] = 65536,     [58] = 16384,  [59] = 16384,      [60] = 16384,
    [61] = 32768,      [62] = 2048,       [63] = 32768,     [64] = 32768,  [65] = 2048,       [66] = 32768,
    [67] = 32768,      [68] = 2046,       [69] = 268435456, [70] = 131072, [71] = 65000,      [72] = 2097120,
    [73] = 32768,      [74] = 32768,      [75] = 9,         [76] = 0,      [77] = 32768,      [78] = 1,
    [79] = 1,          [80] = 1,          [81] = 233472,    [82] = 65536,  [83] = 1,          [84] = 0,
    [85] = 0,          [86] = 0,          [87] = 2,         [88] = 0,      [89] = 1,          [90] = 1,
    [91] = 1,          [92] = 0,          [93] = 0,         [94] = 0,      [95] = 1,          [96] = 1,
    [97] = 232448,     [98] = 0,          [99] = 1,         [100] = 0,     [101] = 0,         [102] = 1,
    [103] = 1,         [104] = 0,         [105] = 0,        [106] = 32,    [107] = 1,         [108] = 39321600,
    [109] = 134217728, [110] = 1,         [111] = 1024,     [112] = 1,     [113] = 1,         [114] = 1,
    [115] = 1,         [116] = 1,         [117] = 1,        [118] = 100,   [119] = 9,         [120] = 1,
    [121] = 1,         [122] = 1,         [123] = 1,        [124] = 1,     [125] = 1,         [126] = 4,
    [127] = 1,         [128] = 1,         [129] = 1,        [130] = 0,     [131] = -1,        [132] = 0,
    [133] = 0,         [134] = 0,         [135] = 0,        [136] = 0,     [137] = 0,         [138] = 0,
    [139] = 590680286, [140] = 415174878, [141] = 1,        [142] = 1,     [143] = 0,         [144] = 1,
    [145] = 1,         [146] = 0,         [147] = 0,
};

/* Per architecture: the facts of NVIDIA's compute-capability table (threads, blocks and shared
 * memory per SM, reserved shared memory per block) and the SM count and clock of one reference
 * board (sm_90: the H200 measured; the others: the board's data sheet). */
typedef struct {
    int sm, sms, clock_khz, threads_per_sm, blocks_per_sm, smem_per_sm, reserved_smem, l2_bytes;
} arch_row;
static const arch_row arch_rows[] = {
    {50, 24, 1178000, 2048, 32, 65536, 0, 3145728},         /* GTX 980 Ti */
    {60, 56, 1480000, 2048, 32, 65536, 0, 4194304},         /* P100 */
    {70, 80, 1530000, 2048, 32, 98304, 0, 6291456},         /* V100 */
    {75, 40, 1590000, 1024, 16, 65536, 0, 4194304},         /* T4 */
    {80, 108, 1410000, 2048, 32, 167936, 1024, 41943040},   /* A100 */
    {86, 84, 1740000, 1536, 16, 102400, 1024, 6291456},     /* A40 */
    {89, 142, 2520000, 1536, 24, 102400, 1024, 50331648},   /* L40S */
    {90, 132, 1980000, 2048, 32, 233472, 1024, 62914560},   /* H200 (measured) */
    {100, 148, 1965000, 2048, 32, 233472, 1024, 132120576}, /* B200 */
    {120, 170, 2407000, 1536, 32, 102400, 1024, 100663296}, /* RTX 5090 */
};

static const arch_row *arch_row_of(int sm) {
    const arch_row *best = &arch_rows[0];
    for (size_t i = 0; i < sizeof arch_rows / sizeof *arch_rows; i++)
        if (arch_rows[i].sm <= sm) best = &arch_rows[i]; /* sm_90a: sm_90's row; sm_87: sm_86's */
    return best;
}

bool shim_attribute(int attr, int *value) {
    const ptxsim_arch_info *a = &shim.info;
    const arch_row *r = arch_row_of(a->sm);
    switch (attr) {
    case 1: *value = a->max_threads_per_block; return true;
    case 8: *value = a->shared_per_block; return true;
    case 10: *value = a->warp_size; return true;
    case 13: *value = r->clock_khz; return true;
    case 16: *value = r->sms; return true; /* MULTIPROCESSOR_COUNT */
    case 38: *value = r->l2_bytes; return true;
    case 39: *value = r->threads_per_sm; return true;
    case 75: *value = a->sm / 10; return true;
    case 76: *value = a->sm % 10; return true;
    case 81: *value = r->smem_per_sm; return true;
    case 97: *value = a->shared_per_block_optin; return true;
    case 106: *value = r->blocks_per_sm; return true;
    case 111: *value = r->reserved_smem; return true;
    case 120:
        *value = a->sm >= 90;
        return true; /* CLUSTER_LAUNCH */
    /* What the simulator does unlike the GPU: launches and copies run one after another when
     * called, so there is no overlap of copies with kernels nor of kernels with each other; no
     * multi-device cooperative launches; managed memory is host memory the device
     * addresses, without concurrent access, prefetching or advice. */
    case 15: *value = 0; return true;  /* GPU_OVERLAP */
    case 31: *value = 0; return true;  /* CONCURRENT_KERNELS */
    case 40: *value = 0; return true;  /* ASYNC_ENGINE_COUNT */
    case 83: *value = 1; return true;  /* MANAGED_MEMORY */
    case 89: *value = 0; return true;  /* CONCURRENT_MANAGED_ACCESS */
    case 95: *value = 1; return true;  /* COOPERATIVE_LAUNCH (docs/engine.md) */
    case 96: *value = 0; return true;  /* COOPERATIVE_MULTI_DEVICE_LAUNCH */
    case 115: *value = 1; return true; /* MEMORY_POOLS_SUPPORTED (the default pool) */
    default: break;
    }
    if (attr < 1 || attr > 147) return false; /* the H200 knows no others (148 on: invalid value) */
    *value = h200[attr];
    return true;
}

void shim_arch_limits(shim_limits *out) {
    const arch_row *r = arch_row_of(shim.info.sm);
    *out = (shim_limits){r->sms, r->threads_per_sm, r->blocks_per_sm, r->smem_per_sm, r->reserved_smem};
}

/* The clock: a launch costs 3 us plus its warp instructions issued at 4 a cycle on each SM of
 * the reference board; a copy 1 us plus its bytes at 25 GB/s across PCIe, or 2 TB/s within the
 * device. Deterministic, so elapsed times between events are the same on every run. */
void shim_clock_kernel(struct CUctx_st *c, uint64_t warp_instructions) {
    const arch_row *r = arch_row_of(shim.info.sm);
    double per_ms = (double)r->sms * 4.0 * (double)r->clock_khz;
    shim_lock(); /* several host threads may launch at once */
    c->clock_ms += 0.003 + (double)warp_instructions / per_ms;
    shim_unlock();
}

void shim_clock_copy(struct CUctx_st *c, uint64_t bytes, bool device_only) {
    shim_lock();
    c->clock_ms += 0.001 + (double)bytes / (device_only ? 2e9 : 25e6);
    shim_unlock();
}
