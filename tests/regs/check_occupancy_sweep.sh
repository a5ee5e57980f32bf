#!/usr/bin/env bash
# check_occupancy_sweep.sh SWEEP ORACLE — ptxsim's occupancy rules (cli/occupancy.c, run by
# occ_sweep over 18 targets x 17 register counts x 6 static x 6 dynamic shared sizes x 16 block
# sizes x 4 barrier counts) against the CUDA toolkit's calculator (occ_oracle, cuda_occupancy.h) on the same shapes:
# blocks per SM equal everywhere, and the limiting resources where a block fits.
set -u
sweep=$("$1") || exit 1
oracle=$(cut -d' ' -f1-6 <<< "$sweep" | "$2") || exit 1
paste -d'|' <(echo "$sweep") <(echo "$oracle") | awk -F'|' '
    { split($1, a, " -> "); split(a[2], m, " "); split($2, o, " ")
      if (m[1] != o[1] || (m[1] > 0 && m[2] != o[2])) { bad++; if (bad <= 20) print "FAIL " a[1] ": ptxsim " a[2] ", cuda_occupancy.h " $2 } }
    END { print NR " launch shapes compared with cuda_occupancy.h: " bad + 0 " differ"; exit (bad > 0 || NR < 1000) }'
