/* test_select.c — the handler table (sim/select.c): every executable form of isa/forms.def names
 * a family with a selector, and that selector finds a handler for a plain spelling of the form.
 * The spellings are ones ptxas accepts: the sweep's recorded verdicts (tests/forms/sweep.txt,
 * the first spelling ptxas accepted for sm_90 per row) and, for rows the sweep leaves out, the
 * hand-written ones below, each checked with ptxas 13.0 (-arch=sm_90a). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

static const char *const form_ids[] = {
#define X(ID, ...) #ID,
#include "forms.def"
#undef X
};

static int form_by_id(const char *id) {
    for (int f = 0; f < PS_F_COUNT; f++)
        if (!strcmp(form_ids[f], id)) return f;
    return -1;
}

static bool executable(int f) { return !(ps_form_get((ps_form)f)->props & P_NOEXEC); }

/* Every executable form's family has a selector (or is the decoder's own: control flow and
 * barriers); forms that are not executed have none. */
static void every_form_has_a_selector(void **state) {
    (void)state;
    int bad = 0;
    for (int f = 0; f < PS_F_COUNT; f++) {
        const ps_form_info *info = ps_form_get((ps_form)f);
        const ps_family_info *fam = ps_family_get(info->family);
        bool decoder = info->family == PS_FAM_FLOW || info->family == PS_FAM_BARRIER;
        if (!executable(f)) {
            if (info->family != PS_FAM_NONE) print_error("%s is not executed but names a family\n", form_ids[f]), bad++;
            continue;
        }
        if (info->family == PS_FAM_NONE || (!fam->select && !decoder) || (decoder && fam->operands != PS_OPS_DECODER))
            print_error("%s (%s): its family %d has no selector\n", form_ids[f], info->mnemonic, info->family), bad++;
    }
    assert_int_equal(bad, 0);
}

/* ---- one spelling per form, decoded ----------------------------------------------------------- */

#define HEADER                                                                          \
    ".version 8.7\n.target %s\n.address_size 64\n.func f(.reg .b32 x) { ret; }\n"       \
    ".visible .entry k(.param .u64 p0) {\n"                                             \
    ".reg .pred %%p<8>;\n.reg .b16 %%h<60>;\n.reg .b32 %%r<80>;\n.reg .b64 %%rd<60>;\n" \
    ".reg .f64 %%fd<40>;\n.reg .b128 %%q<4>;\n.shared .align 16 .b8 smem[256];\n"
#define FOOTER "ret;\n}\n"

/* Decodes `body` in a kernel for target; returns the first decode error, or NULL (static). */
static const char *decode_error(const char *target, const char *body) {
    static char err[512];
    char src[8192];
    snprintf(src, sizeof src, HEADER "%s\n" FOOTER, target, body);
    ps_diags dg = {0};
    ps_parse_options po = {0};
    ps_module *m = NULL;
    ps_status st = ps_parse("snippet.ptx", src, strlen(src), &po, &dg, &m);
    err[0] = 0;
    if (st != PS_OK) snprintf(err, sizeof err, "parse: %s", dg.count ? dg.items[0].msg : "?");
    ps_device *dev = ps_device_create();
    ps_program *p = NULL;
    if (!err[0] && ps_program_check(m, NULL, dev, &dg, &p) != PS_OK)
        snprintf(err, sizeof err, "build: %s", dg.count ? dg.items[0].msg : "?");
    for (int i = 0; p && !err[0] && i < m->nfuncs; i++) {
        const ps_diags *fd = ps_program_function_diags(p, i);
        for (int k = 0; fd && k < fd->count; k++)
            if (fd->items[k].level == PS_DIAG_ERROR) {
                snprintf(err, sizeof err, "%s", fd->items[k].msg);
                break;
            }
    }
    ps_program_free(p);
    ps_device_destroy(dev);
    ps_module_free(m);
    ps_diags_free(&dg);
    return err[0] ? err : NULL;
}

static bool covered[PS_F_COUNT];

/* Each row the sweep covers: some spelling ptxas accepted for sm_90a decodes (not every one need:
 * "accepted, not run" spellings such as testp without a test are allowed, docs/isa-support.md). */
