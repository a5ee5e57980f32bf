/* test_parser.c — the PTX parser: accept_/reject_ inputs in tests/parser (each reject file names
 * its expected diagnostics), nvcc output in tests/data/nvcc, and the AST of small modules
 * checked against values worked out by hand from the PTX ISA manual. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_parser.h"

/* ---- helpers ------------------------------------------------------------- */

typedef struct {
    ps_module *m;
    ps_diags diags;
    ps_status st;
} parsed;

static parsed parse_text(const char *src, const char *target) {
    parsed r;
    memset(&r, 0, sizeof r);
    ps_parse_options opt = {0};
    if (target) {
        opt.target = ps_arch_lookup(target);
        assert_non_null(opt.target);
    }
    r.st = ps_parse("test.ptx", src, strlen(src), &opt, &r.diags, &r.m);
    return r;
}

static void parsed_free(parsed *r) {
    ps_module_free(r->m);
    ps_diags_free(&r->diags);
}

static void print_diags(const ps_diags *d) {
    for (int i = 0; i < d->count; i++)
        print_message("  %s:%d:%d: %s\n", d->items[i].file, d->items[i].line, d->items[i].col, d->items[i].msg);
}

static ps_var *find_global(const ps_module *m, const char *name) {
    for (int i = 0; i < m->nglobals; i++)
        if (strcmp(m->globals[i]->name, name) == 0) return m->globals[i];
    fail_msg("no global '%s'", name);
    return NULL;
}

static int find_reg(const ps_func *f, const char *name) {
    for (int i = 0; i < f->nregs; i++)
        if (strcmp(f->regs[i].name, name) == 0) return i;
    fail_msg("no register '%s'", name);
    return -1;
}

static int find_label(const ps_func *f, const char *name) {
    for (int i = 0; i < f->nlabels; i++)
        if (strcmp(f->labels[i].name, name) == 0) return i;
    fail_msg("no label '%s'", name);
    return -1;
}

static uint64_t le(const uint8_t *p, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* ---- file-driven tests: accept_/reject_ inputs in tests/parser, nvcc output in tests/data/nvcc ---- */

typedef struct {
    int line, col;
    char msg[256];
} expectation;

/* Reads the leading comment lines of a reject file:
 *   // expect: LINE:COL: message substring     (one per expected diagnostic, in order)
 *   // options: --target sm_XX                  (parse options) */
static int read_header(const char *src, expectation *ex, int max, char *target, size_t tn) {
    int n = 0;
    target[0] = 0;
    const char *p = src;
    while (strncmp(p, "//", 2) == 0) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)PS_MIN(len, sizeof line - 1), p);
        int l, c, used = 0;
        if (sscanf(line, "// expect: %d:%d: %n", &l, &c, &used) == 2 && used > 0) {
            assert_true(n < max);
            ex[n].line = l;
            ex[n].col = c;
            snprintf(ex[n].msg, sizeof ex[n].msg, "%s", line + used);
            n++;
        } else if (sscanf(line, "// options: --target %31s", target) == 1) {
            (void)tn;
        }
        if (!eol) break;
        p = eol + 1;
    }
    return n;
}

static char *read_or_fail(const char *path, size_t *len) {
    char *src = ps_read_file(path, len);
    if (!src) fail_msg("cannot read %s", path);
    return src;
}

static void test_accept_file(void **state) {
    const char *path = *state;
    size_t len;
    char *src = read_or_fail(path, &len);
    ps_diags d = {0};
    ps_module *m = NULL;
    ps_status st = ps_parse(path, src, len, NULL, &d, &m);
    if (st != PS_OK || d.count) print_diags(&d);
    assert_int_equal(st, PS_OK);
    assert_int_equal(d.count, 0);
    assert_true(m->nfuncs > 0);
    ps_module_free(m);
    ps_diags_free(&d);
    free(src);
}

static void test_reject_file(void **state) {
    const char *path = *state;
    size_t len;
    char *src = read_or_fail(path, &len);
    expectation ex[32];
    char target[32];
    int n = read_header(src, ex, (int)PS_ARRAY_LEN(ex), target, sizeof target);
    if (n == 0) fail_msg("%s: no '// expect: LINE:COL: message' line at the top", path);
    ps_parse_options opt = {0};
    if (target[0]) {
        opt.target = ps_arch_lookup(target);
        assert_non_null(opt.target);
    }
    ps_diags d = {0};
    ps_module *m = NULL;
    ps_status st = ps_parse(path, src, len, &opt, &d, &m);
    bool ok = st == PS_ERR_PARSE && d.count == n;
    for (int i = 0; ok && i < n; i++)
        ok = d.items[i].line == ex[i].line && d.items[i].col == ex[i].col && strstr(d.items[i].msg, ex[i].msg) != NULL;
    if (!ok) {
        print_message("expected:\n");
        for (int i = 0; i < n; i++) print_message("  %d:%d: %s\n", ex[i].line, ex[i].col, ex[i].msg);
        print_message("got (status %d):\n", (int)st);
        print_diags(&d);
    }
    assert_true(ok);
    ps_module_free(m);
    ps_diags_free(&d);
    free(src);
}

/* The library unit that NAME.ARCH.VARIANT.ptx is linked with (nvcc -rdc=true output, exported
 * by scripts/parse_matrix.sh as NAME.lib.ARCH.VARIANT.ptx), or NULL when there is none. */
static char *lib_unit(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strchr(base, '.');
    if (!dot || strncmp(dot, ".lib.", 5) == 0) return NULL;
    char *lib = malloc(strlen(path) + 5);
    sprintf(lib, "%.*s.lib%s", (int)(dot - path), path, dot);
    FILE *f = fopen(lib, "r");
    if (!f) {
        free(lib);
        return NULL;
    }
    fclose(f);
    return lib;
}

/* nvcc output: must parse clean as written and when checked against its own .target, and pass
 * ptxas's whole-program check, linked with its library unit where it has one. */
