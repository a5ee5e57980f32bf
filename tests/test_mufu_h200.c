/* test_mufu_h200.c — replays results of the approximate instructions recorded on an H200
 * (tests/data/mufu/, README there: GPU, driver, CUDA, date, command) through fp.c/fp_half.c:
 *  - s_<op>.u32: the first 16384 of the 2^16 results of lab/mufu/mufu_dump.cu for the inputs
 *    mix(i) (a 64-bit mixer, restated below; f32 ops use its low 32 bits, f64 ops all 64 and the
 *    files hold upper, lower word pairs);
 *  - h_tanh_<fmt>.u32: tanh.approx.{f16,bf16}{,x2} for every 16-bit input (x2: the high lane
 *    holds (i * 40503) mod 2^16).
 * All of them (rcp, ex2, rsqrt, sqrt, lg2, sin, cos, tanh, the divisions, the f64 forms, the half
 * tanh forms) must match bit for bit (docs/numerics.md 7.3). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "fp.h"
#include "fp_half.h"

#define NS 16384

static uint64_t mix(uint64_t z) /* = mufu_mix of lab/mufu/mufu_ops.h */
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint32_t *load(const char *name, size_t n) {
    char path[256];
    snprintf(path, sizeof path, "tests/data/mufu/%s", name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    uint32_t *v = malloc(n * 4);
    assert_non_null(v);
    assert_int_equal(fread(v, 4, n, f), n);
    fclose(f);
    return v;
}

static bool is_nan32(uint32_t x) { return (x & 0x7fffffffu) > 0x7f800000u; }
static uint32_t ulps32(uint32_t a, uint32_t b) {
    int64_t x = (a >> 31) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
    int64_t y = (b >> 31) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
    return (uint32_t)(x > y ? x - y : y - x);
}

typedef struct {
    const char *file;
    uint32_t (*fn)(uint32_t, bool);
    bool ftz;
    uint32_t max_ulp; /* 0: bit-exact required */
    double min_exact; /* share of exact results required otherwise */
} f32case;

static uint32_t tanh_fn(uint32_t x, bool ftz) {
    (void)ftz;
    return ps_f32_tanh_approx(x);
}

static void test_f32(void **state) {
    (void)state;
    static const f32case C[] = {
        {"s_rcp_ftz.u32", ps_f32_rcp_approx, true, 0, 1},
        {"s_rcp.u32", ps_f32_rcp_approx, false, 0, 1},
        {"s_ex2_ftz.u32", ps_f32_ex2_approx, true, 0, 1},
        {"s_ex2.u32", ps_f32_ex2_approx, false, 0, 1},
        {"s_rsqrt_ftz.u32", ps_f32_rsqrt_approx, true, 0, 1},
        {"s_rsqrt.u32", ps_f32_rsqrt_approx, false, 0, 1},
        {"s_sqrt_ftz.u32", ps_f32_sqrt_approx, true, 0, 1},
        {"s_sqrt.u32", ps_f32_sqrt_approx, false, 0, 1},
        {"s_lg2_ftz.u32", ps_f32_lg2_approx, true, 0, 1},
        {"s_lg2.u32", ps_f32_lg2_approx, false, 0, 1},
        {"s_sin_ftz.u32", ps_f32_sin_approx, true, 0, 1},
        {"s_sin.u32", ps_f32_sin_approx, false, 0, 1},
        {"s_cos_ftz.u32", ps_f32_cos_approx, true, 0, 1},
        {"s_cos.u32", ps_f32_cos_approx, false, 0, 1},
        /* double-precision models: bound and exact share as measured (docs/numerics.md 7.3) */
        {"s_tanh.u32", tanh_fn, false, 0, 1},
    };
    int bad = 0;
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        uint32_t *g = load(C[k].file, NS);
        int exact = 0;
        uint32_t worst = 0;
        for (int i = 0; i < NS; i++) {
            uint32_t x = (uint32_t)mix((uint64_t)i), m = C[k].fn(x, C[k].ftz);
            if (m == g[i]) {
                exact++;
                continue;
            }
            uint32_t u = is_nan32(m) || is_nan32(g[i]) ? UINT32_MAX : ulps32(m, g[i]);
            if (u > worst) worst = u;
            if (C[k].max_ulp == 0 && i - exact < 4) printf("%s: x=%08x gpu %08x model %08x\n", C[k].file, x, g[i], m);
        }
        double share = (double)exact / NS;
        printf("%-18s exact %5d / %d (%.4f), max ulp %u\n", C[k].file, exact, NS, share, worst);
        if (C[k].max_ulp == 0 ? exact != NS : (worst > C[k].max_ulp || share < C[k].min_exact)) bad++;
        free(g);
    }
    assert_int_equal(bad, 0);
}

