import assert from 'node:assert/strict';
import { LOCAL_UPLOAD_PATH } from '../../core/storage/local';
import { useApp } from '../helpers/app';

/**
 * Local storage (the default) serves its objects behind their own short-lived signature: a link
 * with a wrong or missing signature, or past its expiry, is 403 (as evidence links are,
 * docs/interface.md: "403 when edited, incomplete or expired").
 */
describe('the local media route', () => {
  const t = useApp();

  it('refuses a link with a wrong or missing signature, or an expired one: 403', async () => {
    const later = Date.now() + 60_000;
    for (const query of [
      `key=runs/run_x/step-0.png&exp=${later}&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      `key=runs/run_x/step-0.png&exp=${later}`,
      `key=runs/run_x/step-0.png&exp=1&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    ]) {
      const res = await fetch(`${t.app.url}/media?${query}`);
      assert.equal(res.status, 403, query);
    }
  });
});

/**
 * With an S3 bucket configured, uploads and media links point at the bucket, and the service's own
 * stand-ins for it answer 404 (artifacts.upload: "With an S3 bucket configured the uploadUrl points
 * at the bucket instead and this route answers 404"; storage.read_local serves local storage only).
 * The bucket's endpoint is a loopback port nothing listens on: neither route may reach it.
 */
describe('the local storage routes with an S3 bucket configured', () => {
  const t = useApp({
    S3_BUCKET: 'artifacts',
    S3_ENDPOINT: 'http://127.0.0.1:9',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  });

  it('a PUT to the local upload path is 404', async () => {
    const res = await fetch(`${t.app.url}${LOCAL_UPLOAD_PATH}?key=artifacts/org_x/sto_x.apk&exp=1&sig=abc`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/vnd.android.package-archive' },
      body: 'PK',
    });
    assert.equal(res.status, 404);
    assert.match((await res.json()).error, /object store/);
  });

  it('a local media link is 404', async () => {
    const res = await fetch(`${t.app.url}/media?key=runs/run_x/step-0.png&exp=1&sig=abc`);
    assert.equal(res.status, 404);
  });
});
