import assert from 'node:assert/strict';
import { outcomeOf } from '../../activities/engines/shared/result';

/** The verdict rule of docs/runner.md ("How the runner decides"), step results in, outcome out. */
describe('outcomeOf: the verdict of a Run from its steps', () => {
  const passed = { status: 'passed' as const };
  const failed = (category: string) => ({ status: 'failed' as const, diagnosis: { category, suggestedAction: '' } });

  it('passed only when every step was proven, and there was a step to prove', () => {
    assert.equal(outcomeOf([passed, passed]), 'passed');
    assert.equal(outcomeOf([]), 'unverified', 'no step result proves nothing');
  });

  it('failed when a step showed the application misbehaving; unverified when a step could not be carried out', () => {
    assert.equal(outcomeOf([passed, failed('application')] as never), 'failed');
    for (const category of ['test_definition', 'environment', 'timeout', 'infrastructure', 'canceled'])
      assert.equal(outcomeOf([passed, failed(category)] as never), 'unverified', category);
    assert.equal(outcomeOf([passed, { status: 'skipped' as const }] as never), 'unverified');
  });
});
