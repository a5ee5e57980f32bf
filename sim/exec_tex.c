/* exec_tex.c — texture and surface instructions on texture and surface objects (unified mode,
 * the object's 64-bit handle in a register; docs/textures.md):
 *   suld.b.geom{.cop}{.vec}.btype{.mode} d, [a, b]     PTX ISA 9.7.11.1
 *   sust.{b,p}.geom{.cop}{.vec}.btype{.mode} [a, b], c 9.7.11.2
 *   sured.{b,p}.op.geom.ctype{.mode} [a, b], c          9.7.11.3
 *   suq.query.b32 d, [a]                               9.7.11.4
 *   txq.query.b32 d, [a]                               9.7.10.5
 *   tex{.base}.geom.v4.dtype.ctype d, [a, c]           9.7.10.3
 *   tld4.comp.geom.v4.dtype.f32 d, [a, c]              9.7.10.4 (2d a2d cube acube)
 * geom: 1d 2d 3d a1d a2d. The surface x coordinate of .b is a byte offset; the access must be one
 * texel (what ptxsim executes) and naturally aligned; .p's counts texels. Out-of-range surface coordinates: .trap faults,
 * .clamp uses the nearest texel, .zero loads zeros and drops stores. Sampling: texture.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "texture.h"

enum { G_1D, G_2D, G_3D, G_A1D, G_A2D, G_CUBE, G_ACUBE }; /* the cubes: tex only */
enum { M_TRAP, M_CLAMP, M_ZERO };
enum {
    Q_WIDTH,
    Q_HEIGHT,
    Q_DEPTH,
    Q_ARRAY_SIZE,
    Q_MEMORY_LAYOUT,
    Q_NORMALIZED_COORDS,
    Q_FILTER_MODE,
    Q_ADDR_MODE_0,
    Q_ADDR_MODE_1,
    Q_ADDR_MODE_2,
    Q_NUM_MIPMAP_LEVELS,
    Q_NUM_SAMPLES
};

/* coordinates each geometry takes: 1d {x}; 2d {x, y}; 3d {x, y, z, -}; a1d {i, x}; a2d {i, x, y, -};
 * cube {x, y, z, -}; acube {i, x, y, z} */
static const int geom_coords[] = {1, 2, 4, 2, 4, 4, 4};
static const char *const geom_names[] = {"1d", "2d", "3d", "a1d", "a2d", "cube", "acube"};
static bool has_layer(int g) { return g == G_A1D || g == G_A2D || g == G_ACUBE; }

/* The object named by lane l's handle, decoded; false after a fault. */
static bool object_at(ps_warp *w, int l, uint64_t h, ps_tex *t, const char *insn) {
    const uint8_t *p = ps_mem_resolve(w, SP_GLOBAL, h, 16, l, false);
    const uint8_t *q = p ? ps_mem_resolve(w, SP_GLOBAL, h + PS_TEX_BYTES - 16, 16, l, false) : NULL;
    if (!q) return false;
    char why[240];
    if (q - p != PS_TEX_BYTES - 16 || !ps_tex_decode(p, t, why, sizeof why)) {
        if (q - p != PS_TEX_BYTES - 16) snprintf(why, sizeof why, "the handle spans two allocations");
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "%s: handle 0x%llx: %s", insn, (unsigned long long)h, why);
        return false;
    }
    return true;
}

/* Host address of the object's texels (all of them, one allocation), or NULL after a fault. */
static uint8_t *texels_of(ps_warp *w, int l, const ps_tex *t, bool write) {
    uint64_t n = ps_tex_bytes(t);
    uint8_t *p = ps_mem_resolve(w, SP_GLOBAL, t->addr, 1, l, write);
    uint8_t *q = p ? ps_mem_resolve(w, SP_GLOBAL, t->addr + n - 1, 1, l, write) : NULL;
    if (!q) return NULL;
    if ((uint64_t)(q - p) != n - 1) {
        ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l, "the texels of the object at 0x%llx span two allocations",
                       (unsigned long long)t->addr);
        return NULL;
    }
    return p;
}

/* Whether object t has the geometry the instruction names. */
static bool geom_fits(ps_warp *w, int l, const ps_tex *t, int g, const char *insn) {
    if (g == G_CUBE || g == G_ACUBE) {
        if (t->cube == (g == G_CUBE ? 1 : 2)) return true;
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "%s.%s on %s", insn, geom_names[g],
                       t->cube ? "a cubemap of the other kind (a cubemap array takes .acube)"
                               : "an object that is no cubemap");
        return false;
    }
    if (t->cube) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                       "%s.%s on a cubemap texture: ptxsim samples cubemaps with .cube and .acube only (not measured)",
                       insn, geom_names[g]);
        return false;
    }
    unsigned dim = g == G_A1D ? 1 : g == G_A2D ? 2 : (unsigned)g + 1;
    bool layered = g >= G_A1D;
    if (t->dim == dim && t->layered == layered) return true;
    ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "%s.%s on a %s%uD %s object", insn, geom_names[g],
                   t->layered ? "layered " : "", t->dim, t->surface ? "surface" : "texture");
    return false;
}

/* ---- surfaces ---------------------------------------------------------------------------- */

