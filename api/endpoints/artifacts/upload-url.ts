import { z } from 'zod';
import { artifactRepository } from '../../../db/repositories/artifacts';
import { invalid } from '../../../core/errors';
import { newId } from '../../../core/ids';
import { defineEndpoint } from '../../pipeline/model';
import { UPLOAD_INTENT_TTL_MS, contentTypes, extension, declaredBytes } from './shared';

export default defineEndpoint({
  name: 'artifacts.upload_url',
  bindings: { rest: { method: 'POST', path: '/api/artifacts/upload-url' } },
  idempotency: 'optional',
  summary: 'Create a mobile artifact upload intent and its PUT URL (15 minutes).',
  description:
    'The URL accepts one PUT of exactly declaredBytes bytes with exactly this Content-Type header before ' +
    'expiresAt. An APK is application/vnd.android.package-archive or application/octet-stream; an IPA is application/zip ' +
    'or application/octet-stream. Then call POST /api/artifacts/scan; a Run may use the storageId once the scan is clean.',
  access: { scope: 'svc:runs:write' },
  // One shape per platform, so the document states which content types each accepts.
  body: z.discriminatedUnion('platform', [
    z.strictObject({ platform: z.literal('android'), declaredBytes, contentType: z.enum(contentTypes.android) }),
    z.strictObject({ platform: z.literal('ios'), declaredBytes, contentType: z.enum(contentTypes.ios) }),
  ]),
  output: z.object({
    uploadUrl: z.string().describe('PUT the file here, with Content-Type and Content-Length exactly as declared.'),
    storageId: z.string().describe('Names the artifact in targets.android.storageId / targets.ios.storageId.'),
    method: z.literal('PUT'),
    intentId: z.string(),
    expiresAt: z.number().int().describe('Epoch milliseconds.'),
  }),
  async handler(input, { principal, deps }) {
    if (input.declaredBytes > deps.config.ARTIFACT_MAX_BYTES) {
      throw invalid(`declaredBytes: at most ${deps.config.ARTIFACT_MAX_BYTES} bytes are accepted`);
    }
    if (!(contentTypes[input.platform] as readonly string[]).includes(input.contentType)) {
      throw invalid(`contentType: an ${input.platform} artifact is one of ${contentTypes[input.platform].join(', ')}`);
    }
    const storage = deps.storage;
    const now = Date.now();
    const intentId = newId('art');
    const storageId = newId('sto');
    const storageKey = `artifacts/${principal.orgId}/${storageId}.${extension[input.platform]}`;
    const uploadUrl = await storage.presignPut(
      storageKey,
      input.contentType,
      input.declaredBytes,
      UPLOAD_INTENT_TTL_MS / 1000,
    );
    const expiresAt = now + UPLOAD_INTENT_TTL_MS;
    await artifactRepository.insertIntent(deps.db.manager, {
      id: intentId,
      orgId: principal.orgId,
      platform: input.platform,
      declaredBytes: input.declaredBytes,
      contentType: input.contentType,
      storageKey,
      storageId,
      expiresAt,
      uploadedAt: null,
      createdAt: now,
    });
    return { uploadUrl, storageId, method: 'PUT' as const, intentId, expiresAt };
  },
});
