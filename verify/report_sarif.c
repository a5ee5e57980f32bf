/* report_sarif.c — SARIF 2.1.0 for code scanning (docs/verifier.md, "SARIF"). One shape for every
 * client: the SARIF is built from findings as the JSON report holds them (DESIGN §6), so `check`
 * (through ps_report_sarif) and `exec` (through ptxsim_sarif_write_findings) write the same. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "verify_internal.h"

/* Where the rules' helpUri and the driver's informationUri point: the repository's docs/ folder
 * (docs/verifier.md says so; change it here when the project moves). */
#define PS_DOCS_HOME    "https://github.com/ptxsim/ptxsim/blob/main/docs/"
#define PS_SARIF_SCHEMA "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

/* Kinds a launch can fault with that no checker reports (ps_fault_kind_name). */
static const char *const extra_kinds[] = {"bad-launch"};
#define NEXTRA ((int)(sizeof extra_kinds / sizeof extra_kinds[0]))

/* A title per kind (rules' shortDescription, the alert's heading on GitHub). */
static const char *kind_title(int k) {
    static const char *const t[PS_FIND_COUNT] = {
        [PS_FIND_RACE] = "Data race",
        [PS_FIND_OUT_OF_BOUNDS] = "Out-of-bounds memory access",
        [PS_FIND_MISALIGNED] = "Misaligned memory access",
        [PS_FIND_UNINITIALIZED] = "Read of uninitialised data",
        [PS_FIND_BARRIER_DIVERGENCE] = "Barrier not reached by every thread",
        [PS_FIND_DEADLOCK] = "Deadlock at a barrier",
        [PS_FIND_INVALID_WARP_SYNC] = "Invalid warp-synchronous member mask",
        [PS_FIND_TRAP] = "Kernel trap or failed assert",
        [PS_FIND_WATCHDOG] = "Launch ran past its instruction limit",
        [PS_FIND_STACK_OVERFLOW] = "Stack overflow",
        [PS_FIND_UNSUPPORTED] = "Instruction ptxsim cannot execute",
        [PS_FIND_BANK_CONFLICT] = "Shared-memory bank conflict",
        [PS_FIND_DIVERGENCE] = "Divergent branch",
        [PS_FIND_UNCOALESCED] = "Uncoalesced global memory access",
    };
    return k >= 0 && k < PS_FIND_COUNT && t[k] ? t[k] : "Refused launch";
}

/* The page and anchor of each kind's documentation. */
static const char *kind_doc(int k) {
    switch (k) {
    case PS_FIND_RACE: return "checkers.md#race--data-races-ps_check_race";
    case PS_FIND_BARRIER_DIVERGENCE: return "checkers.md#barrier-divergence-ps_check_barrier";
    case PS_FIND_UNINITIALIZED: return "checkers.md#uninitialized-ps_check_init";
    case PS_FIND_BANK_CONFLICT: return "verifier.md#bank-model-shared-memory";
    case PS_FIND_UNCOALESCED: return "verifier.md#coalescing-global-memory";
    case PS_FIND_DIVERGENCE: return "verifier.md#divergence";
    case PS_FIND_UNSUPPORTED: return "isa-support.md";
    case PS_FIND_DEADLOCK: return "checkers.md#barrier-divergence-ps_check_barrier";
    case PS_FIND_INVALID_WARP_SYNC: return "engine.md#warps-and-divergence";
    case PS_FIND_WATCHDOG: return "engine.md#parallelism-and-the-watchdog";
    case PS_FIND_STACK_OVERFLOW: return "engine.md#calls";
    case PS_FIND_OUT_OF_BOUNDS:
    case PS_FIND_MISALIGNED: return "engine.md#memory";
    default: return "engine.md";
    }
}

/* ---- paths ----------------------------------------------------------------------------------- */

/* Removes "." and "x/.." components of an absolute path, in place. */
static void normalise(char *p) {
    char *parts[512];
    int n = 0;
    char *save, *tmp = strdup(p);
    if (!tmp) ps_oom();
    for (char *c = strtok_r(tmp, "/", &save); c && n < 512; c = strtok_r(NULL, "/", &save)) {
        if (!strcmp(c, ".")) continue;
        if (!strcmp(c, "..")) {
            if (n) n--;
            continue;
        }
        parts[n++] = c;
    }
    size_t j = 0;
    for (int i = 0; i < n; i++) j += (size_t)snprintf(p + j, PATH_MAX - j, "/%s", parts[i]);
    if (!n) strcpy(p, "/");
    free(tmp);
}

