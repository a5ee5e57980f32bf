/* video_cases.h — the video-instruction forms ptxsim is compared on, their inputs and the PTX
 * kernel that runs one form. Shared by tests/test_video.c and the standalone GPU probe
 * (lab/video_forms/video_probe.c), so both run exactly the same instruction text on exactly the
 * same inputs. Header-only, plain C, no project dependencies. */
#ifndef PTXSIM_VIDEO_CASES_H
#define PTXSIM_VIDEO_CASES_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define VC_N         128 /* inputs (threads) per form */
#define VC_MAX_SPECS 1024
#define VC_SPEC_LEN  96

static inline uint64_t vc_next(uint64_t *s) { /* splitmix64 */
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* a, b, c: VC_N words each. Edge values first, then words built from edge bytes, then random. */
static inline void vc_inputs(uint32_t *a, uint32_t *b, uint32_t *c) {
    static const uint32_t e[] = {0,          1,          2,          0x1f,       0x20,       0x21,
                                 0x7f,       0x80,       0xff,       0x100,      0x7fff,     0x8000,
                                 0xffff,     0x10000,    0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe,
                                 0x80808080, 0x7f7f7f7f, 0xff00ff00, 0x00ff00ff, 0x01020304, 0x807f0180};
    static const uint8_t eb[] = {0, 1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff};
    const int ne = (int)(sizeof e / sizeof e[0]);
    uint64_t s = 0x766964656f; /* "video" */
    for (int i = 0; i < VC_N; i++) {
        if (i < 48) {
            a[i] = e[i % ne];
            b[i] = e[(i * 7 + i / ne + 3) % ne];
            c[i] = e[(i * 5 + 11) % ne];
        } else if (i < 96) {
            uint32_t w[3] = {0, 0, 0};
            for (int k = 0; k < 3; k++)
                for (int j = 0; j < 4; j++) {
                    uint64_t r = vc_next(&s);
                    uint32_t byte = (r & 8) ? (uint32_t)(r >> 8) & 0xff : eb[r & 7];
                    w[k] |= byte << (8 * j);
                }
            a[i] = w[0], b[i] = w[1], c[i] = w[2];
        } else {
            a[i] = (uint32_t)vc_next(&s);
            b[i] = (uint32_t)vc_next(&s);
            c[i] = (uint32_t)vc_next(&s);
            if (i % 4 == 0) b[i] &= 0x3f; /* small shift counts for vshl/vshr */
        }
    }
}

/* The instruction text of every form compared, with operands %rd %ra %rb %rc. Returns the count. */
static inline int vc_specs(char (*sp)[VC_SPEC_LEN]) {
    static const char *T[] = {"u32", "s32"};
    static const char *sel1[] = {".b0", ".b1", ".b2", ".b3", ".h0", ".h1"};
    static const char *op2[] = {"add", "min", "max"};
    static const char *cmp[] = {"eq", "ne", "lt", "le", "gt", "ge"};
    static const char *scalar[] = {"vadd", "vsub", "vabsdiff", "vmin", "vmax"};
    static const char *simd[] = {"add", "sub", "avrg", "absdiff", "min", "max"};
    int n = 0;
#define VC_ADD(...) snprintf(sp[n++], VC_SPEC_LEN, __VA_ARGS__)
    for (int o = 0; o < 5; o++) {
        const char *op = scalar[o];
        for (int t = 0; t < 16; t++)
            VC_ADD("%s.%s.%s.%s%s %%rd, %%ra, %%rb;", op, T[t & 1], T[t >> 1 & 1], T[t >> 2 & 1], t & 8 ? ".sat" : "");
        for (int k = 0; k < 6; k++)
            VC_ADD("%s.%s.%s.%s%s %%rd, %%ra%s, %%rb%s;", op, T[k & 1], T[(k + 1) >> 1 & 1], T[k >> 2 & 1],
                   k & 1 ? ".sat" : "", sel1[k], sel1[(k * 5 + 2) % 6]);
        for (int k = 0; k < 6; k++)
            VC_ADD("%s.%s.%s.%s%s.%s %%rd, %%ra%s, %%rb, %%rc;", op, T[k & 1], T[(k >> 1) & 1], T[(k + 1) & 1],
                   k >= 3 ? ".sat" : "", op2[k % 3], k & 1 ? "" : sel1[k]);
        for (int k = 0; k < 6; k++)
            VC_ADD("%s.%s.%s.%s%s %%rd%s, %%ra%s, %%rb, %%rc;", op, T[k & 1], T[(k >> 1) & 1], T[(k >> 2) & 1],
                   k % 2 == 0 ? ".sat" : "", sel1[k], k >= 3 ? sel1[5 - k] : "");
    }
    for (int o = 0; o < 2; o++) {
        const char *op = o ? "vshr" : "vshl";
        for (int t = 0; t < 16; t++)
            VC_ADD("%s.%s.%s.u32%s.%s %%rd, %%ra, %%rb;", op, T[t & 1], T[t >> 1 & 1], t & 4 ? ".sat" : "",
                   t & 8 ? "wrap" : "clamp");
        for (int k = 0; k < 4; k++)
            VC_ADD("%s.%s.%s.u32.%s %%rd, %%ra%s, %%rb%s;", op, T[k & 1], T[k >> 1 & 1], k & 1 ? "wrap" : "clamp",
                   sel1[k + 1], sel1[(k * 3) % 6]);
        for (int k = 0; k < 3; k++)
            VC_ADD("%s.%s.%s.u32.%s.%s %%rd, %%ra, %%rb, %%rc;", op, T[k & 1], T[(k + 1) & 1], k & 1 ? "wrap" : "clamp",
                   op2[k]);
        for (int k = 0; k < 6; k++)
            VC_ADD("%s.%s.%s.u32%s.%s %%rd%s, %%ra, %%rb, %%rc;", op, T[k & 1], T[(k >> 1) & 1], k & 2 ? ".sat" : "",
                   k & 1 ? "wrap" : "clamp", sel1[k]);
    }
    for (int t = 0; t < 8; t++) VC_ADD("vmad.%s.%s.%s %%rd, %%ra, %%rb, %%rc;", T[t & 1], T[t >> 1 & 1], T[t >> 2 & 1]);
    for (int t = 0; t < 8; t++)
        VC_ADD("vmad.%s.%s.%s%s%s %%rd, %%ra, %%rb, %%rc;", T[t & 1], T[t >> 1 & 1], T[t >> 2 & 1], t & 1 ? ".sat" : "",
               t & 4 ? ".shr15" : ".shr7");
    for (int t = 0; t < 4; t++)
        VC_ADD("vmad.%s.%s.%s.po%s %%rd, %%ra, %%rb, %%rc;", T[t & 1], T[t >> 1 & 1], T[t & 1], t & 2 ? ".sat" : "");
    for (int t = 0; t < 8; t++)
        VC_ADD("vmad.s32.%s.%s%s %%rd, %s%%ra, %s%%rb, %s%%rc;", T[t & 1], T[t >> 1 & 1], t & 4 ? ".sat" : "",
               t & 1 ? "-" : "", t == 3 || t == 6 ? "-" : "", t & 2 ? "-" : "");
    for (int k = 0; k < 4; k++)
        VC_ADD("vmad.%s.%s.%s %%rd, %%ra%s, %%rb%s, %%rc;", T[k & 1], T[k >> 1 & 1], T[k & 1], sel1[k + 2],
               sel1[(k * 5) % 6]);
    for (int t = 0; t < 24; t++) VC_ADD("vset.%s.%s.%s %%rd, %%ra, %%rb;", T[t & 1], T[t >> 1 & 1], cmp[t >> 2]);
    for (int k = 0; k < 6; k++)
        VC_ADD("vset.%s.%s.%s.%s %%rd, %%ra, %%rb, %%rc;", T[k & 1], T[(k >> 1) & 1], cmp[k], op2[k % 3]);
    for (int k = 0; k < 6; k++)
        VC_ADD("vset.%s.%s.%s %%rd%s, %%ra%s, %%rb, %%rc;", T[k & 1], T[(k >> 1) & 1], cmp[(k + 2) % 6], sel1[k],
               sel1[(k + 3) % 6]);
    for (int k = 0; k < 4; k++)
        VC_ADD("vset.%s.%s.%s %%rd, %%ra%s, %%rb%s;", T[k & 1], T[k >> 1 & 1], cmp[k + 2], sel1[k + 1],
               sel1[(k * 5 + 1) % 6]);
    for (int w = 2; w <= 4; w += 2) {
        static const char *mask2[] = {".h0", ".h1", ".h10"};
        static const char *mask4[] = {".b0", ".b1", ".b10", ".b2", ".b20", ".b321", ".b3210", ".b31"};
        static const char *asel2[] = {".h01", ".h32", ".h11", ".h30"};
        static const char *bsel2[] = {".h23", ".h10", ".h00", ".h12"};
        static const char *asel4[] = {".b0123", ".b7654", ".b0000", ".b5140"};
        static const char *bsel4[] = {".b4567", ".b3210", ".b7777", ".b2637"};
        const char **mask = w == 2 ? mask2 : mask4, **as = w == 2 ? asel2 : asel4, **bs = w == 2 ? bsel2 : bsel4;
        int nmask = w == 2 ? 3 : 8;
        for (int o = 0; o < 6; o++) {
            char op[16];
            snprintf(op, sizeof op, "v%s%d", simd[o], w);
            for (int t = 0; t < 16; t++)
                VC_ADD("%s.%s.%s.%s%s %%rd, %%ra, %%rb, %%rc;", op, T[t & 1], T[t >> 1 & 1], T[t >> 2 & 1],
                       t & 8 ? ".sat" : "");
            for (int t = 0; t < 4; t++)
                VC_ADD("%s.%s.%s.%s.add %%rd, %%ra, %%rb, %%rc;", op, T[t & 1], T[t >> 1 & 1], T[(t + 1) & 1]);
            for (int k = 0; k < nmask; k++)
                VC_ADD("%s.%s.%s.%s%s %%rd%s, %%ra, %%rb, %%rc;", op, T[k & 1], T[k >> 1 & 1], T[k >> 2 & 1],
                       k & 1 ? ".sat" : "", mask[k]);
            for (int k = 0; k < 4; k++)
                VC_ADD("%s.%s.%s.%s%s %%rd, %%ra%s, %%rb%s, %%rc;", op, T[k & 1], T[k >> 1 & 1], T[(k + 1) & 1],
                       k == 2 ? ".add" : "", as[k], bs[k]);
        }
        char op[16];
        snprintf(op, sizeof op, "vset%d", w);
        for (int t = 0; t < 24; t++)
            VC_ADD("%s.%s.%s.%s %%rd, %%ra, %%rb, %%rc;", op, T[t & 1], T[t >> 1 & 1], cmp[t >> 2]);
        for (int k = 0; k < 4; k++)
            VC_ADD("%s.%s.%s.%s.add %%rd, %%ra, %%rb, %%rc;", op, T[k & 1], T[k >> 1 & 1], cmp[k + 1]);
        for (int k = 0; k < nmask; k++)
            VC_ADD("%s.%s.%s.%s %%rd%s, %%ra, %%rb, %%rc;", op, T[k & 1], T[k >> 1 & 1], cmp[k % 6], mask[k]);
        for (int k = 0; k < 2; k++)
            VC_ADD("%s.%s.%s.%s %%rd, %%ra%s, %%rb%s, %%rc;", op, T[k & 1], T[(k + 1) & 1], cmp[k * 3], as[k + 1],
                   bs[k + 2]);
    }
#undef VC_ADD
    return n;
}

/* A complete module running `spec` once per thread: d[i] = spec(a[i], b[i], c[i]), with %rd
 * preset to 0x5a5a5a5a. Kernel "k", parameters a, b, c, d (global pointers). */
static inline void vc_ptx(const char *spec, char *buf, size_t len) {
    snprintf(buf, len,
             ".version 8.0\n.target sm_90\n.address_size 64\n"
             ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2, .param .u64 p3)\n"
             "{\n"
             "  .reg .b32 %%ra, %%rb, %%rc, %%rd, %%t;\n"
             "  .reg .b64 %%x<5>;\n"
             "  ld.param.u64 %%x0, [p0];\n  ld.param.u64 %%x1, [p1];\n"
             "  ld.param.u64 %%x2, [p2];\n  ld.param.u64 %%x3, [p3];\n"
             "  mov.u32 %%t, %%tid.x;\n  mul.wide.u32 %%x4, %%t, 4;\n"
             "  add.s64 %%x0, %%x0, %%x4;\n  add.s64 %%x1, %%x1, %%x4;\n"
             "  add.s64 %%x2, %%x2, %%x4;\n  add.s64 %%x3, %%x3, %%x4;\n"
             "  ld.global.u32 %%ra, [%%x0];\n  ld.global.u32 %%rb, [%%x1];\n"
             "  ld.global.u32 %%rc, [%%x2];\n  mov.b32 %%rd, 0x5a5a5a5a;\n"
             "  %.*s\n"
             "  st.global.u32 [%%x3], %%rd;\n  ret;\n}\n",
             (int)strnlen(spec, VC_SPEC_LEN), spec);
}

#endif
