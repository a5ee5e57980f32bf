/* texture.h — texture and surface objects (docs/textures.md): the description a manifest's
 * "texture" or "surface" parameter gives, ptxsim's own 64-byte encoding of it in device memory
 * (the 64-bit handle a kernel receives is that encoding's address), and the sampling rules of
 * the CUDA programming guide's texture-fetching appendix. Used by exec_tex.c and manifest/. */
#ifndef PTXSIM_TEXTURE_H
#define PTXSIM_TEXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PS_TEX_BYTES 64
#define PS_TEX_MAGIC 0x58455450u /* "PTEX" in memory order */

/* Channel formats (cudaChannelFormatKind with a size). */
typedef enum {
    PS_TXF_U8,
    PS_TXF_S8,
    PS_TXF_U16,
    PS_TXF_S16,
    PS_TXF_U32,
    PS_TXF_S32,
    PS_TXF_F16,
    PS_TXF_F32,
    PS_TXF_COUNT
} ps_tex_format;
typedef enum { PS_TXA_WRAP, PS_TXA_CLAMP, PS_TXA_MIRROR, PS_TXA_BORDER } ps_tex_addr;

typedef struct {
    bool surface; /* a surface object (suld/sust/suq) rather than a texture object */
    ps_tex_format format;
    unsigned channels; /* 1, 2 or 4 */
    unsigned dim;      /* 1, 2 or 3 */
    bool layered;      /* an array of `layers` 1D or 2D images */
    /* textures only: 1 a cubemap, 2 a cubemap array: layered 2D with square faces, six a cube
     * (+x, -x, +y, -y, +z, -z), `layers` 6 or 6 x the cubes (sampled by texture_cube.c) */
    uint8_t cube;
    uint32_t width, height, depth, layers; /* unused sizes are 1 (layers 1 when not layered) */
    uint64_t addr;                         /* device address of texel (0, 0, 0) of layer 0; x fastest */
    uint32_t pitch; /* bytes from one row to the next (a 2D texture over pitched memory); 0: dense */
    /* A 1D texture over linear memory (cudaResourceTypeLinear): a texel index outside it reads
     * zeros whatever the address mode, as the H200 does (lab/textures/probe_objects.cu). */
    bool buffer;
    /* textures only */
    bool normalized_read; /* cudaReadModeNormalizedFloat (8- and 16-bit integer formats) */
    bool normalized_coords;
    bool linear; /* cudaFilterModeLinear */
    ps_tex_addr address[3];
    uint32_t border[4]; /* f32 bits */
} ps_tex;

ps_tex_format ps_tex_format_lookup(const char *name); /* PS_TXF_COUNT if unknown */
const char *ps_tex_format_name(ps_tex_format f);
unsigned ps_tex_format_size(ps_tex_format f); /* one channel's bytes */
static inline unsigned ps_tex_texel_bytes(const ps_tex *t) { return ps_tex_format_size(t->format) * t->channels; }
/* Bytes from one row to the next: the pitch, or width texels when dense. */
static inline uint64_t ps_tex_row_bytes(const ps_tex *t) {
    return t->pitch ? t->pitch : (uint64_t)t->width * ps_tex_texel_bytes(t);
}
/* Byte offset of texel (x, y, z) of `layer` from addr. */
static inline uint64_t ps_tex_offset(const ps_tex *t, uint32_t x, uint32_t y, uint32_t z, uint32_t layer) {
    return (((uint64_t)layer * t->depth + z) * t->height + y) * ps_tex_row_bytes(t) +
        (uint64_t)x * ps_tex_texel_bytes(t);
}
/* Bytes of the backing store: height x depth x layers rows (the last one width texels). */
uint64_t ps_tex_bytes(const ps_tex *t);

/* Checks a description against the CUDA rules ptxsim follows (docs/textures.md); false with a
 * message in why. */
bool ps_tex_check(const ps_tex *t, char *why, size_t len);

void ps_tex_encode(const ps_tex *t, uint8_t out[PS_TEX_BYTES]);
bool ps_tex_decode(const uint8_t in[PS_TEX_BYTES], ps_tex *t, char *why, size_t len);

