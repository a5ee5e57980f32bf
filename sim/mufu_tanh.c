/* mufu_tanh.c — MUFU.TANH (tanh.approx.f32) at the bit level, from the H200's exhaustive tables
 * (docs/numerics.md 7.3; data sim/mufu/tanh32.exc, made by lab/mufu/mufu_tanh_enc.c).
 *
 * Measured on the device over every f32 input: y(-x) = -y(x); for a = |x|: a < 2^-8: y = x;
 * 2^-8 <= a < 1: y depends only on the bits of a above the low 4 (binades 2^-5 .. 2^-3: 5,
 * below 2^-5: 6) mantissa bits; 1 <= a < 8: only on floor(a 2^20); a >= 8 (and Inf): y = 1.
 * The distinct results, 9 830 400 of them, are stored as a bit stream of second differences
 * and decoded on first use into a table of 39 MB. */
#include "mufu.h"
#include "common.h"

#include <pthread.h>
#include <string.h>

extern const unsigned char ps_mufu_tanh32_exc[], ps_mufu_tanh32_exc_end[];

#define N_T (3u * (1u << 17) + 2u * (1u << 18) + 3u * (1u << 19)) /* reduced binades 2^-8 .. 1 */
#define N_U (7u << 20)                                            /* floor(a 2^20) - 2^20 < 7 2^20 */
static uint32_t *tab;
static pthread_once_t once = PTHREAD_ONCE_INIT;

typedef struct {
    const unsigned char *p;
    uint64_t bit;
} bits_in;
static int get1(bits_in *b) {
    int v = (b->p[b->bit >> 3] >> (b->bit & 7)) & 1;
    b->bit++;
    return v;
}

static void decode(void) {
    size_t n = (size_t)N_T + N_U;
    tab = ps_xmalloc(n * sizeof *tab);
    memcpy(tab, ps_mufu_tanh32_exc, 8);
    bits_in b = {ps_mufu_tanh32_exc + 8, 0};
    uint64_t limit = (uint64_t)(ps_mufu_tanh32_exc_end - ps_mufu_tanh32_exc - 8) * 8;
    for (size_t i = 2; i < n && b.bit < limit; i++) {
        int64_t d = 0;
        if (get1(&b)) {
            if (!get1(&b)) {
                d = get1(&b) ? -1 : 1;
            } else {
                int zeros = 0;
                while (!get1(&b)) zeros++;
                uint64_t a = 1;
                for (int k = 0; k < zeros; k++) a = a << 1 | (uint64_t)get1(&b);
                d = (int64_t)(a + 1);
                if (get1(&b)) d = -d;
            }
        }
        tab[i] = (uint32_t)((int64_t)2 * tab[i - 1] - tab[i - 2] + d);
    }
}

uint32_t ps_mufu_tanh(uint32_t x) {
    uint32_t s = x & 0x80000000u, a = x & 0x7fffffffu;
    if (a > 0x7f800000u) return 0x7fffffffu;
    if (a < 0x3b800000u) /* |x| < 2^-8, zeros and subnormals included */
        return x;
    if (a >= 0x41000000u) /* |x| >= 8 */
        return s | 0x3f800000u;
    pthread_once(&once, decode);
    uint32_t idx;
    if (a < 0x3f800000u) {
        uint32_t e = (a >> 23) - 119, k = (a >> 4) & ((1u << 19) - 1);
        /* binades 0-2 keep every 4th of the 2^19 entries, 3-4 every 2nd, 5-7 all */
        static const uint32_t shift[8] = {2, 2, 2, 1, 1, 0, 0, 0};
        static const uint32_t base[8] = {0,
                                         1u << 17,
                                         2u << 17,
                                         3u << 17,
                                         (3u << 17) + (1u << 18),
                                         (3u << 17) + (2u << 18),
                                         (3u << 17) + (2u << 18) + (1u << 19),
                                         (3u << 17) + (2u << 18) + (2u << 19)};
        idx = base[e] + (k >> shift[e]);
    } else {
        uint32_t m = (a & 0x007fffffu) | 0x00800000u, e = (a >> 23) - 127; /* a = m 2^(e-23) */
        idx = N_T + ((m >> (3 - e)) - (1u << 20));                         /* floor(a 2^20) - 2^20 */
    }
    return s | tab[idx];
}
