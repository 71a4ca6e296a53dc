import type { Schedule } from '../../../db/entities/schedules';
import { scheduleRepository } from '../../../db/repositories/schedules';
import { defineEndpoint } from '../../pipeline/model';
import { presentSchedule, scheduleView } from '../../presenters/schedules';
import { checkSchedule, mirror, owned, scheduleParams, updateBody, writeAccess } from './shared';

export default defineEndpoint({
  name: 'schedules.update',
  bindings: { rest: { method: 'PATCH', path: '/api/schedules/:scheduleId' } },
  summary: 'Change a schedule; the next fire uses the change (a running group goes on as it was).',
  access: writeAccess,
  idempotency: 'optional',
  params: scheduleParams,
  body: updateBody,
  output: scheduleView,
  async handler(input, { principal, deps }) {
    const { scheduleId, ...patch } = input;
    const current = await owned(deps, principal.orgId, scheduleId);
    const timing = patch.cron
      ? { cron: patch.cron.trim(), every: null, timezone: patch.timezone ?? current.timezone }
      : patch.every
        ? { every: patch.every, cron: null, timezone: null }
        : patch.timezone !== undefined
          ? { timezone: patch.timezone }
          : {};
    const changes: Partial<Schedule> = {
      ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
      ...(patch.testPlanId !== undefined ? { testPlanId: patch.testPlanId } : {}),
      ...(patch.environmentSlug !== undefined ? { environmentSlug: patch.environmentSlug } : {}),
      ...(patch.targets !== undefined ? { targets: patch.targets } : {}),
      ...(patch.jitter !== undefined ? { jitter: patch.jitter } : {}),
      ...(patch.paused !== undefined ? { paused: patch.paused } : {}),
      ...(patch.overlap !== undefined ? { overlap: patch.overlap } : {}),
      ...timing,
      updatedAt: Date.now(),
    };
    const merged = { ...current, ...changes };
    await checkSchedule(deps, principal.orgId, merged);
    await scheduleRepository.change(deps.db.manager, scheduleId, { ...changes, timezone: merged.timezone });
    const saved = await owned(deps, principal.orgId, scheduleId);
    await mirror(deps, saved);
    return presentSchedule(saved);
  },
  async onReplay(output, { principal, deps }) {
    const schedule = await scheduleRepository.get(deps.db.manager, principal.orgId, output.id);
    if (schedule) await mirror(deps, schedule);
  },
});
