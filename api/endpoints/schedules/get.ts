import { scheduleRepository } from '../../../db/repositories/schedules';
import { defineEndpoint } from '../../pipeline/model';
import { presentScheduleDetail, scheduleDetailView } from '../../presenters/schedules';
import { nextFireAt } from '../../schedules/temporal';
import { owned, scheduleParams } from './shared';

export default defineEndpoint({
  name: 'schedules.get',
  bindings: { rest: { method: 'GET', path: '/api/schedules/:scheduleId' } },
  summary: 'One schedule: its state, when it fires next and its latest groups.',
  access: 'credential',
  params: scheduleParams,
  output: scheduleDetailView,
  async handler(input, { principal, deps }) {
    const schedule = await owned(deps, principal.orgId, input.scheduleId);
    const fires = await scheduleRepository.recentFires(deps.db.manager, schedule.id, 10);
    // The next fire is Temporal's to say; the record stands on its own when Temporal is away.
    const next = await deps
      .temporal()
      .then((client) => nextFireAt(client, schedule.id))
      .catch(() => null);
    return presentScheduleDetail(schedule, fires, next);
  },
});
