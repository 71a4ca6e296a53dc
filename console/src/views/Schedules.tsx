import { call, newKey } from '../lib/api';
import { op, route } from '../lib/contract';
import { Link } from '../lib/router';
import { Action, CopyId, Pending, Status, Time, useLoad } from '../lib/ui';

/** Schedules: state and next fire, with pause, resume and run now. */
export function Schedules() {
  // Plans by name: a schedule names its plan by id.
  const plans = useLoad(
    () => op('test_plan.list', { limit: 100 }).then((p) => new Map(p.items.map((x) => [x.id, x.name]))),
    [],
  );
  const list = useLoad(async () => {
    const page = await route('schedules.list', 'GET', '/api/schedules?limit=100');
    // The next fire is on each schedule's own read; a page holds at most 100 of them.
    return Promise.all(page.items.map((s) => route('schedules.get', 'GET', `/api/schedules/${s.id}`)));
  }, []);
  if (!list.value) return <Pending loaded={list} what="schedules" />;
  return (
    <>
      <h1>Schedules</h1>
      {list.value.length === 0 && <p>No schedules yet.</p>}
      <ul class="cards">
        {list.value.map((s) => (
          <li data-schedule-id={s.id}>
            <h2>{s.name}</h2>
            <CopyId id={s.id} what="schedule" />
            <p>
              {s.paused ? (
                <strong>Paused</strong>
              ) : (
                <>
                  Next fire: <Time ms={s.nextFireAt} />
                </>
              )}{' '}
              · state <Status value={s.state} /> · {s.cron ?? `every ${s.every}`} · plan{' '}
              <Link href={`/console/plan-groups?testPlanId=${s.testPlanId}`}>
                {plans.value?.get(s.testPlanId) ?? 'its plan'}
              </Link>
              {s.environmentSlug && <> · {s.environmentSlug}</>}
            </p>
            {s.lastError && <p class="error">{s.lastError}</p>}
            <div class="actions">
              <Action
                scope="svc:runs:write"
                label={s.paused ? 'Resume' : 'Pause'}
                result={s.paused ? 'Active' : 'Paused'}
                run={() => call('POST', `/api/schedules/${s.id}/${s.paused ? 'resume' : 'pause'}`, { key: newKey() })}
                done={list.reload}
              />
              <Action
                scope="svc:runs:write"
                label="Run now"
                result="Queued"
                run={() => call('POST', `/api/schedules/${s.id}/trigger`, { key: newKey() })}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
