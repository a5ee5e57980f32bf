/* exec_wmma.c — wmma.load, wmma.store, wmma.mma (PTX ISA 9.7.14.4 "Warp-level matrix
 * instructions: wmma"). The ISA leaves the fragment layout to the implementation; the tables
 * below are what an H200 (sm_90) does, measured by lab/mma/probe.cu (docs/tensor-cores.md):
 * a fragment is a sequence of chunks, each an 8-line tile of the matrix that the 32 lanes hold
 * the way mma.sync holds its fragments — A chunks as 8 rows × 4·per columns (lane l: row l/4,
 * columns per·(l%4)..+per-1), B chunks as 4·per rows × 8 columns (column l/4), C chunks as
 * 8×8 with two elements per lane (row l/4, columns 2(l%4)+{0,1}; transposed chunks swap the
 * roles). The f16 A and B fragments of 8 registers repeat their chunks (four copies for the
 * m32n8k16 B and m8n32k16 A). Sub-byte (.s4/.u4 m8n8k32) and single-bit (.b1 m8n8k128)
 * fragments are one chunk each, exactly mma.sync's (lab/mma/probe_subbyte.c); their elements sit
 * in memory 4 or 1 bits apart, low-order bits first. wmma.mma computes every element as mma.sync
 * does (same k); .f64 with .rz/.rm/.rp rounds every step of its fma chain that way. */
#include <string.h>

#include "fp.h"
#include "mma_model.h"
#include "tensor.h"

enum { WK_F16, WK_BF16, WK_TF32, WK_I8, WK_F64, WK_C16, WK_C32, WK_C64, WK_I4, WK_B1 };

typedef struct {
    uint8_t m, n, k;
    char frag;    /* 'a', 'b', 'c' (c also describes d) */
    uint8_t kind; /* WK_* */
    uint8_t per;  /* elements per lane and chunk */
    uint8_t nchunks;
    struct {
        uint8_t r0, c0, tr;
    } ch[8];
} wmma_layout;

