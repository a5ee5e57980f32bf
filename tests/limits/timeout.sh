#!/usr/bin/env bash
# Row 12 of issue 15: an endless kernel ran 1 min 42 s under `run` and 9 min of CPU under
# `check` before the instruction watchdog stopped it, and a legal grid of 2^31-1 CTAs ran with
# no end in sight. A wall-clock --timeout (default 30 s) stops both, under run and check alike,
# as a located watchdog fault; on a terminal a progress line appears after 3 s.
. "$(dirname "$0")/lib.sh"
cat >"$tmp/loop.ptx" <<'PTX'
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<3>;
	mov.u32 %r1, 0;
$L_top:
	add.s32 %r1, %r1, 1;
	bra.uni $L_top;
}
PTX
printf '{"ptx": "loop.ptx", "kernel": "k", "grid": [2, 1, 1], "block": [64, 1, 1], "params": []}\n' >"$tmp/loop.json"
s0=$(date +%s.%N)
expect 3 "loop.ptx:(9|10): error: kernel 'k' hit the watchdog: timeout: kernel 'k' still running after 2 s of wall-clock time" \
    "$ptxsim" run "$tmp/loop.json" --timeout 2
expect 1 "loop.ptx:(9|10): error: timeout: kernel 'k' still running after 2 s" "$ptxsim" check "$tmp/loop.json" --timeout 2
s1=$(date +%s.%N)
awk -v a="$s0" -v b="$s1" 'BEGIN { exit !(b - a < 12) }' || fail "two 2-second timeouts took $(awk -v a="$s0" -v b="$s1" 'BEGIN { print b - a }') s"
# the default: 30 s (the instruction watchdog is raised out of the way: its 2e9 warp
# instructions take 12 s to 3 min here, depending on the machine and its load)
s0=$(date +%s)
expect 3 "still running after 30 s of wall-clock time" "$ptxsim" run "$tmp/loop.json" --threads 1 \
    --watchdog 1000000000000000
s1=$(date +%s)
[ $((s1 - s0)) -le 40 ] || fail "the default timeout took $((s1 - s0)) s"
# the largest legal grid ends too, with progress on a terminal
printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry e()\n{\nret;\n}\n' >"$tmp/e.ptx"
printf '{"ptx": "e.ptx", "kernel": "e", "grid": [2147483647, 1, 1], "block": [1, 1, 1], "params": []}\n' >"$tmp/e.json"
expect 3 "still running after 4 s of wall-clock time" script -qec "$ptxsim run $tmp/e.json --timeout 4" /dev/null
grep -Eq "ptxsim: kernel 'e': [0-9]+ of 2147483647 CTAs started \([0-9.]+ %\), 3 s" <<<"$out" || fail "no progress line on a terminal"
expect 3 "still running after 1 s" "$ptxsim" run "$tmp/e.json" --timeout 1 --threads 1
refute 'CTAs started'
for bad in -1 x 1e99 nan; do
    expect 2 'ptxsim: error: --timeout needs a number of seconds' "$ptxsim" run "$tmp/e.json" --timeout "$bad"
done
