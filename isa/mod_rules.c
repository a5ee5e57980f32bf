/* mod_rules.c — the ISA's rules on modifier combinations of the arithmetic families, as ptxas 13 applies them (isa.h). */
#include <stdio.h>
#include <string.h>

#include "isa.h"
