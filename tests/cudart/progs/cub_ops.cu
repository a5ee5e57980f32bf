// cub_ops.cu — CUB device-wide algorithms: DeviceRadixSort::SortPairs (onesweep, decoupled
// look-back between blocks), DeviceReduce::Sum and Max, DeviceScan::ExclusiveSum, DeviceSelect::If
// and Flagged; temporary storage sized by the first call, as CUB's documentation shows.
#include <cub/cub.cuh>
#include <algorithm>
#include <numeric>
#include <vector>
#include "common.h"

struct Less1000 {
    __host__ __device__ bool operator()(const int &v) const { return v < 1000; }
};

int main() {
    const int n = 1 << 18;
    std::vector<unsigned> keys(n), vals(n);
    unsigned x = 777;
    for (int i = 0; i < n; i++) keys[i] = x = xs32(x), vals[i] = i;
    unsigned *dk, *dv, *dk2, *dv2;
    CK(cudaMalloc(&dk, n * 4));
    CK(cudaMalloc(&dv, n * 4));
    CK(cudaMalloc(&dk2, n * 4));
    CK(cudaMalloc(&dv2, n * 4));
    CK(cudaMemcpy(dk, keys.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dv, vals.data(), n * 4, cudaMemcpyHostToDevice));
    void *tmp = nullptr;
    size_t tmp_bytes = 0;
    CK(cub::DeviceRadixSort::SortPairs(tmp, tmp_bytes, dk, dk2, dv, dv2, n));
    CK(cudaMalloc(&tmp, tmp_bytes));
    CK(cub::DeviceRadixSort::SortPairs(tmp, tmp_bytes, dk, dk2, dv, dv2, n));
    CK(cudaFree(tmp));
    std::vector<unsigned> sk(n), sv(n);
    CK(cudaMemcpy(sk.data(), dk2, n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(sv.data(), dv2, n * 4, cudaMemcpyDeviceToHost));
    std::vector<unsigned> idx(n);
    std::iota(idx.begin(), idx.end(), 0u);
    std::stable_sort(idx.begin(), idx.end(), [&](unsigned a, unsigned b) { return keys[a] < keys[b]; });
    int bad = 0;
    for (int i = 0; i < n; i++) bad += sk[i] != keys[idx[i]] || sv[i] != idx[i];
    EXPECT(bad == 0, "SortPairs: %d positions differ", bad);
    std::printf("radix sort pairs: %d, first key %08x value %u\n", n, sk[0], sv[0]);

    // reduce
    std::vector<int> iv(n);
    for (int i = 0; i < n; i++) iv[i] = (int)(keys[i] % 2001) - 1000;
    int *di, *dout, *dcount, *dsel;
    CK(cudaMalloc(&di, n * 4));
    CK(cudaMalloc(&dout, n * 4));
    CK(cudaMalloc(&dsel, n * 4));
    CK(cudaMalloc(&dcount, 4));
    CK(cudaMemcpy(di, iv.data(), n * 4, cudaMemcpyHostToDevice));
    tmp = nullptr, tmp_bytes = 0;
    CK(cub::DeviceReduce::Sum(tmp, tmp_bytes, di, dout, n));
    CK(cudaMalloc(&tmp, tmp_bytes));
    CK(cub::DeviceReduce::Sum(tmp, tmp_bytes, di, dout, n));
    CK(cudaFree(tmp));
    int sum = 0, mx = 0;
    CK(cudaMemcpy(&sum, dout, 4, cudaMemcpyDeviceToHost));
    tmp = nullptr, tmp_bytes = 0;
    CK(cub::DeviceReduce::Max(tmp, tmp_bytes, di, dout, n));
    CK(cudaMalloc(&tmp, tmp_bytes));
    CK(cub::DeviceReduce::Max(tmp, tmp_bytes, di, dout, n));
    CK(cudaFree(tmp));
    CK(cudaMemcpy(&mx, dout, 4, cudaMemcpyDeviceToHost));
    int rsum = std::accumulate(iv.begin(), iv.end(), 0), rmx = *std::max_element(iv.begin(), iv.end());
    EXPECT(sum == rsum, "Sum %d != %d", sum, rsum);
    EXPECT(mx == rmx, "Max %d != %d", mx, rmx);
    std::printf("reduce: sum %d, max %d\n", sum, mx);

    // exclusive scan
    tmp = nullptr, tmp_bytes = 0;
    CK(cub::DeviceScan::ExclusiveSum(tmp, tmp_bytes, di, dout, n));
    CK(cudaMalloc(&tmp, tmp_bytes));
    CK(cub::DeviceScan::ExclusiveSum(tmp, tmp_bytes, di, dout, n));
    CK(cudaFree(tmp));
    std::vector<int> scan(n);
    CK(cudaMemcpy(scan.data(), dout, n * 4, cudaMemcpyDeviceToHost));
    int run = 0;
    bad = 0;
    for (int i = 0; i < n; i++) {
        bad += scan[i] != run;
        run += iv[i];
    }
    EXPECT(bad == 0, "ExclusiveSum: %d positions differ", bad);
    std::printf("exclusive scan: last %d\n", scan[n - 1]);

    // select
    tmp = nullptr, tmp_bytes = 0;
    Less1000 pred;
    std::vector<int> iv2(n);
    for (int i = 0; i < n; i++) iv2[i] = (int)(keys[i] % 100000);
    CK(cudaMemcpy(di, iv2.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cub::DeviceSelect::If(tmp, tmp_bytes, di, dsel, dcount, n, pred));
    CK(cudaMalloc(&tmp, tmp_bytes));
    CK(cub::DeviceSelect::If(tmp, tmp_bytes, di, dsel, dcount, n, pred));
    CK(cudaFree(tmp));
    int count = 0;
    CK(cudaMemcpy(&count, dcount, 4, cudaMemcpyDeviceToHost));
    std::vector<int> sel(count > 0 && count <= n ? count : 1);
    std::vector<int> rsel;
    for (int i = 0; i < n; i++)
        if (iv2[i] < 1000) rsel.push_back(iv2[i]);
    EXPECT(count == (int)rsel.size(), "Select::If count %d != %zu", count, rsel.size());
    if (count == (int)rsel.size()) {
        CK(cudaMemcpy(sel.data(), dsel, count * 4, cudaMemcpyDeviceToHost));
        EXPECT(sel == rsel, "Select::If: selected items differ");
    }
    std::printf("select if: %d of %d\n", count, n);
    // flagged: every third item
    std::vector<char> flags(n);
    for (int i = 0; i < n; i++) flags[i] = i % 3 == 0;
    char *dflags;
    CK(cudaMalloc(&dflags, n));
    CK(cudaMemcpy(dflags, flags.data(), n, cudaMemcpyHostToDevice));
    tmp = nullptr, tmp_bytes = 0;
    CK(cub::DeviceSelect::Flagged(tmp, tmp_bytes, di, dflags, dsel, dcount, n));
    CK(cudaMalloc(&tmp, tmp_bytes));
    CK(cub::DeviceSelect::Flagged(tmp, tmp_bytes, di, dflags, dsel, dcount, n));
    CK(cudaFree(tmp));
    CK(cudaMemcpy(&count, dcount, 4, cudaMemcpyDeviceToHost));
    EXPECT(count == (n + 2) / 3, "Select::Flagged count %d", count);
    if (count == (n + 2) / 3) {
        std::vector<int> f(count);
        CK(cudaMemcpy(f.data(), dsel, count * 4, cudaMemcpyDeviceToHost));
        bad = 0;
        for (int i = 0; i < count; i++) bad += f[i] != iv2[3 * i];
        EXPECT(bad == 0, "Select::Flagged: %d items differ", bad);
    }
    std::printf("select flagged: %d\n", count);
    CK(cudaFree(dk));
    CK(cudaFree(dv));
    CK(cudaFree(dk2));
    CK(cudaFree(dv2));
    CK(cudaFree(di));
    CK(cudaFree(dout));
    CK(cudaFree(dsel));
    CK(cudaFree(dcount));
    CK(cudaFree(dflags));
    return finish();
}
