import assert from 'node:assert/strict';
import { useApp } from '../helpers/app';

// /console/assets/<file> serves the console's bundle (console/dist) and nothing else of the checkout.
describe('console assets', () => {
  const t = useApp();
  const get = (file: string) => fetch(`${t.app.url}/console/assets/${file}`);

  it('serves the bundle: its script and stylesheet with their types', async () => {
    const js = await get('app.js');
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type')!, /^application\/javascript/);
    const css = await get('app.css');
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type')!, /^text\/css/);
  });

  it('never serves a file outside the bundle or of another kind, by any spelling of its path', async () => {
    // Each of these names a real file of the checkout.
    for (const file of [
      '..%2F..%2Fscripts%2Ftest.js',
      '..%2F..%2Fpackage.json',
      '..%5C..%5Cscripts%5Ctest.js',
      'app.js%00.css',
    ]) {
      const res = await get(file);
      assert.equal(res.status, 404, file);
    }
  });
});
