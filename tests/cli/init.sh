#!/usr/bin/env bash
# `ptxsim init` (issue 16): a manifest template from a kernel's signature. The corpus's hand-written
# manifests are the oracle for parameter kinds and types (init_corpus.py); here the command's own
# behaviour: mangled kernels chosen by their plain name, candidates listed, no overwrite without
# --force, the README beside the manifest, the PTX path relative to the manifest.
. "$(dirname "$0")/../limits/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
t=$tmp
cat > "$t/k.ptx" <<'P'
.version 8.0
.target sm_80
.address_size 64
.visible .entry _Z10block_scanPKiPii(.param .u64 _Z10block_scanPKiPii_param_0, .param .u64 _Z10block_scanPKiPii_param_1, .param .u32 _Z10block_scanPKiPii_param_2)
.reqntid 64, 1, 1
{
  .reg .b32 %r<4>; .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [_Z10block_scanPKiPii_param_0];
  ld.param.u64 %rd2, [_Z10block_scanPKiPii_param_1];
  cvta.to.global.u64 %rd3, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.u32 %r2, [%rd5];
  cvta.to.global.u64 %rd6, %rd2;
  add.s64 %rd7, %rd6, %rd4;
  st.global.u32 [%rd7], %r2;
  ret;
}
.visible .entry other(.param .f32 x) { ret; }
P
mkdir "$t/sub"
expect 0 "wrote $t/sub/c.json and $t/sub/c.README.md" "$ptxsim" init "$t/k.ptx" --kernel block_scan -o "$t/sub/c.json"
grep -q "note: the manifest refers to ../k.ptx, outside its folder: run it with --allow-paths" <<<"$out" || fail "no note on the path"
grep -q '"ptx": "../k.ptx"' "$t/sub/c.json" || fail "ptx path not relative to the manifest: $(cat "$t/sub/c.json")"
grep -q '"block": \[64, 1, 1\]' "$t/sub/c.json" || fail "block not from .reqntid"
grep -q '{"name": "param_0", "type": "u32", "count": 64' "$t/sub/c.json" || fail "param_0 not a u32 buffer"
grep -q '{"u32": 64}' "$t/sub/c.json" || fail "param_2 not a u32 scalar"
grep -q 'from .reqntid' "$t/sub/c.README.md" || fail "README lacks the block's origin"
expect 0 '' "$ptxsim" run "$t/sub/c.json" --quiet --allow-paths "$t"
expect 2 "c.json exists; --force overwrites it" "$ptxsim" init "$t/k.ptx" --kernel block_scan -o "$t/sub/c.json"
expect 0 'wrote' "$ptxsim" init "$t/k.ptx" --kernel _Z10block_scanPKiPii -o "$t/sub/c.json" --force
expect 0 'wrote' "$ptxsim" init "$t/k.ptx" --kernel 'block_scan(int const*, int*, int)' -o "$t/sub/c.json" --force
expect 0 'wrote' "$ptxsim" init "$t/k.ptx" --kernel 'block_scan(int const *, int *, int)' -o "$t/sub/c.json" --force
expect 2 "no kernel named 'block_scan\(int\)'" "$ptxsim" init "$t/k.ptx" --kernel 'block_scan(int)'
grep -q '_Z10block_scanPKiPii  (block_scan(int const\*, int\*, int))' <<<"$out" || fail "candidates not demangled"
expect 2 "has 2 kernels; name one with --kernel" "$ptxsim" init "$t/k.ptx"
expect 2 "no kernel named 'scan'; its kernels:" "$ptxsim" init "$t/k.ptx" --kernel scan
grep -q '_Z10block_scanPKiPii' <<<"$out" || fail "candidates not listed"
expect 0 '"f32": 0' "$ptxsim" init "$t/k.ptx" --kernel other
expect 2 "unknown option for init: --frob" "$ptxsim" init "$t/k.ptx" --frob
expect 2 "init needs a PTX file" "$ptxsim" init
python3 "$root/tests/cli/init_corpus.py" "$ptxsim" "$root" || fail "init_corpus"
echo "init: ok"
