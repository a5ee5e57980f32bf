/* exec_mem.c — ld, st, atom/red, cvta, isspacep and the memory-ordering no-ops (PTX ISA 9.7.9
 * "Data Movement and Conversion", 9.7.13 "Parallel Synchronization"). */
#include <string.h>

#include "fp_half.h"
#include "sim_internal.h"

/* ---- ld / st ----------------------------------------------------------------- */

/* Starts an access event when a checker listens; returns NULL otherwise. */
static ps_mem_event *event_begin(ps_warp *w, const ps_dinsn *d, ps_mem_event *ev, ps_access_kind k, int sz, int vec) {
    const ps_observer *o = w->cta->obs;
    if (!o || !o->mem) return NULL;
    ps_event_where_fill(&ev->at, w, d);
    ev->kind = k;
    ev->size = (unsigned)(sz * vec);
    ev->elem = (unsigned)sz;
    ev->mask = w->exec;
    ev->remote = 0;
    ev->hint = 0;
    ev->values = NULL;
    return ev;
}

static void event_end(ps_warp *w, ps_mem_event *ev) {
    if (ev) w->cta->obs->mem(w->cta->obs->ctx, ev);
}

static inline void *resolve(ps_warp *w, int space, uint64_t addr, unsigned size, int l, bool write, ps_mem_event *ev) {
    return ev ? ps_mem_resolve_ev(w, space, addr, size, l, write, ev) : ps_mem_resolve(w, space, addr, size, l, write);
}

/* Records the lanes of a span-resolved access in the event, as ps_mem_resolve_ev would: one space
 * for every lane (the span's), and whether the lanes are contiguous. All 32 lanes are filled (a
 * straight loop that vectorises); the event's mask says which count. */
PS_CLONES PS_VECTORIZE static void event_span(ps_mem_event *restrict ev, const ps_span *sp,
                                              const uint64_t *restrict base, int64_t imm) {
    static const uint8_t to_ps[] = {PS_SPACE_GENERIC, PS_SPACE_GLOBAL, PS_SPACE_SHARED,
                                    PS_SPACE_LOCAL,   PS_SPACE_CONST,  PS_SPACE_PARAM};
    memset(ev->space, to_ps[sp->space], sizeof ev->space);
    uint64_t delta = (uint64_t)imm - sp->unwindow;
    for (int l = 0; l < WARP; l++) ev->addr[l] = base[l] + delta;
    ev->hint = PS_MEM_ONE_SPACE | (sp->contiguous ? PS_MEM_CONTIGUOUS : 0u);
}

/* GCC vector types (AVX2 registers in the x86-64-v3 clones, SSE pairs in the baseline) */
typedef uint64_t u64x4 __attribute__((vector_size(32), aligned(8)));
typedef uint32_t u32x8 __attribute__((vector_size(32), aligned(8)));

/* The common case of a scalar ld/st without a checker: a full warp whose lanes are evenly spaced,
 * lane l at lane 0's address + l * s (the caller checked the mask and lane 31; here every lane
 * is confirmed, 4 per vector compare), s a multiple of the size (contiguous when s == size, a
 * broadcast when s == 0), in one region: one bounds check for the warp's whole extent (the CTA's
 * last-hit allocation entries inline, else ps_mem_block), then the caller's straight copy loop.
 * Returns the host address of lane 0's bytes, or NULL when the access is anything else
 * (ps_mem_span and the per-lane path decide then, faults included, so a fault reads exactly as
 * before). */
