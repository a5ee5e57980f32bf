/* test_targets.c — targets, special registers, set with half-precision operands and "parse = run":
 * every .target the PTX ISA defines and the PTX ISA version that introduced it, which architecture
 * can run which target, the machine an old target runs on, the special registers' gates and values,
 * set.CmpOp with .f16/.bf16/.f16x2/.bf16x2 operands against a C model of the comparison, and the
 * property that whatever `ptxsim parse` accepts either runs or was named in a warning. The
 * language facts (what is legal where) are ptxas 13.0's verdicts, recorded with
 * scripts/target_sweep.py; values come from the PTX ISA or from C references written here. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isa.h"
#include "ptx_parser.h"
#include "ptxsim.h"
#include "sim.h"
#include "testutil.h"

/* ---- helpers ------------------------------------------------------------------------------ */

typedef struct {
    ps_status st;
    ps_diags d;
    ps_module *m;
} parsed;

static parsed parse_with(const char *src, const char *target) {
    parsed r = {0};
    ps_parse_options o = {.target = target ? ps_arch_lookup(target) : NULL};
    r.st = ps_parse("t.ptx", src, strlen(src), &o, &r.d, &r.m);
    return r;
}

static void parsed_free(parsed *r) {
    ps_module_free(r->m);
    ps_diags_free(&r->d);
}

static bool has_msg(const parsed *r, const char *needle) {
    for (int i = 0; i < r->d.count; i++)
        if (strstr(r->d.items[i].msg, needle)) return true;
    return false;
}

static const char *first_msg(const parsed *r) { return r->d.count ? r->d.items[0].msg : "(none)"; }

/* ---- targets ------------------------------------------------------------------------------ */

/* The lowest .version ptxas 13.0 takes each target with (scripts/target_sweep.py --versions:
 * ".version V-1 .target T" gives "PTX .version V-1 does not support .target T"). */
static const struct {
    const char *target, *first, *before;
} TARGET_VERSIONS[] = {
    {"sm_10", "1.0", NULL},    {"sm_11", "1.0", NULL},    {"sm_12", "1.2", "1.1"},   {"sm_13", "1.2", "1.1"},
    {"sm_20", "2.0", "1.5"},   {"sm_21", "2.0", "1.5"},   {"sm_30", "3.0", "2.3"},   {"sm_32", "4.0", "3.2"},
    {"sm_35", "3.1", "3.0"},   {"sm_37", "4.1", "4.0"},   {"sm_50", "4.0", "3.2"},   {"sm_52", "4.1", "4.0"},
    {"sm_53", "4.2", "4.1"},   {"sm_60", "5.0", "4.3"},   {"sm_61", "5.0", "4.3"},   {"sm_62", "5.0", "4.3"},
    {"sm_70", "6.0", "5.0"},   {"sm_72", "6.1", "6.0"},   {"sm_75", "6.3", "6.2"},   {"sm_80", "7.0", "6.5"},
    {"sm_86", "7.1", "7.0"},   {"sm_87", "7.4", "7.3"},   {"sm_88", "7.3", "7.2"},   {"sm_89", "7.8", "7.7"},
    {"sm_90", "7.8", "7.7"},   {"sm_90a", "8.0", "7.8"},  {"sm_100", "8.6", "8.5"},  {"sm_100a", "8.6", "8.5"},
    {"sm_100f", "8.8", "8.7"}, {"sm_101", "8.6", "8.5"},  {"sm_101a", "8.6", "8.5"}, {"sm_101f", "8.8", "8.7"},
    {"sm_103", "8.8", "8.7"},  {"sm_103a", "8.8", "8.7"}, {"sm_103f", "8.8", "8.7"}, {"sm_110", "9.0", "8.8"},
    {"sm_110a", "9.0", "8.8"}, {"sm_110f", "9.0", "8.8"}, {"sm_120", "8.7", "8.6"},  {"sm_120a", "8.7", "8.6"},
    {"sm_120f", "8.8", "8.7"}, {"sm_121", "8.8", "8.7"},  {"sm_121a", "8.8", "8.7"}, {"sm_121f", "8.8", "8.7"},
};

static void every_target_and_its_version(void **state) {
    (void)state;
    char src[256];
    for (size_t i = 0; i < sizeof TARGET_VERSIONS / sizeof TARGET_VERSIONS[0]; i++) {
        const char *t = TARGET_VERSIONS[i].target;
        snprintf(src, sizeof src, ".version %s\n.target %s\n.entry k () { ret; }\n", TARGET_VERSIONS[i].first, t);
        parsed ok = parse_with(src, NULL);
        if (ok.st != PS_OK) fail_msg("%s at %s: %s", t, TARGET_VERSIONS[i].first, first_msg(&ok));
        assert_non_null(ok.m->arch);
        assert_string_equal(ok.m->target, t);
        parsed_free(&ok);
        if (!TARGET_VERSIONS[i].before) continue;
        snprintf(src, sizeof src, ".version %s\n.target %s\n.entry k () { ret; }\n", TARGET_VERSIONS[i].before, t);
        parsed bad = parse_with(src, NULL);
        if (bad.st == PS_OK) fail_msg("%s accepted at %s", t, TARGET_VERSIONS[i].before);
        assert_int_equal(bad.d.items[0].line, 2);
        parsed_free(&bad);
    }
    /* ptxas 13 takes the compute_XX spelling for the same target; sm_22 and sm_90f are no targets */
    const ps_arch *c = ps_arch_lookup("compute_35");
    assert_non_null(c);
    assert_string_equal(c->name, "sm_35");
    assert_null(ps_arch_lookup("sm_22"));
    assert_null(ps_arch_lookup("sm_90f"));
    assert_null(ps_arch_lookup("compute_"));
}

