import { limitsOf } from '../../../core/config';
import { newId } from '../../../core/ids';
import type { Schedule } from '../../../db/entities/schedules';
import { scheduleRepository } from '../../../db/repositories/schedules';
import { defineEndpoint } from '../../pipeline/model';
import { presentSchedule, scheduleView } from '../../presenters/schedules';
import { checkSchedule, createBody, limitReached, mirror, writeAccess } from './shared';

export default defineEndpoint({
  name: 'schedules.create',
  bindings: { rest: { method: 'POST', path: '/api/schedules', status: 201 } },
  summary: 'Schedule a Test Plan: a cron expression in a time zone, or a fixed interval.',
  description:
    'Each fire queues the plan as POST /api/trigger does (trigger.source "schedule", the schedule id on every Run) ' +
    'through the Temporal Schedule schedule-<id>. Send an Idempotency-Key header to make retries safe. At most ' +
    'SCHEDULES_MAX_PER_ORG schedules (default 50; one more is RESOURCE_EXHAUSTED); fires at least ' +
    'SCHEDULE_MIN_INTERVAL_SECONDS apart (default 60).',
  access: writeAccess,
  idempotency: 'optional',
  body: createBody,
  output: scheduleView,
  async handler(input, { principal, deps }) {
    const orgId = principal.orgId;
    const max = limitsOf(deps.config, orgId).maxSchedules;
    if ((await scheduleRepository.count(deps.db.manager, orgId)) >= max) throw limitReached(max);
    const now = Date.now();
    const schedule: Schedule = {
      id: newId('sch'),
      orgId,
      name: input.name.trim(),
      testPlanId: input.testPlanId,
      environmentSlug: input.environmentSlug ?? null,
      targets: input.targets ?? null,
      cron: input.cron?.trim() ?? null,
      timezone: input.timezone ?? null,
      every: input.every ?? null,
      jitter: input.jitter ?? null,
      paused: input.paused,
      overlap: input.overlap,
      revision: 1,
      state: null,
      stateChangedAt: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
    };
    await checkSchedule(deps, orgId, schedule);
    await scheduleRepository.insert(deps.db.manager, schedule);
    await mirror(deps, schedule);
    return presentSchedule(schedule);
  },
  async onReplay(output, { principal, deps }) {
    const schedule = await scheduleRepository.get(deps.db.manager, principal.orgId, output.id);
    if (schedule) await mirror(deps, schedule);
  },
});
