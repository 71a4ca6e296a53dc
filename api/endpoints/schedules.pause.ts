import { scheduleRepository } from '../../db/repositories/schedules';
import { defineEndpoint } from './model';
import { presentSchedule, scheduleView } from '../presenters/schedules';
import { mirror, owned, scheduleParams, writeAccess } from './shared/schedules';

export default defineEndpoint({
  name: 'schedules.pause',
  bindings: { rest: { method: 'POST', path: '/api/schedules/:scheduleId/pause' } },
  summary: 'Pause a schedule: it does not fire until resumed (pausing twice is harmless).',
  access: writeAccess,
  idempotency: 'optional',
  params: scheduleParams,
  output: scheduleView,
  async handler(input, { principal, deps }) {
    const current = await owned(deps, principal.orgId, input.scheduleId);
    if (current.paused !== true)
      await scheduleRepository.change(deps.db.manager, current.id, { paused: true, updatedAt: Date.now() });
    const saved = await owned(deps, principal.orgId, input.scheduleId);
    await mirror(deps, saved);
    return presentSchedule(saved);
  },
});