/* Which architecture (ptxas -arch) can compile which .target: ptxas 13.0's verdicts. */
static void which_machine_runs_which_target(void **state) {
    (void)state;
    static const struct {
        const char *machine, *target;
        bool ok;
    } cases[] = {
        {"sm_75", "sm_35", true},      {"sm_80", "sm_35", true},     {"sm_75", "sm_80", false},
        {"sm_90", "sm_90a", false},    {"sm_100a", "sm_90a", false}, {"sm_100", "sm_90a", false},
        {"sm_90a", "sm_90", true},     {"sm_100f", "sm_90", true},   {"sm_100f", "sm_100a", false},
        {"sm_103a", "sm_100a", false}, {"sm_100", "sm_100f", true},  {"sm_103", "sm_100f", true},
        {"sm_103f", "sm_100f", true},  {"sm_103a", "sm_100f", true}, {"sm_100f", "sm_103f", false},
        {"sm_110", "sm_100f", false},  {"sm_120", "sm_100f", false}, {"sm_121", "sm_120f", true},
        {"sm_121a", "sm_120f", true},  {"sm_110a", "sm_110f", true}, {"sm_110", "sm_101", true},
        {"sm_110f", "sm_101f", true},  {"sm_89", "sm_88", true},     {"sm_87", "sm_88", false},
        {"sm_88", "sm_87", true},
    };
    char why[200];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const ps_arch *m = ps_arch_lookup(cases[i].machine), *t = ps_arch_lookup(cases[i].target);
        assert_non_null(m);
        assert_non_null(t);
        const char *r = ps_arch_cannot_run(m, t, why, sizeof why);
        if ((r == NULL) != cases[i].ok)
            fail_msg("%s running .target %s: expected %s, got %s", cases[i].machine, cases[i].target,
                     cases[i].ok ? "yes" : "no", r ? r : "yes");
    }
}

/* A module for a target ptxsim does not model as a machine runs on the oldest machine that can
 * run it; a modelled target is its own machine. */
