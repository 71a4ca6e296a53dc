import assert from 'node:assert/strict';
import { request } from 'node:http';
import { useApp } from '../helpers/app';

interface RawReply {
  status: number;
  body: { error?: { code: string; message: string }; items?: unknown[] };
}

describe('the JSON body reader (1 MB, UTF-8, strict), over real HTTP', function () {
  this.timeout(30_000);
  const t = useApp();

  /** Sends `chunks` as the body, with Content-Length unless `chunked`; answers the parsed reply. */
  function send(
    chunks: Buffer[],
    headers: Record<string, string>,
    chunked = false,
    method = 'POST',
    target = '/api/v1/test_case.list',
  ): Promise<RawReply> {
    const url = new URL(`${t.app.url}${target}`);
    const length = chunks.reduce((n, c) => n + c.length, 0);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          headers: {
            Authorization: `Bearer ${t.org.apiKey}`,
            ...(chunked ? {} : { 'Content-Length': String(length) }),
            ...headers,
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (p: Buffer) => parts.push(p));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()) }));
        },
      );
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  }
  const json = { 'Content-Type': 'application/json' };
  const invalid = (reply: RawReply, message: RegExp) => {
    assert.equal(reply.status, 400);
    assert.equal(reply.body.error?.code, 'INVALID_ARGUMENT');
    assert.match(reply.body.error!.message, message);
  };

  it('reads an object sent in pieces, with a multi-byte character split across them', async () => {
    const bytes = Buffer.from(JSON.stringify({ query: 'Zürich' }));
    const split = bytes.indexOf(0xc3) + 1;
    const reply = await send([bytes.subarray(0, split), bytes.subarray(split)], json, true);
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.items, []);
  });

  it('treats an empty body as {} and ignores a UTF-8 byte order mark', async () => {
    assert.equal((await send([], json)).status, 200);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"limit": 3}')]);
    assert.equal((await send([withBom], { 'Content-Type': 'application/json; charset=utf-8' })).status, 200);
  });

  it('accepts exactly 1 MB and refuses one byte more, declared or streamed', async () => {
    // Leading whitespace pads the document to `size` bytes; the query itself stays valid.
    const body = (size: number) => Buffer.from(`${' '.repeat(size - 13)}{"query":"a"}`);
    const limit = 1024 * 1024;
    assert.equal(body(limit).length, limit);
    assert.equal((await send([body(limit)], json)).status, 200);
    invalid(await send([body(limit + 1)], json), /too large \(limit 1 MB\)/);
    invalid(await send([body(limit + 1)], json, true), /too large \(limit 1 MB\)/);
  });

  it('skips only a whole byte order mark: bytes that merely start like one are read as they are', async () => {
    // U+F03F is EF 80 BF (the mark's first and last bytes); "[¿" ends in BF (the mark's last byte).
    invalid(await send([Buffer.from('\uf03f{}')], json), /not valid JSON/);
    invalid(await send([Buffer.from('[\u00bf{}')], json), /not valid JSON/);
  });

  it('refuses a declared length over 1 MB before the body is sent', async () => {
    const url = new URL(t.app.url);
    const reply = await new Promise<RawReply>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/v1/test_case.list',
          method: 'POST',
          headers: { Authorization: `Bearer ${t.org.apiKey}`, ...json, 'Content-Length': String(1024 * 1024 + 1) },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (p: Buffer) => parts.push(p));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()) }));
        },
      );
      req.on('error', reject);
      // Headers only: a reader that waited for the body would never answer.
      req.flushHeaders();
    });
    invalid(reply, /too large \(limit 1 MB\)/);
  });

  it('reads no body of a GET: the request is answered as if it had none', async () => {
    const reply = await send([Buffer.from('{broken')], json, false, 'GET', '/api/runs?limit=1');
    assert.equal(reply.status, 200);
  });

  it('refuses what is not a UTF-8 JSON object or array with INVALID_ARGUMENT', async () => {
    invalid(await send([Buffer.from('{broken')], json), /not valid JSON/);
    invalid(await send([Buffer.from('"text"')], json), /not valid JSON/);
    invalid(await send([Buffer.from('{}')], { 'Content-Type': 'application/json; charset=iso-8859-1' }), /UTF-8/);
    invalid(
      await send([Buffer.from('{}')], { 'Content-Type': 'text/plain' }),
      /Content-Type must be application\/json/,
    );
    invalid(await send([Buffer.from('[]')], json), /must be a JSON object/);
  });
});
