#!/usr/bin/env bash
# parse_matrix.sh — compiles every corpus/src/*.cu with nvcc for a matrix of targets and flag
# variants, runs `ptxsim parse` on each PTX (as written, then with --target equal to the
# arch), and prints a summary table (see docs/parser.md for the last recorded result).
#
#   scripts/parse_matrix.sh [options]
#     --quick        all archs with -O3; -lineinfo and -G only for sm_80, sm_90, sm_120
#     --archs "..."  override the arch list (default: sm_75 sm_80 sm_86 sm_89 sm_90 sm_90a
#                    sm_100 sm_120)
#     --variants "." override the variants (default: O3 lineinfo G)
#     --sources "."  only these corpus/src/NAME.cu (default: all)
#     --keep DIR     keep the generated PTX in DIR (default: a temp dir, removed at exit)
#     --reuse        with --keep: do not recompile PTX already in DIR (re-parse only)
#     --export-data  also refresh tests/data/nvcc/ (the committed subset that test_parser
#                    parses): every arch and variant of $DATA_SRCS and the O3 variant of
#                    $DATA_SRCS_O3 (their debug info is megabytes), as NAME.ARCH.VARIANT.ptx
#     -j N, -jN      parallel nvcc jobs (default: nproc)
#
# A source whose leading comment says "// corpus-rdc: rdc/lib.cu" is compiled with -rdc=true
# together with that second unit, and the two PTX files are parsed as one linked program.
#
# Environment: NVCC (default /usr/local/cuda/bin/nvcc), PTXSIM (default build/cli/ptxsim).
# Exit status: 0 when every PTX file nvcc produced parsed, 1 otherwise.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
PTXSIM=${PTXSIM:-$root/build/cli/ptxsim}
archs="sm_75 sm_80 sm_86 sm_89 sm_90 sm_90a sm_100 sm_120"
variants="O3 lineinfo G"
quick=0
reuse=0
export_data=0
keep=""
DATA_SRCS=${DATA_SRCS:-"atomics devfunc conv2d warp_vote struct_param warpsize printf_assert device_malloc cxx_kernels rdc_link"}
DATA_SRCS_O3=${DATA_SRCS_O3:-"coop_groups"}
sources=""
jobs=$(nproc 2>/dev/null || echo 2)

while [ $# -gt 0 ]; do
  case "$1" in
  --quick) quick=1 ;;
  --archs) archs=$2; shift ;;
  --variants) variants=$2; shift ;;
  --sources) sources=$2; shift ;;
  --keep) keep=$2; shift ;;
  --reuse) reuse=1 ;;
  --export-data) export_data=1 ;;
  -j) jobs=$2; shift ;;
  -j[0-9]*) jobs=${1#-j} ;;
  -h | --help) sed -n '2,22p' "$0"; exit 0 ;;
  *) echo "parse_matrix.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done

[ -x "$NVCC" ] || { echo "parse_matrix.sh: $NVCC not found" >&2; exit 2; }
[ -x "$PTXSIM" ] || { echo "parse_matrix.sh: $PTXSIM not built (scripts/build.sh)" >&2; exit 2; }

if [ -n "$keep" ]; then
  out=$keep
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

flags_of() {
  case "$1" in
  O3) echo "-O3" ;;
  lineinfo) echo "-O3 -lineinfo" ;;
  G) echo "-G" ;;
  *) echo "parse_matrix.sh: unknown variant $1" >&2; exit 2 ;;
  esac
}

