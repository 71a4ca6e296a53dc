import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, environment, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';
import { followRun } from '../helpers/runs';
import { privateQueues, useWorkers } from '../helpers/temporal';

/** A loopback port nothing listens on: bound, read, closed. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** What a customer-safe text never holds: the address, the error's own words, stack lines. */
function assertSafe(text: string, host: string, port: number | null) {
  assert.ok(!text.includes(host), `names the host: ${text}`);
  if (port !== null) assert.ok(!text.includes(String(port)), `names the port: ${text}`);
  assert.doesNotMatch(text, /ECONNREFUSED|ENOTFOUND|EAI_|getaddrinfo|fetch failed|undici|TypeError|\n\s+at /, text);
}

describe('API Runs: customer-safe reasons when the target cannot be reached (issue 30)', function () {
  this.timeout(120_000);
  const t = useApp(privateQueues());
  useWorkers(t, { runnerPlatforms: ['api'] });

  let environments = 0;
  /** Runs a one-request plan against `baseUrl` (its OpenAPI document on the same host) and answers its evidence. */
  const runAgainst = async (baseUrl: string) => {
    const plan = await rest(t.app, t.org.apiKey, 'POST', '/api/plans', {
      name: `Health of ${baseUrl}`,
      platforms: ['api'],
      steps: [{ action: 'request', target: 'GET /health', config: { expectStatus: [200] } }],
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const slug = `unreachable-${++environments}`;
    await environment(t, slug, { targets: { api: { baseUrl, openapiUrl: `${baseUrl}/openapi.json` } } });
    const triggered = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
      testPlanId: plan.body.testPlanId,
      environmentSlug: slug,
    });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const runId = triggered.body.runId as string;
    const { state } = await followRun(t.app, t.org.apiKey, runId);
    const evidence = (await call(t.app, t.org.apiKey, 'run.evidence', { runId })).body;
    return { runId, state, evidence };
  };

  const assuranceOf = async (runId: string) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const snapshot = await rest(t.app, t.org.apiKey, 'GET', `/api/runs/${runId}/assurance`);
      if (snapshot.body?.report) return snapshot.body;
      if (Date.now() > deadline) throw new Error(`no assurance snapshot: ${JSON.stringify(snapshot.body)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  it('a closed port: the step names what happened and which request, not the address or the error', async () => {
    const port = await closedPort();
    const { runId, state, evidence } = await runAgainst(`http://127.0.0.1:${port}`);
    assert.notEqual(state.status, 'passing');
    const [step] = evidence.steps;
    assert.equal(step.status, 'failed');
    assert.equal(step.diagnosis.category, 'environment');
    assert.match(step.reason, /Step 1 \(GET \/health\)/);
    assert.match(step.reason, /could not be reached \(the connection was refused\)/);
    assertSafe(JSON.stringify(evidence), '127.0.0.1', port);
    assertSafe(JSON.stringify(state.diagnosis), '127.0.0.1', port);
    const snapshot = await assuranceOf(runId);
    assert.match(JSON.stringify(snapshot), /the OpenAPI document could not be fetched: the connection was refused/);
    assertSafe(JSON.stringify(snapshot), '127.0.0.1', port);
  });

  it('a host that does not resolve: the same, and its name is not repeated', async () => {
    // RFC 6761: an "invalid" name is answered negatively by the resolver itself, no query sent.
    const host = 'orders-api.qa-test.invalid';
    const { runId, state, evidence } = await runAgainst(`http://${host}:8080`);
    assert.notEqual(state.status, 'passing');
    const [step] = evidence.steps;
    assert.equal(step.status, 'failed');
    assert.equal(step.diagnosis.category, 'environment');
    assert.match(step.reason, /Step 1 \(GET \/health\)/);
    assert.match(step.reason, /its host name did not resolve/);
    assertSafe(JSON.stringify(evidence), host, null);
    // The assurance snapshot says the same of the contract checks, in its own words.
    const snapshot = await assuranceOf(runId);
    assert.match(JSON.stringify(snapshot), /the OpenAPI document could not be fetched: its host name did not resolve/);
    assertSafe(JSON.stringify(snapshot), host, null);
  });
});