static void test_nvcc_file(void **state) {
    const char *path = *state;
    size_t len;
    if (strstr(strrchr(path, '/'), ".lib.")) return; /* checked with the unit it is linked to */
    char *src = read_or_fail(path, &len);
    char *lib = lib_unit(path);
    size_t lib_len = 0;
    char *lib_src = lib ? read_or_fail(lib, &lib_len) : NULL;
    for (int pass = 0; pass < 2; pass++) {
        ps_diags d = {0};
        ps_module *m = NULL;
        ps_parse_options opt = {0};
        if (pass == 1) {
            const char *t = strstr(src, "\n.target ");
            assert_non_null(t);
            char name[32];
            assert_int_equal(sscanf(t, "\n.target %31[a-z0-9_]", name), 1);
            opt.target = ps_arch_lookup(name);
            assert_non_null(opt.target);
        }
        opt.relocatable = lib != NULL; /* ps_parse checks externs of a lone module itself */
        ps_status st = ps_parse(path, src, len, &opt, &d, &m);
        if (st == PS_OK && lib) {
            ps_module *parts[2] = {m, NULL};
            st = ps_parse(lib, lib_src, lib_len, &opt, &d, &parts[1]);
            if (st == PS_OK) st = ps_link(parts, 2, &d, &m);
            else ps_module_free(parts[1]);
        }
        if (st != PS_OK || d.count) print_diags(&d);
        assert_int_equal(st, PS_OK);
        assert_int_equal(d.count, 0);
        assert_true(m->nfuncs > 0);
        ps_module_free(m);
        ps_diags_free(&d);
    }
    free(src);
    free(lib_src);
    free(lib);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorted paths dir/<prefix>*.ptx. */
static char **list_ptx(const char *dir, const char *prefix, int *n) {
    *n = 0;
    DIR *d = opendir(dir);
    if (!d) return NULL;
    char **v = NULL;
    int cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0 || len < 4 || strcmp(e->d_name + len - 4, ".ptx") != 0)
            continue;
        if (*n == cap) v = realloc(v, sizeof *v * (size_t)(cap = cap ? cap * 2 : 64));
        v[*n] = malloc(strlen(dir) + len + 2);
        sprintf(v[*n], "%s/%s", dir, e->d_name);
        (*n)++;
    }
    closedir(d);
    if (*n) qsort(v, (size_t)*n, sizeof *v, cmp_str);
    return v;
}

static int run_file_group(const char *group, const char *dir, const char *prefix, CMUnitTestFunction fn,
                          int min_files) {
    int n;
    char **paths = list_ptx(dir, prefix, &n);
    if (n < min_files) {
        fprintf(stderr,
                "test_parser: %s: found %d files in %s (expected at least %d); run from the "
                "repository root\n",
                group, n, dir, min_files);
        return 1;
    }
    struct CMUnitTest *tests = calloc((size_t)n, sizeof *tests);
    for (int i = 0; i < n; i++) {
        tests[i].name = strrchr(paths[i], '/') + 1;
        tests[i].test_func = fn;
        tests[i].initial_state = paths[i];
    }
    int failed = _cmocka_run_group_tests(group, tests, (size_t)n, NULL, NULL);
    for (int i = 0; i < n; i++) free(paths[i]);
    free(paths);
    free(tests);
    return failed;
}

/* ---- AST of a small module --------------------------------------------------- */

/* Expected values below come from the PTX ISA manual, not from ptxsim: register numbering is
 * declaration order; 0f/0d literals are IEEE bit patterns; 1.5 = 0x3FF8000000000000 as a double
 * and 0x3FC00000 as a float; -2.0f = 0xC0000000; 017 is octal 15. */
static const char *ast_src = ".version 8.0\n"
                             ".target sm_80\n"
                             ".address_size 64\n"
                             ".file 1 \"k.cu\"\n"
                             ".global .align 4 .u32 g_tab[2][3] = {{1, 2, 3}, {4}};\n"
                             ".global .v2 .f32 g_v = {1.5, -2.0};\n"
                             ".global .u64 g_addr[2] = {g_tab+8, generic(g_tab)};\n"
                             ".global .f64 g_d = 0d4000000000000000;\n"
                             ".global .b8 g_u[] = {1, 2, 3};\n"
                             ".const .s16 g_neg = -2;\n"
                             ".extern .shared .align 16 .b8 s_dyn[];\n"
                             ".func (.param .b32 rv) helper (.param .b32 a, .param .b64 b) .noreturn\n"
                             "{\n"
                             "\ttrap;\n"
                             "}\n"
                             ".visible .entry kern (.param .u64 kern_p0, .param .u32 kern_p1) .maxntid 128, 2, 1 "
                             ".minnctapersm 3\n"
                             "{\n"
                             "\t.reg .pred %p<2>;\n"
                             "\t.reg .b32 %r<4>;\n"
                             "\t.reg .f32 %f1;\n"
                             "\t.reg .b64 %rd<3>;\n"
                             "\t.loc 1 7 3\n"
                             "\tld.param.u64 %rd1, [kern_p0];\n" /* 0 */
                             "\tmov.u32 %r1, %tid.y;\n"          /* 1 */
                             "\tmov.f32 %f1, 0f3F800000;\n"      /* 2 */
                             "\tmov.u32 %r2, -1;\n"              /* 3 */
                             "\tadd.s32 %r3, %r2, 0x10;\n"       /* 4 */
                             "$L_loop:\n"
                             "\tmul.f32 %f1, %f1, 1.5;\n"                  /* 5 */
                             "\tsetp.ge.and.s32 %p0|%p1, %r1, 017, %p1;\n" /* 6 */
                             "\t@!%p0 bra.uni $L_loop;\n"                  /* 7 */
                             "\tld.global.v2.f32 {%f1, _}, [%rd1+-8];\n"   /* 8 */
                             "\tst.global.u32 [g_tab+4], %r3;\n"           /* 9 */
                             "\tcvt.rn.f32.s32 %f1, %r3;\n"                /* 10 */
                             "\tmov.u64 %rd2, g_tab+12;\n"                 /* 11 */
                             "\t{\n"
                             "\t.param .b32 pa;\n"
                             "\t.param .b64 pb;\n"
                             "\t.param .b32 pr;\n"
                             "\tcall.uni (pr), helper, (pa, pb);\n" /* 12 */
                             "\t}\n"
                             "\tld.local.u32 %r0, [16];\n"  /* 13 */
                             "\tmov.f32 %f1, 0fC0000000;\n" /* 14 */
                             "$L_end:\n"
                             "\tret;\n" /* 15 */
                             "}\n";

