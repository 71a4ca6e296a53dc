import assert from 'node:assert/strict';
import { environment, runNewCase } from '../helpers/app';
import { startEchoSite, type EchoSite } from '../helpers/echo-site';
import { followRun, traceLink, useRunStack } from '../helpers/runs';
import { zipEntries } from '../helpers/zips';

// Characters whose URL-encoded, form-encoded and base64 forms all differ from the value.
const SECRET = 'Echo/s3cret pa$$+word';
const FORMS = [
  SECRET,
  encodeURIComponent(SECRET),
  new URLSearchParams([['', SECRET]]).toString().slice(1),
  Buffer.from(SECRET).toString('base64'),
  Buffer.from(SECRET).toString('base64').replace(/=+$/, ''),
];

/**
 * Issue 77, point 2: a runtime value appears nowhere in a trace, on a page that gives it back in its
 * DOM, in response bodies (text and binary) and in console messages, before and after it is typed.
 */
describe('a trace holds no secret, whatever the page echoes (issue 77)', function () {
  this.timeout(180_000);
  const s = useRunStack('unused-password');
  let site: EchoSite;
  before(async () => {
    site = await startEchoSite(SECRET);
    await environment(s, 'echo', { targets: { web: { baseUrl: site.url } }, runtimeValues: { TOKEN: SECRET } });
  });
  after(() => site?.close());

  it('no file of the trace zip, decompressed, holds the value or its encoded forms', async () => {
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
    const link = await traceLink(s.app, s.org.apiKey, runId);
    assert.equal(link.status, 302);
    const zip = Buffer.from(await (await fetch(new URL(link.headers.get('location')!, s.app.url))).arrayBuffer());
    const entries = await zipEntries(zip);

    // The recording saw the page give the value back: its console, its requests, its DOM.
    const log = entries.get('trace.trace')!.toString('utf8');
    assert.match(log, /token shown: \[redacted\]/, 'the console message is recorded, masked');
    const network = entries.get('trace.network')!.toString('utf8');
    assert.match(network, /\/api\/known\.bin/, 'the binary response is recorded');
    assert.match(network, /\/api\/known"/, 'the JSON response is recorded');

    for (const [name, data] of entries) {
      for (const form of FORMS)
        assert.equal(data.indexOf(Buffer.from(form)), -1, `${name} holds the secret as ${JSON.stringify(form)}`);
    }
  });
});
