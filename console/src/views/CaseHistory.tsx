import { route, type RouteAnswer } from '../lib/contract';
import { Link } from '../lib/router';
import { duration, Pending, Time, useLoad } from '../lib/ui';

type History = RouteAnswer<'test_cases.history'>;
type HistoryRun = History['environments'][number]['runs'][number];

const pct = (r: number) => `${Math.round(r * 100)}%`;

/** A Test Case's last Runs per Environment as a strip, its rates, duration trend and weakest step. */
export function CaseHistory({ id }: { id: string }) {
  const history = useLoad(() => route('test_cases.history', 'GET', `/api/test-cases/${id}/history?window=20`), [id]);
  if (!history.value) return <Pending loaded={history} what="the history" />;
  const { environments, mostFailingStep: weakest } = history.value;
  if (environments.length === 0) return <p>No Run of this case has ended yet: run it to see its history here.</p>;
  return (
    <>
      <p class="weakest">
        {weakest ? (
          <>
            The step that fails most: <strong>step {weakest.stepIndex + 1}</strong>, {weakest.action}{' '}
            {weakest.target && <code>{weakest.target}</code>} — failed in {weakest.failures} of {weakest.runs} Runs.
          </>
        ) : (
          'No step failed in these Runs.'
        )}
      </p>
      <div class="table-wrap">
        <table aria-label="History per Environment">
          <thead>
            <tr>
              <th scope="col">Environment</th>
              <th scope="col">Last Runs, oldest first</th>
              <th scope="col">Pass rate</th>
              <th scope="col">Flake rate</th>
              <th scope="col">Duration trend</th>
            </tr>
          </thead>
          <tbody>
            {environments.map((e) => {
              const name = e.environmentSlug ?? 'explicit targets';
              const runs = [...e.runs].reverse();
              return (
                <tr data-environment={name}>
                  <th scope="row">{name}</th>
                  <td>
                    <ol class="strip" aria-label={`Last Runs in ${name}, oldest first`}>
                      {runs.map((r) => (
                        <li>
                          <Link href={`/console/runs/${r.runId}`} class={`chip chip-${r.verdict}`}>
                            <span class="visually-hidden">
                              {r.verdict}
                              {r.flaky ? ' (flaky)' : ''}, {new Date(r.createdAt).toLocaleString()}
                            </span>
                            <span aria-hidden="true">{r.flaky ? '~' : ''}</span>
                          </Link>
                        </li>
                      ))}
                    </ol>
                  </td>
                  <td>{pct(e.passRate)}</td>
                  <td>{pct(e.flakeRate)}</td>
                  <td>
                    <Trend runs={runs} mean={e.meanDurationMs} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p class="muted">
        Each square is an ended Run (green passed, red failed, amber unverified, ~ a flaky pass); the newest ended{' '}
        <Time ms={Math.max(...environments.flatMap((e) => e.runs.map((r) => r.createdAt)))} />.
      </p>
    </>
  );
}

/** The durations of the Runs, oldest first, as a line (named for screen readers), with the mean. */
function Trend({ runs, mean }: { runs: HistoryRun[]; mean?: number }) {
  const points = runs.flatMap((r) => (r.durationMs !== undefined ? [r.durationMs] : []));
  if (!points.length || mean === undefined) return <span class="muted">–</span>;
  const max = Math.max(...points, 1);
  const ys = points.map((d) => (22 - (d / max) * 20).toFixed(1));
  // One Run draws a level line; more, one point per Run from left to right.
  const path =
    ys.length > 1
      ? ys.map((y, i) => `${((i * 100) / (ys.length - 1)).toFixed(1)},${y}`).join(' ')
      : `0,${ys[0]} 100,${ys[0]}`;
  const last = points[points.length - 1];
  return (
    <span class="trend">
      <svg
        viewBox="0 0 100 24"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Durations, oldest first: ${points.map((d) => duration(d)).join(', ')}`}
      >
        <polyline points={path} />
      </svg>
      <small>
        mean {duration(mean)}, last {duration(last)}
      </small>
    </span>
  );
}