#define AFFINE_MAX_STRIDE (1ull << 20) /* |s| above this takes ps_mem_span */
static inline __attribute__((always_inline)) uint8_t *affine(ps_warp *w, const ps_dinsn *d, const uint64_t *base,
                                                             uint64_t s, unsigned size, bool write) {
    if (s + AFFINE_MAX_STRIDE > 2 * AFFINE_MAX_STRIDE || ((int64_t)s % (int64_t)size)) return NULL;
    uint64_t b0 = base[0];
    u64x4 dev = {0, 0, 0, 0}, want = {b0, b0 + s, b0 + 2 * s, b0 + 3 * s};
    const u64x4 step = {4 * s, 4 * s, 4 * s, 4 * s};
#pragma GCC unroll 8
    for (int l = 0; l < WARP; l += 4) {
        u64x4 a;
        memcpy(&a, base + l, sizeof a);
        dev |= a ^ want;
        want += step;
    }
    if (dev[0] | dev[1] | dev[2] | dev[3]) return NULL;
    uint64_t a0 = b0 + (uint64_t)d->imm, lo = (int64_t)s < 0 ? a0 + (WARP - 1) * s : a0;
    uint64_t bytes = ((int64_t)s < 0 ? -s : s) * (WARP - 1) + size; /* the warp's extent from lo */
    uint8_t *p = NULL;
    if (d->space == SP_GLOBAL) { /* the CTA's last-hit entries, inline; ps_mem_block on a miss */
        const struct ps_alloc_hit *h = w->cta->hits;
        for (int i = 0; i < PS_ALLOC_HITS; i++)
            if (lo - h[i].base < h[i].end - h[i].base) {
                if (!(lo & (size - 1)) && lo + bytes - h[i].base <= h[i].end - h[i].base && lo + bytes > lo)
                    p = h[i].host + (lo - h[i].base);
                break;
            }
    }
    if (!p) p = ps_mem_block(w, d->space, lo, (unsigned)bytes, size, write);
    return p ? p + (a0 - lo) : NULL;
}

/* A scalar ld/st handler without a checker (the record's address in operand ADDR): a checker's
 * events go through name##_any; a full warp of evenly spaced lanes (lanes 0, 1 and 31 tell cheaply)
 * takes name##_coal (s == size) or name##_strided; anything else, or an access those refuse,
 * takes name##_span. */
