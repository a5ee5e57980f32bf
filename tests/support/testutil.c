/* testutil.c — helpers shared by the unit tests (kept tiny on purpose). */
#include "testutil.h"
