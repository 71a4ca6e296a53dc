import { useEffect, useState } from 'preact/hooks';
import { call, newKey, v1 } from '../lib/api';
import { Link, navigate } from '../lib/router';
import { Action, duration, forPeople, Loaded, Pending, Status, Time, useLoad } from '../lib/ui';

/** Who accepted a Run's screenshots as its steps' look, and when (run.get's visualAcceptance). */
interface VisualAcceptance {
  by: string;
  credential: 'api_key' | 'oauth';
  at: number;
}

interface RunState {
  runId: string;
  status: string;
  verdict?: string;
  cursor: number;
  progress: { total: number; completed: number; passed: number; failed: number; skipped: number };
  steps: Array<{ index: number; action: string; target?: string; status: string; verdict?: string }>;
  evidenceAvailable: boolean;
  visualAcceptance?: VisualAcceptance;
  testCaseId?: string;
}
interface Visual {
  changedRatio: number;
  before?: { url: string };
  after?: { url: string };
  diff?: { url: string };
}
interface EvidenceStep {
  index: number;
  action: string;
  target?: string;
  status: string;
  verdict?: string;
  reason: string;
  observed: Record<string, unknown>;
  expectation: string;
  diagnosis?: { category: string; suggestedAction: string };
  media: Array<{ kind: string; url: string }>;
  visual?: Visual;
  durationMs: number;
}
interface Evidence {
  runId: string;
  pinned?: boolean;
  steps: EvidenceStep[];
}

const ENDED = new Set(['passing', 'failed', 'unverified', 'canceled', 'invalid']);
/** How long one read waits for a change (run.get long-poll): a running Run costs one request per change. */
const WAIT_MS = 20_000;

/**
 * Follows a Run with run.get's cursor: each answer comes when the Run changed, or after WAIT_MS.
 * `reload` reads an ended Run again (after a change made from this page).
 */
function useFollowedRun(runId: string): { run?: RunState; error?: string; reload: () => void } {
  const [run, setRun] = useState<RunState>();
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    let stopped = false;
    (async () => {
      let last = await v1<RunState>('run.get', { runId });
      while (!stopped) {
        setRun(last);
        if (ENDED.has(last.status)) return;
        last = await v1<RunState>('run.get', { runId, cursor: last.cursor, waitMs: WAIT_MS });
      }
    })().catch((e: Error) => !stopped && setError(e.message));
    return () => {
      stopped = true;
    };
  }, [runId, round]);
  return { run, error, reload: () => setRound((r) => r + 1) };
}

/** What the Run document says it was queued with (GET /api/runs/{runId}). */
interface RunDocument {
  trigger: { rerunOf?: string; testCaseVersion?: number; try?: boolean };
}

/**
 * Runs this Run again as it was queued (POST /api/runs/{runId}/rerun: the same steps, Environment
 * or targets, branch and commit, whatever started it), then opens the new Run.
 */
async function rerun(runId: string): Promise<void> {
  const again = await call<{ runId: string }>('POST', `/api/runs/${runId}/rerun`, { key: newKey() });
  navigate(`/console/runs/${again.runId}`);
}

/** "Accepted by alice at …": a person by their name at the issuer, an API key by its id. */
function Accepted({ acceptance }: { acceptance: VisualAcceptance }) {
  return (
    <p>
      Accepted by {acceptance.credential === 'api_key' ? `key ${acceptance.by}` : acceptance.by} at{' '}
      <Time ms={acceptance.at} />
    </p>
  );
}

/** Which version of its Test Case a Run ran, or that it tried unsaved steps. */
function RanVersion({ trigger, testCaseId }: { trigger?: RunDocument['trigger']; testCaseId?: string }) {
  if (trigger?.try) return <p>A try of unsaved steps (from Author): it counts in no health or insight.</p>;
  if (!trigger?.testCaseVersion || !testCaseId) return null;
  return (
    <p>
      Ran <Link href={`/console/author/${testCaseId}`}>version {trigger.testCaseVersion}</Link> of its Test Case.
    </p>
  );
}

