#!/usr/bin/env bash
# Signals: one sent to ptxsim exec goes on to the program (which may handle it), and a program
# killed by a signal gives 128+N, as a shell reports it.
. "$(dirname "$0")/exec_data/lib.sh"
"$ptxsim" exec -- sh -c 'trap "echo got TERM; exit 42" TERM; echo ready; while :; do sleep 0.1; done' \
    >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 100); do grep -q ready "$tmp/out" 2>/dev/null && break; sleep 0.1; done
grep -q ready "$tmp/out" || { kill -KILL $pid; fail "the program did not start"; }
kill -TERM $pid
wait $pid
rc=$?
out=$(cat "$tmp/out") err=$(cat "$tmp/err")
[ $rc = 42 ] || fail "exit status $rc after SIGTERM, expected the program's 42"
has '^got TERM$' "$out"
has '^==ptxsim== the program exited with status 42$' "$err"
# killed outright: 128+9
run 137 "$ptxsim" exec -- sh -c 'kill -KILL $$'
has '^==ptxsim== the program was killed by signal 9 \(Killed\)$' "$err"
echo ok
