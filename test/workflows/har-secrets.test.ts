import assert from 'node:assert/strict';
import { environment, runNewCase } from '../helpers/app';
import { startEchoSite, type EchoSite } from '../helpers/echo-site';
import { followRun, useRunStack } from '../helpers/runs';

// As trace-secrets.test.ts: characters whose encoded forms all differ from the value.
const SECRET = 'Echo/s3cret pa$$+word';
const FORMS = [
  SECRET,
  encodeURIComponent(SECRET),
  new URLSearchParams([['', SECRET]]).toString().slice(1),
  Buffer.from(SECRET).toString('base64'),
  Buffer.from(SECRET).toString('base64').replace(/=+$/, ''),
];

/** Issue 77 point 3: the HAR download, for the organization's key only, holds no secret. */
describe('the HAR download of a Run (issue 77)', function () {
  this.timeout(180_000);
  const s = useRunStack('unused-password');
  let site: EchoSite;
  before(async () => {
    site = await startEchoSite(SECRET);
    await environment(s, 'echo', { targets: { web: { baseUrl: site.url } }, runtimeValues: { TOKEN: SECRET } });
  });
  after(() => site?.close());

  it('is the network log with bodies, masked; another key, no key and an unknown Run get none', async () => {
    const runId = await runNewCase(
      s,
      {
        name: 'Echoes the token',
        steps: [
          { action: 'navigate', target: '/', expect: { text: 'Your token' } },
          { action: 'fill', target: 'Token', valueSpec: { kind: 'environment', variable: 'TOKEN' } },
          { action: 'click', target: 'Send', expect: { text: 'Never shown' } },
        ],
      },
      { environmentSlug: 'echo' },
    );
    assert.equal((await followRun(s.app, s.org.apiKey, runId)).state.status, 'failed');
    const get = (auth: string | null, id = runId) =>
      fetch(`${s.app.url}/api/runs/${id}/har`, { headers: auth ? { Authorization: `Bearer ${auth}` } : {} });
    const res = await get(s.org.apiKey);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-disposition') ?? '', /attachment/);
    const har = Buffer.from(await res.arrayBuffer());
    const doc = JSON.parse(har.toString('utf8'));
    const known = doc.log.entries.find((e: any) => e.request.url.endsWith('/api/known'));
    assert.match(known.response.content.text, /redacted/, 'the echoing body is there, masked');
    for (const form of FORMS)
      assert.equal(har.indexOf(Buffer.from(form)), -1, `the HAR holds the secret as ${JSON.stringify(form)}`);

    assert.equal((await get(null)).status, 401);
    assert.equal((await get(s.org.apiKey, 'run_00000000000000000000000000')).status, 404);
  });
});
