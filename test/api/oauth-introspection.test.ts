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
});
