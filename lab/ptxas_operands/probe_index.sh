#!/bin/bash
# probe_index.sh — what address ptxas compiles "mov.u64 %rd, var[K]" to, read from the cubin
# (no GPU needed): the byte offset added to the variable's address is the 32-bit immediate of the
# first IADD3 (SASS opcode 0x7890 on sm_80) after the parameter load. Prints one line per case.
set -euo pipefail
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case_() { # decl, index expression
    cat > "$tmp/p.ptx" <<EOT
.version 8.0
.target sm_80
.address_size 64
$1
.entry k(.param .u64 pp)
{
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [pp];
    mov.u64 %rd2, v[$2];
    st.global.u64 [%rd1], %rd2;
    ret;
}
EOT
    "$PTXAS" -arch=sm_80 "$tmp/p.ptx" -o "$tmp/p.cubin"
    # the IADD3 with an immediate: bytes 90 78 .. .. then the little-endian immediate
    imm=$(readelf -x .text.k "$tmp/p.cubin" | awk '$2 ~ /^9078/ {print $3; exit}')
    off=$(( 0x${imm:6:2}${imm:4:2}${imm:2:2}${imm:0:2} ))
    [ $off -ge 2147483648 ] && off=$(( off - 4294967296 ))
    printf '%-28s v[%s] -> byte offset %d\n' "$1" "$2" "$off"
}
case_ '.global .u32 v[100000];' 4660
case_ '.global .u32 v[1000][10];' 123
case_ '.global .v4 .f32 v[1000];' 77
case_ '.global .f64 v[1000];' 77
case_ '.global .b8 v[1000];' 77
case_ '.global .u32 v[1000];' -1
case_ '.global .u32 v[1000];' 2000
case_ '.global .u32 v[1000];' '2*60+3'
