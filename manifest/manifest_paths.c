/* manifest_paths.c — the manifest's path policy (docs/limits.md): a file reference resolves
 * relative to the manifest and stays inside its folder (symbolic links followed) unless
 * --allow-paths names a folder that holds it; only regular files are read, so /dev/zero or a FIFO
 * cannot grow memory or hang a run; buffer names are plain file names, so --out DIR writes only
 * DIR/<name>.bin. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "manifest_internal.h"

bool ps_mpaths_init(ps_mctx *c, const char *dir, const ps_manifest_policy *p) {
    c->real_dir = realpath(dir, NULL);
    if (!c->real_dir) return ps_mfail(c, NULL, NULL, "%s: %s", dir, strerror(errno));
    int n = p ? p->n_allow_paths : 0;
    c->real_allow = ps_xcalloc((size_t)n + 1, sizeof *c->real_allow);
    for (int i = 0; i < n; i++) {
        char *r = realpath(p->allow_paths[i], NULL);
        if (!r) return ps_mfail(c, NULL, NULL, "--allow-paths %s: %s", p->allow_paths[i], strerror(errno));
        c->real_allow[c->nallow++] = r;
    }
    return true;
}

void ps_mpaths_free(ps_mctx *c) {
    for (int i = 0; i < c->nallow; i++) free(c->real_allow[i]);
    free(c->real_allow);
    free(c->real_dir);
}

static bool under(const char *path, const char *dir) {
    size_t n = strlen(dir);
    if (n == 1 && dir[0] == '/') return true;
    return !strncmp(path, dir, n) && (path[n] == '/' || !path[n]);
}

/* Collapses "//", "." and ".." in an absolute path, in place (".." at the root stays there). */
static void normalize(char *p) {
    char *out = p + 1, *s = p + 1;
    bool more = *s != 0;
    while (more) {
        char *e = strchr(s, '/');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        char *next = s + n + 1; /* read before out, which trails s, overwrites the separator */
        more = e != NULL;
        if (n == 0 || (n == 1 && s[0] == '.')) {
        } else if (n == 2 && s[0] == '.' && s[1] == '.') {
            if (out > p + 1) {
                out--; /* drop the last component and its slash */
                while (out > p + 1 && out[-1] != '/') out--;
            }
        } else {
            memmove(out, s, n);
            out += n;
            *out++ = '/';
        }
        s = next;
    }
    if (out > p + 1) out--; /* no trailing slash */
    *out = 0;
}

static const char *kind_of(mode_t m) {
    return S_ISDIR(m) ? "a directory"
        : S_ISCHR(m)  ? "a character device"
        : S_ISBLK(m)  ? "a block device"
        : S_ISFIFO(m) ? "a FIFO"
        : S_ISSOCK(m) ? "a socket"
                      : "not a regular file";
}

static bool allowed(const ps_mctx *c, const char *abs) {
    if (under(abs, c->real_dir)) return true;
    for (int i = 0; i < c->nallow; i++)
        if (under(abs, c->real_allow[i])) return true;
    return false;
}

char *ps_mpath(ps_mctx *c, const ps_json *v, const char *jp, const char *dir) {
    if (!ps_mwant_type(c, v, jp, PS_J_STRING, "a file name")) return NULL;
    const char *ref = v->str;
    if (!*ref) return ps_mfail(c, v, jp, "the file name is empty"), NULL;
    if (v->len > PATH_MAX) return ps_mfail(c, v, jp, "the file name is longer than %d bytes", PATH_MAX), NULL;
    /* where the reference points, without following links */
    size_t n = strlen(c->real_dir) + v->len + 2;
    char *abs = ps_xmalloc(n);
    if (ref[0] == '/') snprintf(abs, n, "%s", ref);
    else snprintf(abs, n, "%s/%s", c->real_dir, ref);
    normalize(abs);
    char *joined = NULL;
    if (ref[0] == '/') {
        joined = ps_xstrdup(ref);
    } else {
        size_t jn = strlen(dir) + v->len + 2;
        joined = ps_xmalloc(jn);
        snprintf(joined, jn, "%s/%s", dir, ref);
    }
    struct stat st;
    char *real = stat(joined, &st) == 0 ? realpath(joined, NULL) : NULL;
    const char *where = real ? real : abs;
    if (!allowed(c, where)) {
        if (real && allowed(c, abs))
            ps_mfail(c, v, jp,
                     "\"%s\" is a symbolic link to %s, outside the manifest's folder %s (allow it with "
                     "--allow-paths DIR)",
                     ref, real, c->real_dir);
        else
            ps_mfail(c, v, jp,
                     "\"%s\" is outside the manifest's folder %s: references resolve relative to the "
                     "manifest and stay inside its folder (allow another with --allow-paths DIR)",
                     ref, c->real_dir);
        goto bad;
    }
    if (real && !S_ISREG(st.st_mode)) {
        ps_mfail(c, v, jp, "\"%s\" is %s; a manifest names regular files only", ref, kind_of(st.st_mode));
        goto bad;
    }
    free(abs);
    free(real);
    return joined; /* a missing file is reported when it is read */
bad:
    free(abs);
    free(real);
    free(joined);
    return NULL;
}

