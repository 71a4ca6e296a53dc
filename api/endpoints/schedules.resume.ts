import { scheduleRepository } from '../../db/repositories/schedules';
import { defineEndpoint } from './model';
import { presentSchedule, scheduleView } from '../presenters/schedules';
import { mirror, owned, scheduleParams, writeAccess } from './shared/schedules';

export default defineEndpoint({
  name: 'schedules.resume',
  bindings: { rest: { method: 'POST', path: '/api/schedules/:scheduleId/resume' } },
  summary: 'Resume a paused schedule: it fires again from its next due time (no catch-up of the pause).',
  access: writeAccess,
  idempotency: 'optional',
  params: scheduleParams,
  output: scheduleView,
  async handler(input, { principal, deps }) {
    const current = await owned(deps, principal.orgId, input.scheduleId);
    if (current.paused !== false)
      await scheduleRepository.change(deps.db.manager, current.id, { paused: false, updatedAt: Date.now() });
    const saved = await owned(deps, principal.orgId, input.scheduleId);
    await mirror(deps, saved);
    return presentSchedule(saved);
  },
});
