import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { idOf as id } from '../../../core/ids';
import { AppError, notFound } from '../../../core/errors';
import { harFromTrace } from '../../../domain/runs/har';
import { defineEndpoint } from '../../pipeline/model';

/**
 * GET /api/runs/{runId}/har: the Run's network log as HAR 1.2, built from its masked trace at each
 * download (nothing more is stored). Same access as the trace: organization API keys only, never
 * External Evidence.
 */
export default defineEndpoint({
  name: 'runs.har',
  bindings: {
    rest: {
      method: 'GET',
      path: '/api/runs/:runId/har',
      responses: { 200: 'The network log (HAR 1.2, application/json)', 404: 'No such Run, or no trace kept' },
    },
  },
  summary: "The Run's network log as a HAR file (organization API keys only), masked as its trace is.",
  description:
    "Built from the Run's Playwright trace: the requests it recorded with headers and bodies, secrets masked. " +
    'A trace records nothing from the moment a Run types a secret, and neither does its HAR. Outside External ' +
    'Evidence, like the trace. 404 when the Run kept no trace or retention removed it.',
  access: 'api_key_only',
  params: z.object({ runId: id('run') }),
  output: z.null(),
  async handler(input, { principal, deps, koa }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    const trace = run.mediaExpiredAt === null ? await runRepository.trace(deps.db.manager, run.id) : null;
    if (!trace || !(await deps.storage.exists(trace.storageKey)))
      throw new AppError('NOT_FOUND', `Run ${run.id} kept no trace`);
    const zip = await buffer(await deps.storage.read(trace.storageKey));
    koa.type = 'application/json';
    koa.set('Cache-Control', 'private, no-store');
    koa.set('Content-Disposition', `attachment; filename="${run.id}.har"`);
    koa.body = await harFromTrace(zip, { name: 'qa', version: '1' });
    return undefined;
  },
});
