/* test_manifest_strict.c — the manifest loader's hardening (issue 15), one test per row: invalid
 * JSON located instead of a use-after-free, numbers checked against their types, "bytes" in linear
 * time, the path policy, --out confined to its folder, unknown and duplicate keys, and the limits
 * on what a manifest may ask for. Expected values come from the JSON and IEEE 754 encodings
 * themselves, never from the loader. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "manifest_internal.h"

static char dir[] = "/tmp/ptxsim_manifest_XXXXXX";
static char err[2048];

static void put(const char *name, const char *text, size_t len) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
}

/* Writes text as DIR/case.json and loads it. */
static ps_status load_n(const char *text, size_t len, const ps_manifest_policy *p, ps_manifest **m) {
    put("case.json", text, len);
    char path[256];
    snprintf(path, sizeof path, "%s/case.json", dir);
    err[0] = 0;
    *m = NULL;
    return ps_manifest_load_with(path, p, m, err, sizeof err);
}

static ps_manifest *load_ok(const char *text) {
    ps_manifest *m;
    if (load_n(text, strlen(text), NULL, &m) != PS_OK) fail_msg("did not load: %s", err);
    return m;
}

/* The load must fail with `want` in its message (e.g. ":3:14: error: grid[1]: ..."). */
static void load_bad_n(const char *text, size_t len, const ps_manifest_policy *p, const char *want) {
    ps_manifest *m;
    ps_status st = load_n(text, len, p, &m);
    if (st == PS_OK) fail_msg("loaded, expected '%s'", want);
    assert_null(m);
    if (!strstr(err, want)) fail_msg("message '%s' lacks '%s'", err, want);
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%s/case.json:", dir);
    if (strncmp(err, prefix, strlen(prefix))) fail_msg("message '%s' does not start with the manifest's path", err);
}

static void load_bad(const char *text, const char *want) { load_bad_n(text, strlen(text), NULL, want); }

/* A valid manifest with `params` and `buffers` put in. */
static char *with(const char *buffers, const char *params, const char *extra) {
    static char text[1 << 12];
    snprintf(text, sizeof text,
             "{\"ptx\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [1],%s\n"
             " \"buffers\": [%s],\n \"params\": [%s]}",
             extra, buffers, params);
    return text;
}

/* Row 2: invalid JSON gave a heap use-after-free (the message pointed into freed text) and a
 * segfault past ~128 KB, and never said where. Now: the place and what was expected. */
static void row2_invalid_json_is_located(void **state) {
    (void)state;
    load_bad("{\"a\":", ":1:6: error: invalid JSON: expected a value, found the end of the file");
    load_bad("", ":1:1: error: invalid JSON: the file is empty");
    load_bad("\n\n   ", ":3:4: error: invalid JSON: the file is empty");
    load_bad("[1]", ":1:1: error: invalid JSON: expected '{' (a manifest is a JSON object), found '['");
    load_bad("{\"ptx\": \"k.ptx\",\n \"kernel\" \"k\"}",
             ":2:11: error: invalid JSON: expected ':' after the key, found '\"'");
    load_bad("{\"grid\": [1, 2,]}", ":1:16: error: invalid JSON: trailing comma before ']'");
    load_bad("{\"grid\": [01]}", ":1:11: error: invalid JSON: a number may not have a leading zero");
    load_bad("{\"grid\": [1.]}", ":1:13: error: invalid JSON: a digit must follow the decimal point");
    load_bad("{\"a\": 'x'}",
             ":1:7: error: invalid JSON: expected a value, found ''' (JSON strings take double quotes)");
    load_bad("{\"a\": \"x\ny\"}", ":1:9: error: invalid JSON: unterminated string (a line break inside a string");
    load_bad("{\"a\": \"\\q\"}", ":1:8: error: invalid JSON: unknown escape \\'q' in a string");
    load_bad("{\"a\": \"\\ud800\"}", ":1:8: error: invalid JSON: high surrogate \\ud800 without its low half");
    load_bad("{\"a\": \"\\u0000\"}", ":1:8: error: invalid JSON: \\u0000 (NUL) is not allowed");
    load_bad("{\"a\": \"\xc3\x28\"}", ":1:8: error: invalid JSON: invalid UTF-8 (byte 0xc3)");
    load_bad("{\"a\": 1} x", ":1:10: error: invalid JSON: unexpected 'x' after the manifest's closing '}'");
    load_bad("{\"a\": [1,\n 2", ":1:7: error: invalid JSON: this array is never closed (expected ']')");
    load_bad_n("{\"a\": \"\0\"}", 10, NULL, ":1:8: error: invalid JSON: control character 0x00 inside a string");
    /* the sizes that crashed: 200 KB of text with the error at its end */
    size_t n = 200000;
    char *big = malloc(n + 1);
    memset(big, ' ', n);
    memcpy(big, "{\"ptx\":", 7);
    big[n] = 0;
    load_bad_n(big, n, NULL, ":1:200001: error: invalid JSON: expected a value, found the end of the file");
    /* nesting: 501 levels (the parser's crash in row 3 had a JSON twin here) */
    for (size_t i = 0; i < 501; i++) big[i] = '[';
    memcpy(big, "{\"a\":", 5);
    load_bad_n(big, 501, NULL, ":1:69: error: invalid JSON: nested deeper than 64 levels");
    free(big);
}

