#!/usr/bin/env bash
# Regenerate the kernel corpus (see docs/corpus.md).
#
#   scripts/gen_corpus.sh            PTX from corpus/src/*.cu (nvcc, sm_80 and sm_90), copies of
#                                    the hand-written PTX, then manifests, inputs and expected
#                                    outputs from the C oracles (tests/oracle).
#   scripts/gen_corpus.sh --no-nvcc  only the oracle outputs (no CUDA toolkit needed).
#   scripts/gen_corpus.sh NAME...    only these cases (corpus/src/NAME.cu; hand_NAME for
#                                    corpus/src/hand/NAME.ptx)
#
# A source may name its targets and a second translation unit in its leading comment:
#   // corpus-archs: sm_75 sm_80 sm_90 sm_120   (instead of sm_80 sm_90)
#   // corpus-rdc: rdc/lib.cu                   (both units compiled with -rdc=true; the case
#                                               links corpus/<name>/lib.<arch>.ptx too)
#
# Deterministic: fixed seeds, no clock, no absolute paths in the outputs, so a rerun with the
# same toolkit reproduces the committed files byte for byte. The committed PTX was produced by
# CUDA 13.0 (V13.0.88); another nvcc version will produce different (but valid) PTX.
#
# Environment: NVCC, PTXAS, NVLINK, CC override the tools.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

NVCC=${NVCC:-nvcc}
PTXAS=${PTXAS:-ptxas}
NVLINK=${NVLINK:-nvlink}
CC=${CC:-cc}
ARCHS="sm_80 sm_90"
HAND_CHECK_ARCH=sm_75 # ptxas 13 no longer targets sm_50/sm_70; sm_75 accepts their PTX

use_nvcc=1
only=""
for arg in "$@"; do
  case "$arg" in
  --no-nvcc) use_nvcc=0 ;;
  [a-z]*) only="$only $arg" ;;
  -h | --help)
    sed -n '2,21p' "$0"
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

# The cases asked for (all when none were named).
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
  for src in corpus/src/hand/*.ptx; do
    name=$(basename "$src" .ptx)
    selected "hand_$name" || continue
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
    selected "hand_$name" || continue
    mkdir -p "corpus/hand_$name"
    cp "$src" "corpus/hand_$name/$name.ptx"
  done
fi

"$CC" -O2 -std=gnu17 -ffp-contract=off -Wall -Wextra -o "$tmp/ps_oracle" tests/oracle/*.c -lgmp -lm
# shellcheck disable=SC2086
"$tmp/ps_oracle" gen corpus $only
# shellcheck disable=SC2086
"$tmp/ps_oracle" check corpus $only >/dev/null
echo "corpus regenerated and checked"
