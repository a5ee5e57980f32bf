#!/usr/bin/env bash
# gpu_record.sh [--build-only] — records hardware truth for the corpus (docs/gpu.md): builds
# ptxsim, runs `ptxsim gpu-run --record` on every corpus/*/case*.json on the GPU the CUDA driver
# sees, writes corpus/<case>/gpu.provenance.json beside the recorded <buffer>[.<tag>].gpu.bin
# files into a staging tree, and packs that tree as $OUT/gpu_recorded.tar.gz (unpack it in the
# repository root). Also runs `ptxsim diff corpus/*/case*.json --gpu` (simulator against the
# live GPU). Only corpus/<case>/case*.json are recorded: deeper manifests (corpus/defects/…)
# are defective kernels on purpose, not for a GPU.
#
# Meant for a GPU machine without this project's build dependencies: ptxsim is compiled with cc
# directly (the CMake build also wants cmocka, MPFR and GMP for the tests). Every .deb file in
# build-gpurec/debs/ is unpacked into build-gpurec/prefix first: libcjson1, libcjson-dev and
# uthash-dev, taken from a Debian machine's apt cache (`apt-get download` them), are what the
# GPU image lacks. When the compiler fails, a ptxsim binary prebuilt at build-gpurec/ptxsim is
# used (with build-gpurec/lib/libcjson.so.1). $PTXSIM overrides all of that.
#
# gpu_record.sh --check verifies instead, on any machine, that every recording's provenance
# still names the PTX and manifest as they are now (SHA-256): a changed kernel or input needs a
# new recording.
#
# Environment: OUT (output folder; default build-gpurec/out), PTXSIM (a ptxsim to use),
# RECORD_SECONDS (stop starting new manifests after this long, default 420, so that what was
# recorded is still packed inside a time-limited session).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# A manifest's input files ("init": {"file": F}) and the modules it links after the first
# ("ptx": ["a.ptx", "b.ptx"]), one a line.
input_files() {
    grep -o '"init": *{ *"file": *"[^"]*"' "$1" | sed 's/.*"\([^"]*\)"$/\1/'
    grep -o '"ptx": *\[[^]]*\]' "$1" | grep -o '"[^"]*\.ptx"' | tr -d '"' | tail -n +2
}
# A manifest's first (or only) PTX file.
first_ptx() { sed -n 's/.*"ptx" *: *\[* *"\([^"]*\)".*/\1/p' "$1" | head -1; }
# Manifests for a target newer than the recording GPU (case.sm_120.json on an H200, sm 90) have
# no recording: that GPU cannot run them. RECORD_MAX_SM (default 90, the H200) sets the bound.
# corpus/GPU_UNRECORDABLE lists the manifests the GPU cannot run for another reason.
beyond_gpu() {
    local n
    grep -q "^$1 " corpus/GPU_UNRECORDABLE 2>/dev/null && return 0
    n=$(basename "$1" | sed -n 's/^case\.sm_\([0-9]*\)[a-z]*\.json$/\1/p')
    [ -n "$n" ] && [ "$n" -gt "${RECORD_MAX_SM:-90}" ]
}

if [ "${1:-}" = "--check" ]; then
    # One sha256sum over the corpus, one awk over the provenance files: few processes, since
    # starting them is what costs on slow machines.
    ls corpus/*/gpu.provenance.json >/dev/null 2>&1 || { echo "gpu_record --check: no recordings"; exit 1; }
    skip=$(for m in corpus/*/case*.json; do beyond_gpu "$m" && echo "$m"; done)
    find corpus -type f ! -name '*.gpu.bin' ! -name gpu.provenance.json -print0 | xargs -0 sha256sum |
        awk -v skip="$skip" '
        BEGIN { n = split(skip, sk, "\n"); for (i = 1; i <= n; i++) if (sk[i] != "") beyond[sk[i]] = 1 }
        function val(s, key,   i) {        # the string after "key": "
            i = index(s, "\"" key "\": \"")
            if (!i) return ""
            s = substr(s, i + length(key) + 5)
            return substr(s, 1, index(s, "\"") - 1)
        }
        function stale(what) { print "stale: " what; bad++ }
        FNR == NR { path = substr($0, 67); hash[path] = $1
                    if (path ~ /^corpus\/[^\/]*\/case[^\/]*\.json$/ && !(path in beyond)) { manifests[path] = 1; n++ }
                    next }
        {
            dir = FILENAME; sub(/\/[^\/]*$/, "", dir)
            if ((m = val($0, "manifest")) != "") {
                cur = dir "/" m; seen[cur] = 1
                if (hash[cur] != val($0, "manifest_sha256")) stale(cur " changed since it was recorded")
                ptx = dir "/" val($0, "ptx")
                if (hash[ptx] != val($0, "ptx_sha256")) stale(ptx " changed since " cur " was recorded")
            }
            if (index($0, "\"inputs\": {")) {
                s = substr($0, index($0, "{") + 1)
                while ((i = index(s, "\"")) > 0) {
                    s = substr(s, i + 1); f = substr(s, 1, index(s, "\"") - 1)
                    s = substr(s, index(s, "\"") + 1); s = substr(s, index(s, "\"") + 1)
                    h = substr(s, 1, index(s, "\"") - 1); s = substr(s, index(s, "\"") + 1)
                    if (hash[dir "/" f] != h) stale(dir "/" f " (an input of " cur ") changed since it was recorded")
                }
            }
        }
        END {
            for (m in manifests) if (!(m in seen)) { print "not recorded: " m; bad++ }
            printf "gpu_record --check: %d manifests, %d not recorded or stale\n", n, bad
            exit bad > 0
        }' - corpus/*/gpu.provenance.json
    exit
