/* Oracles for the hand-written memory PTX kernels (corpus/src/hand/): load/store widths and
 * vectors, state spaces, shared/local/const arrays and initialisers, atomics, cache operators. */
#include "oracle.h"

static uint32_t rd16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const uint8_t *p) { return rd16(p) | rd16(p + 2) << 16; }
static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }
static void wr16(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static void wr32(uint8_t *p, uint32_t v) {
    wr16(p, v);
    wr16(p + 2, v >> 16);
}
static void wr64(uint8_t *p, uint64_t v) {
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}

/* ---------------- ldst_widths ---------------- */
void case_ldst_widths(oc_case *c) {
    enum { N = 384, BS = 128 };
    oc_kernel(c, "ldst_widths");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint8_t *in = oc_in(c, "in", OT_U8, 64 * N);
    for (int i = 0; i < 64 * N; i++) in[i] = (uint8_t)oc_rand32(c);
    for (int i = 0; i < 16; i++) /* records of all-ones, all-zeros and sign bits */
        memset(in + 64 * i, i % 4 == 0 ? 0xff : i % 4 == 1 ? 0x00 : i % 4 == 2 ? 0x80 : 0x7f, 64);
    oc_fill(c, "w", OT_U32, 20 * N, 0);
    oc_fill(c, "out", OT_U8, 64 * N, 0xa5);
    oc_fill(c, "d", OT_F64, 2 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "w");
    oc_p_buf(c, "out");
    oc_p_buf(c, "d");
    oc_p_u32(c, N);
    uint32_t *w = oc_out(c, "w");
    uint8_t *out = oc_out(c, "out");
    double *d = oc_out(c, "d");
    for (int i = 0; i < N; i++) {
        const uint8_t *s = in + 64 * i;
        uint32_t *r = w + 20 * i;
        uint8_t *o = out + 64 * i;
        r[0] = (uint32_t)(int32_t)(int8_t)s[0];
        r[1] = s[1];
        r[2] = (uint32_t)(int32_t)(int16_t)rd16(s + 2);
        r[3] = rd16(s + 4);
        r[4] = s[6];
        r[5] = s[7];
        for (int k = 0; k < 4; k++) r[6 + k] = (uint32_t)(int32_t)(int8_t)s[8 + k];
        r[10] = (uint32_t)(int32_t)(int16_t)rd16(s + 12);
        r[11] = (uint32_t)(int32_t)(int16_t)rd16(s + 14);
        for (int k = 0; k < 4; k++) r[12 + k] = rd16(s + 16 + 2 * k);
        r[16] = rd32(s + 24);
        r[17] = rd32(s + 28);
        uint64_t q = rd64(s + 32);
        r[18] = (uint32_t)q;
        r[19] = (uint32_t)(q >> 32);
        d[2 * i] = u2d(rd64(s + 56));
        d[2 * i + 1] = u2d(rd64(s + 48));
        o[0] = s[7];
        o[1] = s[6];
        uint32_t r2p1 = r[2] + 1;
        wr16(o + 2, r2p1);
        for (int k = 0; k < 4; k++) o[4 + k] = s[11 - k];
        for (int k = 0; k < 4; k++) wr16(o + 8 + 2 * k, rd16(s + 16 + 2 * k) + (uint32_t)k + 1);
        wr32(o + 16, r[17]);
        wr32(o + 20, r[16]);
        wr64(o + 24, q + 1);
        wr32(o + 32, r[0]);
        wr32(o + 36, r[1]);
        wr32(o + 40, r2p1);
        wr32(o + 44, r[3]);
        wr64(o + 48, q);
        wr64(o + 56, ~q);
        o[63] = (uint8_t)r[1];
        o[1] = s[8];
    }
}

/* ---------------- vcopy_v4 ---------------- */
void case_vcopy_v4(oc_case *c) {
    enum { N = 4099, BS = 128, G = 5 }; /* 640 threads for 1024 vectors: two loop trips for most */
    oc_kernel(c, "vcopy_v4");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *src = oc_in(c, "src", OT_U32, N + 5);
    float *x = oc_in(c, "x", OT_F32, N + 5);
    float *y = oc_in(c, "y", OT_F32, N + 5);
    for (int i = 0; i < N + 5; i++) {
        src[i] = oc_rand32(c);
        x[i] = oc_uniformf(c, -100.0f, 100.0f);
        y[i] = oc_uniformf(c, -100.0f, 100.0f);
    }
    for (int i = 0; i < 32; i++) x[i] = u2f(oc_special_f32[i]);
    const float a = 1.75f;
    oc_fill(c, "dst", OT_U32, N + 5, 0xeeeeeeee); /* the 5 words past n stay untouched */
    oc_p_buf(c, "src");
    oc_p_buf(c, "dst");
    oc_p_buf(c, "x");
    oc_p_buf(c, "y");
    oc_p_f32(c, a);
    oc_p_u32(c, N);
    uint32_t *dst = oc_out(c, "dst");
    float *yo = oc_out(c, "y");
    for (int i = 0; i < N; i++) {
        dst[i] = src[i];
        yo[i] = canon32(fmaf(a, x[i], y[i]));
    }
}

/* ---------------- state_spaces ---------------- */
void case_state_spaces(oc_case *c) {
    enum { G = 3, BS = 128, N = G * BS };
    static const uint64_t ctab[4] = {0x100000001ull, 2, 3, 0xffffffffffffffffull};
    const uint32_t k = 21;
    oc_kernel(c, "state_spaces");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    oc_fill(c, "out", OT_U32, 8 * N, 0);
    oc_p_buf(c, "out");
    oc_p_u32(c, k);
    uint32_t *o = oc_out(c, "out");
    for (uint32_t b = 0; b < G; b++)
        for (uint32_t t = 0; t < BS; t++) {
            uint32_t *r = o + 8 * (b * BS + t);
            uint32_t mine = t * 3 + b, nb = (t ^ 1) * 3 + b;
            uint32_t l[4] = {t, 2 * k, mine, nb};
            r[0] = 2 * k;
            r[1] = nb;
            r[2] = l[t & 3];
            r[3] = 70;
            r[4] = (uint32_t)ctab[t & 3];
            r[5] = (uint32_t)(ctab[t & 3] >> 32);
            r[6] = 15; /* shared, local, global, const; the shared pointer is not global */
            r[7] = mine;
        }
}

/* ---------------- shared_arrays ---------------- */
void case_shared_arrays(oc_case *c) {
    enum { G = 4, BS = 64 };
    oc_kernel(c, "shared_arrays");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    oc_fill(c, "out", OT_U32, 8 * G * BS, 0);
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (uint32_t b = 0; b < G; b++) {
        uint8_t bytes[256];
        uint64_t qs[64];
        for (uint32_t t = 0; t < BS; t++) {
            bytes[4 * t] = (uint8_t)t;
            bytes[4 * t + 1] = (uint8_t)(t + 1);
            bytes[4 * t + 2] = (uint8_t)(t + 2);
            bytes[4 * t + 3] = (uint8_t)(7 * t + b);
            qs[t] = (uint64_t)t * 0x100000001ull + b;
        }
        for (uint32_t t = 0; t < BS; t++) {
            uint32_t *r = o + 8 * (b * BS + t);
            r[0] = rd32(bytes + 4 * (63 - t));
            const uint8_t *v = bytes + 16 * (t % 16);
            r[1] = rd32(v) ^ rd32(v + 12);
            r[2] = rd32(v + 4) + rd32(v + 8);
            r[3] = ~rd32(bytes + 4 * t);
            uint64_t q = qs[(t + 5) % 64];
            r[4] = (uint32_t)q;
            r[5] = (uint32_t)(q >> 32) + (uint32_t)(qs[63] >> 32);
            r[6] = (t % 8) * 8 + t / 8 + 1; /* mat[t%8][t/8] holds the thread that wrote it */
            r[7] = 7 * t + b;
        }
    }
}

/* ---------------- local_stack ---------------- */
void case_local_stack(oc_case *c) {
    enum { G = 3, BS = 64, N = G * BS };
    oc_kernel(c, "local_stack");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 16 * N);
    for (int i = 0; i < N; i++) {
        uint32_t *v = in + 16 * i;
        for (int k = 0; k < 16; k++) {
            switch (i % 6) {
            case 0: v[k] = (uint32_t)k; break;                 /* sorted: deepest stack for Lomuto */
            case 1: v[k] = (uint32_t)(15 - k); break;          /* reversed */
            case 2: v[k] = (uint32_t)oc_range(c, 0, 3); break; /* many duplicates */
            case 3: v[k] = 7; break;                           /* all equal */
            default: v[k] = oc_rand32(c);
            }
        }
    }
    oc_fill(c, "out", OT_U32, 20 * N, 0x11111111);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t a[16], stk[64], sp = 0, depth = 1;
        memcpy(a, in + 16 * i, sizeof a);
        stk[0] = 0;
        stk[1] = 15;
        sp = 1;
        while (sp) {
            sp--;
            uint32_t lo = stk[2 * sp], hi = stk[2 * sp + 1], pivot = a[hi], p = lo;
            for (uint32_t j = lo; j < hi; j++)
                if (a[j] < pivot) {
                    uint32_t t = a[p];
                    a[p] = a[j];
                    a[j] = t;
                    p++;
                }
            a[hi] = a[p];
            a[p] = pivot;
            if (lo + 1 < p) {
                stk[2 * sp] = lo;
                stk[2 * sp + 1] = p - 1;
                sp++;
            }
            if (p + 1 < hi) {
                stk[2 * sp] = p + 1;
                stk[2 * sp + 1] = hi;
                sp++;
            }
            if (sp > depth) depth = sp;
        }
        memcpy(o + 20 * i, a, sizeof a);
        o[20 * i + 16] = depth;
    }
}

