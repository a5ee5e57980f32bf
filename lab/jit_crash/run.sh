#!/usr/bin/env bash
# run.sh PTXSIM OUTDIR — JIT-loads and runs each variant of corpus/hand_func_reg_abi on the GPU
# (gpu-run), recording the exit status (139: the process crashed), and ptxas's verdict.
set -u
cd "$(dirname "$0")"
ps=$1 out=$2
mkdir -p "$out"
for p in full.ptx no_*.ptx; do
  n=${p%.ptx}
  python3 - "$n" <<'PY'
import json,sys
n=sys.argv[1]; p=f'case.{n}.json'
s=open('../../corpus/hand_func_reg_abi/case.json').read(); j=json.loads(s)
j['ptx']=f'{n}.ptx'; j.pop('expect',None)
j['buffers'][0]['init']={'file':'in.in.bin'}
json.dump(j,open(p,'w'))
PY
  "$ps" gpu-run case.$n.json --out "$out/$n" --jit-log > "$out/$n.log" 2>&1
  echo "$n gpu-run rc=$?" >> "$out/summary.txt"
  ${PTXAS:-ptxas} -arch=sm_90 $p -o /dev/null > "$out/$n.ptxas" 2>&1; echo "$n ptxas rc=$?" >> "$out/summary.txt"
done
