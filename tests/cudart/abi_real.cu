// abi_real.cu — abi_layout's half compiled against CUDA's own headers.
#include <cstddef>
#include <cuda.h>
#include <cuda_runtime.h>
#define PS_ABI_FIELD(T, f) offsetof(T, f),
extern "C" const size_t abi_real_offsets[] = {
#include "abi_fields.def"
};
extern "C" const size_t abi_real_sizes[] = {sizeof(struct cudaDeviceProp), sizeof(struct cudaFuncAttributes),
    sizeof(struct cudaPointerAttributes), sizeof(struct cudaMemcpy3DParms), sizeof(cudaLaunchConfig_t),
    sizeof(cudaLaunchAttribute), offsetof(cudaLaunchAttribute, val), sizeof(dim3), sizeof(cudaError_t),
    sizeof(struct cudaChannelFormatDesc), sizeof(struct cudaResourceDesc), sizeof(struct cudaTextureDesc), sizeof(CUDA_ARRAY_DESCRIPTOR), sizeof(CUDA_ARRAY3D_DESCRIPTOR), sizeof(CUDA_MEMCPY2D), sizeof(CUDA_MEMCPY3D), sizeof(CUDA_RESOURCE_DESC), sizeof(CUDA_TEXTURE_DESC)};
