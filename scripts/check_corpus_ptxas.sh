#!/usr/bin/env bash
# check_corpus_ptxas.sh — every hand-written and LLVM-generated corpus kernel must be accepted by
# ptxas for its own .target (docs/corpus.md), and the copies under corpus/hand_<name>/ must
# equal their sources in corpus/src/hand/. Targets below sm_75 are assembled with -arch=sm_75,
# the oldest ptxas 13 knows, which accepts PTX written for any older target.
#
#   scripts/check_corpus_ptxas.sh [CORPUS_DIR]
#
# Exit 0 when all pass, 1 on a failure, 77 (CTest's skip) when ptxas is not installed.
# Environment: PTXAS overrides the assembler.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$root/corpus}

ptxas=${PTXAS:-}
if [ -z "$ptxas" ]; then
  ptxas=$(command -v ptxas || true)
  [ -z "$ptxas" ] && [ -x /usr/local/cuda/bin/ptxas ] && ptxas=/usr/local/cuda/bin/ptxas
fi
if [ -z "$ptxas" ]; then
  echo "check_corpus_ptxas: ptxas not found: skipped"
  exit 77
fi

# ptxas -arch for a module: its .target, raised to sm_75 (the first target word only)
arch_of() {
  local t
  t=$(sed -n 's/^[[:space:]]*\.target[[:space:]]\{1,\}\([a-z0-9_]*\).*/\1/p' "$1" | head -1)
  case "$t" in
  sm_[1-6][0-9] | sm_70 | sm_72 | sm_[1-9]) echo sm_75 ;;
  *) echo "$t" ;;
  esac
}

fail=0 n=0
for f in "$corpus"/hand_*/*.ptx "$corpus"/llvm_*/*.ptx; do
  [ -e "$f" ] || continue
  n=$((n + 1))
  arch=$(arch_of "$f")
  if ! out=$("$ptxas" -arch="$arch" "$f" -o /dev/null 2>&1); then
    echo "FAIL ptxas -arch=$arch ${f#"$root"/}"
    echo "$out" | sed 's/^/    /'
    fail=1
  fi
  case "$f" in
  */hand_*)
    src="$root/corpus/src/hand/$(basename "$f")"
    if ! cmp -s "$src" "$f"; then
      echo "FAIL ${f#"$root"/} differs from ${src#"$root"/} (run scripts/gen_corpus.sh)"
      fail=1
    fi
    ;;
  esac
done
echo "check_corpus_ptxas: $n kernels, $("$ptxas" --version | tail -1)"
exit $fail
