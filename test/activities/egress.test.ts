import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { egressPolicy } from '../../core/egress';
import { EgressRefused, egressFetch, readCapped, refusalOf, unreachableWhy } from '../../core/egress-fetch';
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

describe('egress helpers the runners share: refusalOf, readCapped, unreachableWhy', () => {
  const loopbackOnly = egressPolicy('127.0.0.1/32', { requireHttps: false, allowPublic: false });

  it("refusalOf applies the URL's own rules before any lookup: credentials in an allowed host's URL are refused", async () => {
    assert.equal(await refusalOf(loopbackOnly, 'http://127.0.0.1:9/'), null);
    assert.match(String(await refusalOf(loopbackOnly, 'http://user:pw@127.0.0.1:9/')), /credentials/);
    assert.match(String(await refusalOf(loopbackOnly, 'ftp://127.0.0.1/')), /https/);
    assert.match(String(await refusalOf(loopbackOnly, 'http://10.0.0.1/')), /not a public address/);
  });

  const chunks = (...parts: string[]) => ({
    body: (async function* () {
      for (const part of parts) yield Buffer.from(part);
    })(),
  });

  it('readCapped reads a body in pieces up to the cap, an absent body as empty, and no further than the cap', async () => {
    assert.equal(await readCapped({ body: null }, 10), '', 'a 204 or HEAD answer');
    assert.equal(await readCapped(chunks('abc', 'def', 'ghi'), 100), 'abcdefghi');
    assert.equal(await readCapped(chunks('abc', 'def', 'ghi'), 4), 'abcd');
    // The cap reached exactly: the next piece (here: never coming) is not waited for.
    const endless = {
      body: (async function* () {
        yield Buffer.from('abcd');
        await new Promise(() => undefined);
      })(),
    };
    assert.equal(await readCapped(endless, 4), 'abcd');
  });

  it('unreachableWhy reads codes along causes and inner errors, and ends on a cycle', () => {
    const generic = 'the request failed before an answer';
    assert.equal(unreachableWhy(new Error('no code')), generic);
    assert.equal(unreachableWhy(undefined), generic);
    assert.equal(unreachableWhy(null), generic);
    assert.equal(unreachableWhy(new Error('no cause', { cause: null })), generic);
    const deep = new Error('outer', { cause: new Error('middle', { cause: { code: 'ECONNREFUSED' } }) });
    assert.equal(unreachableWhy(deep), 'the connection was refused');
    const aggregate = new AggregateError([Object.assign(new Error('a'), { code: 'ETIMEDOUT' })], 'all failed');
    assert.equal(unreachableWhy(new Error('fetch failed', { cause: aggregate })), 'the connection timed out');
    const cycle: { cause?: unknown } = {};
    cycle.cause = cycle;
    assert.equal(unreachableWhy(cycle), generic);
  });

  it('unreachableWhy names the kind of network failure, one kind each, never the generic words for a known code', () => {
    // Issue 75: each family of codes says what happened in a customer's words (docs/security.md);
    // a family that fell through to the generic words would tell the customer nothing.
    const generic = unreachableWhy(new Error('no code'));
    const kinds: Array<[RegExp, string[]]> = [
      [/resolve/, ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL']],
      [/refused/, ['ECONNREFUSED']],
      [/closed/, ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']],
      [/timed out/, ['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']],
      [/reached/, ['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN']],
      [
        /certificate/,
        [
          'CERT_HAS_EXPIRED',
          'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
          'ERR_TLS_CERT_ALTNAME_INVALID',
          'DEPTH_ZERO_SELF_SIGNED_CERT',
        ],
      ],
    ];
    const words = new Set<string>();
    for (const [kind, codes] of kinds) {
      for (const code of codes) {
        const why = unreachableWhy(new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) }));
        assert.notEqual(why, generic, code);
        assert.match(why, kind, code);
        words.add(why);
      }
    }
    assert.equal(words.size, kinds.length, 'one wording per kind');
    assert.equal(unreachableWhy(Object.assign(new Error('x'), { code: 'EWHATEVER' })), generic);
  });

  describe('a host name that does not resolve', () => {
    // The system resolver stands in for a DNS server that answers "no such name" (no query leaves
    // the machine): node:dns's lookup is what the egress client resolves with.
    const dns = require('node:dns') as typeof import('node:dns');
    const real = dns.lookup;
    beforeEach(() => {
      (dns as { lookup: unknown }).lookup = (hostname: string, _options: unknown, callback: (e: Error) => void) =>
        setImmediate(() =>
          callback(Object.assign(new Error(`getaddrinfo EAI_AGAIN ${hostname}`), { code: 'EAI_AGAIN', hostname })),
        );
    });
    afterEach(() => {
      (dns as { lookup: unknown }).lookup = real;
    });
    const open = egressPolicy('', { requireHttps: false, allowPublic: true });

    it('refusalOf answers that it does not resolve', async () => {
      assert.equal(await refusalOf(open, 'https://orders.example.com/x'), 'the host does not resolve');
    });

    it('egressFetch fails with an error whose reason is that the name did not resolve, not a refusal', async () => {
      const error = await egressFetch(open)('https://orders.example.com/x').then(
        () => assert.fail('answered'),
        (e: unknown) => e,
      );
      assert.ok(!(error instanceof EgressRefused), String(error));
      assert.match(unreachableWhy(error), /did not resolve/);
    });
  });
});

/** A loopback server on `host` that records every request and answers `answer(path)`. */
async function recording(host: string, answer: (path: string) => { status: number; location?: string }) {
  const requested: string[] = [];
  const server = http.createServer((req, res) => {
    requested.push(req.url ?? '');
    const { status, location } = answer(req.url ?? '');
    res.writeHead(status, location ? { location } : {});
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Redirects are never followed by the egress client, whatever its caller asks: a Location that is
 * an IP literal meets no DNS lookup, so following it would reach an address outside the policy.
 * 127.0.0.2 (loopback, outside this policy) stands for every address the operator did not allow.
 */
describe('egressFetch never follows a redirect', () => {
  const policy = egressPolicy('127.0.0.1/32', { requireHttps: false, allowPublic: false });
  let refused: Awaited<ReturnType<typeof recording>>;
  let allowed: Awaited<ReturnType<typeof recording>>;
  before(async () => {
    refused = await recording('127.0.0.2', () => ({ status: 200 }));
    allowed = await recording('127.0.0.1', () => ({ status: 302, location: `${refused.url}/landing` }));
  });
  after(async () => {
    await allowed.close();
    await refused.close();
  });

  for (const redirect of [undefined, 'follow', 'error'] as const) {
    it(`answers the 3xx itself and never requests its Location (redirect: ${redirect ?? 'unset'})`, async () => {
      const init = redirect ? ({ redirect } as never) : {};
      const res = await egressFetch(policy)(`${allowed.url}/hop`, init);
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), `${refused.url}/landing`);
      assert.deepEqual(allowed.requested.slice(-1), ['/hop']);
      assert.deepEqual(refused.requested, [], 'the refused address was never requested');
    });
  }
});
