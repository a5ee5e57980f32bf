/* Oracles for the hand-written warp and control-flow PTX kernels (corpus/src/hand/): shuffles,
 * match/redux, barriers, loops, jump tables, calls and recursion, special registers,
 * predicated code, reductions and scans. */
#include "oracle.h"

#include <stdlib.h>

/* ---------------- shfl_modes ---------------- */
enum { SH_UP, SH_DOWN, SH_BFLY, SH_IDX };
/* shfl.sync as the PTX ISA defines it (9.7.8.6): source lane and the in-range predicate */
static uint32_t shfl(int mode, const uint32_t *a, uint32_t lane, uint32_t b, uint32_t c, int *pred) {
    uint32_t bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31;
    int32_t maxl = (int32_t)((lane & segmask) | (cval & ~segmask)), minl = (int32_t)(lane & segmask);
    int32_t j;
    int p;
    switch (mode) {
    case SH_UP:
        j = (int32_t)lane - (int32_t)bval;
        p = j >= maxl;
        break;
    case SH_DOWN:
        j = (int32_t)(lane + bval);
        p = j <= maxl;
        break;
    case SH_BFLY:
        j = (int32_t)(lane ^ bval);
        p = j <= maxl;
        break;
    default:
        j = minl | (int32_t)(bval & ~segmask);
        p = j <= maxl;
        break;
    }
    if (!p) j = (int32_t)lane;
    *pred = p;
    return a[j];
}

void case_shfl_modes(oc_case *c) {
    enum { G = 2, BS = 128, N = G * BS };
    oc_kernel(c, "shfl_modes");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
    for (int i = 0; i < N; i++) {
        in[2 * i] = oc_rand32(c);
        in[2 * i + 1] = oc_rand32(c);
    }
    oc_fill(c, "out", OT_U32, 12 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int w = 0; w < N / 32; w++) {
        uint32_t a[32], b[32];
        for (int l = 0; l < 32; l++) {
            a[l] = in[2 * (32 * w + l)];
            b[l] = in[2 * (32 * w + l) + 1];
        }
        for (uint32_t l = 0; l < 32; l++) {
            uint32_t *r = o + 12 * (32 * w + l), bits = 0;
            int p;
#define SH(k, mode, bb, cc) \
    do { r[k] = shfl(mode, a, l, bb, cc, &p); } while (0)
            SH(0, SH_UP, 1, 0);
            bits |= (uint32_t)p;
            SH(1, SH_UP, 3, 0x1800);
            bits |= (uint32_t)p << 1;
            SH(2, SH_DOWN, 2, 0x1f);
            bits |= (uint32_t)p << 2;
            SH(3, SH_DOWN, 5, 0x181f);
            bits |= (uint32_t)p << 3;
            SH(4, SH_BFLY, 16, 0x1f);
            bits |= (uint32_t)p << 4;
            SH(5, SH_BFLY, 6, 0x1c1f);
            bits |= (uint32_t)p << 5;
            SH(6, SH_IDX, b[l] & 31, 0x1f);
            bits |= (uint32_t)p << 6;
            SH(7, SH_IDX, b[l], 0x101f);
            bits |= (uint32_t)p << 7;
            SH(8, SH_DOWN, b[l] & 7, 0x1c1f);
            bits |= (uint32_t)p << 8;
            SH(9, SH_DOWN, 1, 3);
            bits |= (uint32_t)p << 9;
#undef SH
            uint32_t src = (l + 7) % 32;
            r[10] = a[src] ^ b[src];
            r[11] = bits;
        }
    }
}

