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
//   /tmp/cube_probe lin > cube_linear.h200.txt  (linear filtering, mirror, mixed address modes)
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

__global__ void sample(cudaTextureObject_t t, const float4 *d, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = texCubemap<float>(t, d[i].x, d[i].y, d[i].z);
}
__global__ void sample4(cudaTextureObject_t t, const float4 *d, float4 *out, int n, int layered) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = layered ? texCubemapLayered<float4>(t, d[i].x, d[i].y, d[i].z, (int)d[i].w)
                         : texCubemap<float4>(t, d[i].x, d[i].y, d[i].z);
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

// Linear filtering, mirror and mixed address modes ("lin" argument): float4 cubemaps whose
// texels say where a sample's weight went. Textures: 0 one-hot by texel parity (channel
// (x & 1) + 2 (y & 1) is 1: inside a face the four channels are the four bilinear weights);
// 1 channel c is 1 on face c (faces 0-3); 2 channels 0, 1 are 1 on faces 4, 5, channels 2, 3 the
// texel's x and y; 3 channel 0 the face, 1 x, 2 y, 3 is 1 (a border texel reads the border
// colour, here (-1, -2, -3, 0)); 4 random values (exponents 2^-4..2^3, either sign), for the sum.
// One line a sample: tag, W, texture, filter, the three address modes, the direction's bits and
// the layer, then the four channels' bits.
static int run_lin(int W, int layers, const std::vector<float4> &dirs, const char *tag, int kind, int linear,
                   const int mode[3], int normalized = 1) {
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float4>();
    cudaArray_t arr;
    int nl = 6 * (layers ? layers : 1);
    CK(cudaMalloc3DArray(&arr, &fd, make_cudaExtent(W, W, nl), cudaArrayCubemap | (layers ? cudaArrayLayered : 0)));
    std::vector<float4> tex((size_t)W * W * nl);
    unsigned long long seed = 0x243f6a8885a308d3ull ^ (unsigned)(W * 131 + kind);
    for (int f = 0; f < nl; f++)
        for (int y = 0; y < W; y++)
            for (int x = 0; x < W; x++) {
                float4 v = make_float4(0, 0, 0, 0);
                int face = f % 6;
                float *c = &v.x;
                if (kind == 0) c[(x & 1) + 2 * (y & 1)] = 1;
                if (kind == 1 && face < 4) c[face] = 1;
                if (kind == 2) v = make_float4(face == 4, face == 5, (float)x, (float)y);
                if (kind == 3) v = make_float4((float)f, (float)x, (float)y, 1);
                if (kind == 4)
                    for (int k = 0; k < 4; k++) {
                        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
                        unsigned u = (unsigned)(seed >> 32);
                        u = (u & 0x807fffffu) | (123u + (u >> 23) % 7) << 23;
                        memcpy(&c[k], &u, 4);
                    }
                tex[((size_t)f * W + y) * W + x] = v;
            }
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(tex.data(), W * sizeof(float4), W, W);
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
    for (int k = 0; k < 3; k++) td.addressMode[k] = (cudaTextureAddressMode)mode[k];
    td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = normalized;
    td.borderColor[0] = -1, td.borderColor[1] = -2, td.borderColor[2] = -3, td.borderColor[3] = 0;
    cudaTextureObject_t t;
    CK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    int n = (int)dirs.size();
    float4 *dd, *dout;
    CK(cudaMalloc(&dd, n * sizeof(float4)));
    CK(cudaMalloc(&dout, n * sizeof(float4)));
    CK(cudaMemcpy(dd, dirs.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    sample4<<<(n + 127) / 128, 128>>>(t, dd, dout, n, layers != 0);
    CK(cudaGetLastError());
    std::vector<float4> out(n);
    CK(cudaMemcpy(out.data(), dout, n * sizeof(float4), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        printf("%s W=%d tex=%d %s %d%d%d %08x %08x %08x %d -> %08x %08x %08x %08x\n", tag, W, kind,
               linear ? "linear" : "point", mode[0], mode[1], mode[2], bits(dirs[i].x), bits(dirs[i].y),
               bits(dirs[i].z), (int)dirs[i].w, bits(out[i].x), bits(out[i].y), bits(out[i].z), bits(out[i].w));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(arr));
    CK(cudaFree(dd));
    CK(cudaFree(dout));
    return 0;
}

// a direction onto face f (0..5: +x -x +y -y +z -z) at face coordinates (s, t) in [-1, 1] times
// the major magnitude m, with the CUDA guide's table: +x (m, -t, -s), -x (-m, -t, s),
// +y (s, m, t), -y (s, -m, -t), +z (s, -t, m), -z (-s, -t, -m)
static float4 on_face(int f, float s, float t, float m) {
    s *= m, t *= m;
    switch (f) {
    case 0: return make_float4(m, -t, -s, 0);
    case 1: return make_float4(-m, -t, s, 0);
    case 2: return make_float4(s, m, t, 0);
    case 3: return make_float4(s, -m, -t, 0);
    case 4: return make_float4(s, -t, m, 0);
    default: return make_float4(-s, -t, -m, 0);
    }
}

// face coordinates: (a) interior, a texel or more from every edge, a third of them with the
// filter's fraction on the 1/256 grid; (b) within a texel of one edge; (c) within a texel of two
// (corners); (d) on and just beyond the edges (|q| = 1 and a hair over)
static std::vector<float4> lin_dirs(int W, int per) {
    std::vector<float4> d;
    const float majors[] = {1.0f, 2.5f, 0.375f};
    auto uq = [&](float lo, float hi) { return lo + (hi - lo) * (unit() + 1) * 0.5f; };
    for (int i = 0; i < per; i++) {
        int f = i % 6;
        float m = majors[i % 3], lim = 1.0f - 2.0f / W, s, t;
        if (i % 3 == 0) { // u = (q + 1) / 2, u W - 0.5 = k + j/256
            int k1 = 1 + (int)((unit() + 1) * 0.5f * (W - 3)), k2 = 1 + (int)((unit() + 1) * 0.5f * (W - 3));
            int j1 = (int)((unit() + 1) * 128), j2 = (int)((unit() + 1) * 128);
            s = 2 * ((k1 + 0.5f + j1 / 256.0f) / W) - 1, t = 2 * ((k2 + 0.5f + j2 / 256.0f) / W) - 1;
            m = 1.0f;
        } else {
            s = uq(-lim, lim), t = uq(-lim, lim);
        }
        d.push_back(on_face(f, s, t, m));
    }
    for (int i = 0; i < per; i++) { // one edge
        int f = i % 6;
        float e = 1.0f - 2.0f / W * (unit() + 1) * 0.5f, o = uq(-0.9f, 0.9f);
        float s = i % 4 < 2 ? (i & 1 ? -e : e) : o, t = i % 4 < 2 ? o : (i & 1 ? -e : e);
        d.push_back(on_face(f, s, t, majors[i % 3]));
    }
    for (int i = 0; i < per; i++) { // corners
        int f = i % 6;
        float e1 = 1.0f - 2.0f / W * (unit() + 1) * 0.5f, e2 = 1.0f - 2.0f / W * (unit() + 1) * 0.5f;
        d.push_back(on_face(f, i & 1 ? -e1 : e1, i & 2 ? -e2 : e2, majors[i % 3]));
    }
    for (int f = 0; f < 6; f++) // on the edges
        for (int k = 0; k < 8; k++) {
            float o = k < 4 ? uq(-0.95f, 0.95f) : (k & 1 ? -1.0f : 1.0f);
            d.push_back(on_face(f, k & 1 ? -1.0f : 1.0f, o, 1.0f));
            d.push_back(on_face(f, o, k & 2 ? -1.0f : 1.0f, 1.0f));
        }
    return d;
}

static int linear_probes(void) {
    const int clampm[3] = {1, 1, 1}, wrapm[3] = {0, 0, 0}, mirrorm[3] = {2, 2, 2}, borderm[3] = {3, 3, 3};
    const int *modes[] = {clampm, wrapm, mirrorm, borderm};
    const int mixed[6][3] = {{1, 0, 1}, {0, 1, 0}, {3, 1, 1}, {1, 3, 3}, {2, 1, 0}, {0, 3, 2}};
    for (int W : {8, 5}) {
        std::vector<float4> d = lin_dirs(W, W == 8 ? 240 : 96);
        for (int kind = 0; kind < 5; kind++)
            for (auto m : modes)
                if (run_lin(W, 0, d, "lin", kind, 1, m)) return 1;
        for (auto &m : mixed)
            for (int kind : {0, 3})
                if (run_lin(W, 0, d, "linmix", kind, 1, m)) return 1;
        // point filtering: mirror and mixed modes (texture 3 names the texel)
        if (run_lin(W, 0, d, "point", 3, 0, mirrorm)) return 1;
        for (auto &m : mixed)
            if (run_lin(W, 0, d, "pointmix", 3, 0, m)) return 1;
    }
    std::vector<float4> d = lin_dirs(8, 96);
    if (run_lin(8, 0, d, "linun", 3, 1, clampm, 0)) return 1;
    for (auto &v : d) v.w = (float)((bits(v.x) >> 3) % 3);
    for (int kind : {0, 3})
        if (run_lin(8, 3, d, "alin", kind, 1, clampm)) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "lin")) return linear_probes();
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
