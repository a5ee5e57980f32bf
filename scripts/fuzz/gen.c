/* gen.c — the random PTX program generator and the PTX writer of scripts/fuzz (docs/fuzz.md).
 * Deterministic: a program is a function of its seed. Every form it writes is one ptxas 13
 * accepts for sm_90 (the campaign's first step checks that on the GPU's JIT). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

const char *const fz_family_name[FZ_NFAM + 1] = {
#define X(id, name, exact) name,
    FZ_FAMILIES(X)
#undef X
    "control",
};
const bool fz_family_exact[FZ_NFAM + 1] = {
#define X(id, name, exact) exact,
    FZ_FAMILIES(X)
#undef X
    true,
};

/* ---- small helpers ------------------------------------------------------------------------ */

static void *xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "fuzz: out of memory\n");
        exit(2);
    }
    return q;
}
#define GROW(arr, n, cap)                                                                      \
    do {                                                                                       \
        if ((n) >= (cap)) {                                                                    \
            (cap) = (cap) ? 2 * (cap) : 8;                                                     \
            (arr) = xrealloc((arr), (size_t)(cap) * sizeof *(arr));                            \
        }                                                                                      \
    } while (0)

void fz_buf_printf(fz_buf *b, const char *fmt, ...) {
    va_list ap;
    for (;;) {
        size_t room = b->cap - b->n;
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? room : 0, fmt, ap);
        va_end(ap);
        if (k < 0) return;
        if (b->s && (size_t)k < room) {
            b->n += (size_t)k;
            return;
        }
        b->cap = (b->cap + (size_t)k + 1) * 2;
        b->s = xrealloc(b->s, b->cap);
        if (b->n == 0) b->s[0] = 0;
    }
}
void fz_buf_free(fz_buf *b) {
    free(b->s);
    memset(b, 0, sizeof *b);
}

int fz_rclass_bytes(fz_rclass c) { return c == RC_B16 ? 2 : c == RC_B64 ? 8 : 4; }
const char *fz_rclass_prefix(fz_rclass c) {
    return c == RC_B16 ? "%h" : c == RC_B32 ? "%r" : c == RC_B64 ? "%d" : "%p";
}
static const char *rclass_decl(fz_rclass c) {
    return c == RC_B16 ? ".b16" : c == RC_B32 ? ".b32" : c == RC_B64 ? ".b64" : ".pred";
}

/* ---- the generator's state ------------------------------------------------------------------ */

typedef struct {
    fz_prog *p;
    uint64_t s;        /* splitmix64 state */
    int k;             /* index of the item being built */
    fz_item *it;
    uint64_t lanes;    /* lane-executions of the next line */
    bool can_guard;
    const fz_gen_opts *o;
} G;