export function Run({ runId }: { runId: string }) {
  const { run, error, reload } = useFollowedRun(runId);
  const document = useLoad(() => call<RunDocument>('GET', `/api/runs/${runId}`), [runId]);
  const evidence = useLoad<Evidence | null>(
    () => (run?.evidenceAvailable ? v1<Evidence>('run.evidence', { runId }) : Promise.resolve(null)),
    [runId, run?.evidenceAvailable, run?.status],
  );
  if (error)
    return (
      <>
        <h1>Run {runId}</h1>
        <p role="alert" class="error">
          {error}
        </p>
      </>
    );
  if (!run)
    return (
      <>
        <h1>Run {runId}</h1>
        <p aria-busy="true">Reading the Run…</p>
      </>
    );
  const ended = ENDED.has(run.status);
  const hasVisual = evidence.value?.steps.some((s) => s.visual) ?? false;
  const rerunOf = document.value?.trigger.rerunOf;
  return (
    <>
      <h1>Run {runId}</h1>
      <p>
        Status <Status value={run.status} /> {run.verdict && <>verdict {run.verdict}</>} · {run.progress.completed} of{' '}
        {run.progress.total} steps done ({run.progress.passed} passed, {run.progress.failed} failed)
      </p>
      {rerunOf && (
        <p>
          This Run re-runs <Link href={`/console/runs/${rerunOf}`}>{rerunOf}</Link>.
        </p>
      )}
      <RanVersion trigger={document.value?.trigger} testCaseId={run.testCaseId} />
      {run.visualAcceptance && <Accepted acceptance={run.visualAcceptance} />}
      <div class="actions">
        {!ended && (
          <Action
            scope="svc:runs:write"
            label="Cancel"
            result="Canceling"
            run={() => call('POST', `/api/runs/${runId}/cancel`, { body: {} })}
          />
        )}
        {ended && hasVisual && !run.visualAcceptance && (
          <Action
            scope="svc:runs:write"
            label="Accept visual change"
            result="Accepted"
            run={() => call('POST', `/api/runs/${runId}/visual/accept`, { key: newKey() })}
            done={reload}
          />
        )}
        {ended && <Action scope="svc:runs:write" label="Rerun" result="Queued" run={() => rerun(runId)} />}
        {ended && !evidence.value?.pinned && (
          <Action
            scope="svc:runs:write"
            label="Pin"
            result="Pinned"
            run={() => call('POST', `/api/runs/${runId}/pin`, { key: newKey() })}
            done={evidence.reload}
          />
        )}
        {ended && evidence.value?.pinned && <span class="muted">Pinned: kept whatever its age.</span>}
        {ended && (
          <a class="button" href={`/api/runs/${runId}/trace`} download>
            Download trace
          </a>
        )}
      </div>
      {evidence.value ? <Steps steps={evidence.value.steps} /> : <LiveSteps run={run} evidence={evidence} />}
    </>
  );
}

function LiveSteps({ run, evidence }: { run: RunState; evidence: Loaded<Evidence | null> }) {
  if (evidence.error) return <Pending loaded={evidence} what="the evidence" />;
  return (
    <ol class="steps" aria-label="Steps">
      {run.steps.map((s) => (
        <li key={s.index}>
          <Status value={s.verdict ?? s.status} /> {s.action} {s.target && <code>{s.target}</code>}
        </li>
      ))}
    </ol>
  );
}

function Steps({ steps }: { steps: EvidenceStep[] }) {
  return (
    <ol class="steps" aria-label="Steps">
      {steps.map((s) => (
        <li key={s.index}>
          <h2 class="step-title">
            <Status value={s.verdict ?? s.status} /> {s.index + 1}. {s.action} {s.target && <code>{s.target}</code>}{' '}
            <small class="muted">{duration(s.durationMs)}</small>
          </h2>
          {s.reason && <p>{s.reason}</p>}
          {s.expectation && <p class="muted">Expected: {s.expectation}</p>}
          {s.diagnosis && (
            <p>
              Diagnosis: <strong>{s.diagnosis.category}</strong> — {forPeople(s.diagnosis.suggestedAction)}
            </p>
          )}
          {Object.keys(s.observed).length > 0 && (
            <details>
              <summary>Facts observed</summary>
              <pre>{JSON.stringify(s.observed, null, 2)}</pre>
            </details>
          )}
          {s.visual ? (
            <VisualComparison visual={s.visual} step={s.index + 1} />
          ) : (
            s.media
              .filter((m) => m.kind === 'screenshot')
              .map((m) => <img class="shot" src={m.url} alt={`Screenshot after step ${s.index + 1}`} loading="lazy" />)
          )}
        </li>
      ))}
    </ol>
  );
}

function VisualComparison({ visual, step }: { visual: Visual; step: number }) {
  const pct = (visual.changedRatio * 100).toFixed(2);
  return (
    <figure class="visual">
      <figcaption>
        Visual comparison of step {step}: {visual.changedRatio > 0 ? `${pct}% of the screen changed` : 'no change'}
      </figcaption>
      <div class="side-by-side">
        {(['before', 'after', 'diff'] as const).map((k) =>
          visual[k] ? (
            <div>
              <span>{k}</span>
              <img src={visual[k]!.url} alt={`Step ${step} ${k === 'diff' ? 'changed area' : k}`} loading="lazy" />
            </div>
          ) : null,
        )}
      </div>
    </figure>
  );
}
