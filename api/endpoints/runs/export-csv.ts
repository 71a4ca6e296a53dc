import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { defineEndpoint, queryInt } from '../../pipeline/model';
import { runCsvHeader, runCsvRow } from '../../presenters/runs-csv';
import { runFilterOf, runFilterQuery } from '../../schemas/run-filters';
import { runNames } from '../../runs/names';

/** The most Runs one export holds: enough for weeks of a busy team, small enough to answer in a second or two. */
export const CSV_MAX_ROWS = 10_000;
/** Rows read (and named) per query, so a large export never holds one huge result. */
const BATCH = 1_000;

export default defineEndpoint({
  name: 'runs.export_csv',
  bindings: {
    rest: {
      method: 'GET',
      path: '/api/runs.csv',
      responses: { 200: 'text/csv: a header line, then one line per Run, newest first' },
      headers: { 'X-Total-Count': 'How many Runs match the filters (the file holds at most `limit` of them).' },
    },
  },
  summary: 'The Runs that match the filters of run.list, newest first, as CSV (at most 10,000).',
  description:
    'Columns: Run, Link (its console page), Status, Verdict, Test Case, Test Plan, Environment, Source, Branch, ' +
    'Commit, Created (UTC), Duration (ms). Names, not ids, where the record has one. A cell that starts with ' +
    "= + - or @ is prefixed with ' so a spreadsheet keeps it as text. More than `limit` Runs match: the file " +
    'holds the newest `limit` and X-Total-Count says how many matched; narrow the filters (e.g. createdBefore).',
  access: { scope: 'svc:read' },
  query: z.strictObject({
    ...runFilterQuery,
    limit: queryInt(1, CSV_MAX_ROWS, CSV_MAX_ROWS).describe(
      `Most Runs in the file, 1..${CSV_MAX_ROWS} (default all ${CSV_MAX_ROWS}).`,
    ),
  }),
  output: z.string(),
  async handler(input, { principal, deps, koa }) {
    const db = deps.db.manager;
    const filters = runFilterOf(input);
    const limit = input.limit ?? CSV_MAX_ROWS;
    const base = deps.config.BASE_URL ?? koa.origin;
    const lines = [runCsvHeader];
    let after: string | null = null;
    while (lines.length - 1 < limit) {
      const take = Math.min(BATCH, limit - (lines.length - 1));
      const runs = await runRepository.list(db, principal.orgId, filters, after, take);
      const names = await runNames(db, principal.orgId, runs);
      for (const run of runs) lines.push(runCsvRow(run, names, `${base}/console/runs/${run.id}`));
      if (runs.length < take) break;
      after = runs[runs.length - 1].id;
    }
    koa.set('X-Total-Count', String(await runRepository.count(db, principal.orgId, filters)));
    koa.set('Content-Disposition', 'attachment; filename="runs.csv"');
    koa.set('Cache-Control', 'private, no-store');
    koa.type = 'text/csv; charset=utf-8';
    koa.body = lines.join('\r\n') + '\r\n';
    return undefined;
  },
});