fi

work=$root/build-gpurec
out=${OUT:-$work/out}
mkdir -p "$work" "$out"
log=$out/gpu_record.log
say() { echo "$*" | tee -a "$log"; }
: >"$log"

# ---- build dependencies: cJSON (library and header) and uthash (headers) -----------------------
dep_cflags="" dep_libs=""
if ls "$work"/debs/*.deb >/dev/null 2>&1; then
    prefix=$work/prefix
    mkdir -p "$prefix"
    for deb in "$work"/debs/*.deb; do
        if command -v dpkg >/dev/null; then
            dpkg -x "$deb" "$prefix"
        else # a .deb is an ar archive holding data.tar.xz
            ar p "$deb" data.tar.xz | tar -xJ -C "$prefix"
        fi
    done
    dep_cflags="-I$prefix/usr/include"
fi
if pkg-config --exists libcjson 2>/dev/null; then
    dep_cflags="$dep_cflags $(pkg-config --cflags libcjson)"
    dep_libs=$(pkg-config --libs libcjson)
elif so=$(find "$work/prefix" -name 'libcjson.so.1' 2>/dev/null | head -1) && [ -n "$so" ]; then
    libdir=$(dirname "$so")
    ln -sf libcjson.so.1 "$libdir/libcjson.so"
    dep_libs="-L$libdir -lcjson -Wl,-rpath,$libdir"
    export LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
else
    say "gpu_record: no cJSON (pkg-config libcjson, or build-gpurec/debs/libcjson*.deb)"
fi
# libcjson.so.1 for a prebuilt binary, where the .deb files could not be unpacked
[ -d "$work/lib" ] && export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$work/lib

# ---- ptxsim ----------------------------------------------------------------------------------
ptxsim=${PTXSIM:-}
if [ -z "$ptxsim" ]; then
    ptxsim=$work/bin/ptxsim
    mkdir -p "$work/bin"
    srcs=$(ls common/*.c isa/*.c parser/*.c sim/*.c verify/*.c manifest/*.c api/*.c gpu/*.c cli/*.c)
    # cli/revision.h, which CMake writes (cli/revision.cmake): the same line, by hand
    mkdir -p "$work/gen"
    rev=$(git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)
    printf '#define PTXSIM_REVISION "%s"\n' "${rev:-unknown}" >"$work/gen/revision.h"
    # -frounding-math etc. are what sim/CMakeLists.txt gives fp.c; harmless for the rest.
    # PS_MUFU_DATA_DIR: where sim/mufu_data.c's .incbin finds the MUFU tables (as CMake sets it).
    if ${CC:-cc} -std=gnu17 -O2 -pthread -frounding-math -fno-fast-math -ffp-contract=off \
        -DPS_MUFU_DATA_DIR="\"$PWD/sim/mufu\"" \
        -Icommon -Iisa -Iparser -Isim -Iverify -Imanifest -Iapi -Igpu -Icli -I"$work/gen" $dep_cflags $srcs -o "$ptxsim" \
        $dep_libs -ldl -lm >>"$log" 2>&1; then
        say "gpu_record: built $ptxsim with $(${CC:-cc} --version | head -1)"
    elif [ -x "$work/ptxsim" ]; then
        ptxsim=$work/ptxsim
        say "gpu_record: compiling failed (see the log); using the prebuilt $ptxsim"
    else
        say "gpu_record: cannot build ptxsim (see $log)"
        exit 2
    fi
fi
[ "${1:-}" = "--build-only" ] && exit 0

# ---- the GPU -----------------------------------------------------------------------------------
if ! info=$("$ptxsim" gpu-info --json 2>>"$log"); then
    say "gpu_record: $(tail -1 "$log")"
    exit 2
fi
say "gpu_record: $info"
field() { echo "$info" | sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }
gpu=$(field gpu) sm=$(field sm) api=$(field cuda_driver_api)
driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1)
[ -n "$driver" ] || driver=$(sed -n 's/.*Kernel Module *\([0-9.]*\).*/\1/p' /proc/driver/nvidia/version 2>/dev/null | head -1)
nvcc_version=$(nvcc --version 2>/dev/null | sed -n 's/.*release \([0-9.]*\).*/\1/p')
date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
say "gpu_record: driver ${driver:-?}, nvcc ${nvcc_version:-none}, $date"

