import net, { isIP } from 'node:net';
import type { EgressPolicy } from './egress';
import { checkedLookup, EgressRefused } from './egress-fetch';

/** Why the proxy could not open a connection, as the net error code Chromium would have reported itself. */
export type ConnectFailure = { host: string; port: number; code: string; refusal?: string };

export interface EgressProxy {
  /** socks5://127.0.0.1:<port>, for a browser context's `proxy.server`. */
  url: string;
  /** Failed connections, newest last (bounded): the runner turns a SOCKS failure back into its cause. */
  failures: ConnectFailure[];
  close(): Promise<void>;
}

const netCodes: Record<string, string> = {
  ECONNREFUSED: 'ERR_CONNECTION_REFUSED',
  ENOTFOUND: 'ERR_NAME_NOT_RESOLVED',
  EAI_AGAIN: 'ERR_NAME_NOT_RESOLVED',
  ECONNRESET: 'ERR_CONNECTION_RESET',
  ETIMEDOUT: 'ERR_CONNECTION_TIMED_OUT',
  EHOSTUNREACH: 'ERR_ADDRESS_UNREACHABLE',
  ENETUNREACH: 'ERR_ADDRESS_UNREACHABLE',
};

/**
 * A loopback SOCKS5 proxy (RFC 1928, CONNECT only, no authentication) that opens each connection
 * of a browser under the egress policy: the host the browser names is resolved here and every
 * address is checked before the socket connects (IP literals too). Chromium sends every request
 * through it, redirect hops and subresources included, which request interception alone does not
 * see; and the address checked is the one connected to, so DNS rebinding cannot slip past.
 */
export async function startEgressProxy(policy: EgressPolicy): Promise<EgressProxy> {
  const failures: ConnectFailure[] = [];
  const sockets = new Set<net.Socket>();
  const lookup = checkedLookup(policy);

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let buffer = Buffer.alloc(0);
    let stage: 'greeting' | 'request' | 'done' = 'greeting';
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'greeting') {
        if (buffer.length < 2 || buffer.length < 2 + buffer[1]) return;
        if (buffer[0] !== 5) return void client.destroy();
        const methods = buffer.subarray(2, 2 + buffer[1]);
        buffer = buffer.subarray(2 + methods.length);
        // 0x00: no authentication; 0xff: none acceptable.
        if (!methods.includes(0)) return void client.end(Buffer.from([5, 0xff]));
        client.write(Buffer.from([5, 0]));
        stage = 'request';
      }
      if (stage === 'request') {
        const target = parseRequest(buffer);
        if (target === undefined) return;
        stage = 'done';
        client.off('data', onData);
        if ('unsupported' in target) return void client.end(reply(target.unsupported));
        connect(client, target.host, target.port, buffer.subarray(target.length));
      }
    };
    client.on('data', onData);
  });

  const record = (failure: ConnectFailure) => {
    failures.push(failure);
    if (failures.length > 50) failures.shift();
  };

  function connect(client: net.Socket, host: string, port: number, rest: Buffer) {
    if (isIP(host)) {
      // A literal skips DNS, so `lookup` would never see it: check it here.
      const refusal = policy.refuseAddress(host, host);
      if (refusal) {
        record({ host, port, code: 'ERR_BLOCKED_BY_CLIENT', refusal });
        return void client.end(reply(2)); // connection not allowed by ruleset
      }
    }
    const upstream = net.connect({ host, port, lookup });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      client.write(reply(0));
      if (rest.length) upstream.write(rest);
      client.pipe(upstream).pipe(client);
    });
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected) {
        const refused = error instanceof EgressRefused;
        record({
          host,
          port,
          code: refused ? 'ERR_BLOCKED_BY_CLIENT' : (netCodes[error.code ?? ''] ?? 'ERR_CONNECTION_FAILED'),
          ...(refused && { refusal: error.message }),
        });
        client.end(reply(refused ? 2 : 5));
      } else client.destroy();
    });
    client.once('close', () => upstream.destroy());
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `socks5://127.0.0.1:${port}`,
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A SOCKS5 reply with the given code and an empty bound address. */
const reply = (code: number) => Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]);

/**
 * The CONNECT request at the start of `buf`: undefined while incomplete; for what this proxy does
 * not do, the reply code (RFC 1928: 7 command not supported, 8 address type not supported).
 */
function parseRequest(
  buf: Buffer,
): { host: string; port: number; length: number } | { unsupported: 7 | 8 } | undefined {
  if (buf.length < 5) return undefined;
  if (buf[0] !== 5 || buf[1] !== 1) return { unsupported: 7 };
  let host: string;
  let offset: number;
  if (buf[3] === 1) {
    if (buf.length < 10) return undefined;
    host = [...buf.subarray(4, 8)].join('.');
    offset = 8;
  } else if (buf[3] === 3) {
    const len = buf[4];
    if (buf.length < 5 + len + 2) return undefined;
    host = buf.subarray(5, 5 + len).toString('latin1');
    offset = 5 + len;
  } else if (buf[3] === 4) {
    if (buf.length < 22) return undefined;
    const words = [];
    for (let i = 0; i < 8; i++) words.push(buf.readUInt16BE(4 + i * 2).toString(16));
    host = words.join(':');
    offset = 20;
  } else return { unsupported: 8 };
  return { host, port: buf.readUInt16BE(offset), length: offset + 2 };
}