/* sust.p: a 32-bit source element as the surface's format stores it, as the H200 does
 * (lab/textures/sustp_probe.cu, every format and channel count): integers saturate (unsigned
 * formats read the element as .u32, signed ones as .s32); f32 is stored as it is, NaNs
 * included; f16 is rounded toward zero (so overflow gives the largest finite value, and f32
 * subnormals 0), a NaN keeping its sign and the top 10 bits of its payload, 1 where those are 0. */
static uint32_t sust_formatted(ps_tex_format f, uint32_t u) {
    int32_t s = (int32_t)u;
    switch (f) {
    case PS_TXF_U8: return u > 0xff ? 0xff : u;
    case PS_TXF_U16: return u > 0xffff ? 0xffff : u;
    case PS_TXF_S8: return (uint8_t)(s > 127 ? 127 : s < -128 ? -128 : s);
    case PS_TXF_S16: return (uint16_t)(s > 32767 ? 32767 : s < -32768 ? -32768 : s);
    case PS_TXF_F16: {
        uint32_t sign = u >> 16 & 0x8000, e = u >> 23 & 0xff, m = u & 0x7fffff;
        int x = (int)e - 127, sh = -(x + 1);
        if (e == 0xff) return sign | 0x7c00 | (m ? (m >> 13 ? m >> 13 : 1) : 0);
        if (e == 0) return sign;
        if (x > 15) return sign | 0x7bff;
        if (x >= -14) return sign | (uint32_t)(x + 15) << 10 | m >> 13;
        return sh >= 32 ? sign : sign | (0x800000u | m) >> sh; /* an f16 subnormal, or 0 */
    }
    default: return u; /* u32, s32, f32 */
    }
}

/* d->geom geometry, d->is_store suld (0), sust.b (1) or sust.p (2), d->type2 out-of-range mode,
 * d->rnd access bytes per element (1..8; sust.p: 4), d->vec elements; slots: suld d..., a,
 * coords; sust a, coords, c... sust.p's x counts texels, and its elements go to the texel's
 * channels in order (those beyond the channels are ignored, channels without one get 0, as the
 * H200 writes them). */
static void surface_access(ps_warp *w, const ps_dinsn *d) {
    bool store = d->is_store != 0, formatted = d->is_store == 2;
    int g = d->geom, nv = d->vec;
    unsigned esz = d->rnd, asz = esz * (unsigned)nv;
    int ha = store ? 0 : nv, c0 = ha + 1, v0 = store ? d->nops - nv : 0; /* the values follow every coordinate */
    const char *insn = store ? "sust" : "suld";
    uint64_t stored[WARP]; /* texels written by earlier lanes (store) */
    int nstored = 0, stored_lane[WARP];
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        ps_tex t;
        if (!object_at(w, l, R(w, d->o[ha])[l] + (uint64_t)d->imm, &t, insn)) return;
        if (!t.surface) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                           "%s on a texture object (surface instructions take surface "
                           "objects)",
                           insn);
            return;
        }
        if (!geom_fits(w, l, &t, g, insn)) return;
        unsigned tb = ps_tex_texel_bytes(&t);
        if (!formatted && asz != tb) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                           "%s of %u bytes on a surface of %u-byte texels: ptxsim "
                           "executes accesses of exactly one texel",
                           insn, asz, tb);
            return;
        }
        int k = 0;
        uint32_t layer = 0;
        if (g >= G_A1D) layer = (uint32_t)R(w, d->o[c0 + k++])[l];
        int64_t c[3] = {0, 0, 0};
        unsigned dims = g == G_A1D ? 1 : g == G_A2D ? 2 : (unsigned)g + 1;
        for (unsigned i = 0; i < dims; i++) c[i] = (int32_t)R(w, d->o[c0 + k++])[l];
        if (!formatted && c[0] % (int64_t)asz) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l,
                           "%s: byte coordinate x = %lld is not a multiple of the %u-byte "
                           "access (undefined in the PTX ISA)",
                           insn, (long long)c[0], asz);
            return;
        }
        if (!formatted) c[0] /= (int64_t)asz;
        uint32_t sz[3] = {t.width, t.height, t.depth};
        bool oob = layer >= t.layers;
        for (unsigned i = 0; i < dims; i++) oob |= c[i] < 0 || c[i] >= sz[i];
        if (oob && d->type2 == M_TRAP) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                           "%s.trap out of range: texel (%lld, %lld, %lld) of layer %u; "
                           "the surface is %u x %u x %u, %u layers",
                           insn, (long long)c[0], (long long)c[1], (long long)c[2], layer, t.width, t.height, t.depth,
                           t.layers);
            return;
        }
        uint8_t *base = texels_of(w, l, &t, store);
        if (!base) return;
        if (oob && d->type2 == M_ZERO) {
            if (!store)
                for (int v = 0; v < nv; v++) R(w, d->o[v])[l] = 0;
            continue;
        }
        if (oob) { /* .clamp: the nearest texel */
            for (unsigned i = 0; i < dims; i++) c[i] = c[i] < 0 ? 0 : c[i] >= sz[i] ? sz[i] - 1 : c[i];
            if (layer >= t.layers) layer = t.layers - 1;
        }
        uint64_t idx =
            (((uint64_t)layer * t.depth + (uint64_t)c[2]) * t.height + (uint64_t)c[1]) * t.width + (uint64_t)c[0];
        uint8_t *p = base + idx * tb;
        if (store) { /* which lane the H200 keeps is not what a lane-order store keeps (recording) */
            for (int j = 0; j < nstored; j++)
                if (stored[j] == idx) {
                    ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                                   "sust: lanes %d and %d store to the same texel; "
                                   "which one the GPU keeps is not modelled by ptxsim",
                                   stored_lane[j], l);
                    return;
                }
            stored[nstored] = idx, stored_lane[nstored++] = l;
        }
        if (formatted) {
            unsigned cb = ps_tex_format_size(t.format);
            for (unsigned ch = 0; ch < t.channels; ch++) {
                uint32_t x = (int)ch < nv ? sust_formatted(t.format, (uint32_t)R(w, d->o[v0 + (int)ch])[l]) : 0;
                memcpy(p + ch * cb, &x, cb);
            }
            continue;
        }
        for (int v = 0; v < nv; v++) {
            if (store) {
                uint64_t x = R(w, d->o[v0 + v])[l];
                memcpy(p + (unsigned)v * esz, &x, esz);
            } else {
                uint64_t x = 0;
                memcpy(&x, p + (unsigned)v * esz, esz);
                R(w, d->o[v])[l] = x;
            }
        }
    }
}