/* Measured on an H200 (lab/mma/probe.cu, wl_* recordings); u8 as s8, s32 as f32. */
static const wmma_layout LAYOUTS[] = {
    {8, 8, 4, 'a', WK_F64, 1, 1, {{0, 0, 0}}},
    {8, 8, 4, 'b', WK_F64, 1, 1, {{0, 0, 0}}},
    {8, 8, 4, 'c', WK_C64, 2, 1, {{0, 0, 0}}},
    {8, 32, 16, 'a', WK_BF16, 2, 2, {{0, 0, 0}, {0, 8, 0}}},
    {8,
     32,
     16,
     'a',
     WK_F16,
     2,
     8,
     {{0, 0, 0}, {0, 8, 0}, {0, 0, 0}, {0, 8, 0}, {0, 0, 0}, {0, 8, 0}, {0, 0, 0}, {0, 8, 0}}},
    {8, 32, 16, 'a', WK_I8, 4, 1, {{0, 0, 0}}},
    {8,
     32,
     16,
     'b',
     WK_BF16,
     2,
     8,
     {{0, 0, 0}, {0, 8, 0}, {8, 0, 0}, {8, 8, 0}, {0, 16, 0}, {0, 24, 0}, {8, 16, 0}, {8, 24, 0}}},
    {8,
     32,
     16,
     'b',
     WK_F16,
     2,
     8,
     {{0, 0, 0}, {0, 8, 0}, {8, 0, 0}, {8, 8, 0}, {0, 16, 0}, {0, 24, 0}, {8, 16, 0}, {8, 24, 0}}},
    {8, 32, 16, 'b', WK_I8, 4, 4, {{0, 0, 0}, {0, 8, 0}, {0, 16, 0}, {0, 24, 0}}},
    {8, 32, 16, 'c', WK_C16, 2, 4, {{0, 0, 1}, {0, 8, 1}, {0, 16, 1}, {0, 24, 1}}},
    {8, 32, 16, 'c', WK_C32, 2, 4, {{0, 0, 1}, {0, 8, 1}, {0, 16, 1}, {0, 24, 1}}},
    {16, 16, 8, 'a', WK_TF32, 1, 4, {{0, 0, 0}, {8, 0, 0}, {0, 4, 0}, {8, 4, 0}}},
    {16, 16, 8, 'b', WK_TF32, 1, 4, {{0, 0, 0}, {4, 0, 0}, {0, 8, 0}, {4, 8, 0}}},
    {16, 16, 8, 'c', WK_C32, 2, 4, {{0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}}},
    {16, 16, 16, 'a', WK_BF16, 2, 4, {{0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}}},
    {16,
     16,
     16,
     'a',
     WK_F16,
     2,
     8,
     {{0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}, {0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}}},
    {16, 16, 16, 'a', WK_I8, 4, 2, {{0, 0, 0}, {8, 0, 0}}},
    {16, 16, 16, 'b', WK_BF16, 2, 4, {{0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}}},
    {16,
     16,
     16,
     'b',
     WK_F16,
     2,
     8,
     {{0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}, {0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}}},
    {16, 16, 16, 'b', WK_I8, 4, 2, {{0, 0, 0}, {0, 8, 0}}},
    {16, 16, 16, 'c', WK_C16, 2, 4, {{0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}}},
    {16, 16, 16, 'c', WK_C32, 2, 4, {{0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}}},
    {32,
     8,
     16,
     'a',
     WK_BF16,
     2,
     8,
     {{0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}, {16, 0, 0}, {24, 0, 0}, {16, 8, 0}, {24, 8, 0}}},
    {32,
     8,
     16,
     'a',
     WK_F16,
     2,
     8,
     {{0, 0, 0}, {8, 0, 0}, {0, 8, 0}, {8, 8, 0}, {16, 0, 0}, {24, 0, 0}, {16, 8, 0}, {24, 8, 0}}},
    {32, 8, 16, 'a', WK_I8, 4, 4, {{0, 0, 0}, {8, 0, 0}, {16, 0, 0}, {24, 0, 0}}},
    {32, 8, 16, 'b', WK_BF16, 2, 2, {{0, 0, 0}, {8, 0, 0}}},
    {32,
     8,
     16,
     'b',
     WK_F16,
     2,
     8,
     {{0, 0, 0}, {8, 0, 0}, {0, 0, 0}, {8, 0, 0}, {0, 0, 0}, {8, 0, 0}, {0, 0, 0}, {8, 0, 0}}},
    {32, 8, 16, 'b', WK_I8, 4, 1, {{0, 0, 0}}},
    {32, 8, 16, 'c', WK_C16, 2, 4, {{0, 0, 0}, {8, 0, 0}, {16, 0, 0}, {24, 0, 0}}},
    {32, 8, 16, 'c', WK_C32, 2, 4, {{0, 0, 0}, {8, 0, 0}, {16, 0, 0}, {24, 0, 0}}},
    /* sub-byte and single-bit (A .row and B .col only): one chunk, as mma.sync m8n8k32 and
     * m8n8k128 hold their fragments (tests/data/mma/wsub_*, recorded on the H200) */
    {8, 8, 32, 'a', WK_I4, 8, 1, {{0, 0, 0}}},
    {8, 8, 32, 'b', WK_I4, 8, 1, {{0, 0, 0}}},
    {8, 8, 32, 'c', WK_C32, 2, 1, {{0, 0, 0}}},
    {8, 8, 128, 'a', WK_B1, 32, 1, {{0, 0, 0}}},
    {8, 8, 128, 'b', WK_B1, 32, 1, {{0, 0, 0}}},
    {8, 8, 128, 'c', WK_C32, 2, 1, {{0, 0, 0}}},
};

static const wmma_layout *find_layout(int m, int n, int k, char frag, int kind) {
    for (size_t i = 0; i < PS_ARRAY_LEN(LAYOUTS); i++) {
        const wmma_layout *L = &LAYOUTS[i];
        if (L->m == m && L->n == n && L->k == k && L->frag == frag && L->kind == kind) return L;
    }
    return NULL;
}

