#!/usr/bin/env bash
# ptxsim exec's exit status and its words about programs it cannot run: the program's own status,
# 128+N after signal N (as a shell says), 127 for a program not found, 126 for one that cannot be
# executed, and programs that never touch CUDA run as they are.
. "$(dirname "$0")/exec_data/lib.sh"
run 5 "$ptxsim" exec "$prog" "$ptx" clean exit=5
has '^copy: PASS$' "$out"
has '^==ptxsim== the program exited with status 5$' "$err"
# killed by SIGSEGV in its host code: 128+11, said in words
run 139 "$ptxsim" exec "$prog" "$ptx" clean segv
has '^copy: PASS$' "$out"
has '^==ptxsim== the program was killed by signal 11 \(Segmentation fault\)$' "$err"
# the launches before the crash are in the report: the simulator streams them as they finish
has '^==ptxsim== kernel copy\(int const\*, int\*, int\) \[_Z4copyPKiPii\]$' "$err"
# a program with no CUDA at all: its own output and status, and one line saying so
run 3 "$ptxsim" exec -- sh -c 'echo plain; exit 3'
has '^plain$' "$out"
has 'never called ptxsim.s CUDA driver' "$err"
run 0 "$ptxsim" exec --quiet -- sh -c 'echo plain'
[ -z "$err" ] || fail "--quiet printed on a clean run"
# the program's own options, --help included, are its own
run 0 "$ptxsim" exec -- sh -c 'echo "$1 $2"' sh --help --check
has '^--help --check$' "$out"
# the environment the program sees: the shim first in LD_LIBRARY_PATH, the options as variables
run 0 "$ptxsim" exec --check --arch sm_80 --threads 1 --schedule-seed 9 -- sh -c 'echo "$LD_LIBRARY_PATH|$PTXSIM_ARCH|$PTXSIM_CHECKS|$PTXSIM_THREADS|$PTXSIM_SCHEDULE_SEED"'
shim_dir=$(cd "$(dirname "$ptxsim")/../shim" && pwd)
has "^$shim_dir(:.*)?\|sm_80\|all\|1\|9$" "$out"
# the arch reaches the simulated device: sm_120 runs the module's sm_90 code; sm_80 cannot
run 0 "$ptxsim" exec --arch sm_120 -- "$prog" "$ptx" clean
has 'on a simulated sm_120' "$err"
run 1 "$ptxsim" exec --arch sm_80 -- "$prog" "$ptx" clean
has "^cuModuleLoad: CUDA_ERROR_INVALID_PTX$" "$out"
# PROGRAM through PATH, an empty entry meaning the current folder, as execvp does
mkdir "$tmp/bin" && printf '#!/bin/sh\necho found "$@"\n' >"$tmp/bin/myprog" && chmod +x "$tmp/bin/myprog"
(cd "$tmp/bin" && PATH=":/usr/bin:/bin" run 0 "$ptxsim" exec --quiet -- myprog x && has '^found x$' "$out") || exit 1
# a relative TMPDIR still gives the program an absolute report folder (it may change folders)
mkdir "$tmp/rel"
(cd "$tmp" && TMPDIR=rel run 0 "$ptxsim" exec --quiet -- sh -c 'cd /; echo "$PTXSIM_REPORT_DIR"' &&
    has "^$tmp/rel/ptxsim-exec\.[A-Za-z0-9]{6}$" "$out") || exit 1
[ -z "$(ls -A "$tmp/rel")" ] || fail "the scratch folder was left behind"
# programs that cannot run
run 127 "$ptxsim" exec -- no-such-program-ptxsim
has '^ptxsim: error: exec: no-such-program-ptxsim: command not found \(not in PATH\)$' "$err"
run 127 "$ptxsim" exec -- "$tmp/missing"
has "^ptxsim: error: exec: $tmp/missing: No such file or directory$" "$err"
printf 'not a program\n' >"$tmp/data.txt"
run 126 "$ptxsim" exec -- "$tmp/data.txt"
has "^ptxsim: error: exec: $tmp/data.txt: not executable" "$err"
run 126 "$ptxsim" exec -- "$tmp"
has "is a directory$" "$err"
# an executable file the kernel cannot run (no #! line, not ELF)
printf '\x01\x02garbage' >"$tmp/bad" && chmod +x "$tmp/bad"
run 126 "$ptxsim" exec -- "$tmp/bad"
has "^ptxsim: error: exec: cannot execute $tmp/bad: Exec format error$" "$err"
echo ok
