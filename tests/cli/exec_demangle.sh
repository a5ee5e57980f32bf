#!/usr/bin/env bash
# Kernel names in the report are demangled as c++filt (binutils, the oracle) demangles them,
# with the mangled name in brackets: every .entry of kernels.ptx (plain functions, a namespace,
# templates, a struct parameter), and --kernel-filter matches the demangled form.
. "$(dirname "$0")/exec_data/lib.sh"
names=$(sed -n 's/^\.visible \.entry \([A-Za-z0-9_]*\)(.*/\1/p' "$ptx")
[ "$(wc -l <<<"$names")" -ge 6 ] || fail "kernels.ptx has fewer kernels than expected"
steps=()
for n in $names; do steps+=("name=$n"); done
run 0 "$ptxsim" exec -- "$prog" "$ptx" "${steps[@]}" # 64 threads: even fill stays in bounds
for n in $names; do
    plain=$(c++filt "$n")
    [ "$plain" != "$n" ] || fail "c++filt left $n as it was"
    has "^==ptxsim== kernel $(sed 's/[]\\()*.^$|?+[]/\\&/g' <<<"$plain") \[$n\]$" "$err"
done
# --kernel-filter on a demangled template name ("void ops::scale<int, 3>(...)": a template's
# demangled name starts with its return type): only that instance runs with the checkers
run 0 "$ptxsim" exec --check --kernel-filter 'ops::scale<int, 3>' -- "$prog" "$ptx" \
    name=_ZN3ops5scaleIiLi3EEEvPKT_PS1_i name=_ZN3ops5scaleIjLi2EEEvPKT_PS1_i
# the line after each kernel's name
has '^==ptxsim==   1 launch, grid \(2,1,1\) block \(32,1,1\): no findings$' "$(grep -A1 'kernel void ops::scale<int, 3>' <<<"$err")"
has '1 without checkers \(--kernel-filter\)' "$(grep -A1 'kernel void ops::scale<unsigned int, 2>' <<<"$err")"
echo ok
