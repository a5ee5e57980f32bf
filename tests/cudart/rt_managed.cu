// rt_managed.cu — managed memory: cudaMallocManaged blocks and __managed__ variables the host
// reads and writes directly between launches; cudaMemPrefetchAsync is accepted.
#include "rt_check.h"

__managed__ int counter[4] = {1, 2, 3, 4};

__global__ void square(long long *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * v[i];
    if (i < 4) counter[i] += 10;
}

int main() {
    const int n = 3000;
    long long *v;
    CK(cudaMallocManaged(&v, n * sizeof(long long)));
    for (int i = 0; i < n; i++) v[i] = i - 1500;
    cudaPointerAttributes pa;
    CK(cudaPointerGetAttributes(&pa, v + 7));
    EXPECT(pa.type == cudaMemoryTypeManaged);
    EXPECT(counter[2] == 3);
    counter[2] = 30;  // the host's write is what the next kernel sees
    square<<<(n + 255) / 256, 256>>>(v, n);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++) EXPECT(v[i] == (long long)(i - 1500) * (i - 1500));
    EXPECT(counter[0] == 11 && counter[1] == 12 && counter[2] == 40 && counter[3] == 14);
    square<<<1, 4>>>(v, 4);
    CK(cudaDeviceSynchronize());
    EXPECT(v[1] == 1499LL * 1499 * 1499 * 1499 && counter[3] == 24);
    int snapshot[4];
    CK(cudaMemcpyFromSymbol(snapshot, counter, sizeof snapshot));
    EXPECT(snapshot[0] == 21 && snapshot[2] == 50);
    // copies and memsets reach managed memory like device memory
    long long *dv, back[4], src[4] = {7, -8, 9, -10};
    CK(cudaMalloc(&dv, 4 * sizeof(long long)));
    CK(cudaMemcpy(v, src, sizeof src, cudaMemcpyHostToDevice));
    EXPECT(v[0] == 7 && v[3] == -10);
    CK(cudaMemcpy(dv, v, sizeof src, cudaMemcpyDeviceToDevice));
    CK(cudaMemset(v, 0xff, 2 * sizeof(long long)));
    EXPECT(v[0] == -1 && v[1] == -1 && v[2] == 9);
    CK(cudaMemcpy(back, dv, sizeof back, cudaMemcpyDefault));
    EXPECT(back[1] == -8 && back[2] == 9);
    CK(cudaMemcpy(v + 4, dv, sizeof back, cudaMemcpyDeviceToHost));
    EXPECT(v[5] == -8);
    CK(cudaMemPrefetchAsync(v, n * sizeof(long long), cudaMemLocation{cudaMemLocationTypeDevice, 0}, 0, 0));
    CK(cudaFree(dv));
    CK(cudaFree(v));
    return finish("rt_managed");
}
