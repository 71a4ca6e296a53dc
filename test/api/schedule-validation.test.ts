import assert from 'node:assert/strict';
import { call, key, newCase, useApp } from '../helpers/app';
import { rest } from '../helpers/rest';

/**
 * docs/schedules.md: "A bad timing is answered 400 with what is wrong: … a jitter not shorter
 * than the interval"; a time zone is read with a cron (an `every` has none).
 */
describe('schedule timing checks', () => {
  const t = useApp();
  let testPlanId: string;

  before(async () => {
    const testCase = await newCase(t);
    testPlanId = (
      await call(t.app, t.org.apiKey, 'test_plan.create', {
        idempotencyKey: key(),
        name: 'Scheduled',
        testCaseIds: [testCase.id],
      })
    ).body.id;
  });

  const refused = async (fields: Record<string, unknown>, pattern: RegExp) => {
    const reply = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', {
      name: 'Bad timing',
      testPlanId,
      targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
      ...fields,
    });
    assert.equal(reply.status, 400, JSON.stringify(reply.body));
    assert.match(reply.body.error, pattern);
  };

  it('refuses a jitter as long as the interval, not only a longer one', async () => {
    await refused({ every: '1h', jitter: '1h' }, /jitter: "1h" must be shorter than the time between fires \(3600 s\)/);
  });

  it('refuses a time zone with an every interval', async () => {
    await refused({ every: '1h', timezone: 'Europe/Berlin' }, /timezone applies to cron only/);
  });

  it('refuses an interval shorter than SCHEDULE_MIN_INTERVAL_SECONDS (default 60 s); one exactly as long is taken', async () => {
    await refused({ every: '59s' }, /the shortest interval allowed is 60 s/);
    for (const timing of [{ every: '60s' }, { cron: '* * * * *' }]) {
      const reply = await rest(t.app, t.org.apiKey, 'POST', '/api/schedules', {
        name: 'Every minute',
        testPlanId,
        targets: { web: { baseUrl: 'http://127.0.0.1:9' } },
        paused: true, // never fires during the suite
        ...timing,
      });
      assert.equal(reply.status, 201, JSON.stringify(reply.body));
    }
  });

  it('refuses both and neither of cron and every, and a cron expression that is not one, saying what is wrong', async () => {
    await refused({ every: '1h', cron: '0 * * * *' }, /exactly one of cron and every/);
    await refused({}, /exactly one of cron and every/);
    await refused({ cron: '61 * * * *' }, /cron: "61 \* \* \* \*" is not a valid expression/);
    await refused({ cron: '* * *' }, /has 3 field\(s\); give five/);
  });

  it('refuses a schedule with nothing to run against; an unknown Environment is 404', async () => {
    const post = (fields: Record<string, unknown>) =>
      rest(t.app, t.org.apiKey, 'POST', '/api/schedules', { name: 'Nowhere', testPlanId, every: '1h', ...fields });
    const bare = await post({});
    assert.equal(bare.status, 400, JSON.stringify(bare.body));
    assert.match(bare.body.error, /give environmentSlug or targets/);
    assert.equal((await post({ environmentSlug: 'nowhere' })).status, 404);
  });
});