static void swept_spellings_decode(void **state) {
    (void)state;
    FILE *fp = fopen("tests/forms/sweep.txt", "r");
    assert_non_null(fp);
    char line[1024], first[PS_F_COUNT][160] = {{0}};
    bool tried[PS_F_COUNT] = {0};
    int bad = 0, n = 0;
    while (fgets(line, sizeof line, fp)) {
        char *cols[4] = {line, NULL, NULL, NULL};
        for (int k = 1; k < 4 && cols[k - 1]; k++) {
            char *t = strchr(cols[k - 1], '\t');
            if (t) *t = 0, cols[k] = t + 1;
        }
        if (!cols[3] || strcmp(cols[0], "sm_90a") || strcmp(cols[1], "accept")) continue;
        if (!strncmp(cols[2], "audit:", 6)) continue; /* isa_audit's families: not forms.def rows */
        cols[3][strcspn(cols[3], "\n")] = 0;
        int f = form_by_id(cols[2]);
        assert_true(f >= 0);
        if (covered[f] || !executable(f)) continue;
        if (!tried[f]) snprintf(first[f], sizeof first[f], "%s", cols[3]), tried[f] = true, n++;
        covered[f] = decode_error("sm_90a", cols[3]) == NULL;
    }
    fclose(fp);
    for (int f = 0; f < PS_F_COUNT; f++)
        if (tried[f] && !covered[f]) {
            print_error("%s: no spelling ptxas accepts decodes (the first: '%s': %s)\n", form_ids[f], first[f],
                        decode_error("sm_90a", first[f]));
            bad++;
        }
    print_message("%d swept forms: each has a spelling that decodes\n", n);
    assert_int_equal(bad, 0);
    assert_true(n >= 100); /* the sweep's rows were read (a format change must not pass this by) */
}

/* Rows the sweep leaves out (memory, control flow, async copies, tensor cores, textures, ...):
 * one plain spelling each, accepted by ptxas 13.0 for sm_90a in the kernel HEADER builds. */