# ---- record every manifest -----------------------------------------------------------------
stage=$out/stage
rm -rf "$stage"
sha() { sha256sum "$1" | cut -d' ' -f1; }
json_list() { local s="" x; for x in "$@"; do s="$s${s:+, }\"$x\""; done; echo "[$s]"; }
total=0 failed=0 skipped=0
start=$SECONDS
differs=()
for dir in corpus/*/; do
    dir=${dir%/}
    ls "$dir"/case*.json >/dev/null 2>&1 || continue
    case_stage=$stage/$dir
    mkdir -p "$case_stage"
    entries=""
    for m in "$dir"/case*.json; do
        total=$((total + 1))
        if [ $((SECONDS - start)) -gt "${RECORD_SECONDS:-420}" ]; then
            say "$m: skipped (time)"
            skipped=$((skipped + 1))
            continue
        fi
        name=$(basename "$m")
        if beyond_gpu "$m"; then
            say "$m: skipped (its target is newer than sm_${RECORD_MAX_SM:-90}, or corpus/GPU_UNRECORDABLE lists it)"
            continue
        fi
        ptx=$(first_ptx "$m")
        kernel=$(sed -n 's/.*"kernel" *: *"\([^"]*\)".*/\1/p' "$m" | head -1)
        cmd="ptxsim gpu-run $m --record $dir"
        run_log=$("$ptxsim" gpu-run "$m" --record "$case_stage" 2>&1)
        rc=$?
        echo "$run_log" >>"$log"
        case $rc in
        0) result="matches the expected output" ;;
        1) result="differs from the expected output" ;;
        3) result="kernel failed on the GPU" ;;
        *) result="not run (error)" ;;
        esac
        [ $rc -le 1 ] || failed=$((failed + 1))
        [ $rc -eq 1 ] && differs+=("$m")
        files=$(echo "$run_log" | sed -n 's|^  recorded .*/||p')
        say "$(printf '%-36s %-34s %s' "$m" "$result" "$(echo $files)")"
        [ $rc -le 1 ] || continue
        inputs=""
        for f in $(input_files "$m"); do inputs="$inputs${inputs:+, }\"$f\": \"$(sha "$dir/$f")\""; done
        entry=$(printf '    {"manifest": "%s", "kernel": "%s", "ptx": "%s", "ptx_sha256": "%s", "manifest_sha256": "%s",\n     "inputs": {%s},\n     "command": "%s", "files": %s,\n     "vs_expected": "%s"}' \
            "$name" "$kernel" "$ptx" "$(sha "$dir/$ptx")" "$(sha "$m")" "$inputs" "$cmd" "$(json_list $files)" "$result")
        entries="$entries${entries:+,
}$entry"
    done
    [ -n "$entries" ] || continue
    cat >"$case_stage/gpu.provenance.json" <<EOF
{
  "gpu": "$gpu",
  "sm": "$sm",
  "driver": "${driver:-unknown}",
  "cuda": "$api",
  "cuda_toolkit_on_host": "${nvcc_version:-none}",
  "date": "$date",
  "how": "scripts/gpu_record.sh: ptxsim gpu-run (CUDA driver API; the PTX JIT-compiled by the driver as written)",
  "manifests": [
$entries
  ]
}
EOF
done
say "gpu_record: $total manifests, $failed failed, $skipped skipped, $((SECONDS - start)) s"

# Where the GPU differs from the oracle, run again: is the GPU's own result repeatable?
for m in "${differs[@]}"; do
    dir=$(dirname "$m")
    again=$out/again/$dir
    mkdir -p "$again"
    "$ptxsim" gpu-run "$m" --record "$again" --quiet >>"$log" 2>&1
    for f in "$again"/*.gpu.bin; do
        if cmp -s "$f" "$stage/$dir/$(basename "$f")"; then say "repeat $m $(basename "$f"): identical"
        else say "repeat $m $(basename "$f"): DIFFERENT (the GPU result is not deterministic)"; fi
    done
    rm -rf "$out/again"
done
tar -czf "$out/gpu_recorded.tar.gz" -C "$stage" corpus
rm -rf "$stage"

# ---- the simulator against the live GPU ----------------------------------------------------
live=$(for m in corpus/*/case*.json; do beyond_gpu "$m" || echo "$m"; done)
"$ptxsim" diff $live --gpu >"$out/diff_live.log" 2>&1
say "gpu_record: ptxsim diff (every recordable manifest) --gpu: exit $? ($(tail -1 "$out/diff_live.log"))"
exit 0