/* Row 6: 1e300 as a fill, 5000000000 as an s32, an f32 for a .u32: UBSan reports, wrapped or
 * zero values, and the error surfacing as a kernel fault. Now each is refused at its place. */
static void row6_numbers_checked_against_types(void **state) {
    (void)state;
    load_bad(with("{\"name\": \"o\", \"type\": \"u32\", \"count\": 3, \"init\": {\"fill\": 1e300}}", "", ""),
             ":2:72: error: buffers[0].init.fill: 1e300 is out of range for u32 (0..4294967295)");
    load_bad(with("{\"name\": \"o\", \"type\": \"f32\", \"count\": 3, \"init\": {\"fill\": -1e300}}", "", ""),
             ":2:72: error: buffers[0].init.fill: -1e300 is out of range for f32 (largest finite value 3.40282347e38)");
    load_bad(with("{\"name\": \"o\", \"type\": \"f64\", \"count\": 3, \"init\": {\"fill\": 1e999}}", "", ""),
             ":2:72: error: buffers[0].init.fill: 1e999 is out of range for f64");
    load_bad(with("", "{\"s32\": 5000000000}", ""),
             ":3:21: error: params[0].s32: 5000000000 is out of range for s32 (-2147483648..2147483647)");
    load_bad(with("", "{\"s32\": 1e300}", ""), ":3:21: error: params[0].s32: 1e300 is out of range for s32");
    load_bad(with("", "{\"u32\": -1}", ""), ":3:21: error: params[0].u32: -1 is out of range for u32 (0..4294967295)");
    load_bad(with("", "{\"u32\": 7.5}", ""), ":3:21: error: params[0].u32: 7.5 is not an integer (a u32 value)");
    load_bad(with("", "{\"u8\": \"0x100\"}", ""),
             ":3:20: error: params[0].u8: \"0x100\" is out of range for u8 (0..255)");
    load_bad(with("", "{\"f16\": 65520}", ""),
             ":3:21: error: params[0].f16: 65520 is out of range for f16 (largest finite value 65504)");
    load_bad(with("", "{\"u64\": 18446744073709551616}", ""),
             ":3:21: error: params[0].u64: 18446744073709551616 is out of range");
    load_bad(with("", "{\"u32\": true}", ""), ":3:21: error: params[0].u32: must be a number");
    load_bad(with("{\"name\": \"o\", \"type\": \"s8\", \"count\": 3, \"init\": {\"fill\": 0.5}}", "", ""),
             ":2:71: error: buffers[0].init.fill: 0.5 is not an integer (an s8 value)");

    /* what loads: exact integers at the ends of their ranges (through a double, 2^64-1 would be
     * 2^64), integral values written with exponents, and floats rounded once to their type */
    ps_manifest *m = load_ok(with("{\"name\": \"o\", \"type\": \"f32\", \"count\": 1e3, \"init\": {\"fill\": -0.0}},"
                                  "{\"name\": \"h\", \"type\": \"bf16\", \"count\": 2, \"init\": {\"fill\": 1.5}},"
                                  "{\"name\": \"g\", \"type\": \"f16\", \"count\": 2, \"init\": {\"fill\": -2}}",
                                  "{\"u64\": 18446744073709551615}, {\"s64\": -9223372036854775808}, {\"s32\": 2.5e1},"
                                  "{\"f32\": 1.5}, {\"f16\": 1.5}, {\"f16\": 65519}, {\"f64\": 0.1}, {\"b32\": -1},"
                                  "{\"u32\": \"0xdeadbeef\"}, {\"f32\": \"-inf\"}, {\"u8\": 255}, {\"f16\": 1}",
                                  ""));
    assert_int_equal(m->bufs[0].count, 1000);
    assert_int_equal(m->bufs[0].fill_bits, 0x80000000u); /* -0.0f: the sign survives */
    assert_int_equal(m->bufs[1].fill_bits, 0x3fc0);      /* bf16 1.5 */
    assert_int_equal(m->bufs[2].fill_bits, 0xc000);      /* f16 -2 (the old loader filled 16-bit floats with 0) */
    assert_int_equal(m->params[0].bits, UINT64_MAX);
    assert_int_equal(m->params[1].bits, 0x8000000000000000ull);
    assert_int_equal(m->params[2].bits, 25);
    assert_int_equal(m->params[3].bits, 0x3fc00000u);
    assert_int_equal(m->params[4].bits, 0x3e00); /* f16 1.5 */
    assert_int_equal(m->params[5].bits, 0x7bff); /* 65519 rounds to 65504, the largest f16 */
    assert_int_equal(m->params[6].bits, 0x3fb999999999999aull);
    assert_int_equal(m->params[7].bits, 0xffffffffu);
    assert_int_equal(m->params[8].bits, 0xdeadbeefu);
    assert_int_equal(m->params[9].bits, 0xff800000u);
    assert_int_equal(m->params[10].bits, 255);
    assert_int_equal(m->params[11].bits, 0x3c00); /* f16 1.0 (the old loader passed the integer 1) */
    ps_manifest_free(m);
}

