#!/usr/bin/env python3
"""check_html.py PTXSIM OUTDIR — the HTML report (`ptxsim check --html`, docs/html.md) loaded in a
real browser: headless Chromium runs the page's script, its DOM is read back (--dump-dom) and
compared with `ptxsim check --json` of the same case, which is the oracle for what the page must
show (per-line shared wavefronts and bank conflicts, global sectors and requests, divergent
branches, findings with their other access), with the PTX and CUDA files themselves (every line
shown, verbatim), and with counts known from the kernels' shapes (a one-warp kernel without
branches runs each line once). A page built from hostile names and comments must not run them.
A screenshot of each page is saved in OUTDIR. Exit 77 (skipped) without Chromium."""
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.kids = tag, dict(attrs), parent, []

    def text(self):
        return "".join(k if isinstance(k, str) else k.text() for k in self.kids)

    def cls(self):
        return (self.attrs.get("class") or "").split()

    def walk(self):
        for k in self.kids:
            if isinstance(k, Node):
                yield k
                yield from k.walk()

    def find(self, tag=None, cls=None, **attrs):
        for n in self.walk():
            if tag and n.tag != tag:
                continue
            if cls and cls not in n.cls():
                continue
            if any(n.attrs.get(a.replace("_", "-")) != v for a, v in attrs.items()):
                continue
            yield n

    def first(self, *a, **k):
        return next(self.find(*a, **k), None)


class Builder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.cur = Node("#document", {}, None)

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.kids.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.kids.append(data)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


def browser(exe, page, extra, tmp):
    profile = tempfile.mkdtemp(dir=tmp)
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
           "--user-data-dir=" + profile, "--virtual-time-budget=3000"] + extra + ["file://" + page]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise SystemExit("chromium failed (%d): %s" % (r.returncode, r.stderr[-2000:]))
    return r.stdout


def dom_of(exe, page, tmp):
    b = Builder()
    b.feed(browser(exe, page, ["--dump-dom"], tmp))
    return b.root


fails = []


def expect(cond, what):
    if not cond:
        fails.append(what)
    return cond


def number(s):
    return int(s.replace(",", ""))


def spans(row):
    """The counters a line shows: {'wf': 32, 'bc': 31, 'sec': (4, 1), 'div': (0, 3), 'exec': 1}"""
    out = {}
    for sp in row.find("span"):
        c = sp.cls()
        t = sp.text()
        if "c-exec" in c:
            out["exec"] = number(t)
        elif "c-wf" in c:
            out["wf"] = number(re.fullmatch(r"([\d,]+) wf", t).group(1))
        elif "c-bc" in c:
            out["bc"] = number(re.fullmatch(r"([\d,]+) bc", t).group(1))
        elif "c-sec" in c:
            m = re.fullmatch(r"([\d,]+) sec / ([\d,]+) req", t)
            out["sec"] = (number(m.group(1)), number(m.group(2)))
        elif "c-div" in c:
            m = re.fullmatch(r"([\d,]+) / ([\d,]+) div", t)
            out["div"] = (number(m.group(1)), number(m.group(2)))
    return out


def oracle_lines(rep, key_line):
    """Per-line counters from the JSON report, keyed by key_line(row) (PTX or CUDA line)."""
    want = {}
    for r in rep["lines"]["shared"]:
        k = key_line(r)
        if k is None:
            continue
        w = want.setdefault(k, {})
        w["wf"] = w.get("wf", 0) + r["wavefronts"]
        w["bc"] = w.get("bc", 0) + r["wavefronts"] - r["ideal_wavefronts"]
    for r in rep["lines"]["global"]:
        k = key_line(r)
        if k is None:
            continue
        w = want.setdefault(k, {})
        s, q = w.get("sec", (0, 0))
        w["sec"] = (s + r["sectors"], q + r["requests"])
    for r in rep["lines"]["branches"]:
        k = key_line(r)
        if k is None:
            continue
        w = want.setdefault(k, {})
        d, e = w.get("div", (0, 0))
        w["div"] = (d + r["divergent"], e + r["executions"])
    for w in want.values():
        if w.get("bc") == 0:
            del w["bc"]  # a line without conflicts shows none
    return want


