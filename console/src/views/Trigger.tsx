import { useState } from 'preact/hooks';
import { ApiError, newKey, v1 } from '../lib/api';
import { op, type Answer } from '../lib/contract';
import { Link } from '../lib/router';
import { useCan } from '../lib/session';
import { forPeople, Pending, useLoad } from '../lib/ui';

/** What run.trigger would be asked, and what the console read to show what it would queue. */
interface Preview {
  body: Record<string, unknown>;
  runs: number;
  what: string;
  members: string[];
  environment: string;
}
type Queued = Answer<'run.trigger'>;

const PLATFORMS = ['web', 'api', 'ios', 'android'];

/**
 * Run a Test Case or a Test Plan against an Environment: first what it would queue (read from
 * test_case.get / test_plan.get, since run.trigger replaces nothing and so has no wouldChange
 * preview), then the same run.trigger a script sends, with one idempotency key per previewed
 * request: a second click, or a retry after an error, queues nothing more.
 */
export function Trigger({ url }: { url: URL }) {
  const can = useCan()('svc:runs:write');
  const catalog = useLoad(
    () =>
      Promise.all([
        op('test_case.list', { limit: 100 }),
        op('test_plan.list', { limit: 100 }),
        op('environment.list', { limit: 100 }),
      ]),
    [],
  );
  const [kind, setKind] = useState<'case' | 'plan'>(url.searchParams.get('testPlanId') ? 'plan' : 'case');
  const [preview, setPreview] = useState<Preview>();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [queued, setQueued] = useState<Queued>();
  if (!catalog.value) return <Pending loaded={catalog} what="Test Cases, Test Plans and Environments" />;
  const [cases, plans, environments] = catalog.value;
  const choices = kind === 'case' ? cases.items : plans.items;
  const preselected = url.searchParams.get(kind === 'case' ? 'testCaseId' : 'testPlanId') ?? '';

  const makePreview = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const id = String(data.get('subject') ?? '');
    const slug = String(data.get('environmentSlug') ?? '');
    const platforms = data.getAll('platforms').map(String);
    const branch = String(data.get('branch') ?? '').trim();
    if (!id || !slug) return setError('Choose what to run and an Environment.');
    const body: Record<string, unknown> = {
      [kind === 'case' ? 'testCaseId' : 'testPlanId']: id,
      environmentSlug: slug,
      ...(platforms.length ? { platforms } : {}),
      ...(branch ? { branch } : {}),
    };
    const environment = environments.items.find((e) => e.slug === slug)?.name ?? slug;
    if (kind === 'plan') {
      const plan = await op('test_plan.get', { testPlanId: id });
      const members = plan.members.map((m) => m.name);
      setPreview({ body, runs: members.length, what: `Test Plan ${plan.name}`, members, environment });
    } else {
      const name = cases.items.find((c) => c.id === id)?.name ?? id;
      setPreview({ body, runs: 1, what: `Test Case ${name}`, members: [], environment });
    }
    // A new request to confirm: a new key. Retries of its confirmation keep this one.
    setKey(newKey());
    setQueued(undefined);
  };

  const confirm = async () => {
    if (!preview || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      setQueued(await v1<Queued>('run.trigger', { idempotencyKey: key, ...preview.body }));
    } catch (e) {
      setError(e instanceof ApiError ? forPeople(e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Run a test</h1>
      <form
        class="filters"
        aria-label="What to run"
        onInput={() => setPreview(undefined)}
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          makePreview(e.currentTarget as HTMLFormElement).catch((err: Error) => setError(forPeople(err.message)));
        }}
      >
        <fieldset>
          <legend>Run</legend>
          <label>
            <input type="radio" name="kind" checked={kind === 'case'} onChange={() => setKind('case')} /> a Test Case
          </label>
          <label>
            <input type="radio" name="kind" checked={kind === 'plan'} onChange={() => setKind('plan')} /> a Test Plan
          </label>
        </fieldset>
        <label>
          {kind === 'case' ? 'Test Case' : 'Test Plan'}
          <select name="subject" key={kind} value={preselected || undefined}>
            <option value="">choose…</option>
            {choices.map((c) => (
              <option value={c.id}>{c.name}</option>
            ))}
          </select>
        </label>
        <label>
          Environment
          <select name="environmentSlug">
            <option value="">choose…</option>
            {environments.items.map((e) => (
              <option value={e.slug}>
                {e.name} ({e.slug})
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Platforms (default: the Test Case's own)</legend>
          {PLATFORMS.map((p) => (
            <label>
              <input type="checkbox" name="platforms" value={p} /> {p}
            </label>
          ))}
        </fieldset>
        <label>
          Branch (optional)
          <input name="branch" maxLength={255} />
        </label>
        <button type="submit">Preview</button>
      </form>
      {preview && (
        <section aria-labelledby="preview-title" class="preview">
          <h2 id="preview-title">What this queues</h2>
          <p>
            {preview.runs} {preview.runs === 1 ? 'Run' : 'Runs'} of {preview.what} against {preview.environment}
            {preview.runs > 1 && ', one per member'}. It changes no configuration; each Run counts against the
            organization's active-Run cap and starts when a slot is free.
          </p>
          {preview.members.length > 0 && (
            <ol aria-label="Members to run">
              {preview.members.map((m) => (
                <li>{m}</li>
              ))}
            </ol>
          )}
          <div class="actions">
            <button type="button" disabled={!can || busy || !!queued} onClick={confirm}>
              Queue {preview.runs} {preview.runs === 1 ? 'Run' : 'Runs'}
            </button>
            {!can && <small class="muted"> needs svc:runs:write</small>}
          </div>
        </section>
      )}
      <p role="status">
        {queued && (
          <>
            Queued:{' '}
            {queued.planGroupRunId ? (
              <Link href={`/console/plan-groups/${queued.planGroupRunId}`}>the plan group</Link>
            ) : (
              queued.runIds.map((id) => <Link href={`/console/runs/${id}`}>the Run</Link>)
            )}
          </>
        )}
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </>
  );
}