static void default_machines(void **state) {
    (void)state;
    static const char *const pairs[][2] = {{"sm_10", "sm_50"},   {"sm_13", "sm_50"},     {"sm_35", "sm_50"},
                                           {"sm_37", "sm_50"},   {"sm_88", "sm_89"},     {"sm_50", "sm_50"},
                                           {"sm_90a", "sm_90a"}, {"sm_100f", "sm_100f"}, {"sm_62", "sm_62"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const ps_arch *m = ps_arch_default_machine(ps_arch_lookup(pairs[i][0]));
        assert_non_null(m);
        assert_string_equal(m->name, pairs[i][1]);
        assert_true(ps_arch_is_machine(m));
    }
    assert_false(ps_arch_is_machine(ps_arch_lookup("sm_35")));
}

/* An sm_35 module (PTX ISA 3.1) with no machine named runs on sm_50: shfl without .sync (legal below
 * sm_70), %nwarpid and a funnel shift; mad.f32 without rounding is PTX ISA 3.1's mad.rn.f32 (the
 * PTX ISA notes of mad: "for PTX ISA version 3.0 and earlier ... mad.f32 silently defaults to
 * mad.rn.f32"; ptxas 13 warns at 3.1 and refuses from 3.2). Oracles: C. */
static const char OLD_KERNEL[] = ".version 3.1\n.target sm_35\n.address_size 64\n"
                                 ".visible .entry old(.param .u64 p0, .param .u64 p1)\n{\n"
                                 "\t.reg .b32 %r<8>; .reg .f32 %f<5>; .reg .b64 %rd<6>;\n"
                                 "\tld.param.u64 %rd1, [p0]; ld.param.u64 %rd2, [p1];\n"
                                 "\tmov.u32 %r1, %laneid;\n"
                                 "\tmul.wide.u32 %rd3, %r1, 4; add.u64 %rd4, %rd1, %rd3; add.u64 %rd5, %rd2, %rd3;\n"
                                 "\tld.global.f32 %f1, [%rd4];\n"
                                 "\tshfl.up.b32 %r2, %r1, 1, 0;\n"
                                 "\tshf.l.wrap.b32 %r3, %r1, %r2, 4;\n"
                                 "\tmad.f32 %f2, %f1, %f1, %f1;\n"
                                 "\tmov.b32 %r4, %f2;\n"
                                 "\tadd.u32 %r5, %r2, %r3;\n"
                                 "\txor.b32 %r6, %r5, %r4;\n"
                                 "\tst.global.u32 [%rd5], %r6;\n"
                                 "\tret;\n}\n";

static void old_target_runs_on_sm50(void **state) {
    (void)state;
    float in[32];
    uint32_t out[32] = {0};
    for (int i = 0; i < 32; i++) in[i] = 1.0f / (float)(i + 3) + (float)i * 0.37f;
    tu_buf bufs[] = {{in, sizeof in}, {out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
    ps_launch_result res;
    char diag[512];
    ps_status st = tu_run(OLD_KERNEL, "old", &cfg, bufs, 2, &res, diag, sizeof diag);
    if (st != PS_OK) fail_msg("%s", diag);
    for (uint32_t l = 0; l < 32; l++) {
        uint32_t up = l == 0 ? 0 : l - 1; /* shfl.up by 1: lane 0 keeps its own value */
        uint32_t funnel = (uint32_t)((((uint64_t)up << 32) | l) << 4 >> 32);
        float f = fmaf(in[l], in[l], in[l]);
        uint32_t fb;
        memcpy(&fb, &f, 4);
        uint32_t want = ((l == 0 ? 0 : up) + funnel) ^ fb;
        if (out[l] != want) fail_msg("lane %u: %#x, want %#x", l, out[l], want);
    }
    /* the machine it ran on */
    ps_diags d = {0};
    ps_module *m = NULL;
    assert_int_equal(ps_parse("old.ptx", OLD_KERNEL, strlen(OLD_KERNEL), NULL, &d, &m), PS_OK);
    ps_device *dev = ps_device_create();
    ps_program *p = NULL;
    assert_int_equal(ps_program_build(m, NULL, dev, &d, &p), PS_OK);
    assert_string_equal(ps_program_arch(p)->name, "sm_50");
    ps_program_free(p);
    ps_device_destroy(dev);
    ps_module_free(m);
    ps_diags_free(&d);
}

/* The same sm_35 module on a machine the context names (the JIT runs sm_35 PTX on an sm_80): it
 * loads, runs with the same results, and the module reports the machine; an sm_90a module does not
 * load on an sm_90 context (an "a" target runs on its own architecture only). */
static void old_target_on_named_machine(void **state) {
    (void)state;
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create("sm_80", &ctx, NULL), PTXSIM_OK);
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *d = NULL;
    assert_int_equal(ptxsim_module_load(ctx, "old.ptx", OLD_KERNEL, strlen(OLD_KERNEL), &m, &d), PTXSIM_OK);
    ptxsim_diagnostics_free(d);
    ptxsim_module_info info;
    ptxsim_module_get_info(m, &info);
    assert_string_equal(info.target, "sm_35");
    assert_string_equal(info.machine, "sm_80");
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_kernel(m, "old", &k), PTXSIM_OK);
    float in[32];
    uint32_t out[32];
    for (int i = 0; i < 32; i++) in[i] = (float)i * 0.25f - 3.0f;
    uint64_t din, dout;
    assert_int_equal(ptxsim_mem_alloc(ctx, sizeof in, "in", &din), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_alloc(ctx, sizeof out, "out", &dout), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_write(ctx, din, in, sizeof in), PTXSIM_OK);
    void *args[] = {&din, &dout};
    ptxsim_launch_config cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}, .args = args};
    assert_int_equal(ptxsim_launch(ctx, k, &cfg, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_read(ctx, out, dout, sizeof out), PTXSIM_OK);
    for (uint32_t l = 0; l < 32; l++) {
        uint32_t up = l == 0 ? 0 : l - 1;
        uint32_t funnel = (uint32_t)((((uint64_t)up << 32) | l) << 4 >> 32);
        float f = fmaf(in[l], in[l], in[l]);
        uint32_t fb;
        memcpy(&fb, &f, 4);
        assert_int_equal(out[l], (up + funnel) ^ fb);
    }
    ptxsim_context_destroy(ctx);
    static const char a90[] = ".version 8.0\n.target sm_90a\n.address_size 64\n.entry k () { ret; }\n";
    assert_int_equal(ptxsim_context_create("sm_90", &ctx, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_module_load(ctx, "a90.ptx", a90, strlen(a90), &m, &d), PTXSIM_ERR_PARSE);
    assert_true(ptxsim_diagnostics_count(d) == 1 &&
                strstr(ptxsim_diagnostics_get(d, 0)->message, "cannot be compiled for architecture 'sm_90'"));
    ptxsim_diagnostics_free(d);
    ptxsim_context_destroy(ctx);
}

/* mad.f32 without rounding: ptxas 13 refuses it from PTX ISA 3.2 on sm_20 and later ("Rounding
 * modifier required for instruction 'mad'"), accepts it below (and on sm_1x, where rounding is
 * illegal); the cvt spellings below sm_70 that ptxas accepts (cvt.f64.f32, cvt.rn.f32.f64,
 * cvt.f32.f16, cvt.ftz.f64.f32 from PTX ISA 1.5, .ftz from 1.4). */
static void gates_of_old_targets(void **state) {
    (void)state;
    static const struct {
        const char *version, *target, *insn;
        const char *error; /* NULL: accepted by ptxas 13 */
    } cases[] = {
        {"3.2", "sm_35", "mad.f32 %f1, %f2, %f3, %f4;", "Rounding modifier required"},
        {"3.1", "sm_35", "mad.f32 %f1, %f2, %f3, %f4;", NULL},
        {"9.0", "sm_13", "mad.f32 %f1, %f2, %f3, %f4;", NULL},
        {"9.0", "sm_13", "mad.rn.f32 %f1, %f2, %f3, %f4;", "Illegal rounding modifier"},
        {"9.0", "sm_20", "mad.f64 %fd1, %fd2, %fd3, %fd4;", "Rounding modifier required"},
        {"9.0", "sm_35", "cvt.f64.f32 %fd1, %f2;", NULL},
        {"9.0", "sm_50", "cvt.rn.f32.f64 %f1, %fd2;", NULL},
        {"9.0", "sm_30", "cvt.f32.f16 %f1, %h2;", NULL},
        {"9.0", "sm_20", "cvt.ftz.f64.f32 %fd1, %f2;", NULL},
        {"1.4", "sm_13", "cvt.ftz.f64.f32 %fd1, %f2;", "requires PTX ISA .version 1.5"},
        {"1.3", "sm_13", "cvt.rn.ftz.f16.f32 %h1, %f2;", "requires PTX ISA .version 1.4"},
        {"9.0", "sm_80", "cvt.rn.satfinite.f16.f32 %h1, %f2;", NULL},
        {"8.0", "sm_80", "cvt.rn.satfinite.f16.f32 %h1, %f2;", "requires PTX ISA .version 8.1"},
        {"8.0", "sm_89", "cvt.rn.satfinite.e4m3x2.f32 %h1, %f2, %f3;", "requires PTX ISA .version 8.1"},
        {"7.8", "sm_90", "cvt.rn.satfinite.e4m3x2.f32 %h1, %f2, %f3;", NULL},
        {"7.0", "sm_80", "cvt.f32.bf16 %f1, %h2;", "requires PTX ISA .version 7.1"},
        {"9.0", "sm_30", "ld.global.nc.u32 %r1, [%rd1];", "requires .target sm_32"},
        {"9.0", "sm_32", "ld.global.nc.u32 %r1, [%rd1];", NULL},
        {"9.0", "sm_35", "shfl.up.b32 %r1, %r2, 1, 0;", NULL},
        {"9.0", "sm_70", "shfl.up.b32 %r1, %r2, 1, 0;", "without '.sync' is not supported"},
        {"6.3", "sm_70", "vote.ballot.b32 %r1, %p1;", NULL},
        {"9.0", "sm_80", "vote.ballot.b32 %r1, %p1;", "without '.sync' is not supported"},
        {"9.0", "sm_20", "vote.sync.ballot.b32 %r1, %p1, -1;", "requires .target sm_30"},
        {"9.0", "sm_50", "atom.global.add.f64 %fd1, [%rd1], %fd2;", "requires .target sm_60"},
        {"9.0", "sm_30", "atom.global.or.b64 %rd1, [%rd2], %rd3;", "requires .target sm_32"},
        {"9.0", "sm_50", "atom.global.gpu.add.u32 %r1, [%rd1], %r2;", "requires .target sm_60"},
        {"9.0", "sm_60", "ld.relaxed.gpu.global.u32 %r1, [%rd1];", "requires .target sm_70"},
        {"9.0", "sm_60", "cvta.param.u64 %rd1, %rd2;", "requires .target sm_70"},
        {"9.0", "sm_13", "popc.b32 %r1, %r2;", "requires .target sm_20"},
        {"9.0", "sm_10", "atom.global.add.u32 %r1, [%rd1], %r2;", "requires .target sm_11"},
        {"9.0", "sm_13", "div.rn.f32 %f1, %f2, %f3;", "requires .target sm_20"},
        {"9.0", "sm_13", "ld.u32 %r1, [%rd1];", "generic addressing"},
        {"4.2", "sm_20", "add.cc.u64 %rd1, %rd2, %rd3;", "requires PTX ISA .version 4.3"},
        {"9.0", "sm_80", "min.NaN.f32 %f1, %f2, %f3;", NULL},
        {"9.0", "sm_75", "min.NaN.f32 %f1, %f2, %f3;", "requires .target sm_80"},
    };
    char src[1024];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(src, sizeof src,
                 ".version %s\n.target %s\n%s.entry k ()\n{\n\t.reg .b32 %%r<4>; .reg .b64 %%rd<4>; "
                 ".reg .b16 %%h<4>; .reg .f32 %%f<5>; .reg .f64 %%fd<5>; .reg .pred %%p<2>;\n\t%s\n\tret;\n}\n",
                 cases[i].version, cases[i].target, atof(cases[i].version) >= 2.3 ? ".address_size 64\n" : "",
                 cases[i].insn);
        parsed r = parse_with(src, NULL);
        if (cases[i].error ? r.st == PS_OK : r.st != PS_OK)
            fail_msg("%s @ %s %s: %s", cases[i].insn, cases[i].target, cases[i].version, first_msg(&r));
        if (cases[i].error && !has_msg(&r, cases[i].error))
            fail_msg("%s @ %s %s: '%s', want '%s'", cases[i].insn, cases[i].target, cases[i].version, first_msg(&r),
                     cases[i].error);
        parsed_free(&r);
    }
}

