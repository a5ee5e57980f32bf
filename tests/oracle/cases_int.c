/* Oracles: integer kernels (256-bit carry chains via GMP, device calls, local arrays, collatz,
 * division, 64-bit operations, atomics). */
#include "oracle.h"

#include <gmp.h>
#include <stddef.h>

/* bigint256: a+b, a-b (with carry/borrow word) and a*b, 8 x 32-bit limbs */
static void limbs_to_mpz(mpz_t z, const uint32_t *l, size_t n) { mpz_import(z, n, -1, 4, 0, 0, l); }

static void mpz_to_limbs(uint32_t *l, size_t n, const mpz_t z) {
    size_t cnt = 0;
    memset(l, 0, n * 4);
    uint32_t tmp[32] = {0};
    mpz_export(tmp, &cnt, -1, 4, 0, 0, z);
    if (cnt > n) cnt = n; /* callers reduce first */
    memcpy(l, tmp, cnt * 4);
}

void case_bigint256(oc_case *c) {
    enum { N = 256, BS = 64 };
    oc_kernel(c, "bigint256");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *A = oc_in(c, "A", OT_U32, 8 * N);
    uint32_t *B = oc_in(c, "B", OT_U32, 8 * N);
    for (int i = 0; i < N; i++) {
        uint32_t *a = A + 8 * i, *b = B + 8 * i;
        for (int k = 0; k < 8; k++) {
            switch (i) {
            case 0:
                a[k] = 0;
                b[k] = 0;
                break; /* 0, 0 */
            case 1:
                a[k] = 0xffffffffu;
                b[k] = k == 0;
                break; /* max, 1 */
            case 2:
                a[k] = 0xffffffffu;
                b[k] = 0xffffffffu;
                break; /* max, max */
            case 3:
                a[k] = k == 0;
                b[k] = 0xffffffffu;
                break; /* 1, max */
            case 4:
                a[k] = k == 7 ? 0x80000000u : 0;
                b[k] = a[k];
                break; /* 2^255 twice */
            case 5:
                a[k] = 0;
                b[k] = k == 0;
                break; /* 0 - 1 */
            case 6:
                a[k] = k < 4 ? 0xffffffffu : 0;
                b[k] = k == 0;
                break; /* carry run */
            case 7:
                a[k] = 0xffffffffu;
                b[k] = 0;
                break; /* max, 0 */
            default:
                if (i % 5 == 0) {
                    a[k] = oc_rand32(c) | 0xffff0000u; /* long carry chains */
                    b[k] = oc_rand32(c) | 0xffff0000u;
                } else if (i % 5 == 1) {
                    a[k] = k < 3 ? oc_rand32(c) : 0;
                    b[k] = oc_rand32(c);
                } else {
                    a[k] = oc_rand32(c);
                    b[k] = oc_rand32(c);
                }
            }
        }
    }
    oc_fill(c, "S", OT_U32, 9 * N, 0);
    oc_fill(c, "D", OT_U32, 9 * N, 0);
    oc_fill(c, "P", OT_U32, 16 * N, 0);
    oc_p_buf(c, "A");
    oc_p_buf(c, "B");
    oc_p_buf(c, "S");
    oc_p_buf(c, "D");
    oc_p_buf(c, "P");
    oc_p_s32(c, N);
    uint32_t *S = oc_out(c, "S"), *D = oc_out(c, "D"), *P = oc_out(c, "P");
    mpz_t a, b, r, m256;
    mpz_inits(a, b, r, m256, NULL);
    mpz_ui_pow_ui(m256, 2, 256);
    for (int i = 0; i < N; i++) {
        limbs_to_mpz(a, A + 8 * i, 8);
        limbs_to_mpz(b, B + 8 * i, 8);
        mpz_add(r, a, b); /* < 2^257: 9 limbs, the top one the carry */
        mpz_to_limbs(S + 9 * i, 9, r);
        mpz_sub(r, a, b);
        int borrow = mpz_sgn(r) < 0;
        mpz_mod(r, r, m256);
        mpz_to_limbs(D + 9 * i, 8, r);
        D[9 * i + 8] = borrow ? 0xffffffffu : 0u; /* subc.u32 0, 0 with borrow in */
        mpz_mul(r, a, b);
        mpz_to_limbs(P + 16 * i, 16, r);
    }
    mpz_clears(a, b, r, m256, NULL);
}

