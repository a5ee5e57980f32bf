/* ptxsim.c — command-line front end (placeholder until the engine lands). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_parser.h"

int main(int argc, char **argv) {
    if (argc < 3 || strcmp(argv[1], "parse") != 0) {
        fprintf(stderr, "usage: ptxsim parse FILE.ptx\n");
        return 2;
    }
    size_t n;
    char *src = ps_read_file(argv[2], &n);
    if (!src) {
        perror(argv[2]);
        return 2;
    }
    ps_diags d = {0};
    ps_module *m;
    ps_status st = ps_parse(argv[2], src, n, NULL, &d, &m);
    ps_diags_print(&d, stderr);
    ps_module_free(m);
    ps_diags_free(&d);
    free(src);
    return st == PS_OK ? 0 : 2;
}
