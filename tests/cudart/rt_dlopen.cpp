// rt_dlopen.cpp — a program that loads and unloads a shared library with device code three times
// (dlopen, dlclose): each load registers its fat binary afresh and the kernel runs; each unload
// unregisters it (__cudaUnregisterFatBinary) without leaving anything behind that a later load at
// the same addresses could reach.
#include <cstdio>
#include <dlfcn.h>

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    for (int round = 0; round < 3; round++) {
        void *h = dlopen(argv[1], RTLD_NOW);
        if (!h) {
            printf("FAIL dlopen: %s\n", dlerror());
            return 1;
        }
        int (*run)(int) = (int (*)(int))dlsym(h, "rt_dlopen_run");
        int got = run ? run(40 + round) : -2;
        if (got != 40 + round) {
            printf("FAIL round %d: %d\n", round, got);
            return 1;
        }
        dlclose(h);
    }
    printf("PASS rt_dlopen\n");
    return 0;
}
