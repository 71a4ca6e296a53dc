import { randomUUID } from 'node:crypto';
import { EXIT, QaError, type Api } from './http';
import type { Output } from './output';
import { SCHEDULE_ID, type ScheduleRow } from './shapes';

/** Most schedules `qa schedules list` reads (ten pages): an organization's limit is far below. */
const MAX_PAGES = 10;

const timing = (s: ScheduleRow) => (s.cron ? `cron "${s.cron}" ${s.timezone ?? 'UTC'}` : `every ${s.every}`);

/** `qa schedules list|pause|resume|trigger`: what a person does with schedules from a terminal or a job. */
export async function schedulesCommand(
  api: Api,
  out: Output,
  json: boolean,
  args: string[],
  idempotencyKey?: string,
): Promise<number> {
  const [verb, id, ...extra] = args;
  if (extra.length) throw new QaError(EXIT.usage, `unexpected argument ${extra[0]}`);
  if (verb === 'list') {
    if (id) throw new QaError(EXIT.usage, 'usage: qa schedules list [--json]');
    const rows: ScheduleRow[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: string = `/api/schedules?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer: { items: ScheduleRow[]; nextCursor: string | null } = await api.request('GET', query);
      rows.push(...answer.items);
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    if (json) process.stdout.write(`${JSON.stringify({ schedules: rows })}\n`);
    else if (!rows.length) out.line('no schedules; create one with POST /api/schedules (see docs/schedules.md)');
    for (const s of json ? [] : rows)
      out.line(
        `${s.id}  ${s.name}  ${timing(s)}  ${s.paused ? 'paused' : 'active'}  ${s.state ?? 'no groups yet'}` +
          (s.lastError ? `  last fire queued nothing: ${s.lastError}` : ''),
      );
    return EXIT.passed;
  }
  if (verb !== 'pause' && verb !== 'resume' && verb !== 'trigger')
    throw new QaError(EXIT.usage, 'usage: qa schedules list | pause <id> | resume <id> | trigger <id>');
  if (!id || !SCHEDULE_ID.test(id)) throw new QaError(EXIT.usage, `usage: qa schedules ${verb} <sch_… id>`);
  // One key for every attempt of this command: a retry after a lost answer fires once.
  const key = idempotencyKey ?? randomUUID();
  const answer: ScheduleRow | { id: string; triggered: true } = await api.request(
    'POST',
    `/api/schedules/${id}/${verb}`,
    undefined,
    { 'Idempotency-Key': key },
  );
  if (json) process.stdout.write(`${JSON.stringify(answer)}\n`);
  else
    out.line(
      verb === 'trigger'
        ? `${id}: fired; its group shows in GET /api/schedules/${id} (recentGroups)`
        : `${id}: ${(answer as ScheduleRow).paused ? 'paused' : 'active'}`,
    );
  return EXIT.passed;
}