/* ---------------- const_crc32 ---------------- */
/* bitwise CRC-32 (no table: independent of the kernel's table) */
static uint32_t crc32_bits(const uint8_t *p, size_t n) {
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++) crc = crc & 1 ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
    }
    return ~crc;
}

void case_const_crc32(oc_case *c) {
    enum { G = 2, BS = 128, N = G * BS, LEN = 52 };
    oc_kernel(c, "const_crc32");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint8_t *m = oc_in(c, "msgs", OT_U8, LEN * N);
    for (int i = 0; i < LEN * N; i++) m[i] = (uint8_t)oc_rand32(c);
    memcpy(m, "The quick brown fox jumps over the lazy dog", 43);
    memset(m + LEN, 0, LEN);
    memset(m + 2 * LEN, 0xff, LEN);
    oc_fill(c, "out", OT_U32, 2 * N, 0);
    oc_p_buf(c, "msgs");
    oc_p_buf(c, "out");
    oc_p_u32(c, LEN);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        o[2 * i] = crc32_bits(m + LEN * i, LEN);
        o[2 * i + 1] = crc32_bits(m + LEN * i, 4);
    }
}

/* ---------------- init_immediates ---------------- */
void case_init_immediates(oc_case *c) {
    enum { G = 2, BS = 32 };
    static const uint8_t c8[8] = {0, 1, 0x7f, 0x80, 0xff, 017, 10, 255};
    static const int16_t c16[4] = {-1, -32768, 32767, 0x1234};
    static const uint32_t cf[4] = {0x3fc00000u, 0x3f800000u, 0xbe800000u, 0xff800000u};
    static const uint64_t cd[2] = {0x3ff8000000000000ull, 0x4004000000000000ull};
    static const uint64_t cq[2] = {0xfedcba9876543210ull, 0xffffffffffffffffull};
    static const uint32_t grid2[2][3] = {{1, 2, 3}, {4, 5, 6}};
    static const uint32_t partial[8] = {9, 8, 7};
    static const int32_t sized[4] = {-7, 0x7fffffff, INT32_MIN, 255};
    oc_kernel(c, "init_immediates");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    oc_fill(c, "out", OT_U32, 16 * G * BS, 0);
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (uint32_t b = 0; b < G; b++)
        for (uint32_t t = 0; t < BS; t++) {
            uint32_t *r = o + 16 * (b * BS + t);
            r[0] = c8[t & 7];
            r[1] = (uint32_t)(int32_t)c16[t & 3];
            r[2] = cf[t & 3];
            r[3] = (uint32_t)cd[t & 1];
            r[4] = (uint32_t)(cd[t & 1] >> 32);
            r[5] = (uint32_t)cq[t & 1];
            r[6] = (uint32_t)(cq[t & 1] >> 32);
            r[7] = t & 3;
            r[8] = grid2[t & 1][t % 3];
            r[9] = partial[t & 7];
            r[10] = (uint32_t)sized[t & 3];
            r[11] = 110;
            r[12] = 8;
            r[13] = t + 0x10 + 010 + 3 - 100;
            float f = (float)t * 0.25f + 0.125f + 1.0f; /* exact */
            r[14] = (uint32_t)f;
            r[15] = f2u(f) ^ (uint32_t)((double)t * 0.5 + 1000.0);
        }
}