static void test_ast_module(void **state) {
    parsed r = parse_text(ast_src, NULL);
    print_diags(&r.diags);
    assert_int_equal(r.st, PS_OK);
    ps_module *m = r.m;
    assert_int_equal(m->version, 80);
    assert_string_equal(m->target, "sm_80");
    assert_non_null(m->arch);
    assert_int_equal(m->arch->sm, 80);
    assert_int_equal(m->address_size, 64);
    assert_true(m->nfiles >= 2);
    assert_string_equal(m->files[1], "k.cu");
    assert_int_equal(m->nfuncs, 2);
    assert_int_equal(m->nglobals, 7);
    parsed_free(&r);
}

static void test_ast_registers_dense(void **state) {
    parsed r = parse_text(ast_src, NULL);
    assert_int_equal(r.st, PS_OK);
    ps_func *f = ps_module_find_func(r.m, "kern");
    assert_non_null(f);
    /* %p<2> → %p0 %p1; %r<4> → %r0..%r3; then %f1; %rd<3> → %rd0..%rd2 */
    static const char *names[] = {"%p0", "%p1", "%r0", "%r1", "%r2", "%r3", "%f1", "%rd0", "%rd1", "%rd2"};
    static const ps_type types[] = {PS_T_PRED, PS_T_PRED, PS_T_B32, PS_T_B32, PS_T_B32,
                                    PS_T_B32,  PS_T_F32,  PS_T_B64, PS_T_B64, PS_T_B64};
    assert_int_equal(f->nregs, 10);
    for (int i = 0; i < 10; i++) {
        assert_string_equal(f->regs[i].name, names[i]);
        assert_int_equal(f->regs[i].type, types[i]);
    }
    parsed_free(&r);
}

static void test_ast_labels(void **state) {
    parsed r = parse_text(ast_src, NULL);
    assert_int_equal(r.st, PS_OK);
    ps_func *f = ps_module_find_func(r.m, "kern");
    assert_int_equal(f->ninsns, 16);
    int loop = find_label(f, "$L_loop"), end = find_label(f, "$L_end");
    assert_int_equal(f->labels[loop].insn, 5);
    assert_int_equal(f->labels[end].insn, 15);
    assert_true(f->labels[loop].defined);
    /* bra.uni $L_loop refers to the label by index */
    ps_insn *bra = &f->insns[7];
    assert_int_equal(bra->form, PS_F_BRA);
    assert_int_equal(bra->ops[0].kind, PS_OP_LABEL);
    assert_int_equal(bra->ops[0].label, loop);
    assert_int_equal(bra->guard_reg, find_reg(f, "%p0"));
    assert_true(bra->guard_neg);
    assert_true(ps_modset_has(&bra->mods, PS_MOD_UNI));
    assert_int_equal(f->insns[6].guard_reg, -1);
    parsed_free(&r);
}

static void test_ast_operands(void **state) {
    parsed r = parse_text(ast_src, NULL);
    assert_int_equal(r.st, PS_OK);
    ps_func *f = ps_module_find_func(r.m, "kern");
    ps_var *g_tab = find_global(r.m, "g_tab");
    ps_insn *in = f->insns;

    /* ld.param.u64 %rd1, [kern_p0] */
    assert_int_equal(in[0].ops[0].kind, PS_OP_REG);
    assert_int_equal(in[0].ops[0].reg, 8);
    assert_int_equal(in[0].ops[1].kind, PS_OP_ADDR);
    assert_int_equal(in[0].ops[1].reg, -1);
    assert_ptr_equal(in[0].ops[1].var, f->params[0]);
    assert_int_equal(in[0].ops[1].offset, 0);
    /* mov.u32 %r1, %tid.y */
    assert_int_equal(in[1].ops[1].kind, PS_OP_SREG);
    assert_int_equal(in[1].ops[1].sreg, PS_SREG_TID);
    assert_int_equal(in[1].ops[1].comp, 1);
    /* setp.ge.and.s32 %p0|%p1, %r1, 017, %p1 */
    assert_int_equal(in[6].ops[0].kind, PS_OP_REG);
    assert_int_equal(in[6].ops[0].reg, 0);
    assert_int_equal(in[6].ops[0].pair_reg, 1);
    assert_int_equal(in[6].ops[1].pair_reg, -1);
    assert_int_equal(in[6].ops[3].kind, PS_OP_REG);
    assert_int_equal(in[6].ops[3].reg, 1);
    /* ld.global.v2.f32 {%f1, _}, [%rd1+-8] */
    assert_int_equal(in[8].nops, 2);
    assert_int_equal(in[8].ops[0].kind, PS_OP_VEC);
    assert_int_equal(in[8].ops[0].nitems, 2);
    assert_int_equal(in[8].ops[0].items[0].kind, PS_OP_REG);
    assert_int_equal(in[8].ops[0].items[0].reg, 6);
    assert_int_equal(in[8].ops[0].items[1].kind, PS_OP_SINK);
    assert_int_equal(in[8].ops[1].kind, PS_OP_ADDR);
    assert_int_equal(in[8].ops[1].reg, 8);
    assert_int_equal(in[8].ops[1].offset, -8);
    /* st.global.u32 [g_tab+4], %r3 */
    assert_int_equal(in[9].ops[0].kind, PS_OP_ADDR);
    assert_ptr_equal(in[9].ops[0].var, g_tab);
    assert_int_equal(in[9].ops[0].reg, -1);
    assert_int_equal(in[9].ops[0].offset, 4);
    /* mov.u64 %rd2, g_tab+12: the address as a value */
    assert_int_equal(in[11].ops[1].kind, PS_OP_VAR);
    assert_ptr_equal(in[11].ops[1].var, g_tab);
    assert_int_equal(in[11].ops[1].offset, 12);
    /* call.uni (pr), helper, (pa, pb) */
    ps_func *helper = ps_module_find_func(r.m, "helper");
    assert_int_equal(in[12].form, PS_F_CALL);
    assert_int_equal(in[12].nops, 3);
    assert_int_equal(in[12].ops[0].kind, PS_OP_LIST);
    assert_int_equal(in[12].ops[0].nitems, 1);
    assert_int_equal(in[12].ops[0].items[0].kind, PS_OP_VAR);
    assert_string_equal(in[12].ops[0].items[0].var->name, "pr");
    assert_int_equal(in[12].ops[0].items[0].var->space, PS_SPACE_PARAM);
    assert_int_equal(in[12].ops[1].kind, PS_OP_FUNC);
    assert_ptr_equal(in[12].ops[1].func, helper);
    assert_int_equal(in[12].ops[2].kind, PS_OP_LIST);
    assert_int_equal(in[12].ops[2].nitems, 2);
    assert_string_equal(in[12].ops[2].items[1].var->name, "pb");
    /* ld.local.u32 %r0, [16]: an absolute address (ptxas allows them in .local only) */
    assert_int_equal(in[13].ops[1].kind, PS_OP_ADDR);
    assert_int_equal(in[13].ops[1].reg, -1);
    assert_null(in[13].ops[1].var);
    assert_int_equal(in[13].ops[1].offset, 16);
    /* operand positions point at the operand text: "\tadd.s32 %r3, %r2, 0x10;" */
    assert_int_equal(in[4].ops[2].col, 20);
    parsed_free(&r);
}