/* ---- special registers ------------------------------------------------------------------- */

static void special_register_gates(void **state) {
    (void)state;
    static const struct {
        const char *version, *target, *insn, *error;
    } cases[] = {
        {"8.0", "sm_80", "mov.u32 %r1, %aggr_smem_size;", "'%aggr_smem_size' requires PTX ISA .version 8.1"},
        {"8.1", "sm_80", "mov.u32 %r1, %aggr_smem_size;", "'%aggr_smem_size' requires .target sm_90"},
        {"8.1", "sm_90", "mov.u32 %r1, %aggr_smem_size;", NULL},
        {"7.8", "sm_90", "mov.u64 %rd1, %current_graph_exec;", "requires PTX ISA .version 8.0"},
        {"8.0", "sm_50", "mov.u64 %rd1, %current_graph_exec;", NULL},
        {"8.0", "sm_37", "mov.u64 %rd1, %current_graph_exec;", "requires .target sm_50"},
        {"1.3", "sm_10", "mov.u32 %r1, %pm3;", NULL},
        {"1.2", "sm_10", "mov.u32 %r1, %pm3;", "'%pm3' requires PTX ISA .version 1.3"},
        {"9.0", "sm_13", "mov.u32 %r1, %pm4;", "'%pm4' requires .target sm_20"},
        {"2.3", "sm_20", "mov.u32 %r1, %pm7;", "'%pm7' requires PTX ISA .version 3.0"},
        {"9.0", "sm_37", "mov.u64 %rd1, %pm7_64;", "'%pm7_64' requires .target sm_50"},
        {"4.0", "sm_50", "mov.u64 %rd1, %pm0_64;", NULL},
        {"9.0", "sm_10", "mov.u32 %r1, %envreg31;", NULL},
        {"9.0", "sm_10", "mov.u32 %r1, %envreg32;", "undeclared"},
        {"9.0", "sm_10", "mov.u32 %r1, %pm8;", "undeclared"},
        {"9.0", "sm_20", "mov.u64 %rd1, %globaltimer;", "requires .target sm_30"},
        {"3.0", "sm_30", "mov.u64 %rd1, %globaltimer;", "requires PTX ISA .version 3.1"},
        {"4.3", "sm_30", "mov.u32 %r1, %clock_hi;", "requires PTX ISA .version 5.0"},
        {"9.0", "sm_13", "mov.u64 %rd1, %clock64;", "requires .target sm_20"},
        {"9.0", "sm_13", "mov.u32 %r1, %nwarpid;", "requires .target sm_20"},
        {"1.2", "sm_10", "mov.u32 %r1, %laneid;", "requires PTX ISA .version 1.3"},
        {"4.0", "sm_30", "mov.u32 %r1, %dynamic_smem_size;", "requires PTX ISA .version 4.1"},
        {"9.0", "sm_80", "mov.u32 %r1, %clusterid.x;", "requires .target sm_90"},
        {"9.0", "sm_90", "mov.u32 %r1, %cluster_nctarank;", NULL},
        {"9.0", "sm_90", "mov.u32 %r1, %laneid.x;", "undeclared"},
        {"9.0", "sm_90", "mov.u32 %r1, %tid.q;", "undeclared"},
        {"9.0", "sm_90", "mov.u32 %r1, %tid;", "undeclared"},
        {"9.0", "sm_90", "mov.u32 %r1, %tid.w;", NULL},
        {"7.5", "sm_75", "mov.u32 %r1, %reserved_smem_offset_begin;", "requires PTX ISA .version 7.6"},
        {"7.6", "sm_75", "mov.u32 %r1, %reserved_smem_offset_begin;", "requires .target sm_80"},
    };
    char src[1024];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(src, sizeof src,
                 ".version %s\n.target %s\n%s.entry k ()\n{\n\t.reg .b32 %%r<4>; .reg .b64 %%rd<4>;\n\t%s\n\tret;\n}\n",
                 cases[i].version, cases[i].target, atof(cases[i].version) >= 2.3 ? ".address_size 64\n" : "",
                 cases[i].insn);
        parsed r = parse_with(src, NULL);
        if (cases[i].error ? r.st == PS_OK : r.st != PS_OK)
            fail_msg("%s @ %s %s: %s", cases[i].insn, cases[i].target, cases[i].version, first_msg(&r));
        if (cases[i].error && !has_msg(&r, cases[i].error))
            fail_msg("%s: '%s', want '%s'", cases[i].insn, first_msg(&r), cases[i].error);
        parsed_free(&r);
    }
}

