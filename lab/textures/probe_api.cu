// probe_api.cu — what the CUDA runtime and driver answer to the object and copy calls whose
// behaviour tests/cudart/rt_texture.cu and drv_texture.cu assume (lab/textures/README.md): the
// texture descriptor a texture object gives back, a surface object on an array made without
// cudaArraySurfaceLoadStore, cuMemcpyAtoH/HtoA on 1D and 2D arrays, cudaArrayGetInfo.
// Prints one "key value" line per answer; run natively on a GPU and through ptxsim, then diff.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
#include <vector>

static void tex_desc(const char *name, cudaResourceDesc rd, int m0, int m1, int m2, int norm, int read, int filter,
                     float border) {
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = (cudaTextureAddressMode)m0;
    td.addressMode[1] = (cudaTextureAddressMode)m1;
    td.addressMode[2] = (cudaTextureAddressMode)m2;
    td.filterMode = (cudaTextureFilterMode)filter;
    td.readMode = (cudaTextureReadMode)read;
    td.normalizedCoords = norm;
    for (int k = 0; k < 4; k++) td.borderColor[k] = border + k;
    cudaTextureObject_t t = 0;
    cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
    printf("%s create %d\n", name, (int)e);
    if (e) return;
    cudaTextureDesc b;
    memset(&b, 0x5a, sizeof b);
    e = cudaGetTextureObjectTextureDesc(&b, t);
    printf("%s get %d addr %d %d %d filter %d read %d srgb %d border %g %g %g %g norm %d aniso %u mipfilter %d "
           "bias %g minclamp %g maxclamp %g notrilinear %d seamless %d\n",
           name, (int)e, b.addressMode[0], b.addressMode[1], b.addressMode[2], b.filterMode, b.readMode, b.sRGB,
           b.borderColor[0], b.borderColor[1], b.borderColor[2], b.borderColor[3], b.normalizedCoords,
           b.maxAnisotropy, b.mipmapFilterMode, b.mipmapLevelBias, b.minMipmapLevelClamp, b.maxMipmapLevelClamp,
           b.disableTrilinearOptimization, b.seamlessCubemap);
    cudaDestroyTextureObject(t);
}

__global__ void surf_store(cudaSurfaceObject_t s) {
    int x = threadIdx.x % 8, y = threadIdx.x / 8;
    surf2Dwrite(100.0f + threadIdx.x, s, x * 4, y);
}

int main() {
    cudaFree(0);
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaChannelFormatDesc u8 = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a2, a1, a2u8;
    printf("malloc2d %d\n", (int)cudaMallocArray(&a2, &fd, 8, 8));
    printf("malloc1d %d\n", (int)cudaMallocArray(&a1, &fd, 64, 0));
    printf("malloc2du8 %d\n", (int)cudaMallocArray(&a2u8, &u8, 8, 8));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a2;
    // addressMode: 0 wrap 1 clamp 2 mirror 3 border; filter: 0 point 1 linear; read: 0 element 1 normalized
    tex_desc("t_wmc_norm", rd, 0, 2, 1, 1, 0, 0, 9.5f);
    tex_desc("t_bbb_unnorm", rd, 3, 3, 3, 0, 0, 0, 9.5f);
    tex_desc("t_ccc_lin", rd, 1, 1, 1, 0, 0, 1, 1.0f);
    tex_desc("t_wrap_unnorm", rd, 0, 0, 0, 0, 0, 0, 0.0f);
    tex_desc("t_mirror_unnorm", rd, 2, 2, 2, 0, 0, 0, 0.0f);
    rd.res.array.array = a2u8;
    tex_desc("t_u8_normread", rd, 3, 1, 0, 1, 1, 1, 0.25f);
    tex_desc("t_u8_elem_lin", rd, 1, 1, 1, 0, 0, 1, 0.0f);
    // surfaces on arrays without the surface flag, and with it
    rd.res.array.array = a2;
    cudaSurfaceObject_t s = 0;
    cudaError_t e = cudaCreateSurfaceObject(&s, &rd);
    printf("surf_noflag %d %s\n", (int)e, cudaGetErrorName(e));
    cudaGetLastError();
    cudaArray_t as;
    printf("malloc2d_surf %d\n", (int)cudaMallocArray(&as, &fd, 8, 8, cudaArraySurfaceLoadStore));
    rd.res.array.array = as;
    e = cudaCreateSurfaceObject(&s, &rd);
    printf("surf_flag %d\n", (int)e);
    // cudaArrayGetInfo on 1D and 2D arrays (the call first: printf's arguments have no order)
    cudaChannelFormatDesc got;
    cudaExtent ext;
    unsigned flags = 99;
    e = cudaArrayGetInfo(&got, &ext, &flags, a1);
    printf("info1d %d ext %zu %zu %zu flags %u\n", (int)e, ext.width, ext.height, ext.depth, flags);
    e = cudaArrayGetInfo(&got, &ext, &flags, as);
    printf("info2ds %d ext %zu %zu %zu flags %u\n", (int)e, ext.width, ext.height, ext.depth, flags);
    // a kernel's surface stores to an array made without cudaArraySurfaceLoadStore
    rd.res.array.array = a2;
    e = cudaCreateSurfaceObject(&s, &rd);
    if (!e) {
        surf_store<<<1, 64>>>(s);
        e = cudaDeviceSynchronize();
        std::vector<float> back(64, -1.0f);
        cudaError_t e2 = cudaMemcpy2DFromArray(back.data(), 32, a2, 0, 0, 32, 8, cudaMemcpyDeviceToHost);
        printf("surf_noflag_store %d %d", (int)e, (int)e2);
        for (int k = 0; k < 64; k += 9) printf(" %g", back[k]);
        printf("\n");
        cudaDestroySurfaceObject(s);
    }
    // driver copies between host and arrays
    std::vector<float> h(256, 1.0f);
    CUarray d1 = (CUarray)a1, d2 = (CUarray)a2;
    printf("htoa1d %d\n", (int)cuMemcpyHtoA(d1, 0, h.data(), 64 * 4));
    printf("atoh1d %d\n", (int)cuMemcpyAtoH(h.data(), d1, 0, 64 * 4));
    printf("atoh1d_part %d\n", (int)cuMemcpyAtoH(h.data(), d1, 8, 16));
    printf("atoh1d_past %d\n", (int)cuMemcpyAtoH(h.data(), d1, 8, 64 * 4));
    printf("htoa2d %d\n", (int)cuMemcpyHtoA(d2, 0, h.data(), 64 * 4));
    printf("atoh2d %d\n", (int)cuMemcpyAtoH(h.data(), d2, 0, 64 * 4));
    printf("atoh2d_row %d\n", (int)cuMemcpyAtoH(h.data(), d2, 0, 8 * 4));
    printf("atoh2d_tiny %d\n", (int)cuMemcpyAtoH(h.data(), d2, 4, 4));
    // the runtime's 1D-style copies on a 2D array
    printf("rt_fromarray2d_rows %d\n", (int)cudaMemcpyFromArray(h.data(), a2, 0, 0, 64 * 4, cudaMemcpyDeviceToHost));
    printf("rt_fromarray2d_span %d\n", (int)cudaMemcpyFromArray(h.data(), a2, 4, 2, 8 * 4, cudaMemcpyDeviceToHost));
    cudaGetLastError();
    return 0;
}