/* ---------------- dyn_shared ---------------- */
void case_dyn_shared(oc_case *c) {
    enum { G = 3, BS = 96, N = G * BS, DYN = BS * 8 + 256 };
    oc_kernel(c, "dyn_shared");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    oc_shared(c, DYN); /* more than the kernel uses: %dynamic_smem_size reports all of it */
    uint64_t *in = oc_in(c, "in", OT_U64, N);
    for (int i = 0; i < N; i++) in[i] = oc_rand64(c);
    oc_fill(c, "out", OT_U32, 4 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (uint32_t b = 0; b < G; b++) {
        const uint64_t *blk = in + b * BS;
        for (uint32_t t = 0; t < BS; t++) {
            uint32_t *r = o + 4 * (b * BS + t);
            uint64_t v = blk[BS - 1 - t];
            r[0] = (uint32_t)v;
            r[1] = (uint32_t)(v >> 32);
            r[2] = DYN + b;
            uint32_t k = 2 * (t & ~1u), s = 0; /* words k..k+3 = elements k/2, k/2 + 1 */
            for (uint32_t j = 0; j < 4; j++) {
                uint64_t e = blk[(k + j) / 2];
                s += (k + j) & 1 ? (uint32_t)(e >> 32) : (uint32_t)e;
            }
            r[3] = s;
        }
    }
}

/* ---------------- cache_ops ---------------- */
void case_cache_ops(oc_case *c) {
    enum { G = 2, BS = 64, N = G * BS };
    oc_kernel(c, "cache_ops");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 16 * N);
    for (int i = 0; i < 16 * N; i++) in[i] = oc_rand32(c);
    oc_fill(c, "out", OT_U32, 16 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < 16 * N; i++) o[i] = in[i] + (uint32_t)(i % 16) + 1;
}