/* Values: %dynamic_smem_size is the launch's dynamic shared memory; %total_smem_size the CTA's
 * static and dynamic shared memory rounded up to the 128-byte allocation unit of sm_8x/sm_9x (PTX
 * ISA, %total_smem_size); %aggr_smem_size the 1 KiB sm_80 and later reserve per CTA plus the CTA's
 * bytes, not rounded (an H200: 1344 for 64 static and 256 dynamic bytes, tests/data/devrt_h200); the
 * driver's %envreg and the performance counters read 0 here, as does %current_graph_exec outside a
 * CUDA graph and the .w component of %tid (lab/sregs/ has the H200 probe of all of them). */
static void special_register_values(void **state) {
    (void)state;
    static const char src[] =
        ".version 8.1\n.target sm_90\n.address_size 64\n"
        ".shared .align 16 .b8 sbuf[128];\n"
        ".extern .shared .align 16 .b8 dbuf[];\n"
        ".visible .entry k(.param .u64 p0)\n{\n"
        "\t.reg .b32 %r<12>; .reg .b64 %rd<8>;\n"
        "\tld.param.u64 %rd1, [p0];\n"
        "\tmov.u32 %r1, sbuf; mov.u32 %r2, dbuf; st.shared.u32 [%r1], 1; st.shared.u32 [%r2], 2;\n"
        "\tmov.u32 %r3, %dynamic_smem_size; st.global.u32 [%rd1], %r3;\n"
        "\tmov.u32 %r4, %total_smem_size; st.global.u32 [%rd1+4], %r4;\n"
        "\tmov.u32 %r5, %aggr_smem_size; st.global.u32 [%rd1+8], %r5;\n"
        "\tmov.u32 %r6, %envreg7; st.global.u32 [%rd1+12], %r6;\n"
        "\tmov.u32 %r7, %pm5; st.global.u32 [%rd1+16], %r7;\n"
        "\tmov.u64 %rd2, %pm3_64; st.global.u64 [%rd1+24], %rd2;\n"
        "\tmov.u64 %rd3, %current_graph_exec; st.global.u64 [%rd1+32], %rd3;\n"
        "\tmov.u32 %r8, %tid.w; st.global.u32 [%rd1+40], %r8;\n"
        "\tmov.u32 %r9, %ntid.y; st.global.u32 [%rd1+44], %r9;\n"
        "\tret;\n}\n";
    uint32_t out[12];
    memset(out, 0xee, sizeof out);
    tu_buf bufs[] = {{out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {1, 1, 1}, .shared_bytes = 1000};
    ps_launch_result res;
    char diag[512];
    if (tu_run(src, "k", &cfg, bufs, 1, &res, diag, sizeof diag) != PS_OK) fail_msg("%s", diag);
    assert_int_equal(out[0], 1000);
    assert_int_equal(out[1], 1152);        /* 128 + 1000 = 1128, rounded up to 128 */
    assert_int_equal(out[2], 1024 + 1128); /* the reserved 1 KiB + the CTA's bytes */
    assert_int_equal(out[3], 0);
    assert_int_equal(out[4], 0);
    assert_int_equal(out[6], 0);
    assert_int_equal(out[7], 0);
    assert_int_equal(out[8], 0);
    assert_int_equal(out[9], 0);
    assert_int_equal(out[10], 0);
    assert_int_equal(out[11], 1);
}

/* ---- set with half-precision operands ------------------------------------------------------- */

static double half_value(uint16_t h, bool bf, bool ftz, bool *nan) {
    int e = bf ? (h >> 7) & 0xff : (h >> 10) & 0x1f, emax = bf ? 0xff : 0x1f;
    unsigned m = bf ? h & 0x7f : h & 0x3ff, mbits = bf ? 7 : 10;
    int bias = bf ? 127 : 15;
    double s = (h & 0x8000) ? -1.0 : 1.0;
    *nan = e == emax && m;
    if (e == emax) return s * INFINITY;
    if (e == 0) return ftz ? s * 0.0 : s * ldexp((double)m, 1 - bias - (int)mbits);
    return s * ldexp((double)(m | 1u << mbits), e - bias - (int)mbits);
}

enum { LT, LE, GT, GE, EQ, NE, LTU, GEU, NEU, EQU, NUM, NAN_ };
static const char *const CMP_NAME[] = {"lt", "le", "gt", "ge", "eq", "ne", "ltu", "geu", "neu", "equ", "num", "nan"};

static bool cmp_model(int op, double a, double b, bool unord) {
    switch (op) {
    case LT: return !unord && a < b;
    case LE: return !unord && a <= b;
    case GT: return !unord && a > b;
    case GE: return !unord && a >= b;
    case EQ: return !unord && a == b;
    case NE: return !unord && a != b;
    case LTU: return unord || a < b;
    case GEU: return unord || a >= b;
    case NEU: return unord || a != b;
    case EQU: return unord || a == b;
    case NUM: return !unord;
    default: return unord;
    }
}

/* Inputs: every sign and class of f16 and bf16 (zeros, subnormals, normals, infinities, NaNs) paired
 * across lanes, plus equal pairs. */
static uint16_t half_input(int i, bool bf) {
    static const uint16_t f16v[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00,
                                    0x3c01, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x3555};
    static const uint16_t bf16v[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0080, 0x3f80, 0xbf80,
                                     0x3f81, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0xffc1, 0x4049};
    return bf ? bf16v[i & 15] : f16v[i & 15];
}

/* One kernel per spelling: a = in[lane], b = in[lane ^ k], c = lane & 1, d stored as 32 bits. */
static void run_set(const char *spell, const char *dreg, const char *sreg, bool x2, bool bf, bool ftz, int op, int bop,
                    uint32_t one, bool int_dst16) {
    char src[2048];
    const char *bool_names[] = {"", ".and", ".or", ".xor"};
    snprintf(src, sizeof src,
             ".version 8.1\n.target sm_90\n.address_size 64\n"
             ".visible .entry k(.param .u64 p0, .param .u64 p1)\n{\n"
             "\t.reg .b32 %%r<6>; .reg .b16 %%h<6>; .reg .b64 %%rd<8>; .reg .pred %%p<2>;\n"
             "\t.reg .b32 %%t;\n\tmov.u32 %%t, %%laneid;\n"
             "\tld.param.u64 %%rd1, [p0]; ld.param.u64 %%rd2, [p1];\n"
             "\tmul.wide.u32 %%rd3, %%t, 4; add.u64 %%rd4, %%rd1, %%rd3; add.u64 %%rd5, %%rd2, %%rd3;\n"
             "\txor.b32 %%r5, %%t, 5; mul.wide.u32 %%rd6, %%r5, 4; add.u64 %%rd7, %%rd1, %%rd6;\n"
             "\tld.global.b32 %%r1, [%%rd4]; ld.global.b32 %%r2, [%%rd7];\n"
             "\tmov.b32 {%%h1, %%h3}, %%r1; mov.b32 {%%h2, %%h4}, %%r2;\n"
             "\tand.b32 %%r4, %%t, 1; setp.ne.u32 %%p1, %%r4, 0;\n"
             "\tmov.u32 %%r3, 0;\n"
             "\t%s%s %s, %s, %s%s;\n"
             "\t%s\n"
             "\tst.global.b32 [%%rd5], %%r3;\n\tret;\n}\n",
             spell, bool_names[bop], dreg, x2 ? "%r1" : sreg, x2 ? "%r2" : "%h2", bop ? ", %p1" : "",
             int_dst16 ? "cvt.u32.u16 %r3, %h5;" : "");
    uint32_t in[32], out[32];
    for (int l = 0; l < 32; l++) in[l] = (uint32_t)half_input(l, bf) | (uint32_t)half_input(l * 7 + 3, bf) << 16;
    tu_buf bufs[] = {{in, sizeof in}, {out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
    ps_launch_result res;
    char diag[512];
    if (tu_run(src, "k", &cfg, bufs, 2, &res, diag, sizeof diag) != PS_OK) fail_msg("%s\n%s", src, diag);
    for (int l = 0; l < 32; l++) {
        uint32_t a = in[l], b = in[l ^ 5];
        bool c = l & 1;
        uint32_t want = 0;
        for (int half = 0; half < (x2 ? 2 : 1); half++) {
            bool na, nb;
            double va = half_value((uint16_t)(a >> (16 * half)), bf, ftz, &na);
            double vb = half_value((uint16_t)(b >> (16 * half)), bf, ftz, &nb);
            bool t = cmp_model(op, va, vb, na || nb);
            if (bop == 1) t = t && c;
            if (bop == 2) t = t || c;
            if (bop == 3) t = t != c;
            if (t) want |= one << (16 * half);
        }
        if (int_dst16) want &= 0xffff;
        if (out[l] != want)
            fail_msg("%s%s lane %d: a=%#x b=%#x got %#x want %#x", spell, bool_names[bop], l, a, b, out[l], want);
    }
}

static void set_with_half_operands(void **state) {
    (void)state;
    char spell[64];
    for (int op = 0; op < 12; op++)
        for (int bop = 0; bop < 4; bop += (op == LT || op == GEU) ? 1 : 4) {
            snprintf(spell, sizeof spell, "set.%s.u32.f16", CMP_NAME[op]);
            run_set(spell, "%r3", "%h1", false, false, false, op, bop, 0xffffffffu, false);
            snprintf(spell, sizeof spell, "set.%s.ftz.s32.f16", CMP_NAME[op]);
            run_set(spell, "%r3", "%h1", false, false, true, op, bop, 0xffffffffu, false);
            snprintf(spell, sizeof spell, "set.%s.u16.f16", CMP_NAME[op]);
            run_set(spell, "%h5", "%h1", false, false, false, op, bop, 0xffff, true);
            snprintf(spell, sizeof spell, "set.%s.f16x2.f16x2", CMP_NAME[op]);
            run_set(spell, "%r3", "%r1", true, false, false, op, bop, 0x3c00, false);
            snprintf(spell, sizeof spell, "set.%s.ftz.u32.f16x2", CMP_NAME[op]);
            run_set(spell, "%r3", "%r1", true, false, true, op, bop, 0xffff, false);
            snprintf(spell, sizeof spell, "set.%s.s32.bf16", CMP_NAME[op]);
            run_set(spell, "%r3", "%h1", false, true, false, op, bop, 0xffffffffu, false);
            snprintf(spell, sizeof spell, "set.%s.bf16x2.bf16x2", CMP_NAME[op]);
            run_set(spell, "%r3", "%r1", true, true, false, op, bop, 0x3f80, false);
            snprintf(spell, sizeof spell, "set.%s.bf16.bf16", CMP_NAME[op]);
            run_set(spell, "%h5", "%h1", false, true, false, op, bop, 0x3f80, true);
        }
}

/* set with a half-precision destination and a wider source: 1.0 in the destination's format. */
static void set_half_destination(void **state) {
    (void)state;
    static const char src[] =
        ".version 8.1\n.target sm_90\n.address_size 64\n"
        ".visible .entry k(.param .u64 p0)\n{\n"
        "\t.reg .b32 %r<4>; .reg .f32 %f<3>; .reg .f64 %fd<3>; .reg .b16 %h<8>; .reg .b64 %rd<3>;\n"
        "\tld.param.u64 %rd1, [p0];\n"
        "\tmov.f32 %f1, 0f3F800000; mov.f32 %f2, 0f40000000;\n"
        "\tset.lt.f16.f32 %h1, %f1, %f2;\n"  /* true: 1.0 = 0x3c00 */
        "\tset.gt.f16.f32 %h2, %f1, %f2;\n"  /* false */
        "\tset.lt.bf16.f32 %h3, %f1, %f2;\n" /* 0x3f80 */
        "\tmov.f64 %fd1, 0d7FF8000000000000;\n"
        "\tset.nan.bf16.f64 %h4, %fd1, %fd1;\n"         /* 0x3f80 */
        "\tset.lt.f16.s32 %h5, -1, 1;\n"                /* 0x3c00 */
        "\tset.lo.f16.u32 %h6, -1, 1;\n"                /* false */
        "\tmov.b16 %h7, 0x8001; mov.b16 %h0, 0x0000;\n" /* ptxas takes no immediate for .f16 */
        "\tset.eq.ftz.f16.f16 %h7, %h7, %h0;\n"         /* -subnormal == 0 under .ftz: 0x3c00 */
        "\tmov.b32 %r1, {%h1, %h2}; mov.b32 %r2, {%h3, %h4}; mov.b32 %r3, {%h5, %h6};\n"
        "\tst.global.v4.b32 [%rd1], {%r1, %r2, %r3, %r3};\n"
        "\tcvt.u32.u16 %r1, %h7; st.global.b32 [%rd1+12], %r1;\n"
        "\tret;\n}\n";
    uint32_t out[4];
    tu_buf bufs[] = {{out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {1, 1, 1}};
    ps_launch_result res;
    char diag[512];
    if (tu_run(src, "k", &cfg, bufs, 1, &res, diag, sizeof diag) != PS_OK) fail_msg("%s", diag);
    assert_int_equal(out[0], 0x00003c00);
    assert_int_equal(out[1], 0x3f803f80);
    assert_int_equal(out[2], 0x00003c00);
    assert_int_equal(out[3], 0x3c00);
}

/* Which (destination, source) pairs set takes: ptxas 13.0 at sm_90 (the pairs it accepts of every
 * combination of 11 destination and 15 source types) and .ftz with f16, f16x2 or f32 sources only. */
static void set_type_pairs(void **state) {
    (void)state;
    static const struct {
        const char *insn;
        bool ok;
    } cases[] = {
        {"set.lt.u32.f16 %r1, %h1, %h2;", true},       {"set.lt.u16.f16 %h3, %h1, %h2;", true},
        {"set.lt.u16.f32 %h3, %f1, %f2;", false},      {"set.lt.f32.f16 %f3, %h1, %h2;", false},
        {"set.lt.f16.bf16 %h3, %h1, %h2;", false},     {"set.lt.bf16.f16 %h3, %h1, %h2;", true},
        {"set.lt.f16x2.f32 %r1, %f1, %f2;", false},    {"set.lt.f16x2.f16x2 %r1, %r2, %r3;", true},
        {"set.lt.u32.bf16x2 %r1, %r2, %r3;", true},    {"set.lt.f16x2.bf16x2 %r1, %r2, %r3;", false},
        {"set.eq.u32.b32 %r1, %r2, %r3;", true},       {"set.eq.u16.b16 %h3, %h1, %h2;", false},
        {"set.lt.ftz.u32.s32 %r1, %r2, %r3;", false},  {"set.lt.ftz.u32.f64 %r1, %fd1, %fd2;", false},
        {"set.lt.ftz.f16.f32 %h3, %f1, %f2;", true},   {"set.lt.ftz.bf16.bf16 %h3, %h1, %h2;", false},
        {"set.lt.ftz.u32.f16x2 %r1, %r2, %r3;", true},
    };
    char src[512];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(src, sizeof src,
                 ".version 9.0\n.target sm_90\n.entry k ()\n{\n\t.reg .b32 %%r<4>; .reg .b16 %%h<4>; "
                 ".reg .f32 %%f<3>; .reg .f64 %%fd<3>;\n\t%s\n\tret;\n}\n",
                 cases[i].insn);
        parsed r = parse_with(src, NULL);
        if ((r.st == PS_OK) != cases[i].ok) fail_msg("%s: %s", cases[i].insn, first_msg(&r));
        parsed_free(&r);
    }
    /* gates: f16 sources with an integer result need sm_53 and PTX ISA 6.5, bf16 sm_90 and 7.8 */
    parsed a = parse_with(".version 6.4\n.target sm_53\n.entry k () { .reg .b32 %r; .reg .b16 %h<2>;\n"
                          "set.lt.u32.f16 %r, %h0, %h1; ret; }\n",
                          NULL);
    assert_true(has_msg(&a, "requires PTX ISA .version 6.5"));
    parsed_free(&a);
    parsed b = parse_with(".version 8.0\n.target sm_89\n.entry k () { .reg .b32 %r; .reg .b16 %h<2>;\n"
                          "set.lt.u32.bf16 %r, %h0, %h1; ret; }\n",
                          NULL);
    assert_true(has_msg(&b, "requires .target sm_90"));
    parsed_free(&b);
}

/* ---- parse = run ----------------------------------------------------------------------------- */

static bool has_warning(const ptxsim_diagnostics *d, int line, const char *needle) {
    for (int i = 0; i < ptxsim_diagnostics_count(d); i++) {
        const ptxsim_diagnostic *x = ptxsim_diagnostics_get(d, i);
        if (x->level == PTXSIM_DIAG_WARNING && (!line || x->line == line) && strstr(x->message, needle)) return true;
    }
    return false;
}

/* What parse accepts but run cannot execute is a located warning of parse: a texture gather with
 * a sampler operand, an sm_1x module's floating point, multimem. */
static void parse_warns_what_run_cannot(void **state) {
    (void)state;
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create(NULL, &ctx, NULL), PTXSIM_OK);
    static const char tex[] = ".version 8.0\n.target sm_80\n.address_size 64\n\n"
                              ".entry k (.param .u64 p)\n{\n\t.reg .f32 %f<5>; .reg .b32 %r<3>; .reg .b64 %rd<2>;\n"
                              "\ttld4.r.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, %rd1, {%f1, %f2}];\n\tret;\n}\n";
    ptxsim_diagnostics *d = NULL;
    ptxsim_module_info info;
    assert_int_equal(ptxsim_validate(ctx, "tex.ptx", tex, strlen(tex), &info, &d), PTXSIM_OK);
    assert_true(has_warning(d, 8, "accepted, but ptxsim cannot run it"));
    assert_string_equal(info.machine, "sm_80");
    ptxsim_diagnostics_free(d);
    static const char sm1x[] = ".version 1.4\n.target sm_12\n.entry k (.param .u32 p)\n{\n\t.reg .f32 %f<3>;\n"
                               "\tmov.f32 %f1, 0f3F800000;\n\tadd.f32 %f2, %f1, %f1;\n\tret;\n}\n";
    assert_int_equal(ptxsim_validate(ctx, "sm1x.ptx", sm1x, strlen(sm1x), &info, &d), PTXSIM_OK);
    assert_true(has_warning(d, 7, "sm_1x"));
    assert_false(has_warning(d, 6, "")); /* a move is a move */
    assert_string_equal(info.machine, "sm_50");
    ptxsim_diagnostics_free(d);
    /* the context's architecture must be a machine to load on, and able to run the module */
    ptxsim_context *c35;
    assert_int_equal(ptxsim_context_create("sm_35", &c35, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_validate(c35, "sm1x.ptx", sm1x, strlen(sm1x), &info, &d), PTXSIM_OK);
    ptxsim_diagnostics_free(d);
    ptxsim_module *m = NULL;
    assert_int_equal(ptxsim_module_load(c35, "sm1x.ptx", sm1x, strlen(sm1x), &m, &d), PTXSIM_ERR_UNSUPPORTED);
    ptxsim_diagnostics_free(d);
    ptxsim_context_destroy(c35);
    ptxsim_context_destroy(ctx);
}

/* A printf whose format vprintf would stop the kernel on (a 'hh' conversion with one the device
 * takes: not measured, refused at run time, sim/builtins.c) is a warning of parse at the call, when
 * the format is in the PTX as nvcc puts it there; a format it prints is not. */
static void parse_warns_printf_formats_run_refuses(void **state) {
    (void)state;
    static const char ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                              ".extern .func (.param .b32 r) vprintf (.param .b64 f, .param .b64 a);\n"
                              /* "a %hhd %d\n" and "b %d\n" */
                              ".global .align 1 .b8 bad[11] = {97, 32, 37, 104, 104, 100, 32, 37, 100, 10, 0};\n"
                              ".global .align 1 .b8 good[6] = {98, 32, 37, 100, 10, 0};\n"
                              ".entry k (.param .u64 p)\n{\n"
                              "\t.reg .b32 %r<3>; .reg .b64 %rd<6>;\n"
                              "\tmov.u64 %rd1, bad; cvta.global.u64 %rd2, %rd1;\n"
                              "\t{ .param .b64 a0; st.param.b64 [a0], %rd2; .param .b64 a1; st.param.b64 [a1], 0;\n"
                              "\t.param .b32 rv; call.uni (rv), vprintf, (a0, a1); ld.param.b32 %r1, [rv]; }\n"
                              "\tmov.u64 %rd3, good; cvta.global.u64 %rd4, %rd3;\n"
                              "\t{ .param .b64 a0; st.param.b64 [a0], %rd4; .param .b64 a1; st.param.b64 [a1], 0;\n"
                              "\t.param .b32 rv; call.uni (rv), vprintf, (a0, a1); ld.param.b32 %r1, [rv]; }\n"
                              "\tret;\n}\n";
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create(NULL, &ctx, NULL), PTXSIM_OK);
    ptxsim_diagnostics *d = NULL;
    ptxsim_module_info info;
    assert_int_equal(ptxsim_validate(ctx, "pf.ptx", ptx, strlen(ptx), &info, &d), PTXSIM_OK);
    assert_true(has_warning(d, 12, "'hh' conversions"));
    assert_false(has_warning(d, 15, ""));
    ptxsim_diagnostics_free(d);
    ptxsim_context_destroy(ctx);
}

/* The property over every PTX file in tests/ and corpus/: each decode refusal module load finds
 * (for the same machine) is a warning of parse at the same line, so nothing parse accepts fails in
 * run with "not supported" unannounced. */
static int files_checked, refusals_seen;

static void check_file(const char *path) {
    size_t n;
    char *src = ps_read_file(path, &n);
    if (!src) return;
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create(NULL, &ctx, NULL), PTXSIM_OK);
    ptxsim_diagnostics *vd = NULL, *ld = NULL;
    ptxsim_module_info info;
    if (ptxsim_validate(ctx, path, src, n, &info, &vd) == PTXSIM_OK && info.machine[0]) {
        ptxsim_module *m = NULL;
        if (ptxsim_module_load(ctx, path, src, n, &m, &ld) == PTXSIM_OK) {
            files_checked++;
            const ptxsim_diagnostics *un = ptxsim_module_unsupported(m);
            for (int i = 0; i < ptxsim_diagnostics_count(un); i++) {
                const ptxsim_diagnostic *u = ptxsim_diagnostics_get(un, i);
                refusals_seen++;
                if (!has_warning(vd, u->line, u->message))
                    fail_msg("%s:%d: run refuses '%s' but parse did not warn", path, u->line, u->message);
            }
        }
    }
    ptxsim_diagnostics_free(vd);
    ptxsim_diagnostics_free(ld);
    ptxsim_context_destroy(ctx);
    free(src);
}

static void walk(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat s;
        if (stat(p, &s)) continue;
        if (S_ISDIR(s.st_mode)) walk(p);
        else if (strlen(e->d_name) > 4 && !strcmp(e->d_name + strlen(e->d_name) - 4, ".ptx")) check_file(p);
    }
    closedir(d);
}

static void parse_equals_run_over_test_inputs(void **state) {
    (void)state;
    walk("tests");
    walk("corpus");
    printf("parse = run: %d modules, %d decode refusals, each warned by parse\n", files_checked, refusals_seen);
    assert_true(files_checked > 100);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_target_and_its_version),
        cmocka_unit_test(which_machine_runs_which_target),
        cmocka_unit_test(default_machines),
        cmocka_unit_test(old_target_runs_on_sm50),
        cmocka_unit_test(old_target_on_named_machine),
        cmocka_unit_test(gates_of_old_targets),
        cmocka_unit_test(special_register_gates),
        cmocka_unit_test(special_register_values),
        cmocka_unit_test(set_with_half_operands),
        cmocka_unit_test(set_half_destination),
        cmocka_unit_test(set_type_pairs),
        cmocka_unit_test(parse_warns_what_run_cannot),
        cmocka_unit_test(parse_warns_printf_formats_run_refuses),
        cmocka_unit_test(parse_equals_run_over_test_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