static void test_ast_immediates(void **state) {
    parsed r = parse_text(ast_src, NULL);
    assert_int_equal(r.st, PS_OK);
    ps_insn *in = ps_module_find_func(r.m, "kern")->insns;
    assert_int_equal(in[2].ops[1].kind, PS_OP_IMM_F32); /* 0f3F800000 = 1.0f */
    assert_int_equal(in[2].ops[1].imm, 0x3F800000u);
    assert_int_equal(in[3].ops[1].kind, PS_OP_IMM); /* -1: all ones */
    assert_int_equal(in[3].ops[1].imm, UINT64_MAX);
    assert_int_equal(in[4].ops[2].kind, PS_OP_IMM); /* 0x10 */
    assert_int_equal(in[4].ops[2].imm, 16);
    assert_int_equal(in[5].ops[2].kind, PS_OP_IMM_F64); /* 1.5 as a double */
    assert_int_equal(in[5].ops[2].imm, 0x3FF8000000000000ull);
    assert_int_equal(in[6].ops[2].kind, PS_OP_IMM); /* 017 octal */
    assert_int_equal(in[6].ops[2].imm, 15);
    assert_int_equal(in[14].ops[1].kind, PS_OP_IMM_F32); /* 0fC0000000 = -2.0f */
    assert_int_equal(in[14].ops[1].imm, 0xC0000000u);
    parsed_free(&r);
}

static void test_ast_types_and_modifiers(void **state) {
    parsed r = parse_text(ast_src, NULL);
    assert_int_equal(r.st, PS_OK);
    ps_insn *in = ps_module_find_func(r.m, "kern")->insns;
    /* ld.param.u64 */
    assert_int_equal(in[0].form, PS_F_LD);
    assert_int_equal(in[0].ntypes, 1);
    assert_int_equal(in[0].types[0], PS_T_U64);
    assert_true(ps_modset_has(&in[0].mods, PS_MOD_PARAM));
    assert_false(ps_modset_has(&in[0].mods, PS_MOD_GLOBAL));
    assert_int_equal(in[0].vec, 1);
    /* add.s32 picks the integer form, mul.f32 the floating-point one */
    assert_int_equal(in[4].form, PS_F_ADD_INT);
    assert_int_equal(in[4].types[0], PS_T_S32);
    assert_int_equal(in[5].form, PS_F_MUL_FLT);
    assert_int_equal(in[5].types[0], PS_T_F32);
    /* setp.ge.and.s32 */
    assert_int_equal(in[6].form, PS_F_SETP);
    assert_true(ps_modset_has(&in[6].mods, PS_MOD_GE));
    assert_true(ps_modset_has(&in[6].mods, PS_MOD_AND));
    assert_false(ps_modset_has(&in[6].mods, PS_MOD_LT));
    /* ld.global.v2.f32 */
    assert_int_equal(in[8].vec, 2);
    assert_true(ps_modset_has(&in[8].mods, PS_MOD_GLOBAL));
    assert_true(ps_modset_has(&in[8].mods, PS_MOD_V2));
    assert_int_equal(in[8].types[0], PS_T_F32);
    /* cvt.rn.f32.s32: destination type first */
    assert_int_equal(in[10].form, PS_F_CVT);
    assert_int_equal(in[10].ntypes, 2);
    assert_int_equal(in[10].types[0], PS_T_F32);
    assert_int_equal(in[10].types[1], PS_T_S32);
    assert_true(ps_modset_has(&in[10].mods, PS_MOD_RN));
    /* call.uni */
    assert_true(ps_modset_has(&in[12].mods, PS_MOD_UNI));
    assert_int_equal(in[12].ntypes, 0);
    assert_int_equal(in[15].form, PS_F_RET);
    /* source positions: the mnemonic of insn 0 is on line 23, column 2 (after a tab) */
    assert_int_equal(in[0].line, 23);
    assert_int_equal(in[0].col, 2);
    assert_string_equal(in[0].text, "ld.param.u64");
    assert_int_equal(in[0].loc_file, 1);
    assert_int_equal(in[0].loc_line, 7);
    parsed_free(&r);
}

static void test_ast_functions(void **state) {
    parsed r = parse_text(ast_src, NULL);
    assert_int_equal(r.st, PS_OK);
    ps_func *k = ps_module_find_func(r.m, "kern"), *h = ps_module_find_func(r.m, "helper");
    assert_true(k->is_entry);
    assert_true(k->is_visible);
    assert_true(k->defined);
    assert_int_equal(k->nparams, 2);
    assert_string_equal(k->params[0]->name, "kern_p0");
    assert_int_equal(k->params[0]->type, PS_T_U64);
    assert_int_equal(k->params[0]->space, PS_SPACE_PARAM);
    assert_string_equal(k->params[1]->name, "kern_p1");
    assert_int_equal(k->params[1]->size, 4);
    assert_int_equal(k->maxntid[0], 128);
    assert_int_equal(k->maxntid[1], 2);
    assert_int_equal(k->maxntid[2], 1);
    assert_int_equal(k->minnctapersm, 3);
    assert_int_equal(k->nlocals, 3); /* pa, pb, pr */
    assert_false(h->is_entry);
    assert_false(h->is_visible);
    assert_true(h->noreturn);
    assert_int_equal(h->nrets, 1);
    assert_string_equal(h->rets[0]->name, "rv");
    assert_int_equal(h->nparams, 2);
    assert_int_equal(h->params[1]->type, PS_T_B64);
    parsed_free(&r);
}

