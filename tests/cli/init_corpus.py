#!/usr/bin/env python3
"""`ptxsim init` against the corpus's hand-written manifests (the oracle: what a person wrote for
each kernel). For every corpus/<k>/case.sm_90.json: init its PTX and kernel into a temporary
folder and check that every parameter is of the same kind (buffer or scalar), every scalar of the
same type and width, that `ptxsim run` accepts the template (its counts and scalar values are
placeholders, so it may fault, but it must not be refused as bad input), and count buffers whose element
type differs (allowed when the widths agree: the kernel may access an f32 buffer as .b32)."""
import json, os, subprocess, sys, tempfile

ptxsim, root = sys.argv[1], sys.argv[2]
width = lambda t: 1 if t.endswith('8') else int(''.join(c for c in t if c.isdigit())) // 8
cases = sorted(os.path.join(root, 'corpus', d, 'case.sm_90.json') for d in os.listdir(os.path.join(root, 'corpus'))
               if os.path.exists(os.path.join(root, 'corpus', d, 'case.sm_90.json')))
bad, checked, same_type, ran = [], 0, 0, 0
with tempfile.TemporaryDirectory() as tmp:
    for c in cases:
        m = json.load(open(c))
        if not isinstance(m.get('ptx'), str) or 'params' not in m:
            continue
        ptx = os.path.join(os.path.dirname(c), m['ptx'])
        out = os.path.join(tmp, os.path.basename(os.path.dirname(c)) + '.json')
        r = subprocess.run([ptxsim, 'init', ptx, '--kernel', m['kernel'], '-o', out], capture_output=True, text=True)
        if r.returncode != 0:
            bad.append(f'{c}: init exit {r.returncode}: {r.stderr.strip()[:200]}')
            continue
        t = json.load(open(out))
        bufs = {b['name']: b for b in m.get('buffers', [])}
        tbufs = {b['name']: b for b in t['buffers']}
        if len(t['params']) != len(m['params']):
            bad.append(f'{c}: {len(t["params"])} params, manifest has {len(m["params"])}')
            continue
        for i, (p, q) in enumerate(zip(m['params'], t['params'])):
            (k, v), (tk, tv) = next(iter(p.items())), next(iter(q.items()))
            if k == 'tensormap':
                continue  # a 128-byte by-value parameter: init cannot know it is a tensor map
            if (k == 'buffer') != (tk == 'buffer'):
                bad.append(f'{c}: params[{i}] is {k} in the manifest, {tk} in the template')
            elif k == 'buffer':
                a, b = bufs[v]['type'], tbufs[tv]['type']
                if width(a) != width(b):
                    bad.append(f'{c}: params[{i}] buffer of {a} in the manifest, {b} in the template')
                same_type += a == b
            elif k != tk and not (k == 'bytes' or width(k) == width(tk)):
                bad.append(f'{c}: params[{i}] scalar {k} in the manifest, {tk} in the template')
        r = subprocess.run([ptxsim, 'run', out, '--quiet', '--timeout', '20', '--allow-paths', os.path.dirname(c)], capture_output=True, text=True)
        if r.returncode == 2:  # counts and scalars are placeholders, so a fault (3) is no defect
            bad.append(f'{c}: the template is not a valid launch: {(r.stderr + r.stdout).strip()[:300]}')
        ran += r.returncode == 0
        checked += 1
print(f'init_corpus: {checked} kernels, {same_type} buffers of the same element type, {ran} templates ran '
      f'as written, {len(bad)} problems')
for b in bad:
    print('  ' + b)
sys.exit(1 if bad or checked < 20 else 0)
