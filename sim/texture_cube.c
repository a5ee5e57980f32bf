/* texture_cube.c — cubemap textures: which face a direction selects and which texel of it, as the
 * H200 does with point filtering (lab/textures/cube_probe.cu: 8,186 directions on faces of 3 to 8
 * texels, every one equal; docs/textures.md "Cubemaps"). A cubemap is a layered 2D texture of
 * square faces, six per cube in the order +x, -x, +y, -y, +z, -z; a cubemap array holds several
 * cubes. */
#include <math.h>
#include <string.h>

#include "mufu.h"
#include "texture.h"

static float ftz(float v) { return fabsf(v) < 0x1p-126f ? 0.0f : v; }
static float bits_f32(uint32_t b) {
    float f;
    memcpy(&f, &b, 4);
    return f;
}
static uint32_t f32_bits(float f) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* q = minor x MUFU.RCP(major), rounded to f32; 0 where that is 0 x infinity (a zero or
 * subnormal major: the face's centre, tex_special.cu) */
static float face_q(float minor, float rcp) {
    float q = minor * rcp;
    return isnan(q) ? 0.0f : q;
}

/* The texel index of a face coordinate: the minor component times the reciprocal the hardware
 * takes of the major one (MUFU.RCP), rounded to f32; then (q + 1) / 2, exactly, as the 2D path's
 * normalized coordinate. */
static int64_t face_index(float minor, float rcp, uint32_t n) {
    float q = face_q(minor, rcp);
    return ps_tex_normalized_index(((double)q + 1.0) / 2.0, n);
}

/* The face coordinate in texels for linear filtering: (q + 1) / 2 in the 21-bit fixed point of
 * the normalized coordinates, times n (the recording cannot tell this from (q + 1) / 2 exact or
 * rounded to f32 times n: all three give every recorded sample). Each face filters alone, as a 2D
 * texture with its address modes: at edges and corners the H200 does not reach into the
 * neighbouring faces (lab/textures: 24,768 linear samples, edges and corners included). */
static double face_coord(float q, uint32_t n) { return ldexp(floor(ldexp(((double)q + 1.0) / 2.0, 21)), -21) * n; }

/* The address mode on an index of a face of n texels (n > 0); false: the border colour. */
static bool face_address(ps_tex_addr a, int64_t i, uint32_t n, uint32_t *out) {
    if (i >= 0 && i < (int64_t)n) {
        *out = (uint32_t)i;
        return true;
    }
    if (a == PS_TXA_BORDER) return false;
    if (a == PS_TXA_WRAP) *out = (uint32_t)(((i % n) + n) % n);
    else if (a == PS_TXA_MIRROR) {
        int64_t m = ((i % (2 * (int64_t)n)) + 2 * (int64_t)n) % (2 * (int64_t)n);
        *out = (uint32_t)(m < (int64_t)n ? m : 2 * (int64_t)n - 1 - m);
    } else *out = i < 0 ? 0 : n - 1; /* clamp */
    return true;
}

/* The face direction dir selects and, on it, the minor coordinates s and t and the reciprocal r
 * of the major magnitude (q = s * r, t * r in [-1, 1]); the face's layer of cube `cube`. */
typedef struct {
    float s, t, r;
    uint32_t layer;
} cube_face;

static cube_face select_face(const ps_tex *t, const float *dir, uint32_t cube) {
    /* subnormal components count as zero in the face coordinates (a component of 2^-149 beside a
     * major axis of 1 selects the texel of 0, not the one below), but not in the choice of the
     * axis: (2^-149, 0, 0) reads face +x, the zero vector face +z (tex_special.cu) */
    float v[3] = {ftz(dir[0]), ftz(dir[1]), ftz(dir[2])};
    float a[3] = {fabsf(dir[0]), fabsf(dir[1]), fabsf(dir[2])};
    /* the largest magnitude picks the axis, z before y before x on a tie; then an axis of higher
     * priority whose magnitude times that reciprocal rounds to 1 takes over (7.0 and the float
     * below it: +y over +x), the highest such */
    int ax = a[2] >= a[1] && a[2] >= a[0] ? 2 : a[1] >= a[0] ? 1 : 0;
    float r = bits_f32(ps_mufu_rcp(f32_bits(a[ax])));
    for (int c = 2; c > ax; c--)
        if (a[c] * r >= 1.0f) {
            ax = c;
            break;
        }
    r = bits_f32(ps_mufu_rcp(f32_bits(a[ax])));
    float x = v[0], y = v[1], z = v[2], s, tc;
    int face;
    /* the face's sign from the major component as written (-0 >= 0: the zero vector reads +z;
     * the caller refuses a negative subnormal major, not measured) */
    bool pos = dir[ax] >= 0;
    if (ax == 2) face = pos ? 4 : 5, s = pos ? x : -x, tc = -y;
    else if (ax == 1) face = pos ? 2 : 3, s = x, tc = pos ? z : -z;
    else face = pos ? 0 : 1, s = pos ? -z : z, tc = -y;
    uint32_t cubes = t->layers / 6;
    if (cube >= cubes) cube = cubes ? cubes - 1 : 0;
    return (cube_face){s, tc, r, 6 * cube + (uint32_t)face};
}

void ps_tex_gather_cube(const ps_tex *t, const uint8_t *base, const float *dir, uint32_t cube, unsigned comp,
                        ps_texel *out) {
    cube_face f = select_face(t, dir, cube);
    double xs[2] = {face_coord(face_q(f.s, f.r), t->width), face_coord(face_q(f.t, f.r), t->height)};
    ps_tex_gather_at(t, base, xs, f.layer, comp, out);
}

bool ps_tex_sample_cube(const ps_tex *t, const uint8_t *base, const float *dir, uint32_t cube, ps_texel *out) {
    cube_face f = select_face(t, dir, cube);
    float s = f.s, tc = f.t, r = f.r;
    uint32_t layer = f.layer;
    if (t->linear) { /* the face alone, as a 2D texture at u = (q + 1) / 2 (H200: lab/textures) */
        double xs[2] = {face_coord(face_q(s, r), t->width), face_coord(face_q(tc, r), t->height)};
        return ps_tex_filter(t, base, xs, layer, out);
    }
    uint32_t ix, iy;
    if (!face_address(t->address[0], face_index(s, r, t->width), t->width, &ix) ||
        !face_address(t->address[1], face_index(tc, r, t->height), t->height, &iy)) {
        ps_tex_border_texel(t, out);
        return true;
    }
    ps_tex_texel(t, base, ix, iy, 0, layer, out);
    return true;
}