/* sured.b: d->geom geometry, d->type2 out-of-range mode, d->rnd access bytes (4, 8), d->vec the
 * operation (RD_*), d->type the type; slots a, coordinates, c. The texel is updated with a host
 * atomic: CTAs run on several host threads. */
enum { RD_ADD, RD_MIN, RD_MAX, RD_AND, RD_OR };

static void reduce_texel(uint8_t *p, int op, ps_type ty, uint64_t v) {
    bool sgn = ty == PS_T_S32 || ty == PS_T_S64, wide = ty == PS_T_U64 || ty == PS_T_S64;
    if (!wide) {
        uint32_t *q = (uint32_t *)(void *)p, x = (uint32_t)v;
        switch (op) {
        case RD_ADD: __atomic_fetch_add(q, x, __ATOMIC_SEQ_CST); return;
        case RD_AND: __atomic_fetch_and(q, x, __ATOMIC_SEQ_CST); return;
        case RD_OR: __atomic_fetch_or(q, x, __ATOMIC_SEQ_CST); return;
        default: {
            uint32_t old = __atomic_load_n(q, __ATOMIC_SEQ_CST), nv;
            do {
                bool less = sgn ? (int32_t)x < (int32_t)old : x < old;
                nv = (op == RD_MIN) == less ? x : old;
            } while (nv != old && !__atomic_compare_exchange_n(q, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
            return;
        }
        }
    }
    uint64_t *q = (uint64_t *)(void *)p;
    if (op == RD_ADD) {
        __atomic_fetch_add(q, v, __ATOMIC_SEQ_CST);
        return;
    }
    uint64_t old = __atomic_load_n(q, __ATOMIC_SEQ_CST), nv;
    do {
        bool less = sgn ? (int64_t)v < (int64_t)old : v < old;
        nv = (op == RD_MIN) == less ? v : old;
    } while (nv != old && !__atomic_compare_exchange_n(q, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
}

/* sured.p: x counts texels, and the surface's channels say how .b32/.b64 values compare: one
 * 32-bit channel for .b32, two for .b64 (one 64-bit value, the first channel low), min and max
 * signed on an s32 surface and unsigned on a u32 one (measured on the H200 with
 * lab/textures/sustp_probe.cu's sured mode: every operation, 64 texels each, 640 values; other
 * formats are not measured). d->is_store 1 for sured.p. */
static bool sured_p_type(ps_warp *w, int l, const ps_tex *t, ps_type *ty) {
    unsigned want = *ty == PS_T_B64 ? 2 : 1;
    if ((t->format != PS_TXF_U32 && t->format != PS_TXF_S32) || t->channels != want) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                       "sured.p.%s on a surface of %u %s channels: ptxsim executes it on %u 32-bit integer channel%s "
                       "(not measured on other formats)",
                       want == 2 ? "b64" : "b32", t->channels, ps_tex_format_name(t->format), want,
                       want == 2 ? "s" : "");
        return false;
    }
    bool sgn = t->format == PS_TXF_S32;
    *ty = want == 2 ? (sgn ? PS_T_S64 : PS_T_U64) : (sgn ? PS_T_S32 : PS_T_U32);
    return true;
}

static void surface_reduce(ps_warp *w, const ps_dinsn *d) {
    int g = d->geom;
    unsigned asz = d->rnd;
    bool formatted = d->is_store != 0;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        ps_tex t;
        if (!object_at(w, l, R(w, d->o[0])[l] + (uint64_t)d->imm, &t, "sured")) return;
        if (!t.surface) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                           "sured on a texture object (surface instructions take surface "
                           "objects)");
            return;
        }
        if (!geom_fits(w, l, &t, g, "sured")) return;
        ps_type ty = (ps_type)d->type;
        if (formatted && !sured_p_type(w, l, &t, &ty)) return;
        if (ps_tex_texel_bytes(&t) != asz) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                           "sured of %u bytes on a surface of %u-byte texels: ptxsim "
                           "executes accesses of exactly one texel",
                           asz, ps_tex_texel_bytes(&t));
            return;
        }
        unsigned dims = (unsigned)g + 1;
        int64_t c[3] = {0, 0, 0};
        for (unsigned i = 0; i < dims; i++) c[i] = (int32_t)R(w, d->o[1 + i])[l];
        if (!formatted && c[0] % (int64_t)asz) {
            ps_fault_raise(w, PS_FAULT_MISALIGNED, l,
                           "sured: byte coordinate x = %lld is not a multiple of the "
                           "%u-byte access (undefined in the PTX ISA)",
                           (long long)c[0], asz);
            return;
        }
        if (!formatted) c[0] /= (int64_t)asz;
        uint32_t sz[3] = {t.width, t.height, t.depth};
        bool oob = false;
        for (unsigned i = 0; i < dims; i++) oob |= c[i] < 0 || c[i] >= sz[i];
        if (oob && d->type2 == M_TRAP) {
            ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                           "sured.trap out of range: texel (%lld, %lld, %lld); the "
                           "surface is %u x %u x %u",
                           (long long)c[0], (long long)c[1], (long long)c[2], t.width, t.height, t.depth);
            return;
        }
        if (oob && d->type2 == M_ZERO) continue;
        uint8_t *base = texels_of(w, l, &t, true);
        if (!base) return;
        for (unsigned i = 0; i < dims; i++) c[i] = c[i] < 0 ? 0 : c[i] >= sz[i] ? sz[i] - 1 : c[i];
        uint64_t idx = ((uint64_t)c[2] * t.height + (uint64_t)c[1]) * t.width + (uint64_t)c[0];
        reduce_texel(base + idx * asz, d->vec, ty, R(w, d->o[d->nops - 1])[l]);
    }
}

