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
});
