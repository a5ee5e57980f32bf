// rt_rdc_lib.cu — the other unit of rt_rdc_main.cu.
__device__ int calls = 1000;
__device__ int twice(int x) { return 2 * x + 1; }
