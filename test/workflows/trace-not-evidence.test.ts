import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { signedMediaUrl } from '../../api/runs/media-links';
import { allScopes } from '../../core/scopes';
import { orgMemberRepository } from '../../db/repositories/org-members';
import { call, createOrg, runNewCase } from '../helpers/app';
import { startIssuer, type TestIssuer } from '../helpers/oidc';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { followRun, startRunStack, type RunStack, traceLink } from '../helpers/runs';
import { registerWebhook, settledDeliveries } from '../helpers/webhooks';
import { privateQueues } from '../helpers/temporal';

const AUDIENCE = 'https://qa.test/api/mcp';
const SECRET = 'Not-Evidence-Passw0rd';

/** What External Evidence never holds (specification: "no runner internals or raw UI trees"). */
function assertNoTraceNorDom(what: string, text: string) {
  assert.doesNotMatch(text, /trace/i, `${what} mentions a trace`);
  assert.doesNotMatch(text, /<(html|body|form|input|div)\b/i, `${what} holds markup`);
  assert.doesNotMatch(text, /__playwright|frame-snapshot|resource-snapshot/, `${what} holds recorder internals`);
  assert.ok(!text.includes(SECRET), `${what} holds the secret`);
}

describe('a trace is for the team, not External Evidence (issue 30)', function () {
  this.timeout(180_000);
  let issuer: TestIssuer;
  let stack: RunStack;
  let receiver: Receiver;
  let runId: string;
  let hook: { id: string };
  const user = 'user|trace';

  before(async () => {
    issuer = await startIssuer(AUDIENCE);
    stack = await startRunStack(SECRET, { ...privateQueues(), ...issuer.settings });
    receiver = await startReceiver();
    await orgMemberRepository.add(stack.app.deps.db.manager, stack.org.orgId, user, Date.now());
    hook = await registerWebhook(stack, receiver, '/hooks');
    // Signs in with the Environment's secret, then expects a greeting the site never shows.
    runId = await runNewCase(
      stack,
      {
        name: 'Wrong greeting',
        steps: [
          { action: 'navigate', target: '/login' },
          { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
          { action: 'click', target: 'Sign in', expect: { text: 'Goodbye' } },
        ],
      },
      { environmentSlug: 'local' },
    );
    const { state } = await followRun(stack.app, stack.org.apiKey, runId);
    assert.equal(state.status, 'failed');
  });
  after(async () => {
    await receiver?.close();
    await stack?.close();
    await issuer?.close();
  });

  const traceWith = (credential: string | null) => traceLink(stack.app, credential, runId);

  it('run.evidence over HTTP lists screenshots only', async () => {
    const evidence = await call(stack.app, stack.org.apiKey, 'run.evidence', { runId });
    assert.equal(evidence.status, 200);
    assert.equal(evidence.body.verdict, 'failed');
    const kinds = evidence.body.steps.flatMap((s: { media: Array<{ kind: string }> }) => s.media.map((m) => m.kind));
    assert.ok(kinds.length > 0);
    assert.deepEqual([...new Set(kinds)], ['screenshot']);
    assertNoTraceNorDom('run.evidence', JSON.stringify(evidence.body));
  });

  it('the MCP tool run_evidence the same', async () => {
    const token = await issuer.jwt({ sub: user, org: stack.org.orgId, scope: allScopes.join(' ') });
    const client = new Client({ name: 'trace-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.app.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const result = (await client.callTool({ name: 'run_evidence', arguments: { runId } })) as CallToolResult;
      assert.ok(!result.isError, JSON.stringify(result));
      assertNoTraceNorDom('MCP run_evidence', JSON.stringify(result));
    } finally {
      await client.close();
    }
  });

  it('the report page shows screenshots only', async () => {
    const state = (await call(stack.app, stack.org.apiKey, 'run.get', { runId })).body;
    const page = await fetch(state.reportUrl);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<img /, 'the report shows the screenshots');
    assert.doesNotMatch(html, /trace/i);
    assert.ok(!html.includes(SECRET));
  });

  it('the run.completed webhook payload carries no media at all', async () => {
    const [delivery] = await settledDeliveries(stack, hook.id);
    assert.equal(delivery.status, 'delivered', JSON.stringify(delivery));
    const [received] = await receiver.waitFor('/hooks', 1);
    assert.match(received.body, new RegExp(runId));
    assertNoTraceNorDom('webhook payload', received.body);
  });

  it("GET /api/runs/{runId}/trace: the organization's API key gets the zip; others do not", async () => {
    const own = await traceWith(stack.org.apiKey);
    assert.equal(own.status, 302);
    const zip = await fetch(new URL(own.headers.get('location')!, stack.app.url));
    assert.equal(zip.status, 200);
    assert.equal(zip.headers.get('content-type'), 'application/zip');

    const other = await createOrg(stack.app.deps);
    const foreign = await traceWith(other.apiKey);
    assert.equal(foreign.status, 404);
    assert.equal((await foreign.json()).code, 'NOT_FOUND');

    // An OAuth token, even with every scope, is refused: the trace is not for clients or agents.
    const token = await issuer.jwt({ sub: user, org: stack.org.orgId, scope: allScopes.join(' ') });
    const oauth = await traceWith(token);
    assert.equal(oauth.status, 403);
    assert.equal((await oauth.json()).code, 'PERMISSION_DENIED');
    const none = await traceWith(null);
    assert.equal(none.status, 401);
  });

  it('the signed evidence-media route refuses a trace link', async () => {
    const media = await stack.app.deps.db.query('SELECT id FROM run_media WHERE run_id = ? AND kind = ?', [
      runId,
      'trace',
    ]);
    assert.equal(media.length, 1, 'the trace is stored');
    const { url } = signedMediaUrl(stack.app.url, stack.app.deps.config.SIGNING_KEY, media[0].id, 'trace');
    const res = await fetch(url, { redirect: 'manual' });
    assert.equal(res.status, 404);
  });
});
