#!/usr/bin/env bash
# Regenerate the kernel corpus (see docs/corpus.md).
#
#   scripts/gen_corpus.sh            PTX from corpus/src/*.cu (nvcc, sm_80 and sm_90), copies of
#                                    the hand-written PTX, then manifests, inputs and expected
#                                    outputs from the C oracles (tests/oracle).
#   scripts/gen_corpus.sh --no-nvcc  only the oracle outputs (no CUDA toolkit needed).
#
# Deterministic: fixed seeds, no clock, no absolute paths in the outputs, so a rerun with the
# same toolkit reproduces the committed files byte for byte. The committed PTX was produced by
# CUDA 13.0 (V13.0.88); another nvcc version will produce different (but valid) PTX.
#
# Environment: NVCC, PTXAS, CC override the tools.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

NVCC=${NVCC:-nvcc}
PTXAS=${PTXAS:-ptxas}
CC=${CC:-cc}
ARCHS="sm_80 sm_90"
HAND_CHECK_ARCH=sm_75 # ptxas 13 no longer targets sm_50/sm_70; sm_75 accepts their PTX

use_nvcc=1
for arg in "$@"; do
  case "$arg" in
  --no-nvcc) use_nvcc=0 ;;
  -h | --help)
    sed -n '2,15p' "$0"
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
    mkdir -p "corpus/$name"
    for arch in $ARCHS; do
      out="corpus/$name/$name.$arch.ptx"
      (cd corpus/src && "$NVCC" -O3 -ptx -arch="$arch" -lineinfo "$name.cu" -o "$tmp/k.ptx")
      strip_root <"$tmp/k.ptx" >"$out"
      "$PTXAS" -arch="$arch" "$out" -o /dev/null
    done
    echo "ptx   $name"
  done
  for src in corpus/src/hand/*.ptx; do
    name=$(basename "$src" .ptx)
    mkdir -p "corpus/hand_$name"
    cp "$src" "corpus/hand_$name/$name.ptx"
    for arch in $HAND_CHECK_ARCH sm_90; do
      "$PTXAS" -arch="$arch" "corpus/hand_$name/$name.ptx" -o /dev/null
    done
    echo "hand  $name"
  done
else
  for src in corpus/src/hand/*.ptx; do
    name=$(basename "$src" .ptx)
    mkdir -p "corpus/hand_$name"
    cp "$src" "corpus/hand_$name/$name.ptx"
  done
fi

"$CC" -O2 -std=gnu17 -ffp-contract=off -Wall -Wextra -o "$tmp/ps_oracle" tests/oracle/*.c -lgmp -lm
"$tmp/ps_oracle" gen corpus
"$tmp/ps_oracle" check corpus >/dev/null
echo "corpus regenerated and checked"
