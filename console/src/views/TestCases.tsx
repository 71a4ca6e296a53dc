import { useState } from 'preact/hooks';
import { call, newKey } from '../lib/api';
import { op, route } from '../lib/contract';
import { Link } from '../lib/router';
import { useCan } from '../lib/session';
import { CopyId, Pending, Time, useLoad } from '../lib/ui';
import { CaseHistory } from './CaseHistory';
import { CaseSettings } from './CaseSettings';

const rate = (r: number) => `${(r * 100).toFixed(0)}%`;

/** Test Cases: the flakiest first (from the flaky insight), then all cases by name search. */
export function TestCases() {
  const flaky = useLoad(() => route('insights.flaky', 'GET', '/api/insights/flaky?limit=20'), []);
  const cases = useLoad(() => op('test_case.list', { limit: 100 }), []);
  return (
    <>
      <h1>Test Cases</h1>
      <h2>Flakiest cases</h2>
      {!flaky.value ? (
        <Pending loaded={flaky} what="flaky cases" />
      ) : flaky.value.items.length === 0 ? (
        <p>No flaky passes in the recent Runs.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Test Case</th>
                <th scope="col">Environment</th>
                <th scope="col">Flake rate</th>
                <th scope="col">Flaky passes</th>
                <th scope="col">Quarantined</th>
              </tr>
            </thead>
            <tbody>
              {flaky.value.items.map((f) => (
                <tr>
                  <td>
                    <Link href={`/console/test-cases/${f.testCaseId}`}>{f.name}</Link>
                  </td>
                  <td>{f.environmentSlug ?? '–'}</td>
                  <td>{rate(f.flakeRate)}</td>
                  <td>
                    {f.flakyPasses} of {f.runs}
                  </td>
                  <td>{f.quarantined ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>All cases</h2>
      {!cases.value ? (
        <Pending loaded={cases} what="Test Cases" />
      ) : (
        <ul>
          {cases.value.items.map((c) => (
            <li>
              <Link href={`/console/test-cases/${c.id}`}>{c.name}</Link>{' '}
              <small class="muted">{c.platforms.join(', ')}</small>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One Test Case: its steps, its accessibility check, its health per Environment, quarantine and release with a reason. */
export function TestCase({ id }: { id: string }) {
  const detail = useLoad(() => op('test_case.get', { testCaseId: id }), [id]);
  const health = useLoad(() => route('test_cases.health', 'GET', `/api/test-cases/${id}/health`), [id]);
  const can = useCan();
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  if (!detail.value) return <Pending loaded={detail} what="the Test Case" />;
  const q = health.value?.quarantine;
  const change = async (e: Event) => {
    e.preventDefault();
    try {
      await call(q?.quarantined ? 'DELETE' : 'POST', `/api/test-cases/${id}/quarantine`, {
        body: q?.quarantined ? undefined : { reason },
        key: newKey(),
      });
      setOutcome({ ok: true, text: q?.quarantined ? 'Released from quarantine.' : 'Quarantined.' });
      setReason('');
      health.reload();
    } catch (err) {
      setOutcome({ ok: false, text: (err as Error).message });
    }
  };
  return (
    <>
      <h1>{detail.value.name}</h1>
      <CopyId id={id} what="Test Case" />
      <h2>Steps</h2>
      <p>
        <Link href={`/console/author/${id}`}>Edit the steps, try them, see their versions</Link>
      </p>
      <ol>
        {detail.value.steps.map((s) => (
          <li>
            {s.action} {s.target && <code>{s.target}</code>}
          </li>
        ))}
      </ol>
      <CaseSettings testCase={detail.value} onSaved={detail.reload} />
      <h2>History</h2>
      <CaseHistory id={id} />
      <h2>Health per Environment</h2>
      {!health.value ? (
        <Pending loaded={health} what="health" />
      ) : (
        // Focusable: a narrow screen scrolls this frame, and it holds nothing else a keyboard can reach.
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Health per Environment">
          <table>
            <thead>
              <tr>
                <th scope="col">Environment</th>
                <th scope="col">Passes</th>
                <th scope="col">Failures</th>
                <th scope="col">Flaky passes</th>
                <th scope="col">Flake rate</th>
                <th scope="col">Last pass</th>
              </tr>
            </thead>
            <tbody>
              {health.value.environments.map((h) => (
                <tr>
                  <td>{h.environmentSlug ?? 'explicit targets'}</td>
                  <td>{h.passes}</td>
                  <td>{h.failures}</td>
                  <td>{h.flakyPasses}</td>
                  <td>{rate(h.flakeRate)}</td>
                  <td>
                    <Time ms={h.lastPassAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Quarantine</h2>
      {q && (
        <p>
          {q.quarantined ? (
            <>
              In quarantine since <Time ms={q.since} /> by {q.byName ?? q.by}: {q.reason}
            </>
          ) : (
            'Not in quarantine.'
          )}
        </p>
      )}
      {q && (
        <form onSubmit={change} class="inline-form">
          {!q.quarantined && (
            <label>
              Reason
              <input required value={reason} onInput={(e) => setReason(e.currentTarget.value)} maxLength={500} />
            </label>
          )}
          <button type="submit" disabled={!can('svc:test_cases:write')}>
            {q.quarantined ? 'Release' : 'Quarantine'}
          </button>
          {!can('svc:test_cases:write') && <small class="muted"> needs svc:test_cases:write</small>}
          <span role="status" class={outcome?.ok === false ? 'error' : 'muted'}>
            {outcome?.text ?? ''}
          </span>
        </form>
      )}
    </>
  );
}
