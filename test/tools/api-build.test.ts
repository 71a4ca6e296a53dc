import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { newId } from '../../core/ids';
import { call, queuedRun, useApp } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';
import { killGroup, startApiProcess } from '../helpers/worker-process';

const { buildApi } = require('../../scripts/lib/api-build.js');

// `npm start`, `npm run cluster` and the fuzzer run the API compiled into one file
// (scripts/lib/api-build.js), not through tsx: the rest of the suite runs the sources, so this file
// runs the bundle itself through what those paths depend on.

const root = path.resolve(__dirname, '..', '..');

describe('the API compiled as npm start runs it', function () {
  this.timeout(120_000);
  const t = useApp(privateQueues());
  // Two folders below the root, as the bundle npm start builds (.tools/api): paths resolve the same.
  const dir = path.join(root, '.tools', `api-test-${process.pid}`);
  let bundle: string;
  let api: { url: string; child: ChildProcess };
  before(async () => {
    bundle = buildApi(root, path.join(dir, 'server.js'));
    api = await startApiProcess(t.app, {}, bundle);
    t.onClose(() => {
      killGroup(api.child);
      rmSync(dir, { recursive: true, force: true });
    });
  });

  it('answers v1 calls, long-polls and errors in the envelope', async () => {
    const missing = await call(api, t.org.apiKey, 'run.get', { runId: newId('run') });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'NOT_FOUND');
    const unknown = await call(api, t.org.apiKey, 'no.such_operation', {});
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'NOT_FOUND');

    // No runner serves the suite's queues: the Run stays queued, so the long-poll waits its full time.
    const runId = await queuedRun(t, api, 'Compiled');
    const first = await call(api, t.org.apiKey, 'run.get', { runId });
    assert.equal(first.body.status, 'queued');
    const started = Date.now();
    const waited = await call(api, t.org.apiKey, 'run.get', { runId, cursor: first.body.cursor, waitMs: 400 });
    assert.equal(waited.status, 200);
    assert.equal(waited.body.timedOut, true);
    assert.ok(Date.now() - started >= 390, `answered after ${Date.now() - started} ms of a 400 ms wait`);
  });

  it('serves the console and the API reference from the files beside the sources', async () => {
    const page = await fetch(`${api.url}/console`);
    assert.equal(page.status, 200);
    const script = /<script type="module" src="([^"]+)"/.exec(await page.text())?.[1];
    assert.ok(script, 'the console page names its script');
    const asset = await fetch(`${api.url}${script}`);
    assert.equal(asset.status, 200, 'the console bundle is found from the compiled API');
    assert.match(asset.headers.get('content-type') ?? '', /javascript/);
    const reference = await fetch(`${api.url}/api/docs/scalar.js`);
    assert.equal(reference.status, 200, 'the API reference script is found in node_modules');
    const openapi = await fetch(`${api.url}/api/openapi.json`);
    assert.equal(openapi.status, 200);
    assert.ok((await openapi.json()).paths['/api/v1/run.get'], 'the OpenAPI document has the v1 operations');
  });

  it('keeps no function names at run time, and maps its code back to the TypeScript sources', () => {
    // tsx's keepNames wraps every function a request creates in a defineProperty call for its name.
    const code = readFileSync(bundle, 'utf8');
    assert.doesNotMatch(code, /\b__name\(/);
    const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8'));
    assert.ok(map.sources.includes('../../api/surfaces/v1.ts'), 'the source map names the sources from its folder');
    assert.match(code, /\/\/# sourceMappingURL=server\.js\.map\s*$/);
  });
});
