/* test_isa.c — checks the instruction table itself: forms of one mnemonic never claim the same
 * type, every accepted modifier has a name, architecture rows are sane, and every executable
 * form is exercised by some PTX in the tests or the corpus. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "ptx_parser.h"

static void no_overlapping_forms(void **state) {
    (void)state;
    for (int i = 0; i < PS_F_COUNT; i++) {
        const ps_form_info *a = ps_form_get((ps_form)i);
        for (int j = i + 1; j < PS_F_COUNT; j++) {
            const ps_form_info *b = ps_form_get((ps_form)j);
            if (strcmp(a->mnemonic, b->mnemonic)) continue;
            if (a->types & b->types) fail_msg("forms %d and %d of '%s' share a type", i, j, a->mnemonic);
            if ((a->any_type || a->no_type) && (b->any_type || b->no_type))
                fail_msg("forms %d and %d of '%s' are both untyped", i, j, a->mnemonic);
        }
    }
}

static void names_round_trip(void **state) {
    (void)state;
    for (int m = 0; m < PS_MOD_COUNT; m++) {
        const char *n = ps_mod_name((ps_mod)m);
        assert_int_equal(ps_mod_lookup(n, strlen(n)), m);
    }
    for (int t = 0; t < PS_T_COUNT; t++) {
        const char *n = ps_type_name((ps_type)t);
        assert_int_equal(ps_type_lookup(n, strlen(n)), t);
    }
    assert_int_equal(ps_type_lookup("f33", 3), PS_T_NONE);
    assert_int_equal(ps_mod_lookup("rnx", 3), -1);
}

static void architectures(void **state) {
    (void)state;
    const ps_arch *a80 = ps_arch_lookup("sm_80"), *a90a = ps_arch_lookup("sm_90a");
    assert_non_null(a80);
    assert_non_null(a90a);
    assert_int_equal(a80->sm, 80);
    assert_int_equal(a90a->arch_specific, 1);
    assert_null(ps_arch_lookup("sm_81"));
    char buf[160];
    const ps_form *f;
    assert_int_equal(ps_isa_lookup_mnemonic("cp.async", 8, &f), 1);
    const ps_form_info *cp = ps_form_get(f[0]);
    assert_non_null(ps_isa_form_unsupported(cp, ps_arch_lookup("sm_75"), 0, buf, sizeof buf));
    assert_non_null(strstr(buf, "sm_80"));
    assert_null(ps_isa_form_unsupported(cp, a80, 0, buf, sizeof buf));
    assert_int_equal(ps_isa_lookup_mnemonic("wgmma.fence", 11, &f), 1);
    assert_non_null(ps_isa_form_unsupported(ps_form_get(f[0]), ps_arch_lookup("sm_90"), 0, buf, sizeof buf));
    assert_null(ps_isa_form_unsupported(ps_form_get(f[0]), a90a, 0, buf, sizeof buf));
    assert_non_null(ps_isa_form_unsupported(ps_form_get(f[0]), ps_arch_lookup("sm_100a"), 0, buf, sizeof buf));
}

/* The arch-specific forms (isa/arch_forms.c) against ptxas 13's verdicts of one-line kernels on
 * every target it knows (tests/forms/arch_specific_ptxas.txt, recorded with
 * scripts/ptxas_diff/arch_forms_verdicts.py, which builds the same kernel text). */