/* devfunc: results of the __noinline__ helpers */
static uint32_t fib_u(uint32_t n) { return n < 2 ? n : fib_u(n - 1) + fib_u(n - 2); }

void case_devfunc(oc_case *c) {
    enum { N = 256, BS = 64 };
    oc_kernel(c, "devfunc");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, 3 * N);
    for (int i = 0; i < N; i++) {
        int32_t a, b, cc;
        if (i % 4 == 0) {
            a = (int32_t)oc_range(c, -(1 << 30), 1 << 30);
            b = (int32_t)oc_range(c, -100000, 100000);
            cc = (int32_t)oc_range(c, -(1 << 30), 1 << 30);
        } else {
            a = (int32_t)oc_range(c, -1000, 1000);
            b = (int32_t)oc_range(c, -40, 40);
            cc = (int32_t)oc_range(c, -1000, 1000);
        }
        if (b == 0) b = 7;
        in[3 * i] = a;
        in[3 * i + 1] = b;
        in[3 * i + 2] = cc;
    }
    oc_fill(c, "out", OT_S64, 8 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    int64_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        int32_t a = in[3 * i], b = in[3 * i + 1], cc = in[3 * i + 2];
        int64_t *r = o + 8 * i;
        int32_t q = a / b, rm = a % b;
        if (rm != 0 && ((rm < 0) != (b < 0))) {
            q -= 1;
            rm += b;
        }
        r[0] = q;
        r[1] = rm;
        int32_t lo = a, hi = a;
        if (b < lo) lo = b;
        if (cc < lo) lo = cc;
        if (b > hi) hi = b;
        if (cc > hi) hi = cc;
        r[2] = lo;
        r[3] = hi;
        r[4] = (int64_t)a * b + cc;
        r[5] = (a ^ b ^ cc) & 1;
        /* mix(a, b, c, a+1, b-1, c^5, i, -i, (uchar)a, (short)b, (ll)c << 7, x, y) */
        int32_t args[8] = {a, b, cc, a + 1, b - 1, cc ^ 5, i, -i};
        uint64_t m = (uint64_t)(int64_t)args[0];
        for (int k = 1; k < 8; k++) m = m * 3u + (uint64_t)(int64_t)args[k];
        m ^= (uint64_t)(uint8_t)a << 40;
        m += (uint64_t)(int64_t)(int16_t)b;
        m -= (uint64_t)((int64_t)cc * 128);
        float x = (float)(a & 0xffff) * 0.5f;
        double y = (double)b * 0.25;
        m += (uint64_t)(int64_t)x;
        m += (uint64_t)(int64_t)y;
        r[6] = (int64_t)m;
        r[7] = fib_u((uint32_t)(a & 7) + 3u);
    }
}

/* local_array: mirrored per-thread scratch table and insertion sort */
void case_local_array(oc_case *c) {
    enum { N = 256, BS = 64 };
    oc_kernel(c, "local_array");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *idx = oc_in(c, "idx", OT_S32, 16 * N);
    int32_t *vals = oc_in(c, "vals", OT_S32, N);
    for (int i = 0; i < 16 * N; i++) idx[i] = (int32_t)oc_rand32(c);
    for (int i = 0; i < N; i++) vals[i] = (int32_t)oc_range(c, -1000000, 1000000);
    oc_fill(c, "out", OT_S32, 4 * N, 0);
    oc_p_buf(c, "idx");
    oc_p_buf(c, "vals");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    int32_t *o = oc_out(c, "out");
    for (int t = 0; t < N; t++) {
        int32_t buf[32], srt[12];
        for (int k = 0; k < 32; k++) buf[k] = vals[(t + k) % N] ^ k;
        int32_t acc = 0;
        for (int k = 0; k < 16; k++) {
            int j = idx[t * 16 + k] & 31;
            buf[j] += k;
            acc += buf[(j * 7 + 3) & 31];
        }
        for (int k = 0; k < 12; k++) srt[k] = buf[idx[t * 16 + k] & 31];
        for (int k = 1; k < 12; k++) {
            int32_t v = srt[k];
            int m = k - 1;
            while (m >= 0 && srt[m] > v) {
                srt[m + 1] = srt[m];
                m--;
            }
            srt[m + 1] = v;
        }
        o[t * 4 + 0] = acc;
        o[t * 4 + 1] = srt[0];
        o[t * 4 + 2] = srt[idx[t * 16] & 7];
        o[t * 4 + 3] = srt[11];
    }
}

