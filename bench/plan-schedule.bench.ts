import { listSchedule, makespan, makespanLowerBound, orderMembers, type MemberFacts } from '../domain/plans/schedule';

/**
 * `npm run bench -- plan-schedule`: a plan group of 60 cases with skewed durations (a few long,
 * many short, the long ones listed last) on 4 slots, ordered by the group's own ordering rule
 * (domain/plans/schedule.ts) from a noisy history, against the lower bound of any schedule
 * (max(longest case, total work / slots)) and against the listed order. A simulation of the
 * schedule over seeded durations: it measures the ordering rule, not the stack (a plan group's
 * members start on the runners as any Run; see the runner bench for a Run's own cost).
 * Also: when the first failure is known, with a case that failed last time listed late.
 */

const SLOTS = 4;
const CASES = 60;
const LONG = 4;
const TRIALS = 200;

/** A small seeded generator (mulberry32), so every run of the bench sees the same groups. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Trial {
  lpt: number;
  listed: number;
  bound: number;
  firstFailureListed: number;
  firstFailureFirst: number;
}

/** One group: true durations, a history of five noisy past Runs each, one failing case listed late. */
function trial(seed: number): Trial {
  const random = seeded(seed);
  const durations = Array.from({ length: CASES }, (_, i) =>
    i >= CASES - LONG ? 150_000 + random() * 90_000 : 2_000 + random() * 8_000,
  );
  // History is not the future: each past Run took ±25 % of what this one will take.
  const history = durations.map((d) => Array.from({ length: 5 }, () => Math.round(d * (0.75 + random() * 0.5))));
  const failing = CASES - LONG - 1 - Math.floor(random() * 10);
  const facts = (failedFirst: boolean): MemberFacts[] =>
    durations.map((_, i) => ({
      runId: String(i),
      position: i,
      stepCount: 5,
      durationsMs: history[i],
      failedLast: failedFirst && i === failing,
    }));
  const inOrder = (order: number[]) => order.map((i) => durations[i]);
  const listedOrder = durations.map((_, i) => i);
  const lptOrder = orderMembers(facts(false)).map((m) => Number(m.runId));
  const failedFirstOrder = orderMembers(facts(true)).map((m) => Number(m.runId));
  const endOf = (order: number[], i: number) => listSchedule(inOrder(order), SLOTS)[order.indexOf(i)];
  return {
    lpt: makespan(inOrder(lptOrder), SLOTS),
    listed: makespan(inOrder(listedOrder), SLOTS),
    bound: makespanLowerBound(durations, SLOTS),
    firstFailureListed: endOf(listedOrder, failing),
    firstFailureFirst: endOf(failedFirstOrder, failing),
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))];

export async function planScheduleBench(): Promise<void> {
  const trials = Array.from({ length: TRIALS }, (_, i) => trial(i + 1));
  const ratio = (pick: (t: Trial) => number) => trials.map((t) => pick(t) / t.bound);
  const lpt = ratio((t) => t.lpt);
  const listed = ratio((t) => t.listed);
  const one = trials[0];
  console.log(`[bench] plan group schedule: ${CASES} cases (${LONG} long, listed last) on ${SLOTS} slots`);
  console.log(
    `[bench]   group 1: bound ${s(one.bound)}, history order ${s(one.lpt)} (${(one.lpt / one.bound).toFixed(3)}×), ` +
      `listed order ${s(one.listed)} (${(one.listed / one.bound).toFixed(3)}×)`,
  );
  console.log(
    `[bench]   ${TRIALS} groups, makespan / bound: history order median ${quantile(lpt, 0.5).toFixed(3)}×, ` +
      `worst ${Math.max(...lpt).toFixed(3)}×; listed order median ${quantile(listed, 0.5).toFixed(3)}×, ` +
      `worst ${Math.max(...listed).toFixed(3)}×`,
  );
  const firstListed = trials.map((t) => t.firstFailureListed);
  const firstFirst = trials.map((t) => t.firstFailureFirst);
  console.log(
    `[bench]   first failure known (a case that failed last time, listed late): failed-first on median ` +
      `${s(quantile(firstFirst, 0.5))}, off (listed order) median ${s(quantile(firstListed, 0.5))}`,
  );
}
