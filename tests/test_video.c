/* test_video.c — the video instructions (sim/exec_video.c) against two oracles: a reference
 * model written here from the PTX ISA pseudocode (it reads the instruction text itself, sharing
 * nothing with the simulator) with the departures measured on the GPU, and the results an H200
 * computed for the same 725 forms on the same inputs (tests/data/video, recorded by
 * lab/video_forms/video_probe.c; provenance in tests/data/video/provenance.json). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "video_cases.h"

/* ---- the reference model ------------------------------------------------------------------ */

typedef __int128 vr_wide;

typedef struct {
    char op[16];
    int width; /* 1 scalar, 2, 4 */
    bool dsig, asig, bsig, sat, po, clamp, wrap;
    int scale;   /* 0, 7, 15 */
    char op2[8]; /* "", add, min, max */
    char cmp[4];
    char dsel[8], asel[8], bsel[8]; /* selector text without the dot, "" if none */
    bool nega, negb, negc;
    int nsrc; /* 2 or 3 source operands */
} vr_insn;

static bool vr_parse(const char *spec, vr_insn *x) {
    memset(x, 0, sizeof *x);
    char buf[128];
    strncpy(buf, spec, sizeof buf - 1);
    buf[sizeof buf - 1] = 0;
    char *sp = strchr(buf, ' ');
    if (!sp) return false;
    *sp = 0;
    char *ops = sp + 1;
    /* mnemonic */
    char *save = NULL, *tok = strtok_r(buf, ".", &save);
    strncpy(x->op, tok, sizeof x->op - 1);
    size_t n = strlen(x->op);
    x->width = x->op[n - 1] == '2' ? 2 : x->op[n - 1] == '4' ? 4 : 1;
    if (x->width > 1) x->op[n - 1] = 0;
    int ntypes = 0;
    bool types[3] = {false, false, false};
    bool is_set = strcmp(x->op, "vset") == 0;
    while ((tok = strtok_r(NULL, ".", &save))) {
        if (!strcmp(tok, "u32") || !strcmp(tok, "s32")) {
            if (ntypes < 3) types[ntypes] = tok[0] == 's';
            ntypes++;
        } else if (!strcmp(tok, "sat")) x->sat = true;
        else if (!strcmp(tok, "po")) x->po = true;
        else if (!strcmp(tok, "clamp")) x->clamp = true;
        else if (!strcmp(tok, "wrap")) x->wrap = true;
        else if (!strcmp(tok, "shr7")) x->scale = 7;
        else if (!strcmp(tok, "shr15")) x->scale = 15;
        else if (!strcmp(tok, "add") || !strcmp(tok, "min") || !strcmp(tok, "max")) strcpy(x->op2, tok);
        else strncpy(x->cmp, tok, 3);
    }
    if (is_set) { /* vset.atype.btype: the result is unsigned */
        x->dsig = false, x->asig = types[0], x->bsig = types[1];
    } else {
        x->dsig = types[0], x->asig = types[1], x->bsig = types[2];
    }
    /* operands: %rd[.sel], [-]%ra[.sel], [-]%rb[.sel][, [-]%rc] */
    char *o[4] = {0};
    int no = 0;
    for (char *p = strtok_r(ops, ",; ", &save); p && no < 4; p = strtok_r(NULL, ",; ", &save)) o[no++] = p;
    x->nsrc = no - 1;
    char *dsts[4] = {x->dsel, x->asel, x->bsel, NULL};
    bool *negs[4] = {NULL, &x->nega, &x->negb, &x->negc};
    for (int i = 0; i < no; i++) {
        char *p = o[i];
        if (*p == '-') {
            *negs[i] = true;
            p++;
        }
        char *dot = strchr(p, '.');
        if (dot && dsts[i]) strncpy(dsts[i], dot + 1, 7);
    }
    return true;
}

/* element `sel` (bN or hN, or "" = the whole word) of v, extended per signedness */
static int64_t vr_part(uint32_t v, bool sig, const char *sel) {
    if (!sel[0]) return sig ? (int64_t)(int32_t)v : (int64_t)v;
    int k = sel[1] - '0';
    if (sel[0] == 'b') {
        uint32_t b = v >> (8 * k) & 0xff;
        return sig ? (int64_t)(int8_t)b : (int64_t)b;
    }
    uint32_t h = v >> (16 * k) & 0xffff;
    return sig ? (int64_t)(int16_t)h : (int64_t)h;
}