/* suq and txq: d->query the query; d->is_txq 1 for txq. */
static void query(ps_warp *w, const ps_dinsn *d) {
    bool txq = d->is_txq != 0;
    const char *insn = txq ? "txq" : "suq";
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        ps_tex t;
        if (!object_at(w, l, R(w, d->o[1])[l] + (uint64_t)d->imm, &t, insn)) return;
        if (t.surface == txq) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "%s on a %s object", insn, t.surface ? "surface" : "texture");
            return;
        }
        uint32_t v = 0;
        /* txq's enumerations (PTX ISA 9.7.10.5): filter { nearest, linear }, address mode { wrap,
         * mirror, clamp_ogl, clamp_to_edge, clamp_to_border } */
        static const uint32_t amode[] = {
            [PS_TXA_WRAP] = 0, [PS_TXA_MIRROR] = 1, [PS_TXA_CLAMP] = 3, [PS_TXA_BORDER] = 4};
        switch (d->query) {
        case Q_WIDTH: v = t.width; break;
        /* height and depth of objects with fewer dimensions, as the H200 answers them (the
         * recording of lab/textures/record.cu): a layered object's layer count stands in the
         * first dimension it lacks; a 1D texture's height is 1, a 1D surface's 0 */
        case Q_HEIGHT: v = t.dim >= 2 ? t.height : t.layered ? t.layers : txq; break;
        /* a cubemap's depth is 0, a cubemap array's its number of cubes (lab/textures/cube_gather.cu) */
        case Q_DEPTH:
            v = t.cube                    ? (t.cube == 2 ? t.layers / 6 : 0)
                : t.dim == 3              ? t.depth
                : t.layered && t.dim == 2 ? t.layers
                                          : 0;
            break;
        case Q_ARRAY_SIZE: v = t.layered ? t.layers : 0; break;
        case Q_MEMORY_LAYOUT: v = 0; break; /* objects are CUDA arrays, not linear memory */
        case Q_NORMALIZED_COORDS: v = t.normalized_coords; break;
        case Q_FILTER_MODE: v = t.linear; break;
        case Q_ADDR_MODE_0:
        case Q_ADDR_MODE_1:
        case Q_ADDR_MODE_2: v = amode[t.address[d->query - Q_ADDR_MODE_0]]; break;
        default: v = 0; break; /* mipmap levels, samples: none */
        }
        R(w, d->o[0])[l] = v;
    }
}

/* ---- tex ---------------------------------------------------------------------------------- */

/* d->geom geometry, d->type2 1 for .s32 coordinates, d->type the destination type, d->gather 0 for
 * tex, 1 + the component for tld4; slots d0..d3, a, coordinates. */
/* Point sampling, tld4 and linear filtering of 1D, 2D and 3D textures equal the H200 in every
 * recorded case (lab/textures/README.md); what is not handled (a 3D filter whose z slices lie more
 * than 2^60 apart in magnitude) faults unsupported unless PTXSIM_TEXTURE_SAMPLING=reference, which
 * runs ptxsim's approximation anyway. */
static bool linear_asked(void) {
    const char *e = getenv("PTXSIM_TEXTURE_SAMPLING");
    return e && !strcmp(e, "reference");
}

