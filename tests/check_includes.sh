#!/bin/bash
# check_includes.sh SRC_DIR [ARCHIVE...] — the layering of docs/api.md ("Layering").
#
# Inside the library the dependencies point one way:
#   common <- isa <- parser <- sim <- {verify, manifest} <- api
# A quoted #include in one of these modules names a header of the module itself or of a module
# below it; one that resolves to a module above it (or to no module) fails. The simulator core
# (common, isa, parser, sim) and manifest/ know nothing of cJSON: none of their sources includes
# it, none of their CMake targets links it, and no ARCHIVE given (ps_sim's and ps_manifest's
# libraries, from CTest) references a cJSON symbol.
#
# The command line (cli/) and the GPU harness (gpu/) are clients of libptxsim and see the
# simulator only through api/ptxsim.h. Every quoted #include in cli/ names ptxsim.h, gpu.h,
# common.h (the leaf utility module: allocation, file reading), cudart_tools.h (fat binaries,
# static-cudart detection: docs/cudart.md), revision.h (the git revision, generated at build time)
# or a header of cli/ itself; in gpu/, ptxsim.h, common.h or a header of gpu/; api/ptxsim.h
# includes only system headers. Their CMake targets link no internal library but ps_common (no
# ps_sim, ps_verify, ps_manifest, ps_parser, ps_isa), so the dependencies point one way:
# cli -> gpu -> api -> {verify, manifest} -> sim -> parser -> isa -> common.
set -u
src=${1:-.}
shift
fail=0

# The quoted includes of a file, one a line.
includes() { sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1"; }

# check_module MODULE LOWER...: every quoted include of MODULE/*.[ch] is MODULE's own (a path
# relative to the file's folder, e.g. sim/mufu/*.inc) or a file of one of the LOWER modules.
check_module() {
    local mod=$1
    shift
    local f inc
    for f in "$src/$mod"/*.c "$src/$mod"/*.h; do
        [ -e "$f" ] || continue
        while IFS= read -r inc; do
            [ -e "$src/$mod/$inc" ] && continue
            local ok=0 owner="" m
            for m in "$@"; do [ -e "$src/$m/$inc" ] && ok=1; done
            if [ $ok = 0 ]; then
                for m in common isa parser sim verify manifest api; do
                    [ -e "$src/$m/$inc" ] && owner="$owner $m/"
                done
                echo "FAIL ${f#$src/}: includes \"$inc\" (${owner:+of$owner; }$mod/ may include only its own headers and those of: $*)"
                fail=1
            fi
        done < <(includes "$f")
    done
}
check_module common
check_module isa common
check_module parser isa common
check_module sim parser isa common
check_module verify sim parser isa common
check_module manifest sim parser isa common
check_module api manifest verify sim parser isa common

# The simulator core and the manifest reader do without cJSON (the manifest has its own located
# JSON reader, manifest/manifest_json.c; reports are verify/'s and api/'s).
for mod in common isa parser sim manifest; do
    for f in "$src/$mod"/*.c "$src/$mod"/*.h; do
        [ -e "$f" ] || continue
        if grep -Eiq '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"][^>"]*cjson' "$f"; then
            echo "FAIL ${f#$src/}: includes cJSON (the simulator core and manifest/ know nothing of it)"
            fail=1
        fi
    done
    if [ -e "$src/$mod/CMakeLists.txt" ] && sed 's/#.*//' "$src/$mod/CMakeLists.txt" | grep -iq 'cjson'; then
        echo "FAIL $mod/CMakeLists.txt: links cJSON"
        fail=1
    fi
done
for a in "$@"; do
    if ! syms=$(nm -u "$a" 2>/dev/null); then
        echo "FAIL $a: nm cannot read it"
        fail=1
    elif grep -q 'cJSON_' <<<"$syms"; then
        echo "FAIL $(basename "$a"): references cJSON:" $(grep -o 'cJSON_[A-Za-z_]*' <<<"$syms" | sort -u | head -5)
        fail=1
    fi
done

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
        done < <(includes "$f")
    done
}
check_dir cli ptxsim.h gpu.h common.h cudart_tools.h revision.h # revision.h: cli's own, generated (cli/revision.cmake)
check_dir gpu ptxsim.h common.h
if grep -q '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$src/api/ptxsim.h"; then
    echo "FAIL api/ptxsim.h: includes a project header"
    fail=1
fi
for cm in cli/CMakeLists.txt gpu/CMakeLists.txt; do
    if sed 's/#.*//' "$src/$cm" | grep -Eq '\bps_(sim|verify|manifest|parser|isa)\b'; then
        echo "FAIL $cm: links an internal library (only ptxsim_static and ps_common, and ps_gpu for the CLI)"
        fail=1
    fi
done
[ $fail = 0 ] && echo "ok: includes point one way (common <- isa <- parser <- sim <- {verify, manifest} <- api <- gpu <- cli);" \
    "the simulator core and manifest/ know nothing of cJSON; cli/ and gpu/ include only api/ptxsim.h, gpu/gpu.h and their own headers"
exit $fail
