#!/usr/bin/env bash
# Divergence severity (issue 16): `if (lane == 0) out[warp] = v;` — one lane on one side of every
# divergent execution, and that side a short block that stores — is a note naming the leader-lane
# store, not a warning; a branch that splits warps 16/16 around the same store stays a warning.
. "$(dirname "$0")/../limits/lib.sh"
ptxsim=$(realpath "$ptxsim")
cd "$tmp"
mk() { # $1 name, $2 the comparison that skips the store
cat > "$1.ptx" <<P
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .pred %p; .reg .b32 %r<6>; .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x; mov.u32 %r5, %ctaid.x; mad.lo.u32 %r1, %r5, 128, %r1;
  and.b32 %r2, %r1, 31; shr.u32 %r3, %r1, 5;
  shfl.sync.down.b32 %r4, %r1, 1, 31, -1;
  $2
  @%p bra SKIP;
  mul.wide.u32 %rd2, %r3, 4; add.s64 %rd3, %rd1, %rd2; st.global.u32 [%rd3], %r4;
SKIP:
  ret;
}
P
cat > "$1.json" <<J
{"ptx": "$1.ptx", "kernel": "k", "grid": [2, 1, 1], "block": [128, 1, 1],
 "buffers": [{"name": "out", "type": "u32", "count": 8, "init": {"fill": 0}}],
 "params": [{"buffer": "out"}]}
J
}
mk leader 'setp.ne.u32 %p, %r2, 0;'
mk half 'setp.ge.u32 %p, %r2, 16;'
expect 0 'leader-lane store' "$ptxsim" check leader.json --json leader.r.json
python3 - <<'P' || fail "leader: not one divergence note"
import json
f = [x for x in json.load(open('leader.r.json'))['findings'] if x['kind'] == 'divergence']
assert len(f) == 1 and f[0]['severity'] == 'note' and 'leader-lane' in f[0]['message'], f
P
# 16 lanes store to one word: a race besides (exit 1); the divergence is what is checked
expect 1 'divergence' "$ptxsim" check half.json --json half.r.json
python3 - <<'P' || fail "half: not one divergence warning"
import json
f = [x for x in json.load(open('half.r.json'))['findings'] if x['kind'] == 'divergence']
assert len(f) == 1 and f[0]['severity'] == 'warning' and 'leader-lane' not in f[0]['message'], f
P
# a filter that hides findings says so
expect 0 'findings: 0 errors, 0 warnings, 0 notes \(and 1 hidden by --only or --severity\)' \
    "$ptxsim" check leader.json --severity warning
echo "divergence_leader: ok"
