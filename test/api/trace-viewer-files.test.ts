import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readViewerFile } from '../../api/console/trace-viewer';

const viewerDir = path.join(
  path.dirname(require.resolve('playwright-core/package.json')),
  'lib',
  'vite',
  'traceViewer',
);

/** docs/console.md, "Traces": the viewer playwright-core ships, served as it is, and nothing beside it. */
describe('the trace viewer files the API serves', () => {
  it('serves a font of the viewer byte for byte (only its page gets our step selection)', async () => {
    const name = readdirSync(viewerDir).find((f) => f.endsWith('.ttf'));
    assert.ok(name, 'playwright-core ships the viewer with a font');
    const font = readFileSync(path.join(viewerDir, name));
    const served = await readViewerFile(name);
    assert.ok(served, 'the font is served');
    assert.equal(served.type, 'font/ttf');
    assert.ok(served.body.equals(font), 'the same bytes as the file');
  });

  it('adds the step selection to the viewer page', async () => {
    const page = await readViewerFile('index.html');
    assert.match(page?.body.toString('utf8') ?? '', /qa-open-step\.js/);
  });

  it('refuses a name that leaves the folder, even one of a type it serves', async () => {
    assert.ok(readFileSync(path.join(viewerDir, '../../bootstrap.js')).length > 0, 'the file exists beside it');
    assert.equal(await readViewerFile('../../bootstrap.js'), null);
    assert.equal(await readViewerFile('assets/../../../bootstrap.js'), null);
    assert.equal(await readViewerFile('sw.bundle.js.map'), null, 'a type it does not serve');
  });
});