/* ---------------- match_redux ---------------- */
void case_match_redux(oc_case *c) {
    enum { G = 2, BS = 128, N = G * BS };
    oc_kernel(c, "match_redux");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
    for (int i = 0; i < N; i++) {
        int w = i / 32;
        uint32_t key = (uint32_t)oc_range(c, 0, 5), val = oc_rand32(c);
        if (w == 1) key = 3; /* all equal and odd */
        if (w == 2) key = 4; /* all equal and even: nobody branches */
        if (w == 3) val = (uint32_t)oc_range(c, -3, 3);
        if (w == 4) key = (uint32_t)(i & 1); /* alternate lanes branch */
        in[2 * i] = key;
        in[2 * i + 1] = val;
    }
    oc_fill(c, "out", OT_U32, 12 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int w = 0; w < N / 32; w++) {
        const uint32_t *k = in + 64 * w;
        uint32_t sum = 0, mx = 0, xr = 0, all_and = 0xffffffffu, odd = 0;
        int32_t mn = INT32_MAX, omax = INT32_MIN;
        uint32_t oor = 0;
        for (int l = 0; l < 32; l++) {
            uint32_t v = k[2 * l + 1];
            sum += v;
            if ((int32_t)v < mn) mn = (int32_t)v;
            if (v > mx) mx = v;
            xr ^= v;
            all_and &= k[2 * l];
            if (k[2 * l] & 1) {
                odd |= 1u << l;
                if ((int32_t)v > omax) omax = (int32_t)v;
                oor |= k[2 * l];
            }
        }
        for (int l = 0; l < 32; l++) {
            uint32_t *r = o + 12 * (32 * w + l), key = k[2 * l], v = k[2 * l + 1];
            uint32_t same = 0, same64 = 0, samev = 0;
            for (int q = 0; q < 32; q++) {
                if (k[2 * q] == key) same |= 1u << q;
                if (k[2 * q] == key && (k[2 * q + 1] & 1) == (v & 1)) same64 |= 1u << q;
                if ((odd >> q & 1) && k[2 * q + 1] == v) samev |= 1u << q;
            }
            int alleq = same == 0xffffffffu;
            r[0] = same;
            r[1] = alleq ? 0xffffffffu : 0;
            r[2] = (uint32_t)alleq;
            r[3] = same64;
            r[4] = sum;
            r[5] = (uint32_t)mn;
            r[6] = mx;
            r[7] = xr;
            if (key & 1) {
                r[8] = odd;
                r[9] = samev;
                r[10] = (uint32_t)omax;
                r[11] = oor ^ all_and;
            } else {
                r[11] = all_and;
            }
        }
    }
}

/* ---------------- prodcons ---------------- */
void case_prodcons(oc_case *c) {
    enum { G = 3, BS = 64 };
    oc_kernel(c, "prodcons");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 256 * G);
    for (int i = 0; i < 256 * G; i++) in[i] = oc_rand32(c);
    oc_fill(c, "out", OT_U32, 2 * BS * G, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int b = 0; b < G; b++) {
        uint32_t acc[BS], odd = 0;
        for (int t = 0; t < BS; t++) {
            if (t < 32) {
                acc[t] = (uint32_t)t;
            } else {
                uint32_t a = 0, l = (uint32_t)t - 32;
                for (uint32_t it = 0; it < 8; it++) a = a * 31 + in[256 * b + 32 * it + (l + it) % 32];
                acc[t] = a;
            }
            odd += acc[t] & 1;
        }
        for (int t = 0; t < BS; t++) {
            o[2 * (b * BS + t)] = acc[t];
            o[2 * (b * BS + t) + 1] = odd;
        }
    }
}

