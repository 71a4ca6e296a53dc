import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { idOf as id } from '../../../core/ids';
import { AppError, notFound } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { signedVideoPath } from '../../runs/video-links';

/**
 * GET /api/runs/{runId}/video: a short-lived link to the Run's video for the organization's member
 * (the console plays it beside the steps). Like the trace, not External Evidence.
 */
export default defineEndpoint({
  name: 'runs.video',
  bindings: {
    rest: {
      method: 'GET',
      path: '/api/runs/:runId/video',
      responses: { 404: 'No such Run, or no video kept' },
    },
  },
  summary: "A link to the Run's video (WebM), for organization API keys only.",
  description:
    'A web Run records a video when its trigger, Test Case (settings.video) or plan (config.video) asks for one. ' +
    'The video stops for good before the Run types its first secret, so no frame shows one; later steps have ' +
    'their screenshots only. Answers a path on this origin signed for your organization that lives five ' +
    'minutes. 404 when the Run kept no video or retention removed it (videos expire with the trace).',
  access: 'api_key_only',
  params: z.object({ runId: id('run') }),
  output: z.object({
    runId: z.string(),
    url: z.string().describe('The video (video/webm), a path on this origin; play it in a browser.'),
    expiresAt: z.number().int().describe('When the link stops working (ms since the epoch).'),
    byteSize: z.number().int().describe("The video's size in bytes."),
  }),
  async handler(input, { principal, deps }) {
    const run = await runRepository.get(deps.db.manager, principal.orgId, input.runId);
    if (!run) throw notFound(`Run ${input.runId}`);
    const video = run.mediaExpiredAt === null ? await runRepository.video(deps.db.manager, run.id) : null;
    if (!video || !(await deps.storage.exists(video.storageKey)))
      throw new AppError('NOT_FOUND', `Run ${run.id} kept no video`);
    const link = signedVideoPath(deps.config.SIGNING_KEY, run.orgId, run.id, (deps.clock ?? Date.now)());
    return { runId: run.id, url: link.path, expiresAt: link.expiresAt, byteSize: video.byteSize };
  },
});