static uint64_t rnd(G *g) {
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static unsigned rn(G *g, unsigned n) { return (unsigned)(rnd(g) % n); }
static bool chance(G *g, unsigned pct) { return rn(g, 100) < pct; }
#define PICK(g, arr) ((arr)[rn((g), (unsigned)PS_N(arr))])
#define PS_N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- values --------------------------------------------------------------------------------- */

static const uint32_t F32_SPECIAL[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fffffff, 0xffffffff,
    0x7f800001, 0x7fa00000, 0xff812345, 0x7fc12345, 0x7fbfffff, 0x00000001, 0x80000001, 0x007fffff,
    0x807fffff, 0x00400000, 0x80400000, 0x00000003, 0x00800000, 0x80800000, 0x00800001, 0x7f7fffff,
    0xff7fffff, 0x7f000000, 0x3f800000, 0xbf800000, 0x3f000000, 0xbf000000, 0x3fc00000, 0xbfc00000,
    0x40200000, 0xc0200000, 0x40000000, 0x3f7fffff, 0x3f800001, 0x3effffff, 0x4b000000, 0x4b000001,
    0x4b7fffff, 0x4affffff, 0x4b800000, 0x4effffff, 0x4f000000, 0xcf000000, 0xcf000001, 0x4f7fffff,
    0x4f800000, 0x5effffff, 0x5f000000, 0xdf000000, 0xdf000001, 0x5f800000, 0x477fe000, 0x477fefff,
    0x477ff000, 0x47800000, 0xc77ff000, 0x33800000, 0x33000000, 0x33000001, 0x387fc000, 0x38800000,
    0x38000000, 0x40490fdb, 0x3eaaaaab, 0x2f800000, 0x1e3ce508, 0x7e967699, 0x3fb504f3, 0xc2fe0000,
    0x42fe0000, 0x43000000, 0xc3160000, 0x42b17218, 0x3f317218, 0x34000000, 0x3c23d70a, 0x0c000000,
    0x5a000000, 0x26800000, 0x7e800000, 0x00fffffe, 0x01000000, 0x3fffffff, 0x40800000, 0x3f8ccccd,
};
static const uint64_t F64_SPECIAL[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
    0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff8000012345678ull, 0x7ff0000000000001ull,
    0x7ff4000000000000ull, 0xfff0000000abcdefull, 0x7fffffffffffffffull, 0x0000000000000001ull,
    0x8000000000000001ull, 0x000fffffffffffffull, 0x0008000000000000ull, 0x0010000000000000ull,
    0x8010000000000000ull, 0x7fefffffffffffffull, 0xffefffffffffffffull, 0x3ff0000000000000ull,
    0xbff0000000000000ull, 0x3fe0000000000000ull, 0x3ff8000000000000ull, 0xbff8000000000000ull,
    0x4004000000000000ull, 0x400c000000000000ull, 0x41e0000000000000ull, 0x41dfffffffe00000ull,
    0x41dfffffffc00000ull, 0xc1e0000000000000ull, 0xc1e0000000200000ull, 0xc1e00000001fffffull,
    0x41efffffffe00000ull, 0x41f0000000000000ull, 0x43e0000000000000ull, 0xc3e0000000000000ull,
    0x43dfffffffffffffull, 0x43f0000000000000ull, 0x43efffffffffffffull, 0x47efffffe0000000ull,
    0x47efffffefffffffull, 0x47effffff0000000ull, 0x47f0000000000000ull, 0x3810000000000000ull,
    0x380fffffffffffffull, 0x36a0000000000000ull, 0x3690000000000000ull, 0x3690000000000001ull,
    0x369fffffffffffffull, 0x40effc0000000000ull, 0x40effe0000000000ull, 0x3e70000000000000ull,
    0x3ff0000010000000ull, 0x3ff0000010000001ull, 0x3ff000000fffffffull, 0x3ff0000030000000ull,
    0x4330000000000000ull, 0x4330000000000001ull, 0x432fffffffffffffull, 0x4340000000000000ull,
    0x400921fb54442d18ull, 0x3fd5555555555555ull, 0x3fefffffffffffffull, 0x3ff0000000000001ull,
    0x7fe0000000000000ull, 0x0020000000000000ull, 0xc08ff00000000000ull, 0x408ff80000000000ull,
};
static const uint32_t I32_SPECIAL[] = {
    0, 1, 2, 3, 4, 5, 7, 8, 0xffffffff, 0xfffffffe, 0x80000000, 0x7fffffff, 0x80000001, 0x7ffffffe,
    15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256, 0xffff, 0x10000, 0x7fff, 0x8000, 0xffff8000,
    0xff, 0x100, 0xffffff, 0x800000, 0x7fffff, 0x1000000, 0xaaaaaaaa, 0x55555555, 0x01234567,
    0x89abcdef, 0x0000ff00, 0xdeadbeef, 0xffffff80, 0xffffff7f, 0x80808080, 0x7f7f7f7f, 0x0f0f0f0f,
    0xfffffff0, 0x00010001, 0xffff0001, 0x00020003, 0x40000000, 0xc0000000, 0xfffffc00, 0x3e8,
};
static const uint16_t H16_SPECIAL[] = {
    0x0000, 0x8000, 0x0001, 0xffff, 0x7fff, 0xfffe, 0x00ff, 0xff00, 0x000f, 0x0010, 0x0011, 0x001f,
    0x0020, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7d00, 0x0001, 0x8001, 0x03ff, 0x0400, 0x83ff,
    0x3c00, 0xbc00, 0x3800, 0x3e00, 0x7bff, 0xfbff, 0x4000, 0x3555, 0x7f80, 0xff80, 0x7fc0, 0x7f81,
    0x0080, 0x007f, 0x3f80, 0xbf80, 0x7f7f, 0x4b00, 0x5bf8, 0x3fc0, 0x0100, 0x4200, 0xc500, 0x5640,
};

static uint32_t rand_f32(G *g) {
    uint32_t sign = (uint32_t)rn(g, 2) << 31, e, m;
    unsigned r = rn(g, 100);
    if (r < 50) e = 110 + rn(g, 36);
    else if (r < 75) e = 1 + rn(g, 254);
    else if (r < 85) e = 0;
    else e = chance(g, 50) ? rn(g, 4) : 251 + rn(g, 4);
    r = rn(g, 100);
    if (r < 50) m = (uint32_t)rnd(g) & 0x7fffff;
    else if (r < 75) m = ((uint32_t)rn(g, 8) << 20);
    else if (r < 88) m = ((uint32_t)rnd(g) & 0x7fffff) | 0x7ffff0;
    else m = ((uint32_t)rn(g, 16) << 19) | 0x40000 | rn(g, 2); /* near a rounding tie */
    return sign | e << 23 | m;
}
static uint64_t rand_f64(G *g) {
    uint64_t sign = (uint64_t)rn(g, 2) << 63, e, m;
    unsigned r = rn(g, 100);
    if (r < 45) e = 1000 + rn(g, 48);
    else if (r < 60) e = 896 + rn(g, 255); /* the float range */
    else if (r < 80) e = 1 + rn(g, 2046);
    else if (r < 88) e = 0;
    else e = chance(g, 50) ? rn(g, 4) : 2043 + rn(g, 4);
    r = rn(g, 100);
    if (r < 50) m = rnd(g) & 0xfffffffffffffull;
    else if (r < 70) m = (uint64_t)rn(g, 8) << 49;
    else if (r < 85) m = (rnd(g) & 0xfffff00000000ull) | ((uint64_t)1 << 28) * rn(g, 2); /* f32 ties */
    else m = (rnd(g) & 0xfffffffffffffull) | 0xffffffff;
    return sign | e << 52 | m;
}
static uint32_t rand_i32(G *g) {
    unsigned r = rn(g, 100);
    if (r < 40) return (uint32_t)rnd(g);
    if (r < 70) return (uint32_t)((int)rn(g, 601) - 300);
    if (r < 85) return (1u << rn(g, 32)) + (uint32_t)((int)rn(g, 3) - 1);
    uint32_t b = (uint32_t)rnd(g), v = 0;
    for (int i = 0; i < 4; i++) v |= (chance(g, 50) ? (b >> (8 * i) & 0xff) : chance(g, 50) ? 0xff : 0) << (8 * i);
    return v;
}
static uint64_t rand_i64(G *g) {
    unsigned r = rn(g, 100);
    if (r < 35) return rnd(g);
    if (r < 55) return (uint64_t)((int64_t)rn(g, 601) - 300);
    if (r < 70) return ((uint64_t)1 << rn(g, 64)) + (uint64_t)((int64_t)rn(g, 3) - 1);
    if (r < 85) { /* a 32-bit special, zero- or sign-extended */
        uint32_t v = PICK(g, I32_SPECIAL);
        return chance(g, 50) ? (uint64_t)v : (uint64_t)(int64_t)(int32_t)v;
    }
    return (uint64_t)rand_i32(g) << 32 | rand_i32(g);
}

static uint64_t value(G *g, fz_rclass c, fz_flavor fl, const uint64_t few[3]) {
    if (c == RC_PRED) return rn(g, 2);
    if (fl == FL_FEW) return few[rn(g, 3)];
    if (fl == FL_ANY) fl = (fz_flavor)rn(g, 4); /* INT F32 F64 HALF */
    if (fl == FL_SHIFT) {
        static const uint32_t sh[] = {0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256,
                                      257, 0xffffffff, 0x80000000, 0x7fffffff, 0xffffffe0, 0x1f, 0x20, 0x3f};
        uint32_t v = chance(g, 50) ? rn(g, 72) : PICK(g, sh);
        return c == RC_B64 && chance(g, 20) ? rnd(g) : v;
    }
    unsigned r = rn(g, 100);
    switch (c) {
    case RC_B16:
        if (r < 50) return PICK(g, H16_SPECIAL);
        if (fl == FL_HALF && r < 85) return (rand_f32(g) >> 13) & 0xffff;
        return (uint16_t)rand_i32(g);
    case RC_B32:
        if (fl == FL_F32 || (fl == FL_HALF && r < 50) || (fl == FL_F64 && r < 30))
            return r < 45 ? PICK(g, F32_SPECIAL) : r < 90 ? rand_f32(g) : (uint32_t)rnd(g);
        if (fl == FL_HALF) return (uint32_t)PICK(g, H16_SPECIAL) << 16 | PICK(g, H16_SPECIAL);
        return r < 40 ? PICK(g, I32_SPECIAL) : r < 50 ? PICK(g, F32_SPECIAL) : rand_i32(g);
    case RC_B64:
        if (fl == FL_F64 || (fl == FL_F32 && r < 40) || (fl == FL_HALF && r < 40))
            return r < 45 ? PICK(g, F64_SPECIAL) : r < 90 ? rand_f64(g) : rnd(g);
        if (fl == FL_F32) return (uint64_t)rand_f32(g) << 32 | rand_f32(g);
        if (r < 30) {
            uint32_t v = PICK(g, I32_SPECIAL);
            return chance(g, 50) ? (uint64_t)v : (uint64_t)(int64_t)(int32_t)v;
        }
        if (r < 40) {
            static const uint64_t s64[] = {0x8000000000000000ull, 0x7fffffffffffffffull,
                                           0x8000000000000001ull, 0xffffffffffffffffull,
                                           0x100000000ull, 0xffffffff00000000ull, 0x00000000ffffffffull,
                                           0xfffffffe00000001ull, 0x4000000000000000ull};
            return PICK(g, s64);
        }
        return r < 45 ? PICK(g, F64_SPECIAL) : rand_i64(g);
    default: return 0;
    }
}

/* ---- registers and lines ---------------------------------------------------------------------- */

static int new_reg(G *g, fz_rclass c, fz_flavor fl, int writer) {
    fz_prog *p = g->p;
    GROW(p->regs, p->nregs, p->cap_regs);
    fz_reg *r = &p->regs[p->nregs];
    memset(r, 0, sizeof *r);
    r->cls = c;
    r->fl = fl;
    r->writer = writer;
    r->wfam = -1;
    r->uncond_line = -1;
    r->nan_pick_line = -1;
    if (fl == FL_FEW) {
        for (int i = 0; i < 3; i++) r->few[i] = value(g, c, (fz_flavor)rn(g, 4), NULL);
        if (chance(g, 30)) r->few[1] = r->few[0];
    }
    return p->nregs++;
}

static void add_unique(int **arr, int *n, int *cap, int v) {
    for (int i = 0; i < *n; i++)
        if ((*arr)[i] == v) return;
    GROW(*arr, *n, *cap);
    (*arr)[(*n)++] = v;
}

static char *rname(const fz_prog *p, int r, char buf[16]) {
    snprintf(buf, 16, "%s%d", fz_rclass_prefix(p->regs[r].cls), r);
    return buf;
}

/* A fresh destination register written by the current item. */
static int dst(G *g, fz_rclass c, fz_flavor fl, char name[16]) {
    int r = new_reg(g, c, fl, g->k);
    add_unique(&g->it->writes, &g->it->nwrites, &g->it->cap_writes, r);
    rname(g->p, r, name);
    return r;
}

/* Rules a source must satisfy besides its class. */
enum { SRC_NOT_NORN_MUL = 1 };

/* A source register of class c defined before the current item, preferring flavour fl. */
static int src_reg(G *g, fz_rclass c, fz_flavor fl, unsigned rules, char name[16]) {
    fz_prog *p = g->p;
    int cand[512], nc = 0, any[512], na = 0;
    for (int i = 0; i < p->nregs; i++) {
        const fz_reg *r = &p->regs[i];
        if (r->cls != c || r->no_source || r->writer >= g->k) continue;
        if ((rules & SRC_NOT_NORN_MUL) && r->norn_mul) continue;
        /* inputs twice as likely as computed values: special values reach every form */
        int w = r->writer < 0 ? 2 : 1;
        for (int j = 0; j < w; j++) {
            if (na < 512) any[na++] = i;
            if ((r->fl == fl || (fl == FL_INT && r->fl == FL_FEW)) && nc < 512) cand[nc++] = i;
        }
    }
    int r;
    if (nc && (chance(g, 75) || !na)) r = cand[rn(g, (unsigned)nc)];
    else if (na) r = any[rn(g, (unsigned)na)];
    else r = new_reg(g, c, fl, -1); /* every class has inputs; not reached */
    add_unique(&g->it->reads, &g->it->nreads, &g->it->cap_reads, r);
    rname(p, r, name);
    return r;
}

/* A source register other than `avoid` when there is one (ptxas folds min(x, x) to x, which
 * keeps a signalling NaN that the instruction itself would quiet). */
static int src_reg_not(G *g, fz_rclass c, fz_flavor fl, int avoid, char name[16]) {
    int r = -1;
    for (int i = 0; i < 8; i++) {
        int n0 = g->it->nreads;
        r = src_reg(g, c, fl, 0, name);
        if (r != avoid) return r;
        if (g->it->nreads > n0) g->it->nreads--; /* not read after all */
    }
    return r;
}

/* A source operand: a register, or (imm_pct percent of the time) an immediate of the type. */
static void src_imm(G *g, char *out, fz_rclass c, fz_flavor fl, const char *type, unsigned imm_pct,
                    unsigned rules) {
    if (!chance(g, imm_pct)) {
        src_reg(g, c, fl, rules, out);
        return;
    }
    uint64_t v = value(g, c, fl == FL_FEW ? FL_INT : fl, NULL);
    if (!strcmp(type, "f32")) snprintf(out, 24, "0f%08X", (uint32_t)v);
    else if (!strcmp(type, "f64")) snprintf(out, 24, "0d%016llX", (unsigned long long)v);
    else if (type[0] == 's') {
        int bits = atoi(type + 1);
        int64_t sv = bits == 16 ? (int16_t)v : bits == 32 ? (int32_t)v : (int64_t)v;
        snprintf(out, 24, "%lld", (long long)sv);
    } else {
        int bits = atoi(type + 1);
        uint64_t uv = bits == 16 ? (uint16_t)v : bits == 32 ? (uint32_t)v : v;
        snprintf(out, 24, "%llu", (unsigned long long)uv);
    }
}

static fz_line *emit_line(G *g, int fam, bool core, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static fz_line *emit_line(G *g, int fam, bool core, const char *fmt, ...) {
    fz_item *it = g->it;
    GROW(it->lines, it->nlines, it->cap_lines);
    fz_line *l = &it->lines[it->nlines++];
    memset(l, 0, sizeof *l);
    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    l->text = strdup(buf);
    l->fam = fam;
    l->core = core;
    l->lanes = fam < 0 ? 0 : g->lanes;
    return l;
}

/* The guard prefix of an instruction ("" or "@%p3 " / "@!%p3 "). */
static void guard(G *g, char out[24], bool *guarded) {
    out[0] = 0;
    *guarded = false;
    if (!g->can_guard || !chance(g, 15)) return;
    char p[16];
    src_reg(g, RC_PRED, FL_PRED, 0, p);
    snprintf(out, 24, "@%s%s ", chance(g, 40) ? "!" : "", p);
    *guarded = true;
}

/* Emits one instruction of family fam (writing fresh registers). The instruction's text is built
 * with up to 4 destination and 5 source operands. */
#define INSN(fmt, ...)                                                                          \
    do {                                                                                       \
        fz_line *l_ = emit_line(g, fam, false, "\t%s" fmt ";", gd, __VA_ARGS__);              \
        l_->guarded = guarded;                                                                 \
    } while (0)

static const char *const ITYPE[] = {"u16", "s16", "u32", "s32", "u64", "s64"};
static const char *const RND[] = {"rn", "rz", "rm", "rp"};
static const char *const IRND[] = {"rni", "rzi", "rmi", "rpi"};
static const char *const CVT_INT[] = {"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64"};

static int type_bits(const char *t) { return t[1] == '8' ? 8 : atoi(t + 1); }
static fz_rclass cls_bits(int bits) { return bits <= 16 ? RC_B16 : bits == 32 ? RC_B32 : RC_B64; }
/* A register class able to hold an integer of `bits` for cvt (which allows wider registers). */
static fz_rclass cvt_cls(G *g, int bits) {
    if (bits == 8) return chance(g, 50) ? RC_B16 : RC_B32;
    if (bits == 16) return chance(g, 75) ? RC_B16 : RC_B32;
    return cls_bits(bits);
}

/* A bit position or length of bfe/bfi: a register (any value: only bits 7:0 count) or an
 * immediate, which ptxas takes in 0..255 only. */
static void pos_len(G *g, char out[24]) {
    if (chance(g, 40)) snprintf(out, 24, "%u", chance(g, 85) ? rn(g, 70) : rn(g, 256));
    else src_reg(g, RC_B32, FL_SHIFT, 0, out);
}

/* Whether every value of integer type `at` fits `dt` (then ptxas rejects cvt.sat). */
static bool int_fits(const char *dt, const char *at) {
    int db = type_bits(dt), ab = type_bits(at);
    if (at[0] == 'u') return dt[0] == 'u' ? db >= ab : db > ab;
    return dt[0] == 's' && db >= ab;
}

/* Records the family that writes register r, and whether the item's last line writes it on
 * every lane (top-level, unguarded): then it needs no initial value. */
static void set_out(G *g, int r, int fam, bool guarded) {
    fz_reg *rg = &g->p->regs[r];
    rg->wfam = fam;
    int kind = g->it->kind;
    if (!guarded && (kind == IT_SINGLE || kind == IT_CHAIN || kind == IT_WARP)) rg->uncond_line = g->it->nlines - 1;
}

static void gen_insn(G *g, int fam) {
    char gd[24], d[16], d2[16], a[24], b[24], c[24], e[24];
    bool guarded = false;
    int rd = -1, rd2 = -1;
    if (fam != FZ_SHFL && fam != FZ_VOTE && fam != FZ_REDUX && fam != FZ_MATCH)
        guard(g, gd, &guarded);
    else
        gd[0] = 0;
    switch (fam) {
    case FZ_INT_ADD: {
        const char *op = chance(g, 50) ? "add" : "sub";
        if (chance(g, 80)) {
            const char *t = PICK(g, ITYPE);
            fz_rclass rc = cls_bits(type_bits(t));
            bool sat = !strcmp(t, "s32") && chance(g, 35);
            src_reg(g, rc, FL_INT, 0, a);
            src_imm(g, b, rc, FL_INT, t, 20, 0);
            rd = dst(g, rc, FL_INT, d);
            INSN("%s%s.%s %s, %s, %s", op, sat ? ".sat" : "", t, d, a, b);
        } else {
            const char *t = chance(g, 50) ? "u16x2" : "s16x2"; /* add only: ptxas has no sub.x2 */
            src_reg(g, RC_B32, FL_INT, 0, a);
            src_reg(g, RC_B32, FL_INT, 0, b);
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("add.%s %s, %s, %s", t, d, a, b);
        }
        break;
    }
    case FZ_INT_MUL: {
        const char *t = PICK(g, ITYPE);
        int bits = type_bits(t);
        fz_rclass rc = cls_bits(bits);
        unsigned r = rn(g, 8);
        if (r == 2 || r == 4) {
            static const char *const wt[] = {"u16", "s16", "u32", "s32"};
            t = PICK(g, wt);
            bits = type_bits(t);
            rc = cls_bits(bits);
        }
        if ((r == 5 || r == 6)) t = chance(g, 50) ? "u32" : "s32", rc = RC_B32;
        switch (r) {
        case 0:
        case 1:
            src_reg(g, rc, FL_INT, 0, a);
            src_imm(g, b, rc, FL_INT, t, 15, 0);
            rd = dst(g, rc, FL_INT, d);
            INSN("mul.%s.%s %s, %s, %s", r ? "hi" : "lo", t, d, a, b);
            break;
        case 2:
            src_reg(g, rc, FL_INT, 0, a);
            src_imm(g, b, rc, FL_INT, t, 15, 0);
            rd = dst(g, cls_bits(2 * bits), FL_INT, d);
            INSN("mul.wide.%s %s, %s, %s", t, d, a, b);
            break;
        case 3: {
            bool hi = chance(g, 50), sat = hi && !strcmp(t, "s32") && chance(g, 40);
            src_reg(g, rc, FL_INT, 0, a);
            src_reg(g, rc, FL_INT, 0, b);
            src_imm(g, c, rc, FL_INT, t, 15, 0);
            rd = dst(g, rc, FL_INT, d);
            INSN("mad.%s%s.%s %s, %s, %s, %s", hi ? "hi" : "lo", sat ? ".sat" : "", t, d, a, b, c);
            break;
        }
        case 4:
            src_reg(g, rc, FL_INT, 0, a);
            src_reg(g, rc, FL_INT, 0, b);
            src_reg(g, cls_bits(2 * bits), FL_INT, 0, c);
            rd = dst(g, cls_bits(2 * bits), FL_INT, d);
            INSN("mad.wide.%s %s, %s, %s, %s", t, d, a, b, c);
            break;
        case 5:
            src_reg(g, RC_B32, FL_INT, 0, a);
            src_imm(g, b, RC_B32, FL_INT, t, 15, 0);
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("mul24.%s.%s %s, %s, %s", chance(g, 50) ? "hi" : "lo", t, d, a, b);
            break;
        case 6: {
            bool hi = chance(g, 50), sat = hi && t[0] == 's' && chance(g, 40);
            src_reg(g, RC_B32, FL_INT, 0, a);
            src_reg(g, RC_B32, FL_INT, 0, b);
            src_imm(g, c, RC_B32, FL_INT, t, 15, 0);
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("mad24.%s%s.%s %s, %s, %s, %s", hi ? "hi" : "lo", sat ? ".sat" : "", t, d, a, b, c);
            break;
        }
        default:
            src_reg(g, rc, FL_INT, 0, a);
            src_reg(g, rc, FL_INT, 0, b);
            src_imm(g, c, rc, FL_INT, t, 15, 0);
            rd = dst(g, rc, FL_INT, d);
            INSN("sad.%s %s, %s, %s, %s", t, d, a, b, c);
        }
        break;
    }
    case FZ_INT_DIV: {
        const char *t = PICK(g, ITYPE);
        fz_rclass rc = cls_bits(type_bits(t));
        src_reg(g, rc, FL_INT, 0, a);
        src_imm(g, b, rc, FL_INT, t, 15, 0);
        if (!strcmp(b, "0")) snprintf(b, sizeof b, "7");
        rd = dst(g, rc, FL_INT, d);
        INSN("%s.%s %s, %s, %s", chance(g, 50) ? "div" : "rem", t, d, a, b);
        break;
    }
    case FZ_INT_MISC: {
        static const char *const st[] = {"s16", "s32", "s64"};
        const char *t;
        fz_rclass rc;
        switch (rn(g, 10)) {
        case 0:
        case 1:
            t = PICK(g, st), rc = cls_bits(type_bits(t));
            src_reg(g, rc, FL_INT, 0, a);
            rd = dst(g, rc, FL_INT, d);
            INSN("%s.%s %s, %s", chance(g, 50) ? "abs" : "neg", t, d, a);
            break;
        case 2: {
            const char *op = chance(g, 50) ? "min" : "max";
            if (chance(g, 80)) {
                t = PICK(g, ITYPE), rc = cls_bits(type_bits(t));
                bool relu = !strcmp(t, "s32") && chance(g, 40);
                src_reg(g, rc, FL_INT, 0, a);
                src_imm(g, b, rc, FL_INT, t, 15, 0);
                rd = dst(g, rc, FL_INT, d);
                INSN("%s%s.%s %s, %s, %s", op, relu ? ".relu" : "", t, d, a, b);
            } else {
                t = chance(g, 50) ? "u16x2" : "s16x2";
                bool relu = t[0] == 's' && chance(g, 40);
                src_reg(g, RC_B32, FL_INT, 0, a);
                src_reg(g, RC_B32, FL_INT, 0, b);
                rd = dst(g, RC_B32, FL_INT, d);
                INSN("%s%s.%s %s, %s, %s", op, relu ? ".relu" : "", t, d, a, b);
            }
            break;
        }
        case 3:
        case 4: {
            bool w = chance(g, 50);
            src_reg(g, w ? RC_B64 : RC_B32, FL_INT, 0, a);
            rd = dst(g, RC_B32, FL_SHIFT, d);
            INSN("%s.%s %s, %s", chance(g, 50) ? "popc" : "clz", w ? "b64" : "b32", d, a);
            break;
        }
        case 5: {
            static const char *const bt[] = {"u32", "s32", "u64", "s64"};
            t = PICK(g, bt);
            src_reg(g, cls_bits(type_bits(t)), FL_INT, 0, a);
            rd = dst(g, RC_B32, FL_SHIFT, d);
            INSN("bfind%s.%s %s, %s", chance(g, 40) ? ".shiftamt" : "", t, d, a);
            break;
        }
        case 6: {
            bool w = chance(g, 50);
            src_reg(g, w ? RC_B64 : RC_B32, FL_INT, 0, a);
            rd = dst(g, w ? RC_B64 : RC_B32, FL_INT, d);
            INSN("brev.%s %s, %s", w ? "b64" : "b32", d, a);
            break;
        }
        case 7:
        case 8:
            src_reg(g, RC_B32, FL_INT, 0, a);
            if (chance(g, 50)) snprintf(c, sizeof c, "%d", (int)rn(g, 67) - 33);
            else src_reg(g, RC_B32, FL_SHIFT, 0, c);
            rd = dst(g, RC_B32, FL_SHIFT, d);
            INSN("fns.b32 %s, %s, %u, %s", d, a, rn(g, 32), c);
            break;
        default: {
            static const char *const bt[] = {"b16", "b32", "b64"};
            t = PICK(g, bt), rc = cls_bits(type_bits(t));
            src_reg(g, rc, FL_INT, 0, a);
            rd = dst(g, rc, FL_INT, d);
            INSN("cnot.%s %s, %s", t, d, a);
        }
        }
        break;
    }
    case FZ_BITFIELD: {
        switch (rn(g, 6)) {
        case 0:
        case 1: {
            static const char *const bt[] = {"u32", "s32", "u64", "s64"};
            const char *t = PICK(g, bt);
            fz_rclass rc = cls_bits(type_bits(t));
            src_reg(g, rc, FL_INT, 0, a);
            pos_len(g, b);
            pos_len(g, c);
            rd = dst(g, rc, FL_INT, d);
            INSN("bfe.%s %s, %s, %s, %s", t, d, a, b, c);
            break;
        }
        case 2:
        case 3: {
            bool w = chance(g, 50);
            fz_rclass rc = w ? RC_B64 : RC_B32;
            src_reg(g, rc, FL_INT, 0, a);
            src_reg(g, rc, FL_INT, 0, b);
            pos_len(g, c);
            pos_len(g, e);
            rd = dst(g, rc, FL_INT, d);
            INSN("bfi.%s %s, %s, %s, %s, %s", w ? "b64" : "b32", d, a, b, c, e);
            break;
        }
        case 4:
            src_imm(g, a, RC_B32, FL_SHIFT, "u32", 30, 0);
            src_imm(g, b, RC_B32, FL_SHIFT, "u32", 30, 0);
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("bmsk.%s.b32 %s, %s, %s", chance(g, 50) ? "clamp" : "wrap", d, a, b);
            break;
        default:
            src_reg(g, RC_B32, FL_INT, 0, a);
            src_imm(g, b, RC_B32, FL_SHIFT, "u32", 30, 0);
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("szext.%s.%s %s, %s, %s", chance(g, 50) ? "clamp" : "wrap", chance(g, 50) ? "u32" : "s32",
                 d, a, b);
        }
        break;
    }
    case FZ_LOGIC: {
        static const char *const bt[] = {"pred", "b16", "b32", "b64"};
        unsigned r = rn(g, 10);
        if (r < 3) {
            src_reg(g, RC_B32, FL_INT, 0, a);
            src_reg(g, RC_B32, FL_INT, 0, b);
            src_imm(g, c, RC_B32, FL_INT, "b32", 15, 0);
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("lop3.b32 %s, %s, %s, %s, 0x%02x", d, a, b, c, rn(g, 256));
            break;
        }
        const char *t = PICK(g, bt);
        fz_rclass rc = t[0] == 'p' ? RC_PRED : cls_bits(type_bits(t));
        fz_flavor fl = rc == RC_PRED ? FL_PRED : FL_INT;
        if (r < 5) {
            src_reg(g, rc, fl, 0, a);
            rd = dst(g, rc, fl, d);
            INSN("not.%s %s, %s", t, d, a);
        } else {
            static const char *const ops[] = {"and", "or", "xor"};
            src_reg(g, rc, fl, 0, a);
            if (rc == RC_PRED) src_reg(g, rc, fl, 0, b);
            else src_imm(g, b, rc, fl, t[1] == '1' ? "u16" : t[1] == '3' ? "u32" : "u64", 15, 0);
            rd = dst(g, rc, fl, d);
            INSN("%s.%s %s, %s, %s", PICK(g, ops), t, d, a, b);
        }
        break;
    }
    case FZ_SHIFT: {
        unsigned r = rn(g, 10);
        if (r < 3) {
            src_reg(g, RC_B32, FL_INT, 0, a);
            src_reg(g, RC_B32, FL_INT, 0, b);
            src_imm(g, c, RC_B32, chance(g, 70) ? FL_SHIFT : FL_INT, "u32", 35, 0);
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("shf.%s.%s.b32 %s, %s, %s, %s", chance(g, 50) ? "l" : "r", chance(g, 50) ? "wrap" : "clamp",
                 d, a, b, c);
            break;
        }
        static const char *const lt[] = {"b16", "b32", "b64"};
        static const char *const rt[] = {"b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64"};
        bool left = r < 6;
        const char *t = left ? PICK(g, lt) : PICK(g, rt);
        fz_rclass rc = cls_bits(type_bits(t));
        src_reg(g, rc, FL_INT, 0, a);
        src_imm(g, b, RC_B32, chance(g, 70) ? FL_SHIFT : FL_INT, "u32", 35, 0);
        rd = dst(g, rc, FL_INT, d);
        INSN("%s.%s %s, %s, %s", left ? "shl" : "shr", t, d, a, b);
        break;
    }
    case FZ_PRMT: {
        static const char *const modes[] = {"", "", "", ".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"};
        src_reg(g, RC_B32, FL_INT, 0, a);
        src_reg(g, RC_B32, FL_INT, 0, b);
        if (chance(g, 40)) snprintf(c, sizeof c, "0x%04x", (unsigned)(rnd(g) & 0xffff));
        else src_reg(g, RC_B32, chance(g, 50) ? FL_SHIFT : FL_INT, 0, c);
        rd = dst(g, RC_B32, FL_INT, d);
        INSN("prmt.b32%s %s, %s, %s, %s", PICK(g, modes), d, a, b, c);
        break;
    }
    case FZ_DOT: {
        const char *at = chance(g, 50) ? "u32" : "s32", *bt = chance(g, 50) ? "u32" : "s32";
        src_reg(g, RC_B32, FL_INT, 0, a);
        src_reg(g, RC_B32, FL_INT, 0, b);
        src_imm(g, c, RC_B32, FL_INT, (at[0] == 's' || bt[0] == 's') ? "s32" : "u32", 15, 0);
        rd = dst(g, RC_B32, FL_INT, d);
        if (chance(g, 50)) INSN("dp4a.%s.%s %s, %s, %s, %s", at, bt, d, a, b, c);
        else INSN("dp2a.%s.%s.%s %s, %s, %s, %s", chance(g, 50) ? "lo" : "hi", at, bt, d, a, b, c);
        break;
    }
    case FZ_SETP: {
        static const char *const st[] = {"b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64",
                                         "f32", "f32", "f32", "f64", "f64"};
        static const char *const bcmp[] = {"eq", "ne"};
        static const char *const ucmp[] = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"};
        static const char *const scmp[] = {"eq", "ne", "lt", "le", "gt", "ge"};
        static const char *const fcmp[] = {"eq", "ne", "lt", "le", "gt", "ge", "equ",
                                           "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
        static const char *const bops[] = {"and", "or", "xor"};
        const char *t = PICK(g, st), *cmp;
        fz_flavor fl = FL_INT;
        if (t[0] == 'b') cmp = PICK(g, bcmp);
        else if (t[0] == 'u') cmp = PICK(g, ucmp);
        else if (t[0] == 's') cmp = PICK(g, scmp);
        else cmp = PICK(g, fcmp), fl = t[1] == '3' ? FL_F32 : FL_F64;
        fz_rclass rc = cls_bits(type_bits(t));
        bool ftz = !strcmp(t, "f32") && chance(g, 35);
        src_reg(g, rc, fl, 0, a);
        src_imm(g, b, rc, chance(g, 20) ? FL_FEW : fl, t[0] == 'b' ? (t[1] == '1' ? "u16" : t[1] == '3' ? "u32" : "u64") : t, 15, 0);
        char bop[16] = "", cp[24] = "";
        if (chance(g, 30)) {
            char pn[16];
            src_reg(g, RC_PRED, FL_PRED, 0, pn);
            snprintf(bop, sizeof bop, ".%s", PICK(g, bops));
            snprintf(cp, sizeof cp, ", %s%s", chance(g, 30) ? "!" : "", pn);
        }
        if (chance(g, 25)) {
            /* never guarded: ptxas 13 writes the destination of a guarded set on the lanes whose
             * guard is false (docs/fuzz.md) */
            gd[0] = 0;
            guarded = false;
            static const char *const dt[] = {"u32", "s32", "f32"};
            const char *dtt = PICK(g, dt);
            rd = dst(g, RC_B32, dtt[0] == 'f' ? FL_F32 : FL_INT, d);
            INSN("set.%s%s%s.%s.%s %s, %s, %s%s", cmp, ftz ? ".ftz" : "", bop, dtt, t, d, a, b, cp);
        } else if (chance(g, 40)) {
            rd = dst(g, RC_PRED, FL_PRED, d);
            rd2 = dst(g, RC_PRED, FL_PRED, d2);
            INSN("setp.%s%s%s.%s %s|%s, %s, %s%s", cmp, ftz ? ".ftz" : "", bop, t, d, d2, a, b, cp);
        } else {
            rd = dst(g, RC_PRED, FL_PRED, d);
            INSN("setp.%s%s%s.%s %s, %s, %s%s", cmp, ftz ? ".ftz" : "", bop, t, d, a, b, cp);
        }
        break;
    }
    case FZ_SELP: {
        static const char *const st[] = {"b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64"};
        const char *t = PICK(g, st);
        fz_rclass rc = cls_bits(type_bits(t));
        fz_flavor fl = t[0] == 'f' ? (t[1] == '3' ? FL_F32 : FL_F64) : FL_INT;
        src_reg(g, rc, fl, 0, a);
        src_imm(g, b, rc, fl, t[0] == 'b' ? (t[1] == '1' ? "u16" : t[1] == '3' ? "u32" : "u64") : t, 15, 0);
        rd = dst(g, rc, fl, d);
        if (chance(g, 50)) {
            src_reg(g, RC_PRED, FL_PRED, 0, c);
            INSN("selp.%s %s, %s, %s, %s", t, d, a, b, c);
        } else if (chance(g, 50)) {
            src_reg(g, RC_B32, FL_INT, 0, c);
            INSN("slct.%s.s32 %s, %s, %s, %s", t, d, a, b, c);
        } else {
            src_reg(g, RC_B32, FL_F32, 0, c);
            INSN("slct%s.%s.f32 %s, %s, %s, %s", chance(g, 40) ? ".ftz" : "", t, d, a, b, c);
        }
        break;
    }
    case FZ_F32:
    case FZ_F64: {
        bool f32 = fam == FZ_F32;
        const char *t = f32 ? "f32" : "f64";
        fz_rclass rc = f32 ? RC_B32 : RC_B64;
        fz_flavor fl = f32 ? FL_F32 : FL_F64;
        unsigned r = rn(g, 100);
        char mods[32] = "";
        if (r < 60) {
            static const char *const ops[] = {"add", "sub", "mul"};
            const char *op = PICK(g, ops);
            bool norn = chance(g, 20);
            if (!norn) snprintf(mods, sizeof mods, ".%s", PICK(g, RND));
            if (f32 && chance(g, 40)) strcat(mods, ".ftz");
            if (f32 && chance(g, 20)) strcat(mods, ".sat");
            unsigned rules = norn && op[0] != 'm' ? SRC_NOT_NORN_MUL : 0;
            src_reg(g, rc, fl, rules, a);
            src_imm(g, b, rc, fl, t, 15, rules);
            rd = dst(g, rc, fl, d);
            INSN("%s%s.%s %s, %s, %s", op, mods, t, d, a, b);
            if (norn && op[0] == 'm') g->p->regs[rd].norn_mul = true;
        } else {
            snprintf(mods, sizeof mods, ".%s", PICK(g, RND));
            if (f32 && chance(g, 40)) strcat(mods, ".ftz");
            if (f32 && chance(g, 20)) strcat(mods, ".sat");
            src_reg(g, rc, fl, 0, a);
            src_reg(g, rc, fl, 0, b);
            src_imm(g, c, rc, fl, t, 15, 0);
            rd = dst(g, rc, fl, d);
            INSN("%s%s.%s %s, %s, %s, %s", r < 85 ? "fma" : "mad", mods, t, d, a, b, c);
        }
        break;
    }
    case FZ_FDIV:
    case FZ_FSQRT: {
        bool f32 = chance(g, 60);
        const char *t = f32 ? "f32" : "f64";
        fz_rclass rc = f32 ? RC_B32 : RC_B64;
        fz_flavor fl = f32 ? FL_F32 : FL_F64;
        const char *ftz = f32 && chance(g, 40) ? ".ftz" : "";
        src_reg(g, rc, fl, 0, a);
        if (fam == FZ_FDIV) {
            src_imm(g, b, rc, fl, t, 10, 0);
            rd = dst(g, rc, fl, d);
            INSN("div.%s%s.%s %s, %s, %s", PICK(g, RND), ftz, t, d, a, b);
        } else {
            rd = dst(g, rc, fl, d);
            INSN("%s.%s%s.%s %s, %s", chance(g, 50) ? "sqrt" : "rcp", PICK(g, RND), ftz, t, d, a);
        }
        break;
    }
    case FZ_FMINMAX: {
        const char *op = chance(g, 50) ? "min" : "max";
        if (chance(g, 70)) {
            char mods[40] = "";
            if (chance(g, 40)) strcat(mods, ".ftz");
            if (chance(g, 40)) strcat(mods, ".NaN");
            if (chance(g, 30)) strcat(mods, ".xorsign.abs");
            int ra = src_reg(g, RC_B32, FL_F32, 0, a);
            if (chance(g, 10)) src_imm(g, b, RC_B32, FL_F32, "f32", 100, 0);
            else src_reg_not(g, RC_B32, FL_F32, ra, b);
            rd = dst(g, RC_B32, FL_F32, d);
            INSN("%s%s.f32 %s, %s, %s", op, mods, d, a, b);
        } else {
            int ra = src_reg(g, RC_B64, FL_F64, 0, a);
            if (chance(g, 10)) src_imm(g, b, RC_B64, FL_F64, "f64", 100, 0);
            else src_reg_not(g, RC_B64, FL_F64, ra, b);
            rd = dst(g, RC_B64, FL_F64, d);
            INSN("%s.f64 %s, %s, %s", op, d, a, b);
        }
        break;
    }
    case FZ_FMISC: {
        bool f32 = chance(g, 60);
        const char *t = f32 ? "f32" : "f64";
        fz_rclass rc = f32 ? RC_B32 : RC_B64;
        fz_flavor fl = f32 ? FL_F32 : FL_F64;
        unsigned r = rn(g, 10);
        src_reg(g, rc, fl, 0, a);
        if (r < 4) {
            rd = dst(g, rc, fl, d);
            g->p->regs[rd].nan_unspec = g->p->regs[rd].no_source = true;
            INSN("%s%s.%s %s, %s", chance(g, 50) ? "abs" : "neg", f32 && chance(g, 40) ? ".ftz" : "", t, d, a);
        } else if (r < 6) {
            src_reg(g, rc, chance(g, 50) ? fl : FL_INT, 0, b);
            rd = dst(g, rc, fl, d);
            INSN("copysign.%s %s, %s, %s", t, d, a, b);
        } else {
            static const char *const tp[] = {"finite", "infinite", "number", "notanumber", "normal", "subnormal"};
            gd[0] = 0; /* never guarded: like set, ptxas writes it on false-guard lanes */
            guarded = false;
            rd = dst(g, RC_PRED, FL_PRED, d);
            INSN("testp.%s.%s %s, %s", PICK(g, tp), t, d, a);
        }
        break;
    }
    case FZ_CVT_II: {
        const char *dt = PICK(g, CVT_INT), *at = PICK(g, CVT_INT);
        fz_rclass dc = cvt_cls(g, type_bits(dt)), ac = cvt_cls(g, type_bits(at));
        src_reg(g, ac, FL_INT, 0, a);
        rd = dst(g, dc, FL_INT, d);
        INSN("cvt%s.%s.%s %s, %s", !int_fits(dt, at) && chance(g, 50) ? ".sat" : "", dt, at, d, a);
        break;
    }
    case FZ_CVT_FI: {
        const char *it = PICK(g, CVT_INT);
        bool f32 = chance(g, 55);
        src_reg(g, f32 ? RC_B32 : RC_B64, f32 ? FL_F32 : FL_F64, 0, a);
        rd = dst(g, cvt_cls(g, type_bits(it)), FL_INT, d);
        INSN("cvt.%s%s%s.%s.%s %s, %s", PICK(g, IRND), f32 && chance(g, 40) ? ".ftz" : "",
             chance(g, 25) ? ".sat" : "", it, f32 ? "f32" : "f64", d, a);
        break;
    }
    case FZ_CVT_IF: {
        const char *it = PICK(g, CVT_INT);
        bool f32 = chance(g, 55);
        src_reg(g, cvt_cls(g, type_bits(it)), FL_INT, 0, a);
        rd = dst(g, f32 ? RC_B32 : RC_B64, f32 ? FL_F32 : FL_F64, d);
        INSN("cvt.%s%s.%s.%s %s, %s", PICK(g, RND), chance(g, 15) ? ".sat" : "", f32 ? "f32" : "f64", it, d, a);
        break;
    }
    case FZ_CVT_FF: {
        const char *ftz = chance(g, 40) ? ".ftz" : "", *sat = chance(g, 25) ? ".sat" : "";
        switch (rn(g, 5)) {
        case 0:
            src_reg(g, RC_B32, FL_F32, 0, a);
            rd = dst(g, RC_B64, FL_F64, d);
            INSN("cvt%s%s.f64.f32 %s, %s", ftz, sat, d, a);
            break;
        case 1:
            src_reg(g, RC_B64, FL_F64, 0, a);
            rd = dst(g, RC_B32, FL_F32, d);
            INSN("cvt.%s%s%s.f32.f64 %s, %s", PICK(g, RND), ftz, sat, d, a);
            break;
        case 2:
            src_reg(g, RC_B32, FL_F32, 0, a);
            rd = dst(g, RC_B32, FL_F32, d);
            INSN("cvt.%s%s%s.f32.f32 %s, %s", PICK(g, IRND), ftz, sat, d, a);
            break;
        case 3:
            src_reg(g, RC_B64, FL_F64, 0, a);
            rd = dst(g, RC_B64, FL_F64, d);
            INSN("cvt.%s%s.f64.f64 %s, %s", PICK(g, IRND), sat, d, a);
            break;
        default:
            if (chance(g, 60)) {
                src_reg(g, RC_B32, FL_F32, 0, a);
                rd = dst(g, RC_B32, FL_F32, d);
                INSN("cvt%s%s.f32.f32 %s, %s", ftz, sat, d, a);
            } else {
                src_reg(g, RC_B64, FL_F64, 0, a);
                rd = dst(g, RC_B64, FL_F64, d);
                INSN("cvt%s.f64.f64 %s, %s", sat, d, a);
            }
        }
        break;
    }
    case FZ_CVT_HALF: {
        const char *half = chance(g, 50) ? "f16" : "bf16";
        switch (rn(g, 9)) {
        case 0: /* f32 -> f16 / bf16 */
            src_reg(g, RC_B32, FL_F32, 0, a);
            rd = dst(g, RC_B16, FL_HALF, d);
            if (half[0] == 'f')
                INSN("cvt.%s%s%s.f16.f32 %s, %s", PICK(g, RND), chance(g, 30) ? ".ftz" : "",
                     chance(g, 25) ? ".sat" : "", d, a);
            else
                INSN("cvt.%s%s%s.bf16.f32 %s, %s", chance(g, 50) ? "rn" : "rz", chance(g, 30) ? ".relu" : "",
                     chance(g, 30) ? ".satfinite" : "", d, a);
            break;
        case 1: /* f16 / bf16 -> f32 */
            src_reg(g, RC_B16, FL_HALF, 0, a);
            rd = dst(g, RC_B32, FL_F32, d);
            if (half[0] == 'f') INSN("cvt%s%s.f32.f16 %s, %s", chance(g, 30) ? ".ftz" : "", chance(g, 20) ? ".sat" : "", d, a);
            else INSN("cvt.f32.bf16 %s, %s", d, a);
            break;
        case 2: /* f64 <-> f16 */
            if (chance(g, 50)) {
                src_reg(g, RC_B64, FL_F64, 0, a);
                rd = dst(g, RC_B16, FL_HALF, d);
                INSN("cvt.%s.f16.f64 %s, %s", PICK(g, RND), d, a);
            } else {
                src_reg(g, RC_B16, FL_HALF, 0, a);
                rd = dst(g, RC_B64, FL_F64, d);
                INSN("cvt.f64.f16 %s, %s", d, a);
            }
            break;
        case 3: /* packed pairs */
            src_reg(g, RC_B32, FL_F32, 0, a);
            src_reg(g, RC_B32, FL_F32, 0, b);
            rd = dst(g, RC_B32, FL_HALF, d);
            INSN("cvt.%s%s%s.%sx2.f32 %s, %s, %s", chance(g, 50) ? "rn" : "rz", chance(g, 30) ? ".relu" : "",
                 chance(g, 30) ? ".satfinite" : "", half, d, a, b);
            break;
        case 4: /* tf32 */
            src_reg(g, RC_B32, FL_F32, 0, a);
            rd = dst(g, RC_B32, FL_F32, d);
            if (chance(g, 50)) INSN("cvt.rna%s.tf32.f32 %s, %s", chance(g, 40) ? ".satfinite" : "", d, a);
            else INSN("cvt.%s%s.tf32.f32 %s, %s", chance(g, 50) ? "rn" : "rz", chance(g, 40) ? ".relu" : "", d, a);
            break;
        case 5: /* f16 -> integer */
        case 6: {
            const char *it = PICK(g, CVT_INT);
            src_reg(g, RC_B16, FL_HALF, 0, a);
            rd = dst(g, cvt_cls(g, type_bits(it)), FL_INT, d);
            INSN("cvt.%s%s.%s.f16 %s, %s", PICK(g, IRND), chance(g, 25) ? ".sat" : "", it, d, a);
            break;
        }
        default: { /* integer -> f16 */
            const char *it = PICK(g, CVT_INT);
            src_reg(g, cvt_cls(g, type_bits(it)), FL_INT, 0, a);
            rd = dst(g, RC_B16, FL_HALF, d);
            INSN("cvt.%s%s.f16.%s %s, %s", PICK(g, RND), chance(g, 20) ? ".sat" : "", it, d, a);
        }
        }
        break;
    }
    case FZ_MOV: {
        char x[16], y[16], z[16], w[16];
        switch (rn(g, 7)) {
        case 0: {
            static const char *const mt[] = {"b16", "b32", "b64", "u32", "s64", "f32", "f64"};
            const char *t = PICK(g, mt);
            fz_rclass rc = cls_bits(type_bits(t));
            fz_flavor fl = t[0] == 'f' ? (rc == RC_B32 ? FL_F32 : FL_F64) : FL_INT;
            src_imm(g, a, rc, fl, t[0] == 'b' ? (t[1] == '1' ? "u16" : t[1] == '3' ? "u32" : "u64") : t, 40, 0);
            rd = dst(g, rc, fl, d);
            INSN("mov.%s %s, %s", t, d, a);
            break;
        }
        case 1:
            src_reg(g, RC_B32, FL_ANY, 0, x);
            src_reg(g, RC_B32, FL_ANY, 0, y);
            rd = dst(g, RC_B64, FL_INT, d);
            INSN("mov.b64 %s, {%s, %s}", d, x, y);
            break;
        case 2:
            src_reg(g, RC_B64, FL_ANY, 0, a);
            rd = dst(g, RC_B32, FL_INT, d);
            rd2 = dst(g, RC_B32, FL_INT, d2);
            INSN("mov.b64 {%s, %s}, %s", d, d2, a);
            break;
        case 3:
            src_reg(g, RC_B16, FL_ANY, 0, x);
            src_reg(g, RC_B16, FL_ANY, 0, y);
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("mov.b32 %s, {%s, %s}", d, x, y);
            break;
        case 4:
            src_reg(g, RC_B32, FL_ANY, 0, a);
            rd = dst(g, RC_B16, FL_HALF, d);
            rd2 = dst(g, RC_B16, FL_HALF, d2);
            INSN("mov.b32 {%s, %s}, %s", d, d2, a);
            break;
        case 5:
            src_reg(g, RC_B16, FL_ANY, 0, x);
            src_reg(g, RC_B16, FL_ANY, 0, y);
            src_reg(g, RC_B16, FL_ANY, 0, z);
            src_reg(g, RC_B16, FL_ANY, 0, w);
            rd = dst(g, RC_B64, FL_INT, d);
            INSN("mov.b64 %s, {%s, %s, %s, %s}", d, x, y, z, w);
            break;
        default:
            src_reg(g, RC_PRED, FL_PRED, 0, a);
            rd = dst(g, RC_PRED, FL_PRED, d);
            INSN("mov.pred %s, %s", d, a);
        }
        break;
    }
    case FZ_SHFL: {
        static const char *const modes[] = {"up", "down", "bfly", "idx"};
        const char *m = PICK(g, modes);
        src_reg(g, RC_B32, FL_ANY, 0, a);
        if (chance(g, 50)) snprintf(b, sizeof b, "%u", chance(g, 85) ? rn(g, 32) : rn(g, 256));
        else src_reg(g, RC_B32, chance(g, 70) ? FL_SHIFT : FL_INT, 0, b);
        unsigned r = rn(g, 100);
        if (r < 55) snprintf(c, sizeof c, "%u", m[0] == 'u' ? 0u : 31u);
        else if (r < 85) snprintf(c, sizeof c, "0x%x", (unsigned)(((rn(g, 32) & (chance(g, 50) ? 0x18 : 0x1f)) << 8) | rn(g, 32)));
        else src_reg(g, RC_B32, chance(g, 50) ? FL_SHIFT : FL_INT, 0, c);
        rd = dst(g, RC_B32, g->p->regs[g->it->reads[0]].fl, d);
        if (chance(g, 40)) {
            rd2 = dst(g, RC_PRED, FL_PRED, d2);
            INSN("shfl.sync.%s.b32 %s|%s, %s, %s, %s, 0xffffffff", m, d, d2, a, b, c);
        } else
            INSN("shfl.sync.%s.b32 %s, %s, %s, %s, 0xffffffff", m, d, a, b, c);
        break;
    }
    case FZ_VOTE: {
        unsigned r = rn(g, 10);
        if (r < 5) {
            static const char *const md[] = {"all", "any", "uni"};
            src_reg(g, RC_PRED, FL_PRED, 0, a);
            rd = dst(g, RC_PRED, FL_PRED, d);
            INSN("vote.sync.%s.pred %s, %s%s, 0xffffffff", PICK(g, md), d, chance(g, 30) ? "!" : "", a);
        } else if (r < 8) {
            src_reg(g, RC_PRED, FL_PRED, 0, a);
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("vote.sync.ballot.b32 %s, %s%s, 0xffffffff", d, chance(g, 30) ? "!" : "", a);
        } else if (r < 9) {
            rd = dst(g, RC_B32, FL_INT, d);
            INSN("activemask.b32 %s%s", d, "");
        } else {
            rd = dst(g, RC_B32, FL_INT, d);
            rd2 = dst(g, RC_PRED, FL_PRED, d2);
            INSN("elect.sync %s|%s, 0xffffffff", d, d2);
        }
        break;
    }
    case FZ_REDUX: {
        static const char *const ops[] = {"add", "min", "max", "and", "or", "xor"};
        const char *op = PICK(g, ops);
        const char *t = op[0] == 'a' && op[1] == 'n' ? "b32" : op[0] == 'o' || op[0] == 'x' ? "b32"
                        : chance(g, 50)                                                 ? "u32"
                                                                                        : "s32";
        src_reg(g, RC_B32, chance(g, 30) ? FL_FEW : FL_INT, 0, a);
        rd = dst(g, RC_B32, FL_INT, d);
        INSN("redux.sync.%s.%s %s, %s, 0xffffffff", op, t, d, a);
        break;
    }
    case FZ_MATCH: {
        bool w = chance(g, 40);
        src_reg(g, w ? RC_B64 : RC_B32, FL_FEW, 0, a);
        rd = dst(g, RC_B32, FL_INT, d);
        if (chance(g, 50)) {
            INSN("match.any.sync.%s %s, %s, 0xffffffff", w ? "b64" : "b32", d, a);
        } else if (chance(g, 50)) {
            rd2 = dst(g, RC_PRED, FL_PRED, d2);
            INSN("match.all.sync.%s %s|%s, %s, 0xffffffff", w ? "b64" : "b32", d, d2, a);
        } else {
            INSN("match.all.sync.%s %s, %s, 0xffffffff", w ? "b64" : "b32", d, a);
        }
        break;
    }
    case FZ_APPROX_RCP: {
        unsigned r = rn(g, 10);
        bool f64 = r >= 8;
        src_reg(g, f64 ? RC_B64 : RC_B32, f64 ? FL_F64 : FL_F32, 0, a);
        rd = dst(g, f64 ? RC_B64 : RC_B32, f64 ? FL_F64 : FL_F32, d);
        if (f64) {
            if (r == 8) INSN("rcp.approx.ftz.f64 %s, %s", d, a);
            else INSN("rsqrt.approx%s.f64 %s, %s", chance(g, 50) ? ".ftz" : "", d, a);
        } else {
            static const char *const op[] = {"rcp", "sqrt", "rsqrt"};
            INSN("%s.approx%s.f32 %s, %s", PICK(g, op), chance(g, 50) ? ".ftz" : "", d, a);
        }
        break;
    }
    case FZ_APPROX_TRANS: {
        static const char *const op[] = {"sin", "cos", "lg2", "ex2", "tanh"};
        const char *o = PICK(g, op);
        src_reg(g, RC_B32, FL_F32, 0, a);
        rd = dst(g, RC_B32, FL_F32, d);
        INSN("%s.approx%s.f32 %s, %s", o, o[0] != 't' && chance(g, 50) ? ".ftz" : "", d, a);
        break;
    }
    case FZ_CONTRACT: {
        /* A mul without a rounding modifier whose product only an add/sub uses: ptxas contracts
         * the two into an fma (sim/ptxas_model.c, docs/instructions.md "Contraction"). The
         * product lives in a scratch register of its own (written once, not stored, so that the
         * add is its only use), sometimes through a neg or mov; sometimes a rounding modifier,
         * or .ftz on one side only, rules it out. The mul is unguarded (and kept by the
         * shrinker whenever the add is); the add takes the item's guard. */
        if (g->p->nscratch + 3 > FZ_SCRATCH) { /* out of scratch registers: an ordinary f32 op */
            gen_insn(g, FZ_F32);
            return;
        }
        bool f64 = chance(g, 35);
        const char *t = f64 ? "f64" : "f32", *pre = f64 ? "%cd" : "%ct";
        fz_rclass rc = f64 ? RC_B64 : RC_B32;
        fz_flavor fl = f64 ? FL_F64 : FL_F32;
        bool ftz = !f64 && chance(g, 30), ftz2 = chance(g, 90) ? ftz : (!f64 && !ftz);
        char m1[24] = "", m2[24] = "", prod[16], x[16];
        if (chance(g, 6)) snprintf(m1, sizeof m1, ".%s", PICK(g, RND));
        if (chance(g, 6)) snprintf(m2, sizeof m2, ".%s", PICK(g, RND));
        if (ftz) strcat(m1, ".ftz");
        if (ftz2) strcat(m2, ".ftz");
        if (!f64 && chance(g, 10)) strcat(m2, ".sat");
        src_reg(g, rc, fl, 0, a);
        src_imm(g, b, rc, fl, t, 10, 0);
        snprintf(prod, sizeof prod, "%s%d", pre, g->p->nscratch++);
        emit_line(g, fam, true, "\tmul%s.%s %s, %s, %s;", m1, t, prod, a, b);
        unsigned via = rn(g, 12);
        if (via < 2) {
            snprintf(x, sizeof x, "%s%d", pre, g->p->nscratch++);
            if (via == 0) emit_line(g, fam, true, "\tneg.%s %s, %s;", t, x, prod);
            else emit_line(g, fam, true, "\tmov.b%s %s, %s;", f64 ? "64" : "32", x, prod);
            strcpy(prod, x);
        }
        src_imm(g, c, rc, fl, t, 10, 0);
        rd = dst(g, rc, fl, d);
        const char *op = chance(g, 50) ? "add" : "sub";
        if (chance(g, 50)) INSN("%s%s.%s %s, %s, %s", op, m2, t, d, prod, c);
        else INSN("%s%s.%s %s, %s, %s", op, m2, t, d, c, prod);
        break;
    }
    case FZ_APPROX_DIV:
        src_reg(g, RC_B32, FL_F32, 0, a);
        src_reg(g, RC_B32, FL_F32, 0, b);
        rd = dst(g, RC_B32, FL_F32, d);
        INSN("div.%s%s.f32 %s, %s, %s", chance(g, 50) ? "approx" : "full", chance(g, 50) ? ".ftz" : "", d, a, b);
        break;
    default: break;
    }
    if (rd >= 0 && g->it->kind != IT_WARP && (fam == FZ_F64 || fam == FZ_FMINMAX || fam == FZ_CONTRACT) &&
        g->p->regs[rd].cls == RC_B64)
        g->p->regs[rd].nan_pick_line = g->it->nlines - 1;
    if (rd >= 0) set_out(g, rd, fam, guarded);
    if (rd2 >= 0) set_out(g, rd2, fam, guarded);
    if (!fz_family_exact[fam]) {
        if (rd >= 0) g->p->regs[rd].no_source = true;
        if (rd2 >= 0) g->p->regs[rd2].no_source = true;
    }
}

/* ---- items ---------------------------------------------------------------------------------- */

static bool fam_allowed(const G *g, int f) {
    if (g->o->only_fam >= 0) return f == g->o->only_fam;
    return !(g->o->fam_mask_off[f / 32] >> (f % 32) & 1);
}
static bool fam_is_warp(int f) { return f == FZ_SHFL || f == FZ_VOTE || f == FZ_REDUX || f == FZ_MATCH; }

/* A family for an instruction nested in a branch or loop: no warp operations, no chains. */
static int inner_family(G *g) {
    for (int tries = 0; tries < 100; tries++) {
        int f = (int)rn(g, FZ_NFAM);
        if (fam_is_warp(f) || f == FZ_INT_CARRY || !fam_allowed(g, f)) continue;
        return f;
    }
    return FZ_LOGIC;
}

static fz_item *new_item(G *g, int kind, int fam) {
    fz_prog *p = g->p;
    GROW(p->items, p->nitems, p->cap_items);
    fz_item *it = &p->items[p->nitems];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->fam = fam;
    g->k = p->nitems++;
    g->it = it;
    return it;
}

static int nwarps(const fz_prog *p) { return (p->threads + 31) / 32; }

static void gen_chain(G *g) {
    static const char *const ct[] = {"u32", "s32", "u64", "s64"};
    const char *t = PICK(g, ct);
    fz_rclass rc = cls_bits(type_bits(t));
    int n = 2 + (int)rn(g, 3);
    int style = (int)rn(g, 3); /* 0 add, 1 sub, 2 mad; sometimes mixed */
    for (int i = 0; i < n; i++) {
        int s = chance(g, 15) ? (int)rn(g, 3) : style;
        bool first = i == 0, last = i == n - 1;
        const char *cc = last && chance(g, 80) ? "" : ".cc";
        char d[16], a[24], b[24], c[24];
        src_reg(g, rc, FL_INT, 0, a);
        src_imm(g, b, rc, FL_INT, t, 15, 0);
        if (s == 2) {
            src_reg(g, rc, FL_INT, 0, c);
            int rd = dst(g, rc, FL_INT, d);
            const char *hl = chance(g, 50) ? "hi" : "lo";
            if (first) emit_line(g, FZ_INT_CARRY, false, "\tmad.%s.cc.%s %s, %s, %s, %s;", hl, t, d, a, c, b);
            else emit_line(g, FZ_INT_CARRY, false, "\tmadc.%s%s.%s %s, %s, %s, %s;", hl, cc, t, d, a, c, b);
            set_out(g, rd, FZ_INT_CARRY, false);
        } else {
            int rd = dst(g, rc, FL_INT, d);
            const char *op = s ? "sub" : "add";
            if (first) emit_line(g, FZ_INT_CARRY, false, "\t%s.cc.%s %s, %s, %s;", op, t, d, a, b);
            else emit_line(g, FZ_INT_CARRY, false, "\t%sc%s.%s %s, %s, %s;", op, cc, t, d, a, b);
            set_out(g, rd, FZ_INT_CARRY, false);
        }
    }
}

/* Lanes of a warp for which a lane-id condition holds; emits the setp into %pc. */
static uint32_t lane_cond(G *g) {
    uint32_t mask = 0;
    unsigned r = rn(g, 3);
    if (r == 0) {
        unsigned k = rn(g, 33);
        bool lt = chance(g, 50);
        emit_line(g, FZ_CONTROL, true, "\tsetp.%s.u32 %%pc, %%lane, %u;", lt ? "lt" : "ge", k);
        for (unsigned l = 0; l < 32; l++)
            if (lt ? l < k : l >= k) mask |= 1u << l;
    } else {
        unsigned m = rn(g, 32);
        bool eq = chance(g, 50);
        emit_line(g, FZ_CONTROL, true, "\tand.b32 %%lt, %%lane, %u;", m);
        emit_line(g, FZ_CONTROL, true, "\tsetp.%s.u32 %%pc, %%lt, 0;", eq ? "eq" : "ne");
        for (unsigned l = 0; l < 32; l++)
            if (((l & m) == 0) == eq) mask |= 1u << l;
    }
    return mask;
}

static void gen_branch(G *g, int fam, bool ifelse) {
    fz_prog *p = g->p;
    uint64_t top = g->lanes;
    uint32_t taken = lane_cond(g);
    int k = g->k;
    int nw = nwarps(p);
    uint64_t on_taken = (uint64_t)__builtin_popcount(taken) * (uint64_t)nw;
    uint64_t on_fall = (uint64_t)p->threads - on_taken;
    g->lanes = top;
    emit_line(g, FZ_CONTROL, true, "\t@%%pc bra L%d_%s;", k, ifelse ? "else" : "end");
    g->lanes = on_fall;
    int n = 1 + (int)rn(g, 3);
    for (int i = 0; i < n; i++) gen_insn(g, i == 0 ? fam : inner_family(g));
    if (ifelse) {
        emit_line(g, FZ_CONTROL, true, "\tbra L%d_end;", k);
        emit_line(g, -1, true, "L%d_else:", k);
        g->lanes = on_taken;
        n = 1 + (int)rn(g, 2);
        for (int i = 0; i < n; i++) gen_insn(g, inner_family(g));
    }
    emit_line(g, -1, true, "L%d_end:", k);
    g->lanes = top;
}

/* Replaces the last whole-token occurrence of `from` in line with `to`. */
static bool replace_last_token(fz_line *l, const char *from, const char *to) {
    size_t fl = strlen(from);
    char *s = l->text, *hit = NULL;
    for (char *q = strstr(s, from); q; q = strstr(q + 1, from)) {
        char after = q[fl];
        if ((after >= '0' && after <= '9')) continue;
        if (q > s && q[-1] == '%') continue;
        hit = q;
    }
    if (!hit) return false;
    size_t n = strlen(s) - fl + strlen(to) + 1;
    char *t = malloc(n);
    snprintf(t, n, "%.*s%s%s", (int)(hit - s), s, to, hit + fl);
    free(l->text);
    l->text = t;
    return true;
}

static void gen_loop(G *g, int fam) {
    fz_prog *p = g->p;
    int k = g->k;
    uint64_t top = g->lanes;
    bool lane_dep = chance(g, 40);
    uint64_t trips_sum = 0;
    unsigned n_uniform = 1 + rn(g, 5), m = 1;
    emit_line(g, FZ_CONTROL, true, "\tmov.u32 %%lc, 0;");
    if (lane_dep) {
        static const unsigned masks[] = {1, 3, 7};
        m = PICK(g, masks);
        emit_line(g, FZ_CONTROL, true, "\tand.b32 %%lt, %%lane, %u;", m);
        emit_line(g, FZ_CONTROL, true, "\tadd.u32 %%lt, %%lt, 1;");
        for (int t = 0; t < p->threads; t++) trips_sum += (uint64_t)((t % 32) & m) + 1;
    } else {
        trips_sum = (uint64_t)n_uniform * (uint64_t)p->threads;
    }
    emit_line(g, -1, true, "L%d_top:", k);
    g->lanes = trips_sum;
    int n = 1 + (int)rn(g, 3);
    for (int i = 0; i < n; i++) {
        int first_line = g->it->nlines;
        int first_reg = p->nregs;
        gen_insn(g, i == 0 ? fam : inner_family(g));
        /* loop-carried: one source of the destination's class becomes the destination itself */
        if (first_reg < p->nregs && chance(g, 75)) {
            int rd = first_reg;
            fz_line *l = &g->it->lines[first_line];
            char dn[16];
            rname(p, rd, dn);
            for (int j = g->it->nreads - 1; j >= 0; j--) {
                int s = g->it->reads[j];
                if (p->regs[s].cls != p->regs[rd].cls || s == rd) continue;
                char sn[16];
                rname(p, s, sn);
                const char *comma = strchr(l->text, ',');
                if (!comma) break;
                fz_line tmp = *l;
                /* only in the source operands, after the first comma */
                size_t off = (size_t)(comma - l->text);
                char *head = strndup(l->text, off);
                tmp.text = strdup(comma);
                if (replace_last_token(&tmp, sn, dn)) {
                    size_t nn = strlen(head) + strlen(tmp.text) + 1;
                    char *t = malloc(nn);
                    snprintf(t, nn, "%s%s", head, tmp.text);
                    free(l->text);
                    l->text = t;
                    add_unique(&g->it->reads, &g->it->nreads, &g->it->cap_reads, rd);
                }
                free(head);
                free(tmp.text);
                break;
            }
        }
    }
    emit_line(g, FZ_CONTROL, true, "\tadd.u32 %%lc, %%lc, 1;");
    if (lane_dep) emit_line(g, FZ_CONTROL, true, "\tsetp.lt.u32 %%pc, %%lc, %%lt;");
    else emit_line(g, FZ_CONTROL, true, "\tsetp.lt.u32 %%pc, %%lc, %u;", n_uniform);
    emit_line(g, FZ_CONTROL, true, "\t@%%pc bra L%d_top;", k);
    g->lanes = top;
}

void fz_line_sig(const char *text, char out[96]) {
    const char *s = text;
    while (*s == '\t') s++;
    if (*s == '@') s = strchr(s, ' ') + 1;
    size_t n = strcspn(s, " ");
    snprintf(out, 96, "%.*s", (int)(n < 88 ? n : 88), s);
    bool warp = !strncmp(s, "shfl", 4) || !strncmp(s, "vote", 4) || !strncmp(s, "redux", 5) ||
                !strncmp(s, "match", 5) || !strncmp(s, "elect", 5);
    bool imm = false;
    const char *q = s + n;
    int idx = 0;
    while (*q) {
        while (*q == ' ' || *q == ',' || *q == '{' || *q == '!') q++;
        if (!*q || *q == ';') break;
        const char *e = q + strcspn(q, ",;");
        bool last = !strchr(q, ',') || strchr(q, ',') > strchr(q, ';');
        if (idx > 0 && (isdigit((unsigned char)*q) || *q == '-') && !(warp && last)) imm = true;
        idx++;
        q = e;
    }
    if (imm) strcat(out, "+imm");
}

static void finish_item(G *g) {
    fz_item *it = g->it;
    for (int i = 0; i < it->nlines; i++) {
        const fz_line *l = &it->lines[i];
        if (l->core || l->fam < 0) continue;
        fz_line_sig(l->text, it->sig);
        break;
    }
}

void fz_gen_default_opts(fz_gen_opts *o) {
    memset(o, 0, sizeof *o);
    o->nitems_min = 30;
    o->nitems_max = 60;
    o->only_fam = -1;
}

fz_prog *fz_generate(uint64_t seed, const char *name, const fz_gen_opts *o) {
    fz_prog *p = calloc(1, sizeof *p);
    G g = {.p = p, .s = seed * 0x2545f4914f6cdd1dull + 0x1234567ull, .o = o};
    p->seed = seed;
    snprintf(p->name, sizeof p->name, "%s", name);
    static const int threads[] = {32, 64, 128, 128, 256};
    p->threads = PICK(&g, threads);
    g.lanes = (uint64_t)p->threads;

    /* inputs: every class, every flavour */
    static const struct { fz_rclass c; fz_flavor f; int n; } in[] = {
        {RC_B32, FL_INT, 3}, {RC_B32, FL_F32, 4}, {RC_B32, FL_FEW, 1}, {RC_B32, FL_SHIFT, 2},
        {RC_B32, FL_ANY, 1}, {RC_B32, FL_HALF, 1}, {RC_B64, FL_F64, 3}, {RC_B64, FL_INT, 2},
        {RC_B64, FL_FEW, 1}, {RC_B64, FL_SHIFT, 1}, {RC_B16, FL_HALF, 2}, {RC_B16, FL_INT, 2},
        {RC_B16, FL_FEW, 1}, {RC_PRED, FL_PRED, 3},
    };
    for (size_t i = 0; i < PS_N(in); i++)
        for (int j = 0; j < in[i].n; j++) new_reg(&g, in[i].c, in[i].f, -1);

    int nitems = o->nitems_min + (int)rn(&g, (unsigned)(o->nitems_max - o->nitems_min + 1));
    for (int i = 0; i < nitems; i++) {
        int fam;
        do fam = (int)rn(&g, FZ_NFAM);
        while (!fam_allowed(&g, fam));
        g.lanes = (uint64_t)p->threads;
        g.can_guard = true;
        if (fam == FZ_INT_CARRY) {
            new_item(&g, IT_CHAIN, fam);
            gen_chain(&g);
        } else if (fam_is_warp(fam)) {
            new_item(&g, IT_WARP, fam);
            gen_insn(&g, fam);
        } else {
            unsigned r = rn(&g, 100);
            if (r < 70) {
                new_item(&g, IT_SINGLE, fam);
                gen_insn(&g, fam);
            } else if (r < 80) {
                new_item(&g, IT_BRANCH, fam);
                gen_branch(&g, fam, false);
            } else if (r < 88) {
                new_item(&g, IT_IFELSE, fam);
                gen_branch(&g, fam, true);
            } else {
                new_item(&g, IT_LOOP, fam);
                gen_loop(&g, fam);
            }
        }
        finish_item(&g);
    }

    /* the initial image: every register, every lane */
    p->init = calloc((size_t)p->nregs * (size_t)p->threads, sizeof *p->init);
    for (int r = 0; r < p->nregs; r++) {
        fz_reg *rg = &p->regs[r];
        fz_flavor fl = rg->fl;
        if (rg->writer >= 0 && chance(&g, 50)) fl = FL_ANY; /* initial value of a computed register */
        bool uniform_pred = rg->cls == RC_PRED && chance(&g, 25);
        uint64_t u = rn(&g, 2);
        for (int t = 0; t < p->threads; t++) {
            uint64_t v = uniform_pred ? u : value(&g, rg->cls, fl, rg->few);
            if (rg->cls == RC_B16) v &= 0xffff;
            if (rg->cls == RC_B32) v &= 0xffffffffull;
            p->init[(size_t)r * (size_t)p->threads + (size_t)t] = v;
        }
    }
    return p;
}

void fz_prog_free(fz_prog *p) {
    if (!p) return;
    for (int i = 0; i < p->nitems; i++) {
        fz_item *it = &p->items[i];
        for (int j = 0; j < it->nlines; j++) free(it->lines[j].text);
        free(it->lines);
        free(it->reads);
        free(it->writes);
    }
    free(p->items);
    free(p->regs);
    free(p->init);
    free(p);
}

/* ---- layouts, PTX, images --------------------------------------------------------------------- */

void fz_layout_mask(const fz_prog *p, const bool *use, fz_layout *l) {
    l->slot_of = malloc((size_t)p->nregs * sizeof *l->slot_of + 1);
    l->reg_of = malloc((size_t)p->nregs * sizeof *l->reg_of + 1);
    l->nslots = 0;
    for (int r = 0; r < p->nregs; r++) {
        l->slot_of[r] = use[r] ? l->nslots : -1;
        if (use[r]) l->reg_of[l->nslots++] = r;
    }
}

void fz_layout_all(const fz_prog *p, fz_layout *l) {
    bool *use = malloc((size_t)p->nregs + 1);
    memset(use, 1, (size_t)p->nregs);
    fz_layout_mask(p, use, l);
    free(use);
}

void fz_layout_items(const fz_prog *p, const bool *keep, fz_layout *l) {
    bool *use = calloc((size_t)p->nregs + 1, 1);
    for (int i = 0; i < p->nitems; i++) {
        if (keep && !keep[i]) continue;
        const fz_item *it = &p->items[i];
        for (int j = 0; j < it->nreads; j++) use[it->reads[j]] = true;
        for (int j = 0; j < it->nwrites; j++) use[it->writes[j]] = true;
    }
    fz_layout_mask(p, use, l);
    free(use);
}

void fz_layout_free(fz_layout *l) {
    free(l->slot_of);
    free(l->reg_of);
    memset(l, 0, sizeof *l);
}

bool fz_reg_loaded(const fz_prog *p, int r, const bool *keep_items, bool *const *keep_lines) {
    const fz_reg *rg = &p->regs[r];
    if (rg->writer < 0 || rg->uncond_line < 0) return true;
    if (keep_items && !keep_items[rg->writer]) return true;
    if (keep_lines && keep_lines[rg->writer] && !keep_lines[rg->writer][rg->uncond_line]) return true;
    return false;
}

void fz_ptx_header(fz_buf *b) {
    fz_buf_printf(b, "//\n// Generated by scripts/fuzz (ptxfuzz): random differential testing, docs/fuzz.md\n//\n"
                     ".version 8.5\n.target sm_90\n.address_size 64\n\n");
}

void fz_ptx_kernel(fz_buf *b, const fz_prog *p, const char *kname, const fz_layout *l,
                   const bool *keep_items, bool *const *keep_lines) {
    int T = p->threads;
    fz_buf_printf(b, ".visible .entry %s(.param .u64 pin, .param .u64 pout)\n{\n", kname);
    fz_buf_printf(b, "\t.reg .b64 %%ain, %%aout, %%aoff;\n\t.reg .b32 %%tidx, %%lane, %%lc, %%lt, %%tmp;\n"
                     "\t.reg .pred %%pc;\n");
    if (p->nscratch) fz_buf_printf(b, "\t.reg .b32 %%ct<%d>;\n\t.reg .b64 %%cd<%d>;\n", p->nscratch, p->nscratch);
    for (int c = RC_B16; c <= RC_PRED; c++) {
        int n = 0;
        for (int s = 0; s < l->nslots; s++) {
            int r = l->reg_of[s];
            if (p->regs[r].cls != (fz_rclass)c) continue;
            const char *pre = fz_rclass_prefix((fz_rclass)c);
            if (n % 16 == 0) fz_buf_printf(b, "%s\t.reg %s %s%d", n ? ";\n" : "", rclass_decl((fz_rclass)c), pre, r);
            else fz_buf_printf(b, ", %s%d", pre, r);
            n++;
        }
        if (n) fz_buf_printf(b, ";\n");
    }
    fz_buf_printf(b, "\tld.param.u64 %%ain, [pin];\n\tld.param.u64 %%aout, [pout];\n"
                     "\tcvta.to.global.u64 %%ain, %%ain;\n\tcvta.to.global.u64 %%aout, %%aout;\n"
                     "\tmov.u32 %%tidx, %%tid.x;\n\tmov.u32 %%lane, %%laneid;\n"
                     "\tmul.wide.u32 %%aoff, %%tidx, 8;\n\tadd.s64 %%ain, %%ain, %%aoff;\n"
                     "\tadd.s64 %%aout, %%aout, %%aoff;\n");
    for (int s = 0; s < l->nslots; s++) {
        int r = l->reg_of[s];
        long off = (long)s * T * 8;
        if (!fz_reg_loaded(p, r, keep_items, keep_lines)) continue;
        switch (p->regs[r].cls) {
        case RC_B16: fz_buf_printf(b, "\tld.global.b16 %%h%d, [%%ain+%ld];\n", r, off); break;
        case RC_B32: fz_buf_printf(b, "\tld.global.b32 %%r%d, [%%ain+%ld];\n", r, off); break;
        case RC_B64: fz_buf_printf(b, "\tld.global.b64 %%d%d, [%%ain+%ld];\n", r, off); break;
        case RC_PRED:
            fz_buf_printf(b, "\tld.global.b32 %%tmp, [%%ain+%ld];\n\tsetp.ne.b32 %%p%d, %%tmp, 0;\n", off, r);
            break;
        }
    }
    for (int i = 0; i < p->nitems; i++) {
        if (keep_items && !keep_items[i]) continue;
        const fz_item *it = &p->items[i];
        fz_buf_printf(b, "\t// item %d: %s\n", i, it->sig);
        for (int j = 0; j < it->nlines; j++) {
            if (keep_lines && keep_lines[i] && !keep_lines[i][j]) continue;
            fz_buf_printf(b, "%s\n", it->lines[j].text);
        }
    }
    for (int s = 0; s < l->nslots; s++) {
        int r = l->reg_of[s];
        long off = (long)s * T * 8;
        switch (p->regs[r].cls) {
        case RC_B16: fz_buf_printf(b, "\tst.global.b16 [%%aout+%ld], %%h%d;\n", off, r); break;
        case RC_B32: fz_buf_printf(b, "\tst.global.b32 [%%aout+%ld], %%r%d;\n", off, r); break;
        case RC_B64: fz_buf_printf(b, "\tst.global.b64 [%%aout+%ld], %%d%d;\n", off, r); break;
        case RC_PRED:
            fz_buf_printf(b, "\tselp.b32 %%tmp, 1, 0, %%p%d;\n\tst.global.b32 [%%aout+%ld], %%tmp;\n", r, off);
            break;
        }
    }
    fz_buf_printf(b, "\tret;\n}\n\n");
}

uint64_t *fz_image_init(const fz_prog *p, const fz_layout *l) {
    size_t T = (size_t)p->threads;
    uint64_t *img = calloc((size_t)l->nslots * T + 1, sizeof *img);
    for (int s = 0; s < l->nslots; s++)
        memcpy(img + (size_t)s * T, p->init + (size_t)l->reg_of[s] * T, T * sizeof *img);
    return img;
}

void fz_prog_counts(const fz_prog *p, uint64_t counts[FZ_NFAM + 1], uint64_t *guarded) {
    for (int i = 0; i < p->nitems; i++) {
        const fz_item *it = &p->items[i];
        for (int j = 0; j < it->nlines; j++) {
            const fz_line *l = &it->lines[j];
            if (l->fam < 0) continue;
            counts[l->fam] += l->lanes;
            if (l->guarded && guarded) *guarded += l->lanes;
        }
    }
}

uint64_t fz_frame_lanes(const fz_prog *p, const fz_layout *l, const bool *keep_items,
                        bool *const *keep_lines) {
    uint64_t n = 10;
    for (int s = 0; s < l->nslots; s++) {
        int r = l->reg_of[s];
        bool pred = p->regs[r].cls == RC_PRED;
        n += pred ? 2 : 1; /* store (selp + st for a predicate) */
        if (fz_reg_loaded(p, r, keep_items, keep_lines)) n += pred ? 2 : 1;
    }
    return n * (uint64_t)p->threads;
}
