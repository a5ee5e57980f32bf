/* mma_frag.h — where each element of an mma.sync fragment lives: (lane, element index) to
 * (row, column) of the logical matrix, for every shape the PTX ISA defines for sm_70–sm_90
 * (PTX ISA 9.7.14.5 "Matrix fragments for mma.sync"). Self-contained (no project headers) so
 * that the GPU probe in lab/mma/ uses the very same tables it checks.
 *
 * One rule covers every shape except m8n8k4: A (m×k) and B (k×n, read as columns) are cut
 * into 8-line × 128-bit chunks; lane l holds line l/4 of a chunk and bits 32*(l%4)..+31 of it,
 * i.e. 32/bits consecutive elements. A's registers walk the chunks rows-first (rows 0-7, rows
 * 8-15, then the next 128 bits of k); B's walk k. C/D element e sits at row l/4 + 8*(e/2),
 * column 2*(l%4) + e%2. m8n8k4 (.f16: four independent 8×8×4 products by quad pairs; .f64:
 * one product) has its own tables. */
#ifndef PTXSIM_MMA_FRAG_H
#define PTXSIM_MMA_FRAG_H

enum { MMA_OP_A, MMA_OP_B, MMA_OP_C };

/* Coordinates of element e of `lane`'s fragment of operand op for an m×n×k mma whose A/B
 * elements are `bits` wide (C/D coordinates do not depend on it). For m8n8k4 .f16, row_a and
 * col_b say whether A is row-major and B column-major (the .row/.col qualifiers), and the
 * returned coordinates are those of the quad pair's own 8×8×4 product; *group receives which
 * of the four products (0-3) the lane takes part in (0 for every other shape). */
static inline void mma_frag_coord(int m, int n, int k, int bits, int op, int lane, int e, int row_a, int col_b,
                                  int *row, int *col, int *group) {
    int g = lane >> 2, t = lane & 3;
    *group = 0;
    if (m == 8 && n == 8 && k == 4) {
        if (bits == 64) { /* f64: one 8x8x4 product */
            if (op == MMA_OP_A) *row = g, *col = t;
            else if (op == MMA_OP_B) *row = t, *col = g;
            else *row = g, *col = 2 * t + e;
            return;
        }
        int hi = lane >= 16 ? 4 : 0;
        *group = g & 3;
        if (op == MMA_OP_A) {
            if (row_a) *row = t + hi, *col = e;
            else *row = e + hi, *col = t;
        } else if (op == MMA_OP_B) {
            if (col_b) *row = e, *col = t + hi;
            else *row = t, *col = e + hi;
        } else if (bits == 16) { /* C/D .f16 (bits names the accumulator here) */
            *row = t + hi, *col = e;
        } else { /* C/D .f32 */
            *row = (lane & 1) + (e & 2) + hi;
            *col = (e & 4) + (lane & 2) + (e & 1);
        }
        return;
    }
    (void)n;
    if (op == MMA_OP_C) {
        *row = g + 8 * (e >> 1);
        *col = 2 * t + (e & 1);
        return;
    }
    int per = 32 / bits; /* elements per 32-bit register */
    if (bits == 64) per = 1;
    int reg = e / per, j = e % per;
    int mrows = op == MMA_OP_A ? m / 8 : 1; /* 8-line chunks along the non-k dimension */
    int line = g + 8 * (reg % mrows);
    int kk = (reg / mrows) * (4 * per) + t * per + j;
    (void)k;
    if (op == MMA_OP_A) *row = line, *col = kk;
    else *row = kk, *col = line;
}

#endif
