import { z } from 'zod';
import { runRepository } from '../../db/repositories/runs';
import { LocalMediaStorage } from '../../core/storage/local';
import type { MediaStorage } from '../../core/storage';
import { AppError } from '../../core/errors';
import { isEvidenceMedia } from '../../core/runs';
import { verifyMediaLink } from '../runs/media-links';
import { defineEndpoint } from './define';

/** Storage URLs handed out by the redirect live one minute: long enough to follow, short enough to not matter. */
export const STORAGE_URL_TTL_S = 60;

export const evidenceMediaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/evidence/:mediaId',
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
  response: z.null(),
  status: 302,
  responses: { 302: 'Redirect to the media', 403: 'Invalid or expired signature', 404: 'Media missing' },
  async handler({ params, query, deps, koa }) {
    if (
      !query.kind ||
      !query.exp ||
      !query.sig ||
      !verifyMediaLink(
        deps.config.SIGNING_KEY,
        params.mediaId,
        query.kind,
        query.exp,
        query.sig,
        (deps.clock ?? Date.now)(),
      )
    ) {
      throw new AppError(
        'PERMISSION_DENIED',
        'the link signature is invalid or expired; call run.evidence for a fresh link',
      );
    }
    const media = await runRepository.mediaById(deps.db.manager, params.mediaId);
    const storage = deps.storage;
    // A trace is never evidence: it has its own route, for the organization's API key (runs.ts).
    if (
      !media ||
      media.kind !== query.kind ||
      !isEvidenceMedia(media.kind) ||
      !(await storage.exists(media.storageKey))
    )
      throw new AppError('NOT_FOUND', 'media not found');
    koa.redirect(await storage.readUrl(media.storageKey, STORAGE_URL_TTL_S));
    return undefined;
  },
});

/** Serves LocalMediaStorage objects behind their own short-lived signature. */
export const localMediaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/media',
  summary: 'Local media storage (the default when no S3 bucket is configured).',
  access: 'public',
  internal: true,
  query: z.object({
    key: z.string().max(500),
    exp: z.string().max(20).optional(),
    sig: z.string().max(100).optional(),
  }),
  response: z.null(),
  async handler({ query, deps, koa }) {
    const storage = deps.storage;
    if (!(storage instanceof LocalMediaStorage)) throw new AppError('NOT_FOUND', 'not found');
    const body = await storage.readSigned(query.key, Number(query.exp), query.sig ?? '');
    if (!body) throw new AppError('PERMISSION_DENIED', 'invalid or expired storage link');
    koa.type = query.key.endsWith('.png')
      ? 'image/png'
      : query.key.endsWith('.zip')
        ? 'application/zip'
        : 'application/octet-stream';
    koa.set('Cache-Control', 'private, max-age=60');
    koa.body = body;
    return undefined;
  },
});
