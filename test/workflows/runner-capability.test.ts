import assert from 'node:assert/strict';
import { call, environment, key, newCase, useApp } from '../helpers/app';
import { followRun } from '../helpers/runs';
import { startSite, type TestSite } from '../helpers/site';
import { privateQueues, startWorkers } from '../helpers/temporal';

const PASSWORD = 'Capable-Runner-Secret-41';

/**
 * The specification: "A runner variant that cannot substitute refuses to claim Runs whose steps
 * reference Environment values." Two runner workers, one of each kind, told apart by identity.
 */
describe('runners that cannot substitute never claim Runs that use values', function () {
  this.timeout(180_000);
  const t = useApp(privateQueues());
  let site: TestSite;
  const workers: Array<{ stop(): Promise<void> }> = [];
  let usesValue: string;
  let plain: string;
  let waitingRunId: string;

  before(async () => {
    site = await startSite(PASSWORD);
    t.onClose(() => site.close());
    t.onClose(async () => {
      for (const w of workers.reverse()) await w.stop();
    });
    await environment(t, 'local', { targets: { web: { baseUrl: site.url } }, runtimeValues: { PASSWORD } });
    const create = async (name: string, steps: unknown[]) => (await newCase(t, { name, steps })).id as string;
    usesValue = await create('Sign in', [
      { action: 'navigate', target: '/login' },
      { action: 'fill', target: 'Email', valueSpec: { kind: 'literal', text: 'ada@example.test' } },
      { action: 'fill', target: 'Password', valueSpec: { kind: 'environment', variable: 'PASSWORD' } },
      { action: 'click', target: 'Sign in', expect: { text: 'Welcome' } },
    ]);
    plain = await create('Open the sign-in page', [{ action: 'navigate', target: '/login' }]);
    workers.push(await startWorkers(t.app, { runnerPlatforms: [] }));
    workers.push(
      await startWorkers(t.app, {
        orchestration: false,
        config: { RUNNER_CAN_SUBSTITUTE: false },
        identity: 'runner-without-values',
      }),
    );
  });

  const trigger = async (testCaseId: string) =>
    (await call(t.app, t.org.apiKey, 'run.trigger', { idempotencyKey: key(), testCaseId, environmentSlug: 'local' }))
      .body.runIds[0] as string;

  /** Identities of the workers that started the runner activity of a Run, from Temporal's history. */
  async function runnerIdentities(runId: string): Promise<string[]> {
    const history = await (await t.app.deps.temporal()).workflow.getHandle(`run-${runId}`).fetchHistory();
    const executeRun = new Set(
      history
        .events!.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'executeRun')
        .map((e) => String(e.eventId)),
    );
    return history
      .events!.filter(
        (e) =>
          e.activityTaskStartedEventAttributes &&
          executeRun.has(String(e.activityTaskStartedEventAttributes.scheduledEventId)),
      )
      .map((e) => e.activityTaskStartedEventAttributes!.identity ?? '');
  }

  /**
   * The Run's attempts all went to this runner. A loaded host may time an attempt out and retry it
   * (the same runner takes it again): a retry is durability, a claim by the other runner a defect.
   */
  function assertOnly(identities: string[], runner: string, runId: string) {
    assert.ok(identities.length > 0, `${runId}: no attempt started`);
    assert.deepEqual([...new Set(identities)], [runner], `${runId}: attempts by ${identities.join(', ')}`);
  }

  it('with only the incapable runner, a Run that uses a value stays queued while others run there', async () => {
    waitingRunId = await trigger(usesValue);
    const other = await trigger(plain);
    // The event to wait for: the incapable runner has taken and finished the Run it may take.
    const { state } = await followRun(t.app, t.org.apiKey, other);
    assert.equal(state.status, 'passing');
    assertOnly(await runnerIdentities(other), 'runner-without-values', other);
    const waiting = (await call(t.app, t.org.apiKey, 'run.get', { runId: waitingRunId })).body;
    assert.equal(waiting.status, 'queued', 'never claimed, never running without a runner');
    assert.deepEqual(await runnerIdentities(waitingRunId), []);
    assert.ok(!site.passwords.includes(PASSWORD), 'no value reached the site');
  });

  it('a capable runner, once connected, takes it and every other Run that uses values', async () => {
    workers.push(await startWorkers(t.app, { orchestration: false, identity: 'runner-with-values' }));
    const more = await Promise.all([trigger(usesValue), trigger(usesValue), trigger(usesValue)]);
    for (const runId of [waitingRunId, ...more]) {
      const { state, seen } = await followRun(t.app, t.org.apiKey, runId);
      assert.equal(state.status, 'passing', runId);
      assertOnly(await runnerIdentities(runId), 'runner-with-values', runId);
      assert.ok(
        seen.every((s, i) => i === 0 || s.status !== 'queued' || seen[i - 1].status === 'queued'),
        'queued only before it started',
      );
    }
    assert.ok(site.passwords.includes(PASSWORD));
  });
});
