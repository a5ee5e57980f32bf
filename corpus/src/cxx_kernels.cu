// C++ in kernels: function and class templates instantiated for several types, a functor and
// lambdas (one capturing by value, one generic) passed to a templated __device__ algorithm,
// and virtual calls through objects built in device code (vtables in .global, indirect calls):
// once with one class per warp, once with the class changing from lane to lane (the calls of a
// warp then have three targets).
// corpus-archs: sm_75 sm_80 sm_90 sm_120
#include <cstdint>

template <typename T> struct Pair {
    T a, b;
    __device__ T dot(const Pair &o) const { return a * o.a + b * o.b; }
};

template <typename T, typename A, typename F> __device__ __noinline__ A fold(const T *v, int n, A init, F f)
{
    A acc = init;
    for (int i = 0; i < n; i++) acc = f(acc, v[i]);
    return acc;
}

template <typename T> __device__ T clamp_to(T x, T lo, T hi) { return x < lo ? lo : x > hi ? hi : x; }

struct Shape {
    __device__ virtual int area() const = 0;
    __device__ virtual int sides() const { return 0; }
    __device__ virtual ~Shape() {}
};
struct Rect : Shape {
    int w, h;
    __device__ Rect(int w_, int h_) : w(w_), h(h_) {}
    __device__ int area() const override { return w * h; }
    __device__ int sides() const override { return 4; }
};
struct Tri : Shape {
    int b, h;
    __device__ Tri(int b_, int h_) : b(b_), h(h_) {}
    __device__ int area() const override { return b * h / 2; }
    __device__ int sides() const override { return 3; }
};
struct Square : Rect {
    __device__ explicit Square(int s) : Rect(s, s) {}
    __device__ int sides() const override { return 40; }
};

__device__ __noinline__ int describe(const Shape &s) { return s.area() * 100 + s.sides(); }

struct MulAdd {
    int k;
    __device__ int operator()(int acc, int x) const { return acc * k + x; }
};

extern "C" __global__ void cxx_kernels(const int *__restrict__ in, int *__restrict__ iout,
                                       double *__restrict__ dout)
{
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    const int *row = in + 8 * g;
    int *o = iout + 6 * g;
    /* templates */
    Pair<int> pi{row[0], row[1]};
    Pair<double> pd{row[2] * 0.5, row[3] * 0.25};
    o[0] = pi.dot(Pair<int>{row[4], row[5]});
    dout[2 * g] = pd.dot(Pair<double>{1.5, -2.0});
    o[1] = clamp_to<int>(row[6], -100, 100) + (int)clamp_to<unsigned>((unsigned)row[7], 10u, 1000u);
    /* functor and lambdas */
    int bias = g % 7;
    o[2] = fold(row, 8, 1, MulAdd{3});
    o[3] = fold(row, 8, 0, [bias](int acc, int x) { return acc > x + bias ? acc : x + bias; });
    dout[2 * g + 1] = fold(row, 8, 0.0, [](auto acc, auto x) { return acc + x * 0.125; });
    /* virtual calls: one class per warp, then a class per lane */
    int w = t / 32;
    Rect r(row[0] & 15, row[1] & 15);
    Tri tr(row[2] & 15, row[3] & 15);
    Square sq(row[4] & 15);
    Shape *s = w % 3 == 0 ? (Shape *)&r : w % 3 == 1 ? (Shape *)&tr : (Shape *)&sq;
    o[4] = describe(*s);
    Shape *d = t % 3 == 0 ? (Shape *)&r : t % 3 == 1 ? (Shape *)&tr : (Shape *)&sq;
    o[5] = d->area() - d->sides();
}
