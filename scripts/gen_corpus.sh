#!/usr/bin/env bash
# Regenerate the kernel corpus (see docs/corpus.md).
#
#   scripts/gen_corpus.sh            PTX from corpus/src/*.cu (nvcc, sm_80 and sm_90), copies of
#                                    the hand-written PTX, PTX from LLVM (corpus/src/llvm: clang-14
#                                    and llc-14, when installed), then manifests, inputs and
#                                    expected outputs from the C oracles (tests/oracle).
#   scripts/gen_corpus.sh --no-nvcc  no nvcc (the hand copies, LLVM PTX and oracle outputs).
#   scripts/gen_corpus.sh --no-llvm  keep the committed LLVM PTX instead of regenerating it.
#   scripts/gen_corpus.sh NAME...    only these nvcc cases (corpus/src/NAME.cu) and their oracles
#                                    (hand-written and LLVM PTX are copied or made as always)
#
# A source may name its targets and a second translation unit in its leading comment:
#   // corpus-archs: sm_75 sm_80 sm_90 sm_120   (instead of sm_80 sm_90)
#   // corpus-rdc: rdc/lib.cu                   (both units compiled with -rdc=true; the case
#                                               links corpus/<name>/lib.<arch>.ptx too)
#
# Deterministic: fixed seeds, no clock, no absolute paths in the outputs, so a rerun with the
# same toolkit reproduces the committed files byte for byte. The committed PTX was produced by
# CUDA 13.0 (V13.0.88) and LLVM 14 (Debian 12's clang-14 / llc-14); other versions produce
# different (but valid) PTX.
#
# Environment: NVCC, PTXAS, NVLINK, CC, CLANG, LLC override the tools.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

NVCC=${NVCC:-nvcc}
PTXAS=${PTXAS:-ptxas}
NVLINK=${NVLINK:-nvlink}
CC=${CC:-cc}
CLANG=${CLANG:-clang-14}
LLC=${LLC:-llc-14}
ARCHS="sm_80 sm_90"
LLVM_ARCH=sm_80
# clang without CUDA headers or libdevice; +ptx70 because clang-14 does not know CUDA 13 and
# would otherwise assume a PTX version too old for the *_sync builtins
CLANG_CUDA="--cuda-device-only --cuda-gpu-arch=$LLVM_ARCH -nocudainc -nocudalib -S -Wno-unknown-cuda-version -Xclang -target-feature -Xclang +ptx70"
CLANG_OPENCL="-target nvptx64-nvidia-nvcl -x cl -cl-std=CL1.2 -S"
LLC_NVPTX="-march=nvptx64 -mcpu=$LLVM_ARCH -mattr=+ptx70"

use_nvcc=1
use_llvm=1
only=""
for arg in "$@"; do
  case "$arg" in
  --no-nvcc) use_nvcc=0 ;;
  --no-llvm) use_llvm=0 ;;
  [a-z]*) only="$only $arg" ;;
  -h | --help)
    sed -n '2,23p' "$0"
    exit 0
    ;;
  *)
    echo "gen_corpus.sh: unknown argument $arg" >&2
    exit 2
    ;;
  esac
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The nvcc cases asked for (all when none were named).
selected() {
  [ -z "$only" ] && return 0
  for n in $only; do [ "$n" = "$1" ] && return 0; done
  return 1
}
# A source's targets ("// corpus-archs: ..." in its leading comment) and second unit.
archs_of() {
  a=$(sed -n 's|^// corpus-archs: *||p' "$1" | head -1)
  echo "${a:-$ARCHS}"
}
rdc_of() { sed -n 's|^// corpus-rdc: *||p' "$1" | head -1; }

# Replace the absolute source path that nvcc records in `.file` with a repository-relative one.
strip_root() {
  awk -v pfx="\"$root/" '{ i = index($0, pfx); if (i) $0 = substr($0, 1, i) substr($0, i + length(pfx)); print }'
}