static int64_t vr_clamp(int64_t v, bool sig, int bits) {
    int64_t lo = sig ? -((int64_t)1 << (bits - 1)) : 0;
    int64_t hi = sig ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
    return v < lo ? lo : v > hi ? hi : v;
}

static int vr_selbits(const char *sel) { return !sel[0] ? 32 : sel[0] == 'b' ? 8 : 16; }

static bool vr_cmp(const char *c, int64_t a, int64_t b) {
    if (!strcmp(c, "eq")) return a == b;
    if (!strcmp(c, "ne")) return a != b;
    if (!strcmp(c, "lt")) return a < b;
    if (!strcmp(c, "le")) return a <= b;
    if (!strcmp(c, "gt")) return a > b;
    return a >= b;
}

/* Scalar saturation as measured on an H200: a 32-bit unsigned result clamps only below (at 0);
 * a sub-word unsigned result clamps its low 32 bits as an unsigned number; signed results clamp
 * to the destination's range. */
static int64_t vr_sat(int64_t t, bool sig, const char *dsel) {
    int bits = vr_selbits(dsel);
    if (sig) return vr_clamp(t, true, bits);
    if (bits == 32) return t < 0 ? 0 : t;
    int64_t mx = ((int64_t)1 << bits) - 1;
    return t < 0 || t > mx ? mx : t;
}

/* Merge: the destination's selected byte or half comes from the result's same byte or half. */
static uint32_t vr_merge(uint32_t c, int64_t v, const char *dsel, bool sat) {
    if (!dsel[0]) return (uint32_t)v;
    int k = dsel[1] - '0';
    uint32_t m = dsel[0] == 'b' ? 0xffu << (8 * k) : 0xffffu << (16 * k);
    int sh = dsel[0] == 'b' ? 8 * k : 16 * k;
    uint32_t r = dsel[0] == 'b' ? (uint32_t)v << sh : (uint32_t)v;
    (void)sat;
    return (c & ~m) | (r & m);
}

static uint32_t vr_scalar(const vr_insn *x, uint32_t a, uint32_t b, uint32_t c) {
    int64_t ta = vr_part(a, x->asig, x->asel), t;
    bool shift = !strcmp(x->op, "vshl") || !strcmp(x->op, "vshr");
    int64_t tb = vr_part(b, shift ? false : x->bsig, x->bsel);
    if (!strcmp(x->op, "vset")) t = vr_cmp(x->cmp, ta, tb);
    else if (!strcmp(x->op, "vadd")) t = ta + tb;
    else if (!strcmp(x->op, "vsub")) t = ta - tb;
    else if (!strcmp(x->op, "vabsdiff")) t = ta > tb ? ta - tb : tb - ta;
    else if (!strcmp(x->op, "vmin")) t = ta < tb ? ta : tb;
    else if (!strcmp(x->op, "vmax")) t = ta > tb ? ta : tb;
    else {
        uint64_t n = (uint64_t)tb;
        if (x->clamp && n > 32) n = 32;
        if (x->wrap) n &= 31;
        /* measured: vshl's result wraps to 34 bits, signed (except for min/max) */
        if (!strcmp(x->op, "vshl"))
            t = x->op2[0] ? (int64_t)((uint64_t)ta << n) : (int64_t)(((uint64_t)ta << n) << 30) >> 30;
        else t = ta >> n;
    }
    /* measured: vshl/vshr saturate to the 32-bit range of the destination type even when a
     * byte is selected (the merge then takes the clamped word's low byte) */
    if (x->sat && shift) t = vr_clamp(t, x->dsig, 32);
    else if (x->sat) t = vr_sat(t, x->dsig, x->dsel);
    if (x->op2[0]) {
        bool sg = !strcmp(x->op, "vset") ? x->asig : x->dsig;
        int64_t tc = sg ? (int64_t)(int32_t)c : (int64_t)c;
        if (!strcmp(x->op2, "add")) return (uint32_t)(t + tc);
        /* measured: min/max take vadd's and vsub's result as its low 32 bits sign-extended,
         * every other result whole; they compare it with c as 64-bit numbers, unsigned for a
         * u32 result (a negative value is then above every c) */
        if (!strcmp(x->op, "vadd") || !strcmp(x->op, "vsub")) t = (int64_t)(int32_t)(uint32_t)t;
        bool lt = sg ? t < tc : (uint64_t)t < (uint64_t)tc;
        if (!strcmp(x->op2, "min")) t = lt ? t : tc;
        else t = lt ? tc : t;
        return (uint32_t)t;
    }
    return vr_merge(c, t, x->dsel, x->sat);
}

