#!/usr/bin/env bash
# Parser resources: `.file 2000000000 "x.cu"` (a 90-byte module) made the parser allocate a
# 16 GB table indexed by .file numbers, and every .file with a new largest index copied the
# table (quadratic: 12,000 of them took 576 MB). The table now grows geometrically and the index
# is bounded (ptxas 13.0 accepts any 32-bit index; ptxsim refuses past 1048575, docs/limits.md).
. "$(dirname "$0")/lib.sh"
[ -x /usr/bin/time ] || { echo "no /usr/bin/time: skipped"; exit 77; }
mod() { printf '.version 8.0\n.target sm_80\n.address_size 64\n%s\n.visible .entry k()\n{\nret;\n}\n' "$1"; }
mod '.file 2000000000 "x.cu"' >"$tmp/big.ptx"
expect 2 'big.ptx:4:18: error: .file index 2000000000 is past ptxsim.s limit of 1048575' "$ptxsim" parse "$tmp/big.ptx"
mod '.file 1048575 "x.cu"' >"$tmp/last.ptx"
expect 0 ': ok ' /usr/bin/time -f 'peak %M KB' "$ptxsim" parse "$tmp/last.ptx"
kb=$(sed -n 's/^peak \([0-9]*\) KB$/\1/p' <<<"$out")
[ -n "$kb" ] && [ "$kb" -lt 100000 ] || fail "index 1048575 took ${kb:-?} KB"
mod "$(for i in $(seq 1 20000); do printf '.file %d "f%d.cu"\n' "$i" "$i"; done)" >"$tmp/many.ptx"
expect 0 ': ok ' /usr/bin/time -f 'peak %M KB' "$ptxsim" parse "$tmp/many.ptx"
kb=$(sed -n 's/^peak \([0-9]*\) KB$/\1/p' <<<"$out")
[ -n "$kb" ] && [ "$kb" -lt 100000 ] || fail "20000 .file directives took ${kb:-?} KB"
