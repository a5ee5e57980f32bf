/* insn_words.c — the structured instruction: what sim/'s selectors ask of ps_insn.words (the
 * words after the mnemonic in the order written), so that nothing after the parser reads text. */
#include <string.h>

#include "ptx_parser.h"

int ps_insn_find(const ps_insn *in, ps_word w, int from) {
    for (int k = from < 0 ? 0 : from; k < in->nwords; k++)
        if (in->words[k] == w) return k;
    return -1;
}

ps_word ps_insn_first_of(const ps_insn *in, const ps_word *set, int n) {
    for (int k = 0; k < in->nwords; k++)
        for (int i = 0; i < n; i++)
            if (in->words[k] == set[i]) return set[i];
    return 0;
}

static bool is_space(ps_word w) {
    static const ps_word spaces[] = {PS_WM(GLOBAL),     PS_WM(SHARED), PS_WM(SHARED_CTA), PS_WM(SHARED_CLUSTER),
                                     PS_WM(LOCAL),      PS_WM(CONST),  PS_WM(PARAM),      PS_WM(PARAM_ENTRY),
                                     PS_WM(PARAM_FUNC), PS_WM(GENERIC)};
    for (size_t i = 0; i < PS_ARRAY_LEN(spaces); i++)
        if (w == spaces[i]) return true;
    return false;
}

ps_mod ps_insn_space(const ps_insn *in, int i) {
    for (int k = 0; k < in->nwords; k++)
        if (is_space(in->words[k]) && i-- == 0) return (ps_mod)ps_word_value(in->words[k]);
    return PS_MOD_COUNT;
}

int ps_insn_dims(const ps_insn *in) {
    static const ps_word dims[] = {PS_WM(D1), PS_WM(D2), PS_WM(D3), PS_WM(D4), PS_WM(D5)};
    for (int k = 0; k < in->nwords; k++)
        for (int i = 0; i < 5; i++)
            if (in->words[k] == dims[i]) return i + 1;
    return 0;
}

ps_mod ps_insn_completion(const ps_insn *in) {
    static const ps_word how[] = {PS_WM(MBARRIER_COMPLETE_TX_BYTES), PS_WM(BULK_GROUP)};
    ps_word w = ps_insn_first_of(in, how, 2);
    return w ? (ps_mod)ps_word_value(w) : PS_MOD_COUNT;
}

bool ps_insn_sparse(const ps_insn *in) {
    return ps_insn_has(in, PS_WM(SP)) || ps_insn_has(in, PS_WM(SP_ORDERED_METADATA));
}

const char *ps_insn_word_text(const ps_insn *in, int k, char *buf, size_t len) {
    if (!len) return buf;
    buf[0] = 0;
    if (k < 0 || k >= in->nwords) return buf;
    /* the k-th dot-separated word after the mnemonic, as written */
    const char *s = in->text + strlen(in->info->mnemonic);
    for (int i = 0; *s; i++) {
        const char *e = strchr(s + 1, '.');
        size_t n = e ? (size_t)(e - s - 1) : strlen(s + 1);
        if (i == k) {
            if (n >= len) n = len - 1;
            memcpy(buf, s + 1, n);
            buf[n] = 0;
            break;
        }
        if (!e) break;
        s = e;
    }
    return buf;
}

unsigned ps_insn_barrier(const ps_insn *in) {
    const ps_modset *m = &in->mods;
    return (ps_modset_has(m, PS_MOD_RED) ? PS_BAR_RED : 0u) | (ps_modset_has(m, PS_MOD_ARRIVE) ? PS_BAR_ARRIVE : 0u) |
        (in->form == PS_F_BAR || ps_modset_has(m, PS_MOD_ALIGNED) ? PS_BAR_ALIGNED : 0u) |
        (ps_modset_has(m, PS_MOD_POPC) ? PS_BAR_POPC : 0u) |
        (ps_insn_group(in, PS_MG_BOOL) == PS_MOD_AND ? PS_BAR_AND : 0u);
}