static int kind_bits(int kind) {
    static const int b[] = {16, 16, 32, 8, 64, 16, 32, 64, 4, 1};
    return b[kind];
}

/* (row, column) of element e of `lane` */
static void coord(const wmma_layout *L, int lane, int e, int *r, int *c) {
    int g = lane >> 2, t = lane & 3, ch = e / L->per, j = e % L->per;
    int line = g, along = L->per * t + j; /* A/B: along k; C: along columns */
    int r0 = L->ch[ch].r0, c0 = L->ch[ch].c0;
    bool tr = L->ch[ch].tr;
    if (L->frag == 'b') tr = !tr; /* B lines are columns */
    if (!tr) *r = r0 + line, *c = c0 + along;
    else *r = r0 + along, *c = c0 + line;
}

static int nelems(const wmma_layout *L) { return L->per * L->nchunks; }

/* every lane's address of element e, into out (returned) */
static const uint64_t *addr_col(uint64_t (*addr)[32], int e, uint64_t *out) {
    for (int l = 0; l < WARP; l++) out[l] = addr[l][e];
    return out;
}
static int nregs(const wmma_layout *L) {
    int bits = kind_bits(L->kind);
    return bits == 64 ? nelems(L) : nelems(L) * bits / 32;
}

/* element e of a lane's fragment held in slots s */
static uint64_t get_elem(ps_warp *w, const uint16_t *s, int bits, int lane, int e) {
    if (bits == 64) return R(w, s[e])[lane];
    int per = 32 / bits, sh = (e % per) * bits;
    uint64_t v = (R(w, s[e / per])[lane] & 0xffffffffu) >> sh;
    return bits == 32 ? v : v & ((1u << bits) - 1);
}

/* Bounding box of chunk ch (its top-left element and its extent), over every lane. */
static void chunk_box(const wmma_layout *L, int ch, int *r0, int *c0, int *nr, int *nc) {
    int rmin = 1 << 20, cmin = 1 << 20, rmax = -1, cmax = -1;
    for (int l = 0; l < WARP; l++)
        for (int j = 0; j < L->per; j++) {
            int r, c;
            coord(L, l, ch * L->per + j, &r, &c);
            rmin = r < rmin ? r : rmin, cmin = c < cmin ? c : cmin;
            rmax = r > rmax ? r : rmax, cmax = c > cmax ? c : cmax;
        }
    *r0 = rmin, *c0 = cmin, *nr = rmax - rmin + 1, *nc = cmax - cmin + 1;
}

/* The shared-memory accesses ptxas (CUDA 13, sm_90) makes of a wmma.load/store from a .shared
 * address, reported to the checkers instead of one access per fragment element (SASS and Nsight
 * Compute on an H200: tests/verify/src/bank_kernels3.cu and bank_kernels4.cu, docs/verifier.md):
 *  - f16, bf16 and s8/u8 A and B fragments whose tiles are 8 memory lines of 16 contiguous bytes:
 *    LDSM.16.M88 (or .MT88, by layout) of the fragment's distinct tiles, four per instruction
 *    (.x2 when there are two); lane l gives the line l%8 of tile l/8;
 *  - C and D fragments, per chunk: one LDS/STS per lane of the lane's two elements when they are
 *    adjacent in memory (.32 for f16, .64 for f32/s32, .128 for f64); f16 chunks whose pairs are
 *    not (column layout) move as the chunk's 32-bit memory words, lane l the word 2(l%4) of line
 *    l/4, transposed in registers (MOVM); otherwise one access per element (f32 column layout);
 *  - anything else (tf32 A/B, s8/u8 A or B across lines, f64 A/B) one access per element.
 * Returns false after a fault. addr[l][e]: element e's address of lane l (without d->imm). */
