/* exec_matrix_b8.c — the 8-bit forms of ldmatrix and stmatrix (PTX ISA 9.7.14.5.15-16;
 * sm_100a/sm_101a/sm_120a and the family targets, so no recording from the H200 backs them):
 *
 *   ldmatrix.sync.aligned.m16n16.{x1,x2}.trans{.ss}.b8                  16x16 bytes, 2 regs/matrix
 *   ldmatrix.sync.aligned.m16n16.{x1,x2}.trans{.ss}.b8x16.{b6x16_p32,b4x16_p64}
 *   ldmatrix.sync.aligned.m8n16.{x1,x2,x4}{.ss}.b8x16.{b6x16_p32,b4x16_p64}   8x16, 1 reg/matrix
 *   stmatrix.sync.aligned.m16n8.{x1,x2,x4}.trans{.ss}.b8                16x8 bytes, 1 reg/matrix
 *
 * Rows: each is 16 bytes at the address one lane supplies (m16n16: lanes 16i..16i+15 for matrix
 * i; m8n16 and m16n8: lanes 8i..8i+7). With .trans a row in memory is a column of the matrix.
 * Registers (the ISA's prose — "each thread loads 4 consecutive columns across 2 rows" for
 * m16n16, "4 consecutive columns" for m8n16, "four 8-bit elements e0..e3, e0 the LSB" for
 * m16n8 — with the element order of its figures as CUTLASS's SM100 copy traits spell them):
 *   m16n16 .trans: lane l, register 2i+r, byte k holds byte l/4 + 8(k>>1) of row
 *                  4(l%4) + 2r + (k&1) of matrix i (matrix element (l/4 + 8(k>>1), 4(l%4)+2r+(k&1)))
 *   m8n16:         lane l, register i, byte k holds element 4(l%4) + k of row l/4 of matrix i
 *   m16n8 .trans:  lane l, register i, byte k goes to byte l/4 + 8(k>>1) of row 2(l%4) + (k&1)
 *                  (the m16n8 accumulator fragment of mma: rows l/4 and l/4+8, columns 2(l%4)+{0,1})
 * Source formats: .b4x16_p64 rows hold 16 packed 4-bit elements in their first 8 bytes (element e
 * in bits 4e..4e+3) and 8 bytes of padding; .b6x16_p32 rows 16 packed 6-bit elements in their
 * first 12 bytes (bits 6e..6e+5) and 4 bytes of padding. Each element is widened to a byte, the
 * value in the low bits and the padding bits zero. */
#include <string.h>

#include "tensor.h"

enum { FMT_B8, FMT_B6_P32, FMT_B4_P64 };

/* The 16 bytes of a row as 8-bit elements (decompressed per d->type2). */
static void row_bytes(const uint8_t *src, int fmt, uint8_t out[16]) {
    if (fmt == FMT_B8) {
        memcpy(out, src, 16);
        return;
    }
    int bits = fmt == FMT_B4_P64 ? 4 : 6;
    uint64_t packed[2] = {0, 0};
    memcpy(packed, src, 16);
    for (int e = 0; e < 16; e++) {
        int at = bits * e;
        uint64_t v = packed[at / 64] >> (at % 64);
        if (at % 64 + bits > 64) v |= packed[at / 64 + 1] << (64 - at % 64);
        out[e] = (uint8_t)(v & ((1u << bits) - 1));
    }
}

/* Reads the rows of nm matrices of `rows` rows each (row r of matrix i at lane rows*i + r). */
static bool load_rows(ps_warp *w, const ps_dinsn *d, const uint64_t *addr, int rows, uint8_t m[4][16][16]) {
    int nm = d->nmat, lanes = rows * nm;
    uint8_t *row[WARP];
    uint32_t mask = lanes == 32 ? FULL_MASK : (1u << lanes) - 1;
    if (!tc_access(w, d, mask, addr, 16, false, row)) return false;
    for (int i = 0; i < nm; i++)
        for (int r = 0; r < rows; r++) row_bytes(row[rows * i + r], d->type2, m[i][r]);
    return true;
}

