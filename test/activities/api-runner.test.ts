import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runApiSteps, type ApiRunOutcome } from '../../activities/engines/api/execute';
import { fuzzProbes } from '../../activities/engines/api/fuzz';
import { DocumentError, parseDocument, type ApiDocument } from '../../activities/engines/api/openapi';
import { fillPath, PlaceholderError, readPointer, type Lookup } from '../../activities/engines/api/placeholders';
import { apiSessionFor } from '../../activities/engines/api/setup';
import { fingerprint, inferSchema } from '../../activities/engines/api/shapes';
import { Redactor } from '../../activities/engines/shared/redactor';
import { egressPolicy } from '../../core/egress';
import { egressFetch } from '../../core/egress-fetch';
import type { Step } from '../../core/steps';
import type { Run } from '../../db/entities/runs';

/**
 * The API runner's rules (docs/api-assurance.md) at the activity, against a small API on
 * loopback: which operations are fuzzed and what a probe's answer means, when a step passes, what
 * an observation keeps, how placeholders and pointers are filled, and why a step or a document
 * cannot be used. The workflow tests (test/workflows/api-assurance.test.ts) show the same Run end
 * to end; these run in a second and name each rule on its own.
 */

const item = {
  type: 'object',
  required: ['name', 'count'],
  properties: {
    name: { type: 'string', maxLength: 5 },
    count: { type: 'integer', minimum: 1, maximum: 10 },
  },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const document = {
  openapi: '3.1.0',
  info: { title: 'Items', version: '1.0.0' },
  paths: {
    // The templated path first: a concrete path must still win (OpenAPI 3.1, "Path Templating Matching").
    '/items/{itemId}': {
      get: { responses: { '200': json({ type: 'object' }) } },
      delete: {
        requestBody: json({ type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } }),
        responses: { '204': { description: 'gone' } },
      },
    },
    '/items/latest': { get: { responses: { '200': json({ type: 'object' }) } } },
    '/items': {
      post: {
        requestBody: json(item),
        responses: { '201': json({ type: 'object' }), default: { description: 'any' } },
      },
    },
    '/moved': { post: { requestBody: json(item), responses: { '300': json({ type: 'object' }) } } },
  },
};

interface Received {
  method: string;
  path: string;
  body: string;
  contentType?: string;
}

/** The API under test. `invalidAnswer` is what POST /items (and /moved) answer to a body outside the schema. */
function startTarget() {
  const received: Received[] = [];
  const state = { invalidAnswer: 400, received };
  const valid = (body: string) => {
    try {
      const v = JSON.parse(body);
      return (
        typeof v.name === 'string' && v.name.length <= 5 && Number.isInteger(v.count) && v.count >= 1 && v.count <= 10
      );
    } catch {
      return false;
    }
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ method: req.method ?? '', path, body, contentType: req.headers['content-type'] });
      const send = (status: number, value?: unknown, type = 'application/json') => {
        res.writeHead(status, value === undefined ? {} : { 'content-type': type });
        res.end(value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value));
      };
      const status = /^\/status\/(\d{3})$/.exec(path);
      if (status) return send(Number(status[1]));
      if (req.method === 'POST' && (path === '/items' || path === '/moved')) {
        if (!valid(body)) return send(state.invalidAnswer, { error: 'invalid' });
        return send(path === '/moved' ? 300 : 201, { id: 'itm_7', ...JSON.parse(body) });
      }
      if (req.method === 'DELETE') return send(204);
      if (path === '/items/latest' || path.startsWith('/items/'))
        return send(200, { id: 'itm_7', name: 'pen', count: 3 });
      if (path === '/text') return send(200, '42', 'text/plain');
      if (path === '/notes') return send(200, { notes: [{ text: 'n', pinned: false, stars: 2 }] });
      if (path === '/echo') return send(200, body.length ? JSON.parse(body) : null);
      send(404, { error: 'no such route' });
    });
  });
  return { server, state };
}

