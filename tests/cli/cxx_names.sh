#!/usr/bin/env bash
# A manifest names a C++ kernel as `ptxsim init --kernel` does (issue 16): by its PTX (mangled)
# name, its unqualified name when that is unique, or its demangled signature; an unqualified name
# that several overloads share is refused with the JSON path and the candidates demangled. The PTX is
# nvcc's (cxx_names/overloads.cu); the oracles: the mangled names nvcc wrote into it, c++filt's
# demangling of them (when c++filt is installed), and the kernels' arithmetic computed here.
. "$(dirname "$0")/../limits/lib.sh"
ptxsim=$(realpath "$ptxsim")
data=$(cd "$(dirname "$0")/cxx_names" && pwd)
cd "$tmp"
cp "$data/overloads.sm_80.ptx" k.ptx
mapfile -t entries < <(sed -n 's/^\.visible \.entry \([A-Za-z0-9_]*\)(.*/\1/p' k.ptx)
[ "${entries[*]}" = "_Z10block_scanPKiPii _Z10block_scanPKfPfi _ZN2ns5twiceEPi" ] || fail "nvcc's names: ${entries[*]}"
case_json() { # $1 kernel, $2 buffer type, $3 fill
    cat <<J
{"ptx": "k.ptx", "kernel": "$1", "grid": [1, 1, 1], "block": [64, 1, 1],
 "buffers": [{"name": "in", "type": "$2", "count": 64, "init": {"fill": $3}},
             {"name": "out", "type": "$2", "count": 64, "init": {"fill": 0}}],
 "params": [{"buffer": "in"}, {"buffer": "out"}, {"s32": 64}]}
J
}
# out[i] = in[i] + 1 (int) and in[i] * 2 (float), for all 64 elements: packed here, independently
python3 -c 'import struct; open("int.bin","wb").write(struct.pack("<64i", *[5 + 1] * 64)); open("float.bin","wb").write(struct.pack("<64f", *[1.5 * 2] * 64))'
check_out() { # $1 manifest, $2 expected file, $3 the PTX name the report must give
    expect 0 '' "$ptxsim" run "$1" --out o --json r.json --quiet
    cmp -s o/out.bin "$2" || fail "$1: out differs from $2"
    python3 -c 'import json,sys; k=json.load(open("r.json"))["kernel"]; sys.exit(k != sys.argv[1] and print("kernel", k))' "$3" ||
        fail "$1: report's kernel is not $3"
}
case_json 'block_scan(int const*, int*, int)' s32 5 > sig_int.json
check_out sig_int.json int.bin _Z10block_scanPKiPii
case_json 'block_scan(float const *, float *, int)' f32 1.5 > sig_float.json
check_out sig_float.json float.bin _Z10block_scanPKfPfi
case_json _Z10block_scanPKfPfi f32 1.5 > mangled.json
check_out mangled.json float.bin _Z10block_scanPKfPfi
# ns::twice(int*): p[i] *= 2 over one buffer; unique, so its unqualified name is enough
cat > twice.json <<J
{"ptx": "k.ptx", "kernel": "twice", "grid": [1, 1, 1], "block": [64, 1, 1],
 "buffers": [{"name": "p", "type": "s32", "count": 64, "init": {"fill": 21}}], "params": [{"buffer": "p"}]}
J
python3 -c 'import struct; open("twice.bin","wb").write(struct.pack("<64i", *[42] * 64))'
expect 0 '' "$ptxsim" run twice.json --out o --quiet
cmp -s o/p.bin twice.bin || fail "twice: p differs"
# two overloads: refused, both listed with their demangled signatures
case_json block_scan s32 5 > ambiguous.json
expect 2 "ambiguous.json: error: kernel: 'block_scan' names 2 kernels of .*; give one's signature or PTX name:" \
    "$ptxsim" run ambiguous.json
for k in _Z10block_scanPKiPii _Z10block_scanPKfPfi; do
    pretty="(block_scan(int const\*, int\*, int)|block_scan(float const\*, float\*, int))"
    command -v c++filt >/dev/null && pretty=$(c++filt "$k" | sed 's/[*()]/\\&/g')
    grep -Eq -- "$k \\($pretty\\)" <<<"$out" || fail "$k ($pretty) not listed"
done
refute "_ZN2ns5twiceEPi"
cat > multi.json <<J
{"ptx": "k.ptx",
 "buffers": [{"name": "in", "type": "s32", "count": 64, "init": {"fill": 5}},
             {"name": "out", "type": "s32", "count": 64, "init": {"fill": 0}}],
 "launches": [{"kernel": "block_scan(int const*, int*, int)", "grid": [1], "block": [64],
               "params": [{"buffer": "in"}, {"buffer": "out"}, {"s32": 64}]},
              {"kernel": "block_scan", "grid": [1], "block": [64],
               "params": [{"buffer": "in"}, {"buffer": "out"}, {"s32": 64}]}]}
J
expect 2 "multi.json: error: launches\\[1\\]\\.kernel: 'block_scan' names 2 kernels" "$ptxsim" run multi.json
# a name that matches nothing: the module's kernels listed, as before
case_json scan s32 5 > none.json
expect 2 "no kernel named 'scan' in .*_Z10block_scanPKiPii" "$ptxsim" run none.json
echo "cxx_names: ok"