static void ldmatrix_m16n16(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    const uint16_t *s = tc_slots(w, d);
    int nm = d->nmat;
    uint8_t m[4][16][16];
    if (!load_rows(w, d, R(w, s[2 * nm]), 16, m)) return;
    for (int i = 0; i < nm; i++)
        for (int r = 0; r < 2; r++) {
            uint64_t *D = R(w, s[2 * i + r]);
            for (int l = 0; l < WARP; l++) {
                uint32_t v = 0;
                for (int k = 0; k < 4; k++)
                    v |= (uint32_t)m[i][4 * (l % 4) + 2 * r + (k & 1)][l / 4 + 8 * (k >> 1)] << (8 * k);
                D[l] = v;
            }
        }
}

static void ldmatrix_m8n16(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    const uint16_t *s = tc_slots(w, d);
    int nm = d->nmat;
    uint8_t m[4][16][16];
    if (!load_rows(w, d, R(w, s[nm]), 8, m)) return;
    for (int i = 0; i < nm; i++) {
        uint64_t *D = R(w, s[i]);
        for (int l = 0; l < WARP; l++) {
            uint32_t v = 0;
            for (int k = 0; k < 4; k++) v |= (uint32_t)m[i][l / 4][4 * (l % 4) + k] << (8 * k);
            D[l] = v;
        }
    }
}

static void stmatrix_m16n8(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    const uint16_t *s = tc_slots(w, d);
    int nm = d->nmat, lanes = 8 * nm;
    uint8_t *row[WARP];
    uint32_t mask = lanes == 32 ? FULL_MASK : (1u << lanes) - 1;
    if (!tc_access(w, d, mask, R(w, s[0]), 16, true, row)) return;
    for (int i = 0; i < nm; i++) {
        const uint64_t *S = R(w, s[1 + i]);
        for (int r = 0; r < 8; r++)
            for (int j = 0; j < 16; j++) {
                int l = 4 * (j % 8) + r / 2, k = (r % 2) + 2 * (j / 8);
                row[8 * i + r][j] = (uint8_t)(S[l] >> (8 * k));
            }
    }
}

ps_exec_fn ps_select_matrix_b8(const ps_insn *in, ps_dinsn *d) {
    bool trans = false, b8x16 = false, sync = false, aligned = false;
    int fmt = FMT_B8, nfmt = 0;
    for (int i = 0; i < in->nwords; i++) {
        ps_word w = in->words[i];
        if (w == PS_WM(TRANS)) trans = true;
        else if (w == PS_WM(SYNC)) sync = true;
        else if (w == PS_WM(ALIGNED)) aligned = true;
        else if (w == PS_WM(B8X16)) b8x16 = true;
        else if (w == PS_WM(B6X16_P32)) fmt = FMT_B6_P32, nfmt++;
        else if (w == PS_WM(B4X16_P64)) fmt = FMT_B4_P64, nfmt++;
    }
    bool plain_b8 = in->ntypes == 1 && in->types[0] == PS_T_B8 && !b8x16 && !nfmt;
    bool packed = in->ntypes == 0 && b8x16 && nfmt == 1;
    int m = in->shape_m, n = in->shape_n, nm = in->xnum;
    if (!sync || !aligned || in->shape_k || in->nops != 2) return NULL;
    if (d->space != SP_SHARED && d->space != SP_GENERIC) return NULL;
    d->nmat = (uint8_t)nm;
    d->type2 = (uint8_t)fmt;
    if (in->form == PS_F_LDMATRIX && m == 16 && n == 16) {
        /* .trans is mandatory; .x1 or .x2; .b8 or .b8x16 with a source format */
        if (!trans || (nm != 1 && nm != 2) || !(plain_b8 || packed) || d->o[0] != 2 * nm) return NULL;
        return ldmatrix_m16n16;
    }
    if (in->form == PS_F_LDMATRIX && m == 8 && n == 16) {
        if (trans || (nm != 1 && nm != 2 && nm != 4) || !packed || d->o[0] != nm) return NULL;
        return ldmatrix_m8n16;
    }
    if (in->form == PS_F_STMATRIX && m == 16 && n == 8) {
        if (!trans || (nm != 1 && nm != 2 && nm != 4) || !plain_b8 || d->o[1] != nm) return NULL;
        return stmatrix_m16n8;
    }
    return NULL;
}
