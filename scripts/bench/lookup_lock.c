/* lookup_lock.c — what the allocation table's read lock (sim/memory.c ps_device_find, issue 19)
 * adds to a lookup: the same binary search over 64 allocations without and with
 * pthread_rwlock_rdlock/unlock, on 1 and 2 host threads at once (the lock's cache line is shared
 * between the threads' cores). A lookup only happens when a CTA's four last-hit entries miss.
 *
 *   cc -O2 -pthread scripts/bench/lookup_lock.c -o lookup_lock && ./lookup_lock
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

enum { NALLOC = 64, LOOKUPS = 20000000 };
static struct { uint64_t base, size; } table[NALLOC];
static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
static int use_lock;

static int find(uint64_t addr) {
    if (use_lock) pthread_rwlock_rdlock(&lock);
    int lo = 0, hi = NALLOC - 1, r = -1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (addr < table[mid].base) hi = mid - 1;
        else if (addr >= table[mid].base + table[mid].size) lo = mid + 1;
        else { r = mid; break; }
    }
    if (use_lock) pthread_rwlock_unlock(&lock);
    return r;
}

static void *run(void *arg) {
    uint64_t x = (uintptr_t)arg * 7919 + 1, sum = 0;
    for (long i = 0; i < LOOKUPS; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        sum += (uint64_t)find(table[(x >> 33) % NALLOC].base + ((x >> 20) & 255));
    }
    return (void *)(uintptr_t)sum;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void) {
    for (int i = 0; i < NALLOC; i++) table[i].base = 0x100000000ull + (uint64_t)i * 4096, table[i].size = 256;
    for (int nt = 1; nt <= 2; nt++)
        for (use_lock = 0; use_lock <= 1; use_lock++) {
            pthread_t t[2];
            double t0 = now();
            for (int i = 0; i < nt; i++) pthread_create(&t[i], NULL, run, (void *)(uintptr_t)i);
            for (int i = 0; i < nt; i++) pthread_join(t[i], NULL);
            printf("%d thread(s), %-9s %6.1f ns per lookup (wall per thread's lookup)\n", nt,
                   use_lock ? "rdlock:" : "no lock:", (now() - t0) / LOOKUPS * 1e9);
        }
    return 0;
}
