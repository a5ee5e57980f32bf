/* check_init.c — placeholder checker (filled in by the init checker work). */
#include "verify_internal.h"

const ps_checker ps_checker_init = {.name = "init", .check = 0};
