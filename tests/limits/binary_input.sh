#!/usr/bin/env bash
# Row 15 of issue 15: random bytes or a cubin given as PTX printed dozens of errors echoing raw
# bytes. Binary input gets one diagnostic that says what it is.
. "$(dirname "$0")/lib.sh"
printf '\177ELF\002\001\001\063\007\000\000\000\000\000\000\000\002\000\276\000' >"$tmp/k.cubin"
head -c 1000 /dev/zero >>"$tmp/k.cubin"
expect 2 'k.cubin:1:1: error: this is an ELF file' "$ptxsim" parse "$tmp/k.cubin"
[ "$(grep -c error: <<<"$out")" = 1 ] || fail "one error expected"
printf '\120\355\125\272\001\000\020\000' >"$tmp/k.fatbin"
expect 2 'k.fatbin:1:1: error: this is a CUDA fat binary' "$ptxsim" parse "$tmp/k.fatbin"
python3 -c "import random,sys; r=random.Random(15); sys.stdout.buffer.write(bytes(r.randrange(256) for _ in range(65536)))" >"$tmp/random.ptx"
expect 2 'random.ptx:[0-9]+:[0-9]+: error: this is binary data' "$ptxsim" parse "$tmp/random.ptx"
[ "$(wc -l <<<"$out")" -le 2 ] || fail "one diagnostic and one summary line expected"
LC_ALL=C grep -q '[^[:print:][:space:]]' <<<"$out" && fail "raw bytes echoed"
printf '.version 8.0\n.target sm_80\000\n' >"$tmp/nul.ptx"
expect 2 'nul.ptx:2:14: error: this is binary data \(a NUL byte\)' "$ptxsim" parse "$tmp/nul.ptx"
