import assert from 'node:assert/strict';
import { runVisualSettings, visualFact, visualFailure } from '../../core/visual';

/** Issue 35: `report` (the default) never changes a verdict; `fail` makes a change above the threshold a failed step. */
describe('visual comparison rules', () => {
  const fail = { mode: 'fail' as const, threshold: 0.01 };
  const report = { mode: 'report' as const, threshold: 0.01 };
  const compared = (changedRatio: number, sizeChanged = false) => ({ changedRatio, sizeChanged });

  it('defaults to report mode when the plan says nothing', () => {
    assert.equal(runVisualSettings(undefined).mode, 'report');
    assert.deepEqual(runVisualSettings({ mode: 'fail', threshold: 0.2 }), { mode: 'fail', threshold: 0.2 });
  });

  it('counts a change only above the threshold; at the threshold it is not one', () => {
    assert.equal(visualFact(compared(0.01), fail, 'run_a').changed, false);
    assert.equal(visualFact(compared(0.0100001), fail, 'run_a').changed, true);
    assert.equal(visualFact(compared(0), fail, 'run_a').changed, false);
  });

  it('counts a screenshot of another size as changed whatever the ratio', () => {
    const fact = visualFact(compared(0, true), fail, 'run_a');
    assert.equal(fact.changed, true);
    assert.match(visualFailure(fact)!, /changed size since the baseline \(Run run_a\)/);
  });

  it('fails a step only in fail mode and only when changed, with the ratio, the baseline and the threshold', () => {
    assert.equal(visualFailure(visualFact(compared(0.5), report, 'run_a')), null);
    assert.equal(visualFailure(visualFact(compared(0.005), fail, 'run_a')), null);
    assert.equal(
      visualFailure(visualFact(compared(0.0234), fail, 'run_b')),
      "The screenshot changed: 2.34 % of its pixels differ from the baseline (Run run_b), above the plan's threshold of 1.00 %.",
    );
  });
});