static void tex_fetch(ps_warp *w, const ps_dinsn *d) {
    int g = d->geom;
    bool int_coords = d->type2 == 1;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        ps_tex t;
        const char *insn = d->gather ? "tld4" : "tex";
        if (!object_at(w, l, R(w, d->o[4])[l] + (uint64_t)d->imm, &t, insn)) return;
        if (t.surface) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "%s on a surface object", insn);
            return;
        }
        if (!geom_fits(w, l, &t, g, insn)) return;
        bool fl = ps_tex_returns_float(&t);
        if (fl != (d->type == PS_T_F32)) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "%s.%s on a texture that returns %s", insn,
                           ps_type_name(d->type), fl ? "floats (write .f32)" : "integers (write .u32 or .s32)");
            return;
        }
        if (int_coords && (t.normalized_coords || t.linear)) {
            ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                           "tex with .s32 coordinates on a texture with %s is not "
                           "supported by ptxsim (not measured)",
                           t.linear ? "linear filtering" : "normalized coordinates");
            return;
        }
        int k = 5;
        uint32_t layer = has_layer(g) ? (uint32_t)R(w, d->o[k++])[l] : 0;
        unsigned dims = g >= G_CUBE ? 3 : t.dim;
        const uint8_t *base = texels_of(w, l, &t, false);
        if (!base) return;
        ps_texel out;
        if (int_coords) {
            int32_t c[3] = {0, 0, 0};
            for (unsigned i = 0; i < dims; i++) c[i] = (int32_t)R(w, d->o[k + (int)i])[l];
            ps_tex_sample_int(&t, base, c, layer, &out);
        } else {
            float c[3] = {0, 0, 0};
            for (unsigned i = 0; i < dims; i++) {
                uint32_t b = (uint32_t)R(w, d->o[k + (int)i])[l];
                memcpy(&c[i], &b, 4);
                if (!isfinite(c[i])) {
                    ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                                   "tex with a non-finite coordinate (0x%08x) is not "
                                   "supported by ptxsim (not measured)",
                                   b);
                    return;
                }
            }
            if (g >= G_CUBE) {
                if (g == G_ACUBE && layer >= t.layers / 6) {
                    ps_fault_raise(
                        w, PS_FAULT_UNSUPPORTED, l,
                        "tex.acube of cube %u of a cubemap array of %u: not supported by ptxsim (not measured)", layer,
                        t.layers / 6);
                    return;
                }
                bool tiny = fabsf(c[0]) < 0x1p-126f && fabsf(c[1]) < 0x1p-126f && fabsf(c[2]) < 0x1p-126f;
                if (tiny && (c[0] < 0 || c[1] < 0 || c[2] < 0)) {
                    ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                                   "tex.%s of a direction whose components are all zero or subnormal, one of them "
                                   "negative, is not supported by ptxsim (not measured)",
                                   geom_names[g]);
                    return;
                }
                if (d->gather) ps_tex_gather_cube(&t, base, c, layer, (unsigned)d->gather - 1, &out);
                else ps_tex_sample_cube(&t, base, c, layer, &out); /* a face is 2D: always handled */
            } else if (d->gather) ps_tex_gather(&t, base, c, layer, (unsigned)d->gather - 1, &out);
            else if (!ps_tex_sample(&t, base, c, layer, &out) && !linear_asked()) {
                ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l,
                               "tex: linear filtering of 3D slices more than 2^60 apart in magnitude is not "
                               "handled by ptxsim; PTXSIM_TEXTURE_SAMPLING=reference runs an approximation");
                return;
            }
        }
        for (int c = 0; c < 4; c++) R(w, d->o[c])[l] = out.v[c];
    }
}

/* ---- decoding ----------------------------------------------------------------------------- */

#define WHY(...) (snprintf(why, len, __VA_ARGS__), (ps_exec_fn)NULL)

/* Word k of the instruction after its mnemonic, 0 past the end. */
static ps_word word(const ps_insn *in, int k) { return k >= 0 && k < in->nwords ? in->words[k] : 0; }

/* The type a word names, PS_T_NONE if it names none. */
static ps_type type_of(ps_word w) { return ps_word_kind(w) == PS_WK_TYPE ? (ps_type)ps_word_value(w) : PS_T_NONE; }

static int geom_of(ps_word w) {
    static const ps_word geoms[] = {PS_WM(D1), PS_WM(D2), PS_WM(D3), PS_WM(A1D), PS_WM(A2D)};
    for (int i = 0; i < 5; i++)
        if (w == geoms[i]) return i;
    return -1;
}

static int mode_of(ps_word w) {
    return w == PS_WM(TRAP) ? M_TRAP : w == PS_WM(CLAMP) ? M_CLAMP : w == PS_WM(ZERO) ? M_ZERO : -1;
}

/* The handle operand [a, ...]: a .u64 register. */
static bool handle_ok(const ps_operand *o) { return o->kind == PS_OP_ADDR && o->reg >= 0; }

