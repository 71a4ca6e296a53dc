import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { allScopes } from '../../core/scopes';
import { orgMemberRepository } from '../../db/repositories/org-members';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { startIssuer, type TestIssuer } from '../helpers/oidc';
import { rest } from '../helpers/rest';

// The specification's scope table, written here as data: a test that compares the catalog with
// itself cannot fail, so nothing below reads a scope from the code under test.
const SPEC_SCOPES = [
  'svc:read',
  'svc:test_cases:write',
  'svc:test_plans:write',
  'svc:runs:write',
  'svc:environments:write',
  'svc:notes:write',
  'svc:plans:write',
] as const;
type SpecScope = (typeof SPEC_SCOPES)[number];

/** Operation catalog: operation → scope; `mcp` false for the three HTTP-only Note operations. */
const OPERATIONS: Array<{ name: string; scope: SpecScope; mcp: boolean }> = [
  { name: 'test_case.list', scope: 'svc:read', mcp: true },
  { name: 'test_case.get', scope: 'svc:read', mcp: true },
  { name: 'test_case.create', scope: 'svc:test_cases:write', mcp: true },
  { name: 'test_case.update_steps', scope: 'svc:test_cases:write', mcp: true },
  { name: 'test_plan.list', scope: 'svc:read', mcp: true },
  { name: 'test_plan.get', scope: 'svc:read', mcp: true },
  { name: 'test_plan.create', scope: 'svc:test_plans:write', mcp: true },
  { name: 'test_plan.set_members', scope: 'svc:test_plans:write', mcp: true },
  { name: 'run.trigger', scope: 'svc:runs:write', mcp: true },
  { name: 'run.list', scope: 'svc:read', mcp: true },
  { name: 'run.get', scope: 'svc:read', mcp: true },
  { name: 'run.evidence', scope: 'svc:read', mcp: true },
  { name: 'environment.list', scope: 'svc:read', mcp: true },
  { name: 'environment.get', scope: 'svc:read', mcp: true },
  { name: 'environment.upsert', scope: 'svc:environments:write', mcp: true },
  { name: 'note.list', scope: 'svc:read', mcp: false },
  { name: 'note.create', scope: 'svc:notes:write', mcp: false },
  { name: 'note.comment', scope: 'svc:notes:write', mcp: false },
];

/** Resource-style endpoints: a scope, any credential, or organization API keys only. */
const ENDPOINTS: Array<{ method: 'GET' | 'POST'; path: string; access: SpecScope | 'credential' }> = [
  { method: 'POST', path: '/api/trigger', access: 'svc:runs:write' },
  { method: 'GET', path: '/api/runs', access: 'credential' },
  { method: 'GET', path: '/api/runs/run_01JZZZZZZZZZZZZZZZZZZZZZZZ', access: 'credential' },
  { method: 'GET', path: '/api/runs/run_01JZZZZZZZZZZZZZZZZZZZZZZZ/assurance', access: 'credential' },
  { method: 'GET', path: '/api/plans', access: 'credential' },
  { method: 'POST', path: '/api/plans', access: 'svc:plans:write' },
  { method: 'POST', path: '/api/generate', access: 'svc:plans:write' },
  { method: 'GET', path: '/api/flows/some-flow', access: 'credential' },
  { method: 'POST', path: '/api/artifacts/upload-url', access: 'svc:runs:write' },
  { method: 'POST', path: '/api/artifacts/scan', access: 'svc:runs:write' },
  { method: 'POST', path: '/api/run-requests', access: 'svc:runs:write' },
  { method: 'GET', path: '/api/run-requests/status?id=00000000-0000-4000-8000-000000000000', access: 'credential' },
];

const AUDIENCE = 'https://qa.test/api/mcp';
/** Every scope the deployment knows besides the specification's (webhooks), so "every other" is every other. */
const known = [...new Set<string>([...SPEC_SCOPES, ...allScopes])];
const allBut = (scope: string) => known.filter((s) => s !== scope);