#define MEM_SCALAR_DISPATCH(name, T, ADDR)                                                  \
    PS_CLONES static void name(ps_warp *w, const ps_dinsn *d) {                             \
        const uint64_t *base = R(w, d->o[ADDR]);                                            \
        if (w->cta->obs) {                                                                  \
            name##_any(w, d);                                                               \
            return;                                                                         \
        }                                                                                   \
        if (w->exec == FULL_MASK) {                                                         \
            uint64_t s = base[1] - base[0];                                                 \
            if (base[WARP - 1] - base[0] == (WARP - 1) * s &&                               \
                (s == sizeof(T) ? name##_coal(w, d, base) : name##_strided(w, d, base, s))) \
                return;                                                                     \
        }                                                                                   \
        name##_span(w, d);                                                                  \
    }

/* ld/st: the whole warp is resolved at once when it can be (ps_mem_span: one bounds check, one
 * allocation lookup); otherwise lane by lane, which faults on the first bad lane in lane order.
 * The span path only runs when every lane is good, so both paths leave the same state. */
#define LD_HANDLER(name, T, EXT)                                                                                       \
    static __attribute__((noinline)) void name##_any(ps_warp *w, const ps_dinsn *d) {                                  \
        int vec = d->vec, sz = (int)sizeof(T);                                                                         \
        const uint64_t *base = R(w, d->o[vec]);                                                                        \
        uint64_t imm = (uint64_t)d->imm;                                                                               \
        ps_mem_event evs, *ev = event_begin(w, d, &evs, PS_ACC_LOAD, sz, vec);                                         \
        ps_span sp;                                                                                                    \
        if (vec <= 4 && ps_mem_span(w, d->space, base, d->imm, w->exec, (unsigned)(sz * vec), false, &sp)) {           \
            if (sp.contiguous && vec == 1) {                                                                           \
                uint64_t *D = R(w, d->o[0]);                                                                           \
                const uint8_t *p0 = ps_span_at(&sp, base[0] + imm, 0);                                                 \
                for (int l = 0; l < WARP; l++) {                                                                       \
                    T v;                                                                                               \
                    memcpy(&v, p0 + (size_t)l * sizeof v, sizeof v);                                                   \
                    D[l] = (uint64_t)(EXT)v;                                                                           \
                }                                                                                                      \
            } else if (vec == 1 && !sp.lane_stride) {                                                                  \
                uint64_t *D = R(w, d->o[0]);                                                                           \
                uintptr_t off = sp.off + imm;                                                                          \
                LANES(w, {                                                                                             \
                    T v;                                                                                               \
                    memcpy(&v, (const uint8_t *)(off + base[l]), sizeof v);                                            \
                    D[l] = (uint64_t)(EXT)v;                                                                           \
                });                                                                                                    \
            } else {                                                                                                   \
                LANES(w, {                                                                                             \
                    const uint8_t *p = ps_span_at(&sp, base[l] + imm, l);                                              \
                    T v[4];                                                                                            \
                    memcpy(v, p, sizeof(T) * (size_t)vec);                                                             \
                    for (int k = 0; k < vec; k++) R(w, d->o[k])[l] = (uint64_t)(EXT)v[k];                              \
                });                                                                                                    \
            }                                                                                                          \
            if (ev) {                                                                                                  \
                event_span(ev, &sp, base, d->imm);                                                                     \
                event_end(w, ev);                                                                                      \
            }                                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        for (uint32_t m = w->exec; m; m &= m - 1) {                                                                    \
            int l = __builtin_ctz(m);                                                                                  \
            const uint8_t *p = resolve(w, d->space, base[l] + imm, (unsigned)(sz * vec), l, false, ev);                \
            if (!p) {                                                                                                  \
                ps_fault_lanes(w, d->space, base, imm, (unsigned)(sz * vec), false, l);                                \
                return;                                                                                                \
            }                                                                                                          \
            for (int k = 0; k < vec; k++) {                                                                            \
                T v;                                                                                                   \
                memcpy(&v, p + k * sz, sizeof v);                                                                      \
                R(w, d->o[k])[l] = (uint64_t)(EXT)v;                                                                   \
            }                                                                                                          \
        }                                                                                                              \
        event_end(w, ev);                                                                                              \
    }                                                                                                                  \
    /* A coalesced scalar load without a checker (affine, s == size): a plain lane loop, which GCC  \
     * vectorises to one widening load per 4 lanes (vpmovzxdq & co. from memory; a vector-typed    \
     * __builtin_convertvector took two 128-bit halves and an insert instead). Its own function, as \
     * the strided one below, so that the handler's other paths do not pay for its registers. */                  \
    PS_CLONES static __attribute__((noinline)) bool name##_coal(ps_warp *w, const ps_dinsn *d, const uint64_t *base) { \
        uint64_t *D = R(w, d->o[0]);                                                                                   \
        const uint8_t *c0 = affine(w, d, base, sizeof(T), sizeof(T), false);                                           \
        if (!c0) return false;                                                                                         \
        PS_IVDEP _Pragma("GCC unroll 8") for (int l = 0; l < WARP; l++) {                                              \
            T v;                                                                                                       \
            memcpy(&v, c0 + (size_t)l * sizeof(T), sizeof v);                                                          \
            D[l] = (uint64_t)(EXT)v;                                                                                   \
        }                                                                                                              \
        return true;                                                                                                   \
    }                                                                                                                  \
    /* An evenly spaced scalar load with another stride s (a broadcast when s == 0). */                                \
    PS_CLONES static __attribute__((noinline)) bool name##_strided(ps_warp *w, const ps_dinsn *d,                      \
                                                                   const uint64_t *base, uint64_t s) {                 \
        uint64_t *D = R(w, d->o[0]);                                                                                   \
        const uint8_t *c0 = affine(w, d, base, s, sizeof(T), false);                                                   \
        if (!c0) return false;                                                                                         \
        for (int l = 0; l < WARP; l++) {                                                                               \
            T v;                                                                                                       \
            memcpy(&v, c0 + (int64_t)s * l, sizeof v);                                                                 \
            D[l] = (uint64_t)(EXT)v;                                                                                   \
        }                                                                                                              \
        return true;                                                                                                   \
    }                                                                                                                  \
    /* Scalar load, no checker, lanes not evenly spaced: the span path with nothing around it. */                      \
    PS_CLONES static __attribute__((noinline)) void name##_span(ps_warp *w, const ps_dinsn *d) {                       \
        const uint64_t *base = R(w, d->o[1]);                                                                          \
        uint64_t *D = R(w, d->o[0]);                                                                                   \
        T v;                                                                                                           \
        ps_span sp;                                                                                                    \
        if (!ps_mem_span(w, d->space, base, d->imm, w->exec, sizeof(T), false, &sp)) {                                 \
            name##_any(w, d);                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        uintptr_t off = sp.off + (uintptr_t)d->imm;                                                                    \
        if (sp.contiguous) {                                                                                           \
            const uint8_t *p0 = (const uint8_t *)(off + base[0]);                                                      \
            for (int l = 0; l < WARP; l++) {                                                                           \
                memcpy(&v, p0 + (size_t)l * sizeof v, sizeof v);                                                       \
                D[l] = (uint64_t)(EXT)v;                                                                               \
            }                                                                                                          \
        } else if (!sp.lane_stride) {                                                                                  \
            LANES(w, {                                                                                                 \
                memcpy(&v, (const uint8_t *)(off + base[l]), sizeof v);                                                \
                D[l] = (uint64_t)(EXT)v;                                                                               \
            });                                                                                                        \
        } else {                                                                                                       \
            uint64_t stride = sp.lane_stride;                                                                          \
            LANES(w, {                                                                                                 \
                const uint8_t *p = (const uint8_t *)(off + base[l] + (uint64_t)l * stride);                            \
                memcpy(&v, p, sizeof v);                                                                               \
                D[l] = (uint64_t)(EXT)v;                                                                               \
            });                                                                                                        \
        }                                                                                                              \
    }                                                                                                                  \
    MEM_SCALAR_DISPATCH(name, T, 1)