/* vmad as measured on an H200: whole-word a and b are sign-extended whatever their type (a
 * selected byte or half follows its type); c is sign-extended; the sum is shifted (.shr7/.shr15)
 * at full width, then saturated or truncated to 32 bits. */
static uint32_t vr_vmad(const vr_insn *x, uint32_t a, uint32_t b, uint32_t c) {
    bool negp = x->nega != x->negb;
    bool isig = x->asig || x->bsig;
    vr_wide ta = vr_part(a, x->asel[0] ? x->asig : true, x->asel);
    vr_wide tb = vr_part(b, x->bsel[0] ? x->bsig : true, x->bsel);
    vr_wide p = ta * tb;
    if (negp) p = -p;
    vr_wide tc = (vr_wide)(int32_t)c;
    if (x->negc) tc = -tc;
    vr_wide t = p + tc + (x->po ? 1 : 0);
    /* measured: with two unsigned sources .shr7/.shr15 shift the 64-bit sum logically (a
     * negative sum becomes a large positive one); with a signed source arithmetically */
    if (!isig && x->scale) t = (vr_wide)((uint64_t)(int64_t)t >> x->scale);
    else t >>= x->scale;
    if (x->sat && isig) {
        vr_wide lo = -((vr_wide)1 << 31), hi = ((vr_wide)1 << 31) - 1;
        t = t < lo ? lo : t > hi ? hi : t;
    } else if (x->sat) {
        t = t < 0 ? 0 : t > 0xffffffff ? 0xffffffff : t;
    }
    return (uint32_t)t;
}

/* SIMD: elements from the 8 bytes / 4 halves of {b, a} */
static int64_t vr_elem(uint32_t a, uint32_t b, int w, int k, bool sig) {
    uint64_t v = (uint64_t)b << 32 | a;
    if (w == 4) {
        uint32_t e = v >> (8 * k) & 0xff;
        return sig ? (int64_t)(int8_t)e : (int64_t)e;
    }
    uint32_t e = v >> (16 * k) & 0xffff;
    return sig ? (int64_t)(int16_t)e : (int64_t)e;
}

static uint32_t vr_simd(const vr_insn *x, uint32_t a, uint32_t b, uint32_t c) {
    int w = x->width, bits = 32 / w;
    const char *adef = w == 4 ? "b3210" : "h10", *bdef = w == 4 ? "b7654" : "h32";
    const char *as = x->asel[0] ? x->asel : adef, *bs = x->bsel[0] ? x->bsel : bdef;
    const char *ms = x->dsel[0] ? x->dsel : adef;
    int64_t t[4];
    bool mask[4] = {false, false, false, false};
    for (const char *p = ms + 1; *p; p++) mask[*p - '0'] = true;
    bool is_set = !strcmp(x->op, "vset");
    for (int i = 0; i < w; i++) {
        int ka = as[strlen(as) - 1 - i] - '0', kb = bs[strlen(bs) - 1 - i] - '0';
        int64_t va = vr_elem(a, b, w, ka, x->asig), vb = vr_elem(a, b, w, kb, x->bsig);
        int64_t r;
        if (is_set) r = vr_cmp(x->cmp, va, vb);
        else if (!strcmp(x->op, "vadd")) r = va + vb;
        else if (!strcmp(x->op, "vsub")) r = va - vb;
        else if (!strcmp(x->op, "vavrg")) r = (va + vb >= 0) ? (va + vb + 1) >> 1 : (va + vb) >> 1;
        else if (!strcmp(x->op, "vabsdiff")) r = va > vb ? va - vb : vb - va;
        else if (!strcmp(x->op, "vmin")) r = va < vb ? va : vb;
        else r = va > vb ? va : vb;
        if (x->sat) r = vr_clamp(r, x->dsig, bits);
        t[i] = r;
    }
    uint32_t emask = w == 4 ? 0xff : 0xffff;
    if (x->op2[0]) { /* .add */
        int64_t d = x->dsig ? (int64_t)(int32_t)c : (int64_t)c;
        for (int i = 0; i < w; i++)
            if (mask[i]) d += t[i];
        return (uint32_t)d;
    }
    uint32_t d = 0;
    for (int i = 0; i < w; i++) {
        uint32_t e = mask[i] ? (uint32_t)t[i] & emask : (c >> (bits * i)) & emask;
        d |= e << (bits * i);
    }
    return d;
}