static void arch_specific_forms_match_ptxas(void **state) {
    (void)state;
    for (int i = 0; i < PS_F_COUNT; i++) {
        const ps_form_info *f = ps_form_get((ps_form)i);
        if (!(f->props & P_ARCH_SPECIFIC)) continue;
        /* every arch-specific row is in the table: only the wgmma rows end in their own family */
        if (strncmp(f->mnemonic, "wgmma", 5) && ps_isa_arch_form_last_family(f) <= f->min_sm / 10)
            fail_msg("'%s' is P_ARCH_SPECIFIC but isa/arch_forms.c has no row for it", f->mnemonic);
    }
    FILE *in = fopen("tests/forms/arch_specific_ptxas.txt", "r");
    assert_non_null(in);
    char line[512];
    int checked = 0, wrong = 0;
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#') continue;
        char target[16], verdict[16], insn[400];
        if (sscanf(line, "%15[^\t]\t%15[^\t]\t%399[^\n]", target, verdict, insn) != 3) fail_msg("bad line: %s", line);
        char src[1024];
        snprintf(src, sizeof src,
                 ".version 9.0\n.target %s\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %%r<4>;\n"
                 ".reg .b64 %%rd<4>;\n%s\nret;\n}\n",
                 target, insn);
        ps_diags d = {0};
        ps_module *m = NULL;
        ps_status st = ps_parse("k.ptx", src, strlen(src), NULL, &d, &m);
        bool accept = !strcmp(verdict, "accept");
        if ((st == PS_OK) != accept) {
            fprintf(stderr, "%s on %s: ptxas %ss, ptxsim %s\n", insn, target, verdict,
                    d.count ? d.items[0].msg : "accepts");
            wrong++;
        }
        checked++;
        ps_module_free(m);
        ps_diags_free(&d);
    }
    fclose(in);
    assert_true(checked >= 9 * 23);
    assert_int_equal(wrong, 0);
}

/* Collects the forms used by every .ptx under dir (recursively) and by PTX text in the C tests. */
static void scan_ptx(const char *path, char *used) {
    size_t n;
    char *src = ps_read_file(path, &n);
    if (!src) return;
    ps_diags d = {0};
    ps_module *m;
    ps_parse(path, src, n, NULL, &d, &m);
    for (int i = 0; i < m->nfuncs; i++)
        for (int k = 0; k < m->funcs[i]->ninsns; k++) used[m->funcs[i]->insns[k].info->id] = 1;
    ps_module_free(m);
    ps_diags_free(&d);
    free(src);
}

static void scan_dir(const char *dir, char *used) {
    DIR *dp = opendir(dir);
    if (!dp) return;
    struct dirent *e;
    while ((e = readdir(dp))) {
        if (e->d_name[0] == '.') continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t l = strlen(e->d_name);
        if (l > 4 && !strcmp(e->d_name + l - 4, ".ptx")) scan_ptx(path, used);
        else if (e->d_type == DT_DIR) scan_dir(path, used);
    }
    closedir(dp);
}

/* PTX embedded in C test sources: every word that is an instruction's mnemonic and is followed
 * by a type suffix counts as a use of the form selected by that type. */
