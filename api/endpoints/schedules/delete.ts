import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { scheduleRepository } from '../../../db/repositories/schedules';
import { removeSchedule } from '../../schedules/temporal';
import { defineEndpoint } from '../../pipeline/model';
import { scheduleParams, writeAccess } from './shared';

export default defineEndpoint({
  name: 'schedules.delete',
  bindings: { rest: { method: 'DELETE', path: '/api/schedules/:scheduleId' } },
  summary: 'Delete a schedule and its Temporal Schedule; a group already running finishes.',
  access: writeAccess,
  idempotency: 'optional',
  params: scheduleParams,
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler(input, { principal, deps }) {
    if (!(await scheduleRepository.delete(deps.db.manager, principal.orgId, input.scheduleId)))
      throw notFound(`Schedule ${input.scheduleId}`);
    // A Schedule left behind (Temporal away) fires into nothing and the reconciler deletes it.
    await removeSchedule(await deps.temporal(), input.scheduleId).catch((error: Error) =>
      deps.log.warn('schedule not removed from Temporal yet; the reconciler retries', {
        scheduleId: input.scheduleId,
        error: error.message,
      }),
    );
    return { id: input.scheduleId, deleted: true as const };
  },
});