LD_HANDLER(ld_u8, uint8_t, uint64_t)
LD_HANDLER(ld_s8, int8_t, int64_t)
LD_HANDLER(ld_u16, uint16_t, uint64_t)
LD_HANDLER(ld_s16, int16_t, int64_t)
LD_HANDLER(ld_u32, uint32_t, uint64_t)
LD_HANDLER(ld_s32, int32_t, int64_t)
LD_HANDLER(ld_u64, uint64_t, uint64_t)

#define ST_CHOP(x)       (x) /* a wider register is truncated (PTX ISA 9.4.1, table 27) */
/* `st.f32` from a 64-bit register: what the H200 stores is not the register's low half, as table
 * 27 says, but cvt.rn.f32.u64 of it (tests/relaxed_types, lab/relaxed_types/README.md) */
#define ST_F32_OF_U64(x) ps_cvt(PS_CVT_F32, PS_CVT_U64, (x), PS_RND_RN, 0)

/* A coalesced store's data: lane l's value, cut to `size` bytes, at q + l * size. The 4-byte
 * case picks the low halves of 8 registers at a time (vpermd and a blend), the 8-byte case is a
 * plain copy. */
static inline __attribute__((always_inline)) void st_lanes_ST_CHOP(uint8_t *q, const uint64_t *S, unsigned size) {
    if (size == 8) {
        memcpy(q, S, WARP * 8);
    } else if (size == 4) {
#pragma GCC unroll 4
        for (int l = 0; l < WARP; l += 8) {
            u32x8 a, b;
            memcpy(&a, S + l, sizeof a);
            memcpy(&b, S + l + 4, sizeof b);
#if defined(__clang__)
            u32x8 r = __builtin_shufflevector(a, b, 0, 2, 4, 6, 8, 10, 12, 14);
#else
            u32x8 r = __builtin_shuffle(a, b, (u32x8){0, 2, 4, 6, 8, 10, 12, 14});
#endif
            memcpy(q + (size_t)l * 4, &r, sizeof r);
        }
    } else if (size == 2) {
        for (int l = 0; l < WARP; l++) {
            uint16_t v = (uint16_t)S[l];
            memcpy(q + (size_t)l * 2, &v, 2);
        }
    } else {
        for (int l = 0; l < WARP; l++) q[l] = (uint8_t)S[l];
    }
}
static inline __attribute__((always_inline)) void st_lanes_ST_F32_OF_U64(uint8_t *q, const uint64_t *S, unsigned size) {
    (void)size;
    for (int l = 0; l < WARP; l++) {
        uint32_t v = (uint32_t)ST_F32_OF_U64(S[l]);
        memcpy(q + (size_t)l * 4, &v, 4);
    }
}