static uint32_t vr_eval(const vr_insn *x, uint32_t a, uint32_t b, uint32_t c) {
    if (x->width > 1) return vr_simd(x, a, b, c);
    if (!strcmp(x->op, "vmad")) return vr_vmad(x, a, b, c);
    return vr_scalar(x, a, b, c);
}

/* ---- GPU data ------------------------------------------------------------------------------ */

static char specs[VC_MAX_SPECS][VC_SPEC_LEN];
static int nspecs;
static uint32_t in_a[VC_N], in_b[VC_N], in_c[VC_N];
static uint32_t (*gpu)[VC_N];
static bool gpu_ok[VC_MAX_SPECS];

static int setup(void **state) {
    (void)state;
    nspecs = vc_specs(specs);
    vc_inputs(in_a, in_b, in_c);
    gpu = calloc(VC_MAX_SPECS, sizeof *gpu);
    FILE *f = fopen("tests/data/video/video_gpu.bin", "rb");
    if (!f || fread(gpu, sizeof gpu[0], (size_t)nspecs, f) != (size_t)nspecs) return -1;
    fclose(f);
    f = fopen("tests/data/video/video_status.txt", "r");
    if (!f) return -1;
    char line[1024];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        if (!t2) return -1;
        char *t3 = strchr(t2 + 1, '\t'), *nl = strchr(t2 + 1, '\n');
        char *end = t3 ? t3 : nl;
        if (end) *end = 0;
        /* the recorded instruction text must be the one generated now */
        if (atoi(line) != n || n >= nspecs || strcmp(t2 + 1, specs[n])) {
            fprintf(stderr, "video_status.txt line %d does not match form '%s'\n", n, n < nspecs ? specs[n] : "?");
            return -1;
        }
        gpu_ok[n] = !strncmp(t1 + 1, "OK", 2);
        n++;
    }
    fclose(f);
    return n == nspecs ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    free(gpu);
    return 0;
}

/* The reference model agrees with the H200 on every form the JIT accepted, on every input. */
static void reference_matches_gpu(void **state) {
    (void)state;
    int accepted = 0, equal = 0;
    for (int i = 0; i < nspecs; i++) {
        if (!gpu_ok[i]) continue;
        accepted++;
        vr_insn x;
        assert_true(vr_parse(specs[i], &x));
        int bad = 0;
        for (int k = 0; k < VC_N; k++) bad += vr_eval(&x, in_a[k], in_b[k], in_c[k]) != gpu[i][k];
        if (bad) fail_msg("reference differs from the GPU on '%s' (%d of %d inputs)", specs[i], bad, VC_N);
        equal++;
    }
    assert_int_equal(accepted, 723);
    assert_int_equal(equal, 723);
}