/* ---------------- atom_global ---------------- */
/* a random finite f16 (the exponent field never all ones) */
static uint16_t finite_f16(oc_case *c) {
    uint16_t h = (uint16_t)oc_rand32(c);
    if ((h & 0x7c00) == 0x7c00) h ^= 0x4000;
    return h;
}
static double f16_val(uint16_t h) {
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e ? ldexp(m + 1024, e - 25) : ldexp(m, -24);
    return h & 0x8000 ? -v : v;
}
/* round a double that is exactly a sum of two f16 values to f16, nearest even */
static uint16_t to_f16(double x) {
    uint16_t s = signbit(x) ? 0x8000 : 0;
    double a = fabs(x);
    if (a == 0) return s;
    int E;
    frexp(a, &E);
    int q = (E - 1 < -14 ? -14 : E - 1) - 10;
    double n = floor(ldexp(a, -q)), fr = ldexp(a, -q) - n;
    if (fr > 0.5 || (fr == 0.5 && fmod(n, 2) != 0)) n += 1;
    double v = ldexp(n, q);
    if (v >= 65520.0) return s | 0x7c00;
    if (v < 0x1p-14) return s | (uint16_t)n;
    frexp(v, &E);
    return (uint16_t)(s | (uint32_t)(E - 1 + 15) << 10 | ((uint32_t)ldexp(v, 11 - E) - 1024));
}