#define ST_HANDLER(name, T, CONV)                                                                                      \
    static __attribute__((noinline)) void name##_any(ps_warp *w, const ps_dinsn *d) {                                  \
        int vec = d->vec, sz = (int)sizeof(T);                                                                         \
        const uint64_t *base = R(w, d->o[0]);                                                                          \
        uint64_t imm = (uint64_t)d->imm;                                                                               \
        ps_mem_event evs, *ev = event_begin(w, d, &evs, PS_ACC_STORE, sz, vec);                                        \
        if (ev && vec == 1) ev->values = R(w, d->o[1]);                                                                \
        ps_span sp;                                                                                                    \
        if (vec <= 4 && ps_mem_span(w, d->space, base, d->imm, w->exec, (unsigned)(sz * vec), true, &sp)) {            \
            if (sp.contiguous && vec == 1) {                                                                           \
                const uint64_t *S = R(w, d->o[1]);                                                                     \
                uint8_t *p0 = ps_span_at(&sp, base[0] + imm, 0);                                                       \
                for (int l = 0; l < WARP; l++) {                                                                       \
                    T v = (T)CONV(S[l]);                                                                               \
                    memcpy(p0 + (size_t)l * sizeof v, &v, sizeof v);                                                   \
                }                                                                                                      \
            } else if (vec == 1 && !sp.lane_stride) {                                                                  \
                const uint64_t *S = R(w, d->o[1]);                                                                     \
                uintptr_t off = sp.off + imm;                                                                          \
                LANES(w, {                                                                                             \
                    T v = (T)CONV(S[l]);                                                                               \
                    memcpy((uint8_t *)(off + base[l]), &v, sizeof v);                                                  \
                });                                                                                                    \
            } else {                                                                                                   \
                LANES(w, {                                                                                             \
                    uint8_t *p = ps_span_at(&sp, base[l] + imm, l);                                                    \
                    for (int k = 0; k < vec; k++) {                                                                    \
                        T v = (T)CONV(R(w, d->o[1 + k])[l]);                                                           \
                        memcpy(p + k * sz, &v, sizeof v);                                                              \
                    }                                                                                                  \
                });                                                                                                    \
            }                                                                                                          \
            if (ev) {                                                                                                  \
                event_span(ev, &sp, base, d->imm);                                                                     \
                event_end(w, ev);                                                                                      \
            }                                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        for (uint32_t m = w->exec; m; m &= m - 1) {                                                                    \
            int l = __builtin_ctz(m);                                                                                  \
            uint8_t *p = resolve(w, d->space, base[l] + imm, (unsigned)(sz * vec), l, true, ev);                       \
            if (!p) {                                                                                                  \
                ps_fault_lanes(w, d->space, base, imm, (unsigned)(sz * vec), true, l);                                 \
                return;                                                                                                \
            }                                                                                                          \
            for (int k = 0; k < vec; k++) {                                                                            \
                T v = (T)CONV(R(w, d->o[1 + k])[l]);                                                                   \
                memcpy(p + k * sz, &v, sizeof v);                                                                      \
            }                                                                                                          \
        }                                                                                                              \
        event_end(w, ev);                                                                                              \
    }                                                                                                                  \
    /* A coalesced scalar store without a checker (affine, s == size), and one with another stride s \
     * (lanes write in lane order, so with s == 0 the last lane's value stays, as on the per-lane   \
     * path). */                 \
    PS_CLONES static __attribute__((noinline)) bool name##_coal(ps_warp *w, const ps_dinsn *d, const uint64_t *base) { \
        uint8_t *q0 = affine(w, d, base, sizeof(T), sizeof(T), true);                                                  \
        if (q0) st_lanes_##CONV(q0, R(w, d->o[1]), sizeof(T));                                                         \
        return q0;                                                                                                     \
    }                                                                                                                  \
    PS_CLONES static __attribute__((noinline)) bool name##_strided(ps_warp *w, const ps_dinsn *d,                      \
                                                                   const uint64_t *base, uint64_t s) {                 \
        uint8_t *q0 = affine(w, d, base, s, sizeof(T), true);                                                          \
        if (!q0) return false;                                                                                         \
        const uint64_t *S = R(w, d->o[1]);                                                                             \
        for (int l = 0; l < WARP; l++) {                                                                               \
            T v = (T)CONV(S[l]);                                                                                       \
            memcpy(q0 + (int64_t)s * l, &v, sizeof v);                                                                 \
        }                                                                                                              \
        return true;                                                                                                   \
    }                                                                                                                  \
    /* Scalar store, no checker, lanes not evenly spaced: the span path with nothing around it. */                     \
    PS_CLONES static __attribute__((noinline)) void name##_span(ps_warp *w, const ps_dinsn *d) {                       \
        const uint64_t *base = R(w, d->o[0]);                                                                          \
        const uint64_t *S = R(w, d->o[1]);                                                                             \
        ps_span sp;                                                                                                    \
        if (!ps_mem_span(w, d->space, base, d->imm, w->exec, sizeof(T), true, &sp)) {                                  \
            name##_any(w, d);                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        uintptr_t off = sp.off + (uintptr_t)d->imm;                                                                    \
        if (sp.contiguous) {                                                                                           \
            uint8_t *p0 = (uint8_t *)(off + base[0]);                                                                  \
            for (int l = 0; l < WARP; l++) {                                                                           \
                T v = (T)CONV(S[l]);                                                                                   \
                memcpy(p0 + (size_t)l * sizeof v, &v, sizeof v);                                                       \
            }                                                                                                          \
        } else {                                                                                                       \
            uint64_t stride = sp.lane_stride;                                                                          \
            LANES(w, {                                                                                                 \
                T v = (T)CONV(S[l]);                                                                                   \
                uint8_t *p = (uint8_t *)(off + base[l] + (uint64_t)l * stride);                                        \
                memcpy(p, &v, sizeof v);                                                                               \
            });                                                                                                        \
        }                                                                                                              \
    }                                                                                                                  \
    MEM_SCALAR_DISPATCH(name, T, 0)