/* Row 7: a 1 MB "bytes" parameter took 28 s (one sscanf per byte, each rescanning the rest). */
static void row7_hex_bytes_in_linear_time(void **state) {
    (void)state;
    for (size_t mb = 1; mb <= 4; mb *= 2) {
        size_t nbytes = mb << 20;
        size_t cap = 2 * nbytes + 256;
        char *text = malloc(cap);
        int k = snprintf(text, cap,
                         "{\"ptx\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [1], "
                         "\"params\": [{\"bytes\": \"");
        for (size_t i = 0; i < nbytes; i++) {
            static const char hex[] = "0123456789abcdef";
            text[k++] = hex[(i * 7 >> 4) & 15];
            text[k++] = hex[(i * 7) & 15];
        }
        k += snprintf(text + k, cap - (size_t)k, "\"}]}");
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        ps_manifest *m;
        if (load_n(text, (size_t)k, NULL, &m) != PS_OK) fail_msg("%s", err);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        print_message("row 7: %zu MB of \"bytes\" loaded in %.3f s\n", mb, s);
        /* the bound, with room for sanitizer builds (release: about 0.01 s a MB; ASan
         * about 0.25 s); the quadratic loader took 28 s for 1 MB and 146 s for 2 */
        assert_true(s < 1.0 * (double)mb);
        assert_int_equal(m->params[0].nbytes, nbytes);
        for (size_t i = 0; i < nbytes; i += 4099) assert_int_equal(m->params[0].bytes[i], (uint8_t)(i * 7));
        ps_manifest_free(m);
        free(text);
    }
    load_bad(with("", "{\"bytes\": \"0g\"}", ""),
             ":3:23: error: params[0].bytes: character 2 ('g') is not a hex digit");
    load_bad(with("", "{\"bytes\": \"abc\"}", ""),
             ":3:23: error: params[0].bytes: 3 hex digits do not make whole bytes");
}

/* Row 9: "/etc/passwd", "../../../../etc/passwd" and /dev/zero (which grew to 4.3 GB) were read.
 * Now references stay inside the manifest's folder unless allowed, and only regular files are. */
