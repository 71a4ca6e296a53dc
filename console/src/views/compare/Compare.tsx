import { op, type EvidenceStep, type RunState } from '../../lib/contract';
import { Link } from '../../lib/router';
import { duration, Pending, Status, Time, useLoad, type Loaded, Table } from '../../lib/ui';
import { firstDifference, outcomeOf } from './difference';

interface Side {
  run: RunState;
  name?: string;
  steps: EvidenceStep[];
}

/** One Run of the comparison, read as a script would: run.get, run.evidence, and its case's name. */
async function readSide(runId: string): Promise<Side> {
  const run = await op('run.get', { runId });
  const [evidence, testCase] = await Promise.all([
    op('run.evidence', { runId }),
    run.testCaseId ? op('test_case.get', { testCaseId: run.testCaseId }) : undefined,
  ]);
  return { run, name: testCase?.name, steps: evidence.steps };
}

/** Two Runs side by side (`/console/compare?a=…&b=…`): steps, verdicts, durations, screenshots, facts. */
export function Compare({ url }: { url: URL }) {
  const a = url.searchParams.get('a') ?? '';
  const b = url.searchParams.get('b') ?? '';
  const left = useLoad(() => readSide(a), [a]);
  const right = useLoad(() => readSide(b), [b]);
  if (!a || !b)
    return (
      <>
        <h1>Compare Runs</h1>
        <p>Open a Run and choose "Compare with…" to compare it with another.</p>
      </>
    );
  return (
    <>
      <h1>Compare Runs</h1>
      {(!left.value || !right.value) && (
        <>
          <Problem side={left} which="A" runId={a} />
          <Problem side={right} which="B" runId={b} />
        </>
      )}
      {left.value && right.value && <Comparison a={left.value} b={right.value} />}
    </>
  );
}

function Problem({ side, which, runId }: { side: Loaded<Side>; which: string; runId: string }) {
  if (side.value) return null;
  return <Pending loaded={side} what={`Run ${which} (${runId})`} />;
}

function Comparison({ a, b }: { a: Side; b: Side }) {
  const differs = firstDifference(a.steps, b.steps);
  const indices = [...new Set([...a.run.steps, ...b.run.steps].map((s) => s.index))].sort((x, y) => x - y);
  const step = (side: Side, i: number) => side.steps.find((s) => s.index === i);
  const label = (i: number) => {
    const s =
      step(a, i) ?? step(b, i) ?? a.run.steps.find((x) => x.index === i) ?? b.run.steps.find((x) => x.index === i);
    return s ? `${i + 1}. ${s.action}${s.target ? ` ${s.target}` : ''}` : `${i + 1}.`;
  };
  return (
    <>
      <Table label="The two Runs" headers={['Run', 'Test Case', 'Environment', 'Verdict', 'Queued', 'Steps took']}>
        {(
          [
            ['A', a],
            ['B', b],
          ] as const
        ).map(([which, side]) => (
          <tr data-side={which}>
            <th scope="row">
              <Link href={`/console/runs/${side.run.runId}`}>Run {which}</Link>{' '}
              <small class="muted">
                <code>{side.run.runId}</code>
              </small>
            </th>
            <td>
              {side.run.testCaseId ? (
                <Link href={`/console/test-cases/${side.run.testCaseId}`}>{side.name ?? side.run.testCaseId}</Link>
              ) : (
                "a plan's own steps"
              )}
            </td>
            <td>{side.run.environmentSlug ?? 'explicit targets'}</td>
            <td>
              <Status value={side.run.verdict ?? side.run.status} />
            </td>
            <td>
              <Time ms={side.run.createdAt} />
            </td>
            <td>{duration(side.steps.reduce((n, s) => n + s.durationMs, 0))}</td>
          </tr>
        ))}
      </Table>
      <p role="status" class="first-difference-summary">
        {differs === undefined ? (
          'No step differs: the same steps with the same outcomes.'
        ) : (
          <>
            First difference: <strong>step {label(differs)}</strong> — {describe(step(a, differs))} in A,{' '}
            {describe(step(b, differs))} in B.
          </>
        )}
      </p>
      <Table label="Steps side by side" class="compare" headers={['Step', 'Run A', 'Run B']}>
        {indices.map((i) => (
          <tr class={i === differs ? 'first-difference' : undefined} data-step={i}>
            <th scope="row">
              {label(i)}
              {i === differs && <strong class="difference-mark"> First difference</strong>}
            </th>
            <StepCell s={step(a, i)} which="A" />
            <StepCell s={step(b, i)} which="B" />
          </tr>
        ))}
      </Table>
    </>
  );
}

const describe = (s: EvidenceStep | undefined) =>
  s ? `${outcomeOf(s)}${s.target ? ` (${s.action} ${s.target})` : ''}` : 'not run';

function StepCell({ s, which }: { s: EvidenceStep | undefined; which: string }) {
  if (!s)
    return (
      <td>
        <span class="muted">not run</span>
      </td>
    );
  const shot = s.media.find((m) => m.kind === 'screenshot');
  return (
    <td>
      <Status value={outcomeOf(s)} /> <small class="muted">{duration(s.durationMs)}</small>
      {s.reason && <p>{s.reason}</p>}
      {shot && (
        <img class="shot compare-shot" src={shot.url} alt={`Run ${which}, screenshot after step ${s.index + 1}`} />
      )}
      {Object.keys(s.observed).length > 0 && (
        <details>
          <summary>Facts observed</summary>
          <pre>{JSON.stringify(s.observed, null, 2)}</pre>
        </details>
      )}
    </td>
  );
}
