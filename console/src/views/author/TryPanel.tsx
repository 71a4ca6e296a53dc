import { useEffect, useState } from 'preact/hooks';
import { ApiError, newKey } from '../../lib/api';
import { op, route, type EvidenceStep, type RunState } from '../../lib/contract';
import { Link } from '../../lib/router';
import { useCan } from '../../lib/session';
import { duration, forPeople, Status } from '../../lib/ui';
import type { Step } from './draft';

const ENDED = new Set(['passing', 'failed', 'unverified', 'canceled', 'invalid']);
const FINISHED = new Set(['passed', 'failed', 'skipped']);
/** One read waits this long for a change (run.get's long-poll): a try costs one request per change. */
const WAIT_MS = 20_000;

/**
 * Follows a try Run with run.get's cursor and reads each step's evidence once, as it finishes:
 * its result, screenshot and the runner's suggestion appear without waiting for the whole Run.
 */
function useTry(runId: string | undefined) {
  const [run, setRun] = useState<RunState>();
  const [steps, setSteps] = useState<Record<number, EvidenceStep>>({});
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!runId) return;
    let stopped = false;
    const read = new Set<number>();
    setRun(undefined);
    setSteps({});
    (async () => {
      let last = await op('run.get', { runId });
      while (!stopped) {
        setRun(last);
        for (const s of last.steps)
          if (FINISHED.has(s.status) && !read.has(s.index)) {
            read.add(s.index);
            const evidence = await op('run.evidence', { runId, step: s.index });
            const step = evidence.steps[0];
            if (step && !stopped) setSteps((all) => ({ ...all, [s.index]: step }));
          }
        if (ENDED.has(last.status)) return;
        last = await op('run.get', { runId, cursor: last.cursor, waitMs: WAIT_MS });
      }
    })().catch((e: Error) => !stopped && setError(e.message));
    return () => {
      stopped = true;
    };
  }, [runId]);
  return { run, steps, error };
}

/**
 * *Try*: runs the draft's steps, unsaved, against the chosen Environment (POST /api/runs/try) and
 * shows each step as it finishes. A step the runner could not resolve offers the closest control it
 * saw as a one-click replacement of the step's target; nothing is changed until the person clicks.
 */
export function TryPanel(props: {
  steps: () => Step[];
  environmentSlug: string;
  /** The API's refusal of the steps (shown field by field by the editor), or undefined once accepted. */
  refused: (error: ApiError | undefined) => void;
  replaceTarget: (stepIndex: number, target: string) => void;
}) {
  const can = useCan()('svc:runs:write');
  const [runId, setRunId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const { run, steps, error } = useTry(runId);
  const start = async () => {
    setBusy(true);
    setMessage(undefined);
    try {
      const tried = await route('runs.try', 'POST', '/api/runs/try', {
        body: { steps: props.steps(), environmentSlug: props.environmentSlug },
        key: newKey(),
      });
      props.refused(undefined);
      setRunId(tried.runId);
    } catch (e) {
      if (e instanceof ApiError) props.refused(e);
      setMessage(`Try failed: ${e instanceof ApiError ? forPeople(e.message) : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="try-heading">
      <h2 id="try-heading">Try the draft</h2>
      <p class="muted">
        Runs the steps as they are now, unsaved, against the Environment above. A try counts in no health or insight.
      </p>
      <button type="button" onClick={start} disabled={!can || busy || !props.environmentSlug}>
        Try
      </button>
      {!can && <small class="muted"> needs svc:runs:write</small>}
      {can && !props.environmentSlug && <small class="muted"> choose an Environment to try against</small>}
      <span role="status" class={message ? 'error' : 'muted'}>
        {message ?? ''}
      </span>
      {error && (
        <p role="alert" class="error">
          Could not follow the try: {error}
        </p>
      )}
      {run && (
        <>
          <p>
            Try <Link href={`/console/runs/${run.runId}`}>{run.runId}</Link>:{' '}
            <Status value={run.verdict ?? run.status} />{' '}
            <span class="muted">
              {run.progress.completed} of {run.progress.total} steps done
            </span>
          </p>
          <ol class="try-steps">
            {run.steps.map((s) => {
              const ev = steps[s.index];
              const shot = ev?.media.find((m) => m.kind === 'screenshot');
              const change = ev?.diagnosis?.suggestedChange;
              return (
                <li aria-label={`Step ${s.index + 1} of the try`}>
                  <p>
                    <Status value={s.verdict ?? s.status} /> {s.action} {s.target && <code>{s.target}</code>}
                    {ev && <span class="muted"> · {duration(ev.durationMs)}</span>}
                  </p>
                  {ev && ev.status !== 'passed' && <p>{forPeople(ev.reason)}</p>}
                  {change && (
                    <p>
                      The page has a close match:{' '}
                      <button type="button" onClick={() => props.replaceTarget(s.index, change.target)}>
                        Use “{change.target}” as step {s.index + 1}'s target
                      </button>
                    </p>
                  )}
                  {shot && (
                    <img src={shot.url} alt={`Screenshot after step ${s.index + 1}`} loading="lazy" class="try-shot" />
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
