import assert from 'node:assert/strict';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { key, useApp } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';
import { servedEndpoints } from '../../api/app';
import { v1Lane } from '../../api/surfaces/v1-lane';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One raw HTTP/1.1 request: the header lines exactly as given (a repeated name is sent twice). */
function send(url: string, method: string, path: string, headers: Array<[string, string]>, body = ''): Promise<Reply> {
  const { port } = new URL(url);
  // A name given twice becomes an array: node:http then writes one header line for each value.
  const lines: Record<string, string | string[]> = { 'Content-Length': String(Buffer.byteLength(body)) };
  for (const [name, value] of headers) {
    const before = lines[name];
    lines[name] = before === undefined ? value : [...[before].flat(), value];
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: lines });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// What differs between two answers by nature: the moment, the request's id, the connection.
const VARYING = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const comparable = (reply: Reply) => ({
  status: reply.status,
  headers: Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !VARYING.has(name))),
  text: reply.text,
});

/**
 * The v1 lane (api/surfaces/v1-lane.ts) answers the plain v1 request on node:http, outside Koa.
 * The specification fixes one answer per request whichever way it is served: the same request
 * sent in the lane's form (`Content-Type: application/json`) and in a form only the Koa chain
 * takes (`application/json; charset=utf-8`, equally valid) gets the same status, headers and bytes.
 */
