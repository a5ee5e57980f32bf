// ptxsim's SARIF logs through the loading code of VS Code's SARIF Viewer (Microsoft's
// sarif-vscode-extension): copied into that checkout's src/extension/ by lab/sarif_vscode/run.sh
// and run with its own mocha + ts-node, the 'vscode' module stubbed as its own tests stub it.
// For every log named in $PTXSIM_SARIF_LOGS (':'-separated) it checks what a user of the viewer
// would see: the log is loaded (not refused as an unsupported version or schema, no warning),
// every result has its rule from the log's rules (not a rule invented for a missing one), its
// message, its level, a location the viewer resolves to a file that exists under
// $PTXSIM_SRC_ROOT, and a line there that the editor can select.
/* eslint-disable @typescript-eslint/no-explicit-any */

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { URI } from 'vscode-uri';
import '../shared/extension';

const proxyquire = require('proxyquire').noCallThru();

// vscode.Uri as VS Code has it: vscode-uri 2 lacks Uri.joinPath, which the rebaser calls.
const Uri: any = Object.assign(Object.create(URI), {
    joinPath: (base: URI, ...segments: string[]) => base.with({ path: path.posix.join(base.path, ...segments) }),
});

const logs = (process.env.PTXSIM_SARIF_LOGS ?? '').split(':').filter(p => p);
const srcRoot = path.resolve(process.env.PTXSIM_SRC_ROOT ?? '.');
const messages: string[] = [];
const vscode = {
    Uri,
    Selection: class { constructor(readonly a: number, readonly b: number, readonly c: number, readonly d: number) {} },
    window: {
        showWarningMessage: (m: string) => { messages.push(m); },
        showErrorMessage: (m: string) => { messages.push(m); },
        showInformationMessage: async (m: string) => { messages.push(m); return undefined; },
    },
    workspace: {
        workspaceFolders: [{ uri: Uri.file(srcRoot) }],
        getConfiguration: () => ({ get: (_: string, d: any) => d, update: () => {} }),
        fs: { stat: async (u: URI) => { fs.statSync(u.fsPath); } },
        findFiles: async () => [],
        textDocuments: [],
        onDidCreateFiles: () => {},
        onDidRenameFiles: () => {},
        onDidDeleteFiles: () => {},
    },
    ConfigurationTarget: { Global: 1 },
};

describe('ptxsim SARIF in the SARIF Viewer', () => {
    const stubs = { 'vscode': { '@global': true, ...vscode }, './telemetry': { sendLogVersion: () => {} } };
    const { loadLogs } = proxyquire('./loadLogs', stubs);
    const { UriRebaser } = proxyquire('./uriRebaser', stubs);
    const { driftedRegionToSelection } = proxyquire('./regionToSelection', stubs);
    const { StringTextDocument } = proxyquire('./stringTextDocument', stubs);

    it('has logs to check', () => assert.ok(logs.length > 0, 'PTXSIM_SARIF_LOGS names no log'));

    let loaded: any[] = [];
    it('loads every log', async () => {
        loaded = await loadLogs(logs.map(p => Uri.file(path.resolve(p))));
        assert.strictEqual(loaded.length, logs.length, `loaded ${loaded.length} of ${logs.length}: ${messages}`);
        assert.deepStrictEqual(messages, []);
    });

    it('resolves every result: rule, message, level, file and line', async () => {
        let results = 0, located = 0, textOnly = 0;
        for (const log of loaded) {
            for (const run of log.runs) {
                const rules = run.tool.driver.rules ?? [];
                const rebaser = new UriRebaser({ distinctArtifactNames: log._distinct });
                for (const r of run.results ?? []) {
                    results++;
                    const where = `${log._uri} result ${r._id[2]}`;
                    assert.ok(rules.includes(r._rule), `${where}: rule ${r.ruleId} not found in the log's rules`);
                    assert.strictEqual(r._rule.id, r.ruleId, where);
                    assert.ok(r._rule.name && r._rule.helpUri && r._rule.fullDescription?.text, `${where}: rule text`);
                    assert.strictEqual(r._message, r.message.text, `${where}: message`);
                    assert.ok(r._message.length > 0 && r._message !== '—', `${where}: empty message`);
                    assert.ok(['error', 'warning', 'note'].includes(r.level), `${where}: level ${r.level}`);
                    assert.ok(r.locations?.[0]?.physicalLocation, `${where}: no location`);
                    const locs = [r.locations[0], ...(r.relatedLocations ?? [])];
                    for (const loc of locs) {
                        if (!loc.physicalLocation) { // exec: the PTX of a module loaded from memory
                            assert.ok(loc !== r.locations[0] && loc.message?.text, `${where}: a location without file or message`);
                            textOnly++;
                            continue;
                        }
                        const art = loc.physicalLocation.artifactLocation;
                        const base = run.originalUriBaseIds?.[art.uriBaseId]?.uri;
                        const local = await rebaser.translateArtifactToLocal(art.uri, base);
                        assert.ok(local, `${where}: the viewer cannot find ${art.uri} (base ${base})`);
                        assert.strictEqual(local.fsPath, path.join(srcRoot, decodeURIComponent(art.uri)), where);
                        const text = fs.readFileSync(local.fsPath, 'utf8');
                        const line = loc.physicalLocation.region.startLine;
                        // what the viewer selects in the editor when the result is clicked (no drift since the scan)
                        const sel = driftedRegionToSelection([], new StringTextDocument(text), loc.physicalLocation.region);
                        assert.strictEqual(sel.a, line - 1, `${where}: selection starts on line ${sel.a + 1}, not ${line}`);
                        const nlines = text.split('\n').length;
                        assert.ok(line >= 1 && line <= nlines, `${where}: line ${line} of ${nlines}`);
                        assert.ok(sel.d > sel.b, `${where}: empty selection on ${art.uri}:${line}`);
                        located++;
                    }
                }
            }
        }
        console.log(`      ${loaded.length} logs, ${results} results, ${located} locations resolved, ${textOnly} without a file`);
        assert.ok(results > 0, 'no results in any log');
    });
});

// The viewer's panel as VS Code's webview shows it (src/extension/panel.ts): its page with the
// store's state in meta tags, out/panel.js and out/init.js, then the extension's 'spliceLogs'
// message carrying every log. run.sh loads the page in headless Chromium and reads the table.
describe('the SARIF Viewer panel page', () => {
    const page = process.env.PTXSIM_PANEL_PAGE;
    it('is written', function () {
        if (!page) this.skip();
        const { filtersRow, filtersColumn } = require('../shared');
        const state = JSON.stringify({ version: 0, filtersRow, filtersColumn });
        const out = path.resolve(__dirname, '..', '..', 'out');
        const added = logs.map(p => ({ text: fs.readFileSync(p, 'utf8'), uri: Uri.file(path.resolve(p)).toString() }));
        const message = JSON.stringify({ command: 'spliceLogs', removed: [], added }).replace(/</g, '\\u003c');
        fs.writeFileSync(page!, `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta name="storeState" content='${state}'>
<meta name="storeWorkspaceUri" content="${Uri.file(srcRoot).toString()}">
<meta name="storeBanner" content=''>
<script>acquireVsCodeApi = () => ({ postMessage: () => {} });</script>
</head><body>
<div id="error" style="display: none; padding: 10px;"></div>
<div id="root"></div>
<script src="${Uri.file(path.join(out, 'panel.js')).toString()}"></script>
<script src="${Uri.file(path.join(out, 'init.js')).toString()}"></script>
<script>window.postMessage(${message}, '*');</script>
</body></html>
`);
    });
});