static void row9_references_stay_inside(void **state) {
    (void)state;
    char want[512];
    snprintf(want, sizeof want, ":1:9: error: ptx: \"/etc/passwd\" is outside the manifest's folder %s", dir);
    load_bad("{\"ptx\": \"/etc/passwd\"}", want);
    snprintf(want, sizeof want, ":1:9: error: ptx: \"../../../../etc/passwd\" is outside the manifest's folder %s",
             dir);
    load_bad("{\"ptx\": \"../../../../etc/passwd\"}", want);
    load_bad(with("{\"name\": \"o\", \"type\": \"u8\", \"count\": 3, \"init\": {\"file\": \"/dev/zero\"}}", "", ""),
             ":2:71: error: buffers[0].init.file: \"/dev/zero\" is outside the manifest's folder");
    load_bad(with("", "", "\"expect_output\": {\"file\": \"sub/../../x\"},"),
             ":1:85: error: expect_output.file: \"sub/../../x\" is outside the manifest's folder");
    /* allowed, a device is still no file */
    static const char *const dev[] = {"/dev"};
    ps_manifest_policy allow_dev = {.allow_paths = dev, .n_allow_paths = 1};
    const char *zero =
        with("{\"name\": \"o\", \"type\": \"u8\", \"count\": 3, \"init\": {\"file\": \"/dev/zero\"}}", "", "");
    load_bad_n(
        zero, strlen(zero), &allow_dev,
        ":2:71: error: buffers[0].init.file: \"/dev/zero\" is a character device; a manifest names regular files only");
    /* a FIFO inside the folder would block the reader */
    char path[256];
    snprintf(path, sizeof path, "%s/fifo.bin", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    load_bad(with("{\"name\": \"o\", \"type\": \"u8\", \"count\": 3, \"init\": {\"file\": \"fifo.bin\"}}", "", ""),
             ":2:71: error: buffers[0].init.file: \"fifo.bin\" is a FIFO; a manifest names regular files only");
    unlink(path);
    /* a symbolic link out of the folder is outside it */
    snprintf(path, sizeof path, "%s/link.bin", dir);
    assert_int_equal(symlink("/tmp", path), 0); /* a folder surely there, outside this one */
    load_bad(with("{\"name\": \"o\", \"type\": \"u8\", \"count\": 3, \"init\": {\"file\": \"link.bin\"}}", "", ""),
             ":2:71: error: buffers[0].init.file: \"link.bin\" is a symbolic link to /tmp, outside");
    unlink(path);
    /* inside the folder, and in an allowed one, loads */
    char sub[256], outside[] = "/tmp/ptxsim_manifest_allow_XXXXXX";
    snprintf(sub, sizeof sub, "%s/sub", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    assert_non_null(mkdtemp(outside));
    ps_manifest_policy allow = {.allow_paths = (const char *const[]){outside}, .n_allow_paths = 1};
    char text[1024];
    snprintf(text, sizeof text,
             "{\"ptx\": [\"sub/../k.ptx\", \"%s/x.ptx\"], \"kernel\": \"k\", \"grid\": [1], "
             "\"block\": [1]}",
             outside);
    ps_manifest *m;
    load_bad_n(text, strlen(text), NULL, "error: ptx[1]:");
    if (load_n(text, strlen(text), &allow, &m) != PS_OK) fail_msg("%s", err);
    assert_int_equal(m->nptx, 2);
    ps_manifest_free(m);
    rmdir(sub);
    rmdir(outside);
    /* reading checks again: a file swapped for a link out of the folder after loading is refused */
    put("data.bin", "abc", 3);
    m = load_ok(with("{\"name\": \"o\", \"type\": \"u8\", \"count\": 3, \"init\": {\"file\": \"data.bin\"}}", "", ""));
    char elsewhere[] = "/tmp/ptxsim_manifest_elsewhere_XXXXXX", whose[] = "buffer 'o'", *data;
    int fd = mkstemp(elsewhere);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "xyz", 3), 3);
    close(fd);
    size_t got;
    char why2[300];
    assert_non_null(data = ps_mread_ref(m, m->bufs[0].file, 3, 3, whose, &got, why2, sizeof why2));
    assert_memory_equal(data, "abc", 3);
    free(data);
    snprintf(path, sizeof path, "%s/data.bin", dir);
    unlink(path);
    assert_int_equal(symlink(elsewhere, path), 0);
    assert_null(ps_mread_ref(m, m->bufs[0].file, 3, 3, whose, &got, why2, sizeof why2));
    char want2[200];
    snprintf(want2, sizeof want2, "now resolves to %s, outside the manifest's folder", elsewhere);
    if (!strstr(why2, want2)) fail_msg("'%s' lacks '%s'", why2, want2);
    unlink(path);
    unlink(elsewhere);
    ps_manifest_free(m);
    /* and a regular file that became a FIFO after loading is refused */
    size_t len;
    char why[200];
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_null(ps_mread(path, 16, UINT64_MAX, NULL, &len, why, sizeof why));
    assert_string_equal(why, "a FIFO; a manifest names regular files only");
    unlink(path);
}

