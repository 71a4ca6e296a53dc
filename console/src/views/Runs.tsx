import { useEffect, useState } from 'preact/hooks';
import { v1 } from '../lib/api';
import { Link, navigate } from '../lib/router';
import { duration, Status, Time } from '../lib/ui';

interface RunSummary {
  runId: string;
  status: string;
  verdict?: string;
  testCaseId?: string | null;
  testPlanId?: string | null;
  planGroupRunId?: string | null;
  environmentSlug?: string | null;
  branch?: string | null;
  commitSha?: string | null;
  source?: 'ci' | 'schedule' | 'manual' | 'mcp';
  durationMs?: number | null;
  createdAt: number;
  updatedAt: number;
}
interface Page {
  items: RunSummary[];
  nextCursor: string | null;
}

const STATUSES = ['', 'queued', 'running', 'retrying', 'passing', 'failed', 'unverified', 'canceled', 'invalid'];
const FILTERS = ['status', 'testCaseId', 'environmentSlug', 'branch'] as const;
const ENDED = new Set(['passing', 'failed', 'unverified', 'canceled', 'invalid']);
const SOURCES = { ci: 'CI', schedule: 'schedule', manual: 'manual', mcp: 'MCP' } as const;

/** How long a Run took (runner start to end), or how long it has been waiting or running. */
function runDuration(r: RunSummary): string {
  if (r.durationMs != null) return duration(r.durationMs);
  return ENDED.has(r.status) ? duration(r.updatedAt - r.createdAt) : 'in progress';
}
/** The first page is read again this often: one request per open console, however many Runs it shows. */
const FOLLOW_MS = 2_000;

/** The Runs list: filters and page in the address, the first page followed live. */
export function Runs({ url }: { url: URL }) {
  const filters = Object.fromEntries(FILTERS.map((f) => [f, url.searchParams.get(f) ?? ''])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const cursor = url.searchParams.get('cursor') ?? undefined;
  const [page, setPage] = useState<Page>();
  const [error, setError] = useState<string>();
  const [readAt, setReadAt] = useState<number>();

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const body: Record<string, unknown> = { limit: 50, ...(cursor ? { cursor } : {}) };
    for (const f of FILTERS) if (filters[f]) body[f] = filters[f];
    const read = async () => {
      try {
        const next = await v1<Page>('run.list', body);
        if (stopped) return;
        setPage(next);
        setError(undefined);
        setReadAt(Date.now());
      } catch (e) {
        if (!stopped) setError((e as Error).message);
      }
      // Later pages stand still (their cursor is a fixed point); the first one follows new Runs.
      if (!stopped && !cursor) timer = setTimeout(read, document.hidden ? FOLLOW_MS * 5 : FOLLOW_MS);
    };
    setPage(undefined);
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [url.search]);

  const submit = (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const q = new URLSearchParams();
    for (const f of FILTERS) {
      const v = String(form.get(f) ?? '').trim();
      if (v) q.set(f, v);
    }
    navigate(`/console/runs${q.size ? `?${q}` : ''}`);
  };
  const nextHref = () => {
    const q = new URLSearchParams(url.search);
    q.set('cursor', page!.nextCursor!);
    return `/console/runs?${q}`;
  };
  const firstHref = () => {
    const q = new URLSearchParams(url.search);
    q.delete('cursor');
    return `/console/runs${q.size ? `?${q}` : ''}`;
  };

  return (
    <>
      <h1>Runs</h1>
      <form class="filters" onSubmit={submit} aria-label="Filter Runs">
        <label>
          Status
          <select name="status" value={filters.status}>
            {STATUSES.map((s) => (
              <option value={s}>{s || 'any'}</option>
            ))}
          </select>
        </label>
        <label>
          Test Case id
          <input name="testCaseId" value={filters.testCaseId} placeholder="tc_…" />
        </label>
        <label>
          Environment
          <input name="environmentSlug" value={filters.environmentSlug} />
        </label>
        <label>
          Branch
          <input name="branch" value={filters.branch} />
        </label>
        <button type="submit">Apply</button>
      </form>
      <p class="muted" aria-live="off">
        {cursor ? 'An earlier page (not followed live). ' : 'Following new Runs live. '}
        {readAt && (
          <>
            Read at <Time ms={readAt} />.
          </>
        )}
      </p>
      {error && (
        <p role="alert" class="error">
          Could not read Runs: {error}
        </p>
      )}
      {!page ? (
        !error && <p aria-busy="true">Reading Runs…</p>
      ) : page.items.length === 0 ? (
        <p>No Runs match.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Runs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Status</th>
                <th scope="col">Verdict</th>
                <th scope="col">Test Case or plan</th>
                <th scope="col">Environment</th>
                <th scope="col">Source</th>
                <th scope="col">Branch and commit</th>
                <th scope="col">Started</th>
                <th scope="col">Duration</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((r) => (
                <tr key={r.runId} data-run-id={r.runId}>
                  <td>
                    <Link href={`/console/runs/${r.runId}`}>{r.runId}</Link>
                  </td>
                  <td>
                    <Status value={r.status} />
                  </td>
                  <td>{r.verdict ?? '–'}</td>
                  <td>
                    {r.testCaseId && <Link href={`/console/test-cases/${r.testCaseId}`}>{r.testCaseId}</Link>}
                    {r.testCaseId && r.planGroupRunId && ' in '}
                    {r.planGroupRunId ? (
                      <Link href={`/console/plan-groups/${r.planGroupRunId}`}>{r.testPlanId}</Link>
                    ) : (
                      !r.testCaseId && (r.testPlanId ?? '–')
                    )}
                  </td>
                  <td>{r.environmentSlug ?? '–'}</td>
                  <td>{r.source ? SOURCES[r.source] : '–'}</td>
                  <td>
                    {r.branch ?? '–'} {r.commitSha && <code title={r.commitSha}>{r.commitSha.slice(0, 8)}</code>}
                  </td>
                  <td>
                    <Time ms={r.createdAt} />
                  </td>
                  <td>{runDuration(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav class="pager" aria-label="Pages of Runs">
        {cursor && <Link href={firstHref()}>Newest Runs</Link>}
        {page?.nextCursor && <Link href={nextHref()}>Older Runs</Link>}
      </nav>
    </>
  );
}
