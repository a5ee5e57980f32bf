/* abi_mine.c — abi_layout's half compiled against ptxsim's declarations (cudart_abi.h), and the
 * comparison: every offset and size must equal the one from CUDA's headers (abi_real.cu). */
#include <stdio.h>
#include "cudart_abi.h"
#define PS_ABI_FIELD(T, f) offsetof(T, f),
static const size_t mine[] = {
#include "abi_fields.def"
};
#undef PS_ABI_FIELD
#define PS_ABI_FIELD(T, f) #T "." #f,
static const char *const names[] = {
#include "abi_fields.def"
};
static const size_t mine_sizes[] = {sizeof(struct cudaDeviceProp),
                                    sizeof(struct cudaFuncAttributes),
                                    sizeof(struct cudaPointerAttributes),
                                    sizeof(struct cudaMemcpy3DParms),
                                    sizeof(cudaLaunchConfig_t),
                                    sizeof(cudaLaunchAttribute),
                                    offsetof(cudaLaunchAttribute, value),
                                    sizeof(dim3),
                                    sizeof(cudaError_t),
                                    sizeof(struct cudaChannelFormatDesc),
                                    sizeof(struct cudaResourceDesc),
                                    sizeof(struct cudaTextureDesc),
                                    sizeof(CUDA_ARRAY_DESCRIPTOR),
                                    sizeof(CUDA_ARRAY3D_DESCRIPTOR),
                                    sizeof(CUDA_MEMCPY2D),
                                    sizeof(CUDA_MEMCPY3D),
                                    sizeof(CUDA_RESOURCE_DESC),
                                    sizeof(CUDA_TEXTURE_DESC)};
extern const size_t abi_real_offsets[], abi_real_sizes[];
int main(void) {
    int bad = 0, n = (int)(sizeof mine / sizeof *mine);
    for (int i = 0; i < n; i++)
        if (mine[i] != abi_real_offsets[i])
            printf("FAIL %s at %zu, CUDA's at %zu\n", names[i], mine[i], abi_real_offsets[i]), bad++;
    for (int i = 0; i < (int)(sizeof mine_sizes / sizeof *mine_sizes); i++)
        if (mine_sizes[i] != abi_real_sizes[i])
            printf("FAIL size %d: %zu, CUDA's %zu\n", i, mine_sizes[i], abi_real_sizes[i]), bad++;
    printf("%s abi_layout (%d fields)\n", bad ? "FAIL" : "PASS", n);
    return bad != 0;
}