/* Row 10: a buffer named "../x" made --out DIR write outside DIR. Names are now plain file
 * names, and writing never follows a link or writes a non-regular file. */
static void row10_out_writes_only_inside(void **state) {
    (void)state;
    static const char *const bad[] = {"../x", "a/b", ".hidden", "-x", "", "a b", "x\\\\y"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char buf[160];
        snprintf(buf, sizeof buf, "{\"name\": \"%s\", \"type\": \"u8\", \"count\": 1}", bad[i]);
        load_bad(with(buf, "", ""), ":2:23: error: buffers[0].name: \"");
    }
    /* DIR/o.bin is a link to a file outside DIR: the file must stay as it was */
    ps_manifest *m =
        load_ok(with("{\"name\": \"o\", \"type\": \"u32\", \"count\": 2, \"init\": {\"fill\": 7}}", "", ""));
    char out[256], link[300], victim[] = "/tmp/ptxsim_manifest_victim_XXXXXX";
    int fd = mkstemp(victim);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "keep", 4), 4);
    close(fd);
    snprintf(out, sizeof out, "%s/out", dir);
    assert_int_equal(mkdir(out, 0700), 0);
    snprintf(link, sizeof link, "%s/o.bin", out);
    assert_int_equal(symlink(victim, link), 0);
    ps_device *dev = ps_device_create();
    m->bufs[0].addr = ps_device_alloc(dev, m->bufs[0].bytes, "o");
    assert_int_not_equal(ps_manifest_write_outputs(m, dev, out, err, sizeof err), PS_OK);
    assert_non_null(strstr(err, "o.bin: a symbolic link; --out writes only regular files in DIR"));
    struct stat st;
    assert_int_equal(stat(victim, &st), 0);
    assert_int_equal(st.st_size, 4);
    /* without the link it writes DIR/o.bin */
    unlink(link);
    assert_int_equal(ps_manifest_write_outputs(m, dev, out, err, sizeof err), PS_OK);
    assert_int_equal(stat(link, &st), 0);
    assert_int_equal(st.st_size, 8);
    unlink(link);
    rmdir(out);
    unlink(victim);
    ps_device_destroy(dev);
    ps_manifest_free(m);
}

/* Row 11: duplicate keys, "shared_bytes": 1.5 and "expected" for "expect" were accepted, so a
 * misspelt "expect" turned a failing check green. */
