// probe_objects.cu — what a GPU does where the CUDA documents leave texture objects from the
// runtime open (docs/textures.md, "From CUDA programs"): wrap and mirror address modes with
// unnormalized coordinates, and fetches past the end of a linear (tex1Dfetch) resource in each
// address mode. Prints one line per probe; run on a GPU and under ptxsim, the lines compared.
//   nvcc -cudart shared -arch=sm_90 -o /tmp/probe_objects lab/textures/probe_objects.cu
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void sample1d(cudaTextureObject_t t, const float *c, float *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = tex1D<float>(t, c[i]);
}
__global__ void fetch_int(cudaTextureObject_t t, const int *idx, int *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<int>(t, idx[i]);
}
__global__ void fetch_float(cudaTextureObject_t t, const int *idx, float *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float>(t, idx[i]);
}

#define CK(x)                                                                              \
    do {                                                                                   \
        cudaError_t e_ = (x);                                                              \
        if (e_ != cudaSuccess) {                                                           \
            printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_));       \
            return 1;                                                                      \
        }                                                                                  \
    } while (0)

static const char *mode_name[] = {"wrap", "clamp", "mirror", "border"};

int main() {
    const int W = 8;
    float v[W];
    for (int i = 0; i < W; i++) v[i] = 10.0f + i;
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    CK(cudaMallocArray(&arr, &fd, W));
    CK(cudaMemcpyToArray(arr, 0, 0, v, sizeof v, cudaMemcpyHostToDevice));
    const int NC = 12;
    float c[NC] = {-9.5f, -8.5f, -3.5f, -1.5f, -0.5f, 0.5f, 7.5f, 8.5f, 9.5f, 12.5f, 15.5f, 17.5f};
    float *dc, *df;
    CK(cudaMalloc(&dc, sizeof c));
    CK(cudaMalloc(&df, 64 * sizeof(float)));
    CK(cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice));
    for (int m = 0; m < 4; m++) { // unnormalized coordinates, point filtering
        cudaResourceDesc rd;
        memset(&rd, 0, sizeof rd);
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = arr;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.addressMode[0] = (cudaTextureAddressMode)m;
        td.borderColor[0] = -1.0f;
        cudaTextureObject_t t;
        cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, NULL);
        printf("array unnormalized %s: create %s;", mode_name[m], cudaGetErrorName(e));
        if (e == cudaSuccess) {
            sample1d<<<1, 32>>>(t, dc, df, NC);
            CK(cudaDeviceSynchronize());
            float out[NC];
            CK(cudaMemcpy(out, df, sizeof out, cudaMemcpyDeviceToHost));
            for (int i = 0; i < NC; i++) printf(" %g->%g", c[i], out[i]);
            cudaDestroyTextureObject(t);
        }
        printf("\n");
    }
    const int N = 16;
    int iv[N];
    float fv[N];
    for (int i = 0; i < N; i++) iv[i] = 100 + i, fv[i] = 0.5f + i;
    int *di, *dout, *dix;
    float *dfv;
    CK(cudaMalloc(&di, sizeof iv));
    CK(cudaMalloc(&dfv, sizeof fv));
    CK(cudaMalloc(&dout, 64 * sizeof(int)));
    CK(cudaMalloc(&dix, 64 * sizeof(int)));
    CK(cudaMemcpy(di, iv, sizeof iv, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dfv, fv, sizeof fv, cudaMemcpyHostToDevice));
    const int NI = 8;
    int ix[NI] = {-100, -2, -1, 0, 15, 16, 17, 1000};
    CK(cudaMemcpy(dix, ix, sizeof ix, cudaMemcpyHostToDevice));
    for (int f = 0; f < 2; f++)
        for (int m = 0; m < 4; m++) { // linear memory: int, then float texels
            cudaResourceDesc rd;
            memset(&rd, 0, sizeof rd);
            rd.resType = cudaResourceTypeLinear;
            rd.res.linear.devPtr = f ? (void *)dfv : (void *)di;
            rd.res.linear.desc = f ? cudaCreateChannelDesc<float>() : cudaCreateChannelDesc<int>();
            rd.res.linear.sizeInBytes = N * 4;
            cudaTextureDesc td;
            memset(&td, 0, sizeof td);
            td.addressMode[0] = (cudaTextureAddressMode)m;
            td.borderColor[0] = -1.0f;
            cudaTextureObject_t t;
            cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, NULL);
            printf("linear %s %s: create %s;", f ? "float" : "int", mode_name[m], cudaGetErrorName(e));
            if (e == cudaSuccess) {
                if (f) fetch_float<<<1, 32>>>(t, dix, (float *)dout, NI);
                else fetch_int<<<1, 32>>>(t, dix, dout, NI);
                CK(cudaDeviceSynchronize());
                int out[NI];
                CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
                for (int i = 0; i < NI; i++) {
                    float g;
                    memcpy(&g, &out[i], 4);
                    if (f) printf(" %d->%g", ix[i], g);
                    else printf(" %d->%d", ix[i], out[i]);
                }
                cudaDestroyTextureObject(t);
            }
            printf("\n");
        }
    return 0;
}
