import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { AppError } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { verifyTraceLink } from '../../runs/trace-links';

/** GET /api/runs/{runId}/trace/signed?exp&sig: the trace zip the viewer loads, by the link of runs.traceViewer. */
export default defineEndpoint({
  name: 'runs.traceSigned',
  bindings: {
    rest: {
      method: 'GET',
      path: '/api/runs/:runId/trace/signed',
      responses: {
        200: 'The trace zip (application/zip)',
        403: 'Invalid or expired signature',
        404: 'No trace kept',
      },
    },
  },
  summary: "The Run's trace zip for the trace viewer, by a link runs.traceViewer signed (no bearer).",
  description:
    "The signature (HMAC over the Run's organization, the Run and exp) authorizes for five minutes; an " +
    'evidence or report signature does not. Served from this origin, so the viewer asks no other host.',
  access: 'public',
  params: z.object({ runId: z.string().max(100) }),
  query: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
  output: z.null(),
  async handler(input, { deps, koa }) {
    const denied = () =>
      new AppError('PERMISSION_DENIED', 'the trace link is invalid or expired; open the trace from the Run again');
    if (!input.exp || !input.sig) throw denied();
    const run = await runRepository.byId(deps.db.manager, input.runId);
    const now = (deps.clock ?? Date.now)();
    // The same answer whether the Run exists or not: the link, not the Run's existence, is checked.
    if (!run || !verifyTraceLink(deps.config.SIGNING_KEY, run.orgId, run.id, input.exp, input.sig, now)) throw denied();
    const trace = run.mediaExpiredAt === null ? await runRepository.trace(deps.db.manager, run.id) : null;
    if (!trace || !(await deps.storage.exists(trace.storageKey)))
      throw new AppError('NOT_FOUND', `Run ${run.id} kept no trace`);
    koa.type = 'application/zip';
    koa.set('Cache-Control', 'private, no-store');
    koa.body = await deps.storage.read(trace.storageKey);
    return undefined;
  },
});