ST_HANDLER(st_8, uint8_t, ST_CHOP)
ST_HANDLER(st_16, uint16_t, ST_CHOP)
ST_HANDLER(st_32, uint32_t, ST_CHOP)
ST_HANDLER(st_64, uint64_t, ST_CHOP)
ST_HANDLER(st_f32_u64, uint32_t, ST_F32_OF_U64)

/* 128-bit scalars (ld.b128) occupy two 64-bit halves: not supported in registers yet. */

static ps_exec_fn select_ld(const ps_insn *in, ps_dinsn *d) {
    ps_type t = in->types[0];
    int size = ps_type_size(t);
    ps_type_kind k = ps_type_kind_of(t);
    bool s = k == TK_SINT;
    if (d->nops < in->vec + 1) return NULL;
    bool one = in->vec == 1;
    switch (size) {
    case 1: return s ? (one ? ld_s8 : ld_s8_any) : (one ? ld_u8 : ld_u8_any);
    case 2: return s ? (one ? ld_s16 : ld_s16_any) : (one ? ld_u16 : ld_u16_any);
    case 4: return s ? (one ? ld_s32 : ld_s32_any) : (one ? ld_u32 : ld_u32_any);
    case 8: return one ? ld_u64 : ld_u64_any;
    default: return NULL;
    }
}

static ps_exec_fn select_st(const ps_insn *in, ps_dinsn *d) {
    if (d->nops < in->vec + 1) return NULL;
    bool one = in->vec == 1;
    if (d->flags & DF_ST_F32_U64) return one ? st_f32_u64 : st_f32_u64_any;
    switch (ps_type_size(in->types[0])) {
    case 1: return one ? st_8 : st_8_any;
    case 2: return one ? st_16 : st_16_any;
    case 4: return one ? st_32 : st_32_any;
    case 8: return one ? st_64 : st_64_any;
    default: return NULL;
    }
}

/* ---- atomics ------------------------------------------------------------------ */

enum { AT_ADD, AT_MIN, AT_MAX, AT_INC, AT_DEC, AT_AND, AT_OR, AT_XOR, AT_EXCH, AT_CAS, AT_FADD, AT_F16X2, AT_BF16X2 };

/* new value for old `o` with operand `b` (and `c` for cas); 32- or 64-bit, signedness in `sig` */
static inline uint64_t atom_apply(int op, int bits, bool sig, uint64_t o, uint64_t b, uint64_t c, bool *write) {
    uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
    o &= mask, b &= mask, c &= mask;
    *write = true;
    switch (op) {
    case AT_ADD: return (o + b) & mask;
    case AT_MIN:
        if (sig) return (bits == 64 ? (int64_t)o < (int64_t)b : (int32_t)o < (int32_t)b) ? o : b;
        return o < b ? o : b;
    case AT_MAX:
        if (sig) return (bits == 64 ? (int64_t)o > (int64_t)b : (int32_t)o > (int32_t)b) ? o : b;
        return o > b ? o : b;
    case AT_INC: return o >= b ? 0 : o + 1;
    case AT_DEC: return (o == 0 || o > b) ? b : o - 1;
    case AT_AND: return o & b;
    case AT_OR: return o | b;
    case AT_XOR: return o ^ b;
    case AT_EXCH: return b;
    case AT_CAS:
        if (o == b) return c;
        *write = false;
        return o;
    case AT_FADD:
        return bits == 64 ? ps_f64_add(o, b, PS_RND_RN) : ps_f32_add((uint32_t)o, (uint32_t)b, PS_RND_RN, true, false);
    case AT_F16X2:
    case AT_BF16X2: {
        /* add.noftz.f16x2 / .bf16x2 (ISA 9.7.13.5): each half rounded to nearest even,
         * subnormals kept; the same element operation as the bulk reductions' .add.noftz */
        ps_half_fmt f = op == AT_F16X2 ? PS_HALF_F16 : PS_HALF_BF16;
        uint16_t lo = ps_half_add(f, (uint16_t)o, (uint16_t)b, 0);
        uint16_t hi = ps_half_add(f, (uint16_t)(o >> 16), (uint16_t)(b >> 16), 0);
        return (uint64_t)hi << 16 | lo;
    }
    }
    return o;
}

