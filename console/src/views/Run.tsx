import { useEffect, useState } from 'preact/hooks';
import { call, newKey } from '../lib/api';
import { op, route, type EvidenceStep, type RouteAnswer, type RunEvidence, type RunState } from '../lib/contract';
import { Link, navigate } from '../lib/router';
import { DiffView } from './DiffView';
import { Action, CopyId, duration, forPeople, Pending, Status, Time, useLoad } from '../lib/ui';
import { CompareWith } from './compare/CompareWith';
import { Elapsed } from './Elapsed';
import { OpenTrace } from './TraceViewer';
import { WithVideo } from './RunVideo';
import { AccessibilitySummary } from './AccessibilityFacts';
import { PageFacts } from './PageFacts';
import { AccessibilityFacts } from './AccessibilityFacts';

/** A step as run.get reports it while the Run goes on; `startedAt` while it runs. */
type LiveStep = RunState['steps'][number];
/** What the Run document says it was queued with (GET /api/runs/{runId}). */
type RunDocument = RouteAnswer<'runs.get'>;
/** Who accepted a Run's screenshots as its steps' look, and when. */
type VisualAcceptance = NonNullable<RunState['visualAcceptance']> & { byName?: string };

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
      let last = await op('run.get', { runId });
      while (!stopped) {
        setRun(last);
        if (ENDED.has(last.status)) return;
        last = await op('run.get', { runId, cursor: last.cursor, waitMs: WAIT_MS });
      }
    })().catch((e: Error) => !stopped && setError(e.message));
    return () => {
      stopped = true;
    };
  }, [runId, round]);
  return { run, error, reload: () => setRound((r) => r + 1) };
}

/**
 * Runs this Run again as it was queued (POST /api/runs/{runId}/rerun: the same steps, Environment
 * or targets, branch and commit, whatever started it), then opens the new Run.
 */
async function rerun(runId: string): Promise<void> {
  const again = await call<{ runId: string }>('POST', `/api/runs/${runId}/rerun`, { key: newKey() });
  navigate(`/console/runs/${again.runId}`);
}

/** "Accepted by key CI at …": a person by their sign-in name, an API key by its name. */
function Accepted({ acceptance }: { acceptance: VisualAcceptance }) {
  return (
    <p>
      Accepted by {acceptance.byName ?? (acceptance.credential === 'api_key' ? `key ${acceptance.by}` : acceptance.by)}{' '}
      at <Time ms={acceptance.at} />
    </p>
  );
}