/* ptxsim on every form: equal to the reference and to the GPU everywhere; the forms the GPU's JIT rejected are rejected by ptxsim with a located diagnostic. */
static void simulator_matches(void **state) {
    (void)state;
    static char ptx[4096], diag[2048];
    uint32_t d[VC_N];
    int gpu_equal = 0;
    for (int i = 0; i < nspecs; i++) {
        vc_ptx(specs[i], ptx, sizeof ptx);
        tu_buf b[4] = {{in_a, sizeof in_a}, {in_b, sizeof in_b}, {in_c, sizeof in_c}, {d, sizeof d}};
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {VC_N, 1, 1}};
        ps_launch_result res;
        diag[0] = 0;
        ps_status st = tu_run(ptx, "k", &cfg, b, 4, &res, diag, sizeof diag);
        if (!gpu_ok[i]) {
            if (st == PS_OK) fail_msg("ptxsim accepts '%s', which the GPU's JIT rejects", specs[i]);
            assert_non_null(strstr(diag, "negation limited"));
            assert_non_null(strstr(diag, "22:3"));
            continue;
        }
        if (st != PS_OK) fail_msg("'%s': %s", specs[i], diag);
        vr_insn x;
        vr_parse(specs[i], &x);
        int gbad = 0;
        for (int k = 0; k < VC_N; k++) {
            uint32_t r = vr_eval(&x, in_a[k], in_b[k], in_c[k]);
            if (d[k] != r)
                fail_msg("'%s' a=%08x b=%08x c=%08x: ptxsim %08x, reference %08x", specs[i], in_a[k], in_b[k], in_c[k],
                         d[k], r);
            gbad += d[k] != gpu[i][k];
        }
        if (gbad) fail_msg("'%s' differs from the GPU on %d of %d inputs", specs[i], gbad, VC_N);
        gpu_equal++;
    }
    assert_int_equal(gpu_equal, 723);
}

/* Misuse gets a located diagnostic (ptxas 13's words, at parse time), not a guess. */
static void rejects_misuse(void **state) {
    (void)state;
    static const struct {
        const char *insn, *msg;
    } bad[] = {
        {"vadd4.u32.u32.u32.sat.add %rd, %ra, %rb, %rc;", "Illegal combination of .sat and .add modifiers"},
        {"vadd4.u32.u32.u32 %rd.b03, %ra, %rb, %rc;", "Incorrect video selector for operand 0"},
        {"vadd2.u32.u32.u32 %rd, %ra.h4, %rb, %rc;", "invalid selector '.h4'"},
        {"vadd4.u32.u32.u32 %rd, %ra.b321, %rb, %rc;", "Incorrect video selector for operand 1"},
        {"vadd4.u32.u32.u32.min %rd, %ra, %rb, %rc;", "Illegal secondary operation for video instruction 'vadd4'"},
        {"vadd.u32.u32.u32 %rd, %ra.b3210, %rb;", "Incorrect video selector for operand 1"},
        {"vadd.u32.u32.u32 %rd.b1, %ra, %rb;", "Video selector is not allowed on destination"},
        {"vadd.u32.u32.u32.add %rd, %ra, %rb;", "Arguments mismatch for instruction 'vadd'"},
        {"vadd.u32.u32 %rd, %ra, %rb;", "Unexpected instruction types specified for 'vadd'"},
        {"vshl.u32.u32.s32.wrap %rd, %ra, %rb;", "Operation requires .u32 type"},
        {"vshr.u32.u32.u32 %rd, %ra, %rb;", "Clamp modifier required for instruction 'vshr'"},
        {"vset.u32.u32 %rd, %ra, %rb;", "Comparison modifier required for instruction 'vset'"},
        {"vmad.s32.s32.s32.po %rd, -%ra, %rb, %rc;", "Conflicting use of '.po' modifier with operand negation"},
    };
    static char ptx[4096], diag[2048];
    uint32_t d[VC_N];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        vc_ptx(bad[i].insn, ptx, sizeof ptx);
        tu_buf b[4] = {{in_a, sizeof in_a}, {in_b, sizeof in_b}, {in_c, sizeof in_c}, {d, sizeof d}};
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
        ps_launch_result res;
        diag[0] = 0;
        assert_int_not_equal(tu_run(ptx, "k", &cfg, b, 4, &res, diag, sizeof diag), PS_OK);
        if (!strstr(diag, bad[i].msg) || strncmp(diag, "22:", 3) != 0)
            fail_msg("'%s': expected '%s' at line 22, got: %s", bad[i].insn, bad[i].msg, diag);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reference_matches_gpu),
        cmocka_unit_test(simulator_matches),
        cmocka_unit_test(rejects_misuse),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
