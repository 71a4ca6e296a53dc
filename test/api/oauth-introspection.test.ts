import assert from 'node:assert/strict';
import { allScopes } from '../../core/scopes';
import { orgMemberRepository } from '../../db/repositories/org-members';
import { call, useApp } from '../helpers/app';
import { startIssuer, type TestIssuer } from '../helpers/oidc';

const AUDIENCE = 'https://qa.test/api/mcp';
const every = allScopes.join(' ');

/**
 * An opaque access token means what the issuer's introspection (RFC 7662) says. The API believes
 * only an answer that is about this issuer, a Bearer token, for this service, and valid now
 * (within the 5 s clock tolerance the JWT check allows too): an issuer that answers otherwise,
 * misconfigured or compromised, gets its token refused with 401 invalid_token.
 */
describe('OAuth introspection answers the API believes, and those it refuses', function () {
  let issuer: TestIssuer;
  before(async () => {
    issuer = await startIssuer(AUDIENCE);
  });
  const t = useApp(() => issuer.settings);
  after(() => issuer?.close());
  const alice = 'user|alice-introspected';
  before(() => orgMemberRepository.add(t.app.deps.db.manager, t.org.orgId, alice, Date.now()));

  const now = () => Math.floor(Date.now() / 1000);
  /** A fresh opaque token of a member, whose introspection answer says `members` besides. */
  async function tokenSaying(members: Record<string, unknown>): Promise<string> {
    const token = await issuer.opaque({ sub: alice, org: t.org.orgId, scope: every });
    issuer.introspectionSays(token, members);
    return token;
  }
  const list = (token: string) => call(t.app, token, 'test_case.list', {});

  const refused: Array<[string, () => Record<string, unknown>, RegExp]> = [
    ['an answer about another issuer', () => ({ iss: 'https://evil.test' }), /another issuer/],
    ['a token type other than Bearer', () => ({ token_type: 'DPoP' }), /only bearer access tokens/],
    ['an exp a minute past', () => ({ exp: now() - 60 }), /expired/],
    ['an nbf a minute ahead', () => ({ nbf: now() + 60 }), /not valid yet/],
    ['no audience at all', () => ({ aud: undefined }), /not meant for this service \(aud\)/],
    ['an inactive token', () => ({ active: false }), /not active/],
    ['a sender-constrained token', () => ({ cnf: { jkt: 'thumbprint' } }), /sender-constrained/],
  ];
  for (const [name, members, reason] of refused) {
    it(`refuses ${name}`, async () => {
      const res = await list(await tokenSaying(members()));
      assert.equal(res.status, 401, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'UNAUTHENTICATED');
      assert.match(res.body.error.message, reason);
      assert.match(res.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
    });
  }

  const accepted: Array<[string, () => Record<string, unknown>]> = [
    ['an answer that names no issuer (iss is optional in RFC 7662)', () => ({ iss: undefined })],
    ['a token type of Bearer in any case', () => ({ token_type: 'Bearer' })],
    ['no token type', () => ({ token_type: undefined })],
    ['an audience list that includes this service', () => ({ aud: ['https://other.test/api', AUDIENCE] })],
    ['an exp a moment past, within the clock tolerance', () => ({ exp: now() - 2 })],
    ['an nbf a moment ahead, within the clock tolerance', () => ({ nbf: now() + 2 })],
    ['no exp at all', () => ({ exp: undefined })],
  ];
  for (const [name, members] of accepted) {
    it(`accepts ${name}`, async () => {
      const res = await list(await tokenSaying(members()));
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });
  }

  it('believes a verified answer no longer than the token lives', async () => {
    const token = await tokenSaying({ exp: now() + 1 });
    assert.equal((await list(token)).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 7_000)); // past exp and its 5 s tolerance
    const res = await list(token);
    assert.equal(res.status, 401, 'asked again once expired, not answered from the cache');
    assert.match(res.body.error.message, /expired/);
  });

  it('says why in its own words: an answer about another issuer is refused as that, not as a bad token', async () => {
    const res = await list(await tokenSaying({ iss: 'https://evil.test' }));
    assert.equal(res.body.error.message, 'the access token is from another issuer');
  });

  it('asks the issuer once about a token it verified, for the requests that follow', async () => {
    const token = await issuer.opaque({ sub: alice, org: t.org.orgId, scope: every });
    for (let i = 0; i < 3; i++) assert.equal((await list(token)).status, 200);
    assert.equal(issuer.introspections(token), 1);
  });

  it('answers 503 UNAVAILABLE with Retry-After when the introspection fails: the token may well be good', async () => {
    const token = await issuer.opaque({ sub: alice, org: t.org.orgId, scope: every });
    issuer.introspectionFails(token);
    const res = await list(token);
    assert.equal(res.status, 503, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'UNAVAILABLE');
    assert.equal(res.headers.get('retry-after'), '5');
  });

  describe('only a JWS typed at+jwt is checked as a JWT; anything else is asked of the issuer', () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const shapes: Array<[string, () => Promise<string>]> = [
      ['two parts, however its header reads', async () => `${b64({ alg: 'RS256', typ: 'at+jwt' })}.${b64({})}`],
      ['three parts whose header is no JSON', async () => 'bm90LWpzb24.e30.c2lnbmF0dXJl'],
      [
        'a signed JWT of another type (typ JWT, as an ID token is)',
        () => issuer.forge({ sub: alice, org_id: t.org.orgId, scope: every }, 'issuer', 'JWT'),
      ],
    ];
    for (const [name, mint] of shapes) {
      it(name, async () => {
        const token = await mint();
        issuer.introspectionSays(token, { active: false }); // an issuer that knows no such token
        const res = await list(token);
        assert.equal(res.status, 401);
        assert.equal(res.body.error.message, 'the access token is not active', 'the issuer knows no such token');
        assert.equal(issuer.introspections(token), 1);
      });
    }
  });

  it('refuses an organization claim that is empty or not a string', async () => {
    for (const org of ['', 42, ['a', 'b']]) {
      const res = await list(await issuer.forge({ sub: alice, org_id: org, scope: every }));
      assert.equal(res.status, 401);
      assert.equal(res.body.error.message, 'the access token names no organization (org_id)', JSON.stringify(org));
    }
  });
});

/**
 * Introspection authenticates the API at the issuer (RFC 7662 §2.1), so without both a client id
 * and its secret the API asks nothing: an opaque token is refused as what it cannot judge.
 */
describe('OAuth without the client to introspect with', function () {
  let issuer: TestIssuer;
  before(async () => {
    issuer = await startIssuer(AUDIENCE);
  });
  const t = useApp(() => ({ ...issuer.settings, OAUTH_CLIENT_SECRET: '' }));
  after(() => issuer?.close());
  const member = 'user|no-introspection';
  before(() => orgMemberRepository.add(t.app.deps.db.manager, t.org.orgId, member, Date.now()));

  it('refuses an opaque token with 401, naming what is accepted, and asks the issuer nothing', async () => {
    const token = await issuer.opaque({ sub: member, org: t.org.orgId, scope: every });
    const res = await call(t.app, token, 'test_case.list', {});
    assert.equal(res.status, 401, JSON.stringify(res.body));
    assert.match(res.body.error.message, /only JWT access tokens \(typ at\+jwt\) are accepted/);
    assert.equal(issuer.introspections(token), 0);
  });

  it('still accepts a JWT access token', async () => {
    const token = await issuer.jwt({ sub: member, org: t.org.orgId, scope: every });
    assert.equal((await call(t.app, token, 'test_case.list', {})).status, 200);
  });
});
