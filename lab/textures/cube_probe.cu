// cube_probe.cu — how the H200 samples a cubemap texture with point filtering: which face a
// direction selects (ties between components included) and which texel of it, at and around
// texel edges, for several major-axis magnitudes. The texel values name the texel
// (face*1000 + y*W + x), so each output says where the sample landed. Prints one line per
// sample: the direction's three float bit patterns and the value read (as a float). With a file
// (cube_dirs2.py's records: int32 W, float x, y, z) it samples those directions instead, on
// faces of each W, then a few with unnormalized coordinates ("cubeun") and the far-edge ones in
// the wrap and border address modes ("cubewrap", "cubeborder").
//   nvcc -cudart shared -arch=sm_90 -o /tmp/cube_probe lab/textures/cube_probe.cu
//   /tmp/cube_probe > cube_probe.h200.txt; /tmp/cube_probe cube_dirs2.bin > cube_probe2.h200.txt
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

__global__ void sample(cudaTextureObject_t t, const float4 *d, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = texCubemap<float>(t, d[i].x, d[i].y, d[i].z);
}
__global__ void sample_layered(cudaTextureObject_t t, const float4 *d, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = texCubemapLayered<float>(t, d[i].x, d[i].y, d[i].z, (int)d[i].w);
}

#define CK(x)                                                                              \
    do {                                                                                   \
        cudaError_t e_ = (x);                                                              \
        if (e_ != cudaSuccess) {                                                           \
            printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_));       \
            return 1;                                                                      \
        }                                                                                  \
    } while (0)

static unsigned long long rng = 0x9e3779b97f4a7c15ull;
static float unit() { // uniform in [-1, 1)
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (float)((rng >> 40) & 0xffffff) / 8388608.0f - 1.0f;
}
static unsigned bits(float f) {
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}

static int run(int W, int layers, const std::vector<float4> &dirs, const char *tag, int normalized = 1,
               cudaTextureAddressMode mode = cudaAddressModeClamp) {
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    int nl = 6 * (layers ? layers : 1);
    CK(cudaMalloc3DArray(&arr, &fd, make_cudaExtent(W, W, nl), cudaArrayCubemap | (layers ? cudaArrayLayered : 0)));
    std::vector<float> tex((size_t)W * W * nl);
    for (int f = 0; f < nl; f++)
        for (int y = 0; y < W; y++)
            for (int x = 0; x < W; x++) tex[((size_t)f * W + y) * W + x] = (float)(f * 1000 + y * W + x);
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(tex.data(), W * sizeof(float), W, W);
    p.dstArray = arr;
    p.extent = make_cudaExtent(W, W, nl);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = mode;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = normalized;
    cudaTextureObject_t t;
    CK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    int n = (int)dirs.size();
    float4 *dd;
    float *dout;
    CK(cudaMalloc(&dd, n * sizeof(float4)));
    CK(cudaMalloc(&dout, n * sizeof(float)));
    CK(cudaMemcpy(dd, dirs.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    if (layers) sample_layered<<<(n + 127) / 128, 128>>>(t, dd, dout, n);
    else sample<<<(n + 127) / 128, 128>>>(t, dd, dout, n);
    CK(cudaGetLastError());
    std::vector<float> out(n);
    CK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        printf("%s W=%d %08x %08x %08x %d -> %g\n", tag, W, bits(dirs[i].x), bits(dirs[i].y), bits(dirs[i].z),
               (int)dirs[i].w, out[i]);
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(arr));
    CK(cudaFree(dd));
    CK(cudaFree(dout));
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1) {
        FILE *fh = fopen(argv[1], "rb");
        if (!fh) return 1;
        std::vector<std::pair<int, float4>> recs;
        struct {
            int w;
            float x, y, z;
        } r;
        while (fread(&r, sizeof r, 1, fh) == 1) recs.push_back({r.w, make_float4(r.x, r.y, r.z, 0)});
        fclose(fh);
        for (int W : {3, 5, 6, 7, 8}) {
            std::vector<float4> d;
            for (auto &e : recs)
                if (e.first == W) d.push_back(e.second);
            if (!d.empty() && run(W, 0, d, "cube2")) return 1;
        }
        std::vector<float4> d, edge;
        for (size_t i = 0; i < recs.size() && d.size() < 256; i++)
            if (recs[i].first == 8) d.push_back(recs[i].second);
        for (size_t i = recs.size() - 84; i < recs.size(); i++) edge.push_back(recs[i].second); // section 3
        if (run(8, 0, d, "cubeun", 0)) return 1;
        if (run(8, 0, edge, "cubewrap", 1, cudaAddressModeWrap)) return 1;
        return run(8, 0, edge, "cubeborder", 1, cudaAddressModeBorder);
    }
    std::vector<float4> dirs;
    for (int i = 0; i < 2048; i++) dirs.push_back(make_float4(2 * unit(), 2 * unit(), 2 * unit(), 0));
    // ties between the components' magnitudes, every sign
    const float mags[][3] = {{1, 1, 0.5f}, {1, 0.5f, 1}, {0.5f, 1, 1}, {1, 1, 1}, {2, 2, 0}, {0, 3, 3}, {0.25f, 0, 0.25f}};
    for (auto &m : mags)
        for (int s = 0; s < 8; s++)
            dirs.push_back(make_float4(s & 1 ? -m[0] : m[0], s & 2 ? -m[1] : m[1], s & 4 ? -m[2] : m[2], 0));
    // texel edges: on each face, the first minor coordinate at m*(2k/W - 1) and one ulp either side
    const float majors[] = {1.0f, 3.0f, 0.75f, 5.5f, 0.1f};
    for (int W : {8}) {
        for (int axis = 0; axis < 3; axis++)
            for (int sign = 0; sign < 2; sign++)
                for (float m : majors)
                    for (int k = 0; k <= W; k++)
                        for (int which = 0; which < 2; which++)
                            for (int d = -1; d <= 1; d++) {
                                float e = m * (2.0f * k / W - 1.0f);
                                if (d < 0) e = nextafterf(e, -INFINITY);
                                if (d > 0) e = nextafterf(e, INFINITY);
                                float c[3];
                                c[axis] = sign ? -m : m;
                                c[(axis + 1 + which) % 3] = e;
                                c[(axis + 2 - which) % 3] = m * 0.3f;
                                dirs.push_back(make_float4(c[0], c[1], c[2], 0));
                            }
    }
    if (run(8, 0, dirs, "cube")) return 1;
    std::vector<float4> few(dirs.begin(), dirs.begin() + 512);
    if (run(5, 0, few, "cube")) return 1;
    for (auto &d : few) d.w = (float)((bits(d.x) >> 3) % 3);
    if (run(8, 3, few, "acube")) return 1;
    return 0;
}
