import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { idOf as id } from '../../../core/ids';
import { AppError, notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { STORAGE_URL_TTL_S } from '../../runs/evidence-sources';

/**
 * GET /api/runs/{runId}/trace: the Run's redacted Playwright trace, for the organization's engineers.
 * Not External Evidence (it holds DOM snapshots, the call log, network entries), so neither OAuth
 * clients nor MCP reach it, and run.evidence never links it.
 */
export default defineEndpoint({
  name: 'runs.trace',
  bindings: {
    rest: {
      method: 'GET',
      path: '/api/runs/:runId/trace',
      status: 302,
      responses: { 302: 'Redirect to the trace zip (application/zip)', 404: 'No such Run, or no trace kept' },
    },
  },
  summary: "The Run's Playwright trace (organization API keys only): redirects to a short-lived download link.",
  description:
    'Outside External Evidence: a debugging artifact for your engineers, kept for a Run that did not pass ' +
    '(RUNNER_TRACE=on-failure, the default) or every Run (always). Secrets are masked, and a trace records ' +
    'nothing from the moment a Run types a secret: later steps are listed with their screenshots only. ' +
    'The link lives one minute; open the zip with `npx playwright-core show-trace trace.zip`. 404 when the Run ' +
    'kept no trace or retention removed it.',
  access: 'api_key_only',
  params: z.object({ runId: id('run') }),
  output: z.null(),
  async handler(input, { principal, deps, koa }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    const trace = run.mediaExpiredAt === null ? await runRepository.trace(deps.db.manager, run.id) : null;
    if (!trace || !(await deps.storage.exists(trace.storageKey)))
      throw new AppError('NOT_FOUND', `Run ${run.id} kept no trace`);
    koa.redirect(await deps.storage.readUrl(trace.storageKey, STORAGE_URL_TTL_S));
    return undefined;
  },
});
