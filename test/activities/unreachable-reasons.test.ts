import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { egressPolicy } from '../../core/egress';
import { egressFetch, unreachableWhy } from '../../core/egress-fetch';

/**
 * Why a request got no answer, as a customer reads it (an API Run's step, the assurance snapshot):
 * the cause in words they can act on, never the error's own text, address or code. Real failures
 * on loopback where one can be made; the rest by the codes Node and undici document for them.
 */
describe('unreachable targets: the cause in customer-safe words', () => {
  const fetchLoopback = egressFetch(egressPolicy('127.0.0.1/32', { requireHttps: false, allowPublic: false }));
  const why = async (url: string) => {
    try {
      await fetchLoopback(url);
    } catch (error) {
      return unreachableWhy(error);
    }
    throw new Error(`${url} answered`);
  };
  const generic = unreachableWhy(new Error('something else'));

  const listen = async (server: net.Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as net.AddressInfo).port;
  };

  it('a connection reset before the answer is told as closed, not as a generic failure', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    const port = await listen(server);
    try {
      const reason = await why(`http://127.0.0.1:${port}/orders`);
      assert.match(reason, /closed before an answer/);
      assert.doesNotMatch(reason, /127\.0\.0\.1|ECONNRESET|UND_ERR|socket/i);
    } finally {
      server.close();
    }
  });

  it('a certificate the client does not trust is told as a TLS certificate problem', async function () {
    const dir = mkdtempSync(join(tmpdir(), 'qa-tls-'));
    try {
      // A self-signed certificate for 127.0.0.1, made for this test only.
      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
      ], { stdio: 'ignore' }); // prettier-ignore
      const server = tls.createServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'),
      );
      server.on('tlsClientError', () => undefined);
      const port = await listen(server);
      try {
        const reason = await why(`https://127.0.0.1:${port}/orders`);
        assert.match(reason, /TLS certificate/);
        assert.doesNotMatch(reason, /SELF_SIGNED|127\.0\.0\.1/);
      } finally {
        server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('each documented cause family has words of its own, found on the error, its cause or one of several attempts', () => {
    // Node's system error codes (docs: "Common system errors") and undici's error codes.
    const families: Record<string, string[]> = {
      'did not resolve': ['ENOTFOUND', 'EAI_AGAIN'],
      refused: ['ECONNREFUSED'],
      closed: ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'],
      'timed out': ['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT'],
      unreachable: ['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN'],
      certificate: ['CERT_HAS_EXPIRED', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_SSL_WRONG_VERSION_NUMBER'],
    };
    const byFamily = new Map<string, string>();
    for (const [family, codes] of Object.entries(families))
      for (const code of codes) {
        const shapes = [
          Object.assign(new Error('x'), { code }),
          new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code }) }),
          new AggregateError([new Error('first'), Object.assign(new Error('x'), { code })]),
        ];
        for (const error of shapes) {
          const reason = unreachableWhy(error);
          assert.notEqual(reason, generic, `${code} in ${error.constructor.name} is told apart`);
          assert.ok(!reason.includes(code), reason);
          assert.equal(byFamily.get(family) ?? reason, reason, `${code} reads like the rest of "${family}"`);
          byFamily.set(family, reason);
        }
      }
    assert.equal(new Set(byFamily.values()).size, Object.keys(families).length, 'every family reads differently');
  });
});
