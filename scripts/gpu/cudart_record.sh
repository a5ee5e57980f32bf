#!/usr/bin/env bash
# cudart_record.sh [OUTDIR] — on a machine with an NVIDIA GPU and nvcc: compiles every CUDA runtime
# test program of tests/cudart/progs with the flags its CTest uses (tests/cmake/cudart_progs.cmake:
# -cudart shared -arch=sm_90 -O2 -lineinfo, plus a program's own "// nvcc-flags:" line), runs each
# on the GPU, and writes OUTDIR/cudart_h200.tar.gz (OUTDIR defaults to $OUT) holding, per program,
# NAME.stdout, NAME.rc (exit status), NAME.stderr and NAME.seconds (wall time, for the benchmark
# only), and PROVENANCE.txt (GPU and driver from nvidia-smi, nvcc version, date, commit). Unpack
# NAME.stdout and NAME.rc into tests/cudart/progs/h200/ with the provenance: the CTests compare
# against them.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:-${OUT:?give OUTDIR or set OUT}}
src=tests/cudart/progs
work=$(mktemp -d)
rec=$work/rec
mkdir -p "$rec"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
jobs=$(nproc)
names=$(cd $src && ls *.cu | sed 's/\.cu$//')
# compile in parallel: Thrust and CUB take minutes each
build_one() {
    local n=$1 flags
    flags=$(sed -n 's|^// nvcc-flags: *||p' "$src/$n.cu" | head -1)
    # shellcheck disable=SC2086
    "$nvcc" -cudart shared -arch=sm_90 -O2 -lineinfo $flags -I"$src" -o "$work/$n" "$src/$n.cu" \
        >"$rec/$n.build.log" 2>&1 || echo "$n: nvcc failed" >>"$rec/BUILD_FAILURES.txt"
}
export -f build_one
export src work rec nvcc
echo "$names" | xargs -P "$jobs" -I{} bash -c 'build_one {}'
for n in $names; do
    [ -x "$work/$n" ] || continue
    t0=$(date +%s.%N)
    (cd "$work" && timeout 300 "./$n" >"$rec/$n.stdout" 2>"$rec/$n.stderr")
    echo $? >"$rec/$n.rc"
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{printf "%.3f\n", $2 - $1}' >"$rec/$n.seconds"
    echo "$n: exit $(cat "$rec/$n.rc"), $(cat "$rec/$n.seconds") s, last line: $(tail -n 1 "$rec/$n.stdout")"
done
{
    echo "recorded by scripts/gpu/cudart_record.sh"
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -1)"
    echo "nvidia-smi: $(nvidia-smi 2>&1 | sed -n 3p | tr -s ' ')"
    echo "nvcc: $("$nvcc" --version | tail -2 | head -1)"
    echo "commit: ${PTXSIM_COMMIT:-$(git rev-parse HEAD 2>/dev/null || echo unknown)}"
    echo "flags: -cudart shared -arch=sm_90 -O2 -lineinfo (+ each program's // nvcc-flags: line)"
    echo "host: $(uname -srm)"
} >"$rec/PROVENANCE.txt"
cat "$rec/PROVENANCE.txt"
[ -f "$rec/BUILD_FAILURES.txt" ] && cat "$rec/BUILD_FAILURES.txt"
mkdir -p "$out"
tar -C "$work" -czf "$out/cudart_h200.tar.gz" rec
rm -rf "$work"
echo "wrote $out/cudart_h200.tar.gz"
