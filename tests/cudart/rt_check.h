// rt_check.h — the self-checking programs' helpers: CK(call) fails the program with the call's
// error name, EXPECT(cond) records a failure; finish() prints PASS or FAIL and gives the exit code.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static int rt_failures = 0;
#define CK(call)                                                                               \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess) {                                                               \
            printf("FAIL %s:%d: %s -> %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_)); \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)
#define EXPECT(cond)                                               \
    do {                                                           \
        if (!(cond)) {                                             \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            rt_failures++;                                         \
        }                                                          \
    } while (0)
static int finish(const char *name) {
    printf("%s %s\n", rt_failures ? "FAIL" : "PASS", name);
    return rt_failures ? 1 : 0;
}
