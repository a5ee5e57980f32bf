/* fakegpu.h — a CUDA driver table backed by the simulator, with an optional planted bug
 * ("FROM=>TO": a text substitution applied to every module the fake loads). */
#ifndef PTXSIM_FUZZ_FAKEGPU_H
#define PTXSIM_FUZZ_FAKEGPU_H

#include "cuda_api.h"

void fz_fake_api(ps_cuda_api *api, const char *plant);

#endif
