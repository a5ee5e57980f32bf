/* test_sass_merge.c — the model of ptxas's merged shared- and global-memory accesses (sim/sass_merge.c) on
 * PTX snippets taken from corpus kernels, each against what ptxas -O3 (CUDA 13.0, sm_90) made of
 * the original: the SASS in lab/sass_counters/corpus_sass.sm_90.tar.gz (file and lines cited per
 * case). The layout below is the one ptxas chose there: the first .shared variable at 0x400. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

typedef struct {
    ps_module *m;
    const ps_func *f;
    ps_sass_access *sa;
} merged_t;

/* The .shared variables in declaration order from 0x400, each at its .align (as ptxas placed
 * them in every kernel cited here). */
static uint64_t declared_layout(void *ctx, const ps_var *v) {
    const ps_func *f = ctx;
    uint64_t off = 0x400;
    for (int i = 0; i < f->nlocals; i++) {
        const ps_var *x = f->locals[i];
        if (x->space != PS_SPACE_SHARED) continue;
        uint64_t a = x->align > 0 ? (uint64_t)x->align : 1;
        off = (off + a - 1) / a * a;
        if (x == v) return off;
        off += x->size;
    }
    return UINT64_MAX;
}

static void merge(const char *body, merged_t *r) {
    char ptx[8192];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n%s\n}\n", body);
    ps_diags d = {0};
    assert_int_equal(ps_parse("k.ptx", ptx, strlen(ptx), NULL, &d, &r->m), PS_OK);
    ps_diags_free(&d);
    r->f = r->m->funcs[0];
    r->sa = calloc((size_t)r->f->ninsns, sizeof *r->sa);
    ps_sass_merge(r->f, declared_layout, (void *)r->f, r->sa);
}

static void done(merged_t *r) {
    free(r->sa);
    ps_module_free(r->m);
}

/* Instruction index of the n-th (0-based) shared ld/st. */
static int access_at(const merged_t *r, int n) {
    for (int i = 0; i < r->f->ninsns; i++) {
        const ps_insn *in = &r->f->insns[i];
        if ((in->form == PS_F_LD || in->form == PS_F_ST) && ps_modset_has(&in->mods, PS_MOD_SHARED) && n-- == 0)
            return i;
    }
    fail_msg("no shared access %d", n);
    return -1;
}

/* Accesses first..first+count-1 form one group of `bytes`, led by `lead` (an access number). */
static void expect_group(const merged_t *r, int first, int count, unsigned bytes, int lead) {
    for (int k = first; k < first + count; k++) {
        const ps_sass_access *a = &r->sa[access_at(r, k)];
        assert_int_equal(a->lead, access_at(r, lead));
        assert_int_equal(a->bytes, bytes);
        assert_int_equal(a->count, count);
    }
}

static void expect_alone(const merged_t *r, int first, int count) {
    for (int k = first; k < first + count; k++) assert_int_equal(r->sa[access_at(r, k)].lead, -1);
}

/* matmul_f32.sm_90.ptx lines 62-146: As (.align 4, at 0x400) + tid.y*64 read at +0..+60 became
 * LDS.128 [R+0x0], [R+0x10], [R+0x20], [R+0x30]; Bs + tid.x*4 read at +0, +64, ... stayed LDS. */
static void matmul_row_loads_become_128_bit(void **state) {
    (void)state;
    char body[6000];
    int n = snprintf(body, sizeof body,
                     ".reg .b32 %%r<30>;\n.reg .f32 %%f<40>;\n"
                     ".shared .align 4 .b8 As[1024];\n.shared .align 4 .b8 Bs[1024];\n"
                     "mov.u32 %%r1, %%tid.y;\nmov.u32 %%r4, %%tid.x;\nshl.b32 %%r19, %%r1, 6;\n"
                     "mov.u32 %%r20, As;\nadd.s32 %%r8, %%r20, %%r19;\nshl.b32 %%r21, %%r4, 2;\n"
                     "mov.u32 %%r22, Bs;\nadd.s32 %%r9, %%r22, %%r21;\nbar.sync 0;\n");
    for (int k = 0; k < 16; k++)
        n += snprintf(body + n, sizeof body - (size_t)n,
                      "ld.shared.f32 %%f%d, [%%r9+%d];\nld.shared.f32 %%f%d, [%%r8+%d];\n", 2 * k, 64 * k, 2 * k + 1,
                      4 * k);
    snprintf(body + n, sizeof body - (size_t)n, "bar.sync 0;\nret;\n");
    merged_t r;
    merge(body, &r);
    for (int g = 0; g < 4; g++) {
        /* the As loads are accesses 1, 3, 5, ...: group g holds 8g+1, 8g+3, 8g+5, 8g+7 */
        for (int k = 0; k < 4; k++) {
            const ps_sass_access *a = &r.sa[access_at(&r, 8 * g + 2 * k + 1)];
            assert_int_equal(a->lead, access_at(&r, 8 * g + 1));
            assert_int_equal(a->bytes, 16);
            assert_int_equal(a->delta, -4 * k);
        }
        for (int k = 0; k < 4; k++) assert_int_equal(r.sa[access_at(&r, 8 * g + 2 * k)].lead, -1);
    }
    done(&r);
}

