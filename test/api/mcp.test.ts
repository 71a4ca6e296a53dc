import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { catalog } from '../helpers/operations';
import { allScopes } from '../../core/scopes';
import { orgMemberRepository } from '../../db/repositories/org-members';
import { call, key, useApp } from '../helpers/app';
import { startIssuer, type TestIssuer } from '../helpers/oidc';

const AUDIENCE = 'https://qa.test/api/mcp';
const ALLOWED_ORIGIN = 'https://agent.example';

describe('MCP at /api/mcp', function () {
  let issuer: TestIssuer;
  before(async () => {
    issuer = await startIssuer(AUDIENCE);
  });
  const t = useApp(() => ({ ...issuer.settings, MCP_ALLOWED_ORIGINS: `${ALLOWED_ORIGIN}, https://other.example` }));
  after(() => issuer?.close());
  let token: string;
  let client: Client;
  const user = 'user|mcp';

  async function connect(credential: string): Promise<Client> {
    const c = new Client({ name: 'mcp-test', version: '1.0.0' });
    await c.connect(
      new StreamableHTTPClientTransport(new URL(`${t.app.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${credential}` } },
      }),
    );
    return c;
  }
  const callTool = async (name: string, args: Record<string, unknown>, c = client) =>
    (await c.callTool({ name, arguments: args })) as CallToolResult;
  const newCase = () => ({
    idempotencyKey: key('mcp'),
    name: 'Checkout',
    platforms: ['web'],
    steps: [{ action: 'navigate', target: '/cart' }],
  });

  before(async () => {
    await orgMemberRepository.add(t.app.deps.db.manager, t.org.orgId, user, Date.now());
    token = await issuer.jwt({ sub: user, org: t.org.orgId, scope: allScopes.join(' ') });
    client = await connect(token);
    t.onClose(() => client.close());
  });

  it('initializes with an OAuth access token', () => {
    assert.equal(client.getServerVersion()?.name, 'qa-orchestrator');
    assert.ok(client.getServerCapabilities()?.tools);
    assert.match(client.getInstructions() ?? '', /confirm/);
  });

  it('lists one tool per catalog operation with mcp: true, with the OpenAPI request schema', async () => {
    const { tools } = await client.listTools();
    const expected = catalog.filter((op) => op.mcp).map((op) => op.name.replace(/\./g, '_'));
    assert.deepEqual(tools.map((t) => t.name).sort(), [...expected].sort());
    assert.ok(!tools.some((t) => t.name.startsWith('note_')), 'Note operations are HTTP-only');
    const openapi = await (await fetch(`${t.app.url}/api/openapi.json`)).json();
    for (const op of catalog.filter((o) => o.mcp)) {
      const tool = tools.find((t) => t.name === op.name.replace(/\./g, '_'))!;
      const path = openapi.paths[`/api/v1/${op.name}`].post;
      assert.equal(path['x-mcp-tool'], tool.name);
      assert.equal(tool.description, op.description);
      assert.deepEqual(
        tool.inputSchema,
        path.requestBody.content['application/json'].schema,
        `${op.name}: same schema as OpenAPI`,
      );
      assert.equal(tool.annotations?.readOnlyHint, op.idempotency === 'none');
    }
  });

  it('creates a Test Case with the same handler, record and idempotency as HTTP', async () => {
    const args = newCase();
    const result = await callTool('test_case_create', args);
    assert.ok(!result.isError, JSON.stringify(result));
    const created = result.structuredContent as { id: string; name: string };
    assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), created);
    const fetched = await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: created.id });
    assert.deepEqual(fetched.body, created);
    // The same key over HTTP replays the MCP call: one idempotency table, one handler.
    const replayed = await call(t.app, t.org.apiKey, 'test_case.create', args);
    assert.equal(replayed.body.id, created.id);
  });

  it('takes a fill and a click without target, as HTTP does (the Step table: target is optional)', async () => {
    const steps = [
      { action: 'navigate', target: '/notes' },
      { action: 'fill', valueSpec: { kind: 'literal', text: 'Quarterly report' } },
      { action: 'click' },
    ];
    const result = await callTool('test_case_create', { ...newCase(), steps });
    assert.ok(!result.isError, JSON.stringify(result));
    assert.deepEqual((result.structuredContent as { steps: unknown[] }).steps, steps);
  });

  it('answers a replacing call without confirm with the preview, and writes nothing', async () => {
    const created = (await callTool('test_case_create', newCase())).structuredContent as {
      id: string;
      steps: unknown[];
    };
    const steps = [
      { action: 'navigate', target: '/checkout' },
      { action: 'click', target: 'Pay' },
    ];
    const result = await callTool('test_case_update_steps', { idempotencyKey: key(), testCaseId: created.id, steps });
    assert.equal(result.isError, true);
    const { error } = result.structuredContent as {
      error: { code: string; details: { confirmRequired: boolean; wouldChange: { stepCount: unknown } } };
    };
    assert.equal(error.code, 'INVALID_ARGUMENT');
    assert.equal(error.details.confirmRequired, true);
    assert.deepEqual(error.details.wouldChange.stepCount, { from: 1, to: 2 });
    assert.deepEqual(
      (await call(t.app, t.org.apiKey, 'test_case.get', { testCaseId: created.id })).body.steps,
      created.steps,
    );
    const confirmed = await callTool('test_case_update_steps', {
      idempotencyKey: key(),
      testCaseId: created.id,
      steps,
      confirm: true,
    });
    assert.ok(!confirmed.isError, JSON.stringify(confirmed));
    assert.equal((confirmed.structuredContent as { steps: unknown[] }).steps.length, 2);
  });

  it("answers every tool's bad input with the same error as HTTP", async () => {
    for (const op of catalog.filter((o) => o.mcp)) {
      const args = { bogusField: 1 };
      const viaMcp = await callTool(op.name.replace(/\./g, '_'), args);
      const viaHttp = await call(t.app, token, op.name, args);
      assert.equal(viaMcp.isError, true, op.name);
      assert.equal(viaHttp.status, 400, op.name);
      assert.deepEqual(viaMcp.structuredContent, viaHttp.body, op.name);
      assert.equal((viaMcp.structuredContent as { error: { code: string } }).error.code, 'INVALID_ARGUMENT');
      assert.deepEqual(JSON.parse((viaMcp.content[0] as { text: string }).text), viaHttp.body);
    }
  });

  it('enforces the operation scope on tools', async () => {
    const reader = await connect(await issuer.jwt({ sub: user, org: t.org.orgId, scope: 'svc:read' }));
    try {
      assert.ok(!(await callTool('test_case_list', {}, reader)).isError);
      const denied = await callTool('test_case_create', newCase(), reader);
      assert.equal(denied.isError, true);
      assert.deepEqual(denied.structuredContent, {
        error: {
          code: 'PERMISSION_DENIED',
          message: 'This credential lacks the scope svc:test_cases:write',
          details: { requiredScope: 'svc:test_cases:write' },
        },
      });
    } finally {
      await reader.close();
    }
  });

  it('serves organization API keys too', async () => {
    const viaKey = await connect(t.org.apiKey);
    try {
      assert.ok(!(await callTool('environment_list', {}, viaKey)).isError);
    } finally {
      await viaKey.close();
    }
  });

  it('answers an unknown tool with a protocol error', async () => {
    await assert.rejects(client.callTool({ name: 'note_create', arguments: {} }), /Unknown tool/);
  });

  describe('HTTP rules of the endpoint', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${t.app.url}/api/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(initialize),
      });

    it('401 with the bearer challenge without a credential', async () => {
      const res = await post({});
      assert.equal(res.status, 401);
      assert.equal(
        res.headers.get('www-authenticate'),
        `Bearer resource_metadata="${t.app.url}/.well-known/oauth-protected-resource/api/mcp"`,
      );
      await assert.rejects(
        new Client({ name: 'anon', version: '1' }).connect(
          new StreamableHTTPClientTransport(new URL(`${t.app.url}/api/mcp`)),
        ),
      );
    });

    it('401 invalid_token for a bad token; a session id is no credential', async () => {
      const res = await post({ Authorization: 'Bearer not-a-valid-token-0000', 'Mcp-Session-Id': 'anything' });
      assert.equal(res.status, 401);
      assert.match(res.headers.get('www-authenticate')!, /error="invalid_token"/);
    });

    it('403 when a present Origin is not allowed, before looking at the credential', async () => {
      for (const origin of ['http://evil.example', 'null', `${ALLOWED_ORIGIN}.evil.example`]) {
        assert.equal((await post({ Authorization: `Bearer ${token}`, Origin: origin })).status, 403, origin);
        assert.equal((await post({ Origin: origin })).status, 403, `${origin} without credential`);
      }
    });

    it("accepts allowed origins and SITE_URL's origin", async () => {
      for (const origin of [ALLOWED_ORIGIN, 'https://other.example', t.app.url]) {
        const res = await post({ Authorization: `Bearer ${token}`, Origin: origin });
        assert.equal(res.status, 200, origin);
        assert.equal((await res.json()).result.serverInfo.name, 'qa-orchestrator');
      }
    });

    it('GET and DELETE answer 405: the server is stateless', async () => {
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(`${t.app.url}/api/mcp`, {
          method,
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        });
        assert.equal(res.status, 405, method);
        assert.equal(res.headers.get('allow'), 'POST');
      }
    });

    it('is listed in the OpenAPI document with the metadata route', async () => {
      const { paths } = await (await fetch(`${t.app.url}/api/openapi.json`)).json();
      assert.ok(paths['/api/mcp'].post);
      assert.ok(paths['/.well-known/oauth-protected-resource/api/mcp'].get);
    });
  });
});
