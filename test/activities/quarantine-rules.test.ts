import assert from 'node:assert/strict';
import { DEFAULT_QUARANTINE_POLICY, policyDecision, type CountedRun } from '../../core/quarantine';

/** The policy as issue 35 states it: quarantine after 3 flaky passes in the last 20 Runs, release after 20 clean passes. */
describe('quarantine policy rules', () => {
  const on = { ...DEFAULT_QUARANTINE_POLICY, enabled: true };
  const flaky: CountedRun = { passed: true, flaky: true };
  const clean: CountedRun = { passed: true, flaky: false };
  const failed: CountedRun = { passed: false, flaky: false };
  const times = (n: number, run: CountedRun) => Array.from({ length: n }, () => run);

  it('is off until the organization turns it on', () => {
    assert.equal(DEFAULT_QUARANTINE_POLICY.enabled, false);
    assert.equal(policyDecision(DEFAULT_QUARANTINE_POLICY, times(5, flaky), null), null);
  });

  it('quarantines at the third flaky pass within the last 20 Runs, not before, and not for failures', () => {
    assert.equal(policyDecision(on, [flaky, clean, flaky], null), null);
    assert.equal(policyDecision(on, [flaky, clean, flaky, flaky], null), 'quarantine');
    assert.equal(policyDecision(on, times(10, failed), null), null);
    // Flaky passes older than the window do not count.
    assert.equal(policyDecision(on, [flaky, flaky, ...times(18, clean), flaky], null), null);
  });

  it('releases what it quarantined after 20 clean passes in a row; a quarantine by hand stays', () => {
    assert.equal(policyDecision(on, times(19, clean), { source: 'policy' }), null);
    assert.equal(policyDecision(on, times(20, clean), { source: 'policy' }), 'release');
    assert.equal(policyDecision(on, [...times(19, clean), flaky], { source: 'policy' }), null);
    assert.equal(policyDecision(on, [failed, ...times(20, clean)], { source: 'policy' }), null);
    assert.equal(policyDecision(on, times(20, clean), { source: 'manual' }), null);
  });
});