/* stencil1d.sm_90.ptx lines 52-106: s + tid.x*4 read at +0, +4, ..., +24 stayed 7 LDS (only
 * 4-byte alignment is known). */
static void word_aligned_base_does_not_merge(void **state) {
    (void)state;
    merged_t r;
    merge(".reg .b32 %r<10>;\n.reg .f32 %f<10>;\n.shared .align 4 .b8 s[536];\n"
          "mov.u32 %r1, %tid.x;\nshl.b32 %r7, %r1, 2;\nmov.u32 %r8, s;\nadd.s32 %r3, %r8, %r7;\n"
          "ld.shared.f32 %f1, [%r3];\nld.shared.f32 %f2, [%r3+4];\nld.shared.f32 %f3, [%r3+8];\n"
          "ld.shared.f32 %f4, [%r3+12];\nld.shared.f32 %f5, [%r3+16];\nld.shared.f32 %f6, [%r3+20];\n"
          "ld.shared.f32 %f7, [%r3+24];\nret;\n",
          &r);
    expect_alone(&r, 0, 7);
    done(&r);
}

/* atomics.sm_90.ptx lines 31-61 and 241-247: two .align 4 .u32 variables (at 0x400, 0x404)
 * stored one after the other became STS.64 [UR8]; loaded around a global store, LDS.64 [UR8]. */
static void adjacent_variables_merge_across_global_store(void **state) {
    (void)state;
    merged_t r;
    merge(".reg .b32 %r<10>;\n.reg .b64 %rd<4>;\n.shared .align 4 .u32 sh_sum;\n.shared .align 4 .u32 sh_max;\n"
          "ld.param.u64 %rd1, [p];\nmov.u32 %r6, 0;\nst.shared.u32 [sh_sum], %r6;\n"
          "mov.u32 %r7, -2147483648;\nst.shared.u32 [sh_max], %r7;\nbar.sync 0;\n"
          "ld.shared.u32 %r1, [sh_sum];\nst.global.u32 [%rd1], %r1;\n"
          "ld.shared.u32 %r2, [sh_max];\nst.global.u32 [%rd1+4], %r2;\nret;\n",
          &r);
    expect_group(&r, 0, 2, 8, 0);
    expect_group(&r, 2, 2, 8, 2);
    done(&r);
}

/* bitonic.sm_90.ptx lines 56-68: s + tid*8 read at +4 then +0 became one LDS.64, written back
 * at +0, +4 one STS.64; the group's access starts 4 bytes below its first instruction's. */
static void pair_in_reverse_order(void **state) {
    (void)state;
    merged_t r;
    merge(".reg .b32 %r<120>;\n.reg .pred %p<3>;\n.shared .align 4 .b8 s[2048];\n"
          "mov.u32 %r1, %tid.x;\nshl.b32 %r117, %r1, 3;\nmov.u32 %r115, s;\nadd.s32 %r5, %r115, %r117;\n"
          "ld.shared.u32 %r6, [%r5+4];\nld.shared.u32 %r7, [%r5];\nsetp.gt.s32 %p2, %r7, %r6;\n"
          "@%p2 bra DONE;\nst.shared.u32 [%r5], %r6;\nst.shared.u32 [%r5+4], %r7;\nDONE:\nret;\n",
          &r);
    expect_group(&r, 0, 2, 8, 0);
    assert_int_equal(r.sa[access_at(&r, 0)].delta, -4);
    assert_int_equal(r.sa[access_at(&r, 1)].delta, 0);
    expect_group(&r, 2, 2, 8, 2);
    done(&r);
}