/* base + "/" + path (path itself when absolute), normalised; the real path when the file exists,
 * so that a symbolic link to the source root still lands under it. */
static void absolute(char out[PATH_MAX], const char *base, const char *path) {
    char joined[2 * PATH_MAX + 2];
    if (path[0] == '/') snprintf(joined, sizeof joined, "%s", path);
    else snprintf(joined, sizeof joined, "%s/%s", base, path);
    if (!realpath(joined, out)) {
        size_t n = strnlen(joined, PATH_MAX - 1); /* a longer path is cut, not overrun */
        memcpy(out, joined, n);
        out[n] = 0;
        normalise(out);
    }
}

/* RFC 3986: bytes outside the unreserved set and '/' percent-encoded. */
static void uri_encode(char *out, size_t n, const char *prefix, const char *path) {
    static const char hexd[] = "0123456789ABCDEF";
    size_t j = (size_t)snprintf(out, n, "%s", prefix);
    for (const unsigned char *p = (const unsigned char *)path; *p && j + 4 < n; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
            out[j++] = (char)*p;
        else {
            out[j++] = '%';
            out[j++] = hexd[*p >> 4];
            out[j++] = hexd[*p & 15];
        }
    }
    out[j] = 0;
}

typedef struct {
    char root[PATH_MAX]; /* the source root, absolute, without a trailing '/' (but "/" itself) */
    char cwd[PATH_MAX];
} sarif_paths;

/* An artifactLocation: relative to %SRCROOT% when the file lies under the source root, an
 * absolute file: URI otherwise. PTX paths are as the user named them (relative to the working
 * directory); a relative `.file` path of a `.loc` (loc_ptx: the PTX file it came from) is taken
 * as relative to the source root, or to the PTX's folder when the file is there and not under the
 * root (where the compiler ran is not recorded). */
static cJSON *artifact(const sarif_paths *sp, const char *path, const char *loc_ptx, bool *on_disk) {
    char abs[PATH_MAX], uri[3 * PATH_MAX + 16];
    absolute(abs, loc_ptx ? sp->root : sp->cwd, path);
    if (loc_ptx && path[0] != '/' && access(abs, F_OK)) {
        /* not under the root: next to the PTX (nvcc -ptx run in the source's folder), if there */
        char dir[PATH_MAX], beside[PATH_MAX];
        absolute(dir, sp->cwd, loc_ptx);
        char *slash = strrchr(dir, '/');
        if (slash) *slash = 0;
        absolute(beside, dir[0] ? dir : "/", path);
        if (!access(beside, F_OK)) memcpy(abs, beside, sizeof abs);
    }
    if (on_disk) *on_disk = !access(abs, F_OK);
    size_t rl = strlen(sp->root);
    cJSON *a = cJSON_CreateObject();
    const char *rel = !strcmp(sp->root, "/")            ? abs + 1
        : !strncmp(abs, sp->root, rl) && abs[rl] == '/' ? abs + rl + 1
                                                        : NULL;
    if (rel) {
        uri_encode(uri, sizeof uri, "", rel);
        cJSON_AddStringToObject(a, "uri", uri);
        cJSON_AddStringToObject(a, "uriBaseId", "%SRCROOT%");
    } else {
        uri_encode(uri, sizeof uri, "file://", abs);
        cJSON_AddStringToObject(a, "uri", uri);
    }
    return a;
}

/* ---- the log --------------------------------------------------------------------------------- */

static const char *str_of(const cJSON *o, const char *key) {
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(s) ? s->valuestring : NULL;
}

static int int_of(const cJSON *o, const char *key) {
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(s) ? (int)s->valuedouble : 0;
}

/* module<N>.ptx: the shim's name for a module loaded from memory (api/shim/shim_exec.c) */
static bool in_memory_module(const char *file) {
    if (strncmp(file, "module", 6)) return false;
    const char *p = file + 6;
    if (*p < '1' || *p > '9') return false;
    while (*p >= '0' && *p <= '9') p++;
    return !strcmp(p, ".ptx");
}

