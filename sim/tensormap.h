/* tensormap.h — tiled and im2col tensor maps (the CUtensorMap a cp.async.bulk.tensor names): the
 * description, ptxsim's own 128-byte encoding of it (docs/tma.md), and the box geometry the
 * tensor copies use (global offsets, out-of-bounds tests, shared-memory layout with the TMA
 * swizzles). Used by exec_tma.c and by manifest/ (whose "tensormap" parameters it
 * encodes, and which api/ hands to the GPU harness). */
#ifndef PTXSIM_TENSORMAP_H
#define PTXSIM_TENSORMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PS_TMAP_BYTES    128
#define PS_TMAP_MAGIC    0x50414d54u /* "TMAP" in memory order */
#define PS_TMAP_MAX_RANK 5

/* Element types, numbered as CUtensorMapDataType numbers them. */
typedef enum {
    PS_TMT_U8,
    PS_TMT_U16,
    PS_TMT_U32,
    PS_TMT_S32,
    PS_TMT_U64,
    PS_TMT_S64,
    PS_TMT_F16,
    PS_TMT_F32,
    PS_TMT_F64,
    PS_TMT_BF16,
    PS_TMT_COUNT
} ps_tmap_type;
/* As CUtensorMapSwizzle, CUtensorMapL2promotion and CUtensorMapFloatOOBfill number them. */
typedef enum { PS_TMS_NONE, PS_TMS_32B, PS_TMS_64B, PS_TMS_128B } ps_tmap_swizzle;
typedef enum { PS_TML2_NONE, PS_TML2_64B, PS_TML2_128B, PS_TML2_256B } ps_tmap_l2;
typedef enum { PS_TMF_NONE, PS_TMF_NAN } ps_tmap_fill;
/* cuTensorMapEncodeTiled or cuTensorMapEncodeIm2col */
typedef enum { PS_TMM_TILED, PS_TMM_IM2COL } ps_tmap_mode;

typedef struct {
    ps_tmap_type type;
    unsigned rank;                       /* 1..5 */
    uint64_t addr;                       /* global address of element (0, ..., 0) */
    uint64_t dims[PS_TMAP_MAX_RANK];     /* elements per dimension, innermost first */
    uint64_t strides[PS_TMAP_MAX_RANK];  /* bytes; strides[0] is the element size */
    uint32_t box[PS_TMAP_MAX_RANK];      /* 1..256 */
    uint32_t estrides[PS_TMAP_MAX_RANK]; /* element (traversal) strides, 1..8 */
    ps_tmap_swizzle swizzle;
    ps_tmap_l2 l2;
    ps_tmap_fill fill;
    /* im2col maps (rank 3..5: C, W, {H, {D,}} N): the pixel bounding box's corners per spatial
     * dimension, W first (lower: offset from 0, upper: from dims - 1), channels per pixel and
     * pixels per column; box[0] = cpp, box[1] = ppc and the other box entries 1, so that the
     * shared-memory layout is a box of ppc rows of cpp elements */
    ps_tmap_mode mode;
    int32_t lower[3], upper[3];
    uint32_t cpp, ppc;
} ps_tmap;

/* "u8" ... "bf16" to a type (PS_TMT_COUNT if unknown); the name of one; its size in bytes. */
ps_tmap_type ps_tmap_type_lookup(const char *name);
const char *ps_tmap_type_name(ps_tmap_type t);
unsigned ps_tmap_type_size(ps_tmap_type t);

/* Checks a description against cuTensorMapEncodeTiled's rules and what ptxsim executes; false
 * with a message in why. The address is not checked. */
bool ps_tmap_check(const ps_tmap *m, char *why, size_t len);

/* ptxsim's 128-byte representation (docs/tma.md); decode checks the magic and the fields. */
void ps_tmap_encode(const ps_tmap *m, uint8_t out[PS_TMAP_BYTES]);
bool ps_tmap_decode(const uint8_t in[PS_TMAP_BYTES], ps_tmap *m, char *why, size_t len);

/* Elements in the box (the bytes one copy moves: count x element size). */
uint64_t ps_tmap_box_elems(const ps_tmap *m);

/* The k-th element of the box (innermost index fastest) at box origin `coord`: its tensor
 * coordinates' byte offset from m->addr, or false when it lies outside the tensor. */
bool ps_tmap_global_offset(const ps_tmap *m, const int32_t coord[PS_TMAP_MAX_RANK], uint64_t k, uint64_t *off);

/* The shared-memory address of the k-th box element for a box laid out from shared address
 * `base`: rows of the innermost box dimension one after another, each padded to the swizzle
 * span, and each 16-byte chunk's index within its 128-byte group XORed with address bits 7..9
 * (128B), 7..8 (64B) or 7 (32B). */
uint64_t ps_tmap_smem_addr(const ps_tmap *m, uint64_t base, uint64_t k);

/* Bytes of shared memory the box covers from its base (rows padded to the swizzle span). */
uint64_t ps_tmap_smem_span(const ps_tmap *m);

/* im2col: the tensor coordinates (C omitted: row[p][0] = 0) of the ppc pixels a load at
 * coordinates `coord` (C, W, {H, {D,}} N) with im2col offsets `off` (W first) reads: the
 * traversal starts at coord's pixel and steps the element stride along W; past the bounding
 * box's upper corner it restarts at its lower corner and steps the next dimension (H, D, then N,
 * each by its element stride); each pixel is read at its position plus the offsets. */
void ps_tmap_im2col_pixels(const ps_tmap *m, const int32_t coord[PS_TMAP_MAX_RANK], const int32_t off[3],
                           int32_t (*row)[PS_TMAP_MAX_RANK]);

/* Byte offset from m->addr of the element at tensor coordinates c, or false when outside. */
bool ps_tmap_offset_of(const ps_tmap *m, const int64_t c[PS_TMAP_MAX_RANK], uint64_t *off);

/* The value written for an out-of-bounds element (zero, or the NaN an H200 writes for f32). */
uint64_t ps_tmap_fill_bits(const ps_tmap *m);

#endif