/* lab/sass_counters/probes2 (asm_probes.cu, measured with ncu on the H200): from a 16-byte-aligned
 * window, [r+4], [r+8], [r+12] became one LDS.128 of [r+0..15]; [r+4] .. [r+16] that LDS.128 and an
 * LDS of [r+16]; [r+4], [r+8] alone stayed two LDS. */
static void three_words_widen_to_the_window(void **state) {
    (void)state;
    merged_t r;
    const char *head = ".reg .b32 %r<20>;\n.shared .align 16 .b8 s[2048];\n"
                       "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 5;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\n";
    char body[1024];
    snprintf(body, sizeof body,
             "%sld.shared.u32 %%r5, [%%r4+4];\nld.shared.u32 %%r6, [%%r4+8];\nld.shared.u32 %%r7, [%%r4+12];\n"
             "ld.shared.u32 %%r8, [%%r4+16];\nret;\n",
             head);
    merge(body, &r);
    expect_group(&r, 0, 3, 16, 0);
    assert_int_equal(r.sa[access_at(&r, 0)].delta, -4);
    assert_int_equal(r.sa[access_at(&r, 2)].delta, -12);
    expect_alone(&r, 3, 1);
    done(&r);
    snprintf(body, sizeof body, "%sld.shared.u32 %%r5, [%%r4+4];\nld.shared.u32 %%r6, [%%r4+8];\nret;\n", head);
    merge(body, &r);
    expect_alone(&r, 0, 2);
    done(&r);
}

/* hand_atom_shared/atom_shared.ptx lines 16-53: constants stored to two .u64 variables (0x480,
 * 0x488) became STS.128 [UR4+0x80]; to misc[0..5] (0x490) STS.128 [UR4+0x90] and STS.64
 * [UR4+0xa0]. */
static void constant_stores_merge(void **state) {
    (void)state;
    merged_t r;
    merge(".reg .b32 %r<10>;\n.shared .align 4 .u32 bins[32];\n.shared .align 8 .u64 prod;\n"
          ".shared .align 8 .u64 sum64;\n.shared .align 4 .u32 misc[6];\n"
          "st.shared.u64 [prod], 1;\nst.shared.u64 [sum64], 0;\nst.shared.u32 [misc], 0x80000000;\n"
          "st.shared.u32 [misc+4], 0xffffffff;\nst.shared.u32 [misc+8], 0;\nst.shared.u32 [misc+12], 0;\n"
          "st.shared.u32 [misc+16], 0;\nst.shared.u32 [misc+20], 0;\nret;\n",
          &r);
    expect_group(&r, 0, 2, 16, 0);
    expect_group(&r, 2, 4, 16, 2);
    expect_group(&r, 6, 2, 8, 6);
    done(&r);
}

/* The model's own caution (no SASS case either way): a shared store between two loads, a
 * barrier between two stores, a redefined base register, and different guards keep them apart. */
static void conservative_breaks(void **state) {
    (void)state;
    merged_t r;
    merge(".reg .b32 %r<10>;\n.reg .pred %p<3>;\n.shared .align 16 .b8 s[64];\n"
          "mov.u32 %r1, s;\nld.shared.u32 %r2, [%r1];\nst.shared.u32 [%r1+32], %r2;\nld.shared.u32 %r3, [%r1+4];\n"
          "st.shared.u32 [%r1+16], %r2;\nbar.sync 0;\nst.shared.u32 [%r1+20], %r3;\n"
          "ld.shared.u32 %r4, [%r1+48];\nadd.s32 %r1, %r1, 0;\nld.shared.u32 %r5, [%r1+52];\n"
          "setp.eq.u32 %p1, %r4, 0;\n@%p1 ld.shared.u32 %r6, [%r1+56];\nld.shared.u32 %r7, [%r1+60];\nret;\n",
          &r);
    expect_alone(&r, 0, 9);
    done(&r);
}

/* lab/sass_counters/probes3 (measured with ncu on the H200): a .v2.u32 and a .u32 inside one
 * 16-byte-aligned window, in either order and with a word left out, became one LDS.128; three
 * words with a gap ([r+0,4,12]) too; across two windows ([r+12] and a .v2 at [r+16]) they stayed
 * apart, and so did a .u32 beside a .u64 (probes2). */
