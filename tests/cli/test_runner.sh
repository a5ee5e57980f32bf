#!/usr/bin/env bash
# `ptxsim test` (issue 16): a folder of manifests as a suite. Cases by construction: a copy of the
# corpus's vadd (passes), the same with one expected element changed (fails), a manifest with an
# unknown key (error), a launch past its buffer (faults). Checks the per-case lines, the summary,
# the exit status, JUnit XML (parsed by Python's XML parser), JSON, --quiet, and that two shards
# merged are the whole suite.
. "$(dirname "$0")/../limits/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
ptxsim=$(realpath "$ptxsim")
s=$tmp/suite
mkdir -p "$s/a" "$s/b" "$s/c" "$s/d"
cp "$root"/corpus/vadd/{vadd.sm_90.ptx,a.in.bin,b.in.bin,c.expected.bin} "$s/a/"
sed 's/vadd.ptx/vadd.sm_90.ptx/' "$root/corpus/vadd/case.sm_90.json" > "$s/a/case.json"
cp "$s"/a/* "$s/b/"
python3 - "$s/b/c.expected.bin" <<'P'
import sys; p = sys.argv[1]; b = bytearray(open(p, 'rb').read()); b[40] ^= 1; open(p, 'wb').write(b)
P
cp "$s"/a/* "$s/c/"
sed 's/"grid"/"gird"/' "$s/a/case.json" > "$s/c/case.json"
cp "$s"/a/* "$s/d/"
python3 - "$s/d/case.json" <<'P'
import json, sys; p = sys.argv[1]; m = json.load(open(p))
m['params'][3] = {'s32': 4096}; m.pop('expect'); json.dump(m, open(p, 'w'))
P
cd "$tmp"
expect 1 '^25% of 4 cases passed: 1 passed, 1 failed, 1 faulted, 1 errors, 0 crashed' \
    "$ptxsim" test suite -j 2 --junit j.xml --json t.json
grep -Eq '^\[[1-4]/4\] pass  suite/a/case.json' <<<"$out" || fail "no pass line for a"
grep -Eq '^\[[1-4]/4\] fail  suite/b/case.json' <<<"$out" || fail "no fail line for b"
grep -Eq '^\[[1-4]/4\] error suite/c/case.json' <<<"$out" || fail "no error line for c"
grep -Eq '^\[[1-4]/4\] fault suite/d/case.json' <<<"$out" || fail "no fault line for d"
grep -q 'did you mean "grid"' <<<"$out" || fail "the error case's message is not shown"
python3 - <<'P' || fail "JUnit or JSON content"
import json, xml.etree.ElementTree as ET
r = ET.parse('j.xml').getroot()
ts = r.find('testsuite')
assert (ts.get('tests'), ts.get('failures'), ts.get('errors')) == ('4', '2', '1'), ts.attrib
got = {tc.get('classname'): [c.tag for c in tc] for tc in ts.iter('testcase')}
assert got == {'suite/a': [], 'suite/b': ['failure'], 'suite/c': ['error'], 'suite/d': ['failure']}, got
j = json.load(open('t.json'))
assert j['schema'] == 'ptxsim-test/1'
st = {c['path']: (c['status'], c['exit_code']) for c in j['cases']}
assert st == {'suite/a/case.json': ('pass', 0), 'suite/b/case.json': ('fail', 1),
              'suite/c/case.json': ('error', 2), 'suite/d/case.json': ('fault', 3)}, st
assert j['cases'][0]['report']['kernel'] == 'vadd_f32'
P
expect 0 '' "$ptxsim" test suite/a --quiet
[ -z "$out" ] || fail "--quiet printed on success: $out"
expect 1 'fail  suite/b/case.json' "$ptxsim" test suite/a suite/b/case.json --quiet
refute 'pass  suite/a'
expect 1 '' "$ptxsim" test suite --shard 1/2 --json s1.json
expect 1 '' "$ptxsim" test suite --shard 2/2 --json s2.json
expect 1 '^25% of 4 cases passed' "$ptxsim" test --merge s1.json s2.json --junit m.xml
python3 - <<'P' || fail "shards do not add up to the suite"
import json
a = [c['path'] for f in ('s1.json', 's2.json') for c in json.load(open(f))['cases']]
assert sorted(a) == sorted(c['path'] for c in json.load(open('t.json'))['cases']) and len(a) == len(set(a)) == 4, a
P
expect 2 '--shard needs K/N with 1 <= K <= N, not 3/2' "$ptxsim" test suite --shard 3/2
expect 2 'unknown option for test: --frob' "$ptxsim" test suite --frob
mkdir empty
expect 2 'empty: no case\*.json manifests below it' "$ptxsim" test empty
expect 2 'not a `ptxsim test --json` report' "$ptxsim" test --merge j.xml
expect 2 'test needs a folder or manifests' "$ptxsim" test
echo "test_runner: ok"