/* collatz: steps (capped at 500) and peak >> 4 */
void case_collatz(oc_case *c) {
    enum { N = 1024, BS = 128 };
    oc_kernel(c, "collatz");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *st = oc_in(c, "start", OT_U32, N);
    static const uint32_t known[] = {0, 1, 2, 3, 6, 7, 9, 27, 97, 871, 6171, 77031, 837799, 1u << 31};
    for (int i = 0; i < N; i++)
        st[i] = i < (int)(sizeof known / sizeof known[0]) ? known[i] : (uint32_t)oc_range(c, 1, 200000);
    oc_fill(c, "steps", OT_U32, N, 0);
    oc_fill(c, "peak", OT_U32, N, 0);
    oc_p_buf(c, "start");
    oc_p_buf(c, "steps");
    oc_p_buf(c, "peak");
    oc_p_s32(c, N);
    uint32_t *os = oc_out(c, "steps"), *op = oc_out(c, "peak");
    for (int i = 0; i < N; i++) {
        uint64_t x = st[i], m = x;
        uint32_t s = 0;
        while (x > 1 && s < 500) {
            x = (x & 1) ? 3 * x + 1 : x >> 1;
            if (x > m) m = x;
            s++;
        }
        os[i] = s;
        op[i] = (uint32_t)(m >> 4);
    }
}

/* intdiv: C division semantics (truncating), signed and unsigned, 32 and 64 bit */
void case_intdiv(oc_case *c) {
    enum { N = 1024, BS = 256 };
    oc_kernel(c, "intdiv");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *a = oc_in(c, "a", OT_S32, N);
    int32_t *b = oc_in(c, "b", OT_S32, N);
    int64_t *a64 = oc_in(c, "a64", OT_S64, N);
    int64_t *b64 = oc_in(c, "b64", OT_S64, N);
    static const int32_t ea[] = {0, 1, -1, 7, -7, 100, -100, INT32_MAX, INT32_MIN, INT32_MIN + 1, 65536, -65537};
    static const int32_t eb[] = {1, -1, 2, -2, 3, -3, 7, -7, 10, INT32_MAX, INT32_MIN, 65535};
    static const int64_t ea64[] = {
        0, 1, -1, 7, -7, INT64_MAX, INT64_MIN, INT64_MIN + 1, 1ll << 40, -(1ll << 40) - 3, 1000000007, -99};
    static const int64_t eb64[] = {1, -1, 2, -2, 3, -3, 10, -10, INT64_MAX, INT64_MIN, 1ll << 32, -(1ll << 33) + 1};
    const int ne = 12;
    for (int i = 0; i < N; i++) {
        if (i < ne * ne) {
            a[i] = ea[i / ne];
            b[i] = eb[i % ne];
            a64[i] = ea64[i / ne];
            b64[i] = eb64[i % ne];
        } else {
            int kind = i % 4;
            a[i] = kind == 0 ? (int32_t)oc_rand32(c) : (int32_t)oc_range(c, -100000, 100000);
            b[i] = kind == 1 ? (int32_t)oc_rand32(c) : (int32_t)oc_range(c, -300, 300);
            a64[i] = kind == 2 ? (int64_t)oc_rand64(c) : (int64_t)oc_range(c, -(1ll << 40), 1ll << 40);
            if (kind == 3) {
                int64_t v = (int64_t)oc_rand64(c);
                uint32_t sh = oc_rand32(c) % 60;
                b64[i] = v >> sh;
            } else {
                b64[i] = (int64_t)oc_range(c, -5000, 5000);
            }
        }
        if (b[i] == 0) b[i] = 13;
        if (b64[i] == 0) b64[i] = -13;
        if (a[i] == INT32_MIN && b[i] == -1) b[i] = 1; /* overflow: undefined in C */
        if (a64[i] == INT64_MIN && b64[i] == -1) b64[i] = 1;
    }
    oc_fill(c, "o32", OT_S32, 4 * N, 0);
    oc_fill(c, "o64", OT_S64, 4 * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "a64");
    oc_p_buf(c, "b64");
    oc_p_buf(c, "o32");
    oc_p_buf(c, "o64");
    oc_p_s32(c, N);
    int32_t *o32 = oc_out(c, "o32");
    int64_t *o64 = oc_out(c, "o64");
    for (int i = 0; i < N; i++) {
        int32_t x = a[i], y = b[i];
        int64_t X = a64[i], Y = b64[i];
        o32[4 * i + 0] = x / y;
        o32[4 * i + 1] = x % y;
        o32[4 * i + 2] = (int32_t)((uint32_t)x / (uint32_t)y);
        o32[4 * i + 3] = (int32_t)((uint32_t)x % (uint32_t)y);
        o64[4 * i + 0] = X / Y;
        o64[4 * i + 1] = X % Y;
        o64[4 * i + 2] = (int64_t)((uint64_t)X / (uint64_t)Y);
        o64[4 * i + 3] =
            (int64_t)((uint64_t)X % (uint64_t)Y + (uint64_t)(int64_t)(x / 10) + (uint64_t)(int64_t)(x % 7));
    }
}