static void test_ast_initializers(void **state) {
    parsed r = parse_text(ast_src, NULL);
    assert_int_equal(r.st, PS_OK);
    /* g_tab[2][3] = {{1, 2, 3}, {4}}: the short second row is zero-filled (PTX ISA 5.4.4) */
    ps_var *t = find_global(r.m, "g_tab");
    assert_int_equal(t->size, 24);
    assert_int_equal(t->align, 4);
    assert_non_null(t->init);
    static const uint32_t tab[6] = {1, 2, 3, 4, 0, 0};
    for (int i = 0; i < 6; i++) assert_int_equal(le(t->init + 4 * i, 4), tab[i]);
    /* g_v: .v2 .f32 {1.5, -2.0} */
    ps_var *v = find_global(r.m, "g_v");
    assert_int_equal(v->vec, 2);
    assert_int_equal(v->size, 8);
    assert_int_equal(v->align, 8);
    assert_int_equal(le(v->init, 4), 0x3FC00000u);
    assert_int_equal(le(v->init + 4, 4), 0xC0000000u);
    /* g_addr = {g_tab+8, generic(g_tab)}: two 8-byte relocations */
    ps_var *a = find_global(r.m, "g_addr");
    assert_int_equal(a->size, 16);
    assert_int_equal(a->nrelocs, 2);
    assert_int_equal(a->relocs[0].offset, 0);
    assert_int_equal(a->relocs[0].size, 8);
    assert_ptr_equal(a->relocs[0].var, t);
    assert_int_equal(a->relocs[0].addend, 8);
    assert_false(a->relocs[0].generic);
    assert_int_equal(a->relocs[1].offset, 8);
    assert_ptr_equal(a->relocs[1].var, t);
    assert_int_equal(a->relocs[1].addend, 0);
    assert_true(a->relocs[1].generic);
    /* g_d = 0d4000000000000000 = 2.0 */
    ps_var *d = find_global(r.m, "g_d");
    assert_int_equal(le(d->init, 8), 0x4000000000000000ull);
    /* g_u[] = {1, 2, 3}: the size comes from the initialiser */
    ps_var *u = find_global(r.m, "g_u");
    assert_int_equal(u->size, 3);
    assert_false(u->unsized);
    assert_int_equal(le(u->init, 3), 0x030201);
    /* .const .s16 g_neg = -2 */
    ps_var *n = find_global(r.m, "g_neg");
    assert_int_equal(n->space, PS_SPACE_CONST);
    assert_int_equal(le(n->init, 2), 0xFFFE);
    /* .extern .shared .align 16 .b8 s_dyn[] */
    ps_var *s = find_global(r.m, "s_dyn");
    assert_int_equal(s->space, PS_SPACE_SHARED);
    assert_true(s->is_extern);
    assert_true(s->unsized);
    assert_int_equal(s->size, 0);
    assert_int_equal(s->align, 16);
    assert_null(s->init);
    parsed_free(&r);
}

/* Short rows, unsized leading dimensions and vectors of arrays (as ptxas 13 accepts them: no flat
 * lists over rows, whole vectors, float literals for float variables). */
static void test_ast_initializer_shapes(void **state) {
    parsed r = parse_text(".version 8.0\n.target sm_80\n"
                          ".global .u16 flat[2][2] = {{1, 2}, {3}};\n"
                          ".global .s32 rows[][2] = {{-1, 0}, {5}};\n"
                          ".global .v2 .u8 vs[2] = {{1, 2}, {3, 0}};\n"
                          ".global .f32 fi = 3.0;\n"
                          ".global .f64 ff = 0f3F800000;\n"
                          ".entry k () { ret; }\n",
                          NULL);
    print_diags(&r.diags);
    assert_int_equal(r.st, PS_OK);
    ps_var *flat = find_global(r.m, "flat");
    assert_int_equal(flat->size, 8);
    assert_int_equal(le(flat->init, 8), 0x0000000300020001ull);
    ps_var *rows = find_global(r.m, "rows");
    assert_int_equal(rows->size, 16); /* two whole rows of two s32 */
    assert_int_equal(le(rows->init, 4), 0xFFFFFFFFu);
    assert_int_equal(le(rows->init + 8, 4), 5);
    assert_int_equal(le(rows->init + 12, 4), 0);
    ps_var *vs = find_global(r.m, "vs");
    assert_int_equal(vs->size, 4);
    assert_int_equal(le(vs->init, 4), 0x00030201u);
    assert_int_equal(le(find_global(r.m, "fi")->init, 4), 0x40400000u); /* 3.0f */
    /* ptxas 13 zero-extends a 0f literal in an 8-byte variable (its cubin's .nv.global.init) */
    assert_int_equal(le(find_global(r.m, "ff")->init, 8), 0x000000003F800000ull);
    parsed_free(&r);
}

static void test_ast_branchtargets(void **state) {
    parsed r = parse_text(".version 8.0\n.target sm_80\n"
                          ".entry k (.param .u32 i) {\n"
                          "\t.reg .b32 %r1;\n"
                          "\tld.param.u32 %r1, [i];\n"
                          "ts: .branchtargets L0, L1, L0;\n"
                          "\tbrx.idx %r1, ts;\n"
                          "L0:\n\tret;\n"
                          "L1:\n\texit;\n"
                          "}\n",
                          NULL);
    print_diags(&r.diags);
    assert_int_equal(r.st, PS_OK);
    ps_func *f = r.m->funcs[0];
    int ts = find_label(f, "ts"), l0 = find_label(f, "L0"), l1 = find_label(f, "L1");
    assert_int_equal(f->labels[ts].ntargets, 3);
    assert_int_equal(f->labels[ts].targets[0], l0);
    assert_int_equal(f->labels[ts].targets[1], l1);
    assert_int_equal(f->labels[ts].targets[2], l0);
    assert_int_equal(f->labels[l0].insn, 2);
    assert_int_equal(f->labels[l1].insn, 3);
    assert_int_equal(f->insns[1].form, PS_F_BRX_IDX);
    assert_int_equal(f->insns[1].ops[1].kind, PS_OP_LABEL);
    assert_int_equal(f->insns[1].ops[1].label, ts);
    parsed_free(&r);
}