static void mixed_widths_widen_to_the_window(void **state) {
    (void)state;
    merged_t r;
    const char *head = ".reg .b32 %r<20>;\n.reg .b64 %rd<4>;\n.shared .align 16 .b8 s[4096];\n"
                       "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 5;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\n";
    static const char *const widen[] = {
        "ld.shared.v2.u32 {%%r5, %%r6}, [%%r4+8];\nld.shared.u32 %%r7, [%%r4];\n",
        "ld.shared.u32 %%r5, [%%r4+4];\nld.shared.v2.u32 {%%r6, %%r7}, [%%r4+8];\n",
        "ld.shared.v2.u32 {%%r5, %%r6}, [%%r4];\nld.shared.u32 %%r7, [%%r4+12];\n",
    };
    char body[1024];
    for (size_t k = 0; k < sizeof widen / sizeof *widen; k++) {
        char fmt[512];
        snprintf(fmt, sizeof fmt, "%%s%sret;\n", widen[k]);
        snprintf(body, sizeof body, fmt, head);
        merge(body, &r);
        expect_group(&r, 0, 2, 16, 0);
        done(&r);
    }
    snprintf(body, sizeof body,
             "%sld.shared.u32 %%r5, [%%r4];\nld.shared.u32 %%r6, [%%r4+4];\nld.shared.u32 %%r7, [%%r4+12];\nret;\n",
             head);
    merge(body, &r);
    expect_group(&r, 0, 3, 16, 0);
    done(&r);
    snprintf(body, sizeof body, "%sld.shared.u32 %%r5, [%%r4+12];\nld.shared.v2.u32 {%%r6, %%r7}, [%%r4+16];\nret;\n",
             head);
    merge(body, &r);
    expect_alone(&r, 0, 2);
    done(&r);
    snprintf(body, sizeof body, "%sld.shared.u32 %%r5, [%%r4+4];\nld.shared.u64 %%rd1, [%%r4+8];\nret;\n", head);
    merge(body, &r);
    expect_alone(&r, 0, 2);
    done(&r);
}

/* lab/sass_counters/probes3 (ncu on the H200): three loads of one window under one guard
 * (@p ld [r], [r+4], [r+8]) stayed three LDS; unguarded they are one LDS.128. */
static void guarded_loads_stay_apart(void **state) {
    (void)state;
    merged_t r;
    merge(".reg .b32 %r<20>;\n.reg .pred %p<3>;\n.shared .align 16 .b8 s[2048];\n"
          "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 4;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\n"
          "setp.ne.u32 %p1, %r1, 7;\n@%p1 ld.shared.u32 %r5, [%r4];\n@%p1 ld.shared.u32 %r6, [%r4+4];\n"
          "@%p1 ld.shared.u32 %r7, [%r4+8];\nret;\n",
          &r);
    expect_alone(&r, 0, 3);
    done(&r);
}

/* Instruction index of the n-th (0-based) global ld/st. */
static int global_at(const merged_t *r, int n) {
    for (int i = 0; i < r->f->ninsns; i++) {
        const ps_insn *in = &r->f->insns[i];
        if ((in->form == PS_F_LD || in->form == PS_F_ST) && ps_modset_has(&in->mods, PS_MOD_GLOBAL) && n-- == 0)
            return i;
    }
    fail_msg("no global access %d", n);
    return -1;
}

#define GHEAD                                                                                \
    ".reg .b32 %r<30>;\n.reg .b64 %rd<30>;\nld.param.u64 %rd2, [p];\nmov.u32 %r4, %tid.x;\n" \
    "mul.wide.u32 %rd23, %r4, 32;\nadd.s64 %rd23, %rd2, %rd23;\n"

/* hand_globals_const/globals_const.ptx lines 87-90: st.global.v4 [%rd23] (so %rd23 is 16-byte
 * aligned), then .v2 stores at [%rd23+16] and, after an add, [%rd23+24] became STG.E.128
 * [R22.64+0x10]; without an access proving the alignment the model leaves them apart. */
