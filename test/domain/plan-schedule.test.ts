import assert from 'node:assert/strict';
import { expectedEnd, listSchedule, makespan, makespanLowerBound, orderMembers } from '../../domain/plans/schedule';

/**
 * The ordering rule of issue 80 as data: failed last time first, then longest first by the median
 * of the recent durations, cases without history by their step count; and the expected end of a
 * running group. The real-stack behaviour is in test/workflows/plan-scheduling.test.ts.
 */
describe('the order of a plan group and its expected end', () => {
  const fact = (runId: string, position: number, durationsMs: number[], extra: object = {}) => ({
    runId,
    position,
    stepCount: 1,
    durationsMs,
    failedLast: false,
    ...extra,
  });

  it('puts the longest by median first, a long case listed last included; ties keep the listed order', () => {
    const order = orderMembers([
      fact('a', 0, [1_000, 1_000, 90_000]), // median 1 s: one slow outlier does not make it long
      fact('b', 1, [5_000]),
      fact('c', 2, [5_000]),
      fact('long', 3, [60_000, 50_000, 70_000]),
    ]);
    assert.deepEqual(
      order.map((m) => m.runId),
      ['long', 'b', 'c', 'a'],
    );
    assert.deepEqual(
      order.map((m) => m.order),
      [1, 2, 3, 4],
    );
    assert.equal(order[0].estimateMs, 60_000);
    assert.equal(order[0].basis, 'history');
  });

  it('starts a case that failed last time before any longer one', () => {
    const order = orderMembers([fact('long', 0, [60_000]), fact('failed', 1, [1_000], { failedLast: true })]);
    assert.deepEqual(
      order.map((m) => m.runId),
      ['failed', 'long'],
    );
    assert.match(order[0].reason, /failed last time/);
  });

  it('places a case without history by its step count at the time a step takes in the group', () => {
    // Two cases with history take 2 s a step; the new one has 10 steps: about 20 s.
    const order = orderMembers([
      fact('short', 0, [4_000], { stepCount: 2 }),
      fact('mid', 1, [12_000], { stepCount: 6 }),
      fact('new', 2, [], { stepCount: 10 }),
    ]);
    assert.deepEqual(
      order.map((m) => m.runId),
      ['new', 'mid', 'short'],
    );
    assert.equal(order[0].basis, 'step_count');
    assert.equal(order[0].estimateMs, 20_000);
  });

  it('learns the time a step takes only from cases with history and steps', () => {
    // A case with history but no steps says nothing of a step's time (its rate would be infinite).
    const order = orderMembers([
      fact('short', 0, [4_000], { stepCount: 2 }),
      fact('stepless', 1, [9_000], { stepCount: 0 }),
      fact('new', 2, [], { stepCount: 3 }),
    ]);
    assert.equal(order.find((m) => m.runId === 'new')?.estimateMs, 6_000);
  });

  it('schedules each job on the first free slot; the lower bound is the longest job or the work spread', () => {
    assert.deepEqual(listSchedule([5, 3, 2, 2], 2), [5, 3, 5, 7]);
    assert.equal(makespan([5, 3, 2, 2], 2), 7);
    assert.equal(makespanLowerBound([5, 3, 2, 2], 2), 6);
    assert.equal(makespanLowerBound([9, 1], 2), 9);
  });

  it('expects a running group to end when its running and waiting members are done, never before now', () => {
    const now = 100_000;
    const end = expectedEnd(
      [
        { estimateMs: 30_000, startedAt: 90_000, finishedAt: null, ended: false }, // ends 120 000
        { estimateMs: 5_000, startedAt: 50_000, finishedAt: null, ended: false }, // overdue: not before now
        { estimateMs: 10_000, startedAt: null, finishedAt: null, ended: false }, // next free slot: now + 10 s
        { estimateMs: 1_000, startedAt: 10_000, finishedAt: 11_000, ended: true },
      ],
      2,
      now,
    );
    assert.equal(end, 120_000);
    const later = expectedEnd([{ estimateMs: 50_000, startedAt: null, finishedAt: null, ended: false }], 1, now);
    assert.equal(later, 150_000);
  });

  it('lets a waiting member start only when a running one frees its slot, never in an ended one', () => {
    const now = 100_000;
    const end = expectedEnd(
      [
        { estimateMs: 1_000, startedAt: 10_000, finishedAt: 11_000, ended: true }, // its slot is the running one's now
        { estimateMs: 30_000, startedAt: 90_000, finishedAt: null, ended: false }, // frees the one slot at 120 000
        { estimateMs: 10_000, startedAt: null, finishedAt: null, ended: false }, // then runs: 130 000
      ],
      1,
      now,
    );
    assert.equal(end, 130_000);
  });
});