/* Registers declared in a nested block get new indices and shadow the outer ones there only
 * (PTX ISA 5.3.1: a block is a scope). Numbering stays dense in declaration order. */
static void test_register_scopes(void **state) {
    parsed r = parse_text(".version 8.0\n.target sm_80\n.entry k () {\n"
                          "\t.reg .b32 %r<3>;\n" /* %r0 %r1 %r2 → 0 1 2 */
                          "\t{\n"
                          "\t.reg .b32 %r<2>, %t;\n" /* inner %r0 %r1 → 3 4, %t → 5 */
                          "\tmov.u32 %r1, %r2;\n"    /* inner %r1, outer %r2 */
                          "\t}\n"
                          "\tmov.u32 %r1, %r0;\n" /* outer again */
                          "\t.reg .u32 %x9;\n"    /* → 6 */
                          "\tmov.u32 %x9, 9;\n"
                          "\tret;\n}\n",
                          NULL);
    print_diags(&r.diags);
    assert_int_equal(r.st, PS_OK);
    ps_func *f = r.m->funcs[0];
    assert_int_equal(f->nregs, 7);
    static const char *names[] = {"%r0", "%r1", "%r2", "%r0", "%r1", "%t", "%x9"};
    for (int i = 0; i < 7; i++) assert_string_equal(f->regs[i].name, names[i]);
    assert_int_equal(f->regs[6].type, PS_T_U32);
    assert_int_equal(f->insns[0].ops[0].reg, 4);
    assert_int_equal(f->insns[0].ops[1].reg, 2);
    assert_int_equal(f->insns[1].ops[0].reg, 1);
    assert_int_equal(f->insns[1].ops[1].reg, 0);
    assert_int_equal(f->insns[2].ops[0].reg, 6);
    parsed_free(&r);
}

/* The --target option (ps_parse_options.target) is ptxas's -arch: the module's .target still decides
 * which instructions exist (redux.sync: sm_80), and the architecture must be able to run that target
 * (ptxas -arch=sm_75 stops an sm_80 module: "SM version specified by .target is higher ..."). */
static void test_target_option(void **state) {
    const char *src = ".version 7.0\n.target sm_80\n.entry k () {\n\t.reg .b32 %r<2>;\n"
                      "\tredux.sync.add.u32 %r1, %r0, -1;\n\tret;\n}\n";
    parsed ok = parse_text(src, NULL);
    assert_int_equal(ok.st, PS_OK);
    parsed_free(&ok);
    parsed ok90 = parse_text(src, "sm_90");
    assert_int_equal(ok90.st, PS_OK);
    parsed_free(&ok90);
    parsed bad = parse_text(src, "sm_75");
    assert_int_equal(bad.st, PS_ERR_PARSE);
    assert_int_equal(bad.diags.count, 1);
    assert_int_equal(bad.diags.items[0].line, 2);
    assert_int_equal(bad.diags.items[0].col, 9);
    assert_non_null(strstr(bad.diags.items[0].msg, ".target sm_80 is newer than the architecture 'sm_75'"));
    parsed_free(&bad);
    /* an sm_75 module under sm_90: the instruction is checked against sm_75 */
    const char *src75 = ".version 7.0\n.target sm_75\n.entry k () {\n\t.reg .b32 %r<2>;\n"
                        "\tredux.sync.add.u32 %r1, %r0, -1;\n\tret;\n}\n";
    parsed bad75 = parse_text(src75, "sm_90");
    assert_int_equal(bad75.st, PS_ERR_PARSE);
    assert_int_equal(bad75.diags.count, 1);
    assert_int_equal(bad75.diags.items[0].line, 5);
    assert_non_null(strstr(bad75.diags.items[0].msg, "requires .target sm_80"));
    parsed_free(&bad75);
}

/* The module is returned even when there are errors, with the good statements in it. */
static void test_module_despite_errors(void **state) {
    parsed r = parse_text(".version 8.0\n.target sm_80\n.entry k () {\n\t.reg .b32 %r<2>;\n"
                          "\tmov.u32 %r1, 1;\n\tbogus;\n\tadd.s32 %r1, %r1, 2;\n\tret;\n}\n",
                          NULL);
    assert_int_equal(r.st, PS_ERR_PARSE);
    assert_int_equal(r.diags.count, 1);
    assert_non_null(r.m);
    assert_int_equal(r.m->funcs[0]->ninsns, 3);
    parsed_free(&r);
}

/* Regression: "0x" with no digits was read as 0. */
static void test_regress_hex_without_digits(void **state) {
    parsed r = parse_text(".version 8.0\n.target sm_80\n.global .u32 x = 0x;\n.entry k () { ret; }\n", NULL);
    assert_int_equal(r.st, PS_ERR_PARSE);
    assert_int_equal(r.diags.count, 1);
    assert_int_equal(r.diags.items[0].line, 3);
    assert_int_equal(r.diags.items[0].col, 18);
    parsed_free(&r);
}

/* The instruction table itself: forms of one mnemonic must not accept the same first type
 * (the parser takes the first match, so an overlap would make a form unreachable). */
/* Video selectors on registers: encoding per ptx_parser.h, worked out by hand. */
static void test_video_selectors(void **state) {
    (void)state;
    parsed r = parse_text(".version 8.0\n.target sm_90\n.address_size 64\n"
                          ".entry k() { .reg .b32 %r<4>;\n"
                          "vsub4.u32.u32.u32 %r1.b20, %r2.b0123, %r3, %r0;\n"
                          "vmad.s32.s32.s32 %r1, -%r2.h1, -%r3, -%r0;\n"
                          "vadd2.u32.u32.u32 %r1.h10, %r2.h32, %r3, %r0; ret; }\n",
                          NULL);
    assert_int_equal(r.st, PS_OK);
    const ps_insn *in = r.m->funcs[0]->insns;
    assert_int_equal(in[0].ops[0].sel, 0x8000 | 1 << 12 | 2);                            /* .b20 */
    assert_int_equal(in[0].ops[1].sel, 0x8000 | 3 << 12 | 0 | 1 << 3 | 2 << 6 | 3 << 9); /* .b0123 */
    assert_int_equal(in[0].ops[2].sel, 0);
    assert_int_equal(in[0].ops[1].reg, in[1].ops[1].reg); /* %r2 */
    assert_int_equal(in[1].ops[1].sel, 0x4000 | 1);       /* .h1 */
    assert_true(in[1].ops[1].minus && in[1].ops[2].minus && in[1].ops[3].minus);
    assert_int_equal(in[2].ops[0].sel, 0x4000 | 1 << 12 | 1); /* .h10 */
    assert_int_equal(PS_SEL_COUNT(in[2].ops[1].sel), 2);
    assert_int_equal(PS_SEL_DIGIT(in[2].ops[1].sel, 0), 3);
    assert_int_equal(PS_SEL_DIGIT(in[2].ops[1].sel, 1), 2);
    parsed_free(&r);
}

