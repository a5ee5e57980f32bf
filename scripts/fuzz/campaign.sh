#!/usr/bin/env bash
# campaign.sh — one random differential campaign on a GPU machine, in one call (docs/fuzz.md).
#
#   bash scripts/fuzz/campaign.sh [--build-only]
#
# Uses build-fuzz-dev/ptxfuzz when it exists (built on a developer machine by
# `bash scripts/fuzz/campaign.sh --build-only`, needing no library beyond glibc), otherwise
# compiles ptxfuzz here with cc from the working tree: the simulator sources (the manifest reader,
# manifest/, is not needed; trees from before it left sim/ have it left out of sim/*.c), and of api/ only types.c and uthash's headers, unpacked from build-gpurec/debs/*.deb the way
# scripts/gpu_record.sh does. Then it runs PROCS ptxfuzz processes at once (the driver's PTX JIT
# is the bottleneck and runs on one host thread per process), each on its own seed range, each
# comparing its programs with the simulator in-process and shrinking its own mismatches on the
# GPU; merges their statistics; and packs everything into $OUT/fuzz_results.tar.gz:
#   summary.txt       the merged table (families, lane-executions, mismatches, approximate forms)
#   p<i>/             each process's summary, stats.tsv, errors.txt, cases.txt
#   cases/<name>/     each shrunk mismatch: case.json, kernel.ptx, in.bin, out.gpu.bin,
#                     out.sim.bin, report.txt (a regression-test directory as it is)
#
# Environment: OUT (default build-fuzz-dev/out), SEED (default 20261129), PROCS (default: cores
# less two, at most 14), PROGRAMS (per process, default 400), TIME_LIMIT (seconds of generation
# and comparison per process, default 100), SHRINK_TIME (default 40), EXTRA (more ptxfuzz options).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
dev=$root/build-fuzz-dev
out=${OUT:-$dev/out}
mkdir -p "$dev" "$out"

