import assert from 'node:assert/strict';
import type { ActivityDeps } from '../../activities/deps';
import { embeddedGenerator } from '../../activities/generate';
import { planGenerationActivities } from '../../activities/plan-generation';
import { recordHistory } from '../helpers/histories';
import { call, useApp, type TestApp } from '../helpers/app';
import { startFakeProvider, type FakeProvider } from '../helpers/ai-provider';
import { followRun, useRunStack } from '../helpers/runs';
import { isClientError, rest } from '../helpers/rest';
import { privateQueues, useWorkers } from '../helpers/temporal';

const SECRET = 'Generated-Passphrase-a41b';

/** Polls GET /api/plans until the plan is no longer generating. */
async function followPlan(app: TestApp, apiKey: string, planId: string, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const plan = (await rest(app, apiKey, 'GET', '/api/plans')).body.find((p: { _id: string }) => p._id === planId);
    if (plan.status !== 'generating') {
      await recordHistory(app, `generate-${planId}`, `planGenerationWorkflow-${plan.status}`);
      return plan;
    }
    if (Date.now() > deadline) throw new Error(`plan ${planId} still generating`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const loginDiff = `diff --git a/app/login/page.tsx b/app/login/page.tsx
new file mode 100644
--- /dev/null
+++ b/app/login/page.tsx
@@ -0,0 +1,11 @@
+export default function Login() {
+  return (<form method="post" action="/login">
+    <label htmlFor="email">Email</label>
+    <input id="email" name="email" type="email" />
+    <label htmlFor="password">Password</label>
+    <input id="password" name="password" type="password" />
+    <input type="hidden" name="csrf" value="token" />
+    <button type="submit">Sign in</button>
+  </form>);
+}
`;

const signInSteps = [
  { action: 'navigate', target: '/login' },
  { action: 'fill', target: 'Email' },
  { action: 'fill', target: 'Password', value: '{{env.PASSWORD}}' },
  { action: 'click', target: 'Sign in' },
];

describe('plan generation', function () {
  this.timeout(120_000);

  describe('with the embedded generator', () => {
    const s = useRunStack(SECRET);

    const generate = (body: Record<string, unknown>) =>
      rest(s.app, s.org.apiKey, 'POST', '/api/generate', { platforms: ['web'], ...body });

    it('generates sign-in steps from a prompt, and the plan runs and passes', async () => {
      const created = await generate({
        name: 'From prompt',
        mode: 'auto',
        prompt: 'Open /login, fill Email and Password, then click the "Sign in" button.',
      });
      assert.equal(created.status, 202);
      assert.equal(created.body.status, 'generating');
      const plan = await followPlan(s.app, s.org.apiKey, created.body.testPlanId);
      assert.equal(plan.status, 'ready', JSON.stringify(plan));
      assert.equal(plan.mode, 'auto');
      assert.deepEqual(plan.steps, signInSteps);
      const v1 = await call(s.app, s.org.apiKey, 'test_plan.get', { testPlanId: plan._id });
      assert.equal(v1.body.status, 'ready');

      const run = await rest(s.app, s.org.apiKey, 'POST', '/api/trigger', {
        testPlanId: plan._id,
        environmentSlug: 'local',
      });
      assert.equal((await followRun(s.app, s.org.apiKey, run.body.runId)).state.status, 'passing');
    });

    it('generates the page, fields and button a diff adds, and the plan runs and passes', async () => {
      const created = await generate({ name: 'From diff', diff: loginDiff });
      const plan = await followPlan(s.app, s.org.apiKey, created.body.testPlanId);
      assert.equal(plan.status, 'ready', JSON.stringify(plan));
      assert.deepEqual(plan.steps, signInSteps);
      const run = await rest(s.app, s.org.apiKey, 'POST', '/api/trigger', {
        testPlanId: plan._id,
        environmentSlug: 'local',
      });
      assert.equal((await followRun(s.app, s.org.apiKey, run.body.runId)).state.status, 'passing');
    });

    it('ends failed with a reason when the input shows nothing to test, and such a plan cannot run', async () => {
      const fromPrompt = await followPlan(
        s.app,
        s.org.apiKey,
        (await generate({ name: 'Vague', prompt: 'make sure everything works' })).body.testPlanId,
      );
      assert.equal(fromPrompt.status, 'failed');
      assert.match(fromPrompt.failureReason, /names no page/);
      const fromDiff = await followPlan(
        s.app,
        s.org.apiKey,
        (
          await generate({
            name: 'Backend',
            diff: '--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-const a = 1;\n+const a = 2;\n',
          })
        ).body.testPlanId,
      );
      assert.equal(fromDiff.status, 'failed');
      assert.match(fromDiff.failureReason, /adds no page, field or button/);
      const refused = await rest(s.app, s.org.apiKey, 'POST', '/api/trigger', {
        testPlanId: fromPrompt._id,
        environmentSlug: 'local',
      });
      assert.equal(refused.status, 422);
      assert.match(refused.body.error, /generation failed/);
    });

    it('answers bad input with a 4xx { error }, never a 500', async () => {
      const replies = [
        await generate({ name: 'x' }),
        await generate({ name: 'x', prompt: 'p', diff: 'd' }),
        await generate({ name: 'x', prompt: '   ' }),
        await generate({ name: '', prompt: 'p' }),
        await generate({ name: 'x', prompt: 'p', mode: 'manual' }),
        await generate({ name: 'x', prompt: 'p', platforms: ['desktop'] }),
        await generate({ name: 'x', prompt: 'p', steps: [] }),
        await rest(s.app, null, 'POST', '/api/generate', { name: 'x', prompt: 'p' }),
        await rest(s.app, s.org.apiKey, 'POST', '/api/generate', '"text"'),
      ];
      replies.forEach((r, i) => assert.ok(isClientError(r), `#${i}: ${r.status} ${JSON.stringify(r.body)}`));
    });
  });

  describe('before its generation ends', () => {
    // No worker polls these queues: the plan stays generating.
    const t = useApp(() => privateQueues());

    it('refuses a trigger of the plan with 422, saying it is still generating (docs/interface.md)', async () => {
      const created = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', {
        name: 'Not yet',
        prompt: 'Open /login',
        platforms: ['web'],
      });
      assert.equal(created.status, 202, JSON.stringify(created.body));
      const trigger = await rest(t.app, t.org.apiKey, 'POST', '/api/trigger', {
        testPlanId: created.body.testPlanId,
        targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
      });
      assert.equal(trigger.status, 422, JSON.stringify(trigger.body));
      assert.equal(trigger.body.code, 'FAILED_PRECONDITION');
      assert.match(trigger.body.error, /still generating/);
    });

    it('never ends failed with an empty reason: a blank one becomes words a person can act on (issue 78 point 4)', async () => {
      const created = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', {
        name: 'Blank failure',
        prompt: 'Open /login',
        platforms: ['web'],
      });
      const deps = { ...t.app.deps, storage: undefined as never } as unknown as ActivityDeps;
      await planGenerationActivities(deps, embeddedGenerator).failPlanGeneration(created.body.testPlanId, '  ');
      const plan = (await rest(t.app, t.org.apiKey, 'GET', '/api/plans')).body.find(
        (p: { _id: string }) => p._id === created.body.testPlanId,
      );
      assert.equal(plan.status, 'failed');
      assert.match(plan.failureReason, /without giving a reason; try again.*name the page/);
    });
  });

  describe('with a chat-completions provider', () => {
    let provider: FakeProvider;
    before(async () => {
      provider = await startFakeProvider();
    });
    const t = useApp(() => ({
      ...privateQueues(),
      AI_BASE_URL: provider.baseUrl,
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: '500',
      AI_MAX_ATTEMPTS: '2',
      AI_MAX_RETRIES: '0',
    }));
    useWorkers(t, { runnerPlatforms: [] });
    after(() => provider?.close());

    it("keeps the provider's runnable steps and never stores a secret it wrote", async () => {
      provider.reply = () => ({
        kind: 'answer',
        content: {
          steps: [
            { action: 'navigate', target: '/login', value: null },
            { action: 'fill', target: 'Email', value: 'qa@example.test' },
            { action: 'fill', target: 'Password', value: 'hunter2-very-secret' },
            { action: 'click', target: 'Sign in', value: null },
          ],
        },
        usage: { prompt_tokens: 900, completion_tokens: 80 },
      });
      const created = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', {
        name: 'AI plan',
        prompt: 'test signing in',
        platforms: ['web'],
      });
      const plan = await followPlan(t.app, t.org.apiKey, created.body.testPlanId);
      assert.equal(plan.status, 'ready');
      assert.deepEqual(plan.steps, [
        { action: 'navigate', target: '/login' },
        { action: 'fill', target: 'Email', value: 'qa@example.test' },
        { action: 'fill', target: 'Password', value: '{{env.PASSWORD}}' },
        { action: 'click', target: 'Sign in' },
      ]);
      assert.equal(provider.seen[0].body.response_format.type, 'json_schema');
      assert.equal(JSON.parse(provider.seen[0].body.messages[1].content).prompt, 'test signing in');
    });

    it('refuses a malformed step with a reason naming it, and saves nothing', async () => {
      provider.seen.length = 0;
      provider.reply = () => ({
        kind: 'answer',
        content: {
          steps: [
            { action: 'navigate', target: '/login', value: null },
            { action: 'hover', target: 'Menu', value: null },
          ],
        },
      });
      const created = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', {
        name: 'Malformed AI',
        prompt: 'test the menu',
        platforms: ['web'],
      });
      const plan = await followPlan(t.app, t.org.apiKey, created.body.testPlanId);
      assert.equal(plan.status, 'failed');
      assert.match(plan.failureReason, /step 2 \(action\) does not match the step schema.*nothing was saved/);
      assert.deepEqual(plan.steps, []);
    });

    it('ends failed with the reason after its retries when the provider answers garbage', async () => {
      provider.seen.length = 0;
      provider.reply = () => ({ kind: 'raw', body: 'not json at all' });
      const created = await rest(t.app, t.org.apiKey, 'POST', '/api/generate', {
        name: 'Broken AI',
        diff: loginDiff,
        platforms: ['web'],
      });
      const plan = await followPlan(t.app, t.org.apiKey, created.body.testPlanId);
      assert.equal(plan.status, 'failed');
      assert.equal(plan.failureReason, "the AI provider's answer was malformed (no message content) (2 attempt(s))");
      assert.equal(provider.seen.length, 2);
      assert.ok(
        JSON.parse(provider.seen[0].body.messages[1].content).diff.includes('<label htmlFor="email">Email</label>'),
      );
    });
  });
});