static cJSON *location(const sarif_paths *sp, const cJSON *site, const char *loc_ptx, const char *text, int id) {
    const char *file = str_of(site, "file");
    int line = int_of(site, "line");
    cJSON *loc = cJSON_CreateObject();
    if (id >= 0) cJSON_AddNumberToObject(loc, "id", id);
    bool on_disk;
    cJSON *art = artifact(sp, file ? file : "?", loc_ptx, &on_disk);
    if (!on_disk && id >= 0 && file && in_memory_module(file)) {
        /* a related location in PTX that a program under exec loaded from memory (the shim
         * names it module<N>.ptx): its line in the message, and no path that a viewer or code
         * scanning would look for; a result's own location keeps its path (code scanning needs
         * one) */
        char msg[512];
        snprintf(msg, sizeof msg, "%s: line %d of %s (PTX the program loaded from memory, not a file)",
                 text ? text : "location", line, file);
        cJSON_AddStringToObject(cJSON_AddObjectToObject(loc, "message"), "text", msg);
        cJSON_Delete(art);
        return loc;
    }
    cJSON *phys = cJSON_AddObjectToObject(loc, "physicalLocation");
    cJSON_AddItemToObject(phys, "artifactLocation", art);
    if (line > 0) cJSON_AddNumberToObject(cJSON_AddObjectToObject(phys, "region"), "startLine", line);
    if (text) cJSON_AddStringToObject(cJSON_AddObjectToObject(loc, "message"), "text", text);
    return loc;
}

static const char *level_of(ps_severity s) {
    return s == PS_SEV_ERROR ? "error" : s == PS_SEV_WARNING ? "warning" : "note";
}

static ps_severity kind_default_severity(int k) {
    switch (k) {
    case PS_FIND_BANK_CONFLICT:
    case PS_FIND_UNCOALESCED: return PS_SEV_WARNING;
    case PS_FIND_DIVERGENCE: return PS_SEV_NOTE;
    default: return PS_SEV_ERROR;
    }
}

static void add_text(cJSON *obj, const char *key, const char *text) {
    cJSON_AddStringToObject(cJSON_AddObjectToObject(obj, key), "text", text);
}

static cJSON *rules_array(void) {
    cJSON *rules = cJSON_CreateArray();
    char buf[1024];
    for (int k = 0; k < PS_FIND_COUNT + NEXTRA; k++) {
        cJSON *r = cJSON_CreateObject();
        const char *what, *hint, *id;
        if (k < PS_FIND_COUNT) {
            id = ps_finding_kind_name((ps_finding_kind)k);
            ps_finding_kind_text(k, &what, &hint);
        } else {
            id = extra_kinds[k - PS_FIND_COUNT];
            what = "a launch the engine refused to start (grid, block or memory beyond the target's limits)";
            hint = "keep the launch within the limits the message names";
        }
        cJSON_AddStringToObject(r, "id", id);
        /* name: the reader's identifier, distinct from the opaque id (SARIF 3.49.7; the SARIF
         * Multitool's rule SARIF1001 compares them ignoring case): "bank-conflict" ->
         * "BankConflict", and one-word kinds get a second word */
        static const char *const one_word[][2] = {{"race", "DataRace"},
                                                  {"misaligned", "MisalignedAccess"},
                                                  {"uninitialized", "UninitializedValue"},
                                                  {"deadlock", "KernelDeadlock"},
                                                  {"trap", "TrapExecuted"},
                                                  {"watchdog", "WatchdogExpired"},
                                                  {"unsupported", "UnsupportedByPtxsim"},
                                                  {"divergence", "BranchDivergence"}};
        char name[64];
        size_t n = 0;
        for (const char *q = id; *q && n + 1 < sizeof name; q++) {
            if (*q == '-') continue;
            bool up = q == id || q[-1] == '-';
            name[n++] = up && *q >= 'a' && *q <= 'z' ? (char)(*q - 32) : *q;
        }
        name[n] = 0;
        for (size_t w = 0; w < sizeof one_word / sizeof one_word[0]; w++)
            if (!strcmp(id, one_word[w][0])) snprintf(name, sizeof name, "%s", one_word[w][1]);
        if (!strpbrk(id, "-") && !strcasecmp(name, id)) snprintf(name, sizeof name, "%sFinding", id);
        cJSON_AddStringToObject(r, "name", name);
        add_text(r, "shortDescription", kind_title(k));
        snprintf(buf, sizeof buf, "%c%s.", what[0] - ('a' <= what[0] && what[0] <= 'z' ? 32 : 0), what + 1);
        add_text(r, "fullDescription", buf);
        snprintf(buf, sizeof buf, "%s: %s. Fix: %s.", id, what, hint);
        add_text(r, "help", buf);
        snprintf(buf, sizeof buf, PS_DOCS_HOME "%s", k < PS_FIND_COUNT ? kind_doc(k) : "limits.md");
        cJSON_AddStringToObject(r, "helpUri", buf);
        cJSON_AddStringToObject(cJSON_AddObjectToObject(r, "defaultConfiguration"), "level",
                                level_of(k < PS_FIND_COUNT ? kind_default_severity(k) : PS_SEV_ERROR));
        cJSON *tags = cJSON_AddArrayToObject(cJSON_AddObjectToObject(r, "properties"), "tags");
        cJSON_AddItemToArray(tags,
                             cJSON_CreateString(k < PS_FIND_COUNT && kind_default_severity(k) != PS_SEV_ERROR
                                                    ? "performance"
                                                    : "correctness"));
        cJSON_AddItemToArray(tags, cJSON_CreateString("cuda"));
        cJSON_AddItemToArray(rules, r);
    }
    return rules;
}