def check_rows(name, pane, rows, want, what):
    for line, w in sorted(want.items()):
        row = rows.get(line)
        if not expect(row is not None, "%s: %s line %d missing" % (name, what, line)):
            continue
        got = {k: v for k, v in spans(row).items() if k != "exec"}
        expect(got == w, "%s: %s line %d shows %s, the JSON says %s" % (name, what, line, got, w))
    for line, row in rows.items():
        got = {k: v for k, v in spans(row).items() if k != "exec"}
        if got and line not in want:
            fails.append("%s: %s line %d shows %s, the JSON has nothing there" % (name, what, line, got))


def pane_rows(pane):
    return {int(r.attrs["data-line"]): r for r in pane.find("tr", cls="line")}


def check_text(name, rows, path, what):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    expect(len(rows) == len(lines), "%s: %s shows %d lines, %s has %d" % (name, what, len(rows), path, len(lines)))
    for i, text in enumerate(lines, 1):
        row = rows.get(i)
        if row is None:
            continue
        shown = row.first("td", cls="code").text()
        if not expect(shown == text.rstrip("\r"), "%s: %s line %d shows %r, the file has %r" % (name, what, i, shown, text)):
            break


def ptxsim_run(name, args, **kw):
    """ptxsim, whose exit 1 (error findings) is also AddressSanitizer's: its stderr must be clean."""
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    expect("Sanitizer" not in r.stderr and "runtime error" not in r.stderr, "%s: sanitizer report: %s" % (name, r.stderr[-3000:]))
    return r


def check_case(exe, ptxsim, name, manifest, out, tmp, one_warp=False):
    page = os.path.join(tmp, name + ".html")
    js = os.path.join(tmp, name + ".json")
    r = ptxsim_run(name, [ptxsim, "check", manifest, "--json", js, "--html", page], cwd=ROOT)
    if not expect(r.returncode in (0, 1) and os.path.exists(page), "%s: ptxsim check exited %d: %s" % (name, r.returncode, r.stderr)):
        return None
    with open(js) as f:
        rep = json.load(f)
    man = json.load(open(os.path.join(ROOT, manifest)))
    ptx_path = os.path.join(os.path.dirname(os.path.join(ROOT, manifest)), man["ptx"])
    check_regs(ptxsim, name, page, ptx_path)
    return check_page(exe, name, page, rep, ptx_path, ROOT, out, tmp, one_warp)


def check_regs(ptxsim, name, page, ptx_path):
    """The PTX pane's "N regs" per line is what `ptxsim regs --lines` says (docs/registers.md)."""
    with open(page, encoding="utf-8") as f:
        html = f.read()
    shown = {int(l): int(r) for l, r in re.findall(r'id="L1-p(\d+)" data-line="\d+"[^>]*? data-regs="(\d+)"', html)}
    r = subprocess.run([ptxsim, "regs", ptx_path, "--no-ptxas", "--json", "--lines"], capture_output=True, text=True)
    if not expect(r.returncode == 0, "%s: ptxsim regs exited %d: %s" % (name, r.returncode, r.stderr)):
        return
    want = {}
    for k in json.loads(r.stdout)["kernels"]:
        for line, live32, _ in k["liveness"]["lines"]:
            want[line] = live32
    expect(want != {} and all(shown.get(l) == v for l, v in want.items()),
           "%s: PTX lines' register pressure %s, ptxsim regs says %s" %
           (name, {l: shown.get(l) for l, v in want.items() if shown.get(l) != v}, {l: v for l, v in want.items() if shown.get(l) != v}))


