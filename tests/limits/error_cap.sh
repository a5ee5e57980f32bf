#!/usr/bin/env bash
# Row 8 of issue 15: `.reg .b32 %r<1000000>` printed the same warning 934,473 times, and a file
# with thousands of bad lines printed every one. Diagnostics stop at 100 with a note; parse
# never says ok after an error.
. "$(dirname "$0")/lib.sh"
kernel '.reg .b32 %r<1000000>;' >"$tmp/regs.ptx"
expect 0 'warning: accepted, but ptxsim cannot run it: .*register slots' "$ptxsim" parse "$tmp/regs.ptx"
[ "$(grep -c 'register slots' <<<"$out")" = 1 ] || fail "the register-slot warning must be printed once"
{ kernel; for i in $(seq 5000); do echo "bogus.instruction$i %r1;"; done; } >"$tmp/many.ptx"
expect 2 'too many diagnostics: only the first 100 are shown' "$ptxsim" parse "$tmp/many.ptx"
[ "$(grep -c ': error: ' <<<"$out")" = 100 ] || fail "100 errors expected, got $(grep -c ': error: ' <<<"$out")"
refute ': ok '
expect 2 'ptxsim: 5000 errors in' "$ptxsim" parse "$tmp/many.ptx"
