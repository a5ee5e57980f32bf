#!/bin/bash
# check_includes.sh SRC_DIR — the layering of docs/api.md ("Layering"): the command line (cli/)
# and the GPU harness (gpu/) are clients of libptxsim and see the simulator only through
# api/ptxsim.h. Every quoted #include in cli/ names ptxsim.h, gpu.h, common.h (the leaf utility
# module: allocation, file reading), cudart_tools.h (fat binaries, static-cudart detection:
# docs/cudart.md), revision.h (the git revision, generated at build time) or a header of cli/ itself; in gpu/, ptxsim.h, common.h or a
# header of gpu/; api/ptxsim.h includes only system headers. Their CMake targets link no internal
# library but ps_common (no ps_sim, ps_verify, ps_parser, ps_isa), so the dependencies point one
# way: cli -> gpu -> api -> {verify, sim, parser, isa} -> common.
set -u
src=${1:-.}
fail=0
# check_dir DIR ALLOWED...: quoted includes of DIR/*.c and DIR/*.h against the allow-list and
# DIR's own headers.
check_dir() {
    local dir=$1
    shift
    local f inc
    for f in "$src/$dir"/*.c "$src/$dir"/*.h; do
        [ -e "$f" ] || continue
        while IFS= read -r inc; do
            local ok=0 a
            for a in "$@"; do [ "$inc" = "$a" ] && ok=1; done
            [ -e "$src/$dir/$inc" ] && ok=1
            if [ $ok = 0 ]; then
                echo "FAIL ${f#$src/}: includes \"$inc\" (allowed: $* and $dir/'s own headers)"
                fail=1
            fi
        done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
    done
}
check_dir cli ptxsim.h gpu.h common.h cudart_tools.h revision.h # revision.h: cli's own, generated (cli/revision.cmake)
check_dir gpu ptxsim.h common.h
if grep -q '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$src/api/ptxsim.h"; then
    echo "FAIL api/ptxsim.h: includes a project header"
    fail=1
fi
for cm in cli/CMakeLists.txt gpu/CMakeLists.txt; do
    if sed 's/#.*//' "$src/$cm" | grep -Eq '\bps_(sim|verify|parser|isa)\b'; then
        echo "FAIL $cm: links an internal library (only ptxsim_static and ps_common, and ps_gpu for the CLI)"
        fail=1
    fi
done
[ $fail = 0 ] && echo "ok: cli/ and gpu/ include only api/ptxsim.h, gpu/gpu.h and their own headers"
exit $fail
