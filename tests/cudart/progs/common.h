// common.h — shared helpers of the CUDA runtime test programs: a checked call that prints the
// failing call and its error name (never a pointer or a time) and exits 1.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call)                                                                                   \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess) {                                                                   \
            std::printf("FAIL: %s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_)); \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

// Checks a condition; prints what differed and counts the failure.
static int g_failures = 0;
#define EXPECT(cond, ...)                  \
    do {                                   \
        if (!(cond)) {                     \
            if (g_failures < 10) {         \
                std::printf("MISMATCH: "); \
                std::printf(__VA_ARGS__);  \
                std::printf("\n");         \
            }                              \
            g_failures++;                  \
        }                                  \
    } while (0)

// Prints PASS (exit 0) or FAIL with the count (exit 1).
static inline int finish(void) {
    if (g_failures) {
        std::printf("FAIL (%d mismatches)\n", g_failures);
        return 1;
    }
    std::printf("PASS\n");
    return 0;
}

// A deterministic generator (xorshift32), the same on host and device.
__host__ __device__ static inline unsigned xs32(unsigned x) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}
