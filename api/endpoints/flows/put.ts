import { z } from 'zod';
import { flowRepository } from '../../../db/repositories/flows';
import { description, recordName } from '../../schemas/catalog';
import { invalid } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { flowRecord } from '../../plans/schemas';
import { resourceSteps } from '../../../core/steps';
import { flowView } from '../../presenters/plans';
import { defineEndpoint } from '../../pipeline/model';
import { slugParams } from './params';

export default defineEndpoint({
  name: 'flows.put',
  bindings: { rest: { method: 'PUT', path: '/api/flows/:slug' } },
  summary: 'Save a flow (create, or replace its name, description and steps).',
  description:
    'A step {"action":"flow","target":"<slug>"} in a plan or another flow is replaced by these steps when ' +
    'Runs are queued, so a change here applies to the next Run. Flows may nest 5 deep; cycles are refused then.',
  access: { scope: 'svc:plans:write' },
  params: slugParams,
  body: z.strictObject({ name: recordName, description: description.optional(), steps: resourceSteps.min(1) }),
  output: flowRecord,
  async handler(input, { principal, deps }) {
    const self = input.steps.findIndex((s) => s.action === 'flow' && s.target === input.slug);
    if (self >= 0) throw invalid(`steps[${self}]: flow "${input.slug}" cannot use itself`);
    const now = Date.now();
    const saved = await flowRepository.save(deps.db.manager, {
      id: newId('flow'),
      orgId: principal.orgId,
      slug: input.slug,
      name: input.name,
      description: input.description ?? '',
      steps: input.steps,
      createdAt: now,
      updatedAt: now,
    });
    return flowView(saved);
  },
});
