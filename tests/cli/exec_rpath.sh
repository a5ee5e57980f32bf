#!/usr/bin/env bash
# A program whose DT_RPATH (searched before LD_LIBRARY_PATH) names a folder with another
# libcuda.so.1 still gets ptxsim's: exec preloads it. The program is compiled here with the old
# run-path tag; skipped (77) where the shim is built with sanitizers, which an uninstrumented
# program cannot load.
. "$(dirname "$0")/exec_data/lib.sh"
src=$(cd "$data/../.." && pwd)   # tests/
shim_dir=$(cd "$(dirname "$ptxsim")/../shim" && pwd)
undefined=$(nm -D --undefined-only "$shim_dir/libcuda.so.1")
if grep -q __asan_init <<<"$undefined"; then
    echo "skip: the shim is built with AddressSanitizer"
    exit 77
fi
mkdir "$tmp/other"
echo 'int not_the_driver(void) { return 0; }' >"$tmp/other.c"
cc -shared -fPIC -o "$tmp/other/libcuda.so.1" "$tmp/other.c" || fail "cc (the other libcuda)"
cc -o "$tmp/prog" "$src/cli/exec_prog.c" -I"$src/shim/include" -I"$src/../api/shim" -L"$shim_dir" -lcuda \
    -Wl,--disable-new-dtags -Wl,-rpath,"$tmp/other" || fail "cc (the program)"
dyn=$(readelf -d "$tmp/prog")
grep -q '(RPATH)' <<<"$dyn" || fail "the program has no DT_RPATH"
run 127 "$tmp/prog" "$ptx" clean # on its own it finds the other library
has 'undefined symbol: cuInit' "$err"
run 0 "$ptxsim" exec -- "$tmp/prog" "$ptx" clean
has '^copy: PASS$' "$out"
has '^==ptxsim== kernel copy\(int const\*, int\*, int\)' "$err"
echo ok
