/* arch_forms.c — the targets that take an arch-specific instruction (a P_ARCH_SPECIFIC row of
 * forms.def). ptxas 13 takes one on every "a" or "f" target from its row's min_sm up to the last
 * family this table names, and never on a target without a suffix: setmaxnreg on sm_90a and on
 * sm_100a/f ... sm_121a/f, tcgen05 on sm_100a/f, sm_103a/f and sm_110a/f but not sm_120a/f, wgmma
 * on sm_90a alone. Recorded with scripts/ptxas_diff/arch_forms_verdicts.py into
 * tests/forms/arch_specific_ptxas.txt, which test_isa checks this table against. */
#include <stdio.h>
#include <string.h>

#include "isa.h"

/* A row names a mnemonic and every mnemonic below it ("tcgen05" covers "tcgen05.mma"). A family
 * is sm / 10: sm_100 and sm_103 are family 10, sm_110 11, sm_120 and sm_121 12. */
static const struct {
    const char *mnemonic;
    int last_family;
} arch_forms[] = {
    {"wgmma", 9},
    {"setmaxnreg", 12},
    {"tcgen05", 11},
};

int ps_isa_arch_form_last_family(const ps_form_info *f) {
    for (size_t i = 0; i < PS_ARRAY_LEN(arch_forms); i++) {
        size_t n = strlen(arch_forms[i].mnemonic);
        if (!strncmp(f->mnemonic, arch_forms[i].mnemonic, n) && (f->mnemonic[n] == 0 || f->mnemonic[n] == '.'))
            return arch_forms[i].last_family;
    }
    return f->min_sm / 10; /* a row this table lacks: its own family only (test_isa fails for it) */
}

const char *ps_isa_arch_form_unsupported(const ps_form_info *f, const ps_arch *arch, char *buf, size_t buflen) {
    int first = f->min_sm / 10, last = ps_isa_arch_form_last_family(f);
    if (arch->arch_specific && arch->sm >= f->min_sm && arch->sm / 10 <= last) return NULL;
    if (first == last)
        snprintf(buf, buflen, "Instruction '%s' not supported on .target '%s' (needs sm_%da)", f->mnemonic, arch->name,
                 f->min_sm);
    else
        snprintf(buf, buflen,
                 "Instruction '%s' not supported on .target '%s' (needs an 'a' or 'f' target from sm_%d to "
                 "sm_%dx)",
                 f->mnemonic, arch->name, f->min_sm, last);
    return buf;
}

void ps_isa_write_arch_forms(void *stream) {
    FILE *f = stream;
    fprintf(f,
            "Arch-specific forms (isa/arch_forms.c) are available on every \"a\" and \"f\" target from their "
            "min target up to a last family, never on a target without the suffix:");
    for (size_t i = 0; i < PS_ARRAY_LEN(arch_forms); i++)
        fprintf(f, "%s `%s` up to sm_%dx", i ? "," : "", arch_forms[i].mnemonic, arch_forms[i].last_family);
    fprintf(f, ".\n\n| instruction | types | modifiers | min PTX |");
}