static ps_exec_fn select_surface(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    bool store = in->form == PS_F_SUST;
    int n = in->nwords;
    char spelling[24];
    bool formatted = store && word(in, 0) == PS_WM(P);
    if (word(in, 0) != PS_WM(B) && !formatted)
        return WHY("'%s': ptxsim executes suld.b (the unformatted surface load)", in->text);
    int g = geom_of(word(in, 1));
    if (g < 0) return WHY("'%s': the geometry is .1d, .2d, .3d, .a1d or .a2d", in->text);
    int i = 2, vec = 1, esz = 0, mode = -1;
    static const ps_word ld_cop[] = {PS_WM(CA), PS_WM(CG), PS_WM(CS), PS_WM(CV)},
                         st_cop[] = {PS_WM(WB), PS_WM(CG), PS_WM(CS), PS_WM(WT)};
    if (i < n)
        for (int c = 0; c < 4; c++)
            if (word(in, i) == (store ? st_cop[c] : ld_cop[c])) {
                i++;
                break;
            }
    if (word(in, i) == PS_WM(V2) || word(in, i) == PS_WM(V4)) vec = word(in, i++) == PS_WM(V2) ? 2 : 4;
    if (i < n) {
        ps_word t = word(in, i);
        esz = t == PS_WT(B8) ? 1 : t == PS_WT(B16) ? 2 : t == PS_WT(B32) ? 4 : t == PS_WT(B64) ? 8 : 0;
        if (esz) i++;
    }
    if (!esz) return WHY("'%s': the data type is .b8, .b16, .b32 or .b64", in->text);
    if (i < n) {
        mode = mode_of(word(in, i));
        if (mode < 0) return WHY("'%s': unexpected .%s", in->text, ps_insn_word_text(in, i, spelling, sizeof spelling));
        i++;
    }
    if (i < n) return WHY("'%s': unexpected .%s", in->text, ps_insn_word_text(in, i, spelling, sizeof spelling));
    if (mode < 0) return WHY("'%s': the out-of-range mode (.trap, .clamp or .zero) is required (ptxas)", in->text);
    if (vec * esz > 16) return WHY("'%s': a vector of more than 128 bits (ptxas)", in->text);
    int nc = geom_coords[g];
    const ps_operand *a = &in->ops[store ? 0 : 1], *v = &in->ops[store ? 1 : 0];
    if (in->nops != 2 || !handle_ok(a))
        return WHY("'%s': ptxsim takes the surface as a .u64 register holding a surface object's handle: %s", in->text,
                   store ? "[handle, {coordinates}], values" : "values, [handle, {coordinates}]");
    if (a->nitems != nc && a->nitems != 4) /* ptxas takes four coordinates for every geometry */
        return WHY("'%s': .%s takes %d coordinate%s", in->text, geom_names[g], nc, nc > 1 ? "s" : "");
    int got = v->kind == PS_OP_VEC ? v->nitems : 1;
    if (got != vec) return WHY("'%s': %d value%s for a .v%d access", in->text, got, got > 1 ? "s" : "", vec);
    d->geom = (uint8_t)g;
    d->type2 = (uint8_t)mode;
    d->rnd = (uint8_t)esz;
    d->vec = (uint8_t)vec;
    if (formatted && esz != 4) return WHY("'%s': sust.p stores .b32 elements (ptxas)", in->text);
    d->is_store = formatted ? 2 : store;
    return surface_access;
}

/* sured.b.op.{1d,2d,3d}.ctype.mode [h, {b}], c: add on u32 u64 s32, min and max on u32 s32 u64
 * s64, and and or on b32 (PTX ISA 9.7.11.3) */
static ps_exec_fn select_reduce(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    static const char *const ops[] = {"add", "min", "max", "and", "or"};
    static const ps_word op_words[] = {PS_WM(ADD), PS_WM(MIN), PS_WM(MAX), PS_WM(AND), PS_WM(OR)};
    bool formatted = word(in, 0) == PS_WM(P);
    if (word(in, 0) != PS_WM(B) && !formatted) return WHY("'%s': sured is .b or .p", in->text);
    if (in->nwords != 5) return WHY("'%s': ptxsim executes sured.{b,p}.op.geom.ctype.mode", in->text);
    int op = -1, g = geom_of(word(in, 2)), mode = mode_of(word(in, 4));
    for (int i = 0; i < 5; i++)
        if (word(in, 1) == op_words[i]) op = i;
    ps_type ty = type_of(word(in, 3));
    if (op < 0) return WHY("'%s': the operation is .add, .min, .max, .and or .or", in->text);
    if (g < 0 || g > G_3D) return WHY("'%s': sured's geometry is .1d, .2d or .3d", in->text);
    if (mode < 0) return WHY("'%s': the out-of-range mode (.trap, .clamp or .zero) is required", in->text);
    bool ok = formatted ? ty == PS_T_B32 || (ty == PS_T_B64 && (op == RD_MIN || op == RD_MAX))
        : op == RD_ADD  ? ty == PS_T_U32 || ty == PS_T_U64 || ty == PS_T_S32
        : op <= RD_MAX  ? ty == PS_T_U32 || ty == PS_T_S32 || ty == PS_T_U64 || ty == PS_T_S64
                        : ty == PS_T_B32;
    if (formatted && !ok) return WHY("'%s': sured.p takes .b32, or .b64 with .min and .max (ptxas)", in->text);
    if (!ok)
        return WHY("'%s': .%s takes %s (PTX ISA)", in->text, ops[op],
                   op == RD_ADD       ? ".u32, .u64 or .s32"
                       : op <= RD_MAX ? ".u32, .s32, .u64 or .s64"
                                      : ".b32");
    const ps_operand *a = &in->ops[0];
    if (in->nops != 2 || !handle_ok(a) || in->ops[1].kind == PS_OP_VEC)
        return WHY("'%s': ptxsim takes the surface as a .u64 register holding a surface object's handle: "
                   "[handle, {coordinates}], value",
                   in->text);
    if (a->nitems != geom_coords[g] && a->nitems != 4)
        return WHY("'%s': .%s takes %d coordinate%s", in->text, geom_names[g], geom_coords[g],
                   geom_coords[g] > 1 ? "s" : "");
    d->geom = (uint8_t)g;
    d->type2 = (uint8_t)mode;
    d->rnd = (uint8_t)ps_type_size(ty);
    d->vec = (uint8_t)op;
    d->type = (uint8_t)ty;
    d->is_store = formatted;
    return surface_reduce;
}