/** What the Run ran and where, by name, each linked to its page; the Run's own id copyable. */
function Origin({ run, names }: { run: RunState; names: RunDocument['names'] | undefined }) {
  return (
    <p class="actions">
      <CopyId id={run.runId} what="Run" />
      {run.testCaseId && (
        <span>
          Test Case <Link href={`/console/test-cases/${run.testCaseId}`}>{names?.testCaseName ?? 'its Test Case'}</Link>
        </span>
      )}
      {run.testPlanId && (
        <span>
          Plan{' '}
          {run.planGroupRunId ? (
            <Link href={`/console/plan-groups/${run.planGroupRunId}`}>{names?.testPlanName ?? 'its plan group'}</Link>
          ) : (
            (names?.testPlanName ?? 'its plan')
          )}
        </span>
      )}
      {run.environmentSlug && (
        <span>
          Environment <Link href="/console/environments">{run.environmentSlug}</Link>
        </span>
      )}
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

/** The Run's heading: what it ran, by name. */
const titleOf = (doc: RunDocument | undefined) =>
  `Run of ${doc?.names.testCaseName ?? doc?.names.testPlanName ?? 'a Test Case'}`;

export function Run({ runId }: { runId: string }) {
  const { run, error, reload } = useFollowedRun(runId);
  // Read again once accepted, for who accepted by name.
  const document = useLoad(() => route('runs.get', 'GET', `/api/runs/${runId}`), [runId, run?.visualAcceptance?.at]);
  // Read again each time a step finishes (one read per change the long-poll reported, never per
  // second), so a finished step's result and screenshot show while the Run goes on.
  const evidence = useLoad<RunEvidence | null>(
    () => (run?.evidenceAvailable ? op('run.evidence', { runId }) : Promise.resolve(null)),
    [runId, run?.evidenceAvailable, run?.status, run?.progress.completed],
  );
  if (error)
    return (
      <>
        <h1>Run</h1>
        <CopyId id={runId} what="Run" />
        <p role="alert" class="error">
          {error}
        </p>
      </>
    );
  if (!run)
    return (
      <>
        <h1>Run</h1>
        <p aria-busy="true">Reading the Run…</p>
      </>
    );
  const ended = ENDED.has(run.status);
  const hasVisual = evidence.value?.steps.some((s) => s.visual) ?? false;
  const rerunOf = document.value?.trigger.rerunOf;
  return (
    <>
      <h1>{titleOf(document.value)}</h1>
      <Origin run={run} names={document.value?.names} />
      <p>
        Status <Status value={run.status} /> {run.verdict && <>verdict {run.verdict}</>} · {run.progress.completed} of{' '}
        {run.progress.total} steps done ({run.progress.passed} passed, {run.progress.failed} failed)
      </p>
      {rerunOf && (
        <p>
          This Run re-runs <Link href={`/console/runs/${rerunOf}`}>an earlier Run</Link>{' '}
          <CopyId id={rerunOf} what="earlier Run" />.
        </p>
      )}
      {run.accessibility && <AccessibilitySummary summary={run.accessibility} />}
      <RanVersion trigger={document.value?.trigger} testCaseId={run.testCaseId} />
      {run.visualAcceptance && (
        <Accepted
          acceptance={
            document.value?.visualAcceptance?.at === run.visualAcceptance.at
              ? document.value.visualAcceptance
              : run.visualAcceptance
          }
        />
      )}
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
        {ended && <OpenTrace runId={runId} />}
        {ended && (
          <a class="button" href={`/api/runs/${runId}/trace`} download>
            Download trace
          </a>
        )}
        {ended && (
          // The network log built from the masked trace (organization API keys only, like the trace).
          <a class="button" href={`/api/runs/${runId}/har`} download>
            Download network log (HAR)
          </a>
        )}
      </div>
      {ended && <CompareWith runId={runId} testCaseId={run.testCaseId} />}
      {evidence.error && <Pending loaded={evidence} what="the evidence" />}
      <WithVideo runId={runId} ended={ended}>
        <Steps live={run.steps} steps={evidence.value?.steps ?? []} trace={ended ? runId : undefined} />
      </WithVideo>
    </>
  );
}

/**
 * Every step of the Run: a finished one with its evidence (result, facts, screenshot) as soon as it
 * was read; one not finished (or whose evidence is not read yet) with its state, and the running
 * one with the time it has been running.
 */
function Steps({ live, steps, trace }: { live: LiveStep[]; steps: EvidenceStep[]; trace?: string }) {
  const read = new Map(steps.map((s) => [s.index, s]));
  return (
    <ol class="steps" aria-label="Steps">
      {live.map((l) => {
        const s = read.get(l.index);
        return s ? <FinishedStep key={l.index} s={s} trace={trace} /> : <UnfinishedStep key={l.index} s={l} />;
      })}
    </ol>
  );
}

function UnfinishedStep({ s }: { s: LiveStep }) {
  return (
    <li data-step-status={s.status}>
      <h2 class="step-title">
        <Status value={s.verdict ?? s.status} /> {s.index + 1}. {s.action} {s.target && <code>{s.target}</code>}{' '}
        {s.status === 'running' && s.startedAt !== undefined && <Elapsed since={s.startedAt} />}
      </h2>
    </li>
  );
}

/** `trace`: the Run's id once it ended, for the step's button that opens the trace viewer at it. */
function FinishedStep({ s, trace }: { s: EvidenceStep; trace?: string }) {
  return (
    <li data-step-status={s.status}>
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
      <PageFacts observed={s.observed} step={s.index + 1} />
      <AccessibilityFacts observed={s.observed} step={s.index + 1} />
      {trace && s.status !== 'skipped' && s.media.some((m) => m.kind === 'screenshot') && (
        <OpenTrace runId={trace} step={s.index + 1} />
      )}
      {Object.keys(s.observed).length > 0 && (
        <details>
          <summary>Facts observed</summary>
          <pre>{JSON.stringify(s.observed, null, 2)}</pre>
        </details>
      )}
      {s.visual ? (
        <DiffView visual={s.visual} step={s.index + 1} />
      ) : (
        s.media
          .filter((m) => m.kind === 'screenshot')
          .map((m) => <img class="shot" src={m.url} alt={`Screenshot after step ${s.index + 1}`} loading="lazy" />)
      )}
    </li>
  );
}
