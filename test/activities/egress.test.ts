import assert from 'node:assert/strict';
import { egressPolicy } from '../../core/egress';
import { postJson } from '../../activities/webhooks/send';
import { startReceiver, type Receiver } from '../helpers/receiver';

describe('egress policy of outgoing webhooks', () => {
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  it('refuses a name whose resolved address is loopback when loopback is not allowed, before any request', async () => {
    const port = new URL(receiver.url).port;
    const before = receiver.received.length;
    const sent = await postJson(egressPolicy(''), `https://localhost:${port}/x`, {}, '{}', 2000);
    assert.deepEqual(sent.kind === 'error' && sent.errorClass, 'egress_refused');
    assert.equal(receiver.received.length, before, 'the receiver saw nothing');
  });

  it('refuses IP literals of private ranges and plain http, unless allowed', () => {
    const closed = egressPolicy('');
    for (const url of [
      'https://127.0.0.1/',
      'https://10.1.2.3/',
      'https://169.254.169.254/latest',
      'https://[::1]/',
      'https://[::ffff:10.0.0.1]/',
      'http://example.com/',
      'https://user:pw@example.com/',
      'https://user@example.com/',
      'https://:pw@example.com/',
      'ftp://example.com/',
      'file:///etc/passwd',
      'data:text/plain,hello',
    ])
      assert.ok(closed.refuseUrl(url), url);
    assert.equal(closed.refuseUrl('https://example.com/hook'), null);
    const loopback = egressPolicy('127.0.0.0/8,::1');
    assert.equal(loopback.refuseUrl('http://127.0.0.1:8080/hook'), null);
    assert.ok(loopback.refuseUrl('http://10.0.0.1/hook'));
  });

  it('does not follow redirects: a 3xx is the answer', async () => {
    receiver.answer('/moved', { status: 302, headers: { location: 'http://10.0.0.1/' } });
    const sent = await postJson(egressPolicy('127.0.0.1'), `${receiver.url}/moved`, {}, '{}', 2000);
    assert.equal(sent.kind === 'response' && sent.statusCode, 302);
    assert.equal(receiver.received.filter((r) => r.path === '/moved').length, 1);
  });
});
