/* testutil.h — helpers shared by the unit tests. */
#ifndef PTXSIM_TESTUTIL_H
#define PTXSIM_TESTUTIL_H
#endif