static ps_exec_fn select_query(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    static const ps_word names[] = {PS_WM(WIDTH),
                                    PS_WM(HEIGHT),
                                    PS_WM(DEPTH),
                                    PS_WM(ARRAY_SIZE),
                                    PS_WM(MEMORY_LAYOUT),
                                    PS_WM(NORMALIZED_COORDS),
                                    PS_WM(FILTER_MODE),
                                    PS_WM(ADDR_MODE_0),
                                    PS_WM(ADDR_MODE_1),
                                    PS_WM(ADDR_MODE_2),
                                    PS_WM(NUM_MIPMAP_LEVELS),
                                    PS_WM(NUM_SAMPLES)};
    bool txq = in->form == PS_F_TXQ;
    char spelling[24];
    ps_insn_word_text(in, 0, spelling, sizeof spelling);
    if (in->nwords != 2 || word(in, 1) != PS_WT(B32))
        return WHY("'%s': ptxsim executes %s.query.b32 d, [handle]%s", in->text, in->info->mnemonic,
                   txq && word(in, 0) == PS_WM(LEVEL) ? " (txq.level: textures here have no mipmaps; not "
                                                        "supported)"
                                                      : "");
    int q = -1;
    for (int i = 0; i < 12; i++)
        if (word(in, 0) == names[i]) q = i;
    bool ok = q >= 0 && (txq ? q != Q_MEMORY_LAYOUT : q <= Q_MEMORY_LAYOUT);
    if (!ok)
        return WHY("'%s': .%s is not supported by ptxsim (%s)", in->text, spelling,
                   word(in, 0) == PS_WM(CHANNEL_DATA_TYPE) || word(in, 0) == PS_WM(CHANNEL_ORDER)
                       ? "the value is the source language's enumeration, not measured"
                       : "not a query of this instruction");
    if (!txq && (q == Q_ARRAY_SIZE || q == Q_MEMORY_LAYOUT)) /* lab/textures/README.md */
        return WHY("'%s': the CUDA 13.0 driver refuses to load suq.%s for sm_90 (CUDA_ERROR_NOT_SUPPORTED on an "
                   "H200, though ptxas accepts it): no GPU result to match, not supported by ptxsim",
                   in->text, spelling);
    if (txq && q > Q_DEPTH) /* lab/textures/README.md */
        return WHY("'%s': the CUDA 13.0 driver gives no kernel using txq.%s on an H200 (cuModuleGetFunction: not "
                   "found, though ptxas accepts it): no GPU result to match, not supported by ptxsim",
                   in->text, spelling);
    if (in->nops != 2 || in->ops[0].kind != PS_OP_REG || !handle_ok(&in->ops[1]) || in->ops[1].nitems)
        return WHY("'%s': ptxsim takes the object as a .u64 register holding its handle: d, [handle]", in->text);
    d->query = (uint8_t)q;
    d->is_txq = txq;
    return query;
}

