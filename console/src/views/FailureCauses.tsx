import { route } from '../lib/contract';
import { Link } from '../lib/router';
import { forPeople, Pending, Status, Time, useLoad, Table } from '../lib/ui';

/** Insights: why Runs failed, grouped by cause (the same failing step and diagnosis), with the Runs behind each. */
export function FailureCauses({ days }: { days: number }) {
  const causes = useLoad(
    () => route('insights.failure_causes', 'GET', `/api/insights/failure-causes?days=${days}&limit=20`),
    [days],
  );
  if (!causes.value) return <Pending loaded={causes} what="failure causes" />;
  if (causes.value.causes.length === 0) return <p>No Run failed in the last {causes.value.days} days.</p>;
  return (
    <Table
      label="Failures grouped by cause"
      headers={['Cause', 'Diagnosis', 'Runs', 'First seen', 'Last seen', 'Runs behind it, newest first']}
    >
      {causes.value.causes.map((c) => (
        <tr data-cause={`${c.testCaseId ?? c.testPlanId ?? ''}:${c.stepIndex ?? 'run'}`}>
          <th scope="row">
            {c.testCaseId ? <Link href={`/console/test-cases/${c.testCaseId}`}>{c.name}</Link> : c.name}
            <br />
            <small>
              {c.stepIndex !== undefined ? (
                <>
                  step {c.stepIndex + 1}, {c.action} {c.target && <code>{c.target}</code>}
                </>
              ) : (
                'before any step'
              )}
            </small>
          </th>
          <td>
            {c.diagnosis ? (
              <>
                <strong>{c.diagnosis.category}</strong> — {forPeople(c.diagnosis.suggestedAction)}
              </>
            ) : (
              '–'
            )}
          </td>
          <td class="cause-count">{c.runs}</td>
          <td>
            <Time ms={c.firstSeenAt} />
          </td>
          <td>
            <Time ms={c.lastSeenAt} />
          </td>
          <td>
            <ul class="cause-runs">
              {c.recentRuns.map((r) => (
                <li>
                  <Link href={`/console/runs/${r.runId}`}>
                    <Status value={r.status} /> <Time ms={r.endedAt} />
                  </Link>
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </Table>
  );
}