/* div.approx / div.full: a = low, b = high 32 bits of mix(i) */
static void test_div(void **state) {
    (void)state;
    static const struct {
        const char *file;
        uint32_t (*fn)(uint32_t, uint32_t, bool);
        bool ftz;
    } C[] = {
        {"s_div_approx_ftz.u32", ps_f32_div_approx, true},
        {"s_div_approx.u32", ps_f32_div_approx, false},
        {"s_div_full_ftz.u32", ps_f32_div_full, true},
        {"s_div_full.u32", ps_f32_div_full, false},
    };
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        uint32_t *g = load(C[k].file, NS);
        int exact = 0;
        for (int i = 0; i < NS; i++) {
            uint64_t r = mix((uint64_t)i);
            uint32_t m = C[k].fn((uint32_t)r, (uint32_t)(r >> 32), C[k].ftz);
            if (m == g[i]) exact++;
            else if (NS - exact < 4)
                printf("%s: a=%08x b=%08x gpu %08x model %08x\n", C[k].file, (uint32_t)r, (uint32_t)(r >> 32), g[i], m);
        }
        printf("%-20s exact %5d / %d\n", C[k].file, exact, NS);
        assert_int_equal(exact, NS);
        free(g);
    }
}

static void test_f64(void **state) {
    (void)state;
    static const struct {
        const char *file;
        uint64_t (*fn)(uint64_t);
    } C[] = {
        {"s_rcp64_ftz.u32", ps_f64_rcp_approx_ftz},
        {"s_rsqrt64_ftz.u32", ps_f64_rsqrt_approx_ftz},
        {"s_rsqrt64.u32", ps_f64_rsqrt_approx},
    };
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        uint32_t *g = load(C[k].file, 2 * NS);
        int exact = 0;
        for (int i = 0; i < NS; i++) {
            uint64_t x = mix((uint64_t)i), m = C[k].fn(x), gg = (uint64_t)g[2 * i] << 32 | g[2 * i + 1];
            if (m == gg) exact++;
            else if (NS - exact < 4)
                printf("%s: x=%016llx gpu %016llx model %016llx\n", C[k].file, (unsigned long long)x,
                       (unsigned long long)gg, (unsigned long long)m);
        }
        printf("%-18s exact %5d / %d\n", C[k].file, exact, NS);
        assert_int_equal(exact, NS);
        free(g);
    }
}

static void test_half_tanh(void **state) {
    (void)state;
    static const struct {
        const char *file;
        ps_half_fmt fmt;
        bool x2;
    } C[] = {
        {"h_tanh_f16.u32", PS_HALF_F16, false},
        {"h_tanh_bf16.u32", PS_HALF_BF16, false},
        {"h_tanh_f16x2.u32", PS_HALF_F16, true},
        {"h_tanh_bf16x2.u32", PS_HALF_BF16, true},
    };
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        uint32_t *g = load(C[k].file, 65536);
        int exact = 0;
        for (uint32_t i = 0; i < 65536; i++) {
            uint16_t lo = (uint16_t)i, hi = (uint16_t)(i * 40503u);
            uint32_t m = ps_half_tanh_approx(C[k].fmt, lo);
            uint32_t want = C[k].x2 ? g[i] : (g[i] & 0xffff);
            if (C[k].x2) m |= (uint32_t)ps_half_tanh_approx(C[k].fmt, hi) << 16;
            if (m == want) exact++;
        }
        printf("%-18s exact %5d / 65536\n", C[k].file, exact);
        assert_int_equal(exact, 65536);
        free(g);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f32),
        cmocka_unit_test(test_div),
        cmocka_unit_test(test_f64),
        cmocka_unit_test(test_half_tanh),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