describe("the specification's scope table, over HTTP and MCP", function () {
  let issuer: TestIssuer;
  before(async () => {
    issuer = await startIssuer(AUDIENCE);
  });
  const t = useApp(() => issuer.settings);
  after(() => issuer?.close());
  const user = 'user|scopes';
  const tokenWith = (scopes: readonly string[]) => issuer.jwt({ sub: user, org: t.org.orgId, scope: scopes.join(' ') });
  before(() => orgMemberRepository.add(t.app.deps.db.manager, t.org.orgId, user, Date.now()));

  it('the deployment knows every scope of the specification', () => {
    for (const scope of SPEC_SCOPES) assert.ok((allScopes as readonly string[]).includes(scope), scope);
  });

  describe('v1 operations over HTTP', () => {
    for (const op of OPERATIONS) {
      it(`${op.name} opens with exactly ${op.scope} and is refused with every other scope`, async () => {
        const own = await call(t.app, await tokenWith([op.scope]), op.name, {});
        assert.ok(
          ![401, 403].includes(own.status),
          `${op.name} with ${op.scope}: ${own.status} ${JSON.stringify(own.body)}`,
        );
        assert.ok(own.status < 500, JSON.stringify(own.body));
        const others = await call(t.app, await tokenWith(allBut(op.scope)), op.name, {});
        assert.equal(others.status, 403, JSON.stringify(others.body));
        assert.equal(others.body.error.code, 'PERMISSION_DENIED');
        assert.equal(others.body.error.details.requiredScope, op.scope);
      });
    }
  });

  describe('v1 operations over MCP', () => {
    const clients = new Map<string, Client>();
    async function clientWith(scopes: readonly string[]) {
      const id = scopes.join(' ');
      let c = clients.get(id);
      if (!c) {
        c = new Client({ name: 'scope-test', version: '1.0.0' });
        await c.connect(
          new StreamableHTTPClientTransport(new URL(`${t.app.url}/api/mcp`), {
            requestInit: { headers: { Authorization: `Bearer ${await tokenWith(scopes)}` } },
          }),
        );
        clients.set(id, c);
      }
      return c;
    }
    after(async () => {
      for (const c of clients.values()) await c.close();
    });
    const tool = async (c: Client, name: string) =>
      (await c.callTool({ name: name.replace(/\./g, '_'), arguments: {} })) as CallToolResult;
    const codeOf = (r: CallToolResult) =>
      (r.structuredContent as { error?: { code: string } } | undefined)?.error?.code;

    it('lists exactly the 15 operations that are not Note operations, beside tools marked as extensions', async () => {
      const { tools } = await (await clientWith(known)).listTools();
      // Extensions beyond the specification (e.g. run_rerun) say so in their description.
      const extensions = tools.filter((x) => /Extension \(not one of the specification/.test(x.description ?? ''));
      assert.ok(extensions.every((x) => !OPERATIONS.some((o) => o.name.replace(/\./g, '_') === x.name)));
      assert.deepEqual(
        tools
          .filter((x) => !extensions.includes(x))
          .map((x) => x.name)
          .sort(),
        OPERATIONS.filter((o) => o.mcp)
          .map((o) => o.name.replace(/\./g, '_'))
          .sort(),
      );
    });

    for (const op of OPERATIONS.filter((o) => o.mcp)) {
      it(`${op.name} opens with exactly ${op.scope} and is refused with every other scope`, async () => {
        const own = await tool(await clientWith([op.scope]), op.name);
        assert.ok(
          !['PERMISSION_DENIED', 'UNAUTHENTICATED', 'INTERNAL'].includes(codeOf(own) ?? ''),
          JSON.stringify(own),
        );
        const others = await tool(await clientWith(allBut(op.scope)), op.name);
        assert.equal(others.isError, true);
        assert.equal(codeOf(others), 'PERMISSION_DENIED', JSON.stringify(others));
        assert.equal(
          (others.structuredContent as { error: { details: { requiredScope: string } } }).error.details.requiredScope,
          op.scope,
        );
      });
    }

    it('relocating a secret needs svc:environments:write over MCP too', async () => {
      const slug = `mcp-reloc-${Date.now()}`;
      await environment(t, slug, { name: 'Relocation' });
      const args = () => ({
        idempotencyKey: key(),
        name: 'sign in',
        platforms: ['web'],
        relocateSecretsTo: slug,
        steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'literal', text: 'hunter2-hunter2' } }],
      });
      const denied = (await (
        await clientWith(allBut('svc:environments:write'))
      ).callTool({ name: 'test_case_create', arguments: args() })) as CallToolResult;
      assert.equal(codeOf(denied), 'PERMISSION_DENIED', JSON.stringify(denied));
      const allowed = (await (
        await clientWith(['svc:test_cases:write', 'svc:environments:write'])
      ).callTool({ name: 'test_case_create', arguments: args() })) as CallToolResult;
      assert.ok(!allowed.isError, JSON.stringify(allowed));
    });
  });

  describe('relocation of a credential-shaped value (HTTP)', () => {
    it('needs svc:environments:write besides svc:test_cases:write; nothing is written when refused', async () => {
      const slug = `reloc-${Date.now()}`;
      await environment(t, slug, { name: 'Relocation' });
      const body = () => ({
        idempotencyKey: key(),
        name: 'sign in',
        platforms: ['web'],
        relocateSecretsTo: slug,
        steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'literal', text: 'hunter2-hunter2' } }],
      });
      for (const scopes of [['svc:test_cases:write'], allBut('svc:environments:write')]) {
        const denied = await call(t.app, await tokenWith(scopes), 'test_case.create', body());
        assert.equal(denied.status, 403, JSON.stringify(denied.body));
        assert.equal(denied.body.error.code, 'PERMISSION_DENIED');
        assert.equal(denied.body.error.details.requiredScope, 'svc:environments:write');
      }
      const env = await call(t.app, t.org.apiKey, 'environment.get', { slug });
      assert.deepEqual(env.body.runtimeValueNames ?? [], [], 'a refused relocation stores no value');
      const allowed = await call(
        t.app,
        await tokenWith(['svc:test_cases:write', 'svc:environments:write']),
        'test_case.create',
        body(),
      );
      assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
      assert.deepEqual(allowed.body.steps[0].valueSpec, { kind: 'environment', variable: 'PASSWORD' });
      const without = await call(t.app, await tokenWith(['svc:environments:write']), 'test_case.create', body());
      assert.equal(without.body.error.code, 'PERMISSION_DENIED');
      assert.equal(without.body.error.details.requiredScope, 'svc:test_cases:write');
    });
  });

  describe('resource-style endpoints', () => {
    for (const ep of ENDPOINTS) {
      const send = (credential: string | null) =>
        rest(t.app, credential, ep.method, ep.path, ep.method === 'POST' ? {} : undefined);
      if (ep.access === 'credential') {
        it(`${ep.method} ${ep.path.split('?')[0]} takes any valid credential and refuses none`, async () => {
          const none = await send(null);
          assert.equal(none.status, 401);
          assert.equal(none.body.code, 'UNAUTHENTICATED');
          // A token whose only scope is unrelated to reading still authenticates.
          const res = await send(await tokenWith(['svc:notes:write']));
          assert.ok(![401, 403].includes(res.status), `${res.status} ${JSON.stringify(res.body)}`);
          assert.ok(res.status < 500, JSON.stringify(res.body));
        });
      } else {
        const scope = ep.access;
        it(`${ep.method} ${ep.path} opens with exactly ${scope} and is refused with every other scope`, async () => {
          const own = await send(await tokenWith([scope]));
          assert.ok(![401, 403].includes(own.status), `${own.status} ${JSON.stringify(own.body)}`);
          assert.ok(own.status < 500, JSON.stringify(own.body));
          const others = await send(await tokenWith(allBut(scope)));
          assert.equal(others.status, 403, JSON.stringify(others.body));
          assert.equal(others.body.code, 'PERMISSION_DENIED');
          assert.equal(typeof others.body.error, 'string');
          assert.match(others.headers.get('www-authenticate') ?? '', new RegExp(`scope="${scope}"`));
        });
      }
    }

    it('POST /api/runs/report takes organization API keys only: an OAuth token with every scope is refused', async () => {
      const testCase = await newCase(t);
      const trigger = await call(t.app, t.org.apiKey, 'run.trigger', {
        idempotencyKey: key(),
        testCaseId: testCase.id,
        targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
      });
      assert.equal(trigger.status, 200, JSON.stringify(trigger.body));
      const runId = trigger.body.runIds[0];
      const report = { runId, stepIndex: 0, status: 'pending' };
      const oauth = await rest(t.app, await tokenWith(known), 'POST', '/api/runs/report', report);
      assert.equal(oauth.status, 403, JSON.stringify(oauth.body));
      assert.equal(oauth.body.code, 'PERMISSION_DENIED');
      assert.equal(typeof oauth.body.error, 'string');
      const apiKey = await rest(t.app, t.org.apiKey, 'POST', '/api/runs/report', report);
      assert.equal(apiKey.status, 200, JSON.stringify(apiKey.body));
      assert.deepEqual(apiKey.body, { success: true });
      const none = await rest(t.app, null, 'POST', '/api/runs/report', report);
      assert.equal(none.status, 401);
      assert.equal(none.body.code, 'UNAUTHENTICATED');
    });

    it('GET /api/openapi.json needs no credential', async () => {
      const res = await rest(t.app, null, 'GET', '/api/openapi.json');
      assert.equal(res.status, 200);
      assert.equal(res.body.openapi.slice(0, 3), '3.1');
    });
  });
});