/* The result of a texture read: four channels (RGBA), as f32 bits or as 32-bit integers. */
typedef struct {
    uint32_t v[4];
    bool is_float;
} ps_texel;

/* Whether the texture returns floats (a float format, or the normalized read mode). */
bool ps_tex_returns_float(const ps_tex *t);

/* Fetches texel (x, y, z) of `layer` (all in range) from the texture's bytes `base` as the read
 * mode converts it; missing channels read as 0 (G, B) and 1 (A). */
void ps_tex_texel(const ps_tex *t, const uint8_t *base, uint32_t x, uint32_t y, uint32_t z, uint32_t layer,
                  ps_texel *out);

/* The 16-bit step q (the result is q / 32767) the H200's linear filter gives a normalized s8
 * texture whose texels' exact weighted sum is T (raw bytes times weights in 1/256 steps, -32768 to
 * 32512): a table of every measured T (texture_s8.c, from lab/textures/gen_s8_table.py). */
int32_t ps_tex_snorm8_step(int32_t T);
/* tex with float coordinates c[0..dim-1] (normalized or not, as the texture says) on `layer`
 * (clamped to the layers): address modes, point or linear filtering (the H200's arithmetic, every
 * recorded case). Returns false when linear filtering met 3D slices more than 2^60 apart in
 * magnitude: not handled (the caller refuses it unless asked). */
bool ps_tex_sample(const ps_tex *t, const uint8_t *base, const float *c, uint32_t layer, ps_texel *out);
/* The linear filter at coordinates xs[0..dim-1] in texels (already scaled by the sizes) on
 * `layer` (in range): ps_tex_sample's linear part, also the cubemap face filter's. */
bool ps_tex_filter(const ps_tex *t, const uint8_t *base, const double *xs, uint32_t layer, ps_texel *out);
/* tld4: component `comp` (0 r .. 3 a) of the four texels of the bilinear footprint at float
 * coordinates c (2D), in the order the PTX ISA gives ("counter-clockwise starting at lower left"):
 * (i, j+1), (i+1, j+1), (i+1, j), (i, j) with i = floor(x - 0.5), j = floor(y - 0.5). */
void ps_tex_gather(const ps_tex *t, const uint8_t *base, const float *c, uint32_t layer, unsigned comp, ps_texel *out);
/* The same at coordinates xs[0..1] in texels (already scaled by the sizes). */
void ps_tex_gather_at(const ps_tex *t, const uint8_t *base, const double *xs, uint32_t layer, unsigned comp,
                      ps_texel *out);
/* tld4.cube / .acube: the gather on the face direction dir selects, the face alone as a 2D
 * texture at the face coordinates tex.cube's linear filter takes (texture_cube.c; H200:
 * lab/textures/cube_gather.cu). */
void ps_tex_gather_cube(const ps_tex *t, const uint8_t *base, const float *dir, uint32_t cube, unsigned comp,
                        ps_texel *out);
/* tex.cube / tex.acube: what direction dir[0..2] reads on cube `cube` (one of the cubes: the
 * caller refuses others) of a cubemap texture (texture_cube.c): point or linear filtering, every
 * address mode, as the H200 recordings show. dir must not be the zero vector. Returns what
 * ps_tex_sample does (false: linear filtering met a value not measured). */
bool ps_tex_sample_cube(const ps_tex *t, const uint8_t *base, const float *dir, uint32_t cube, ps_texel *out);
/* The texel index a normalized coordinate u selects in a dimension of n texels, before the
 * address mode: u in fixed point with 21 fraction bits, truncated, times n (texture.c). */
int64_t ps_tex_normalized_index(double u, uint32_t n);
/* The border colour as the texture's format converts it (what a border address mode reads). */
void ps_tex_border_texel(const ps_tex *t, ps_texel *out);
/* tex with integer coordinates (unnormalized textures, point filtering). */
void ps_tex_sample_int(const ps_tex *t, const uint8_t *base, const int32_t *c, uint32_t layer, ps_texel *out);

#endif
