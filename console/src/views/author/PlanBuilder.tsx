import { useState } from 'preact/hooks';
import { ApiError, newKey } from '../../lib/api';
import { op, type Answer } from '../../lib/contract';
import { Link } from '../../lib/router';
import { useCan } from '../../lib/session';
import { forPeople, Pending, useLoad } from '../../lib/ui';

type Created = Answer<'test_plan.create'>;

/** A Test Plan from saved cases: a name and the cases in the order they were picked (test_plan.create). */
export function PlanBuilder() {
  const cases = useLoad(() => op('test_case.list', { limit: 100 }), []);
  const can = useCan()('svc:test_plans:write');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [created, setCreated] = useState<Created>();
  const [error, setError] = useState<string>();
  if (!cases.value) return <Pending loaded={cases} what="Test Cases" />;
  const nameOf = new Map(cases.value.items.map((c) => [c.id, c.name]));
  const toggle = (id: string, on: boolean) => setPicked(on ? [...picked, id] : picked.filter((p) => p !== id));
  const create = async (e: Event) => {
    e.preventDefault();
    setError(undefined);
    try {
      setCreated(await op('test_plan.create', { idempotencyKey: newKey(), name, testCaseIds: picked }));
    } catch (err) {
      setError(err instanceof ApiError ? forPeople(err.message) : String(err));
    }
  };
  return (
    <>
      <h1>New Test Plan</h1>
      <form onSubmit={create}>
        <div class="field">
          <label for="plan-name">Name</label>
          <input id="plan-name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <fieldset>
          <legend>Test Cases, in the order they run</legend>
          {cases.value.items.length === 0 && <p>No Test Cases yet: write one first.</p>}
          {cases.value.items.map((c) => (
            <label class="check">
              <input
                type="checkbox"
                checked={picked.includes(c.id)}
                onChange={(e) => toggle(c.id, e.currentTarget.checked)}
              />{' '}
              {c.name}
            </label>
          ))}
        </fieldset>
        {picked.length > 0 && (
          <ol aria-label="Order of the plan's cases">
            {picked.map((id) => (
              <li>{nameOf.get(id)}</li>
            ))}
          </ol>
        )}
        <button type="submit" disabled={!can}>
          Create Test Plan
        </button>
        {!can && <small class="muted"> needs svc:test_plans:write</small>}
        <span role="status" class={error ? 'error' : 'muted'}>
          {error ?? (created ? `Created with ${created.members.length} case(s)` : '')}
        </span>
      </form>
      {created && (
        <p>
          <Link href={`/console/plan-groups?testPlanId=${created.id}`}>{created.name}</Link>: its Runs will show there.
        </p>
      )}
    </>
  );
}
