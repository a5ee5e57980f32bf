/* fatbin.c — nvcc's fat binaries: the entries, the PTX of an entry (stored plain, zstd- or
 * LZ4-compressed), and which PTX a simulated machine runs (docs/cudart.md, "Fat binaries").
 *
 * Layout, as measured on nvcc 13.0 output (little-endian):
 *   header (16 bytes): u32 magic 0xBA55ED50, u16 version 1, u16 header size, u64 bytes of entries
 *   entry header: u16 kind, u16 version, u32 header size, u64 payload bytes (padded),
 *     +16 u32 compressed bytes, +24 u16 minor / u16 major (PTX ISA version), +28 u32 arch,
 *     +40 u64 flags, +56 u64 decompressed bytes; the payload follows the entry header. */
#include <lz4.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "cudart_tools.h"

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p) { return (uint32_t)rd16(p) | (uint32_t)rd16(p + 2) << 16; }
static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }

#define FAIL(...)     (snprintf(err, errlen, __VA_ARGS__), -1)
#define FAILNULL(...) (snprintf(err, errlen, __VA_ARGS__), (char *)NULL)

int ps_fatbin_entries(const void *data, size_t limit, ps_fatbin_entry *out, int max, char *err, size_t errlen) {
    const uint8_t *b = data;
    if (!b) return FAIL("no fat binary");
    if (limit && limit < 16) return FAIL("%zu bytes are too short for a fat binary header", limit);
    if (rd32(b) != PS_FATBIN_MAGIC) return FAIL("bad fat binary magic 0x%08x", rd32(b));
    size_t hs = rd16(b + 6);
    uint64_t total = rd64(b + 8);
    if (hs < 16 || total > ((uint64_t)1 << 40) || (limit && hs + total > limit))
        return FAIL("fat binary header (size %zu, %llu bytes of entries) does not fit", hs, (unsigned long long)total);
    size_t off = hs, end = hs + (size_t)total;
    int n = 0;
    while (off < end) {
        if (end - off < 64) return FAIL("entry %d at offset %zu is cut short", n, off);
        const uint8_t *e = b + off;
        uint32_t ehs = rd32(e + 4);
        uint64_t bytes = rd64(e + 8);
        if (ehs < 64 || ehs > end - off || bytes > end - off - ehs)
            return FAIL("entry %d at offset %zu: header of %u and payload of %llu bytes overrun the fat binary", n, off,
                        ehs, (unsigned long long)bytes);
        uint64_t flags = rd64(e + 40);
        uint32_t csize = rd32(e + 16);
        if (n < max) {
            ps_fatbin_entry *o = &out[n];
            o->kind = rd16(e);
            o->version_minor = rd16(e + 24);
            o->version_major = rd16(e + 26);
            o->arch = (int)rd32(e + 28);
            o->flags = flags;
            o->payload = e + ehs;
            o->payload_bytes = (size_t)bytes;
            o->plain_bytes = 0;
            if (flags & (PS_FATBIN_FLAG_LZ4 | PS_FATBIN_FLAG_ZSTD)) {
                if (csize > bytes) return FAIL("entry %d: compressed size %u exceeds its payload", n, csize);
                o->payload_bytes = csize;
                o->plain_bytes = (size_t)rd64(e + 56);
            }
        }
        n++;
        off += ehs + (size_t)bytes;
    }
    return n;
}

/* Decompressed PTX is at most this big: more is a corrupt header, not a program. */
#define PS_FATBIN_MAX_PTX ((size_t)1 << 31)

char *ps_fatbin_ptx(const ps_fatbin_entry *e, size_t *len, char *err, size_t errlen) {
    size_t n = e->plain_bytes;
    bool zstd = e->flags & PS_FATBIN_FLAG_ZSTD, lz4 = e->flags & PS_FATBIN_FLAG_LZ4;
    if (e->kind != PS_FATBIN_PTX) return FAILNULL("entry is not PTX (kind %d)", e->kind);
    if (zstd && lz4)
        return FAILNULL("entry claims both zstd and LZ4 compression (flags 0x%llx)", (unsigned long long)e->flags);
    if (!zstd && !lz4) n = e->payload_bytes;
    if (n > PS_FATBIN_MAX_PTX) return FAILNULL("PTX of %zu bytes is implausibly large", n);
    char *text = malloc(n + 1);
    if (!text) return FAILNULL("out of memory for %zu bytes of PTX", n);
    if (zstd) {
        size_t got = ZSTD_decompress(text, n, e->payload, e->payload_bytes);
        if (ZSTD_isError(got) || got != n) {
            snprintf(err, errlen, "zstd-compressed PTX does not decompress to its %zu bytes: %s", n,
                     ZSTD_isError(got) ? ZSTD_getErrorName(got) : "size differs");
            free(text);
            return NULL;
        }
    } else if (lz4) {
        if (n > (size_t)LZ4_MAX_INPUT_SIZE || e->payload_bytes > (size_t)LZ4_MAX_INPUT_SIZE) {
            snprintf(err, errlen, "LZ4-compressed PTX of %zu bytes is too large for LZ4", n);
            free(text);
            return NULL;
        }
        int got = LZ4_decompress_safe((const char *)e->payload, text, (int)e->payload_bytes, (int)n);
        if (got < 0 || (size_t)got != n) {
            snprintf(err, errlen, "LZ4-compressed PTX does not decompress to its %zu bytes", n);
            free(text);
            return NULL;
        }
    } else {
        memcpy(text, e->payload, n);
    }
    text[n] = 0;
    if (len) *len = strlen(text); /* the stored text ends with NUL padding */
    return text;
}

int ps_fatbin_choose_ptx(const ps_fatbin_entry *e, int n, int sm) {
    int best = -1;
    for (int i = 0; i < n; i++) {
        if (e[i].kind != PS_FATBIN_PTX || e[i].arch > sm) continue;
        if (best < 0 || e[i].arch > e[best].arch ||
            (e[i].arch == e[best].arch &&
             e[i].version_major * 100 + e[i].version_minor > e[best].version_major * 100 + e[best].version_minor))
            best = i;
    }
    return best;
}