static bool wmma_shared_events(ps_warp *w, const ps_dinsn *d, const wmma_layout *L, uint64_t (*addr)[32], int esz,
                               bool store, bool col, uint64_t ld, const uint64_t *base) {
    uint8_t *p[WARP];
    uint64_t a[WARP];
    int ne = nelems(L);
    bool ab = L->frag != 'c';
    if (ab && (L->kind == WK_F16 || L->kind == WK_BF16 || L->kind == WK_I8)) {
        /* distinct tiles (replicated chunks are loaded once) and their top-left element */
        int tr0[8], tc0[8], nt = 0;
        bool lines16 = true;
        for (int ch = 0; ch < L->nchunks; ch++) {
            int r0, c0, nr, nc;
            chunk_box(L, ch, &r0, &c0, &nr, &nc);
            /* memory lines run along the columns (row layout) or the rows (column layout) */
            if ((col ? nr : nc) * esz != 16 || (col ? nc : nr) != 8) lines16 = false;
            bool seen = false;
            for (int t = 0; t < nt; t++) seen |= tr0[t] == r0 && tc0[t] == c0;
            if (!seen) tr0[nt] = r0, tc0[nt] = c0, nt++;
        }
        if (lines16) {
            for (int g = 0; g < nt; g += 4) {
                int n = nt - g < 4 ? nt - g : 4;
                uint32_t mask = n == 4 ? FULL_MASK : (1u << (8 * n)) - 1;
                for (int l = 0; l < 8 * n; l++) {
                    int t = g + l / 8, k = l % 8;
                    uint64_t idx = col ? (uint64_t)(tc0[t] + k) * ld + (uint64_t)tr0[t]
                                       : (uint64_t)(tr0[t] + k) * ld + (uint64_t)tc0[t];
                    a[l] = base[l] + idx * (uint64_t)esz;
                }
                if (!tc_access(w, d, mask, a, 16, store, p)) return false;
            }
            return true;
        }
    }
    for (int e = 0; e < ne;) {
        bool pair = !ab && L->per == 2 && e % 2 == 0;
        bool join = pair;
        for (int l = 0; l < WARP && join; l++)
            join = addr[l][e + 1] == addr[l][e] + (uint64_t)esz && addr[l][e] % (2u * (unsigned)esz) == 0;
        if (join) {
            if (!tc_access(w, d, FULL_MASK, addr_col(addr, e, a), 2u * (unsigned)esz, store, p)) return false;
            e += 2;
            continue;
        }
        if (pair && esz == 2) { /* the chunk's 32-bit memory words, transposed by MOVM */
            int r0, c0, nr, nc;
            chunk_box(L, e / 2, &r0, &c0, &nr, &nc);
            for (int l = 0; l < WARP; l++) {
                uint64_t line = (uint64_t)(l / 4), off = 2u * (uint64_t)(l % 4);
                uint64_t idx = col ? ((uint64_t)c0 + line) * ld + (uint64_t)r0 + off
                                   : ((uint64_t)r0 + line) * ld + (uint64_t)c0 + off;
                a[l] = base[l] + idx * (uint64_t)esz;
            }
            if (!tc_access(w, d, FULL_MASK, a, 4, store, p)) return false;
            e += 2;
            continue;
        }
        if (!tc_access(w, d, FULL_MASK, addr_col(addr, e, a), (unsigned)esz, store, p)) return false;
        e++;
    }
    return true;
}

/* wmma.load/store. d->imm: address offset; d->frag_layout: LAYOUTS index; d->flags DF_HI: column-major
 * memory (.col); d->target: 1 when a stride operand follows the address (else the matrix's
 * width is the stride). Slots: load {regs}, [addr], stride; store [addr], {regs}, stride. */
