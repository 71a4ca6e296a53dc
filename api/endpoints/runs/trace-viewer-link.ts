import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { idOf as id } from '../../../core/ids';
import { AppError, notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { signedTracePath } from '../../runs/trace-links';
import { traceRecordedWith } from '../../runs/trace-version';
import { TRACE_VIEWER_PATH, viewerVersion } from '../../console/trace-viewer';

/**
 * GET /api/runs/{runId}/trace/viewer: where the organization's member opens the Run's trace in the
 * trace viewer this API serves. Like the trace download, not External Evidence.
 */
export default defineEndpoint({
  name: 'runs.traceViewer',
  bindings: {
    rest: {
      method: 'GET',
      path: '/api/runs/:runId/trace/viewer',
      responses: { 404: 'No such Run, or no trace kept' },
    },
  },
  summary: "Opens the Run's Playwright trace in the trace viewer served by this API (organization API keys only).",
  description:
    'Answers the viewer address (this origin), with the trace loaded through a link signed for your organization ' +
    'that lives five minutes. The viewer selects the action that failed, or the given step. recordedWith names the playwright-core ' +
    'version that recorded the trace; when it differs from viewerVersion the viewer may not show all of it. ' +
    '404 when the Run kept no trace or retention removed it.',
  access: 'api_key_only',
  params: z.object({ runId: id('run') }),
  query: z.object({
    step: z
      .string()
      .regex(/^\d{1,4}$/, 'must be a step number, 1 for the first')
      .transform(Number)
      .pipe(z.number().int().min(1))
      .meta({ type: 'integer', minimum: 1, maximum: 9999 })
      .optional()
      .describe('Open the viewer at this step (1 is the first) instead of the failing action.'),
  }),
  output: z.object({
    runId: z.string(),
    url: z.string().describe('The viewer with the trace, a path on this origin; open it in a browser.'),
    expiresAt: z.number().int().describe('When the trace link stops working (ms since the epoch).'),
    viewerVersion: z.string().describe('The playwright-core version of the viewer served here.'),
    recordedWith: z.string().optional().describe('The playwright-core version that recorded the trace.'),
  }),
  async handler(input, { principal, deps }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    const trace = run.mediaExpiredAt === null ? await runRepository.trace(deps.db.manager, run.id) : null;
    if (!trace || !(await deps.storage.exists(trace.storageKey)))
      throw new AppError('NOT_FOUND', `Run ${run.id} kept no trace`);
    const recordedWith = await traceRecordedWith(await deps.storage.read(trace.storageKey)).catch(() => undefined);
    const link = signedTracePath(deps.config.SIGNING_KEY, run.orgId, run.id, (deps.clock ?? Date.now)());
    return {
      runId: run.id,
      url: `${TRACE_VIEWER_PATH}/index.html?trace=${encodeURIComponent(link.path)}${input.step ? `&step=${input.step}` : ''}`,
      expiresAt: link.expiresAt,
      viewerVersion,
      ...(recordedWith && { recordedWith }),
    };
  },
});
