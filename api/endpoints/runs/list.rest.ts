import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { runStatus } from '../../../core/runs';
import { resourceRunView } from '../../presenters/runs';
import { defineEndpoint, queryInt } from '../../pipeline/model';
import { resourceRun, logEntry } from '../../schemas/runs';

export default defineEndpoint({
  name: 'runs.list',
  bindings: { rest: { method: 'GET', path: '/api/runs' } },
  summary: 'Recent Runs, newest first, by offset.',
  access: 'credential',
  query: z.strictObject({
    limit: queryInt(1, 100, 20),
    offset: queryInt(0, 1_000_000, 0),
    status: runStatus.extract(['queued', 'running', 'retrying', 'passing', 'failed', 'canceled']).optional(),
  }),
  output: z.array(resourceRun.extend({ logs: z.array(logEntry) })),
  async handler(input, { principal, deps }) {
    const runs = await runRepository.listByOffset(
      deps.db.manager,
      principal.orgId,
      input.status,
      input.offset,
      input.limit,
    );
    const steps = await runRepository.steps(
      deps.db.manager,
      runs.map((r) => r.id),
    );
    return runs.map((r) => resourceRunView(r, steps.get(r.id) ?? []));
  },
});