/* A register named like a special register (%tid) hides it (ptxas 13): %tid.x is then a selector
 * on that register, which ptxas refuses ("Unknown video selector: '.x'"); %tid itself and a video
 * selector on the register resolve to the register. */
/* Regression (ASan: validate_words.c's in_list read one byte past a keyword list whose last word
 * is shorter than the word looked up): red.async's ".relaxed" is looked up among the reduction
 * operations, which end with "xor"; the spelling is one ptxas accepts. */
static void test_words_longer_than_list_end(void **state) {
    (void)state;
    parsed r =
        parse_text(".version 8.1\n.target sm_90\n.address_size 64\n"
                   ".visible .entry k() {\n  .reg .b32 %r<4>;\n  .shared .align 8 .b8 smem[256];\n"
                   "  red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [smem], %r1, "
                   "[smem+128];\n  ret; }\n",
                   NULL);
    if (r.st != PS_OK) print_diags(&r.diags);
    assert_int_equal(r.st, PS_OK);
    parsed_free(&r);
}

/* The structured instruction (ps_insn.words): the words after the mnemonic in the order written,
 * one shared copy per spelling; a W word of mods.def is an unknown modifier on a row that does not
 * accept "*" (as before it was named). */
static void test_structured_words(void **state) {
    (void)state;
    parsed r =
        parse_text(".version 8.0\n.target sm_90a\n.address_size 64\n"
                   ".visible .entry k() {\n"
                   "  .reg .b32 %r<8>;\n  .reg .b64 %rd<2>;\n  .reg .b16 %rs<2>;\n"
                   "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                   ".multicast::cluster [%r2], [%rd1, {%r4, %r5}], [%r3], %rs1;\n"
                   "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                   ".multicast::cluster [%r2], [%rd1, {%r4, %r5}], [%r3], %rs1;\n"
                   "  wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, [%rd1];\n"
                   "  cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%rd1, {%r4, %r5, %r6}], [%r3];\n"
                   "  ret; }\n",
                   NULL);
    if (r.st != PS_OK) print_diags(&r.diags);
    assert_int_equal(r.st, PS_OK);
    const ps_insn *in = r.m->funcs[0]->insns;
    static const ps_word want[] = {PS_WM(D2),
                                   PS_WM(SHARED_CLUSTER),
                                   PS_WM(GLOBAL),
                                   PS_WM(TILE),
                                   PS_WM(MBARRIER_COMPLETE_TX_BYTES),
                                   PS_WM(MULTICAST_CLUSTER)};
    assert_int_equal(in[0].nwords, 6);
    for (int k = 0; k < 6; k++) assert_int_equal(in[0].words[k], want[k]);
    assert_ptr_equal(in[0].words, in[1].words); /* one copy per spelling */
    assert_int_equal(ps_insn_dims(&in[0]), 2);
    assert_int_equal(ps_insn_space(&in[0], 0), PS_MOD_SHARED_CLUSTER);
    assert_int_equal(ps_insn_space(&in[0], 1), PS_MOD_GLOBAL);
    assert_int_equal(ps_insn_space(&in[0], 2), PS_MOD_COUNT);
    assert_int_equal(ps_insn_completion(&in[0]), PS_MOD_MBARRIER_COMPLETE_TX_BYTES);
    assert_true(ps_insn_has(&in[0], PS_WM(MULTICAST_CLUSTER)));
    assert_false(ps_insn_has(&in[0], PS_WM(L2_CACHE_HINT)));
    static const ps_word wmma[] = {PS_WM(A),  PS_WM(SYNC), PS_WM(ALIGNED), PS_WM(ROW), PS_WORD(PS_WK_SHAPE, 0),
                                   PS_WT(F16)};
    assert_int_equal(in[2].nwords, 6);
    for (int k = 0; k < 6; k++) assert_int_equal(in[2].words[k], wmma[k]);
    char buf[32];
    assert_string_equal(ps_insn_word_text(&in[3], 1, buf, sizeof buf), "global");
    assert_int_equal(ps_insn_completion(&in[3]), PS_MOD_BULK_GROUP);
    parsed_free(&r);
    /* a word no row names (.zz) on a "*" row: refused when parsed (parser/validate_words.c), as
     * ptxas refuses it ("Illegal modifier") */
    r = parse_text(".version 8.0\n.target sm_90a\n.address_size 64\n"
                   ".visible .entry k() {\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<2>;\n"
                   "  cp.async.bulk.tensor.3d.global.shared::cta.bulk_group.zz [%rd1, {%r4, %r5, %r6}], [%r3];\n"
                   "  ret; }\n",
                   NULL);
    assert_int_not_equal(r.st, PS_OK);
    parsed_free(&r);
    r = parse_text(".version 8.0\n.target sm_90\n.address_size 64\n"
                   ".visible .entry k() {\n  .reg .b32 %r<3>;\n  add.tile.s32 %r0, %r1, %r2;\n  ret; }\n",
                   NULL);
    assert_int_not_equal(r.st, PS_OK);
    assert_non_null(strstr(r.diags.items[0].msg, "unknown modifier '.tile' for 'add'"));
    parsed_free(&r);
}

/* Group counts and the barrier bits (ps_insn_group_count, ps_insn_barrier): what a selector or a
 * checker reads of the modifiers, per the PTX ISA (bar is barrier.sync.aligned; .red.popc counts,
 * .red.and/.or combine predicates; vset takes its comparisons and .add/.min/.max one by one). */
