#!/usr/bin/env bash
# A program built by nvcc with its default static CUDA runtime is recognised before it runs
# (exit 2, one line on how to rebuild it); built with -cudart shared it needs ptxsim's
# libcudart.so.13 (that run is left out where the shim is built with sanitizers). Needs nvcc
# (skipped with status 77 without it).
. "$(dirname "$0")/exec_data/lib.sh"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc" ] || { echo "skip: no nvcc"; exit 77; }
cat >"$tmp/k.cu" <<'CU'
#include <cstdio>
__global__ void twice(int *a) { a[threadIdx.x] *= 2; }
int main() {
    int *d;
    cudaError_t e = cudaMalloc(&d, 64 * sizeof(int));
    if (e == cudaSuccess) twice<<<1, 64>>>(d), e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorName(e));
    return e != cudaSuccess;
}
CU
timeout 300 "$nvcc" -arch=sm_90 -c "$tmp/k.cu" -o "$tmp/k.o" || fail "nvcc -c"
timeout 120 "$nvcc" -arch=sm_90 "$tmp/k.o" -o "$tmp/k_static" || fail "nvcc (static runtime)"
timeout 120 "$nvcc" -arch=sm_90 -cudart shared "$tmp/k.o" -o "$tmp/k_shared" || fail "nvcc -cudart shared"
strip -o "$tmp/k_stripped" "$tmp/k_static"
for p in k_static k_stripped; do
    rm -f "$tmp/ran"
    run 2 "$ptxsim" exec --check -- "$tmp/$p"
    has "^ptxsim: error: exec: $tmp/$p has the CUDA runtime linked in statically .*rebuild it with \`nvcc -cudart shared\` \(CMake: .*CUDA_RUNTIME_LIBRARY Shared" "$err"
    [ -z "$out" ] || fail "the program ran"
done
shim_dir=$(cd "$(dirname "$ptxsim")/../shim" && pwd)
undefined=$(nm -D --undefined-only "$shim_dir/libcuda.so.1") # (a pipe into grep -q fails under pipefail)
if grep -q __asan_init <<<"$undefined"; then
    echo "the shared-runtime run is left out: the shim is built with AddressSanitizer, which an" \
         "uninstrumented program cannot load"
elif [ -e "$shim_dir/libcudart.so.13" ]; then
    run 0 "$ptxsim" exec --check -- "$tmp/k_shared"
    has '^cudaSuccess$' "$out"
    has '^==ptxsim== kernel twice\(int\*\) \[_Z5twicePi\]$' "$err"
else # until ptxsim has its own runtime: said, and nothing run
    run 2 "$ptxsim" exec -- "$tmp/k_shared"
    has "^ptxsim: error: exec: $tmp/k_shared needs libcudart.so.13, which this ptxsim does not provide" "$err"
fi
echo ok
