#!/usr/bin/env bash
# Row 3 of issue 15: 100,000 nested blocks used to overflow the C stack (parse_block and
# parse_statement recursed). ptxas 13.0 accepts 1,663 blocks inside a function body and stops
# at 1,664 ("Parsing error near '{': memory exhausted"); ptxsim draws the line at the same place.
. "$(dirname "$0")/lib.sh"
nest() { python3 -c "import sys; n=int(sys.argv[1]); print('.version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<2>;\n' + '{'*n + 'mov.u32 %r1, 1;' + '}'*n + '\nret;\n}')" "$1"; }
nest 1663 >"$tmp/ok.ptx"
expect 0 ': ok ' "$ptxsim" parse "$tmp/ok.ptx"
nest 1664 >"$tmp/deep.ptx"
expect 2 'deep.ptx:7:1664: error: blocks nested more than 1664 deep' "$ptxsim" parse "$tmp/deep.ptx"
nest 100000 >"$tmp/deeper.ptx"
expect 2 'deeper.ptx:7:1664: error: blocks nested more than 1664 deep' "$ptxsim" parse "$tmp/deeper.ptx"
[ "$(grep -c error: <<<"$out")" = 1 ] || fail "one error expected"
