/* test_cudart.c — the runtime's fat-binary reader (api/cudart/fatbin.c) on fat binaries built
 * here byte by byte, with the PTX compressed here by libzstd and liblz4 (the oracle is the text
 * before compression), and ps_cudart_is_static on files that are not programs.
 * `test_cudart --is-static FILE` prints ps_cudart_is_static(FILE) (tests/cmake/cudart.cmake runs
 * it on nvcc-built programs). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <lz4.h>
#include <zstd.h>

#include "cudart_tools.h"

static const char ptx90[] = ".version 9.0\n.target sm_90\n.address_size 64\n"
                            ".visible .entry k(.param .u64 p)\n{\n  ret;\n}\n"
                            "// padding so that compression has something to do: aaaaaaaaaaaaaaaaaaaaaaaaaaaa\n";

typedef struct {
    uint8_t b[8192];
    size_t n;
} buf;

static void put(buf *f, const void *p, size_t n) {
    memcpy(f->b + f->n, p, n);
    f->n += n;
}
static void put16(buf *f, uint16_t v) { put(f, &v, 2); }
static void put32(buf *f, uint32_t v) { put(f, &v, 4); }
static void put64(buf *f, uint64_t v) { put(f, &v, 8); }

/* The fat binary around the entries in body. */
static void finish(buf *f, const buf *body) {
    f->n = 0;
    put32(f, PS_FATBIN_MAGIC), put16(f, 1), put16(f, 16), put64(f, body->n);
    put(f, body->b, body->n);
}

/* An entry as nvcc 13 writes it: a 64-byte header (80 for PTX), the payload padded to 8 bytes. */
static void entry_exact(buf *f, int kind, int arch, int major, int minor, uint64_t flags, const void *payload,
                        size_t stored, size_t plain) {
    size_t start = f->n, hs = kind == PS_FATBIN_PTX ? 80 : 64;
    size_t padded = (stored + 7) & ~(size_t)7;
    memset(f->b + start, 0, hs);
    f->n = start;
    put16(f, (uint16_t)kind), put16(f, 0x101), put32(f, (uint32_t)hs), put64(f, padded);
    put32(f, flags & (PS_FATBIN_FLAG_LZ4 | PS_FATBIN_FLAG_ZSTD) ? (uint32_t)stored : 0), put32(f, 0);
    put16(f, (uint16_t)minor), put16(f, (uint16_t)major), put32(f, (uint32_t)arch);
    put32(f, 0), put32(f, 0), put64(f, flags), put64(f, 0), put64(f, plain);
    f->n = start + hs;
    put(f, payload, stored);
    memset(f->b + f->n, 0, padded - stored);
    f->n = start + hs + padded;
}

static void three_encodings(void **state) {
    buf body = {.n = 0}, fat;
    static const uint8_t elf[24] = {0x7f, 'E', 'L', 'F'};
    entry_exact(&body, PS_FATBIN_ELF, 90, 1, 8, 0x11, elf, sizeof elf, 0);
    entry_exact(&body, PS_FATBIN_PTX, 90, 9, 0, 0x11, ptx90, sizeof ptx90, 0); /* plain, NUL included */
    uint8_t z[1024], l[1024];
    size_t zn = ZSTD_compress(z, sizeof z, ptx90, sizeof ptx90, 19);
    assert_false(ZSTD_isError(zn));
    entry_exact(&body, PS_FATBIN_PTX, 90, 9, 0, 0x8011, z, zn, sizeof ptx90);
    int ln = LZ4_compress_default(ptx90, (char *)l, (int)sizeof ptx90, (int)sizeof l);
    assert_true(ln > 0);
    entry_exact(&body, PS_FATBIN_PTX, 90, 9, 0, 0x2011, l, (size_t)ln, sizeof ptx90);
    finish(&fat, &body);
    ps_fatbin_entry e[8];
    char err[256] = "";
    assert_int_equal(ps_fatbin_entries(fat.b, fat.n, e, 8, err, sizeof err), 4);
    assert_int_equal(ps_fatbin_entries(fat.b, 0, e, 8, err, sizeof err), 4); /* the header's own size */
    assert_int_equal(e[0].kind, PS_FATBIN_ELF);
    for (int i = 1; i < 4; i++) {
        assert_int_equal(e[i].kind, PS_FATBIN_PTX);
        assert_int_equal(e[i].arch, 90);
        assert_int_equal(e[i].version_major, 9);
        assert_int_equal(e[i].version_minor, 0);
        size_t len = 0;
        char *text = ps_fatbin_ptx(&e[i], &len, err, sizeof err);
        assert_non_null(text);
        assert_string_equal(text, ptx90);
        assert_int_equal(len, strlen(ptx90));
        free(text);
    }
    assert_null(ps_fatbin_ptx(&e[0], NULL, err, sizeof err)); /* not PTX */
    assert_non_null(strstr(err, "not PTX"));
}

