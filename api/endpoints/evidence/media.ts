import { z } from 'zod';
import { runRepository } from '../../../db/repositories/runs';
import { AppError } from '../../../core/errors';
import { isLinkedMedia } from '../../../core/runs';
import { verifyMediaLink } from '../../runs/media-links';
import { defineEndpoint } from '../../pipeline/model';
import { STORAGE_URL_TTL_S } from '../../runs/evidence-sources';

export default defineEndpoint({
  name: 'evidence.media',
  bindings: {
    rest: {
      method: 'GET',
      path: '/api/v1/evidence/:mediaId',
      status: 302,
      responses: { 302: 'Redirect to the media', 403: 'Invalid or expired signature', 404: 'Media missing' },
    },
  },
  summary: 'Signed evidence media: redirects to a short-lived storage URL.',
  description:
    'No bearer credential: the signature (HMAC over id, kind and exp) authorizes. Links from run.evidence ' +
    'are valid 15 minutes; do not edit their query parameters. 403 when the signature is wrong or expired, 404 when the media is missing.',
  access: 'public',
  params: z.object({ mediaId: z.string().max(100) }),
  query: z.object({
    kind: z.string().max(20).optional(),
    exp: z.string().max(20).optional(),
    sig: z.string().max(100).optional(),
  }),
  output: z.null(),
  async handler(input, { deps, koa }) {
    if (
      !input.kind ||
      !input.exp ||
      !input.sig ||
      !verifyMediaLink(
        deps.config.SIGNING_KEY,
        input.mediaId,
        input.kind,
        input.exp,
        input.sig,
        (deps.clock ?? Date.now)(),
      )
    ) {
      throw new AppError(
        'PERMISSION_DENIED',
        'the link signature is invalid or expired; call run.evidence for a fresh link',
      );
    }
    const media = await runRepository.mediaById(deps.db.manager, input.mediaId);
    const storage = deps.storage;
    // A trace is never evidence: it has its own route, for the organization's API key (runs.ts).
    if (!media || media.kind !== input.kind || !isLinkedMedia(media.kind) || !(await storage.exists(media.storageKey)))
      throw new AppError('NOT_FOUND', 'media not found');
    koa.redirect(await storage.readUrl(media.storageKey, STORAGE_URL_TTL_S));
    return undefined;
  },
});
