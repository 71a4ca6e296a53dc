import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { call, environment, key, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { privateQueues, useWorkers } from '../helpers/temporal';

/** Where the specification means null: `nextCursor` on the last page and the assurance `report`. */
const NULL_MEANT = new Set(['nextCursor', 'report']);

/** Paths of null values in a response, other than where the specification says null. */
function nullsIn(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => nullsIn(v, `${at}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      v === null ? (NULL_MEANT.has(k) ? [] : [`${at}.${k}`]) : nullsIn(v, `${at}.${k}`),
    );
  }
  return [];
}

/** JSON Schema locations in a response schema that admit null. */
function nullableIn(schema: unknown, at: string): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => nullableIn(s, `${at}[${i}]`));
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const own = s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')) ? [at] : [];
  return [
    ...own,
    ...Object.entries(s).flatMap(([k, v]) =>
      k === 'properties'
        ? Object.entries(v as Record<string, unknown>)
            .filter(([name]) => !NULL_MEANT.has(name))
            .flatMap(([name, p]) => nullableIn(p, `${at}.${name}`))
        : typeof v === 'object'
          ? nullableIn(v, `${at}.${k}`)
          : [],
    ),
  ];
}

describe('the specification, point by point', function () {
  this.timeout(120_000);
  const t = useApp(privateQueues());
  // Orchestration only: Runs are queued and stay queued, with no runner to take them.
  useWorkers(t, { runnerPlatforms: [] });
  let mcp: Client;

  before(async () => {
    mcp = new Client({ name: 'spec-test', version: '1.0.0' });
    t.onClose(() => mcp.close());
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${t.app.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${t.org.apiKey}` } },
      }),
    );
    await environment(t, 'staging', { targets: { web: { baseUrl: 'http://127.0.0.1:9/' } } });
  });

  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
    return { isError: !!result.isError, body: JSON.parse((result.content[0] as { text: string }).text) };
  };
  const newCase = (extra: Record<string, unknown> = {}) => ({
    idempotencyKey: key(),
    name: 'Open the home page',
    platforms: ['web'],
    steps: [{ action: 'navigate', target: '/' }],
    ...extra,
  });

  describe('confirm is never required for a create or for run.trigger, and accepted there', () => {
    it('test_case.create, test_plan.create and run.trigger take "confirm": true over HTTP', async () => {
      const created = await call(t.app, t.org.apiKey, 'test_case.create', newCase({ confirm: true }));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const plan = await call(t.app, t.org.apiKey, 'test_plan.create', {
        idempotencyKey: key(),
        name: 'Smoke',
        testCaseIds: [created.body.id],
        confirm: true,
      });
      assert.equal(plan.status, 200, JSON.stringify(plan.body));
      const triggered = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: created.body.id,
        environmentSlug: 'staging',
        confirm: true,
      });
      assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
      assert.equal(triggered.body.runIds.length, 1);
    });

    it('the same over MCP, and "confirm": false is accepted too', async () => {
      const created = await tool('test_case_create', newCase({ confirm: true }));
      assert.equal(created.isError, false, JSON.stringify(created.body));
      const triggered = await tool('run_trigger', {
        idempotencyKey: key(),
        testCaseId: created.body.id,
        environmentSlug: 'staging',
        confirm: false,
      });
      assert.equal(triggered.isError, false, JSON.stringify(triggered.body));
    });

    it('a replay with and without confirm is the same request (confirm changes nothing here)', async () => {
      const body = newCase();
      const first = await call(t.app, t.org.apiKey, 'test_case.create', body);
      const again = await call(t.app, t.org.apiKey, 'test_case.create', { ...body, confirm: true });
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal(again.body.id, first.body.id);
    });

    it('other unknown fields stay refused', async () => {
      const res = await call(t.app, t.org.apiKey, 'test_case.create', newCase({ confirmed: true }));
      assert.equal(res.status, 400);
      assert.equal(res.body.error.code, 'INVALID_ARGUMENT');
      assert.match(res.body.error.message, /confirmed/);
      const viaMcp = await tool('run_trigger', { idempotencyKey: key(), testCaseId: 'tc_x', force: true });
      assert.equal(viaMcp.isError, true);
      assert.equal(viaMcp.body.error.code, 'INVALID_ARGUMENT');
    });

    it('OpenAPI and the MCP tool schemas show confirm on every mutation', async () => {
      const doc = (await fetch(`${t.app.url}/api/openapi.json`).then((r) => r.json())) as any;
      // The specification's mutations: the operations whose idempotency is "required".
      const mutations = [
        'test_case.create',
        'test_case.update_steps',
        'test_plan.create',
        'test_plan.set_members',
        'run.trigger',
        'environment.upsert',
        'note.create',
        'note.comment',
      ];
      for (const op of mutations) {
        const schema = doc.paths[`/api/v1/${op}`].post.requestBody.content['application/json'].schema;
        assert.equal(schema.properties.confirm?.type, 'boolean', `${op} documents confirm`);
        assert.ok(!(schema.required ?? []).includes('confirm'), `${op} does not require confirm`);
      }
      const { tools } = await mcp.listTools();
      for (const op of mutations.filter((o) => !o.startsWith('note.'))) {
        const t = tools.find((x) => x.name === op.replace('.', '_'));
        assert.equal((t?.inputSchema.properties as any)?.confirm?.type, 'boolean', `${t?.name} shows confirm`);
      }
    });
  });

  describe('absent fields are omitted, not null', () => {
    it('run.get and run.list of a single-case Run carry no null (HTTP and MCP)', async () => {
      const testCase = (await call(t.app, t.org.apiKey, 'test_case.create', newCase())).body;
      const { runIds } = (
        await call(t.app, t.org.apiKey, 'run.trigger', {
          idempotencyKey: key(),
          testCaseId: testCase.id,
          environmentSlug: 'staging',
        })
      ).body;
      const state = (await call(t.app, t.org.apiKey, 'run.get', { runId: runIds[0] })).body;
      assert.equal(state.status, 'queued');
      assert.deepEqual(nullsIn(state), []);
      assert.ok(!('testPlanId' in state) && !('planGroupRunId' in state), 'a single-case Run names no plan');
      assert.ok(!('verdict' in state), 'verdict is omitted while queued');
      assert.deepEqual(nullsIn((await tool('run_get', { runId: runIds[0] })).body), []);
      const list = (await call(t.app, t.org.apiKey, 'run.list', { limit: 100 })).body;
      assert.equal(list.nextCursor, null, 'nextCursor is null on the last page (the specification says so)');
      assert.deepEqual(nullsIn(list), []);
    });

    it('GET /api/runs/{id} leaves out trigger fields that were not given', async () => {
      const testCase = (await call(t.app, t.org.apiKey, 'test_case.create', newCase())).body;
      const { runIds } = (
        await call(t.app, t.org.apiKey, 'run.trigger', {
          idempotencyKey: key(),
          testCaseId: testCase.id,
          environmentSlug: 'staging',
        })
      ).body;
      const run = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runIds[0]}`);
      assert.equal(run.status, 200);
      assert.deepEqual(nullsIn(run.body), []);
      for (const field of ['branch', 'pr', 'deployment', 'scope']) assert.ok(!(field in run.body.trigger), field);
      assert.deepEqual(nullsIn((await rest(t.app, t.org.apiKey, 'GET', '/api/runs?limit=100')).body), []);
    });

    it('a structured run request and its entries carry no null, while interpreting and once queued', async () => {
      const testCase = (await call(t.app, t.org.apiKey, 'test_case.create', newCase())).body;
      const plan = (
        await call(t.app, t.org.apiKey, 'test_plan.create', {
          idempotencyKey: key(),
          name: 'Nightly',
          testCaseIds: [testCase.id],
        })
      ).body;
      const created = await rest(t.app, t.org.apiKey, 'POST', '/api/run-requests', {
        planIds: [plan.id],
        environmentSlugs: ['staging'],
      });
      assert.equal(created.status, 202, JSON.stringify(created.body));
      assert.deepEqual(nullsIn(created.body), []);
      for (const field of ['request', 'error', 'completedAt']) assert.ok(!(field in created.body), field);
      let record = created.body;
      const deadline = Date.now() + 60_000;
      while (record.status === 'interpreting' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        record = (await rest(t.app, t.org.apiKey, 'GET', `/api/run-requests/status?id=${created.body.requestId}`)).body;
      }
      assert.equal(record.status, 'queued', JSON.stringify(record));
      assert.deepEqual(nullsIn(record), []);
      assert.equal(record.resolutionSource, 'structured');
      assert.equal(record.entries.length, 1);
      const [entry] = record.entries;
      assert.equal(typeof entry.runId, 'string');
      assert.equal(entry.runStatus, 'queued');
      assert.ok(!('queueError' in entry) && !('runError' in entry), JSON.stringify(entry));
    });

    it('the OpenAPI document marks absent fields optional, never nullable, in every response', async () => {
      const doc = (await fetch(`${t.app.url}/api/openapi.json`).then((r) => r.json())) as any;
      const found: string[] = [];
      // /api/mcp speaks JSON-RPC 2.0, whose own envelope means null (an error's id); records do not.
      for (const [path, methods] of Object.entries<any>(doc.paths).filter(([p]) => p !== '/api/mcp')) {
        for (const [method, op] of Object.entries<any>(methods)) {
          for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
            for (const media of Object.values<any>(response.content ?? {})) {
              found.push(...nullableIn(media.schema, `${method.toUpperCase()} ${path} ${status}`));
            }
          }
        }
      }
      assert.deepEqual(found, []);
    });
  });

  describe('GET /api/flows/{slug}: an unknown flow is 404 whatever its spelling', () => {
    it('answers NOT_FOUND for names that are no slug, and finds a saved one', async () => {
      for (const spelling of ['Login', 'my_flow', 'x.y', '%E2%9C%93', 'LOGIN', 'a'.repeat(300)]) {
        const res = await rest(t.app, t.org.apiKey, 'GET', `/api/flows/${spelling}`);
        assert.equal(res.status, 404, `${spelling}: ${JSON.stringify(res.body)}`);
        assert.equal(typeof res.body.error, 'string');
      }
      const saved = await rest(t.app, t.org.apiKey, 'PUT', '/api/flows/login', {
        name: 'Log in',
        steps: [{ action: 'navigate', target: '/login' }],
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/flows/login')).status, 200);
      assert.equal((await rest(t.app, t.org.apiKey, 'GET', '/api/flows/Login')).status, 404, 'slugs are exact');
      const tooLong = await rest(t.app, t.org.apiKey, 'GET', `/api/flows/${'a'.repeat(1001)}`);
      assert.equal(tooLong.status, 400, 'still bounded in length');
    });
  });
});
