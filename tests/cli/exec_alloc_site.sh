#!/usr/bin/env bash
# Findings about global memory name the allocation by the program's call site (issue 16): an
# out-of-bounds write past a cudaMalloc'd buffer, the same through cudaMallocPitch, and a race on
# global memory in a buffer allocated in a helper function, in a program built with nvcc -g; the
# oracle is the line of the call in the program's own source (exec_data/alloc_site.cu, lines
# marked "site:"), not the runtime's or cuda_runtime.h's template. Without DWARF (no -g) the
# function is named with an offset; without addr2line the object and offset. Needs nvcc
# (skipped with status 77 without it).
. "$(dirname "$0")/exec_data/lib.sh"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc" ] || { echo "skip: no nvcc"; exit 77; }
shim_dir=$(cd "$(dirname "$ptxsim")/../shim" && pwd)
undefined=$(nm -D --undefined-only "$shim_dir/libcuda.so.1")
if grep -q __asan_init <<<"$undefined" || [ ! -e "$shim_dir/libcudart.so.13" ]; then
    echo "skip: the shim is built with AddressSanitizer (an nvcc program cannot load it) or has no runtime"
    exit 77
fi
ptxsim=$(realpath "$ptxsim")
src=$data/alloc_site.cu
site() { grep -n "// site: $1\$" "$src" | cut -d: -f1; }
cp "$src" "$tmp/alloc_site.cu"
cd "$tmp"
timeout 300 "$nvcc" -g -arch=sm_90 -cudart shared alloc_site.cu -o prog || fail "nvcc -g"
timeout 300 "$nvcc" -arch=sm_90 -cudart shared alloc_site.cu -o prog_nog || fail "nvcc"

run 0 "$ptxsim" exec --check -- ./prog overrun
has "^==ptxsim==     module1\.ptx:[0-9]+: error: out-of-bounds global write of 4 bytes at 0x[0-9a-f]+: 0 bytes past the end of the allocation made by cudaMalloc at alloc_site\.cu:$(site overrun) in main\(\) \(4000 bytes\)$" "$err"
has "^ptxsim libcuda: cuLaunchKernel(Ex)?: kernel '_Z4fillPii' faulted: .* made by cudaMalloc at alloc_site\.cu:$(site overrun) in main\(\)" "$err"
lacks "@0x" "$err"
# the HTML page of the launch says the same
run 0 "$ptxsim" exec --check --html pages -- ./prog overrun
page=$(cat pages/launch-*.html)
has "past the end of the allocation made by cudaMalloc at alloc_site\.cu:$(site overrun) in main\(\) \(4000 bytes\)" "$page"
lacks "@0x" "$page"
run 0 "$ptxsim" exec --check -- ./prog pitch
has "past the end of the allocation made by cudaMallocPitch at alloc_site\.cu:$(site pitch) in main\(\) \(1024 bytes\)" "$err"
run 0 "$ptxsim" exec --check --json r.json -- ./prog race
has "race on global memory between blocks: .* \(byte 12 of the allocation made by cudaMalloc at alloc_site\.cu:$(site make_buffer) in make_buffer\(unsigned long\), 256 bytes\)$" "$err"
python3 - "$(site make_buffer)" <<'PY' || fail "the JSON report's findings do not name the allocation"
import json, sys
fs = [f for l in json.load(open("r.json"))["launches"] for f in l["report"]["findings"] if f["kind"] == "race"]
want = "made by cudaMalloc at alloc_site.cu:%s in make_buffer(unsigned long), 256 bytes)" % sys.argv[1]
sys.exit(not fs or not all(f["message"].endswith(want) for f in fs))
PY
# no DWARF: the function (cuda_runtime.h's template skipped) and where in the program
run 0 "$ptxsim" exec --check -- ./prog_nog overrun
has "past the end of the allocation made by cudaMalloc in main\(\) \(prog_nog\+0x[0-9a-f]+\) \(4000 bytes\)$" "$err"
# no addr2line: the object and offset
mkdir empty
run 0 env PATH="$tmp/empty" "$ptxsim" exec --check -- ./prog overrun
has "past the end of the allocation made by cudaMalloc at prog\+0x[0-9a-f]+ \(4000 bytes\)$" "$err"
echo ok