if [ "$use_nvcc" = 1 ]; then
  command -v "$NVCC" >/dev/null || { echo "gen_corpus.sh: $NVCC not found (use --no-nvcc)" >&2; exit 1; }
  ver=$("$NVCC" --version | sed -n 's/.*\(V[0-9][0-9.]*\).*/\1/p')
  [ "$ver" = V13.0.88 ] || echo "gen_corpus.sh: note: nvcc $ver differs from V13.0.88 used for the committed PTX" >&2
  for src in corpus/src/*.cu; do
    name=$(basename "$src" .cu)
    selected "$name" || continue
    mkdir -p "corpus/$name"
    archs=$(archs_of "$src")
    lib=$(rdc_of "$src")
    for arch in $archs; do
      out="corpus/$name/$name.$arch.ptx"
      if [ -z "$lib" ]; then
        (cd corpus/src && "$NVCC" -O3 -ptx -arch="$arch" -lineinfo "$name.cu" -o "$tmp/k.ptx")
        strip_root <"$tmp/k.ptx" >"$out"
        "$PTXAS" -arch="$arch" "$out" -o /dev/null
      else
        # separate compilation: each unit's PTX, checked by ptxas -c and linked by nvlink
        lout="corpus/$name/$(basename "$lib" .cu).$arch.ptx"
        (cd corpus/src && "$NVCC" -O3 -rdc=true -ptx -arch="$arch" -lineinfo "$name.cu" -o "$tmp/k.ptx")
        (cd "corpus/src/$(dirname "$lib")" && "$NVCC" -O3 -rdc=true -ptx -arch="$arch" -lineinfo \
          "$(basename "$lib")" -o "$tmp/l.ptx")
        strip_root <"$tmp/k.ptx" >"$out"
        strip_root <"$tmp/l.ptx" >"$lout"
        "$PTXAS" -c -arch="$arch" "$out" -o "$tmp/k.o"
        "$PTXAS" -c -arch="$arch" "$lout" -o "$tmp/l.o"
        "$NVLINK" -arch="$arch" "$tmp/k.o" "$tmp/l.o" -o "$tmp/linked.cubin"
      fi
    done
    echo "ptx   $name ($archs)"
  done
fi
for src in corpus/src/hand/*.ptx; do
  name=$(basename "$src" .ptx)
  mkdir -p "corpus/hand_$name"
  cp "$src" "corpus/hand_$name/$name.ptx"
done

# PTX from LLVM's NVPTX backend: CUDA (.cu) and OpenCL C (.cl, clang's nvptx64-nvidia-nvcl
# target and its defaults) through clang-14, LLVM IR (.ll) through llc-14. A source may name
# extra flags on a line of its own: `// clang-flags: ...` or `; llc-flags: ...`; the default is
# -O2. The command goes into the first line of the PTX.
if [ "$use_llvm" = 1 ] && command -v "$CLANG" >/dev/null && command -v "$LLC" >/dev/null; then
  for src in corpus/src/llvm/*.cu corpus/src/llvm/*.cl corpus/src/llvm/*.ll; do
    [ -e "$src" ] || continue
    file=$(basename "$src")
    name=${file%.*}
    mkdir -p "corpus/llvm_$name"
    if [ "${file##*.}" = cu ] || [ "${file##*.}" = cl ]; then
      flags=$(sed -n 's|^// clang-flags: ||p' "$src" | head -1)
      lang=$CLANG_CUDA
      [ "${file##*.}" = cl ] && lang=$CLANG_OPENCL
      cmd="$CLANG $lang ${flags:--O2} $file"
      (cd corpus/src/llvm && $CLANG $lang ${flags:--O2} "$file" -o "$tmp/k.ptx")
    else
      flags=$(sed -n 's|^; llc-flags: ||p' "$src" | head -1)
      cmd="$LLC $LLC_NVPTX ${flags:--O2} $file"
      (cd corpus/src/llvm && $LLC $LLC_NVPTX ${flags:--O2} "$file" -o "$tmp/k.ptx")
    fi
    { echo "// $cmd  (corpus/src/llvm, scripts/gen_corpus.sh)"; cat "$tmp/k.ptx"; } >"corpus/llvm_$name/$name.ptx"
    echo "llvm  $name"
  done
elif [ "$use_llvm" = 1 ]; then
  echo "gen_corpus.sh: $CLANG or $LLC not found: the committed LLVM PTX is kept" >&2
fi

# Every hand-written and LLVM kernel must pass ptxas for its own target.
if command -v "$PTXAS" >/dev/null; then
  PTXAS=$(command -v "$PTXAS") bash scripts/check_corpus_ptxas.sh
fi

"$CC" -O2 -std=gnu17 -ffp-contract=off -Wall -Wextra -o "$tmp/ps_oracle" tests/oracle/*.c -lgmp -lm
# shellcheck disable=SC2086
"$tmp/ps_oracle" gen corpus $only
# shellcheck disable=SC2086
"$tmp/ps_oracle" check corpus $only >/dev/null
echo "corpus regenerated and checked"