/* Lanes are applied in ascending lane order; global memory uses host atomics because other
 * CTAs may run on other host threads. */
static void atom_exec(ps_warp *w, const ps_dinsn *d, bool returns) {
    int op = d->atom_op, bits = (int)d->atom_bits;
    bool sig = d->flags & DF_SIGNED;
    int ai = returns ? 1 : 0;
    const uint64_t *base = R(w, d->o[ai]);
    const uint64_t *B = R(w, d->o[ai + 1]);
    const uint64_t *C = op == AT_CAS ? R(w, d->o[ai + 2]) : B;
    unsigned size = (unsigned)bits / 8;
    ps_mem_event evs, *ev = event_begin(w, d, &evs, PS_ACC_ATOMIC, (int)size, 1);
    ps_span sp;
    if (!ev && d->space == SP_SHARED && ps_mem_span(w, SP_SHARED, base, d->imm, w->exec, size, true, &sp)) {
        /* Every lane in this CTA's shared memory (the span holds no other CTA's): only this host
         * thread reaches it (a cluster runs on one, engine_sched.c), so the lanes apply in lane
         * order with plain loads and stores, as the loop below does with host atomics. */
        uintptr_t off = sp.off + (uintptr_t)d->imm;
        for (uint32_t m = w->exec; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            bool write;
            uint64_t old;
            if (size == 8) {
                uint64_t *q = (uint64_t *)(off + base[l]);
                old = *q;
                uint64_t nv = atom_apply(op, 64, sig, old, B[l], C[l], &write);
                if (write) *q = nv;
            } else {
                uint32_t *q = (uint32_t *)(off + base[l]);
                old = *q;
                uint32_t nv = (uint32_t)atom_apply(op, 32, sig, old, B[l], C[l], &write);
                if (write) *q = nv;
            }
            if (returns) R(w, d->o[0])[l] = old;
        }
        return;
    }
    pthread_mutex_t *order = ev && d->space != SP_SHARED ? w->cta->obs->atomics_lock : NULL;
    if (order) pthread_mutex_lock(order);
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint8_t *p = resolve(w, d->space, base[l] + (uint64_t)d->imm, size, l, true, ev);
        if (!p) {
            if (order) pthread_mutex_unlock(order);
            ps_fault_lanes(w, d->space, base, (uint64_t)d->imm, size, true, l);
            return;
        }
        uint64_t old;
        bool write;
        if (size == 8) {
            uint64_t *q = (uint64_t *)p, cur = __atomic_load_n(q, __ATOMIC_RELAXED), nv;
            do {
                nv = atom_apply(op, 64, sig, cur, B[l], C[l], &write);
                if (!write) break;
            } while (!__atomic_compare_exchange_n(q, &cur, nv, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
            old = cur;
        } else {
            uint32_t *q = (uint32_t *)p, cur = __atomic_load_n(q, __ATOMIC_RELAXED), nv;
            do {
                nv = (uint32_t)atom_apply(op, 32, sig, cur, B[l], C[l], &write);
                if (!write) break;
            } while (!__atomic_compare_exchange_n(q, &cur, nv, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
            old = cur;
        }
        if (returns) R(w, d->o[0])[l] = old;
    }
    event_end(w, ev);
    if (order) pthread_mutex_unlock(order);
}

static void atom_ret(ps_warp *w, const ps_dinsn *d) { atom_exec(w, d, true); }
static void red_noret(ps_warp *w, const ps_dinsn *d) { atom_exec(w, d, false); }

static ps_exec_fn select_atom(const ps_insn *in, ps_dinsn *d, bool returns) {
    int op = ps_insn_group_index(in, PS_MG_ATOMOP); /* mods.def lists ATOMOP in AT_* order */
    if (op < 0 || in->ntypes != 1 || in->vec != 1) return NULL;
    ps_type t = in->types[0];
    int size = ps_type_size(t);
    ps_type_kind k = ps_type_kind_of(t);
    if (size != 4 && size != 8) return NULL;
    if (k == TK_FLOAT) {
        if (op == AT_ADD) op = AT_FADD;
        else if (op != AT_EXCH && op != AT_CAS) return NULL; /* float min/max: later */
    }
    if (k == TK_PACKED) { /* only add.noftz.f16x2 / .bf16x2 exist; never an integer add */
        if (op != AT_ADD || (t != PS_T_F16X2 && t != PS_T_BF16X2)) return NULL;
        op = t == PS_T_F16X2 ? AT_F16X2 : AT_BF16X2;
    }
    if ((op == AT_INC || op == AT_DEC) && t != PS_T_U32) return NULL;
    d->atom_op = (uint8_t)op;
    d->atom_bits = size * 8;
    if (k == TK_SINT) d->flags |= DF_SIGNED;
    int need = (returns ? 1 : 0) + 2 + (op == AT_CAS);
    if (d->nops < need) return NULL;
    return returns ? atom_ret : red_noret;
}

/* ---- address spaces ------------------------------------------------------------- */

static uint64_t window_of(int sp) {
    switch (sp) {
    case SP_SHARED:
    case SP_DSMEM: return SHARED_WINDOW; /* shared::cluster addresses share the window */
    case SP_LOCAL: return LOCAL_WINDOW;
    case SP_KPARAM: return KPARAM_WINDOW;
    default: return 0;
    }
}

static void cvta_to_generic(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]);
    uint64_t win = (uint64_t)d->imm;
    LANES(w, D[l] = (A[l] & 0xffffffffull) + win);
}

static void cvta_from_generic(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]);
    uint64_t win = (uint64_t)d->imm;
    LANES(w, D[l] = A[l] - win);
}

