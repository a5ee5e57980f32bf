#!/bin/sh
# Regenerates the PTX of the CUDA-written planted defects (corpus/defects/<name>/<name>.cu →
# <name>.ptx), one nvcc call for all of them, with the repository-relative `.file` path that
# scripts/gen_corpus.sh also writes. Committed PTX came from CUDA 13.0 (V13.0.88). Hand-written
# cases have no .cu and are left alone; ptxas checks every .ptx.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
PTXAS=${PTXAS:-$(dirname "$NVCC")/ptxas}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"
# cases with an nvcc_flags file are compiled with those flags instead of -O3 (uninit_reg needs
# -Xcicc -O0: NVVM folds an undefined value away when optimising)
for cu in corpus/defects/*/*.cu; do
  d=$(dirname "$cu")
  if [ -f "$d/nvcc_flags" ]; then
    # (flags naming an -arch, as the sm_90a cluster defects do, replace the default sm_80)
    flags=$(cat "$d/nvcc_flags")
    case "$flags" in *-arch*) ;; *) flags="$flags -arch=sm_80" ;; esac
    # shellcheck disable=SC2086
    "$NVCC" $flags -ptx -lineinfo --output-directory "$tmp" "$cu"
  else
    echo "$cu"
  fi
done | xargs "$NVCC" -O3 -ptx -arch=sm_80 -lineinfo --output-directory "$tmp"
for f in "$tmp"/*.ptx; do
  name=$(basename "$f" .ptx)
  awk -v pfx="\"$root/" '{ i = index($0, pfx); if (i) $0 = substr($0, 1, i) substr($0, i + length(pfx)); print }' \
    <"$f" >"corpus/defects/$name/$name.ptx"
done
for f in corpus/defects/*/*.ptx; do
  "$PTXAS" -arch="$(awk '/^\.target/ { print $2; exit }' "$f")" "$f" -o /dev/null || echo "gen_ptx.sh: ptxas rejects $f (expected only for defects ptxas itself catches)" >&2
done
