/* predict.c — the shared-memory instructions ptxsim's merge model (sim/sass_merge.c) expects
 * ptxas to emit for each function of a PTX file, as the SASS opcodes they become, to compare
 * with the recorded SASS (compare.py). One line per function:
 *   FUNC name LDS n LDS.64 n LDS.128 n STS n STS.64 n STS.128 n OTHER n MERGED n
 * counting ld/st.shared of 4, 8 (or v2 of 4) and 16 bytes (v4 of 4, v2 of 8) per PTX instruction,
 * a merged group once; OTHER: shared accesses of other widths. The layout is the engine's: the
 * reserved KiB on sm_80 and later, then the function's .shared variables in the order it first
 * names them, each at its .align. LDG/STG: the ld/st.global instructions left after the model's
 * global merges and forwarded loads (GMERGED: how many it removed). --no-merge first: every access alone (the PTX's own count). Build (from the repository root, after scripts/build.sh):
 *   cc -O1 -Isim -Iparser -Iisa -Icommon lab/sass_counters/predict.c build/sim/libps_sim.a \
 *      build/parser/libps_parser.a build/isa/libps_isa.a build/common/libps_common.a -lm -lpthread \
 *      -o /tmp/predict */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

typedef struct {
    const ps_var *vars[256];
    uint64_t offs[256];
    int n;
    uint64_t next;
} layout;

static void place(layout *l, const ps_var *v) {
    if (!v || v->space != PS_SPACE_SHARED || l->n == 256) return;
    for (int i = 0; i < l->n; i++)
        if (l->vars[i] == v) return;
    uint64_t a = v->align > 0 ? (uint64_t)v->align : 1;
    if (v->unsized) a = a < 16 ? 16 : a;
    l->next = (l->next + a - 1) / a * a;
    l->vars[l->n] = v;
    l->offs[l->n++] = l->next;
    l->next += v->size;
}

static uint64_t offset_of(void *ctx, const ps_var *v) {
    const layout *l = ctx;
    for (int i = 0; i < l->n; i++)
        if (l->vars[i] == v) return l->offs[i];
    return UINT64_MAX;
}

static void scan_operand(layout *l, const ps_operand *o) {
    if (o->kind == PS_OP_VAR || o->kind == PS_OP_ADDR) place(l, o->var);
    for (int k = 0; k < o->nitems; k++) scan_operand(l, &o->items[k]);
}

int main(int argc, char **argv) {
    bool nomerge = argc > 1 && !strcmp(argv[1], "--no-merge"); /* each PTX access alone */
    for (int a = 1 + nomerge; a < argc; a++) {
        size_t n;
        char *src = ps_read_file(argv[a], &n);
        if (!src) continue;
        ps_diags d = {0};
        ps_module *m = NULL;
        ps_parse(argv[a], src, n, NULL, &d, &m);
        ps_diags_free(&d);
        bool reserved = m && m->arch && m->arch->sm >= 80;
        for (int fi = 0; m && fi < m->nfuncs; fi++) {
            const ps_func *f = m->funcs[fi];
            if (!f->ninsns) continue;
            layout l = {.next = reserved ? 1024 : 0};
            for (int i = 0; i < f->ninsns; i++)
                for (int k = 0; k < f->insns[i].nops; k++) scan_operand(&l, &f->insns[i].ops[k]);
            ps_sass_access *sa = calloc((size_t)f->ninsns, sizeof *sa);
            ps_sass_merge(f, offset_of, &l, sa);
            for (int i = 0; i < f->ninsns && nomerge; i++) sa[i].lead = -1;
            int cnt[2][3] = {{0}}, other = 0, merged = 0, glob[2] = {0}, gmerged = 0;
            for (int i = 0; i < f->ninsns; i++) {
                const ps_insn *in = &f->insns[i];
                if (in->form != PS_F_LD && in->form != PS_F_ST) continue;
                if (ps_modset_has(&in->mods, PS_MOD_GLOBAL)) { /* global: instructions left after the model */
                    if (sa[i].lead >= 0 && (sa[i].forwarded || sa[i].lead != i)) gmerged++;
                    else glob[in->form == PS_F_ST]++;
                    continue;
                }
                if (!ps_modset_has(&in->mods, PS_MOD_SHARED) && !ps_modset_has(&in->mods, PS_MOD_SHARED_CTA)) continue;
                int st = in->form == PS_F_ST;
                unsigned bytes = (unsigned)ps_type_size(in->types[0]) * in->vec;
                if (sa[i].lead >= 0) {
                    if (sa[i].lead != i) continue;
                    bytes = sa[i].bytes;
                    merged++;
                }
                if (bytes == 4) cnt[st][0]++;
                else if (bytes == 8) cnt[st][1]++;
                else if (bytes == 16) cnt[st][2]++;
                else other++;
            }
            printf("FUNC %s %s LDS %d LDS.64 %d LDS.128 %d STS %d STS.64 %d STS.128 %d OTHER %d MERGED %d LDG %d STG %d "
                   "GMERGED %d\n",
                   argv[a], f->name, cnt[0][0], cnt[0][1], cnt[0][2], cnt[1][0], cnt[1][1], cnt[1][2], other, merged,
                   glob[0], glob[1], gmerged);
            free(sa);
        }
        ps_module_free(m);
        free(src);
    }
    return 0;
}
