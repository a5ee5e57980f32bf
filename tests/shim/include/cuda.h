/* cuda.h for the shim tests: the demo programs include <cuda.h>; here it is the shim's own
 * declarations (api/shim/cuda_abi.h); on a GPU machine they compile against the real one. */
#include "cuda_abi.h"
