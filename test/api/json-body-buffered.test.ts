import assert from 'node:assert/strict';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readJson } from '../../api/middleware/json-body';

/**
 * readJson on a body node:http has already received whole (the v1 lane reads it a turn of the
 * event loop after the request arrived): answered at once, with the same results and refusals as
 * the stream reader (1 MB, strict JSON, UTF-8 with an optional byte order mark).
 */
describe('the JSON body reader on a body already received', function () {
  this.timeout(10_000);
  let server: Server;
  let url: URL;
  let read: (req: IncomingMessage) => unknown;

  before(async () => {
    server = createServer((req, res) => {
      const answer = () => {
        if (!req.complete) return setTimeout(answer, 5);
        let reply: object;
        try {
          const value = read(req);
          reply = { sync: !(value instanceof Promise), value };
        } catch (error) {
          const { status, message } = error as { status: number; message: string };
          reply = { sync: true, status, message };
        }
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(reply));
      };
      setTimeout(answer, 5);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  const send = (body: Buffer, headers: Record<string, string> = {}): Promise<any> =>
    new Promise((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (p: Buffer) => parts.push(p));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString())));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const lengthOf = (body: Buffer) => ({ 'Content-Length': String(body.length) });

  it('reads an object at once, without a promise, and ignores a byte order mark', async () => {
    read = (req) => readJson(req, 1024 * 1024, req.headers['content-length'] ?? '');
    const body = Buffer.from(JSON.stringify({ runId: 'run_x', waitMs: 3000, city: 'Zürich' }));
    assert.deepEqual(await send(body, lengthOf(body)), {
      sync: true,
      value: { runId: 'run_x', waitMs: 3000, city: 'Zürich' },
    });
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[1,2]')]);
    assert.deepEqual(await send(marked, lengthOf(marked)), { sync: true, value: [1, 2] });
  });

  it('treats an empty body as {}', async () => {
    read = (req) => readJson(req, 1024 * 1024, req.headers['content-length'] ?? '');
    assert.deepEqual(await send(Buffer.alloc(0), { 'Content-Length': '0' }), { sync: true, value: {} });
  });

  it('refuses what is not a JSON object or array, and a body over the limit, declared or not', async () => {
    read = (req) => readJson(req, 16, req.headers['content-length'] ?? '');
    const text = Buffer.from('"text"');
    assert.deepEqual(await send(text, lengthOf(text)), {
      sync: true,
      status: 400,
      message: 'only JSON objects and arrays',
    });
    const broken = Buffer.from('{"a":');
    assert.deepEqual(await send(broken, lengthOf(broken)), { sync: true, status: 400, message: 'invalid JSON' });
    const large = Buffer.from(JSON.stringify({ padding: 'x'.repeat(20) }));
    const tooLarge = { sync: true, status: 413, message: 'request entity too large' };
    assert.deepEqual(await send(large, lengthOf(large)), tooLarge);
    // Chunked (no Content-Length): the limit is checked on what arrived.
    assert.deepEqual(await send(large, { 'Transfer-Encoding': 'chunked' }), tooLarge);
  });
});
