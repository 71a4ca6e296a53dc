import assert from 'node:assert/strict';
import { z } from 'zod';
import { defineEndpoint } from '../../api/pipeline/model';
import { catalog } from '../helpers/operations';
import { allScopes, type Scope } from '../../core/scopes';
import { orgMemberRepository } from '../../db/repositories/org-members';
import { call, createOrg, key, useApp } from '../helpers/app';
import { startIssuer, type TestIssuer } from '../helpers/oidc';
import { createTokenVerifier, plainHttpAllowed } from '../../api/oauth/verifier';
import type { AppDeps } from '../../api/pipeline/deps';

const AUDIENCE = 'https://qa.test/api/mcp';
const every = allScopes.join(' ');

describe('OAuth access tokens', function () {
  let issuer: TestIssuer;
  before(async () => {
    issuer = await startIssuer(AUDIENCE);
  });
  const t = useApp(() => issuer.settings);
  after(() => issuer?.close());
  const alice = 'user|alice';

  const metadataUrl = () => `${t.app.url}/.well-known/oauth-protected-resource/api/mcp`;
  const invalidToken = () => `Bearer error="invalid_token", resource_metadata="${metadataUrl()}"`;

  before(() => orgMemberRepository.add(t.app.deps.db.manager, t.org.orgId, alice, Date.now()));

  const newCase = (name = 'Login works') => ({
    idempotencyKey: key('tc'),
    name,
    platforms: ['web'],
    steps: [{ action: 'navigate', target: '/login' }],
  });

  it("states the issuer's own authorization and token endpoints in the OpenAPI document (read from its metadata)", async () => {
    const metadata = (await fetch(`${issuer.issuer}/.well-known/openid-configuration`).then((r) => r.json())) as {
      authorization_endpoint: string;
      token_endpoint: string;
    };
    const doc = (await fetch(`${t.app.url}/api/openapi.json`).then((r) => r.json())) as any;
    const flow = doc.components.securitySchemes.oauth2.flows.authorizationCode;
    assert.equal(flow.authorizationUrl, metadata.authorization_endpoint);
    assert.equal(flow.tokenUrl, metadata.token_endpoint);
  });

  describe('valid tokens', () => {
    it('accepts a JWT access token of a member, scoped to the organization of its org claim', async () => {
      const created = await call(t.app, t.org.apiKey, 'test_case.create', newCase('seen through OAuth'));
      assert.equal(created.status, 200);
      const token = await issuer.jwt({ sub: alice, org: t.org.orgId, scope: every });
      const listed = await call(t.app, token, 'test_case.list', {});
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.ok(listed.body.items.some((i: { id: string }) => i.id === created.body.id));
    });

    it('accepts an opaque access token through introspection', async () => {
      const token = await issuer.opaque({ sub: alice, org: t.org.orgId, scope: 'svc:read svc:test_cases:write' });
      assert.ok(!token.includes('.'), 'the provider issued an opaque token');
      const created = await call(t.app, token, 'test_case.create', newCase());
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal((await call(t.app, token, 'test_case.get', { testCaseId: created.body.id })).status, 200);
    });

    it('accepts a JWT from the client-credentials grant at the token endpoint', async () => {
      const { token, sub } = await issuer.clientCredentials('jwt', 'svc:read', t.org.orgId);
      await orgMemberRepository.add(t.app.deps.db.manager, t.org.orgId, sub, Date.now());
      assert.equal((await call(t.app, token, 'test_case.list', {})).status, 200);
    });

    it('ignores scopes it does not know', async () => {
      const token = await issuer.forge({ sub: alice, org_id: t.org.orgId, scope: 'openid svc:admin svc:read' });
      assert.equal((await call(t.app, token, 'test_case.list', {})).status, 200);
      const denied = await call(t.app, token, 'test_case.create', newCase());
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error.code, 'PERMISSION_DENIED');
    });
  });

  describe('refused with 401 invalid_token', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const notMember = /not a member of its organization/;
    const cases: Array<[string, () => Promise<string>, RegExp]> = [
      [
        'an expired JWT',
        () => issuer.forge({ sub: alice, org_id: t.org.orgId, scope: every, iat: now() - 600, exp: now() - 60 }),
        /"exp"/,
      ],
      [
        'a JWT that is not valid yet',
        () => issuer.forge({ sub: alice, org_id: t.org.orgId, scope: every, nbf: now() + 600 }),
        /"nbf"/,
      ],
      [
        'a JWT for another audience',
        () => issuer.jwt({ sub: alice, org: t.org.orgId, scope: every, audience: 'https://other.test/api' }),
        /"aud"/,
      ],
      [
        'an opaque token for another audience',
        () => issuer.opaque({ sub: alice, org: t.org.orgId, scope: every, audience: 'https://other.test/api' }),
        /\(aud\)/,
      ],
      [
        'a JWT from another issuer',
        () => issuer.forge({ sub: alice, org_id: t.org.orgId, scope: every, iss: 'https://evil.test' }),
        /"iss"/,
      ],
      [
        'a JWT with a bad signature',
        () => issuer.forge({ sub: alice, org_id: t.org.orgId, scope: every }, 'stranger'),
        /signature/,
      ],
      [
        'a JWT of a user who is not a member',
        () => issuer.jwt({ sub: 'user|mallory', org: t.org.orgId, scope: every }),
        notMember,
      ],
      [
        'an opaque token of a user who is not a member',
        () => issuer.opaque({ sub: 'user|mallory', org: t.org.orgId, scope: every }),
        notMember,
      ],
      [
        'a JWT naming an organization the user is not a member of',
        async () => {
          const other = await createOrg(t.app.deps);
          return issuer.jwt({ sub: alice, org: other.orgId, scope: every });
        },
        notMember,
      ],
      ['a JWT without the org claim', () => issuer.jwt({ sub: alice, scope: every }), /no organization \(org_id\)/],
      [
        'an opaque token without the org claim',
        () => issuer.opaque({ sub: alice, scope: every }),
        /no organization \(org_id\)/,
      ],
      [
        'a JWT whose sub differs only in case from a member',
        () => issuer.jwt({ sub: 'USER|ALICE', org: t.org.orgId, scope: every }),
        notMember,
      ],
      [
        'an opaque client-credentials token (it names no user)',
        async () => (await issuer.clientCredentials('opaque', 'svc:read', t.org.orgId)).token,
        /no user \(sub\)/,
      ],
      ['an opaque token the issuer never issued', async () => 'not-a-token-the-issuer-knows-0123456789', /not active/],
    ];
    for (const [name, mint, reason] of cases) {
      it(name, async () => {
        const res = await call(t.app, await mint(), 'test_case.list', {});
        assert.equal(res.status, 401, JSON.stringify(res.body));
        assert.equal(res.body.error.code, 'UNAUTHENTICATED');
        assert.match(res.body.error.message, reason);
        assert.equal(res.headers.get('www-authenticate'), invalidToken());
      });
    }

    it('refuses a removed member at once, even with a token that worked a moment ago', async () => {
      const bob = `user|bob-${key()}`;
      await orgMemberRepository.add(t.app.deps.db.manager, t.org.orgId, bob, Date.now());
      for (const token of [
        await issuer.jwt({ sub: bob, org: t.org.orgId, scope: every }),
        await issuer.opaque({ sub: bob, org: t.org.orgId, scope: every }),
      ]) {
        assert.equal((await call(t.app, token, 'test_case.list', {})).status, 200);
      }
      await orgMemberRepository.remove(t.app.deps.db.manager, t.org.orgId, bob);
      const jwt = await issuer.jwt({ sub: bob, org: t.org.orgId, scope: every });
      const refused = await call(t.app, jwt, 'test_case.list', {});
      assert.equal(refused.status, 401);
      assert.equal(refused.body.error.code, 'UNAUTHENTICATED');
    });

    it('refuses a credential in the query string', async () => {
      const token = await issuer.jwt({ sub: alice, org: t.org.orgId, scope: every });
      const res = await fetch(`${t.app.url}/api/v1/test_case.list?access_token=${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: '{}',
      });
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error.code, 'UNAUTHENTICATED');
    });
  });

  describe('scopes', () => {
    const tokenWith = (scopes: Scope[]) => issuer.jwt({ sub: alice, org: t.org.orgId, scope: scopes.join(' ') });

    it('answers a missing scope with 403 and the insufficient_scope challenge', async () => {
      const res = await call(t.app, await tokenWith(['svc:read']), 'test_case.create', newCase());
      assert.equal(res.status, 403);
      assert.equal(res.body.error.code, 'PERMISSION_DENIED');
      assert.equal(
        res.headers.get('www-authenticate'),
        `Bearer error="insufficient_scope", scope="svc:test_cases:write", resource_metadata="${metadataUrl()}"`,
      );
    });

    it('needs svc:environments:write besides svc:test_cases:write to relocate a secret', async () => {
      const slug = `env-${key()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`.slice(0, 60);
      assert.equal(
        (await call(t.app, t.org.apiKey, 'environment.upsert', { idempotencyKey: key(), slug, name: 'Staging' }))
          .status,
        200,
      );
      const body = () => ({
        ...newCase(),
        relocateSecretsTo: slug,
        steps: [{ action: 'fill', target: 'Password', valueSpec: { kind: 'literal', text: 'hunter2-hunter2' } }],
      });
      const denied = await call(t.app, await tokenWith(['svc:test_cases:write']), 'test_case.create', body());
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error.code, 'PERMISSION_DENIED');
      assert.match(denied.headers.get('www-authenticate')!, /scope="svc:environments:write"/);
      const allowed = await call(
        t.app,
        await tokenWith(['svc:test_cases:write', 'svc:environments:write']),
        'test_case.create',
        body(),
      );
      assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
    });

    describe('each scope opens exactly its operations (whole catalog)', () => {
      for (const op of catalog) {
        it(`${op.name} (${op.scope})`, async () => {
          const own = await call(t.app, await tokenWith([op.scope]), op.name, {});
          assert.ok(
            ![401, 403].includes(own.status),
            `${op.name} with ${op.scope}: ${own.status} ${JSON.stringify(own.body)}`,
          );
          assert.ok(own.status < 500, JSON.stringify(own.body));
          const others = await call(t.app, await tokenWith(allScopes.filter((s) => s !== op.scope)), op.name, {});
          assert.equal(others.status, 403, `${op.name} without ${op.scope}`);
          assert.equal(others.body.error.details.requiredScope, op.scope);
          assert.match(
            others.headers.get('www-authenticate')!,
            new RegExp(`^Bearer error="insufficient_scope", scope="${op.scope}"`),
          );
        });
      }
    });

    it('an API key still holds every scope and gets no OAuth challenge', async () => {
      const res = await call(t.app, t.org.apiKey, 'test_case.create', newCase());
      assert.equal(res.status, 200);
    });
  });

  describe('resource-style endpoints', () => {
    // Stand-ins with the access rules of POST /api/runs/report and POST /api/plans, served by
    // the same router and capabilities as the real ones.
    const probe = (path: string, access: 'api_key_only' | { scope: Scope }) =>
      defineEndpoint({
        name: 'probe.post',
        bindings: { rest: { method: 'POST', path } },
        summary: 'test probe',
        access,
        output: z.object({ ok: z.boolean() }),
        body: z.object({}),
        async handler() {
          return { ok: true };
        },
      });
    const probed = useApp(
      () => issuer.settings,
      [probe('/api/probe/report', 'api_key_only'), probe('/api/probe/plans', { scope: 'svc:plans:write' })],
    );

    const post = async (path: string, credential: string) =>
      fetch(`${probed.app.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${credential}` },
        body: '{}',
      });

    it('an API-key-only endpoint refuses OAuth tokens, whatever their scopes', async () => {
      assert.equal((await post('/api/probe/report', t.org.apiKey)).status, 200);
      const res = await post('/api/probe/report', await issuer.jwt({ sub: alice, org: t.org.orgId, scope: every }));
      assert.equal(res.status, 403);
      assert.equal((await res.json()).code, 'PERMISSION_DENIED');
    });

    it('a scoped endpoint opens with its scope and challenges without it', async () => {
      assert.equal(
        (await post('/api/probe/plans', await issuer.jwt({ sub: alice, org: t.org.orgId, scope: 'svc:plans:write' })))
          .status,
        200,
      );
      const res = await post(
        '/api/probe/plans',
        await issuer.jwt({ sub: alice, org: t.org.orgId, scope: 'svc:read svc:runs:write' }),
      );
      assert.equal(res.status, 403);
      assert.match(
        res.headers.get('www-authenticate')!,
        /^Bearer error="insufficient_scope", scope="svc:plans:write", resource_metadata=/,
      );
    });
  });

  it('serves the protected-resource metadata (RFC 9728)', async () => {
    const res = await fetch(metadataUrl());
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      resource: `${t.app.url}/api/mcp`,
      resource_name: 'QA Test Orchestration Service',
      authorization_servers: [issuer.issuer],
      scopes_supported: allScopes,
      bearer_methods_supported: ['header'],
      resource_documentation: `${t.app.url}/api/openapi.json`,
    });
  });

  it('the 401 without a credential names the metadata', async () => {
    const res = await call(t.app, null, 'test_case.list', {});
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'UNAUTHENTICATED');
    assert.equal(res.headers.get('www-authenticate'), `Bearer resource_metadata="${metadataUrl()}"`);
  });
});

describe('OAuth with an unreachable issuer', function () {
  // A port nothing listens on: discovery fails with ECONNREFUSED.
  const t = useApp({ OAUTH_ISSUER: 'http://127.0.0.1:9', OAUTH_AUDIENCE: AUDIENCE });

  it('answers 503 UNAVAILABLE, not 401: the token may well be valid', async () => {
    const res = await call(t.app, 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', 'test_case.list', {});
    assert.equal(res.status, 503, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'UNAVAILABLE');
    assert.ok(res.headers.get('retry-after'));
  });

  it('still serves metadata and still accepts API keys', async () => {
    assert.equal((await call(t.app, t.org.apiKey, 'test_case.list', {})).status, 200);
    const metadata = await (await fetch(`${t.app.url}/.well-known/oauth-protected-resource/api/mcp`)).json();
    assert.deepEqual(metadata.authorization_servers, ['http://127.0.0.1:9']);
  });
});

describe('the OAuth issuer URL', () => {
  it('may be plain http on loopback only (tests, local development); anywhere else it must be https', () => {
    for (const url of ['http://127.0.0.1:9000', 'http://localhost:9000/issuer', 'http://[::1]:9000'])
      assert.equal(plainHttpAllowed(new URL(url)), true, url);
    for (const url of [
      'http://issuer.example.test',
      'http://10.0.0.5',
      'https://127.0.0.1:9000',
      'https://issuer.example.test',
    ])
      assert.equal(plainHttpAllowed(new URL(url)), false, url);
  });

  it('refuses to verify tokens of a plain http issuer that is not on loopback', () => {
    const deps = { config: { OAUTH_ISSUER: 'http://issuer.example.test' }, log: console } as unknown as AppDeps;
    assert.throws(() => createTokenVerifier(deps), /OAUTH_ISSUER must be an https URL/);
  });
});