static const struct {
    const char *form, *body;
} hand[] = {
    {"LD", "ld.global.u32 %r1, [%rd1];"},
    {"LDU", "ldu.global.u32 %r1, [%rd1];"},
    {"ST", "st.global.u32 [%rd1], %r1;"},
    {"ATOM", "atom.global.add.u32 %r1, [%rd1], %r2;"},
    {"RED", "red.global.add.u32 [%rd1], %r2;"},
    {"CVT", "cvt.u32.u16 %r1, %h1;"},
    {"CVT_PACK", "cvt.pack.sat.u8.s32.b32 %r1, %r2, %r3, %r4;"},
    {"BRA", "bra L1;\nL1:"},
    {"BRX_IDX", "ts: .branchtargets L1, L2;\nbrx.idx %r1, ts;\nL1:\nL2:"},
    {"CALL", "call f, (%r1);"},
    {"BAR", "bar.sync 0;"},
    {"BARRIER", "barrier.sync 0;"},
    {"FENCE", "fence.sc.gpu;"},
    {"CP_ASYNC", "cp.async.ca.shared.global [smem], [%rd1], 4;"},
    {"CP_ASYNC_BULK",
     "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [smem], [%rd1], 16, [smem+128];"},
    {"CP_ASYNC_BULK_PREFETCH", "cp.async.bulk.prefetch.L2.global [%rd1], 16;"},
    {"CP_ASYNC_BULK_TENSOR",
     "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%r3], [%rd1, {%r1}], [%r4];"},
    {"CP_ASYNC_BULK_WAIT", "cp.async.bulk.wait_group 0;"},
    {"CP_REDUCE_ASYNC_BULK", "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd1], [smem], 16;"},
    {"GRIDDEPCONTROL", "griddepcontrol.wait;"},
    {"LDMATRIX", "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [smem];"},
    {"STMATRIX", "stmatrix.sync.aligned.m8n8.x1.shared.b16 [smem], {%r1};"},
    {"MOVMATRIX", "movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2;"},
    {"MBARRIER_INIT", "mbarrier.init.shared.b64 [smem], 32;"},
    {"MBARRIER_INVAL", "mbarrier.inval.shared.b64 [smem];"},
    {"MBARRIER_ARRIVE", "mbarrier.arrive.shared.b64 %rd1, [smem];"},
    {"MBARRIER_ARRIVE_DROP", "mbarrier.arrive_drop.shared.b64 %rd1, [smem];"},
    {"MBARRIER_ARRIVE_EXPECT_TX", "mbarrier.arrive.expect_tx.shared.b64 %rd1, [smem], 16;"},
    {"MBARRIER_ARRIVE_DROP_EXPECT_TX", "mbarrier.arrive_drop.expect_tx.shared.b64 %rd1, [smem], 16;"},
    {"MBARRIER_EXPECT_TX", "mbarrier.expect_tx.shared.b64 [smem], 16;"},
    {"MBARRIER_COMPLETE_TX", "mbarrier.complete_tx.shared.b64 [smem], 16;"},
    {"MBARRIER_TEST_WAIT", "mbarrier.test_wait.shared.b64 %p1, [smem], %rd1;"},
    {"MBARRIER_TRY_WAIT", "mbarrier.try_wait.shared.b64 %p1, [smem], %rd1;"},
    {"MBARRIER_PENDING_COUNT", "mbarrier.pending_count.b64 %r1, %rd1;"},
    {"MMA",
     "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%r7}, {%r8,%r9,%r10,%r11};"},
    {"RED_ASYNC",
     "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [smem], %r1, [smem+128];"},
    {"ST_ASYNC", "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [smem], %r1, [smem+128];"},
    {"SETMAXNREG", "setmaxnreg.inc.sync.aligned.u32 240;"},
    {"ALLOCA", "alloca.u64 %rd1, 16;"},
    {"STACKSAVE", "stacksave.u64 %rd1;"},
    {"STACKRESTORE", "stackrestore.u64 %rd1;"},
    {"SULD", "suld.b.1d.b32.trap {%r1}, [%rd1, {%r2}];"},
    {"SUST", "sust.b.1d.b32.trap [%rd1, {%r2}], {%r1};"},
    {"SURED", "sured.b.add.1d.u32.trap [%rd1, {%r2}], %r1;"},
    {"SUQ", "suq.width.b32 %r1, [%rd1];"},
    {"TXQ", "txq.width.b32 %r1, [%rd1];"},
    {"TEX", "tex.1d.v4.f32.s32 {%r1,%r2,%r3,%r4}, [%rd1, {%r5}];"},
    {"TLD4", "tld4.r.2d.v4.f32.f32 {%r1,%r2,%r3,%r4}, [%rd1, {%r5,%r6}];"},
    {"VSET", "vset.u32.u32.lt %r1, %r2, %r3;"},
    {"VSET2", "vset2.u32.u32.lt %r1, %r2, %r3, %r4;"},
    {"VSET4", "vset4.u32.u32.lt %r1, %r2, %r3, %r4;"},
    {"WGMMA_FENCE", "wgmma.fence.sync.aligned;"},
    {"WGMMA_COMMIT", "wgmma.commit_group.sync.aligned;"},
    {"WGMMA_WAIT", "wgmma.wait_group.sync.aligned 0;"},
    {"WGMMA_MMA_ASYNC",
     "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r1,%r2,%r3,%r4}, %rd1, %rd2, 1, 1, 1, 0, 0;"},
    {"WMMA_LOAD", "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1,%r2,%r3,%r4,%r5,%r6,%r7,%r8}, [%rd1];"},
    {"WMMA_STORE", "wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%rd1], {%r1,%r2,%r3,%r4,%r5,%r6,%r7,%r8};"},
    {"WMMA_MMA",
     "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%r1,%r2,%r3,%r4,%r5,%r6,%r7,%r8}, "
     "{%r11,%r12,%r13,%r14,%r15,%r16,%r17,%r18}, {%r21,%r22,%r23,%r24,%r25,%r26,%r27,%r28}, "
     "{%r31,%r32,%r33,%r34,%r35,%r36,%r37,%r38};"},
};

static void hand_spellings_decode(void **state) {
    (void)state;
    int bad = 0;
    for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++) {
        int f = form_by_id(hand[i].form);
        assert_true(f >= 0);
        const char *e = decode_error("sm_90a", hand[i].body);
        if (e) print_error("%s: '%s' does not decode: %s\n", hand[i].form, hand[i].body, e), bad++;
        covered[f] = true;
    }
    assert_int_equal(bad, 0);
}

/* A new executable form needs a spelling here or in the sweep. */
static void every_executable_form_decoded(void **state) {
    (void)state;
    int bad = 0;
    for (int f = 0; f < PS_F_COUNT; f++)
        if (executable(f) && !covered[f]) print_error("%s: no spelling decoded\n", form_ids[f]), bad++;
    assert_int_equal(bad, 0);
}

int main(void) {
    /* some texture sampling runs only when asked (docs/textures.md): decode every spelling */
    setenv("PTXSIM_TEXTURE_SAMPLING", "reference", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_form_has_a_selector),
        cmocka_unit_test(swept_spellings_decode),
        cmocka_unit_test(hand_spellings_decode),
        cmocka_unit_test(every_executable_form_decoded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
