#!/usr/bin/env bash
# exports.sh OURS — every function CUDA 13's libcudart.so.13 exports, ptxsim's libcudart exports
# too (implemented, or a stub that says it is not supported): a program linked against the real
# one never meets an unresolved symbol. Skipped (77) without the CUDA toolkit's library.
set -eu
ours=$1
real=""
for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib; do
  [ -e "$d/libcudart.so.13" ] && real=$d/libcudart.so.13 && break
done
[ -n "$real" ] || { echo "no CUDA 13 libcudart.so.13 to compare with"; exit 77; }
missing=$(comm -23 <(nm -D --defined-only "$real" | awk '{print $3}' | sort -u) \
                   <(nm -D --defined-only "$ours" | awk '{print $3}' | sort -u))
if [ -n "$missing" ]; then echo "FAIL: not exported by $ours:"; echo "$missing"; exit 1; fi
echo "PASS: all $(nm -D --defined-only "$real" | wc -l) exports of $real, with their version"
