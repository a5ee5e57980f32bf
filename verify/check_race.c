/* check_race.c — placeholder checker (filled in by the race checker work). */
#include "verify_internal.h"

const ps_checker ps_checker_race = {.name = "race", .check = 0};
