import assert from 'node:assert/strict';
import { key, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';

/**
 * docs/webhooks-and-retention.md: hosts in EGRESS_ALLOW may take plain http, but a URL carrying
 * credentials, or of another scheme, is refused even for them. Nothing is sent: registering a
 * webhook makes no request.
 */
describe('webhook URLs for a host in EGRESS_ALLOW', () => {
  const t = useApp({ EGRESS_ALLOW: '127.0.0.1' });
  const register = (url: string) =>
    rest(
      t.app,
      t.org.apiKey,
      'POST',
      '/api/webhooks',
      { url, events: ['run.completed'] },
      { 'Idempotency-Key': key() },
    );

  it('takes plain http to the allowed host', async () => {
    const reply = await register('http://127.0.0.1:9/hook');
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
  });

  it('refuses credentials in the URL and a scheme other than http(s): 400 INVALID_ARGUMENT', async () => {
    for (const url of ['http://ci:s3cret@127.0.0.1:9/hook', 'ftp://127.0.0.1:9/hook']) {
      const reply = await register(url);
      assert.equal(reply.status, 400, `${url}: ${JSON.stringify(reply.body)}`);
      assert.equal(reply.body.code, 'INVALID_ARGUMENT');
      assert.ok(!JSON.stringify(reply.body).includes('s3cret'), 'the password is not echoed');
    }
  });
});