static void cvta_identity(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]);
    LANES(w, D[l] = A[l]);
}

static void isspacep(ps_warp *w, const ps_dinsn *d) {
    const uint64_t *A = R(w, d->o[1]);
    uint32_t r = 0;
    /* spaces without a window (global, const) are whatever lies outside the windows */
    int sp = d->space == SP_SHARED || d->space == SP_LOCAL || d->space == SP_KPARAM ? d->space
        : d->space == SP_DSMEM                                                      ? SP_SHARED
                                                                                    : SP_GLOBAL;
    for (uint32_t m = w->exec; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t win;
        if (generic_space(A[l], &win) == sp) r |= 1u << l;
    }
    write_pred(w, d->o[0], r);
}

static void nop(ps_warp *w, const ps_dinsn *d) {
    (void)w;
    (void)d;
}

static void fence(ps_warp *w, const ps_dinsn *d) {
    (void)w;
    (void)d;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

ps_exec_fn ps_select_mem(const ps_insn *in, ps_dinsn *d) {
    switch (in->form) {
    case PS_F_LD:
    case PS_F_LDU: return select_ld(in, d);
    case PS_F_ST: return select_st(in, d);
    case PS_F_ATOM: return select_atom(in, d, true);
    case PS_F_RED: return select_atom(in, d, false);
    case PS_F_CVTA:
        if (d->space == SP_GLOBAL || d->space == SP_CONST || d->space == SP_GENERIC) return cvta_identity;
        d->imm = (int64_t)window_of(d->space);
        return ps_insn_mod(in, PS_MOD_TO) ? cvta_from_generic : cvta_to_generic;
    case PS_F_ISSPACEP: return isspacep;
    case PS_F_PREFETCH:
    case PS_F_PREFETCHU:
    case PS_F_NANOSLEEP:
    case PS_F_PMEVENT:
    case PS_F_BRKPT: return nop;
    case PS_F_MEMBAR:
    case PS_F_FENCE: return fence;
    default: return NULL;
    }
}
