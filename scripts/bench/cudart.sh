#!/usr/bin/env bash
# cudart.sh [BUILD] — benchmark of the CUDA runtime test programs (tests/cudart/progs, issue 14)
# on the simulator: each program's wall time, best of 3 (BENCH_REPS), run the way its CTest runs
# it (`ptxsim exec -- PROG` where ptxsim has exec, else LD_LIBRARY_PATH=BUILD/shim with no
# checkers), next to its wall time on the H200 (tests/cudart/progs/h200/SECONDS.txt); then the
# overhead of that way over `ptxsim run` of the same launches as manifests, for coop_grid (its two
# launches: tests/cudart/engine/coop_grid.*.json). Each run's output is checked (its last line
# PASS, the manifests' expected outputs) before its time counts. Builds the programs (target
# cudart_progs) if needed. Not a test: times depend on the machine and its load (uptime is shown).
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
reps=${BENCH_REPS:-3}
ptxsim=$build/cli/ptxsim
shim=${CUDART_SHIM_DIR:-$build/shim} # CUDART_SHIM_DIR: another build of the runtime
progs=$build/cudart_progs
gpu=tests/cudart/progs/h200/SECONDS.txt
[ -x "$ptxsim" ] || { echo "cudart.sh: no $ptxsim (build first)" >&2; exit 2; }
if "$ptxsim" exec --help >/dev/null 2>&1; then
    mode="ptxsim exec"
    run() { PTXSIM_LIB_DIR="$shim" "$ptxsim" exec -- "$@"; }
else
    [ -e "$shim/libcudart.so.13" ] || { echo "cudart.sh: neither ptxsim exec nor $shim/libcudart.so.13" >&2; exit 2; }
    mode="LD_LIBRARY_PATH=$shim PTXSIM_CHECKS=none"
    run() { env LD_LIBRARY_PATH="$shim" PTXSIM_CHECKS=none "$@"; }
fi
cmake --build "$build" --target cudart_progs >/dev/null || { echo "cudart.sh: building the programs failed" >&2; exit 2; }
now() { date +%s.%N; }
# best_of CMD...: the least wall time of $reps runs, which must all succeed
best_of() {
    local best="" t0 t1 t
    for _ in $(seq "$reps"); do
        t0=$(now)
        "$@" >"$tmp/out" 2>"$tmp/err" || { echo "FAILED: $*" >&2; tail -n 5 "$tmp/out" "$tmp/err" >&2; return 1; }
        t1=$(now)
        t=$(echo "$t0 $t1" | awk '{printf "%.3f", $2 - $1}')
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; fi
    done
    echo "$best"
}
check_pass() { [ "$(tail -n 1 "$tmp/out")" = PASS ] || { echo "FAILED: $1 did not print PASS" >&2; return 1; }; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# CUDA runtime programs on ptxsim ($mode), best of $reps; $(nproc) cores, load: $(uptime | sed 's/.*load average: //')"
printf "%-18s %10s %10s\n" program "ptxsim s" "H200 s"
status=0
total=0
for src in tests/cudart/progs/*.cu; do
    n=$(basename "$src" .cu)
    t=$(best_of run "$progs/$n") && check_pass "$n" || { status=1; continue; }
    g=$(awk -v n="$n" '$1 == n {print $2}' "$gpu" 2>/dev/null)
    printf "%-18s %10s %10s\n" "$n" "$t" "${g:--}"
    total=$(echo "$total $t" | awk '{printf "%.3f", $1 + $2}')
done
echo "total ${total} s"
# exec against manifests: the same two launches of coop_grid
m=tests/cudart/engine
manifests() {
    "$ptxsim" run "$m/coop_grid.grid_phases.json" --quiet --out "$tmp/o1" &&
        "$ptxsim" run "$m/coop_grid.tile_max.json" --quiet --out "$tmp/o2"
}
te=$(best_of run "$progs/coop_grid") && check_pass coop_grid || status=1
tm=$(best_of manifests) || status=1
if [ $status = 0 ]; then
    echo "coop_grid: $mode ${te} s; the same 2 launches as manifests (ptxsim run x2) ${tm} s; overhead $(echo "$te $tm" | awk '{printf "%.3f s (%.2fx)", $1 - $2, $1 / $2}')"
fi
exit $status