/* int64: 12 results per element */
void case_int64(oc_case *c) {
    enum { N = 512, BS = 128 };
    oc_kernel(c, "int64ops");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint64_t *a = oc_in(c, "a", OT_U64, N);
    uint64_t *b = oc_in(c, "b", OT_U64, N);
    static const uint64_t e[] = {0,
                                 1,
                                 2,
                                 0xffffffffull,
                                 0x100000000ull,
                                 0x7fffffffffffffffull,
                                 0x8000000000000000ull,
                                 0xffffffffffffffffull,
                                 0x00000000ffffffffull << 16,
                                 0x123456789abcdef0ull,
                                 0xfedcba9876543210ull,
                                 1000000007ull,
                                 0x8000000080000000ull,
                                 0x7fffffff7fffffffull,
                                 63,
                                 64};
    const int ne = 16;
    for (int i = 0; i < N; i++) {
        if (i < ne * ne) {
            a[i] = e[i / ne];
            b[i] = e[i % ne];
        } else {
            a[i] = oc_rand64(c);
            if (i & 1) {
                b[i] = oc_rand64(c);
            } else {
                uint64_t v = oc_rand64(c);
                uint32_t sh = oc_rand32(c) & 63;
                b[i] = v >> sh;
            }
        }
    }
    oc_fill(c, "out", OT_U64, 12 * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    uint64_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint64_t x = a[i], y = b[i];
        int64_t sx = (int64_t)x, sy = (int64_t)y;
        unsigned k = (unsigned)y & 63;
        uint64_t *r = o + 12 * i;
        r[0] = (uint64_t)(((unsigned __int128)x * y) >> 64);
        r[1] = (uint64_t)(int64_t)(((__int128)sx * sy) >> 64);
        r[2] = (uint64_t)((int64_t)(int32_t)(uint32_t)x * (int32_t)(uint32_t)(x >> 32));
        r[3] = (uint64_t)(uint32_t)x * (uint32_t)(y >> 32);
        r[4] = x * y + (x >> k);
        r[5] = (uint64_t)oc_sra64(sx, k) ^ (x << k);
        r[6] =
            (uint64_t)oc_popc64(x) | ((uint64_t)oc_clz64(y) << 8) | ((uint64_t)(x ? __builtin_ctzll(x) + 1 : 0) << 16);
        r[7] = oc_brev64(x);
        r[8] = oc_rotl64(x, k | 1);
        r[9] = (sx < sy ? 1u : 0u) | (x < y ? 2u : 0u) | (x == y ? 4u : 0u);
        r[10] = x / 1000000007ull + (uint64_t)(sx / 10);
        r[11] = (uint64_t)(sx > sy ? sx : sy) - (x < y ? x : y);
    }
}

