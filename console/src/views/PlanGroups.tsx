import { useEffect } from 'preact/hooks';
import { newKey, query } from '../lib/api';
import { op, route, type RouteAnswer } from '../lib/contract';
import { Link, navigate } from '../lib/router';
import { Action, CopyId, duration, Pending, Status, Time, useLoad } from '../lib/ui';

type Group = RouteAnswer<'plan_groups.get'>;
type Summary = Group['summary'];

const FOLLOW_MS = 2_000;

function Counts({ summary }: { summary: Summary }) {
  return (
    <span>
      {summary.total} members: {summary.passed} passed, {summary.failed} failed, {summary.inconclusive} inconclusive,{' '}
      {summary.running} running
      {summary.flaky > 0 && <>, {summary.flaky} flaky</>}
      {summary.notSelected > 0 && <>, {summary.notSelected} not selected</>}
      {summary.quarantined ? <>, {summary.quarantined} quarantined</> : null}
    </span>
  );
}

/** Plan groups: the plans, then a plan's newest groups with their counts. */
export function PlanGroups({ url }: { url: URL }) {
  const testPlanId = url.searchParams.get('testPlanId') ?? '';
  const plans = useLoad(() => op('test_plan.list', { limit: 100 }), []);
  const groups = useLoad(
    () =>
      testPlanId
        ? route('plan_groups.list', 'GET', `/api/plan-groups${query({ testPlanId, limit: 20 })}`)
        : Promise.resolve(null),
    [testPlanId],
  );
  return (
    <>
      <h1>Plan groups</h1>
      {!plans.value ? (
        <Pending loaded={plans} what="Test Plans" />
      ) : (
        <form
          class="filters"
          aria-label="Choose a Test Plan"
          onSubmit={(e) => {
            e.preventDefault();
            const chosen = new FormData(e.currentTarget as HTMLFormElement).get('testPlanId');
            navigate(`/console/plan-groups${query({ testPlanId: String(chosen ?? '') })}`);
          }}
        >
          <label>
            Test Plan
            <select name="testPlanId" value={testPlanId}>
              <option value="">choose a plan</option>
              {plans.value.items.map((p) => (
                <option value={p.id}>{p.name}</option>
              ))}
            </select>
          </label>
          <button type="submit">Show groups</button>
        </form>
      )}
      {testPlanId &&
        (groups.value === undefined ? (
          <Pending loaded={groups} what="plan groups" />
        ) : groups.value?.length === 0 ? (
          <p>This plan has not run yet.</p>
        ) : (
          <ul class="cards">
            {groups.value?.map((g) => (
              <li key={g.planGroupRunId} data-plan-group-id={g.planGroupRunId}>
                <h2>
                  <Link href={`/console/plan-groups/${g.planGroupRunId}`}>
                    {g.planName}, {new Date(g.createdAt).toLocaleString()}
                  </Link>
                </h2>
                <p>
                  <Time ms={g.createdAt} /> · {g.environmentSlug ?? 'explicit targets'} ·{' '}
                  {g.finished ? 'finished' : 'running'} · <Counts summary={g.summary} />
                  {g.rerunOf && (
                    <>
                      {' '}
                      · re-runs <Link href={`/console/plan-groups/${g.rerunOf}`}>an earlier group</Link>
                    </>
                  )}
                </p>
                <p>
                  <CopyId id={g.planGroupRunId} what="plan group" />
                </p>
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}

/** One plan group: its members with their Runs, its counts, and a rerun of the members that did not pass. */
export function PlanGroup({ id }: { id: string }) {
  const group = useLoad(() => route('plan_groups.get', 'GET', `/api/plan-groups/${id}`), [id]);
  const g = group.value;
  // A running group is read again every FOLLOW_MS until every member ended: one request per console.
  useEffect(() => {
    if (!g || g.finished) return;
    const timer = setTimeout(group.reload, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [g]);
  if (!g) return <Pending loaded={group} what={`plan group ${id}`} />;
  const notPassing = g.summary.failed + g.summary.inconclusive;
  return (
    <>
      <h1>Plan group {g.planName}</h1>
      <p>
        <CopyId id={g.planGroupRunId} what="plan group" /> · {g.environmentSlug ?? 'explicit targets'}
        {g.commitSha && (
          <>
            {' '}
            · commit <code>{g.commitSha.slice(0, 8)}</code>
          </>
        )}{' '}
        · {g.finished ? 'finished' : 'running'}
        {g.rerunOf && (
          <>
            {' '}
            · re-runs <Link href={`/console/plan-groups/${g.rerunOf}`}>an earlier group</Link>
          </>
        )}
      </p>
      <p data-testid="counts">
        <Counts summary={g.summary} />
        {!g.finished && g.scheduling?.expectedEndAt && (
          <>
            {' '}
            · expected to end <Time ms={g.scheduling.expectedEndAt} /> (from its members' history)
          </>
        )}
      </p>
      {g.scheduling?.stopped && (
        <p class="card" data-testid="stopped">
          Stopped early ({g.scheduling.stopped.cause === 'fail_fast' ? 'fail fast' : 'superseded'}):{' '}
          {g.scheduling.stopped.reason}
          {g.scheduling.stopped.supersededBy && (
            <>
              {' '}
              <Link href={`/console/plan-groups/${g.scheduling.stopped.supersededBy}`}>Open the newer group</Link>
            </>
          )}
        </p>
      )}
      <div class="actions">
        {g.finished && <Link href={`/console/plan-groups/${g.planGroupRunId}/review`}>Review visual changes</Link>}
        {g.finished && notPassing > 0 ? (
          <Action
            scope="svc:runs:write"
            label={`Rerun the ${notPassing} that did not pass`}
            result="Queued"
            run={async () => {
              const rerun = await route('run.rerun', 'POST', '/api/runs/rerun', {
                key: newKey(),
                body: { planGroupRunId: g.planGroupRunId, only: 'not_passing' },
              });
              navigate(`/console/plan-groups/${rerun.planGroupRunId}`);
            }}
          />
        ) : (
          <button type="button" onClick={group.reload}>
            Read again
          </button>
        )}
      </div>
      <div class="table-wrap">
        <table>
          <caption>Members</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Started</th>
              <th scope="col">Status</th>
              <th scope="col">Run</th>
              <th scope="col">Duration</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {g.members.map((m) => (
              <tr key={`${m.name}-${m.runId}`} data-run-id={m.runId}>
                <td>
                  {m.testCaseId ? <Link href={`/console/test-cases/${m.testCaseId}`}>{m.name}</Link> : m.name}
                  {m.quarantined && <small class="muted"> (quarantined)</small>}
                </td>
                <td>
                  {m.scheduling ? (
                    <>
                      #{m.scheduling.order} <small class="muted">{m.scheduling.reason}</small>
                    </>
                  ) : (
                    '–'
                  )}
                </td>
                <td>
                  <Status value={m.status} /> {m.flaky && <small>flaky</small>}
                </td>
                <td>
                  {m.runId ? (
                    <>
                      <Link href={`/console/runs/${m.runId}`}>Run of {m.name}</Link> <CopyId id={m.runId} what="Run" />
                    </>
                  ) : (
                    '–'
                  )}
                </td>
                <td>{m.durationMs !== undefined ? duration(m.durationMs) : '–'}</td>
                <td>{m.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