static int rule_index(const char *kind) {
    int k = kind ? ps_finding_kind_lookup(kind) : -1;
    if (k >= 0) return k;
    for (int i = 0; kind && i < NEXTRA; i++)
        if (!strcmp(kind, extra_kinds[i])) return PS_FIND_COUNT + i;
    return -1;
}

static void three(char *buf, size_t n, const cJSON *a) {
    int v[3] = {0};
    for (int i = 0; i < 3; i++) {
        const cJSON *x = cJSON_GetArrayItem(a, i);
        v[i] = cJSON_IsNumber(x) ? (int)x->valuedouble : 0;
    }
    snprintf(buf, n, "(%d,%d,%d)", v[0], v[1], v[2]);
}

static cJSON *result_of(const sarif_paths *sp, const cJSON *f) {
    cJSON *r = cJSON_CreateObject();
    const char *kind = str_of(f, "kind");
    int ri = rule_index(kind);
    cJSON_AddStringToObject(r, "ruleId", kind ? kind : "finding");
    if (ri >= 0) cJSON_AddNumberToObject(r, "ruleIndex", ri);
    const char *sev = str_of(f, "severity");
    cJSON_AddStringToObject(r, "level", sev && (!strcmp(sev, "warning") || !strcmp(sev, "note")) ? sev : "error");
    char msg[2048];
    const char *kernel = str_of(f, "kernel");
    const char *text = str_of(f, "message") ? str_of(f, "message") : "";
    const cJSON *launch = cJSON_GetObjectItemCaseSensitive(f, "launch");
    if (kernel && cJSON_IsNumber(launch))
        snprintf(msg, sizeof msg, "%s (launch %d, kernel %s)", text, (int)launch->valuedouble, kernel);
    else if (kernel) snprintf(msg, sizeof msg, "%s (kernel %s)", text, kernel);
    else snprintf(msg, sizeof msg, "%s", text);
    add_text(r, "message", msg);

    /* the CUDA line first, where .loc gives one; the PTX line as related */
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(f, "source"), *ptx = cJSON_GetObjectItemCaseSensitive(f, "ptx");
    const char *ptx_file = ptx && str_of(ptx, "file") ? str_of(ptx, "file") : ".";
    cJSON *locs = cJSON_AddArrayToObject(r, "locations");
    cJSON *rel = cJSON_CreateArray();
    int id = 1;
    if (src && str_of(src, "file")) {
        cJSON_AddItemToArray(locs, location(sp, src, ptx_file, NULL, -1));
        if (ptx) cJSON_AddItemToArray(rel, location(sp, ptx, NULL, "the PTX instruction", id++));
    } else if (ptx) {
        cJSON_AddItemToArray(locs, location(sp, ptx, NULL, NULL, -1));
    }
    const cJSON *other = cJSON_GetObjectItemCaseSensitive(f, "other");
    if (other) {
        char other_text[200], b[48], t[48];
        three(b, sizeof b, cJSON_GetObjectItemCaseSensitive(other, "block"));
        three(t, sizeof t, cJSON_GetObjectItemCaseSensitive(other, "thread"));
        snprintf(other_text, sizeof other_text, "the other access (%s) by block %s thread %s",
                 str_of(other, "access") ? str_of(other, "access") : "?", b, t);
        const cJSON *os = cJSON_GetObjectItemCaseSensitive(other, "source"),
                    *op = cJSON_GetObjectItemCaseSensitive(other, "ptx");
        if (os && str_of(os, "file"))
            cJSON_AddItemToArray(rel,
                                 location(sp, os, op && str_of(op, "file") ? str_of(op, "file") : ptx_file, other_text,
                                          id++));
        if (op)
            cJSON_AddItemToArray(rel,
                                 location(sp, op, NULL, os ? "the other access's PTX instruction" : other_text, id++));
    }
    if (cJSON_GetArraySize(rel)) cJSON_AddItemToObject(r, "relatedLocations", rel);
    else cJSON_Delete(rel);
    int count = int_of(f, "count");
    if (count > 1) cJSON_AddNumberToObject(r, "occurrenceCount", count);
    cJSON *props = cJSON_AddObjectToObject(r, "properties");
    static const char *const keep[] = {"block", "thread", "address", "lanes", "kernel", "launch", "launches"};
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++) {
        const cJSON *x = cJSON_GetObjectItemCaseSensitive(f, keep[i]);
        if (x) cJSON_AddItemToObject(props, keep[i], cJSON_Duplicate(x, 1));
    }
    return r;
}

