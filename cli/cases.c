/* cases.c — finding manifests: every case*.json below a folder (diff, test). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cases.h"
#include "common.h"

/* Every case*.json below dir, sorted. */
void ps_cli_collect_cases(const char *dir, char ***list, int *n, int *cap) {
    DIR *d = opendir(dir);
    if (!d) return;
    char **names = NULL;
    int nn = 0, nc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        if (nn == nc) names = ps_xrealloc(names, (size_t)(nc = nc ? 2 * nc : 16) * sizeof *names);
        names[nn++] = ps_xstrdup(e->d_name);
    }
    closedir(d);
    if (nn > 1) qsort(names, (size_t)nn, sizeof *names, (int (*)(const void *, const void *))strcmp);
    for (int i = 0; i < nn; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *p = ps_xmalloc(len);
        snprintf(p, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        struct stat sb;
        size_t nl = strlen(names[i]);
        if (stat(p, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            ps_cli_collect_cases(p, list, n, cap);
            free(p);
        } else if (!strncmp(names[i], "case", 4) && nl > 5 && !strcmp(names[i] + nl - 5, ".json")) {
            if (*n == *cap) *list = ps_xrealloc(*list, (size_t)(*cap = *cap ? 2 * *cap : 64) * sizeof **list);
            (*list)[(*n)++] = p;
        } else free(p);
        free(names[i]);
    }
    free(names);
}
