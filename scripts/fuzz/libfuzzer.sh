#!/usr/bin/env bash
# libfuzzer.sh — builds the libFuzzer harnesses (tests/fuzz), makes their seed corpora and
# dictionaries, and runs each harness for a fixed time with a fixed seed; one summary line per
# harness (executions, executions per second, crashes). docs/fuzz.md, "libFuzzer".
#
#   bash scripts/fuzz/libfuzzer.sh [--time S] [--seed N] [--workers N] [--only NAME,...]
#                                  [--build DIR] [--work DIR] [--no-build] [--keep-going]
#
# --time S      seconds per harness (default 60)
# --seed N      libFuzzer's -seed (default 1); with a fresh --work folder a run is repeatable
#               up to timing (how many executions fit in S seconds)
# --workers N   N fuzzing processes per harness (libFuzzer -fork=N), for long campaigns
# --only        some of: module, launch, manifest (default all three, one after another)
# --work DIR    corpora, artefacts and logs (default <build>/fuzz-work); the corpora grow there
#               from run to run
# --keep-going  with --workers: go on after a crash, timeout or out-of-memory (each kept as an
#               artefact) instead of stopping at the first
# Exit status: 0 when no harness found anything, 1 otherwise, 2 on a usage or build error.
set -euo pipefail
cd "$(dirname "$0")/../.."
time_s=60 seed=1 workers=0 only=module,launch,manifest build=build-fuzz work="" do_build=1 keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --time) time_s=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --workers) workers=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --no-build) do_build=0; shift ;;
    --keep-going) keep=1; shift ;;
    *) echo "libfuzzer.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
work=${work:-$build/fuzz-work}
cc=${PTXSIM_FUZZ_CC:-clang-14}
if [ $do_build = 1 ]; then
  command -v "$cc" >/dev/null || { echo "libfuzzer.sh: $cc not found (bash scripts/setup.sh --fuzz)" >&2; exit 2; }
  cmake -S . -B "$build" -G Ninja -DCMAKE_C_COMPILER="$cc" -DPTXSIM_LIBFUZZER=ON >/dev/null
  ninja -C "$build" ${PTXSIM_FUZZ_JOBS:+-j "$PTXSIM_FUZZ_JOBS"} fuzz_module fuzz_launch fuzz_manifest >/dev/null
fi
mkdir -p "$work/artifacts" "$work/logs"
python3 scripts/fuzz/seeds.py "$work/seeds" >/dev/null
python3 scripts/fuzz/make_dict.py "$work/dict" >/dev/null

# per harness: dictionary and longest input (bigger inputs mostly cost time, not coverage)
declare -A dict=([module]=ptx [launch]=ptx [manifest]=manifest)
declare -A maxlen=([module]=8192 [launch]=4096 [manifest]=4096)
status=0
for h in ${only//,/ }; do
  [ -n "${dict[$h]:-}" ] || { echo "libfuzzer.sh: no harness '$h'" >&2; exit 2; }
  bin=$build/fuzz/fuzz_$h
  corpus=$work/corpus/$h
  log=$work/logs/$h.log
  mkdir -p "$corpus"
  before=$(ls "$work/artifacts" | grep -c "^$h-" || true)
  args=(-seed="$seed" -max_total_time="$time_s" -dict="$work/dict/${dict[$h]}.dict"
        -max_len="${maxlen[$h]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$work/artifacts/$h-")
  if [ "$workers" -gt 0 ]; then
    args+=(-fork="$workers")
    [ $keep = 1 ] && args+=(-ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  rc=0
  "$bin" "${args[@]}" "$corpus" "$work/seeds/$h" >"$log" 2>&1 || rc=$?
  found=$(( $(ls "$work/artifacts" | grep -c "^$h-" || true) - before ))
  if [ "$workers" -gt 0 ]; then # fork mode: the last status line counts every job's executions
    execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  else
    execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  fi
  execs=${execs:-0}
  secs=$(grep -oE 'Done [0-9]+ runs in [0-9]+ second' "$log" | grep -oE '[0-9]+ second' | grep -oE '[0-9]+' || true)
  [ -n "$secs" ] && [ "$secs" -gt 0 ] || secs=$time_s
  printf 'fuzz_%s: %d execs, %d exec/s, %d crashes (seed %s, %s s, corpus %d files; log %s)\n' \
    "$h" "$execs" $(( execs / secs )) "$found" "$seed" "$time_s" "$(ls "$corpus" | wc -l)" "$log"
  if [ "$found" -gt 0 ] || [ "$rc" -ne 0 ]; then
    status=1
    grep -E 'ERROR: |runtime error|SUMMARY' "$log" | head -5 | sed 's/^/    /'
    ls "$work/artifacts" | grep "^$h-" | tail -"$(( found > 0 ? found : 1 ))" | sed "s|^|    artefact: $work/artifacts/|"
  fi
done
exit $status