build() { # compiles $dev/ptxfuzz from the sources in $1 (default: the working tree)
    local src=${1:-$root} inc=""
    if ls "$root"/build-gpurec/debs/uthash*.deb >/dev/null 2>&1 && ! [ -f /usr/include/uthash.h ]; then
        mkdir -p "$dev/prefix"
        for deb in "$root"/build-gpurec/debs/uthash*.deb; do
            if command -v dpkg >/dev/null; then dpkg -x "$deb" "$dev/prefix"
            else ar p "$deb" data.tar.xz | tar -xJ -C "$dev/prefix"; fi
        done
        inc="-I$dev/prefix/usr/include"
    fi
    local srcs objs=() s o
    pushd "$src" >/dev/null || return 1
    srcs=$(ls common/*.c isa/*.c parser/*.c sim/*.c api/types.c gpu/compare.c scripts/fuzz/*.c | grep -v '^sim/manifest') # older trees
    mkdir -p "$dev/obj"
    # one compiler per source file, in parallel; fp.c needs the flags sim/CMakeLists.txt gives it
    printf '%s\n' $srcs | xargs -P "$(nproc)" -I{} sh -c \
        'o='"$dev"'/obj/$(echo {} | tr / _).o; ${CC:-cc} -std=gnu17 -O2 -pthread -frounding-math -fno-fast-math -ffp-contract=off -DPS_MUFU_DATA_DIR=\"$PWD/sim/mufu\" -Icommon -Iisa -Iparser -Isim -Iapi -Igpu -Iscripts/fuzz '"$inc"' -c {} -o $o' || return 1
    for s in $srcs; do objs+=("$dev/obj/$(echo "$s" | tr / _).o"); done
    ${CC:-cc} -pthread "${objs[@]}" -o "$dev/ptxfuzz.new" -ldl -lm || return 1
    mv "$dev/ptxfuzz.new" "$dev/ptxfuzz"
    echo "${2:-working tree} $(sha256sum sim/*.c sim/*.h isa/*.def parser/*.c | sha256sum | cut -c1-16)" >"$dev/SOURCE"
    popd >/dev/null
}

if [ "${1:-}" = "--build-only" ]; then
    # The simulator as committed (HEAD), so that edits in progress elsewhere in the tree do not
    # leak into the campaign; scripts/fuzz as it is in the working tree.
    snap=$dev/snapshot
    rm -rf "$snap" && mkdir -p "$snap"
    git archive HEAD common isa parser sim api gpu | tar -x -C "$snap" || exit 2
    mkdir -p "$snap/scripts" && cp -r scripts/fuzz "$snap/scripts/"
    build "$snap" "commit $(git rev-parse --short HEAD)" && echo "built $dev/ptxfuzz ($(cat "$dev/SOURCE"))"
    exit
fi

log=$dev/campaign.log
: >"$log"
say() { echo "$*" | tee -a "$log"; }
if [ -x "$dev/ptxfuzz" ] && { "$dev/ptxfuzz" 2>&1 || true; } | grep -q usage; then
    say "campaign: prebuilt $dev/ptxfuzz (simulator sources $(cat "$dev/SOURCE" 2>/dev/null || echo '?'))"
else
    t0=$SECONDS
    build >>"$log" 2>&1 || { say "campaign: cannot build ptxfuzz (see $log)"; tail -20 "$log"; exit 2; }
    say "campaign: built ptxfuzz in $((SECONDS - t0)) s (simulator sources $(cat "$dev/SOURCE"))"
fi
nvidia-smi -L 2>/dev/null | head -2 | tee -a "$log"

seed=${SEED:-20261129}
cores=$(nproc)
procs=${PROCS:-$((cores > 3 ? cores - 2 : 1))}
[ "$procs" -gt 14 ] && procs=14
programs=${PROGRAMS:-400}
export CUDA_CACHE_DISABLE=1 # thousands of distinct modules: no point in the JIT cache
say "campaign: $procs processes x $programs programs, seed $seed"
work=$dev/work
rm -rf "$work"
mkdir -p "$work"
t0=$SECONDS
pids=()
for i in $(seq 0 $((procs - 1))); do
    "$dev/ptxfuzz" run --gpu --seed $((seed + i * 1000000)) --programs "$programs" --threads 1 \
        --chunk 64 --time-limit "${TIME_LIMIT:-100}" --shrink-time "${SHRINK_TIME:-40}" --per-sig 1 --shrink-max 30 ${EXTRA:-} \
        --out "$work/p$i" >"$work/p$i.log" 2>&1 &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
say "campaign: processes done in $((SECONDS - t0)) s"
"$dev/ptxfuzz" merge "$work" "$work"/p[0-9]*/ >/dev/null
# Optional evidence: the SASS that ptxas makes of chosen cases (build-fuzz-dev/sass/*.ptx).
if ls "$dev"/sass/*.ptx >/dev/null 2>&1; then
    PATH=$PATH:/usr/local/cuda/bin
    mkdir -p "$work/sass"
    for f in "$dev"/sass/*.ptx; do
        b=$(basename "$f" .ptx)
        ptxas -arch=sm_90 "$f" -o "$work/sass/$b.cubin" 2>>"$work/sass/ptxas.log" &&
            cuobjdump -sass "$work/sass/$b.cubin" >"$work/sass/$b.sass" 2>&1
        rm -f "$work/sass/$b.cubin"
    done
    say "campaign: SASS of $(ls "$work"/sass/*.sass 2>/dev/null | wc -l) cases ($(ptxas --version 2>/dev/null | tail -1))"
fi
mkdir -p "$work/cases"
for d in "$work"/p[0-9]*/cases/*/; do [ -d "$d" ] && cp -r "$d" "$work/cases/"; done
for d in "$work"/p[0-9]*/; do cp "$d/../$(basename "$d").log" "$d/run.log" 2>/dev/null; rm -rf "$d/cases"; done
cp "$log" "$work/"
# Pack first, print after: a reader that stops early (`| head`) must not cost the results.
tar -czf "$out/fuzz_results.tar.gz" -C "$work" .
if [ "$(stat -c %s "$out/fuzz_results.tar.gz")" -gt 15000000 ]; then # what comes back: 16 MiB a file
    # in 15 MB parts (cat fuzz_results.tar.gz.part-* | tar -xz); at most 5 of them come back
    say "campaign: results in parts of 15 MB"
    split -b 15000000 -d -a 1 "$out/fuzz_results.tar.gz" "$out/fuzz_results.tar.gz.part-"
    rm -f "$out/fuzz_results.tar.gz"
fi
cp "$work/summary.txt" "$out/summary.txt"
cp "$log" "$out/campaign.log"
cat "$work/summary.txt"
echo
echo "cases: $(ls "$work/cases" | wc -l)"
for d in "$work"/cases/*/; do [ -d "$d" ] && sed -n '1,4p' "$d/report.txt" | tr '\n' ' ' && echo; done | head -80
ls -la "$out"
