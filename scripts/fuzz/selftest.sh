#!/bin/sh
# selftest.sh PTXFUZZ PTXSIM DIR — the campaign pipeline against the fake driver with a planted
# bug (the fake GPU computes max where the PTX says min): ptxfuzz must report mismatches in
# fmin/fmax, shrink one to a case directory, and `ptxsim run` on that case must disagree with the
# planted "GPU" output while matching the simulator output saved beside it.
set -u
fuzz=$1 sim=$2 dir=$3
rm -rf "$dir"
"$fuzz" run --seed 7 --programs 40 --chunk 8 --fake-gpu --plant 'min.f32=>max.f32' --family fmin/fmax \
    --out "$dir" >"$dir.log" 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "selftest: expected exit 1 (mismatches), got $rc"; cat "$dir.log"; exit 1; }
grep -q '^| fmin/fmax | yes | [0-9]* | [0-9]* | [0-9]* | [1-9]' "$dir/summary.txt" ||
    { echo "selftest: no root mismatch counted for fmin/fmax"; cat "$dir/summary.txt"; exit 1; }
case=$(ls -d "$dir"/cases/min*/ 2>/dev/null | head -1)
[ -n "$case" ] || { echo "selftest: no shrunk case"; ls -R "$dir"; exit 1; }
grep -q 'reproduced in isolation' "$case/report.txt" || { echo "selftest: not reproduced"; cat "$case/report.txt"; exit 1; }
n=$(grep -c '^	[a-z@]' "$case/kernel.ptx")
"$sim" run "$case/case.json" --quiet >/dev/null 2>&1
[ $? -eq 1 ] || { echo "selftest: ptxsim run should disagree with the planted GPU output"; exit 1; }
cp "$case/out.sim.bin" "$case/out.gpu.bin"
"$sim" run "$case/case.json" --quiet || { echo "selftest: ptxsim run should match its own output"; exit 1; }
echo "selftest: ok ($(basename "$case"))"