static void global_stores_merge_where_an_access_proves_alignment(void **state) {
    (void)state;
    merged_t r;
    merge(GHEAD "st.global.v4.u32 [%rd23], {%r1, %r2, %r3, %r4};\nst.global.v2.u32 [%rd23+16], {%r5, %r6};\n"
                "add.s32 %r24, %r6, %r7;\nst.global.v2.u32 [%rd23+24], {%r24, %r9};\nret;\n",
          &r);
    assert_int_equal(r.sa[global_at(&r, 0)].lead, -1);
    for (int k = 1; k <= 2; k++) {
        assert_int_equal(r.sa[global_at(&r, k)].lead, global_at(&r, 1));
        assert_int_equal(r.sa[global_at(&r, k)].bytes, 16);
    }
    assert_int_equal(r.sa[global_at(&r, 2)].delta, -8);
    done(&r);
    merge(GHEAD "st.global.v2.u32 [%rd23+16], {%r5, %r6};\nst.global.v2.u32 [%rd23+24], {%r7, %r9};\nret;\n", &r);
    assert_int_equal(r.sa[global_at(&r, 0)].lead, -1);
    assert_int_equal(r.sa[global_at(&r, 1)].lead, -1);
    done(&r);
}

/* hand_globals_const lines 80-81: ld.global.u32 [%rd22] right after st.global.u32 [%rd22] has no
 * LDG in the SASS (7 ld.global, 6 LDG). A global store through another register between them, or
 * another offset, keeps the load. */
static void global_load_after_its_store_is_forwarded(void **state) {
    (void)state;
    merged_t r;
    merge(GHEAD "st.global.u32 [%rd23], %r1;\nld.global.u32 %r2, [%rd23];\nret;\n", &r);
    assert_int_equal(r.sa[global_at(&r, 0)].lead, -1);
    assert_true(r.sa[global_at(&r, 1)].forwarded);
    done(&r);
    merge(GHEAD "st.global.u32 [%rd23], %r1;\nst.global.u32 [%rd2], %r3;\nld.global.u32 %r2, [%rd23];\nret;\n", &r);
    assert_false(r.sa[global_at(&r, 2)].forwarded);
    assert_int_equal(r.sa[global_at(&r, 2)].lead, -1);
    done(&r);
    merge(GHEAD "st.global.u32 [%rd23], %r1;\nld.global.u32 %r2, [%rd23+4];\nret;\n", &r);
    assert_int_equal(r.sa[global_at(&r, 1)].lead, -1);
    done(&r);
}

/* hand_bitops/bitops.ptx lines 73-81: st.global.u32 [%rd3+48] and [%rd3+52], 16-byte-aligned by
 * the st.global.v4 at [%rd3+32], stayed two STG: ptxas expands the bfind.s64 between them with a
 * branch. Without it they are one STG.64. */
static void an_expansion_with_a_branch_ends_the_block(void **state) {
    (void)state;
    merged_t r;
    merge(GHEAD "st.global.v4.u32 [%rd23], {%r1, %r2, %r3, %r4};\nst.global.u32 [%rd23+16], %r5;\n"
                "bfind.s64 %r10, %rd2;\nst.global.u32 [%rd23+20], %r10;\nret;\n",
          &r);
    assert_int_equal(r.sa[global_at(&r, 1)].lead, -1);
    assert_int_equal(r.sa[global_at(&r, 2)].lead, -1);
    done(&r);
    merge(GHEAD "st.global.v4.u32 [%rd23], {%r1, %r2, %r3, %r4};\nst.global.u32 [%rd23+16], %r5;\n"
                "bfind.s32 %r10, %r1;\nst.global.u32 [%rd23+20], %r10;\nret;\n",
          &r);
    assert_int_equal(r.sa[global_at(&r, 1)].lead, global_at(&r, 1));
    assert_int_equal(r.sa[global_at(&r, 2)].lead, global_at(&r, 1));
    assert_int_equal(r.sa[global_at(&r, 2)].bytes, 8);
    done(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(matmul_row_loads_become_128_bit),
        cmocka_unit_test(word_aligned_base_does_not_merge),
        cmocka_unit_test(adjacent_variables_merge_across_global_store),
        cmocka_unit_test(pair_in_reverse_order),
        cmocka_unit_test(constant_stores_merge),
        cmocka_unit_test(conservative_breaks),
        cmocka_unit_test(three_words_widen_to_the_window),
        cmocka_unit_test(mixed_widths_widen_to_the_window),
        cmocka_unit_test(guarded_loads_stay_apart),
        cmocka_unit_test(global_stores_merge_where_an_access_proves_alignment),
        cmocka_unit_test(global_load_after_its_store_is_forwarded),
        cmocka_unit_test(an_expansion_with_a_branch_ends_the_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
