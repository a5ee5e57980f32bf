// drv_texture.cu — the Driver API's arrays, copies and texture and surface objects (cuArrayCreate,
// cuArray3DCreate, cuMemcpy2D, cuMemcpy3D, cuMemcpyHtoA/AtoH, cuTexObjectCreate,
// cuSurfObjectCreate) in the runtime's primary context, read and written by runtime-launched
// kernels; every result is checked against the host's own computation (point filtering, the
// driver's default promotion of 16-bit integers to [0, 1] floats, CU_TRSF_READ_AS_INTEGER, wrap
// with normalized coordinates). Then what ptxsim refuses. Self-checking: prints PASS or FAIL lines.
#include <cstdint>
#include <cstring>
#include <cuda.h>
#include <vector>

#include "rt_check.h"

#define CU(call)                                                                          \
    do {                                                                                  \
        CUresult r_ = (call);                                                             \
        if (r_ != CUDA_SUCCESS) {                                                         \
            const char *n_ = "?";                                                         \
            cuGetErrorName(r_, &n_);                                                      \
            printf("FAIL %s:%d: %s -> %s\n", __FILE__, __LINE__, #call, n_);              \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

static uint32_t bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

__global__ void read_float(CUtexObject t, const float2 *c, float4 *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = tex2D<float4>(t, c[i].x, c[i].y);
}
__global__ void read_int(CUtexObject t, const float2 *c, ushort4 *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = tex2D<ushort4>(t, c[i].x, c[i].y);
}
__global__ void read_layered(CUtexObject t, float *out, int w, int layers) {
    int x = threadIdx.x, l = blockIdx.x;
    out[l * w + x] = tex1DLayered<float>(t, x + 0.5f, l);
}
__global__ void surf_fill(CUsurfObject s, int w) {
    int x = threadIdx.x, y = blockIdx.x;
    if (x < w) surf2Dwrite((int)(x * 1000 + y), s, x * 4, y);
}

int main() {
    CK(cudaFree(0)); // the runtime's primary context, current for the driver calls too
    const int W = 6, H = 5;
    // a 2D array of two 16-bit unsigned channels, from padded host rows through cuMemcpy2D
    CUDA_ARRAY_DESCRIPTOR ad = {W, H, CU_AD_FORMAT_UNSIGNED_INT16, 2};
    CUarray arr;
    CU(cuArrayCreate(&arr, &ad));
    CUDA_ARRAY_DESCRIPTOR ad2;
    CU(cuArrayGetDescriptor(&ad2, arr));
    EXPECT(ad2.Width == W && ad2.Height == H && ad2.Format == CU_AD_FORMAT_UNSIGNED_INT16 && ad2.NumChannels == 2);
    const int SP = 9; // texels per host row
    std::vector<uint16_t> img(SP * H * 2, 0xdead);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            img[(y * SP + x) * 2] = (uint16_t)(x * 12000 + y);
            img[(y * SP + x) * 2 + 1] = (uint16_t)(65535 - y * 9000 - x);
        }
    CUDA_MEMCPY2D cp;
    memset(&cp, 0, sizeof cp);
    cp.srcMemoryType = CU_MEMORYTYPE_HOST;
    cp.srcHost = img.data();
    cp.srcPitch = SP * 4;
    cp.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    cp.dstArray = arr;
    cp.WidthInBytes = W * 4;
    cp.Height = H;
    CU(cuMemcpy2D(&cp));

    CUDA_RESOURCE_DESC rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = CU_RESOURCE_TYPE_ARRAY;
    rd.res.array.hArray = arr;
    CUDA_TEXTURE_DESC td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = CU_TR_ADDRESS_MODE_WRAP;
    td.filterMode = CU_TR_FILTER_MODE_POINT;
    td.flags = CU_TRSF_NORMALIZED_COORDINATES; // 16-bit integers promoted to [0, 1] (the default)
    CUtexObject tf, ti;
    CU(cuTexObjectCreate(&tf, &rd, &td, NULL));
    td.flags |= CU_TRSF_READ_AS_INTEGER;
    CU(cuTexObjectCreate(&ti, &rd, &td, NULL));
    CUDA_TEXTURE_DESC back;
    CU(cuTexObjectGetTextureDesc(&back, ti));
    EXPECT(back.flags == (CU_TRSF_NORMALIZED_COORDINATES | CU_TRSF_READ_AS_INTEGER) &&
           back.addressMode[1] == CU_TR_ADDRESS_MODE_WRAP);
    CUDA_RESOURCE_DESC rback;
    CU(cuTexObjectGetResourceDesc(&rback, tf));
    EXPECT(rback.resType == CU_RESOURCE_TYPE_ARRAY && rback.res.array.hArray == arr);

    std::vector<float2> c;
    for (int j = -H; j < 2 * H; j += 2)
        for (int i = -W; i < 2 * W; i += 3) c.push_back(make_float2((i + 0.5f) / W, (j + 0.5f) / H));
    int n = (int)c.size();
    float2 *dc;
    float4 *df;
    ushort4 *di;
    CK(cudaMalloc(&dc, n * sizeof(float2)));
    CK(cudaMalloc(&df, n * sizeof(float4)));
    CK(cudaMalloc(&di, n * sizeof(ushort4)));
    CK(cudaMemcpy(dc, c.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
    read_float<<<1, n>>>(tf, dc, df, n);
    read_int<<<1, n>>>(ti, dc, di, n);
    CK(cudaGetLastError());
    std::vector<float4> f(n);
    std::vector<ushort4> u(n);
    CK(cudaMemcpy(f.data(), df, n * sizeof(float4), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(u.data(), di, n * sizeof(ushort4), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int k = 0; k < n; k++) {
        int i = (int)floorf(c[k].x * W), j = (int)floorf(c[k].y * H); // texel centres: no rounding question
        i = ((i % W) + W) % W, j = ((j % H) + H) % H;
        uint16_t r = img[(j * SP + i) * 2], g = img[(j * SP + i) * 2 + 1];
        bad += bits(f[k].x) != bits(r / 65535.0f) || bits(f[k].y) != bits(g / 65535.0f) || f[k].z != 0 || f[k].w != 0;
        bad += u[k].x != r || u[k].y != g;
    }
    if (bad) printf("FAIL 2D u16x2: %d mismatches\n", bad);
    EXPECT(bad == 0);
    CU(cuTexObjectDestroy(tf));
    CU(cuTexObjectDestroy(ti));

    // array -> device memory -> a second array -> host (cuMemcpy2D both ways, cuMemcpyAtoH)
    CUdeviceptr lin;
    CU(cuMemAlloc(&lin, W * H * 4));
    memset(&cp, 0, sizeof cp);
    cp.srcMemoryType = CU_MEMORYTYPE_ARRAY, cp.srcArray = arr;
    cp.dstMemoryType = CU_MEMORYTYPE_DEVICE, cp.dstDevice = lin, cp.dstPitch = W * 4;
    cp.WidthInBytes = W * 4, cp.Height = H;
    CU(cuMemcpy2D(&cp));
    CUarray arr2;
    CU(cuArrayCreate(&arr2, &ad));
    memset(&cp, 0, sizeof cp);
    cp.srcMemoryType = CU_MEMORYTYPE_DEVICE, cp.srcDevice = lin, cp.srcPitch = W * 4;
    cp.dstMemoryType = CU_MEMORYTYPE_ARRAY, cp.dstArray = arr2;
    cp.WidthInBytes = W * 4, cp.Height = H;
    CU(cuMemcpy2D(&cp));
    std::vector<uint16_t> dense(W * H * 2);
    // cuMemcpyAtoH stays within the array's first row, as on the H200 (lab/textures/probe_api.cu)
    EXPECT(cuMemcpyAtoH(dense.data(), arr2, 0, dense.size() * 2) == CUDA_ERROR_INVALID_VALUE);
    EXPECT(cuMemcpyAtoH(dense.data(), arr2, 4, W * 4) == CUDA_ERROR_INVALID_VALUE);
    CU(cuMemcpyAtoH(dense.data() + 2, arr2, 4, W * 4 - 4));
    EXPECT(dense[2] == img[2] && dense[W * 2 - 1] == img[W * 2 - 1]);
    memset(&cp, 0, sizeof cp);
    cp.srcMemoryType = CU_MEMORYTYPE_ARRAY, cp.srcArray = arr2;
    cp.dstMemoryType = CU_MEMORYTYPE_HOST, cp.dstHost = dense.data(), cp.dstPitch = W * 4;
    cp.WidthInBytes = W * 4, cp.Height = H;
    CU(cuMemcpy2D(&cp));
    bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W * 2; x++) bad += dense[y * W * 2 + x] != img[y * SP * 2 + x];
    EXPECT(bad == 0);
    CU(cuArrayDestroy(arr2));
    CU(cuMemFree(lin));

    // a layered 1D float array through cuMemcpyHtoA and cuMemcpy3D
    const int LW = 16, L = 3;
    CUDA_ARRAY3D_DESCRIPTOR a3 = {LW, 0, L, CU_AD_FORMAT_FLOAT, 1, CUDA_ARRAY3D_LAYERED};
    CUarray lay;
    CU(cuArray3DCreate(&lay, &a3));
    CUDA_ARRAY3D_DESCRIPTOR a3b;
    CU(cuArray3DGetDescriptor(&a3b, lay));
    EXPECT(a3b.Width == LW && a3b.Height == 0 && a3b.Depth == L && a3b.Flags == CUDA_ARRAY3D_LAYERED);
    std::vector<float> lv(LW * L);
    for (int i = 0; i < LW * L; i++) lv[i] = 0.125f * i - 1.0f;
    CU(cuMemcpyHtoA(lay, 0, lv.data(), LW * 4)); // layer 0
    CUDA_MEMCPY3D c3;
    memset(&c3, 0, sizeof c3);
    c3.srcMemoryType = CU_MEMORYTYPE_HOST, c3.srcHost = lv.data() + LW, c3.srcPitch = LW * 4, c3.srcHeight = 1;
    c3.dstMemoryType = CU_MEMORYTYPE_ARRAY, c3.dstArray = lay, c3.dstZ = 1; // layers 1 and 2
    c3.WidthInBytes = LW * 4, c3.Height = 1, c3.Depth = L - 1;
    CU(cuMemcpy3D(&c3));
    memset(&rd, 0, sizeof rd);
    rd.resType = CU_RESOURCE_TYPE_ARRAY;
    rd.res.array.hArray = lay;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = CU_TR_ADDRESS_MODE_CLAMP;
    CUtexObject tl;
    CU(cuTexObjectCreate(&tl, &rd, &td, NULL));
    float *dl;
    CK(cudaMalloc(&dl, LW * L * 4));
    read_layered<<<L, LW>>>(tl, dl, LW, L);
    CK(cudaGetLastError());
    std::vector<float> lo(LW * L);
    CK(cudaMemcpy(lo.data(), dl, LW * L * 4, cudaMemcpyDeviceToHost));
    EXPECT(lo == lv);
    CU(cuTexObjectDestroy(tl));
    CU(cuArrayDestroy(lay));
    CK(cudaFree(dl));

    // a surface object over an array made for surface load/store
    CUDA_ARRAY3D_DESCRIPTOR sd = {W, H, 0, CU_AD_FORMAT_SIGNED_INT32, 1, CUDA_ARRAY3D_SURFACE_LDST};
    CUarray sa;
    CU(cuArray3DCreate(&sa, &sd));
    rd.res.array.hArray = sa;
    CUsurfObject so;
    CU(cuSurfObjectCreate(&so, &rd));
    surf_fill<<<H, 32>>>(so, W);
    CK(cudaGetLastError());
    std::vector<int> sv(W * H);
    memset(&cp, 0, sizeof cp);
    cp.srcMemoryType = CU_MEMORYTYPE_ARRAY, cp.srcArray = sa;
    cp.dstMemoryType = CU_MEMORYTYPE_HOST, cp.dstHost = sv.data(), cp.dstPitch = W * 4;
    cp.WidthInBytes = W * 4, cp.Height = H;
    CU(cuMemcpy2D(&cp));
    bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) bad += sv[y * W + x] != x * 1000 + y;
    EXPECT(bad == 0);
    CU(cuSurfObjectDestroy(so));
    CU(cuArrayDestroy(sa));

    // refused: an error code and a message
    CUtexObject t;
    memset(&rd, 0, sizeof rd);
    rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
    EXPECT(cuTexObjectCreate(&t, &rd, &td, NULL) == CUDA_ERROR_NOT_SUPPORTED);
    CUDA_ARRAY3D_DESCRIPTOR cube = {8, 8, 6, CU_AD_FORMAT_FLOAT, 1, CUDA_ARRAY3D_CUBEMAP};
    CUarray ca;
    EXPECT(cuArray3DCreate(&ca, &cube) == CUDA_SUCCESS); // sampled: lab/textures/cube_probe.cu
    CU(cuArrayDestroy(ca));
    rd.resType = CU_RESOURCE_TYPE_ARRAY;
    rd.res.array.hArray = arr;
    td.maxAnisotropy = 8;
    EXPECT(cuTexObjectCreate(&t, &rd, &td, NULL) == CUDA_ERROR_NOT_SUPPORTED);
    CU(cuArrayDestroy(arr));
    CK(cudaFree(dc));
    CK(cudaFree(df));
    CK(cudaFree(di));
    return finish("drv_texture");
}
