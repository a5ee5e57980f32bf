// templates.cu — C++ in kernels: function and class templates, a functor, a device lambda
// (--extended-lambda) passed to a templated kernel, operator overloading, constexpr, a device
// class with a virtual function constructed in the kernel.
// nvcc-flags: --extended-lambda
#include <cstdint>
#include <vector>
#include "common.h"

template <typename T>
struct Vec2 {
    T x, y;
    __host__ __device__ Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
    __host__ __device__ Vec2 operator*(T s) const { return {x * s, y * s}; }
    __host__ __device__ T dot(const Vec2 &o) const { return x * o.x + y * o.y; }
};

template <typename T, int Unroll>
__global__ void axpy_vec(Vec2<T> *out, const Vec2<T> *in, T a, int n) {
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * Unroll;
#pragma unroll
    for (int k = 0; k < Unroll; k++)
        if (base + k < n) out[base + k] = in[base + k] * a + out[base + k];
}

template <typename T, typename F>
__global__ void map(T *p, int n, F f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = f(p[i], i);
}

struct Saxpy {
    float a;
    __host__ __device__ float operator()(float v, int i) const { return a * v + (float)(i & 7); }
};

struct Shape {
    __device__ virtual int area() const = 0;
    __device__ virtual ~Shape() {}
};
struct Rect : Shape {
    int w, h;
    __device__ Rect(int w_, int h_) : w(w_), h(h_) {}
    __device__ int area() const override { return w * h; }
};
struct Tri : Shape {
    int b, h;
    __device__ Tri(int b_, int h_) : b(b_), h(h_) {}
    __device__ int area() const override { return b * h / 2; }
};

__global__ void virtual_areas(int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Rect r(i % 9 + 1, i % 5 + 2);
    Tri t(i % 7 + 2, i % 11 + 1);
    const Shape *s = (i & 1) ? (const Shape *)&r : (const Shape *)&t;
    out[i] = s->area();
}

constexpr int pow2(int k) { return k == 0 ? 1 : 2 * pow2(k - 1); }

int main() {
    const int n = 3000;
    // Vec2<double> and Vec2<int> instantiations
    std::vector<Vec2<double>> hd(n), od(n);
    std::vector<Vec2<int>> hi(n), oi(n);
    for (int i = 0; i < n; i++) {
        hd[i] = {i * 0.5, -i * 0.25};
        od[i] = {1.0, 2.0};
        hi[i] = {i, -i};
        oi[i] = {3, 4};
    }
    Vec2<double> *dd, *ddo;
    Vec2<int> *di, *dio;
    CK(cudaMalloc(&dd, n * sizeof(Vec2<double>)));
    CK(cudaMalloc(&ddo, n * sizeof(Vec2<double>)));
    CK(cudaMalloc(&di, n * sizeof(Vec2<int>)));
    CK(cudaMalloc(&dio, n * sizeof(Vec2<int>)));
    CK(cudaMemcpy(dd, hd.data(), n * sizeof(Vec2<double>), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(ddo, od.data(), n * sizeof(Vec2<double>), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(di, hi.data(), n * sizeof(Vec2<int>), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dio, oi.data(), n * sizeof(Vec2<int>), cudaMemcpyHostToDevice));
    axpy_vec<double, 4><<<(n / 4 + 127) / 128, 128>>>(ddo, dd, 3.0, n);
    axpy_vec<int, pow2(1)><<<(n / 2 + 127) / 128, 128>>>(dio, di, -2, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(od.data(), ddo, n * sizeof(Vec2<double>), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(oi.data(), dio, n * sizeof(Vec2<int>), cudaMemcpyDeviceToHost));
    double dsum = 0;
    long long isum = 0;
    for (int i = 0; i < n; i++) {
        Vec2<double> wd = Vec2<double>{i * 0.5, -i * 0.25} * 3.0 + Vec2<double>{1.0, 2.0};
        Vec2<int> wi = Vec2<int>{i, -i} * -2 + Vec2<int>{3, 4};
        EXPECT(od[i].x == wd.x && od[i].y == wd.y, "Vec2<double>[%d]", i);
        EXPECT(oi[i].x == wi.x && oi[i].y == wi.y, "Vec2<int>[%d]", i);
        dsum += od[i].dot(Vec2<double>{1.0, 1.0});
        isum += oi[i].dot(Vec2<int>{1, 1});
    }
    std::printf("templates: double sum %.2f, int sum %lld\n", dsum, isum);

    // functor and lambda through one templated kernel
    float *f;
    CK(cudaMallocManaged(&f, n * sizeof(float)));
    for (int i = 0; i < n; i++) f[i] = (float)i * 0.125f;
    map<<<(n + 255) / 256, 256>>>(f, n, Saxpy{2.0f});
    int shift = 3;
    map<<<(n + 255) / 256, 256>>>(f, n, [=] __device__(float v, int i) { return v - (float)((i >> shift) & 1); });
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++) {
        float want = 2.0f * ((float)i * 0.125f) + (float)(i & 7);
        want = want - (float)((i >> shift) & 1);
        EXPECT(f[i] == want, "map[%d] = %f, expected %f", i, f[i], want);
    }
    std::printf("functor and lambda: f[2999] = %.3f\n", f[n - 1]);

    int *areas;
    CK(cudaMallocManaged(&areas, n * sizeof(int)));
    virtual_areas<<<(n + 127) / 128, 128>>>(areas, n);
    CK(cudaDeviceSynchronize());
    long long asum = 0;
    for (int i = 0; i < n; i++) {
        int want = (i & 1) ? (i % 9 + 1) * (i % 5 + 2) : (i % 7 + 2) * (i % 11 + 1) / 2;
        EXPECT(areas[i] == want, "area[%d] = %d, expected %d", i, areas[i], want);
        asum += areas[i];
    }
    std::printf("virtual functions: area sum %lld\n", asum);
    CK(cudaFree(dd));
    CK(cudaFree(ddo));
    CK(cudaFree(di));
    CK(cudaFree(dio));
    CK(cudaFree(f));
    CK(cudaFree(areas));
    return finish();
}
