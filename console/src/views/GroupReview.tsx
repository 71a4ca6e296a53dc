import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, call, newKey } from '../lib/api';
import { op, route, type EvidenceStep, type RouteAnswer } from '../lib/contract';
import { Link } from '../lib/router';
import { useCan } from '../lib/session';
import { forPeople, Pending, useLoad } from '../lib/ui';
import { DiffView, type Visual } from './DiffView';

type Group = RouteAnswer<'plan_groups.get'>;
/** One changed step of one member's Run; accepting takes the Run's screenshots as the baseline. */
interface Change {
  runId: string;
  member: string;
  step: number;
  what: string;
  visual: Visual;
}

/** Every changed step of the group's Runs, and which Runs were already accepted. */
async function readChanges(id: string): Promise<{ group: Group; changes: Change[]; accepted: Set<string> }> {
  const group = await route('plan_groups.get', 'GET', `/api/plan-groups/${id}`);
  const changes: Change[] = [];
  const accepted = new Set<string>();
  for (const m of group.members) {
    if (!m.runId) continue;
    const [state, evidence] = await Promise.all([
      op('run.get', { runId: m.runId }),
      op('run.evidence', { runId: m.runId }).catch(() => ({ steps: [] as EvidenceStep[] })),
    ]);
    if (state.visualAcceptance) accepted.add(m.runId);
    for (const s of evidence.steps)
      if (s.visual && s.visual.changedRatio > 0)
        changes.push({
          runId: m.runId,
          member: m.name,
          step: s.index + 1,
          what: `${s.action}${s.target ? ` ${s.target}` : ''}`,
          visual: s.visual,
        });
  }
  return { group, changes, accepted };
}

/**
 * Review every visual change of a plan group in one pass: one change at a time with its diff,
 * next / previous / accept from the keyboard (n, p, a; or the arrow keys), each move announced,
 * and Accept all. Accepting is the same POST /api/runs/{runId}/visual/accept a script sends, with
 * one key per Run kept across retries.
 */
export function GroupReview({ id }: { id: string }) {
  const can = useCan()('svc:runs:write');
  const loaded = useLoad(() => readChanges(id), [id]);
  const [at, setAt] = useState(0);
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const [announce, setAnnounce] = useState('');
  const [error, setError] = useState<string>();
  const keys = useRef(new Map<string, string>());
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (loaded.value) setAccepted(new Set(loaded.value.accepted));
  }, [loaded.value]);
  const changes = loaded.value?.changes ?? [];
  const current = changes[at];

  const say = (index: number, prefix = '') => {
    const c = changes[index];
    if (c) setAnnounce(`${prefix}Change ${index + 1} of ${changes.length}: ${c.member}, step ${c.step}`);
  };
  const go = (delta: number) => {
    const next = Math.min(changes.length - 1, Math.max(0, at + delta));
    setAt(next);
    say(next);
  };
  const accept = async (runIds: string[]) => {
    setError(undefined);
    const done = new Set(accepted);
    for (const runId of runIds) {
      if (done.has(runId)) continue;
      const key = keys.current.get(runId) ?? newKey();
      keys.current.set(runId, key);
      try {
        await call('POST', `/api/runs/${runId}/visual/accept`, { key });
        done.add(runId);
      } catch (e) {
        setError(`Accept failed: ${e instanceof ApiError ? forPeople(e.message) : String(e)}`);
        break;
      }
    }
    setAccepted(done);
    return done;
  };
  const acceptCurrent = async () => {
    if (!current || !can) return;
    const done = await accept([current.runId]);
    if (!done.has(current.runId)) return;
    const next = changes.findIndex((c, i) => i > at && !done.has(c.runId));
    if (next >= 0) {
      setAt(next);
      say(next, `Accepted ${current.member}. `);
    } else setAnnounce(`Accepted ${current.member}. Every change of this group is accepted.`);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'n' || e.key === 'ArrowRight') go(1);
    else if (e.key === 'p' || e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'a') void acceptCurrent();
    else return;
    e.preventDefault();
  };

  if (!loaded.value) return <Pending loaded={loaded} what={`the visual changes of plan group ${id}`} />;
  const { group } = loaded.value;
  const runs = [...new Set(changes.map((c) => c.runId))];
  const left = runs.filter((r) => !accepted.has(r));
  return (
    <>
      <h1>Visual review: {group.planName}</h1>
      <p>
        <Link href={`/console/plan-groups/${id}`}>Back to the plan group</Link> · {changes.length} changed{' '}
        {changes.length === 1 ? 'step' : 'steps'} in {runs.length} {runs.length === 1 ? 'Run' : 'Runs'}, {left.length}{' '}
        not accepted yet
      </p>
      <p aria-live="polite" role="status" class="muted">
        {announce}
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {changes.length === 0 ? (
        <p>No step of this group's Runs looks different from its baseline: nothing to review.</p>
      ) : (
        <>
          <div class="actions">
            <button type="button" onClick={() => go(-1)} disabled={at === 0} aria-keyshortcuts="p ArrowLeft">
              Previous
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              disabled={at >= changes.length - 1}
              aria-keyshortcuts="n ArrowRight"
            >
              Next
            </button>
            <button
              type="button"
              onClick={acceptCurrent}
              disabled={!can || accepted.has(current.runId)}
              aria-keyshortcuts="a"
            >
              Accept this change
            </button>
            <button
              type="button"
              disabled={!can || left.length === 0}
              onClick={async () => {
                const done = await accept(runs);
                if (runs.every((r) => done.has(r))) setAnnounce(`Accepted all ${runs.length} Runs' changes.`);
              }}
            >
              Accept all ({left.length})
            </button>
            {!can && <small class="muted"> needs svc:runs:write</small>}
          </div>
          <section
            ref={region}
            tabIndex={0}
            onKeyDown={onKey}
            aria-labelledby="change-title"
            aria-describedby="review-keys"
            class="review"
          >
            <h2 id="change-title">
              Change {at + 1} of {changes.length}: {current.member}, step {current.step} ({current.what})
              {accepted.has(current.runId) && <span class="badge badge-passing"> accepted</span>}
            </h2>
            <p id="review-keys" class="muted">
              Keys: n or → next, p or ← previous, a accept.{' '}
              <Link href={`/console/runs/${current.runId}`}>Open the Run</Link>
            </p>
            <DiffView visual={current.visual} step={current.step} />
          </section>
        </>
      )}
    </>
  );
}
