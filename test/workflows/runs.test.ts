import assert from 'node:assert/strict';
import { signedMediaUrl } from '../../api/runs/media-links';
import { call, environment, key, newCase } from '../helpers/app';
import { startSite } from '../helpers/site';
import { followRun, useRunStack } from '../helpers/runs';

const SECRET = 'S3cret-Passphrase-9f27c1';

describe('Runs on Temporal with a real browser', function () {
  this.timeout(180_000);
  const logLines: string[] = [];

  let restoreStderr: (() => void) | undefined;
  // Restored when this suite ends, so no later suite loses its stderr.
  after(() => restoreStderr?.());
  before(async () => {
    const write = process.stderr.write.bind(process.stderr);
    restoreStderr = () => {
      process.stderr.write = write;
    };
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logLines.push(String(chunk));
      return rest.length >= 0;
    }) as typeof process.stderr.write;
  });
  const s = useRunStack(SECRET, { LOG_LEVEL: 'debug' });

  const signIn = (expectText: string, variable = 'PASSWORD') => [
    { action: 'navigate', target: '/login' },
    { action: 'fill', target: 'Email', valueSpec: { kind: 'agent' } },
    { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable } },
    { action: 'click', target: 'Sign in', expect: { text: expectText } },
  ];
  const createCase = async (name: string, steps: unknown[]) => (await newCase(s, { name, steps })).id as string;
  const trigger = async (body: Record<string, unknown>) =>
    call(s.app, s.org.apiKey, 'run.trigger', { idempotencyKey: key(), environmentSlug: 'local', ...body });

  it('passes a sign-in whose secret reaches the page and nothing else', async () => {
    const testCaseId = await createCase('Sign in', signIn('Welcome'));
    const triggered = await trigger({ testCaseId, branch: 'main', deployment: { commitSha: 'abc1234' } });
    assert.equal(triggered.status, 200);
    const [runId] = triggered.body.runIds;
    const { state, seen } = await followRun(s.app, s.org.apiKey, runId);
    assert.equal(state.status, 'passing');
    assert.equal(state.verdict, 'passed');
    assert.equal(state.validity, 'valid');
    assert.deepEqual(state.progress, { total: 4, completed: 4, passed: 4, failed: 0, skipped: 0 });
    assert.ok(
      seen.some((s) => s.status === 'running'),
      'the Run was seen running',
    );
    assert.ok(s.site.passwords.includes(SECRET), 'the page received the secret');

    const evidence = await call(s.app, s.org.apiKey, 'run.evidence', { runId });
    assert.equal(evidence.body.steps.length, 4);
    assert.ok(evidence.body.steps.every((s: { media: unknown[] }) => s.media.length === 1));
    assert.equal(evidence.body.steps[3].verdictSource, 'assertion');
    assert.equal(evidence.body.steps[3].postconditionProven, true);

    const resource = await fetch(`${s.app.url}/api/runs/${runId}`, {
      headers: { Authorization: `Bearer ${s.org.apiKey}` },
    }).then((r) => r.json());
    assert.equal(resource.logs.length, 4);
    const client = await s.app.deps.temporal();
    const history = await client.workflow.getHandle(`run-${runId}`).fetchHistory();
    const everything = JSON.stringify([state, seen, evidence.body, resource, history, logLines.join('')]);
    assert.ok(!everything.includes(SECRET), 'the secret is in no response, history or log line');
    assert.ok(
      !everything.includes(Buffer.from(SECRET).toString('base64')),
      'nor base64-encoded (Temporal payloads are)',
    );
  });

  it('records a demonstrated failure as failed with an application diagnosis', async () => {
    const testCaseId = await createCase('Wrong greeting', signIn('Goodbye'));
    const [runId] = (await trigger({ testCaseId })).body.runIds;
    const { state } = await followRun(s.app, s.org.apiKey, runId);
    assert.equal(state.status, 'failed');
    assert.equal(state.verdict, 'failed');
    assert.equal(state.next, 'evidence');
    const evidence = await call(s.app, s.org.apiKey, 'run.evidence', { runId, step: 3 });
    assert.equal(evidence.body.steps.length, 1);
    assert.equal(evidence.body.steps[0].status, 'failed');
    assert.equal(evidence.body.steps[0].diagnosis.category, 'application');
    assert.ok(!/at \w+ \(|locator|playwright/i.test(JSON.stringify(evidence.body)), 'no raw runner errors');
  });

  it('fails closed before any request when a runtime value is missing', async () => {
    const before = s.site.requests.length;
    const testCaseId = await createCase('Missing value', signIn('Welcome', 'NO_SUCH_VALUE'));
    const [runId] = (await trigger({ testCaseId })).body.runIds;
    const { state } = await followRun(s.app, s.org.apiKey, runId);
    assert.equal(state.status, 'failed');
    assert.equal(state.diagnosis.category, 'environment');
    assert.match(state.diagnosis.suggestedAction, /NO_SUCH_VALUE/);
    assert.equal(s.site.requests.length, before, 'the site received no request');
    assert.equal(state.attempt, 0, 'the runner refused it before starting an attempt');
    assert.deepEqual(state.progress, { total: 4, completed: 4, passed: 0, failed: 0, skipped: 4 });
  });

  it('queues one Run per member of a plan under a plan group', async () => {
    const a = await createCase('Member A', [{ action: 'navigate', target: '/', expect: { text: 'Home' } }]);
    const b = await createCase('Member B', [
      { action: 'navigate', target: '/login', expect: { titleIncludes: 'Sign in' } },
    ]);
    const plan = await call(s.app, s.org.apiKey, 'test_plan.create', {
      idempotencyKey: key(),
      name: 'Group',
      testCaseIds: [a, b],
    });
    const triggered = await trigger({ testPlanId: plan.body.id });
    assert.equal(triggered.body.runIds.length, 2);
    assert.match(triggered.body.planGroupRunId, /^pgr_/);
    for (const runId of triggered.body.runIds)
      assert.equal((await followRun(s.app, s.org.apiKey, runId)).state.status, 'passing');
    const client = await s.app.deps.temporal();
    const group = await client.workflow.getHandle(`plan-group-${triggered.body.planGroupRunId}`).result();
    assert.deepEqual(Object.values(group), ['passing', 'passing']);
  });

  it('replays a trigger by key without a second Run or workflow', async () => {
    const testCaseId = await createCase('Replay', [{ action: 'navigate', target: '/' }]);
    const body = { idempotencyKey: key(), environmentSlug: 'local', testCaseId };
    const first = await call(s.app, s.org.apiKey, 'run.trigger', body);
    const again = await call(s.app, s.org.apiKey, 'run.trigger', body);
    assert.deepEqual(again.body, first.body);
    await followRun(s.app, s.org.apiKey, first.body.runIds[0]);
    const listed = await call(s.app, s.org.apiKey, 'run.list', { testCaseId });
    assert.equal(listed.body.items.length, 1);
  });

  it('serves media by signed link: 302, then 403 when edited or expired, 404 when missing', async () => {
    const testCaseId = await createCase('Media', [{ action: 'navigate', target: '/' }]);
    const [runId] = (await trigger({ testCaseId })).body.runIds;
    await followRun(s.app, s.org.apiKey, runId);
    const [media] = (await call(s.app, s.org.apiKey, 'run.evidence', { runId })).body.steps[0].media;
    assert.ok(media.expiresAt > Date.now() + 14 * 60_000 && media.expiresAt <= Date.now() + 15 * 60_000);
    const ok = await fetch(media.url, { redirect: 'manual' });
    assert.equal(ok.status, 302);
    const image = await fetch(new URL(ok.headers.get('location')!, s.app.url));
    assert.equal(image.status, 200);
    assert.deepEqual([...Buffer.from(await image.arrayBuffer()).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);

    const url = new URL(media.url);
    const edited = new URL(url);
    edited.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 1000));
    const wrongKind = new URL(url);
    wrongKind.searchParams.set('kind', 'video');
    const expired = new URL(url);
    expired.searchParams.set('exp', String(Date.now() - 1000));
    for (const bad of [edited, wrongKind, expired])
      assert.equal((await fetch(bad, { redirect: 'manual' })).status, 403);
    const missing = signedMediaUrl(s.app.url, s.app.deps.config.SIGNING_KEY, 'med_missing', 'screenshot');
    assert.equal((await fetch(missing.url, { redirect: 'manual' })).status, 404);
  });

  it('shows a Run canceled from Temporal as canceled', async () => {
    const slow = await startSite(SECRET, { slowMs: 8000 });
    try {
      await environment(s, 'slow', { targets: { web: { baseUrl: slow.url } } });
      const testCaseId = await createCase('Slow', [
        { action: 'navigate', target: '/slow' },
        { action: 'click', target: 'Next' },
      ]);
      const [runId] = (await trigger({ testCaseId, environmentSlug: 'slow' })).body.runIds;
      let state = (await call(s.app, s.org.apiKey, 'run.get', { runId })).body;
      while (state.status !== 'running')
        state = (await call(s.app, s.org.apiKey, 'run.get', { runId, cursor: state.cursor, waitMs: 5000 })).body;
      const client = await s.app.deps.temporal();
      await client.workflow.getHandle(`run-${runId}`).cancel();
      const final = await followRun(s.app, s.org.apiKey, runId);
      assert.equal(final.state.status, 'canceled');
      assert.equal(final.state.verdict, 'unverified');
      assert.equal(final.state.next, 'none');
    } finally {
      await slow.close();
    }
  });
});