static void wmma_ls_exec(ps_warp *w, const ps_dinsn *d, bool store) {
    if (!tc_full_warp(w, d)) return;
    const wmma_layout *L = &LAYOUTS[d->frag_layout];
    const uint16_t *s = tc_slots(w, d);
    int nr = nregs(L), ne = nelems(L), bits = kind_bits(L->kind);
    /* sub-byte elements (loads only): element i of the matrix is bits i*bits.. of memory, the
     * low-order bits of a byte first */
    unsigned esz = bits < 8 ? 1u : (unsigned)bits / 8;
    const uint16_t *regs = store ? s + 1 : s;
    const uint64_t *base = R(w, s[store ? 0 : nr]);
    /* stride in elements: the operand after the address, else the matrix's own width */
    bool col = (d->flags & DF_HI) != 0;
    int rows = L->frag == 'a' ? L->m : L->frag == 'b' ? L->k : L->m;
    int cols = L->frag == 'a' ? L->k : L->n;
    uint64_t ld = (uint64_t)(col ? rows : cols);
    if (d->target) ld = R(w, s[store ? 1 + nr : nr + 1])[__builtin_ctz(w->exec)] & 0xffffffffu;
    uint64_t vals[WARP][32];
    if (store)
        for (int l = 0; l < WARP; l++)
            for (int e = 0; e < ne; e++) vals[l][e] = get_elem(w, regs, bits, l, e);
    /* every lane's e-th element; sub-byte elements sit at bit offsets (shift) */
    static _Thread_local uint64_t addr[WARP][32];
    static _Thread_local uint8_t shift[WARP][32];
    for (int l = 0; l < WARP; l++)
        for (int e = 0; e < ne; e++) {
            int r, c;
            coord(L, l, e, &r, &c);
            uint64_t idx = col ? (uint64_t)c * ld + (uint64_t)r : (uint64_t)r * ld + (uint64_t)c;
            uint64_t bit = idx * (uint64_t)bits;
            addr[l][e] = base[l] + bit / 8;
            shift[l][e] = (uint8_t)(bit % 8);
        }
    /* .shared: the checkers see the accesses the hardware makes (above), then the elements move
     * without events; otherwise (and for the sub-byte kinds, unmeasured) one access per element */
    bool grouped = d->space == SP_SHARED && bits >= 8;
    if (grouped && !wmma_shared_events(w, d, L, addr, (int)esz, store, col, ld, base)) return;
    for (int e = 0; e < ne; e++) {
        uint8_t *p[WARP];
        uint64_t a[WARP];
        addr_col(addr, e, a);
        if (grouped) {
            for (int l = 0; l < WARP; l++)
                if (!(p[l] = ps_mem_resolve(w, d->space, a[l] + (uint64_t)d->imm, esz, l, store))) return;
        } else if (!tc_access(w, d, FULL_MASK, a, esz, store, p)) return;
        for (int l = 0; l < WARP; l++) {
            if (store) memcpy(p[l], &vals[l][e], esz);
            else {
                uint64_t v = 0;
                memcpy(&v, p[l], esz);
                if (bits < 8) v = (v >> shift[l][e]) & ((1u << bits) - 1);
                vals[l][e] = v;
            }
        }
    }
    if (store) return;
    for (int l = 0; l < WARP; l++)
        for (int i = 0; i < nr; i++) {
            uint64_t word = 0;
            if (bits == 64) word = vals[l][i];
            else
                for (int j = 0; j < 32 / bits; j++) word |= vals[l][i * (32 / bits) + j] << (bits * j);
            R(w, regs[i])[l] = word;
        }
}
static void wmma_load(ps_warp *w, const ps_dinsn *d) { wmma_ls_exec(w, d, false); }
static void wmma_store(ps_warp *w, const ps_dinsn *d) { wmma_ls_exec(w, d, true); }

/* wmma.mma: the record's payload d->wmma (ps_wmma_payload, sim_internal.h) holds the A, B, C
 * and D layout indices and the element formats. */

/* f64 d = c + a0*b0 + a1*b1 + ... with .rz/.rm/.rp: the fma chain of mma_dot_f64 (same NaN
 * rules) with the directed rounding on every step (checked on the H200: wsub_f64_* recordings) */