static void row11_unknown_and_duplicate_keys(void **state) {
    (void)state;
    load_bad("{\"ptx\": \"k.ptx\",\n \"kernel\": \"k\",\n \"ptx\": \"j.ptx\"}",
             ":3:2: error: invalid JSON: duplicate key \"ptx\" (first at 1:2)");
    load_bad(with("{\"name\": \"o\", \"type\": \"u8\", \"count\": 1, \"count\": 2}", "", ""),
             ":2:54: error: invalid JSON: duplicate key \"count\" (first at 2:42)");
    load_bad(with("", "", "\"shared_bytes\": 1.5,"), ":1:75: error: shared_bytes: 1.5 is not an integer");
    load_bad(with("", "", "\"expected\": {},"),
             ":1:59: error: expected: unknown key \"expected\" (did you mean \"expect\"?)");
    load_bad(with("", "", "\"Kernel\": \"k\","),
             ":1:59: error: Kernel: unknown key \"Kernel\" (did you mean \"kernel\"?)");
    load_bad(with("", "", "\"comment\": \"x\","),
             ":1:59: error: comment: unknown key \"comment\" (known keys here: ptx, kernel,");
    load_bad(with("{\"name\": \"o\", \"type\": \"u8\", \"cnt\": 1}", "", ""),
             ":2:42: error: buffers[0].cnt: unknown key \"cnt\" (did you mean \"count\"?)");
    load_bad(with("{\"name\": \"o\", \"type\": \"u8\", \"count\": 1, \"init\": {\"fil\": 0}}", "", ""),
             ":2:63: error: buffers[0].init.fil: unknown key \"fil\" (did you mean \"file\" or \"fill\"?)");
    load_bad(with("{\"name\": \"o\", \"type\": \"u8\", \"count\": 1, \"init\": {\"fill\": 0, \"file\": \"x\"}}", "",
                  ""),
             ":2:62: error: buffers[0].init: must hold exactly one of \"file\" and \"fill\"");
    load_bad(with("{\"name\": \"o\", \"type\": \"f32\", \"count\": 1}", "",
                  "\"expect\": {\"o\": {\"file\": \"x\", \"tolerence\": {}}},"),
             ":1:89: error: expect.o.tolerence: unknown key \"tolerence\" (did you mean \"tolerance\"?)");
    load_bad(with("{\"name\": \"o\", \"type\": \"f32\", \"count\": 1}", "", "\"expect\": {\"O\": {\"file\": \"x\"}},"),
             ":1:70: error: expect.O: no buffer named \"O\" (did you mean \"o\"?)");
    load_bad(with("{\"name\": \"out\", \"type\": \"u8\", \"count\": 1}", "{\"buffer\": \"uot\"}", ""),
             ":3:24: error: params[0].buffer: no buffer named \"uot\" (did you mean \"out\"?)");
    load_bad(with("", "{\"uint32\": 7}", ""),
             ":3:14: error: params[0].uint32: unknown key \"uint32\" (did you mean \"u32\"?)");
    load_bad(with("{\"name\": \"o\", \"type\": \"float\", \"count\": 1}", "", ""),
             ":2:36: error: buffers[0].type: unknown element type \"float\" (did you mean \"f32\"?)");
    load_bad(
        with("{\"name\": \"o\", \"type\": \"u8\", \"count\": 1}, {\"name\": \"o\", \"type\": \"u8\", \"count\": 1}", "",
             ""),
        ":2:64: error: buffers[1].name: a second buffer named \"o\" (buffers[0])");
    /* a duplicate among many keys is found without comparing every pair */
    size_t cap = 4 << 20;
    char *text = malloc(cap);
    size_t k = (size_t)snprintf(text, cap, "{");
    for (int i = 0; i < 100000; i++) k += (size_t)snprintf(text + k, cap - k, "\"k%d\": 0, ", i);
    k += (size_t)snprintf(text + k, cap - k, "\"k5\": 1}");
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    load_bad_n(text, k, NULL, "error: invalid JSON: duplicate key \"k5\" (first at 1:47)");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    assert_true(t1.tv_sec - t0.tv_sec < 2);
    free(text);
}

/* Row 16: ten buffers of 10^9 u64 elements were accepted (80 GB mapped lazily) and --out then
 * wrote 74 GB. Now the buffers together may ask for at most the manifest memory limit. */
static void row16_memory_is_bounded(void **state) {
    (void)state;
    char buf[2048];
    size_t k = 0;
    for (int i = 0; i < 10; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k,
                              "%s{\"name\": \"b%d\", \"type\": \"u64\", \"count\": 1000000000}", i ? ", " : "", i);
    load_bad(with(buf, "", ""),
             ":2:53: error: buffers[0].count: 1000000000 is out of range 1..536870912 (536870912 "
             "u64 elements fill the manifest memory limit of 4294967296 bytes)");
    const char *three = with("{\"name\": \"a\", \"type\": \"u64\", \"count\": 200000000}, "
                             "{\"name\": \"b\", \"type\": \"u64\", \"count\": 200000000}, "
                             "{\"name\": \"c\", \"type\": \"u64\", \"count\": 200000000}",
                             "", "");
    load_bad(three,
             ":2:152: error: buffers[2].count: the buffers so far take 4800000000 bytes, more than the manifest "
             "memory limit of 4294967296 bytes");
    /* a raised limit lets them load (loading allocates nothing) */
    ps_manifest_policy big = {.max_bytes = 5000000000ull};
    ps_manifest *m;
    if (load_n(three, strlen(three), &big, &m) != PS_OK) fail_msg("%s", err);
    assert_int_equal(m->bufs[2].bytes, 1600000000ull);
    ps_manifest_free(m);
    /* and so is the size of the tree the reader builds */
    size_t cap = 3 << 20;
    char *text = malloc(cap);
    k = (size_t)snprintf(text, cap, "{\"a\": [");
    for (int i = 0; i < 300000; i++) k += (size_t)snprintf(text + k, cap - k, "0,");
    k += (size_t)snprintf(text + k, cap - k, "0]}");
    load_bad_n(text, k, NULL, ":1:524292: error: invalid JSON: more than 262144 values");
    free(text);
    /* and the manifest file itself (a sparse file: nothing is written to disk) */
    char path[256];
    snprintf(path, sizeof path, "%s/case.json", dir);
    assert_int_equal(truncate(path, (65 << 20)), 0);
    assert_int_equal(ps_manifest_load(path, &m, err, sizeof err), PS_ERR_IO);
    char want[400];
    snprintf(want, sizeof want, "%s: error: 68157440 bytes, more than the limit of 67108864", path);
    assert_string_equal(err, want);
}