# The sources: all of corpus/src/*.cu, or those --sources names.
srcs=""
for src in corpus/src/*.cu; do
  n=$(basename "$src" .cu)
  if [ -n "$sources" ]; then case " $sources " in *" $n "*) ;; *) continue ;; esac; fi
  srcs="$srcs $src"
done

# One job line per compile: "src arch variant".
joblist=$out/jobs.txt
: >"$joblist"
for src in $srcs; do
  for arch in $archs; do
    for v in $variants; do
      if [ "$quick" = 1 ] && [ "$v" != O3 ]; then
        case "$arch" in sm_80 | sm_90 | sm_120) ;; *) continue ;; esac
      fi
      echo "$src $arch $v" >>"$joblist"
    done
  done
done

# nvcc in parallel; a compile failure is recorded, not fatal.
compile_one() {
  src=$1 arch=$2 v=$3
  name=$(basename "$src" .cu)
  dir=$OUT/$arch.$v
  mkdir -p "$dir"
  [ "$REUSE" = 1 ] && [ -f "$dir/$name.ptx" ] && return 0
  lib=$(sed -n 's|^// corpus-rdc: *||p' "$src" | head -1)
  if [ -n "$lib" ]; then # separate compilation: this unit and its library, -rdc=true
    # shellcheck disable=SC2046
    if ! "$NVCC" -ptx -rdc=true -arch="$arch" $(flags_of "$v") "$src" -o "$dir/$name.ptx" 2>"$dir/$name.nvcc.err" ||
       ! "$NVCC" -ptx -rdc=true -arch="$arch" $(flags_of "$v") "$(dirname "$src")/$lib" \
         -o "$dir/$name.lib.ptx" 2>>"$dir/$name.nvcc.err"; then
      rm -f "$dir/$name.ptx" "$dir/$name.lib.ptx"
    fi
    return 0
  fi
  # shellcheck disable=SC2046
  if ! "$NVCC" -ptx -arch="$arch" $(flags_of "$v") "$src" -o "$dir/$name.ptx" 2>"$dir/$name.nvcc.err"; then
    rm -f "$dir/$name.ptx"
  fi
}
export -f compile_one
export OUT=$out NVCC REUSE=$reuse
export -f flags_of

start=$(date +%s)
echo "parse_matrix: $(wc -l <"$joblist") nvcc compiles, -j$jobs, into $out" >&2
xargs -P "$jobs" -L 1 bash -c 'compile_one "$0" "$1" "$2"' <"$joblist"
echo "parse_matrix: nvcc done in $(($(date +%s) - start)) s" >&2

# Parse every PTX twice: as written, and with --target equal to the arch it was built for.
# An nvcc failure (a source that needs a newer arch) is counted apart from parse failures.
total_fail=0
printf '%-8s %-9s %5s %9s %6s %6s  %s\n' arch variant files nvcc_fail passed failed "first diagnostic"
for arch in $archs; do
  for v in $variants; do
    dir=$out/$arch.$v
    [ -d "$dir" ] || continue
    files=0 nvfail=0 passed=0 failed=0 first="" note=""
    for src in $srcs; do
      name=$(basename "$src" .cu)
      grep -q "^$src $arch $v\$" "$joblist" || continue
      files=$((files + 1))
      ptx=$dir/$name.ptx
      if [ ! -f "$ptx" ]; then
        nvfail=$((nvfail + 1))
        [ -n "$note" ] || note="(nvcc: $name.cu: $(grep -m1 error "$dir/$name.nvcc.err" | sed 's/.*error: //'))"
        continue
      fi
      ok=1
      linked=""
      [ -f "$dir/$name.lib.ptx" ] && linked="$dir/$name.lib.ptx"
      for opt in "" "--target $arch"; do
        # shellcheck disable=SC2086
        if ! "$PTXSIM" parse "$ptx" $linked $opt >/dev/null 2>"$dir/$name.parse.err"; then
          ok=0
          [ -n "$first" ] || first="$(head -1 "$dir/$name.parse.err" | sed "s|^$dir/||")${opt:+ ($opt)}"
          break
        fi
      done
      if [ $ok = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    done
    total_fail=$((total_fail + failed))
    printf '%-8s %-9s %5d %9d %6d %6d  %s\n' "$arch" "$v" "$files" "$nvfail" "$passed" "$failed" "${first:-${note:--}}"
  done
done
if [ "$export_data" = 1 ]; then
  # Like scripts/gen_corpus.sh: the repository root is cut out of .file paths. (-G output also
  # holds nvcc's working directory as DWARF bytes; those are left as nvcc wrote them.)
  data=tests/data/nvcc
  mkdir -p "$data"
  rm -f "$data"/*.ptx
  for name in $DATA_SRCS $DATA_SRCS_O3; do
    for arch in $archs; do
      for v in $variants; do
        case " $DATA_SRCS_O3 " in *" $name "*) [ "$v" = O3 ] || continue ;; esac
        for ptx in "$out/$arch.$v/$name.ptx" "$out/$arch.$v/$name.lib.ptx"; do
          [ -f "$ptx" ] || continue
          base=$(basename "$ptx" .ptx)
          awk -v pfx="\"$root/" '{ i = index($0, pfx); if (i) $0 = substr($0, 1, i) substr($0, i + length(pfx)); print }' \
            "$ptx" >"$data/$base.$arch.$v.ptx"
        done
      done
    done
  done
  echo "parse_matrix: $(ls "$data"/*.ptx | wc -l) files, $(du -sb "$data" | cut -f1) bytes in $data" >&2
fi
echo "parse_matrix: total $(($(date +%s) - start)) s, $total_fail PTX files failed to parse" >&2
[ "$total_fail" = 0 ]
