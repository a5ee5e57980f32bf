// DAXPY in f64, grid-stride: y = a*x + y (one fma.rn.f64 per element).
extern "C" __global__ void daxpy(int n, double a, const double *__restrict__ x, double *__restrict__ y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}