static ps_exec_fn select_tex(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    int n = in->nwords, i = 0;
    char spelling[24];
    if (word(in, i) == PS_WM(BASE)) i++; /* level 0: the only level of ptxsim's textures */
    if (word(in, i) == PS_WM(LEVEL) || word(in, i) == PS_WM(GRAD))
        return WHY("'%s': tex.%s needs mipmapped textures, which ptxsim does not support", in->text,
                   ps_insn_word_text(in, i, spelling, sizeof spelling));
    int g = geom_of(word(in, i));
    if (g < 0 && word(in, i) == PS_WM(CUBE)) g = G_CUBE;
    if (g < 0 && word(in, i) == PS_WM(ACUBE)) g = G_ACUBE;
    if (g < 0)
        return WHY("'%s': ptxsim executes the geometries .1d .2d .3d .a1d .a2d .cube .acube (not .2dms .a2dms)",
                   in->text);
    i++;
    if (n != i + 3 || word(in, i) != PS_WM(V4))
        return WHY("'%s': ptxsim executes tex.geom.v4.dtype.ctype (not .v2.f16x2)", in->text);
    ps_type dt = type_of(word(in, i + 1)), ct = type_of(word(in, i + 2));
    if (dt != PS_T_U32 && dt != PS_T_S32 && dt != PS_T_F32)
        return WHY("'%s': the destination type is .u32, .s32 or .f32 (.f16 is not supported by ptxsim)", in->text);
    if (ct != PS_T_S32 && ct != PS_T_F32) return WHY("'%s': the coordinate type is .s32 or .f32", in->text);
    const ps_operand *dv = &in->ops[0], *a = in->nops > 1 ? &in->ops[1] : NULL;
    if (in->nops != 2 || dv->kind != PS_OP_VEC || dv->nitems != 4 || dv->pair_reg >= 0 || !handle_ok(a))
        return WHY("'%s': ptxsim executes tex d, [handle, {coordinates}] with a .u64 register holding a texture "
                   "object's handle (no sampler, offset, depth-compare or predicate operands)",
                   in->text);
    int nc = geom_coords[g];
    if (a->nitems != nc && !(g != G_3D && g != G_A2D && a->nitems == 4))
        return WHY("'%s': .%s takes %d coordinate%s", in->text, geom_names[g], nc, nc > 1 ? "s" : "");
    if (g >= G_CUBE && ct != PS_T_F32) return WHY("'%s': .%s takes .f32 coordinates", in->text, geom_names[g]);
    for (int k = has_layer(g) ? 1 : 0; k < a->nitems; k++) /* f32 constants keep their bits (decode.c) */
        if (ct == PS_T_F32 && (a->items[k].kind == PS_OP_IMM || a->items[k].kind == PS_OP_IMM_F64))
            return WHY("'%s': an .f32 texture coordinate is a register or an f32 constant (0fXXXXXXXX)", in->text);
    d->geom = (uint8_t)g;
    d->type2 = ct == PS_T_S32;
    d->type = (uint8_t)dt;
    d->gather = 0;
    return tex_fetch;
}

/* tld4.comp.{2d,a2d,cube,acube}.v4.dtype.f32 d, [h, {c}] */
static ps_exec_fn select_tld4(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    static const ps_word comps[] = {PS_WM(R), PS_WM(G), PS_WM(B), PS_WM(A)};
    int comp = -1;
    for (int i = 0; i < 4; i++)
        if (word(in, 0) == comps[i]) comp = i;
    if (comp < 0) return WHY("'%s': the component is .r, .g, .b or .a", in->text);
    int g = geom_of(word(in, 1));
    if (g < 0 && word(in, 1) == PS_WM(CUBE)) g = G_CUBE;
    if (g < 0 && word(in, 1) == PS_WM(ACUBE)) g = G_ACUBE;
    if (g != G_2D && g != G_A2D && g != G_CUBE && g != G_ACUBE)
        return WHY("'%s': tld4's geometries are .2d, .a2d, .cube and .acube", in->text);
    if (in->nwords != 5 || word(in, 2) != PS_WM(V4))
        return WHY("'%s': ptxsim executes tld4.comp.geom.v4.dtype.f32", in->text);
    ps_type dt = type_of(word(in, 3));
    if (dt != PS_T_U32 && dt != PS_T_S32 && dt != PS_T_F32)
        return WHY("'%s': the destination type is .u32, .s32 or .f32", in->text);
    if (word(in, 4) != PS_WT(F32)) return WHY("'%s': tld4 takes .f32 coordinates", in->text);
    const ps_operand *dv = &in->ops[0], *a = in->nops > 1 ? &in->ops[1] : NULL;
    if (in->nops != 2 || dv->kind != PS_OP_VEC || dv->nitems != 4 || dv->pair_reg >= 0 || !handle_ok(a))
        return WHY("'%s': ptxsim executes tld4 d, [handle, {coordinates}] with a .u64 register holding a texture "
                   "object's handle (no sampler, offset, depth-compare or predicate operands)",
                   in->text);
    if (a->nitems != geom_coords[g])
        return WHY("'%s': .%s takes %d coordinates", in->text, geom_names[g], geom_coords[g]);
    for (int k = has_layer(g) ? 1 : 0; k < a->nitems; k++)
        if (a->items[k].kind == PS_OP_IMM || a->items[k].kind == PS_OP_IMM_F64)
            return WHY("'%s': an .f32 texture coordinate is a register or an f32 constant (0fXXXXXXXX)", in->text);
    d->geom = (uint8_t)g;
    d->type2 = 0;
    d->type = (uint8_t)dt;
    d->gather = 1 + comp;
    return tex_fetch;
}

ps_exec_fn ps_select_tex(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    switch (in->form) {
    case PS_F_SULD:
    case PS_F_SUST: return select_surface(in, d, why, len);
    case PS_F_SURED: return select_reduce(in, d, why, len);
    case PS_F_SUQ:
    case PS_F_TXQ: return select_query(in, d, why, len);
    case PS_F_TEX: return select_tex(in, d, why, len);
    case PS_F_TLD4: return select_tld4(in, d, why, len);
    default: return WHY("'%s' is not supported by ptxsim yet", in->text);
    }
}
