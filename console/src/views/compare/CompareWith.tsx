import { useState } from 'preact/hooks';
import { op } from '../../lib/contract';
import { Link, navigate } from '../../lib/router';
import { useLoad } from '../../lib/ui';
import { compareHref, runLabel, type RunRow } from './runs';

/** No Test Case, no candidates: an empty page without asking. */
const NONE: { items: RunRow[] } = { items: [] };

/**
 * On a Run's page: compare it with the last passing Run of its Test Case, or with any other Run
 * (a recent one of the same case, or one named by its id).
 */
export function CompareWith({ runId, testCaseId }: { runId: string; testCaseId?: string }) {
  const passing = useLoad(
    () => (testCaseId ? op('run.list', { testCaseId, status: 'passing', limit: 2 }) : Promise.resolve(NONE)),
    [runId, testCaseId],
  );
  const recent = useLoad(
    () => (testCaseId ? op('run.list', { testCaseId, limit: 20 }) : Promise.resolve(NONE)),
    [runId, testCaseId],
  );
  const [other, setOther] = useState('');
  const lastPass = passing.value?.items.find((r) => r.runId !== runId);
  const others = recent.value?.items.filter((r) => r.runId !== runId) ?? [];
  const compare = (e: Event) => {
    e.preventDefault();
    if (other.trim()) navigate(compareHref(other.trim(), runId));
  };
  return (
    <section aria-label="Compare" class="compare-with">
      {testCaseId && passing.value && (
        <p>
          {lastPass ? (
            <Link href={compareHref(lastPass.runId, runId)}>Compare with the last passing Run of this case</Link>
          ) : (
            <span class="muted">No other passing Run of this case to compare with.</span>
          )}
        </p>
      )}
      <form class="inline-form" onSubmit={compare}>
        <label>
          Compare with another Run
          <input
            list={others.length ? 'compare-candidates' : undefined}
            value={other}
            onInput={(e) => setOther(e.currentTarget.value)}
            placeholder="a Run id"
            maxLength={64}
          />
        </label>
        {others.length > 0 && (
          <datalist id="compare-candidates">
            {others.map((r) => (
              <option value={r.runId}>{runLabel(r)}</option>
            ))}
          </datalist>
        )}
        <button type="submit">Compare</button>
      </form>
    </section>
  );
}