describe('the API runner: fuzzing, verdicts, observations, placeholders and documents', function () {
  this.timeout(30_000);
  const { server, state } = startTarget();
  let baseUrl = '';
  let doc: ApiDocument;
  const loopbackOnly = egressFetch(egressPolicy('127.0.0.1/32', { requireHttps: false, allowPublic: false }));
  const values: Record<string, string> = { ITEM_NAME: 'cup', WHO: 'Bo"b\\', SLASHY: 'a/b' };

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    doc = await parseDocument(document);
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    state.received.length = 0;
    state.invalidAnswer = 400;
  });

  const run = (steps: unknown[], maxFuzzProbes = 50): Promise<ApiRunOutcome> =>
    runApiSteps({
      baseUrl,
      document: doc,
      identities: new Map<string, Record<string, string> | string>([
        ['alice', { authorization: 'Bearer alice-token-3f9a7c1d' }],
        ['nobody', 'has no token: the runner host does not set SHOP_NOBODY_TOKEN'],
      ]),
      resolveValue: async (name) => {
        if (!(name in values)) throw new Error(`no value ${name}`);
        return values[name];
      },
      redactor: new Redactor(),
      maxFuzzProbes,
      timeoutMs: 5_000,
      fetch: loopbackOnly,
      steps: steps as Step[],
    });
  const createItem = { action: 'request', target: 'POST /items', body: '{"name": "pen", "count": 3}' };
  const probesOf = (outcome: ApiRunOutcome) => outcome.result.observations.filter((o) => o.source === 'probe');

  describe('fuzz probes', () => {
    // The item schema: 2 required fields left out, 2 wrong types, below and above count's bounds, name past maxLength, malformed JSON.
    const probesForItem = 8;

    it('go once to each documented operation a step exercised with a JSON body and a 2xx answer, never DELETE', async () => {
      const outcome = await run([
        createItem,
        createItem,
        { action: 'request', target: 'DELETE /items/itm_7', body: '{"reason": "done"}' },
        {
          action: 'request',
          target: 'POST /moved',
          body: '{"name": "pen", "count": 3}',
          config: { expectStatus: [300] },
        },
        { action: 'request', target: 'GET /items/itm_7' },
      ]);
      assert.deepEqual(
        outcome.steps.map((s) => s.status),
        ['passed', 'passed', 'passed', 'passed', 'passed'],
      );
      const probes = state.received.slice(5);
      assert.equal(probes.length, probesForItem, JSON.stringify(probes.map((p) => `${p.method} ${p.path}`)));
      assert.ok(probes.every((p) => p.method === 'POST' && p.path === '/items'));
      assert.equal(outcome.result.findings.length, 0, 'a 4xx to an invalid body is what a sound API answers');
      assert.equal(outcome.outcome, 'passed');
    });

    it('are numbered from 0 in the order sent, and stop at maxProbes', async () => {
      const outcome = await run([createItem], 3);
      assert.equal(state.received.length, 1 + 3);
      assert.deepEqual(
        probesOf(outcome).map((o) => o.index),
        [0, 1, 2],
      );
      assert.ok(probesOf(outcome).every((o) => o.operationKey === 'POST /items' && o.status === 400));
    });

    it('a 2xx to an invalid body is a blocking finding that names its probe, and fails a Run whose steps all passed', async () => {
      state.invalidAnswer = 200;
      const outcome = await run([createItem]);
      assert.equal(outcome.steps[0].status, 'passed');
      assert.equal(outcome.outcome, 'failed');
      const findings = outcome.result.findings;
      assert.equal(findings.length, probesForItem);
      const probes = probesOf(outcome);
      for (const [n, finding] of findings.entries()) {
        assert.equal(finding.code, 'FUZZ_ACCEPTED_INVALID');
        assert.equal(finding.blocking, true);
        assert.equal(finding.evidence, `probes/${n}`);
        const named = probes.filter((o) => `probes/${o.index}` === finding.evidence);
        assert.equal(named.length, 1, `${finding.evidence} names one probe`);
        assert.equal(named[0].status, 200);
      }
    });

    it('a 5xx is a server-error finding; a 3xx is neither finding', async () => {
      state.invalidAnswer = 500;
      const crashed = await run([createItem]);
      assert.equal(crashed.result.findings.length, probesForItem);
      assert.ok(crashed.result.findings.every((f) => f.code === 'FUZZ_SERVER_ERROR' && f.blocking));
      assert.equal(crashed.outcome, 'failed');

      state.invalidAnswer = 300;
      const redirected = await run([createItem]);
      assert.equal(probesOf(redirected).length, probesForItem);
      assert.deepEqual(redirected.result.findings, []);
      assert.equal(redirected.outcome, 'passed');
    });

    it('are generated for each rule of the request schema, in the documented kinds', async () => {
      const post = doc.find('POST', '/items')!;
      const probes = fuzzProbes(post, { name: 'pen', count: 3, note: 'kept' });
      const bodyOf = (i: number) => (probes[i].kind === 'malformed-json' ? null : JSON.parse(probes[i].body));
      assert.deepEqual(
        probes.map((p) => p.kind),
        [
          'missing-required',
          'missing-required',
          'wrong-type',
          'wrong-type',
          'oversized-string',
          'out-of-range',
          'out-of-range',
          'malformed-json',
        ],
      );
      assert.deepEqual(bodyOf(0), { count: 3, note: 'kept' });
      assert.deepEqual(bodyOf(1), { name: 'pen', note: 'kept' });
      assert.equal(typeof bodyOf(2).name, 'number');
      assert.equal(typeof bodyOf(3).count, 'string');
      assert.equal(bodyOf(4).name.length, 6, 'one past maxLength');
      assert.equal(bodyOf(5).count, 0, 'just below the minimum');
      assert.equal(bodyOf(6).count, 11, 'just above the maximum');
      assert.throws(() => JSON.parse(probes[7].body));

      // A string without maxLength, a number without bounds: no range or size probe for them.
      const loose = await parseDocument({
        openapi: '3.1.0',
        paths: {
          '/notes': {
            post: {
              requestBody: json({ type: 'object', properties: { text: { type: 'string' }, n: { type: 'number' } } }),
            },
          },
        },
      });
      assert.deepEqual(
        fuzzProbes(loose.find('POST', '/notes')!, { text: 'a', n: 1 }).map((p) => p.kind),
        ['wrong-type', 'wrong-type', 'malformed-json'],
      );
    });

    it('are none for DELETE, a schema that is not an object, or a body that is not an object', async () => {
      assert.deepEqual(fuzzProbes(doc.find('DELETE', '/items/itm_7')!, { reason: 'x' }), []);
      const post = doc.find('POST', '/items')!;
      for (const body of [null, 'pen', 3, ['pen', 3]])
        assert.deepEqual(fuzzProbes(post, body), [], JSON.stringify(body));
      const arrays = await parseDocument({
        openapi: '3.1.0',
        paths: { '/bulk': { post: { requestBody: json({ type: 'array', items: item }) } } },
      });
      assert.deepEqual(fuzzProbes(arrays.find('POST', '/bulk')!, { name: 'pen', count: 3 }), []);
      const bare = await parseDocument({ openapi: '3.1.0', paths: { '/bare': { post: {} } } });
      assert.deepEqual(fuzzProbes(bare.find('POST', '/bare')!, { name: 'pen' }), []);
    });
  });

  describe('step verdicts', () => {
    it('any 2xx passes a step that names no expectStatus; another status fails it and the Run', async () => {
      const outcome = await run([
        { action: 'request', target: 'GET /status/299' },
        { action: 'request', target: 'GET /status/404' },
      ]);
      const [ok, missing] = outcome.steps;
      assert.equal(ok.status, 'passed');
      assert.equal(ok.postconditionProven, true);
      assert.equal(missing.status, 'failed');
      assert.equal(missing.postconditionProven, false);
      assert.equal(missing.diagnosis?.category, 'application');
      assert.equal(outcome.outcome, 'failed', 'a status the step did not expect demonstrates a defect');
    });

    it('a step that cannot be sent says why and sends nothing', async () => {
      const outcome = await run([
        { action: 'request', target: 'GET /items/{{neverCaptured}}' },
        { action: 'request', target: 'GET /items/itm_7', config: { authProfile: 'stranger' } },
        { action: 'request', target: 'GET /items/itm_7', config: { authProfile: 'nobody' } },
        {
          action: 'request',
          target: 'GET /items/itm_7',
          config: { isolationProbe: { ownerStepIndex: 9, ownerProfile: 'alice', actorProfile: 'alice' } },
        },
      ]);
      assert.deepEqual(state.received, []);
      const [uncaptured, stranger, nobody, orphan] = outcome.steps;
      assert.equal(uncaptured.status, 'skipped');
      assert.match(uncaptured.reason, /\{\{neverCaptured\}\}/);
      assert.equal(stranger.status, 'failed');
      assert.equal(stranger.diagnosis?.category, 'environment');
      assert.match(stranger.reason, /"stranger"/);
      assert.equal(nobody.status, 'failed');
      assert.match(nobody.reason, /does not set SHOP_NOBODY_TOKEN/);
      assert.equal(orphan.status, 'failed');
      assert.equal(orphan.diagnosis?.category, 'test_definition');
      assert.equal(outcome.outcome, 'unverified', 'nothing was sent, so nothing was demonstrated');
    });

    it('a web step in an API-only Run is skipped with its target kept', async () => {
      const outcome = await run([{ action: 'click', target: '#save' }]);
      assert.equal(outcome.steps[0].status, 'skipped');
      assert.equal(outcome.steps[0].target, '#save');
    });
  });

  describe('observations', () => {
    it('a fingerprint for JSON bodies only, an inferred schema for undocumented routes only, and an empty 204 matches "no content"', async () => {
      const outcome = await run([
        { action: 'request', target: 'GET /text' },
        { action: 'request', target: 'GET /notes' },
        { action: 'request', target: 'GET /items/itm_7' },
        { action: 'request', target: 'DELETE /items/itm_7' },
      ]);
      const [text, notes, documented, deleted] = outcome.result.observations;
      assert.equal(text.fingerprint, undefined, 'a text/plain "42" is not a JSON body');
      assert.equal(notes.documented, false);
      assert.deepEqual(notes.inferredSchema, {
        type: 'object',
        properties: {
          notes: {
            type: 'array',
            items: {
              type: 'object',
              properties: { pinned: { type: 'boolean' }, stars: { type: 'integer' }, text: { type: 'string' } },
              required: ['pinned', 'stars', 'text'],
            },
          },
        },
        required: ['notes'],
      });
      assert.equal(documented.documented, true);
      assert.match(documented.fingerprint ?? '', /^sha256:/);
      assert.equal(documented.inferredSchema, undefined);
      assert.equal(deleted.status, 204);
      assert.equal(deleted.contract, 'pass');
      // docs/api-assurance.md: "as documented" only for an answer that matched its documented schema.
      assert.match(outcome.steps[2].reason, /as documented/);
      assert.doesNotMatch(outcome.steps[1].reason, /as documented/);
    });

    it('types, never values: equal shapes share a fingerprint, and null, arrays, integers and numbers are told apart', () => {
      assert.equal(fingerprint({ a: 1, b: ['x'] }), fingerprint({ a: 7, b: ['y', 'z'] }));
      assert.notEqual(fingerprint({ a: 1 }), fingerprint({ a: 1.5 }));
      assert.notEqual(fingerprint({ a: null }), fingerprint({ a: {} }));
      assert.notEqual(fingerprint([]), fingerprint({}));
      assert.notEqual(fingerprint({ a: '1' }), fingerprint({ a: 1 }));
      assert.deepEqual(inferSchema(null), { type: 'null' });
      assert.deepEqual(inferSchema([2.5]), { type: 'array', items: { type: 'number' } });
      assert.deepEqual(inferSchema({ n: 2, s: 's' }), {
        type: 'object',
        properties: { n: { type: 'integer' }, s: { type: 'string' } },
        required: ['n', 's'],
      });
    });
  });

  describe('placeholders and pointers', () => {
    it('a body is sent as application/json with run variables keeping their type and strings escaped; paths fill one segment', async () => {
      const outcome = await run([
        { action: 'request', target: 'GET /items/latest', config: { capture: { itemId: '/id', count: '/count' } } },
        {
          action: 'request',
          target: 'POST /echo',
          body: '{"note": "say \\"hi\\" {{itemId}}", "n": {{count}}, "who": "{{env.WHO}}", "what": "{{env.ITEM_NAME}}", "tag": "#{{itemId}}", "id": "{{itemId}}", "ref": {{itemId}}}',
        },
        { action: 'request', target: 'GET /items/{{env.SLASHY}}' },
        { action: 'request', target: 'GET /items/{{itemId}}' },
      ]);
      assert.deepEqual(
        outcome.steps.map((s) => s.status),
        ['passed', 'passed', 'passed', 'passed'],
      );
      const [get, echo, slashy, byId] = state.received;
      assert.equal(get.contentType, undefined, 'no body, no content type');
      assert.equal(echo.contentType, 'application/json');
      assert.deepEqual(JSON.parse(echo.body), {
        note: 'say "hi" itm_7',
        n: 3,
        who: 'Bo"b\\',
        what: 'cup',
        tag: '#itm_7',
        id: 'itm_7',
        ref: 'itm_7',
      });
      assert.equal(slashy.path, '/items/a%2Fb');
      assert.equal(byId.path, '/items/itm_7');
    });

    it('an uncaptured variable is a PlaceholderError; a runtime value comes from the Run', async () => {
      const lookup: Lookup = { variable: () => undefined, value: async (name) => `value-of-${name}` };
      await assert.rejects(fillPath('/items/{{orderId}}', lookup), PlaceholderError);
      assert.equal(await fillPath('/items/{{env.ID}}', lookup), '/items/value-of-ID');
    });

    it('capture pointers follow RFC 6901', () => {
      const body = { a: 'abc', 'x/y': { '~k': 1 }, n: null, list: [{ id: 5 }] };
      assert.deepEqual(readPointer(body, ''), body, 'the empty pointer is the whole document');
      assert.equal(readPointer(body, '/x~1y/~0k'), 1);
      assert.equal(readPointer(body, '/list/0/id'), 5);
      assert.equal(readPointer(body, '/a/length'), undefined, 'a string has no members');
      assert.equal(readPointer(body, '/n/id'), undefined);
      assert.equal(readPointer(body, '/missing/id'), undefined);
    });
  });

  describe('the OpenAPI document', () => {
    it('a concrete path wins over a templated one that also matches', () => {
      assert.equal(doc.find('GET', '/items/latest')?.template, '/items/latest');
      assert.equal(doc.find('GET', '/items/itm_7')?.template, '/items/{itemId}');
    });

    it('a document that is not a JSON object, or not OpenAPI 3.x, is refused with why', async () => {
      for (const raw of [null, '{"openapi": "3.1.0"}', 3, [document]]) {
        await assert.rejects(
          parseDocument(raw),
          (e) => e instanceof DocumentError && /not a JSON object/.test(e.message),
        );
      }
      await assert.rejects(
        parseDocument({ swagger: '2.0', paths: {} }),
        (e) => e instanceof DocumentError && /OpenAPI 3/.test(e.message),
      );
    });

    describe('fetched from targets.api.openapiUrl', () => {
      const problemOf = async (api: Record<string, string>) => {
        const config = { EGRESS_ALLOW: '127.0.0.1/32', EGRESS_PUBLIC: false, API_REQUEST_TIMEOUT_MS: 5_000 };
        const run = { id: 'run_t', orgId: 'org_t', targets: { api: { baseUrl, ...api } } };
        // No database: a fetched document needs none, and the Run names no Environment.
        const deps = { db: undefined, config, hostEnv: {} } as unknown as Parameters<typeof apiSessionFor>[0];
        const { options } = await apiSessionFor(deps, run as unknown as Run, new Redactor());
        return { problem: options.documentProblem, document: options.document };
      };
      const docServer = http.createServer((req, res) => {
        const size = /^\/padded\/(\d+)$/.exec(req.url ?? '');
        if (size) {
          const text = JSON.stringify(document);
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(text + ' '.repeat(Number(size[1]) - text.length));
        }
        if (req.url === '/html') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>not a document</html>');
        }
        if (req.url === '/swagger') {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('{"swagger": "2.0", "paths": {}}');
        }
        res.writeHead(404);
        res.end();
      });
      let docUrl = '';
      before(async () => {
        await new Promise<void>((resolve) => docServer.listen(0, '127.0.0.1', resolve));
        docUrl = `http://127.0.0.1:${(docServer.address() as AddressInfo).port}`;
      });
      after(() => new Promise<void>((resolve) => docServer.close(() => resolve())));

      it('up to 5 MiB is used; past it, an error status, non-JSON and not OpenAPI 3.x are problems that say why', async () => {
        const mib5 = 5 * 1024 * 1024;
        const fits = await problemOf({ openapiUrl: `${docUrl}/padded/${mib5}` });
        assert.equal(fits.problem, undefined);
        assert.equal(fits.document?.find('GET', '/items/latest')?.template, '/items/latest');
        assert.match((await problemOf({ openapiUrl: `${docUrl}/padded/${mib5 + 1}` })).problem ?? '', /5 MiB/);
        assert.match((await problemOf({ openapiUrl: `${docUrl}/gone` })).problem ?? '', /HTTP 404/);
        assert.match((await problemOf({ openapiUrl: `${docUrl}/html` })).problem ?? '', /not JSON/);
        assert.match((await problemOf({ openapiUrl: `${docUrl}/swagger` })).problem ?? '', /OpenAPI 3/);
      });

      it('a URL outside the egress policy is not fetched; without a URL or an Environment there is no document', async () => {
        // 127.0.0.2 is loopback, but outside this policy's EGRESS_ALLOW: refused before any connection.
        assert.match((await problemOf({ openapiUrl: 'http://127.0.0.2:9/openapi.json' })).problem ?? '', /egress/);
        const none = await problemOf({});
        assert.equal(none.document, null);
        assert.match(none.problem ?? '', /no OpenAPI document/);
      });
    });
  });
});
