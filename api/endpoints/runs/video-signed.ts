import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { AppError } from '../../../core/errors';
import { defineEndpoint } from '../../pipeline/model';
import { verifyVideoLink } from '../../runs/video-links';
import { byteRange } from '../../runs/byte-range';

/** GET /api/runs/{runId}/video/signed?exp&sig: the Run's video, by the link runs.video signed. */
export default defineEndpoint({
  name: 'runs.videoSigned',
  bindings: {
    rest: {
      method: 'GET',
      path: '/api/runs/:runId/video/signed',
      responses: {
        200: 'The video (video/webm)',
        206: 'The byte range asked for (Range: bytes=…), as a player seeking asks',
        403: 'Invalid or expired signature',
        404: 'No video kept',
      },
    },
  },
  summary: "The Run's video (WebM), by a link runs.video signed (no bearer).",
  description:
    "The signature (HMAC over the Run's organization, the Run and exp) authorizes for five minutes; a trace, " +
    'evidence or report signature does not. Served from this origin, so the player asks no other host.',
  access: 'public',
  params: z.object({ runId: z.string().max(100) }),
  query: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
  output: z.null(),
  async handler(input, { deps, koa }) {
    const denied = () => new AppError('PERMISSION_DENIED', 'the video link is invalid or expired; open the Run again');
    if (!input.exp || !input.sig) throw denied();
    const run = await runRepository.byId(deps.db.manager, input.runId);
    const now = (deps.clock ?? Date.now)();
    // The same answer whether the Run exists or not: the link, not the Run's existence, is checked.
    if (!run || !verifyVideoLink(deps.config.SIGNING_KEY, run.orgId, run.id, input.exp, input.sig, now)) throw denied();
    const video = run.mediaExpiredAt === null ? await runRepository.video(deps.db.manager, run.id) : null;
    if (!video || !(await deps.storage.exists(video.storageKey)))
      throw new AppError('NOT_FOUND', `Run ${run.id} kept no video`);
    // A Run's video is bounded (ten minutes at most, a few MB): read whole, served in ranges.
    const bytes = await buffer(await deps.storage.read(video.storageKey));
    koa.type = 'video/webm';
    koa.set('Cache-Control', 'private, no-store');
    koa.set('Accept-Ranges', 'bytes');
    const range = byteRange(koa.get('Range') || undefined, bytes.length);
    if (range === 'unsatisfiable') {
      koa.status = 416;
      koa.set('Content-Range', `bytes */${bytes.length}`);
      return undefined;
    }
    // A player seeks by asking for the bytes it needs.
    if (range) {
      koa.status = 206;
      koa.set('Content-Range', `bytes ${range.start}-${range.end}/${bytes.length}`);
      koa.body = bytes.subarray(range.start, range.end + 1);
      return undefined;
    }
    koa.body = bytes;
    return undefined;
  },
});
