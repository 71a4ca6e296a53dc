import { op } from '../lib/contract';
import { useLoad } from '../lib/ui';

/** The Runs list's filters: the names run.list (and GET /api/runs.csv) take, so the address is the query. */
export const FILTERS = [
  'q',
  'status',
  'verdict',
  'testCaseId',
  'testPlanId',
  'environmentSlug',
  'platform',
  'source',
  'branch',
  'commitSha',
  'createdFrom',
  'createdBefore',
] as const;
export type Filters = Record<(typeof FILTERS)[number], string>;

const STATUSES = ['queued', 'running', 'retrying', 'passing', 'failed', 'unverified', 'canceled', 'invalid'];
const VERDICTS = ['passed', 'failed', 'unverified'];
const PLATFORMS = ['web', 'api', 'ios', 'android'];
/** run.list's sources in a reader's words; "manual" is a script calling the API. */
export const SOURCES = { ci: 'CI', schedule: 'schedule', console: 'console', mcp: 'MCP', manual: 'API' } as const;

export const filtersOf = (url: URL) =>
  Object.fromEntries(FILTERS.map((f) => [f, url.searchParams.get(f) ?? ''])) as Filters;

/** The run.list body of the address's filters (times as numbers). */
export function bodyOf(filters: Filters): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of FILTERS) if (filters[f]) body[f] = f.startsWith('created') ? Number(filters[f]) : filters[f];
  return body;
}

const DAY = 86_400_000;
/** A date input's value (local day) of epoch ms, and back; "to" days are inclusive, so the bound is the next day. */
const dayOf = (ms: string, end = false) => {
  if (!ms) return '';
  const d = new Date(Number(ms) - (end ? DAY : 0));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const msOf = (day: string, end = false) => {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  return String(new Date(y, m - 1, d + (end ? 1 : 0)).getTime());
};

/** The filters of a submitted form, as an address query (empty fields left out). */
export function queryOfForm(form: HTMLFormElement): URLSearchParams {
  const data = new FormData(form);
  const q = new URLSearchParams();
  for (const f of FILTERS) {
    let v = String(data.get(f) ?? '').trim();
    if (f === 'createdFrom') v = msOf(v);
    if (f === 'createdBefore') v = msOf(v, true);
    if (v) q.set(f, v);
  }
  return q;
}

/** A select of records by name; an id from the address that is not among them stays selected, named as unknown. */
function Pick(props: { label: string; name: string; value: string; options: Array<[string, string]> }) {
  const known = !props.value || props.options.some(([v]) => v === props.value);
  return (
    <label>
      {props.label}
      <select name={props.name}>
        <option value="" selected={!props.value}>
          any
        </option>
        {!known && (
          <option value={props.value} selected>
            (not in this organization)
          </option>
        )}
        {props.options.map(([v, text]) => (
          <option value={v} selected={v === props.value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

const choices = (values: string[]): Array<[string, string]> => values.map((v) => [v, v]);

/**
 * The filter form: every filter by name, never by typing an id. Its fields are uncontrolled (the
 * list re-renders every 2 s and must not undo what a person is typing); the list gives it a key
 * per address, so a new address starts it afresh.
 */
export function RunFilterForm({ filters, onSubmit }: { filters: Filters; onSubmit: (e: Event) => void }) {
  const lists = useLoad(
    () =>
      Promise.all([
        op('test_case.list', { limit: 100 }),
        op('test_plan.list', { limit: 100 }),
        op('environment.list', { limit: 100 }),
      ]),
    [],
  );
  const [cases, plans, envs] = lists.value ?? [{ items: [] }, { items: [] }, { items: [] }];
  return (
    <form class="filters" onSubmit={onSubmit} aria-label="Filter Runs">
      <label>
        Search names
        <input
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder="case, plan, environment, branch or Run id"
        />
      </label>
      <Pick label="Status" name="status" value={filters.status} options={choices(STATUSES)} />
      <Pick label="Verdict" name="verdict" value={filters.verdict} options={choices(VERDICTS)} />
      <Pick
        label="Test Case"
        name="testCaseId"
        value={filters.testCaseId}
        options={cases.items.map((c) => [c.id, c.name])}
      />
      <Pick
        label="Test Plan"
        name="testPlanId"
        value={filters.testPlanId}
        options={plans.items.map((p) => [p.id, p.name])}
      />
      <Pick
        label="Environment"
        name="environmentSlug"
        value={filters.environmentSlug}
        options={envs.items.map((e) => [e.slug, e.slug])}
      />
      <Pick label="Platform" name="platform" value={filters.platform} options={choices(PLATFORMS)} />
      <Pick label="Source" name="source" value={filters.source} options={Object.entries(SOURCES)} />
      <label>
        Branch
        <input name="branch" defaultValue={filters.branch} />
      </label>
      <label>
        Commit
        <input name="commitSha" defaultValue={filters.commitSha} placeholder="abc1234" size={10} />
      </label>
      <label>
        From
        <input name="createdFrom" type="date" defaultValue={dayOf(filters.createdFrom)} />
      </label>
      <label>
        To
        <input name="createdBefore" type="date" defaultValue={dayOf(filters.createdBefore, true)} />
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}
