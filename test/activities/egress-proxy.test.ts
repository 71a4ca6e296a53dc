import assert from 'node:assert/strict';
import net from 'node:net';
import { egressPolicy } from '../../core/egress';
import { startEgressProxy, type EgressProxy } from '../../core/egress-proxy';

/**
 * The runner's SOCKS5 egress proxy spoken to byte by byte, with the replies RFC 1928 defines:
 * method 0x00 (no authentication) or 0xFF (none acceptable); reply codes 0 succeeded, 2 not
 * allowed by ruleset, 5 connection refused, 7 command not supported, 8 address type not supported.
 * Every target is on loopback; "refused" ones are loopback addresses the policy leaves out.
 */
describe('egress proxy: SOCKS5 as RFC 1928 defines it, under the egress policy', () => {
  const proxies: EgressProxy[] = [];
  const servers: net.Server[] = [];
  after(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    for (const s of servers) s.close();
  });

  /** A proxy that allows 127.0.0.1 and ::1 only (127.0.0.2 is loopback, yet refused). */
  const proxy = async (allow = '127.0.0.1/32,::1') => {
    const p = await startEgressProxy(egressPolicy(allow, { requireHttps: false, allowPublic: false }));
    proxies.push(p);
    return p;
  };

  /** An echo server on `host`: the port. */
  const echo = async (host: string) => {
    const server = net.createServer((s) => s.pipe(s));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return (server.address() as net.AddressInfo).port;
  };

  /** A client of the proxy that reads exact byte counts and sees the end. */
  const client = async (p: EgressProxy) => {
    const socket = net.connect(Number(new URL(p.url).port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let received = Buffer.alloc(0);
    let ended = false;
    const waiters: Array<() => void> = [];
    const wake = () => waiters.splice(0).forEach((w) => w());
    socket.on('data', (d) => {
      received = Buffer.concat([received, d]);
      wake();
    });
    socket.on('close', () => {
      ended = true;
      wake();
    });
    socket.on('error', () => undefined);
    /** Waits for `ready`, failing after 5 s: a proxy waiting for bytes that already came must not hang the test. */
    const until = async (ready: () => boolean) => {
      const deadline = Date.now() + 5000;
      while (!ready()) {
        if (Date.now() > deadline) throw new Error('the proxy did not answer');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    };
    return {
      send: (...bytes: Array<number[] | Buffer>) => {
        for (const b of bytes) socket.write(Buffer.from(b));
      },
      /** The next `n` bytes (fewer only if the proxy closed first). */
      read: async (n: number) => {
        await until(() => received.length >= n || ended);
        const out = received.subarray(0, n);
        received = received.subarray(n);
        return [...out];
      },
      /** Resolves when the proxy has closed the connection; what it sent before is still readable. */
      closed: () => until(() => ended),
      destroy: () => socket.destroy(),
    };
  };

  const portBytes = (port: number) => [port >> 8, port & 0xff];
  const ipv4 = (address: string, port: number) => [5, 1, 0, 1, ...address.split('.').map(Number), ...portBytes(port)];
  const domain = (name: string, port: number) => [5, 1, 0, 3, name.length, ...Buffer.from(name), ...portBytes(port)];
  const ipv6Loopback = (port: number) => [5, 1, 0, 4, ...Array(15).fill(0), 1, ...portBytes(port)];
  const replyCode = async (c: Awaited<ReturnType<typeof client>>) => (await c.read(10))[1];

  it('connects an IPv4, a domain and an IPv6 target, even when each message comes in pieces', async () => {
    const p = await proxy('127.0.0.1/32,::1,localhost');
    const v4 = await echo('127.0.0.1');
    const v6 = await echo('::1');
    for (const request of [ipv4('127.0.0.1', v4), domain('localhost', v4), ipv6Loopback(v6)]) {
      const c = await client(p);
      c.send([5]); // the greeting, split after its version
      await new Promise((r) => setTimeout(r, 20));
      c.send([1, 0]);
      assert.deepEqual(await c.read(2), [5, 0], 'no authentication chosen');
      c.send(request.slice(0, -5)); // the request, split inside its address
      await new Promise((r) => setTimeout(r, 20));
      c.send(request.slice(-5)); // the rest, and nothing more: the request is complete at its last byte
      const reply = await c.read(10);
      assert.deepEqual(reply.slice(0, 3), [5, 0, 0], `succeeded for ${request[3]}`);
      c.send(Buffer.from('ping'));
      assert.equal(Buffer.from(await c.read(4)).toString(), 'ping', 'bytes flow to the target and back');
      c.destroy();
    }
    // A client that sends its first bytes with the request, not waiting for the reply.
    const eager = await client(p);
    eager.send([5, 1, 0, ...ipv4('127.0.0.1', v4), ...Buffer.from('early')]);
    assert.deepEqual((await eager.read(12)).slice(0, 4), [5, 0, 5, 0]);
    assert.equal(Buffer.from(await eager.read(5)).toString(), 'early');
    eager.destroy();
    assert.deepEqual(p.failures, []);
  });

  it('answers 0xFF and closes when no offered method is "no authentication"', async () => {
    const p = await proxy();
    for (const greeting of [
      [5, 2, 1, 2], // GSSAPI, username/password
      [5, 0], // no method at all
    ]) {
      const c = await client(p);
      c.send(greeting);
      assert.deepEqual(await c.read(2), [5, 0xff], JSON.stringify(greeting));
      await c.closed();
    }
  });

  it('closes a greeting of another SOCKS version without answering', async () => {
    const c = await client(await proxy());
    c.send([4, 1, 0, 80, 127, 0, 0, 1, 0]);
    await c.closed();
    assert.deepEqual(await c.read(2), []);
  });

  it('refuses BIND and UDP ASSOCIATE with 7 and an unknown address type with 8', async () => {
    const p = await proxy();
    for (const [request, code] of [
      [[5, 2, 0, 1, 127, 0, 0, 1, 0, 80], 7],
      [[5, 3, 0, 1, 127, 0, 0, 1, 0, 80], 7],
      [[5, 1, 0, 9, 127, 0, 0, 1, 0, 80], 8],
    ] as const) {
      const c = await client(p);
      c.send([5, 1, 0]);
      assert.deepEqual(await c.read(2), [5, 0]);
      c.send([...request]);
      assert.equal(await replyCode(c), code, JSON.stringify(request));
      await c.closed();
    }
  });

  it('refuses what the policy refuses with 2, literal or resolved, and records why; a closed port is 5', async () => {
    const p = await proxy('127.0.0.1/32');
    const open = await echo('127.0.0.1');
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const attempt = async (request: number[], through = p) => {
      const c = await client(through);
      c.send([5, 1, 0]);
      await c.read(2);
      c.send(request);
      const code = await replyCode(c);
      await c.closed();
      return code;
    };
    assert.equal(await attempt(ipv4('127.0.0.2', open)), 2, 'a literal outside the policy');
    assert.equal(await attempt(ipv6Loopback(open)), 2, '::1 outside the policy');
    const v6only = await proxy('::1');
    assert.equal(await attempt(domain('localhost', open), v6only), 2, 'a name resolving outside it (to 127.0.0.1)');
    assert.equal(v6only.failures[0]?.code, 'ERR_BLOCKED_BY_CLIENT');
    assert.equal(await attempt(ipv4('127.0.0.1', closedPort)), 5);
    const codes = p.failures.map((f) => f.code);
    assert.deepEqual(codes.slice(0, 2), ['ERR_BLOCKED_BY_CLIENT', 'ERR_BLOCKED_BY_CLIENT']);
    assert.equal(codes.at(-1), 'ERR_CONNECTION_REFUSED');
    assert.equal(p.failures.at(-1)?.refusal, undefined, 'a closed port is no refusal of the policy');
    assert.ok(
      p.failures.slice(0, 2).every((f) => f.refusal && /EGRESS/.test(f.refusal)),
      JSON.stringify(p.failures),
    );
  });
});
