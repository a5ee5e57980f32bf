/* wgmma.h — warpgroup MMA (PTX ISA 9.7.15 "Asynchronous Warpgroup Level Matrix Multiply-
 * Accumulate"): the shared-memory matrix descriptor and the register fragment layouts, as pure
 * functions the executor (exec_wgmma.c) and the unit tests share. Private to sim/ and tests. */
#ifndef PTXSIM_WGMMA_H
#define PTXSIM_WGMMA_H

#include <stdbool.h>
#include <stdint.h>

/* Fields of a 64-bit matrix descriptor (9.7.15.5.1.2.2): start address, leading and stride
 * dimension byte offsets (stored >> 4 in 14 bits each), base offset, swizzle mode. */
typedef struct {
    uint32_t start, lbo, sbo; /* bytes */
    unsigned base;            /* 3-bit matrix base offset */
    unsigned swizzle;         /* bytes of the swizzle pattern's row: 0 (none), 32, 64, 128 */
} wg_desc;

wg_desc wg_desc_decode(uint64_t desc);

/* Shared-memory byte address of element (mn, k) of a wgmma operand of `elem_bytes`-byte
 * elements (2: f16/bf16, 4: tf32) whose matrix is described by `desc`; mn is the row of A
 * (0..63) or the column of B (0..N-1); mn_major: the transposed (M- or N-major) layout
 * (imm-trans 1), else K-major. */
uint32_t wg_elem_addr(const wg_desc *desc, int mn, int k, int elem_bytes, bool mn_major);

/* Register fragments of a warpgroup's thread t (0..127): the row and column of element e.
 * D/C (f32: element e is register e; f16: register e/2, half e%2), m64nN: */
static inline void wg_d_pos(int t, int e, int *row, int *col) {
    int l = t % 32;
    *row = 16 * (t / 32) + l / 4 + 8 * ((e / 2) % 2);
    *col = 8 * (e / 4) + 2 * (l % 4) + e % 2;
}
/* A from registers, 16-bit elements (m64k16: 8 elements, register e/2, half e%2): */
static inline void wg_a16_pos(int t, int e, int *row, int *col) {
    int l = t % 32;
    *row = 16 * (t / 32) + l / 4 + 8 * ((e / 2) % 2);
    *col = 2 * (l % 4) + e % 2 + 8 * (e / 4);
}
/* A from registers, 8-bit elements (m64k32: 16 elements, register e/4, byte e%4; the 32 bytes
 * of a .b1 row likewise): */
static inline void wg_a8_pos(int t, int e, int *row, int *col) {
    int l = t % 32;
    *row = 16 * (t / 32) + l / 4 + 8 * ((e / 4) % 2);
    *col = 4 * (l % 4) + e % 4 + 16 * (e / 8);
}
/* A from registers, tf32 (m64k8: 4 elements, one per register): */
static inline void wg_a32_pos(int t, int e, int *row, int *col) {
    int l = t % 32;
    *row = 16 * (t / 32) + l / 4 + 8 * (e % 2);
    *col = l % 4 + 4 * (e / 2);
}

#endif
