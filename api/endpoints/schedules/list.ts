import { z } from 'zod';
import { scheduleRepository } from '../../../db/repositories/schedules';
import { decodeCursor, pageFrom } from '../../pipeline/pagination';
import { defineEndpoint, queryInt } from '../../pipeline/model';
import { presentSchedule, scheduleView } from '../../presenters/schedules';

export default defineEndpoint({
  name: 'schedules.list',
  bindings: { rest: { method: 'GET', path: '/api/schedules' } },
  summary: "The organization's schedules, newest first, a page at a time.",
  access: 'credential',
  query: z.strictObject({
    limit: queryInt(1, 100, 20),
    cursor: z.string().max(500).optional().describe("The previous page's nextCursor."),
  }),
  output: z.object({
    items: z.array(scheduleView),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
  }),
  async handler(input, { principal, deps }) {
    const after = decodeCursor(input.cursor, {});
    const rows = await scheduleRepository.list(deps.db.manager, principal.orgId, after, input.limit + 1);
    return pageFrom(rows, input.limit, {}, presentSchedule);
  },
});
