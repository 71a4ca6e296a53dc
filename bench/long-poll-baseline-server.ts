import { createServer } from 'node:http';

/**
 * The long-poll figures' baseline: a bare node:http server that reads each JSON body and answers a
 * fixed JSON text `waitMs` after the request arrived, with no framework, authentication or
 * storage. Followed by the same clients in the same round as the API, its lateness is what this
 * machine's two cores allow any Node process (the client shares them). It is sent the service's
 * very requests (their credential too, unread here) and answers as many bytes. BENCH_REPLY: the
 * text to answer, e.g. the API's own reply, so that the client reads as much from either.
 */
const reply =
  process.env.BENCH_REPLY ??
  JSON.stringify({ runId: 'run_baseline', status: 'queued', cursor: 1, timedOut: true, steps: [] });
// The reply's head is the service's head (which names each request by a 16-character id and states
// the body's length), so that the client reads the same bytes from either and the server writes
// them as one buffer: without a Content-Length node:http frames the body in chunks, a few bytes
// more to read and a write of four buffers. The bare server does not make the id.
const REQUEST_ID = 'bareserver000000';
const REPLY_LENGTH = String(Buffer.byteLength(reply));
const server = createServer((req, res) => {
  const arrived = performance.now();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString();
    const { waitMs } = (text ? JSON.parse(text) : {}) as { waitMs?: number }; // a GET: the readiness probe
    const remaining = Math.max(0, Math.ceil((waitMs ?? 0) - (performance.now() - arrived)));
    setTimeout(() => {
      res.writeHead(200, {
        'X-Request-Id': REQUEST_ID,
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': REPLY_LENGTH,
      });
      res.end(reply);
    }, remaining);
  });
});
// Kept-alive connections are kept as long as the API keeps them (api/server.ts): with Node's 5 s, a
// follower polling again after its wait could meet a connection the server was closing (ECONNRESET).
server.keepAliveTimeout = 30_000;
server.headersTimeout = 35_000;
server.listen(Number(process.env.PORT), '127.0.0.1', 4096, () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => process.exit(0));