bool ps_mname(ps_mctx *c, const ps_json *v, const char *jp) {
    if (!ps_mwant_type(c, v, jp, PS_J_STRING, "a name")) return false;
    const char *s = v->str;
    bool ok = *s && *s != '.' && *s != '-' && v->len <= 200;
    for (; ok && *s; s++)
        ok = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
            *s == '-' || *s == '.';
    if (ok) return true;
    char shown[64];
    snprintf(shown, sizeof shown, "%.48s%s", v->str, v->len > 48 ? "..." : "");
    return ps_mfail(c, v, jp,
                    "\"%s\" is not a plain file name (--out DIR writes DIR/<name>.bin): use letters, "
                    "digits, '_', '-' and '.', at most 200, not starting with '.' or '-'",
                    shown);
}

void ps_mpaths_keep(ps_mctx *c, ps_manifest *m) {
    m->nroots = c->nallow + 1;
    m->roots = ps_xcalloc((size_t)m->nroots, sizeof *m->roots);
    m->roots[0] = c->real_dir;
    for (int i = 0; i < c->nallow; i++) m->roots[i + 1] = c->real_allow[i];
    free(c->real_allow);
    c->real_dir = NULL, c->real_allow = NULL, c->nallow = 0;
}

static char *read_fd(const ps_manifest *m, const char *path, uint64_t max, uint64_t want, const char *whose,
                     size_t *len, char *err, size_t errlen);

char *ps_mread(const char *path, uint64_t max, uint64_t want, const char *whose, size_t *len, char *err,
               size_t errlen) {
    return read_fd(NULL, path, max, want, whose, len, err, errlen);
}

char *ps_mread_ref(const ps_manifest *m, const char *path, uint64_t max, uint64_t want, const char *whose, size_t *len,
                   char *err, size_t errlen) {
    return read_fd(m, path, max, want, whose, len, err, errlen);
}

/* Where the open file fd really is, inside one of m's folders; true when that cannot be told
 * (no /proc), the load-time check having passed. */
static bool opened_inside(const ps_manifest *m, int fd, char *err, size_t errlen) {
    char link[64], real[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t k = readlink(link, real, sizeof real - 1);
    if (k <= 0) return true;
    real[k] = 0;
    for (int i = 0; i < m->nroots; i++)
        if (under(real, m->roots[i])) return true;
    snprintf(err, errlen, "now resolves to %s, outside the manifest's folder (changed since it was loaded)", real);
    return false;
}

static char *read_fd(const ps_manifest *m, const char *path, uint64_t max, uint64_t want, const char *whose,
                     size_t *len, char *err, size_t errlen) {
    /* O_NONBLOCK: opening a FIFO with no writer must not hang; regular files ignore it */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(err, errlen, "%s", strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s; a manifest names regular files only", kind_of(st.st_mode));
        close(fd);
        return NULL;
    }
    if (m && !opened_inside(m, fd, err, errlen)) {
        close(fd);
        return NULL;
    }
    uint64_t size = (uint64_t)st.st_size;
    if (want != UINT64_MAX && size != want) {
        snprintf(err, errlen, "%llu bytes, but %s holds %llu", (unsigned long long)size, whose,
                 (unsigned long long)want);
        close(fd);
        return NULL;
    }
    if (size > max) {
        snprintf(err, errlen, "%llu bytes, more than the limit of %llu", (unsigned long long)size,
                 (unsigned long long)max);
        close(fd);
        return NULL;
    }
    char *buf = ps_xmalloc((size_t)size + 1);
    size_t n = 0;
    while (n < size) {
        ssize_t got = read(fd, buf + n, (size_t)size - n);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            snprintf(err, errlen, "%s", got < 0 ? strerror(errno) : "the file shrank while it was read");
            free(buf);
            close(fd);
            return NULL;
        }
        n += (size_t)got;
    }
    close(fd);
    buf[n] = 0;
    *len = n;
    return buf;
}