void case_atom_global(oc_case *c) {
    enum { G = 4, BS = 128, N = G * BS };
    oc_kernel(c, "atom_global");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *slot = oc_in(c, "slot", OT_U32, 16 * N);
    uint64_t *q = oc_in(c, "q", OT_U64, 6 * N);
    uint32_t *x = oc_in(c, "x", OT_U32, 2 * N);
    uint32_t *cnt = oc_in(c, "cnt", OT_U32, 10);
    for (int i = 0; i < N; i++) {
        uint32_t *s = slot + 16 * i;
        for (int k = 0; k < 16; k++) s[k] = oc_rand32(c);
        s[4] = (uint32_t)oc_range(c, 0, 20); /* inc/dec around the limit */
        s[5] = i % 7 == 0 ? 0 : (uint32_t)oc_range(c, 0, 20);
        s[11] = f2u(oc_uniformf(c, -1000.0f, 1000.0f));
        uint16_t lo = finite_f16(c), hi = finite_f16(c);
        s[12] = (uint32_t)hi << 16 | lo;
        for (int k = 0; k < 6; k++) q[6 * i + k] = oc_rand64(c);
        q[6 * i + 4] = d2u(oc_uniform(c, -1e6, 1e6));
        lo = finite_f16(c);
        hi = finite_f16(c);
        x[2 * i] = (uint32_t)hi << 16 | lo;
        x[2 * i + 1] = f2u(oc_uniformf(c, -1000.0f, 1000.0f));
        if (i % 5 == 0) x[2 * i + 1] = f2u((float)oc_range(c, -8, 8)); /* small limits too */
    }
    const uint32_t cinit[10] = {5, 0, 0x80000000u, 0xffffffffu, 0, 0xffffffffu, 0, 0, 0, 0};
    memcpy(cnt, cinit, sizeof cinit);
    oc_fill(c, "old", OT_U32, 24 * N, 0);
    oc_p_buf(c, "slot");
    oc_p_buf(c, "q");
    oc_p_buf(c, "x");
    oc_p_buf(c, "old");
    oc_p_buf(c, "cnt");
    uint32_t *so = oc_out(c, "slot");
    uint64_t *qo = oc_out(c, "q");
    uint32_t *old = oc_out(c, "old");
    uint32_t *co = oc_out(c, "cnt");
    uint64_t c64 = 0;
    float fsum = 0;
    for (int i = 0; i < N; i++) {
        uint32_t X = x[2 * i], Y = x[2 * i + 1], lim = Y & 15, *s = so + 16 * i, *o = old + 24 * i;
        const uint32_t *s0 = slot + 16 * i;
        memcpy(o, s0, 16 * 4); /* every atom returns the slot's initial value ... */
        s[0] = s0[0] + X;
        s[1] = X;
        s[2] = X;
        s[3] = s0[3]; /* the failed cas leaves it */
        s[4] = s0[4] >= lim ? 0 : s0[4] + 1;
        s[5] = (s0[5] == 0 || s0[5] > lim) ? lim : s0[5] - 1;
        s[6] = (int32_t)s0[6] < (int32_t)X ? s0[6] : X;
        s[7] = s0[7] > X ? s0[7] : X;
        s[8] = s0[8] & X;
        s[9] = s0[9] | Y;
        s[10] = s0[10] ^ Y;
        s[11] = f2u(u2f(s0[11]) + u2f(Y));
        s[12] = (uint32_t)to_f16(f16_val((uint16_t)(s0[12] >> 16)) + f16_val((uint16_t)(X >> 16))) << 16 |
            to_f16(f16_val((uint16_t)s0[12]) + f16_val((uint16_t)X));
        s[13] = s0[13] + 7;
        s[14] = Y;
        s[15] = s0[15] >= 3 ? 0 : s0[15] + 1;
        const uint64_t *q0 = q + 6 * i;
        uint64_t *qq = qo + 6 * i, V = (uint64_t)Y << 32 | X;
        qq[0] = q0[0] + V;
        qq[1] = V;
        qq[2] = (int64_t)q0[2] < (int64_t)V ? q0[2] : V;
        qq[3] = q0[3] > V ? q0[3] : V;
        qq[4] = d2u(u2d(q0[4]) + (double)(int32_t)X);
        qq[5] = V;
        o[16] = (uint32_t)q0[0];
        o[17] = (uint32_t)(q0[0] >> 32);
        o[18] = (uint32_t)q0[1];
        o[19] = (uint32_t)(q0[1] >> 32);
        uint64_t m = q0[2] ^ q0[3], e = q0[4] ^ q0[5];
        o[20] = (uint32_t)m;
        o[21] = (uint32_t)(m >> 32);
        o[22] = (uint32_t)e;
        o[23] = (uint32_t)(e >> 32);
        /* counters */
        co[1] += (uint32_t)i;
        int32_t mx = (int32_t)(X & 0xffff) - 30000;
        if (mx > (int32_t)co[2]) co[2] = (uint32_t)mx;
        if (X < co[3]) co[3] = X;
        co[4] |= 1u << (i & 31);
        co[5] &= ~(1u << (i & 31));
        fsum += (float)(i & 7);
        c64 += (uint64_t)i << 33;
    }
    co[0] = 5 + N;
    co[6] = N % 101;
    co[7] = f2u(fsum);
    co[8] = (uint32_t)c64;
    co[9] = (uint32_t)(c64 >> 32);
}

