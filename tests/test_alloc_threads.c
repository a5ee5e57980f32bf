/* test_alloc_threads.c — a launch looking allocations up while another host thread of the same
 * context allocates (issue 19): ptxsim_launch holds the context's lock, ptxsim_mem_alloc does not
 * (cudaMalloc from one host thread while another's kernel runs is legal CUDA), so the device's
 * allocation table grows (realloc, entries appended) under running lookups. The kernel reads nine
 * allocations in turn so that the CTA's four last-hit entries miss and every access searches the
 * table. Expected sums come from the C loop in this file. Under ThreadSanitizer
 * (scripts/tsan.sh) the unlocked table was a reported race; in other builds a wrong sum or an
 * AddressSanitizer use-after-free is what it could show. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"

enum { NBUF = 8, LANES = 32, ITERS = 64, LAUNCHES = 40, ALLOCS = 3000 };

/* out[ctaid * ntid + tid] = sum over i < iters of tab[i % 8][tid] */
static const char sum_ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                              ".visible .entry sum8(.param .u64 ptab, .param .u64 pout, .param .u32 piters)\n"
                              "{\n"
                              "  .reg .pred %p; .reg .b32 %r<8>; .reg .b64 %rd<10>;\n"
                              "  ld.param.u64 %rd1, [ptab]; ld.param.u64 %rd2, [pout]; ld.param.u32 %r1, [piters];\n"
                              "  mov.u32 %r2, %tid.x; mul.wide.u32 %rd3, %r2, 4;\n"
                              "  mov.u32 %r3, 0; mov.u32 %r4, 0;\n"
                              "LOOP:\n"
                              "  setp.ge.u32 %p, %r3, %r1;\n"
                              "  @%p bra DONE;\n"
                              "  and.b32 %r5, %r3, 7; mul.wide.u32 %rd4, %r5, 8; add.u64 %rd5, %rd1, %rd4;\n"
                              "  ld.global.u64 %rd6, [%rd5]; add.u64 %rd7, %rd6, %rd3;\n"
                              "  ld.global.u32 %r6, [%rd7]; add.u32 %r4, %r4, %r6;\n"
                              "  add.u32 %r3, %r3, 1;\n"
                              "  bra LOOP;\n"
                              "DONE:\n"
                              "  mov.u32 %r5, %ctaid.x; mov.u32 %r6, %ntid.x; mad.lo.u32 %r7, %r5, %r6, %r2;\n"
                              "  mul.wide.u32 %rd9, %r7, 4; add.u64 %rd8, %rd2, %rd9; st.global.u32 [%rd8], %r4;\n"
                              "  ret;\n"
                              "}\n";

typedef struct {
    ptxsim_context *ctx;
    uint64_t addr[ALLOCS];
    int failed;
} allocator;

static void *allocate_many(void *arg) {
    allocator *a = arg;
    for (int i = 0; i < ALLOCS; i++)
        if (ptxsim_mem_alloc(a->ctx, 4 + (uint64_t)(i % 7) * 4, "churn", &a->addr[i]) != PTXSIM_OK) a->failed = 1;
    return NULL;
}

static void lookups_during_allocations(void **state) {
    (void)state;
    ptxsim_context *c;
    assert_int_equal(ptxsim_context_create("sm_90", &c, NULL), PTXSIM_OK);
    ptxsim_options o;
    ptxsim_context_get_options(c, &o);
    o.threads = 1;
    assert_int_equal(ptxsim_context_set_options(c, &o), PTXSIM_OK);
    ptxsim_module *m;
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_load(c, "sum8.ptx", sum_ptx, strlen(sum_ptx), &m, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_module_kernel(m, "sum8", &k), PTXSIM_OK);
    uint32_t data[NBUF][LANES], want[LANES] = {0};
    uint64_t buf[NBUF], tab, out;
    for (int b = 0; b < NBUF; b++) {
        for (int l = 0; l < LANES; l++) data[b][l] = (uint32_t)(b * 1000 + l * 7 + 1);
        assert_int_equal(ptxsim_mem_alloc(c, sizeof data[b], "in", &buf[b]), PTXSIM_OK);
        assert_int_equal(ptxsim_mem_write(c, buf[b], data[b], sizeof data[b]), PTXSIM_OK);
    }
    assert_int_equal(ptxsim_mem_alloc(c, sizeof buf, "tab", &tab), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_write(c, tab, buf, sizeof buf), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_alloc(c, sizeof want, "out", &out), PTXSIM_OK);
    for (int i = 0; i < ITERS; i++)
        for (int l = 0; l < LANES; l++) want[l] += data[i % NBUF][l];
    uint32_t iters = ITERS;
    void *args[] = {&tab, &out, &iters};
    ptxsim_launch_config cfg = {.grid = {1, 1, 1}, .block = {LANES, 1, 1}, .args = args};

    allocator *a = calloc(1, sizeof *a);
    assert_non_null(a);
    a->ctx = c;
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, allocate_many, a), 0);
    int wrong = 0, bad_status = 0;
    for (int n = 0; n < LAUNCHES; n++) {
        uint32_t got[LANES];
        memset(got, 0xff, sizeof got);
        assert_int_equal(ptxsim_mem_write(c, out, got, sizeof got), PTXSIM_OK);
        bad_status += ptxsim_launch(c, k, &cfg, NULL) != PTXSIM_OK;
        assert_int_equal(ptxsim_mem_read(c, got, out, sizeof got), PTXSIM_OK);
        wrong += memcmp(got, want, sizeof got) != 0;
    }
    pthread_join(t, NULL);
    assert_int_equal(bad_status, 0);
    assert_int_equal(wrong, 0);
    assert_int_equal(a->failed, 0);
    /* every allocation the other thread made is found where it was made */
    for (int i = 0; i < ALLOCS; i++) {
        uint64_t base, bytes;
        bool host;
        assert_int_equal(ptxsim_mem_range(c, a->addr[i] + 1, &base, &bytes, &host), PTXSIM_OK);
        assert_true(base == a->addr[i] && bytes == 4 + (uint64_t)(i % 7) * 4 && !host);
    }
    free(a);
    ptxsim_module_unload(m);
    ptxsim_context_destroy(c);
}