static void choice_of_ptx(void **state) {
    ps_fatbin_entry e[5] = {
        {.kind = PS_FATBIN_PTX, .arch = 75, .version_major = 8, .version_minor = 0},
        {.kind = PS_FATBIN_ELF, .arch = 90},
        {.kind = PS_FATBIN_PTX, .arch = 90, .version_major = 8, .version_minor = 5},
        {.kind = PS_FATBIN_PTX, .arch = 90, .version_major = 9, .version_minor = 0},
        {.kind = PS_FATBIN_PTX, .arch = 100, .version_major = 9, .version_minor = 0},
    };
    assert_int_equal(ps_fatbin_choose_ptx(e, 5, 90), 3); /* newest arch <= 90, then newest version */
    assert_int_equal(ps_fatbin_choose_ptx(e, 5, 89), 0);
    assert_int_equal(ps_fatbin_choose_ptx(e, 5, 120), 4);
    assert_int_equal(ps_fatbin_choose_ptx(e, 5, 70), -1);     /* nothing old enough */
    assert_int_equal(ps_fatbin_choose_ptx(e + 1, 1, 90), -1); /* SASS only */
}

static void malformed(void **state) {
    buf body = {.n = 0}, fat;
    entry_exact(&body, PS_FATBIN_PTX, 90, 9, 0, 0x11, ptx90, sizeof ptx90, 0);
    finish(&fat, &body);
    ps_fatbin_entry e[4];
    char err[256];
    assert_int_equal(ps_fatbin_entries(fat.b, 8, e, 4, err, sizeof err), -1);
    assert_int_equal(ps_fatbin_entries(fat.b, fat.n - 8, e, 4, err, sizeof err), -1); /* cut short */
    assert_non_null(strstr(err, "does not fit"));
    uint8_t bad[64];
    memcpy(bad, fat.b, sizeof bad);
    bad[0] ^= 1;
    assert_int_equal(ps_fatbin_entries(bad, sizeof bad, e, 4, err, sizeof err), -1);
    assert_non_null(strstr(err, "magic"));
    /* an entry whose payload runs past the end */
    buf over = fat;
    uint64_t big = 1u << 20;
    memcpy(over.b + 16 + 8, &big, 8);
    assert_int_equal(ps_fatbin_entries(over.b, over.n, e, 4, err, sizeof err), -1);
    assert_non_null(strstr(err, "overrun"));
    /* a header size below 64 */
    buf small = fat;
    uint32_t hs = 8;
    memcpy(small.b + 16 + 4, &hs, 4);
    assert_int_equal(ps_fatbin_entries(small.b, small.n, e, 4, err, sizeof err), -1);
    /* compressed data that is not what it claims */
    buf zb = {.n = 0}, zf;
    static const uint8_t junk[40] = {0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3, 4, 5};
    entry_exact(&zb, PS_FATBIN_PTX, 90, 9, 0, 0x8011, junk, sizeof junk, 300);
    entry_exact(&zb, PS_FATBIN_PTX, 90, 9, 0, 0x2011, junk, sizeof junk, 300);
    finish(&zf, &zb);
    assert_int_equal(ps_fatbin_entries(zf.b, zf.n, e, 4, err, sizeof err), 2);
    assert_null(ps_fatbin_ptx(&e[0], NULL, err, sizeof err));
    assert_non_null(strstr(err, "zstd"));
    assert_null(ps_fatbin_ptx(&e[1], NULL, err, sizeof err));
    assert_non_null(strstr(err, "LZ4"));
    /* a decompressed size beyond reason is refused before any allocation */
    e[0].plain_bytes = (size_t)1 << 40;
    assert_null(ps_fatbin_ptx(&e[0], NULL, err, sizeof err));
    assert_non_null(strstr(err, "implausibly large"));
}

static void static_detection_of_non_programs(void **state) {
    assert_int_equal(ps_cudart_is_static("/nonexistent/file"), -1);
    assert_int_equal(ps_cudart_is_static(NULL), -1);
    assert_int_equal(ps_cudart_is_static("CMakeLists.txt"), -1); /* not ELF (run from the source dir) */
    assert_int_equal(ps_cudart_is_static("/proc/self/exe"), 0);  /* this test: no device code */
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "--is-static")) {
        printf("%d\n", ps_cudart_is_static(argv[2]));
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(three_encodings),
        cmocka_unit_test(choice_of_ptx),
        cmocka_unit_test(malformed),
        cmocka_unit_test(static_detection_of_non_programs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
