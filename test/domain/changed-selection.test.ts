import assert from 'node:assert/strict';
import { selectMember } from '../../domain/runs/changed';
import type { RunUnit } from '../../domain/runs/units';

/**
 * `scope: "changed"` (docs/ci.md): a member runs when one of its Test Case tags `covers:<glob>`
 * (minimatch) matches a changed file; members without a `covers:` tag always run. Other tags play
 * no part.
 */
describe('a member chosen for the changed files by its covers: tags', () => {
  const unit = (tags: string[]): RunUnit =>
    ({ testCaseId: 'tc_1', name: 'Checkout', tags, steps: [], platforms: ['web'], apiAuthProfiles: [] }) as RunUnit;

  it('runs a member whose covers: glob matches a changed file, and says which', () => {
    const s = selectMember(unit(['smoke', 'covers:src/cart/**']), ['./src/cart/total.ts']);
    assert.equal(s.selected, true);
    assert.equal(s.matchedGlob, 'src/cart/**');
  });

  it('leaves out a member none of whose covers: globs match, naming only those globs', () => {
    const s = selectMember(unit(['smoke', 'covers:src/cart/**']), ['src/auth/login.ts']);
    assert.equal(s.selected, false);
    assert.match(s.reason, /covers:src\/cart\/\*\*/);
    assert.doesNotMatch(s.reason, /smoke/, 'a tag that is not covers: is no glob');
  });

  it('always runs a member with no covers: tag, whatever its other tags', () => {
    assert.equal(selectMember(unit(['smoke']), ['src/auth/login.ts']).selected, true);
    assert.equal(selectMember(unit([]), []).selected, true);
  });
});
