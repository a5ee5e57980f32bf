/* test_robust.c — malformed input never crashes or hangs: thousands of random mutations of real
 * PTX go through the parser, the decoder and (when they still decode) a short launch under a
 * small watchdog. Outcomes are diagnostics, faults or success — never a crash (ASan/UBSan run
 * this test in CI). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static uint64_t seed = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    seed ^= seed << 7;
    seed ^= seed >> 9;
    return seed;
}

static const char *tokens[] = {"%r1",
                               "%rd1",
                               "%p1",
                               "[",
                               "]",
                               "{",
                               "}",
                               ",",
                               ";",
                               "-",
                               "0f7fc00000",
                               "0x7fffffff",
                               ".b32",
                               ".u64",
                               "@%p1",
                               "bra",
                               "$L__BB0_1",
                               ":",
                               "(",
                               ")",
                               "ld.global.u32",
                               "bar.sync 0;",
                               "ret;",
                               "exit;",
                               "\"",
                               "/*",
                               "//",
                               "\n",
                               "9999999999999999999999",
                               ".reg",
                               ".shared",
                               "%tid.x",
                               "_",
                               "|"};

static char *mutate(const char *src, size_t n, size_t *out_n) {
    size_t cap = n + 256;
    char *s = malloc(cap);
    memcpy(s, src, n);
    size_t len = n;
    int edits = 1 + (int)(rnd() % 4);
    for (int e = 0; e < edits; e++) {
        size_t at = len ? rnd() % len : 0;
        switch (rnd() % 4) {
        case 0: /* delete a span */ {
            size_t k = rnd() % 16;
            if (at + k > len) k = len - at;
            memmove(s + at, s + at + k, len - at - k);
            len -= k;
            break;
        }
        case 1: /* insert a token */ {
            const char *t = tokens[rnd() % (sizeof tokens / sizeof *tokens)];
            size_t k = strlen(t);
            if (len + k + 1 >= cap) break;
            memmove(s + at + k, s + at, len - at);
            memcpy(s + at, t, k);
            len += k;
            break;
        }
        case 2: /* flip a byte */
            if (len) s[at] = (char)(rnd() & 0x7f);
            break;
        default: /* duplicate a line */ {
            size_t b = at;
            while (b > 0 && s[b - 1] != '\n') b--;
            size_t e2 = at;
            while (e2 < len && s[e2] != '\n') e2++;
            size_t k = e2 - b;
            if (len + k + 2 >= cap || k > 200) break;
            memmove(s + e2 + k, s + e2, len - e2);
            memcpy(s + e2, s + b, k);
            len += k;
        }
        }
    }
    s[len] = 0;
    *out_n = len;
    return s;
}

static void mutated_ptx_never_crashes(void **state) {
    (void)state;
    const char *files[] = {"corpus/vadd/vadd.sm_80.ptx", "corpus/reduce_shfl/reduce_shfl.sm_90.ptx",
                           "corpus/hand_jumptable/jumptable.ptx", "corpus/devfunc/devfunc.sm_80.ptx",
                           "corpus/bitonic/bitonic.sm_80.ptx"};
    int parsed = 0, launched = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        size_t n;
        char *src = ps_read_file(files[f], &n);
        assert_non_null(src);
        for (int it = 0; it < 300; it++) {
            size_t mn;
            char *m = mutate(src, n, &mn);
            ps_diags d = {0};
            ps_module *mod;
            ps_status st = ps_parse("mutant.ptx", m, mn, NULL, &d, &mod);
            if (st == PS_OK) {
                parsed++;
                ps_device *dev = ps_device_create();
                ps_program *p;
                if (ps_program_build(mod, NULL, dev, &d, &p) == PS_OK && ps_program_kernel_count(p) > 0) {
                    const char *k = ps_program_kernel_name(p, 0);
                    const ps_var *const *vars;
                    int nv = ps_program_kernel_params(p, k, &vars);
                    uint8_t params[512] = {0};
                    size_t psize = 0;
                    uint64_t buf = ps_device_alloc(dev, 4096, "buf");
                    for (int i = 0; i < nv; i++) {
                        if (vars[i]->offset + vars[i]->size > sizeof params) break;
                        if (vars[i]->size == 8) memcpy(params + vars[i]->offset, &buf, 8);
                        else if (vars[i]->size == 4) params[vars[i]->offset] = 64;
                        if (vars[i]->offset + vars[i]->size > psize) psize = vars[i]->offset + vars[i]->size;
                    }
                    ps_launch_config cfg = {.grid = {2, 1, 1},
                                            .block = {64, 1, 1},
                                            .params = params,
                                            .params_size = psize,
                                            .threads = 1,
                                            .watchdog = 20000};
                    ps_launch_result res;
                    ps_launch(p, dev, k, &cfg, &res);
                    launched++;
                }
                ps_program_free(p);
                ps_device_destroy(dev);
            } else {
                assert_true(d.errors > 0); /* a failed parse always says why */
            }
            ps_module_free(mod);
            ps_diags_free(&d);
            free(m);
        }
        free(src);
    }
    fprintf(stderr, "mutants: %d parsed, %d launched\n", parsed, launched);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(mutated_ptx_never_crashes)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
