import { useEffect, useState } from 'preact/hooks';
import { v1 } from '../lib/api';
import type { Answer, RunSummary } from '../lib/contract';
import { Link, navigate } from '../lib/router';
import { CopyId, duration, Status, Time } from '../lib/ui';
import { bodyOf, filtersOf, queryOfForm, RunFilterForm, SOURCES } from './RunFilters';
import { SavedViews } from './SavedViews';

/** run.list's answer, typed by its definition. */
type Page = Answer<'run.list'>;

const ENDED = new Set(['passing', 'failed', 'unverified', 'canceled', 'invalid']);

/** A Run by what it ran: its Test Case, else its plan (a plan's own steps). */
const runName = (r: RunSummary) =>
  r.testCaseName ?? r.testPlanName ?? (r.testCaseId || r.testPlanId ? 'a deleted case' : 'Run');

/** How long a Run took (runner start to end), or how long it has been waiting or running. */
function runDuration(r: RunSummary): string {
  if (r.durationMs != null) return duration(r.durationMs);
  return ENDED.has(r.status) ? duration(r.updatedAt - r.createdAt) : 'in progress';
}
/** The first page is read again this often: one request per open console, however many Runs it shows. */
const FOLLOW_MS = 2_000;

/**
 * The Runs list: every filter and the page in the address (a link is a saved, shareable view), the
 * total of the filter, the member's saved views, the CSV export of the same filters, and the first
 * page followed live.
 */
export function Runs({ url }: { url: URL }) {
  const filters = filtersOf(url);
  const cursor = url.searchParams.get('cursor') ?? undefined;
  const [page, setPage] = useState<Page>();
  const [error, setError] = useState<string>();
  const [readAt, setReadAt] = useState<number>();

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const body = { ...bodyOf(filters), includeTotal: true, limit: 50, ...(cursor ? { cursor } : {}) };
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
    const q = queryOfForm(e.currentTarget as HTMLFormElement);
    navigate(`/console/runs${q.size ? `?${q}` : ''}`);
  };
  const filterQuery = new URLSearchParams(url.search);
  filterQuery.delete('cursor');
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
      <RunFilterForm key={url.search} filters={filters} onSubmit={submit} />
      <p class="actions">
        <span role="status" aria-live="polite">
          {page && `${(page.total ?? 0).toLocaleString('en')} ${page.total === 1 ? 'Run matches' : 'Runs match'}`}
        </span>
        <a href={`/api/runs.csv${filterQuery.size ? `?${filterQuery}` : ''}`} download="runs.csv">
          Export CSV
        </a>
        <small class="muted">(the newest 10,000 at most)</small>
      </p>
      <SavedViews query={filterQuery} />
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
                <th scope="col">Plan</th>
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
                    <Link href={`/console/runs/${r.runId}`}>{runName(r)}</Link>
                    <br />
                    <CopyId id={r.runId} what="Run" />
                  </td>
                  <td>
                    <Status value={r.status} />
                  </td>
                  <td>{r.verdict ?? '–'}</td>
                  <td>
                    {r.planGroupRunId ? (
                      <Link href={`/console/plan-groups/${r.planGroupRunId}`}>{r.testPlanName ?? 'plan group'}</Link>
                    ) : (
                      (r.testCaseId && r.testPlanName) || '–'
                    )}
                  </td>
                  <td>{r.environmentSlug ? <Link href="/console/environments">{r.environmentSlug}</Link> : '–'}</td>
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