/* ---------------- atom_shared ---------------- */
void case_atom_shared(oc_case *c) {
    enum { G = 3, BS = 256, N = G * BS };
    oc_kernel(c, "atom_shared");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    for (int i = 0; i < N; i++) {
        in[i] = oc_rand32(c);
        if (i >= 2 * BS) in[i] &= 0x8000003fu; /* skewed histogram, negatives for max.s32 */
    }
    oc_fill(c, "out", OT_U32, 48 * G, 0x12345678);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int b = 0; b < G; b++) {
        uint32_t *r = o + 48 * b;
        const uint32_t *x = in + b * BS;
        int32_t mx = INT32_MIN;
        uint32_t mn = 0xffffffffu, xr = 0;
        uint64_t prod = 1, sum = 0;
        float fs = 0;
        for (int k = 0; k < 32; k++) r[k] = 0;
        for (int t = 0; t < BS; t++) {
            r[x[t] & 31]++;
            if ((int32_t)x[t] > mx) mx = (int32_t)x[t];
            if (x[t] < mn) mn = x[t];
            xr ^= x[t];
            fs += (float)(x[t] & 15);
            sum += x[t];
            prod *= x[t] | 1;
        }
        r[32] = (uint32_t)mx;
        r[33] = mn;
        r[34] = BS % 100; /* inc with limit 99 wraps at 100 */
        r[35] = xr;
        r[36] = f2u(fs);
        r[37] = BS;
        r[38] = (uint32_t)prod;
        r[39] = (uint32_t)(prod >> 32);
        r[40] = (uint32_t)sum;
        r[41] = (uint32_t)(sum >> 32);
        r[42] = BS; /* every ticket 0..255 seen exactly once */
    }
}

/* ---------------- decl_forms ---------------- */
void case_decl_forms(oc_case *c) {
    enum { G = 3, BS = 128, N = G * BS };
    oc_kernel(c, "decl_forms");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 4 * N);
    for (int i = 0; i < 4 * N; i++) in[i] = oc_rand32(c);
    oc_fill(c, "out", OT_U32, 12 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        const uint32_t *v = in + 4 * i;
        uint32_t *r = o + 12 * i;
        int blk0 = i - i % BS;
        r[0] = v[0] + v[3];
        r[1] = v[1] ^ 0x5500u;
        r[2] = v[2];
        r[3] = v[3];
        r[4] = oc_rotl32(v[2], 16);
        r[5] = v[0] + v[1] + v[2] + v[3];
        r[6] = v[1];
        r[7] = (uint32_t)i;
        r[8] = 16 + 9 + 4; /* lut[5] + lut[3] + lut[2] of {1, 2, 4, 9, 99, 16, 0x3c, 3} */
        r[9] = in[4 * (blk0 + 1) + 3];
        r[10] = v[2];
        r[11] = (uint32_t)i * 5;
    }
}
