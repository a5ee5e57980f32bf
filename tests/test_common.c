/* test_common.c — the arena and ps_read_file of common/: memory comes back zeroed, 16-byte
 * aligned and disjoint across small, block-sized and huge (mapped, huge-page) requests; a file
 * is read back byte for byte whatever its size. Expected values are the bytes written here. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

typedef struct {
    unsigned char *p;
    size_t n;
} piece;

static bool all_zero(const unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i]) return false;
    return true;
}

/* Sizes from 1 byte to past the largest block (32 MiB), in an order that makes the arena open
 * blocks of every kind (calloc'd, mapped with huge pages, a one-off larger than a block). Every
 * piece is checked zeroed and aligned, then filled with its own byte; at the end every piece
 * must still hold its byte, so no two pieces overlap. */
static void arena_zeroed_aligned_disjoint(void **state) {
    (void)state;
    static const size_t sizes[] = {1, 15,        16, 17,      100,      4096, 65536,    65537, 3 << 20,
                                   7, 40u << 20, 33, 1 << 20, 9u << 20, 64,   5u << 20, 1};
    enum { N = sizeof sizes / sizeof sizes[0], REPEAT = 40 };
    piece pc[N * REPEAT];
    ps_arena a;
    ps_arena_init(&a);
    int k = 0;
    for (int r = 0; r < REPEAT; r++)
        for (int i = 0; i < N; i++, k++) {
            size_t n = sizes[i] > (1u << 20) && r > 1 ? 4096 : sizes[i]; /* big ones twice */
            unsigned char *p = ps_arena_alloc(&a, n);
            assert_non_null(p);
            assert_int_equal((uintptr_t)p % 16, 0);
            assert_true(all_zero(p, n));
            memset(p, (k % 251) + 1, n);
            pc[k] = (piece){p, n};
        }
    for (int j = 0; j < k; j++)
        for (size_t i = 0; i < pc[j].n; i++)
            if (pc[j].p[i] != (unsigned char)((j % 251) + 1)) fail_msg("piece %d byte %zu overwritten", j, i);
    char *s = ps_arena_strndup(&a, "register%r12 trailing", 12);
    assert_string_equal(s, "register%r12");
    ps_arena_free(&a);
    assert_null(a.head);
    ps_arena_free(&a); /* freeing an empty arena is allowed */
}

static void write_file(const char *path, const unsigned char *data, size_t n) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* Empty, small, page-sized and multi-megabyte files (the last takes the huge-page buffer) come
 * back with their exact length and a NUL after the last byte. */
static void read_file_exact(void **state) {
    (void)state;
    char path[] = "/tmp/ptxsim_test_common_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    static const size_t sizes[] = {0, 1, 4095, 4096, 65536, 65537, (5u << 20) + 3};
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        size_t n = sizes[t];
        unsigned char *data = malloc(n ? n : 1);
        uint32_t x = 2463534242u + (uint32_t)t;
        for (size_t i = 0; i < n; i++) {
            x ^= x << 13, x ^= x >> 17, x ^= x << 5;
            data[i] = (unsigned char)(x % 255 + 1);
        }
        write_file(path, data, n);
        size_t got = 12345;
        char *buf = ps_read_file(path, &got);
        assert_non_null(buf);
        assert_int_equal(got, n);
        assert_memory_equal(buf, data, n);
        assert_int_equal(buf[n], 0);
        free(buf);
        free(data);
    }
    unlink(path);
    size_t got = 0;
    assert_null(ps_read_file("/nonexistent/ptxsim/file", &got));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arena_zeroed_aligned_disjoint),
        cmocka_unit_test(read_file_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
