#!/usr/bin/env bash
# ptxsim exec's options: help, precise usage errors (exit 2, nothing run), --kernel-filter (by
# mangled or demangled name), --only and --severity with the note of what they hid.
. "$(dirname "$0")/exec_data/lib.sh"
run 0 "$ptxsim" help exec
has '^usage: ptxsim exec \[options\] \[--\] PROGRAM \[ARGS\.\.\.\]$' "$out"
has '--error-exitcode N' "$out"
run 0 "$ptxsim" exec --help
has '^usage: ptxsim exec' "$out"
run 0 "$ptxsim" help
has '^  exec \[options\] \[--\] PROGRAM' "$out"
bad() { # bad REGEX ARGS...: exit 2, that message, and the program never ran
    local re=$1
    shift
    run 2 "$ptxsim" exec "$@" -- sh -c "touch $tmp/ran"
    has "$re" "$err"
    [ ! -e "$tmp/ran" ] || fail "the program ran: $*"
}
run 2 "$ptxsim" exec
has '^ptxsim: error: exec: no PROGRAM to run' "$err"
bad "unknown option '--chek'; did you mean '--check'\?" --chek
bad "unknown option '--bogus'" --bogus
bad "option '--arch' needs a value" --arch
bad "--arch: 'sm_99' is not an architecture ptxsim simulates" --arch sm_99
bad "--error-exitcode needs a number from 0 to 255, not '256'" --error-exitcode 256
bad "--error-exitcode needs a number from 0 to 255, not 'x'" --error-exitcode x
bad "--threads needs a positive number, not '0'" --threads 0
bad "--watchdog needs a positive number, not '-5'" --watchdog -5
bad "--timeout needs a number of seconds" --timeout soon
bad "--schedule-seed needs a number, not '1e3'" --schedule-seed 1e3
bad "--severity takes note, warning or error, not 'fatal'" --severity fatal
bad "--only: unknown finding kind 'racy' \(kinds: race " --only race,racy
bad "--only needs at least one finding kind" --only ,
bad "--kernel-filter: '\(' is not an extended regular expression" --check --kernel-filter '('
bad "--kernel-filter chooses the kernels the checkers watch: it needs --check" --kernel-filter copy
bad "--json needs a file" --json -
bad "--html needs --check: the pages show the checkers' counters" --html "$tmp/pages"
touch "$tmp/afile"
bad "--html $tmp/afile: not a folder ptxsim can write in" --check --html "$tmp/afile"
bad "--log $tmp/no/such/dir/log: No such file or directory" --log "$tmp/no/such/dir/log"

# --kernel-filter: only the kernels named run with the checkers
run 0 "$ptxsim" exec --check --kernel-filter '^_Z4copy' -- "$prog" "$ptx" race clean
has '^==ptxsim==   1 launch, grid \(1,1,1\) block \(64,1,1\), 1 without checkers \(--kernel-filter\): no findings$' "$err"
has '^==ptxsim== ERROR SUMMARY: 0 errors, 0 warnings, 0 notes$' "$err"
# a demangled name matches too
run 0 "$ptxsim" exec --check --kernel-filter '^block_scan\(int const\*' -- "$prog" "$ptx" race clean
has '^==ptxsim==   race \(2 places\):$' "$err"
has '^==ptxsim==   1 launch, grid \(2,1,1\) block \(32,1,1\), 1 without checkers \(--kernel-filter\): no findings$' "$err"

# --only and --severity hide findings, and say how many
run 0 "$ptxsim" exec --check --only out-of-bounds -- "$prog" "$ptx" race
lacks 'race \(' "$err"
has '^==ptxsim== ERROR SUMMARY: 0 errors, 0 warnings, 0 notes \(2 more hidden by --only/--severity\)$' "$err"
# a hidden kind does not set --error-exitcode's status; a shown one does
run 0 "$ptxsim" exec --check --only out-of-bounds --error-exitcode 9 -- "$prog" "$ptx" race
run 9 "$ptxsim" exec --check --only race --error-exitcode 9 -- "$prog" "$ptx" race
echo ok