/* ---------------- loops ---------------- */
static uint32_t gcd32(uint32_t x, uint32_t y) {
    while (y) {
        uint32_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

void case_loops(oc_case *c) {
    enum { N = 500, BS = 128 };
    oc_kernel(c, "loops");
    oc_grid(c, (N + BS - 1) / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
    for (int i = 0; i < N; i++) {
        uint32_t a = oc_rand32(c), b = oc_rand32(c);
        if (i % 4 == 1) { /* common factors */
            uint32_t f = (uint32_t)oc_range(c, 1, 1000);
            a = f * (uint32_t)oc_range(c, 0, 100000);
            b = f * (uint32_t)oc_range(c, 0, 100000);
        }
        if (i < 6) {
            static const uint32_t e[6][2] = {{0, 0},  {0, 5}, {7, 0}, {0xffffffffu, 0xffffffffu}, {1u << 31, 1u << 30},
                                             {48, 18}};
            a = e[i][0];
            b = e[i][1];
        }
        in[2 * i] = a;
        in[2 * i + 1] = b;
    }
    oc_fill(c, "out", OT_U32, 5 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t a = in[2 * i], b = in[2 * i + 1], *r = o + 5 * i;
        r[0] = gcd32(a, b);
        uint32_t lo = 0, hi = 65536;
        for (int k = 0; k < 16; k++) {
            uint32_t mid = (lo + hi) >> 1;
            if ((uint64_t)mid * mid <= a) lo = mid;
            else hi = mid;
        }
        r[1] = lo;
        uint32_t s = 0;
        for (uint32_t k = 0; k < (a & 7); k++)
            for (uint32_t j = 0; j < (b & 7); j++) s += (k * j) ^ a;
        r[2] = s;
        uint32_t x = b, cnt = 0;
        do {
            cnt++;
            x &= x - 1;
        } while (x);
        r[3] = cnt;
        uint32_t found = 99;
        for (uint32_t k = 0; k < 32; k++) {
            if (k % 3 == 0) continue;
            if ((a >> k) & 1) {
                found = k;
                break;
            }
        }
        r[4] = found;
    }
}

/* ---------------- vm_interp ---------------- */
enum {
    VM_HALT,
    VM_PUSH,
    VM_ADD,
    VM_SUB,
    VM_MUL,
    VM_DUP,
    VM_SWAP,
    VM_JNZ,
    VM_XOR,
    VM_LOADX,
    VM_DEC,
    VM_OVER,
    VM_ANDI,
    VM_SHLI,
    VM_SHRI,
    VM_DROP
};
#define I(op, imm) ((uint32_t)(op) | ((uint32_t)(imm)&0xffffffu) << 8)
static const uint32_t vm_progs[4][32] = {
    /* x * 3 + 7 - (x ^ 0x55) */
    {I(VM_LOADX, 0), I(VM_PUSH, 3), I(VM_MUL, 0), I(VM_PUSH, 7), I(VM_ADD, 0), I(VM_LOADX, 0), I(VM_PUSH, 85),
     I(VM_XOR, 0), I(VM_SUB, 0), I(VM_HALT, 0)},
    /* sum of 1 .. (x & 15) */
    {I(VM_PUSH, 0), I(VM_LOADX, 0), I(VM_ANDI, 15), I(VM_DUP, 0), I(VM_JNZ, 7), I(VM_SWAP, 0), I(VM_HALT, 0),
     I(VM_SWAP, 0), I(VM_OVER, 0), I(VM_ADD, 0), I(VM_SWAP, 0), I(VM_DEC, 0), I(VM_PUSH, 1), I(VM_JNZ, 3)},
    /* xorshift32 step */
    {I(VM_LOADX, 0), I(VM_DUP, 0), I(VM_SHLI, 13), I(VM_XOR, 0), I(VM_DUP, 0), I(VM_SHRI, 17), I(VM_XOR, 0),
     I(VM_DUP, 0), I(VM_SHLI, 5), I(VM_XOR, 0), I(VM_HALT, 0)},
    /* Collatz steps of x & 255 */
    {I(VM_PUSH, 0), I(VM_LOADX, 0), I(VM_ANDI, 255), I(VM_DUP, 0),  I(VM_DEC, 0),  I(VM_JNZ, 8),  I(VM_SWAP, 0),
     I(VM_HALT, 0), I(VM_DUP, 0),   I(VM_ANDI, 1),   I(VM_JNZ, 18), I(VM_SHRI, 1), I(VM_SWAP, 0), I(VM_PUSH, 1),
     I(VM_ADD, 0),  I(VM_SWAP, 0),  I(VM_PUSH, 1),   I(VM_JNZ, 3),  I(VM_PUSH, 3), I(VM_MUL, 0),  I(VM_PUSH, 1),
     I(VM_ADD, 0),  I(VM_SWAP, 0),  I(VM_PUSH, 1),   I(VM_ADD, 0),  I(VM_SWAP, 0), I(VM_PUSH, 1), I(VM_JNZ, 3)},
};
#undef I

/* the interpreter, written from the opcode list (not from the PTX) */
static void vm_run(const uint32_t *prog, uint32_t x, uint32_t *top, uint32_t *steps) {
    uint32_t st[16], sp = 0, pc = 0, n = 0;
    for (;;) {
        uint32_t ins = prog[pc++], op = ins & 255;
        int32_t imm = (int32_t)ins >> 8;
        n++;
        switch (op) {
        case VM_HALT:
            *top = st[sp - 1];
            *steps = n;
            return;
        case VM_PUSH: st[sp++] = (uint32_t)imm; break;
        case VM_ADD:
            st[sp - 2] += st[sp - 1];
            sp--;
            break;
        case VM_SUB:
            st[sp - 2] -= st[sp - 1];
            sp--;
            break;
        case VM_MUL:
            st[sp - 2] *= st[sp - 1];
            sp--;
            break;
        case VM_XOR:
            st[sp - 2] ^= st[sp - 1];
            sp--;
            break;
        case VM_DUP:
            st[sp] = st[sp - 1];
            sp++;
            break;
        case VM_OVER:
            st[sp] = st[sp - 2];
            sp++;
            break;
        case VM_SWAP: {
            uint32_t t = st[sp - 1];
            st[sp - 1] = st[sp - 2];
            st[sp - 2] = t;
            break;
        }
        case VM_JNZ:
            if (st[--sp]) pc = (uint32_t)imm;
            break;
        case VM_LOADX: st[sp++] = x; break;
        case VM_DEC: st[sp - 1]--; break;
        case VM_ANDI: st[sp - 1] &= (uint32_t)imm; break;
        case VM_SHLI: st[sp - 1] <<= imm; break;
        case VM_SHRI: st[sp - 1] >>= imm; break;
        default: sp--; break;
        }
    }
}

void case_vm_interp(oc_case *c) {
    enum { G = 3, BS = 128, N = G * BS };
    oc_kernel(c, "vm_interp");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
    for (int i = 0; i < N; i++) {
        uint32_t pid = i < 32 ? 1 : i < 64 ? 3 : (uint32_t)(i % 4), x = oc_rand32(c);
        if (i >= 128) pid = (uint32_t)oc_range(c, 0, 3);
        if (pid == 3) x = (x & ~255u) | (uint32_t)oc_range(c, 1, 255);
        in[2 * i] = pid;
        in[2 * i + 1] = x;
    }
    oc_fill(c, "out", OT_U32, 2 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) vm_run(vm_progs[in[2 * i]], in[2 * i + 1], &o[2 * i], &o[2 * i + 1]);
}

/* ---------------- recursion ---------------- */
static uint32_t ack(uint32_t m, uint32_t n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

void case_recursion(oc_case *c) {
    enum { G = 2, BS = 64, N = G * BS };
    oc_kernel(c, "recursion");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 4 * N);
    for (int i = 0; i < N; i++) {
        in[4 * i] = (uint32_t)oc_range(c, 0, 2);
        in[4 * i + 1] = (uint32_t)oc_range(c, 0, 6);
        in[4 * i + 2] = (uint32_t)oc_range(c, 0, 40);
        in[4 * i + 3] = (uint32_t)oc_range(c, 0, 30);
    }
    oc_fill(c, "out", OT_U32, 4 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        const uint32_t *v = in + 4 * i;
        o[4 * i] = ack(v[0], v[1]);
        o[4 * i + 1] = v[2] % 2 == 0;
        uint32_t s = 0;
        for (uint32_t k = 1; k <= v[3]; k++) s += k * k;
        o[4 * i + 2] = s;
        o[4 * i + 3] = 0x600dcafe;
    }
}

/* ---------------- func_reg_abi ---------------- */
static int f16_nan(uint16_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }
static double f16_d(uint16_t h) {
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 31 ? INFINITY : e ? ldexp(m + 1024, e - 25) : ldexp(m, -24);
    return h & 0x8000 ? -v : v;
}
/* max.f16 / min.f16: one NaN gives the other operand, two the canonical NaN; -0 < +0 */
static uint16_t f16_minmax(uint16_t a, uint16_t b, int is_max) {
    if (f16_nan(a) && f16_nan(b)) return 0x7fff;
    if (f16_nan(a)) return b;
    if (f16_nan(b)) return a;
    double x = f16_d(a), y = f16_d(b);
    if (x == y) return ((a & 0x8000) != 0) != is_max ? a : b;
    return (x < y) != is_max ? a : b;
}

void case_func_reg_abi(oc_case *c) {
    enum { G = 2, BS = 128, N = G * BS };
    oc_kernel(c, "func_reg_abi");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
    for (int i = 0; i < N; i++) {
        in[2 * i] = oc_rand32(c);
        in[2 * i + 1] = oc_rand32(c);
    }
    in[1] = 0x80000000u;
    in[3] = 0;
    in[4] = 0x7e00fc00u; /* NaN and -inf halves */
    in[6] = 0x00008000u; /* +0 and -0 halves */
    oc_fill(c, "out", OT_U32, 8 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t a = in[2 * i], b = in[2 * i + 1], *r = o + 8 * i;
        uint64_t m = (uint64_t)a * b + 0xffffffffu;
        r[0] = (uint32_t)m;
        r[1] = (uint32_t)(m >> 32);
        int32_t sb = (int32_t)b;
        r[2] = (sb < 0 ? 0x80000000u : 0) | (sb < 0 ? 0u - b : b);
        uint16_t lo = (uint16_t)a, hi = (uint16_t)(a >> 16);
        r[3] = (uint32_t)f16_minmax(lo, hi, 0) << 16 | f16_minmax(lo, hi, 1);
        uint32_t x = a & 0xffff, y = b & 0xfff;
        while (y) {
            uint32_t t = x % y;
            x = y;
            y = t;
        }
        r[4] = x + 5;
        r[5] = x;
        uint64_t p = (uint64_t)a * 3;
        r[6] = (uint32_t)p ^ (uint32_t)(p >> 32);
        r[7] = (uint32_t)i;
    }
}

/* ---------------- sregs ---------------- */
void case_sregs(oc_case *c) {
    enum { BX = 8, BY = 4, BZ = 3, GX = 3, GY = 2, GZ = 2, BS = BX * BY * BZ, N = BS * GX * GY * GZ };
    oc_kernel(c, "sregs");
    oc_grid(c, GX, GY, GZ);
    oc_block(c, BX, BY, BZ);
    oc_fill(c, "out", OT_U32, 8 * N, 0);
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (uint32_t cz = 0; cz < GZ; cz++)
        for (uint32_t cy = 0; cy < GY; cy++)
            for (uint32_t cx = 0; cx < GX; cx++)
                for (uint32_t tz = 0; tz < BZ; tz++)
                    for (uint32_t ty = 0; ty < BY; ty++)
                        for (uint32_t tx = 0; tx < BX; tx++) {
                            uint32_t lin = (tz * BY + ty) * BX + tx, blk = (cz * GY + cy) * GX + cx;
                            uint32_t g = blk * BS + lin, lane = lin % 32, *r = o + 8 * g;
                            r[0] = tx | BX << 8 | cx << 16 | (uint32_t)GX << 24;
                            r[1] = ty | BY << 8 | cy << 16 | (uint32_t)GY << 24;
                            r[2] = tz | BZ << 8 | cz << 16 | (uint32_t)GZ << 24;
                            r[3] = lane;
                            r[4] = 1u << lane;
                            r[5] = 2 * ~(1u << lane);
                            r[6] = 7;
                            r[7] = g;
                        }
}

/* ---------------- perf_directives ---------------- */
void case_perf_directives(oc_case *c) {
    enum { G = 4, BS = 64, N = G * BS };
    oc_kernel(c, "perf_directives");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *x = oc_in(c, "x", OT_U32, N);
    uint32_t *coef = oc_in(c, "coef", OT_U32, 8);
    for (int i = 0; i < N; i++) x[i] = i < 4 ? (uint32_t)i : oc_rand32(c);
    for (int k = 0; k < 8; k++) coef[k] = oc_rand32(c);
    oc_fill(c, "out", OT_U32, N, 0);
    oc_p_buf(c, "x");
    oc_p_buf(c, "coef");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t acc = 0;
        for (int k = 7; k >= 0; k--) acc = acc * x[i] + coef[k];
        o[i] = acc;
    }
}

/* ---------------- pred_branchless ---------------- */
static int cmp_s32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

void case_pred_branchless(oc_case *c) {
    enum { G = 4, BS = 128, N = G * BS };
    oc_kernel(c, "pred_branchless");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *keys = oc_in(c, "keys", OT_S32, 8 * N);
    int32_t *x = oc_in(c, "x", OT_S32, N);
    for (int i = 0; i < N; i++) {
        for (int k = 0; k < 8; k++) {
            int32_t v = (int32_t)oc_rand32(c);
            if (i % 3 == 1) v = (int32_t)oc_range(c, -3, 3); /* duplicates */
            if (i % 3 == 2) v = 8 - k;                       /* reversed */
            keys[8 * i + k] = v;
        }
        x[i] = (int32_t)(i % 2 ? oc_range(c, -200, 1200) : oc_range(c, -2000, 2000));
    }
    x[0] = INT32_MIN;
    x[1] = INT32_MAX;
    x[2] = -50;
    x[3] = 50;
    x[4] = 99;
    x[5] = 100;
    x[6] = 999;
    x[7] = 1000;
    oc_fill(c, "out", OT_S32, 10 * N, 0);
    oc_p_buf(c, "keys");
    oc_p_buf(c, "x");
    oc_p_buf(c, "out");
    int32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        int32_t *r = o + 10 * i, v = x[i];
        memcpy(r, keys + 8 * i, 32);
        qsort(r, 8, 4, cmp_s32);
        uint32_t u = (uint32_t)v;
        r[8] = v < 0 ? (int32_t)(u * 0xfffffffeu) : v < 100 ? v + 7 : v < 1000 ? v * 3 : 5000;
        r[9] = v > 50 ? 50 : v < -50 ? -50 : v;
    }
}

/* ---------------- reduce_grid ---------------- */
void case_reduce_grid(oc_case *c) {
    enum { G = 6, BS = 256, N = 20000 };
    oc_kernel(c, "reduce_grid");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    float *f = oc_in(c, "f", OT_F32, N);
    for (int i = 0; i < N; i++) {
        in[i] = oc_rand32(c);
        f[i] = oc_uniformf(c, 0.0f, 1000.0f);
    }
    f[12345] = 3.0e38f;
    oc_fill(c, "part", OT_U64, G, 0);
    oc_fill(c, "total", OT_U32, 4, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "f");
    oc_p_buf(c, "part");
    oc_p_buf(c, "total");
    oc_p_u32(c, N);
    uint64_t *part = oc_out(c, "part");
    uint32_t *tot = oc_out(c, "total");
    uint64_t sum = 0;
    float mx = 0;
    for (int i = 0; i < N; i++) {
        part[(i % (G * BS)) / BS] += in[i];
        sum += in[i];
        if (f[i] > mx) mx = f[i];
    }
    tot[0] = (uint32_t)sum;
    tot[1] = (uint32_t)(sum >> 32);
    tot[2] = f2u(mx);
    tot[3] = G;
}

/* ---------------- scan_warp ---------------- */
void case_scan_warp(oc_case *c) {
    enum { G = 3, BS = 256, N = G * BS };
    oc_kernel(c, "scan_warp");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
    for (int i = 0; i < N; i++) {
        in[2 * i] = i < BS ? (uint32_t)oc_range(c, 0, 9) : oc_rand32(c);
        in[2 * i + 1] = (uint32_t)(int32_t)oc_range(c, -100000, 100000);
    }
    in[2 * 300 + 1] = 0x80000000u; /* INT_MIN */
    oc_fill(c, "out", OT_U32, 3 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int b = 0; b < G; b++) {
        uint32_t sum = 0;
        int32_t mx = INT32_MIN;
        for (int t = 0; t < BS; t++) {
            int i = b * BS + t;
            o[3 * i + 1] = sum;
            sum += in[2 * i];
            int32_t v = (int32_t)in[2 * i + 1];
            if (v > mx) mx = v;
            o[3 * i] = sum;
            o[3 * i + 2] = (uint32_t)mx;
        }
    }
}
