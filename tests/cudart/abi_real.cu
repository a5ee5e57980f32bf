// abi_real.cu — abi_layout's half compiled against CUDA's own headers.
#include <cstddef>
#include <cuda_runtime.h>
#define PS_ABI_FIELD(T, f) offsetof(T, f),
extern "C" const size_t abi_real_offsets[] = {
#include "abi_fields.def"
};
extern "C" const size_t abi_real_sizes[] = {sizeof(struct cudaDeviceProp), sizeof(struct cudaFuncAttributes),
    sizeof(struct cudaPointerAttributes), sizeof(struct cudaMemcpy3DParms), sizeof(cudaLaunchConfig_t),
    sizeof(cudaLaunchAttribute), offsetof(cudaLaunchAttribute, val), sizeof(dim3), sizeof(cudaError_t)};