/* Row 17: "count": 1000000000000 said only "must be a positive integer"; a grid beyond CUDA's
 * limits said "invalid launch configuration". Both now name the limit. */
static void row17_limits_are_named(void **state) {
    (void)state;
    load_bad(with("{\"name\": \"o\", \"type\": \"f32\", \"count\": 1000000000000}", "", ""),
             ":2:52: error: buffers[0].count: 1000000000000 is out of range 1..1073741824 (1073741824 f32 elements "
             "fill the manifest memory limit of 4294967296 bytes)");
    load_bad(with("{\"name\": \"o\", \"type\": \"f32\", \"count\": 0}", "", ""),
             ":2:52: error: buffers[0].count: 0 is out of range 1..1073741824");
    load_bad("{\"ptx\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1000000000, 1000000000, 1], \"block\": [1]}",
             ":1:54: error: grid[1]: 1000000000 is out of range 1..65535 (the largest grid.y)");
    load_bad("{\"ptx\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [2147483648], \"block\": [1]}",
             ":1:42: error: grid[0]: 2147483648 is out of range 1..2147483647 (the largest grid.x)");
    load_bad("{\"ptx\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [1, 1, 65]}",
             ":1:62: error: block[2]: 65 is out of range 1..64 (the largest block.z)");
    load_bad("{\"ptx\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [64, 32]}",
             ":1:55: error: block: 2048 threads per block; the limit is 1024");
    load_bad("{\"ptx\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1, 2, 3, 4], \"block\": [1]}",
             ":1:41: error: grid: has 4 elements; it takes 1 to 3 positive integers");
}

/* The reader's positions and values on well-formed input. */
static void json_positions(void **state) {
    (void)state;
    const char *text = "{\n  \"a\": [1, -2.5e1],\n\t\"b\": {\"c\": \"\\u00e9\\ud83d\\ude00\"}, \"d\": null}";
    int line, col;
    char why[200];
    ps_json *j = ps_json_parse(text, strlen(text), &line, &col, why, sizeof why);
    assert_non_null(j);
    const ps_json *a = ps_json_get(j, "a"), *b = ps_json_get(j, "b"), *c = ps_json_get(b, "c");
    assert_int_equal(a->line, 2);
    assert_int_equal(a->col, 8);
    assert_int_equal(a->key_col, 3);
    assert_int_equal(a->child->next->col, 12);
    assert_true(a->child->next->num == -25.0);
    assert_int_equal(b->line, 3);
    assert_int_equal(b->col, 7);
    assert_string_equal(c->str, "\xc3\xa9\xf0\x9f\x98\x80"); /* U+00E9, U+1F600 in UTF-8 */
    assert_int_equal(ps_json_get(j, "d")->type, PS_J_NULL);
    ps_json_free(j);
}

static int setup(void **state) {
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/case.json", dir);
    unlink(path);
    return rmdir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(row2_invalid_json_is_located),
        cmocka_unit_test(row6_numbers_checked_against_types),
        cmocka_unit_test(row7_hex_bytes_in_linear_time),
        cmocka_unit_test(row9_references_stay_inside),
        cmocka_unit_test(row10_out_writes_only_inside),
        cmocka_unit_test(row11_unknown_and_duplicate_keys),
        cmocka_unit_test(row16_memory_is_bounded),
        cmocka_unit_test(row17_limits_are_named),
        cmocka_unit_test(json_positions),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
