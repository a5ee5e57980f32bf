/* test_half_h200.c — replays the low-precision differential cases (tests/lowprec/lp_cases.def:
 * f16/bf16 arithmetic, setp, ex2/tanh, cvt among f32/f64/f16/bf16/tf32/fp8, cvt.pack) on the
 * simulator and compares with the results recorded on an H200 (tests/lowprec/lp_h200.txt: a hash
 * of all 65536 results per case plus 32 sampled results). The PTX and the inputs come from the
 * same header the GPU probe used, so nothing here is computed by ptxsim's own numerics.
 *
 * Cases listed in tests/lowprec/lp_known.txt are known mismatches (documented approximations):
 * they must still differ, so the list cannot go stale silently.
 * With LP_DATA=DIR (the probe's full <case>.bin files) every mismatch is counted and the first
 * ones printed, for development. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lowprec/lp_cases.h"
#include "testutil.h"

typedef struct {
    char name[96];
    uint64_t hash;
    uint64_t sample[32];
} rec;

static rec *load_records(int *n) {
    FILE *f = fopen("tests/lowprec/lp_h200.txt", "r");
    assert_non_null(f);
    rec *r = calloc(LP_NCASES + 16, sizeof *r);
    char line[2048];
    int k = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || k >= LP_NCASES + 16) continue;
        char *p = line, *e;
        int len = (int)strcspn(p, " ");
        snprintf(r[k].name, sizeof r[k].name, "%.*s", len, p);
        p += len;
        r[k].hash = strtoull(p, &e, 16);
        p = e;
        for (int i = 0; i < 32; i++, p = e) r[k].sample[i] = strtoull(p, &e, 16);
        k++;
    }
    fclose(f);
    *n = k;
    return r;
}

static bool known_mismatch(const char *name) {
    FILE *f = fopen("tests/lowprec/lp_known.txt", "r");
    if (!f) return false;
    char line[256];
    bool found = false;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, " \n#")] = 0;
        if (!strcmp(line, name)) found = true;
    }
    fclose(f);
    return found;
}

static uint64_t mask_of(int w) { return w == 64 ? UINT64_MAX : (1ull << w) - 1; }

/* Runs case c on the simulator; d gets the results. */
static void run_case(const lp_case *c, const uint64_t *a, const uint64_t *b, const uint64_t *cc, uint64_t *d) {
    static char ptx[8192], diag[4096];
    assert_true(lp_ptx(c, ptx, sizeof ptx) > 0);
    size_t bytes = (size_t)LP_N * 8;
    memset(d, 0, bytes);
    tu_buf bufs[4] = {{(void *)a, bytes}, {(void *)b, bytes}, {(void *)cc, bytes}, {d, bytes}};
    tu_launch cfg = {.grid = {LP_N / 256, 1, 1}, .block = {256, 1, 1}, .threads = 2, .scalars = {LP_N}, .nscalars = 1};
    ps_launch_result res;
    diag[0] = 0;
    ps_status st = tu_run(ptx, c->name, &cfg, bufs, 4, &res, diag, sizeof diag);
    if (st != PS_OK) fail_msg("%s: %s", c->name, diag);
}

static void test_h200_replay(void **state) {
    (void)state;
    int nrec;
    rec *recs = load_records(&nrec);
    assert_int_equal(nrec, LP_NCASES);
    size_t bytes = (size_t)LP_N * 8;
    uint64_t *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes), *d = malloc(bytes);
    const char *data = getenv("LP_DATA");
    int gen = -1, bad = 0, known = 0, compared = 0;
    for (int k = 0; k < LP_NCASES; k++) {
        const lp_case *cs = &LP_CASES[k];
        assert_string_equal(cs->name, recs[k].name);
        if (cs->gen != gen) lp_inputs(gen = cs->gen, a, b, c);
        run_case(cs, a, b, c, d);
        compared += LP_N;
        uint64_t m = mask_of(cs->outw);
        bool ok = lp_hash(d, LP_N, cs->outw) == recs[k].hash;
        for (int i = 0; i < 32; i++) {
            int idx = (int)((unsigned)(i * 4099) % LP_N);
            if ((d[idx] & m) != recs[k].sample[i]) ok = false;
        }
        bool expect_bad = known_mismatch(cs->name);
        if (!ok && expect_bad) {
            known++;
            continue;
        }
        if (ok && expect_bad) {
            printf("%s: matches the H200 now; remove it from tests/lowprec/lp_known.txt\n", cs->name);
            bad++;
            continue;
        }
        if (ok) continue;
        bad++;
        printf("%s: differs from the H200 (%s)\n", cs->name, cs->body);
        if (data) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s.bin", data, cs->name);
            FILE *f = fopen(path, "rb");
            if (!f) continue;
            int nd = 0;
            for (int i = 0; i < LP_N; i++) {
                uint64_t g = 0;
                if (fread(&g, (size_t)cs->outw / 8, 1, f) != 1) break;
                if ((d[i] & m) != g && nd++ < 6)
                    printf("  a=%" PRIx64 " b=%" PRIx64 " c=%" PRIx64 ": gpu %" PRIx64 " ptxsim %" PRIx64 "\n", a[i],
                           b[i], c[i], g, d[i] & m);
            }
            fclose(f);
            printf("  %d of %d differ\n", nd, LP_N);
        } else {
            for (int i = 0; i < 32; i++) {
                int idx = (int)((unsigned)(i * 4099) % LP_N);
                if ((d[idx] & m) != recs[k].sample[i])
                    printf("  sample a=%" PRIx64 " b=%" PRIx64 " c=%" PRIx64 ": gpu %" PRIx64 " ptxsim %" PRIx64 "\n",
                           a[idx], b[idx], c[idx], recs[k].sample[i], d[idx] & m);
            }
        }
    }
    printf("%d cases, %d results compared, %d known mismatches, %d unexpected\n", LP_NCASES, compared, known, bad);
    free(a), free(b), free(c), free(d), free(recs);
    assert_int_equal(bad, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_h200_replay)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