describe('the v1 lane answers exactly as the Koa chain does', function () {
  this.timeout(60_000);
  const t = useApp(privateQueues());
  const refs: Record<string, string> = {};
  const LANE = 'application/json';
  const KOA = 'application/json; charset=utf-8';

  const both = async (operation: string, body: string, auth = `Bearer ${t.org.apiKey}`) => {
    const headers = (type: string): Array<[string, string]> => [
      ['Content-Type', type],
      ['Authorization', auth],
    ];
    const lane = await send(t.app.url, 'POST', `/api/v1/${operation}`, headers(LANE), body);
    const koa = await send(t.app.url, 'POST', `/api/v1/${operation}`, headers(KOA), body);
    assert.deepEqual(comparable(lane), comparable(koa), `${operation} ${body.slice(0, 80)}`);
    assert.match(String(lane.headers['x-request-id']), /^[A-Za-z0-9._-]{8,}$/, JSON.stringify(lane).slice(0, 400));
    return lane;
  };

  before(async () => {
    const created = await both(
      'test_case.create',
      JSON.stringify({
        idempotencyKey: key(),
        name: 'Lane check',
        platforms: ['web'],
        steps: [{ action: 'navigate', target: '/', expect: { text: 'Home' } }],
      }),
    );
    assert.equal(created.status, 200, created.text);
    refs.testCaseId = JSON.parse(created.text).id;
    const triggered = await both(
      'run.trigger',
      JSON.stringify({
        idempotencyKey: key(),
        testCaseId: refs.testCaseId,
        targets: { web: { baseUrl: 'http://127.0.0.1:9/' } },
      }),
    );
    refs.runId = JSON.parse(triggered.text).runIds[0];
  });

  it('answers reads, a long-poll that times out and a replayed mutation with the same bytes', async () => {
    assert.equal((await both('run.get', JSON.stringify({ runId: refs.runId }))).status, 200);
    const { cursor } = JSON.parse((await both('run.get', JSON.stringify({ runId: refs.runId }))).text);
    const waited = await both('run.get', JSON.stringify({ runId: refs.runId, cursor, waitMs: 50 }));
    assert.equal(JSON.parse(waited.text).timedOut, true);
    assert.equal((await both('test_case.list', JSON.stringify({ limit: 2 }))).status, 200);
    // The first of the two creates the record; the second (the other way in) replays it.
    const replayed = await both(
      'test_plan.create',
      JSON.stringify({ idempotencyKey: key(), name: 'Lane plan', testCaseIds: [refs.testCaseId] }),
    );
    assert.equal(replayed.status, 200, replayed.text);
  });

  it('refuses bad input, bad credentials and unknown Runs with the same envelope', async () => {
    const cases: Array<[string, string, string | undefined, number]> = [
      ['run.get', JSON.stringify({ runId: 'run_00000000000000000000000000' }), undefined, 404],
      ['run.get', JSON.stringify({ runId: refs.runId, extra: 1 }), undefined, 400],
      ['run.get', JSON.stringify({ runId: refs.runId, waitMs: -1 }), undefined, 400],
      ['run.get', '{"runId":', undefined, 400],
      ['run.get', '[]', undefined, 400],
      ['run.get', '"text"', undefined, 400],
      ['run.get', JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }), undefined, 400],
      ['run.get', JSON.stringify({ runId: refs.runId }), `Bearer aut_${'x'.repeat(16)}_${'y'.repeat(40)}`, 401],
      ['run.get', JSON.stringify({ runId: refs.runId }), 'Bearer', 401],
      ['run.get', JSON.stringify({ runId: refs.runId }), 'Basic dXNlcjpwYXNz', 401],
      ['run.trigger', JSON.stringify({ testCaseId: refs.testCaseId }), undefined, 400],
    ];
    for (const [operation, body, auth, status] of cases) {
      const reply = await both(operation, body, auth);
      assert.equal(reply.status, status, `${operation} ${body.slice(0, 60)}: ${reply.text.slice(0, 200)}`);
      assert.ok(JSON.parse(reply.text).error.code, reply.text.slice(0, 200));
    }
  });

  it('echoes a well-formed X-Request-Id it is sent', async () => {
    const reply = await send(
      t.app.url,
      'POST',
      '/api/v1/run.get',
      [
        ['Content-Type', LANE],
        ['Authorization', `Bearer ${t.org.apiKey}`],
        ['X-Request-Id', 'ci-job-42.step-7'],
      ],
      JSON.stringify({ runId: refs.runId }),
    );
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['x-request-id'], 'ci-job-42.step-7');
  });

  // The lane reads a burst before working on it (a follower's wait counts from when it was read),
  // but not for ever: a request is worked on while others still arrive, every event-loop turn.
  it('works on requests while more keep arriving', async () => {
    const COUNT = 300;
    const lane = v1Lane(servedEndpoints(), t.app.deps);
    const held: Array<[IncomingMessage, ServerResponse]> = [];
    let allHeld: () => void;
    const arrived = new Promise<void>((resolve) => (allHeld = resolve));
    const server = createServer((req, res) => {
      held.push([req, res]);
      if (held.length === COUNT) allHeld();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const headers: Array<[string, string]> = [
        ['Content-Type', LANE],
        ['Authorization', `Bearer ${t.org.apiKey}`],
      ];
      const replies = Array.from({ length: COUNT }, () =>
        send(url, 'POST', '/api/v1/run.get', headers, JSON.stringify({ runId: refs.runId })),
      );
      await arrived;
      // Handed to the lane one per turn of the event loop, each turn 3 ms long: to the lane, a
      // burst that keeps arriving for about a second.
      let firstAnsweredAt = Infinity;
      held[0][1].once('finish', () => (firstAnsweredAt = performance.now()));
      const lastHandedAt = await new Promise<number>((resolve) => {
        let next = 0;
        const handOne = () => {
          const [req, res] = held[next++];
          // The next turn's request is due before the lane's own work of that turn, as node:http
          // reads requests (the poll phase) before setImmediate callbacks run (the check phase).
          if (next < COUNT) setImmediate(handOne);
          assert.equal(lane(req, res), true);
          const until = performance.now() + 3;
          while (performance.now() < until); // a turn's reading and parsing
          if (next === COUNT) resolve(performance.now());
        };
        setImmediate(handOne);
      });
      for (const reply of await Promise.all(replies)) {
        assert.equal(reply.status, 200, reply.text);
        assert.equal(JSON.parse(reply.text).runId, refs.runId);
      }
      assert.ok(
        firstAnsweredAt < lastHandedAt,
        `the first request was answered only after the last one arrived (${Math.round(firstAnsweredAt - lastHandedAt)} ms after)`,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  describe('takes only the plain form and leaves the rest to Koa', () => {
    let server: Server;
    let url: string;
    const NOT_TAKEN = 599;
    before(async () => {
      const lane = v1Lane(servedEndpoints(), t.app.deps);
      server = createServer((req, res) => {
        if (lane(req, res)) return;
        req.resume();
        res.statusCode = NOT_TAKEN;
        res.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise((resolve) => server.close(resolve)));

    const body = () => JSON.stringify({ runId: refs.runId });
    const auth = (): [string, string] => ['Authorization', `Bearer ${t.org.apiKey}`];

    it('takes POST /api/v1/<operation> with application/json and one Bearer credential', async () => {
      const reply = await send(url, 'POST', '/api/v1/run.get', [['Content-Type', LANE], auth()], body());
      assert.equal(reply.status, 200, reply.text);
      assert.equal(JSON.parse(reply.text).runId, refs.runId);
    });

    it('leaves other methods, media types, paths, query strings and credentials alone', async () => {
      const declined: Array<[string, string, Array<[string, string]>]> = [
        ['GET', '/api/v1/run.get', [['Content-Type', LANE], auth()]],
        ['POST', '/api/v1/run.get', [['Content-Type', KOA], auth()]],
        ['POST', '/api/v1/run.get?access_token=x', [['Content-Type', LANE], auth()]],
        ['POST', '/api/v1/run.get/', [['Content-Type', LANE], auth()]],
        ['POST', '/API/V1/run.get', [['Content-Type', LANE], auth()]],
        ['POST', '/api/v1/run%2Eget', [['Content-Type', LANE], auth()]],
        ['POST', '/api/v1/no.such_operation', [['Content-Type', LANE], auth()]],
        ['POST', '/api/v1/run.get', [['Content-Type', LANE]]],
        ['POST', '/api/v1/run.get', [['Content-Type', LANE], auth(), auth()]],
        ['POST', '/api/runs', [['Content-Type', LANE], auth()]],
      ];
      for (const [method, path, headers] of declined) {
        const reply = await send(url, method, path, headers, method === 'GET' ? '' : body());
        assert.equal(reply.status, NOT_TAKEN, `${method} ${path} ${JSON.stringify(headers.map(([n]) => n))}`);
      }
    });
  });
});
