import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { fireNow } from '../../schedules/temporal';
import { defineEndpoint } from '../../pipeline/model';
import { owned, scheduleParams, writeAccess } from './shared';

export default defineEndpoint({
  name: 'schedules.trigger',
  bindings: { rest: { method: 'POST', path: '/api/schedules/:scheduleId/trigger', status: 202 } },
  summary: 'Fire a schedule now (also when paused), besides its timing; the group appears in its recentGroups.',
  description:
    'Send an Idempotency-Key header: a retried request with the same key fires once. The fire runs even when a ' +
    'group of this schedule is still running; workflowId names it in Temporal.',
  access: writeAccess,
  idempotency: 'optional',
  params: scheduleParams,
  output: z.object({ id: z.string(), triggered: z.literal(true), workflowId: z.string() }),
  async handler(input, { principal, deps }) {
    const schedule = await owned(deps, principal.orgId, input.scheduleId);
    let workflowId: string;
    try {
      workflowId = await fireNow(await deps.temporal(), deps.config, schedule);
    } catch {
      // A fresh workflow id cannot be taken: a failure here is Temporal out of reach.
      throw new AppError(
        'UNAVAILABLE',
        'the schedule could not be fired now: Temporal is not reachable; retry shortly',
        undefined,
        {
          'Retry-After': '5',
        },
      );
    }
    return { id: schedule.id, triggered: true as const, workflowId };
  },
});