int ps_sarif_write(const cJSON *findings, const ps_sarif_options *so, const char *path) {
    sarif_paths sp;
    if (!getcwd(sp.cwd, sizeof sp.cwd)) return -1;
    const char *root = so && so->source_root ? so->source_root : ".";
    if (!realpath(root, sp.root)) return -1; /* errno says why */
    char root_uri[3 * PATH_MAX + 16];
    uri_encode(root_uri, sizeof root_uri - 1, "file://", sp.root);
    if (strcmp(sp.root, "/")) strcat(root_uri, "/"); /* a base URI names a folder: it ends in '/' */

    cJSON *log = cJSON_CreateObject();
    cJSON_AddStringToObject(log, "$schema", PS_SARIF_SCHEMA);
    cJSON_AddStringToObject(log, "version", "2.1.0");
    cJSON *run = cJSON_CreateObject();
    cJSON_AddItemToArray(cJSON_AddArrayToObject(log, "runs"), run);
    cJSON *driver = cJSON_AddObjectToObject(cJSON_AddObjectToObject(run, "tool"), "driver");
    cJSON_AddStringToObject(driver, "name", "ptxsim");
    cJSON_AddStringToObject(driver, "version", so && so->tool_version ? so->tool_version : "0.1");
    cJSON_AddStringToObject(driver, "informationUri", PS_DOCS_HOME "verifier.md");
    cJSON_AddItemToObject(driver, "rules", rules_array());
    cJSON *bases = cJSON_AddObjectToObject(run, "originalUriBaseIds");
    cJSON_AddStringToObject(cJSON_AddObjectToObject(bases, "%SRCROOT%"), "uri", root_uri);
    cJSON *inv = cJSON_CreateObject();
    cJSON_AddBoolToObject(inv, "executionSuccessful", so ? so->execution_successful : true);
    if (so && so->exit_code >= 0) cJSON_AddNumberToObject(inv, "exitCode", so->exit_code);
    if (so && so->arguments) {
        cJSON *args = cJSON_AddArrayToObject(inv, "arguments");
        for (const char *const *a = so->arguments; *a; a++) cJSON_AddItemToArray(args, cJSON_CreateString(*a));
    }
    cJSON_AddItemToArray(cJSON_AddArrayToObject(run, "invocations"), inv);
    cJSON *results = cJSON_AddArrayToObject(run, "results");
    const cJSON *f;
    cJSON_ArrayForEach(f, findings) cJSON_AddItemToArray(results, result_of(&sp, f));
    return ps_write_json_file(log, path);
}