static void test_structured_groups(void **state) {
    (void)state;
    parsed r = parse_text(".version 8.0\n.target sm_90\n.address_size 64\n"
                          ".visible .entry k() {\n"
                          "  .reg .b32 %r<8>;\n  .reg .pred %p<3>;\n"
                          "  vset.u32.u32.lt %r1, %r2, %r3;\n"
                          "  vadd.u32.u32.u32.sat.min %r1, %r2, %r3, %r4;\n"
                          "  bar.sync 0;\n"
                          "  barrier.sync 1;\n"
                          "  barrier.red.popc.aligned.u32 %r1, 2, %p1;\n"
                          "  bar.red.and.pred %p2, 3, %p1;\n"
                          "  bar.arrive 4, 64;\n"
                          "  barrier.cluster.wait.aligned;\n"
                          "  ret; }\n",
                          NULL);
    if (r.st != PS_OK) print_diags(&r.diags);
    assert_int_equal(r.st, PS_OK); /* (two comparisons are refused: reject_mods_video_bar.ptx) */
    const ps_insn *in = r.m->funcs[0]->insns;
    assert_int_equal(ps_insn_group_count(&in[0], PS_MG_CMP), 1);
    assert_int_equal(ps_insn_group_index(&in[0], PS_MG_CMP), 2); /* .lt: the third in CMP's order */
    assert_int_equal(ps_insn_group_count(&in[1], PS_MG_CMP), 0);
    assert_int_equal(ps_insn_group_count(&in[1], PS_MG_REDOP), 1);
    assert_int_equal(ps_insn_group(&in[1], PS_MG_REDOP), PS_MOD_MIN);
    assert_int_equal(ps_insn_barrier(&in[2]), PS_BAR_ALIGNED);
    assert_int_equal(ps_insn_barrier(&in[3]), 0);
    assert_int_equal(ps_insn_barrier(&in[4]), PS_BAR_RED | PS_BAR_POPC | PS_BAR_ALIGNED);
    assert_int_equal(ps_insn_barrier(&in[5]), PS_BAR_RED | PS_BAR_AND | PS_BAR_ALIGNED);
    assert_int_equal(ps_insn_barrier(&in[6]), PS_BAR_ARRIVE | PS_BAR_ALIGNED);
    assert_int_equal(ps_insn_barrier(&in[7]), PS_BAR_ALIGNED);
    parsed_free(&r);
}

static void test_register_named_like_sreg(void **state) {
    (void)state;
    parsed r = parse_text(".version 8.0\n.target sm_90\n.address_size 64\n"
                          ".visible .entry k() {\n"
                          "  .reg .b32 %tid, %x;\n"
                          "  mov.u32 %tid, 7;\n"
                          "  add.u32 %x, %tid, 1;\n"
                          "  vadd.u32.u32.u32 %x, %x.b0, %tid.h1, %x;\n"
                          "  ret; }\n",
                          NULL);
    if (r.st != PS_OK) print_diags(&r.diags);
    assert_int_equal(r.st, PS_OK);
    const ps_func *f = r.m->funcs[0];
    const ps_insn *in = f->insns;
    int tid = find_reg(f, "%tid");
    assert_int_equal(in[0].ops[0].kind, PS_OP_REG);
    assert_int_equal(in[0].ops[0].reg, tid);
    assert_int_equal(in[1].ops[1].kind, PS_OP_REG);
    assert_int_equal(in[1].ops[1].reg, tid);
    assert_int_equal(in[2].ops[2].kind, PS_OP_REG); /* %tid.h1: the register with a selector */
    assert_int_equal(in[2].ops[2].reg, tid);
    assert_int_not_equal(in[2].ops[2].sel, 0);
    parsed_free(&r);
    r = parse_text(".version 8.0\n.target sm_90\n.address_size 64\n"
                   ".visible .entry k() {\n"
                   "  .reg .b32 %tid;\n"
                   "  mov.u32 %tid, %tid.x;\n"
                   "  ret; }\n",
                   NULL);
    assert_int_not_equal(r.st, PS_OK);
    parsed_free(&r);
}

static void test_forms_table(void **state) {
    for (int i = 0; i < PS_F_COUNT; i++) {
        const ps_form_info *a = ps_form_get((ps_form)i);
        const ps_form *same;
        int n = ps_isa_lookup_mnemonic(a->mnemonic, strlen(a->mnemonic), &same);
        assert_true(n >= 1);
        for (int j = 0; j < n; j++) {
            const ps_form_info *b = ps_form_get(same[j]);
            if (b->id == a->id) continue;
            if ((a->types & b->types) || (a->any_type && b->id > a->id) || (a->no_type && b->no_type))
                fail_msg("forms %s (#%d) and #%d overlap", a->mnemonic, a->id, b->id);
        }
        assert_int_equal(ps_isa_match_prefix(a->mnemonic, strlen(a->mnemonic)), strlen(a->mnemonic));
    }
}

int main(void) {
    const struct CMUnitTest ast[] = {
        cmocka_unit_test(test_video_selectors),
        cmocka_unit_test(test_ast_module),
        cmocka_unit_test(test_ast_registers_dense),
        cmocka_unit_test(test_ast_labels),
        cmocka_unit_test(test_ast_operands),
        cmocka_unit_test(test_ast_immediates),
        cmocka_unit_test(test_ast_types_and_modifiers),
        cmocka_unit_test(test_ast_functions),
        cmocka_unit_test(test_ast_initializers),
        cmocka_unit_test(test_ast_initializer_shapes),
        cmocka_unit_test(test_ast_branchtargets),
        cmocka_unit_test(test_register_scopes),
        cmocka_unit_test(test_target_option),
        cmocka_unit_test(test_module_despite_errors),
        cmocka_unit_test(test_regress_hex_without_digits),
        cmocka_unit_test(test_forms_table),
        cmocka_unit_test(test_register_named_like_sreg),
        cmocka_unit_test(test_structured_words),
        cmocka_unit_test(test_structured_groups),
        cmocka_unit_test(test_words_longer_than_list_end),
    };
    int failed = cmocka_run_group_tests_name("parser_api", ast, NULL, NULL);
    failed += run_file_group("parser_accept", "tests/parser", "accept_", test_accept_file, 1);
    failed += run_file_group("parser_reject", "tests/parser", "reject_", test_reject_file, 1);
    failed += run_file_group("parser_nvcc", "tests/data/nvcc", "", test_nvcc_file, 1);
    return failed ? 1 : 0;
}