/* Pool threads (sim/pool.c) shared by launches of several host threads at once, each on its own
 * context, with multi-CTA grids: every launch's sum is right, and a launch whose CTA faults leaves
 * the pool able to run the next one. */
enum { HOSTS = 4, GRID = 16, HOST_LAUNCHES = 30 };

static void *host_launches(void *arg) {
    uintptr_t id = (uintptr_t)arg, bad = 0;
    ptxsim_context *c;
    if (ptxsim_context_create("sm_90", &c, NULL) != PTXSIM_OK) return (void *)1;
    ptxsim_options o;
    ptxsim_context_get_options(c, &o);
    o.threads = (int)(id % 3); /* 0 (all cores), 1 and 2 host threads */
    ptxsim_context_set_options(c, &o);
    ptxsim_module *m;
    ptxsim_kernel *k;
    if (ptxsim_module_load(c, "sum8.ptx", sum_ptx, strlen(sum_ptx), &m, NULL) != PTXSIM_OK ||
        ptxsim_module_kernel(m, "sum8", &k) != PTXSIM_OK)
        return (void *)1;
    uint32_t data[NBUF][LANES], want[LANES] = {0};
    uint64_t buf[NBUF], tab, out;
    for (int b = 0; b < NBUF; b++) {
        for (int l = 0; l < LANES; l++) data[b][l] = (uint32_t)(id * 77 + (uintptr_t)b * 1000 + (uintptr_t)l);
        bad |=
            ptxsim_mem_alloc(c, sizeof data[b], "in", &buf[b]) | ptxsim_mem_write(c, buf[b], data[b], sizeof data[b]);
    }
    bad |= ptxsim_mem_alloc(c, sizeof buf, "tab", &tab) | ptxsim_mem_write(c, tab, buf, sizeof buf);
    bad |= ptxsim_mem_alloc(c, sizeof(uint32_t) * GRID * LANES, "out", &out);
    uint32_t iters = 16 + (uint32_t)id;
    for (uint32_t i = 0; i < iters; i++)
        for (int l = 0; l < LANES; l++) want[l] += data[i % NBUF][l];
    void *args[] = {&tab, &out, &iters};
    ptxsim_launch_config cfg = {.grid = {GRID, 1, 1}, .block = {LANES, 1, 1}, .args = args};
    uint64_t wild = 0x10; /* no allocation: every CTA faults */
    void *wild_args[] = {&wild, &out, &iters};
    ptxsim_launch_config faulting = {.grid = {GRID, 1, 1}, .block = {LANES, 1, 1}, .args = wild_args};
    for (int n = 0; n < HOST_LAUNCHES; n++) {
        uint32_t got[GRID][LANES];
        memset(got, 0, sizeof got);
        bad |= ptxsim_mem_write(c, out, got, sizeof got);
        if (n % 10 == 5) bad |= ptxsim_launch(c, k, &faulting, NULL) != PTXSIM_ERR_FAULT;
        bad |= ptxsim_launch(c, k, &cfg, NULL) | ptxsim_mem_read(c, got, out, sizeof got);
        for (int b = 0; b < GRID; b++) bad |= memcmp(got[b], want, sizeof want) != 0;
    }
    ptxsim_module_unload(m);
    ptxsim_context_destroy(c);
    return (void *)bad;
}

static void launches_from_threads_share_the_pool(void **state) {
    (void)state;
    pthread_t t[HOSTS];
    for (uintptr_t i = 0; i < HOSTS; i++) assert_int_equal(pthread_create(&t[i], NULL, host_launches, (void *)i), 0);
    for (int i = 0; i < HOSTS; i++) {
        void *r;
        pthread_join(t[i], &r);
        assert_int_equal((uintptr_t)r, 0);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lookups_during_allocations),
        cmocka_unit_test(launches_from_threads_share_the_pool),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
