import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { key, useApp } from '../helpers/app';
import { privateQueues } from '../helpers/temporal';

/**
 * The read paths are tuned for speed (key cache, body reader, row mapping, shared long-poll
 * reads); their answers must not change by one byte. The golden file holds the exact response
 * text of each read, recorded before the tuning (`RECORD_RESPONSES=1 npm test -- <this file>`),
 * with only generated ids, times and cursors replaced by placeholders.
 */
const GOLDEN = join(__dirname, '..', 'fixtures', 'responses.json');
const recording = process.env.RECORD_RESPONSES === '1';

/** Replaces what differs between runs (ids, instants, cursors) and nothing else, byte for byte. */
function normalize(text: string, ids: Map<string, string>): string {
  return text
    .replace(/\b(?:org|key|tc|tp|env|note|cmt|run|pgr|med|rr|art|sto|flow|wh|evt|whd)_[A-Za-z0-9]{6,}\b/g, (id) => {
      if (!ids.has(id)) ids.set(id, `<${id.split('_')[0]}:${ids.size}>`);
      return ids.get(id)!;
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<instant>')
    .replace(/("(?:next)?[cC]ursor\\?":\\?")[^"\\]+/g, '$1<cursor>')
    .replace(/("[a-zA-Z]*\\?":)\d{13}\b/g, '$1<epoch-ms>')
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, '<app>')
    .replace(/([?&]exp=)\d+/g, '$1<exp>')
    .replace(/([?&]sig=)[A-Za-z0-9_-]+/g, '$1<sig>');
}

describe('read responses are byte-identical to the recorded ones, over HTTP and MCP', function () {
  this.timeout(60_000);
  // No worker serves these queues: the Run stays queued, so its record is the same every time.
  const t = useApp(privateQueues());
  const actual: Record<string, string> = {};
  const ids = new Map<string, string>();
  let mcp: Client;
  const refs: Record<string, string> = {};

  const post = async (operation: string, body: unknown) => {
    const res = await fetch(`${t.app.url}/api/v1/${operation}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${t.org.apiKey}` },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    assert.equal(res.status, 200, `${operation}: ${text}`);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    return text;
  };
  const get = async (path: string) => {
    const res = await fetch(`${t.app.url}${path}`, { headers: { Authorization: `Bearer ${t.org.apiKey}` } });
    const text = await res.text();
    assert.equal(res.status, 200, `${path}: ${text}`);
    return text;
  };

  before(async () => {
    const created = JSON.parse(
      await post('test_case.create', {
        idempotencyKey: key(),
        name: 'Golden login',
        description: 'Signs in with the stored password',
        platforms: ['web'],
        tags: ['smoke', 'covers:src/login/**'],
        steps: [
          { action: 'navigate', target: '/login', expect: { text: 'Sign in' } },
          { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'qa@example.test' } },
          { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
          { action: 'click', target: 'Sign in', expect: { text: 'Welcome' } },
        ],
      }),
    );
    refs.testCaseId = created.id;
    const plan = JSON.parse(
      await post('test_plan.create', {
        idempotencyKey: key(),
        name: 'Golden plan',
        description: 'One member',
        testCaseIds: [refs.testCaseId],
      }),
    );
    refs.testPlanId = plan.id;
    await post('environment.upsert', {
      idempotencyKey: key(),
      slug: 'golden',
      name: 'Golden',
      targets: { web: { baseUrl: 'http://127.0.0.1:9/' } },
      runtimeValues: { PASSWORD: 'not-in-any-answer' },
    });
    const trigger = JSON.parse(
      await post('run.trigger', {
        idempotencyKey: key(),
        testCaseId: refs.testCaseId,
        environmentSlug: 'golden',
        branch: 'main',
        deployment: { commitSha: 'a'.repeat(40), provider: 'github' },
      }),
    );
    refs.runId = trigger.runIds[0];
    mcp = new Client({ name: 'golden', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${t.app.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${t.org.apiKey}` } },
      }),
    );
    t.onClose(() => mcp.close());
  });

  const reads = (): Array<[string, Record<string, unknown>]> => [
    ['test_case.get', { testCaseId: refs.testCaseId }],
    ['test_case.list', { limit: 5 }],
    ['test_plan.get', { testPlanId: refs.testPlanId }],
    ['test_plan.list', {}],
    ['environment.get', { slug: 'golden' }],
    ['environment.list', {}],
    ['run.get', { runId: refs.runId }],
    ['run.list', { limit: 5 }],
    ['run.evidence', { runId: refs.runId }],
  ];

  it('answers every v1 read over HTTP with the recorded bytes', async () => {
    for (const [operation, body] of reads()) actual[`http ${operation}`] = normalize(await post(operation, body), ids);
    actual['http GET /api/runs'] = normalize(await get('/api/runs?limit=5'), ids);
    actual['http GET /api/runs/{id}'] = normalize(await get(`/api/runs/${refs.runId}`), ids);
    actual['http GET /api/plans'] = normalize(await get('/api/plans'), ids);
    compare(/^http /);
  });

  it('answers every v1 read over MCP with the recorded text and structured content', async () => {
    const tools = new Set((await mcp.listTools()).tools.map((tool) => tool.name));
    for (const [operation, body] of reads()) {
      const name = operation.replace(/\./g, '_');
      if (!tools.has(name)) continue;
      const result = (await mcp.callTool({ name, arguments: body })) as CallToolResult;
      assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
      actual[`mcp ${operation}`] = normalize(JSON.stringify(result), ids);
    }
    compare(/^mcp /);
  });

  function compare(which: RegExp) {
    const golden: Record<string, string> = existsSync(GOLDEN) ? JSON.parse(readFileSync(GOLDEN, 'utf8')) : {};
    const names = Object.keys(actual).filter((name) => which.test(name));
    if (recording) {
      for (const name of names) golden[name] = actual[name];
      writeFileSync(GOLDEN, `${JSON.stringify(golden, null, 2)}\n`);
      return;
    }
    assert.deepEqual(
      names.sort(),
      Object.keys(golden)
        .filter((name) => which.test(name))
        .sort(),
      'the same reads',
    );
    for (const name of names) assert.equal(actual[name], golden[name], `${name} changed`);
  }
});
