import assert from 'node:assert/strict';
import {
  cronProblem,
  durationSeconds,
  extraCatchUp,
  scheduleState,
  shortestCronGapSeconds,
  stateChange,
} from '../../core/schedules';
import { groupVerdict } from '../../activities/schedules';

/** The rules docs/schedules.md states, one by one. */
describe('schedule rules: state, alerts, catch-up and timing', () => {
  it('state: the latest group decides, verdicts flipping twice within the last five are flaky', () => {
    assert.equal(scheduleState([]), null);
    assert.equal(scheduleState(['passed']), 'passing');
    assert.equal(scheduleState(['failed']), 'failing');
    assert.equal(scheduleState(['failed', 'failed', 'passed']), 'failing');
    assert.equal(scheduleState(['passed', 'failed', 'failed']), 'passing');
    assert.equal(scheduleState(['failed', 'passed', 'failed']), 'flaky');
    assert.equal(scheduleState(['passed', 'failed', 'passed']), 'flaky');
    // Flips older than the window no longer count.
    assert.equal(scheduleState(['failed', 'failed', 'failed', 'failed', 'failed', 'passed', 'failed']), 'failing');
    // A group that passed only on a retry is flaky too.
    assert.equal(scheduleState(['passed'], true), 'flaky');
  });

  it('alerts: every change is announced except a first passing; a return to passing is a recovery', () => {
    assert.deepEqual(stateChange(null, 'passing'), { announce: false, recovered: false });
    assert.deepEqual(stateChange(null, 'failing'), { announce: true, recovered: false });
    assert.deepEqual(stateChange('failing', 'failing'), { announce: false, recovered: false });
    assert.deepEqual(stateChange('failing', 'passing'), { announce: true, recovered: true });
    assert.deepEqual(stateChange('flaky', 'passing'), { announce: true, recovered: true });
    assert.deepEqual(stateChange('passing', 'flaky'), { announce: true, recovered: false });
  });

  it('a group passes when every Run that was not canceled passed; a wholly canceled one says nothing', () => {
    assert.equal(groupVerdict([{ status: 'passing' }, { status: 'canceled' }]), 'passed');
    assert.equal(groupVerdict([{ status: 'passing' }, { status: 'unverified' }]), 'failed');
    assert.equal(groupVerdict([{ status: 'invalid' }]), 'failed');
    assert.equal(groupVerdict([{ status: 'canceled' }]), null);
  });

  it('catch-up: at most one missed fire of an outage runs', () => {
    const minute = 60_000;
    const lateAfter = minute;
    // Down from 10:00 to 10:30, every 5 minutes: the 10:05 fire started at 10:30 is the catch-up…
    const first = { dueAt: 5 * minute, startedAt: 30 * minute };
    assert.equal(extraCatchUp(first, { dueAt: 0, startedAt: 0 }, lateAfter), false);
    // …and the 10:10 one, buffered behind it, is a second catch-up of the same outage.
    assert.equal(extraCatchUp({ dueAt: 10 * minute, startedAt: 31 * minute }, first, lateAfter), true);
    // A fire on time after the catch-up runs.
    assert.equal(extraCatchUp({ dueAt: 35 * minute, startedAt: 35 * minute }, first, lateAfter), false);
    // A fire buffered behind a long group (not an outage) runs late, once.
    const onTime = { dueAt: 0, startedAt: 0 };
    assert.equal(extraCatchUp({ dueAt: 5 * minute, startedAt: 12 * minute }, onTime, lateAfter), false);
    // A fire that starts within the allowance is not a missed fire, even right behind a late one.
    const lateOne = { dueAt: 5 * minute, startedAt: 10 * minute + 10_000 };
    assert.equal(extraCatchUp({ dueAt: 10 * minute, startedAt: 10 * minute + 20_000 }, lateOne, lateAfter), false);
    // A schedule's first fire has none before it: however late, it is the one catch-up that runs.
    assert.equal(extraCatchUp({ dueAt: 0, startedAt: 30 * minute }, null, lateAfter), false);
  });

  it('timing: durations, five-field cron expressions and their closest fires', () => {
    assert.equal(durationSeconds('30s'), 30);
    assert.equal(durationSeconds('5m'), 300);
    assert.equal(durationSeconds('1d'), 86_400);
    assert.equal(durationSeconds('5 minutes'), null);
    assert.equal(durationSeconds('0m'), null);
    assert.equal(cronProblem('0 2 * * *'), null);
    assert.equal(cronProblem('*/5 9-17 * * MON-FRI', 'Europe/Berlin'), null);
    assert.match(cronProblem('0 2 * *')!, /has 4 field\(s\); give five/);
    assert.match(cronProblem('0 25 * * *')!, /not a valid expression/);
    assert.equal(shortestCronGapSeconds('*/5 * * * *'), 300);
    assert.equal(shortestCronGapSeconds('0 2 * * *'), 86_400);
    assert.equal(shortestCronGapSeconds('0,1 * * * *'), 60);
  });
});
