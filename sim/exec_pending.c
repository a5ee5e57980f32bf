/* exec_pending.c — placeholder until the ALU families land (removed with them). */
#include "sim_internal.h"
ps_exec_fn ps_select_int(const ps_insn *in, ps_dinsn *d) { (void)in; (void)d; return NULL; }
ps_exec_fn ps_select_float(const ps_insn *in, ps_dinsn *d) { (void)in; (void)d; return NULL; }