static bool nan64(uint64_t v) { return (v & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
static uint64_t dot_f64_directed(const uint64_t *a, const uint64_t *b, int k, uint64_t c, ps_rnd r) {
    const uint64_t quiet = 0x0008000000000000ull;
    uint64_t acc = c;
    for (int i = 0; i < k; i++) {
        bool na = nan64(a[i]), nb = nan64(b[i]), nacc = nan64(acc);
        if (nb) acc = b[i] | quiet;
        else if (nacc) continue;
        else if (na) acc = a[i] | quiet;
        else {
            acc = ps_f64_fma(a[i], b[i], acc, r);
            if (nan64(acc)) acc = PS_F64_DEFAULT_NAN;
        }
    }
    return nan64(acc) ? acc | quiet : acc;
}

/* value of an integer A/B element of kind WK_I8 or WK_I4 */
static int64_t int_elem(int kind, bool uns, uint64_t v) {
    if (kind == WK_I4) return uns ? (int64_t)(v & 15) : (int64_t)(v & 7) - (int64_t)(v & 8);
    return uns ? (int64_t)(uint8_t)v : (int64_t)(int8_t)v;
}

static void wmma_mma(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    const ps_wmma_payload wd = d->wmma;
    const wmma_layout *La = &LAYOUTS[wd.la], *Lb = &LAYOUTS[wd.lb], *Lc = &LAYOUTS[wd.lc], *Ld = &LAYOUTS[wd.ld];
    int m = La->m, n = La->n, k = La->k;
    const uint16_t *s = tc_slots(w, d);
    const uint16_t *sd = s, *sa = sd + nregs(Ld), *sb = sa + nregs(La), *sc = sb + nregs(Lb);
    static _Thread_local uint64_t A[8 * 128], B[128 * 8], C[32 * 32], D[32 * 32];
    int ab = kind_bits(La->kind), cb = kind_bits(Lc->kind), db = kind_bits(Ld->kind);
    /* replicated chunks: the last copy read wins (all copies are equal after wmma.load) */
    for (int l = 0; l < WARP; l++) {
        int r, c;
        for (int e = 0; e < nelems(La); e++) coord(La, l, e, &r, &c), A[r * k + c] = get_elem(w, sa, ab, l, e);
        for (int e = 0; e < nelems(Lb); e++) coord(Lb, l, e, &r, &c), B[r * n + c] = get_elem(w, sb, ab, l, e);
        for (int e = 0; e < nelems(Lc); e++) coord(Lc, l, e, &r, &c), C[r * n + c] = get_elem(w, sc, cb, l, e);
    }
    mma_acc_model model = wd.fa != 0xff ? mma_model_for((mma_fmt)wd.fa, k) : (mma_acc_model){0};
    /* wmma m16n16k8 .tf32 runs as two k=4 passes on sm_90 (measured: one k=8 pass, as
     * mma.sync m16n8k8 does it, disagrees with the H200 on 21 % of the outputs) */
    if (wd.fa == MF_TF32) model.group = 4;
    bool sat = (d->flags & DF_SATFINITE) != 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            if (wd.fa == MF_F64) {
                uint64_t a[4], b[4];
                for (int kk = 0; kk < k; kk++) a[kk] = A[i * k + kk], b[kk] = B[kk * n + j];
                D[i * n + j] = d->rnd == PS_RND_RN ? mma_dot_f64(a, b, k, C[i * n + j])
                                                   : dot_f64_directed(a, b, k, C[i * n + j], (ps_rnd)d->rnd);
            } else if (wd.fa != 0xff) {
                uint32_t a[16], b[16];
                for (int kk = 0; kk < k; kk++) a[kk] = (uint32_t)A[i * k + kk], b[kk] = (uint32_t)B[kk * n + j];
                D[i * n + j] = mma_dot_float(model, (mma_fmt)wd.fa, (mma_fmt)wd.fa, a, b, k, (mma_fmt)wd.fc,
                                             (uint32_t)C[i * n + j], (mma_fmt)wd.fd);
            } else {
                int64_t acc = (int32_t)C[i * n + j];
                for (int kk = 0; kk < k; kk++) {
                    uint64_t x = A[i * k + kk], y = B[kk * n + j];
                    if (La->kind == WK_B1) acc += (int64_t)((d->flags & DF_XORSIGN) ? x ^ y : x & y);
                    else acc += int_elem(La->kind, wd.ua & 1, x) * int_elem(La->kind, wd.ua & 2, y);
                }
                if (sat) acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
                D[i * n + j] = (uint32_t)acc;
            }
        }
    int nd = nregs(Ld);
    for (int l = 0; l < WARP; l++) {
        uint64_t regs[8] = {0};
        for (int e = 0; e < nelems(Ld); e++) {
            int r, c;
            coord(Ld, l, e, &r, &c);
            uint64_t v = D[r * n + c];
            if (db == 16) regs[e / 2] |= (v & 0xffff) << (16 * (e % 2));
            else regs[e] = v;
        }
        for (int i = 0; i < nd; i++) R(w, sd[i])[l] = regs[i];
    }
}

static int ab_kind(ps_type t) {
    switch (t) {
    case PS_T_F16: return WK_F16;
    case PS_T_BF16: return WK_BF16;
    case PS_T_TF32: return WK_TF32;
    case PS_T_S8:
    case PS_T_U8: return WK_I8;
    case PS_T_S4:
    case PS_T_U4: return WK_I4;
    case PS_T_B1: return WK_B1;
    case PS_T_F64: return WK_F64;
    default: return -1;
    }
}
static int c_kind(ps_type t) {
    switch (t) {
    case PS_T_F16: return WK_C16;
    case PS_T_F32:
    case PS_T_S32: return WK_C32;
    case PS_T_F64: return WK_C64;
    default: return -1;
    }
}
static int layout_index(int m, int n, int k, char frag, int kind) {
    const wmma_layout *L = find_layout(m, n, k, frag, kind);
    return L ? (int)(L - LAYOUTS) : -1;
}
static int fmt_of(ps_type t) {
    switch (t) {
    case PS_T_F16: return MF_F16;
    case PS_T_BF16: return MF_BF16;
    case PS_T_TF32: return MF_TF32;
    case PS_T_F32: return MF_F32;
    case PS_T_F64: return MF_F64;
    default: return 0xff;
    }
}

ps_exec_fn ps_select_wmma(const ps_insn *in, ps_dinsn *d) {
    int lay[2] = {-1, -1}, nl = 0;
    char frag = 0;
    bool sync = false, aligned = false;
    static const ps_word frags[] = {PS_WM(A), PS_WM(B), PS_WM(C), PS_WM(D)};
    for (int i = 0; i < in->nwords; i++) {
        ps_word w = in->words[i];
        if (w == PS_WM(ROW) || w == PS_WM(COL)) {
            if (nl < 2) lay[nl] = w == PS_WM(COL);
            nl++;
        } else if (w == PS_WM(SYNC)) sync = true;
        else if (w == PS_WM(ALIGNED)) aligned = true;
        else
            for (int f = 0; f < 4; f++)
                if (w == frags[f]) frag = (char)('a' + f); /* the fragment: .a .b .c .d */
    }
    int m = in->shape_m, n = in->shape_n, k = in->shape_k;
    if (!sync || !aligned) return NULL;
    if (in->form == PS_F_WMMA_LOAD || in->form == PS_F_WMMA_STORE) {
        bool store = in->form == PS_F_WMMA_STORE;
        if (nl != 1 || in->ntypes != 1 || (store ? frag != 'd' : !frag || frag == 'd')) return NULL;
        int kind = frag == 'a' || frag == 'b' ? ab_kind(in->types[0]) : c_kind(in->types[0]);
        if (kind < 0) return NULL;
        int li = layout_index(m, n, k, store ? 'c' : frag, kind);
        if (li < 0) return NULL;
        /* sub-byte and single-bit A are loaded .row only, B .col only (PTX ISA wmma.load) */
        if ((kind == WK_I4 || kind == WK_B1) && lay[0] != (frag == 'b')) return NULL;
        int nr = nregs(&LAYOUTS[li]);
        if (in->nops != 2 && in->nops != 3) return NULL;
        if (store ? (d->o[1] != nr || in->ops[0].kind != PS_OP_ADDR) : (d->o[0] != nr || in->ops[1].kind != PS_OP_ADDR))
            return NULL;
        if (d->space != SP_GLOBAL && d->space != SP_SHARED && d->space != SP_GENERIC) return NULL;
        d->frag_layout = (uint8_t)li;
        if (lay[0]) d->flags |= DF_HI;
        d->target = in->nops == 3;
        return store ? wmma_store : wmma_load;
    }
    /* wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype (f16) or .dtype.atype.btype.ctype */
    if (in->form != PS_F_WMMA_MMA || nl != 2 || in->nops != 4) return NULL;
    /* .alayout/.blayout name how A and B were loaded; the fragments hold the logical matrix
     * whatever the memory layout was (measured), so the product does not depend on them. */
    ps_type td, ta, tb, tc;
    if (in->ntypes == 2) td = in->types[0], tc = in->types[1], ta = tb = PS_T_F16;
    else if (in->ntypes == 4) td = in->types[0], ta = in->types[1], tb = in->types[2], tc = in->types[3];
    else return NULL;
    int ka = ab_kind(ta), kb = ab_kind(tb), kc = c_kind(tc), kd = c_kind(td);
    if (ka < 0 || ka != kb || kc < 0 || kd < 0) return NULL;
    bool sub = ka == WK_I4 || ka == WK_B1, ints = ka == WK_I8 || sub;
    if (ints && (tc != PS_T_S32 || td != PS_T_S32)) return NULL;
    if ((ka == WK_BF16 || ka == WK_TF32) && (tc != PS_T_F32 || td != PS_T_F32)) return NULL;
    if (ka == WK_F16 && (tc == PS_T_S32 || td == PS_T_S32 || tc == PS_T_F64 || td == PS_T_F64)) return NULL;
    if (ka == WK_F64 && (tc != PS_T_F64 || td != PS_T_F64)) return NULL;
    if ((d->flags & DF_SATFINITE) && (!ints || ka == WK_B1)) return NULL;
    /* .rn/.rz/.rm/.rp: .f64 only */
    if ((d->flags & (DF_HAS_RND | DF_INTEGRAL)) && (ka != WK_F64 || (d->flags & DF_INTEGRAL) || d->rnd == PS_RND_RNA))
        return NULL;
    /* sub-byte and single-bit: .row.col only, the same A and B type (PTX ISA wmma.mma) */
    if (ints && ta != tb) return NULL; /* integer wmma: A and B of the same type (PTX ISA wmma.mma) */
    if (sub && (lay[0] != 0 || lay[1] != 1)) return NULL;
    const ps_modset *mods = &in->mods;
    bool x = ps_modset_has(mods, PS_MOD_XOR), an = ps_modset_has(mods, PS_MOD_AND),
         pc = ps_modset_has(mods, PS_MOD_POPC);
    d->flags &= ~(uint32_t)DF_XORSIGN;
    if (ka == WK_B1) {
        if (!pc || x == an) return NULL; /* .xor.popc or .and.popc */
        if (x) d->flags |= DF_XORSIGN;
    } else if (x || an || pc) {
        return NULL;
    }
    ps_wmma_payload wd = {0};
    int la = layout_index(m, n, k, 'a', ka), lb = layout_index(m, n, k, 'b', kb);
    int lc = layout_index(m, n, k, 'c', kc), ld = layout_index(m, n, k, 'c', kd);
    if (la < 0 || lb < 0 || lc < 0 || ld < 0) return NULL;
    wd.la = (uint8_t)la, wd.lb = (uint8_t)lb, wd.lc = (uint8_t)lc, wd.ld = (uint8_t)ld;
    wd.fa = (uint8_t)(ints ? 0xff : fmt_of(ta)), wd.fc = (uint8_t)fmt_of(tc), wd.fd = (uint8_t)fmt_of(td);
    wd.ua = (uint8_t)((ta == PS_T_U8 || ta == PS_T_U4) | (tb == PS_T_U8 || tb == PS_T_U4) << 1);
    if (d->o[0] != nregs(&LAYOUTS[ld]) || d->o[1] != nregs(&LAYOUTS[la]) || d->o[2] != nregs(&LAYOUTS[lb]) ||
        d->o[3] != nregs(&LAYOUTS[lc]))
        return NULL;
    d->wmma = wd;
    return wmma_mma;
}
