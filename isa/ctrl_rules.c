/* ctrl_rules.c — the ISA's rules on the words of an instruction that forms.def's groups cannot
 * state, as ptxas 13 applies them (isa.h).
 *
 * barrier.cluster and shf (forms.def: CLUSTERBAR! CLUSTERSEM ARRIVE_ACQUIRE WAIT_RELAXED
 * WAIT_RELEASE aligned; DIR! CLAMP!, checked after these): ptxas reads the words after the name one
 * by one, and refuses a word written twice and a member of the name's group written after the name
 * as it reads them, before it judges the name and the groups; a modifier set shows neither a word
 * written twice nor the order of the words. div's .full is a word of the name only right after
 * 'div' (ps_isa_div_full_word), which no group can say. */
#include <stdio.h>
#include <string.h>

#include "isa.h"

/* The word after the '.' at text[*i]: its start, its length in *n; *i moves to the next '.' (or
 * len). */
static const char *next_word(const char *text, size_t len, size_t *i, int *n) {
    size_t k = ++*i;
    while (k < len && text[k] != '.') k++;
    *n = (int)(k - *i);
    const char *w = text + *i;
    *i = k;
    return w;
}

/* barrier.cluster.arrive|.wait{.sem}{.aligned} (PTX ISA 9.7.13.3). Found by giving ptxas -arch=sm_90
 * every spelling of up to three of arrive, wait, relaxed, acquire, release, aligned: after the name,
 * .arrive is no modifier of its own ("Unknown modifier"), .wait and the semantics (one slot for
 * the three) each take one word ("Duplicate .X modifier", X the later word), .aligned one
 * ("Multiple .aligned modifiers specified"); then a .wait after 'barrier.cluster.wait' is illegal,
 * as one after 'barrier.cluster.arrive' is (CLUSTERBAR's two members). */
const char *ps_isa_cluster_barrier_words(const char *text, size_t len, char *buf, size_t buflen) {
    static const char base[] = "barrier.cluster";
    if (!text || len < sizeof base - 1 || strncmp(text, base, sizeof base - 1)) return NULL;
    bool named_wait = false, wait = false, sem = false, aligned = false;
    for (size_t i = sizeof base - 1, first = 1; i < len; first = 0) {
        int n;
        const char *w = next_word(text, len, &i, &n);
#define IS(s) (n == (int)sizeof(s) - 1 && !strncmp(w, s, sizeof(s) - 1))
        if (first && (IS("arrive") || IS("wait"))) {
            named_wait = IS("wait");
        } else if (IS("arrive")) {
            return snprintf(buf, buflen, "Unknown modifier '.arrive'"), buf;
        } else if (IS("wait")) {
            if (wait) return snprintf(buf, buflen, "Duplicate .wait modifier"), buf;
            wait = true;
        } else if (IS("relaxed") || IS("acquire") || IS("release")) {
            if (sem) return snprintf(buf, buflen, "Duplicate .%.*s modifier", n, w), buf;
            sem = true;
        } else if (IS("aligned")) {
            if (aligned) return snprintf(buf, buflen, "Multiple .aligned modifiers specified"), buf;
            aligned = true;
        }
#undef IS
    }
    if (named_wait && wait)
        return snprintf(buf, buflen, "Illegal modifier '.wait' for instruction 'barrier.cluster.wait'"), buf;
    return NULL;
}

/* shf.l|.r.clamp|.wrap (PTX ISA 9.7.8.6), found the same way with every spelling of up to four of l,
 * r, clamp, wrap: after the name, .l is no modifier ("Unknown modifier"), .r reads as a texture
 * component (one: "Multiple component modifiers specified"), .clamp and .wrap take one word
 * ("Multiple clamp modifiers specified"); then a component after 'shf.r' is illegal, as one after
 * 'shf.l' is (DIR's two members). */
const char *ps_isa_shf_words(const char *text, size_t len, char *buf, size_t buflen) {
    if (!text || len < 3 || strncmp(text, "shf", 3)) return NULL;
    bool named_r = false, r = false, clamp = false;
    for (size_t i = 3, first = 1; i < len; first = 0) {
        int n;
        const char *w = next_word(text, len, &i, &n);
#define IS(s) (n == (int)sizeof(s) - 1 && !strncmp(w, s, sizeof(s) - 1))
        if (first && (IS("l") || IS("r"))) {
            named_r = IS("r");
        } else if (IS("l")) {
            return snprintf(buf, buflen, "Unknown modifier '.l'"), buf;
        } else if (IS("r")) {
            if (r) return snprintf(buf, buflen, "Multiple component modifiers specified"), buf;
            r = true;
        } else if (IS("clamp") || IS("wrap")) {
            if (clamp) return snprintf(buf, buflen, "Multiple clamp modifiers specified"), buf;
            clamp = true;
        }
#undef IS
    }
    if (named_r && r) return snprintf(buf, buflen, "Illegal modifier 'Component' for instruction 'shf.r'"), buf;
    return NULL;
}

/* ptxas reads "div.full" as one word: a .full written elsewhere is unknown to it, before it counts
 * the roundings (div.rn.full.rz.f64) or judges the type */
const char *ps_isa_div_full_word(const char *text, size_t len, char *buf, size_t buflen) {
    if (!text || len < 4 || strncmp(text, "div.", 4) || (len >= 9 && !strncmp(text, "div.full.", 9))) return NULL;
    for (size_t i = 3; i + 5 <= len; i++)
        if (text[i] == '.' && !strncmp(text + i + 1, "full", 4) && (i + 5 == len || text[i + 5] == '.'))
            return snprintf(buf, buflen, "Unknown modifier '.full'"), buf;
    return NULL;
}
