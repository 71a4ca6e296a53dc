import { useEffect, useState } from 'preact/hooks';
import { ApiError, call, newKey } from '../lib/api';
import { op, route, type RouteAnswer } from '../lib/contract';
import { Link, navigate } from '../lib/router';
import { useCan } from '../lib/session';
import { Action, forPeople, Pending, Status, useLoad } from '../lib/ui';

type Generation = RouteAnswer<'plans.generation'>;
type Proposed = Generation['cases'][number];

/** While a generation runs, how often its page reads it again. */
const POLL_MS = 1500;

/**
 * Plan generation: a prompt and an Environment start one (POST /api/generate); its page shows
 * what it explored and each proposed case with its try result. A person accepts a case (it
 * becomes a Test Case, test_case.create) or drops it; nothing is saved otherwise.
 */
export function Generate({ id }: { id?: string }) {
  return id ? <GenerationPage id={id} /> : <GenerateForm />;
}

function GenerateForm() {
  const can = useCan()('svc:plans:write');
  const environments = useLoad(() => op('environment.list', { limit: 100 }), []);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // One key per filled-in form: a second click, or a retry after an error, starts nothing more.
  const [key, setKey] = useState(newKey);
  if (!environments.value) return <Pending loaded={environments} what="Environments" />;
  const web = environments.value.items.filter((e) => e.targets.web?.baseUrl);
  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const prompt = String(data.get('prompt') ?? '').trim();
    const environmentSlug = String(data.get('environmentSlug') ?? '');
    if (!prompt || !environmentSlug) return setError('Say what to test and choose an Environment.');
    setBusy(true);
    setError(undefined);
    try {
      const started = await call<{ testPlanId: string }>('POST', '/api/generate', {
        key,
        body: { name: String(data.get('name') ?? '').trim() || prompt.slice(0, 100), prompt, environmentSlug },
      });
      navigate(`/console/generate/${started.testPlanId}`);
    } catch (e) {
      setError(e instanceof ApiError ? forPeople(e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1>Generate tests</h1>
      <p>
        Say what to test in your own words. The generation opens the Environment's application, reads its pages, writes
        cases with the names the pages really have, and tries each before proposing it. Nothing is saved until you
        accept a case.
      </p>
      <form
        class="stacked-form"
        aria-label="What to generate"
        onInput={() => setKey(newKey())}
        onSubmit={(e) => {
          e.preventDefault();
          void submit(e.currentTarget as HTMLFormElement);
        }}
      >
        <label>
          What to test
          <textarea name="prompt" rows={3} maxLength={20000} required />
        </label>
        <label>
          Environment
          <select name="environmentSlug" required>
            <option value="">choose…</option>
            {web.map((e) => (
              <option value={e.slug}>
                {e.name} ({e.slug})
              </option>
            ))}
          </select>
        </label>
        {web.length === 0 && (
          <p class="muted">
            No Environment has a web target yet: add one on <Link href="/console/environments">Environments</Link>.
          </p>
        )}
        <label>
          Name (optional)
          <input name="name" maxLength={200} />
        </label>
        <div class="actions">
          <button type="submit" disabled={!can || busy}>
            Generate
          </button>
          {!can && <small class="muted"> needs svc:plans:write</small>}
        </div>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </>
  );
}

function GenerationPage({ id }: { id: string }) {
  const g = useLoad(() => route('plans.generation', 'GET', `/api/generate/${id}`), [id]);
  const generating = g.value?.status === 'generating';
  useEffect(() => {
    if (!generating) return;
    const timer = setTimeout(g.reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [g.value]);
  const [dropped, setDropped] = useState<Set<number>>(new Set());
  if (!g.value) return <Pending loaded={g} what="the generation" />;
  const v = g.value;
  const why = v.reason ?? v.failureReason;
  return (
    <>
      <h1>{v.name}</h1>
      <p>
        <Status value={v.status} />
        {v.environmentSlug && <> · Environment {v.environmentSlug}</>}
        {generating && <span aria-busy="true"> · exploring the application and trying each case…</span>}
      </p>
      {v.exploration && (
        <section aria-labelledby="explored">
          <h2 id="explored">What it explored</h2>
          <p>
            {v.exploration.pages.length} page(s) within {v.exploration.budget.maxPages} pages and{' '}
            {Math.round(v.exploration.budget.timeMs / 1000)} s ({v.exploration.stoppedBecause}):
          </p>
          <ul>
            {v.exploration.pages.map((p) => (
              <li>
                <code>{p.path}</code> {p.title}
              </li>
            ))}
          </ul>
        </section>
      )}
      {why && (
        <p role="alert" class={v.status === 'failed' ? 'error' : 'muted'}>
          {why}
        </p>
      )}
      {v.cases.length > 0 && <h2>Proposed cases</h2>}
      <ul class="cards" aria-label="Proposed cases">
        {v.cases.map((c, i) => (
          <ProposedCard
            c={c}
            dropped={dropped.has(i)}
            drop={(yes) => {
              const next = new Set(dropped);
              if (yes) next.add(i);
              else next.delete(i);
              setDropped(next);
            }}
          />
        ))}
      </ul>
    </>
  );
}

function ProposedCard({ c, dropped, drop }: { c: Proposed; dropped: boolean; drop: (yes: boolean) => void }) {
  const [name, setName] = useState(c.title);
  const [created, setCreated] = useState<{ id: string; name: string }>();
  // One key per accepted case: a second click after a lost answer creates one Test Case.
  const [key] = useState(newKey);
  const heading = `${c.proposal === 'ready' ? 'Ready' : 'Draft'}: ${c.title}`;
  if (dropped)
    return (
      <li class="card">
        <s>{c.title}</s> dropped.{' '}
        <button type="button" onClick={() => drop(false)}>
          Undo
        </button>
      </li>
    );
  return (
    <li class="card" aria-label={heading}>
      <h3>
        <span class={`badge badge-${c.proposal === 'ready' ? 'passed' : 'unverified'}`}>{c.proposal}</span> {c.title}
      </h3>
      <p>
        {c.passedSteps} of {c.steps.length} step(s) passed when tried.
        {c.failedStep && (
          <>
            {' '}
            Step {c.failedStep.index + 1} failed: {c.failedStep.reason}
            {c.failedStep.suggestion && <> {forPeople(c.failedStep.suggestion)}</>}
          </>
        )}
      </p>
      {c.missing && !c.failedStep && <p class="error">Missing: {c.missing}</p>}
      <ol class="steps" aria-label={`Steps of ${c.title}`}>
        {c.steps.map((s, n) => (
          <li>
            {s.action} {'target' in s && s.target && <code>{s.target}</code>}
            {'value' in s && s.value && <> with {s.value}</>}
            {c.screenshots[n] && (
              <details>
                <summary>Screenshot of step {n + 1}</summary>
                <img class="shot" src={c.screenshots[n].url} alt={`The page after step ${n + 1} of ${c.title}`} />
              </details>
            )}
          </li>
        ))}
      </ol>
      {c.checks.length > 0 && <p class="muted">Checks: {c.checks.join(' · ')}</p>}
      {created ? (
        <p role="status">
          Accepted as <Link href={`/console/test-cases/${created.id}`}>{created.name}</Link>
        </p>
      ) : (
        <div class="actions">
          <label>
            Name
            <input value={name} maxLength={200} onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
          </label>
          <Action
            scope="svc:test_cases:write"
            label="Accept"
            result="Accepted"
            run={async () => {
              const made = await op('test_case.create', {
                idempotencyKey: key,
                name: name.trim() || c.title,
                platforms: ['web'],
                steps: c.testCaseSteps,
              });
              setCreated({ id: made.id, name: made.name });
            }}
          />
          <button type="button" onClick={() => drop(true)}>
            Drop
          </button>
        </div>
      )}
    </li>
  );
}
