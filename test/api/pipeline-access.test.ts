import assert from 'node:assert/strict';
import { endpoints } from '../../api/endpoints';
import { runEndpoint } from '../../api/pipeline/run-endpoint';
import { allScopes, type Principal } from '../../core/scopes';
import { useApp } from '../helpers/app';

/**
 * The pipeline is the one access check of every surface (v1, resource-style, MCP, and any added
 * later): whatever a surface did before, no endpoint that is not public runs without a credential,
 * and an API-key-only one does not run for an OAuth token. The surfaces authenticate first, so
 * only a call to the pipeline itself shows this rule.
 */
describe('the endpoint pipeline checks access whatever the surface', () => {
  const t = useApp();
  // async: the pipeline refuses at once (a throw) where a handler would have run.
  const run = async (endpoint: (typeof endpoints)[number], principal: Principal | null) =>
    runEndpoint(endpoint, {}, { principal, deps: t.app.deps, requestId: 'req-pipeline' });
  const codeOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'ran';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  };

  it('refuses every endpoint that is not public without a principal: UNAUTHENTICATED', async () => {
    const guarded = endpoints.filter((e) => e.access !== 'public');
    assert.ok(guarded.length > 40, 'the endpoint list');
    for (const endpoint of guarded) assert.equal(await codeOf(run(endpoint, null)), 'UNAUTHENTICATED', endpoint.name);
  });

  it('refuses an API-key-only endpoint to an OAuth token holding every scope: PERMISSION_DENIED', async () => {
    const oauth: Principal = { kind: 'oauth', orgId: t.org.orgId, subject: 'user-1', scopes: new Set(allScopes) };
    const keyOnly = endpoints.filter((e) => e.access === 'api_key_only');
    assert.ok(keyOnly.length > 0, 'runs.report_step at least');
    for (const endpoint of keyOnly)
      assert.equal(await codeOf(run(endpoint, oauth)), 'PERMISSION_DENIED', endpoint.name);
  });
});