static void scan_c_sources(const char *dir, char *used) {
    DIR *dp = opendir(dir);
    if (!dp) return;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t l = strlen(e->d_name);
        if (l < 3 || strcmp(e->d_name + l - 2, ".c")) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t n;
        char *src = ps_read_file(path, &n);
        if (!src) continue;
        for (char *p = src; *p; p++) {
            if (!(*p >= 'a' && *p <= 'z') || (p > src && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z')))) continue;
            char *q = p;
            while ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') || *q == '.' || *q == '_' || *q == ':') q++;
            size_t pl = ps_isa_match_prefix(p, (size_t)(q - p));
            if (!pl) continue;
            const ps_form *f;
            int nf = ps_isa_lookup_mnemonic(p, pl, &f);
            /* first type suffix, if any */
            ps_type ty = PS_T_NONE;
            for (char *s = p + pl; s < q && ty == PS_T_NONE;) {
                char *t = s + 1, *e2 = t;
                while (e2 < q && *e2 != '.') e2++;
                ty = ps_type_lookup(t, (size_t)(e2 - t));
                s = e2;
            }
            for (int k = 0; k < nf; k++) {
                const ps_form_info *fi = ps_form_get(f[k]);
                if (fi->any_type || (ty == PS_T_NONE && fi->no_type) || (ty != PS_T_NONE && (fi->types >> ty & 1))) {
                    used[f[k]] = 1;
                    break;
                }
            }
            p = q;
        }
        free(src);
    }
    closedir(dp);
}

static void every_executable_form_is_exercised(void **state) {
    (void)state;
    char used[PS_F_COUNT] = {0};
    scan_dir("corpus", used);
    scan_dir("tests", used);
    scan_c_sources("tests", used);
    int missing = 0;
    for (int i = 0; i < PS_F_COUNT; i++) {
        const ps_form_info *f = ps_form_get((ps_form)i);
        if (f->props & P_NOEXEC || used[i]) continue;
        fprintf(stderr, "form %d '%s' (%s) appears in no test or corpus PTX\n", i, f->mnemonic, f->types_src);
        missing++;
    }
    assert_int_equal(missing, 0);
}

/* A type or modifier newer than its form is gated on its own (isa/variants.def). */
static void variant_requirements(void **state) {
    (void)state;
    char buf[160];
    const ps_form_info *cvt = ps_form_get(PS_F_CVT), *fma = ps_form_get(PS_F_FMA_F16);
    ps_type e4[2] = {PS_T_E4M3X2, PS_T_F32}, f16[2] = {PS_T_F16, PS_T_F32};
    ps_modset none = {{0}}, oob = {{0}};
    oob.w[PS_MOD_OOB / 64] |= 1ull << (PS_MOD_OOB % 64);
    const ps_arch *a80 = ps_arch_lookup("sm_80"), *a89 = ps_arch_lookup("sm_89"), *a90 = ps_arch_lookup("sm_90");
    assert_non_null(ps_isa_variant_unsupported(cvt, e4, 2, &none, a80, 85, buf, sizeof buf));
    assert_non_null(strstr(buf, "sm_89"));
    assert_null(ps_isa_variant_unsupported(cvt, e4, 2, &none, a89, 85, buf, sizeof buf));
    assert_non_null(ps_isa_variant_unsupported(cvt, e4, 2, &none, a89, 77, buf, sizeof buf));
    assert_non_null(strstr(buf, "7.8"));
    assert_null(ps_isa_variant_unsupported(cvt, f16, 2, &none, ps_arch_lookup("sm_70"), 60, buf, sizeof buf));
    ps_type h[1] = {PS_T_F16};
    assert_non_null(ps_isa_variant_unsupported(fma, h, 1, &oob, a89, 85, buf, sizeof buf));
    assert_null(ps_isa_variant_unsupported(fma, h, 1, &oob, a90, 85, buf, sizeof buf));
    assert_null(ps_isa_variant_unsupported(fma, h, 1, &none, a80, 85, buf, sizeof buf));
}

/* mbarrier.arrive{_drop} with a count and without .noComplete: PTX 7.8 and sm_90. */
static void operand_requirements(void **state) {
    (void)state;
    char buf[192];
    ps_modset none = {{0}}, noc = {{0}};
    noc.w[PS_MOD_NOCOMPLETE / 64] |= 1ull << (PS_MOD_NOCOMPLETE % 64);
    const ps_arch *a80 = ps_arch_lookup("sm_80"), *a90 = ps_arch_lookup("sm_90");
    assert_non_null(ps_isa_operands_unsupported(PS_F_MBARRIER_ARRIVE, &none, 3, a80, 80, buf, sizeof buf));
    assert_non_null(strstr(buf, "requires .target sm_90"));
    assert_non_null(ps_isa_operands_unsupported(PS_F_MBARRIER_ARRIVE_DROP, &none, 3, a80, 80, buf, sizeof buf));
    assert_non_null(strstr(buf, "'mbarrier.arrive_drop with count argument"));
    assert_non_null(ps_isa_operands_unsupported(PS_F_MBARRIER_ARRIVE, &none, 3, a90, 77, buf, sizeof buf));
    assert_non_null(strstr(buf, "7.8"));
    assert_null(ps_isa_operands_unsupported(PS_F_MBARRIER_ARRIVE, &none, 3, a90, 78, buf, sizeof buf));
    assert_null(ps_isa_operands_unsupported(PS_F_MBARRIER_ARRIVE, &none, 2, a80, 70, buf, sizeof buf));
    assert_null(ps_isa_operands_unsupported(PS_F_MBARRIER_ARRIVE, &noc, 3, a80, 70, buf, sizeof buf));
    assert_null(ps_isa_operands_unsupported(PS_F_MBARRIER_ARRIVE_EXPECT_TX, &none, 3, a80, 80, buf, sizeof buf));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_overlapping_forms),
        cmocka_unit_test(names_round_trip),
        cmocka_unit_test(architectures),
        cmocka_unit_test(variant_requirements),
        cmocka_unit_test(operand_requirements),
        cmocka_unit_test(every_executable_form_is_exercised),
        cmocka_unit_test(arch_specific_forms_match_ptxas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