def check_page(exe, name, page, rep, ptx_path, src_base, out, tmp, one_warp=False, sources=None):
    """One launch's page against its JSON report (rep), the PTX file it shows and the CUDA files
    (sources, else the findings' source paths; relative to src_base)."""
    dom = dom_of(exe, page, tmp)
    expect(len(list(dom.find("script"))) == 1, "%s: the page has %d scripts" % (name, len(list(dom.find("script")))))
    sec = dom.first("section", cls="launch")
    expect(sec is not None and sec.attrs.get("data-kernel") == rep["kernel"], "%s: no launch section for %s" % (name, rep["kernel"]))
    ptx_pane = dom.first("div", cls="ptx")
    prow = pane_rows(ptx_pane)
    check_text(name, prow, ptx_path, "the PTX pane")
    check_rows(name, ptx_pane, prow, oracle_lines(rep, lambda r: r["ptx_line"]), "PTX")
    # execution counts: every warp instruction is on some line
    execs = {l: spans(r).get("exec", 0) for l, r in prow.items()}
    expect(sum(execs.values()) == rep["stats"]["warp_instructions"],
           "%s: PTX lines' executions sum to %d, the launch ran %d warp instructions" %
           (name, sum(execs.values()), rep["stats"]["warp_instructions"]))
    if one_warp:  # one warp, no branch: every instruction ran once
        expect(set(v for v in execs.values() if v) == {1}, "%s: a one-warp straight-line kernel shows executions %s" % (name, sorted(set(execs.values()))))
    # heat bars drawn by the script: the hottest line's bar is full
    hot = max(prow.values(), key=lambda r: int(r.attrs.get("data-exec", 0)))
    style = hot.first("div", cls="bar").attrs.get("style", "")
    expect("width: 100%" in style or "width:100%" in style, "%s: the hottest PTX line's heat bar is %r" % (name, style))
    # the summary
    st = rep["stats"]
    for acc in ("load", "store", "atomic"):
        tr = sec.first("tr", cls="shared-" + acc)
        cells = [number(td.text()) for td in tr.find("td")]
        want = [st["shared"][acc][k] for k in ("instructions", "wavefronts", "bank_conflicts")]
        expect(cells == want, "%s: shared %s summary %s, JSON %s" % (name, acc, cells, want))
    for acc in ("load", "store"):
        tr = sec.first("tr", cls="global-" + acc)
        cells = [td.text() for td in tr.find("td")]
        want = [st["global"][acc]["requests"], st["global"][acc]["sectors"]]
        expect([number(c) for c in cells[:2]] == want, "%s: global %s summary %s, JSON %s" % (name, acc, cells, want))
    # findings: in the list, and inline after their PTX line
    listed = list(sec.first("div", cls="findings").find("div", cls="finding"))
    expect(len(listed) == len(rep["findings"]), "%s: %d findings listed, JSON has %d" % (name, len(listed), len(rep["findings"])))
    for f, d in zip(rep["findings"], listed):
        expect(d.attrs.get("data-kind") == f["kind"] and int(d.attrs["data-ptx-line"]) == f["ptx"]["line"]
               and d.first("span", cls="msg").text() == f["message"],
               "%s: finding %s at %d listed as %s at %s" % (name, f["kind"], f["ptx"]["line"], d.attrs.get("data-kind"), d.attrs.get("data-ptx-line")))
        t = f["thread"]
        expect("thread (%d,%d,%d)" % tuple(t) in d.first("div", cls="who").text(), "%s: finding's thread not shown" % name)
        if "other" in f:
            o = d.first("div", cls="other")
            expect(o is not None and int(o.attrs["data-other-line"]) == f["other"]["ptx"]["line"]
                   and "(%s)" % f["other"]["access"] in o.text(),
                   "%s: the other access of %s at %d is not shown as line %d (%s)" % (name, f["kind"], f["ptx"]["line"], f["other"]["ptx"]["line"], f["other"]["access"]))
    inline = {}
    for d in ptx_pane.find("div", cls="finding"):
        inline.setdefault(int(d.attrs["data-ptx-line"]), []).append(d.attrs["data-kind"])
    for f in rep["findings"]:
        expect(f["kind"] in inline.get(f["ptx"]["line"], []), "%s: %s not inline at PTX line %d" % (name, f["kind"], f["ptx"]["line"]))
    for f in rep["findings"]:
        if "other" in f:  # the other line points back at the finding
            row = prow.get(f["other"]["ptx"]["line"])
            nxt = None
            if row is not None:
                kids = [k for k in row.parent.kids if isinstance(k, Node)]
                i = kids.index(row)
                nxt = kids[i + 1] if i + 1 < len(kids) else None
            expect(nxt is not None and any(int(d.attrs["data-of-line"]) == f["ptx"]["line"] for d in nxt.find("div", cls="other-ref")),
                   "%s: PTX line %d does not point at the %s it is the other access of" % (name, f["other"]["ptx"]["line"], f["kind"]))
    # the CUDA pane: the .cu file verbatim, its lines' counters summed over their PTX lines
    srcs = set(sources) if sources is not None else {f["source"]["file"] for f in rep["findings"] if "source" in f}
    src_pane = dom.first("div", cls="src")
    tables = list(src_pane.find("table", cls="code"))
    if srcs:
        cu = sorted(srcs)[0]
        expect(len(tables) == 1, "%s: %d CUDA files shown" % (name, len(tables)))
        if tables:
            srow = pane_rows(tables[0])
            check_text(name, srow, os.path.join(src_base, cu), "the CUDA pane")
            check_rows(name, tables[0], srow, oracle_lines(rep, lambda r: r.get("source_line")), "CUDA")
            sum_src = sum(spans(r).get("exec", 0) for r in srow.values())
            sum_loc = sum(v for l, v in execs.items() if prow[l].attrs.get("data-src"))
            expect(sum_src == sum_loc, "%s: CUDA lines' executions sum to %d, their PTX lines' to %d" % (name, sum_src, sum_loc))
    # sortable tables: two, each with rows
    nt = len(list(sec.find("table", cls="sortable")))
    expect(nt == (2 if srcs else 1), "%s: %d hottest-line tables" % (name, nt))
    png = os.path.join(out, name + ".png")
    browser(exe, page, ["--window-size=1500,1300", "--screenshot=" + png], tmp)
    expect(os.path.exists(png) and open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n", "%s: no screenshot" % name)
    return dom


PROBE = """
(function(){var out={};
function col(t,name){var h=[].slice.call(t.tHead.rows[0].cells);for(var i=0;i<h.length;i++)if(h[i].textContent===name)return i;return -1;}
var t=document.querySelector('table.sortable[data-kind="ptx"]'),i=col(t,'shared wavefronts'),th=t.tHead.rows[0].cells[i];
th.click();out.desc=[].map.call(t.tBodies[0].rows,function(r){return +r.cells[i].getAttribute('data-v');});
th.click();out.asc=[].map.call(t.tBodies[0].rows,function(r){return +r.cells[i].getAttribute('data-v');});
var sel=document.querySelector('select.metric');sel.value='bc';sel.dispatchEvent(new Event('change'));
out.bars={};[].forEach.call(document.querySelectorAll('.pane.ptx tr.line'),function(r){var w=r.querySelector('.bar').style.width;if(w&&parseFloat(w)>0)out.bars[r.getAttribute('data-line')]=w;});
var cu=document.querySelector('.pane.src tr.line[data-bc]');cu.click();
out.clicked=cu.getAttribute('data-src');out.sel=[].map.call(document.querySelectorAll('.pane.ptx tr.line.sel'),function(r){return r.getAttribute('data-src');});
document.body.setAttribute('data-probe',JSON.stringify(out));})();
"""


def check_script(exe, tmp):
    """The page's script in use: sorting a table by a column, switching the heat bars' metric,
    and a click on a CUDA line marking its PTX lines (a probe script added with the page's own
    nonce plays the user)."""
    page = os.path.join(tmp, "bank_conflict.html")
    text = open(page).read()
    nonce = re.search(r'<script nonce="([0-9a-f]+)">', text).group(1)
    probe = os.path.join(tmp, "probe.html")
    with open(probe, "w") as f:
        f.write(text.replace("</body>", '<script nonce="%s">%s</script></body>' % (nonce, PROBE)))
    dom = dom_of(exe, probe, tmp)
    got = json.loads(dom.first("body").attrs.get("data-probe", "{}"))
    if not expect(got, "script: the probe did not run"):
        return
    expect(got["desc"] == sorted(got["desc"], reverse=True) and got["asc"] == sorted(got["asc"]) and max(got["desc"]) == 32,
           "script: sorting by shared wavefronts gave %s then %s" % (got["desc"], got["asc"]))
    # bank conflicts: the store and the load, 31 each: both bars full, no other bar
    expect(sorted(got["bars"].values()) == ["100%", "100%"], "script: the bank-conflict heat bars are %s" % got["bars"])
    expect(got["sel"] and all(x == got["clicked"] for x in got["sel"]),
           "script: clicking CUDA line %s marked PTX lines %s" % (got["clicked"], got["sel"]))


SIDEBAR_PROBE = """
(function(){var out={shown0:[],shown1:[],active:null};
function shown(){return [].filter.call(document.querySelectorAll('section.launch'),function(s){return s.style.display!=='none'&&s.offsetParent!==null;}).map(function(s){return s.getAttribute('data-kernel');});}
out.shown0=shown();
var links=document.querySelectorAll('#sidebar a.launch-link');out.links=[].map.call(links,function(a){return a.querySelector('.kname').textContent;});
links[1].click();out.shown1=shown();
var act=document.querySelector('#sidebar a.active');out.active=act?act.getAttribute('data-launch'):null;
out.want=links[1].getAttribute('data-launch');
document.body.setAttribute('data-probe',JSON.stringify(out));})();
"""


def check_multi(exe, ptxsim, out, tmp):
    """`check --html` of a multi-launch manifest (tests/manifest/multi/scan3.json: three kernels
    over shared buffers): one page, the three launches in the sidebar in order with the kernels
    of `check --json`'s "launches"; the first is shown alone, and a click on the second shows the
    second alone (a probe script with the page's nonce plays the user)."""
    page, js = os.path.join(tmp, "multi.html"), os.path.join(tmp, "multi.json")
    p = ptxsim_run("multi", [ptxsim, "check", os.path.join(ROOT, "tests/manifest/multi/scan3.json"),
                             "--html", page, "--json", js, "--quiet"])
    if not expect(p.returncode == 0 and os.path.exists(page), "multi: check --html exit %d: %s" % (p.returncode, p.stderr)):
        return
    kernels = [l["kernel"] for l in json.load(open(js))["launches"]]
    text = open(page).read()
    nonce = re.search(r'<script nonce="([0-9a-f]+)">', text).group(1)
    probe = os.path.join(tmp, "multi_probe.html")
    with open(probe, "w") as f:
        f.write(text.replace("</body>", '<script nonce="%s">%s</script></body>' % (nonce, SIDEBAR_PROBE)))
    dom = dom_of(exe, probe, tmp)
    got = json.loads(dom.first("body").attrs.get("data-probe", "{}"))
    if not expect(got, "multi: the probe did not run"):
        return
    expect(len(kernels) == 3 and [k.split(": ", 1)[-1] for k in got["links"]] == kernels,
           "multi: sidebar %s, launches in the JSON %s" % (got.get("links"), kernels))
    expect(got["shown0"] == kernels[:1], "multi: at first the page shows %s" % got["shown0"])
    expect(got["shown1"] == kernels[1:2] and got["active"] == got["want"],
           "multi: after a click on the second launch it shows %s (active %s)" % (got["shown1"], got["active"]))
    png = os.path.join(out, "multi.png")
    browser(exe, page, ["--window-size=1500,1300", "--screenshot=" + png], tmp)
    expect(os.path.exists(png), "multi: no screenshot")


def check_hostile(exe, ptxsim, tmp):
    """Names and comments that are HTML must show as text and never run."""
    d = os.path.join(tmp, "hostile")
    os.makedirs(d)
    src = os.path.join(ROOT, "corpus/defects/bank_conflict")
    evil = "<img src=x onerror=\"document.title='pwned'\">.cu"
    with open(os.path.join(src, "bank_conflict.ptx")) as f:
        ptx = f.read()
    ptx = re.sub(r'\.file\s+1\s+"[^"]*"', lambda m: '.file\t1 "%s"' % evil.replace('"', "'"), ptx)
    evil = evil.replace('"', "'")
    ptx = ptx.replace("\tret;", "\t// </td></tr></table><script>document.title='pwned'</script>\n\tret;", 1)
    with open(os.path.join(d, "k.ptx"), "w") as f:
        f.write(ptx)
    with open(os.path.join(src, "bank_conflict.cu")) as f:
        cu = f.read()
    with open(os.path.join(d, evil), "w") as f:
        f.write(cu.replace("__syncthreads();", "__syncthreads(); // <script>document.title='pwned'</script>"))
    man = json.load(open(os.path.join(src, "defect.json")))
    man["ptx"] = "k.ptx"
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump(man, f)
    page = os.path.join(tmp, "hostile.html")
    r = ptxsim_run("hostile", [ptxsim, "check", os.path.join(d, "case.json"), "--html", page])
    if not expect(r.returncode in (0, 1), "hostile: ptxsim check exited %d: %s" % (r.returncode, r.stderr)):
        return
    dom = dom_of(exe, page, tmp)
    title = dom.first("title").text()
    expect(title == "ptxsim report", "hostile: the page's title became %r" % title)
    expect(len(list(dom.find("script"))) == 1, "hostile: the page has %d scripts" % len(list(dom.find("script"))))
    expect(not list(dom.find("img")), "hostile: an <img> element was injected")
    ptx_codes = [r.first("td", cls="code").text() for r in dom.first("div", cls="ptx").find("tr", cls="line")]
    expect(any("<script>document.title='pwned'</script>" in t for t in ptx_codes), "hostile: the PTX comment is not shown as text")
    path = dom.first("span", cls="path", data_file="1")
    expect(path is not None and path.text() == evil, "hostile: the .file name is not shown as text")
    cu_codes = [r.first("td", cls="code").text() for r in dom.first("div", cls="src").find("tr", cls="line")]
    expect(any("// <script>" in t for t in cu_codes), "hostile: the CUDA line is not shown as text")


def check_missing_source(exe, ptxsim, tmp):
    """A .file that cannot be read: the page says so and shows the PTX alone."""
    d = os.path.join(tmp, "nosrc")
    os.makedirs(d)
    src = os.path.join(ROOT, "corpus/defects/race_smem_raw")
    with open(os.path.join(src, "race_smem_raw.ptx")) as f:
        ptx = re.sub(r'\.file\s+1\s+"[^"]*"', '.file\t1 "gone/race_smem_raw.cu"', f.read())
    with open(os.path.join(d, "k.ptx"), "w") as f:
        f.write(ptx)
    man = json.load(open(os.path.join(src, "defect.json")))
    man["ptx"] = "k.ptx"
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump(man, f)
    page = os.path.join(tmp, "nosrc.html")
    r = ptxsim_run("nosrc", [ptxsim, "check", os.path.join(d, "case.json"), "--html", page])
    if not expect(r.returncode == 1, "nosrc: ptxsim check exited %d: %s" % (r.returncode, r.stderr)):
        return
    dom = dom_of(exe, page, tmp)
    miss = dom.first("p", cls="missing")
    expect(miss is not None and "gone/race_smem_raw.cu" in miss.text() and "PTX is shown alone" in miss.text(),
           "nosrc: the missing source is not named")
    expect(not list(dom.first("div", cls="src").find("table")), "nosrc: a CUDA table without its file")
    expect(len(list(dom.first("div", cls="ptx").find("tr", cls="line"))) == ptx.count("\n") + (not ptx.endswith("\n")),
           "nosrc: the PTX is not shown whole")
    # a source that is there but cannot be shown (a folder) is named with the reason
    os.makedirs(os.path.join(d, "adir"))
    with open(os.path.join(d, "k.ptx"), "w") as f:
        f.write(ptx.replace('"gone/race_smem_raw.cu"', '"adir"'))
    r = ptxsim_run("nosrc", [ptxsim, "check", os.path.join(d, "case.json"), "--html", page])
    b = Builder()
    b.feed(open(page).read())
    miss = b.root.first("p", cls="missing")
    expect(r.returncode == 1 and miss is not None and "adir is not a regular file" in miss.text(),
           "nosrc: a folder named by .file is not reported as such")


def check_exec(exe, ptxsim, out, tmp):
    """`ptxsim exec --check --html DIR` (docs/exec.md): every launch of the program gets a page,
    each checked like check's against the launch's report in `exec --json` of the same run (the
    oracle), the PTX pane against the PTX the program loaded and the CUDA pane against its source;
    the index lists every launch with the kernel, status and finding counts of the JSON and links
    the pages."""
    prog = os.path.join(os.path.dirname(os.path.dirname(ptxsim)), "tests", "exec_prog")
    data = os.path.join(ROOT, "tests/cli/exec_data")
    if not expect(os.path.exists(prog), "exec: %s not built" % prog):
        return
    pages, js = os.path.join(tmp, "exec_pages"), os.path.join(tmp, "exec.json")
    r = ptxsim_run("exec", [ptxsim, "exec", "--check", "--html", pages, "--json", js, "--source-root", data, "--",
                            prog, os.path.join(data, "kernels.ptx"), "race", "clean", "oob"], cwd=tmp)
    if not expect(r.returncode == 1 and os.path.exists(os.path.join(pages, "index.html")),
                  "exec: exited %d: %s" % (r.returncode, r.stderr[-2000:])):
        return
    run = json.load(open(js))
    launches = run["launches"]
    expect([l["kernel"] for l in launches] == ["_Z10block_scanPKiPii", "_Z4copyPKiPii", "_Z4fillPii"],
           "exec: launches %s" % [l["kernel"] for l in launches])
    for i, l in enumerate(launches):
        page = l.get("html")
        if not expect(page and os.path.exists(os.path.join(pages, page)), "exec: launch %d has no page (%s)" % (i, l.get("html_error"))):
            continue
        check_page(exe, "exec_%d_%s" % (i, l["kernel"]), os.path.join(pages, page), l["report"],
                   os.path.join(data, "kernels.ptx"), data, out, tmp, sources=["kernels.cu"])
    idx = dom_of(exe, os.path.join(pages, "index.html"), tmp)
    rows = list(idx.find("tr", cls="launch"))
    expect(len(rows) == len(launches), "exec: the index lists %d launches, the JSON %d" % (len(rows), len(launches)))
    for row, l in zip(rows, launches):
        sev = [f["severity"] for f in l["report"]["findings"]]
        got = (row.attrs.get("data-kernel"), row.attrs.get("data-status"),
               int(row.attrs["data-errors"]), int(row.attrs["data-warnings"]), int(row.attrs["data-notes"]),
               row.first("a").attrs.get("href") if row.first("a") else None)
        want = (l["kernel"], l["status"], sev.count("error"), sev.count("warning"), sev.count("note"), l.get("html"))
        expect(got == want, "exec: index row %s, the JSON says %s" % (got, want))
    png = os.path.join(out, "exec_index.png")
    browser(exe, os.path.join(pages, "index.html"), ["--window-size=1200,400", "--screenshot=" + png], tmp)
    expect(os.path.exists(png), "exec: no screenshot of the index")


def check_exec_file(exe, ptxsim, out, tmp):
    """`ptxsim exec --check --html FILE.html`: the same run in one self-contained file — the index
    with every launch's page embedded (an iframe's srcdoc in section #launch-N), each page checked
    like a page of the folder against the launch's report in `exec --json` of the same run, the
    JSON naming FILE.html#launch-N, and nothing else written beside the file."""
    prog = os.path.join(os.path.dirname(os.path.dirname(ptxsim)), "tests", "exec_prog")
    data = os.path.join(ROOT, "tests/cli/exec_data")
    if not os.path.exists(prog):
        return
    d = os.path.join(tmp, "exec_file")
    os.makedirs(d)
    r = ptxsim_run("exec-file", [ptxsim, "exec", "--check", "--html", "one.html", "--json", "r.json",
                                 "--source-root", data, "--", prog, os.path.join(data, "kernels.ptx"),
                                 "race", "clean", "oob"], cwd=d)
    if not expect(r.returncode == 1 and sorted(os.listdir(d)) == ["one.html", "r.json"],
                  "exec-file: exited %d, wrote %s: %s" % (r.returncode, os.listdir(d), r.stderr[-2000:])):
        return
    launches = json.load(open(os.path.join(d, "r.json")))["launches"]
    expect([l.get("html") for l in launches] == ["one.html#launch-%d" % i for i in range(3)],
           "exec-file: the JSON names %s" % [l.get("html") for l in launches])
    b = Builder()
    b.feed(open(os.path.join(d, "one.html")).read())
    rows = list(b.root.find("tr", cls="launch"))
    expect([row.first("a").attrs.get("href") for row in rows] == ["#launch-%d" % i for i in range(3)],
           "exec-file: the index rows do not link the sections")
    frames = {sec.attrs.get("id"): sec.first("iframe") for sec in b.root.find("section", cls="launch")}
    for i, l in enumerate(launches):
        frame = frames.get("launch-%d" % i)
        if not expect(frame is not None and frame.attrs.get("srcdoc"), "exec-file: no page for launch %d" % i):
            continue
        page = os.path.join(tmp, "exec_file_%d.html" % i)
        with open(page, "w") as f:
            f.write(frame.attrs["srcdoc"])
        check_page(exe, "exec_file_%d_%s" % (i, l["kernel"]), page, l["report"],
                   os.path.join(data, "kernels.ptx"), data, out, tmp, sources=["kernels.cu"])
    png = os.path.join(out, "exec_file_launch0.png")
    browser(exe, os.path.join(d, "one.html") + "#launch-0", ["--window-size=1200,900", "--screenshot=" + png], tmp)
    expect(os.path.exists(png), "exec-file: no screenshot")


def main():
    if len(sys.argv) < 3:
        raise SystemExit("usage: check_html.py PTXSIM OUTDIR [CASE...]")
    only = set(sys.argv[3:])
    ptxsim, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    exe = chromium()
    if not exe:
        print("SKIP: no chromium (apt-get install chromium; scripts/setup.sh)")
        return 77
    os.makedirs(out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="ptxsim-html-")
    try:
        cases = [("bank_conflict", "corpus/defects/bank_conflict/defect.json", True),
                 ("race_smem_raw", "corpus/defects/race_smem_raw/defect.json", False),
                 ("transpose_naive", "corpus/transpose_naive/case.sm_80.json", False),
                 ("transpose_tiled", "corpus/transpose_tiled/case.sm_80.json", False),
                 ("divergence", "corpus/defects/divergence/defect.json", False)]
        for name, manifest, one_warp in cases:
            if not only or name in only:
                check_case(exe, ptxsim, name, manifest, out, tmp, one_warp)
        if not only or "bank_conflict" in only:
            check_script(exe, tmp)
        if not only or "hostile" in only:
            check_hostile(exe, ptxsim, tmp)
        if not only or "multi" in only:
            check_multi(exe, ptxsim, out, tmp)
        if not only or "nosrc" in only:
            check_missing_source(exe, ptxsim, tmp)
        if not only or "exec" in only:
            check_exec(exe, ptxsim, out, tmp)
            check_exec_file(exe, ptxsim, out, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for f in fails:
        print("FAIL " + f)
    print("%s: %d failures; screenshots in %s" % ("ok" if not fails else "FAILED", len(fails), out))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