/* atomics: order-independent final values */
typedef struct {
    uint32_t add32, inc, dec, and32, or32, xor32;
    int32_t max32, min32;
    uint32_t umax32, ticket_sum, lock, locked_count;
    uint64_t add64, prod64, locked_sum;
    float addf;
    uint32_t xchg_sum;
    double addd;
} acc_t;
_Static_assert(sizeof(acc_t) == 88, "acc_t layout");
_Static_assert(offsetof(acc_t, addd) == 80, "acc_t layout");

void case_atomics(oc_case *c) {
    enum { BS = 128, G = 8, N = BS * G };
    oc_kernel(c, "atomics");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *v = oc_in(c, "v", OT_S32, N);
    for (int i = 0; i < N; i++) v[i] = (int32_t)oc_range(c, -1000000, 1000000);
    v[100] = INT32_MAX;
    v[200] = INT32_MIN;
    uint32_t *accw = oc_in(c, "acc", OT_U32, sizeof(acc_t) / 4);
    acc_t init;
    memset(&init, 0, sizeof init);
    init.and32 = 0xffffffffu;
    init.max32 = INT32_MIN;
    init.min32 = INT32_MAX;
    init.prod64 = 1;
    memcpy(accw, &init, sizeof init);
    uint32_t *slots = oc_in(c, "slots", OT_U32, 1 + N);
    for (int i = 1; i <= N; i++) slots[i] = oc_rand32(c);
    oc_fill(c, "shared_out", OT_U32, 2 * G, 0);
    oc_p_buf(c, "v");
    oc_p_buf(c, "acc");
    oc_p_buf(c, "slots");
    oc_p_buf(c, "shared_out");

    acc_t a = init;
    uint32_t xs = 0;
    for (int i = 1; i <= N; i++) xs += slots[i];
    double addf = 0;
    for (int t = 0; t < N; t++) {
        int32_t x = v[t];
        a.add32 += (uint32_t)x;
        a.inc = a.inc >= 100 ? 0 : a.inc + 1;
        a.dec = (a.dec == 0 || a.dec > 50) ? 50 : a.dec - 1;
        a.and32 &= ~(1u << (t & 31)) | (uint32_t)x;
        a.or32 |= 1u << ((uint32_t)x % 29u);
        a.xor32 ^= (uint32_t)x * 2654435761u;
        if (x > a.max32) a.max32 = x;
        if (x < a.min32) a.min32 = x;
        if (((uint32_t)x ^ 0x80000000u) > a.umax32) a.umax32 = (uint32_t)x ^ 0x80000000u;
        a.add64 += (uint64_t)(int64_t)x;
        addf += (double)(x & 1023);
        a.addd += (double)(x % 100000);
        a.ticket_sum += (uint32_t)t;
        a.prod64 *= ((uint64_t)(uint32_t)x << 1) | 1u;
        if ((t & 31) == 0) {
            a.locked_sum += (uint32_t)x;
            a.locked_count++;
        }
    }
    a.addf = (float)addf;
    a.xchg_sum = xs;
    memcpy(oc_out(c, "acc"), &a, sizeof a);
    uint32_t *os = oc_out(c, "slots");
    os[0] = N;
    for (int k = 0; k < N; k++) os[1 + k] = 3u * (uint32_t)k;
    uint32_t *so = oc_out(c, "shared_out");
    for (int b = 0; b < G; b++) {
        uint32_t s = 0;
        int32_t m = INT32_MIN;
        for (int t = 0; t < BS; t++) {
            s += (uint32_t)v[b * BS + t];
            if (v[b * BS + t] > m) m = v[b * BS + t];
        }
        so[2 * b] = s;
        so[2 * b + 1] = (uint32_t)m;
    }
}
